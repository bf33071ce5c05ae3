"""/health and /metrics (issue 19), through HTTP against a started endpoint on an ephemeral loopback port."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

import aiohttp
import pytest

from bot.discord.ops import LAG_EVERY, Ops, Sources, gateway_connected
from bot.table.errors import StorageError
from tests.bot.conftest import USERS, started


async def get(ops: Ops, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{ops.port}{path}") as r:
        return r.status, await r.text()


def value(text: str, name: str) -> float:
    """The value of one sample line (``name`` with its labels) in the Prometheus text."""
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    raise AssertionError(f"{name} not in /metrics")


class World:
    """What the endpoint looks at: a gateway that is up or down, a database that answers or not."""

    def __init__(self) -> None:
        self.connected = True
        self.database_up = True

    async def counts(self) -> dict[str, int]:
        if not self.database_up:
            raise StorageError("unavailable", "the database does not answer")
        return {"active_games": 7, "pending_posts": 2, "jobs": 11}


@pytest.fixture
async def endpoint():
    world = World()
    scheduler = SimpleNamespace(fired=5, lost=1)
    poster = SimpleNamespace(delivered=40, retried=3, failed=1)
    ops = Ops(Sources(lambda: world.connected, world.counts, scheduler, poster))
    await ops.start(0)
    yield ops, world
    await ops.stop()


async def test_health_is_200_only_while_the_gateway_is_connected_and_the_database_answers(endpoint) -> None:
    ops, world = endpoint
    assert ops.port > 0
    status, body = await get(ops, "/health")
    assert status == 200 and '"ok": true' in body
    world.connected = False
    status, body = await get(ops, "/health")
    assert status == 503 and '"gateway": false' in body and '"database": true' in body
    world.connected, world.database_up = True, False
    status, body = await get(ops, "/health")
    assert status == 503 and '"database": false' in body
    world.database_up = True
    assert (await get(ops, "/health"))[0] == 200


async def test_metrics_in_the_prometheus_text_format(endpoint) -> None:
    ops, world = endpoint
    ops.moved("player", 0.004)
    ops.moved("player", 0.030)
    ops.moved("bot", 0.2)
    status, text = await get(ops, "/metrics")
    assert status == 200
    assert value(text, 'referee_moves_total{kind="player"}') == 2
    assert value(text, 'referee_moves_total{kind="bot"}') == 1
    assert value(text, "referee_move_seconds_count") == 3
    assert value(text, 'referee_move_seconds_bucket{le="0.005"}') == 1
    assert value(text, 'referee_move_seconds_bucket{le="0.25"}') == 3
    assert value(text, "referee_jobs_fired_total") == 5 and value(text, "referee_jobs_lost_total") == 1
    assert "referee_jobs_listening" not in text  # SQLite: no notifications to listen for
    ops.sources.listening = lambda: False  # PostgreSQL, its listener reconnecting
    assert value((await get(ops, "/metrics"))[1], "referee_jobs_listening") == 0
    ops.sources.listening = lambda: True
    assert value((await get(ops, "/metrics"))[1], "referee_jobs_listening") == 1
    assert value(text, 'referee_posts_total{outcome="delivered"}') == 40
    assert value(text, 'referee_posts_total{outcome="retried"}') == 3
    assert value(text, 'referee_posts_total{outcome="failed"}') == 1
    assert value(text, "referee_pending_posts") == 2 and value(text, "referee_active_games") == 7
    assert value(text, "referee_jobs") == 11 and value(text, "referee_gateway_connected") == 1
    assert "referee_event_loop_lag_seconds" in text
    world.database_up = False  # a failing database leaves the last counts (and /health says 503)
    status, text = await get(ops, "/metrics")
    assert status == 200 and value(text, "referee_active_games") == 7


async def test_the_event_loop_lag_is_how_late_a_short_sleep_wakes() -> None:
    now = [100.0]
    world = World()
    # the loop was blocked: each sleep of LAG_EVERY seconds wakes 0.25 s late
    probe = Ops(Sources(lambda: True, world.counts), now=lambda: now[0], sleep=lambda s: _advance(now, s + 0.25))
    task = asyncio.create_task(probe._probe_lag())
    for _ in range(5):
        await asyncio.sleep(0)
    task.cancel()
    assert probe.lag == pytest.approx(0.25) and LAG_EVERY == 1.0


async def _advance(now: list[float], seconds: float) -> None:
    now[0] += seconds
    await asyncio.sleep(0)


async def test_the_service_reports_every_stored_move(service) -> None:
    world = World()
    ops = Ops(Sources(lambda: True, world.counts))
    service.on_move = ops.moved
    snap = await started(service, n=2)
    p = snap.prompts[0]
    await service.act("chan", USERS[p.seat], p.options[0].action)
    assert ops.moves.labels("player")._value.get() == 1
    assert (await service.store.counts())["active_games"] == 1


def test_the_gateway_is_connected_when_ready_and_every_shard_is_open() -> None:
    shard = SimpleNamespace(is_closed=lambda: False)
    down = SimpleNamespace(is_closed=lambda: True)

    def client(ready: bool, closed: bool = False, shards: dict | None = None) -> SimpleNamespace:
        c = SimpleNamespace(is_ready=lambda: ready, is_closed=lambda: closed)
        if shards is not None:
            c.shards = shards
        return c

    assert gateway_connected(client(True)) and not gateway_connected(client(False))
    assert not gateway_connected(client(True, closed=True))
    assert gateway_connected(client(True, shards={0: shard, 1: shard}))
    assert not gateway_connected(client(True, shards={0: shard, 1: down}))
