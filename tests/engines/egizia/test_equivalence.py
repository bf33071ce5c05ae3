"""Speed work changed no behaviour (issue #11): seeded random games give, step by step, the fingerprints
recorded from the reference code (:mod:`tests.engines.egizia.equivalence`): every prompt with its labels, timeout
actions, refusals of near-miss actions (clause, key, parameters; EGZ-ROUND-3 and each kind's clauses),
events, states, information states and determinisations."""
from __future__ import annotations

import json

import pytest

from .equivalence import CASES, FILE, play

_DATA = json.loads(FILE.read_text())


def test_recorded_cases_are_the_current_cases() -> None:
    assert _DATA["cases"] == [[n, o, s] for n, o, s in CASES]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_seeded_game_behaves_as_recorded(index: int) -> None:
    n, options, seed = CASES[index]
    want = _DATA["games"][index]
    got = play(n, options, seed)
    for step, (a, b) in enumerate(zip(got, want, strict=False)):
        assert a == b, f"case {index}: first difference at step {step}"
    assert len(got) == len(want)
