"""``referee arena``: seeded games between two bot levels, with win rates and 95 % intervals.

Level A sits in one seat (rotating through the seats from game to game), level B in all the others.
A shared win counts as a fraction (1/k for k winners). Games run in worker processes; each decision
of a searching bot gets ``budget_ms`` of its own time (or ``iterations`` search iterations, which makes a
run reproducible). The last line printed is one JSON object with every number.
"""
from __future__ import annotations

import json
import math
import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from engines import get_game
from engines.bots import Stop, choose, iterations

Z95 = 1.959963984540054


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class GameSpec:
    title: str
    players: int
    a: str
    b: str
    a_seat: int
    seed: int
    budget_ms: float
    iterations: int


def _stop(spec: GameSpec) -> Stop:
    if spec.iterations:
        return iterations(spec.iterations)
    end = time.perf_counter() + spec.budget_ms / 1000
    return lambda done: done > 0 and time.perf_counter() >= end


def play_one(spec: GameSpec) -> dict[str, Any]:
    game = get_game(spec.title)
    state = game.new_game(spec.players, None, spec.seed).state
    levels = [spec.a if s == spec.a_seat else spec.b for s in range(spec.players)]
    timings: list[float] = []
    moves = 0
    while not game.is_over(state):
        prompt = min(game.prompts(state), key=lambda p: p.seat)
        seat = prompt.seat
        info = game.information_state(state, seat)
        t0 = time.perf_counter()
        action = choose(levels[seat], game, info, seat, spec.seed * 1_000_003 + moves, _stop(spec))
        if levels[seat] == spec.a:
            timings.append(time.perf_counter() - t0)
        state = game.apply(state, seat, action).state
        moves += 1
    result = game.result(state)
    assert result is not None
    share = 1.0 / len(result.winners) if spec.a_seat in result.winners else 0.0
    return {"a_share": share, "moves": moves, "scores": list(result.scores), "a_seat": spec.a_seat,
            "a_decision_s": timings}


def run(title: str, a: str, b: str, games: int, players: int, budget_ms: float = 300.0, iters: int = 0,
        seed: int = 1, workers: int | None = None) -> dict[str, Any]:
    specs = [GameSpec(title, players, a, b, g % players, seed + g, budget_ms, iters) for g in range(games)]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers or min(2, os.cpu_count() or 1)) as pool:
        results = list(pool.map(play_one, specs))
    wins = sum(r["a_share"] for r in results)
    lo, hi = wilson(wins, len(results))
    times = sorted(t for r in results for t in r["a_decision_s"])
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))] if times else 0.0
    return {
        "game": title, "players": players, "a": a, "b": b, "games": len(results),
        "a_win_rate": round(wins / len(results), 4), "ci95": [round(lo, 4), round(hi, 4)],
        "a_decision_ms_p50": round(1000 * statistics.median(times), 1) if times else 0.0,
        "a_decision_ms_p95": round(1000 * p95, 1),
        "budget_ms": budget_ms, "iterations": iters, "seconds": round(time.perf_counter() - started, 1),
    }


def main(title: str, a: str, b: str, games: int, players: int, budget_ms: float, iters: int, seed: int) -> int:
    out = run(title, a, b, games, players, budget_ms, iters, seed)
    print(f"{title}, {players} players, {out['games']} games: {a} (one seat) vs {b}")
    print(f"  {a} wins {100 * out['a_win_rate']:.1f} % (95 % interval {100 * out['ci95'][0]:.1f}–{100 * out['ci95'][1]:.1f} %)")
    print(f"  {a} decision time p50 {out['a_decision_ms_p50']} ms, p95 {out['a_decision_ms_p95']} ms")
    print(json.dumps(out))
    return 0
