"""A game with a clock, started in a channel, survives a player going silent under each timeout policy:
end to end through the Discord double (the real client over loopback) and the service (issue #10).

Time is the bot's injected fake clock: days pass when the test moves it, then the scheduler fires what
fell due. Every request the bot sends on the way is checked against Discord's API description.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.discord.double.env import DiscordEnv

HOUR = 3600.0
DAY = 24 * HOUR


async def _silent_for(env: DiscordEnv, seconds: float, steps: int = 6) -> None:
    """Nobody moves for ``seconds``: time passes in steps and the scheduler fires whatever falls due."""
    assert env.bot is not None and env.bot.scheduler is not None
    for _ in range(steps):
        env.clock.now += seconds / steps
        await env.bot.scheduler.run_due()
        await env.posted()


@pytest.mark.parametrize("policy", ["wait", "skip", "bot"])
async def test_a_silent_player_under_each_policy(tmp_path: Path, policy: str) -> None:
    async with DiscordEnv(tmp_path / "referee.sqlite3") as env:
        d = env.double
        ann, ben = d.user("Ann"), d.user("Ben", locale="cs")
        new = await d.slash(ann, "game", "new", game="luxor", clock="1d", timeout=policy)
        assert not new.errors, new.errors
        await d.slash(ben, "game", "join")
        await d.slash(ann, "game", "start")
        await env.posted()
        channel = str(d.channel_id)
        start = await env.service.current(channel)
        assert start.row.status == "active"
        boards_before = len(d.boards())

        await _silent_for(env, 3 * DAY)

        after = await env.service.current(channel)
        waiting = await env.service.timekeeper.waiting(after.row)
        if policy == "wait":
            assert after.row.version == start.row.version, "wait: nothing is played for the silent player"
            assert any(w.overdue for w in waiting), "wait: the silent player is marked overdue"
            assert len(d.messages()) > boards_before, "the channel is told"
        else:
            assert after.row.version > start.row.version, f"{policy}: the clock played for the silent player"
            assert len(d.boards()) > boards_before, "each clock move posts its board"
            history = await env.service.history(channel, 50)
            kinds = {m.kind for m in history[1]}
            assert ("timeout" if policy == "skip" else "bot") in kinds, kinds

        # the game goes on: a restart in the middle of the clock, and the table is still alive
        await env.restart()
        again = await env.service.current(channel)
        assert again.row.status in ("active", "over") and again.row.version >= after.row.version
        assert d.violations == [], d.report()
