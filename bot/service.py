"""The game service: sessions, seats, turns, locking and storage, with no Discord types.

The Discord adapter and the local console both drive this class. It knows games
only through the :class:`engines.core.Game` interface, so Alhambra, Egizia and
Luxor all go through the same code.

One move, end to end (:meth:`GameService.act`)::

    lock(channel) → load the open game → is the user seated, is it their decision,
    is the press still current → engine.apply → store (one transaction, guarded by
    the version) → unlock → the caller renders the returned public view off the
    event loop and posts it.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from engines import get_game
from engines.core import Event, Game, IllegalAction, Msg, Option, Outcome, Prompt, Result, State
from engines.options import OptionError, parse_options

from .storage import (
    ACTIVE,
    LOBBY,
    OPEN_STATUSES,
    OVER,
    ChannelBusy,
    GameRow,
    MoveRow,
    Repository,
    StorageError,
    VersionConflict,
)
from .text import with_names

#: Largest id SQLite stores; a forged custom id beyond it cannot name a game
_MAX_ID = (1 << 63) - 1

#: log lines name games, seats and versions only: never a state, a hand, a view or an action (issue 8.8)
log = logging.getLogger("referee.service")


@dataclass(frozen=True)
class User:
    id: str
    name: str


class ServiceError(Exception):
    """A request the service refuses (not a rules violation). Carries a catalogue message."""

    def __init__(self, key: str, **params: Any) -> None:
        self.message = Msg(key, params)
        super().__init__(key)


class StaleMove(ServiceError):
    """A button from an older position was pressed: the game has moved on."""


class ShuttingDown(ServiceError):
    """The service is closing: it finishes the moves in flight and accepts no new request."""


@dataclass
class Snapshot:
    """A game as seen from outside at one version."""

    row: GameRow
    game: Game | None
    prompts: list[Prompt] = field(default_factory=list)
    public_view: dict[str, Any] | None = None
    result: Result | None = None

    @property
    def state(self) -> State | None:
        return self.row.state

    def user_of(self, seat: int) -> str:
        return self.row.seats[seat].user_id

    @property
    def waiting_for(self) -> list[int]:
        return list(dict.fromkeys(p.seat for p in self.prompts))


@dataclass
class MoveReport(Snapshot):
    """What one accepted move produced: the new snapshot plus the move's events."""

    actor: int | None = None
    action: str = ""
    events: list[Event] = field(default_factory=list)

    @property
    def public_events(self) -> list[Event]:
        return [e for e in self.events if e.to is None]

    def private_events(self, seat: int) -> list[Event]:
        return [e for e in self.events if e.to == seat]


class GameService:
    """Sessions, seats, turns and locking over a :class:`~bot.storage.Repository`.

    Every entry point a Discord component can reach takes ``expected_game`` (the game id carried by the
    component's custom id): a press meant for another game (an older game in the same channel, another
    channel's, a forged id) is refused inside the channel lock, before anything is read for a move.
    Refusals are :class:`ServiceError` (or :class:`IllegalAction` from the rules); their messages name
    players, never seat numbers. Database failures become ``ServiceError("err.storage")`` after the
    storage has rolled back: nothing changed, and the next request works.
    """

    def __init__(self, store: Repository, clock: Callable[[], float] = time.time,
                 seed_source: Callable[[], int] = lambda: secrets.randbits(62)) -> None:
        self.store = store
        self.clock = clock
        self.seed_source = seed_source
        # one lock per channel while anybody uses it; an idle channel's lock is dropped (bounded memory)
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._inflight = 0
        self._idle: asyncio.Event | None = None
        self._closing = False
        self._closed = False

    def lock(self, channel_id: str) -> asyncio.Lock:
        """The lock that serialises everything that changes the game in one channel."""
        key = str(channel_id)
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    # ------------------------------------------------------------------ serving and shutting down

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
            await self.store.close()
        return drained

    # ------------------------------------------------------------------ snapshots

    def snapshot(self, row: GameRow) -> Snapshot:
        if row.state is None:
            return Snapshot(row, None)
        game = get_game(row.title)
        return Snapshot(row, game, game.prompts(row.state), game.public_view(row.state), game.result(row.state))

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

    # ------------------------------------------------------------------ lobby

    async def new(self, channel_id: str, guild_id: str | None, host: User, title: str,
                  options: Mapping[str, Any] | str | Sequence[str] | None = None, locale: str = "en") -> GameRow:
        """Open a lobby. ``options``: the ``key=value`` text (Discord) or pairs (command line), parsed by
        :func:`engines.options.parse_options`, or a mapping of already typed values."""
        async with self._serving():
            try:
                game = get_game(title)
            except (KeyError, ModuleNotFoundError):
                raise ServiceError("err.unknown_game", title=title) from None
            try:
                typed = options if options is None or isinstance(options, Mapping) else parse_options(game, options)
                resolved = game.resolve_options(typed)
            except OptionError as exc:
                raise ServiceError("err.bad_option", detail=exc.message) from exc
            except ValueError as exc:  # a typed mapping the engine refuses
                raise ServiceError("err.bad_option", detail=str(exc)) from exc
            async with self.lock(channel_id):
                try:
                    return await self.store.create_game(
                        str(channel_id), guild_id, title, host.id, host.name, resolved, locale, self.clock()
                    )
                except ChannelBusy:
                    raise ServiceError("err.channel_busy") from None

    async def join(self, channel_id: str, user: User, expected_game: int | None = None) -> GameRow:
        async with self._serving(), self.lock(channel_id):
            row = await self._open(channel_id, expected_game)
            if row.status != LOBBY:
                raise ServiceError("err.already_started")
            if row.seat_of(user.id) is not None:
                raise ServiceError("err.already_joined")
            game = get_game(row.title)
            if len(row.seats) >= game.max_players:
                raise ServiceError("err.lobby_full", max=game.max_players)
            seats = [(s.user_id, s.name) for s in row.seats] + [(user.id, user.name)]
            await self.store.set_seats(row.id, seats, self.clock())
            return await self._open(channel_id)

    async def leave(self, channel_id: str, user: User, expected_game: int | None = None) -> GameRow | None:
        """Leave a lobby. The last one out closes it; a leaving host hands over to the next seat."""
        async with self._serving(), self.lock(channel_id):
            row = await self._open(channel_id, expected_game)
            if row.status != LOBBY:
                raise ServiceError("err.leave_started")
            if row.seat_of(user.id) is None:
                raise ServiceError("err.not_in_lobby")
            rest = [(s.user_id, s.name) for s in row.seats if s.user_id != user.id]
            if not rest:
                await self.store.delete_lobby(row.id)
                return None
            host = rest[0][0] if row.host_id == user.id else row.host_id
            await self.store.set_seats(row.id, rest, self.clock(), host_id=host)
            return await self._open(channel_id)

    async def start(self, channel_id: str, user: User, seed: int | None = None,
                    expected_game: int | None = None) -> MoveReport:
        async with self._serving(), self.lock(channel_id):
            row = await self._open(channel_id, expected_game)
            if row.status != LOBBY:
                raise ServiceError("err.already_started")
            if user.id != row.host_id:
                raise ServiceError("err.host_only")
            game = get_game(row.title)
            if not game.min_players <= len(row.seats) <= game.max_players:
                raise ServiceError("err.player_count", min=game.min_players, max=game.max_players, n=len(row.seats))
            seed = self.seed_source() if seed is None else seed
            outcome = await asyncio.to_thread(game.new_game, len(row.seats), row.options, seed)
            events = [e.to_json() for e in outcome.events]
            await self.store.start_game(row.id, seed, outcome.state, events, self.clock(), game.rules_version)
            started = await self.store.game(row.id)
            assert started is not None
            log.info("game %s (%s, %d players) started in channel %s", started.id, started.title, len(started.seats),
                     started.channel_id)
            snap = await self.snapshot_async(started)
            return MoveReport(**snap.__dict__, actor=None, action="setup", events=list(outcome.events))

    async def abandonable(self, channel_id: str) -> GameRow:
        """The game ``/game abandon`` would end: the open one. Refuses clearly when there is none."""
        async with self._serving():
            row = await self.store.latest_game(str(channel_id))
            if row is None:
                raise ServiceError("err.no_game")
            if row.status not in OPEN_STATUSES:
                raise ServiceError("err.nothing_to_abandon", id=row.id)
            return row

    async def abandon(self, channel_id: str, user: User, can_manage_channel: bool = False,
                      expected_game: int | None = None) -> GameRow:
        async with self._serving(), self.lock(channel_id):
            row = await self._open(channel_id, expected_game)
            if user.id != row.host_id and not can_manage_channel:
                raise ServiceError("err.abandon_rights")
            await self.store.set_status(row.id, "abandoned", self.clock())
            row.status = "abandoned"
            return row

    # ------------------------------------------------------------------ play

    async def act(self, channel_id: str, user: User, action: str, expected_version: int | None = None,
                  expected_game: int | None = None) -> MoveReport:
        """Apply one move for ``user``. Raises :class:`ServiceError` / :class:`IllegalAction`; then nothing changed.

        ``expected_game`` / ``expected_version``: the game id and move number the pressed component was drawn
        for (``None`` for a typed command, which always means the channel's current game and position).
        """
        action = " ".join(action.split())
        async with self._serving(), self.lock(channel_id):
            row = await self._open(channel_id, expected_game)
            if row.status != ACTIVE or row.state is None:
                raise ServiceError("err.not_started")
            if expected_version is not None and expected_version != row.version:
                raise StaleMove("err.stale")
            seat = row.seat_of(user.id)
            if seat is None:
                raise ServiceError("err.not_seated")
            try:
                # the engine's work runs in a worker thread; IllegalAction propagates and nothing is stored
                outcome, finished = await asyncio.to_thread(_apply_checked, get_game(row.title), row.state, seat, action)
            except (IllegalAction, ServiceError) as exc:
                exc.message = with_names(exc.message, row.names)
                raise
            try:
                version = await self.store.append_move(
                    row.id, row.version, seat, user.id, action, outcome.state,
                    [e.to_json() for e in outcome.events], finished, self.clock(),
                )
            except VersionConflict:
                raise StaleMove("err.stale") from None
            row.state, row.version = outcome.state, version
            row.status = OVER if finished else ACTIVE
            log.debug("game %s: move %s by seat %s stored%s", row.id, version, seat, " (game over)" if finished else "")
            snap = await self.snapshot_async(row)
            return MoveReport(**snap.__dict__, actor=seat, action=action, events=list(outcome.events))

    async def options_for(self, channel_id: str, user_id: str,
                          expected_game: int | None = None) -> tuple[GameRow, list[Option]]:
        """The legal options of a user now (read-only, for autocomplete and menus)."""
        async with self._serving():
            row = await self._open(channel_id, expected_game)
            if row.status != ACTIVE or row.state is None:
                return row, []
            seat = row.seat_of(user_id)
            if seat is None:
                return row, []
            return row, await asyncio.to_thread(get_game(row.title).legal_actions, row.state, seat)

    async def private(self, channel_id: str, user_id: str,
                      expected_game: int | None = None) -> tuple[Snapshot, int, dict[str, Any]]:
        """A seated user's private view of the channel's game (the open one, else the last finished one)."""
        async with self._serving():
            snap = await self.snapshot_async(await self._latest(channel_id, expected_game))
            seat = snap.row.seat_of(user_id)
            if seat is None or snap.game is None or snap.state is None:
                raise ServiceError("err.not_seated")
            return snap, seat, snap.game.private_view(snap.state, seat)

    async def history(self, channel_id: str, limit: int = 10) -> tuple[GameRow, list[MoveRow]]:
        async with self._serving():
            row = await self._latest(channel_id)
            return row, await self.store.moves(row.id, limit=limit, newest=True)

    async def replay(self, game_id: int) -> State:
        """Rebuild a game's state from its seed and move log (for checks and recovery)."""
        async with self._serving():
            row = await self.store.game(game_id)
            if row is None or row.seed is None:
                raise ServiceError("err.no_game")
            game = get_game(row.title)
            if row.rules_version != game.rules_version:
                raise ServiceError("err.replay_version", stored=row.rules_version, current=game.rules_version)
            moves = await self.store.moves(game_id)
        state = game.new_game(len(row.seats), row.options, row.seed).state
        for move in moves:
            if move.seq == 0:
                continue
            assert move.seat is not None
            state = game.apply(state, move.seat, move.action).state
        return state


def _apply_checked(game: Game, state: State, seat: int, action: str) -> tuple[Outcome, bool]:
    """Apply a move for a seat that must decide now; returns the outcome and whether the game is over."""
    prompts = game.prompts(state)
    if not any(p.seat == seat for p in prompts):
        raise ServiceError("err.not_your_turn", players=list(dict.fromkeys(p.seat for p in prompts)))
    outcome = game.apply(state, seat, action)
    return outcome, game.is_over(outcome.state)


__all__ = [
    "GameService",
    "IllegalAction",
    "MoveReport",
    "ServiceError",
    "ShuttingDown",
    "Snapshot",
    "StaleMove",
    "User",
]
