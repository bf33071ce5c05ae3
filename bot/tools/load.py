"""``referee bench --load N``: many channels at once through the real bot, with Discord stubbed in-process.

N channels of mixed titles and player counts play random legal moves through the whole Discord side of the bot:
the move flow of a pressed menu (:func:`bot.discord.play.do_move`: defer, ``GameService.act``, the private
answer, the board post), the outbox :class:`~bot.discord.poster.Poster` (its loop runs too), the board's phone
image drawn and encoded, the embed and the buttons, and the service's scheduler. Only Discord is stubbed: an
interaction is an object with the members the flows use, and a channel's ``send`` serialises what discord.py
would send (embed, components, file) and answers with a message id. Board pacing is off (each move's board is
posted as soon as it can be), bots take no seats.

* Closed loop (the default): each channel makes its next move once the board of its previous move is posted.
* ``rate``: an open loop instead: moves arrive at ``rate`` per second whatever the answers (a channel whose
  previous move is still in flight skips its turn, counted as ``skipped``).
* ``burst``: after the sustained phase, ``burst`` moves in ``burst`` different channels arrive within one
  second; each must be acknowledged (deferred) within 3 s and its board posted within 5 s.
* ``db``: the database, a SQLite file or a ``postgresql://`` URL (default: a new temporary SQLite file).
* ``processes`` (issue 19): that many bot processes (multiprocessing ``spawn``) share the database, each with its
  own service, poster, scheduler and drawing workers, each driving every P-th channel (and delivering their
  boards); the open loop's rate is split between them. They are set up first and start together (a barrier),
  and their figures are merged: moves/s summed, percentiles over every process's samples, CPU per move over
  all of them and their child processes.

Measured, with the moves of the set-up phase left out:

* sustained moves per second; a move's time from the interaction to its board posted (p50/p99), and
  ``GameService.act`` alone (p50/p99);
* the event loop's lag (a 10 ms tick's lateness, p50/p99/max);
* CPU per move: user + system time of this process (every thread) and of its child processes, live ones (read
  from ``/proc``) and ended ones (``RUSAGE_CHILDREN``), over the measured window, divided by the moves; the
  event loop's own thread is also given alone. On PostgreSQL the server's CPU (the database's backends and the
  server's background processes, read from ``/proc`` when the server runs on this machine) is given apart, as
  ``db_server_cpu_ms_per_move`` (on SQLite that work is in the process's own database thread).

Prints readable lines, then one JSON line with ``moves_per_s``, ``move_ms_p50``, ``move_ms_p99``,
``act_ms_p50``, ``act_ms_p99``, ``loop_lag_ms_p50``, ``loop_lag_ms_p99``, ``loop_lag_ms_max``,
``cpu_ms_per_move``, ``loop_cpu_ms_per_move`` (and the burst's figures when asked for).
"""
from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import multiprocessing
import queue
import random
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord

from bot.config import Config
from bot.discord import Referee
from bot.discord.play import do_move
from bot.discord.poster import Delivered
from bot.store import is_postgres, open_store
from bot.table.model import MoveReport, PostRow, Snapshot, User
from bot.table.ports import PostStore
from bot.table.service import GameService
from engines import available_games, get_game

from .bench import percentile
from .loadstats import CpuMark, breakdown, merge, part_seconds, parts_cpu, pids_cpu, report, server_pids, thread_cpu

TITLES = tuple(available_games())
TICK = 0.010  # the loop-lag probe's period (seconds)
ACK_LIMIT, POST_LIMIT = 3.0, 5.0  # the burst's limits: acknowledged within 3 s, board posted within 5 s


# ------------------------------------------------------------------ Discord, stubbed


class _Message:
    def __init__(self, message_id: int) -> None:
        self.id = message_id

    async def edit(self, **kwargs: Any) -> None:
        view = kwargs.get("view")
        if view is not None:
            view.to_components()


class _Channel:
    """A channel: ``send`` does the serialising discord.py does for a message, and answers with an id."""

    _ids = itertools.count(10**17)

    def __init__(self, channel_id: str) -> None:
        self.id = int(channel_id)
        self.sent = 0

    async def send(self, content: str | None = None, **kwargs: Any) -> _Message:
        embed, view, file = kwargs.get("embed"), kwargs.get("view"), kwargs.get("file")
        payload: dict[str, Any] = {"content": content}
        if embed is not None:
            payload["embeds"] = [embed.to_dict()]
        if view is not None:
            payload["components"] = view.to_components()
        if kwargs.get("allowed_mentions") is not None:
            payload["allowed_mentions"] = kwargs["allowed_mentions"].to_dict()
        json.dumps(payload)
        if file is not None:
            file.fp.read()
        self.sent += 1
        await asyncio.sleep(0)
        return _Message(next(self._ids))

    def get_partial_message(self, message_id: int) -> _Message:
        return _Message(message_id)


class _Response:
    """An interaction's response: ``defer`` is the acknowledgement (its time is kept)."""

    def __init__(self) -> None:
        self.acked: float | None = None

    def is_done(self) -> bool:
        return self.acked is not None

    async def defer(self, **kwargs: Any) -> None:
        self.acked = time.perf_counter()

    async def send_message(self, *args: Any, **kwargs: Any) -> None:
        self.acked = time.perf_counter()
        _serialise(kwargs)


class _Followup:
    def __init__(self) -> None:
        self.texts: list[str] = []

    async def send(self, *args: Any, **kwargs: Any) -> None:
        self.texts.append(str(kwargs.get("content") or (args[0] if args else "")))
        _serialise(kwargs)


def _serialise(kwargs: dict[str, Any]) -> None:
    view = kwargs.get("view")
    if view is not None:
        view.to_components()


_interaction_ids = itertools.count(1)


def _interaction(bot: Referee, user: User, channel: _Channel) -> Any:
    """The members of a ``discord.Interaction`` that the move flow uses."""
    return SimpleNamespace(
        client=bot, user=SimpleNamespace(id=user.id, name=user.name, display_name=user.name, mention=f"<@{user.id}>"),
        channel_id=str(channel.id), channel=channel, guild_id=1, locale="en-US", guild_locale="en-US",
        id=next(_interaction_ids), response=_Response(), followup=_Followup(), data={},
        app_permissions=discord.Permissions.all(),
    )


# ------------------------------------------------------------------ the measured bot


@dataclass
class _Table:
    """One channel of the run: its game, players, and the move in flight."""

    channel: _Channel
    users: list[User]
    snap: Snapshot | None = None
    game_id: int = 0
    pending: int | None = None         # the version whose board is awaited
    posted: asyncio.Event = field(default_factory=asyncio.Event)
    posted_at: float = 0.0


class _Bot(Referee):
    """The real client, with its channels stubbed and the snapshot each move hands on kept for the next move."""

    def __init__(self, service: GameService, config: Config, run: LoadRun) -> None:
        super().__init__(service, config)
        self.load = run
        deliver = self.boards.deliver

        async def delivered(post: PostRow, last: PostRow | None) -> Delivered:
            done = await deliver(post, last)
            run.delivered(post.game_id, done.version)
            return done

        self.poster.deliver = delivered
        if run.shared:
            self.poster.store = cast(PostStore, _OwnPosts(self.poster.store, run))

    def channel_by_id(self, channel_id: str) -> discord.abc.Messageable:
        table = self.load.tables.get(channel_id)  # (a recap another process's scheduler left: any channel)
        return cast(discord.abc.Messageable, table.channel if table is not None else _Channel(channel_id))

    def channel(self, interaction: Any) -> discord.abc.Messageable:
        return self.channel_by_id(str(interaction.channel_id))

    async def post_board(self, game_id: int, wait: bool = False, snap: Snapshot | None = None) -> None:
        if isinstance(snap, MoveReport):
            self.load.handed(snap)
        await super().post_board(game_id, wait=wait, snap=snap)


class _OwnPosts:
    """The outbox as a process of a ``--processes`` run delivers it: the due boards of its own channels only. (A
    bot process may deliver any game's board; here each waits for the boards of the moves it drives, to time
    them, so it delivers those: the moves' own flows post them, and its poster loop what those left.)"""

    def __init__(self, store: PostStore, run: LoadRun) -> None:
        self.store, self.run = store, run

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)

    async def due_games(self, now: float) -> list[int]:
        return [g for g in await self.store.due_games(now) if g in self.run.by_game]


class _TimedService(GameService):
    """The service, with ``act`` timed."""

    acts: list[float]
    measuring: bool = False

    async def act(self, *args: Any, **kwargs: Any) -> MoveReport:
        start = time.perf_counter()
        report = await super().act(*args, **kwargs)
        if self.measuring:
            self.acts.append((time.perf_counter() - start) * 1000)
        return report


class LoadRun:
    """The state of one ``--load`` run (see the module docstring)."""

    def __init__(self, channels: int, seed: int, shared: bool = False) -> None:
        self.n = channels
        #: one of several bot processes on the database (``--processes``)
        self.shared = shared
        self.rnd = random.Random(seed)
        self.tables: dict[str, _Table] = {}
        self.by_game: dict[int, _Table] = {}
        self.moves: list[float] = []      # ms, interaction → board posted (measured window only)
        self.lag: list[float] = []        # ms
        self.errors = 0
        self.skipped = 0
        self.games_started = 0
        self.measuring = False
        self.done = 0

    # ---- what the bot tells us
    def handed(self, report: MoveReport) -> None:
        table = self.tables.get(report.row.channel_id)
        if table is not None and (table.snap is None or table.snap.row.version <= report.row.version):
            table.snap = report

    def delivered(self, game_id: int, version: int) -> None:
        table = self.by_game.get(game_id)
        if table is not None and table.pending is not None and version >= table.pending:
            table.pending = None
            table.posted_at = time.perf_counter()
            table.posted.set()

    # ---- set-up
    async def open_table(self, bot: _Bot, service: GameService, channel_id: str) -> None:
        table = self.tables[channel_id]
        game = get_game(TITLES[len(self.by_game) % len(TITLES)] if table.snap is None else table.snap.row.title)
        players = self.rnd.randint(max(2, game.min_players), min(game.max_players, 5))
        users = table.users[:players]
        await service.new(channel_id, "1", users[0], game.id, {}, "en")
        for u in users[1:]:
            await service.join(channel_id, u)
        snap = await service.start(channel_id, users[0], seed=self.rnd.randrange(1 << 30))
        table.snap, table.game_id = snap, snap.row.id
        self.by_game[snap.row.id] = table
        self.games_started += 1
        await bot.post_board(snap.row.id)

    # ---- one move
    def choose(self, table: _Table) -> tuple[User, str, int, int] | None:
        snap = table.snap
        if snap is None or not snap.prompts:
            return None
        prompt = self.rnd.choice(snap.prompts)
        return table.users[prompt.seat], self.rnd.choice(prompt.options).action, snap.row.version, snap.row.id

    async def move(self, bot: _Bot, service: GameService, table: _Table,
                   arrived: float | None = None) -> tuple[float, float] | None:
        """One move in ``table`` through the Discord flow; (acknowledged, posted) seconds after it arrived."""
        if table.snap is not None and not table.snap.prompts:  # the game is over: a new one (not measured)
            await self.open_table(bot, service, str(table.channel.id))
        chosen = self.choose(table)
        if chosen is None:
            return None
        user, action, version, game_id = chosen
        inter = _interaction(bot, user, table.channel)
        start = time.perf_counter() if arrived is None else arrived
        table.pending, table.posted_at = version + 1, 0.0
        table.posted.clear()
        await do_move(bot, inter, action, version, game_id)
        if table.snap is None or table.snap.row.version <= version:  # refused (nothing stored)
            self.errors += 1
            table.pending = None
            return None
        try:
            await asyncio.wait_for(table.posted.wait(), 60.0)
        except TimeoutError:
            self.errors += 1
            return None
        acked = (inter.response.acked or start) - start
        return acked, table.posted_at - start


async def _lag_probe(run: LoadRun) -> None:
    while True:
        start = time.perf_counter()
        await asyncio.sleep(TICK)
        if run.measuring:
            run.lag.append(max(0.0, time.perf_counter() - start - TICK) * 1000)


async def _closed_loop(run: LoadRun, bot: _Bot, service: GameService, table: _Table, until: list[float]) -> None:
    while time.perf_counter() < until[0]:
        took = await run.move(bot, service, table)
        if took is not None and run.measuring:  # the moves completed in the measured window
            run.moves.append(took[1] * 1000)
            run.done += 1


async def _open_loop(run: LoadRun, bot: _Bot, service: GameService, rate: float, until: list[float]) -> None:
    busy: set[str] = set()
    tasks: set[asyncio.Task[None]] = set()
    ids = list(run.tables)
    k = 0
    next_at = time.perf_counter()

    async def one(table: _Table, arrived: float) -> None:
        key = str(table.channel.id)
        try:
            took = await run.move(bot, service, table, arrived)
            if took is not None and run.measuring:
                run.moves.append(took[1] * 1000)
                run.done += 1
        finally:
            busy.discard(key)

    while time.perf_counter() < until[0]:
        next_at += 1.0 / rate
        await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
        key = ids[k % len(ids)]
        k += 1
        if key in busy:
            run.skipped += 1
            continue
        busy.add(key)
        task = asyncio.create_task(one(run.tables[key], time.perf_counter()))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    if tasks:
        await asyncio.wait(tasks, timeout=30.0)


async def _burst(run: LoadRun, bot: _Bot, service: GameService, count: int) -> dict[str, Any]:
    """``count`` moves in ``count`` channels, arriving evenly within one second."""
    tables = list(run.tables.values())[:count]
    start = time.perf_counter()

    async def one(i: int, table: _Table) -> tuple[float, float] | None:
        arrive = start + i / max(1, len(tables))
        await asyncio.sleep(max(0.0, arrive - time.perf_counter()))
        return await run.move(bot, service, table, arrived=time.perf_counter())

    results = await asyncio.gather(*(one(i, t) for i, t in enumerate(tables)))
    done = [r for r in results if r is not None]
    acks = [a for a, _ in done]
    posts = [p for _, p in done]
    ok = len(done) == len(tables) and max(acks, default=0) <= ACK_LIMIT and max(posts, default=0) <= POST_LIMIT
    return {"burst_moves": len(tables), "burst_done": len(done), "burst_ack_s_max": round(max(acks, default=0), 3),
            "burst_posted_s_p50": round(percentile(posts, 0.5), 3),
            "burst_posted_s_max": round(max(posts, default=0), 3), "burst_pass": ok}


async def _run(channels: int, seconds: float, warmup: float, rate: float | None, burst: int, seed: int,
               db: str, render_processes: int, share: tuple[int, int] = (0, 1), start: Any = None) -> dict[str, Any]:
    """One bot process's run over its ``share`` (``(k, P)``: every P-th channel from the k-th) of the channels;
    ``start``: a barrier the processes of a ``--processes`` run pass together once set up, so their measured
    windows coincide (then the result also holds the raw figures, for :func:`merge`)."""
    part, parts = share
    store = await open_store(db)
    service = _TimedService(store)
    service.acts = []
    run = LoadRun(channels, seed, shared=parts > 1)
    bot = _Bot(service, Config(board_interval=0.0, bot_board_hold=0.0, render_processes=render_processes), run)
    background: list[asyncio.Task[Any]] = []
    try:
        from bot.discord.compose import warm_up_renderers

        await asyncio.to_thread(warm_up_renderers)
        await bot.renders.warm_up()
        background.append(asyncio.create_task(bot.poster.run(), name="load-poster"))
        background.append(asyncio.create_task(bot.scheduler.run(), name="load-clock"))
        background.append(asyncio.create_task(_lag_probe(run), name="load-lag"))
        setup = time.perf_counter()
        mine = range(part, channels, parts)
        for c in mine:
            cid = str(900_000_000_000_000_000 + c)
            users = [User(str(800_000_000_000_000_000 + c * 10 + i), f"P{c}.{i + 1}") for i in range(6)]
            run.tables[cid] = _Table(_Channel(cid), users)
        for cid in list(run.tables):
            await run.open_table(bot, service, cid)
        titles = Counter(t.snap.row.title for t in run.tables.values() if t.snap is not None)
        who = f"process {part + 1} of {parts}: " if parts > 1 else ""
        print(f"load: {who}{len(mine)} channels set up in {time.perf_counter() - setup:.1f} s ("
              + ", ".join(f"{n} {title}" for title, n in sorted(titles.items())) + ")", flush=True)
        out: dict[str, Any] = {"channels": channels, "mode": "open" if rate else "closed", "seconds": seconds,
                               "rate": rate, "render_processes": render_processes, "processes": parts,
                               "db": "postgresql" if is_postgres(db) else "sqlite"}
        if start is not None:
            await asyncio.to_thread(start.wait)  # every process is set up: the runs start together
        if seconds > 0:
            until = [time.perf_counter() + warmup + seconds]
            drivers: list[Awaitable[Any]]
            if rate:
                drivers = [_open_loop(run, bot, service, rate / parts, until)]
            else:
                drivers = [_closed_loop(run, bot, service, t, until) for t in run.tables.values()]
            driving = asyncio.gather(*drivers)
            await asyncio.sleep(warmup)
            server = await server_pids(db if is_postgres(db) else None) if part == 0 else []  # (one process counts the server's CPU)
            run.measuring = service.measuring = True
            cpu0, loop0, parts0, t0 = CpuMark.now(), thread_cpu(), parts_cpu(), time.perf_counter()
            db0 = pids_cpu(server)
            await asyncio.sleep(max(0.0, until[0] - time.perf_counter()))
            run.measuring = service.measuring = False
            cpu1, loop1, parts1, t1 = CpuMark.now(), thread_cpu(), parts_cpu(), time.perf_counter()
            db1 = pids_cpu(server)
            await driving
            n = max(1, run.done)
            server_s = sum(v - db0[pid] for pid, v in db1.items() if pid in db0)
            if parts > 1:  # the raw figures, merged over the processes by the parent
                out["raw"] = {"done": run.done, "window": t1 - t0, "moves": run.moves, "acts": service.acts,
                              "lag": run.lag, "cpu": cpu1.since(cpu0), "loop_cpu": loop1 - loop0,
                              "by_part": part_seconds(parts0, parts1, cpu0, cpu1), "server": server_s,
                              "errors": run.errors, "skipped": run.skipped}
                return out
            by_part = breakdown(parts0, parts1, cpu0, cpu1, n)
            if server:
                by_part["database server"] = round(server_s * 1000 / n, 2)
            out.update({
                "moves": run.done, "moves_per_s": round(run.done / (t1 - t0), 1), "window_s": round(t1 - t0, 2),
                "move_ms_p50": round(percentile(run.moves, 0.5), 1),
                "move_ms_p99": round(percentile(run.moves, 0.99), 1),
                "act_ms_p50": round(percentile(service.acts, 0.5), 1),
                "act_ms_p99": round(percentile(service.acts, 0.99), 1),
                "loop_lag_ms_p50": round(percentile(run.lag, 0.5), 2),
                "loop_lag_ms_p99": round(percentile(run.lag, 0.99), 2),
                "loop_lag_ms_max": round(max(run.lag, default=0.0), 2),
                "cpu_ms_per_move": round(cpu1.since(cpu0) * 1000 / n, 2),
                "loop_cpu_ms_per_move": round((loop1 - loop0) * 1000 / n, 2),
                "cpu_cores_used": round(cpu1.since(cpu0) / (t1 - t0), 2),
                "errors": run.errors, "skipped": run.skipped,
                "cpu_ms_per_move_by_part": by_part,
            })
            if server:
                out["db_server_cpu_ms_per_move"] = by_part["database server"]
            report(out)
        if burst:
            await asyncio.sleep(0.5)  # the last boards of the sustained phase go out first
            b = await _burst(run, bot, service, min(burst, channels))
            out.update(b)
            print(f"load: burst of {b['burst_moves']} moves in {b['burst_moves']} channels within 1 s: "
                  f"{b['burst_done']} done, acknowledged within {b['burst_ack_s_max']} s (limit {ACK_LIMIT:.0f} s), "
                  f"boards posted p50 {b['burst_posted_s_p50']} s, max {b['burst_posted_s_max']} s "
                  f"(limit {POST_LIMIT:.0f} s): {'PASS' if b['burst_pass'] else 'FAIL'}")
        return out
    finally:
        for task in background:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        bot.scheduler.stop()
        await service.close(timeout=2.0)
        bot.renders.close()


def _process(channels: int, seconds: float, warmup: float, rate: float | None, seed: int, db: str,
             render_processes: int, share: tuple[int, int], start: Any, results: Any) -> None:
    """One bot process of a ``--processes`` run (started by multiprocessing's ``spawn``): its share of the
    channels, its own service, poster, scheduler and drawing workers; its raw figures go to ``results``."""
    logging.getLogger("referee").setLevel(logging.WARNING)
    try:
        out = asyncio.run(_run(channels, seconds, warmup, rate, 0, seed + share[0], db, render_processes, share,
                               start))
    except BaseException as exc:
        start.abort()  # the others are not left waiting for this one
        results.put({"error": f"process {share[0] + 1}: {type(exc).__name__}: {exc}"})
        raise
    results.put(out)


def _processes(channels: int, seconds: float, warmup: float, rate: float | None, seed: int, db: str,
               render_processes: int, processes: int) -> dict[str, Any]:
    """``processes`` bot processes sharing the database ``db``, each driving its share of the channels."""
    async def migrate() -> None:  # once, before the processes start (each would otherwise wait for the others)
        store = await open_store(db)
        await store.close()

    asyncio.run(migrate())
    ctx = multiprocessing.get_context("spawn")
    start, results = ctx.Barrier(processes), ctx.Queue()
    procs = [ctx.Process(target=_process, name=f"referee-load-{k}", args=(
        channels, seconds, warmup, rate, seed, db, render_processes, (k, processes), start, results))
        for k in range(processes)]
    for p in procs:
        p.start()
    outs: list[dict[str, Any]] = []
    give_up = time.monotonic() + 600 + 4 * (warmup + seconds)
    try:
        while len(outs) < len(procs):
            try:
                outs.append(results.get(timeout=1.0))
            except queue.Empty:
                dead = [p.name for p in procs if p.exitcode not in (None, 0)]
                if dead and results.empty():  # (killed, or failed before it could say why)
                    raise RuntimeError(f"bot process(es) {', '.join(dead)} ended without a result") from None
                if time.monotonic() > give_up:
                    raise RuntimeError("the bot processes did not finish in time") from None
    finally:
        for p in procs:
            p.join(timeout=60)
            if p.is_alive():
                p.kill()
    failed = [o["error"] for o in outs if "error" in o]
    if failed:
        raise RuntimeError("; ".join(failed))
    out = merge(outs) if seconds > 0 else outs[0]
    if seconds > 0:
        report(out)
        print("load: moves/s by process: " + ", ".join(str(x) for x in out["moves_per_s_by_process"]))
    return out


def run(channels: int, seconds: float = 30.0, warmup: float = 5.0, rate: float | None = None, burst: int = 0,
        seed: int = 1, db: str | None = None, render_processes: int = Config.render_processes,
        processes: int = 1) -> dict[str, Any]:
    """``referee bench --load N``: see the module docstring. Prints readable lines, then one JSON line.

    ``db``: a SQLite file or a ``postgresql://`` URL (default: a new temporary SQLite file); ``processes``: that
    many bot processes share it, each driving every ``processes``-th channel (the open loop's rate split
    between them), their figures merged."""
    if channels < 1:
        raise ValueError("--load needs at least one channel")
    if processes < 1 or processes > channels:
        raise ValueError("--processes must be between 1 and the number of channels")
    if burst and processes > 1:
        raise ValueError("--burst runs in one process (give --processes 1)")
    logging.getLogger("referee").setLevel(logging.WARNING)
    with tempfile.TemporaryDirectory() as tmp:
        target = db or str(Path(tmp) / "load.sqlite3")
        if processes > 1:
            if not is_postgres(target):
                print("load: note: the processes share one SQLite file: its writes take turns on the file's one "
                      "lock (PostgreSQL is the store for several processes)", flush=True)
            out = _processes(channels, seconds, warmup, rate, seed, target, render_processes, processes)
        else:
            out = asyncio.run(_run(channels, seconds, warmup, rate, burst, seed, target, render_processes))
    print(json.dumps(out))
    return out


__all__ = ["CpuMark", "LoadRun", "run"]
