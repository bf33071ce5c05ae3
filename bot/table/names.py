"""How the table names seats in messages: seat numbers become names (a bot seat's as a message with its
marker and level), bot seats' user ids and themed names. Plain functions over the table's model."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from engines import get_game
from engines.core import Msg

from .model import GameRow, Seat

#: the marker of a bot seat in images (DejaVu Sans draws it; it has no 🤖)
BOT_MARK = "\u2699"
#: a bot seat's user id starts with this (never a Discord snowflake)
BOT_ID_PREFIX = "bot:"


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


def utc_text(t: float) -> str:
    """An instant for people, in UTC (``2026-12-01 14:00 UTC``)."""
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M UTC")


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
    """The first of the game's themed names (:attr:`engines.core.Game.bot_names`) that nobody at the table
    has (case-insensitive); past the end of the list, a name with a number."""
    used = {n.casefold() for n in taken}
    names = get_game(title).bot_names
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
    """:func:`seat_label` per seat, in seat order (the ``names`` for :func:`with_names`)."""
    return [seat_label(s) for s in sorted(row.seats, key=lambda s: s.seat)]
