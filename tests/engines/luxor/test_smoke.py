"""Smoke tests: a whole game for each player count (LUX-TURN-1, LUX-END-2)."""
from engines.luxor import GAME
from tests.engines.contract import random_playout


def test_playout_finishes_2_3_4_LUX_TURN_1():
    for n in (2, 3, 4):
        state, _log, _ = random_playout(GAME, n, seed=100 + n)
        assert GAME.result(state) is not None
