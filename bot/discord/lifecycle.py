"""Running until told to stop: SIGINT/SIGTERM end the work cleanly instead of interrupting it anywhere."""
from __future__ import annotations

import asyncio
import logging
import os
import queue
import signal
import threading
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

log = logging.getLogger("referee")

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


async def serve_until_signal(
    work: Coroutine[Any, Any, Any],
    shutdown: Callable[[], Awaitable[None]],
    signals: tuple[signal.Signals, ...] = STOP_SIGNALS,
    cancel_grace: float = 1.0,
) -> bool:
    """Run ``work`` until it ends or one of ``signals`` arrives.

    On a signal: ``shutdown()`` runs first (stop taking requests, finish those in flight, close the
    database), then ``work`` is cancelled and given ``cancel_grace`` seconds to unwind. Returns ``True`` if
    a signal stopped it. An exception of ``work`` itself propagates (after the handlers are removed).
    """
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in signals:
        loop.add_signal_handler(sig, stop.set)
    task: asyncio.Task[Any] = asyncio.ensure_future(work)
    stopper = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({task, stopper}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for sig in signals:
            loop.remove_signal_handler(sig)
        stopper.cancel()
    if task.done():
        task.result()
        return False
    log.info("stop signal received: finishing the moves in flight")
    try:
        await shutdown()
    finally:
        task.cancel()
        try:
            await asyncio.wait_for(task, cancel_grace)
        except (asyncio.CancelledError, TimeoutError):
            pass
        except Exception as exc:  # e.g. a request cut off by closing the connection: expected when stopping
            log.info("stopped: %s", exc.__class__.__name__)
    return True


class DaemonThreads(ThreadPoolExecutor):
    """The event loop's default executor (``asyncio.to_thread``: rendering a board or a recap, replaying a game)
    whose threads never hold the process: ``shutdown(wait=False)`` returns at once, and a thread still drawing
    a recap GIF is a daemon, dropped when the process exits. The standard ``ThreadPoolExecutor`` is joined at
    exit, so ``asyncio.run`` and the interpreter waited for a 7–9 s recap after a stop signal (issue 23).

    A ``ThreadPoolExecutor`` by type only (asyncio's default executor must be one): it runs its own daemon
    threads and overrides everything the loop calls (``submit``, ``shutdown``)."""

    def __init__(self, workers: int | None = None) -> None:  # not super().__init__(): no joined threads
        self.workers = workers or min(32, (os.cpu_count() or 1) + 4)
        self._jobs: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]] | None] = queue.SimpleQueue()
        self._daemons: list[threading.Thread] = []
        self._free = 0
        self._guard = threading.Lock()
        self._closed = False

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        with self._guard:
            if self._closed:
                raise RuntimeError("cannot schedule new futures after shutdown")
            future: Future[T] = Future()
            self._jobs.put((future, lambda: fn(*args, **kwargs)))
            if self._free == 0 and len(self._daemons) < self.workers:
                thread = threading.Thread(target=self._work, name=f"referee-thread-{len(self._daemons)}", daemon=True)
                self._daemons.append(thread)
                thread.start()
            else:
                self._free -= 1 if self._free else 0
            return future

    def _work(self) -> None:
        while True:
            item = self._jobs.get()
            if item is None:
                return
            future, call = item
            if future.set_running_or_notify_cancel():
                try:
                    result = call()
                except BaseException as exc:
                    future.set_exception(exc)
                else:
                    future.set_result(result)
                del future, call
            with self._guard:
                self._free += 1

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._guard:
            self._closed = True
            if cancel_futures:
                while True:
                    try:
                        item = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if item is not None:
                        item[0].cancel()
            for _ in self._daemons:
                self._jobs.put(None)
        if wait:
            for thread in self._daemons:
                thread.join()

    @property
    def busy(self) -> int:
        """Threads still running a call (for the shutdown's log line)."""
        return sum(t.is_alive() for t in self._daemons) - self._free


def run_until_done(main: Coroutine[Any, Any, T], threads: DaemonThreads | None = None) -> T:
    """``asyncio.run(main)``, except that it never waits for a thread still working (a recap being drawn): its
    result is not needed any more, and what it was for resumes after the restart. Tasks left over are
    cancelled and given their turn to unwind, as ``asyncio.run`` does."""
    threads = threads or DaemonThreads()
    loop = asyncio.new_event_loop()
    loop.set_default_executor(threads)
    try:
        return loop.run_until_complete(main)
    finally:
        try:
            left = [t for t in asyncio.all_tasks(loop) if not t.done()]
            for task in left:
                task.cancel()
            if left:
                loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
        finally:
            threads.shutdown(wait=False, cancel_futures=True)
            if threads.busy > 0:
                log.info("stopped without waiting for %d worker thread(s) still drawing", threads.busy)
            loop.close()
