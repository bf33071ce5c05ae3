"""``referee bench GAME``: how fast a move is, end to end, on this machine.

Prints readable lines, then one JSON line::

    {"game": ..., "p50_ms": ..., "p95_ms": ..., "move_cpu_ms_p50": ..., "move_cpu_ms_p95": ..., "render_ms": ...,
     "encode_ms": ..., "render_encode_ratio": ..., "bare_encode_ms": ..., "render_bare_ratio": ...,
     "playouts_per_s": ..., "playouts_per_cpu_s": ..., "playouts_per_cpu_s_worker_gc": ...,
     "playouts_apply_per_cpu_s": ..., "png_bytes": ...}

* move latency: one accepted move through the service — lock, engine.apply, the
  SQLite transaction (a real WAL file), the public view, rendering and PNG
  encoding — measured per move over whole random games;
* engine playouts per second: random legal games with the engine alone, moving as the bots' search moves
  (:meth:`~engines.core.Game.play`: states only, no events or marks) (``playouts_per_s``, and per CPU-second
  ``playouts_per_cpu_s``: the figure issue 24 sets, in this process with Python's default collector settings);
  ``playouts_per_cpu_s_worker_gc``: the same games with the collector set as in a bot worker, where the bots
  search (``bot.table.botpool``: what the imports made frozen, :data:`~bot.table.botpool.WORKER_GC_THRESHOLDS`),
  then set back; ``playouts_apply_per_cpu_s``: the same games moving with ``apply`` (events, the reveal flag and
  the last move's marks made too: what a move at the table costs the engine, and what this figure measured
  before ``play`` existed);
* CPU per move (``move_cpu_ms_p50/p95``): the same, in CPU time of every thread of this process;
* drawing and encoding (``render_ms``, ``encode_ms``: medians, CPU) of the image drawn on every move (the phone
  image), and ``render_encode_ratio`` = (drawing + encoding) / encoding. As the bot makes it: drawing is
  :func:`render.api.phone_drawing` (the pieces that changed drawn and mapped onto the title's palette, the image
  never put together), encoding is :func:`render.api.encode` of that drawing (the new pieces deflated, the PNG
  written from every piece's kept deflated lines). Since encoding reuses the unchanged pieces it costs a fraction
  of a bare encode, so this ratio is now well above 1.5 while both figures fell;
* the bare encode of the same image (``bare_encode_ms``, median, CPU): Pillow writing the whole drawn image as a
  PNG at the same zlib level, nothing reused (what ``encode_ms`` was before the phone image's PNG was made from its
  pieces' kept deflated scanlines), and ``render_bare_ratio`` = (drawing + encoding) / that bare encode: what a
  board costs against only writing its picture once. Measured after the move's CPU window, so not in
  ``move_cpu_ms``. In this process (its threads and allocations) Pillow's encoder measured about 2× slower than
  on the same images in a fresh process, so this yardstick is generous: compare against an older run's
  ``encode_ms`` too;
* PNG size: the median of that image over those games (max also printed).

``--bots [LEVEL]`` instead times bot decisions end to end through the worker pool (:func:`bot_latency`).
"""
from __future__ import annotations

import asyncio
import gc
import json
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.console import CHANNEL
from bot.store import Store
from bot.table.model import User
from bot.table.service import GameService
from engines import get_game


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-quantile (0-1) of ``values``, interpolated between the nearest two (0 for none)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def engine_playouts(title: str, players: int, seconds: float, seed: int = 1) -> tuple[float, int, int]:
    """Random playouts with the engine alone for about ``seconds``: (per second, games, moves)."""
    rate, _, games, moves = engine_playouts_cpu(title, players, seconds, seed)
    return rate, games, moves


def engine_playouts_cpu(title: str, players: int, seconds: float, seed: int = 1,
                        apply: bool = False) -> tuple[float, float, int, int]:
    """:func:`engine_playouts` with the rate per CPU-second of this process too: (per second, per CPU-second,
    games, moves). On a machine shared with other work the wall-clock rate falls with the load; the CPU rate
    much less, so it is the one to compare between runs on a busy machine. Moves are made with ``Game.play``, as
    the bots search, or with ``apply`` (the same games)."""
    game = get_game(title)
    rnd = random.Random(seed)
    games = moves = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    while True:
        state = game.new_game(players, {}, rnd.randrange(1 << 30)).state
        while True:
            prompts = game.prompts(state)
            if not prompts:
                break
            p = rnd.choice(prompts)
            if apply:
                state = game.apply(state, p.seat, rnd.choice(p.options).action).state
            else:
                state = game.play(state, p.seat, rnd.choice(p.options).action)
            moves += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds and games >= 2:
            return games / elapsed, games / max(1e-9, time.process_time() - cpu_start), games, moves


def engine_playouts_worker_gc(title: str, players: int, seconds: float, seed: int = 1) -> float:
    """:func:`engine_playouts_cpu`'s games per CPU-second with the collector set as a bot worker sets it
    (``botpool._worker_init``: everything alive frozen, :data:`~bot.table.botpool.WORKER_GC_THRESHOLDS`); the
    collector's settings are put back afterwards."""
    from bot.table.botpool import set_worker_gc

    old = gc.get_threshold()
    set_worker_gc()
    try:
        return engine_playouts_cpu(title, players, seconds, seed)[1]
    finally:
        gc.set_threshold(*old)
        gc.unfreeze()


async def service_moves(title: str, players: int, games: int, max_moves: int, seed: int = 7,
                        image: str = "phone") -> dict[str, list[float]]:
    """Per move through the service: latency (ms, wall), CPU (ms: apply + persist + drawing + encoding, every
    thread of this process), drawing and encoding CPU of the image drawn on every move (``image``: ``phone``
    or ``board``), and its PNG size."""
    from render import api

    # the phone image as the bot makes it: drawn as pieces, its PNG written from them (never put together)
    draw: Any = api.phone_drawing if image == "phone" else api.board_image
    out: dict[str, list[float]] = {"latency": [], "cpu": [], "render": [], "encode": [], "size": [], "bare": []}
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(str(Path(tmp) / "bench.sqlite3"))
        try:
            service = GameService(store)
            rnd = random.Random(seed)
            for g in range(games):
                channel = f"{CHANNEL}-{g}"
                users = [User(f"u{i}", f"Player {i + 1}") for i in range(players)]
                await service.new(channel, None, users[0], title, {}, "en")
                for u in users[1:]:
                    await service.join(channel, u)
                snap = await service.start(channel, users[0], seed=rnd.randrange(1 << 30))
                names = [u.name for u in users]
                n = 0
                while snap.prompts and n < max_moves:
                    p = rnd.choice(snap.prompts)
                    action = rnd.choice(p.options).action
                    t0, c0 = time.perf_counter(), time.process_time()
                    snap = await service.act(channel, users[p.seat], action)
                    assert snap.public_view is not None
                    r0 = time.thread_time()
                    img = draw(snap.public_view, names, "en")
                    r1 = time.thread_time()
                    png = api.encode(img)
                    r2 = time.thread_time()
                    out["cpu"].append((time.process_time() - c0) * 1000)
                    out["latency"].append((time.perf_counter() - t0) * 1000)
                    out["render"].append((r1 - r0) * 1000)
                    out["encode"].append((r2 - r1) * 1000)
                    out["size"].append(len(png))
                    whole = img.image() if isinstance(img, api.Drawing) else img  # put together outside the timing
                    b0 = time.thread_time()
                    api.bare_encode(whole)
                    out["bare"].append((time.thread_time() - b0) * 1000)
                    n += 1
        finally:
            await store.close()
    return out


def run(title: str, players: int | None = None, games: int = 3, max_moves: int = 400, seconds: float = 5.0,
        image: str = "phone") -> dict[str, Any]:
    game = get_game(title)
    players = players or min(max(game.min_players, 4), game.max_players)
    rate, cpu_rate, n_games, n_moves = engine_playouts_cpu(title, players, seconds)
    print(f"{title}: engine-only random playouts ({players} players): {rate:.2f}/s, {cpu_rate:.2f} per CPU-second "
          f"({n_games} games, {n_moves} moves, {n_moves / max(n_games, 1):.0f} moves/game)")
    worker_rate = engine_playouts_worker_gc(title, players, seconds)
    print(f"{title}: the same with the collector set as in a bot worker: {worker_rate:.2f} per CPU-second")
    apply_rate = engine_playouts_cpu(title, players, seconds, apply=True)[1]
    print(f"{title}: the same moving with apply (events and marks made too): {apply_rate:.2f} per CPU-second")
    m = asyncio.run(service_moves(title, players, games, max_moves, image=image))
    latencies, sizes = m["latency"], m["size"]
    p50, p95 = percentile(latencies, 0.5), percentile(latencies, 0.95)
    print(f"{title}: move through service (apply + persist + render + encode), {len(latencies)} moves: "
          f"p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {max(latencies):.1f} ms")
    cpu50, cpu95 = percentile(m["cpu"], 0.5), percentile(m["cpu"], 0.95)
    render_ms, encode_ms = statistics.median(m["render"]), statistics.median(m["encode"])
    drawn95 = percentile([r + e for r, e in zip(m["render"], m["encode"], strict=True)], 0.95)
    ratio = (render_ms + encode_ms) / max(encode_ms, 1e-9)
    bare_ms = statistics.median(m["bare"])
    bare_ratio = (render_ms + encode_ms) / max(bare_ms, 1e-9)
    print(f"{title}: CPU per move p50 {cpu50:.1f} ms, p95 {cpu95:.1f} ms; {image} image: drawing {render_ms:.2f} ms, "
          f"encoding {encode_ms:.2f} ms (medians), (drawing + encoding) / encoding {ratio:.2f}, "
          f"drawing + encoding p95 {drawn95:.2f} ms; bare encode of the same image {bare_ms:.2f} ms, "
          f"(drawing + encoding) / bare encode {bare_ratio:.2f}")
    png = int(statistics.median(sizes)) if sizes else 0
    print(f"{title}: PNG median {png} bytes, max {int(max(sizes)) if sizes else 0} bytes")
    out = {"game": title, "players": players, "image": image, "p50_ms": round(p50, 2), "p95_ms": round(p95, 2),
           "move_cpu_ms_p50": round(cpu50, 2), "move_cpu_ms_p95": round(cpu95, 2), "render_ms": round(render_ms, 2),
           "encode_ms": round(encode_ms, 2), "render_encode_ratio": round(ratio, 2),
           "render_encode_ms_p95": round(drawn95, 2), "bare_encode_ms": round(bare_ms, 2),
           "render_bare_ratio": round(bare_ratio, 2),
           "playouts_per_s": round(rate, 3), "playouts_per_cpu_s": round(cpu_rate, 3),
           "playouts_per_cpu_s_worker_gc": round(worker_rate, 3), "playouts_apply_per_cpu_s": round(apply_rate, 3),
           "png_bytes": png}
    print(json.dumps(out))
    return out


async def _finished_game(title: str, players: int, seed: int, path: str) -> GameService:
    store = await Store.open(path)
    service = GameService(store, seed_source=lambda: seed)
    users = [User(f"bench:{i}", f"P{i + 1}") for i in range(players)]
    await service.new(CHANNEL, None, users[0], title, {}, "en")
    for u in users[1:]:
        await service.join(CHANNEL, u)
    snap = await service.start(CHANNEL, users[0], seed=seed)
    rnd = random.Random(seed)
    while snap.prompts:
        p = rnd.choice(snap.prompts)
        snap = await service.act(CHANNEL, users[p.seat], rnd.choice(p.options).action)
    return service


def recap_and_undo(title: str, players: int, seeds: list[int]) -> list[dict[str, Any]]:
    """``referee bench GAME --recap``: per seeded random game, the recap (frames, GIF and chart bytes, seconds,
    made in a worker thread as the bot does) and what an undo costs: replaying the whole log from the seed
    (what an undo does) against keeping a snapshot of every position (bytes of state JSON per game)."""
    from bot.records.recap import make_recap
    from bot.table.model import replay_moves

    async def one(seed: int) -> dict[str, Any]:
        with tempfile.TemporaryDirectory() as tmp:
            service = await _finished_game(title, players, seed, str(Path(tmp) / "bench.sqlite3"))
            try:
                row, moves = await service.recap_source(CHANNEL)
                recap = await asyncio.to_thread(make_recap, row, moves, "en")
                game = get_game(title)
                start = time.perf_counter()
                final = replay_moves(game, row, moves)
                replay_s = time.perf_counter() - start
                assert final == row.state
                state = game.new_game(players, row.options, seed).state
                snapshot_bytes = len(json.dumps(state, separators=(",", ":")))
                for m in moves[1:]:
                    assert m.seat is not None
                    state = game.apply(state, m.seat, m.action).state
                    snapshot_bytes += len(json.dumps(state, separators=(",", ":")))
            finally:
                await service.close()
        return {"game": title, "players": players, "seed": seed, "moves": recap.moves, "frames": recap.frames,
                "gif_bytes": len(recap.gif), "chart_bytes": len(recap.chart), "recap_s": round(recap.seconds, 2),
                "undo_replay_ms": round(replay_s * 1000, 1), "snapshots_bytes": snapshot_bytes}

    out = []
    for seed in seeds:
        line = asyncio.run(one(seed))
        print(json.dumps(line))
        out.append(line)
    return out


async def _bot_decisions(title: str, players: int, level: str, decisions: int, budget_ms: float,
                         path: str) -> tuple[list[float], list[float], float]:
    """Bot-only games through the service until ``decisions`` bot moves were made. Each is timed from the
    scheduler firing the bot's job to the move being stored (decision in the worker pool + commit), and from
    the previous bot move being stored to this one (adds the scheduler's claim of the job: what a table of
    bots in a row sees)."""
    from bot.console import DEMO_HOST, BotDriver
    from bot.table.botpool import BotConfig
    from bot.table.clocks import BOT
    from bot.table.model import Job

    store = await Store.open(path)
    service = GameService(store, bots=BotConfig(level=level, budget_ms=budget_ms))
    times: list[float] = []
    gaps: list[float] = []
    try:
        warm = time.perf_counter()
        await service.bots.warm_up()  # start the worker process once, as the bot does at its first decision
        warm_s = time.perf_counter() - warm
        driver = BotDriver(service)
        fire = service.fire
        last: list[float] = []

        async def timed(job: Job) -> None:
            start = time.perf_counter()
            await fire(job)
            end = time.perf_counter()
            if job.kind == BOT and len(times) < decisions:
                times.append((end - start) * 1000)
                if last:
                    gaps.append((end - last[0]) * 1000)
                last[:] = [end]
                if len(times) >= decisions:
                    driver.scheduler.stop()  # enough: the rest of the game stays unplayed

        driver.scheduler.handler = timed
        seed = 1
        while len(times) < decisions:
            channel = f"{CHANNEL}-bots-{seed}"
            await service.new(channel, None, DEMO_HOST, title, {}, "en", bots=players, bot_level=level, seat_host=False)
            snap = await service.start(channel, DEMO_HOST, seed=seed)
            last.clear()  # the first move of a game follows its start, not a bot move
            while snap.prompts and len(times) < decisions:
                reports = await driver.run()
                if not reports:
                    break
                snap = reports[-1]
            seed += 1
    finally:
        await service.close(timeout=0)
    return times, gaps, warm_s


def bot_latency(title: str, players: int | None, level: str = "normal", decisions: int = 40,
                budget_ms: float = 700.0) -> dict[str, Any]:
    """``referee bench GAME --bots [LEVEL]``: a bot decision end to end (job fired → worker process decides →
    move stored) and bot move to bot move, p50/p95 over ``decisions`` decisions of bot-only games."""
    game = get_game(title)
    players = players or min(max(game.min_players, 4), game.max_players)
    with tempfile.TemporaryDirectory() as tmp:
        times, gaps, warm_s = asyncio.run(_bot_decisions(title, players, level, decisions, budget_ms,
                                                         str(Path(tmp) / "bench.sqlite3")))
    p50, p95 = percentile(times, 0.5), percentile(times, 0.95)
    g50, g95 = percentile(gaps, 0.5), percentile(gaps, 0.95)
    print(f"{title}: {level} bot decision through the worker pool ({players} players, budget {budget_ms:.0f} ms), "
          f"{len(times)} decisions: p50 {p50:.0f} ms, p95 {p95:.0f} ms, max {max(times, default=0):.0f} ms; "
          f"bot move to bot move p50 {g50:.0f} ms, p95 {g95:.0f} ms (worker start {warm_s * 1000:.0f} ms, once)")
    out = {"game": title, "level": level, "players": players, "budget_ms": budget_ms, "decisions": len(times),
           "bot_p50_ms": round(p50, 1), "bot_p95_ms": round(p95, 1), "move_to_move_p50_ms": round(g50, 1),
           "move_to_move_p95_ms": round(g95, 1), "worker_start_ms": round(warm_s * 1000, 1)}
    print(json.dumps(out))
    return out
