"""Board pictures drawn in their own worker pool (issue 24): never in the engine's executor, the bots' pool or the
event loop's default threads, so a move's commit never waits behind another channel's drawing.

:class:`RenderPool` draws the phone image of every board message, the full board (🔍) and a player's hand. With
``processes`` > 0 (the bot's default, ``[discord] render_processes``) it is that many one-worker
:class:`~concurrent.futures.ProcessPoolExecutor` (``spawn``), a channel's boards always drawn by the same one
(its piece cache holds the channel's last picture): drawing and encoding are Python and Pillow work
that holds the GIL, and in worker processes they neither hold the event loop nor the engine's thread. Each worker
ends with its parent (also on ``kill -9``, as the bots' workers do), fills the renderers' caches once at its
start, and gets only plain data (the public view, the names, the language) and returns PNG bytes. With
``processes=0`` it is a small thread pool of its own instead (tests, and machines where processes cost more).

:meth:`RenderPool.close` never waits: what is being drawn is dropped (the board post stays pending in the outbox
and is delivered after a restart) and the workers are ended.
"""
from __future__ import annotations

import asyncio
import functools
import gc
import logging
import multiprocessing
import zlib
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from bot.table.botpool import end_with_parent
from render import api

log = logging.getLogger("referee")

T = TypeVar("T")

#: threads drawing when the pool is not processes
THREADS = 2


def _worker_init() -> None:
    """Each render worker once: end with the parent, fill the renderers' caches (fonts, glyphs, static art) so the
    first board is as fast as the rest, and keep what that made out of the collector's sight."""
    from .compose import warm_up_renderers

    end_with_parent()
    warm_up_renderers()
    gc.collect()
    gc.freeze()


def _ready() -> bool:
    return True


class RenderPool:
    """Where board pictures are drawn (see the module docstring).

    With processes, each worker is a pool of one of its own and a channel's boards always go to the same worker
    (by ``key``, the channel): a phone image is put together from pieces kept in the worker's cache
    (render/phone.py), so the worker that drew the channel's last board redraws only what the move changed."""

    def __init__(self, processes: int = 2) -> None:
        if processes < 0:
            raise ValueError("render processes must be 0 (threads) or more")
        self.processes = processes
        self._executors: list[Executor | None] = [None] * max(1, processes)
        self._closed = False
        self.restarts = 0

    def _worker(self, key: str) -> int:
        """The worker of ``key`` (stable between runs: not Python's salted string hash)."""
        return zlib.crc32(key.encode()) % len(self._executors) if key else 0

    def _pool(self, worker: int) -> Executor:
        if self._closed:
            raise RuntimeError("the render pool is closed")
        executor = self._executors[worker]
        if executor is None:
            if self.processes:
                executor = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                               initializer=_worker_init)
            else:
                executor = ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="referee-render")
            self._executors[worker] = executor
        return executor

    async def _run(self, worker: int, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(worker), functools.partial(fn, *args))
        except BrokenProcessPool:
            if self._closed:
                raise
            log.warning("the render pool broke (a worker died); starting a new pool and drawing again")
            self.restarts += 1
            broken, self._executors[worker] = self._executors[worker], None
            if broken is not None:
                broken.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._pool(worker), functools.partial(fn, *args))

    async def warm_up(self) -> None:
        """Start the workers now (each fills its caches), so the first board does not wait for them."""
        if self.processes:
            await asyncio.gather(*(self._run(w, _ready) for w in range(self.processes)))
        else:
            from .compose import warm_up_renderers

            await self._run(0, warm_up_renderers)

    async def phone(self, view: Mapping[str, Any], names: Sequence[str], locale: str, key: str = "") -> bytes:
        """PNG of the phone-first image a board message shows (:func:`render.api.phone`), drawn by the worker of
        ``key`` (the channel; without one, of the names)."""
        return await self._run(self._worker(key or "\n".join(names)), api.phone, dict(view), list(names), locale)

    async def board(self, view: Mapping[str, Any], names: Sequence[str], locale: str) -> bytes:
        """PNG of the full public board (🔍, :func:`render.api.board`)."""
        return await self._run(self._worker("\n".join(names)), api.board, dict(view), list(names), locale)

    async def hand(self, public_view: Mapping[str, Any], private_view: Mapping[str, Any], names: Sequence[str],
                   locale: str) -> bytes:
        """PNG of one player's private image (:func:`render.api.hand`)."""
        return await self._run(self._worker("\n".join(names)), api.hand, dict(public_view), dict(private_view),
                               list(names), locale)

    def close(self) -> None:
        """Stop drawing without waiting: queued drawings are cancelled, running workers ended."""
        self._closed = True
        executors, self._executors = self._executors, [None] * len(self._executors)
        for executor in executors:
            if executor is None:
                continue
            workers = list((getattr(executor, "_processes", None) or {}).values())
            executor.shutdown(wait=False, cancel_futures=True)
            for p in workers:
                if p.is_alive():
                    p.terminate()
