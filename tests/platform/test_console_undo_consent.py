"""The console's ``undo`` at a table with a bot and a second person (issue 21, item 8).

The last person's move is followed by the bot's: taking both back needs the other person's consent. At a
hot seat that person is at the keyboard: the console asks them and carries the answer out. Before, it opened
a request nobody could answer and printed "already waiting".
"""
from __future__ import annotations

import io
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bot.console import play
from render.i18n import t

TITLE = "egizia"


def _moves(db: Path) -> list[tuple[int, str, int | None]]:
    con = sqlite3.connect(db)
    try:
        return [(r[0], r[1], r[2]) for r in con.execute("SELECT seq, action, undone_by FROM moves ORDER BY seq")]
    finally:
        con.close()


async def _session(tmp_path: Path, answer: str) -> tuple[str, list[tuple[int, str, int | None]]]:
    """Ann, a bot and Ben at Egizia (seed 5): whoever is asked makes their first move, then ``undo`` once
    the bot has moved after a person; the other person answers ``answer``."""
    db = tmp_path / "referee-play.sqlite3"
    state = {"undone": False, "asked": 0}
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if prompt != "> ":  # the console asks a person for their consent
            state["asked"] += 1
            return answer
        moves = _moves(db)
        if state["undone"]:
            return "quit"
        people = [m for m in moves if m[0] > 0 and not m[1].startswith("undo")]
        if len(people) >= 2 and len(moves) >= 3:
            state["undone"] = True
            return "undo"
        return "1"

    out = io.StringIO()
    with ThreadPoolExecutor(1) as pool:
        await play(TITLE, ["ann", "bot:random", "ben"], tmp_path, read=read, write=out, seed=5, executor=pool)
    return out.getvalue() + f"\n[asked {state['asked']}]", _moves(db)


async def test_the_other_person_consents_at_the_keyboard_and_the_undo_is_done(tmp_path):
    text, moves = await _session(tmp_path, t("undo.accept_button", "en"))
    assert t("undo.err.pending", "en") not in text
    assert "[asked 1]" in text
    undo = [m for m in moves if m[1].startswith("undo ")]
    assert len(undo) == 1, (moves, text)
    first, last = map(int, undo[0][1].split(" ")[1].split("-"))
    assert last > first  # the person's move and the bot's after it
    assert all(m[2] == undo[0][0] for m in moves if first <= m[0] <= last)


async def test_a_refusal_at_the_keyboard_changes_nothing(tmp_path):
    text, moves = await _session(tmp_path, "n")
    assert t("undo.err.pending", "en") not in text
    assert "declined" in text
    assert not [m for m in moves if m[1].startswith("undo ")]
