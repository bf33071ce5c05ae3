"""Luxor's hidden information: information states and determinisation (pure functions).

What a seat cannot see (RULES.md §18, LUX-INFO-2/3, LUX-HAND-5):

* the cards in the other players' hands and their order (the number of cards is public);
* the values of the other players' scarabs (how many each holds is public; all values are
  revealed at the end, LUX-INFO-5) and the scarab supply;
* the order of the draw pile;
* the Horus cards under the top card of each Horus stack (the top card is face up);
* the order of each temple stack;
* the 2 Osiris tiles left in the box (they are simply the ones not on the board);
* the RNG state (it would predict die rolls and reshuffles).

Public and kept as it is: the discard pile (every card was shown when played), the card played this
turn, the top of each Horus stack, every tile on the board, hand sizes, scarab counts.

:func:`information_state` turns each hidden card, scarab or tile into the placeholder ``"?"`` in place
(sizes and the position of every face-up top card stay) and pools the hidden items, sorted, under
``"hidden"``: ``cards`` (every card ``seat`` cannot locate), ``scarabs`` and ``temple`` (per back).
``seat=None`` is a spectator.

:func:`determinize` respects the one structural constraint on where a hidden card may be: a hidden
place in the level-``L`` Horus stack holds a level-``L`` Horus card. It fills those places first
(uniformly among the pooled cards of that level) and deals the rest uniformly to the other hands and
the draw pile, which gives every consistent deal the same probability.

The information state depends on the current state only: a Horus card taken from a face-up stack
was seen by everybody (LUX-INFO-4) and a perfect memory can follow it through the hand; here it is
pooled with the unknown cards (coarser than the rules allow, never finer).
"""
from __future__ import annotations

from typing import Any

from engines.core import Rng, State

from . import data
from .clone import clone_state

HIDDEN = "?"


def information_state(state: State, seat: int | None) -> State:
    """The state as ``seat`` knows it (``None``: a spectator). Two states that differ only in what
    ``seat`` cannot see give equal information states."""
    n = len(state["seats"])
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"no seat {seat} in a {n}-player game")
    s = clone_state(state)
    s["rng"] = 0
    revealed = bool(s["over"])  # scarab values are revealed at the end (LUX-INFO-5)
    cards: list[str] = []
    scarabs: list[str] = []
    for owner, p in enumerate(s["seats"]):
        if owner != seat:
            cards += p["hand"]
            p["hand"] = [HIDDEN] * len(p["hand"])
            if not revealed:
                scarabs += p["scarabs"]
                p["scarabs"] = [HIDDEN] * len(p["scarabs"])
    cards += s["draw"]
    s["draw"] = [HIDDEN] * len(s["draw"])
    for level, stack in s["horus_stacks"].items():
        if stack:
            cards += stack[:-1]  # top = last, face up
            s["horus_stacks"][level] = [HIDDEN] * (len(stack) - 1) + stack[-1:]
    scarabs += s["supply"]["scarabs"]
    s["supply"]["scarabs"] = [HIDDEN] * len(s["supply"]["scarabs"])
    temple: dict[str, list[dict[str, Any]]] = {}
    for back, stack in s["temple_stacks"].items():
        temple[back] = sorted(stack, key=lambda t: t["id"])
        s["temple_stacks"][back] = [HIDDEN] * len(stack)
    s["box"]["osiris"] = sorted(s["box"]["osiris"])
    s["hidden"] = {"seat": seat, "cards": sorted(cards), "scarabs": sorted(scarabs), "temple": temple}
    return s


def _level(card: str) -> int | None:
    c = data.CARDS[card]
    return c["level"] if c["deck"] == "horus" else None


_LEVEL: dict[str, int | None] = {cid: _level(cid) for cid in data.CARDS}


def determinize(info: State, seat: int | None, rng: Rng) -> State:
    """A complete, valid state consistent with ``info`` (an information state of ``seat``): hidden
    cards, scarabs and tiles dealt at random from ``rng``, and a fresh RNG state drawn from it."""
    hidden = info.get("hidden")
    if not isinstance(hidden, dict) or hidden.get("seat", -1) != seat:
        raise ValueError(f"not an information state of seat {seat!r}")
    s = clone_state({k: v for k, v in info.items() if k != "hidden"})  # the pools are read, not copied
    pool = list(hidden["cards"])
    rng.shuffle(pool)
    # the hidden places of the Horus stacks first: they take only cards of their level
    for level, stack in sorted(s["horus_stacks"].items()):
        k = sum(1 for c in stack if c == HIDDEN)
        if not k:
            continue
        lvl = int(level)
        fits = [i for i, c in enumerate(pool) if _LEVEL[c] == lvl]
        if len(fits) < k:
            raise ValueError(f"information state is inconsistent: too few level-{level} Horus cards in the pool")
        chosen = set(fits[:k])  # the pool is shuffled: the first k of that level are a uniform choice
        s["horus_stacks"][level] = [pool[i] for i in sorted(chosen)] + [c for c in stack if c != HIDDEN]
        pool = [c for i, c in enumerate(pool) if i not in chosen]
    for p in s["seats"]:
        if p["hand"] and p["hand"][0] == HIDDEN:
            k = len(p["hand"])
            p["hand"], pool = pool[:k], pool[k:]
    if len(pool) != len(s["draw"]):
        raise ValueError("information state is inconsistent: the card pool does not fill the hands and the draw pile")
    s["draw"] = pool
    scarabs = list(hidden["scarabs"])
    rng.shuffle(scarabs)
    for p in s["seats"]:
        if p["scarabs"] and p["scarabs"][0] == HIDDEN:
            k = len(p["scarabs"])
            p["scarabs"], scarabs = scarabs[:k], scarabs[k:]
    if len(scarabs) != len(s["supply"]["scarabs"]):
        raise ValueError("information state is inconsistent: the scarab pool does not fill the supply")
    s["supply"]["scarabs"] = scarabs
    for back, tiles in hidden["temple"].items():
        order = [dict(t) for t in tiles]
        if len(order) != len(s["temple_stacks"][back]):
            raise ValueError(f"information state is inconsistent: temple stack {back}")
        rng.shuffle(order)
        s["temple_stacks"][back] = order
    s["rng"] = rng.next64()
    return s
