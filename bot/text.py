"""Turning engine and service messages into text for one audience, through the catalogue.

Seats appear in messages as parameters named ``player``, ``players`` or ``*_player``;
here they become display names (or Discord mentions, where a ping is wanted).

Bot seats (issue 11) have a themed name and show it with a marker and their level everywhere a player is
named: :func:`seat_name` ("🤖 Nefertiti (bot, normal)") in text, :func:`image_name` ("Nefertiti ⚙": the
image fonts have no emoji) in pictures. A bot seat's user id is ``bot:<n>``: never a Discord user, never
mentioned or messaged.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engines.core import Event, Msg
from render.i18n import format_duration, t

from .table.clock import ClockRule
from .table.clocks import Waiting
from .table.model import GameRow, Seat
from .table.names import (
    BOT_ID_PREFIX,
    BOT_MARK,
    bot_name,
    bot_user_id,
    is_bot_user,
    level_label,
    seat_label,
    seat_labels,
    utc_text,
    with_names,
)

__all__ = [
    "BOT_ID_PREFIX", "BOT_MARK", "bot_name", "bot_user_id", "clip", "clock_lines", "clock_text", "duration",
    "event_lines_from_json", "image_name", "image_names", "is_bot_user", "join_limited", "level_label", "say",
    "say_events", "seat_label", "seat_labels", "seat_name", "seat_names", "utc_text", "with_names",
]


def say(message: Msg, locale: str, names: Sequence[str | Msg] = ()) -> str:
    return t(with_names(message, names), locale)


def say_events(events: Iterable[Event], locale: str, names: Sequence[str | Msg], seat: int | None = None) -> list[str]:
    """The lines of ``events`` that ``seat`` may read (``None``: the public only)."""
    return [say(e.message, locale, names) for e in events if e.to is None or (seat is not None and e.to == seat)]


def event_lines_from_json(events: Iterable[dict[str, Any]], locale: str, names: Sequence[str | Msg],
                          seat: int | None = None) -> list[str]:
    return say_events((Event.from_json(e) for e in events), locale, names, seat)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def join_limited(lines: Sequence[str], limit: int, more: Callable[[int], str]) -> str:
    """Join lines with newlines, keeping the last ones that fit in ``limit`` characters."""
    out: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit - 40:
            out.append(more(len(lines) - len(out)))
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(reversed(out))


def duration(seconds: float, locale: str) -> str:
    """A duration in the reader's language, largest two units: ``1 day 4 hr``, ``1 den 4 h``, ``1 dzień 4 godz.``"""
    return format_duration(max(0.0, seconds), locale)


# ---------------------------------------------------------------------- bot seats (issue 11)

def seat_name(seat: Seat, locale: str) -> str:
    """A seat's name in text for one reader: "Ann", or "🤖 Nefertiti (bot, normal)" / "(bot, normální)"."""
    label = seat_label(seat)
    return label if isinstance(label, str) else t(label, locale)


def seat_names(row: GameRow, locale: str) -> list[str]:
    """:func:`seat_name` per seat, in seat order: use it wherever a message names the players."""
    return [seat_name(s, locale) for s in sorted(row.seats, key=lambda s: s.seat)]


def image_name(seat: Seat) -> str:
    """A seat's name in images: a bot's with :data:`BOT_MARK` (the image fonts cannot draw 🤖)."""
    return seat.name if seat.bot_level is None else f"{seat.name} {BOT_MARK}"


def image_names(row: GameRow) -> list[str]:
    """:func:`image_name` per seat, in seat order: the ``names`` to hand a renderer."""
    return [image_name(s) for s in sorted(row.seats, key=lambda s: s.seat)]


# ---------------------------------------------------------------------- the turn clocks


def clock_text(rule_json: dict[str, Any], policy: str, locale: str) -> str:
    """The table's clock and timeout policy, for the lobby and ``/game status``."""
    rule = ClockRule.from_json(rule_json)
    if rule.kind == "move":
        clock = t("clock.desc.move", locale, limit=duration(rule.limit, locale))
    elif rule.kind == "bank":
        clock = t("clock.desc.bank", locale, limit=duration(rule.limit, locale),
                  increment=duration(rule.increment, locale))
    else:
        clock = t("clock.desc.none", locale)
    return t("clock.lobby", locale, clock=clock, policy=t(f"clock.policy.{policy}", locale))


def clock_lines(waiting: Sequence[Waiting], locale: str) -> list[str]:
    """One line per seat the game waits for: "Ann to act · 1 day 4 hr left" (board messages, status, mine)."""
    out = []
    for w in waiting:
        if w.bot_level is not None:
            out.append(t("bots.line.thinking", locale,
                         player=seat_name(Seat(w.seat, w.user_id, w.name, w.bot_level), locale)))
        elif w.vacation_until is not None:
            out.append(t("clock.line.vacation", locale, player=w.name, until=utc_text(w.vacation_until)))
        elif w.paused:
            out.append(t("clock.line.paused", locale, player=w.name))
        elif w.bot:
            out.append(t("clock.line.bot", locale, player=w.name))
        elif w.left is None:
            out.append(t("clock.line.no_clock", locale, player=w.name))
        elif w.overdue:
            out.append(t("clock.line.overdue", locale, player=w.name))
        else:
            # a countdown rounds up: 2 d 23 h 59 min 59 s left reads "3 days", never "2 days 23 hr" a second in
            left = math.ceil(w.left / 60) * 60
            out.append(t("clock.line.to_act", locale, player=w.name, left=duration(left, locale)))
    return out
