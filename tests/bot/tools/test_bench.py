"""``referee bench``: what it prints is measured, not assumed (no timing is asserted, only that the numbers exist
and agree with what was played)."""
from __future__ import annotations

import gc
import json

from bot.tools import bench


def test_engine_playouts_count_whole_games_per_second_and_per_cpu_second():
    rate, cpu_rate, games, moves = bench.engine_playouts_cpu("luxor", 2, 0.0)
    assert games == 2 and moves > 2 * 50  # two whole games at least (a Luxor game is over 50 moves)
    assert rate > 0 and cpu_rate > 0
    # the same games moving with apply (the seeded choices do not depend on how the states were made)
    assert bench.engine_playouts_cpu("luxor", 2, 0.0, apply=True)[2:] == (games, moves)


def test_worker_gc_playouts_put_the_collector_back():
    before = gc.get_threshold()
    assert bench.engine_playouts_worker_gc("luxor", 2, 0.0) > 0
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_bench_ends_with_one_json_line_with_every_number(capsys):
    out = bench.run("egizia", players=2, games=1, max_moves=3, seconds=0.0)
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert json.loads(last) == out
    assert set(out) == {"game", "players", "image", "p50_ms", "p95_ms", "move_cpu_ms_p50", "move_cpu_ms_p95",
                        "render_ms", "encode_ms", "render_encode_ms_p95", "render_encode_ratio", "playouts_per_s",
                        "playouts_per_cpu_s", "playouts_per_cpu_s_worker_gc", "playouts_apply_per_cpu_s", "png_bytes",
                        "bare_encode_ms", "render_bare_ratio"}  # the figures of #24 too
    assert out["game"] == "egizia" and out["png_bytes"] > 0
