"""``referee arena``: seeded bot games with win rates and Wilson intervals."""
from __future__ import annotations

import json

import pytest

from bot.arena import run, wilson
from bot.cli import main


def test_wilson_interval() -> None:
    lo, hi = wilson(90, 100)
    assert lo == pytest.approx(0.8256, abs=1e-3) and hi == pytest.approx(0.9448, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_arena_plays_seeded_games_and_is_reproducible_with_an_iteration_budget() -> None:
    one = run("luxor", "easy", "random", games=2, players=2, iters=5, workers=1)
    two = run("luxor", "easy", "random", games=2, players=2, iters=5, workers=1)
    assert one["games"] == 2 and 0 <= one["a_win_rate"] <= 1
    assert {k: v for k, v in one.items() if "ms" not in k and k != "seconds"} == \
        {k: v for k, v in two.items() if "ms" not in k and k != "seconds"}


def test_arena_command_prints_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "alhambra", "--a", "random", "--b", "random", "--games", "2", "--iterations", "3"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert json.loads(last)["games"] == 2
    assert main(["arena", "alhambra", "--a", "godlike"]) == 2
