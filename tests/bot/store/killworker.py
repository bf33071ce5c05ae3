"""A bot process for the kill -9 tests (``test_kill_processes.py``): it fires timed jobs and delivers board posts
like the bot does (the game service, its scheduler and the outbox poster), with Discord modelled by
:class:`DiscordRecord`. Run as ``python -m tests.bot.store.killworker ROLE DB DISCORD NOW LEASE [STOP]``:

- ``victim``: fires the jobs due at ``NOW`` (the table's clock) and delivers the due posts at once, its leases
  ``LEASE`` seconds long, and stops dead at ``STOP``: ``remind`` (the second reminder went out, its mark is not
  stored), ``deadline`` (inside the handler of the second deadline job, before its effect). The board poster
  stops after sending its third board, before marking it delivered. It prints ``owner …``, one ``stopped …`` line
  per stop reached and then ``ready``, and waits there to be killed (``kill -9``).
- ``taker``: another process, later: fires and delivers whatever is left (what the dead one held, once its
  leases have run out on the database's clock), then prints one JSON line of what it did.

``DB``: a ``postgresql://`` URL or a SQLite file. On SQLite the database's clock is the store's (``NOW`` here), so
the taker's store runs ``LEASE + 1`` seconds later instead of waiting; on PostgreSQL it is the server's own, and
the test sets the victim's leases short.
"""
from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import sys
import time
from collections.abc import Sequence
from typing import Any

from bot.discord.poster import Delivered, Poster, post_nonce
from bot.store import open_store
from bot.table.clocks import DEADLINE
from bot.table.model import GameRow, Job, MoveReport, PostRow
from bot.table.scheduler import Scheduler
from bot.table.service import GameService
from engines.core import Msg


class DiscordRecord:
    """Discord, as far as these tests need it: messages in a SQLite file shared by the processes, keyed by nonce.
    A send with a nonce already used returns the first message (Discord's ``enforce_nonce``) and only counts
    the send."""

    SCHEMA = ("CREATE TABLE IF NOT EXISTS messages (id INTEGER PRIMARY KEY AUTOINCREMENT, nonce TEXT UNIQUE,"
              " channel TEXT NOT NULL, body TEXT NOT NULL, sends INTEGER NOT NULL DEFAULT 1, pid INTEGER NOT NULL)")

    def __init__(self, path: str) -> None:
        self.db = sqlite3.connect(path, timeout=30, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(self.SCHEMA)

    def send(self, channel: str, body: str, nonce: str | None) -> int:
        """Post ``body`` in ``channel``; the message id (the first message's, for a nonce sent before)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            row = self.db.execute(
                "INSERT INTO messages(nonce, channel, body, pid) VALUES (?,?,?,?) ON CONFLICT(nonce) DO UPDATE"
                " SET sends = sends + 1 RETURNING id", (nonce, channel, body, os.getpid())).fetchone()
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        return int(row[0])

    def messages(self) -> list[dict[str, object]]:
        cur = self.db.execute("SELECT id, nonce, channel, body, sends, pid FROM messages ORDER BY id")
        return [dict(zip(("id", "nonce", "channel", "body", "sends", "pid"), r, strict=True)) for r in cur]


class Stop:
    """Where the victim stops dead: it says so and waits to be killed."""

    def __init__(self, points: int) -> None:
        self.left = points
        self.reached = asyncio.Event()

    async def here(self, what: str) -> None:
        print(f"stopped {what}", flush=True)
        self.left -= 1
        if self.left == 0:
            self.reached.set()
        await asyncio.Event().wait()  # until killed: nothing after this line runs


class RecordNotifier:
    """The table's notifier over :class:`DiscordRecord` (boards go through the outbox, not here)."""

    def __init__(self, record: DiscordRecord, stop: Stop | None, at: str) -> None:
        self.record, self.stop, self.at = record, stop, at
        self.reminders = 0

    async def to_channel(self, game: GameRow, user_ids: Sequence[str], message: Msg, nonce: str | None = None) -> None:
        self.record.send(game.channel_id, message.key, nonce)
        if message.key == "clock.remind":
            self.reminders += 1
            if self.stop is not None and self.at == "remind" and self.reminders == 2:
                await self.stop.here(f"remind {nonce}")  # sent; the mark and the job's deletion never stored

    async def to_user(self, game: GameRow, user_id: str, message: Msg, nonce: str | None = None) -> None:
        self.record.send(f"dm:{user_id}", message.key, nonce)

    async def board(self, report: MoveReport) -> None:
        return None

    async def recap(self, game: GameRow) -> None:
        return None

    async def board_link(self, game: GameRow, version: int | None = None) -> str | None:
        return f"https://discord.com/channels/guild/{game.channel_id}"


async def work(role: str, db: str, discord: str, now: float, lease: float, at: str) -> dict[str, object]:
    record = DiscordRecord(discord)
    victim = role == "victim"
    stop = Stop(2) if victim else None
    if not victim and not db.startswith("postgresql"):
        now += lease + 1  # SQLite: the database's clock is the store's; the dead process's leases have run out
    store = await open_store(db, clock=lambda: now)
    notifier = RecordNotifier(record, stop, at)
    service = GameService(store, clock=lambda: now, notifier=notifier)
    print(f"owner {service.owner}", flush=True)
    posts = service.outbox()
    deadlines = 0

    async def handler(job: Job) -> None:
        nonlocal deadlines
        if job.kind == DEADLINE:
            deadlines += 1
            if stop is not None and at == "deadline" and deadlines == 2:
                await stop.here(f"deadline {job.id}")  # claimed and firing: its effect is not stored
        await service.fire(job)

    boards = 0

    async def deliver(post: PostRow, last: PostRow | None = None) -> Delivered:
        nonlocal boards
        message = record.send(post.channel_id, f"board {post.game_id} v{post.version}", post_nonce(post.id))
        boards += 1
        if stop is not None and boards == 3:
            await stop.here(f"post {post.id}")  # sent; never marked delivered, its lease never given back
        return Delivered(post.version, str(message))

    async def nothing(*args: object) -> None:
        return None

    scheduler = Scheduler(store.jobs, handler, clock=lambda: now, owner=service.owner,
                          lease=lease if victim else 60.0)
    poster = Poster(posts, deliver, nothing, nothing, clock=lambda: now, owner=service.owner,
                    lease=lease if victim else 60.0)
    fired = delivered = 0
    try:
        if stop is not None:
            both: asyncio.Future[Any] = asyncio.gather(scheduler.run_due(), poster.run_due())
            await asyncio.wait([both, asyncio.ensure_future(stop.reached.wait())],
                               return_when=asyncio.FIRST_COMPLETED)
            print("ready" if stop.reached.is_set() else "finished without reaching its stops", flush=True)
            await both  # (never returns once stopped: the process is killed here)
            return {}
        give_up = time.monotonic() + 60
        while True:
            fired += await scheduler.run_due()
            await poster.run_due()
            delivered = poster.delivered
            nxt = await store.jobs.next_due()
            if (nxt is None or nxt > now) and await posts.next_post_at() is None:
                break
            if time.monotonic() > give_up:
                raise SystemExit("the dead process's jobs or posts were never taken over")
            await asyncio.sleep(0.05)  # (real time: the dead process's leases run out on the server's clock)
    finally:
        await service.close()
    return {"fired": fired, "delivered": delivered, "owner": service.owner}


def main(argv: list[str]) -> int:
    role, db, discord, now, lease, *rest = argv
    out = asyncio.run(work(role, db, discord, float(now), float(lease), rest[0] if rest else ""))
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
