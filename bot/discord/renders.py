"""Board pictures drawn in their own worker pool (issue 24): never in the engine's executor, the bots' pool or the
event loop's default threads, so a move's commit never waits behind another channel's drawing.

:class:`RenderPool` draws the phone image of every board message, the full board (🔍) and a player's hand. With
``processes`` > 0 (the bot's default, ``[discord] render_processes``) it is a
:class:`~concurrent.futures.ProcessPoolExecutor` (``spawn``): drawing and encoding are Python and Pillow work
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
    """Where board pictures are drawn (see the module docstring)."""

    def __init__(self, processes: int = 2) -> None:
        if processes < 0:
            raise ValueError("render processes must be 0 (threads) or more")
        self.processes = processes
        self._executor: Executor | None = None
        self._closed = False
        self.restarts = 0

    def _pool(self) -> Executor:
        if self._closed:
            raise RuntimeError("the render pool is closed")
        if self._executor is None:
            if self.processes:
                self._executor = ProcessPoolExecutor(max_workers=self.processes,
                                                     mp_context=multiprocessing.get_context("spawn"),
                                                     initializer=_worker_init)
            else:
                self._executor = ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="referee-render")
        return self._executor

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(), functools.partial(fn, *args))
        except BrokenProcessPool:
            if self._closed:
                raise
            log.warning("the render pool broke (a worker died); starting a new pool and drawing again")
            self.restarts += 1
            broken, self._executor = self._executor, None
            if broken is not None:
                broken.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._pool(), functools.partial(fn, *args))

    async def warm_up(self) -> None:
        """Start the workers now (each fills its caches), so the first board does not wait for them."""
        if self.processes:
            await asyncio.gather(*(self._run(_ready) for _ in range(self.processes)))
        else:
            from .compose import warm_up_renderers

            await self._run(warm_up_renderers)

    async def phone(self, view: Mapping[str, Any], names: Sequence[str], locale: str) -> bytes:
        """PNG of the phone-first image a board message shows (:func:`render.api.phone`)."""
        return await self._run(api.phone, dict(view), list(names), locale)

    async def board(self, view: Mapping[str, Any], names: Sequence[str], locale: str) -> bytes:
        """PNG of the full public board (🔍, :func:`render.api.board`)."""
        return await self._run(api.board, dict(view), list(names), locale)

    async def hand(self, public_view: Mapping[str, Any], private_view: Mapping[str, Any], names: Sequence[str],
                   locale: str) -> bytes:
        """PNG of one player's private image (:func:`render.api.hand`)."""
        return await self._run(api.hand, dict(public_view), dict(private_view), list(names), locale)

    def close(self) -> None:
        """Stop drawing without waiting: queued drawings are cancelled, running workers ended."""
        self._closed = True
        executor, self._executor = self._executor, None
        if executor is None:
            return
        workers = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for p in workers:
            if p.is_alive():
                p.terminate()
