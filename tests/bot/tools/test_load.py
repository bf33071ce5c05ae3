"""``referee bench --load N``: what it prints is measured, not assumed (no timing is asserted, only that the numbers
exist and agree with what was played)."""
from __future__ import annotations

import json
import subprocess
import sys

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
