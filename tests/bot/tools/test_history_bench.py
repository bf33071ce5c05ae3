"""``referee bench --history`` at a tiny size (issue 18): it builds its database through the service, times every
read in a fresh process and prints the table and the JSON line; ``referee db rebuild-stats`` recomputes the same
stats the copies were given, and refuses a missing file clearly."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.cli import main
from bot.tools.history import OPS, run


def ratings(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT * FROM ratings ORDER BY guild, title, user_id").fetchall()


def test_history_bench_at_a_tiny_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "h.sqlite3"
    result = run(12, 6, db, repeat=3, log=lambda _: None)
    out = capsys.readouterr().out.strip().splitlines()
    assert json.loads(out[-1]) == result
    assert out[0].startswith("12 finished, 6 active games")
    assert (result["finished"], result["active"]) == (12, 6)
    assert set(result["ops"]) == set(OPS)
    assert all(v["n"] == 3 and v["p95_ms"] >= v["p50_ms"] >= 0 for v in result["ops"].values())
    assert result["bytes_per_finished_game"] > 0 and result["rss_mb"] > 0 and result["startup_s"] > 0
    kept = ratings(db)
    assert kept and sum(int(r[12]) for r in kept) > 0  # rated players
    # the copies' stats are what a rebuild from their stored games gives
    assert main(["db", "rebuild-stats", "--db", str(db)]) == 0
    assert json.loads(capsys.readouterr().out)["ended_games"] == 12
    assert ratings(db) == kept
    # a second run reuses the database
    run(12, 6, db, repeat=1, log=print)
    assert "reusing" in capsys.readouterr().out


def test_db_commands_refuse_a_missing_file_and_bench_needs_a_size(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "rebuild-stats", "--db", str(tmp_path / "none.sqlite3")]) == 2
    assert "none.sqlite3" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite3").exists()  # nothing was created
    assert main(["bench", "--history", "0"]) == 2
    assert main(["bench"]) == 2
