"""How a bot scores a position: rewards in ``[0, 1]`` per seat.

A finished game is worth its result (a shared win is shared). A running game is judged by each seat's
*projected* score (:meth:`engines.core.Game.projected_scores`: the score if the game ended now, final
scoring included) against the best other seat's. The margin is squashed into ``(0, 1)`` by a logistic
curve whose scale grows with the scores on the table, so a 5-point lead means more early in a game
than late in a high-scoring one: a player ahead is worth more than one behind, further ahead a little
more, never as much as winning.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from engines.core import Game, State

#: the least margin scale (points); the scale is this plus :data:`SCALE_SHARE` of the highest score
SCALE_MIN = 4.0
SCALE_SHARE = 0.1


def margin_rewards(scores: Sequence[float]) -> list[float]:
    """Each seat's squashed margin over the best other seat (0.5 = level with the leader)."""
    if len(scores) < 2:
        return [0.5] * len(scores)
    scale = SCALE_MIN + SCALE_SHARE * max(abs(v) for v in scores)
    ordered = sorted(scores, reverse=True)
    first, second = ordered[0], ordered[1]
    out = []
    for mine in scores:
        best_other = second if mine == first else first
        out.append(1.0 / (1.0 + math.exp(-(mine - best_other) / scale)))
    return out


def rewards(game: Game, state: State) -> list[float]:
    """Every seat's reward for ``state``: its result once the game is over, else its projected margin."""
    result = game.result(state)
    if result is not None:
        n = len(result.scores)
        share = 1.0 / max(1, len(result.winners))
        return [share if s in result.winners else 0.0 for s in range(n)]
    return margin_rewards(game.projected_scores(state))
