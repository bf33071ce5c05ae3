"""Issue 19: the PostgreSQL store is correct across processes. Real OS processes (``pgworker.py``) on one
database: moves on one channel lose nothing, 2,000 jobs claimed at once fire exactly once each; two processes
migrating a fresh database at once; two joins at once keep both; a channel lock held too long is refused as
``busy``. Runs where ``REFEREE_TEST_PG`` names a server (``tests/bot/pgkit.py``)."""
from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.store.postgres import PgStore
from bot.store.postgres.connection import CHANNEL_LOCK
from bot.store.postgres.schema import MIGRATIONS, VERSION_TABLE
from bot.table.errors import StorageError, VersionConflict
from bot.table.model import User
from bot.table.service import GameService
from tests.bot.conftest import started
from tests.bot.pgkit import blocking, with_database

ROOT = Path(__file__).resolve().parents[3]


async def workers(*argvs: list[str]) -> list[dict[str, Any]]:
    """Run ``pgworker`` processes at once; their JSON reports."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [await asyncio.create_subprocess_exec(sys.executable, "-m", "tests.bot.store.pgworker", *argv, cwd=ROOT,
                                                  env=env, stdout=asyncio.subprocess.PIPE,
                                                  stderr=asyncio.subprocess.PIPE) for argv in argvs]
    outs = []
    for p in procs:
        out, err = await asyncio.wait_for(p.communicate(), 300)
        assert p.returncode == 0, err.decode()[-2000:]
        outs.append(json.loads(out.decode().strip().splitlines()[-1]))
    return outs


@pytest.mark.parametrize("hold", ["hold", "bare"])
async def test_moves_on_one_channel_from_three_processes_lose_nothing(pg_url: str, hold: str) -> None:
    """Holding the channel (as the service does), no move is even retried; without it (the move transaction's
    own advisory lock and the version guard alone) moves are retried, and still none is lost."""
    store = await PgStore.open(pg_url)
    try:
        row = await store.create_game("chan", "guild", "alhambra", "u0", "Ann", {}, "en", 1.0)
        await store.start_game(row.id, 7, {"n": 0}, [], 1.0)
        per, names = 300, ["a", "b", "c"]
        reports = await workers(*[["moves", pg_url, str(row.id), str(per), n, hold] for n in names])
        done = await store.game(row.id)
        log = await store.moves(row.id)
    finally:
        await store.close()
    assert done is not None and done.version == per * len(names) and done.state is not None
    assert done.state["n"] == per * len(names), "every stored move was computed from the one before it"
    assert [m.seq for m in log] == list(range(per * len(names) + 1))
    actions = [m.action for m in log[1:]]
    assert sorted(actions) == sorted(f"{n}-{i}" for n in names for i in range(per)), "each move once, none lost"
    if hold == "hold":
        assert [r["retries"] for r in reports] == [0, 0, 0]
    print(f"\n3 processes x {per} moves on one channel ({hold}): retries {[r['retries'] for r in reports]}, "
          f"ms per stored move {[round(r['ms_per_move'], 2) for r in reports]}")


async def test_presses_on_one_channel_from_three_processes_store_exactly_the_legal_moves(pg_url: str) -> None:
    """Three bot processes serve one channel's presses through the game service: every stored move was legal
    where it landed (the log replays from the seed to the stored state), none is lost or doubled."""
    store = await PgStore.open(pg_url)
    service = GameService(store)
    try:
        await started(service, "alhambra", channel="chan", seed=3)
        reports = await workers(*[["presses", pg_url, "chan", "334", str(i)] for i in range(3)])
        row = await store.latest_game("chan")
        assert row is not None
        log = await store.moves(row.id)
        replayed = await service.replay(row.id)
    finally:
        await service.close()
    stored = sum(int(r["stored"]) for r in reports)
    assert stored > 300 and row.version == stored, reports
    assert [m.seq for m in log] == list(range(stored + 1))
    assert replayed == row.state, "the log replays to the stored state: every move was legal where it landed"
    print(f"\n3 processes x 334 presses on one channel: {reports}")


async def test_twenty_thousand_jobs_claimed_by_four_processes_fire_once_each(pg_url: str) -> None:
    store = await PgStore.open(pg_url)
    try:
        async with store.transaction() as conn:
            await conn.execute("INSERT INTO jobs (game_id, seat, kind, due, version) "
                               "SELECT g % 50, NULL, 'deadline', g % 100, 0 FROM generate_series(1, 20000) AS g")
        reports = await workers(*[["jobs", pg_url, f"p{i}"] for i in range(4)])
        left = await store.jobs.next_due()
    finally:
        await store.close()
    fired = [j for r in reports for j in r["fired"]]
    assert len(fired) == 20000 and len(set(fired)) == 20000, f"{len(fired) - len(set(fired))} jobs fired twice"
    assert left is None
    assert all(r["fired"] for r in reports), "every process took part"
    print(f"\n20,000 jobs, 4 processes: fired {[len(r['fired']) for r in reports]}, none twice")


async def test_two_processes_migrating_a_fresh_database_at_once(pg_server: Any) -> None:
    url = await asyncio.to_thread(blocking, pg_server.fresh(migrated=False))
    try:
        stores = await asyncio.gather(PgStore.open(url), PgStore.open(url), PgStore.open(url))
        assert [await s.schema_version() for s in stores] == [len(MIGRATIONS)] * 3
        conn = await asyncpg.connect(url)
        try:
            assert await conn.fetchval(f"SELECT count(*) FROM {VERSION_TABLE}") == 1
        finally:
            await conn.close()
        for s in stores:
            await s.close()
    finally:
        await asyncio.to_thread(blocking, pg_server.drop(url))


async def test_two_joins_at_once_from_two_processes_keep_both(pg_url: str) -> None:
    one, two = await PgStore.open(pg_url), await PgStore.open(pg_url)
    try:
        a, b = GameService(one), GameService(two)  # two processes: separate pools, separate channel locks
        await a.new("chan", "guild", User("u1", "Ann"), "alhambra")
        lobby = await one.open_game("chan")
        assert lobby is not None
        # the store refuses a seat list computed from seats that changed meanwhile …
        await one.set_seats(lobby.id, [("u1", "Ann"), ("u2", "Ben")], 2.0, expected=["u1"])
        with pytest.raises(VersionConflict):
            await two.set_seats(lobby.id, [("u1", "Ann"), ("u3", "Cy")], 2.0, expected=["u1"])
        # … so joins at once, in two processes, all land (the service reads the lobby again and retries)
        users = [User(f"j{i}", f"J{i}") for i in range(4)]
        await asyncio.gather(*[(a if i % 2 else b).join("chan", u) for i, u in enumerate(users)])
        row = await one.open_game("chan")
        assert row is not None and sorted(s.user_id for s in row.seats) == sorted(["u1", "u2"] + [u.id for u in users])
    finally:
        await one.close()
        await two.close()


async def test_a_channel_locked_too_long_is_refused_as_busy(pg_url: str) -> None:
    store = await PgStore.open(pg_url, lock_timeout=0.2)
    holder = await asyncpg.connect(pg_url)
    try:
        row = await store.create_game("chan", "guild", "alhambra", "u0", "Ann", {}, "en", 1.0)
        await store.start_game(row.id, 7, {"n": 0}, [], 1.0)
        await holder.execute("SELECT pg_advisory_lock($1, hashtext('chan'))", CHANNEL_LOCK)  # another process's move
        with pytest.raises(StorageError) as info:
            await store.append_move(row.id, 0, 0, "u0", "m", {"n": 1}, [], False, 2.0)
        assert info.value.reason == "busy"
        await holder.execute("SELECT pg_advisory_unlock_all()")
        assert await store.append_move(row.id, 0, 0, "u0", "m", {"n": 1}, [], False, 2.0) == 1  # nothing was stored
    finally:
        await holder.close()
        await store.close()


async def test_a_process_killed_holding_a_channel_lets_it_go_at_once(pg_url: str) -> None:
    """kill -9 in the middle of a request: PostgreSQL ends the dead process's session, and its lock with it."""
    store = await PgStore.open(pg_url, lock_timeout=0.3)
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "tests.bot.store.pgworker", "hold", pg_url,
                                                cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                                                stdout=asyncio.subprocess.PIPE)
    try:
        assert proc.stdout is not None
        assert (await asyncio.wait_for(proc.stdout.readline(), 60)).strip() == b"held"
        with pytest.raises(StorageError) as info:
            async with store.hold_channel("chan"):
                pass
        assert info.value.reason == "busy"
        async with store.hold_channel("elsewhere"):  # other channels are not held up
            pass
        proc.kill()
        await proc.wait()
        for _ in range(50):  # the server notices the closed connection at once; allow it a little while
            try:
                async with store.hold_channel("chan"):
                    break
            except StorageError:
                continue
        else:
            pytest.fail("the killed process's channel lock was never released")
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await store.close()


async def test_a_missing_server_or_database_is_unavailable_at_once(pg_url: str) -> None:
    with pytest.raises(StorageError) as info:
        await PgStore.open(with_database(pg_url, "no_such_database"))
    assert info.value.reason == "unavailable"
    with pytest.raises(StorageError) as info:  # nothing listens there
        await PgStore.open("postgresql://postgres@/postgres?host=/nonexistent-referee-socket-dir", connect_timeout=2)
    assert info.value.reason == "unreachable"


async def test_a_lost_connection_is_told_clearly_and_the_store_reconnects(pg_url: str) -> None:
    """The server ends every connection of the store (as a PostgreSQL restart does): a request caught by it is
    refused as ``unreachable`` (nothing half-stored), and the next one runs on a fresh connection by itself."""
    store = await PgStore.open(pg_url, pool_size=2)
    admin = await asyncpg.connect(pg_url)
    try:
        row = await store.create_game("chan", "guild", "alhambra", "u0", "Ann", {}, "en", 1.0)
        await store.start_game(row.id, 7, {"n": 0}, [], 1.0)
        for version in range(3):
            await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                " WHERE datname = current_database() AND pid <> pg_backend_pid()")
            try:
                await store.append_move(row.id, version, 0, "u0", "m", {"n": version + 1}, [], False, 2.0)
            except StorageError as exc:
                assert exc.reason == "unreachable"
                await store.append_move(row.id, version, 0, "u0", "m", {"n": version + 1}, [], False, 2.0)
        done = await store.game(row.id)
        assert done is not None and done.version == 3 and [m.seq for m in await store.moves(row.id)] == [0, 1, 2, 3]
    finally:
        await admin.close()
        await store.close()
