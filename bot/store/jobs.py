"""Timed jobs in SQLite: :class:`~bot.table.ports.JobStore` on the store's connection.

Claiming is one ``UPDATE … RETURNING`` statement that leases the rows to one process (its owner id), so several
processes sharing a database never fire a job twice; a process that dies holding a lease loses it when it
expires. Leases are reckoned on the database's clock (here the store's ``clock``: SQLite lives on one machine),
never on a claiming process's own, so processes whose clocks differ cannot take each other's jobs early.
"""
from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable, Sequence
from typing import Any

import aiosqlite

from bot.table.errors import StorageError
from bot.table.model import Job

from .connection import Connection, on_thread


class SqliteJobs:
    """:class:`JobStore` on an aiosqlite connection (the store's; its write lock serialises writers)."""

    def __init__(self, db: aiosqlite.Connection, write_lock: asyncio.Lock | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self._lock = write_lock or asyncio.Lock()
        self.clock = clock  # the database's clock (leases)

    async def _one(self, sql: str, params: tuple[object, ...]) -> tuple[int, int, list[Any]]:
        """One writing statement, committed (rolled back on any failure), in one hop to the connection's thread
        (see :meth:`bot.store.connection.Connection._hop`): its row count, last row id and ``RETURNING`` rows."""

        def run(conn: sqlite3.Connection) -> tuple[int, int, list[Any]]:
            try:
                cur = conn.execute(sql, params)
                rows = cur.fetchall()
                conn.commit()
            except BaseException:
                conn.rollback()
                raise
            return cur.rowcount, cur.lastrowid or 0, rows

        async with self._lock:
            db = self.db
            return await on_thread(db, lambda: run(db._conn))

    async def _returning(self, sql: str, params: tuple[object, ...]) -> list[Any]:
        """One writing statement with ``RETURNING``, committed; its rows."""
        return (await self._one(sql, params))[2]

    async def add(self, game_id: int, seat: int | None, kind: str, due: float, version: int,
                  payload: str = "{}") -> int:
        _, rowid, _ = await self._one(
            "INSERT INTO jobs (game_id, seat, kind, due, version, payload) VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, seat, kind, due, version, payload),
        )
        return rowid

    async def cancel(self, game_id: int, seat: int | None = None, kinds: tuple[str, ...] = ()) -> int:
        sql = "DELETE FROM jobs WHERE game_id = ?"
        params: list[object] = [game_id]
        if seat is not None:
            sql += " AND seat = ?"
            params.append(seat)
        if kinds:
            sql += f" AND kind IN ({', '.join('?' * len(kinds))})"
            params += list(kinds)
        count, _, _ = await self._one(sql, tuple(params))
        return count

    async def next_due(self) -> float | None:
        row = next(iter(await self.db.execute_fetchall("SELECT MIN(due) FROM jobs")), None)
        return None if row is None or row[0] is None else float(row[0])

    async def claim_due(self, now: float, owner: str, lease: float, limit: int) -> list[Job]:
        db_now = self.clock()
        rows = await self._returning(
            """UPDATE jobs SET claimed_by = ?, claimed_until = ?
               WHERE id IN (SELECT id FROM jobs WHERE due <= ? AND (claimed_until IS NULL OR claimed_until < ?)
                            ORDER BY due, id LIMIT ?)
               RETURNING id, game_id, seat, kind, due, version, payload""",
            (owner, db_now + lease, now, db_now, limit))
        jobs = [Job(int(r[0]), int(r[1]), None if r[2] is None else int(r[2]), str(r[3]), float(r[4]), int(r[5]), str(r[6]))
                for r in rows]
        return sorted(jobs, key=lambda j: (j.due, j.id))

    async def claim(self, game_id: int, kind: str, owner: str, lease: float) -> int | None:
        db_now = self.clock()
        rows = await self._returning(
            "UPDATE jobs SET claimed_by = ?, claimed_until = ? WHERE id = (SELECT id FROM jobs WHERE game_id = ?"
            " AND kind = ? AND (claimed_until IS NULL OR claimed_until < ?) ORDER BY id LIMIT 1) RETURNING id",
            (owner, db_now + lease, game_id, kind, db_now))
        return int(rows[0][0]) if rows else None

    async def renew(self, job_ids: Sequence[int], owner: str, lease: float) -> list[int]:
        if not job_ids:
            return []
        # still ``owner``'s (a lease that ran out but nobody took over is still its own)
        rows = await self._returning(
            "UPDATE jobs SET claimed_until = ? WHERE claimed_by = ? AND id IN (SELECT value FROM json_each(?)) RETURNING id",
            (self.clock() + lease, owner, json.dumps(list(job_ids))))
        return sorted(int(r[0]) for r in rows)

    async def finish(self, job_id: int, owner: str) -> None:
        await self._one("DELETE FROM jobs WHERE id = ? AND claimed_by = ?", (job_id, owner))

    async def release(self, job_id: int, owner: str, due: float) -> None:
        await self._one("UPDATE jobs SET claimed_by = NULL, claimed_until = NULL, due = ? WHERE id = ? AND claimed_by = ?",
                          (due, job_id, owner))

    async def watch(self, wake: Callable[[float | None], None]) -> None:
        """Nothing to watch: SQLite has no notifications (a process's own jobs poke its scheduler)."""


class StoreJobs:
    """:class:`~bot.table.ports.JobStore` over a store's :class:`~bot.store.connection.Connection`: always on its current
    connection (it is replaced after a failed rollback) and under its write lock."""

    def __init__(self, store: Connection) -> None:
        self.store = store

    def _jobs(self) -> SqliteJobs:
        if self.store.closed:
            raise StorageError("closed", "the database connection is closed")
        return SqliteJobs(self.store.db, self.store._write, self.store.clock)

    async def add(self, game_id: int, seat: int | None, kind: str, due: float, version: int,
                  payload: str = "{}") -> int:
        return await self._jobs().add(game_id, seat, kind, due, version, payload)

    async def cancel(self, game_id: int, seat: int | None = None, kinds: tuple[str, ...] = ()) -> int:
        return await self._jobs().cancel(game_id, seat, kinds)

    async def next_due(self) -> float | None:
        return await self._jobs().next_due()

    async def claim_due(self, now: float, owner: str, lease: float, limit: int) -> list[Job]:
        return await self._jobs().claim_due(now, owner, lease, limit)

    async def finish(self, job_id: int, owner: str) -> None:
        await self._jobs().finish(job_id, owner)

    async def claim(self, game_id: int, kind: str, owner: str, lease: float) -> int | None:
        return await self._jobs().claim(game_id, kind, owner, lease)

    async def renew(self, job_ids: Sequence[int], owner: str, lease: float) -> list[int]:
        return await self._jobs().renew(job_ids, owner, lease)

    async def release(self, job_id: int, owner: str, due: float) -> None:
        await self._jobs().release(job_id, owner, due)

    async def watch(self, wake: Callable[[float | None], None]) -> None:
        """Nothing to watch: SQLite has no notifications (a process's own jobs poke its scheduler)."""

