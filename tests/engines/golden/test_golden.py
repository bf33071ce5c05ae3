"""Recorded games replay to identical states, results and views (issue #9: behaviour stays as it is)."""
from __future__ import annotations

import json

import pytest

from engines import get_game

from .record import CASES, HERE, digest, result_json, views_digest


def _records() -> list[tuple[str, int, dict]]:
    out = []
    for title in CASES:
        data = json.loads((HERE / f"{title}.json").read_text())
        out += [(title, i, rec) for i, rec in enumerate(data["records"])]
    return out


@pytest.mark.parametrize("title,index,rec", _records(), ids=lambda v: str(v) if not isinstance(v, dict) else "")
def test_recorded_game_replays_identically(title: str, index: int, rec: dict) -> None:
    game = get_game(title)
    n = rec["players"]
    state = game.new_game(n, rec["options"], rec["seed"]).state
    assert views_digest(game, state, n) == rec["views"][0], "setup views differ"
    for i, (seat, action) in enumerate(rec["moves"], start=1):
        state = game.apply(state, seat, action).state
        assert views_digest(game, state, n) == rec["views"][i], f"views differ after move {i} ({seat}: {action})"
    assert digest(state) == rec["final_state"]
    assert result_json(game, state) == rec["result"]


def test_every_game_has_a_finished_recording() -> None:
    for title in CASES:
        data = json.loads((HERE / f"{title}.json").read_text())
        assert len(data["records"]) == len(CASES[title])
        assert all(r["result"] is not None for r in data["records"]), title
