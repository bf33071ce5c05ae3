"""Undo in the channel, seen through Discord (issue 23, item 7).

Repro: the request message pinged the player who asked; a second Agree press posted again and pinged again;
after a consent undo the board said "X continues" without pinging the requester, who must act again; a request
that lapsed was never told.
"""
from __future__ import annotations

from pathlib import Path

from engines import get_game
from render.i18n import t
from tests.bot.discord.double.env import DiscordEnv


async def test_undo_requests_ping_only_those_asked_and_the_table_hears_how_they_end(tmp_path: Path) -> None:
    async with DiscordEnv(tmp_path / "referee.sqlite3") as env:
        d = env.double
        users = [d.user("Ann"), d.user("Ben"), d.user("Cy")]
        assert not (await d.slash(users[0], "game", "new", game="egizia", clock="daily")).errors
        for u in users[1:]:
            await d.slash(u, "game", "join")
        await d.slash(users[0], "game", "start")
        await env.posted()
        channel = str(d.channel_id)
        game = get_game("egizia")

        async def quiet_move() -> object:
            """Whoever is to act makes a move that reveals nothing (so it may be taken back)."""
            snap = await env.service.current(channel)
            seat = snap.waiting_for[0]
            player = next(u for u in users if str(u.id) == snap.row.seats[seat].user_id)
            action = next(o.action for p in snap.prompts if p.seat == seat for o in p.options
                          if not game.apply(snap.state, seat, o.action).reveals)
            moved = await d.slash(player, "game", "move", action=action)
            assert not moved.errors, moved.errors
            await env.posted()
            return player

        async def request() -> tuple[object, list[object]]:
            asker = await quiet_move()
            while await quiet_move() is asker:  # somebody else acts after it: consent is needed
                pass
            undo = await d.slash(asker, "game", "undo")
            assert not undo.errors, undo.errors
            return asker, [u for u in users if u is not asker]

        asker, others = await request()
        asked = d.messages()[-1]
        assert any(c.startswith("rf:ua:") for c in asked.custom_ids()), asked.content
        assert asked.pinged == {u.id for u in others}, "only those asked are pinged, never the requester"
        agree = next(c for c in asked.custom_ids() if c.endswith(":y"))

        first = await d.press(others[0], agree, asked)
        assert not first.errors, first.errors
        after_first = len(d.messages())
        assert d.messages()[-1].pinged == {others[1].id}  # "Ben agreed; still waiting for Cy": Cy only
        again = await d.press(others[0], agree, asked)
        assert not again.errors, again.errors
        assert len(d.messages()) == after_first, "a second Agree posts nothing in the channel"
        assert again.private_text == t("undo.already_agreed", "en", n=1) and "1 more player" in again.private_text, again.private_text

        done = await d.press(others[1], agree, asked)
        assert not done.errors, done.errors
        await env.posted()
        board = d.boards()[-1]
        assert asker.id in board.pinged, "the requester acts again: the board pings them"
        assert "continues" not in board.content, board.content

        # a request nobody answers lapses, and the table is told (nobody pinged)
        asker, others = await request()
        before = len(d.messages())
        env.clock.now += env.service.undo_ttl + 1
        assert env.bot is not None and env.bot.scheduler is not None
        await env.bot.scheduler.run_due()
        told = d.messages()[before:]
        assert [m.content for m in told if "lapsed" in m.content], [m.content for m in told]
        assert all(not m.pinged for m in told if "lapsed" in m.content)
        assert await env.service.undo_request(channel) is None
        assert d.violations == [], d.report()
