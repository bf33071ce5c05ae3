"""Alhambra's hidden information: information states and determinisation (pure functions).

What a seat cannot see (RULES.md §10, ALH-INFO-1 … 4):

* the money cards in the other players' hands (only their number is public; with option
  ``open_hands``, ALH-OPT-5, every hand is public);
* the order of the money deck, including where the scoring cards A and B lie (ALH-INFO-4);
* the order of the building bag (ALH-INFO-4);
* the RNG state (it would predict every future reshuffle).

:func:`information_state` replaces each of them by a canonical form: every hidden card or tile
becomes the placeholder ``"?"`` in place (so hand sizes, deck and bag sizes stay as they are), and the
hidden items are pooled, sorted, under the key ``"hidden"``. ``seat=None`` is a spectator: every
hand is hidden (unless ``open_hands``).

The information state is a function of the current state alone. ALH-INFO-3 notes that a perfect
memory of the public log can rebuild every hand; a seat that remembers knows more than this
information state says. Treating those hands as unknown is coarser than the rules allow, never
finer, so it is fair.

:func:`determinize` deals the pooled items back at random: the other hands get cards of their
public sizes, the rest of the money goes into the deck, and A and B are put back into the deck
where the setup (ALH-SETUP-11 … 13: five piles, A somewhere in pile 2, B in pile 4) and the public
facts since then allow them to lie.
"""
from __future__ import annotations

from typing import Any

from engines.core import Rng, State

from . import data as D
from .common import copy_state

HIDDEN = "?"
#: the fewest cards a starting hand can have (9 + 9 + 2 ≥ 20: ALH-SETUP-8)
_MIN_START_CARDS = 3


def _sees_hand(state: State, seat: int | None, owner: int) -> bool:
    return owner == seat or bool(state["options"]["open_hands"])


def information_state(state: State, seat: int | None) -> State:
    """The state as ``seat`` knows it (``None``: a spectator). Two states that differ only in what
    ``seat`` cannot see give equal information states."""
    if seat is not None and not 0 <= seat < state["n"]:
        raise ValueError(f"no seat {seat} in a {state['n']}-player game")
    s = copy_state(state)
    s["rng"] = 0
    money: list[str] = []
    for owner, p in enumerate(s["players"]):
        if not _sees_hand(s, seat, owner):
            money += p["hand"]
            p["hand"] = [HIDDEN] * len(p["hand"])
    money += [c for c in s["deck"] if c not in D.SCORING_CARDS]
    s["deck"] = [HIDDEN] * len(s["deck"])
    tiles = sorted(s["bag"])
    s["bag"] = [HIDDEN] * len(s["bag"])
    s["hidden"] = {"seat": seat, "money": sorted(money), "tiles": tiles}
    return s


def determinize(info: State, seat: int | None, rng: Rng) -> State:
    """A complete, valid state consistent with ``info`` (an information state of ``seat``): hidden
    cards and tiles dealt at random from ``rng``, and a fresh RNG state drawn from it."""
    hidden = info.get("hidden")
    if not isinstance(hidden, dict) or hidden.get("seat", -1) != seat:
        raise ValueError(f"not an information state of seat {seat!r}")
    s = copy_state(info)
    del s["hidden"]
    money = list(hidden["money"])
    rng.shuffle(money)
    for p in s["players"]:
        if p["hand"] and p["hand"][0] == HIDDEN:
            k = len(p["hand"])
            p["hand"], money = money[:k], money[k:]
    scoring = [c for c in D.SCORING_CARDS if c not in s["aside"]]
    if len(money) + len(scoring) != len(s["deck"]):
        raise ValueError("information state is inconsistent: the money pool does not fill the hands and the deck")
    deck: list[str] = list(money)
    for card, index in sorted(_scoring_positions(s, len(money), scoring, rng).items(), key=lambda kv: kv[1]):
        deck.insert(index, card)
    s["deck"] = deck
    tiles = list(hidden["tiles"])
    if len(tiles) != len(s["bag"]):
        raise ValueError("information state is inconsistent: the tile pool does not fill the bag")
    rng.shuffle(tiles)
    s["bag"] = tiles
    s["rng"] = rng.next64()
    return s


Placement = tuple[int, int, range, int, range]


def scoring_placements(s: State, money_in_deck: int, scoring: list[str]) -> list[Placement]:
    """Where the scoring cards still in the deck (``scoring``) may lie, as far as the public state tells.

    At setup the deck after the deal and the display held ``D0`` money cards, cut into five piles
    (ALH-SETUP-11/12: ``q, r = divmod(D0, 5)``, piles 1 … r get one more); A went into one of the
    ``p2 + 1`` slots of pile 2 and B into one of the ``p4 + 1`` slots of pile 4 (ALH-SETUP-13), and
    since then cards were drawn only from the top. ``D0`` depends on how many cards the starting
    hands took, which the state does not record, so every starting deal size that the public
    state allows is considered: at least three cards a player, at most every money card that has
    left the deck, and at most four refill draws per finished turn.

    One entry per possible deal size: ``(weight, a_base, a_slots, b_base, b_slots)``; A's index in
    the current deck (top = 0) is ``a_base + a`` for ``a`` in ``a_slots``, B's ``b_base + b`` (with
    A still in the deck, B's index counts it). ``weight`` = the number of (A, B) slot pairs."""
    total = len(D.money_deck(s["n"] == D.NEUTRAL_WHEN, s["options"]["two_player_money_copies"]))
    drawn = total - money_in_deck - D.DISPLAY_SIZE  # = cards dealt at setup + refill draws since
    ends = s["turn"] if s["phase"] not in ("action", "placement") else s["turn"] - 1
    lo = max(_MIN_START_CARDS * s["n"], drawn - D.DISPLAY_SIZE * max(ends, 0))
    a_in_deck = "A" in scoring
    out: list[Placement] = []
    for dealt in range(lo, drawn + 1):
        refills = drawn - dealt
        q, r = divmod(total - D.DISPLAY_SIZE - dealt, D.MONEY_PILES)
        p = [q + 1 if i < r else q for i in range(D.MONEY_PILES)]
        if a_in_deck:
            a_base = p[0] - refills
            b_base = p[0] + p[1] + 1 + p[2] - refills
            a_slots = range(max(0, -a_base), p[1] + 1)
        else:
            if p[0] > refills:  # A was drawn, so the refills reached pile 2
                continue
            a_base = 0
            b_base = p[0] + p[1] + p[2] - refills  # A and the refills came off the top
            a_slots = range(1)
        b_slots = range(max(0, -b_base), p[3] + 1)
        if len(a_slots) and len(b_slots):
            out.append((len(a_slots) * len(b_slots), a_base, a_slots, b_base, b_slots))
    return out


def _scoring_positions(s: State, money_in_deck: int, scoring: list[str], rng: Rng) -> dict[str, int]:
    """Indexes in the final deck (top = 0) for the scoring cards still in it: each (deal size, slot
    of A, slot of B) of :func:`scoring_placements` equally likely. A hand-built position that no
    setup can produce gets uniform indexes (A above B)."""
    if not scoring:
        return {}
    feasible = scoring_placements(s, money_in_deck, scoring)
    if not feasible:
        return dict(zip(scoring, rng_sample(rng, money_in_deck + len(scoring), len(scoring)), strict=True))
    pick = rng.below(sum(f[0] for f in feasible))
    chosen = feasible[-1]
    for f in feasible:
        if pick < f[0]:
            chosen = f
            break
        pick -= f[0]
    _, a_base, a_slots, b_base, b_slots = chosen
    b = b_base + b_slots[rng.below(len(b_slots))]
    if "A" not in scoring:
        return {"B": b}
    return {"A": a_base + a_slots[rng.below(len(a_slots))], "B": b}


def rng_sample(rng: Rng, n: int, k: int) -> list[int]:
    """``k`` distinct indexes of ``0 … n-1``, sorted, uniformly at random."""
    items = list(range(n))
    rng.shuffle(items)
    return sorted(items[:k])


def hidden_items(state: State, seat: int | None) -> dict[str, Any]:
    """The pooled hidden items of ``seat``'s information state (for tests and bots)."""
    return dict(information_state(state, seat)["hidden"])
