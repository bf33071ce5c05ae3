"""Timed jobs in PostgreSQL: :class:`~bot.table.ports.JobStore` on the store's pool.

Leases are reckoned on the database server's clock (``clock_timestamp()``, as epoch seconds), never on a
claiming process's own, so processes whose clocks differ cannot take each other's jobs early; a job's ``due``
is planned on the table's clock and compared with the caller's ``now``.

A claim locks the rows it leases with ``FOR UPDATE SKIP LOCKED``: processes claiming at once each skip the rows
another is taking, and a row another process leased meanwhile is re-checked against its new lease before it is
taken. (The SQLite claim, ``UPDATE … WHERE id IN (SELECT … LIMIT)``, ported as written double-fires on
PostgreSQL's READ COMMITTED: issue 19 measured 942 of 20,000 jobs fired twice by 4 processes.)
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.table.model import Job

from .. import rows as _rows
from .connection import PgConnection, rowcount

_COLUMNS = "id, game_id, seat, kind, due, version, payload"
#: the database's clock, in epoch seconds
DB_NOW = "extract(epoch FROM clock_timestamp())::float8"


class PgJobs:
    """:class:`~bot.table.ports.JobStore` over a :class:`PgConnection`."""

    def __init__(self, store: PgConnection) -> None:
        self.store = store

    async def add(self, game_id: int, seat: int | None, kind: str, due: float, version: int,
                  payload: str = "{}") -> int:
        async with self.store.transaction() as conn:
            return int(await conn.fetchval(
                "INSERT INTO jobs (game_id, seat, kind, due, version, payload) VALUES ($1,$2,$3,$4,$5,$6) RETURNING id",
                game_id, seat, kind, due, version, payload))

    async def cancel(self, game_id: int, seat: int | None = None, kinds: tuple[str, ...] = ()) -> int:
        async with self.store.transaction() as conn:
            return rowcount(await conn.execute(
                "DELETE FROM jobs WHERE game_id=$1 AND ($2::int IS NULL OR seat=$2)"
                " AND (cardinality($3::text[]) = 0 OR kind = ANY($3::text[]))", game_id, seat, list(kinds)))

    async def next_due(self) -> float | None:
        async with self.store._reading() as conn:
            due = await conn.fetchval("SELECT MIN(due) FROM jobs")
        return None if due is None else float(due)

    async def claim_due(self, now: float, owner: str, lease: float, limit: int) -> list[Job]:
        async with self.store.transaction() as conn:
            found = await conn.fetch(
                f"""UPDATE jobs SET claimed_by=$1, claimed_until={DB_NOW} + $2
                    WHERE id IN (SELECT id FROM jobs WHERE due <= $3
                                 AND (claimed_until IS NULL OR claimed_until < {DB_NOW})
                                 ORDER BY due, id LIMIT $4 FOR UPDATE SKIP LOCKED)
                    RETURNING {_COLUMNS}""", owner, lease, now, limit)
        return sorted((_rows.job(r) for r in found), key=lambda j: (j.due, j.id))

    async def claim(self, game_id: int, kind: str, owner: str, lease: float) -> int | None:
        async with self.store.transaction() as conn:
            got = await conn.fetchval(
                f"UPDATE jobs SET claimed_by=$1, claimed_until={DB_NOW} + $2 WHERE id = (SELECT id FROM jobs"
                f" WHERE game_id=$3 AND kind=$4 AND (claimed_until IS NULL OR claimed_until < {DB_NOW})"
                " ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id", owner, lease, game_id, kind)
        return None if got is None else int(got)

    async def renew(self, job_ids: Sequence[int], owner: str, lease: float) -> list[int]:
        if not job_ids:
            return []
        async with self.store.transaction() as conn:
            # still ``owner``'s (a lease that ran out but nobody took over is still its own)
            found = await conn.fetch(f"UPDATE jobs SET claimed_until={DB_NOW} + $1 WHERE claimed_by=$2"
                                     " AND id = ANY($3::bigint[]) RETURNING id", lease, owner, list(job_ids))
        return sorted(int(r[0]) for r in found)

    async def finish(self, job_id: int, owner: str) -> None:
        async with self.store.transaction() as conn:
            await conn.execute("DELETE FROM jobs WHERE id=$1 AND claimed_by=$2", job_id, owner)

    async def watch(self, wake: Callable[[float | None], None]) -> None:
        # migration 4's triggers notify every job planned, at commit, whichever way it was written
        await self.store.watch_jobs(wake)

    async def release(self, job_id: int, owner: str, due: float) -> None:
        async with self.store.transaction() as conn:
            await conn.execute("UPDATE jobs SET claimed_by=NULL, claimed_until=NULL, due=$1 WHERE id=$2 AND claimed_by=$3",
                               due, job_id, owner)
