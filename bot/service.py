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
import json
import logging
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from concurrent.futures import Executor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from engines import get_game
from engines.bots import LEVELS
from engines.core import Event, Game, IllegalAction, Msg, Option, Outcome, Prompt, Result, State
from engines.options import OptionError, parse_options

from .botpool import BotConfig, BotPool, decide_in_worker, decision_seed
from .clock import ClockError, ClockRule, QuietHours, parse_clock
from .record import scoring_mark
from .scheduler import Retry
from .stats import PlayerStats
from .stats import compute as compute_stats
from .storage import (
    ACTIVE,
    DECLINED,
    LAPSED,
    LOBBY,
    OPEN_STATUSES,
    OVER,
    ChannelBusy,
    Follow,
    GameRow,
    MoveRow,
    Repository,
    SeatClock,
    SeatSpec,
    StorageError,
    UndoRequest,
    UserSettings,
    VersionConflict,
    covered,
)
from .text import bot_name, bot_user_id, is_bot_user, seat_labels, utc_text, with_names
from .timekeeper import (
    DEFAULT_POLICY,
    NOTIFY_MODES,
    MyGames,
    Notifier,
    TimeConfig,
    Timekeeper,
    Waiting,
    on_vacation,
    parse_policy,
    year_of,
)

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
    public_view: Mapping[str, Any] | None = None
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
    #: who decided: ``player``, ``timeout`` (the engine's timeout action) or ``bot`` (standing in)
    kind: str = "player"
    #: the move brought hidden information into the open (it cannot be undone)
    reveals: bool = False

    @property
    def public_events(self) -> list[Event]:
        return [e for e in self.events if e.to is None]

    def private_events(self, seat: int) -> list[Event]:
        return [e for e in self.events if e.to == seat]


@dataclass
class UndoOutcome:
    """What an undo request led to.

    ``status``: ``done`` (the moves are taken back: ``report`` is the new position, to be re-posted),
    ``requested`` (the other players must consent: ``waiting`` lists their user ids), ``accepted`` (one more
    consent recorded, still waiting) or ``declined``. ``first``…``last`` are the seqs taken back (or asked for);
    ``taken_back`` the moves themselves.
    """

    status: str
    row: GameRow
    first: int
    last: int
    taken_back: list[MoveRow]
    requester: str
    request: UndoRequest | None = None
    waiting: list[str] = field(default_factory=list)
    report: MoveReport | None = None


#: how long the other players have to answer an undo request (seconds)
UNDO_TTL = 15 * 60


def effective_moves(moves: Sequence[MoveRow]) -> list[MoveRow]:
    """The moves of a log that still count: not the set-up row, not an undo entry, not taken back by one.

    The log is the truth here: an undo entry ``undo FIRST-LAST`` takes back every move in that range
    (``moves.undone_by`` mirrors it for queries). Linear in the log (up to a log factor): see :func:`covered`."""
    ranges = [m.undo_range for m in moves]
    candidates = [m for m, r in zip(moves, ranges, strict=True) if m.seq > 0 and r is None]
    gone = covered([m.seq for m in candidates], (r for r in ranges if r is not None))
    return [m for m, g in zip(candidates, gone, strict=True) if not g]


def replay_moves(game: Game, row: GameRow, moves: Sequence[MoveRow], before: int | None = None) -> State:
    """The state reached from the seed by the log's effective moves (those with ``seq < before``)."""
    assert row.seed is not None
    state = game.new_game(len(row.seats), row.options, row.seed).state
    for move in effective_moves(moves):
        if before is not None and move.seq >= before:
            break
        assert move.seat is not None
        state = game.apply(state, move.seat, move.action).state
    return state


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
                 seed_source: Callable[[], int] = lambda: secrets.randbits(62), *,
                 notifier: Notifier | None = None, time_config: TimeConfig | None = None,
                 undo_ttl: float = UNDO_TTL, bots: BotConfig | None = None,
                 bot_executor: Executor | None = None) -> None:
        self.store = store
        self.clock = clock
        self.undo_ttl = undo_ttl
        self.seed_source = seed_source
        #: turn clocks, reminders, timeouts, vacations (issue 10); its ``fire`` is the scheduler's handler
        self.timekeeper = Timekeeper(self, time_config, notifier)
        #: bot decisions run in worker processes (``bot_executor``: a test's own executor instead)
        self.bots = BotPool(bots, bot_executor)
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
            await asyncio.to_thread(self.bots.close)
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
                  options: Mapping[str, Any] | str | Sequence[str] | None = None, locale: str = "en",
                  clock: str | None = None, timeout: str | None = None, bots: int = 0,
                  bot_level: str | None = None, seat_host: bool = True) -> GameRow:
        """Open a lobby. ``options``: the ``key=value`` text (Discord) or pairs (command line), parsed by
        :func:`engines.options.parse_options`, or a mapping of already typed values. ``clock``: a preset
        name or a custom clock (``"24h"``, ``"3d+12h"``; default: the relaxed preset); ``timeout``: the
        policy when time runs out (``wait``, ``skip`` or ``bot``; default ``wait``). ``bots``: that many
        bot seats of ``bot_level`` (default ``[bots] level``) sit down with the host at once; they may
        fill the table. ``seat_host=False`` (the console: an all-bot demo, or seats in a typed order): the
        host runs the table without a seat; the others join and the host adds bots."""
        async with self._serving():
            level = self._level(bot_level)
            if not isinstance(bots, int) or bots < 0:
                raise ServiceError("bots.err.bad_count", n=bots)
            try:
                rule, policy = parse_clock(clock), parse_policy(timeout or DEFAULT_POLICY)
            except ClockError as exc:
                raise ServiceError("clock.err.bad_clock", detail=exc.message) from exc
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
            seats: list[SeatSpec] = [(host.id, host.name)] if seat_host else []
            if len(seats) + bots > game.max_players:
                raise ServiceError("bots.err.too_many", n=bots, total=len(seats) + bots, game=Msg(f"game.{title}"),
                                   max=game.max_players)
            for _ in range(bots):
                seats.append(self._bot_seat(title, seats, level))
            async with self.lock(channel_id):
                try:
                    return await self.store.create_game(
                        str(channel_id), guild_id, title, host.id, host.name, resolved, locale, self.clock(),
                        clock=rule.to_json(), timeout_policy=policy, seats=seats,
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
            await self.store.set_seats(row.id, [*_specs(row), (user.id, user.name)], self.clock())
            return await self._open(channel_id)

    async def leave(self, channel_id: str, user: User, expected_game: int | None = None) -> GameRow | None:
        """Leave a lobby. The last person out closes it (bots do not keep a table open); a leaving host
        hands over to the next person seated."""
        async with self._serving(), self.lock(channel_id):
            row = await self._open(channel_id, expected_game)
            if row.status != LOBBY:
                raise ServiceError("err.leave_started")
            if row.seat_of(user.id) is None:
                raise ServiceError("err.not_in_lobby")
            rest = [s for s in row.seats if s.user_id != user.id]
            people = [s for s in rest if not s.is_bot]
            if not people:
                await self.store.delete_lobby(row.id)
                return None
            host = people[0].user_id if row.host_id == user.id else row.host_id
            await self.store.set_seats(row.id, [(s.user_id, s.name, s.bot_level) for s in rest], self.clock(),
                                       host_id=host)
            return await self._open(channel_id)

    # ------------------------------------------------------------------ bot seats (issue 11)

    def _level(self, level: str | None) -> str:
        """A bot level as asked for (``None`` or empty: ``[bots] level``); an unknown one is refused, listing
        the levels."""
        chosen = str(level or "").strip().lower() or self.bots.config.level
        if chosen not in LEVELS:
            raise ServiceError("bots.err.unknown_level", level=str(level)[:20], known=", ".join(LEVELS))
        return chosen

    @staticmethod
    def _bot_seat(title: str, seats: Sequence[SeatSpec], level: str) -> SeatSpec:
        """A new bot seat beside ``seats``: the first free ``bot:<n>`` and the first free themed name."""
        return bot_user_id(s[0] for s in seats), bot_name(title, (s[1] for s in seats)), level

    async def _bot_lobby(self, channel_id: str, user: User, expected_game: int | None) -> GameRow:
        """The lobby a bot is added to or removed from by ``user`` (the host or a seated player)."""
        row = await self._open(channel_id, expected_game)
        if row.status != LOBBY:
            raise ServiceError("bots.err.lobby_only")
        if user.id != row.host_id and row.seat_of(user.id) is None:
            raise ServiceError("bots.err.seated_only")
        return row

    async def add_bot(self, channel_id: str, user: User, level: str | None = None,
                      expected_game: int | None = None) -> GameRow:
        """Seat a bot of ``level`` (default ``[bots] level``) in the lobby. The host or any seated player may;
        refused when the game has started, the table is full or the level is unknown."""
        async with self._serving(), self.lock(channel_id):
            chosen = self._level(level)
            row = await self._bot_lobby(channel_id, user, expected_game)
            game = get_game(row.title)
            if len(row.seats) >= game.max_players:
                raise ServiceError("err.lobby_full", max=game.max_players)
            seats = _specs(row)
            seats.append(self._bot_seat(row.title, seats, chosen))
            await self.store.set_seats(row.id, seats, self.clock())
            log.info("game %s: a %s bot seated by request", row.id, chosen)
            return await self._open(channel_id)

    async def remove_bot(self, channel_id: str, user: User, bot: str | None = None,
                         expected_game: int | None = None) -> GameRow:
        """Take a bot out of the lobby: ``bot`` is its name or user id (case-insensitive; ``None``: the bot
        added last). The seats after it move up, as when a player leaves."""
        async with self._serving(), self.lock(channel_id):
            row = await self._bot_lobby(channel_id, user, expected_game)
            bots = [s for s in row.seats if s.is_bot]
            if not bots:
                raise ServiceError("bots.err.no_bots")
            if bot is None:
                gone = bots[-1]  # seats keep the order of arrival: the last bot seated is the last added
            else:
                wanted = " ".join(str(bot).split()).casefold()
                found = [s for s in bots if wanted in (s.name.casefold(), s.user_id.casefold())]
                if not found:
                    raise ServiceError("bots.err.no_such_bot", bot=str(bot)[:40], known=", ".join(s.name for s in bots))
                gone = found[0]
            rest = [(s.user_id, s.name, s.bot_level) for s in row.seats if s.user_id != gone.user_id]
            await self.store.set_seats(row.id, rest, self.clock())
            log.info("game %s: bot seat %s removed", row.id, gone.seat)
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
            now = self.clock()
            waiting = await asyncio.to_thread(game.current_seats, outcome.state)
            clocks = await self.timekeeper.after_move(row, 0, None, "player", waiting, False, now)
            await self.store.start_game(row.id, seed, outcome.state, events, now, game.rules_version, extra=clocks)
            self.timekeeper.on_jobs()
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
            return await self._commit(row, seat, user.id, action, "player")

    async def _commit(self, row: GameRow, seat: int, user_id: str | None, action: str, kind: str,
                      timed_out: bool = False, job_id: int | None = None) -> MoveReport:
        """The one move path (a player's move, a timeout action, a bot's move), inside the channel lock:
        engine.apply in a worker thread, then one transaction with the move, its log row (marked with who
        decided) and the clocks and timed jobs it changes."""
        assert row.state is not None
        try:
            # the engine's work runs in a worker thread; IllegalAction propagates and nothing is stored
            outcome, finished, waiting = await asyncio.to_thread(_apply_checked, get_game(row.title), row.state, seat,
                                                                 action)
        except (IllegalAction, ServiceError) as exc:
            exc.message = with_names(exc.message, seat_labels(row))
            raise
        now = self.clock()
        clocks = await self.timekeeper.after_move(row, row.version + 1, seat, kind, waiting, finished, now,
                                                  timed_out=timed_out)
        if job_id is not None:  # the job that made this move goes with it, in its transaction
            clocks.append(self.store.delete_job_statement(job_id))
        try:
            version = await self.store.append_move(
                row.id, row.version, seat, user_id, action, outcome.state,
                [e.to_json() for e in outcome.events], finished, now, kind=kind, extra=clocks,
                reveals=outcome.reveals,
            )
        except VersionConflict:
            raise StaleMove("err.stale") from None
        self.timekeeper.on_jobs()
        row.state, row.version = outcome.state, version
        row.status = OVER if finished else ACTIVE
        log.debug("game %s: move %s (%s) by seat %s stored%s", row.id, version, kind, seat,
                  " (game over)" if finished else "")
        snap = await self.snapshot_async(row)
        return MoveReport(**snap.__dict__, actor=seat, action=action, events=list(outcome.events), kind=kind,
                          reveals=outcome.reveals)

    # ------------------------------------------------------------------ the clock (issue 10)

    async def _clock_target(self, game_id: int, seat: int, version: int) -> tuple[GameRow, SeatClock] | None:
        """The game and seat clock a timed job is for, if its decision is still pending (else ``None``)."""
        row = await self.store.game(game_id)
        if row is None or row.status != ACTIVE or row.state is None:
            return None
        c = (await self.store.seat_clocks(row.id)).get(seat)
        if c is None or c.started is None or c.turn_version != version:
            return None
        if seat not in await asyncio.to_thread(get_game(row.title).current_seats, row.state):
            return None
        return row, c

    async def _bot_action(self, row: GameRow, seat: int) -> str:
        """The decision of the bot in ``seat`` (a bot seat's own level, or the stand-in of the ``bot``
        timeout policy), made in the bot pool's worker process; the seed comes from the game's seed and
        the move number."""
        assert row.state is not None
        holder = row.seats[seat]
        level = holder.bot_level if holder.bot_level is not None else self.timekeeper.config.bot_level
        seed = decision_seed(row.seed, row.version, seat)
        try:
            return await self.bots.decide(level, row.title, row.state, seat, seed)
        except Exception:
            # a bot that cannot decide must not stall the table: a random legal move, computed here instead
            log.exception("game %s: the %s bot of seat %s failed to decide; it plays a random legal move",
                          row.id, level, seat)
            return await asyncio.to_thread(decide_in_worker, "random", row.title, row.state, seat, seed, 0.0, 0)

    async def clock_timeout(self, channel_id: str, game_id: int, seat: int, version: int,
                            job_id: int | None = None) -> MoveReport | None:
        """A seat's time ran out (its deadline job fired): apply the table's policy. ``wait`` marks it
        overdue; ``skip`` plays the engine's timeout action; ``bot`` lets a bot play for it from now on.
        Both moves go through :meth:`_commit`, like a player's, marked in the log as ``timeout``/``bot``."""
        async with self._serving(), self.lock(channel_id):
            target = await self._clock_target(game_id, seat, version)
            if target is None or target[1].overdue:  # gone, or already marked (by another process)
                return None
            row, c = target
            policy = row.timeout_policy
            action, kind = "", "timeout"
            if policy == "bot":
                action, kind = await self._bot_action(row, seat), "bot"
            elif policy == "skip":
                assert row.state is not None
                try:
                    action = await asyncio.to_thread(get_game(row.title).timeout_action, row.state, seat)
                except NotImplementedError:
                    log.error("game %s (%s): no timeout action; the seat is marked overdue instead", row.id, row.title)
            if not action:
                # the mark (and the job's deletion) only on the position it was computed from: if a move was
                # stored meanwhile (another process), nothing is written and the job is dropped
                try:
                    await self.store.run_guarded(row.id, row.version, [
                        self.store.clock_update_statement(row.id, seat, version, "overdue=1, timeouts=timeouts+1",
                                                          (), "overdue=0"),
                        *([self.store.delete_job_statement(job_id)] if job_id is not None else [])], check=[0])
                except VersionConflict:
                    log.info("game %s: seat %s moved on before its overdue mark; dropped", row.id, seat)
                    return None
                log.info("game %s: seat %s overdue", row.id, seat)
                await self.timekeeper.tell_channel(row, [row.seats[seat].user_id], Msg("clock.overdue", {
                    "player": row.seats[seat].name, "game": Msg(f"game.{row.title}"), "id": row.id}))
                return None
            try:
                report = await self._commit(row, seat, None, action, kind, timed_out=True, job_id=job_id)
            except StaleMove:
                return None
            log.info("game %s: seat %s timed out; %s move %s", row.id, seat, kind, report.row.version)
        await self._clock_board(report)
        if c.timeouts + 1 == self.timekeeper.config.replace_after:
            await self.timekeeper.tell_channel(report.row, [report.row.host_id], Msg("clock.replace_allowed", {
                "player": report.row.seats[seat].name, "n": c.timeouts + 1}))
        return report

    async def clock_bot(self, channel_id: str, game_id: int, seat: int, version: int,
                        job_id: int | None = None) -> MoveReport | None:
        """A bot makes a seat's pending decision: the seat's own bot (a bot seat: its job is due as soon as
        the seat is to act) or a bot standing in for an absent player (the ``bot`` timeout policy). A job
        for a decision already made does nothing.

        The bot thinks outside the channel lock (in the bot pool), so the channel stays responsive; its
        move then goes through :meth:`_commit` like a player's. If the game moved on meanwhile (another
        seat of a simultaneous decision acted), it thinks again on the new position."""
        async with self._serving():
            for _ in range(3):
                target = await self._clock_target(game_id, seat, version)
                if target is None or not self._bot_plays(*target):
                    return None
                seen = target[0]
                action = await self._bot_action(seen, seat)
                async with self.lock(channel_id):
                    target = await self._clock_target(game_id, seat, version)
                    if target is None or not self._bot_plays(*target):
                        return None
                    row = target[0]
                    if row.version != seen.version:
                        continue
                    holder = row.seats[seat]
                    report = await self._commit(row, seat, holder.user_id if holder.is_bot else None, action, "bot",
                                                job_id=job_id)
                    break
            else:  # the table kept moving under the bot: try again soon rather than drop its turn
                raise Retry(self.clock())
        await self._clock_board(report)
        return report

    @staticmethod
    def _bot_plays(row: GameRow, c: SeatClock) -> bool:
        """Whether a bot makes this seat's pending decision now: a bot seat, or a stand-in under the ``bot``
        policy, and the game is not paused (resuming plans the bot's move again)."""
        if row.paused_since is not None:
            return False
        return row.seats[c.seat].is_bot or (c.bot and row.timeout_policy == "bot")

    async def _clock_board(self, report: MoveReport) -> None:
        try:
            await self.timekeeper.notifier.board(report)
        except Exception:  # the move stands; /game board re-posts
            log.exception("game %s: board after a clock move not posted", report.row.id)

    async def vote_skip(self, channel_id: str, voter: User, expected_game: int | None = None) -> tuple[MoveReport | None, int, int]:
        """A vote to skip the overdue seats' decisions (``wait`` policy). The host's vote, or a majority of
        the other players, plays the timeout action. Returns (the move if it was played, votes, needed).

        The vote is stored only on the votes and the position it was counted from: two votes at once (two
        processes) cannot lose one; the later is counted again on the stored votes (issue 21)."""
        async with self._serving(), self.lock(channel_id):
            for _ in range(5):
                try:
                    return await self._vote_once(channel_id, voter, expected_game)
                except VersionConflict:
                    continue
            raise StaleMove("err.stale")

    async def _vote_once(self, channel_id: str, voter: User, expected_game: int | None) -> tuple[MoveReport | None, int, int]:
        row = await self._open(channel_id, expected_game)
        if row.status != ACTIVE or row.state is None:
            raise ServiceError("err.not_started")
        if (row.seat_of(voter.id) is None and voter.id != row.host_id) or is_bot_user(voter.id):
            raise ServiceError("err.not_seated")  # bot seats do not vote
        waiting = await asyncio.to_thread(get_game(row.title).current_seats, row.state)
        clocks = await self.store.seat_clocks(row.id)
        late = [c for seat, c in sorted(clocks.items()) if c.overdue and c.started is not None and seat in waiting]
        if not late:
            raise ServiceError("clock.err.nobody_overdue")
        c = late[0]
        if row.seats[c.seat].user_id == voter.id:
            raise ServiceError("clock.err.vote_self")
        old_votes, c.votes = c.votes, sorted({*c.votes, voter.id})
        needed = (sum(not s.is_bot for s in row.seats) - 1) // 2 + 1  # bot seats do not vote
        if voter.id != row.host_id and len(c.votes) < needed:
            # only the votes, only on the votes it was counted from, only at this position (else VersionConflict)
            await self.store.run_guarded(row.id, row.version, [self.store.clock_update_statement(
                row.id, c.seat, c.turn_version, "votes=?", (json.dumps(c.votes, separators=(",", ":"), sort_keys=True),),
                "votes=?", (json.dumps(old_votes, separators=(",", ":"), sort_keys=True),))], check=[0])
            return None, len(c.votes), needed
        try:
            action = await asyncio.to_thread(get_game(row.title).timeout_action, row.state, c.seat)
        except NotImplementedError:
            raise ServiceError("clock.err.no_timeout_action") from None
        try:
            report = await self._commit(row, c.seat, None, action, "timeout")
        except StaleMove:
            raise VersionConflict() from None
        return report, len(c.votes), needed

    async def replace(self, channel_id: str, by: User, old_user_id: str, new: User, can_manage_channel: bool = False,
                      expected_game: int | None = None) -> GameRow:
        """The host (or a channel manager) gives an absent player's seat to someone else: the seat, its
        score and its private information stay; the new player sees that privately from now on. Allowed
        once the player is overdue or let ``replace_after`` decisions in a row time out."""
        async with self._serving(), self.lock(channel_id):
            row = await self._open(channel_id, expected_game)
            if row.status != ACTIVE:
                raise ServiceError("err.not_started")
            if by.id != row.host_id and not can_manage_channel:
                raise ServiceError("err.host_only")
            seat = row.seat_of(old_user_id)
            if seat is None:
                raise ServiceError("clock.err.replace_not_seated")
            if row.seat_of(new.id) is not None:
                raise ServiceError("clock.err.replace_seated", player=new.name)
            clocks = await self.timekeeper.clocks(row)
            c = clocks[seat]
            need = self.timekeeper.config.replace_after
            if not c.overdue and c.timeouts < need:
                raise ServiceError("clock.err.replace_not_yet", player=row.seats[seat].name, n=need, timeouts=c.timeouts)
            now = self.clock()
            rule = ClockRule.from_json(row.clock)
            c.timeouts, c.overdue, c.bot, c.votes, c.reminded = 0, False, False, [], 0
            c.bank = float(rule.initial())
            if c.started is not None:
                c.started = now
            old_name = row.seats[seat].name
            row.seats[seat].user_id, row.seats[seat].name = new.id, new.name
            settings = await self.store.settings(new.id)
            try:
                await self.store.run_guarded(row.id, row.version, [
                    self.store.replace_seat_statement(row.id, seat, new.id, new.name),
                    *self.store.clock_statements(row.id, [seat], [c],
                                                 self.timekeeper.plan(row, c, settings, now, c.started is not None)),
                ])
            except VersionConflict:
                raise StaleMove("err.stale") from None
            self.timekeeper.on_jobs()
            log.info("game %s: seat %s replaced", row.id, seat)
            await self.timekeeper.tell_channel(row, [new.id], Msg("clock.replaced", {"old": old_name, "new": new.name}))
            return await self._open(channel_id)

    async def set_paused(self, channel_id: str, by: User, paused: bool, can_manage_channel: bool = False,
                         expected_game: int | None = None) -> GameRow:
        """The host pauses or resumes the whole game: no clock runs while it is paused."""
        async with self._serving(), self.lock(channel_id):
            row = await self._open(channel_id, expected_game)
            if row.status != ACTIVE:
                raise ServiceError("err.not_started")
            if by.id != row.host_id and not can_manage_channel:
                raise ServiceError("err.host_only")
            if paused == (row.paused_since is not None):
                raise ServiceError("clock.err.already_paused" if paused else "clock.err.not_paused")
            now = self.clock()
            before = GameRow(**{**row.__dict__, "seats": row.seats})
            row.paused_since = now if paused else None
            try:
                await self.timekeeper.replan(row, at=now, before=before,
                                             extra=[self.store.pause_statement(row.id, row.paused_since, now)])
            except VersionConflict:
                raise StaleMove("err.stale") from None
            return row

    async def _replan_user(self, user_id: str, old: UserSettings) -> None:
        """Rebase and replan the user's pending decisions in all their games after a settings change."""
        for row in await self.store.active_games_of(user_id):
            seat = row.seat_of(user_id)
            if seat is None:
                continue
            async with self.lock(row.channel_id):
                for _ in range(5):  # another process may store a move meanwhile: replan on the newer position
                    fresh = await self.store.game(row.id)
                    if fresh is None or fresh.status != ACTIVE:
                        break
                    try:
                        await self.timekeeper.replan(fresh, [seat], before_settings={seat: old})
                        break
                    except VersionConflict:
                        continue

    async def settings(self, user_id: str) -> UserSettings:
        async with self._serving():
            return await self.store.settings(user_id)

    async def set_notify(self, user: User, mode: str) -> UserSettings:
        """Where the user's pings go: ``channel`` (default), ``dm`` or ``both``."""
        if mode not in NOTIFY_MODES:
            raise ServiceError("clock.err.bad_notify", mode=mode[:20])
        async with self._serving():
            s = await self.store.settings(user.id)
            s.notify = mode
            await self.store.run([self.store.settings_statement(s)])
            return s

    async def set_quiet(self, user: User, text: str | None, zone: str = "UTC") -> UserSettings:
        """Quiet hours (``"22:00-07:00"`` in ``zone``; ``None``/``"off"`` clears them): no pings then, and
        the user's clock stops where the table allows it."""
        async with self._serving():
            old = await self.store.settings(user.id)
            s = UserSettings(**old.__dict__)
            if text is None or text.strip().lower() in ("", "off", "none"):
                s.quiet = None
            else:
                try:
                    QuietHours.parse(text, zone)
                except ClockError as exc:
                    raise ServiceError("clock.err.bad_quiet", detail=exc.message) from exc
                s.quiet, s.zone = text.strip(), zone
            await self.store.run([self.store.settings_statement(s)])
            await self._replan_user(user.id, old)
            return s

    async def vacation(self, user: User, days: int) -> UserSettings:
        """Pause the user's clock in all their games for ``days`` days (0 ends a vacation early and gives
        back the whole days not taken); at most the yearly allowance (``TimeConfig.vacation_days``)."""
        async with self._serving():
            now = self.clock()
            old = await self.store.settings(user.id)
            s = UserSettings(**old.__dict__)
            if s.vacation_year != year_of(now):
                s.vacation_year, s.vacation_used = year_of(now), 0.0
            allowance = self.timekeeper.config.vacation_days
            if not isinstance(days, int) or isinstance(days, bool) or days < 0 or days > allowance:
                raise ServiceError("clock.err.vacation_days", max=allowance)
            if days == 0:
                if not on_vacation(s, now):
                    raise ServiceError("clock.err.no_vacation")
                assert s.vacation_until is not None
                s.vacation_used = max(0.0, s.vacation_used - int((s.vacation_until - now) // 86400))
                s.vacation_until = now
            else:
                if on_vacation(s, now):
                    raise ServiceError("clock.err.on_vacation_already", until=utc_text(s.vacation_until or now))
                left = allowance - s.vacation_used
                if days > left:
                    raise ServiceError("clock.err.vacation_allowance", left=int(left), max=allowance)
                s.vacation_from, s.vacation_until, s.vacation_used = now, now + days * 86400, s.vacation_used + days
            await self.store.run([self.store.settings_statement(s)])
            await self._replan_user(user.id, old)
            return s

    async def waiting(self, channel_id: str, expected_game: int | None = None) -> list[Waiting]:
        """Who the channel's game waits for, with clocks (for ``/game status`` and board messages)."""
        async with self._serving():
            row = await self._latest(channel_id, expected_game)
            return await self.timekeeper.waiting(row)

    async def mine(self, user_id: str, guild_id: str | None) -> MyGames:
        """Every active game on the server where ``user_id`` must act (oldest waiting first), and those of
        their games where someone else is awaited."""
        async with self._serving():
            out = MyGames()
            for row in await self.store.active_games_of(user_id, guild_id):
                ws = await self.timekeeper.waiting(row)
                link = await self.timekeeper.link(row)
                for w in ws:
                    w.link = link
                mine = [w for w in ws if w.user_id == user_id]
                if mine:
                    out.mine += mine
                else:
                    out.others += ws
            out.mine.sort(key=lambda w: (w.since or 0, w.game.id))
            out.others.sort(key=lambda w: (w.since or 0, w.game.id))
            return out

    async def overdue(self, guild_id: str | None) -> list[Waiting]:
        """Every seat on the server that is out of time (for hosts and moderators), longest overdue first."""
        async with self._serving():
            out: list[Waiting] = []
            for row in await self.store.active_games(guild_id):
                ws = [w for w in await self.timekeeper.waiting(row) if w.overdue]
                if ws:
                    link = await self.timekeeper.link(row)
                    for w in ws:
                        w.link = link
                    out += ws
            return sorted(out, key=lambda w: (w.due or 0, w.game.id))

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
                      expected_game: int | None = None) -> tuple[Snapshot, int, Mapping[str, Any]]:
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
        return await asyncio.to_thread(replay_moves, game, row, moves)

    # ------------------------------------------------------------------ records and recaps

    async def record_source(self, channel_id: str, user_id: str | None,
                            expected_game: int | None = None) -> tuple[GameRow, list[MoveRow], Result | None]:
        """The channel's game (open, else the last finished one) with its whole log and result, for a record.
        While it runs only its players may fetch it; once it is over (or abandoned) anybody may."""
        async with self._serving():
            row = await self._latest(channel_id, expected_game)
            if row.status in OPEN_STATUSES and (user_id is None or row.seat_of(user_id) is None):
                raise ServiceError("record.running_only_players")
            if row.seed is None:
                raise ServiceError("err.not_started")
            snap = await self.snapshot_async(row)
            return row, await self.store.moves(row.id), snap.result

    async def recap_source(self, channel_id: str, expected_game: int | None = None,
                           game_id: int | None = None) -> tuple[GameRow, list[MoveRow]]:
        """A finished game of the channel (the latest, or ``game_id``) and its log, for :func:`bot.recap.make_recap`."""
        async with self._serving():
            if game_id is not None:
                row = await self.store.game(game_id)
                if row is None or row.channel_id != str(channel_id):
                    raise ServiceError("err.no_game")
            else:
                row = await self._latest(channel_id, expected_game)
            if row.status != OVER:
                raise ServiceError("recap.not_finished")
            return row, await self.store.moves(row.id)

    # ------------------------------------------------------------------ following

    async def follow(self, channel_id: str, user: User, dm: bool = False, expected_game: int | None = None) -> GameRow:
        """Follow the channel's open game: a ping (or a DM) when it reaches a scoring round or ends."""
        async with self._serving():
            row = await self._open(channel_id, expected_game)
            await self.store.follow(row.id, user.id, dm, self.clock())
            return row

    async def unfollow(self, channel_id: str, user: User, expected_game: int | None = None) -> GameRow:
        async with self._serving():
            row = await self._latest(channel_id, expected_game)
            if not await self.store.unfollow(row.id, user.id):
                raise ServiceError("follow.err.not_following")
            return row

    async def follow_notice(self, report: MoveReport) -> tuple[Msg, list[Follow]] | None:
        """Whom to tell about a move, and what: the game ended, or a scoring round was reached (from the move's
        public events). ``None`` when there is nothing to tell or nobody follows."""
        async with self._serving():
            row = report.row
            if row.status == OVER:
                message = Msg("follow.ended", {"game": Msg(f"game.{row.title}"), "id": row.id})
            else:
                mark = scoring_mark(row.title, [e.to_json() for e in report.public_events])
                if mark is None:
                    return None
                message = Msg("follow.scoring", {"game": Msg(f"game.{row.title}"), "id": row.id, "what": mark})
            followers = await self.store.followers(row.id)
            return (message, followers) if followers else None

    # ------------------------------------------------------------------ stats

    async def stats(self, guild_id: str | None, title: str | None = None) -> dict[str, dict[str, PlayerStats]]:
        """``{title: {user_id: stats}}`` over the server's ended games (see :mod:`bot.stats` for the rules)."""
        async with self._serving():
            if title is not None:
                try:
                    get_game(title)
                except (KeyError, ModuleNotFoundError):
                    raise ServiceError("err.unknown_game", title=title) from None
            rows = await self.store.finished_games(guild_id, title)
            movers = await self.store.move_users([r.id for r in rows])

        def work() -> dict[str, dict[str, PlayerStats]]:
            results = {r.id: get_game(r.title).result(r.state) for r in rows if r.status == OVER and r.state}
            return compute_stats(rows, results, movers)

        return await asyncio.to_thread(work)

    # ------------------------------------------------------------------ undo

    async def undo(self, channel_id: str, user: User, expected_game: int | None = None,
                   expected_version: int | None = None) -> UndoOutcome:
        """Take back ``user``'s last move (issue 12).

        Alone and at once while nobody else has acted since and the move revealed nothing; otherwise a
        request every other seated player must accept (:meth:`answer_undo`) before ``undo_ttl`` runs out.
        Never past a move that revealed hidden information: that is refused naming what was revealed.
        """
        async with self._serving(), self.lock(channel_id):
            row = await self._playing(channel_id, expected_game, expected_version)
            if row.seat_of(user.id) is None:
                raise ServiceError("err.not_seated")
            moves = await self.store.moves(row.id)
            live = await asyncio.to_thread(effective_moves, moves)  # off the event loop: the log may be long
            mine = [m for m in live if m.user_id == user.id]
            if not mine:
                raise ServiceError("undo.err.nothing")
            first = mine[-1].seq
            taken = [m for m in live if m.seq >= first]
            self._refuse_reveals(row, taken)
            if len(taken) == 1 or not _people(row, user.id):  # bot seats consent at once
                return await self._carry_out(row, moves, first, user, None)
            return await self._request(row, first, taken, user)

    async def rollback(self, channel_id: str, user: User, to_move: int, expected_game: int | None = None) -> UndoOutcome:
        """The host asks to take back every move from number ``to_move`` on; every other player must consent,
        and never past a move that revealed hidden information."""
        async with self._serving(), self.lock(channel_id):
            row = await self._playing(channel_id, expected_game, None)
            if user.id != row.host_id:
                raise ServiceError("err.host_only")
            live = await asyncio.to_thread(effective_moves, await self.store.moves(row.id))
            if not isinstance(to_move, int) or isinstance(to_move, bool):
                raise ServiceError("undo.err.no_such_move", move=str(to_move)[:20], last=live[-1].seq if live else 0)
            taken = [m for m in live if m.seq >= to_move]
            if to_move < 1 or not taken:
                raise ServiceError("undo.err.no_such_move", move=to_move, last=live[-1].seq if live else 0)
            self._refuse_reveals(row, taken)
            if not _people(row, user.id):  # only bots besides the host: they consent at once
                return await self._carry_out(row, await self.store.moves(row.id), taken[0].seq, user, None)
            return await self._request(row, taken[0].seq, taken, user)

    async def answer_undo(self, channel_id: str, user: User, request_id: int, accept: bool,
                          expected_game: int | None = None) -> UndoOutcome:
        """One player's answer to the pending undo request. The last consent carries the undo out."""
        async with self._serving(), self.lock(channel_id):
            row = await self._playing(channel_id, expected_game, None)
            req = await self._pending(row)
            if req is None or req.id != request_id:
                raise ServiceError("undo.err.no_request")
            if row.seat_of(user.id) is None or is_bot_user(user.id):  # a bot seat never answers (it consents)
                raise ServiceError("err.not_seated")
            if user.id == req.user_id:
                raise ServiceError("undo.err.own_request")
            moves = await self.store.moves(row.id)
            taken = [m for m in await asyncio.to_thread(effective_moves, moves) if m.seq >= req.first_seq]
            requester = next((s for s in row.seats if s.user_id == req.user_id), None)
            name = requester.name if requester is not None else "?"
            if not accept:
                if not await self.store.close_undo_request(req.id, DECLINED):  # carried out meanwhile elsewhere
                    raise ServiceError("undo.err.no_request")
                return UndoOutcome("declined", row, req.first_seq, row.version, taken, name, req)
            answers = await self.store.answer_undo(req.id, user.id, True, self.clock())
            if answers is None:  # declined, lapsed or done meanwhile (another process)
                raise ServiceError("undo.err.no_request")
            req.answers = answers
            waiting = [u for u in _people(row, req.user_id) if not req.answers.get(u)]
            if waiting:
                return UndoOutcome("accepted", row, req.first_seq, row.version, taken, name, req, waiting)
            self._refuse_reveals(row, taken)  # the same version as when asked: cannot have changed, but be sure
            return await self._carry_out(row, moves, req.first_seq, User(req.user_id, name), req)

    async def undo_request(self, channel_id: str, expected_game: int | None = None) -> UndoRequest | None:
        """The channel's pending undo request (a lapsed one is closed and not returned)."""
        async with self._serving(), self.lock(channel_id):
            return await self._pending(await self._open(channel_id, expected_game))

    async def _playing(self, channel_id: str, expected_game: int | None, expected_version: int | None) -> GameRow:
        row = await self._latest(channel_id, expected_game)
        if row.status == OVER:
            raise ServiceError("undo.err.over")
        if row.status not in OPEN_STATUSES:
            raise ServiceError("err.no_game")
        if row.status != ACTIVE or row.state is None:
            raise ServiceError("err.not_started")
        if expected_version is not None and expected_version != row.version:
            raise StaleMove("err.stale")
        return row

    async def _pending(self, row: GameRow) -> UndoRequest | None:
        req = await self.store.undo_request(row.id)
        if req is not None and (self.clock() > req.deadline or req.version != row.version):
            await self.store.close_undo_request(req.id, LAPSED)
            return None
        return req

    @staticmethod
    def _refuse_reveals(row: GameRow, taken: Sequence[MoveRow]) -> None:
        for m in taken:
            if m.reveals:
                # the move itself, not each of its events (the engine flags the move, not which event revealed,
                # and a list of every event of a turn read as noise: issue 23)
                names = seat_labels(row)
                raise ServiceError("undo.err.revealed", move=m.seq, player=names[m.seat] if m.seat is not None else "?",
                                   what=[Msg("undo.what_action", {"action": m.action})])

    async def _request(self, row: GameRow, first: int, taken: list[MoveRow], user: User) -> UndoOutcome:
        if await self._pending(row) is not None:
            raise ServiceError("undo.err.pending")
        now = self.clock()
        try:
            req = await self.store.create_undo_request(row.id, user.id, first, row.version, now, now + self.undo_ttl)
        except ChannelBusy:
            raise ServiceError("undo.err.pending") from None
        waiting = _people(row, user.id)
        log.info("game %s: undo of moves %s-%s requested", row.id, first, row.version)
        return UndoOutcome("requested", row, first, row.version, taken, user.name, req, waiting)

    async def _carry_out(self, row: GameRow, moves: list[MoveRow], first: int, user: User,
                         req: UndoRequest | None) -> UndoOutcome:
        game = get_game(row.title)
        if row.rules_version != game.rules_version:
            raise ServiceError("err.replay_version", stored=row.rules_version, current=game.rules_version)
        state = await asyncio.to_thread(replay_moves, game, row, moves, first)
        waiting = await asyncio.to_thread(game.current_seats, state)
        taken = [m for m in await asyncio.to_thread(effective_moves, moves) if m.seq >= first]
        seat = row.seat_of(user.id)
        event = Event(Msg("undo.ev.done", {"player": user.name, "n": len(taken), "first": first, "last": row.version}))
        now = self.clock()
        # the turn clocks go back exactly as they were before move ``first`` (from the log), jobs planned anew
        clocks = await self.timekeeper.after_undo(row, row.version + 1, first, waiting, now)
        try:
            version = await self.store.append_undo(row.id, row.version, seat, user.id, first, state,
                                                   [event.to_json()], now, req.id if req else None, extra=clocks)
        except VersionConflict:
            if req is not None and (await self.store.undo_request(row.id)) is None:
                raise ServiceError("undo.err.no_request") from None  # declined or lapsed meanwhile
            raise StaleMove("err.stale") from None
        self.timekeeper.on_jobs()
        last = row.version
        row.state, row.version = state, version
        log.info("game %s: moves %s-%s taken back (now version %s)", row.id, first, last, version)
        snap = await self.snapshot_async(row)
        report = MoveReport(**snap.__dict__, actor=seat, action=f"undo {first}-{last}", events=[event])
        return UndoOutcome("done", row, first, last, taken, user.name, req, [], report)


def _people(row: GameRow, but: str) -> list[str]:
    """The user ids of the people seated (not bots) other than ``but``: whose consent an undo needs."""
    return [s.user_id for s in row.seats if s.user_id != but and not s.is_bot]


def _specs(row: GameRow) -> list[SeatSpec]:
    """The seats of a lobby as :meth:`~bot.storage.Store.set_seats` takes them (bot levels kept)."""
    return [(s.user_id, s.name, s.bot_level) for s in sorted(row.seats, key=lambda s: s.seat)]


def _apply_checked(game: Game, state: State, seat: int, action: str) -> tuple[Outcome, bool, list[int]]:
    """Apply a move for a seat that must decide now; returns the outcome, whether the game is over and
    the seats that must act next."""
    prompts = game.prompts(state)
    if not any(p.seat == seat for p in prompts):
        raise ServiceError("err.not_your_turn", players=list(dict.fromkeys(p.seat for p in prompts)))
    outcome = game.apply(state, seat, action)
    over = game.is_over(outcome.state)
    return outcome, over, [] if over else game.current_seats(outcome.state)


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
