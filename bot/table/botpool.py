"""Bot decisions off the event loop, in a process pool (issue 11).

A bot's decision is CPU work (a ``normal`` bot searches for ``budget_ms``); it runs in a worker *process*
so it never holds the event loop nor the GIL the other channels' moves need. :class:`BotPool` owns one
:class:`~concurrent.futures.ProcessPoolExecutor` (``spawn`` context, ``[bots] workers`` processes, 1 by
default), made on the first decision and shut down with the service. If a worker dies (the pool breaks),
the pool is made afresh once for that decision and the log says so. Tests may hand in any executor (a
thread pool, or a slow fake decider) instead.

What runs in the worker is :func:`decide_in_worker`: it takes only plain data (the game's id, its state,
the seat, the seed and the budget), builds the stop rule there (a time budget or, reproducibly, an
iteration count) and calls :func:`engines.bots.decide`, which hands the bot only the seat's information
state.
"""
from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from engines.bots import DEFAULT_LEVEL, LEVELS

log = logging.getLogger("referee.bots")


@dataclass(frozen=True)
class BotConfig:
    """``[bots]`` in config.toml."""

    #: the level of a bot added without one (``/game addbot``, ``bots:N``, ``--players ann,bot``)
    level: str = DEFAULT_LEVEL
    #: worker processes thinking for bots (decisions of all channels queue for them)
    workers: int = 1
    #: the time a searching bot (``normal``) thinks per decision; ``easy``/``random`` are instant
    budget_ms: float = 700.0
    #: > 0: search this many iterations instead of a time budget (reproducible; tests and replays)
    iterations: int = 0

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"[bots] level must be one of {', '.join(LEVELS)}, not {self.level!r}")
        if self.workers < 1 or self.budget_ms <= 0 or self.iterations < 0:
            raise ValueError("[bots] workers must be at least 1, budget_ms above 0, iterations 0 or more")


def decision_seed(game_seed: int | None, version: int, seat: int) -> int:
    """The seed of one decision: from the game's seed, the move number and the seat (deterministic, so a
    bot's game can be replayed from its log with the same decisions under an iteration budget)."""
    return ((game_seed or 0) * 7919 + version * 31 + seat) % (1 << 62)


def decide_in_worker(level: str, title: str, state: dict[str, Any], seat: int, seed: int, budget_ms: float,
                     iterations: int) -> str:
    """One decision (runs in a worker process; everything it takes and returns pickles)."""
    from engines import get_game
    from engines.bots import decide
    from engines.bots import iterations as count

    if iterations > 0:
        stop = count(iterations)
    else:
        deadline = time.perf_counter() + budget_ms / 1000.0

        def stop(done: int) -> bool:
            return done > 0 and time.perf_counter() >= deadline

    return decide(level, get_game(title), state, seat, seed, stop)


def _warm() -> bool:
    """Import the engines in a fresh worker (so the first real decision does not pay for it)."""
    import engines.bots  # noqa: F401
    from engines import available_games, get_game

    for title in available_games():
        get_game(title)
    return True


class BotPool:
    """The service's worker pool for bot decisions (see the module docstring)."""

    def __init__(self, config: BotConfig | None = None, executor: Executor | None = None,
                 factory: Callable[[int], Executor] | None = None) -> None:
        self.config = config or BotConfig()
        self._executor = executor
        self._own = executor is None
        self._factory = factory or _process_pool
        self.restarts = 0
        self._closed = False

    def _pool(self) -> Executor:
        if self._closed:
            raise RuntimeError("the bot pool is closed")
        if self._executor is None:
            self._executor = self._factory(self.config.workers)
        return self._executor

    async def warm_up(self) -> None:
        """Start the workers and import the engines there (optional; the first decision does it otherwise)."""
        await asyncio.wrap_future(self._pool().submit(_warm))

    async def decide(self, level: str, title: str, state: dict[str, Any], seat: int, seed: int,
                     iterations: int | None = None) -> str:
        """The bot's action for ``seat``, computed in a worker; the event loop only waits for it."""
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
        n = self.config.iterations if iterations is None else iterations
        args = (level, title, state, seat, seed, self.config.budget_ms, n)
        try:
            return await asyncio.wrap_future(self._pool().submit(decide_in_worker, *args))
        except BrokenProcessPool:
            if not self._own or self._closed:  # closing terminated the workers: no new pool now
                raise
            log.warning("the bot worker pool broke (a worker died); starting a new pool and deciding again")
            self.restarts += 1
            broken, self._executor = self._executor, None
            if broken is not None:
                broken.shutdown(wait=False, cancel_futures=True)
            return await asyncio.wrap_future(self._pool().submit(decide_in_worker, *args))

    def close(self) -> None:
        """Shut the workers down (the service's close) without waiting for a decision in progress: its workers
        are terminated (the decision's job stays stored and is made again after a restart). A pool handed in
        by a test is the test's to close."""
        self._closed = True
        executor, self._executor = self._executor, None
        if executor is not None and self._own:
            # the standard library offers no way to stop a running worker before Python 3.14's terminate_workers()
            workers = list((getattr(executor, "_processes", None) or {}).values())
            executor.shutdown(wait=False, cancel_futures=True)
            for p in workers:
                if p.is_alive():
                    p.terminate()


#: the garbage collector's thresholds in a worker: a search makes and drops states by the thousand, and
#: the default (700 new objects) collects so often that Alhambra's searches spent about a fifth of their time in it
WORKER_GC_THRESHOLDS = (50_000, 20, 100)


def _end_with_parent() -> None:
    """End this worker when the process that started it ends, however it ends (``kill -9`` included).

    A spawned worker holds the read end of a pipe whose write end only its parent holds
    (``multiprocessing.parent_process().sentinel``); it becomes readable when the parent is gone. A daemon
    thread waits on it and ends the worker at once, so no worker (nor multiprocessing's resource tracker,
    which lives while a worker holds its pipe) outlives a killed bot (issue 21)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        parent.join()  # returns when the parent's pipe closes: the parent has ended
        os._exit(0)

    threading.Thread(target=watch, name="referee-parent-watch", daemon=True).start()


#: for other worker pools (the board renderers' processes): end with the process that started them
end_with_parent = _end_with_parent


def _worker_init() -> None:
    """Each worker once: end with the parent (:func:`_end_with_parent`), import the engines, move what the
    imports made out of the collector's sight (``gc.freeze``: module data is never garbage) and collect less
    often. Reference counting still frees a search's states at once; only reference cycles wait for a
    collection."""
    _end_with_parent()
    _warm()
    set_worker_gc()


def set_worker_gc() -> None:
    """The collector as a bot worker runs it: everything alive now frozen (never garbage), then
    :data:`WORKER_GC_THRESHOLDS` (``referee bench`` measures the engine this way too)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*WORKER_GC_THRESHOLDS)


def _process_pool(workers: int) -> Executor:
    # spawn: a clean interpreter per worker (no forked event loop, sockets or SQLite connection)
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_worker_init)


__all__ = ["BotConfig", "BotPool", "decide_in_worker", "decision_seed", "end_with_parent"]
