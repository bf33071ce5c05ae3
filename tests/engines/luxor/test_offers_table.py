"""The C-04 and C-06 tables of engines/luxor/offers.py (issue #24, speed): a decision's options are worked out
once and reused only while everything they are read from is the same (LUX-LEGAL-1…4, LUX-NOMOVE-1, C-06).

The equivalence test pins the options along playouts; these tests change a state in place after its
options were listed (as a test scenario or a caller may) and check that the options then are exactly the
ones worked out afresh, never the kept ones.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from engines.core import IllegalAction
from engines.luxor import GAME, data, offers
from engines.luxor.clone import clone_state

State = dict[str, Any]


def _forget() -> None:
    offers._last04 = offers._last06 = None


def _fresh(st: State) -> list[tuple[str, Any]]:
    """The options with no table kept (and their labels)."""
    _forget()
    return _listed(st)


def _listed(st: State) -> list[tuple[str, Any]]:
    return [(o.action, o.label) for p in GAME.prompts(st) for o in p.options]


def _c04_states(n: int, seed: int = 5, kind: str = "C-04", **options: Any) -> list[State]:
    rnd = random.Random(seed)
    st = GAME.new_game(4, options, seed).state
    out = []
    while len(out) < n:
        if not GAME.prompts(st):
            seed += 1
            st = GAME.new_game(4, options, seed).state
        (p,) = GAME.prompts(st)
        if p.kind == kind:
            out.append(st)
        st = GAME.apply(st, p.seat, rnd.choice(p.options).action).state
    return out


def _changes(st: State, seat: int) -> list[tuple[str, Any]]:
    """In-place changes of what C-04 reads, each as (name, function changing a state)."""
    p = st["seats"][seat]
    active = [i for i, a in enumerate(p["adv"]) if a["state"] == "active"]
    ends = {data.CARDS[p["hand"][0]]["kind"], data.CARDS[p["hand"][-1]]["kind"]}
    others = [next(c for c, d in data.CARDS.items() if d["kind"] == k) for k in ("range", "plus_minus", "move", "die")
              if k not in ends]

    def move_adv(s: State) -> None:
        s["seats"][seat]["adv"][active[0]]["pos"] += 1

    def lay_adv(s: State) -> None:
        s["seats"][seat]["adv"][active[0]]["state"] = "lying"

    def keys(s: State) -> None:
        s["seats"][seat]["keys"] += 1

    def left_card(s: State) -> None:
        s["seats"][seat]["hand"][0] = others[0]

    def right_card(s: State) -> None:
        s["seats"][seat]["hand"][-1] = others[1]

    def tile_taken(s: State) -> None:
        pos = next(q for q in range(1, 44) if s["tiles"][q] is not None and s["tiles"][q]["kind"] != "osiris")
        s["tiles"][pos] = None

    def overshoot(s: State) -> None:
        s["options"]["forced_move_overshoot"] = "stop_on_last_tile"

    def backward(s: State) -> None:
        s["options"]["backward_to_stairs"] = True

    def one_less(s: State) -> None:
        s["options"]["one_less_steps"] = "choose_1_to_3"

    def other_seat(s: State) -> None:
        s["pending"]["seat"] = (seat + 1) % len(s["seats"])

    def other_roll(s: State) -> None:
        s["turn"]["roll"] = 1 + (s["turn"]["roll"] or 0) % 6

    def other_card(s: State) -> None:  # a die card for a 1-die card and back
        s["turn"]["card"] = next(c for c, d in data.CARDS.items()
                                 if d["kind"] in ("die", "range_die") and c != s["turn"]["card"]
                                 and d["kind"] != data.CARDS[s["turn"]["card"]]["kind"])

    turn = (other_roll, other_card) if st["turn"]["card"] is not None else ()
    return [(f.__name__, f) for f in (move_adv, lay_adv, keys, left_card, right_card, tile_taken, overshoot,
                                      backward, one_less, other_seat, *turn)]


@pytest.mark.parametrize("kind", ["C-04", "C-06"])
def test_a_state_changed_in_place_gets_its_own_options(kind: str) -> None:
    changed_some = 0
    for st in _c04_states(40, kind=kind):
        seat = st["pending"]["seat"]
        for _name, change in _changes(st, seat):
            s = clone_state(st)
            assert _fresh(s) == _fresh(st)
            _listed(s)  # the table of the unchanged position is kept now
            change(s)
            got = _listed(s)
            want = _fresh(s)
            assert got == want, _name
            changed_some += got != _fresh(st)
    assert changed_some > 40  # the changes do change the options


@pytest.mark.parametrize("kind", ["C-04", "C-06"])
def test_equal_states_share_the_table_and_give_the_same_options(kind: str) -> None:
    make = offers.c04_table if kind == "C-04" else offers.c06_table
    for st in _c04_states(20, seed=9, kind=kind):
        want = _fresh(st)
        copy = clone_state(st)
        table = make(st, st["pending"]["seat"])
        assert make(copy, copy["pending"]["seat"]) is table
        assert _listed(copy) == want


@pytest.mark.parametrize("kind", ["C-04", "C-06"])
def test_apply_after_a_change_in_place_judges_the_changed_state(kind: str) -> None:
    """A move checked against a stale table would be accepted or refused wrongly: the changed state's
    offered moves are accepted and the others refused, exactly as with no table kept."""
    for st in _c04_states(30, seed=11, kind=kind):
        seat = st["pending"]["seat"]
        s = clone_state(st)
        _listed(s)
        s["seats"][seat]["adv"] = [{"state": "active", "pos": 0} for _ in range(5)]  # all back on the stairs
        want = {a for a, _label in _fresh(s)}
        _listed(st)  # keep the table of the unchanged state
        for action in sorted(want | {a for a, _label in _fresh(st)}):
            _forget()
            _listed(st)
            try:
                after = GAME.apply(s, seat, action).state
            except IllegalAction as e:
                assert action not in want, (action, e)
            else:
                assert action in want, action
                _forget()
                assert after == GAME.apply(s, seat, action).state
