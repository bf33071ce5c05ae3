"""``referee arena``: seeded bot games with win rates and Wilson intervals."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.tools.arena import GameSpec, percentile, play_one, run, wilson


def test_wilson_interval() -> None:
    lo, hi = wilson(90, 100)
    assert lo == pytest.approx(0.8256, abs=1e-3) and hi == pytest.approx(0.9448, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0 and percentile(values, 95) == 95.0 and percentile(values, 5) == 5.0
    assert percentile([3.0], 95) == 3.0 and percentile([], 50) == 0.0


def test_arena_plays_seeded_games_and_is_reproducible_with_an_iteration_budget() -> None:
    one = run("luxor", "normal", "easy", games=2, players=2, iters=5, workers=1)
    two = run("luxor", "normal", "easy", games=2, players=2, iters=5, workers=1)
    assert one["games"] == 2 and 0 <= one["a_win_rate"] <= 1
    def untimed(out: dict[str, object]) -> dict[str, object]:
        return {k: v for k, v in out.items() if "ms" not in k and "cpu" not in k and k != "seconds"}

    assert untimed(one) == untimed(two)
    # every search of the iteration-budgeted bot ran exactly its budget
    assert one["a_searches"] > 0 and one["a_iterations_p5"] == one["a_iterations_p50"] == 5


def test_a_time_budget_reports_the_iterations_reached() -> None:
    out = run("egizia", "normal", "random", games=1, players=2, budget_ms=1.0, workers=1)
    assert out["iterations"] == 0 and out["budget_ms"] == 1.0
    assert out["a_searches"] > 0 and 1 <= out["a_iterations_p5"] <= out["a_iterations_p50"]
    assert out["a_search_cpu_ms_p50"] <= out["a_search_cpu_ms_p95"] and out["a_iterations_per_cpu_s_p5"] >= 0


def test_arena_command_prints_one_json_line_and_writes_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "cell.json"
    assert main(["arena", "alhambra", "--a", "random", "--b", "random", "--games", "2", "--iterations", "3",
                 "--workers", "1", "--json-out", str(target)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert json.loads(last)["games"] == 2
    assert json.loads(target.read_text()) == json.loads(last)
    assert main(["arena", "alhambra", "--a", "godlike"]) == 2
    assert "unknown bot level 'godlike'" in capsys.readouterr().err


def test_a_game_going_round_in_circles_is_stopped_and_not_won() -> None:
    out = play_one(GameSpec("egizia", 2, "random", "random", 0, 3, 0.0, 1, max_moves=5))
    assert out["unfinished"] is True and out["moves"] == 5 and out["a_share"] == 0.0
    assert play_one(GameSpec("egizia", 2, "random", "random", 0, 3, 0.0, 1))["unfinished"] is False


def test_a_bot_that_does_not_search_gets_no_search_lines(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23 item 4: ``easy`` and ``random`` never search, so no line of zero searches and zero iterations."""
    from bot.cli import main as cli

    assert cli(["arena", "luxor", "--a", "easy", "--b", "random", "--games", "1", "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()[:-1]  # the JSON line keeps every number
    assert any("easy decision time p50" in line for line in lines)
    assert not any("searches" in line or "iterations" in line or "search CPU" in line for line in lines)
