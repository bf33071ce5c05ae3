"""One SQLite connection (aiosqlite, WAL) with the store's transactions, error mapping and migrations.

Every database failure reaches the caller as :class:`~bot.table.errors.StorageError` (with a ``reason``:
``full``, ``readonly``, ``corrupt``, ``unavailable``, ``busy``, ``closed`` or ``failed``), after the
connection has been rolled back, so the next request works on a clean connection.
"""
from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, Self

import aiosqlite

from bot.table.errors import RatingsMoved, StorageError, VersionConflict

from .rows import dumps as dumps  # re-exported: the JSON text both stores write
from .schema import MIGRATIONS

log = logging.getLogger("referee.storage")

#: one SQL statement with its parameters (inside the store only: the ports take plain data)
Statement = tuple[str, tuple[Any, ...]]

# SQLite primary result codes (the low byte of an extended code) → what went wrong, for people
_REASONS = {13: "full", 8: "readonly", 11: "corrupt", 26: "corrupt", 14: "unavailable", 23: "unavailable",
            10: "failed", 5: "busy", 6: "busy"}


def storage_error(exc: BaseException) -> StorageError:
    """A database exception as a :class:`StorageError` naming the reason."""
    if isinstance(exc, StorageError):
        return exc
    code = getattr(exc, "sqlite_errorcode", None)
    reason = _REASONS.get(code & 0xFF, "failed") if isinstance(code, int) else "failed"
    return StorageError(reason, str(exc) or type(exc).__name__)


class Connection:
    """The connection and its one-at-a-time transactions. Open with ``await Store.open(path)``; ``":memory:"``
    works for tests."""

    def __init__(self, db: aiosqlite.Connection, path: str = ":memory:") -> None:
        self.db = db
        self.path = path
        # One connection serves every channel: its transactions must not interleave (a second BEGIN inside
        # another coroutine's open transaction fails, and a rollback would undo the other's writes).
        self._write = asyncio.Lock()
        self.closed = False
        #: write a pending board post with every move and start (the Discord adapter turns this on)
        self.outbox = False

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``, one at a time. On any failure (of BEGIN, a statement, COMMIT or
        the caller's code) the connection is rolled back before the error goes on, so it is clean for the
        next transaction. Database errors become :class:`StorageError`."""
        async with self._write:
            if self.closed:
                raise StorageError("closed", "the database connection is closed")
            try:
                await self.db.execute("BEGIN IMMEDIATE")
            except BaseException as exc:
                await self._recover()
                if isinstance(exc, sqlite3.Error):
                    raise storage_error(exc) from exc
                raise
            try:
                yield self.db
                await self.db.execute("COMMIT")
            except BaseException as exc:
                await self._recover()
                if isinstance(exc, sqlite3.Error):
                    raise storage_error(exc) from exc
                raise

    async def _recover(self) -> None:
        """Leave no transaction open. If even ROLLBACK fails, start over on a fresh connection."""
        try:
            if self.db.in_transaction:
                await self.db.execute("ROLLBACK")
            return
        except (sqlite3.Error, ValueError) as exc:
            log.warning("rollback failed (%s); reconnecting to the database", exc)
        try:
            await self.db.close()
        except (sqlite3.Error, ValueError) as exc:
            log.warning("closing the failed connection: %s", exc)
        try:
            self.db = await self._connect(self.path)
        except sqlite3.Error as exc:  # the next request reports it
            log.error("could not reconnect to the database: %s", exc)

    @staticmethod
    async def _connect(path: str) -> aiosqlite.Connection:
        uri = path.startswith("file:")
        # try the file first: when aiosqlite's own connect fails, its worker thread outlives the event loop
        await asyncio.to_thread(lambda: sqlite3.connect(path, uri=uri).close())
        db = await aiosqlite.connect(path, isolation_level=None, uri=uri)  # we issue BEGIN/COMMIT ourselves
        try:
            db.row_factory = aiosqlite.Row
            if path != ":memory:" and "mode=memory" not in path:
                await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
        except BaseException:
            await db.close()
            raise
        return db

    @classmethod
    async def open(cls, path: str) -> Self:
        """Open (and migrate) the database, or raise :class:`StorageError` at once.

        The file must be a readable, writable SQLite database (or not exist yet, in an existing folder):
        ``unavailable`` if it cannot be opened, ``corrupt`` if it is not a database or fails SQLite's
        quick check, ``readonly`` if it cannot be written. Paths starting ``file:`` are SQLite URIs.
        """
        try:
            db = await cls._connect(path)
        except sqlite3.Error as exc:
            raise storage_error(exc) from exc
        store = cls(db, path)
        try:
            async with db.execute("PRAGMA quick_check") as cur:
                verdict = [r[0] for r in await cur.fetchall()]
            if verdict != ["ok"]:
                raise StorageError("corrupt", "; ".join(map(str, verdict[:3])))
            await store.migrate()
            # a database that can be read but not written would fail only at the first move: find out now
            async with store.transaction() as tx:
                await tx.execute(f"PRAGMA user_version={int(await store.schema_version())}")
        except BaseException as exc:
            await db.close()  # a connection left open keeps its thread, and the process, alive
            if isinstance(exc, sqlite3.Error):
                raise storage_error(exc) from exc
            raise
        return store

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            await self.db.close()

    @asynccontextmanager
    async def hold_channel(self, channel_id: str) -> AsyncIterator[None]:
        """Nothing to hold: one process uses a SQLite file (its writes are serialised by ``BEGIN IMMEDIATE`` and
        guarded by versions)."""
        yield

    async def schema_version(self) -> int:
        async with self._reading(), self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        assert row is not None
        return int(row[0])

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[None]:
        """Database errors of a read become :class:`StorageError` (a read changes nothing to roll back)."""
        if self.closed:
            raise StorageError("closed", "the database connection is closed")
        try:
            yield
        except sqlite3.Error as exc:
            raise storage_error(exc) from exc

    async def migrate(self) -> None:
        current = await self.schema_version()
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            async with self.transaction() as db:
                for statement in filter(str.strip, script.split(";")):
                    await db.execute(statement)
                await self._after_migration(number, db)
                await db.execute(f"PRAGMA user_version={number}")

    async def _after_migration(self, number: int, db: aiosqlite.Connection) -> None:
        """What migration ``number`` does besides its SQL, in its transaction (the store fills new tables)."""

    async def _tx(self, statements: Sequence[Statement], check: int | Sequence[int] | None = None,
                  moved: Sequence[int] = ()) -> int:
        """Run statements in one transaction. ``check``: index (or indexes) of statements that must change
        one row each, else nothing is stored and :class:`VersionConflict` is raised; ``moved``: the same for
        rating updates (:class:`RatingsMoved`)."""
        checks = {check} if isinstance(check, int) else set(check or ())
        ratings = set(moved)
        async with self.transaction() as db:
            last = 0
            for i, (sql, params) in enumerate(statements):
                cur = await db.execute(sql, params)
                if i in checks and cur.rowcount != 1:
                    raise VersionConflict()
                if i in ratings and cur.rowcount != 1:
                    raise RatingsMoved()
                last = cur.lastrowid or last
        return last
