"""The table's core: its store, clock, locks, serving and shutting down, and the snapshot of a game.

Every part of the service (:mod:`.seats`, :mod:`.moves`, :mod:`.bots`, :mod:`.undo`, :mod:`.settings`) builds
on :class:`TableCore`; :class:`~bot.table.service.GameService` puts them together.
"""
from __future__ import annotations

import asyncio
import copy
import functools
import logging
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import replace
from types import TracebackType
from typing import Any, TypeVar

from engines import get_game
from engines.core import Msg, Result

from .botpool import BotConfig, BotPool
from .clocks import TimeConfig, Timekeeper
from .errors import ServiceError, ShuttingDown, StorageError
from .model import ACTIVE, OPEN_STATUSES, GameResults, GameRow, Snapshot
from .ports import Notifier, Repository
from .scheduler import process_owner
from .stats import game_results, is_bot

#: Largest id SQLite stores; a forged custom id beyond it cannot name a game
_MAX_ID = (1 << 63) - 1

#: how long the other players have to answer an undo request (seconds)
UNDO_TTL = 15 * 60

#: threads running the engine for the service (a move's turn check and apply, snapshots, legal options): its own
#: small executor, so a commit never queues behind board pictures or anything else in the default one
ENGINE_THREADS = 2

#: channels whose current game row the service keeps in memory (the least recently used are dropped first)
ROW_CACHE = 4096

T = TypeVar("T")


def _own_copy(row: GameRow) -> GameRow:
    """A copy of a row that a move may change (state dicts are never changed in place: a move makes a new one)."""
    out = copy.copy(row)
    out.seats = list(row.seats)
    return out

#: log lines name games, seats and versions only: never a state, a hand, a view or an action (issue 8.8)
log = logging.getLogger("referee.service")


def make_snapshot(row: GameRow) -> Snapshot:
    """The snapshot of a loaded game: its prompts, public view and result, each computed once."""
    if row.state is None:
        return Snapshot(row, None)
    game = get_game(row.title)
    return Snapshot(row, game, game.prompts(row.state), game.public_view(row.state), game.result(row.state))


class ChannelLock(asyncio.Lock):
    """The lock that serialises a channel's changes: in this process (it is an :class:`asyncio.Lock`) and, while
    held, across the processes sharing the store (:meth:`~bot.table.ports.Repository.hold_channel`)."""

    def __init__(self, hold: Callable[[], AbstractAsyncContextManager[None]]) -> None:
        super().__init__()
        self._hold = hold
        self._held: AbstractAsyncContextManager[None] | None = None

    async def __aenter__(self) -> None:
        await self.acquire()
        try:
            held = self._hold()
            await held.__aenter__()
        except BaseException:
            self.release()
            raise
        self._held = held

    async def __aexit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        held, self._held = self._held, None
        try:
            if held is not None:
                await held.__aexit__(kind, exc, tb)
        finally:
            self.release()


class TableCore:
    """The state every part of the service shares (see the module docstring)."""

    def __init__(self, store: Repository, clock: Callable[[], float] = time.time,
                 seed_source: Callable[[], int] = lambda: secrets.randbits(62), *,
                 notifier: Notifier | None = None, time_config: TimeConfig | None = None,
                 undo_ttl: float = UNDO_TTL, bots: BotConfig | None = None,
                 bot_executor: Executor | None = None, owner: str | None = None) -> None:
        self.store = store
        #: this process's lease owner id (timed jobs): unique among the processes sharing the database
        self.owner = owner or process_owner()
        #: told of every stored move: its kind and how long it took (the engine and the transaction; measured on
        #: ``timer``, a monotonic stopwatch, not the service's clock); ``/metrics`` counts and times moves with it
        self.on_move: Callable[[str, float], None] = lambda kind, seconds: None
        self.timer: Callable[[], float] = time.perf_counter
        self.clock = clock
        #: how the keepers of this process's job leases wait between renewals: real time (leases run on the
        #: database's clock), a test's controlled ticks
        self.lease_sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
        self.undo_ttl = undo_ttl
        self.seed_source = seed_source
        #: turn clocks, reminders, timeouts, vacations (issue 10)
        self.timekeeper = Timekeeper(store, self.now, time_config, notifier)
        #: bot decisions run in worker processes (``bot_executor``: a test's own executor instead)
        self.bots = BotPool(bots, bot_executor)
        self.engine = ThreadPoolExecutor(ENGINE_THREADS, thread_name_prefix="referee-engine")
        # one lock per channel while anybody uses it; an idle channel's lock is dropped (bounded memory)
        self._locks: weakref.WeakValueDictionary[str, ChannelLock] = weakref.WeakValueDictionary()
        # channel id → its active game's row after this process's last move there, and the seats that position
        # waits for (see :meth:`_cached`)
        self._rows: OrderedDict[str, tuple[GameRow, list[int]]] = OrderedDict()
        self._inflight = 0
        self._idle: asyncio.Event | None = None
        self._closing = False
        self._closed = False

    def now(self) -> float:
        """The service's time (its ``clock``, which a test may swap for a fake one at any time)."""
        return self.clock()

    def lock(self, channel_id: str) -> ChannelLock:
        """The lock that serialises everything that changes the game in one channel (across processes too, on a
        shared store)."""
        key = str(channel_id)
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = ChannelLock(lambda: self.store.hold_channel(key))
        return lock

    @property
    def closing(self) -> bool:
        return self._closing

    @property
    def in_flight(self) -> int:
        """Requests being served now."""
        return self._inflight

    @asynccontextmanager
    async def _serving(self, names: Sequence[str] = ()) -> AsyncIterator[None]:
        """Around every entry point: refuse once closing, count what is in flight, turn storage failures
        into a clear refusal, and put names instead of seat numbers into refusals."""
        if self._closing:
            raise ShuttingDown("err.shutting_down")
        self._inflight += 1
        try:
            yield
        except StorageError as exc:
            raise ServiceError("err.storage", reason=Msg(f"storage.{exc.reason}")) from exc
        finally:
            self._inflight -= 1
            if self._inflight == 0 and self._idle is not None:
                self._idle.set()

    async def close(self, timeout: float = 4.0) -> bool:
        """Stop accepting requests, wait (at most ``timeout`` seconds) for those in flight, close the store.

        Returns whether everything in flight finished. A move cut off by the deadline was either committed
        whole or not at all (one transaction), so closing never loses or half-writes a move.
        """
        self._closing = True
        drained = True
        if self._inflight:
            self._idle = asyncio.Event()
            try:
                await asyncio.wait_for(self._idle.wait(), timeout)
            except TimeoutError:
                drained = False
        if not self._closed:
            self._closed = True
            self.engine.shutdown(wait=False, cancel_futures=True)  # an engine call takes milliseconds
            await asyncio.to_thread(self.bots.close)
            await self.store.close()
        return drained

    # ------------------------------------------------------------------ the current rows kept in memory

    def _cached(self, channel_id: str, expected_game: int | None = None,
                expected_version: int | None = None) -> tuple[GameRow, list[int]] | None:
        """The channel's active game as this process last wrote it (a copy the caller may change), with the
        seats its position waits for; ``None`` when not kept, or when it disagrees with what a pressed component
        names (a press for another game or version is judged on the row loaded afresh).

        The kept row may be stale: another process may have changed the game since. It is only ever used for a
        move, whose write is guarded by what it was computed from: the version (another process's move or undo),
        the status (an abandon), and the seats' users and the pause (a replacement, a pause or resume, which change
        no version: :class:`~bot.table.model.RowGuard`). A stale row's write fails with
        :class:`~bot.table.errors.VersionConflict`, and the move is judged again on the row loaded afresh. The
        clocks and the players' settings are read afresh by every move. Every other change to a game in this
        process (seats, pause, abandon, undo, start) forgets the kept row first."""
        kept = self._rows.get(str(channel_id))
        if kept is None:
            return None
        row, waiting = kept
        if row.status != ACTIVE or (expected_game is not None and expected_game != row.id) \
                or (expected_version is not None and expected_version != row.version):
            return None
        self._rows.move_to_end(str(channel_id))
        return _own_copy(row), list(waiting)

    def _keep(self, row: GameRow, waiting: list[int]) -> None:
        """Keep a row just written (and the seats its position waits for) as the channel's current one."""
        key = str(row.channel_id)
        if row.status != ACTIVE:
            self._rows.pop(key, None)
            return
        self._rows[key] = (_own_copy(row), list(waiting))
        self._rows.move_to_end(key)
        while len(self._rows) > ROW_CACHE:
            self._rows.popitem(last=False)

    def forget(self, channel_id: str) -> None:
        """Drop the channel's kept row (before any change to its game other than a move)."""
        self._rows.pop(str(channel_id), None)

    # ------------------------------------------------------------------ snapshots

    def snapshot(self, row: GameRow) -> Snapshot:
        return make_snapshot(row)

    async def in_engine(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in the engine's executor (off the event loop, never behind a drawing)."""
        return await asyncio.get_running_loop().run_in_executor(self.engine, functools.partial(fn, *args))

    async def snapshot_async(self, row: GameRow) -> Snapshot:
        """:meth:`snapshot` in the engine's executor: the engine's work stays off the event loop."""
        return await self.in_engine(self.snapshot, row)

    async def _refuse_foreign(self, channel_id: str, row: GameRow | None, expected_game: int | None) -> None:
        """Refuse a press whose game id is not ``row``'s: "this belongs to another game" (or "has ended")."""
        if expected_game is None or (row is not None and row.id == expected_game):
            return
        other = None
        if isinstance(expected_game, int) and 0 < expected_game <= _MAX_ID:
            other = await self.store.game(expected_game)
        if other is not None and other.channel_id == channel_id and other.status not in OPEN_STATUSES:
            raise ServiceError("err.game_ended", id=other.id)
        raise ServiceError("err.other_game")

    async def _open(self, channel_id: str, expected_game: int | None = None) -> GameRow:
        channel_id = str(channel_id)
        row = await self.store.open_game(channel_id)
        await self._refuse_foreign(channel_id, row, expected_game)
        if row is None:
            raise ServiceError("err.no_game")
        return row

    async def _latest(self, channel_id: str, expected_game: int | None = None) -> GameRow:
        channel_id = str(channel_id)
        row = await self.store.latest_game(channel_id)
        await self._refuse_foreign(channel_id, row, expected_game)
        if row is None:
            raise ServiceError("err.no_game")
        return row

    async def current(self, channel_id: str, expected_game: int | None = None) -> Snapshot:
        """The open game of a channel, or its last finished one."""
        async with self._serving():
            return await self.snapshot_async(await self._latest(channel_id, expected_game))

    async def ended_results(self, row: GameRow, status: str, result: Result | None, now: float,
                            last: tuple[int, str | None] | None = None) -> GameResults | None:
        """What a game's end (to ``status`` at ``now``, with ``result``) adds to the stats, for the transaction
        that ends it (:func:`bot.table.stats.game_results`): from who moved for each seat (``last``: the final
        move's seat and user, not stored yet) and the players' ratings as stored now. ``None``: the game never
        started."""
        if row.seed is None:
            return None
        movers = (await self.store.move_users([row.id])).get(row.id, {})
        if last is not None and last[1] is not None:
            movers.setdefault(last[0], set()).add(last[1])
        humans = [s.user_id for s in row.seats if not is_bot(s.user_id)]
        known = (await self.store.player_stats(row.guild_id, row.title, humans)
                 if result is not None and len(humans) >= 2 else {})
        return game_results(replace(row, status=status), result, movers, known, now)

