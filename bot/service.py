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
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engines import get_game
from engines.core import Event, Game, IllegalAction, Msg, Option, Outcome, Prompt, Result, State

from .storage import ACTIVE, LOBBY, OVER, ChannelBusy, GameRow, MoveRow, Store, VersionConflict

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
    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 seed_source: Callable[[], int] = lambda: secrets.randbits(62)) -> None:
        self.store = store
        self.clock = clock
        self.seed_source = seed_source
        self._locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)

    def lock(self, channel_id: str) -> asyncio.Lock:
        """The lock that serialises everything that changes the game in one channel."""
        return self._locks[str(channel_id)]

    # ------------------------------------------------------------------ snapshots

    def snapshot(self, row: GameRow) -> Snapshot:
        if row.state is None:
            return Snapshot(row, None)
        game = get_game(row.title)
        return Snapshot(row, game, game.prompts(row.state), game.public_view(row.state), game.result(row.state))

    async def snapshot_async(self, row: GameRow) -> Snapshot:
        """:meth:`snapshot` in a worker thread: the engine's work stays off the event loop."""
        return await asyncio.to_thread(self.snapshot, row)

    async def _open(self, channel_id: str) -> GameRow:
        row = await self.store.open_game(str(channel_id))
        if row is None:
            raise ServiceError("err.no_game")
        return row

    async def current(self, channel_id: str) -> Snapshot:
        """The open game of a channel, or its last finished one."""
        row = await self.store.latest_game(str(channel_id))
        if row is None:
            raise ServiceError("err.no_game")
        return await self.snapshot_async(row)

    # ------------------------------------------------------------------ lobby

    async def new(self, channel_id: str, guild_id: str | None, host: User, title: str,
                  options: dict[str, Any] | None = None, locale: str = "en") -> GameRow:
        try:
            game = get_game(title)
        except (KeyError, ModuleNotFoundError):
            raise ServiceError("err.unknown_game", title=title)
        try:
            resolved = game.resolve_options(options)
        except ValueError as exc:
            raise ServiceError("err.bad_option", detail=str(exc))
        async with self.lock(channel_id):
            try:
                return await self.store.create_game(
                    str(channel_id), guild_id, title, host.id, host.name, resolved, locale, self.clock()
                )
            except ChannelBusy:
                raise ServiceError("err.channel_busy")

    async def join(self, channel_id: str, user: User) -> GameRow:
        async with self.lock(channel_id):
            row = await self._open(channel_id)
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

    async def leave(self, channel_id: str, user: User) -> GameRow | None:
        """Leave a lobby. The last one out closes it; a leaving host hands over to the next seat."""
        async with self.lock(channel_id):
            row = await self._open(channel_id)
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

    async def start(self, channel_id: str, user: User, seed: int | None = None) -> MoveReport:
        async with self.lock(channel_id):
            row = await self._open(channel_id)
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
            row = await self.store.game(row.id)
            assert row is not None
            log.info("game %s (%s, %d players) started in channel %s", row.id, row.title, len(row.seats), row.channel_id)
            snap = await self.snapshot_async(row)
            return MoveReport(**snap.__dict__, actor=None, action="setup", events=list(outcome.events))

    async def abandon(self, channel_id: str, user: User, can_manage_channel: bool = False) -> GameRow:
        async with self.lock(channel_id):
            row = await self._open(channel_id)
            if user.id != row.host_id and not can_manage_channel:
                raise ServiceError("err.abandon_rights")
            await self.store.set_status(row.id, "abandoned", self.clock())
            row.status = "abandoned"
            return row

    # ------------------------------------------------------------------ play

    async def act(self, channel_id: str, user: User, action: str, expected_version: int | None = None) -> MoveReport:
        """Apply one move for ``user``. Raises :class:`ServiceError` / :class:`IllegalAction`; then nothing changed."""
        action = " ".join(action.split())
        async with self.lock(channel_id):
            row = await self._open(channel_id)
            if row.status != ACTIVE or row.state is None:
                raise ServiceError("err.not_started")
            if expected_version is not None and expected_version != row.version:
                raise StaleMove("err.stale")
            seat = row.seat_of(user.id)
            if seat is None:
                raise ServiceError("err.not_seated")
            # the engine's work runs in a worker thread; IllegalAction propagates and nothing is stored
            outcome, finished = await asyncio.to_thread(_apply_checked, get_game(row.title), row.state, seat, action)
            try:
                version = await self.store.append_move(
                    row.id, row.version, seat, user.id, action, outcome.state,
                    [e.to_json() for e in outcome.events], finished, self.clock(),
                )
            except VersionConflict:
                raise StaleMove("err.stale")
            row.state, row.version = outcome.state, version
            row.status = OVER if finished else ACTIVE
            log.debug("game %s: move %s by seat %s stored%s", row.id, version, seat, " (game over)" if finished else "")
            snap = await self.snapshot_async(row)
            return MoveReport(**snap.__dict__, actor=seat, action=action, events=list(outcome.events))

    async def options_for(self, channel_id: str, user_id: str) -> tuple[GameRow, list[Option]]:
        """The legal options of a user now (read-only, for autocomplete and menus)."""
        row = await self._open(channel_id)
        if row.status != ACTIVE or row.state is None:
            return row, []
        seat = row.seat_of(user_id)
        if seat is None:
            return row, []
        return row, await asyncio.to_thread(get_game(row.title).legal_actions, row.state, seat)

    async def private(self, channel_id: str, user_id: str) -> tuple[Snapshot, int, dict[str, Any]]:
        snap = await self.current(channel_id)
        seat = snap.row.seat_of(user_id)
        if seat is None or snap.game is None or snap.state is None:
            raise ServiceError("err.not_seated")
        return snap, seat, snap.game.private_view(snap.state, seat)

    async def history(self, channel_id: str, limit: int = 10) -> tuple[GameRow, list[MoveRow]]:
        row = await self.store.latest_game(str(channel_id))
        if row is None:
            raise ServiceError("err.no_game")
        return row, await self.store.moves(row.id, limit=limit, newest=True)

    async def replay(self, game_id: int) -> State:
        """Rebuild a game's state from its seed and move log (for checks and recovery)."""
        row = await self.store.game(game_id)
        if row is None or row.seed is None:
            raise ServiceError("err.no_game")
        game = get_game(row.title)
        if row.rules_version != game.rules_version:
            raise ServiceError("err.replay_version", stored=row.rules_version, current=game.rules_version)
        state = game.new_game(len(row.seats), row.options, row.seed).state
        for move in await self.store.moves(game_id):
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
    "Snapshot",
    "StaleMove",
    "User",
]
