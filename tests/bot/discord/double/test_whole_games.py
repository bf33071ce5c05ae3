"""A whole game of each title through the real bot client and a strict Discord double.

Everything goes the way it goes in a server: ``/game new`` (with its options autocomplete),
joining by command and by the lobby button, starting by button, then moves by ``/game move``
with autocomplete, by each game's own subcommands, by board buttons and their selects, by the
🔒 private-choice menu and by ``/game hand``'s menu; ``/game status``, ``board``, ``history``,
``rules`` and presses by players who are not to act along the way; and a restart of the bot
process mid-game, after which the board posted before the restart keeps working, and the new
process takes its buttons off once it is outdated.

Every request the bot sends is checked against Discord's OpenAPI description and documented
limits; each game must end with no violation and every interaction answered.
"""
from __future__ import annotations

import io
import itertools
import random

import pytest
from PIL import Image

from render.i18n import t
from tests.bot.discord.double.conftest import CONTRACT_RUNS
from tests.bot.discord.double.driver import GameDriver
from tests.bot.discord.double.env import DiscordEnv


def phone_width(png: bytes) -> int:
    with Image.open(io.BytesIO(png)) as img:
        return img.width


GAMES = {
    # title: (seed, players, channel language, restart after this many moves, most moves allowed,
    #         weights of kinds of move)
    "alhambra": (5, 3, "cs", 60, 700, {"buy": 4.0, "place": 3.0, "take": 1.5}),
    "egizia": (7, 3, "pl", 25, 400, {"place": 3.0}),
    "luxor": (3, 3, None, 40, 600, {}),
}


#: every title with its channel in its own language above, and in Czech and in Polish (issue 22: a whole game of each
#: title reads without a catalogue slip in both)
RUNS = [(title, GAMES[title][2]) for title in sorted(GAMES)] + [
    ("alhambra", "pl"), ("egizia", "cs"), ("luxor", "cs"), ("luxor", "pl")]


#: every title once more on PostgreSQL (issue 19: ``REFEREE_DB=postgresql://…``), restart included
PG_RUNS = [(title, GAMES[title][2]) for title in sorted(GAMES)]


@pytest.mark.parametrize(("title", "language", "db"), [(*run, "sqlite") for run in RUNS]
                         + [(*run, "postgres") for run in PG_RUNS])
async def test_a_whole_game_through_discord(tmp_path, title, language, db, caplog, request):
    caplog.set_level("WARNING", logger="render.i18n")
    seed, n, _, restart_at, max_moves, weights = GAMES[title]
    target = request.getfixturevalue("pg_url") if db == "postgres" else tmp_path / "referee.sqlite3"
    # Alhambra and Luxor sync the commands to a dev guild, Egizia globally: both routes are checked
    async with DiscordEnv(target, dev_guild=title != "egizia",
                          seeds=itertools.count(seed)) as env:
        d = env.double
        players = [d.user("Ann", "en-US"), d.user("Běla", "cs"), d.user("Czesław", "pl")][:n]
        host = players[0]
        g = GameDriver(d, title, players, random.Random(seed), group_weights=weights)

        options = await d.autocomplete(host, "game", "new", focused="options", value="", game=title)
        assert options, "the options autocomplete offers the game's options"
        i = await d.slash(host, "game", "new", game="luxor" if title != "luxor" else "egizia", options="nonsense")
        assert i.private and not i.posts, "a bad options string is refused privately"
        # the channel's messages and buttons in Czech, Polish, English; Egizia with the setup Sphinx choice
        # (EGZ-SETUP-8: draw two, keep one in secret), so its 🔒 menu is used from the start
        await g.open(options="setup_sphinx=draw2_keep1" if title == "egizia" else None, language=language)

        first_board = g.board()
        assert g.lobby is not None
        assert g.lobby.buttons()[0]["label"] == t("lobby.join_button", language or "en")
        hand_button = next(c for c in first_board.buttons() if c["custom_id"].startswith("rf:h:"))
        assert hand_button["label"] == t("button.hand", language or "en"), "the board speaks the channel's language"
        stranger = d.user("Dana", "pl")
        i = await d.slash(stranger, "game", "hand")
        assert i.private_text and not i.public, "a spectator's /game hand is refused privately"
        i = await d.slash(host, "game", "rules")
        assert t(f"rules.{title}", "en")[:40] in i.private_text

        restarted: dict[str, object] = {}

        async def along_the_way(g: GameDriver) -> None:
            if g.moves == restart_at:
                before = g.board()
                await env.restart()
                # the board posted before the restart is still the current one: its buttons work …
                user, _ = await g.actor()
                await g.move_by_button(user, before)
                # … and the new process takes them off once it is outdated (by id, through the channel)
                assert g.board() is not before and before.components == [], "the pre-restart board is retired"
                restarted["board"] = before
            if g.moves % 20 == 7:
                await spot_checks(g)

        async def spot_checks(g: GameDriver) -> None:
            someone = g.rng.choice(players)
            i = await d.slash(someone, "game", "status")
            assert i.private_text and not i.public
            i = await d.slash(someone, "game", "history", count=5)
            assert i.private_text and not i.public
            i = await d.slash(someone, "game", "hand")
            assert any(m.files for m in i.private) and not i.public
            # a player who is not to act presses a move button: told privately, nothing posted
            idle = [p for p in players
                    if not await d.autocomplete(p, "game", "move", focused="action", value="")]
            buttons = [c["custom_id"] for c in g.board().buttons() if c["custom_id"].startswith("rf:g:")]
            if idle and buttons:
                boards = len(d.boards())
                i = await d.press(idle[0], buttons[0], message=g.board())
                assert i.private_text and len(d.boards()) == boards
            if g.moves % 40 == 7:
                i = await d.slash(someone, "game", "board")
                assert any(m.files for m in i.public), "/game board re-posts the board publicly"
                assert phone_width(i.public[-1].files["board.png"]) <= 800, "… with the phone-first image"

        await g.play(max_moves, along_the_way)

        # the end: a result board without buttons; the status says so
        final = g.board()
        assert not final.components and final.embeds[0].get("fields")
        assert first_board.components == [], "older boards lost their buttons"
        recap = d.messages()[-1]
        assert sorted(recap.files) == ["recap-1.gif", "scores-1.png"], "the game's recap follows the result board"
        i = await d.slash(players[1], "game", "status")
        assert t("result.title", "cs") in i.private_text
        i = await d.slash(host, "game", "history", count=3)
        assert i.private_text
        assert env.starts == 2 and "board" in restarted
        # every way of moving was used
        ways = {k.split("+")[0].split()[0] for k in g.counts}
        assert {"command", "button", "hand"} <= ways and any(k.startswith(f"/{title}") for k in g.counts), g.counts
        if title != "alhambra":  # Alhambra has no secret decisions; Egizia's Sphinx and Luxor's hands do
            assert g.counts["secret+select"] + g.counts["secret"] > 0, g.counts

        # every text of the game came from the catalogue in the reader's language: no key missing (issue 22:
        # keys built at run time are declared), no English fallback
        missing = [r.getMessage() for r in caplog.records if r.name == "render.i18n"]
        assert not missing, missing[:10]
        # every board's embed shows the phone-first image; during play it lists the standings, one line a player
        standings = t("board.standings", language or "en")
        for b in d.boards():
            assert phone_width(b.files["board.png"]) <= 800
            if b is not final:
                field = next(f for f in b.embeds[0]["fields"] if f["name"] == standings)
                assert len(field["value"].splitlines()) == n

        CONTRACT_RUNS.append((f"{title}: {g.moves} moves ({dict(g.counts)})", d.checked, len(d.violations)))
        assert d.violations == [], d.report()
        print(f"{title}: {g.moves} moves, {d.checked} requests checked, 0 violations")
