"""Running until told to stop: SIGINT/SIGTERM end the work cleanly instead of interrupting it anywhere."""
from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

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
