"""The PostgreSQL store: :class:`PgStore` implements :class:`~bot.table.ports.Repository` with asyncpg, as
:class:`bot.store.sqlite.Store` does with SQLite (the same tables and rows, parsed by :mod:`bot.store.rows`).

Correct across processes: every accepted move (start, move, undo) is one transaction that first takes its
channel's advisory lock (``pg_advisory_xact_lock``, released at commit; a wait past ``lock_timeout`` is refused
as ``busy``), so several bot processes store one channel's moves one after another; the version guard stays as
the backstop. A lobby's seat list is written only over the list it was computed from (its version), so two
joins at once never lose one. Timed jobs are claimed with ``FOR UPDATE SKIP LOCKED`` (:mod:`.jobs`).
"""
from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import asyncpg

from bot.table.errors import ChannelBusy, VersionConflict
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
    Seat,
    SeatClock,
    SeatSpec,
    SetVotes,
    UndoRequest,
    UserSettings,
    undo_action,
)

from .. import rows as _rows
from ..rows import dumps as _dumps
from .connection import PgConn, Statement, rowcount, together
from .jobs import PgJobs
from .outbox import PgOutbox
from .results import PgResults, results_statements

_SEATS = "SELECT seat, user_id, name, bot_level FROM seats WHERE game_id=$1 ORDER BY seat"
_UNDO_SUPERSEDED: Statement = ("UPDATE undo_requests SET status=$1 WHERE game_id=$2 AND status=$3", ())


def _before(write: ClockWrite | None) -> str | None:
    """A log entry's ``clocks``: the seats' clocks before it (``None``: not given)."""
    if write is None or write.before is None:
        return None
    return _rows.clocks_json(sorted(write.before, key=lambda c: c.seat), False)


def _supersede_undo(game_id: int) -> Statement:
    """A move (or a status change) makes a pending undo request moot: it was asked about an older position."""
    return _UNDO_SUPERSEDED[0], (SUPERSEDED, game_id, PENDING)


class PgStore(PgOutbox, PgResults):
    """The repository on a PostgreSQL pool. Open with ``await PgStore.open("postgresql://…")``."""

    # ------------------------------------------------------------------ reading

    async def _games(self, conn: PgConn, where: str, *params: Any) -> list[GameRow]:
        found = await conn.fetch(f"SELECT * FROM games WHERE {where}", *params)
        if len(found) == 1:
            return [_rows.game_row(found[0], [_rows.seat(s) for s in await conn.fetch(_SEATS, found[0]["id"])])]
        seats: dict[int, list[Seat]] = {}
        for s in await conn.fetch("SELECT game_id, seat, user_id, name, bot_level FROM seats"
                                  " WHERE game_id = ANY($1::bigint[]) ORDER BY game_id, seat", [r["id"] for r in found]):
            seats.setdefault(int(s["game_id"]), []).append(_rows.seat(s))
        return [_rows.game_row(r, seats.get(int(r["id"]), [])) for r in found]

    async def _row(self, where: str, *params: Any) -> GameRow | None:
        async with self._reading() as conn:
            found = await self._games(conn, where, *params)
        return found[0] if found else None

    async def open_game(self, channel_id: str) -> GameRow | None:
        return await self._row("channel_id=$1 AND status IN ('lobby','active')", channel_id)

    async def latest_game(self, channel_id: str) -> GameRow | None:
        # two index lookups: the open game (the one-open-game index), else the newest game (games_of_channel)
        return await self._row("id = COALESCE((SELECT id FROM games WHERE channel_id=$1 AND status IN ('lobby','active')),"
                               " (SELECT id FROM games WHERE channel_id=$1 ORDER BY id DESC LIMIT 1))", channel_id)

    async def game(self, game_id: int) -> GameRow | None:
        return await self._row("id=$1", game_id)

    async def moves(self, game_id: int, since: int = -1, limit: int | None = None, newest: bool = False) -> list[MoveRow]:
        sql = "SELECT * FROM moves WHERE game_id=$1 AND seq>$2" + (" ORDER BY seq DESC" if newest else " ORDER BY seq")
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        async with self._reading() as conn:
            found = await conn.fetch(sql, game_id, since)
        def parse() -> list[MoveRow]:
            return [_rows.move_row(r) for r in found]

        out = await asyncio.to_thread(parse) if len(found) > 200 else parse()  # a long log off the event loop
        return list(reversed(out)) if newest else out

    # ------------------------------------------------------------------ writing

    async def create_game(
        self, channel_id: str, guild_id: str | None, title: str, host_id: str, host_name: str,
        options: dict[str, Any], locale: str, now: float, clock: dict[str, Any] | None = None,
        timeout_policy: str = "wait", seats: Sequence[SeatSpec] | None = None,
    ) -> GameRow:
        async with self.transaction() as conn:
            try:
                gid = int(await conn.fetchval(
                    "INSERT INTO games(channel_id, guild_id, title, status, host_id, options, locale, created_at,"
                    " updated_at, clock, timeout_policy) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$8,$9,$10) RETURNING id",
                    channel_id, guild_id, title, LOBBY, host_id, _dumps(options), locale, now, _dumps(clock or {}),
                    timeout_policy))
            except asyncpg.UniqueViolationError as exc:
                raise ChannelBusy() from exc
            await self._insert_seats(conn, gid, [(host_id, host_name)] if seats is None else seats)
        row = await self.game(gid)
        assert row is not None
        return row

    @staticmethod
    async def _insert_seats(conn: PgConn, game_id: int, seats: Sequence[SeatSpec]) -> None:
        await conn.execute(
            "INSERT INTO seats(game_id, seat, user_id, name, bot_level)"
            " SELECT $1, n - 1, u, m, b FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS s(u, m, b, n)",
            game_id, [s[0] for s in seats], [s[1] for s in seats], [s[2] if len(s) > 2 else None for s in seats])

    async def set_seats(self, game_id: int, seats: Sequence[SeatSpec], now: float, host_id: str | None = None,
                        expected: Sequence[str] | None = None) -> None:
        async with self.transaction() as conn:
            # the lobby row is locked first, so the seats read next are the latest (two joins: one after the other)
            if await conn.fetchval("SELECT 1 FROM games WHERE id=$1 AND status=$2 FOR UPDATE", game_id, LOBBY) is None:
                raise VersionConflict()
            if expected is not None and list(await conn.fetchval(
                    "SELECT COALESCE(array_agg(user_id ORDER BY seat), '{}') FROM seats WHERE game_id=$1",
                    game_id)) != list(expected):
                raise VersionConflict()
            await conn.execute("UPDATE games SET updated_at=$1, host_id=COALESCE($2, host_id) WHERE id=$3",
                               now, host_id, game_id)
            await conn.execute("DELETE FROM seats WHERE game_id=$1", game_id)
            await self._insert_seats(conn, game_id, seats)

    async def delete_lobby(self, game_id: int) -> None:
        await self._tx([("DELETE FROM games WHERE id=$1 AND status=$2", (game_id, LOBBY))])

    async def start_game(self, game_id: int, seed: int, state: dict[str, Any], events: list[dict[str, Any]], now: float,
                         rules_version: int = 1, clocks: ClockWrite | None = None) -> None:
        stmts: list[Statement] = [
            self._channel_lock(game_id),
            ("UPDATE games SET status=$1, seed=$2, state=$3, version=0, rules_version=$4, updated_at=$5"
             " WHERE id=$6 AND status=$7", (ACTIVE, seed, _dumps(state), rules_version, now, game_id, LOBBY)),
            *together([
                ("INSERT INTO moves(game_id, seq, seat, user_id, action, events, at, reveals, clocks)"
                 " VALUES ($1, 0, NULL, NULL, 'setup', $2, $3, TRUE, $4)",
                 (game_id, _dumps(events), now, _before(clocks))),
                *self._post_statement(game_id, 0, None, now),
                *self._clock_writes(game_id, clocks),
            ]),
        ]
        checks = [1, *self._clock_updates(stmts, game_id, clocks)]
        await self._tx(stmts, check=checks)

    async def append_move(
        self, game_id: int, expected_version: int, seat: int, user_id: str | None, action: str,
        state: dict[str, Any], events: list[dict[str, Any]], finished: bool, now: float,
        kind: str = "player", clocks: ClockWrite | None = None, reveals: bool = True,
        results: GameResults | None = None, guard: RowGuard | None = None,
    ) -> int:
        new_version = expected_version + 1
        where = "id=$5 AND version=$6 AND status=$7"
        params: tuple[Any, ...] = (game_id, expected_version, ACTIVE)
        if guard is not None:
            # the seats' users and the pause the move was computed with (seat n is the array's element n + 1)
            where += (" AND paused_since IS NOT DISTINCT FROM $8 AND NOT EXISTS (SELECT 1 FROM seats WHERE"
                      " seats.game_id=$5 AND seats.user_id IS DISTINCT FROM ($9::text[])[seats.seat + 1])")
            params += (guard.paused_since, list(guard.users))
        stmts: list[Statement] = [
            self._channel_lock(game_id),
            (f"UPDATE games SET state=$1, version=$2, status=$3, updated_at=$4 WHERE {where}",
             (_dumps(state), new_version, OVER if finished else ACTIVE, now, *params)),
            # the rest is written in one round trip (their rows are apart): the log row, the jobs and clocks, the
            # board's post; a pending undo request was asked about an older position
            *together([
                ("INSERT INTO moves(game_id, seq, seat, user_id, action, events, at, kind, reveals, clocks)"
                 " VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)",
                 (game_id, new_version, seat, user_id, action, _dumps(events), now, kind, bool(reveals),
                  _before(clocks))),
                *self._clock_writes(game_id, clocks),
                *self._post_statement(game_id, new_version, user_id, now),
                _supersede_undo(game_id),
            ]),
        ]
        checks = [1, *self._clock_updates(stmts, game_id, clocks)]
        moved = self._add_results(stmts, results if finished else None)
        await self._tx(stmts, check=checks, moved=moved)
        return new_version

    async def set_status(self, game_id: int, status: str, now: float, results: GameResults | None = None) -> None:
        stmts: list[Statement] = [("UPDATE games SET status=$1, updated_at=$2 WHERE id=$3", (status, now, game_id)),
                                  _supersede_undo(game_id)]
        moved = self._add_results(stmts, results)
        await self._tx(stmts, moved=moved)

    @staticmethod
    def _add_results(stmts: list[Statement], results: GameResults | None) -> list[int]:
        """Append the statements of an ended game's results; the indexes of its guarded rating updates."""
        if results is None:
            return []
        more, moved = results_statements(results)
        base = len(stmts)
        stmts += more
        return [base + i for i in moved]

    async def _after_migration(self, number: int, conn: PgConn) -> None:
        if number == 2:  # the stats tables start with the games that ended before them
            await self._rebuild_stats(conn)

    # ------------------------------------------------------------------ undo

    async def append_undo(self, game_id: int, expected_version: int, seat: int | None, user_id: str | None,
                          first: int, state: dict[str, Any], events: list[dict[str, Any]], now: float,
                          request_id: int | None = None, clocks: ClockWrite | None = None) -> int:
        new_version = expected_version + 1
        stmts: list[Statement] = [
            self._channel_lock(game_id),
            ("UPDATE games SET state=$1, version=$2, updated_at=$3 WHERE id=$4 AND version=$5 AND status=$6",
             (_dumps(state), new_version, now, game_id, expected_version, ACTIVE)),
            *together([
                ("INSERT INTO moves(game_id, seq, seat, user_id, action, events, at, reveals, clocks)"
                 " VALUES ($1,$2,$3,$4,$5,$6,$7,FALSE,$8)",
                 (game_id, new_version, seat, user_id, undo_action(first, expected_version), _dumps(events), now,
                  _before(clocks))),
                *self._post_statement(game_id, new_version, user_id, now),
                *self._clock_writes(game_id, clocks),
                # the moves taken back (the undo's own new row is past them)
                ("UPDATE moves SET undone_by=$1 WHERE game_id=$2 AND seq BETWEEN $3 AND $4 AND undone_by IS NULL"
                 " AND action NOT LIKE 'undo %'", (new_version, game_id, first, expected_version)),
            ]),
        ]
        checks = [1, *self._clock_updates(stmts, game_id, clocks)]
        if request_id is not None:
            checks.append(len(stmts))
            stmts.append(("UPDATE undo_requests SET status=$1 WHERE id=$2 AND game_id=$3 AND status=$4",
                          (DONE, request_id, game_id, PENDING)))
        stmts.append(_supersede_undo(game_id))
        await self._tx(stmts, check=checks)
        return new_version

    async def undo_request(self, game_id: int, pending_only: bool = True) -> UndoRequest | None:
        where = "game_id=$1 AND status='pending'" if pending_only else "game_id=$1"
        async with self._reading() as conn:
            r = await conn.fetchrow(f"SELECT * FROM undo_requests WHERE {where} ORDER BY id DESC LIMIT 1", game_id)
            if r is None:
                return None
            req = _rows.undo_request(r)
            answers = await conn.fetch("SELECT user_id, accepted FROM undo_answers WHERE request_id=$1", req.id)
        req.answers = {a["user_id"]: bool(a["accepted"]) for a in answers}
        return req

    async def create_undo_request(self, game_id: int, user_id: str, first_seq: int, version: int, now: float,
                                  deadline: float) -> UndoRequest:
        async with self.transaction() as conn:
            try:
                rid = int(await conn.fetchval(
                    "INSERT INTO undo_requests(game_id, user_id, first_seq, version, status, created_at, deadline)"
                    " VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING id", game_id, user_id, first_seq, version, PENDING, now,
                    deadline))
            except asyncpg.UniqueViolationError as exc:
                raise ChannelBusy() from exc
        return UndoRequest(rid, game_id, user_id, first_seq, version, PENDING, now, deadline)

    async def answer_undo(self, request_id: int, user_id: str, accepted: bool, now: float) -> dict[str, bool] | None:
        async with self.transaction() as conn:
            # the request row is locked, so two last answers at once are stored one after another
            if await conn.fetchval("SELECT 1 FROM undo_requests WHERE id=$1 AND status=$2 FOR UPDATE",
                                   request_id, PENDING) is None:
                return None
            await conn.execute(
                "INSERT INTO undo_answers(request_id, user_id, accepted, at) VALUES ($1,$2,$3,$4)"
                " ON CONFLICT (request_id, user_id) DO UPDATE SET accepted=excluded.accepted, at=excluded.at",
                request_id, user_id, accepted, now)
            found = await conn.fetch("SELECT user_id, accepted FROM undo_answers WHERE request_id=$1", request_id)
        return {a["user_id"]: bool(a["accepted"]) for a in found}

    async def close_undo_request(self, request_id: int, status: str) -> bool:
        async with self.transaction() as conn:
            return rowcount(await conn.execute("UPDATE undo_requests SET status=$1 WHERE id=$2 AND status=$3",
                                               status, request_id, PENDING)) == 1

    # ------------------------------------------------------------------ stats and listings

    async def finished_games(self, guild_id: str | None, title: str | None = None) -> list[GameRow]:
        async with self._reading() as conn:
            return await self._games(
                conn, "guild_id IS NOT DISTINCT FROM $1 AND status IN ('over','abandoned') AND seed IS NOT NULL"
                " AND ($2::text IS NULL OR title=$2) ORDER BY updated_at, id", guild_id, title)

    async def move_users(self, game_ids: list[int]) -> dict[int, dict[int, set[str]]]:
        out: dict[int, dict[int, set[str]]] = {}
        if not game_ids:
            return out
        async with self._reading() as conn:
            found = await conn.fetch(
                "SELECT DISTINCT game_id, seat, user_id FROM moves WHERE game_id = ANY($1::bigint[]) AND seat IS NOT NULL"
                " AND user_id IS NOT NULL AND undone_by IS NULL AND action NOT LIKE 'undo %'", game_ids)
        for r in found:
            out.setdefault(int(r["game_id"]), {}).setdefault(r["seat"], set()).add(r["user_id"])
        return out

    async def active_games_of(self, user_id: str, guild_id: str | None = None) -> list[GameRow]:
        async with self._reading() as conn:
            return await self._games(
                conn, "status=$1 AND id IN (SELECT game_id FROM seats WHERE user_id=$2)"
                " AND ($3::text IS NULL OR guild_id=$3) ORDER BY id", ACTIVE, user_id, guild_id)

    async def overdue_games(self, now: float, guild_id: str | None = None) -> list[GameRow]:
        """The active games where a seat may be out of time at ``now`` (see the port): one query over the active
        games and their seat clocks; no game's state is parsed beyond the rows returned."""
        async with self._reading() as conn:
            return await self._games(
                conn, "id IN (SELECT g.id FROM games g JOIN seat_clocks c ON c.game_id = g.id WHERE g.status=$1"
                " AND (c.overdue OR (c.started IS NOT NULL AND c.started + c.bank <= $2"
                " AND (g.clock::json ->> 'kind') IN ('move', 'bank')))"
                " AND ($3::text IS NULL OR g.guild_id=$3)) ORDER BY id", ACTIVE, now, guild_id)

    async def counts(self) -> dict[str, int]:
        async with self._reading() as conn:
            r = await conn.fetchrow(
                "SELECT (SELECT COUNT(*) FROM games WHERE status=$1), (SELECT COUNT(*) FROM posts WHERE status=$2),"
                " (SELECT COUNT(*) FROM jobs)", ACTIVE, POST_PENDING)
        return {"active_games": int(r[0]), "pending_posts": int(r[1]), "jobs": int(r[2])}

    async def active_games(self, guild_id: str | None = None) -> list[GameRow]:
        async with self._reading() as conn:
            return await self._games(conn, "status=$1 AND ($2::text IS NULL OR guild_id=$2) ORDER BY id",
                                     ACTIVE, guild_id)

    # ------------------------------------------------------------------ following

    async def follow(self, game_id: int, user_id: str, dm: bool, now: float) -> None:
        await self._tx([("INSERT INTO follows(game_id, user_id, dm, at) VALUES ($1,$2,$3,$4)"
                         " ON CONFLICT (game_id, user_id) DO UPDATE SET dm=excluded.dm", (game_id, user_id, dm, now))])

    async def unfollow(self, game_id: int, user_id: str) -> bool:
        async with self.transaction() as conn:
            return rowcount(await conn.execute("DELETE FROM follows WHERE game_id=$1 AND user_id=$2",
                                               game_id, user_id)) > 0

    async def followers(self, game_id: int) -> list[Follow]:
        async with self._reading() as conn:
            found = await conn.fetch("SELECT game_id, user_id, dm FROM follows WHERE game_id=$1 ORDER BY at, user_id",
                                     game_id)
        return [_rows.follow(r) for r in found]

    # ------------------------------------------------------------------ clocks, settings, timed jobs

    @property
    def jobs(self) -> PgJobs:
        return PgJobs(self)

    async def seat_clocks(self, game_id: int) -> dict[int, SeatClock]:
        async with self._reading() as conn:
            found = await conn.fetch("SELECT * FROM seat_clocks WHERE game_id=$1 ORDER BY seat", game_id)
        return {r["seat"]: _rows.seat_clock(r) for r in found}

    async def seat_clocks_of(self, game_ids: Sequence[int]) -> dict[int, dict[int, SeatClock]]:
        async with self._reading() as conn:
            found = await conn.fetch("SELECT * FROM seat_clocks WHERE game_id = ANY($1::bigint[]) ORDER BY game_id, seat",
                                     list(game_ids))
        out: dict[int, dict[int, SeatClock]] = {}
        for r in found:
            out.setdefault(int(r["game_id"]), {})[r["seat"]] = _rows.seat_clock(r)
        return out

    @staticmethod
    def _clock_update(game_id: int, u: ClockUpdate) -> Statement:
        """One targeted change of a seat's clock, only while the decision it was computed for is pending
        (``$1``-``$3``: the game, the seat, the decision's version)."""
        where = "game_id=$1 AND seat=$2 AND turn_version=$3 AND started IS NOT NULL"
        key = (game_id, u.seat, u.turn_version)
        if isinstance(u, MarkOverdue):
            return f"UPDATE seat_clocks SET overdue=TRUE, timeouts=timeouts+1 WHERE {where} AND NOT overdue", key
        if isinstance(u, SetVotes):
            return f"UPDATE seat_clocks SET votes=$4 WHERE {where} AND votes=$5", (*key, _dumps(u.votes), _dumps(u.was))
        if isinstance(u, Rebase):
            return (f"UPDATE seat_clocks SET bank=$4, started=$5 WHERE {where} AND started IS NOT DISTINCT FROM $6",
                    (*key, u.bank, u.started, u.was_started))
        return f"UPDATE seat_clocks SET reminded=GREATEST(reminded, $4) WHERE {where}", (*key, u.n)

    def _clock_writes(self, game_id: int, write: ClockWrite | None) -> list[Statement]:
        """A clock write's unconditional statements (as :meth:`bot.store.sqlite.Store._add_clocks`: the jobs
        cancelled, the seats' clocks, the new jobs), each on rows apart from the others'
        (the new jobs are not among those deleted: :func:`together` may run them as one). The targeted updates
        follow: :meth:`_clock_updates`; the clocks before a log entry go into its row: :func:`_before`."""
        write = write or ClockWrite()
        stmts: list[Statement] = []
        if write.cancel:
            stmts.append(("DELETE FROM jobs WHERE game_id=$1 AND claimed_by IS NULL AND seat = ANY($2::int[])",
                          (game_id, sorted(set(write.cancel)))))
        if write.clocks:
            c = write.clocks
            stmts.append((
                "INSERT INTO seat_clocks(game_id, seat, bank, started, turn_version, reminded, timeouts, overdue, bot,"
                " votes) SELECT $1, * FROM unnest($2::int[], $3::float8[], $4::float8[], $5::int[], $6::int[],"
                " $7::int[], $8::bool[], $9::bool[], $10::text[]) ON CONFLICT (game_id, seat) DO UPDATE SET"
                " bank=excluded.bank, started=excluded.started, turn_version=excluded.turn_version,"
                " reminded=excluded.reminded, timeouts=excluded.timeouts, overdue=excluded.overdue, bot=excluded.bot,"
                " votes=excluded.votes",
                (game_id, [x.seat for x in c], [float(x.bank) for x in c],
                 [None if x.started is None else float(x.started) for x in c], [x.turn_version for x in c],
                 [x.reminded for x in c], [x.timeouts for x in c], [bool(x.overdue) for x in c],
                 [bool(x.bot) for x in c], [_dumps(x.votes) for x in c])))
        if write.jobs:
            j = write.jobs
            stmts.append(("INSERT INTO jobs (game_id, seat, kind, due, version, payload) SELECT $1, * FROM"
                          " unnest($2::int[], $3::text[], $4::float8[], $5::int[], $6::text[])",
                          (game_id, [x[0] for x in j], [x[1] for x in j], [float(x[2]) for x in j], [x[3] for x in j],
                           [_dumps(x[4]) for x in j])))
        return stmts

    def _clock_updates(self, stmts: list[Statement], game_id: int, write: ClockWrite | None) -> list[int]:
        """Append a clock write's checked statements to ``stmts`` (after its :meth:`_clock_writes`): the fired
        job's deletion and the targeted updates; the indexes of those that must change one row."""
        write = write or ClockWrite()
        checks = []
        if write.done_job is not None:
            # the fired job goes with its effect, and the effect only with the job: if it is gone (another process
            # took it over when this one's lease ran out, and did it), nothing is stored (VersionConflict)
            checks.append(len(stmts))
            stmts.append(("DELETE FROM jobs WHERE id=$1", (write.done_job,)))
        for u in write.updates:
            if not isinstance(u, MarkReminded):
                checks.append(len(stmts))
            stmts.append(self._clock_update(game_id, u))
        return checks

    async def _clock_tx(self, game_id: int, write: ClockWrite, version: int | None, head: Sequence[Statement] = ()) -> None:
        """``head`` and a clock write in one transaction; with ``version``, only if the game is still active at
        that version (the row is locked until commit, so no move lands in between)."""
        stmts: list[Statement] = []
        checks: list[int] = []
        if version is not None:
            checks.append(0)
            stmts.append(("SELECT 1 FROM games WHERE id=$1 AND version=$2 AND status=$3 FOR UPDATE",
                          (game_id, version, ACTIVE)))
        stmts += together([*head, *self._clock_writes(game_id, write)])
        checks += self._clock_updates(stmts, game_id, write)
        await self._tx(stmts, check=checks)

    async def write_clocks(self, game_id: int, clocks: ClockWrite, version: int | None = None) -> None:
        await self._clock_tx(game_id, clocks, version)

    async def set_paused(self, game_id: int, paused_since: float | None, now: float, clocks: ClockWrite,
                         version: int | None = None) -> None:
        await self._clock_tx(game_id, clocks, version, [
            ("UPDATE games SET paused_since=$1, updated_at=$2 WHERE id=$3", (paused_since, now, game_id))])

    async def replace_seat(self, game_id: int, seat: int, user_id: str, name: str, clocks: ClockWrite,
                           version: int | None = None) -> None:
        await self._clock_tx(game_id, clocks, version, [
            ("UPDATE seats SET user_id=$1, name=$2, bot_level=NULL WHERE game_id=$3 AND seat=$4",
             (user_id, name, game_id, seat))])

    async def clocks_before(self, game_id: int, seq: int) -> dict[int, SeatClock] | None:
        async with self._reading() as conn:
            text = await conn.fetchval("SELECT clocks FROM moves WHERE game_id=$1 AND seq=$2", game_id, seq)
        return _rows.clocks_before(text)

    async def game_jobs(self, game_id: int) -> list[Job]:
        async with self._reading() as conn:
            found = await conn.fetch("SELECT id, game_id, seat, kind, due, version, payload FROM jobs WHERE game_id=$1"
                                     " ORDER BY due, id", game_id)
        return [_rows.job(r) for r in found]

    async def settings(self, user_id: str) -> UserSettings:
        async with self._reading() as conn:
            r = await conn.fetchrow("SELECT * FROM user_settings WHERE user_id=$1", user_id)
        return UserSettings(user_id) if r is None else _rows.settings(r)

    async def settings_of(self, user_ids: Sequence[str]) -> dict[str, UserSettings]:
        async with self._reading() as conn:
            found = await conn.fetch("SELECT * FROM user_settings WHERE user_id = ANY($1::text[])", list(user_ids))
        have = {r["user_id"]: _rows.settings(r) for r in found}
        return {u: have.get(u) or UserSettings(u) for u in user_ids}

    async def save_settings(self, settings: UserSettings) -> None:
        s = settings
        await self._tx([(
            "INSERT INTO user_settings(user_id, notify, quiet, zone, vacation_from, vacation_until, vacation_year,"
            " vacation_used) VALUES ($1,$2,$3,$4,$5,$6,$7,$8) ON CONFLICT (user_id) DO UPDATE SET notify=excluded.notify,"
            " quiet=excluded.quiet, zone=excluded.zone, vacation_from=excluded.vacation_from,"
            " vacation_until=excluded.vacation_until, vacation_year=excluded.vacation_year,"
            " vacation_used=excluded.vacation_used",
            (s.user_id, s.notify, s.quiet, s.zone, s.vacation_from, s.vacation_until, s.vacation_year,
             float(s.vacation_used)),
        )])
