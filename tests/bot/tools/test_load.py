"""``referee bench --load N``: what it prints is measured, not assumed (no timing is asserted, only that the numbers
exist and agree with what was played)."""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys

from bot.cli import main
from bot.store import open_store
from bot.tools import load


def test_a_short_load_run_plays_moves_through_the_bot_and_ends_with_one_json_line(capsys):
    out = load.run(4, seconds=1.0, warmup=0.2, burst=3, render_processes=0)
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert json.loads(last) == out
    assert out["moves"] > 0 and out["errors"] == 0
    assert out["move_ms_p99"] >= out["move_ms_p50"] > 0 and out["act_ms_p50"] > 0
    assert out["cpu_ms_per_move"] > 0 and out["loop_lag_ms_max"] >= out["loop_lag_ms_p99"] >= 0
    assert set(out["cpu_ms_per_move_by_part"]) >= {"loop", "database", "engine", "render"}
    assert out["burst_moves"] == out["burst_done"] == 3 and isinstance(out["burst_pass"], bool)


def test_cpu_of_a_child_process_is_counted():
    start = load.CpuMark.now()
    code = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"
    subprocess.run([sys.executable, "-c", code], check=True)
    assert load.CpuMark.now().since(start) >= 0.25  # the child's 0.3 s of CPU, ended and waited for


def test_two_bot_processes_share_a_postgresql_database_and_their_figures_are_merged(pg_url, capfd):
    """``--db URL --processes 2``: two spawned bot processes, each its own service, poster and scheduler on one
    PostgreSQL database, each driving half the channels; the figures are over both (issue 19)."""
    out = load.run(4, seconds=1.0, warmup=0.3, render_processes=0, db=pg_url, processes=2)
    printed = capfd.readouterr().out  # (the processes' own lines too)
    assert json.loads(printed.strip().splitlines()[-1]) == out
    assert "process 1 of 2: 2 channels" in printed and "process 2 of 2: 2 channels" in printed
    assert out["processes"] == 2 and out["db"] == "postgresql" and out["errors"] == 0
    by_process = out["moves_per_s_by_process"]
    assert len(by_process) == 2 and all(x > 0 for x in by_process)
    assert abs(sum(by_process) - out["moves_per_s"]) < 0.2
    assert out["move_ms_p99"] >= out["move_ms_p50"] > 0 and out["cpu_ms_per_move"] > 0
    assert out["db_server_cpu_ms_per_move"] > 0, "the PostgreSQL server's CPU is counted (a local server)"
    stored = asyncio.run(_stored_moves(pg_url, 4))
    assert len(stored) == 4 and sum(stored) >= out["moves"], "every channel's game is in the one database"


async def _stored_moves(db: str, channels: int) -> list[int]:
    store = await open_store(db)
    try:
        rows = [await store.latest_game(str(900_000_000_000_000_000 + c)) for c in range(channels)]
        return [r.version for r in rows if r is not None]
    finally:
        await store.close()


def test_a_load_run_on_a_given_sqlite_file_leaves_its_games_there(tmp_path, capsys):
    db = tmp_path / "load.sqlite3"
    out = load.run(3, seconds=0.5, warmup=0.1, render_processes=0, db=str(db))
    assert out["db"] == "sqlite" and out["processes"] == 1 and out["moves"] > 0
    assert len(asyncio.run(_stored_moves(str(db), 3))) == 3


def test_processes_and_burst_are_checked_before_anything_runs(capsys):
    assert main(["bench", "--load", "2", "--processes", "3"]) == 2
    assert main(["bench", "--load", "4", "--processes", "2", "--burst", "5"]) == 2
    err = capsys.readouterr().err
    assert "--processes must be between 1 and the number of channels" in err and "--burst runs in one process" in err
