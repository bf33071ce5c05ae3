"""Paying for a building (ALH-BUY-2/3/6, DECISIONS C-06, Q-06): the payments offered per market space,
and the one judge of any payment, offered or typed.

A payment is a multiset of card values of the space's currency, written descending (``(5, 3)`` =
``"5+3"``): identical cards are interchangeable, so one multiset is one choice.
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from operator import itemgetter

from engines.core import State

from . import data as D
from .common import Refusal, card_value, cur_msg, hand_values

Payment = tuple[int, ...]

#: at most this many payments are offered per market space; any other legal payment may be typed
PAYMENT_OFFER_LIMIT = 6


def space_values(s: State, seat: int, space: int) -> tuple[int, ...]:
    """The values of ``seat``'s cards in the currency of market ``space``, descending."""
    letter = D.LETTER[D.SPACE_CURRENCY[space]]
    return tuple(sorted((card_value(c) for c in s["players"][seat]["hand"] if c[0] == letter), reverse=True))


def judge_payment(s: State, seat: int, i: int, pay: Payment) -> Refusal | None:
    """The verdict on paying ``pay`` for the tile of market index ``i`` (ALH-BUY-2, ALH-BUY-3).

    Every payment, offered or typed, is judged here: the cards must be in the hand, in the space's
    currency, and total at least the price."""
    space = D.SPACES[i]
    cur = D.SPACE_CURRENCY[space]
    hand = list(hand_values(tuple(s["players"][seat]["hand"]))[i])  # space_values, memoised for every space
    paid = "+".join(map(str, pay))
    for v in pay:
        if v not in hand:
            return Refusal("ALH-BUY-2", "err.not_held", {"paid": paid, "currency": cur_msg(cur), "space": space})
        hand.remove(v)
    tile = s["market"][i]
    price = D.PRICE[tile]
    assert price is not None
    if sum(pay) < price:
        return Refusal("ALH-BUY-3", "err.underpaid", {"total": sum(pay), "price": price, "tile": tile})
    return None


def _multisets(counter: dict[int, int], lo: int, hi: int | None) -> Iterator[Payment]:
    """Multisets of the hand's values with ``lo <= sum <= hi`` (``hi=None``: unbounded), larger
    cards first."""
    vals = sorted(counter, reverse=True)
    total_all = sum(v * c for v, c in counter.items())

    def rec(i: int, chosen: list[int], s: int, remaining: int) -> Iterator[Payment]:
        if s + remaining < lo or (hi is not None and s > hi):
            return
        if i == len(vals):
            if chosen:
                yield tuple(chosen)
            return
        v = vals[i]
        c = counter[v]
        rest = remaining - v * c
        for k in range(c, -1, -1):
            if hi is not None and s + v * k > hi:
                continue
            yield from rec(i + 1, chosen + [v] * k, s + v * k, rest)

    yield from rec(0, [], 0, total_all)


def _counter(values: tuple[int, ...]) -> dict[int, int]:
    counter: dict[int, int] = {}
    for v in values:
        counter[v] = counter.get(v, 0) + 1
    return counter


def legal_payments(values: tuple[int, ...], price: int) -> Iterator[Payment]:
    """Every legal payment (ALH-BUY-3, Q-06: cards that are not needed may be added), lazily, larger
    cards first. The flow counts these (a decision with one legal action resolves itself)."""
    if sum(values) < price:
        return iter(())
    return _multisets(_counter(values), price, None)


@lru_cache(maxsize=1024)
def offered_payments(values: tuple[int, ...], price: int) -> tuple[tuple[Payment, bool], ...]:
    """The short list of payments offered for a tile of ``price`` from ``values`` (the hand's cards of
    the space's currency), as ``((multiset, exact), …)``.

    DECISIONS C-06: the exact payments first (they grant a further action, ALH-BUY-6), then the
    minimal over-payments (no card can be dropped), by overpayment, then fewer cards first, then
    larger cards first; at most :data:`PAYMENT_OFFER_LIMIT`. A payment with a card that could be
    dropped pays that card for nothing and is never offered; it, and every other legal payment, may
    still be typed and is accepted (:func:`judge_payment`).
    """
    if not values or sum(values) < price:
        return ()
    ranked = _minimal_payments(values, price)
    # the order of _cheapest_first by two stable sorts on C keys: larger cards first, then by total and count
    ranked.sort(key=_PAYMENT, reverse=True)
    ranked.sort(key=_TOTAL_COUNT)
    return tuple([(p, total == price) for total, _, p in ranked[:PAYMENT_OFFER_LIMIT]])


_PAYMENT = itemgetter(2)
_TOTAL_COUNT = itemgetter(0, 1)


def _minimal_payments(values: tuple[int, ...], price: int) -> list[tuple[int, int, Payment]]:
    """Every minimal payment (no card can be dropped) from ``values`` with its total and card count: the
    multisets, larger cards first, whose every proper prefix is below ``price`` and whose total reaches it
    (dropping a card leaves at most the total without the smallest card, which is a proper prefix)."""
    counter = _counter(values)
    vals = sorted(counter, reverse=True)
    counts = [counter[v] for v in vals]
    out: list[tuple[int, int, Payment]] = []
    _extend(vals, counts, price, out, 0, counts[0], (), 0)
    return out


def _extend(vals: list[int], counts: list[int], price: int, out: list[tuple[int, int, Payment]], j: int, left: int,
            chosen: Payment, total: int) -> None:
    """:func:`_minimal_payments` from card kind ``j`` on (a module function, not a closure: a recursive
    closure is a reference cycle that only the garbage collector frees)."""
    for k in range(j, len(vals)):
        rem = left if k == j else counts[k]
        if not rem:
            continue
        v = vals[k]
        paid = chosen + (v,)
        if total + v >= price:
            out.append((total + v, len(paid), paid))
        else:
            _extend(vals, counts, price, out, k, rem - 1, paid, total + v)


def _cheapest_first(p: Payment) -> tuple[int, int, tuple[int, ...]]:
    """The order of the offer (DECISIONS C-06): by overpayment, then fewer cards, then larger cards."""
    return sum(p), len(p), tuple(-v for v in p)


def _fewer_cards_first(p: Payment) -> tuple[int, tuple[int, ...]]:
    return len(p), tuple(-v for v in p)
