"""``/health`` and ``/metrics`` for operators (issue 19): a tiny HTTP endpoint on a loopback port
(``[metrics] port``; off by default).

* ``GET /health`` answers 200 while the Discord gateway is connected (every shard of this process) and the
  database answers, else 503; the body (JSON) says which part failed.
* ``GET /metrics`` is the Prometheus text format (``prometheus_client``): moves applied by kind and their latency
  (the engine and the transaction of one move), timed jobs fired and jobs taken over by another process, board
  posts delivered / retried / failed, posts pending, active games, timed jobs stored, and the event loop's lag
  (how late a short sleep wakes up: a blocked loop delays every interaction).

Each endpoint has its own registry (several in one test process never clash). Time comes from injected
functions: ``now`` (a monotonic clock) and ``sleep`` for the lag probe.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

log = logging.getLogger("referee.ops")

#: move latency buckets, seconds (a move is typically a few milliseconds; a slow engine call or a busy database more)
MOVE_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
#: how often the lag probe wakes up, and how long /health waits for the database
LAG_EVERY, PROBE_TIMEOUT = 1.0, 2.0


@dataclass
class Sources:
    """Where the numbers come from (the running bot's parts; each may be missing in a test)."""

    #: whether the Discord gateway is connected (every shard of this process)
    gateway: Callable[[], bool]
    #: the database's counts (:meth:`~bot.table.ports.Repository.counts`); raises when it does not answer
    counts: Callable[[], Awaitable[dict[str, int]]]
    #: the scheduler and the poster (their ``fired``/``lost`` and ``delivered``/``retried``/``failed`` counters)
    scheduler: Any = None
    poster: Any = None
    #: whether this process listens for the jobs other processes plan (PostgreSQL's NOTIFY: ``True``/``False``;
    #: ``None``: the store has no such channel, SQLite)
    listening: Callable[[], bool | None] = lambda: None


class _Live(Collector):
    """The counters the scheduler and the poster keep, and the database's counts as of the last scrape."""

    def __init__(self, ops: Ops) -> None:
        self.ops = ops

    def collect(self) -> Iterable[Metric]:
        s = self.ops.sources
        yield CounterMetricFamily("referee_jobs_fired", "Timed jobs fired by this process",
                                  value=getattr(s.scheduler, "fired", 0))
        yield CounterMetricFamily("referee_jobs_lost", "Claimed jobs another process took over (this one stalled)",
                                  value=getattr(s.scheduler, "lost", 0))
        posts = CounterMetricFamily("referee_posts", "Board posts by outcome in this process", labels=["outcome"])
        for outcome in ("delivered", "retried", "failed"):
            posts.add_metric([outcome], getattr(s.poster, outcome, 0))
        yield posts
        for key, help_text in (("pending_posts", "Board posts not yet delivered (all processes)"),
                               ("active_games", "Games in play (all processes)"),
                               ("jobs", "Timed jobs stored (all processes)")):
            if key in self.ops.counts:
                yield GaugeMetricFamily(f"referee_{key}", help_text, value=self.ops.counts[key])
        yield GaugeMetricFamily("referee_event_loop_lag_seconds", "How late the event loop woke from a short sleep",
                                value=self.ops.lag)
        yield GaugeMetricFamily("referee_gateway_connected", "1 while the Discord gateway is connected",
                                value=1.0 if self.ops.gateway_ok() else 0.0)
        listening = s.listening()
        if listening is not None:
            yield GaugeMetricFamily("referee_jobs_listening", "1 while this process hears the jobs other processes"
                                    " plan (PostgreSQL NOTIFY); 0: reconnecting, its scheduler polls meanwhile",
                                    value=1.0 if listening else 0.0)


class Ops:
    """The endpoint: :meth:`start` on a port (0: an ephemeral one, see :attr:`port`), :meth:`stop` at shutdown.
    :meth:`moved` is the service's ``on_move``."""

    def __init__(self, sources: Sources, *, now: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.sources, self.now, self.sleep = sources, now, sleep
        self.registry = CollectorRegistry()
        self.moves = Counter("referee_moves", "Moves applied (kind: player, timeout, bot)", ["kind"],
                             registry=self.registry)
        self.move_seconds = Histogram("referee_move_seconds", "Time to apply and store one move (engine and"
                                      " transaction)", buckets=MOVE_BUCKETS, registry=self.registry)
        self.registry.register(_Live(self))
        self.counts: dict[str, int] = {}
        self.lag = 0.0
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._lag_task: asyncio.Task[None] | None = None

    def moved(self, kind: str, seconds: float) -> None:
        self.moves.labels(kind).inc()
        self.move_seconds.observe(seconds)

    def gateway_ok(self) -> bool:
        try:
            return bool(self.sources.gateway())
        except Exception:
            return False

    async def _database_ok(self) -> bool:
        try:
            self.counts = await asyncio.wait_for(self.sources.counts(), PROBE_TIMEOUT)
            return True
        except Exception as exc:  # StorageError, a timeout …: not healthy
            log.warning("health: the database does not answer (%s)", type(exc).__name__)
            return False

    async def health(self, request: web.Request) -> web.Response:
        gateway, database = self.gateway_ok(), await self._database_ok()
        ok = gateway and database
        return web.Response(status=200 if ok else 503, content_type="application/json",
                            text=json.dumps({"ok": ok, "gateway": gateway, "database": database}))

    async def metrics(self, request: web.Request) -> web.Response:
        await self._database_ok()  # the gauges from the database, as of now (kept from before if it fails)
        body = generate_latest(self.registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _probe_lag(self) -> None:
        while True:
            before = self.now()
            await self.sleep(LAG_EVERY)
            self.lag = max(0.0, self.now() - before - LAG_EVERY)

    async def start(self, port: int, host: str = "127.0.0.1") -> None:
        app = web.Application()
        app.router.add_get("/health", self.health)
        app.router.add_get("/metrics", self.metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = getattr(site, "_server", None)
        sockets = getattr(server, "sockets", None) or []
        self.port = int(sockets[0].getsockname()[1]) if sockets else port
        # named "referee-background-…": it runs for the process's life, on purpose
        self._lag_task = asyncio.create_task(self._probe_lag(), name="referee-background-lag-probe")
        log.info("/health and /metrics on http://%s:%d", host, self.port)

    async def stop(self) -> None:
        if self._lag_task is not None:
            self._lag_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._lag_task
            self._lag_task = None
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


def gateway_connected(client: Any) -> bool:
    """Whether a client's gateway connection is up: ready, not closed, and (sharded) every shard open."""
    if client.is_closed() or not client.is_ready():
        return False
    shards = getattr(client, "shards", None)
    if isinstance(shards, dict):
        return all(not shard.is_closed() for shard in shards.values())
    return True
