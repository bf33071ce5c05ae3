"""Turn clocks: how much time a player has, and when it runs out. Pure arithmetic, no I/O.

Times are Unix seconds (floats, UTC); the caller supplies "now" from its injected clock.

A table chooses a :class:`ClockRule` at ``/game new``:

* ``none`` — no clock; nobody is ever overdue;
* ``move`` — a limit per decision (e.g. 24 h): each decision gets the full limit;
* ``bank`` — a time bank with an increment (e.g. 3 d + 12 h a move, in the spirit of Board Game Arena's
  turn-based clock): the bank runs down while the player is to act and grows by the increment after
  each decision, up to a cap.

A player's clock does not run while it is *paused*: during the player's vacation, while the whole game
is paused, and — where the table allows it — during the player's quiet hours. Pauses are intervals; the
functions here compute, from a start time and a budget of running seconds, the wall-clock deadline, and
how much running time lies between two instants.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engines.core import Msg

MINUTE, HOUR, DAY = 60, 3600, 86400
#: the longest clock a table may choose (a bank or a limit): absurd values are refused, not stored
MAX_CLOCK = 60 * DAY

Interval = tuple[float, float]


class ClockError(ValueError):
    """A clock or quiet-hours setting that cannot be used; carries a catalogue message."""

    def __init__(self, key: str, **params: object) -> None:
        self.message = Msg(key, params)
        super().__init__(key)


@dataclass(frozen=True)
class ClockRule:
    kind: str = "none"          # "none" | "move" | "bank"
    limit: int = 0              # "move": seconds per decision; "bank": the starting bank
    increment: int = 0          # "bank": seconds added after each decision
    cap: int = 0                # "bank": the bank never grows beyond this (0 = limit + 4 increments)
    quiet_pauses: bool = True   # a player's quiet hours stop their clock

    def __post_init__(self) -> None:
        if self.kind not in ("none", "move", "bank"):
            raise ClockError("clock.err.kind", kind=self.kind)
        if self.kind != "none" and not 0 < self.limit <= MAX_CLOCK:
            raise ClockError("clock.err.range", max=MAX_CLOCK // DAY)
        if not 0 <= self.increment <= MAX_CLOCK:
            raise ClockError("clock.err.range", max=MAX_CLOCK // DAY)

    @property
    def enabled(self) -> bool:
        return self.kind != "none"

    @property
    def bank_cap(self) -> int:
        """The most a bank holds: its cap (default: the limit and four increments), never past 60 days."""
        return min(self.cap or self.limit + 4 * self.increment, MAX_CLOCK)

    def initial(self) -> int:
        """The running seconds a seat has for its first decision."""
        return self.limit if self.enabled else 0

    def after_decision(self, remaining: float) -> int:
        """The seconds a seat has for its next decision, given what was left when it decided."""
        if self.kind == "move":
            return self.limit
        if self.kind == "bank":
            return int(min(max(remaining, 0) + self.increment, self.bank_cap))
        return 0

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "limit": self.limit, "increment": self.increment, "cap": self.cap,
                "quiet_pauses": self.quiet_pauses}

    @staticmethod
    def from_json(data: dict[str, object] | None) -> ClockRule:
        if not data:
            return ClockRule()
        return ClockRule(str(data.get("kind", "none")), int(str(data.get("limit", 0))),
                         int(str(data.get("increment", 0))), int(str(data.get("cap", 0))),
                         bool(data.get("quiet_pauses", True)))


#: named presets offered at ``/game new``; the default suits casual asynchronous play
PRESETS: dict[str, ClockRule] = {
    "none": ClockRule("none"),
    "relaxed": ClockRule("bank", 3 * DAY, DAY),          # the default: 3 days, +1 day a move
    "daily": ClockRule("move", DAY),                     # 24 hours for every decision
    "steady": ClockRule("bank", 3 * DAY, 12 * HOUR),     # 3 days, +12 hours a move
    "brisk": ClockRule("bank", 12 * HOUR, 2 * HOUR),     # for a table that plays most of a day
}
DEFAULT_PRESET = "relaxed"

_UNITS = {"d": DAY, "h": HOUR, "m": MINUTE}
_DURATION = re.compile(r"(\d{1,4})\s*([dhm])")


def parse_duration(text: str) -> int:
    """``"2d"``, ``"36h"``, ``"1d 12h"``, ``"90m"`` → seconds. Raises :class:`ClockError`."""
    raw = text.strip().lower().replace(" ", "")
    if not raw or _DURATION.sub("", raw) != "":
        raise ClockError("clock.err.duration", text=text[:40])
    seconds = sum(int(n) * _UNITS[u] for n, u in _DURATION.findall(raw))
    if not 0 < seconds <= MAX_CLOCK:
        raise ClockError("clock.err.range", max=MAX_CLOCK // DAY)
    return seconds


def parse_clock(text: str | None) -> ClockRule:
    """A preset name, a per-decision limit (``"24h"``) or a bank with increment (``"3d+12h"``); ``None``
    is the default preset. A typed but empty clock is refused: it is not clear what was meant."""
    if text is not None and not text.strip():
        raise ClockError("clock.err.empty", presets=", ".join(PRESETS), default=DEFAULT_PRESET)
    raw = (text or DEFAULT_PRESET).strip().lower()
    if raw in PRESETS:
        return PRESETS[raw]
    if "+" in raw:
        bank, _, inc = raw.partition("+")
        return ClockRule("bank", parse_duration(bank), parse_duration(inc))
    return ClockRule("move", parse_duration(raw))


# ----------------------------------------------------------------------------- pauses


def merge(intervals: Iterable[Interval]) -> list[Interval]:
    """Sorted, non-overlapping intervals covering the same time (empty ones dropped)."""
    out: list[Interval] = []
    for a, b in sorted(i for i in intervals if i[1] > i[0]):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def running_time(start: float, end: float, pauses: Sequence[Interval]) -> float:
    """Seconds between ``start`` and ``end`` during which the clock runs (outside every pause)."""
    if end <= start:
        return 0.0
    total = end - start
    for a, b in merge(pauses):
        lo, hi = max(a, start), min(b, end)
        if hi > lo:
            total -= hi - lo
    return total


def deadline(start: float, budget: float, pauses: Sequence[Interval]) -> float:
    """The instant at which ``budget`` running seconds have passed since ``start``.

    ``pauses`` must cover the time up to the answer (callers pass enough of the future: quiet hours for
    the next days, known vacations); an open-ended pause is ``(a, math.inf)`` and makes the deadline
    infinite.
    """
    t, left = start, max(budget, 0.0)
    for a, b in merge(pauses):
        if b <= t:
            continue
        if a > t:
            if a - t >= left:
                return t + left
            left -= a - t
        t = max(t, b)
    return t + left


# ----------------------------------------------------------------------------- quiet hours


#: quiet hours are a night, not a day: at most this long
MAX_QUIET_MINUTES = 14 * 60


def _minutes(t: time) -> int:
    return t.hour * 60 + t.minute


@dataclass(frozen=True)
class QuietHours:
    """A daily window (local time in ``zone``) in which a user gets no pings; it may cross midnight."""

    start: time
    end: time
    zone: str = "UTC"

    def __post_init__(self) -> None:
        try:
            ZoneInfo(self.zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise ClockError("clock.err.zone", zone=self.zone[:40]) from None
        length = (_minutes(self.end) - _minutes(self.start)) % (24 * 60)
        if not 0 < length <= MAX_QUIET_MINUTES:
            raise ClockError("clock.err.quiet_length", hours=MAX_QUIET_MINUTES // 60)

    @staticmethod
    def parse(text: str, zone: str = "UTC") -> QuietHours:
        """``"22:00-07:00"`` (or ``"22-7"``) in ``zone``."""
        m = re.fullmatch(r"\s*(\d{1,2})(?::(\d{2}))?\s*-\s*(\d{1,2})(?::(\d{2}))?\s*", text or "")
        if not m:
            raise ClockError("clock.err.quiet", text=(text or "")[:40])
        h1, m1, h2, m2 = (int(g) if g else 0 for g in m.groups())
        if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59:
            raise ClockError("clock.err.quiet", text=text[:40])
        return QuietHours(time(h1, m1), time(h2, m2), zone)

    def intervals(self, t0: float, t1: float) -> list[Interval]:
        """The quiet intervals (UTC seconds) that touch ``[t0, t1]``, following the zone's DST changes."""
        tz = ZoneInfo(self.zone)
        day = datetime.fromtimestamp(t0, tz).date() - timedelta(days=1)
        last = datetime.fromtimestamp(t1, tz).date()
        out: list[Interval] = []
        while day <= last:
            a = datetime.combine(day, self.start, tz)
            end_day = day if self.end > self.start else day + timedelta(days=1)
            b = datetime.combine(end_day, self.end, tz)
            if b.timestamp() > t0 and a.timestamp() < t1:
                out.append((a.timestamp(), b.timestamp()))
            day += timedelta(days=1)
        return out

    def contains(self, t: float) -> bool:
        return any(a <= t < b for a, b in self.intervals(t, t + 1))

    def next_end(self, t: float) -> float:
        """``t`` itself outside quiet hours, else the instant the current quiet window ends."""
        for a, b in self.intervals(t, t + 1):
            if a <= t < b:
                return b
        return t

    def label(self) -> str:
        return f"{self.start:%H:%M}–{self.end:%H:%M} ({self.zone})"


def send_time(t: float, quiet: QuietHours | None) -> float:
    """When a ping due at ``t`` may go out: at once, or when the user's quiet hours end."""
    return quiet.next_end(t) if quiet else t


# ----------------------------------------------------------------------------- one decision


@dataclass(frozen=True)
class Turn:
    """One pending decision of one seat under a clock: when it began, and its budget of running seconds."""

    started: float
    budget: float

    def pauses(self, quiet: QuietHours | None, rule: ClockRule, other: Sequence[Interval], horizon: float) -> list[Interval]:
        """Every pause of this seat from the start of the turn up to ``horizon``."""
        out = list(other)
        if quiet is not None and rule.quiet_pauses:
            out += quiet.intervals(self.started, horizon)
        return merge(out)

    def _pauses_covering(self, quiet: QuietHours | None, rule: ClockRule, other: Sequence[Interval],
                         budget: float) -> list[Interval]:
        """Pauses up to a horizon safely past the instant ``budget`` running seconds are used up."""
        horizon = self.started + budget + DAY
        while True:
            pauses = self.pauses(quiet, rule, other, horizon)
            end = deadline(self.started, budget, pauses)
            if end == float("inf") or end + DAY <= horizon:
                return pauses
            horizon = end + 2 * DAY

    def due(self, quiet: QuietHours | None, rule: ClockRule, other: Sequence[Interval]) -> float:
        """The wall-clock deadline (``inf`` while an open-ended pause lasts)."""
        return deadline(self.started, self.budget, self._pauses_covering(quiet, rule, other, self.budget))

    def left(self, now: float, quiet: QuietHours | None, rule: ClockRule, other: Sequence[Interval]) -> float:
        """Running seconds left at ``now`` (negative once overdue)."""
        used = running_time(self.started, now, self.pauses(quiet, rule, other, now))
        return self.budget - used

    def reminders(self, quiet: QuietHours | None, rule: ClockRule, other: Sequence[Interval],
                  shares: Sequence[float] = (0.5,), before: float = 2 * HOUR) -> list[float]:
        """When to remind the seat: after each share of its time, and ``before`` seconds of running time
        before the end (never before the turn starts; sorted, without repeats)."""
        pauses = self._pauses_covering(quiet, rule, other, self.budget)
        marks = {self.budget * s for s in shares if 0 < s < 1}
        if self.budget > 2 * before:
            marks.add(self.budget - before)
        return sorted({deadline(self.started, m, pauses) for m in marks})
