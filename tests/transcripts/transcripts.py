"""Seeded whole games in the console, in Czech and Polish, with their public log (issue 22).

``python3 -m tests.transcripts.transcripts`` writes the golden files next to this module; the test
(test_transcripts.py) plays the same games and compares. A change to any text a player reads in these
games shows in review as a change to these files, which a native speaker reads line by line.
"""
from __future__ import annotations

import asyncio
import io
import json
import random
import re
import sqlite3
import sys
from pathlib import Path
from unittest import mock

from bot import console
from bot.console import CHANNEL, play
from bot.records.record import transcript
from bot.store import Store
from bot.table.service import GameService
from engines import get_game

HERE = Path(__file__).parent
#: title -> (seed of the game, seed of the players' choices, players)
GAMES = {"alhambra": (3, 11, ["eva", "ola"]), "egizia": (4, 12, ["eva", "ola"]), "luxor": (5, 13, ["eva", "ola"])}
LOCALES = ("cs", "pl")
NOW = 1_795_000_000.0  # a fixed clock (2026-11-18)


def _chooser(db: Path, title: str, seed: int):
    """The people at the table: each time the console asks, a seeded random legal move of the seat to act
    (read from the saved game), typed as the move itself."""
    rng = random.Random(seed)
    game = get_game(title)

    def read(_prompt: str) -> str:
        con = sqlite3.connect(db)
        try:
            raw = con.execute("SELECT state FROM games WHERE status='active' ORDER BY id DESC LIMIT 1").fetchone()
        finally:
            con.close()
        if raw is None:
            return "quit"
        state = json.loads(raw[0])
        prompts = game.prompts(state)
        if not prompts:
            return "quit"
        p = prompts[0]
        return rng.choice(game.legal_actions(state, p.seat)).action

    return read


def _clean(text: str, out: Path) -> str:
    text = text.replace(str(out), "OUT")
    return re.sub(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", "YYYY-MM-DD hh:mm:ss", text)


async def play_one(title: str, locale: str, out: Path) -> tuple[str, str]:
    """(console text, public log) of the seeded game of ``title`` in ``locale``."""
    seed, choices, names = GAMES[title]
    buf = io.StringIO()
    db = out / "referee-play.sqlite3"
    fixed = mock.patch.object(console, "_service", lambda store, bots, executor: GameService(
        store, clock=lambda: NOW, bots=bots, bot_executor=executor))  # the clock lines read the same every time
    with fixed, mock.patch.object(console, "render_board", lambda snap, loc: b""):  # text under test, not images
        await play(title, names, out, locale=locale, seed=seed, read=_chooser(db, title, choices), write=buf)
    store = await Store.open(str(db))
    try:
        row = await store.open_game(CHANNEL)
        if row is None:
            row = await store.game(1)
        assert row is not None
        moves = await store.moves(row.id)
        result = get_game(title).result(row.state) if row.state is not None else None
        log = transcript(row, moves, result, locale)
    finally:
        await store.close()
    return _clean(buf.getvalue(), out), _clean(log, out)


def golden(title: str, locale: str) -> tuple[Path, Path]:
    return HERE / f"{title}-{locale}.console.txt", HERE / f"{title}-{locale}.log.txt"


def main(argv: list[str]) -> None:
    import tempfile
    titles = argv or sorted(GAMES)
    for title in titles:
        for locale in LOCALES:
            with tempfile.TemporaryDirectory() as tmp:
                text, log = asyncio.run(play_one(title, locale, Path(tmp)))
            c, lg = golden(title, locale)
            c.write_text(text, encoding="utf-8")
            lg.write_text(log, encoding="utf-8")
            print(title, locale, len(text.splitlines()), len(log.splitlines()))


if __name__ == "__main__":
    main(sys.argv[1:])
