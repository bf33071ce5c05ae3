"""Keeping a table alive: turn clocks, reminders, timeouts, bots standing in, vacations and pauses.

This is the service half of the clock (issue 10); :mod:`.clock` is the pure arithmetic and :mod:`.scheduler`
the durable job runner. The :class:`Timekeeper` belongs to one :class:`~bot.table.service.GameService`, knows
only the store's ports and the clock, and is called by it:

* on every accepted move (:meth:`Timekeeper.after_move`) it returns the :class:`~bot.table.model.ClockWrite`
  that goes into the move's own transaction: the clocks of the seats that finished a decision (the bank rule),
  and for each seat now to act its clock and its timed jobs (reminders, the deadline, a DM ping, a bot's move).
  Every job carries the game version at which the seat's decision began, so a job for a decision already made
  is dropped when it fires. A seat that stays to act across other seats' moves (simultaneous decisions) keeps
  its turn and its jobs: it is reminded once, not once per move;
* the service hands it every due job (:meth:`Timekeeper.fire`): it sends reminders and pings itself, and
  returns the game when the job asks for a move (a deadline, a bot's turn), which the service then makes
  through its own move path (one transaction, the move log says who decided);
* vacations, quiet hours and a paused game are pauses of a seat's clock. When one of them changes, the
  seat's clock is *rebased*: what was left at that instant becomes its budget from that instant on, and
  its jobs are planned afresh (:meth:`Timekeeper.replan`).

The table's :class:`~bot.table.clock.ClockRule` is parsed once, when its row is loaded (``GameRow.rule``).
"""
from __future__ import annotations

import asyncio
import json
import logging
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from engines import get_game
from engines.core import Msg, State
from render.i18n import format_duration

from .clock import DAY, HOUR, ClockError, Interval, QuietHours, Turn
from .errors import DirectRefused, Retry, VersionConflict
from .model import ACTIVE, ClockWrite, GameRow, Job, JobSpec, MarkReminded, Rebase, SeatClock, UserSettings
from .ports import Notifier, Repository, SilentNotifier

log = logging.getLogger("referee.clock")

#: what happens when a seat's time runs out
POLICIES = ("wait", "skip", "bot")
#: the default policy: casual tables wait for a friend rather than play for them; the others may then vote
#: to skip the decision or the host replaces the player
DEFAULT_POLICY = "wait"
NOTIFY_MODES = ("channel", "dm", "both")

#: job kinds
REMIND, DEADLINE, PING, BOT = "remind", "deadline", "ping", "bot"
#: the recap of a game that ended: a job stored by the final move's transaction, due RECAP_GRACE s later. The
#: move's own flow leases it (the scheduler's lease, renewed while it draws: :meth:`GameService.recap_claimed`),
#: draws and posts the recap and deletes the job; a stop while it is being drawn (or before) leaves the job, and
#: the recap is made after the restart (or by another process once the lease has run out, <= 60 s), once: it is
#: posted with the job as its nonce
RECAP, RECAP_GRACE = "recap", 60.0
#: a "your turn" DM waits for the board it links to: looking again after PING_RETRY s, at most PING_BOARD_WAIT s
PING_RETRY, PING_BOARD_WAIT = 5.0, 300.0


@dataclass(frozen=True)
class TimeConfig:
    """Server-wide settings of the clock layer (``[clock]`` in config.toml)."""

    #: consecutive timeouts after which the host may replace the player
    replace_after: int = 3
    #: vacation days a user may take per calendar year (UTC)
    vacation_days: int = 30
    #: the bot that stands in under the ``bot`` policy (it thinks in the service's bot pool, with its budget)
    bot_level: str = "easy"
    #: a bot standing in waits this long on each decision, so a returning player can still move first
    bot_grace: float = HOUR
    #: reminders: after these shares of the decision's time, and this long before it runs out
    reminder_shares: tuple[float, ...] = (0.5,)
    remind_before: float = 2 * HOUR


@dataclass
class Waiting:
    """One seat the game waits for, as ``/game mine``, ``/game status`` and board messages show it."""

    game: GameRow
    seat: int
    user_id: str
    name: str
    since: float | None            # when the decision began
    left: float | None             # running seconds left (None: no clock)
    due: float | None              # wall-clock deadline (None: no clock; inf: paused)
    overdue: bool = False
    paused: bool = False           # the whole game is paused
    vacation_until: float | None = None
    bot: bool = False
    link: str = ""
    #: the level of a bot seat (``None``: a person sits there); ``name`` is then the bot's bare name
    bot_level: str | None = None


@dataclass
class MyGames:
    """``/game mine``: where the user must act (oldest waiting first), and where others are awaited."""

    mine: list[Waiting] = field(default_factory=list)
    others: list[Waiting] = field(default_factory=list)


def parse_policy(text: str | None) -> str:
    raw = (text or DEFAULT_POLICY).strip().lower()
    if raw not in POLICIES:
        raise ClockError("clock.err.policy", policy=raw[:20], known=", ".join(POLICIES))
    return raw


def quiet_of(s: UserSettings) -> QuietHours | None:
    if not s.quiet:
        return None
    try:
        return QuietHours.parse(s.quiet, s.zone)
    except ClockError:  # a zone that vanished from the tz database: no quiet hours rather than no game
        log.warning("user %s: stored quiet hours unusable", s.user_id)
        return None


def on_vacation(s: UserSettings, now: float) -> bool:
    return s.vacation_until is not None and (s.vacation_from or 0) <= now < s.vacation_until


def year_of(t: float) -> int:
    return datetime.fromtimestamp(t, UTC).year


class Timekeeper:
    """The clock layer of one :class:`~bot.table.service.GameService` (see the module docstring)."""

    def __init__(self, store: Repository, clock: Callable[[], float], config: TimeConfig | None = None,
                 notifier: Notifier | None = None) -> None:
        self.store = store
        self.clock = clock
        self.config = config or TimeConfig()
        self.notifier: Notifier = notifier or SilentNotifier()
        #: called after jobs were added or moved (the scheduler's ``poke``)
        #: told when jobs were stored (with the earliest due time, when only jobs were added): the scheduler's poke
        self.on_jobs: Callable[..., None] = lambda due=None: None

    def now(self) -> float:
        return self.clock()

    # ------------------------------------------------------------------ pauses and turns

    def pauses(self, row: GameRow, s: UserSettings) -> list[Interval]:
        """A seat's pauses besides quiet hours: its user's vacation and a paused game (open-ended)."""
        out: list[Interval] = []
        if s.vacation_until is not None and s.vacation_from is not None:
            out.append((s.vacation_from, s.vacation_until))
        if row.paused_since is not None:
            out.append((row.paused_since, math.inf))
        return out

    def _turn(self, c: SeatClock) -> Turn | None:
        return None if c.started is None else Turn(c.started, c.bank)

    def left(self, row: GameRow, c: SeatClock, s: UserSettings, now: float) -> float:
        """Running seconds a seat has left at ``now`` (its whole budget when nothing is pending)."""
        turn = self._turn(c)
        if turn is None:
            return c.bank
        return turn.left(now, quiet_of(s), row.clock_rule, self.pauses(row, s))

    def rebase(self, row: GameRow, c: SeatClock, s: UserSettings, at: float) -> None:
        """What is left at ``at`` (under the pauses known so far) becomes the budget from ``at`` on."""
        if c.started is not None and row.clock_rule.enabled and at > c.started:
            c.bank = max(0.0, self.left(row, c, s, at))
            c.started = at

    def plan(self, row: GameRow, c: SeatClock, s: UserSettings, now: float, new_turn: bool) -> list[JobSpec]:
        """The timed jobs of a seat with a pending decision (none for a seat with nothing pending).

        A bot seat gets one job, its move, due at once: it is never reminded, pinged or timed out. While the
        game is paused it waits (resuming plans its move again)."""
        turn = self._turn(c)
        if turn is None:
            return []
        if _is_bot_seat(row, c.seat):
            return [] if row.paused_since is not None else [(c.seat, BOT, now, c.turn_version, {})]
        rule = row.clock_rule
        quiet, other = quiet_of(s), self.pauses(row, s)
        stmts: list[JobSpec] = []

        def job(kind: str, due: float, **payload: Any) -> None:
            stmts.append((c.seat, kind, due, c.turn_version, payload))

        if rule.enabled and not c.overdue:
            marks = turn.reminders(quiet, rule, other, self.config.reminder_shares, self.config.remind_before)
            for i, at in enumerate(marks):
                if i >= c.reminded and math.isfinite(at):
                    job(REMIND, max(at, now), n=i)
            due = turn.due(quiet, rule, other)
            if math.isfinite(due):
                job(DEADLINE, due)
        if c.bot and row.timeout_policy == "bot":
            job(BOT, max(now, c.started or now) + self.config.bot_grace)
        if new_turn and s.notify in ("dm", "both"):
            job(PING, now)
        return stmts

    async def _settings(self, row: GameRow) -> dict[int, UserSettings]:
        by_user = await self.store.settings_of([seat.user_id for seat in row.seats])
        return {seat.seat: by_user[seat.user_id] for seat in row.seats}

    async def clocks(self, row: GameRow) -> dict[int, SeatClock]:
        return self._with_defaults(row, await self.store.seat_clocks(row.id))

    @staticmethod
    def _with_defaults(row: GameRow, clocks: dict[int, SeatClock]) -> dict[int, SeatClock]:
        """A game's stored seat clocks, with a fresh clock for every seat never written."""
        rule = row.clock_rule
        for seat in row.seats:
            clocks.setdefault(seat.seat, SeatClock(seat.seat, float(rule.initial())))
        return clocks

    # ------------------------------------------------------------------ moves

    async def after_move(self, row: GameRow, new_version: int, actor: int | None, kind: str,
                         waiting: Sequence[int], finished: bool, now: float, timed_out: bool = False) -> ClockWrite:
        """The clock changes for the transaction of a move (``actor`` ``None``: the game's start).

        ``row`` is the game before the move; ``waiting`` the seats that must act after it; ``timed_out``:
        the actor's time ran out (a timeout action, or a bot taking over at the deadline).
        """
        clocks = await self.clocks(row)
        # the log entry keeps the clocks as they were before it: an undo puts them back from there
        before = _copies(clocks.values())
        settings = await self._settings(row)
        rule = row.clock_rule
        cancel: list[int] = []
        changed_clocks: list[SeatClock] = []
        jobs: list[JobSpec] = []
        if finished:
            return ClockWrite(list(clocks), jobs=[(None, RECAP, now + RECAP_GRACE, new_version, {})], before=before)
        for seat, c in clocks.items():
            s, changed, new_turn = settings[seat], actor is None, False
            if seat == actor:
                # the seat finished a decision: the bank rule gives its budget for the next one
                left = self.left(row, c, s, now) if c.started is not None else c.bank
                c.bank = float(rule.after_decision(left)) if rule.enabled else 0.0
                c.started, c.reminded, c.overdue, c.votes = None, 0, False, []
                if kind == "player":
                    c.timeouts, c.bot = 0, False
                elif timed_out:
                    c.timeouts += 1
                    c.bot = kind == "bot"
                cancel.append(seat)
                changed = True
            if seat in waiting and c.started is None:
                c.started, c.turn_version, c.reminded, new_turn, changed = now, new_version, 0, True, True
            elif seat not in waiting and c.started is not None:
                c.started, c.reminded, c.overdue, c.votes = None, 0, False, []
                cancel.append(seat)
                changed = True
            if changed:
                changed_clocks.append(c)
                jobs += self.plan(row, c, s, now, new_turn)
        return ClockWrite(cancel, changed_clocks, jobs, before=before)

    async def after_undo(self, row: GameRow, new_version: int, first: int, waiting: Sequence[int],
                         now: float) -> ClockWrite:
        """The clock changes for the transaction of an undo that takes back moves ``first``… (issue 21).

        The clocks go back exactly as they were before move ``first`` (from its log entry): each seat's bank,
        when its pending decision began, its reminders, timeouts, overdue mark and votes. So an undo never
        refills a clock: the time spent on the taken-back move still counts. Every unclaimed job of the game
        is dropped and the pending decisions' jobs are planned again from the restored clocks (the same
        reminders still to come and the same deadline as before the move), under a fresh job version so a
        job of the taken-back position that is firing right now is dropped. A log entry from before the
        clocks were recorded: the seats that must decide again start afresh (the old behaviour), once."""
        restored = await self.store.clocks_before(row.id, first)
        current = await self.clocks(row)
        before = _copies(current.values())
        if restored is None:
            restored = current
            for seat, c in restored.items():
                if seat not in waiting:
                    c.started, c.reminded, c.overdue, c.votes = None, 0, False, []
                elif c.started is None:
                    c.started, c.reminded = now, 0
        settings = await self._settings(row)
        rule = row.clock_rule
        jobs: list[JobSpec] = []
        for seat in [s.seat for s in row.seats]:
            c = restored.setdefault(seat, SeatClock(seat, float(rule.initial())))
            if seat in waiting and c.started is None:  # cannot happen with a recorded log; be safe
                c.started, c.reminded = now, 0
            elif seat not in waiting:
                c.started, c.reminded, c.overdue, c.votes = None, 0, False, []
            if c.started is not None:
                c.turn_version = new_version
            jobs += self.plan(row, c, settings[seat], now, False)
        clocks = list(restored.values())
        return ClockWrite([c.seat for c in clocks], clocks, jobs, before=before)

    async def replan(self, row: GameRow, seats: Sequence[int] | None = None, *, at: float | None = None,
                     before: GameRow | None = None,
                     before_settings: dict[int, UserSettings] | None = None) -> ClockWrite:
        """Rebase the pending seats' clocks at ``at`` under the old pauses (``before``/``before_settings``),
        then plan their jobs under the new ones; the caller writes the result in its transaction."""
        now = self.now() if at is None else at
        clocks = await self.clocks(row)
        settings = await self._settings(row)
        old_settings = before_settings or settings
        todo = [c for seat, c in clocks.items() if (seats is None or seat in seats) and c.started is not None]
        jobs: list[JobSpec] = []
        rebased: list[Rebase] = []
        for c in todo:
            started = c.started
            self.rebase(before or row, c, old_settings.get(c.seat, settings[c.seat]), now)
            # only what the rebase changes, and only on the clock it was computed from
            rebased.append(Rebase(c.seat, c.turn_version, c.bank, c.started, started))
            jobs += self.plan(row, c, settings[c.seat], now, False)
        # the caller writes it guarded by the game's version (VersionConflict: the game moved on meanwhile)
        return ClockWrite([c.seat for c in todo], [], jobs, updates=list(rebased))

    # ------------------------------------------------------------------ firing jobs

    async def fire(self, job: Job) -> GameRow | None:
        """Carry out a due job: a reminder or a ping is sent here; a deadline or a bot's turn returns the game,
        whose move the service then makes. A job whose decision was already made is dropped (``None``)."""
        row = await self.store.game(job.game_id)
        if row is None or row.status != ACTIVE or job.seat is None:
            return None
        clocks = await self.store.seat_clocks(row.id)
        c = clocks.get(job.seat)
        if c is None or c.started is None or c.turn_version != job.version:
            return None
        if job.kind == REMIND and (c.overdue or int(json.loads(job.payload).get("n", 0)) < c.reminded):
            return None  # already sent (a replan planned it again), or the deadline has spoken
        user_id = row.seats[job.seat].user_id
        s = await self.store.settings(user_id)
        now = self.now()
        if job.kind in (REMIND, PING):
            quiet = quiet_of(s)
            if quiet is not None and quiet.contains(now):
                raise Retry(quiet.next_end(now))
            if row.paused_since is not None or on_vacation(s, now):
                return None
            if job.kind == REMIND:
                left = self.left(row, c, s, now)
                if left <= 0:  # late (the bot was down): the deadline speaks for itself
                    return None
                # sent with the job as its nonce: if this process dies before the mark below is stored, the job
                # fires again (here or in another process) and the re-send returns the first message
                await self.notify(row, user_id, Msg("clock.remind", {
                    "player": row.seats[job.seat].name, "game": Msg(f"game.{row.title}"), "id": row.id,
                    "left": format_duration(max(0.0, left), row.locale), "link": await self.link(row)}),
                    nonce=job_nonce(job.id))
                # the mark and the job's deletion in one transaction; the mark only touches ``reminded`` of the
                # decision it was sent for (if the player moved meanwhile, a new decision is left alone)
                n = int(json.loads(job.payload).get("n", 0)) + 1
                try:
                    await self.store.write_clocks(row.id, ClockWrite(updates=[MarkReminded(job.seat, job.version, n)],
                                                                     done_job=job.id))
                except VersionConflict:  # the job is gone: another process fired it (and marked it) meanwhile
                    log.info("game %s: reminder job %s was done by another process", row.id, job.id)
            else:
                # "your turn" links to the board it announces: wait for that board (the poster paces boards),
                # but never long: a board refused for good must not hold the DM back
                link = await self.link_to(row, job.version)
                if link is None and now < job.due + PING_BOARD_WAIT:
                    raise Retry(now + PING_RETRY)
                link = link or await self.link(row)
                message = Msg("clock.your_turn", {"player": row.seats[job.seat].name, "game": Msg(f"game.{row.title}"),
                                                  "id": row.id, "link": link})
                if s.notify == "both":  # the board in the channel has pinged them already: no fallback needed
                    try:
                        await self.notifier.to_user(row, user_id, message, nonce=job_nonce(job.id, "d"))
                    except Exception as exc:
                        log.info("game %s: turn DM not delivered (%s)", row.id, type(exc).__name__)
                else:  # ``dm``: the board named them without a ping; this DM is their notice (a refused one: a ping)
                    await self.notify(row, user_id, message, nonce=job_nonce(job.id))
            return None
        if job.kind == DEADLINE:
            rule = row.clock_rule
            turn = self._turn(c)
            assert turn is not None
            due = turn.due(quiet_of(s), rule, self.pauses(row, s))
            if due > now + 1:  # a pause moved the deadline since the job was planned
                raise Retry(due)
            return row
        return row if job.kind == BOT else None

    async def link(self, row: GameRow) -> str:
        """A link to the game's latest board (or its channel)."""
        try:
            return await self.notifier.board_link(row) or f"#{row.channel_id}"
        except Exception:  # a link is a courtesy: never a reason to drop a reminder
            log.exception("game %s: no board link", row.id)
            return f"#{row.channel_id}"

    async def link_to(self, row: GameRow, version: int) -> str | None:
        """A link to the board showing ``version`` (or later); ``None`` while it is not posted yet."""
        try:
            return await self.notifier.board_link(row, version)
        except Exception:
            log.exception("game %s: no board link", row.id)
            return f"#{row.channel_id}"

    async def notify(self, row: GameRow, user_id: str, message: Msg, nonce: str | None = None) -> None:
        """Reach a user the way they chose. A refused DM falls back to the channel; nothing here can stall
        the game (a failing channel post raises, so the scheduler tries the job again later). ``nonce``: a
        timed job's (:func:`job_nonce`); the DM and the channel message get their own."""
        mode = (await self.store.settings(user_id)).notify
        if mode in ("dm", "both"):
            try:
                await self.notifier.to_user(row, user_id, message, nonce=None if nonce is None else nonce + "d")
            except DirectRefused:
                log.info("game %s: DM to a player refused; pinging in the channel", row.id)
                mode = "channel"
            except Exception:
                log.exception("game %s: DM failed; pinging in the channel", row.id)
                mode = "channel"
        if mode in ("channel", "both"):
            await self.notifier.to_channel(row, [user_id], message, nonce=None if nonce is None else nonce + "c")

    async def tell_channel(self, row: GameRow, user_ids: Sequence[str], message: Msg) -> None:
        try:
            await self.notifier.to_channel(row, user_ids, message)
        except Exception:
            log.exception("game %s: channel notice failed", row.id)

    # ------------------------------------------------------------------ views

    async def waiting_all(self, rows: Sequence[GameRow]) -> list[list[Waiting]]:
        """:meth:`waiting` for several games at once (``/game mine``, ``/game overdue``): their current seats in
        one trip to a worker thread, their seat clocks and their players' settings in one read each."""
        if not rows:
            return []

        def work() -> list[list[int]]:
            return [_waiting_seats(r.title, r.state) if r.state is not None and r.status == ACTIVE else []
                    for r in rows]

        seats = await asyncio.to_thread(work)
        stored = await self.store.seat_clocks_of([r.id for r in rows])
        people = sorted({r.seats[s].user_id for r, ss in zip(rows, seats, strict=True) for s in ss
                         if not r.seats[s].is_bot})
        settings = await self.store.settings_of(people) if people else {}
        return [await self.waiting(r, ss, self._with_defaults(r, dict(stored.get(r.id, {}))), settings)
                for r, ss in zip(rows, seats, strict=True)]

    async def waiting(self, row: GameRow, seats: Sequence[int] | None = None,
                      clocks: dict[int, SeatClock] | None = None,
                      settings: Mapping[str, UserSettings] | None = None) -> list[Waiting]:
        """The seats the game waits for now, with their clocks (or the given seats; ``clocks`` and ``settings``:
        already read)."""
        if row.state is None or row.status != ACTIVE:
            return []
        if seats is None:
            seats = await asyncio.to_thread(_waiting_seats, row.title, row.state)
        if clocks is None:
            clocks = await self.clocks(row)
        rule = row.clock_rule
        now = self.now()
        if settings is None:
            people = [row.seats[seat].user_id for seat in seats if not row.seats[seat].is_bot]
            settings = await self.store.settings_of(people) if people else {}
        out = []
        for seat in seats:
            c = clocks[seat]
            holder = row.seats[seat]
            if holder.is_bot:  # a bot seat has no clock: it is thinking
                out.append(Waiting(row, seat, holder.user_id, holder.name, c.started, None, None,
                                   paused=row.paused_since is not None, bot_level=holder.bot_level))
                continue
            s = settings[row.seats[seat].user_id]
            left = due = None
            if rule.enabled and c.started is not None:
                left = self.left(row, c, s, now)
                turn = self._turn(c)
                assert turn is not None
                due = turn.due(quiet_of(s), rule, self.pauses(row, s))
            out.append(Waiting(row, seat, row.seats[seat].user_id, row.seats[seat].name, c.started, left, due,
                               c.overdue or (left is not None and left <= 0), row.paused_since is not None,
                               s.vacation_until if on_vacation(s, now) else None, c.bot))
        return out


def job_nonce(job_id: int, suffix: str = "") -> str:
    """The nonce of a timed job's message (≤ 25 characters; Discord's limit): the same on every firing of the
    job, so a re-send after a crash returns the first message (``suffix``: one per destination)."""
    return f"job-{job_id}{suffix}"[:25]


def _copies(clocks: Iterable[SeatClock]) -> list[SeatClock]:
    """Copies of seat clocks (as they are now, before they change)."""
    return [replace(c, votes=list(c.votes)) for c in clocks]


def _is_bot_seat(row: GameRow, seat: int) -> bool:
    return 0 <= seat < len(row.seats) and row.seats[seat].is_bot


def _waiting_seats(title: str, state: State) -> list[int]:
    return get_game(title).current_seats(state)


__all__ = [
    "BOT",
    "DAY",
    "DEADLINE",
    "DEFAULT_POLICY",
    "NOTIFY_MODES",
    "PING",
    "POLICIES",
    "REMIND",
    "MyGames",
    "TimeConfig",
    "Timekeeper",
    "Waiting",
    "parse_policy",
]
