"""Information states and determinisation of every game (engines/<game>/hidden.py).

For every game and player count, along random games, for every seat and for a spectator:

* ``information_state`` is plain JSON, holds the hidden items only as placeholders plus a sorted
  pool, and two states that differ only in what the seat cannot see give equal information states
  (pairs built by hand-scrambling the hidden parts of real states, and pairs of determinisations);
  a change the seat *can* see changes it;
* ``determinize`` gives a valid state (the game's invariants hold, ``prompts``/``apply`` work),
  consistent with the information state (``information_state(determinize(info)) == info``),
  different hidden deals for different RNG seeds, and random playouts from it finish.

Clauses: ALH-INFO-1 … 4, EGZ-INFO-1 … 3, EGZ-SPHINX-GEN-1, LUX-INFO-1 … 5, LUX-HAND-5.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from engines.alhambra import GAME as ALHAMBRA
from engines.alhambra import hidden as alh_hidden
from engines.alhambra.flow import check_invariants as alhambra_conservation
from engines.core import Game, Rng, State, clone
from engines.egizia import GAME as EGIZIA
from engines.luxor import GAME as LUXOR
from engines.luxor import data as lux_data
from tests.engines.egizia.test_properties import invariant as egizia_invariant
from tests.engines.luxor.invariants import check_invariants as luxor_invariant

HIDDEN = "?"
STATS: Counter[str] = Counter()


def alhambra_invariant(s: State) -> None:
    alhambra_conservation(s)
    if "A" in s["deck"] and "B" in s["deck"]:
        assert s["deck"].index("A") < s["deck"].index("B"), "ALH-SETUP-13: A lies above B"


def luxor_full_invariant(s: State) -> None:
    luxor_invariant(s)
    for level, stack in s["horus_stacks"].items():  # LUX-SETUP-3: a stack holds its level's cards
        assert all(lux_data.CARDS[c].get("level") == int(level) for c in stack), (level, stack)


INVARIANT: dict[str, Callable[[State], None]] = {
    "alhambra": alhambra_invariant,
    "egizia": egizia_invariant,
    "luxor": luxor_full_invariant,
}
GAMES: dict[str, Game] = {"alhambra": ALHAMBRA, "egizia": EGIZIA, "luxor": LUXOR}
CASES = [("alhambra", n) for n in (2, 3, 4, 5, 6)] + [("egizia", n) for n in (2, 3, 4)] + [("luxor", n) for n in (2, 3, 4)]
EVERY = {"alhambra": 25, "egizia": 6, "luxor": 8}  # sample every k-th position of a game
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "alhambra": [{}, {"open_hands": True}],
    "egizia": [{}, {"setup_sphinx": "draw2_keep1"}],
    "luxor": [{}],
}


def random_positions(game: Game, n: int, seed: int, options: dict[str, Any], every: int) -> list[State]:
    """Every ``every``-th position of a random legal game, and the last one."""
    rnd = random.Random(seed)
    state = game.new_game(n, options, seed).state
    out = []
    k = 0
    while not game.is_over(state):
        if k % every == 0:
            out.append(state)
        prompts = game.prompts(state)
        p = rnd.choice(prompts)
        state = game.apply(state, p.seat, rnd.choice(p.options).action).state
        k += 1
    out.append(state)
    return out


def playout(game: Game, state: State, seed: int, limit: int = 20_000) -> State:
    rnd = random.Random(seed)
    for _ in range(limit):
        if game.is_over(state):
            return state
        p = rnd.choice(game.prompts(state))
        state = game.apply(state, p.seat, rnd.choice(p.options).action).state
    raise AssertionError("playout from a determinised state did not finish")


def seats_of(state: State) -> list[int | None]:
    n = state.get("n") or len(state["seats"])
    return [*range(n), None]


# --------------------------------------------------------------------------- scramblers (independent of determinize)


def scramble(name: str, state: State, seat: int | None, rnd: random.Random) -> State:
    """A state that differs from ``state`` only in what ``seat`` cannot see, built by hand."""
    s = clone(state)
    s["rng"] = rnd.getrandbits(64)
    if name == "alhambra":
        hands = [p["hand"] for i, p in enumerate(s["players"]) if i != seat and not s["options"]["open_hands"]]
        money = [c for h in hands for c in h] + [c for c in s["deck"] if c not in ("A", "B")]
        rnd.shuffle(money)
        for h in hands:
            h[:], money = money[: len(h)], money[len(h):]
        s["deck"] = [c if c in ("A", "B") else money.pop() for c in s["deck"]]
        rnd.shuffle(s["bag"])
    elif name == "egizia":
        over = bool(s["result"])
        places = [p["sphinx"] for i, p in enumerate(s["seats"]) if i != seat and not over] + [s["sphinx_deck"]]
        pool = [c for pl in places for c in pl]
        rnd.shuffle(pool)
        for pl in places:
            pl[:], pool = pool[: len(pl)], pool[len(pl):]
        for deck in s["decks"].values():
            rnd.shuffle(deck)
        rnd.shuffle(s["tombs_box"])
    else:
        places = [p["hand"] for i, p in enumerate(s["seats"]) if i != seat] + [s["draw"]]
        pool = [c for pl in places for c in pl]
        rnd.shuffle(pool)
        for pl in places:
            pl[:], pool = pool[: len(pl)], pool[len(pl):]
        sc = [p["scarabs"] for i, p in enumerate(s["seats"]) if i != seat and not s["over"]] + [s["supply"]["scarabs"]]
        pool = [c for pl in sc for c in pl]
        rnd.shuffle(pool)
        for pl in sc:
            pl[:], pool = pool[: len(pl)], pool[len(pl):]
        for stack in s["temple_stacks"].values():
            rnd.shuffle(stack)
        for stack in s["horus_stacks"].values():
            below = stack[:-1]
            rnd.shuffle(below)
            stack[:-1] = below
    return s


def visible_change(name: str, state: State, seat: int) -> State | None:
    """A state that differs from ``state`` in something ``seat`` sees (a card of its own hand swapped
    with a different one from the deck), or None when there is nothing to swap."""
    s = clone(state)
    if name == "alhambra":
        hand, deck = s["players"][seat]["hand"], s["deck"]
    elif name == "egizia":
        if s["result"]:
            return None
        hand, deck = s["seats"][seat]["sphinx"], s["sphinx_deck"]
    else:
        hand, deck = s["seats"][seat]["hand"], s["draw"]
    for i, c in enumerate(hand):
        j = next((j for j, d in enumerate(deck) if d != c and d not in ("A", "B")), None)
        if j is not None:
            hand[i], deck[j] = deck[j], c
            return s
    return None


# --------------------------------------------------------------------------- the tests


@pytest.mark.parametrize(("name", "n"), CASES)
def test_information_states_and_determinisation(name: str, n: int) -> None:
    """ALH-INFO-1…4, EGZ-INFO-1…3, LUX-INFO-1…5: equal information states for states that differ only
    in hidden parts; determinised states are valid, consistent, varied, and play to the end."""
    game = GAMES[name]
    rnd = random.Random(n)
    for options in OPTIONS[name]:
        for seed in (1, 2) if not options else (3,):
            positions = random_positions(game, n, seed, options, every=EVERY[name])
            for k, state in enumerate(positions):
                for seat in seats_of(state):
                    info = game.information_state(state, seat)
                    assert json.loads(json.dumps(info)) == info
                    assert info["rng"] == 0
                    # pairs: hand-scrambled hidden parts give the same information state
                    for _ in range(2):
                        assert game.information_state(scramble(name, state, seat, rnd), seat) == info
                        STATS["pairs"] += 1
                    if seat is not None:
                        changed = visible_change(name, state, seat)
                        if changed is not None:
                            assert game.information_state(changed, seat) != info
                            STATS["visible changes"] += 1
                    # determinisation: valid and consistent; two seeds give different deals
                    d1 = game.determinize(info, seat, Rng.seeded(1000 * k + 1))
                    d2 = game.determinize(info, seat, Rng.seeded(1000 * k + 2))
                    for d in (d1, d2):
                        INVARIANT[name](d)
                        assert json.loads(json.dumps(d)) == d
                        assert game.information_state(d, seat) == info
                        assert game.public_view(d) == game.public_view(state)
                        game.prompts(d)
                        STATS["determinisations"] += 1
                    assert game.information_state(d1, seat) == game.information_state(d2, seat)
                    STATS["pairs"] += 1
                    if {**d1, "rng": 0} != {**d2, "rng": 0}:
                        STATS["different deals"] += 1
                # playouts from a determinised state, every few positions
                if k % 4 == 1 and not game.is_over(state):
                    seat = state.get("active") if name == "alhambra" else game.current_seats(state)[0]
                    d = game.determinize(game.information_state(state, seat), seat, Rng.seeded(k))
                    end = playout(game, d, k)
                    INVARIANT[name](end)
                    STATS["playouts"] += 1


@pytest.mark.parametrize("name", ["alhambra", "egizia", "luxor"])
def test_different_seeds_deal_differently(name: str) -> None:
    """Determinisation really samples: 20 seeds give at least 15 different hidden deals (ALH-INFO-4,
    EGZ-INFO-2, LUX-INFO-3)."""
    game = GAMES[name]
    state = random_positions(game, 3, 7, {}, every=10)[2]
    seat = 0
    info = game.information_state(state, seat)
    deals = {json.dumps({**game.determinize(info, seat, Rng.seeded(i)), "rng": 0}, sort_keys=True) for i in range(20)}
    assert len(deals) >= 15


def test_determinize_refuses_another_seats_information_state() -> None:
    """An information state is tied to its seat: determinising it for another seat is refused."""
    state = ALHAMBRA.new_game(3, seed=1).state
    info = ALHAMBRA.information_state(state, 0)
    with pytest.raises(ValueError, match="seat 1"):
        ALHAMBRA.determinize(info, 1, Rng.seeded(1))
    with pytest.raises(ValueError, match="seat"):
        ALHAMBRA.determinize(state, 0, Rng.seeded(1))
    with pytest.raises(ValueError, match="no seat 5"):
        LUXOR.information_state(LUXOR.new_game(2, seed=1).state, 5)


def test_alhambra_true_scoring_positions_are_possible() -> None:
    """ALH-SETUP-11…13 / ALH-INFO-4: wherever A and B really lie, the public facts allow it, so the
    determinisation's support contains the true deck (checked along whole games of 2…6 players)."""
    checked = 0
    for n in (2, 3, 4, 5, 6):
        for state in random_positions(ALHAMBRA, n, n + 10, {}, every=3):
            scoring = [c for c in ("A", "B") if c not in state["aside"]]
            if not scoring:
                continue
            money = sum(1 for c in state["deck"] if c not in ("A", "B"))
            places = alh_hidden.scoring_placements(state, money, scoring)
            a = state["deck"].index("A") if "A" in scoring else None
            b = state["deck"].index("B")
            assert any((a is None or a - f[1] in f[2]) and b - f[3] in f[4] for f in places), (n, a, b)
            checked += 1
    assert checked > 100


def test_egizia_hidden_choices_are_redrawn() -> None:
    """EGZ-SETUP-8 (draw2_keep1) and D-10: another seat's drawn pair, its keep choice and its early
    feeding answer are hidden, and determinisation fills them with legal values."""
    state = EGIZIA.new_game(3, {"setup_sphinx": "draw2_keep1"}, 3).state
    assert state["stage"]["at"] == "setup_keep"
    first = EGIZIA.prompts(state)[0]
    state = EGIZIA.apply(state, first.seat, first.options[0].action).state
    seat = next(i for i in range(3) if i != first.seat)
    info = EGIZIA.information_state(state, seat)
    assert info["stage"]["drawn"][str(first.seat)] == [HIDDEN, HIDDEN]
    assert info["stage"]["choice"] == {str(first.seat): None}
    assert info["stage"]["drawn"][str(seat)] == state["stage"]["drawn"][str(seat)]
    for i in range(10):
        d = EGIZIA.determinize(info, seat, Rng.seeded(i))
        assert d["stage"]["choice"][str(first.seat)] in (0, 1)
        assert EGIZIA.information_state(d, seat) == info
        end = playout(EGIZIA, d, i)
        egizia_invariant(end)
    # a buffered early feeding answer (D-10) somewhere in random games
    found = 0
    for seed in range(40):
        for st in random_positions(EGIZIA, 4, seed, {}, every=1):
            buf = st["stage"].get("buffer") if st["stage"].get("at") == "feed" else None
            if not buf:
                continue
            owner = int(next(iter(buf)))
            viewer = next(i for i in range(4) if i != owner)
            info = EGIZIA.information_state(st, viewer)
            assert info["stage"]["buffer"][str(owner)] is None
            assert EGIZIA.information_state(st, owner)["stage"]["buffer"][str(owner)] == buf[str(owner)]
            d = EGIZIA.determinize(info, viewer, Rng.seeded(seed))
            assert EGIZIA.information_state(d, viewer) == info
            playout(EGIZIA, d, seed)
            found += 1
        if found:
            break
    assert found >= 1, "no early feeding answer in 40 random games"


def test_luxor_public_parts_stay() -> None:
    """LUX-INFO-1: the top Horus cards, the discard pile, hand sizes and scarab counts stay visible in
    every information state; LUX-INFO-2: the seat's own hand (in order) and scarabs stay too."""
    for state in random_positions(LUXOR, 3, 5, {}, every=6):
        for seat in seats_of(state):
            info = LUXOR.information_state(state, seat)
            assert info["discard"] == state["discard"]
            for level, stack in state["horus_stacks"].items():
                assert info["horus_stacks"][level][-1:] == stack[-1:]
                assert len(info["horus_stacks"][level]) == len(stack)
            for i, (p, q) in enumerate(zip(info["seats"], state["seats"], strict=True)):
                assert len(p["hand"]) == len(q["hand"]) and len(p["scarabs"]) == len(q["scarabs"])
                if i == seat:
                    assert p["hand"] == q["hand"] and p["scarabs"] == q["scarabs"]
                else:
                    assert set(p["hand"]) <= {HIDDEN}


def test_report_numbers() -> None:
    """Not a check: prints what the parametrised tests above counted (run with -s to see it)."""
    print("hidden-info stats:", dict(STATS))
