"""SQLite storage behind a small repository interface (aiosqlite, WAL, versioned migrations).

Tables
------
``games``  one row per game: channel, title, options, seed, status, the current
           state (JSON) and its ``version`` (= number of accepted moves).
``seats``  who sits where (Discord user id and display name; a bot seat has ``bot_level``
           and the user id ``bot:<n>``).
``moves``  the append-only move log: ``(game_id, seq)`` → seat, user, action,
           events (JSON), time. Replaying the actions from the seed rebuilds
           ``games.state`` exactly.
``posts``  the outbox of board posts (when :attr:`Store.outbox` is on, as in the bot):
           a ``pending`` row is written in the same transaction as the move (or the
           start) whose board it asks for; the poster marks it ``delivered`` (with the
           message id), ``superseded`` (a newer board covered it) or ``failed``.

Every accepted move is one transaction: the state update is guarded by the
version it was computed from (optimistic concurrency) and the move row is
appended in the same transaction, so a crash leaves either both or neither.

The service sees only :class:`Repository` (a ``Protocol``): :class:`Store` is its
SQLite implementation and the only place with SQL, so another database (PostgreSQL)
can sit behind the same interface. Every database failure reaches the caller as
:class:`StorageError` (with a ``reason``: ``full``, ``readonly``, ``corrupt``,
``unavailable``, ``busy``, ``closed`` or ``failed``), after the connection has been rolled back, so the
next request works on a clean connection.
"""
from __future__ import annotations

import asyncio
import bisect
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

import aiosqlite

from .scheduler import JOBS_SCHEMA, Job, SqliteJobs

log = logging.getLogger("referee.storage")

#: one SQL statement with its parameters, for a transaction built by the caller
Statement = tuple[str, tuple[Any, ...]]
#: a timed job to add: (seat, kind, due, version, payload)
JobSpec = tuple[int, str, float, int, dict[str, Any]]

LOBBY, ACTIVE, OVER, ABANDONED = "lobby", "active", "over", "abandoned"
OPEN_STATUSES = (LOBBY, ACTIVE)

MIGRATIONS: list[str] = [
    # 1: the initial schema
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id  TEXT    NOT NULL,
        guild_id    TEXT,
        title       TEXT    NOT NULL,
        status      TEXT    NOT NULL,
        host_id     TEXT    NOT NULL,
        options     TEXT    NOT NULL,
        seed        INTEGER,
        locale      TEXT    NOT NULL DEFAULT 'en',
        version     INTEGER NOT NULL DEFAULT 0,
        state       TEXT,
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );
    CREATE UNIQUE INDEX games_one_open_per_channel ON games(channel_id) WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        user_id  TEXT    NOT NULL,
        name     TEXT    NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE TABLE moves (
        game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq      INTEGER NOT NULL,
        seat     INTEGER,
        user_id  TEXT,
        action   TEXT    NOT NULL,
        events   TEXT    NOT NULL,
        at       REAL    NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    # 2: the engine's rules version, so a replay knows which rules wrote a move log
    """
    ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1
    """,
    # 3: the outbox of board posts, written in the same transaction as the move it shows
    """
    CREATE TABLE posts (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        version     INTEGER NOT NULL,
        channel_id  TEXT    NOT NULL,
        user_id     TEXT,
        status      TEXT    NOT NULL,
        attempts    INTEGER NOT NULL DEFAULT 0,
        next_at     REAL    NOT NULL,
        last_error  TEXT,
        message_id  TEXT,
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );
    CREATE INDEX posts_due ON posts(status, next_at);
    CREATE INDEX posts_of_game ON posts(game_id, id)
    """,
    # 4: turn clocks (issue 10): the table's clock and timeout policy, a game-wide pause, per-seat clock
    # state, who made a move (a player, the timeout rule or a bot), timed jobs and per-user settings
    """
    ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE games ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'wait';
    ALTER TABLE games ADD COLUMN paused_since REAL;
    ALTER TABLE moves ADD COLUMN kind TEXT NOT NULL DEFAULT 'player';
    CREATE TABLE seat_clocks (
        game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat          INTEGER NOT NULL,
        bank          REAL    NOT NULL,
        started       REAL,
        turn_version  INTEGER NOT NULL DEFAULT 0,
        reminded      INTEGER NOT NULL DEFAULT 0,
        timeouts      INTEGER NOT NULL DEFAULT 0,
        overdue       INTEGER NOT NULL DEFAULT 0,
        bot           INTEGER NOT NULL DEFAULT 0,
        votes         TEXT    NOT NULL DEFAULT '[]',
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE user_settings (
        user_id         TEXT PRIMARY KEY,
        notify          TEXT NOT NULL DEFAULT 'channel',
        quiet           TEXT,
        zone            TEXT NOT NULL DEFAULT 'UTC',
        vacation_from   REAL,
        vacation_until  REAL,
        vacation_year   INTEGER NOT NULL DEFAULT 0,
        vacation_used   REAL    NOT NULL DEFAULT 0
    );
    """ + JOBS_SCHEMA,
    # 5: undo (issue 12). ``moves.reveals``: the move brought hidden information into the open (from the engine's
    # Outcome.reveals; rows written before this migration count as revealing, to be safe). ``moves.undone_by``:
    # the seq of the undo entry that took the move back (the log keeps it: nothing is erased). Undo requests
    # that need the other players' consent, their answers, and who follows a game.
    """
    ALTER TABLE moves ADD COLUMN reveals INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE moves ADD COLUMN undone_by INTEGER;
    CREATE TABLE undo_requests (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id     TEXT    NOT NULL,
        first_seq   INTEGER NOT NULL,
        version     INTEGER NOT NULL,
        status      TEXT    NOT NULL,
        created_at  REAL    NOT NULL,
        deadline    REAL    NOT NULL
    );
    CREATE UNIQUE INDEX undo_requests_one_pending ON undo_requests(game_id) WHERE status = 'pending';
    CREATE TABLE undo_answers (
        request_id  INTEGER NOT NULL REFERENCES undo_requests(id) ON DELETE CASCADE,
        user_id     TEXT    NOT NULL,
        accepted    INTEGER NOT NULL,
        at          REAL    NOT NULL,
        PRIMARY KEY (request_id, user_id)
    );
    CREATE TABLE follows (
        game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id     TEXT    NOT NULL,
        dm          INTEGER NOT NULL DEFAULT 0,
        at          REAL    NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX games_by_guild ON games(guild_id, title, status)
    """,
    # 6: bot seats (issue 11): the level of a seat the referee plays itself (NULL: a person sits there)
    """
    ALTER TABLE seats ADD COLUMN bot_level TEXT
    """,
    # 7: the seats' clocks as they were before each log entry (issue 21: an undo puts them back exactly as
    # before the taken-back move; NULL for entries written before this migration)
    """
    ALTER TABLE moves ADD COLUMN clocks TEXT
    """,
]

#: the status of an undo request
PENDING, DONE, DECLINED, LAPSED, SUPERSEDED = "pending", "done", "declined", "lapsed", "superseded"


@dataclass
class Seat:
    seat: int
    user_id: str
    name: str
    #: the bot level of a seat the referee plays itself (``None``: a person); its ``user_id`` is ``bot:<n>``
    bot_level: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None


#: a seat to write: ``(user_id, name)`` for a person, ``(user_id, name, bot_level)`` for either
SeatSpec = tuple[str, str] | tuple[str, str, str | None]


@dataclass
class GameRow:
    id: int
    channel_id: str
    guild_id: str | None
    title: str
    status: str
    host_id: str
    options: dict[str, Any]
    seed: int | None
    locale: str
    version: int
    state: dict[str, Any] | None
    created_at: float
    updated_at: float
    rules_version: int = 1
    seats: list[Seat] = field(default_factory=list)
    #: the table's clock (:meth:`bot.clock.ClockRule.to_json`; ``{}`` = no clock) and timeout policy
    clock: dict[str, Any] = field(default_factory=dict)
    timeout_policy: str = "wait"
    #: when the host paused the whole game (``None``: running)
    paused_since: float | None = None

    def seat_of(self, user_id: str) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    @property
    def names(self) -> list[str]:
        return [s.name for s in sorted(self.seats, key=lambda s: s.seat)]


@dataclass
class MoveRow:
    seq: int
    seat: int | None
    user_id: str | None
    action: str
    events: list[dict[str, Any]]
    at: float
    #: who decided: ``player`` (the seated user), ``timeout`` (the engine's timeout action) or ``bot``
    kind: str = "player"
    reveals: bool = True
    undone_by: int | None = None

    @property
    def undo_range(self) -> tuple[int, int] | None:
        """For an undo entry (action ``undo FIRST-LAST``): the seqs it took back, else ``None``."""
        return undo_range(self.action)


def undo_range(action: str) -> tuple[int, int] | None:
    """``"undo 12-14"`` → ``(12, 14)``; any other action → ``None``."""
    verb, _, rest = action.partition(" ")
    if verb != "undo":
        return None
    first, _, last = rest.partition("-")
    return int(first), int(last)


def covered(seqs: Sequence[int], ranges: Iterable[tuple[int, int]]) -> list[bool]:
    """For each of ``seqs``: whether one of the (inclusive) ``ranges`` covers it. The ranges are merged once
    and each seq is found by bisection: O((n + r) log r), where checking every seq against every range cost
    n × r (10,000 move + undo cycles made one undo take seconds; issue 21)."""
    merged: list[list[int]] = []
    for a, b in sorted(r for r in ranges if r[0] <= r[1]):
        if merged and a <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    starts = [a for a, _ in merged]
    out = []
    for seq in seqs:
        i = bisect.bisect_right(starts, seq) - 1
        out.append(i >= 0 and seq <= merged[i][1])
    return out


def undo_action(first: int, last: int) -> str:
    return f"undo {first}-{last}"


MOVE_KINDS = ("player", "timeout", "bot")


@dataclass
class SeatClock:
    """One seat's clock in one game."""

    seat: int
    bank: float                    # running seconds for the current decision (if started) or the next
    started: float | None = None   # when the seat's pending decision began (None: nothing pending)
    turn_version: int = 0          # the game version at which that decision began (jobs carry it)
    reminded: int = 0              # reminders already sent for that decision
    timeouts: int = 0              # consecutive decisions lost to the clock
    overdue: bool = False          # out of time under the ``wait`` policy
    bot: bool = False              # a bot plays for the seat until its player acts again
    votes: list[str] = field(default_factory=list)  # users who voted to skip the overdue seat


@dataclass
class UserSettings:
    """A user's notification preferences and vacation, across all servers."""

    user_id: str
    notify: str = "channel"            # channel | dm | both
    quiet: str | None = None           # "22:00-07:00" in ``zone``
    zone: str = "UTC"
    vacation_from: float | None = None
    vacation_until: float | None = None
    vacation_year: int = 0
    vacation_used: float = 0.0         # days used in ``vacation_year``


@dataclass
class UndoRequest:
    id: int
    game_id: int
    user_id: str
    first_seq: int
    version: int
    status: str
    created_at: float
    deadline: float
    answers: dict[str, bool] = field(default_factory=dict)


@dataclass
class Follow:
    game_id: int
    user_id: str
    dm: bool


POST_PENDING, POST_DELIVERED, POST_SUPERSEDED, POST_FAILED = "pending", "delivered", "superseded", "failed"


@dataclass
class PostRow:
    """One board post of the outbox."""

    id: int
    game_id: int
    version: int
    channel_id: str
    user_id: str | None
    status: str
    attempts: int
    next_at: float
    last_error: str | None
    message_id: str | None


class VersionConflict(Exception):
    """Somebody else's move was stored first: the state this move was based on is stale."""


class ChannelBusy(Exception):
    """The channel already has an open (lobby or active) game."""


# SQLite primary result codes (the low byte of an extended code) → what went wrong, for people
_REASONS = {13: "full", 8: "readonly", 11: "corrupt", 26: "corrupt", 14: "unavailable", 23: "unavailable",
            10: "failed", 5: "busy", 6: "busy"}


class StorageError(Exception):
    """The database refused or failed a statement. The transaction was rolled back: nothing changed.

    ``reason`` is one of ``full`` (disk or database full), ``readonly``, ``corrupt``, ``unavailable``
    (cannot open the file), ``busy`` (locked by another process), ``closed`` (used after :meth:`Store.close`)
    or ``failed`` (anything else).
    """

    def __init__(self, reason: str, detail: str) -> None:
        self.reason = reason
        self.detail = detail
        super().__init__(f"{reason}: {detail}")

    @staticmethod
    def of(exc: BaseException) -> StorageError:
        if isinstance(exc, StorageError):
            return exc
        code = getattr(exc, "sqlite_errorcode", None)
        reason = _REASONS.get(code & 0xFF, "failed") if isinstance(code, int) else "failed"
        return StorageError(reason, str(exc) or type(exc).__name__)


class Repository(Protocol):
    """What the game service needs from storage. :class:`Store` implements it with SQLite."""

    async def open_game(self, channel_id: str) -> GameRow | None: ...
    async def latest_game(self, channel_id: str) -> GameRow | None: ...
    async def game(self, game_id: int) -> GameRow | None: ...
    async def moves(self, game_id: int, since: int = -1, limit: int | None = None,
                    newest: bool = False) -> list[MoveRow]: ...
    async def create_game(self, channel_id: str, guild_id: str | None, title: str, host_id: str, host_name: str,
                          options: dict[str, Any], locale: str, now: float, clock: dict[str, Any] | None = None,
                          timeout_policy: str = "wait", seats: Sequence[SeatSpec] | None = None) -> GameRow: ...
    async def set_seats(self, game_id: int, seats: Sequence[SeatSpec], now: float,
                        host_id: str | None = None) -> None: ...
    async def start_game(self, game_id: int, seed: int, state: dict[str, Any], events: list[dict[str, Any]],
                         now: float, rules_version: int = 1, extra: Sequence[Statement] = ()) -> None: ...
    async def append_move(self, game_id: int, expected_version: int, seat: int, user_id: str | None, action: str,
                          state: dict[str, Any], events: list[dict[str, Any]], finished: bool, now: float,
                          kind: str = "player", extra: Sequence[Statement] = (),
                          reveals: bool = True) -> int: ...
    async def set_status(self, game_id: int, status: str, now: float) -> None: ...
    async def append_undo(self, game_id: int, expected_version: int, seat: int | None, user_id: str | None,
                          first: int, state: dict[str, Any], events: list[dict[str, Any]], now: float,
                          request_id: int | None = None, extra: Sequence[Statement] = ()) -> int: ...
    async def undo_request(self, game_id: int, pending_only: bool = True) -> UndoRequest | None: ...
    async def create_undo_request(self, game_id: int, user_id: str, first_seq: int, version: int, now: float,
                                  deadline: float) -> UndoRequest: ...
    async def answer_undo(self, request_id: int, user_id: str, accepted: bool,
                          now: float) -> dict[str, bool] | None: ...
    async def close_undo_request(self, request_id: int, status: str) -> bool: ...
    async def finished_games(self, guild_id: str | None, title: str | None = None) -> list[GameRow]: ...
    async def move_users(self, game_ids: list[int]) -> dict[int, dict[int, set[str]]]: ...
    async def follow(self, game_id: int, user_id: str, dm: bool, now: float) -> None: ...
    async def unfollow(self, game_id: int, user_id: str) -> bool: ...
    async def followers(self, game_id: int) -> list[Follow]: ...
    async def delete_lobby(self, game_id: int) -> None: ...
    async def close(self) -> None: ...
    # the clock layer (issue 10): statements are built here and run in the caller's move transaction
    @property
    def jobs(self) -> StoreJobs: ...
    async def seat_clocks(self, game_id: int) -> dict[int, SeatClock]: ...
    def seat_clock_statement(self, game_id: int, c: SeatClock) -> Statement: ...
    def job_statement(self, game_id: int, seat: int | None, kind: str, due: float, version: int,
                      payload: dict[str, Any] | None = None) -> Statement: ...
    async def game_jobs(self, game_id: int) -> list[Job]: ...
    def clock_statements(self, game_id: int, cancel: Sequence[int], clocks: Sequence[SeatClock],
                         jobs: Sequence[JobSpec]) -> list[Statement]: ...
    async def settings_of(self, user_ids: Sequence[str]) -> dict[str, UserSettings]: ...
    async def run(self, statements: Sequence[Statement]) -> None: ...
    async def settings(self, user_id: str) -> UserSettings: ...
    def settings_statement(self, s: UserSettings) -> Statement: ...
    async def active_games_of(self, user_id: str, guild_id: str | None = None) -> list[GameRow]: ...
    async def active_games(self, guild_id: str | None = None) -> list[GameRow]: ...
    def pause_statement(self, game_id: int, paused_since: float | None, now: float) -> Statement: ...
    async def run_guarded(self, game_id: int, version: int, statements: Sequence[Statement],
                          check: Sequence[int] = ()) -> None: ...
    def clock_update_statement(self, game_id: int, seat: int, turn_version: int, set_sql: str,
                               params: Sequence[Any], where: str = "", where_params: Sequence[Any] = ()) -> Statement: ...
    def delete_job_statement(self, job_id: int) -> Statement: ...
    def clocks_snapshot_statement(self, game_id: int, seq: int, clocks: Sequence[SeatClock]) -> Statement: ...
    async def clocks_before(self, game_id: int, seq: int) -> dict[int, SeatClock] | None: ...
    def replace_seat_statement(self, game_id: int, seat: int, user_id: str, name: str) -> Statement: ...


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


class Store:
    """The repository. Open with ``await Store.open(path)``; ``":memory:"`` works for tests."""

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
    async def transaction(self) -> AsyncIterator[Any]:
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
                    raise StorageError.of(exc) from exc
                raise
            try:
                yield self.db
                await self.db.execute("COMMIT")
            except BaseException as exc:
                await self._recover()
                if isinstance(exc, sqlite3.Error):
                    raise StorageError.of(exc) from exc
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
    async def open(cls, path: str) -> Store:
        """Open (and migrate) the database, or raise :class:`StorageError` at once.

        The file must be a readable, writable SQLite database (or not exist yet, in an existing folder):
        ``unavailable`` if it cannot be opened, ``corrupt`` if it is not a database or fails SQLite's
        quick check, ``readonly`` if it cannot be written. Paths starting ``file:`` are SQLite URIs.
        """
        try:
            db = await cls._connect(path)
        except sqlite3.Error as exc:
            raise StorageError.of(exc) from exc
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
                raise StorageError.of(exc) from exc
            raise
        return store

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            await self.db.close()

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
            raise StorageError.of(exc) from exc

    async def migrate(self) -> None:
        current = await self.schema_version()
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            async with self.transaction() as db:
                for statement in filter(str.strip, script.split(";")):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version={number}")

    # ------------------------------------------------------------------ reading

    async def _row(self, where: str, params: Iterable[Any]) -> GameRow | None:
        async with self._reading():
            return await self._row_unguarded(where, params)

    async def _row_unguarded(self, where: str, params: Iterable[Any]) -> GameRow | None:
        async with self.db.execute(f"SELECT * FROM games WHERE {where}", tuple(params)) as cur:
            r = await cur.fetchone()
        if r is None:
            return None
        row = GameRow(
            id=r["id"], channel_id=r["channel_id"], guild_id=r["guild_id"], title=r["title"],
            status=r["status"], host_id=r["host_id"], options=json.loads(r["options"]), seed=r["seed"],
            locale=r["locale"], version=r["version"],
            state=json.loads(r["state"]) if r["state"] is not None else None,
            created_at=r["created_at"], updated_at=r["updated_at"], rules_version=r["rules_version"],
            clock=json.loads(r["clock"]), timeout_policy=r["timeout_policy"], paused_since=r["paused_since"],
        )
        async with self.db.execute(
            "SELECT seat, user_id, name, bot_level FROM seats WHERE game_id=? ORDER BY seat", (row.id,)
        ) as cur:
            row.seats = [Seat(s["seat"], s["user_id"], s["name"], s["bot_level"]) async for s in cur]
        return row

    async def open_game(self, channel_id: str) -> GameRow | None:
        """The lobby or active game of a channel."""
        return await self._row("channel_id=? AND status IN ('lobby','active')", (channel_id,))

    async def latest_game(self, channel_id: str) -> GameRow | None:
        """The open game of a channel, or else the most recent finished one."""
        return await self._row("channel_id=? ORDER BY (status IN ('lobby','active')) DESC, id DESC LIMIT 1", (channel_id,))

    async def game(self, game_id: int) -> GameRow | None:
        return await self._row("id=?", (game_id,))

    async def moves(self, game_id: int, since: int = -1, limit: int | None = None, newest: bool = False) -> list[MoveRow]:
        sql = "SELECT * FROM moves WHERE game_id=? AND seq>?"
        sql += " ORDER BY seq DESC" if newest else " ORDER BY seq"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        async with self._reading(), self.db.execute(sql, (game_id, since)) as cur:
            raw = list(await cur.fetchall())

        def parse() -> list[MoveRow]:
            return [MoveRow(r["seq"], r["seat"], r["user_id"], r["action"], json.loads(r["events"]), r["at"], r["kind"],
                            bool(r["reveals"]), r["undone_by"]) for r in raw]

        # a long log's events are parsed off the event loop
        rows = await asyncio.to_thread(parse) if len(raw) > 200 else parse()
        return list(reversed(rows)) if newest else rows

    # ------------------------------------------------------------------ writing

    async def _tx(self, statements: Sequence[Statement], check: int | Sequence[int] | None = None) -> int:
        """Run statements in one transaction. ``check``: index (or indexes) of statements that must change
        one row each, else nothing is stored and :class:`VersionConflict` is raised."""
        checks = {check} if isinstance(check, int) else set(check or ())
        async with self.transaction() as db:
            last = 0
            for i, (sql, params) in enumerate(statements):
                cur = await db.execute(sql, params)
                if i in checks and cur.rowcount != 1:
                    raise VersionConflict()
                last = cur.lastrowid or last
        return last

    async def create_game(
        self, channel_id: str, guild_id: str | None, title: str, host_id: str, host_name: str,
        options: dict[str, Any], locale: str, now: float, clock: dict[str, Any] | None = None,
        timeout_policy: str = "wait", seats: Sequence[SeatSpec] | None = None,
    ) -> GameRow:
        """Open a lobby. ``seats``: who sits down at once, in seat order (default: the host alone)."""
        async with self.transaction() as db:
            try:
                cur = await db.execute(
                    "INSERT INTO games(channel_id, guild_id, title, status, host_id, options, locale, created_at,"
                    " updated_at, clock, timeout_policy) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                    (channel_id, guild_id, title, LOBBY, host_id, _dumps(options), locale, now, now,
                     _dumps(clock or {}), timeout_policy),
                )
            except aiosqlite.IntegrityError as exc:
                raise ChannelBusy() from exc
            gid = cur.lastrowid
            for i, spec in enumerate([(host_id, host_name)] if seats is None else seats):
                await db.execute("INSERT INTO seats(game_id, seat, user_id, name, bot_level) VALUES (?,?,?,?,?)",
                                 (gid, i, spec[0], spec[1], spec[2] if len(spec) > 2 else None))
        row = await self.game(gid)
        assert row is not None
        return row

    async def set_seats(self, game_id: int, seats: Sequence[SeatSpec], now: float, host_id: str | None = None) -> None:
        """Replace the seat list (lobby only): ``[(user_id, name), ...]`` in seat order (a bot seat:
        ``(user_id, name, bot_level)``), optionally a new host."""
        stmts: list[tuple[str, tuple[Any, ...]]] = [("DELETE FROM seats WHERE game_id=?", (game_id,))]
        stmts += [
            ("INSERT INTO seats(game_id, seat, user_id, name, bot_level) VALUES (?,?,?,?,?)",
             (game_id, i, spec[0], spec[1], spec[2] if len(spec) > 2 else None))
            for i, spec in enumerate(seats)
        ]
        stmts.append(("UPDATE games SET updated_at=?, host_id=COALESCE(?, host_id) WHERE id=?", (now, host_id, game_id)))
        await self._tx(stmts)

    async def start_game(self, game_id: int, seed: int, state: dict[str, Any], events: list[dict[str, Any]], now: float,
                         rules_version: int = 1, extra: Sequence[Statement] = ()) -> None:
        """Lobby → active, with the set-up state as move 0 of the log (``extra``: statements of the same
        transaction, e.g. the seats' clocks and their first jobs)."""
        await self._tx(
            [
                (
                    "UPDATE games SET status=?, seed=?, state=?, version=0, rules_version=?, updated_at=? WHERE id=? AND status=?",
                    (ACTIVE, seed, _dumps(state), rules_version, now, game_id, LOBBY),
                ),
                ("INSERT INTO moves(game_id, seq, seat, user_id, action, events, at, reveals) VALUES (?,?,?,?,?,?,?,1)",
                 (game_id, 0, None, None, "setup", _dumps(events), now)),
                *self._post_statement(game_id, 0, None, now),
                *extra,
            ],
            check=0,
        )

    async def append_move(
        self, game_id: int, expected_version: int, seat: int, user_id: str | None, action: str,
        state: dict[str, Any], events: list[dict[str, Any]], finished: bool, now: float,
        kind: str = "player", extra: Sequence[Statement] = (), reveals: bool = True,
    ) -> int:
        """Store one accepted move atomically. Raises :class:`VersionConflict` if the game moved on.

        ``kind``: who decided (:data:`MOVE_KINDS`); ``extra``: statements run in the same transaction
        (the clocks and timed jobs the move changes); ``reveals``: the engine's
        :attr:`engines.core.Outcome.reveals` for the move (an undo stops there)."""
        new_version = expected_version + 1
        await self._tx(
            [
                (
                    "UPDATE games SET state=?, version=?, status=?, updated_at=? WHERE id=? AND version=? AND status=?",
                    (_dumps(state), new_version, OVER if finished else ACTIVE, now, game_id, expected_version, ACTIVE),
                ),
                ("INSERT INTO moves(game_id, seq, seat, user_id, action, events, at, kind, reveals)"
                 " VALUES (?,?,?,?,?,?,?,?,?)",
                 (game_id, new_version, seat, user_id, action, _dumps(events), now, kind, int(bool(reveals)))),
                *extra,
                *self._post_statement(game_id, new_version, user_id, now),
                # a move makes any pending undo request moot: it was asked about an older position
                ("UPDATE undo_requests SET status=? WHERE game_id=? AND status=?", (SUPERSEDED, game_id, PENDING)),
            ],
            check=0,
        )
        return new_version

    async def set_status(self, game_id: int, status: str, now: float) -> None:
        await self._tx([
            ("UPDATE games SET status=?, updated_at=? WHERE id=?", (status, now, game_id)),
            ("UPDATE undo_requests SET status=? WHERE game_id=? AND status=?", (SUPERSEDED, game_id, PENDING)),
        ])

    # ------------------------------------------------------------------ undo

    async def append_undo(self, game_id: int, expected_version: int, seat: int | None, user_id: str | None,
                          first: int, state: dict[str, Any], events: list[dict[str, Any]], now: float,
                          request_id: int | None = None, extra: Sequence[Statement] = ()) -> int:
        """Record an undo atomically: an ``undo FIRST-LAST`` entry at the end of the log (LAST = the version it
        takes back to), the moves it takes back marked ``undone_by`` (not deleted), and the recomputed state.
        Raises :class:`VersionConflict` if the game moved on; closes ``request_id`` as done."""
        new_version = expected_version + 1
        stmts: list[Statement] = [
            ("UPDATE games SET state=?, version=?, updated_at=? WHERE id=? AND version=? AND status=?",
             (_dumps(state), new_version, now, game_id, expected_version, ACTIVE)),
            ("INSERT INTO moves(game_id, seq, seat, user_id, action, events, at, reveals) VALUES (?,?,?,?,?,?,?,0)",
             (game_id, new_version, seat, user_id, undo_action(first, expected_version), _dumps(events), now)),
            *self._post_statement(game_id, new_version, user_id, now),  # the board is re-posted
            *extra,  # the turn clocks of the restored position
            ("UPDATE moves SET undone_by=? WHERE game_id=? AND seq BETWEEN ? AND ? AND undone_by IS NULL"
             " AND action NOT LIKE 'undo %'", (new_version, game_id, first, expected_version)),
        ]
        checks = [0]
        if request_id is not None:
            # the consented request must still be pending (not declined or lapsed meanwhile, in any process)
            checks.append(len(stmts))
            stmts.append(("UPDATE undo_requests SET status=? WHERE id=? AND game_id=? AND status=?",
                          (DONE, request_id, game_id, PENDING)))
        stmts.append(("UPDATE undo_requests SET status=? WHERE game_id=? AND status=?", (SUPERSEDED, game_id, PENDING)))
        await self._tx(stmts, check=checks)
        return new_version

    async def undo_request(self, game_id: int, pending_only: bool = True) -> UndoRequest | None:
        """The pending undo request of a game (or its latest one, with ``pending_only=False``), with answers."""
        where = "game_id=? AND status='pending'" if pending_only else "game_id=?"
        async with self._reading():
            async with self.db.execute(f"SELECT * FROM undo_requests WHERE {where} ORDER BY id DESC LIMIT 1",
                                       (game_id,)) as cur:
                r = await cur.fetchone()
            if r is None:
                return None
            req = UndoRequest(r["id"], r["game_id"], r["user_id"], r["first_seq"], r["version"], r["status"],
                              r["created_at"], r["deadline"])
            async with self.db.execute("SELECT user_id, accepted FROM undo_answers WHERE request_id=?", (req.id,)) as cur:
                req.answers = {a["user_id"]: bool(a["accepted"]) async for a in cur}
        return req

    async def create_undo_request(self, game_id: int, user_id: str, first_seq: int, version: int, now: float,
                                  deadline: float) -> UndoRequest:
        """A new pending request. Raises :class:`ChannelBusy` if the game already has a pending one."""
        async with self.transaction() as db:
            try:
                cur = await db.execute(
                    "INSERT INTO undo_requests(game_id, user_id, first_seq, version, status, created_at, deadline)"
                    " VALUES (?,?,?,?,?,?,?)", (game_id, user_id, first_seq, version, PENDING, now, deadline))
            except aiosqlite.IntegrityError as exc:
                raise ChannelBusy() from exc
            rid = cur.lastrowid
        assert rid is not None
        return UndoRequest(rid, game_id, user_id, first_seq, version, PENDING, now, deadline)

    async def answer_undo(self, request_id: int, user_id: str, accepted: bool, now: float) -> dict[str, bool] | None:
        """Store one answer to a pending request and return all its answers, read in the same transaction (so
        of two last consents stored at once, exactly one sees them all). ``None``: the request is no longer
        pending (declined, lapsed, done or superseded meanwhile); nothing was stored."""
        async with self.transaction() as db:
            cur = await db.execute(
                "INSERT INTO undo_answers(request_id, user_id, accepted, at) SELECT ?,?,?,? WHERE EXISTS"
                " (SELECT 1 FROM undo_requests WHERE id=? AND status=?)"
                " ON CONFLICT(request_id, user_id) DO UPDATE SET accepted=excluded.accepted, at=excluded.at",
                (request_id, user_id, int(accepted), now, request_id, PENDING))
            if cur.rowcount != 1:
                return None
            async with db.execute("SELECT user_id, accepted FROM undo_answers WHERE request_id=?", (request_id,)) as rows:
                return {a["user_id"]: bool(a["accepted"]) async for a in rows}

    async def close_undo_request(self, request_id: int, status: str) -> bool:
        """Close a pending request; ``False``: it was no longer pending (closed or carried out meanwhile)."""
        async with self.transaction() as db:
            cur = await db.execute("UPDATE undo_requests SET status=? WHERE id=? AND status=?",
                                   (status, request_id, PENDING))
            return cur.rowcount == 1

    # ------------------------------------------------------------------ stats

    async def finished_games(self, guild_id: str | None, title: str | None = None) -> list[GameRow]:
        """Every game of a server that ended (over or abandoned after its start), oldest first."""
        sql = "guild_id IS ? AND status IN ('over','abandoned') AND seed IS NOT NULL"
        params: list[Any] = [guild_id]
        if title is not None:
            sql += " AND title=?"
            params.append(title)
        async with self._reading():
            async with self.db.execute(f"SELECT id FROM games WHERE {sql} ORDER BY updated_at, id", params) as cur:
                ids = [r["id"] async for r in cur]
            rows = [await self._row_unguarded("id=?", (i,)) for i in ids]
        return [r for r in rows if r is not None]

    async def move_users(self, game_ids: list[int]) -> dict[int, dict[int, set[str]]]:
        """Who made the (not undone) moves of each seat: ``{game: {seat: {user ids}}}`` (finds replaced players)."""
        out: dict[int, dict[int, set[str]]] = {}
        if not game_ids:
            return out
        marks = ",".join("?" * len(game_ids))
        async with self._reading(), self.db.execute(
            f"SELECT DISTINCT game_id, seat, user_id FROM moves WHERE game_id IN ({marks}) AND seat IS NOT NULL"
            " AND user_id IS NOT NULL AND undone_by IS NULL AND action NOT LIKE 'undo %'", game_ids,
        ) as cur:
            async for r in cur:
                out.setdefault(r["game_id"], {}).setdefault(r["seat"], set()).add(r["user_id"])
        return out

    # ------------------------------------------------------------------ following

    async def follow(self, game_id: int, user_id: str, dm: bool, now: float) -> None:
        await self._tx([("INSERT INTO follows(game_id, user_id, dm, at) VALUES (?,?,?,?)"
                         " ON CONFLICT(game_id, user_id) DO UPDATE SET dm=excluded.dm", (game_id, user_id, int(dm), now))])

    async def unfollow(self, game_id: int, user_id: str) -> bool:
        async with self.transaction() as db:
            cur = await db.execute("DELETE FROM follows WHERE game_id=? AND user_id=?", (game_id, user_id))
            return cur.rowcount > 0

    async def followers(self, game_id: int) -> list[Follow]:
        async with self._reading(), self.db.execute(
            "SELECT game_id, user_id, dm FROM follows WHERE game_id=? ORDER BY at, user_id", (game_id,)
        ) as cur:
            return [Follow(r["game_id"], r["user_id"], bool(r["dm"])) async for r in cur]

    async def delete_lobby(self, game_id: int) -> None:
        await self._tx([("DELETE FROM games WHERE id=? AND status=?", (game_id, LOBBY))])

    # ------------------------------------------------------------------ the outbox of board posts

    def _post_statement(self, game_id: int, version: int, user_id: str | None, now: float) -> list[tuple[str, tuple[Any, ...]]]:
        """The outbox row for a move's board, to run in the move's own transaction (none if the outbox is off)."""
        if not self.outbox:
            return []
        return [(
            "INSERT INTO posts(game_id, version, channel_id, user_id, status, next_at, created_at, updated_at)"
            " SELECT id, ?, channel_id, ?, ?, ?, ?, ? FROM games WHERE id=?",
            (version, user_id, POST_PENDING, now, now, now, game_id),
        )]

    async def _posts(self, where: str, params: Iterable[Any]) -> list[PostRow]:
        async with self.db.execute(f"SELECT * FROM posts WHERE {where}", tuple(params)) as cur:
            return [
                PostRow(r["id"], r["game_id"], r["version"], r["channel_id"], r["user_id"], r["status"], r["attempts"],
                        r["next_at"], r["last_error"], r["message_id"])
                async for r in cur
            ]

    async def pending_posts(self, game_id: int) -> list[PostRow]:
        """A game's posts still to deliver, oldest first."""
        return await self._posts("game_id=? AND status=? ORDER BY id", (game_id, POST_PENDING))

    async def due_games(self, now: float) -> list[int]:
        """Games with a pending post whose time has come, in the order their posts were written."""
        async with self.db.execute(
            "SELECT game_id, MIN(id) AS first FROM posts WHERE status=? AND next_at<=? GROUP BY game_id ORDER BY first",
            (POST_PENDING, now),
        ) as cur:
            return [r["game_id"] async for r in cur]

    async def next_post_at(self) -> float | None:
        async with self.db.execute("SELECT MIN(next_at) FROM posts WHERE status=?", (POST_PENDING,)) as cur:
            r = await cur.fetchone()
        return None if r is None or r[0] is None else float(r[0])

    async def last_post(self, game_id: int) -> PostRow | None:
        """The newest post of a game, whatever became of it."""
        rows = await self._posts("game_id=? ORDER BY id DESC LIMIT 1", (game_id,))
        return rows[0] if rows else None

    async def last_board(self, game_id: int) -> PostRow | None:
        """The newest board message of a game that reached the channel."""
        rows = await self._posts("game_id=? AND status=? AND message_id IS NOT NULL ORDER BY id DESC LIMIT 1",
                                 (game_id, POST_DELIVERED))
        return rows[0] if rows else None

    async def posts_delivered(self, game_id: int, upto: int, version: int, message_id: str, now: float) -> None:
        """The board of ``version`` is posted: the pending post ``upto`` becomes delivered; the pending posts
        it covers (older ones, and any for a version it already shows) are superseded: collapsed into it."""
        await self._tx([
            ("UPDATE posts SET status=?, version=?, message_id=?, last_error=NULL, updated_at=? WHERE id=?",
             (POST_DELIVERED, version, message_id, now, upto)),
            ("UPDATE posts SET status=?, updated_at=? WHERE game_id=? AND status=? AND (id<? OR version<=?)",
             (POST_SUPERSEDED, now, game_id, POST_PENDING, upto, version)),
        ])

    async def posts_retry(self, game_id: int, upto: int, attempts: int, next_at: float, error: str, now: float) -> None:
        """Try the game's pending posts (up to ``upto``) again at ``next_at``."""
        await self._tx([(
            "UPDATE posts SET attempts=?, next_at=?, last_error=?, updated_at=? WHERE game_id=? AND status=? AND id<=?",
            (attempts, next_at, error, now, game_id, POST_PENDING, upto),
        )])

    async def posts_failed(self, game_id: int, upto: int, error: str, now: float) -> None:
        """The game's pending posts (up to ``upto``) cannot be delivered."""
        await self._tx([(
            "UPDATE posts SET status=?, last_error=?, updated_at=? WHERE game_id=? AND status=? AND id<=?",
            (POST_FAILED, error, now, game_id, POST_PENDING, upto),
        )])

    async def record_board(self, game_id: int, version: int, channel_id: str, message_id: str, now: float) -> None:
        """A board posted outside the outbox (``/game board``) becomes the game's newest board message; pending
        posts of positions it shows are superseded."""
        await self._tx([
            ("INSERT INTO posts(game_id, version, channel_id, status, next_at, message_id, created_at, updated_at)"
             " VALUES (?,?,?,?,?,?,?,?)", (game_id, version, channel_id, POST_DELIVERED, now, message_id, now, now)),
            ("UPDATE posts SET status=?, updated_at=? WHERE game_id=? AND status=? AND version<=?",
             (POST_SUPERSEDED, now, game_id, POST_PENDING, version)),
        ])
    # ------------------------------------------------------------------ clocks, settings, timed jobs (issue 10)

    @property
    def jobs(self) -> StoreJobs:
        """The timed jobs on this store's connection, sharing its write lock (transactions never interleave)."""
        return StoreJobs(self)

    async def seat_clocks(self, game_id: int) -> dict[int, SeatClock]:
        async with self._reading(), self.db.execute("SELECT * FROM seat_clocks WHERE game_id=? ORDER BY seat",
                                                    (game_id,)) as cur:
            return {
                r["seat"]: SeatClock(r["seat"], r["bank"], r["started"], r["turn_version"], r["reminded"],
                                     r["timeouts"], bool(r["overdue"]), bool(r["bot"]), json.loads(r["votes"]))
                async for r in cur
            }

    @staticmethod
    def seat_clock_statement(game_id: int, c: SeatClock) -> Statement:
        """Write one seat's clock (insert or replace), for a caller's transaction."""
        return (
            "INSERT OR REPLACE INTO seat_clocks(game_id, seat, bank, started, turn_version, reminded, timeouts, overdue,"
            " bot, votes) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (game_id, c.seat, c.bank, c.started, c.turn_version, c.reminded, c.timeouts, int(c.overdue), int(c.bot),
             _dumps(c.votes)),
        )

    @staticmethod
    def clock_statements(game_id: int, cancel: Sequence[int], clocks: Sequence[SeatClock],
                         jobs: Sequence[JobSpec]) -> list[Statement]:
        """Always three statements (so a move has a fixed number of them): cancel the unclaimed jobs of the
        ``cancel`` seats, write ``clocks``, add ``jobs`` (``(seat, kind, due, version, payload)``)."""
        rows = [[c.seat, c.bank, c.started, c.turn_version, c.reminded, c.timeouts, int(c.overdue), int(c.bot),
                 _dumps(c.votes)] for c in clocks]
        return [
            ("DELETE FROM jobs WHERE game_id=? AND claimed_by IS NULL AND seat IN (SELECT value FROM json_each(?))",
             (game_id, _dumps(sorted(set(cancel))))),
            ("INSERT OR REPLACE INTO seat_clocks(game_id, seat, bank, started, turn_version, reminded, timeouts,"
             " overdue, bot, votes) SELECT ?, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]'),"
             " json_extract(value, '$[6]'), json_extract(value, '$[7]'), json_extract(value, '$[8]') FROM json_each(?)", (game_id, _dumps(rows))),
            ("INSERT INTO jobs (game_id, seat, kind, due, version, payload) SELECT ?, json_extract(value, '$[0]'), json_extract(value, '$[1]'),"
             " json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]') FROM json_each(?)",
             (game_id, _dumps([[seat, kind, due, version, _dumps(payload)] for seat, kind, due, version, payload in jobs]))),
        ]

    async def settings_of(self, user_ids: Sequence[str]) -> dict[str, UserSettings]:
        """Several users' settings in one read (defaults for those who never set any)."""
        async with self._reading(), self.db.execute(
            "SELECT * FROM user_settings WHERE user_id IN (SELECT value FROM json_each(?))", (_dumps(list(user_ids)),)
        ) as cur:
            found = {r["user_id"]: UserSettings(r["user_id"], r["notify"], r["quiet"], r["zone"], r["vacation_from"],
                                                r["vacation_until"], r["vacation_year"], r["vacation_used"])
                     async for r in cur}
        return {u: found.get(u) or UserSettings(u) for u in user_ids}

    @staticmethod
    def job_statement(game_id: int, seat: int | None, kind: str, due: float, version: int,
                      payload: dict[str, Any] | None = None) -> Statement:
        return ("INSERT INTO jobs (game_id, seat, kind, due, version, payload) VALUES (?,?,?,?,?,?)",
                (game_id, seat, kind, due, version, _dumps(payload or {})))

    async def game_jobs(self, game_id: int) -> list[Job]:
        async with self._reading(), self.db.execute(
            "SELECT id, game_id, seat, kind, due, version, payload FROM jobs WHERE game_id=? ORDER BY due, id", (game_id,)
        ) as cur:
            return [Job(r[0], r[1], r[2], r[3], r[4], r[5], r[6]) async for r in cur]

    async def run(self, statements: Sequence[Statement]) -> None:
        """Run the caller's statements in one transaction."""
        if statements:
            await self._tx(statements)

    async def settings(self, user_id: str) -> UserSettings:
        """A user's settings (the defaults for a user who never set any)."""
        async with self._reading(), self.db.execute("SELECT * FROM user_settings WHERE user_id=?", (user_id,)) as cur:
            r = await cur.fetchone()
        if r is None:
            return UserSettings(user_id)
        return UserSettings(r["user_id"], r["notify"], r["quiet"], r["zone"], r["vacation_from"], r["vacation_until"],
                            r["vacation_year"], r["vacation_used"])

    @staticmethod
    def settings_statement(s: UserSettings) -> Statement:
        return (
            "INSERT OR REPLACE INTO user_settings(user_id, notify, quiet, zone, vacation_from, vacation_until,"
            " vacation_year, vacation_used) VALUES (?,?,?,?,?,?,?,?)",
            (s.user_id, s.notify, s.quiet, s.zone, s.vacation_from, s.vacation_until, s.vacation_year, s.vacation_used),
        )

    async def active_games_of(self, user_id: str, guild_id: str | None = None) -> list[GameRow]:
        """The active games a user sits in (on one server, or everywhere), oldest first."""
        return await self._active_games("FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id=? AND g.status=?",
                                        [user_id, ACTIVE], guild_id)

    async def active_games(self, guild_id: str | None = None) -> list[GameRow]:
        return await self._active_games("FROM games g WHERE g.status=?", [ACTIVE], guild_id)

    async def _active_games(self, where: str, params: list[Any], guild_id: str | None) -> list[GameRow]:
        """The games a ``FROM … WHERE …`` clause selects (``g`` is the games table), on one server or
        everywhere, oldest first."""
        sql = "SELECT g.id " + where
        if guild_id is not None:
            sql += " AND g.guild_id=?"
            params = [*params, guild_id]
        async with self._reading(), self.db.execute(sql + " ORDER BY g.id", tuple(params)) as cur:
            ids = [r[0] async for r in cur]
        rows = [await self.game(i) for i in ids]
        return [r for r in rows if r is not None]

    # ------------------------------------------------------------------ the one guarded write path for clocks (issue 21)

    async def run_guarded(self, game_id: int, version: int, statements: Sequence[Statement],
                          check: Sequence[int] = ()) -> None:
        """Run ``statements`` in one transaction only if the game is still active at ``version`` (and each
        statement at an index in ``check`` changes exactly one row); else nothing is stored and
        :class:`VersionConflict` is raised. Every clock write outside a move goes through here: it was
        computed from the game at ``version``, and must not land on a newer position (another process's
        move, whose transaction wrote the clocks of that position)."""
        await self._tx([("UPDATE games SET updated_at=updated_at WHERE id=? AND version=? AND status=?",
                         (game_id, version, ACTIVE)), *statements], check=[0, *(i + 1 for i in check)])

    @staticmethod
    def clock_update_statement(game_id: int, seat: int, turn_version: int, set_sql: str, params: Sequence[Any],
                               where: str = "", where_params: Sequence[Any] = ()) -> Statement:
        """A targeted update of one seat's clock (``SET set_sql``), only while the decision it was computed for
        is pending (``turn_version``, started) and ``where`` holds: never a write-back of the whole row."""
        return (f"UPDATE seat_clocks SET {set_sql} WHERE game_id=? AND seat=? AND turn_version=? AND started IS NOT NULL"
                + (f" AND {where}" if where else ""),
                (*params, game_id, seat, turn_version, *where_params))

    @staticmethod
    def delete_job_statement(job_id: int) -> Statement:
        """A fired job's deletion, for the transaction of its effect."""
        return "DELETE FROM jobs WHERE id=?", (job_id,)

    @staticmethod
    def clocks_snapshot_statement(game_id: int, seq: int, clocks: Sequence[SeatClock]) -> Statement:
        """Record the seats' clocks as they were before log entry ``seq`` (in that entry's transaction)."""
        rows = [[c.seat, c.bank, c.started, c.turn_version, c.reminded, c.timeouts, int(c.overdue), int(c.bot),
                 c.votes] for c in sorted(clocks, key=lambda c: c.seat)]
        return "UPDATE moves SET clocks=? WHERE game_id=? AND seq=?", (_dumps(rows), game_id, seq)

    async def clocks_before(self, game_id: int, seq: int) -> dict[int, SeatClock] | None:
        """The seats' clocks as they were before log entry ``seq`` (``None``: not recorded, an older entry)."""
        async with self._reading(), self.db.execute("SELECT clocks FROM moves WHERE game_id=? AND seq=?",
                                                    (game_id, seq)) as cur:
            r = await cur.fetchone()
        if r is None or r[0] is None:
            return None
        return {int(x[0]): SeatClock(int(x[0]), float(x[1]), None if x[2] is None else float(x[2]), int(x[3]),
                                     int(x[4]), int(x[5]), bool(x[6]), bool(x[7]), list(x[8]))
                for x in json.loads(r[0])}

    @staticmethod
    def pause_statement(game_id: int, paused_since: float | None, now: float) -> Statement:
        return "UPDATE games SET paused_since=?, updated_at=? WHERE id=?", (paused_since, now, game_id)

    @staticmethod
    def replace_seat_statement(game_id: int, seat: int, user_id: str, name: str) -> Statement:
        # the seat goes to a person (a bot seat is never replaced while it plays, but be explicit)
        return ("UPDATE seats SET user_id=?, name=?, bot_level=NULL WHERE game_id=? AND seat=?",
                (user_id, name, game_id, seat))


class StoreJobs:
    """The scheduler's :class:`~bot.scheduler.JobStore` over a :class:`Store`: always on the store's current
    connection (it is replaced after a failed rollback) and under its write lock."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def _jobs(self) -> SqliteJobs:
        if self.store.closed:
            raise StorageError("closed", "the database connection is closed")
        return SqliteJobs(self.store.db, self.store._write)

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

    async def release(self, job_id: int, owner: str, due: float) -> None:
        await self._jobs().release(job_id, owner, due)
