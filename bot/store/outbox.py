"""The outbox of board posts in SQLite (:class:`~bot.table.ports.PostStore`).

A ``pending`` post is written in the same transaction as the move (or the start, or the undo) whose board it
asks for, when :attr:`outbox` is on; the poster marks it ``delivered`` (with the message id), ``superseded``
(a newer board covered it) or ``failed``.

Delivered and superseded posts older than a game's newest delivered board are deleted as soon as that board is
delivered (issue 18: they were 18 % of a big database): nothing reads them. What is read is a game's newest
board message (:meth:`Outbox.last_board`: the board to link to and to retire), its newest post of any kind
(:meth:`Outbox.last_post`), and the pending ones; failed posts stay (they say why a board is missing).
"""
from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Any

from bot.table.model import POST_DELIVERED, POST_FAILED, POST_PENDING, POST_SUPERSEDED, PostRow, PostsTaken

from . import rows as _rows
from .connection import Connection, Statement

#: delete a game's delivered and superseded posts older than its newest delivered board (params: game id twice)
PRUNE = ("DELETE FROM posts WHERE game_id=? AND status IN ('delivered','superseded') AND id <"
         " (SELECT MAX(id) FROM posts WHERE game_id=? AND status='delivered' AND message_id IS NOT NULL)")
#: lease a game's posts to an owner (params: game id, owner, lease end, now): free, run out or already its own;
#: returns a row when granted
CLAIM = ("INSERT INTO post_claims(game_id, owner, until) VALUES (?,?,?) ON CONFLICT(game_id) DO UPDATE SET"
         " owner=excluded.owner, until=excluded.until WHERE post_claims.owner=excluded.owner OR post_claims.until<?"
         " RETURNING game_id")


class Outbox(Connection):
    """The post methods of the store."""

    def _post_statement(self, game_id: int, version: int, user_id: str | None, now: float) -> list[Statement]:
        """The outbox row for a move's board, to run in the move's own transaction (none if the outbox is off)."""
        if not self.outbox:
            return []
        return [(
            "INSERT INTO posts(game_id, version, channel_id, user_id, status, next_at, created_at, updated_at)"
            " SELECT id, ?, channel_id, ?, ?, ?, ?, ? FROM games WHERE id=?",
            (version, user_id, POST_PENDING, now, now, now, game_id),
        )]

    async def _posts(self, where: str, params: Iterable[Any]) -> list[PostRow]:
        async with self._reading():
            found = await self.db.execute_fetchall(f"SELECT * FROM posts WHERE {where}", tuple(params))
        return [_rows.post_row(r) for r in found]

    async def pending_posts(self, game_id: int) -> list[PostRow]:
        """A game's posts still to deliver, oldest first."""
        return await self._posts("game_id=? AND status=? ORDER BY id", (game_id, POST_PENDING))

    async def due_games(self, now: float) -> list[int]:
        """Games with a pending post whose time has come, in the order their posts were written."""
        async with self._reading():
            found = await self.db.execute_fetchall(
                "SELECT game_id, MIN(id) AS first FROM posts WHERE status=? AND next_at<=? GROUP BY game_id"
                " ORDER BY first", (POST_PENDING, now))
        return [r["game_id"] for r in found]

    async def next_post_at(self) -> float | None:
        async with self._reading():
            r = next(iter(await self.db.execute_fetchall("SELECT MIN(next_at) FROM posts WHERE status=?",
                                                         (POST_PENDING,))), None)
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

    async def posts_delivered(self, game_id: int, upto: int, version: int, message_id: str, now: float,
                              release: str | None = None) -> None:
        """The board of ``version`` is posted: the pending post ``upto`` becomes delivered; the pending posts
        it covers (older ones, and any for a version it already shows) are superseded: collapsed into it.
        ``release``: the owner whose lease of the game's posts ends with it."""
        await self._tx([
            ("UPDATE posts SET status=?, version=?, message_id=?, last_error=NULL, updated_at=? WHERE id=?",
             (POST_DELIVERED, version, message_id, now, upto)),
            ("UPDATE posts SET status=?, updated_at=? WHERE game_id=? AND status=? AND (id<? OR version<=?)",
             (POST_SUPERSEDED, now, game_id, POST_PENDING, upto, version)),
            (PRUNE, (game_id, game_id)),
            *([("DELETE FROM post_claims WHERE game_id=? AND owner=?", (game_id, release))] if release else []),
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

    async def claim_posts(self, game_id: int, owner: str, lease: float) -> bool:
        """Lease the delivery of a game's posts to ``owner`` for ``lease`` seconds of the database's clock (free,
        run out, or already ``owner``'s: renewed); whether ``owner`` holds it now."""
        now = self.clock()
        return await self._write_tx(lambda conn: conn.execute(
            CLAIM, (game_id, owner, now + lease, now)).fetchone() is not None)

    async def take_posts(self, game_id: int, owner: str, lease: float) -> PostsTaken | None:
        """:meth:`claim_posts` and the reads that delivering needs, in one transaction and one hop."""
        now = self.clock()

        def take(conn: sqlite3.Connection) -> PostsTaken | None:
            if conn.execute(CLAIM, (game_id, owner, now + lease, now)).fetchone() is None:
                return None
            pending = [_rows.post_row(r) for r in conn.execute(
                "SELECT * FROM posts WHERE game_id=? AND status=? ORDER BY id", (game_id, POST_PENDING))]
            pace = None if not pending else conn.execute(
                "SELECT not_before FROM channel_pace WHERE channel_id=?", (pending[-1].channel_id,)).fetchone()
            last = conn.execute(
                "SELECT * FROM posts WHERE game_id=? AND status=? AND message_id IS NOT NULL ORDER BY id DESC LIMIT 1",
                (game_id, POST_DELIVERED)).fetchone()
            return PostsTaken(pending, 0.0 if pace is None else float(pace[0]),
                              None if last is None else _rows.post_row(last))

        return await self._write_tx(take)

    async def release_posts(self, game_id: int, owner: str) -> None:
        """Give up ``owner``'s lease of a game's posts (nothing if another holds it)."""
        await self._tx([("DELETE FROM post_claims WHERE game_id=? AND owner=?", (game_id, owner))])

    async def channel_pace(self, channel_id: str) -> float:
        """No board in this channel before this time (0: none stored)."""
        async with self._reading():
            r = next(iter(await self.db.execute_fetchall("SELECT not_before FROM channel_pace WHERE channel_id=?",
                                                         (channel_id,))), None)
        return 0.0 if r is None else float(r[0])

    async def pace_channel(self, channel_id: str, until: float) -> None:
        """No board in this channel before ``until`` (a later time already stored stays)."""
        await self._tx([(
            "INSERT INTO channel_pace(channel_id, not_before) VALUES (?,?) ON CONFLICT(channel_id) DO UPDATE SET"
            " not_before=MAX(not_before, excluded.not_before)", (channel_id, until))])

    async def record_board(self, game_id: int, version: int, channel_id: str, message_id: str, now: float) -> None:
        """A board posted outside the outbox (``/game board``) becomes the game's newest board message; pending
        posts of positions it shows are superseded."""
        await self._tx([
            ("INSERT INTO posts(game_id, version, channel_id, status, next_at, message_id, created_at, updated_at)"
             " VALUES (?,?,?,?,?,?,?,?)", (game_id, version, channel_id, POST_DELIVERED, now, message_id, now, now)),
            ("UPDATE posts SET status=?, updated_at=? WHERE game_id=? AND status=? AND version<=?",
             (POST_SUPERSEDED, now, game_id, POST_PENDING, version)),
            (PRUNE, (game_id, game_id)),
        ])
