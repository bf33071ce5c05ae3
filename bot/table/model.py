"""The records every layer shares: a game row, its seats and moves, clocks, settings, posts, jobs, and the
snapshot a move hands on. Plain data only: no SQL, no Discord, no I/O.

A :class:`GameRow` is what the store loads for one game (with its seats and its clock rule). One move loads
it once, and hands on a :class:`Snapshot` (prompts, public view, result) computed once from it.
"""
from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engines import get_game
from engines.core import Event, Game, Msg, Prompt, Result, State

from .clock import ClockRule


class Status(StrEnum):
    """Where a game is in its life. A ``StrEnum``: it is stored, compared and formatted as its text."""

    LOBBY = "lobby"
    ACTIVE = "active"
    OVER = "over"
    ABANDONED = "abandoned"


LOBBY, ACTIVE, OVER, ABANDONED = Status.LOBBY, Status.ACTIVE, Status.OVER, Status.ABANDONED
OPEN_STATUSES = (LOBBY, ACTIVE)

#: the status of an undo request
PENDING, DONE, DECLINED, LAPSED, SUPERSEDED = "pending", "done", "declined", "lapsed", "superseded"


@dataclass
class Seat:
    seat: int
    user_id: str
    name: str
    #: the bot level of a seat the referee plays itself (``None``: a person); its ``user_id`` is ``bot:<n>``
    bot_level: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None


#: a seat to write: ``(user_id, name)`` for a person, ``(user_id, name, bot_level)`` for either
SeatSpec = tuple[str, str] | tuple[str, str, str | None]


@dataclass
class GameRow:
    id: int
    channel_id: str
    guild_id: str | None
    title: str
    status: str
    host_id: str
    options: dict[str, Any]
    seed: int | None
    locale: str
    version: int
    state: dict[str, Any] | None
    created_at: float
    updated_at: float
    rules_version: int = 1
    seats: list[Seat] = field(default_factory=list)
    #: the table's clock (:meth:`bot.table.clock.ClockRule.to_json`; ``{}`` = no clock) and timeout policy
    clock: dict[str, Any] = field(default_factory=dict)
    timeout_policy: str = "wait"
    #: when the host paused the whole game (``None``: running)
    paused_since: float | None = None
    #: :attr:`clock` parsed, once, when the row is made (``None`` given: parsed here)
    rule: ClockRule | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rule is None:
            self.rule = ClockRule.from_json(self.clock)

    @property
    def clock_rule(self) -> ClockRule:
        """The table's clock rule (parsed once)."""
        assert self.rule is not None
        return self.rule

    def seat_of(self, user_id: str) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    @property
    def names(self) -> list[str]:
        return [s.name for s in sorted(self.seats, key=lambda s: s.seat)]


@dataclass
class MoveRow:
    seq: int
    seat: int | None
    user_id: str | None
    action: str
    events: list[dict[str, Any]]
    at: float
    #: who decided: ``player`` (the seated user), ``timeout`` (the engine's timeout action) or ``bot``
    kind: str = "player"
    reveals: bool = True
    undone_by: int | None = None

    @property
    def undo_range(self) -> tuple[int, int] | None:
        """For an undo entry (action ``undo FIRST-LAST``): the seqs it took back, else ``None``."""
        return undo_range(self.action)


def undo_range(action: str) -> tuple[int, int] | None:
    """``"undo 12-14"`` → ``(12, 14)``; any other action → ``None``."""
    verb, _, rest = action.partition(" ")
    if verb != "undo":
        return None
    first, _, last = rest.partition("-")
    return int(first), int(last)


def covered(seqs: Sequence[int], ranges: Iterable[tuple[int, int]]) -> list[bool]:
    """For each of ``seqs``: whether one of the (inclusive) ``ranges`` covers it. The ranges are merged once
    and each seq is found by bisection: O((n + r) log r), where checking every seq against every range cost
    n × r (10,000 move + undo cycles made one undo take seconds; issue 21)."""
    merged: list[list[int]] = []
    for a, b in sorted(r for r in ranges if r[0] <= r[1]):
        if merged and a <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    starts = [a for a, _ in merged]
    out = []
    for seq in seqs:
        i = bisect.bisect_right(starts, seq) - 1
        out.append(i >= 0 and seq <= merged[i][1])
    return out


def undo_action(first: int, last: int) -> str:
    return f"undo {first}-{last}"


MOVE_KINDS = ("player", "timeout", "bot")


@dataclass
class SeatClock:
    """One seat's clock in one game."""

    seat: int
    bank: float                    # running seconds for the current decision (if started) or the next
    started: float | None = None   # when the seat's pending decision began (None: nothing pending)
    turn_version: int = 0          # the game version at which that decision began (jobs carry it)
    reminded: int = 0              # reminders already sent for that decision
    timeouts: int = 0              # consecutive decisions lost to the clock
    overdue: bool = False          # out of time under the ``wait`` policy
    bot: bool = False              # a bot plays for the seat until its player acts again
    votes: list[str] = field(default_factory=list)  # users who voted to skip the overdue seat


@dataclass
class UserSettings:
    """A user's notification preferences and vacation, across all servers."""

    user_id: str
    notify: str = "channel"            # channel | dm | both
    quiet: str | None = None           # "22:00-07:00" in ``zone``
    zone: str = "UTC"
    vacation_from: float | None = None
    vacation_until: float | None = None
    vacation_year: int = 0
    vacation_used: float = 0.0         # days used in ``vacation_year``


@dataclass
class UndoRequest:
    id: int
    game_id: int
    user_id: str
    first_seq: int
    version: int
    status: str
    created_at: float
    deadline: float
    answers: dict[str, bool] = field(default_factory=dict)


@dataclass
class Follow:
    game_id: int
    user_id: str
    dm: bool


POST_PENDING, POST_DELIVERED, POST_SUPERSEDED, POST_FAILED = "pending", "delivered", "superseded", "failed"


@dataclass
class PostRow:
    """One board post of the outbox."""

    id: int
    game_id: int
    version: int
    channel_id: str
    user_id: str | None
    status: str
    attempts: int
    next_at: float
    last_error: str | None
    message_id: str | None


@dataclass(frozen=True)
class PostsTaken:
    """What a process that took a game's posts (:meth:`~bot.table.ports.PostStore.take_posts`) needs to deliver
    them: the pending posts (oldest first), the pace of the newest one's channel (0.0: none) and the game's last
    board message (``None``: none yet)."""

    pending: list[PostRow]
    pace: float
    last_board: PostRow | None



#: a timed job to add: (seat, kind, due, version, payload)
JobSpec = tuple[int | None, str, float, int, dict[str, Any]]  # seat None: a job of the game


@dataclass(frozen=True)
class Job:
    """One timed job (a reminder, a deadline, a DM ping, a bot's move) as the scheduler claims it."""

    id: int
    game_id: int
    seat: int | None
    kind: str
    due: float
    version: int
    payload: str = "{}"


@dataclass(frozen=True)
class MarkOverdue:
    """Seat ``seat`` ran out of time under the ``wait`` policy: overdue, one more timeout (only once)."""

    seat: int
    turn_version: int


@dataclass(frozen=True)
class SetVotes:
    """The skip votes against an overdue seat become ``votes``, if they still are ``was`` (two votes at once
    cannot lose one)."""

    seat: int
    turn_version: int
    votes: list[str]
    was: list[str]


@dataclass(frozen=True)
class Rebase:
    """A pending decision's clock is rebased (a pause changed): ``bank`` from ``started`` on, if it still
    started at ``was_started``."""

    seat: int
    turn_version: int
    bank: float
    started: float | None
    was_started: float | None


@dataclass(frozen=True)
class MarkReminded:
    """Reminder ``n`` (counting from 1) of a pending decision was sent."""

    seat: int
    turn_version: int
    n: int


#: a targeted change of one seat's clock, only while the decision it was computed for (``turn_version``) is
#: pending: never a write-back of the whole clock. All but :class:`MarkReminded` must apply, else nothing of
#: their write is stored (:class:`~bot.table.errors.VersionConflict`).
ClockUpdate = MarkOverdue | SetVotes | Rebase | MarkReminded


@dataclass
class ClockWrite:
    """What a move (or a pause, a replacement, a settings change, a fired job) changes in the turn clocks,
    written in one transaction: cancel the unclaimed jobs of the ``cancel`` seats, store ``clocks`` whole,
    apply the targeted ``updates``, add ``jobs``, delete the fired job ``done_job`` (the write is its effect),
    and record ``before`` (the clocks as they were before the log entry the write goes with: an undo puts
    them back from there)."""

    cancel: list[int] = field(default_factory=list)
    clocks: list[SeatClock] = field(default_factory=list)
    jobs: list[JobSpec] = field(default_factory=list)
    updates: list[ClockUpdate] = field(default_factory=list)
    done_job: int | None = None
    before: list[SeatClock] | None = None


@dataclass(frozen=True)
class RowGuard:
    """What a move was computed from besides the game's version and status, and what another process may change
    without a move: who sits in each seat (a replacement) and whether the game is paused. A move's write is
    stored only if these are still so (else :class:`~bot.table.errors.VersionConflict`), so a row kept in memory
    (:meth:`bot.table.core.TableCore._cached`) can never let a replaced player move or plan a paused game's
    clocks as running."""

    #: the user id of each seat, in seat order
    users: tuple[str, ...]
    paused_since: float | None

    @classmethod
    def of(cls, row: GameRow) -> RowGuard:
        return cls(tuple(s.user_id for s in sorted(row.seats, key=lambda s: s.seat)), row.paused_since)


#: how an ended game counts for one person (:mod:`bot.table.stats`): played it to the end, sat in it when it was
#: abandoned, or made moves for a seat somebody else held at the end
PLAYED, LEFT_ABANDONED, REPLACED = "played", "abandoned", "replaced"


@dataclass
class PlayerStats:
    """One person's stats line for one title on one server (``/stats``), as kept in the ratings table."""

    user_id: str
    name: str
    title: str
    played: int = 0
    wins: int = 0
    abandoned: int = 0
    replaced: int = 0
    score_total: int = 0
    place_total: int = 0
    rated: int = 0
    mu: float = 25.0
    sigma: float = 25.0 / 3

    @property
    def avg_score(self) -> float | None:
        return self.score_total / self.played if self.played else None

    @property
    def avg_place(self) -> float | None:
        return self.place_total / self.played if self.played else None

    @property
    def rating(self) -> float:
        """The conservative estimate (openskill's ordinal, mu - 3·sigma): 0 for a newcomer."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class ResultLine:
    """One person's line in an ended game's results (``status``: :data:`PLAYED`, :data:`LEFT_ABANDONED` or
    :data:`REPLACED`; score, place and win only for a played line)."""

    seat: int
    user_id: str
    name: str
    status: str
    score: int = 0
    place: int = 0
    win: bool = False


@dataclass(frozen=True)
class RatingUpdate:
    """A rated player's new rating after a game, computed from the rating they had after ``rated_before`` rated
    games (the store checks that count is still current, so two games ending at once never lose an update)."""

    user_id: str
    mu: float
    sigma: float
    rated_before: int


@dataclass(frozen=True)
class GameResults:
    """What an ended game adds to the stats, written in the transaction that ends it: its lines (in the order
    :func:`bot.table.stats.compute` meets them: replaced players first, then the seats) and the new ratings."""

    game_id: int
    guild_id: str | None
    title: str
    ended_at: float
    lines: tuple[ResultLine, ...]
    ratings: tuple[RatingUpdate, ...] = ()


@dataclass(frozen=True)
class User:
    id: str
    name: str


@dataclass
class Snapshot:
    """A game as seen from outside at one version (computed once per move, handed to whoever shows it)."""

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


def effective_moves(moves: Sequence[MoveRow]) -> list[MoveRow]:
    """The moves of a log that still count: not the set-up row, not an undo entry, not taken back by one.

    The log is the truth here: an undo entry ``undo FIRST-LAST`` takes back every move in that range
    (``moves.undone_by`` mirrors it for queries). Linear in the log (up to a log factor): see :func:`covered`."""
    ranges = [m.undo_range for m in moves]
    candidates = [m for m, r in zip(moves, ranges, strict=True) if m.seq > 0 and r is None]
    gone = covered([m.seq for m in candidates], (r for r in ranges if r is not None))
    return [m for m, g in zip(candidates, gone, strict=True) if not g]


def scoring_mark(title: str, events: Sequence[Mapping[str, Any]]) -> Msg | None:
    """The label of a scoring round if one of a move's public events (as stored) starts or is one, else ``None``:
    each game declares its scoring rounds (:meth:`engines.core.Game.scoring_mark`)."""
    game = get_game(title)
    for raw in events:
        if raw.get("to") is not None:
            continue
        mark = game.scoring_mark(Event.from_json(raw).message)
        if mark is not None:
            return mark
    return None


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
