"""The speed-ups of issue #11 ("Fast") keep the engine's contract: a copied state equals the pickle
clone and shares nothing with its original (apply never mutates its input)."""
from __future__ import annotations

import random

import pytest

from engines.alhambra import GAME
from engines.alhambra.common import copy_state
from engines.core import State, clone


def _containers(x, out: list) -> list:
    if isinstance(x, (dict, list)):
        out.append(x)
        for v in x.values() if isinstance(x, dict) else x:
            _containers(v, out)
    return out


def _states(players: int, seed: int, options: dict | None = None):
    rnd = random.Random(seed)
    state: State = GAME.new_game(players, options or {}, seed).state
    while True:
        yield state
        prompts = GAME.prompts(state)
        if not prompts:
            return
        p = rnd.choice(prompts)
        state = GAME.apply(state, p.seat, rnd.choice(p.options).action).state


@pytest.mark.parametrize(("players", "seed", "options"), [(2, 1, {}), (4, 2, {"start_player_tiebreak": "host_choice"}), (6, 3, {})])
def test_copy_state_equals_clone_and_shares_nothing_ALH_DOC_1(players, seed, options):
    """ALH-DOC-1 (a pure engine: a move changes only the new state): on every state of a playout (2 players: Dirk; the
    end: the end queue, the last scoring, the result) and on information states, ``copy_state`` gives
    what ``clone`` gives, with no list or dict shared with the original."""
    for i, state in enumerate(_states(players, seed, options)):
        samples = [state] if i % 5 else [state, GAME.information_state(state, i % players), GAME.information_state(state, None)]
        for s in samples:
            c = copy_state(s)
            assert c == clone(s)
            assert {id(x) for x in _containers(c, [])}.isdisjoint(id(x) for x in _containers(s, []))
