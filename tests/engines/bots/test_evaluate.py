"""How bots score positions (engines/bots/evaluate.py): projected margins, results, squashing (issue #11)."""
from __future__ import annotations

import pytest

from engines import get_game
from engines.bots.evaluate import margin_rewards, rewards
from engines.core import Rng, State
from engines.luxor.game import Luxor


class _Projected(Luxor):
    """Luxor whose projected scores are fixed, to see that the evaluation reads them (not the track)."""

    def __init__(self, projected: tuple[float, ...]) -> None:
        self.projected = projected

    def projected_scores(self, state: State) -> tuple[float, ...]:
        return self.projected


def test_a_running_game_is_judged_by_projected_scores_not_the_score_track() -> None:
    state = get_game("luxor").new_game(2, None, 1).state
    assert get_game("luxor").scores(state) == (0, 0)
    ahead, behind = rewards(_Projected((12.0, 3.0)), state)
    assert ahead > 0.5 > behind and ahead + behind == pytest.approx(1.0)
    assert rewards(_Projected((3.0, 12.0)), state) == pytest.approx([behind, ahead])


def test_a_finished_game_is_worth_its_result() -> None:
    game = get_game("egizia")
    state, chooser = game.new_game(2, None, 4).state, Rng.seeded(4)
    while not game.is_over(state):
        p = game.prompts(state)[0]
        state = game.apply(state, p.seat, p.options[chooser.below(len(p.options))].action).state
    result = game.result(state)
    assert result is not None
    assert rewards(game, state) == [1.0 / len(result.winners) if s in result.winners else 0.0 for s in range(2)]


def test_margin_rewards_rank_seats_by_their_margin_over_the_best_other() -> None:
    level = margin_rewards([20.0, 20.0, 5.0])
    assert level[0] == level[1] == pytest.approx(0.5) and level[2] < 0.5
    four = margin_rewards([40.0, 30.0, 10.0, 0.0])
    assert four[0] > 0.5 > four[1] > four[2] > four[3] > 0.0
    # the same lead matters less when the scores on the table are high
    assert margin_rewards([10.0, 5.0])[0] > margin_rewards([100.0, 95.0])[0] > 0.5
    assert margin_rewards([7.0]) == [0.5]
