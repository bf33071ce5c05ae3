"""Turning engine and service messages into text for one audience, through the catalogue.

Seats appear in messages as parameters named ``player``, ``players`` or ``*_player``;
here they become display names (or Discord mentions, where a ping is wanted).

Bot seats (issue 11) have a themed name and show it with a marker and their level everywhere a player is
named: :func:`seat_name` ("🤖 Nefertiti (bot, normal)") in text, :func:`image_name` ("Nefertiti ⚙": the
image fonts have no emoji) in pictures. A bot seat's user id is ``bot:<n>``: never a Discord user, never
mentioned or messaged.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from engines.core import Event, Msg
from render.i18n import format_duration, t

if TYPE_CHECKING:
    from .storage import GameRow, Seat


def _is_seat_param(name: str) -> bool:
    return name in ("player", "players") or name.endswith("_player")


def with_names(message: Msg, names: Sequence[str | Msg]) -> Msg:
    """Replace seat numbers in a message's parameters by names (recursively). A name may be a message
    itself (a bot seat's :func:`seat_label`), translated with the rest."""

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


def utc_text(t: float) -> str:
    """An instant for people, in UTC (``2026-12-01 14:00 UTC``)."""
    from datetime import UTC, datetime

    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M UTC")


# ---------------------------------------------------------------------- bot seats (issue 11)

#: the marker of a bot seat in images (DejaVu Sans draws it; it has no 🤖)
BOT_MARK = "\u2699"
#: a bot seat's user id starts with this (never a Discord snowflake)
BOT_ID_PREFIX = "bot:"

_EGYPTIAN = ("Nefertiti", "Hatshepsut", "Imhotep", "Ramesses", "Khufu", "Ankhesenamun", "Tiye", "Thutmose",
             "Nefertari", "Sobekneferu", "Amenhotep", "Merneith")
_NASRID = ("Zoraida", "Boabdil", "Yusuf", "Aixa", "Ibn Zamrak", "Fátima", "Ismail", "Maryam", "Muhammad",
           "Ibn al-Khatib", "Nasr", "Abu l-Hasan")
#: the names bot seats take, per game: Egyptian for Egizia and Luxor, Andalusian (Nasrid) for Alhambra
BOT_NAMES: dict[str, tuple[str, ...]] = {"alhambra": _NASRID, "egizia": _EGYPTIAN, "luxor": _EGYPTIAN}


def is_bot_user(user_id: str) -> bool:
    """Whether a seat's user id is a bot's (``bot:<n>``): such a user is never pinged or messaged."""
    return str(user_id).startswith(BOT_ID_PREFIX)


def bot_user_id(taken: Iterable[str]) -> str:
    """The first free ``bot:<n>`` (n ≥ 1) among the user ids ``taken`` in one game."""
    used = set(taken)
    n = 1
    while f"{BOT_ID_PREFIX}{n}" in used:
        n += 1
    return f"{BOT_ID_PREFIX}{n}"


def bot_name(title: str, taken: Iterable[str]) -> str:
    """The first of the game's themed names that nobody at the table has (case-insensitive); past the
    end of the list, a name with a number."""
    used = {n.casefold() for n in taken}
    names = BOT_NAMES.get(title, _EGYPTIAN)
    for name in names:
        if name.casefold() not in used:
            return name
    n = 2
    while True:
        for name in names:
            if f"{name} {n}".casefold() not in used:
                return f"{name} {n}"
        n += 1


def level_label(level: str) -> Msg:
    """A bot level as a catalogue message (``normal`` → "normal" / "normální" / "normalny")."""
    return Msg(f"bots.level.{level}")


def seat_label(seat: Seat) -> str | Msg:
    """How a seat is named in text: a person by their name, a bot as a message (marker, name, level)."""
    if seat.bot_level is None:
        return seat.name
    return Msg("bots.seat", {"name": seat.name, "level": level_label(seat.bot_level)})


def seat_labels(row: GameRow) -> list[str | Msg]:
    """:func:`seat_label` per seat, in seat order (the ``names`` for :func:`with_names` and :func:`say`)."""
    return [seat_label(s) for s in sorted(row.seats, key=lambda s: s.seat)]


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
