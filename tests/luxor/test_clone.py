"""The layout-aware copy of a Luxor state (engines/luxor/clone.py) is an exact deep copy.

``Luxor.apply`` copies the state with :func:`clone_state` instead of a pickle round trip (issue #11,
speed): it must give the very same data, in the same key order, and share no list or dict with the
original, or ``apply`` would change its input (core contract, LUX-TURN-2: a refused or applied move
leaves the state given unchanged).
"""
from __future__ import annotations

import json
import random
from typing import Any

from engines.core import Rng, clone
from engines.luxor import GAME
from engines.luxor.clone import clone_state, deep

from .test_equivalence import CASES


def _containers(v: Any, out: dict[int, Any]) -> dict[int, Any]:
    if isinstance(v, (dict, list)):
        out[id(v)] = v
        for x in v.values() if isinstance(v, dict) else v:
            _containers(x, out)
    elif isinstance(v, tuple):
        for x in v:
            _containers(x, out)
    return out


def _assert_exact_copy(st: dict[str, Any]) -> None:
    copy = clone_state(st)
    assert copy == clone(st)
    assert json.dumps(copy) == json.dumps(st)  # same key order everywhere
    shared = set(_containers(st, {})) & set(_containers(copy, {}))
    assert not shared, "the copy shares a list or dict with the original"


def _states() -> list[dict[str, Any]]:
    out = []
    for players, options, seed in CASES:
        rnd = random.Random(seed)
        st = GAME.new_game(players, options, seed).state
        while GAME.prompts(st):
            out.append(st)
            (p,) = GAME.prompts(st)
            st = GAME.apply(st, p.seat, rnd.choice(p.options).action).state
        out.append(st)  # the game is over: with its final breakdown
    return out


def test_every_state_of_many_playouts_is_copied_exactly_LUX_TURN_2():
    """States of whole games under every option set, their information states and determinisations."""
    states = _states()
    for i, st in enumerate(states):
        _assert_exact_copy(st)
        if i % 7 == 0:
            for seat in (None, 0, 1):
                info = GAME.information_state(st, seat)
                _assert_exact_copy(info)
                kept = clone(info)
                _assert_exact_copy(GAME.determinize(info, seat, Rng(i)))
                assert info == kept  # determinize reads the information state only


def test_no_state_shares_containers_with_itself_LUX_TURN_2():
    """Pickle keeps two references to one list as one list; the layout copy would split them. No
    state of a playout holds such a shared list or dict, so both copies are the same."""
    for st in _states():
        seen: dict[int, Any] = {}
        stack: list[Any] = [st]
        while stack:
            v = stack.pop()
            if isinstance(v, (dict, list)):
                assert id(v) not in seen, "a list or dict appears twice in one state"
                seen[id(v)] = v
                stack.extend(v.values() if isinstance(v, dict) else v)


def test_unknown_parts_are_copied_deeply():
    """A key outside the layout, or a seat / turn / supply with other keys, falls back to :func:`deep`."""
    st = GAME.new_game(2, {}, 5).state
    st["extra"] = {"a": [1, [2, {"b": 3}]], "t": (1, [2])}
    st["seats"][0]["note"] = [[1], {"x": []}]
    st["turn"]["more"] = {"q": [1]}
    st["supply"]["other"] = [[0]]
    st["stall"]["also"] = [[1]]
    _assert_exact_copy({k: v for k, v in st.items() if k != "extra"} | {"extra": {"a": [1, [2, {"b": 3}]]}})
    copy = clone_state(st)
    assert copy["extra"]["t"] == (1, [2]) and copy["extra"]["t"][1] is not st["extra"]["t"][1]
    assert deep(st) == st
