"""Notifications seen through Discord (issue 23, item 8).

Repro: the "your turn" DM linked to the channel, or to the previous board, instead of the board it announces;
a ``dm``-mode player was pinged by the board as well.
"""
from __future__ import annotations

import re
from pathlib import Path

from tests.bot.discord.double.env import DiscordEnv


async def test_the_your_turn_dm_links_to_the_board_it_announces(tmp_path: Path) -> None:
    async with DiscordEnv(tmp_path / "referee.sqlite3") as env:
        d = env.double
        ann, ben = d.user("Ann"), d.user("Ben")
        assert not (await d.slash(ann, "game", "new", game="alhambra", clock="daily")).errors
        await d.slash(ben, "game", "join")
        for u in (ann, ben):
            assert not (await d.slash(u, "game", "settings", "notify", mode="dm")).errors
        await d.slash(ann, "game", "start")
        await env.posted()
        channel = str(d.channel_id)
        assert env.bot is not None and env.bot.scheduler is not None
        checked = 0
        for _ in range(4):
            snap = await env.service.current(channel)
            seat = snap.waiting_for[0]
            mover = ann if str(ann.id) == snap.row.seats[seat].user_id else ben
            other = ben if mover is ann else ann
            before = len(d.direct_messages(other))
            action = next(o.action for p in snap.prompts if p.seat == seat for o in p.options)
            assert not (await d.slash(mover, "game", "move", action=action)).errors
            await env.bot.scheduler.run_due()  # the ping may fall due before the board is out
            await env.posted()
            env.clock.now += 10
            await env.bot.scheduler.run_due()
            now = await env.service.current(channel)
            if now.waiting_for != [1 - seat]:
                continue  # the same player goes on (or the game ended): no new turn for the other
            board = d.boards()[-1]
            dms = d.direct_messages(other)[before:]
            assert len(dms) == 1, [m.content for m in dms]
            links = re.findall(r"https://discord\.com/channels/\d+/\d+/(\d+)", dms[0].content)
            assert links == [str(board.id)], (dms[0].content, board.id)
            # decided (README): with ``notify dm`` the board names them without a ping; the DM is the notice
            assert f"<@{other.id}>" in board.content and other.id not in board.pinged
            checked += 1
        assert checked >= 2
        assert d.violations == [], d.report()


async def test_overdue_run_by_a_host_lists_the_overdue_players_of_their_game(tmp_path: Path) -> None:
    """Repro: ``/game overdue`` run by a host said "Nobody is out of time" while a player in their game was."""
    async with DiscordEnv(tmp_path / "referee.sqlite3") as env:
        d = env.double
        ann, ben = d.user("Ann"), d.user("Ben")
        assert not (await d.slash(ann, "game", "new", game="alhambra", clock="daily", timeout="wait")).errors
        await d.slash(ben, "game", "join")
        await d.slash(ann, "game", "start")
        await env.posted()
        snap = await env.service.current(str(d.channel_id))
        late = snap.row.seats[snap.waiting_for[0]].name
        env.clock.now += 2 * 86400
        assert env.bot is not None and env.bot.scheduler is not None
        await env.bot.scheduler.run_due()
        await env.posted()
        i = await d.slash(ann, "game", "overdue")
        assert not i.errors, i.errors
        assert "Nobody is out of time" not in i.private_text and late in i.private_text, i.private_text
        assert d.violations == [], d.report()
