"""Turning engine and service messages into text for one audience, through the catalogue.

Seats appear in messages as parameters named ``player``, ``players`` or ``*_player``;
here they become display names (or Discord mentions, where a ping is wanted).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engines.core import Event, Msg, Option
from render.i18n import t


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


# ---------------------------------------------------------------------- short payment lists

PAYMENTS_PER_TARGET = 4  # a handful per tile: the exact payments first, then the cheapest over-payments
_PAYMENT = re.compile(r"^buy (\S+) (\d+(?:\+\d+)*)$")


def shortlist_options(options: Sequence[Option], per_target: int = PAYMENTS_PER_TARGET) -> list[Option]:
    """The options worth *showing*: Alhambra payments cut to a short, useful list per market space.

    For each tile (``buy <space> <v>+<v>…``; the price is the label's ``price``): the exact payments,
    fewest cards first (at most ``per_target - 1`` of them when an over-payment exists, so that one is
    always offered), then the over-payments from which no card can be dropped, least over-payment
    first, then fewest cards, then the one keeping the biggest cards; ``per_target`` in all. Payments
    that spend a card for nothing are left out. Every other option, and the order of the kinds of
    option, stays as it is; any payment left out can still be typed (the rules accept every legal one).
    """
    groups: dict[str, list[tuple[tuple[int, ...], Option, int]]] = {}
    first_at: dict[str, int] = {}
    keep: list[Option | str] = []
    for o in options:
        m = _PAYMENT.match(o.action)
        price = o.label.params.get("price") if isinstance(o.label, Msg) else None
        if not m or not isinstance(price, int):
            keep.append(o)
            continue
        target = m.group(1)
        values = tuple(sorted((int(v) for v in m.group(2).split("+")), reverse=True))
        if target not in groups:
            groups[target] = []
            first_at[target] = len(keep)
            keep.append(target)
        groups[target].append((values, o, price))
    chosen: dict[str, list[Option]] = {}
    for target, pays in groups.items():
        exact = sorted((p for p in pays if sum(p[0]) == p[2]), key=lambda p: (len(p[0]), p[0]))
        over = sorted((p for p in pays if sum(p[0]) > p[2] and sum(p[0]) - min(p[0]) < p[2]),
                      key=lambda p: (sum(p[0]) - p[2], len(p[0]), tuple(-v for v in p[0])))
        n_exact = min(len(exact), per_target - 1 if over else per_target)
        picked = exact[:n_exact] + over[: per_target - n_exact]
        chosen[target] = [o for _, o, _ in picked] or [o for _, o, _ in pays[:per_target]]
    out: list[Option] = []
    for item in keep:
        out.extend(chosen[item] if isinstance(item, str) else [item])
    return out
