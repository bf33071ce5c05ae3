"""The stats kept as games end (issue 18): the ``results`` and ``ratings`` tables of the SQLite store.

The service computes an ended game's :class:`~bot.table.model.GameResults` (:func:`bot.table.stats.game_results`);
the statements here write them in the transaction that ends the game: one ``results`` row per line, the
counters of each person's ``ratings`` row, and the new ratings, each guarded by the number of rated games it
was computed from (:class:`~bot.table.errors.RatingsMoved` when another game's end changed it first).
``/stats`` reads one indexed query each: a person's lines on a server, or a title's leaderboard.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import aiosqlite

from bot.table.model import LEFT_ABANDONED, PLAYED, REPLACED, GameResults, PlayerStats
from bot.table.stats import StatsTable

from .connection import Connection, Statement, dumps

#: the ratings row of a newcomer: openskill's defaults
_NEW = PlayerStats("", "", "")


def guild_key(guild_id: str | None) -> str:
    """The ``guild`` column: the server's id, ``''`` for games outside a server."""
    return guild_id or ""


_UPSERT = (
    "INSERT INTO ratings(guild, title, user_id, name, mu, sigma, played, wins, abandoned, replaced, score_total,"
    " place_total, rated) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,0)"
    " ON CONFLICT(guild, title, user_id) DO UPDATE SET name=excluded.name, played=played+excluded.played,"
    " wins=wins+excluded.wins, abandoned=abandoned+excluded.abandoned, replaced=replaced+excluded.replaced,"
    " score_total=score_total+excluded.score_total, place_total=place_total+excluded.place_total"
)
LINE = ("INSERT INTO results(game_id, seat, user_id, guild, title, name, status, score, place, win, ended_at)"
         " VALUES (?,?,?,?,?,?,?,?,?,?,?)")
_COLUMNS = "user_id, name, title, played, wins, abandoned, replaced, score_total, place_total, rated, mu, sigma"


def results_statements(results: GameResults) -> tuple[list[Statement], list[int]]:
    """The statements that store one ended game's results, and the indexes of the rating updates among them
    (each must change one row: else the rating it was computed from has changed)."""
    g = guild_key(results.guild_id)
    stmts: list[Statement] = []
    for ln in results.lines:
        played = ln.status == PLAYED
        stmts.append((LINE, (results.game_id, ln.seat, ln.user_id, g, results.title, ln.name, ln.status,
                              ln.score, ln.place, int(ln.win), results.ended_at)))
        stmts.append((_UPSERT, (g, results.title, ln.user_id, ln.name, _NEW.mu, _NEW.sigma, int(played),
                                int(played and ln.win), int(ln.status == LEFT_ABANDONED), int(ln.status == REPLACED),
                                ln.score if played else 0, ln.place if played else 0)))
    moved = []
    for r in results.ratings:
        moved.append(len(stmts))
        stmts.append(("UPDATE ratings SET mu=?, sigma=?, rated=rated+1 WHERE guild=? AND title=? AND user_id=?"
                      " AND rated=?", (r.mu, r.sigma, g, results.title, r.user_id, r.rated_before)))
    return stmts, moved


def _stats(r: aiosqlite.Row) -> PlayerStats:
    return PlayerStats(r["user_id"], r["name"], r["title"], r["played"], r["wins"], r["abandoned"], r["replaced"],
                       r["score_total"], r["place_total"], r["rated"], r["mu"], r["sigma"])


class Results(Connection):
    """Reading the stats tables (writing goes with the statement that ends a game, in :class:`~bot.store.Store`)."""

    async def _stats_query(self, sql: str, params: Sequence[Any]) -> list[PlayerStats]:
        async with self._reading():
            return [_stats(r) for r in await self.db.execute_fetchall(sql, tuple(params))]

    async def player_stats(self, guild_id: str | None, title: str, user_ids: Sequence[str]) -> dict[str, PlayerStats]:
        rows = await self._stats_query(
            f"SELECT {_COLUMNS} FROM ratings WHERE guild=? AND title=? AND user_id IN (SELECT value FROM json_each(?))",
            (guild_key(guild_id), title, dumps(list(user_ids))))
        return {p.user_id: p for p in rows}

    async def user_stats(self, guild_id: str | None, user_id: str) -> list[PlayerStats]:
        return await self._stats_query(f"SELECT {_COLUMNS} FROM ratings WHERE guild=? AND user_id=? ORDER BY title",
                                       (guild_key(guild_id), user_id))

    async def leaderboard(self, guild_id: str | None, title: str, limit: int = 10) -> list[PlayerStats]:
        # the rated players down to the ``limit``-th rating (and any tied with it), then ordered exactly as
        # bot.table.stats.leaderboard orders them (rating, wins, name folded)
        g = guild_key(guild_id)
        rows = await self._stats_query(
            f"SELECT {_COLUMNS} FROM ratings WHERE guild=? AND title=? AND rated > 0 AND mu - 3 * sigma >="
            " IFNULL((SELECT mu - 3 * sigma FROM ratings WHERE guild=? AND title=? AND rated > 0"
            " ORDER BY mu - 3 * sigma DESC LIMIT 1 OFFSET ?), -9e999)",
            (g, title, g, title, max(0, limit - 1)))
        return sorted(rows, key=lambda p: (-p.rating, -p.wins, p.name.casefold()))[:max(0, limit)]

    @staticmethod
    async def _write_table(db: aiosqlite.Connection, table: StatsTable) -> None:
        """Write every stats line of ``table`` (the ratings table is empty)."""
        await db.executemany(
            "INSERT INTO ratings(guild, title, user_id, name, mu, sigma, played, wins, abandoned, replaced,"
            " score_total, place_total, rated) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [(guild_key(guild), title, p.user_id, p.name, p.mu, p.sigma, p.played, p.wins, p.abandoned, p.replaced,
              p.score_total, p.place_total, p.rated)
             for (guild, title), lines in table.items() for p in lines.values()])

    @staticmethod
    async def _write_lines(db: aiosqlite.Connection, batch: Sequence[GameResults]) -> None:
        await db.executemany(LINE, [
            (r.game_id, ln.seat, ln.user_id, guild_key(r.guild_id), r.title, ln.name, ln.status, ln.score, ln.place,
             int(ln.win), r.ended_at) for r in batch for ln in r.lines])
