"""The outbox of board posts in PostgreSQL (:class:`~bot.table.ports.PostStore`); the SQLite twin is
:mod:`bot.store.outbox`, whose docstring says what the statuses mean."""
from __future__ import annotations

from typing import Any

from bot.table.model import POST_DELIVERED, POST_FAILED, POST_PENDING, POST_SUPERSEDED, PostRow, PostsTaken

from .. import rows as _rows
from .connection import PgConnection, Statement
from .jobs import DB_NOW

#: delivered and superseded posts older than the game's newest delivered board go (nothing reads them; as
#: :data:`bot.store.outbox.PRUNE` on SQLite)
PRUNE = ("DELETE FROM posts WHERE game_id=$1 AND status IN ('delivered','superseded') AND id <"
         " (SELECT MAX(id) FROM posts WHERE game_id=$1 AND status='delivered' AND message_id IS NOT NULL)")


class PgOutbox(PgConnection):
    """The post methods of the store."""

    def _post_statement(self, game_id: int, version: int, user_id: str | None, now: float) -> list[Statement]:
        """The outbox row for a move's board, to run in the move's own transaction (none if the outbox is off)."""
        if not self.outbox:
            return []
        return [(
            "INSERT INTO posts(game_id, version, channel_id, user_id, status, next_at, created_at, updated_at)"
            " SELECT id, $1, channel_id, $2, $3, $4, $4, $4 FROM games WHERE id=$5",
            (version, user_id, POST_PENDING, now, game_id),
        )]

    async def _posts(self, where: str, *params: Any) -> list[PostRow]:
        async with self._reading() as conn:
            return [_rows.post_row(r) for r in await conn.fetch(f"SELECT * FROM posts WHERE {where}", *params)]

    async def pending_posts(self, game_id: int) -> list[PostRow]:
        return await self._posts("game_id=$1 AND status=$2 ORDER BY id", game_id, POST_PENDING)

    async def due_games(self, now: float) -> list[int]:
        async with self._reading() as conn:
            found = await conn.fetch(
                "SELECT game_id, MIN(id) AS first FROM posts WHERE status=$1 AND next_at<=$2 GROUP BY game_id"
                " ORDER BY first", POST_PENDING, now)
        return [int(r["game_id"]) for r in found]

    async def next_post_at(self) -> float | None:
        async with self._reading() as conn:
            at = await conn.fetchval("SELECT MIN(next_at) FROM posts WHERE status=$1", POST_PENDING)
        return None if at is None else float(at)

    async def last_post(self, game_id: int) -> PostRow | None:
        found = await self._posts("game_id=$1 ORDER BY id DESC LIMIT 1", game_id)
        return found[0] if found else None

    async def last_board(self, game_id: int) -> PostRow | None:
        found = await self._posts("game_id=$1 AND status=$2 AND message_id IS NOT NULL ORDER BY id DESC LIMIT 1",
                                  game_id, POST_DELIVERED)
        return found[0] if found else None

    async def posts_delivered(self, game_id: int, upto: int, version: int, message_id: str, now: float,
                              release: str | None = None) -> None:
        await self._tx([
            ("UPDATE posts SET status=$1, version=$2, message_id=$3, last_error=NULL, updated_at=$4 WHERE id=$5",
             (POST_DELIVERED, version, message_id, now, upto)),
            ("UPDATE posts SET status=$1, updated_at=$2 WHERE game_id=$3 AND status=$4 AND (id<$5 OR version<=$6)",
             (POST_SUPERSEDED, now, game_id, POST_PENDING, upto, version)),
            (PRUNE, (game_id,)),
            *([("DELETE FROM post_claims WHERE game_id=$1 AND owner=$2", (game_id, release))] if release else []),
        ])

    async def posts_retry(self, game_id: int, upto: int, attempts: int, next_at: float, error: str, now: float) -> None:
        await self._tx([(
            "UPDATE posts SET attempts=$1, next_at=$2, last_error=$3, updated_at=$4"
            " WHERE game_id=$5 AND status=$6 AND id<=$7",
            (attempts, next_at, error, now, game_id, POST_PENDING, upto),
        )])

    async def posts_failed(self, game_id: int, upto: int, error: str, now: float) -> None:
        await self._tx([(
            "UPDATE posts SET status=$1, last_error=$2, updated_at=$3 WHERE game_id=$4 AND status=$5 AND id<=$6",
            (POST_FAILED, error, now, game_id, POST_PENDING, upto),
        )])

    async def claim_posts(self, game_id: int, owner: str, lease: float) -> bool:
        """Lease the delivery of a game's posts to ``owner`` for ``lease`` seconds of the database server's clock
        (free, run out, or already ``owner``'s: renewed); whether ``owner`` holds it now."""
        async with self.transaction() as conn:
            return await conn.fetchval(
                f"INSERT INTO post_claims(game_id, owner, until) VALUES ($1, $2, {DB_NOW} + $3)"
                " ON CONFLICT (game_id) DO UPDATE SET owner=excluded.owner, until=excluded.until"
                f" WHERE post_claims.owner=excluded.owner OR post_claims.until < {DB_NOW} RETURNING game_id",
                game_id, owner, lease) is not None

    async def take_posts(self, game_id: int, owner: str, lease: float) -> PostsTaken | None:
        """:meth:`claim_posts` and the reads that delivering needs: the claim, then one read of the pending posts
        with the last board and the channel's pace."""
        if not await self.claim_posts(game_id, owner, lease):
            return None
        async with self._reading() as conn:
            found = await conn.fetch(
                "SELECT p.*, (SELECT not_before FROM channel_pace c WHERE c.channel_id=p.channel_id) AS pace"
                " FROM posts p WHERE p.id IN (SELECT id FROM posts WHERE game_id=$1 AND status=$2"
                " UNION ALL (SELECT id FROM posts WHERE game_id=$1 AND status=$3 AND message_id IS NOT NULL"
                " ORDER BY id DESC LIMIT 1)) ORDER BY p.id", game_id, POST_PENDING, POST_DELIVERED)
        pending = [_rows.post_row(r) for r in found if r["status"] == POST_PENDING]
        last = [_rows.post_row(r) for r in found if r["status"] == POST_DELIVERED]
        pace = next((r["pace"] for r in reversed(found) if r["status"] == POST_PENDING), None)
        return PostsTaken(pending, 0.0 if pace is None else float(pace), last[-1] if last else None)

    async def release_posts(self, game_id: int, owner: str) -> None:
        await self._tx([("DELETE FROM post_claims WHERE game_id=$1 AND owner=$2", (game_id, owner))])

    async def channel_pace(self, channel_id: str) -> float:
        async with self._reading() as conn:
            until = await conn.fetchval("SELECT not_before FROM channel_pace WHERE channel_id=$1", channel_id)
        return 0.0 if until is None else float(until)

    async def pace_channel(self, channel_id: str, until: float) -> None:
        await self._tx([(
            "INSERT INTO channel_pace(channel_id, not_before) VALUES ($1, $2) ON CONFLICT (channel_id) DO UPDATE SET"
            " not_before=GREATEST(channel_pace.not_before, excluded.not_before)", (channel_id, until))])

    async def record_board(self, game_id: int, version: int, channel_id: str, message_id: str, now: float) -> None:
        await self._tx([
            ("INSERT INTO posts(game_id, version, channel_id, status, next_at, message_id, created_at, updated_at)"
             " VALUES ($1,$2,$3,$4,$5,$6,$5,$5)", (game_id, version, channel_id, POST_DELIVERED, now, message_id)),
            ("UPDATE posts SET status=$1, updated_at=$2 WHERE game_id=$3 AND status=$4 AND version<=$5",
             (POST_SUPERSEDED, now, game_id, POST_PENDING, version)),
            (PRUNE, (game_id,)),
        ])
