"""The table's core: its store, clock, locks, serving and shutting down, and the snapshot of a game.

Every part of the service (:mod:`.seats`, :mod:`.moves`, :mod:`.bots`, :mod:`.undo`, :mod:`.settings`) builds
on :class:`TableCore`; :class:`~bot.table.service.GameService` puts them together.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Callable, Sequence
from concurrent.futures import Executor
from contextlib import asynccontextmanager

from engines import get_game
from engines.core import Msg

from .botpool import BotConfig, BotPool
from .clocks import TimeConfig, Timekeeper
from .errors import ServiceError, ShuttingDown, StorageError
from .model import OPEN_STATUSES, GameRow, Snapshot
from .ports import Notifier, Repository
from .scheduler import process_owner

#: Largest id SQLite stores; a forged custom id beyond it cannot name a game
_MAX_ID = (1 << 63) - 1

#: how long the other players have to answer an undo request (seconds)
UNDO_TTL = 15 * 60

#: log lines name games, seats and versions only: never a state, a hand, a view or an action (issue 8.8)
log = logging.getLogger("referee.service")


def make_snapshot(row: GameRow) -> Snapshot:
    """The snapshot of a loaded game: its prompts, public view and result, each computed once."""
    if row.state is None:
        return Snapshot(row, None)
    game = get_game(row.title)
    return Snapshot(row, game, game.prompts(row.state), game.public_view(row.state), game.result(row.state))


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
        self.undo_ttl = undo_ttl
        self.seed_source = seed_source
        #: turn clocks, reminders, timeouts, vacations (issue 10)
        self.timekeeper = Timekeeper(store, self.now, time_config, notifier)
        #: bot decisions run in worker processes (``bot_executor``: a test's own executor instead)
        self.bots = BotPool(bots, bot_executor)
        # one lock per channel while anybody uses it; an idle channel's lock is dropped (bounded memory)
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._inflight = 0
        self._idle: asyncio.Event | None = None
        self._closing = False
        self._closed = False

    def now(self) -> float:
        """The service's time (its ``clock``, which a test may swap for a fake one at any time)."""
        return self.clock()

    def lock(self, channel_id: str) -> asyncio.Lock:
        """The lock that serialises everything that changes the game in one channel."""
        key = str(channel_id)
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
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
            await asyncio.to_thread(self.bots.close)
            await self.store.close()
        return drained

    # ------------------------------------------------------------------ snapshots

    def snapshot(self, row: GameRow) -> Snapshot:
        return make_snapshot(row)

    async def snapshot_async(self, row: GameRow) -> Snapshot:
        """:meth:`snapshot` in a worker thread: the engine's work stays off the event loop."""
        return await asyncio.to_thread(self.snapshot, row)

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
