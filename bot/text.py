"""Turning engine and service messages into text for one audience, through the catalogue.

Seats appear in messages as parameters named ``player``, ``players`` or ``*_player``;
here they become display names (or Discord mentions, where a ping is wanted).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engines.core import Event, Msg
from render.i18n import format_duration, t


def _is_seat_param(name: str) -> bool:
    return name in ("player", "players") or name.endswith("_player")


def with_names(message: Msg, names: Sequence[str]) -> Msg:
    """Replace seat numbers in a message's parameters by names (recursively)."""

    def name_of(v: Any) -> Any:
        if isinstance(v, int) and 0 <= v < len(names):
            return names[v]
        return v

    params: dict[str, Any] = {}
    for k, v in message.params.items():
        if isinstance(v, Msg):
            params[k] = with_names(v, names)
        elif _is_seat_param(k):
            params[k] = [name_of(x) for x in v] if isinstance(v, (list, tuple)) else name_of(v)
        else:
            params[k] = v
    return Msg(message.key, params)


def say(message: Msg, locale: str, names: Sequence[str] = ()) -> str:
    return t(with_names(message, names), locale)


def say_events(events: Iterable[Event], locale: str, names: Sequence[str], seat: int | None = None) -> list[str]:
    """The lines of ``events`` that ``seat`` may read (``None``: the public only)."""
    return [say(e.message, locale, names) for e in events if e.to is None or (seat is not None and e.to == seat)]


def event_lines_from_json(events: Iterable[dict[str, Any]], locale: str, names: Sequence[str], seat: int | None = None) -> list[str]:
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


def utc_text(t: float) -> str:
    """An instant for people, in UTC (``2026-12-01 14:00 UTC``)."""
    from datetime import UTC, datetime

    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M UTC")
