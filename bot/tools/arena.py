"""``referee arena``: seeded games between two bot levels, with win rates and 95 % intervals.

Level A sits in one seat (rotating through the seats from game to game), level B in all the others.
A shared win counts as a fraction (1/k for k winners). Games run in worker processes; each decision
of a searching bot gets ``budget_ms`` of its own time, or ``iterations`` search iterations, which makes a
run reproducible whatever the machine's load. Under a time budget the run also reports how many
iterations the searching bot reached per decision (p5/p50), so an iteration budget can be related to
an in-play time budget; the searches' own CPU time (and iterations per CPU second) say what a quiet
machine would reach when other jobs share the cores. The last line printed is one JSON object with
every number (``--json-out`` also writes it to a file).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines import GAME_IDS, get_game
from engines.bots import LEVELS, Stop, choose, iterations

Z95 = 1.959963984540054
#: a game still running after this many moves is stopped and counted as not won by A (``unfinished``):
#: real games take a few hundred, so only bots going round in circles reach it
MAX_MOVES = 10_000


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q``-th percentile (0 < q <= 100) of ``values`` (0 when there are none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


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
    max_moves: int = MAX_MOVES


class _Counter:
    """A stop rule that remembers how many iterations the search asked about (0: it never searched)."""

    def __init__(self, rule: Stop) -> None:
        self.rule = rule
        self.done = 0
        self.asked = False

    def __call__(self, done: int) -> bool:
        self.asked, self.done = True, done
        return self.rule(done)


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
    searched: list[float] = []
    cpu: list[float] = []
    iters: list[int] = []
    moves = 0
    while not game.is_over(state) and moves < spec.max_moves:
        prompt = min(game.prompts(state), key=lambda p: p.seat)
        seat = prompt.seat
        info = game.information_state(state, seat)
        stop = _Counter(_stop(spec))
        t0, c0 = time.perf_counter(), time.process_time()
        action = choose(levels[seat], game, info, seat, spec.seed * 1_000_003 + moves, stop)
        if seat == spec.a_seat:
            elapsed = time.perf_counter() - t0
            timings.append(elapsed)
            if stop.asked:
                searched.append(elapsed)
                cpu.append(time.process_time() - c0)
                iters.append(stop.done)
        state = game.apply(state, seat, action).state
        moves += 1
    result = game.result(state)
    if result is None:
        return {"a_share": 0.0, "moves": moves, "scores": None, "a_seat": spec.a_seat, "unfinished": True,
                "a_decision_s": timings, "a_search_s": searched, "a_search_cpu_s": cpu, "a_iterations": iters}
    share = 1.0 / len(result.winners) if spec.a_seat in result.winners else 0.0
    return {"a_share": share, "moves": moves, "scores": list(result.scores), "a_seat": spec.a_seat, "unfinished": False,
            "a_decision_s": timings, "a_search_s": searched, "a_search_cpu_s": cpu, "a_iterations": iters}


def run(title: str, a: str, b: str, games: int, players: int, budget_ms: float = 300.0, iters: int = 0,
        seed: int = 1, workers: int | None = None) -> dict[str, Any]:
    """Play ``games`` seeded games (game ``g`` has seed ``seed + g`` and A in seat ``g % players``)."""
    specs = [GameSpec(title, players, a, b, g % players, seed + g, budget_ms, iters) for g in range(games)]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers or min(2, os.cpu_count() or 1)) as pool:
        results = list(pool.map(play_one, specs))
    wins = sum(r["a_share"] for r in results)
    lo, hi = wilson(wins, len(results))
    times = [t for r in results for t in r["a_decision_s"]]
    search = [t for r in results for t in r["a_search_s"]]
    cpu = [t for r in results for t in r["a_search_cpu_s"]]
    done = [n for r in results for n in r["a_iterations"]]
    # iterations per second of the worker's own CPU time: what a quiet machine would reach per second
    rate = [n / t for r in results for n, t in zip(r["a_iterations"], r["a_search_cpu_s"], strict=True) if t > 0]

    def ms(values: list[float], q: float) -> float:
        return round(1000 * percentile(values, q), 1)

    return {
        "game": title, "players": players, "a": a, "b": b, "games": len(results),
        "a_win_rate": round(wins / len(results), 4), "ci95": [round(lo, 4), round(hi, 4)],
        "a_decision_ms_p50": ms(times, 50), "a_decision_ms_p95": ms(times, 95),
        "a_searches": len(search), "a_search_ms_p50": ms(search, 50), "a_search_ms_p95": ms(search, 95),
        "a_search_cpu_ms_p50": ms(cpu, 50), "a_search_cpu_ms_p95": ms(cpu, 95),
        "a_iterations_p5": int(percentile(done, 5)), "a_iterations_p50": int(percentile(done, 50)),
        "a_iterations_per_cpu_s_p5": round(percentile(rate, 5), 1),
        "moves_mean": round(statistics.fmean(r["moves"] for r in results), 1) if results else 0.0,
        "unfinished": sum(1 for r in results if r["unfinished"]),
        "budget_ms": 0.0 if iters else budget_ms, "iterations": iters, "seed": seed,
        "seconds": round(time.perf_counter() - started, 1),
    }


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=GAME_IDS)
    p.add_argument("--a", default="normal", help="the level in one seat (random, easy, normal)")
    p.add_argument("--b", default="random", help="the level in every other seat")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--budget-ms", type=float, default=700.0, help="time per searching decision")
    p.add_argument("--iterations", type=int, default=0, help="search iterations per decision instead (reproducible)")
    p.add_argument("--seed", type=int, default=1, help="game g of the run is played with seed SEED + g")
    p.add_argument("--workers", type=int, default=0, help="worker processes (default: up to 2)")
    p.add_argument("--json-out", help="also write the final JSON line to this file")


def summary_lines(a: str, out: dict[str, Any]) -> list[str]:
    """The decision-time lines of a run; the search lines only when A searched (``random`` and ``easy`` do
    not, and a line of zeros would say nothing)."""
    lines = [f"  {a} decision time p50 {out['a_decision_ms_p50']} ms, p95 {out['a_decision_ms_p95']} ms"]
    if out["a_searches"]:
        lines[0] += (f"; {out['a_searches']} searches: p50 {out['a_search_ms_p50']} ms, p95 {out['a_search_ms_p95']} ms, "
                     f"iterations p5 {out['a_iterations_p5']}, p50 {out['a_iterations_p50']}")
        lines.append(f"  {a} search CPU time p50 {out['a_search_cpu_ms_p50']} ms, p95 {out['a_search_cpu_ms_p95']} ms; "
                     f"iterations per CPU second p5 {out['a_iterations_per_cpu_s_p5']}")
    return lines


def main(args: argparse.Namespace) -> int:
    """Run the arena for parsed ``referee arena`` arguments; 2 for an unknown level."""
    for level in (args.a, args.b):
        if level not in LEVELS:
            print(f"referee: unknown bot level {level!r}; known: {', '.join(LEVELS)}", file=sys.stderr)
            return 2
    out = run(args.game, args.a, args.b, args.games, args.players, args.budget_ms, args.iterations, args.seed,
              args.workers or None)
    a, b = args.a, args.b
    budget = f"{out['iterations']} iterations" if out["iterations"] else f"{out['budget_ms']:g} ms"
    print(f"{args.game}, {args.players} players, {out['games']} games: {a} (one seat) vs {b}; search budget {budget}")
    print(f"  {a} wins {100 * out['a_win_rate']:.1f} % (95 % interval {100 * out['ci95'][0]:.1f}–{100 * out['ci95'][1]:.1f} %)")
    if out["unfinished"]:
        print(f"  {out['unfinished']} games stopped unfinished after {MAX_MOVES} moves (counted as not won by {a})")
    for text in summary_lines(a, out):
        print(text)
    line = json.dumps(out)
    if args.json_out:
        Path(args.json_out).write_text(line + "\n")
    print(line)
    return 0
