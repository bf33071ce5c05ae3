"""The PostgreSQL connection pool and its transactions (asyncpg).

Every call takes a connection from the pool for one read or one transaction and gives it back, so any number
of channels are served at once and several bot processes share one database. Database failures become
:class:`~bot.table.errors.StorageError` naming the reason (``busy`` for a lock wait past ``lock_timeout``,
``unavailable`` for a lost or refused connection, …); the pool replaces a broken connection by itself, so the
process reconnects after a PostgreSQL restart without help.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, Self

import asyncpg

from bot.table.errors import RatingsMoved, StorageError, VersionConflict

from .schema import JOBS_CHANNEL, MIGRATIONS, VERSION_TABLE

log = logging.getLogger("referee.storage")

#: a connection taken from the pool (``asyncpg``'s pool proxy of a connection)
PgConn = Any
#: one SQL statement with its arguments (``$1`` …), inside the store only: the ports take plain data
Statement = tuple[str, tuple[Any, ...]]

#: the advisory lock that serialises migrations (one 64-bit key: "REFEREE" in ASCII)
MIGRATION_LOCK = 0x52454645524545
#: the class of the per-channel advisory lock a move's transaction takes (the two-key form: this, and the channel
#: id's ``hashtext``)
CHANNEL_LOCK = 19
#: the class of the per-channel advisory lock a request holds from its read to its write (:meth:`hold_channel`)
CHANNEL_HOLD = 20

#: what a connection or a statement may raise that is the database's failure (not the caller's)
#: (``InternalClientError``: a pooled connection the server ended, caught in the middle of its protocol)
DB_ERRORS: tuple[type[BaseException], ...] = (asyncpg.PostgresError, asyncpg.InterfaceError,
                                              asyncpg.exceptions.InternalClientError, OSError, TimeoutError)


async def _no_reset(conn: PgConn) -> None:
    """How the work pool takes a connection back: as it is (asyncpg still rolls back a transaction left open).
    The store leaves no session state on those connections (no session lock, setting, cursor or LISTEN: the
    migrations use a connection of their own), so the default reset query would be a wasted round trip on every
    read and transaction. The pool that holds channels keeps the default, which releases advisory locks."""
    return None


def storage_error(exc: BaseException) -> StorageError:
    """A database exception as a :class:`StorageError` naming the reason (by its SQLSTATE)."""
    if isinstance(exc, StorageError):
        return exc
    state = str(getattr(exc, "sqlstate", "") or "")
    if state in ("55P03", "40P01", "40001", "57014"):  # lock timeout, deadlock, serialization, statement timeout
        reason = "busy"
    elif state == "53100":  # disk full
        reason = "full"
    elif state == "25006":  # read-only transaction (a standby, or default_transaction_read_only)
        reason = "readonly"
    elif state in ("XX001", "XX002"):  # data or index corrupted
        reason = "corrupt"
    elif state == "3D000":  # no such database
        reason = "unavailable"
    elif state.startswith(("08", "57P", "28")) or state == "53300" or not state:
        reason = "unreachable"  # connection failures, server shutdown, authentication, too many clients
    else:
        reason = "failed"
    return StorageError(reason, str(exc) or type(exc).__name__)


def _due_of(payload: str) -> float | None:
    """A job notification's payload: the earliest due time planned (``None``: none given, or unreadable)."""
    try:
        due = float(payload)
    except ValueError:
        return None
    return due if math.isfinite(due) else None


_PARAM = re.compile(r"[$](\d+)")


def _shift(sql: str, by: int) -> str:
    """``sql`` with its parameters ``$n`` renumbered ``$(n + by)``."""
    return _PARAM.sub(lambda m: f"${int(m.group(1)) + by}", sql)


def together(statements: Sequence[Statement]) -> list[Statement]:
    """Writes that touch no row another of them reads or writes, as ONE statement (data-modifying ``WITH``
    parts share one snapshot and all run): one round trip instead of one each. Their row counts are not
    reported, so none of them may be a checked one."""
    if len(statements) < 2:
        return list(statements)
    parts: list[str] = []
    params: list[Any] = []
    for i, (sql, args) in enumerate(statements):
        parts.append(f"w{i} AS ({_shift(sql, len(params))})")
        params += args
    return [("WITH " + ", ".join(parts) + " SELECT 1", tuple(params))]


def rowcount(status: str) -> int:
    """The row count of a command status (``"UPDATE 1"``, ``"INSERT 0 3"``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class PgConnection:
    """The pool. Open with ``await PgStore.open(url)`` (a ``postgresql://`` URL)."""

    def __init__(self, pool: asyncpg.Pool, url: str, holds: asyncpg.Pool | None = None) -> None:
        self.pool = pool
        #: the connections that hold channels (:meth:`hold_channel`), apart from the pool the work uses: a request
        #: holding a channel never waits for a connection that another such request holds
        self.holds = holds
        self.url = url
        self.closed = False
        #: write a pending board post with every move and start (the Discord adapter turns this on)
        self.outbox = False
        #: whether :meth:`watch_jobs` is listening now, and how often it has connected (for /health and tests)
        self.listening = False
        self.listens = 0
        #: how :meth:`watch_jobs` waits before connecting again after a failed attempt (real time; tests swap it)
        self.retry_sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        self._listener: asyncpg.Connection | None = None

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 10, lock_timeout: float = 5.0,
                   connect_timeout: float = 10.0, pool_min: int = 1) -> Self:
        """Connect (a pool of ``pool_min`` to ``pool_size`` connections for the work, and one of up to twice that
        for holding channels) and migrate, or raise :class:`StorageError` at once (``unavailable``: no server, no
        such database, refused). ``lock_timeout``: how long a statement waits for a lock (a channel's, a row's)
        before the request is refused as ``busy`` (``[storage]`` ``pool_min``, ``pool_max``, ``lock_timeout_s``)."""
        if not 0 <= pool_min <= pool_size or pool_size < 1:
            raise ValueError(f"pool sizes: need 0 <= pool_min ({pool_min}) <= pool_max ({pool_size}) and pool_max >= 1")
        if lock_timeout < 0.001:
            raise ValueError(f"lock_timeout: {lock_timeout} s is under a millisecond (0 would wait for ever)")
        try:
            pool = await asyncpg.create_pool(
                url, min_size=pool_min, max_size=pool_size, timeout=connect_timeout, reset=_no_reset,
                server_settings={"application_name": "referee", "lock_timeout": f"{int(lock_timeout * 1000)}ms"})
        except DB_ERRORS as exc:
            raise storage_error(exc) from exc
        try:
            holds = await asyncpg.create_pool(
                url, min_size=0, max_size=pool_size * 2, timeout=connect_timeout,
                server_settings={"application_name": "referee-hold",
                                 "lock_timeout": f"{int(lock_timeout * 1000)}ms"})
        except DB_ERRORS as exc:
            await pool.close()
            raise storage_error(exc) from exc
        store = cls(pool, url, holds)
        try:
            await store.migrate()
        except BaseException as exc:
            await pool.close()
            await holds.close()
            if isinstance(exc, DB_ERRORS):
                raise storage_error(exc) from exc
            raise
        return store

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            if self._listener is not None and not self._listener.is_closed():
                self._listener.terminate()  # its watcher sees the store closed and returns
            for pool in (self.pool, self.holds):
                if pool is None:
                    continue
                try:
                    await asyncio.wait_for(pool.close(), 10)
                except TimeoutError:
                    log.warning("connections still busy after 10 s: closing them")
                    pool.terminate()

    @asynccontextmanager
    async def hold_channel(self, channel_id: str) -> AsyncIterator[None]:
        """Hold a channel from a request's read to its write, against every process on this database: a session
        advisory lock on a connection of :attr:`holds`, waited for at most ``lock_timeout`` (then ``busy``).
        A process that dies holding it loses the connection, and the lock with it."""
        self._check_open()
        if self.holds is None:
            yield
            return
        try:
            conn = await self.holds.acquire()
        except DB_ERRORS as exc:
            raise await self._failed(exc) from exc
        try:
            try:
                await conn.execute("SELECT pg_advisory_lock($1, hashtext($2))", CHANNEL_HOLD, channel_id)
            except DB_ERRORS as exc:
                raise await self._failed(exc) from exc
            yield
        finally:
            # the pool resets a connection it takes back (pg_advisory_unlock_all among others), also when the
            # request was cancelled; a broken connection is closed, and its locks went with it
            await self.holds.release(conn)

    async def watch_jobs(self, wake: Callable[[float | None], None], heartbeat: float = 30.0) -> None:
        """Until cancelled (or the store closes): ``LISTEN`` for the jobs any process plans (migration 4's
        triggers notify at commit) on one connection of its own, and call ``wake(due)`` with each one's earliest
        due time. A lost connection (a restart, a failover, a terminated backend; checked every ``heartbeat``
        seconds besides) is opened again at once, then after 1, 2, 4 … up to 30 s while that fails; each new
        connection calls ``wake(None)`` (jobs may have been planned while nobody listened). Meanwhile the
        scheduler still looks at the jobs at least once per lease: NOTIFY only makes it sooner."""
        delay = 0.0

        def heard(conn: Any, pid: int, channel: str, payload: object) -> None:
            wake(_due_of(str(payload)))

        while not self.closed:
            if delay:
                await self.retry_sleep(delay)
            lost = asyncio.Event()
            try:
                conn = await asyncpg.connect(self.url, timeout=10,
                                             server_settings={"application_name": "referee-listen"})
            except DB_ERRORS as exc:
                delay = min(30.0, max(1.0, delay * 2))
                log.warning("cannot listen for new jobs (%s): trying again in %.0f s; the scheduler polls meanwhile",
                            storage_error(exc).reason, delay)
                continue
            if self.closed:  # the store closed while this connected: nobody would end it
                conn.terminate()
                return
            self._listener = conn
            try:
                conn.add_termination_listener(lambda _conn, lost=lost: lost.set())
                await conn.add_listener(JOBS_CHANNEL, heard)
                self.listening, delay = True, 0.0
                self.listens += 1
                wake(None)
                while not lost.is_set() and not self.closed:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(lost.wait(), heartbeat)
                    if not lost.is_set() and not self.closed:
                        await conn.fetchval("SELECT 1", timeout=10)
            except DB_ERRORS as exc:
                log.warning("the connection listening for new jobs failed (%s)", storage_error(exc).reason)
            finally:
                self.listening, self._listener = False, None
                if not conn.is_closed():
                    conn.terminate()
            if not self.closed:
                log.warning("lost the connection listening for new jobs: connecting again")

    async def _failed(self, exc: BaseException) -> StorageError:
        """``exc`` as a :class:`StorageError`. A lost connection means the server ended them all (a restart, a
        failover): the pools replace every connection at its next use, so only this request is refused."""
        error = storage_error(exc)
        if error.reason == "unreachable" and not self.closed:
            for pool in (self.pool, self.holds):
                if pool is not None:
                    await pool.expire_connections()
        return error

    def _check_open(self) -> None:
        if self.closed:
            raise StorageError("closed", "the database connection is closed")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgConn]:
        """One transaction on a pooled connection: committed when the block ends, rolled back on any error
        (which goes on; database errors as :class:`StorageError`)."""
        self._check_open()
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                yield conn
        except DB_ERRORS as exc:
            raise await self._failed(exc) from exc

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[PgConn]:
        """A pooled connection for reads (autocommit); database errors become :class:`StorageError`."""
        self._check_open()
        try:
            async with self.pool.acquire() as conn:
                yield conn
        except DB_ERRORS as exc:
            raise await self._failed(exc) from exc

    async def schema_version(self) -> int:
        async with self._reading() as conn:
            return int(await conn.fetchval(f"SELECT COALESCE(MAX(version), 0) FROM {VERSION_TABLE}"))

    async def migrate(self) -> None:
        """Apply the migrations this database lacks, each in its own transaction, under an advisory lock:
        a second process starting at once waits, then finds the work done."""
        conn = await asyncpg.connect(self.url, server_settings={"application_name": "referee-migrate"})
        try:
            await conn.execute("SET lock_timeout = 0")  # migrations may wait for another process's
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                await conn.execute(f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE} (version INTEGER NOT NULL)")
                current = int(await conn.fetchval(f"SELECT COALESCE(MAX(version), 0) FROM {VERSION_TABLE}"))
                if current > len(MIGRATIONS):
                    raise StorageError("failed", f"the database's schema (version {current}) is newer than this "
                                                 f"Referee's ({len(MIGRATIONS)}): upgrade Referee")
                for number, script in enumerate(MIGRATIONS, start=1):
                    if number <= current:
                        continue
                    async with conn.transaction():
                        await conn.execute(script)
                        await self._after_migration(number, conn)
                        await conn.execute(f"DELETE FROM {VERSION_TABLE}")
                        await conn.execute(f"INSERT INTO {VERSION_TABLE}(version) VALUES ($1)", number)
                    log.info("database migrated to version %d", number)
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        finally:
            await conn.close()

    async def _after_migration(self, number: int, conn: PgConn) -> None:
        """What migration ``number`` does besides its SQL, in its transaction (the store fills new tables)."""

    async def _tx(self, statements: Sequence[Statement], check: int | Sequence[int] | None = None,
                  moved: Sequence[int] = ()) -> None:
        """Run statements in one transaction. ``check``: index (or indexes) of statements that must change
        one row each, else nothing is stored and :class:`VersionConflict` is raised; ``moved``: the same for
        rating updates (:class:`RatingsMoved`)."""
        checks = {check} if isinstance(check, int) else set(check or ())
        ratings = set(moved)
        async with self.transaction() as conn:
            for i, (sql, params) in enumerate(statements):
                status = await conn.execute(sql, *params)
                if i in checks and rowcount(status) != 1:
                    raise VersionConflict()
                if i in ratings and rowcount(status) != 1:
                    raise RatingsMoved()

    @staticmethod
    def _channel_lock(game_id: int) -> Statement:
        """The first statement of a move's transaction: wait (up to ``lock_timeout``) for the game's channel,
        so moves on one channel from several processes are stored one after another."""
        return (f"SELECT pg_advisory_xact_lock({CHANNEL_LOCK}, hashtext(channel_id)) FROM games WHERE id=$1",
                (game_id,))
