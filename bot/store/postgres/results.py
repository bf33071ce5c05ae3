"""The stats kept as games end (issue 18) on PostgreSQL: the ``results`` and ``ratings`` tables, as
:mod:`bot.store.results` keeps them on SQLite (the same statements, in PostgreSQL's placeholders).

A rating update is guarded by the number of rated games it was computed from. Under PostgreSQL's READ
COMMITTED, a second process ending a game with the same person waits for the first one's row lock, then finds
``rated`` changed, updates nothing, and the service computes that game's results again
(:class:`~bot.table.errors.RatingsMoved`).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.table.model import GameResults, PlayerStats
from bot.table.stats import StatsTable, rebuild, result_of

from .. import results as _sqlite
from .. import rows as _rows
from .connection import PgConn, PgConnection, Statement

#: games read at a time when the stats are rebuilt
_REBUILD_BATCH = 500
_COLUMNS = "user_id, name, title, played, wins, abandoned, replaced, score_total, place_total, rated, mu, sigma"
_SEATS = "SELECT game_id, seat, user_id, name, bot_level FROM seats WHERE game_id = ANY($1::bigint[]) ORDER BY game_id, seat"


def numbered(sql: str) -> str:
    """SQLite's ``?`` placeholders as PostgreSQL's ``$1, $2, …`` (the statements hold no ``?`` otherwise)."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


def results_statements(results: GameResults) -> tuple[list[Statement], list[int]]:
    """The statements that store one ended game's results (see :func:`bot.store.results.results_statements`)."""
    stmts, moved = _sqlite.results_statements(results)
    # PostgreSQL names the counter being added to (``played=ratings.played+excluded.played``)
    return [(re.sub(r"(\w+)=\1\+excluded", r"\1=ratings.\1+excluded", numbered(sql)), tuple(params))
            for sql, params in stmts], moved


def _stats(r: Any) -> PlayerStats:
    return PlayerStats(r["user_id"], r["name"], r["title"], r["played"], r["wins"], r["abandoned"], r["replaced"],
                       r["score_total"], r["place_total"], r["rated"], r["mu"], r["sigma"])


class PgResults(PgConnection):
    """Reading the stats tables and rebuilding them (writing goes with the statement that ends a game)."""

    async def _stats_query(self, sql: str, *params: Any) -> list[PlayerStats]:
        async with self._reading() as conn:
            return [_stats(r) for r in await conn.fetch(sql, *params)]

    async def player_stats(self, guild_id: str | None, title: str, user_ids: Sequence[str]) -> dict[str, PlayerStats]:
        rows = await self._stats_query(
            f"SELECT {_COLUMNS} FROM ratings WHERE guild=$1 AND title=$2 AND user_id = ANY($3::text[])",
            _sqlite.guild_key(guild_id), title, list(user_ids))
        return {p.user_id: p for p in rows}

    async def user_stats(self, guild_id: str | None, user_id: str) -> list[PlayerStats]:
        return await self._stats_query(f"SELECT {_COLUMNS} FROM ratings WHERE guild=$1 AND user_id=$2 ORDER BY title",
                                       _sqlite.guild_key(guild_id), user_id)

    async def leaderboard(self, guild_id: str | None, title: str, limit: int = 10) -> list[PlayerStats]:
        # the rated players down to the ``limit``-th rating (and any tied with it), then ordered exactly as
        # bot.table.stats.leaderboard orders them (rating, wins, name folded)
        rows = await self._stats_query(
            f"SELECT {_COLUMNS} FROM ratings WHERE guild=$1 AND title=$2 AND rated > 0 AND mu - 3 * sigma >="
            " COALESCE((SELECT mu - 3 * sigma FROM ratings WHERE guild=$1 AND title=$2 AND rated > 0"
            " ORDER BY mu - 3 * sigma DESC LIMIT 1 OFFSET $3), '-Infinity'::float8)",
            _sqlite.guild_key(guild_id), title, max(0, limit - 1))
        return sorted(rows, key=lambda p: (-p.rating, -p.wins, p.name.casefold()))[:max(0, limit)]

    async def rebuild_stats(self) -> int:
        """Recompute the results and ratings tables from the stored games, in one transaction; how many ended
        games they count."""
        async with self.transaction() as conn:
            return await self._rebuild_stats(conn)

    async def _rebuild_stats(self, conn: PgConn) -> int:
        await conn.execute("LOCK TABLE ratings IN EXCLUSIVE MODE")  # no game's end writes meanwhile
        await conn.execute("DELETE FROM results")
        await conn.execute("DELETE FROM ratings")
        ids = [int(r[0]) for r in await conn.fetch(
            "SELECT id FROM games WHERE status IN ('over','abandoned') AND seed IS NOT NULL ORDER BY updated_at, id")]
        table: StatsTable = {}
        lines: list[GameResults] = []
        for start in range(0, len(ids), _REBUILD_BATCH):
            batch = ids[start:start + _REBUILD_BATCH]
            games = {int(r["id"]): r for r in await conn.fetch("SELECT * FROM games WHERE id = ANY($1::bigint[])", batch)}
            seats: dict[int, list[Any]] = {}
            for s in await conn.fetch(_SEATS, batch):
                seats.setdefault(int(s["game_id"]), []).append(_rows.seat(s))
            movers: dict[int, dict[int, set[str]]] = {}
            for m in await conn.fetch(
                    "SELECT DISTINCT game_id, seat, user_id FROM moves WHERE game_id = ANY($1::bigint[])"
                    " AND seat IS NOT NULL AND user_id IS NOT NULL AND undone_by IS NULL AND action NOT LIKE 'undo %'",
                    batch):
                movers.setdefault(int(m["game_id"]), {}).setdefault(m["seat"], set()).add(m["user_id"])
            for gid in batch:
                if gid in games:
                    row = _rows.game_row(games[gid], seats.get(gid, []))
                    lines += rebuild([(row, result_of(row), movers.get(gid, {}))], table)
        await conn.executemany(numbered(_sqlite.LINE), [
            (r.game_id, ln.seat, ln.user_id, _sqlite.guild_key(r.guild_id), r.title, ln.name, ln.status, ln.score,
             ln.place, int(ln.win), r.ended_at) for r in lines for ln in r.lines])
        await conn.executemany(
            "INSERT INTO ratings(guild, title, user_id, name, mu, sigma, played, wins, abandoned, replaced,"
            " score_total, place_total, rated) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13)",
            [(_sqlite.guild_key(guild), title, p.user_id, p.name, p.mu, p.sigma, p.played, p.wins, p.abandoned,
              p.replaced, p.score_total, p.place_total, p.rated)
             for (guild, title), stats in table.items() for p in stats.values()])
        return len(ids)
