"""The SQLite store: :class:`Store` implements :class:`~bot.table.ports.Repository` with aiosqlite (WAL,
numbered migrations from :mod:`bot.store.schema`). It is the only place with SQL, with :mod:`.connection`,
:mod:`.outbox` and :mod:`.jobs`.

Every accepted move is one transaction: the state update is guarded by the version it was computed from
(optimistic concurrency), and the move row, its clock changes and its board post are written with it, so a
crash leaves either all or nothing.

Once a game has ended, its move log is packed into one compressed row (:mod:`bot.store.movelog`); the reads
below give the same :class:`MoveRow` values either way.
"""
from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

import aiosqlite

from bot.table.errors import ChannelBusy, StorageError
from bot.table.model import (
    ACTIVE,
    DONE,
    LOBBY,
    OVER,
    PENDING,
    POST_PENDING,
    SUPERSEDED,
    ClockUpdate,
    ClockWrite,
    Follow,
    GameResults,
    GameRow,
    Job,
    MarkOverdue,
    MarkReminded,
    MoveRow,
    Rebase,
    RowGuard,
    SeatClock,
    SeatSpec,
    SetVotes,
    UndoRequest,
    UserSettings,
    undo_action,
)

from . import movelog
from . import rows as _rows
from .connection import Statement
from .jobs import StoreJobs
from .outbox import Outbox
from .results import Results, results_statements
from .rows import dumps as _dumps

log = logging.getLogger("referee.storage")


class Store(Outbox, Results):
    """The repository on one SQLite connection. Open with ``await Store.open(path)``; ``":memory:"`` works
    for tests."""

    # ------------------------------------------------------------------ reading

    async def _row(self, where: str, params: Iterable[Any]) -> GameRow | None:
        return await self._read(lambda conn: self._row_in(conn, where, tuple(params)))

    async def _row_unguarded(self, where: str, params: Iterable[Any]) -> GameRow | None:
        return await self._hop(lambda conn: self._row_in(conn, where, tuple(params)))

    @staticmethod
    def _row_in(conn: sqlite3.Connection, where: str, params: tuple[Any, ...]) -> GameRow | None:
        """A game with its seats, read on the connection's thread (one hop: :meth:`_hop`)."""
        r = conn.execute(f"SELECT * FROM games WHERE {where}", params).fetchone()
        if r is None:
            return None
        seats = conn.execute("SELECT seat, user_id, name, bot_level FROM seats WHERE game_id=? ORDER BY seat",
                             (r["id"],)).fetchall()
        return _rows.game_row(r, [_rows.seat(s) for s in seats])

    async def _rows(self, ids: Sequence[int]) -> list[GameRow]:
        """Several games by id, in the order given, in two reads (missing ones are left out)."""
        if not ids:
            return []
        key = _dumps(list(ids))
        async with self._reading():
            games = await self.db.execute_fetchall(
                "SELECT * FROM games WHERE id IN (SELECT value FROM json_each(?))", (key,))
            seats = await self.db.execute_fetchall(
                "SELECT game_id, seat, user_id, name, bot_level FROM seats WHERE game_id IN"
                " (SELECT value FROM json_each(?)) ORDER BY game_id, seat", (key,))
        rows = {r["id"]: _rows.game_row(r, []) for r in games}
        for s in seats:
            rows[s["game_id"]].seats.append(_rows.seat(s))
        return [rows[i] for i in ids if i in rows]

    async def open_game(self, channel_id: str) -> GameRow | None:
        """The lobby or active game of a channel."""
        return await self._row("channel_id=? AND status IN ('lobby','active')", (channel_id,))

    async def latest_game(self, channel_id: str) -> GameRow | None:
        """The open game of a channel, or else the most recent finished one."""
        # two index lookups: the open game (the one-open-game index), else the newest game (games_of_channel)
        return await self._row("id = COALESCE((SELECT id FROM games WHERE channel_id=? AND status IN ('lobby','active')),"
                               " (SELECT id FROM games WHERE channel_id=? ORDER BY id DESC LIMIT 1))",
                               (channel_id, channel_id))

    async def game(self, game_id: int) -> GameRow | None:
        return await self._row("id=?", (game_id,))

    async def moves(self, game_id: int, since: int = -1, limit: int | None = None, newest: bool = False) -> list[MoveRow]:
        sql = "SELECT * FROM moves WHERE game_id=? AND seq>?"
        sql += " ORDER BY seq DESC" if newest else " ORDER BY seq"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        async with self._reading():
            raw = list(await self.db.execute_fetchall(sql, (game_id, since)))
        if not raw:  # an ended game's packed log (looked for after the rows: see bot.store.movelog)
            blob = await self._packed(game_id)
            if blob is not None:
                if limit is not None and limit <= 50:  # a few entries: decompressing alone is quick
                    return movelog.select(*blob, since, limit, newest)
                return await asyncio.to_thread(movelog.select, *blob, since, limit, newest)

        def parse() -> list[MoveRow]:
            return [_rows.move_row(r) for r in raw]

        # a long log's events are parsed off the event loop
        rows = await asyncio.to_thread(parse) if len(raw) > 200 else parse()
        return list(reversed(rows)) if newest else rows

    async def _packed(self, game_id: int) -> tuple[bytes, int] | None:
        async with self._reading(), self.db.execute("SELECT log, format FROM move_logs WHERE game_id=?",
                                                    (game_id,)) as cur:
            r = await cur.fetchone()
        return None if r is None else (bytes(r[0]), int(r[1]))

    async def _pack_ended(self, game_id: int) -> None:
        """Pack a game's log now that it has ended. A failure here loses nothing (the rows stay, readable as
        before); the next start packs it."""
        try:
            await movelog.pack_games(self.transaction, self.db, [game_id])
        except (StorageError, sqlite3.Error) as exc:
            log.warning("game %s: its move log stays unpacked for now: %s", game_id, exc)

    # ------------------------------------------------------------------ writing

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
            assert gid is not None
            for i, spec in enumerate([(host_id, host_name)] if seats is None else seats):
                await db.execute("INSERT INTO seats(game_id, seat, user_id, name, bot_level) VALUES (?,?,?,?,?)",
                                 (gid, i, spec[0], spec[1], spec[2] if len(spec) > 2 else None))
        row = await self.game(gid)
        assert row is not None
        return row

    async def set_seats(self, game_id: int, seats: Sequence[SeatSpec], now: float, host_id: str | None = None,
                        expected: Sequence[str] | None = None) -> None:
        """Replace the seat list (lobby only): ``[(user_id, name), ...]`` in seat order (a bot seat:
        ``(user_id, name, bot_level)``), optionally a new host. ``expected``: the seated user ids the new list
        was computed from; if the lobby's seats changed meanwhile (another process), :class:`VersionConflict`."""
        want = None if expected is None else _dumps(list(expected))
        stmts: list[Statement] = [
            ("UPDATE games SET updated_at=?, host_id=COALESCE(?, host_id) WHERE id=? AND status=? AND (? IS NULL OR"
             " (SELECT json_group_array(user_id) FROM (SELECT user_id FROM seats WHERE game_id=? ORDER BY seat)) = ?)",
             (now, host_id, game_id, LOBBY, want, game_id, want)),
            ("DELETE FROM seats WHERE game_id=?", (game_id,)),
        ]
        stmts += [
            ("INSERT INTO seats(game_id, seat, user_id, name, bot_level) VALUES (?,?,?,?,?)",
             (game_id, i, spec[0], spec[1], spec[2] if len(spec) > 2 else None))
            for i, spec in enumerate(seats)
        ]
        await self._tx(stmts, check=0)

    async def start_game(self, game_id: int, seed: int, state: dict[str, Any], events: list[dict[str, Any]], now: float,
                         rules_version: int = 1, clocks: ClockWrite | None = None) -> None:
        """Lobby → active, with the set-up state as move 0 of the log, the seats' clocks and their first jobs
        and the first board's post, in one transaction."""
        stmts: list[Statement] = [
            (
                "UPDATE games SET status=?, seed=?, state=?, version=0, rules_version=?, updated_at=? WHERE id=? AND status=?",
                (ACTIVE, seed, _dumps(state), rules_version, now, game_id, LOBBY),
            ),
            ("INSERT INTO moves(game_id, seq, seat, user_id, action, events, at, reveals) VALUES (?,?,?,?,?,?,?,1)",
             (game_id, 0, None, None, "setup", _dumps(events), now)),
            *self._post_statement(game_id, 0, None, now),
        ]
        checks = [0, *self._add_clocks(stmts, game_id, clocks, seq=0)]
        await self._tx(stmts, check=checks)

    async def append_move(
        self, game_id: int, expected_version: int, seat: int, user_id: str | None, action: str,
        state: dict[str, Any], events: list[dict[str, Any]], finished: bool, now: float,
        kind: str = "player", clocks: ClockWrite | None = None, reveals: bool = True,
        results: GameResults | None = None, guard: RowGuard | None = None,
    ) -> int:
        """Store one accepted move atomically. Raises :class:`VersionConflict` if the game moved on (or, with
        ``guard``, if a seat changed hands or the game was paused or resumed since).

        ``kind``: who decided (:data:`MOVE_KINDS`); ``clocks``: the clocks and timed jobs the move
        changes, in the same transaction; ``reveals``: the engine's
        :attr:`engines.core.Outcome.reveals` for the move (an undo stops there)."""
        new_version = expected_version + 1
        where = "id=? AND version=? AND status=?"
        params: tuple[Any, ...] = (game_id, expected_version, ACTIVE)
        if guard is not None:
            # the seats' users and the pause the move was computed with (a seat's user is the guard's entry at
            # the seat's index; a seat the guard lacks compares with NULL and fails)
            where += (" AND paused_since IS ? AND NOT EXISTS (SELECT 1 FROM seats WHERE seats.game_id=games.id"
                      " AND seats.user_id IS NOT json_extract(?, '$[' || seats.seat || ']'))")
            params += (guard.paused_since, _dumps(list(guard.users)))
        stmts: list[Statement] = [
            (f"UPDATE games SET state=?, version=?, status=?, updated_at=? WHERE {where}",
             (_dumps(state), new_version, OVER if finished else ACTIVE, now, *params)),
            ("INSERT INTO moves(game_id, seq, seat, user_id, action, events, at, kind, reveals)"
             " VALUES (?,?,?,?,?,?,?,?,?)",
             (game_id, new_version, seat, user_id, action, _dumps(events), now, kind, int(bool(reveals)))),
        ]
        checks = [0, *self._add_clocks(stmts, game_id, clocks, seq=new_version)]
        stmts += [
            *self._post_statement(game_id, new_version, user_id, now),
            # a move makes any pending undo request moot: it was asked about an older position
            ("UPDATE undo_requests SET status=? WHERE game_id=? AND status=?", (SUPERSEDED, game_id, PENDING)),
        ]
        moved = self._add_results(stmts, results if finished else None)
        await self._tx(stmts, check=checks, moved=moved)
        if finished:
            await self._pack_ended(game_id)
        return new_version

    async def set_status(self, game_id: int, status: str, now: float, results: GameResults | None = None) -> None:
        stmts: list[Statement] = [
            ("UPDATE games SET status=?, updated_at=? WHERE id=?", (status, now, game_id)),
            ("UPDATE undo_requests SET status=? WHERE game_id=? AND status=?", (SUPERSEDED, game_id, PENDING)),
        ]
        moved = self._add_results(stmts, results)
        await self._tx(stmts, moved=moved)
        if status in movelog.ENDED:
            await self._pack_ended(game_id)

    @staticmethod
    def _add_results(stmts: list[Statement], results: GameResults | None) -> list[int]:
        """Append the statements of an ended game's results; the indexes of its guarded rating updates."""
        if results is None:
            return []
        more, moved = results_statements(results)
        base = len(stmts)
        stmts += more
        return [base + i for i in moved]

    # ------------------------------------------------------------------ undo

    async def append_undo(self, game_id: int, expected_version: int, seat: int | None, user_id: str | None,
                          first: int, state: dict[str, Any], events: list[dict[str, Any]], now: float,
                          request_id: int | None = None, clocks: ClockWrite | None = None) -> int:
        """Record an undo atomically: an ``undo FIRST-LAST`` entry at the end of the log (LAST = the version it
        takes back to), the moves it takes back marked ``undone_by`` (not deleted), and the recomputed state.
        Raises :class:`VersionConflict` if the game moved on, or if ``request_id`` is no longer pending (declined
        or lapsed meanwhile, in any process); closes ``request_id`` as done."""
        new_version = expected_version + 1
        stmts: list[Statement] = [
            ("UPDATE games SET state=?, version=?, updated_at=? WHERE id=? AND version=? AND status=?",
             (_dumps(state), new_version, now, game_id, expected_version, ACTIVE)),
            ("INSERT INTO moves(game_id, seq, seat, user_id, action, events, at, reveals) VALUES (?,?,?,?,?,?,?,0)",
             (game_id, new_version, seat, user_id, undo_action(first, expected_version), _dumps(events), now)),
            *self._post_statement(game_id, new_version, user_id, now),  # the board is re-posted
        ]
        checks = [0, *self._add_clocks(stmts, game_id, clocks, seq=new_version)]  # the restored position's clocks
        stmts.append(("UPDATE moves SET undone_by=? WHERE game_id=? AND seq BETWEEN ? AND ? AND undone_by IS NULL"
                      " AND action NOT LIKE 'undo %'", (new_version, game_id, first, expected_version)))
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
            req = _rows.undo_request(r)
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
        async with self._reading():
            return await self._move_users(game_ids)

    async def _move_users(self, game_ids: list[int]) -> dict[int, dict[int, set[str]]]:
        out: dict[int, dict[int, set[str]]] = {}
        if not game_ids:
            return out
        ids = _dumps(list(game_ids))
        # the ids as one JSON parameter: any number of games (one SQL variable each would hit SQLite's limit)
        async with self.db.execute(
            "SELECT DISTINCT game_id, seat, user_id FROM moves WHERE game_id IN (SELECT value FROM json_each(?))"
            " AND seat IS NOT NULL AND user_id IS NOT NULL AND undone_by IS NULL AND action NOT LIKE 'undo %'", (ids,),
        ) as cur:
            async for r in cur:
                out.setdefault(r["game_id"], {}).setdefault(r["seat"], set()).add(r["user_id"])
        packed: list[tuple[int, bytes, int]] = []
        # (migration 8 fills the stats before migration 9 makes the packed logs)
        if await self.db.execute_fetchall("SELECT 1 FROM sqlite_master WHERE type='table' AND name='move_logs'"):
            packed = [(int(r[0]), bytes(r[1]), int(r[2])) for r in await self.db.execute_fetchall(
                "SELECT game_id, log, format FROM move_logs WHERE game_id IN (SELECT value FROM json_each(?))", (ids,))]

        def users() -> None:
            for gid, blob, fmt in packed:
                for e in movelog.unpack(blob, fmt):
                    seat, user, action, undone_by = e[1], e[2], e[3], e[8]
                    if seat is not None and user is not None and undone_by is None and not action.startswith("undo "):
                        out.setdefault(gid, {}).setdefault(seat, set()).add(user)

        await asyncio.to_thread(users)
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
            return [_rows.follow(r) async for r in cur]

    async def delete_lobby(self, game_id: int) -> None:
        await self._tx([("DELETE FROM games WHERE id=? AND status=?", (game_id, LOBBY))])

    # ------------------------------------------------------------------ clocks, settings, timed jobs (issue 10)

    @property
    def jobs(self) -> StoreJobs:
        """The timed jobs on this store's connection, sharing its write lock (transactions never interleave)."""
        return StoreJobs(self)

    async def seat_clocks(self, game_id: int) -> dict[int, SeatClock]:
        async with self._reading():
            found = await self.db.execute_fetchall("SELECT * FROM seat_clocks WHERE game_id=? ORDER BY seat", (game_id,))
        return {r["seat"]: _rows.seat_clock(r) for r in found}

    async def seat_clocks_of(self, game_ids: Sequence[int]) -> dict[int, dict[int, SeatClock]]:
        async with self._reading():
            found = await self.db.execute_fetchall(
                "SELECT * FROM seat_clocks WHERE game_id IN (SELECT value FROM json_each(?)) ORDER BY game_id, seat",
                (_dumps(list(game_ids)),))
        out: dict[int, dict[int, SeatClock]] = {}
        for r in found:
            out.setdefault(r["game_id"], {})[r["seat"]] = _rows.seat_clock(r)
        return out

    @staticmethod
    def _clock_update(game_id: int, u: ClockUpdate) -> Statement:
        """One targeted change of a seat's clock, only while the decision it was computed for is pending."""
        where = "game_id=? AND seat=? AND turn_version=? AND started IS NOT NULL"
        key = (game_id, u.seat, u.turn_version)
        if isinstance(u, MarkOverdue):
            return f"UPDATE seat_clocks SET overdue=1, timeouts=timeouts+1 WHERE {where} AND overdue=0", key
        if isinstance(u, SetVotes):
            return f"UPDATE seat_clocks SET votes=? WHERE {where} AND votes=?", (_dumps(u.votes), *key, _dumps(u.was))
        if isinstance(u, Rebase):
            return (f"UPDATE seat_clocks SET bank=?, started=? WHERE {where} AND started IS ?",
                    (u.bank, u.started, *key, u.was_started))
        return f"UPDATE seat_clocks SET reminded=MAX(reminded, ?) WHERE {where}", (u.n, *key)

    def _add_clocks(self, stmts: list[Statement], game_id: int, write: ClockWrite | None,
                    seq: int | None = None) -> list[int]:
        """Append a clock write's statements to ``stmts`` (``seq``: the log entry it goes with, whose row keeps
        ``write.before``); returns the indexes of those that must change one row (the checked updates)."""
        write = write or ClockWrite()
        jobs = [[seat, kind, due, version, _dumps(payload)] for seat, kind, due, version, payload in write.jobs]
        checks = []
        if write.done_job is not None:
            # the fired job goes with its effect, and the effect only with the job: if it is gone (another process
            # took it over when this one's lease ran out, and did it), nothing is stored (VersionConflict)
            checks.append(len(stmts))
            stmts.append(("DELETE FROM jobs WHERE id=?", (write.done_job,)))
        stmts += [
            ("DELETE FROM jobs WHERE game_id=? AND claimed_by IS NULL AND seat IN (SELECT value FROM json_each(?))",
             (game_id, _dumps(sorted(set(write.cancel))))),
            ("INSERT OR REPLACE INTO seat_clocks(game_id, seat, bank, started, turn_version, reminded, timeouts,"
             " overdue, bot, votes) SELECT ?, json_extract(value, '$[0]'), json_extract(value, '$[1]'),"
             " json_extract(value, '$[2]'), json_extract(value, '$[3]'), json_extract(value, '$[4]'),"
             " json_extract(value, '$[5]'), json_extract(value, '$[6]'), json_extract(value, '$[7]'),"
             " json_extract(value, '$[8]') FROM json_each(?)", (game_id, _rows.clocks_json(write.clocks, True))),
        ]
        for u in write.updates:
            if not isinstance(u, MarkReminded):
                checks.append(len(stmts))
            stmts.append(self._clock_update(game_id, u))
        stmts.append(("INSERT INTO jobs (game_id, seat, kind, due, version, payload) SELECT ?,"
                      " json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),"
                      " json_extract(value, '$[3]'), json_extract(value, '$[4]') FROM json_each(?)",
                      (game_id, _dumps(jobs))))
        if write.before is not None and seq is not None:
            before = _rows.clocks_json(sorted(write.before, key=lambda c: c.seat), False)
            stmts.append(("UPDATE moves SET clocks=? WHERE game_id=? AND seq=?", (before, game_id, seq)))
        return checks

    async def _clock_tx(self, game_id: int, write: ClockWrite, version: int | None, head: Sequence[Statement] = ()) -> None:
        """``head`` and a clock write in one transaction; with ``version``, only if the game is still active at
        that version (every clock write outside a move was computed from the game at some version, and must not
        land on a newer position: another process's move wrote the clocks of that one)."""
        stmts: list[Statement] = []
        checks: list[int] = []
        if version is not None:
            checks.append(0)
            stmts.append(("UPDATE games SET updated_at=updated_at WHERE id=? AND version=? AND status=?",
                          (game_id, version, ACTIVE)))
        stmts += head
        checks += self._add_clocks(stmts, game_id, write)
        await self._tx(stmts, check=checks)

    async def write_clocks(self, game_id: int, clocks: ClockWrite, version: int | None = None) -> None:
        await self._clock_tx(game_id, clocks, version)

    async def set_paused(self, game_id: int, paused_since: float | None, now: float, clocks: ClockWrite,
                         version: int | None = None) -> None:
        await self._clock_tx(game_id, clocks, version, [
            ("UPDATE games SET paused_since=?, updated_at=? WHERE id=?", (paused_since, now, game_id))])

    async def replace_seat(self, game_id: int, seat: int, user_id: str, name: str, clocks: ClockWrite,
                           version: int | None = None) -> None:
        # the seat goes to a person (a bot seat is never replaced while it plays, but be explicit)
        await self._clock_tx(game_id, clocks, version, [
            ("UPDATE seats SET user_id=?, name=?, bot_level=NULL WHERE game_id=? AND seat=?",
             (user_id, name, game_id, seat))])

    async def clocks_before(self, game_id: int, seq: int) -> dict[int, SeatClock] | None:
        async with self._reading(), self.db.execute("SELECT clocks FROM moves WHERE game_id=? AND seq=?",
                                                    (game_id, seq)) as cur:
            r = await cur.fetchone()
        if r is not None:
            return _rows.clocks_before(r[0])
        blob = await self._packed(game_id)  # an ended game's packed log
        entry = None if blob is None else movelog.entry(*blob, seq)
        return None if entry is None else _rows.clocks_of(entry[9])

    async def game_jobs(self, game_id: int) -> list[Job]:
        async with self._reading():
            found = await self.db.execute_fetchall(
                "SELECT id, game_id, seat, kind, due, version, payload FROM jobs WHERE game_id=? ORDER BY due, id",
                (game_id,))
        return [_rows.job(r) for r in found]

    async def settings(self, user_id: str) -> UserSettings:
        async with self._reading():
            found = await self.db.execute_fetchall("SELECT * FROM user_settings WHERE user_id=?", (user_id,))
        r = next(iter(found), None)
        return UserSettings(user_id) if r is None else _rows.settings(r)

    async def settings_of(self, user_ids: Sequence[str]) -> dict[str, UserSettings]:
        async with self._reading():
            rows = await self.db.execute_fetchall(
                "SELECT * FROM user_settings WHERE user_id IN (SELECT value FROM json_each(?))", (_dumps(list(user_ids)),))
        found = {r["user_id"]: _rows.settings(r) for r in rows}
        return {u: found.get(u) or UserSettings(u) for u in user_ids}

    async def save_settings(self, settings: UserSettings) -> None:
        s = settings
        await self._tx([(
            "INSERT OR REPLACE INTO user_settings(user_id, notify, quiet, zone, vacation_from, vacation_until,"
            " vacation_year, vacation_used) VALUES (?,?,?,?,?,?,?,?)",
            (s.user_id, s.notify, s.quiet, s.zone, s.vacation_from, s.vacation_until, s.vacation_year, s.vacation_used),
        )])

    async def active_games_of(self, user_id: str, guild_id: str | None = None) -> list[GameRow]:
        """The active games a user sits in (on one server, or everywhere), oldest first: the active games
        (games_by_status), each looked up in the user's seats (the seat index of a game and user)."""
        return await self._active_games("FROM games g CROSS JOIN seats s ON s.game_id = g.id WHERE s.user_id=?"
                                        " AND g.status=?", [user_id, ACTIVE], guild_id)

    async def overdue_games(self, now: float, guild_id: str | None = None) -> list[GameRow]:
        """The active games (on one server, or everywhere) where a seat may be out of time at ``now``, oldest
        first: a seat marked overdue, or, under a clock, a pending decision whose budget is used up even if the
        clock never stopped (pauses only add time). One query: the active games (games_by_status), each with
        its seat clocks (their primary key); no game's state is read."""
        sql = ("SELECT DISTINCT g.id FROM games g CROSS JOIN seat_clocks c ON c.game_id = g.id WHERE g.status=?"
               " AND (c.overdue = 1 OR (c.started IS NOT NULL AND c.started + c.bank <= ?"
               " AND json_extract(g.clock, '$.kind') IN ('move', 'bank')))")
        params: list[Any] = [ACTIVE, now]
        if guild_id is not None:
            sql += " AND g.guild_id=?"
            params.append(guild_id)
        async with self._reading():
            ids = [int(r[0]) for r in await self.db.execute_fetchall(sql + " ORDER BY g.id", tuple(params))]
        return await self._rows(ids)

    async def counts(self) -> dict[str, int]:
        async with self._reading(), self.db.execute(
            "SELECT (SELECT COUNT(*) FROM games WHERE status=?), (SELECT COUNT(*) FROM posts WHERE status=?),"
            " (SELECT COUNT(*) FROM jobs)", (ACTIVE, POST_PENDING),
        ) as cur:
            r = await cur.fetchone()
        assert r is not None
        return {"active_games": int(r[0]), "pending_posts": int(r[1]), "jobs": int(r[2])}

    async def active_games(self, guild_id: str | None = None) -> list[GameRow]:
        return await self._active_games("FROM games g WHERE g.status=?", [ACTIVE], guild_id)

    async def _active_games(self, where: str, params: list[Any], guild_id: str | None) -> list[GameRow]:
        """The games a ``FROM … WHERE …`` clause selects (``g`` is the games table), on one server or
        everywhere, oldest first."""
        sql = "SELECT g.id " + where
        if guild_id is not None:
            sql += " AND g.guild_id=?"
            params = [*params, guild_id]
        async with self._reading():
            ids = [int(r[0]) for r in await self.db.execute_fetchall(sql + " ORDER BY g.id", tuple(params))]
        return await self._rows(ids)
