"""Move + undo does not refill the clock, seen through Discord (issue 21, item 3).

Repro: a daily clock with 11 h left, the player makes a quiet move and ``/game undo``; ``/game status`` then
showed "1 day left". The undo now puts the clock back as it was before the move: 11 hours left.
"""
from __future__ import annotations

from pathlib import Path

from engines import get_game
from tests.discord_double.env import DiscordEnv

HOUR = 3600.0


async def test_status_after_move_and_undo_shows_the_time_that_was_left(tmp_path: Path) -> None:
    async with DiscordEnv(tmp_path / "referee.sqlite3") as env:
        d = env.double
        users = [d.user("Ann"), d.user("Ben"), d.user("Cy")]
        new = await d.slash(users[0], "game", "new", game="egizia", clock="daily")
        assert not new.errors, new.errors
        for u in users[1:]:
            await d.slash(u, "game", "join")
        await d.slash(users[0], "game", "start")
        await env.posted()
        channel = str(d.channel_id)
        snap = await env.service.current(channel)
        seat = snap.waiting_for[0]
        player = next(u for u in users if str(u.id) == snap.row.seats[seat].user_id)
        game = get_game("egizia")
        action = next(o.action for p in snap.prompts if p.seat == seat for o in p.options
                      if not game.apply(snap.state, seat, o.action).reveals)

        env.clock.now += 13 * HOUR  # 11 h left
        assert env.bot is not None and env.bot.scheduler is not None
        await env.bot.scheduler.run_due()
        await env.posted()
        moved = await d.slash(player, "game", "move", action=action)
        assert not moved.errors, moved.errors
        undone = await d.slash(player, "game", "undo")
        assert not undone.errors, undone.errors
        await env.posted()

        w = next(w for w in await env.service.waiting(channel) if w.seat == seat)
        assert w.left == 11 * HOUR
        status = await d.slash(player, "game", "status")
        assert "11 hr left" in status.private_text and "1 day left" not in status.private_text, status.private_text
        assert d.violations == [], d.report()
