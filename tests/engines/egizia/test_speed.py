"""What the speed work added (issue #11): the state copy, the one-action check, projected scores."""
from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest

from engines import get_game
from engines.core import IllegalAction, Rng, State, clone
from engines.egizia import data as D
from engines.egizia import rules, sailing, views
from engines.egizia.board import copy_state
from engines.egizia.scoring import final_scoring

GAME = get_game("egizia")


def _states(players: int, seed: int, options: dict[str, Any] | None = None) -> list[State]:
    """Every state of one seeded random game."""
    state = GAME.new_game(players, options or {}, seed).state
    rnd = Rng.seeded(seed)
    out = [state]
    while prompts := GAME.prompts(state):
        p = prompts[rnd.below(len(prompts))]
        state = GAME.apply(state, p.seat, p.options[rnd.below(len(p.options))].action).state
        out.append(state)
    return out


def _containers(o: Any) -> list[Any]:
    if isinstance(o, dict):
        return [o, *(c for v in o.values() for c in _containers(v))]
    if isinstance(o, list):
        return [o, *(c for v in o for c in _containers(v))]
    return []


def _assert_full_copy(state: State) -> None:
    # the rules never put one container in two places of a state (as a state read from JSON), so a copy made
    # part by part is as faithful as a whole round trip
    inside = [id(c) for c in _containers(state)]
    assert len(inside) == len(set(inside))
    copy = copy_state(state)
    assert copy == clone(state)
    assert json.dumps(copy) == json.dumps(state)
    assert list(copy) == list(state)  # the same key order (the stored JSON is written from it)
    assert not {id(c) for c in _containers(copy)} & {id(c) for c in _containers(state)}


_COPY_OPTIONS: list[dict[str, Any]] = [
    {},
    {"setup_sphinx": "draw2_keep1", "score_floor_zero": True, "take_leftover_mode": "every_round",
     "substitute_timing": "after_all_slots"},
    {"two_three_player_cards": True, "remove_plus10_card": True, "buy_strength_timing": "after_feeding_only",
     "sphinx_extra_requires_payment": False, "two_each_includes_tombs": False},
]


@pytest.mark.parametrize("players,seed,options", [(4, 31, 0), (2, 32, 0), (3, 33, 0), (4, 34, 1), (3, 35, 2),
                                                  (2, 36, 1), (2, 37, 2)])
def test_copy_state_is_a_full_deep_copy(players: int, seed: int, options: int) -> None:
    """The copy (issue #24: fixed parts level by level, varying parts by marshal) equals core.clone's pickle
    copy exactly (types and key order included) and shares nothing, in every stage of games with every
    option, and for information states (an extra key) and states of another shape."""
    states = _states(players, seed, _COPY_OPTIONS[options])
    for k, state in enumerate(states):
        _assert_full_copy(state)
        if k % 5 == 0:  # a state without marks (after Egizia.play) takes the quick path too
            _assert_full_copy({key: v for key, v in state.items() if key != "last_move"})
        if k % 9 == 0:
            info = GAME.information_state(state, k % players)
            _assert_full_copy(info)
            _assert_full_copy(GAME.determinize(info, k % players, Rng.seeded(k)))
    other = clone(states[len(states) // 2])
    other["seats"][0]["extra"] = {"a": [1]}  # a seat record of another shape
    other["sites"]["sphinx"]["more"] = [[2]]
    _assert_full_copy(other)
    del other["last_move"]  # a game stored before the marks existed
    _assert_full_copy(other)


@pytest.mark.parametrize("players,seed", [(4, 41), (3, 42), (2, 43)])
def test_checking_one_action_agrees_with_the_options(players: int, seed: int) -> None:
    """EGZ-ROUND-3: an action passes the check exactly when the pending prompt of the seat offers it."""
    for state in _states(players, seed)[::3]:
        for p in GAME.prompts(state):
            for o in p.options:
                assert rules.check_kind(state, p.seat, o.action) == p.kind
                assert rules.check(state, p.seat, o.action) == p
            for near in (p.options[0].action + " up", p.options[-1].action + " 1", "place 20 s1 up"):
                if p.find(near) is None:
                    with pytest.raises(IllegalAction):
                        rules.check_kind(state, p.seat, near)


def _ended_now(state: State) -> tuple[float, ...]:
    s = copy_state(state)
    final_scoring(s, [])
    return tuple(float(v) for v in s["result"]["scores"])


@pytest.mark.parametrize("players,seed,options", [
    (4, 51, {}), (3, 52, {"two_each_includes_tombs": False}), (2, 53, {"two_three_player_cards": True}),
])
def test_projected_scores_are_the_final_scoring_now(players: int, seed: int, options: dict[str, Any]) -> None:
    """EGZ-END-2..4: the projection is the score track plus the stone sale, the tombs and the Sphinx cards
    as the final scoring would count them now; at the end it is the result's scores; it changes nothing."""
    states = _states(players, seed, options)
    for state in states[:-1:5]:
        before = json.dumps(state)
        assert GAME.projected_scores(state) == _ended_now(state)
        assert json.dumps(state) == before
    end = states[-1]
    result = GAME.result(end)
    assert result is not None
    assert GAME.projected_scores(end) == tuple(float(v) for v in result.scores)


def _judged(s: State, seat: int) -> list[tuple[Any, Any]]:
    """The placements the one judge accepts among the candidates, with their labels' arguments."""
    return [(pl, sailing._label_arg(s, pl)) for pl in sailing.place_candidates(s, seat)
            if sailing.judge_place(s, seat, pl) is None]


def _crowded(s: State, seat: int, ships: int) -> State:
    """``s`` with another seat's ``ships`` ships on every round space that has fewer, every site slot taken
    by it, and (with 2) N37's extra position taken too."""
    v = clone(s)
    other = (seat + 1) % len(v["seats"])
    for i, sp in D.SPACE.items():
        if sp["kind"] == "round" and len(v["river_ships"][i]) < ships:
            v["river_ships"][i] += [other] * (ships - len(v["river_ships"][i]))
    for site in v["sites"].values():
        if seat not in site["slots"]:
            site["slots"] = [other if b is None else b for b in site["slots"]]
        if ships == 2 and site["extra"] is None:
            site["extra"] = other
    return v


def _card_variants(s: State, seat: int) -> list[State]:
    """``s`` as it is and crowded (:func:`_crowded`), with ``seat`` holding the placement cards (N36, N37 in
    hand, N41, N42 laid out), used or not this round, with its last placement at several places; and with
    its ships run out."""
    out = []
    for board in (s, _crowded(s, seat, 1), _crowded(s, seat, 2)):
        for held in ((), ("N36",), ("N37",), ("N41",), ("N42",), ("N36", "N37", "N41", "N42")):
            for used in (False, True):
                for placed in (0, 5, 14):
                    v = clone(board)
                    p = v["seats"][seat]
                    p["any"] += [c for c in held if c in ("N36", "N37") and c not in p["any"]]
                    p["perm"] += [c for c in held if c in ("N41", "N42") and c not in p["perm"]]
                    p["flags"].update({c: True for c in ("N41", "N42") if used})
                    p["placed_max"] = placed
                    out.append(v)
    empty = clone(s)
    empty["seats"][seat]["ships"] = 0
    return [*out, empty]


@pytest.mark.parametrize("players,seed,options", [(4, 61, 0), (3, 62, 1), (2, 63, 2), (4, 64, 1)])
def test_legal_placements_are_the_judged_candidates_EGZ_R2_NILE_12(players: int, seed: int, options: int) -> None:
    """EGZ-R2-NILE-4..12 and the N36/N37/N41/N42 clauses: the placements worked out in one pass (issue #24)
    are, in order and with their labels' arguments, exactly the candidates the one judge accepts, for every
    seat, in every sailing position of games with every option and with the placement cards held or used."""
    checked = 0
    for k, state in enumerate(_states(players, seed, _COPY_OPTIONS[options])):
        if state["stage"]["at"] != "sail":
            continue
        for seat in range(players):
            for v in _card_variants(state, seat) if k % 6 == 0 else [state]:
                want = _judged(v, seat)
                assert sailing._legal(v, seat) == want
                assert sailing._legal(v, seat, True) == want[:len(sailing._legal(v, seat, True))]
                assert bool(sailing._legal(v, seat, True)) == bool(want) == sailing.can_place(v, seat)
                checked += 1
    assert checked > 500


@pytest.mark.parametrize("players,seed", [(4, 71), (2, 72)])
def test_a_move_changes_nothing_of_the_state_it_was_made_from(players: int, seed: int) -> None:
    """A move works on a copy (issue #24: the copy leaves out the last move's marks, which the move replaces):
    the state moved from is unchanged and shares no container with the new one but the marks' cells of an
    earlier action of the same turn (core.merge_marks keeps them)."""
    rnd = Rng.seeded(seed)
    state = GAME.new_game(players, {}, seed).state
    while prompts := GAME.prompts(state):
        p = prompts[rnd.below(len(prompts))]
        before = json.dumps(state)
        after = GAME.apply(state, p.seat, p.options[rnd.below(len(p.options))].action).state
        assert json.dumps(state) == before
        assert after["last_move"] is not state["last_move"]
        mine = {k: v for k, v in after.items() if k != "last_move"}
        theirs = {k: v for k, v in state.items() if k != "last_move"}
        assert not {id(c) for c in _containers(mine)} & {id(c) for c in _containers(theirs)}
        state = after


@pytest.mark.parametrize("players,seed", [(4, 81), (3, 82)])
def test_the_marks_name_the_river_spaces_where_the_seat_put_a_ship(players: int, seed: int) -> None:
    """The last move's marks (issue #20) name exactly the river spaces that got one more ship and hold one of
    the moving seat's (as the pairwise comparison before issue #24 found them)."""
    states = _states(players, seed)
    marked = 0
    for before, after in pairwise(states):
        for seat in range(players):
            want = [i for i, (a, b) in enumerate(zip(before["river_ships"], after["river_ships"], strict=True))
                    if len(b) > len(a) and seat in b]
            assert views.move_marks(before, after, seat, "")["river"] == want
            marked += bool(want)
    assert marked > 20
