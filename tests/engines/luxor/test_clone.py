"""The layout-aware copy of a Luxor state (engines/luxor/clone.py) is an exact deep copy.

``Luxor.apply`` copies the state with :func:`clone_state` instead of a pickle round trip (issue #11,
speed): it must give the very same data, in the same key order, and share no list or dict with the
original, or ``apply`` would change its input (core contract, LUX-TURN-2: a refused or applied move
leaves the state given unchanged).
"""
from __future__ import annotations

import contextlib
import json
import random
from typing import Any

from engines.core import IllegalAction, Rng, clone
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


def _tile_dicts(st: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The tile dicts of a state (path, temple stacks, box; an information state's hidden stacks)."""
    tiles = list(st["tiles"]) + list(st["box"]["temple"])
    for stack in st["temple_stacks"].values():
        tiles += stack
    hidden = st.get("hidden")
    if isinstance(hidden, dict):
        for stack in hidden["temple"].values():
            tiles += stack
    return {id(t): t for t in tiles if isinstance(t, dict)}


def _assert_exact_copy(st: dict[str, Any]) -> None:
    copy = clone_state(st)
    assert copy == clone(st)
    assert json.dumps(copy) == json.dumps(st)  # same key order everywhere
    shared = set(_containers(st, {})) & set(_containers(copy, {}))
    assert not shared - set(_tile_dicts(st)), "the copy shares a list or dict (other than a tile) with the original"


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


def _tile_snapshot(states: list[dict[str, Any]]) -> dict[int, tuple[dict[str, Any], dict[str, Any]]]:
    out: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}
    for st in states:
        for i, t in _tile_dicts(st).items():
            out[i] = (t, dict(t))
    return out


def test_no_tile_dict_is_ever_changed_in_place_LUX_TURN_2():
    """The copy shares tile dicts between a state and its copies: that is exact only because no move
    (forced decisions included), prompt with its labels, refusal, view, score, information state or
    determinisation changes a tile dict in place (a tile is replaced on the path, never edited)."""
    for players, options, seed in CASES:
        rnd = random.Random(seed)
        st = GAME.new_game(players, options, seed).state
        step = 0
        while True:
            kept = _tile_snapshot([st])
            prompts = GAME.prompts(st)
            for p in prompts:
                for o in p.options:
                    o.label.to_json()
            GAME.public_view(st)
            for seat in range(players):
                GAME.private_view(st, seat)
            GAME.projected_scores(st)
            derived = []
            if step % 5 == 0:
                for seat in (None, 0):
                    info = GAME.information_state(st, seat)
                    derived += [info, GAME.determinize(info, seat, Rng(step))]
            if not prompts:
                GAME.result(st)
            else:
                (p,) = prompts
                for bad in ("play L 99", "move 1 9", "take"):
                    with contextlib.suppress(IllegalAction):
                        GAME.apply(st, p.seat, bad)
                nxt = GAME.apply(st, p.seat, rnd.choice(p.options).action).state
                kept.update(_tile_snapshot([nxt, *derived]))
                GAME.prompts(nxt)
            for t, before in kept.values():
                assert t == before, "a tile dict was changed in place"
            if not prompts:
                break
            st, step = nxt, step + 1


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
