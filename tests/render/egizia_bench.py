"""Timing of the Egizia renderer (not a test): ``python -m tests.render.egizia_bench``.

Plays random games for 2-4 players, renders the public board and one private image at many
points, and prints the median / 90th percentile / maximum time (render + PNG encoding) and sizes.
Wall-clock time suffers when other processes share the CPU, so the CPU time of the rendering
thread (``time.thread_time``) is printed too.
"""
from __future__ import annotations

import statistics
import time

from render import egizia as R

from .egizia_games import playout

NAMES = ["Alice", "Bořivoj Dlouhé Jméno", "Zofia Łukasiewicz", "Dan"]


def main() -> None:
    for players in (2, 3, 4):
        pub_t, pub_cpu, priv_t, pub_kb, priv_kb = [], [], [], [], []
        for seed in range(1, 5):
            for pub, privs in playout(players, seed, snapshots=12):
                R.render_public(pub, NAMES[:players])  # first call warms the caches of this state
                t0, c0 = time.perf_counter(), time.thread_time()
                png = R.render_public(pub, NAMES[:players])
                pub_t.append((time.perf_counter() - t0) * 1000)
                pub_cpu.append((time.thread_time() - c0) * 1000)
                pub_kb.append(len(png) / 1024)
                t0 = time.perf_counter()
                png = R.render_private(pub, privs[0], NAMES[:players])
                priv_t.append((time.perf_counter() - t0) * 1000)
                priv_kb.append(len(png) / 1024)
        q = statistics.quantiles(pub_t, n=10)
        print(f"{players}p public : n={len(pub_t)} median {statistics.median(pub_t):.1f} ms, p90 {q[-1]:.1f} ms, "
              f"max {max(pub_t):.1f} ms (CPU median {statistics.median(pub_cpu):.1f} ms, max {max(pub_cpu):.1f} ms); "
              f"PNG median {statistics.median(pub_kb):.0f} KB, max {max(pub_kb):.0f} KB")
        print(f"{players}p private: median {statistics.median(priv_t):.1f} ms, max {max(priv_t):.1f} ms; "
              f"PNG median {statistics.median(priv_kb):.0f} KB, max {max(priv_kb):.0f} KB")
    # cold start: a new locale (static board and text caches empty)
    pub, _ = next(iter(playout(4, 9, snapshots=1)))
    t0 = time.perf_counter()
    R.render_public(pub, NAMES, "pl")
    print(f"cold first render (new locale): {(time.perf_counter() - t0) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
