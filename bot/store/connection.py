"""One SQLite connection (aiosqlite, WAL) with the store's transactions, error mapping and migrations.

Every database failure reaches the caller as :class:`~bot.table.errors.StorageError` (with a ``reason``:
``full``, ``readonly``, ``corrupt``, ``unavailable``, ``busy``, ``closed`` or ``failed``), after the
connection has been rolled back, so the next request works on a clean connection.

The integrity check (``PRAGMA quick_check``, which reads the whole file: a minute at 50,000 games before the
compact move log) runs at open only when the file may have been hurt since the store last closed it cleanly.
A clean close writes a marker file beside the database (``NAME-clean``: the file's size, modification time,
inode and a hash of sampled pages); open deletes it. So the check runs after a crash or kill (no marker), when the write-ahead log was
left behind, when the file changed since (another program, a restored copy: the fingerprint differs), for
``file:`` URIs, and for a database this code never closed (an older version's). SQLite's WAL keeps the file
consistent through a crash by itself; the check is for the damage it cannot see. ``referee db check`` runs
the full ``integrity_check`` on demand.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self, TypeVar, cast

import aiosqlite

from bot.table.errors import RatingsMoved, StorageError, VersionConflict

from . import movelog
from .rows import dumps as dumps  # re-exported: the JSON text both stores write
from .schema import MIGRATIONS

log = logging.getLogger("referee.storage")

#: one SQL statement with its parameters (inside the store only: the ports take plain data)
Statement = tuple[str, tuple[Any, ...]]
T = TypeVar("T")

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


async def on_thread(db: aiosqlite.Connection, call: Callable[[], T]) -> T:
    """Run ``call`` on ``db``'s own thread, in order with everything else on that connection: one hop, however many
    statements it runs. aiosqlite queues its own methods this way; ``_execute`` and ``_conn`` are its internals,
    used here alone (and covered by every store test)."""
    return cast(T, await db._execute(call))  # type: ignore[no-untyped-call]


#: pages hashed into the clean-close fingerprint: the first ones (the schema and the first tables' roots)
#: and this many spread over the file
_SAMPLED_PAGES = 64


def marker_path(path: str) -> Path | None:
    """The clean-close marker of a database file (``None`` for ``:memory:`` and ``file:`` URIs: always checked)."""
    if path == ":memory:" or path.startswith("file:"):
        return None
    return Path(path + "-clean")


def fingerprint(path: str) -> dict[str, Any] | None:
    """What a clean close leaves the file like: size, modification time, inode, and a hash of sampled pages
    (a change within the file system's time resolution still shows). ``None``: no such file."""
    try:
        st = os.stat(path)
        with open(path, "rb") as f:
            head = f.read(100)
            page = int.from_bytes(head[16:18], "big") if len(head) >= 18 else 4096
            page = 65536 if page == 1 else (page or 4096)
            pages = max(1, st.st_size // page)
            wanted = sorted({*range(min(8, pages)), *(pages * i // _SAMPLED_PAGES for i in range(_SAMPLED_PAGES))})
            digest = hashlib.sha256()
            for n in wanted:
                f.seek(n * page)
                digest.update(f.read(page))
    except OSError:
        return None
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "ino": st.st_ino, "pages": digest.hexdigest()}


def closed_cleanly(path: str) -> bool:
    """Whether the store last closed this file cleanly and nothing touched it since (see the module docstring)."""
    marker = marker_path(path)
    if marker is None:
        return False
    try:
        wal = os.stat(path + "-wal").st_size
    except OSError:
        wal = 0
    try:
        recorded = json.loads(marker.read_text())
    except (OSError, ValueError):
        return False
    return wal == 0 and recorded == fingerprint(path)


class Connection:
    """The connection and its one-at-a-time transactions. Open with ``await Store.open(path)``; ``":memory:"``
    works for tests."""

    def __init__(self, db: aiosqlite.Connection, path: str = ":memory:",
                 clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.path = path
        #: the database's clock: leases (of timed jobs, of a game's board posts) are compared with it, never with
        #: a process's own clock. SQLite lives on one machine, so its clock is that machine's (``time.time``);
        #: a test passes its fake clock.
        self.clock = clock
        # One connection serves every channel: its transactions must not interleave (a second BEGIN inside
        # another coroutine's open transaction fails, and a rollback would undo the other's writes).
        self._write = asyncio.Lock()
        self.closed = False
        #: write a pending board post with every move and start (the Discord adapter turns this on)
        self.outbox = False
        #: whether this connection ran an integrity check (at open: only after an unclean stop)
        self.checked = False

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
    async def open(cls, path: str, clock: Callable[[], float] = time.time) -> Self:
        """Open (and migrate) the database, or raise :class:`StorageError` at once.

        The file must be a readable, writable SQLite database (or not exist yet, in an existing folder):
        ``unavailable`` if it cannot be opened, ``corrupt`` if it is not a database or fails SQLite's
        quick check (run only if the file was not closed cleanly: see the module docstring), ``readonly``
        if it cannot be written. Paths starting ``file:`` are SQLite URIs.
        """
        clean = await asyncio.to_thread(closed_cleanly, path)
        marker = marker_path(path)
        if marker is not None:
            try:
                marker.unlink(missing_ok=True)  # from now on a crash leaves no marker: the next start checks
            except OSError as exc:
                log.warning("could not remove %s (%s): the next start may skip the integrity check", marker, exc)
        try:
            db = await cls._connect(path)
        except sqlite3.Error as exc:
            raise storage_error(exc) from exc
        store = cls(db, path, clock)
        try:
            async with db.execute("SELECT COUNT(*) FROM sqlite_master") as cur:  # not a database: fails here
                await cur.fetchall()
            if not clean:
                await store.check(quick=True)
            await store.migrate()
            # an ended game whose log was not packed yet (a stop between its last move and the packing)
            await movelog.pack_all(store.transaction, db, "start-up")
            # a database that can be read but not written would fail only at the first move: find out now
            async with store.transaction() as tx:
                await tx.execute(f"PRAGMA user_version={int(await store.schema_version())}")
        except BaseException as exc:
            await db.close()  # a connection left open keeps its thread, and the process, alive
            if isinstance(exc, sqlite3.Error):
                raise storage_error(exc) from exc
            raise
        return store

    async def check(self, quick: bool = False) -> None:
        """SQLite's integrity check over the whole file (``quick``: ``quick_check``, which skips matching
        indexes to their tables); raises :class:`StorageError` ``corrupt`` naming the first problems."""
        self.checked = True
        pragma = "quick_check" if quick else "integrity_check"
        async with self._reading(), self.db.execute(f"PRAGMA {pragma}") as cur:
            verdict = [r[0] for r in await cur.fetchall()]
        if verdict != ["ok"]:
            raise StorageError("corrupt", " ".join("; ".join(map(str, verdict[:3])).split()))

    async def close(self) -> None:
        """Close the connection; then, if nothing failed, leave the clean-close marker (the next open skips
        the integrity check while the file stays as it is now)."""
        if self.closed:
            return
        self.closed = True
        try:
            await self.db.close()  # the last connection checkpoints the write-ahead log into the file
        except sqlite3.Error as exc:
            log.warning("closing the database: %s", exc)
            return
        marker = marker_path(self.path)
        if marker is None:
            return

        def write() -> None:
            mark = fingerprint(self.path)
            if mark is None:
                return
            tmp = marker.with_name(marker.name + ".tmp")
            tmp.write_text(json.dumps(mark))
            os.replace(tmp, marker)

        try:
            await asyncio.to_thread(write)
        except OSError as exc:
            log.warning("could not write %s (%s): the next start runs the integrity check", marker, exc)

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
            convert = self._conversions().get(number)
            async with self.transaction() as db:
                for statement in filter(str.strip, script.split(";")):
                    await db.execute(statement)
                await self._after_migration(number, db)
                if convert is None:
                    await db.execute(f"PRAGMA user_version={number}")
            if convert is not None:
                # the data conversion runs in batches, each its own transaction; the version is set only
                # once it is all done, so a run stopped midway (a full disk) loses nothing and resumes
                log.info("upgrading the database to version %d", number)
                await convert()
                async with self.transaction() as db:
                    await db.execute(f"PRAGMA user_version={number}")

    def _conversions(self) -> dict[int, Any]:
        """Migrations with a data conversion after their SQL (which must be safe to run again)."""
        return {9: self._upgrade_9}

    async def _upgrade_9(self) -> None:
        """Pack every ended game's move log; delete the board posts nothing reads (see :mod:`.outbox`)."""
        await movelog.pack_all(self.transaction, self.db, "upgrade to version 9")
        gone = await self.prune_posts()
        if gone:
            log.info("upgrade to version 9: deleted %d delivered board posts", gone)

    async def prune_posts(self, batch: int = 500) -> int:
        """Delete every game's delivered and superseded posts older than its newest delivered board (what
        each delivery does for its own game since version 9), ``batch`` games at a time, each batch its own
        transaction. Returns how many went. (Each game's board is found once, in a temporary table: asked
        per post, it cost a scan of the game's posts for every post.)"""
        async with self.transaction() as db:
            await db.execute("CREATE TEMP TABLE IF NOT EXISTS prune_keep(game_id INTEGER PRIMARY KEY, board INTEGER)")
            await db.execute("DELETE FROM prune_keep")
            await db.execute("INSERT INTO prune_keep SELECT game_id, MAX(id) FROM posts WHERE status='delivered'"
                             " AND message_id IS NOT NULL GROUP BY game_id")
        gone, after = 0, -1
        while True:
            async with self.transaction() as db:
                async with db.execute("SELECT game_id FROM prune_keep WHERE game_id>? ORDER BY game_id LIMIT ?",
                                      (after, batch)) as cur:
                    games = [int(r[0]) for r in await cur.fetchall()]
                if not games:
                    await db.execute("DROP TABLE prune_keep")
                    return gone
                cur = await db.execute(
                    "DELETE FROM posts WHERE game_id BETWEEN ? AND ? AND status IN ('delivered','superseded')"
                    " AND id < (SELECT board FROM prune_keep k WHERE k.game_id=posts.game_id)", (games[0], games[-1]))
                gone += max(cur.rowcount, 0)
                after = games[-1]

    async def _after_migration(self, number: int, db: aiosqlite.Connection) -> None:
        """What migration ``number`` does besides its SQL, in its transaction (the store fills new tables)."""

    async def _hop(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` with the plain ``sqlite3`` connection on aiosqlite's own thread: a whole transaction or
        read in one hop. Each ``await db.execute`` (and each fetch and cursor close) is a hop of its own, which
        costs the event loop about 35 µs and the connection's thread as much again; a move's transaction was ten
        of them (issue 24). The connection's thread runs one job at a time, in order, so nothing interleaves
        with ``work``. (aiosqlite queues work this way for its own methods; ``_execute`` and ``_conn`` are its
        internals, covered by every store test.)"""
        if self.closed:
            raise StorageError("closed", "the database connection is closed")
        db = self.db
        return await on_thread(db, lambda: work(self._raw(db)))

    @staticmethod
    def _raw(db: aiosqlite.Connection) -> sqlite3.Connection:
        """The plain connection under ``db`` (the fault-injection tests put a failing one in its place)."""
        return db._conn

    async def _read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """A read of several statements in one hop; database errors become :class:`StorageError`."""
        try:
            return await self._hop(work)
        except sqlite3.Error as exc:
            raise storage_error(exc) from exc

    async def _write_tx(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``BEGIN IMMEDIATE``, ``work``, ``COMMIT`` in one hop (see :meth:`_hop`), one transaction at a time.

        On any failure the connection's thread rolls back before the error comes here, so the connection is
        clean for the next transaction (should even that fail, :meth:`_recover` starts a new connection).
        If the caller is cancelled meanwhile, the thread still finishes the transaction, committed or rolled
        back as a whole: never half."""

        def whole(conn: sqlite3.Connection) -> T:
            conn.execute("BEGIN IMMEDIATE")
            try:
                out = work(conn)
                conn.execute("COMMIT")
            except BaseException:
                try:
                    if conn.in_transaction:
                        conn.execute("ROLLBACK")
                except sqlite3.Error as exc:  # left in a transaction: _recover below reconnects
                    log.warning("rollback failed: %s", exc)
                raise
            return out

        async with self._write:
            try:
                return await self._hop(whole)
            except asyncio.CancelledError:
                raise
            except BaseException as exc:
                try:
                    stuck = self.db.in_transaction
                except ValueError:  # the connection is closed: nothing to roll back
                    stuck = False
                if stuck:
                    await self._recover()
                if isinstance(exc, sqlite3.Error):
                    raise storage_error(exc) from exc
                raise

    async def _tx(self, statements: Sequence[Statement], check: int | Sequence[int] | None = None,
                  moved: Sequence[int] = ()) -> int:
        """Run statements in one transaction (in one hop: :meth:`_write_tx`). ``check``: index (or indexes) of
        statements that must change one row each, else nothing is stored and :class:`VersionConflict` is raised;
        ``moved``: the same for rating updates (:class:`RatingsMoved`). Returns the last inserted row id."""
        checks = {check} if isinstance(check, int) else set(check or ())
        ratings = set(moved)

        def run(conn: sqlite3.Connection) -> int:
            last = 0
            for i, (sql, params) in enumerate(statements):
                cur = conn.execute(sql, params)
                if i in checks and cur.rowcount != 1:
                    raise VersionConflict()
                if i in ratings and cur.rowcount != 1:
                    raise RatingsMoved()
                last = cur.lastrowid or last
            return last

        return await self._write_tx(run)
