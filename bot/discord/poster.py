"""Delivering board posts from the outbox: durable, retried, collapsed, resumed after a restart.

The store writes a ``pending`` post in the same transaction as each move (:meth:`GameService.outbox`).
The :class:`Poster` delivers them: it takes a game's newest pending post (older pending ones collapse into
it: one board of the current position, never a stale one), asks ``deliver`` to render and send it, then marks
it delivered and asks ``retire`` to take the buttons off the game's previous board. It knows no Discord:
``deliver`` raises :class:`RetryLater` for what may pass (rate limits, server errors, network trouble) and
:class:`CannotPost` for what will not (a missing permission, a deleted channel, a refused message).

* Retries back off exponentially (``base · 2^(attempt-1)``, at most ``cap``, at least what a rate limit asks
  for); after ``max_attempts`` the post fails.
* A failed post is told privately to the mover and the host (``notify``) and shown by ``/game status``.
* :meth:`Poster.run` delivers whatever is due, then waits for the next due time or a :meth:`Poster.kick`;
  after a restart the pending posts are due at once. Time comes from the injected ``clock`` and ``sleep``.
* No flooding (bots moving in a row, a bot-only table): boards go to one channel at most once per ``pace``
  seconds, and not before a rate limit's ``retry_after`` has passed; a board that comes too soon waits (as a
  pending post, so the moves after it collapse into it: the next message is the newest board with every
  move since the last one). The pace is kept in the database (:meth:`PostStore.pace_channel`), so every
  process sharing it honours it. A board whose position awaits only bot seats (``awaits_bots``) is held up to
  ``hold`` seconds for the bots' moves, so a row of bot moves becomes one message; if the bots are slower
  than that, the newest board goes out anyway (and the next one is held afresh).
* Several processes (shards) share the outbox: a game's posts are delivered only by the process holding the
  game's lease (:meth:`PostStore.claim_posts`, ``lease`` seconds of the database's clock, given back after each
  attempt), so two processes never post one board. Each board is sent with its post as the ``nonce``
  (:func:`post_nonce`; discord.py sends it with ``enforce_nonce``): should a process die after sending but
  before marking the post delivered, the next holder's re-send (the lease runs out within 60 s) is answered
  with the first message, not a second board.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.table.model import PostRow, PostsTaken
from bot.table.ports import PostStore
from bot.table.scheduler import process_owner

log = logging.getLogger("referee.poster")


class RetryLater(Exception):
    """Delivery failed for now (429, 5xx, network): try again later; ``retry_after`` seconds at least."""

    def __init__(self, detail: str, retry_after: float = 0.0) -> None:
        super().__init__(detail)
        self.retry_after = retry_after


class CannotPost(Exception):
    """Delivery will not succeed by retrying. ``reason`` names a catalogue text ``post.reason.<reason>``."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(detail or reason)
        self.reason = reason


@dataclass(frozen=True)
class Delivered:
    """What ``deliver`` posted: the version its board shows and the message id."""

    version: int
    message_id: str


#: deliver a post; the second argument is the game's last board message before it (``None``: none yet)
Deliver = Callable[[PostRow, PostRow | None], Awaitable[Delivered]]
Notify = Callable[[PostRow, str], Awaitable[None]]
Retire = Callable[[PostRow], Awaitable[None]]
AwaitsBots = Callable[[PostRow], Awaitable[bool]]

#: seconds a process holds a game's posts while it delivers them (a killed holder's are taken over after it)
LEASE = 60.0
#: how soon to look again at a due post another process holds
BUSY_WAIT = 1.0


def post_nonce(post_id: int) -> str:
    """The nonce of the message that delivers post ``post_id`` (≤ 25 characters; Discord's limit)."""
    return f"post-{post_id}"


class Poster:
    def __init__(self, store: PostStore, deliver: Deliver, notify: Notify, retire: Retire, *,
                 clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 base_delay: float = 2.0, max_delay: float = 300.0, max_attempts: int = 8,
                 pace: float = 0.0, hold: float = 0.0, awaits_bots: AwaitsBots | None = None,
                 owner: str | None = None, lease: float = LEASE) -> None:
        self.store = store
        self.deliver, self.notify, self.retire = deliver, notify, retire
        self.clock, self.sleep = clock, sleep
        self.base_delay, self.max_delay, self.max_attempts = base_delay, max_delay, max_attempts
        if pace < 0 or hold < 0:
            raise ValueError("the pace and the hold of board posts are seconds, not negative")
        self.pace, self.hold, self.awaits_bots = pace, hold, awaits_bots
        #: this process's lease owner id (a game's posts are delivered by one process at a time)
        self.owner, self.lease = owner or process_owner(), lease
        self._busy = False  # a due game was held by another process in the last round
        self._rescheduled = False  # the last attempt put the game's posts off (a retry, the pace, a hold)
        self._in_run = False  # :meth:`run_due` is going through the due games
        #: counters for /metrics: boards delivered, attempts that will be retried, posts that failed for good
        self.delivered = self.retried = self.failed = 0
        self._held: dict[int, float] = {}        # game id → since when its board waits for bots
        self._locks: dict[int, tuple[asyncio.Lock, list[int]]] = {}  # game id → its lock and how many use it
        self._kicked = asyncio.Event()
        self._idle = asyncio.Event()  # set while :meth:`run` has nothing pending (delivered or failed for good)

    def delay(self, attempts: int, retry_after: float = 0.0) -> float:
        """Seconds to wait after the ``attempts``-th failed attempt."""
        return max(retry_after, min(self.max_delay, self.base_delay * 2.0 ** (attempts - 1)))

    def kick(self) -> None:
        """Something may be due earlier than :meth:`run` thought (a new retry was scheduled)."""
        self._idle.clear()
        self._kicked.set()

    async def idle(self) -> None:
        """Return once :meth:`run` has no pending post left: each is delivered or has failed for good (and
        been told). For a shutdown that wants to flush, and for tests that must see a retried board arrive."""
        await self._idle.wait()

    async def post_game(self, game_id: int, due_only: bool = False, wait: bool = False,
                        channel_id: str | None = None) -> None:
        """Deliver a game's newest pending post now (one attempt), if it has one (``due_only``: if its time
        has come; a retry that was scheduled while waiting for the game's lock keeps its back-off).

        Too soon after the channel's last board, the post waits: with ``wait`` (a person's request, whose
        flow may take a moment) here, before taking the game's lock; otherwise (a bot's or the clock's move,
        which must not hold up other channels) as a pending post that :meth:`run` delivers when its time
        comes. ``channel_id``: the game's channel, when the caller knows it (then the pace is read without
        loading the pending posts)."""
        if wait:
            if channel_id is None:
                pending = await self.store.pending_posts(game_id)
                channel_id = pending[-1].channel_id if pending else None
            if channel_id is not None:
                delay = await self.store.channel_pace(channel_id) - self.clock()
                if delay > 0:
                    await self.sleep(delay)
        entry = self._locks.setdefault(game_id, (asyncio.Lock(), [0]))
        lock, users = entry
        users[0] += 1  # counted while waiting too: a lock is dropped only when nobody holds or awaits it
        try:
            async with lock:
                # one process at a time delivers a game's posts: the others leave it to the holder
                taken = await self.store.take_posts(game_id, self.owner, self.lease)
                if taken is None:
                    self._busy = True
                    if not self._in_run:  # (a flow's post) :meth:`run` looks again shortly: the holder may be gone
                        self.kick()
                    return
                self._rescheduled = False
                released = False
                try:
                    released = await self._attempt(game_id, taken, due_only)
                finally:
                    if not released:
                        with contextlib.suppress(Exception):  # else the lease runs out by itself
                            await self.store.release_posts(game_id, self.owner)
                if self._rescheduled:  # a retry or a wait was scheduled: :meth:`run` looks at the new due time
                    self.kick()
        finally:
            users[0] -= 1
            if users[0] == 0 and self._locks.get(game_id) is entry:
                del self._locks[game_id]

    async def _attempt(self, game_id: int, taken: PostsTaken, due_only: bool = False) -> bool:
        """One delivery attempt of the game's newest pending post; whether the lease was given back with it."""
        pending = taken.pending
        if not pending:
            return False
        newest = pending[-1]
        now = self.clock()
        if due_only and newest.next_at > now:
            return False
        if await self._hold(newest, now):
            return False
        if now < taken.pace:  # too soon after this channel's last board (or its rate limit): wait, collapsing
            await self._later(newest, taken.pace)
            return False
        previous = taken.last_board
        try:
            done = await self.deliver(newest, previous)
        except CannotPost as exc:
            self._held.pop(game_id, None)
            await self._give_up(newest, exc.reason, str(exc))
            return False
        except Exception as exc:  # RetryLater, or anything unexpected (which may pass: a render bug would not)
            if not isinstance(exc, RetryLater):
                log.error("posting the board of game %s failed unexpectedly", game_id, exc_info=exc)
            elif exc.retry_after > 0:  # a rate limit holds for the whole channel, whichever game posts next
                await self.store.pace_channel(newest.channel_id, self.clock() + exc.retry_after)
            attempts = newest.attempts + 1
            if attempts >= self.max_attempts:
                await self._give_up(newest, "gave_up", str(exc) or type(exc).__name__)
                return False
            wait = self.delay(attempts, exc.retry_after if isinstance(exc, RetryLater) else 0.0)
            log.info("board of game %s: attempt %d failed, retrying in %.0f s", game_id, attempts, wait)
            self.retried += 1
            await self.store.posts_retry(game_id, newest.id, attempts, self.clock() + wait,
                                         str(exc) or type(exc).__name__, self.clock())
            self._rescheduled = True
            return False
        self._held.pop(game_id, None)
        await self.store.posts_delivered(game_id, newest.id, done.version, done.message_id, self.clock(),
                                         release=self.owner)
        self.delivered += 1
        if self.pace > 0:
            await self.store.pace_channel(newest.channel_id, self.clock() + self.pace)
        if previous is not None and previous.message_id != done.message_id:
            try:
                await self.retire(previous)
            except Exception:  # best effort: an old board's buttons answer "the game has moved on" anyway
                log.info("could not retire the buttons of an old board of game %s", game_id, exc_info=True)
        return True

    async def _hold(self, post: PostRow, now: float) -> bool:
        """Whether to hold ``post`` because only bots are to act (then it is put off until the hold ends)."""
        if self.awaits_bots is None or self.hold <= 0:
            return False
        try:
            bots_only = await self.awaits_bots(post)
        except Exception:  # e.g. the database is briefly busy: better a board too many than none
            log.warning("could not tell whether game %s awaits only bots", post.game_id, exc_info=True)
            bots_only = False
        if not bots_only:
            self._held.pop(post.game_id, None)
            return False
        since = self._held.setdefault(post.game_id, now)
        if now >= since + self.hold:  # the bots took long: show where the game stands (the next board waits anew)
            return False
        await self._later(post, since + self.hold)
        return True

    async def _later(self, post: PostRow, at: float) -> None:
        """Put the game's pending posts off until ``at`` without counting a failed attempt; newer moves'
        posts join them, and the newest is delivered then."""
        await self.store.posts_retry(post.game_id, post.id, post.attempts, at, post.last_error or "", self.clock())
        self._rescheduled = True

    async def _give_up(self, post: PostRow, reason: str, detail: str) -> None:
        log.warning("board of game %s (move %s) cannot be posted: %s", post.game_id, post.version, reason)
        await self.store.posts_failed(post.game_id, post.id, reason, self.clock())
        self.failed += 1
        try:
            await self.notify(post, reason)
        except Exception:
            log.warning("could not tell anyone that the board of game %s failed", post.game_id, exc_info=True)

    async def run_due(self) -> float | None:
        """Deliver every post that is due now; the time the next one falls due (``None``: nothing pending)."""
        self._busy = False
        self._in_run = True
        try:
            for game_id in await self.store.due_games(self.clock()):
                await self.post_game(game_id, due_only=True)
        finally:
            self._in_run = False
        next_at = await self.store.next_post_at()
        if next_at is not None and self._busy:  # a due game is another process's now: look again shortly
            next_at = max(next_at, self.clock() + BUSY_WAIT)
        return next_at

    async def run(self) -> None:
        """Deliver posts as they fall due, until cancelled."""
        while True:
            self._kicked.clear()
            try:
                next_at = await self.run_due()
            except Exception:  # e.g. the database is briefly busy: wait and go on
                log.exception("the poster failed; trying again")
                next_at = self.clock() + self.base_delay
            if next_at is None and not self._kicked.is_set():
                self._idle.set()
            await self._wait(None if next_at is None else max(0.0, next_at - self.clock()))

    async def _sleep(self, seconds: float) -> None:
        """How :meth:`run` waits for the next due post (tests on a fake clock may let other work finish first;
        a flow's short wait for the pace uses ``sleep`` itself)."""
        await self.sleep(seconds)

    async def _wait(self, seconds: float | None) -> None:
        if self._kicked.is_set():  # kicked while delivering: look again at once
            return
        # named "referee-background-…": tasks that outlive the interaction that kicked the poster, on purpose
        kicked: asyncio.Future[Any] = asyncio.create_task(self._kicked.wait(), name="referee-background-poster-kick")
        waits: set[asyncio.Future[Any]] = {kicked}
        if seconds is not None:
            waits.add(asyncio.create_task(self._sleep(seconds), name="referee-background-poster-sleep"))
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for w in waits:
                w.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await w
