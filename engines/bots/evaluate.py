"""How a bot scores a position: rewards in ``[0, 1]`` per seat.

A finished game is worth its result (a shared win is shared). A running game is judged by each seat's
public score against the best other seat's, squashed into ``(0, 1)``: a player ahead is worth more than
one behind, and being further ahead is worth a little more, never more than winning.
"""
from __future__ import annotations

import math

from engines.core import Game, State


def rewards(game: Game, state: State, scale: float = 12.0) -> list[float]:
    result = game.result(state)
    if result is not None:
        n = len(result.scores)
        share = 1.0 / max(1, len(result.winners))
        return [share if s in result.winners else 0.0 for s in range(n)]
    scores = game.scores(state)
    out = []
    for seat, mine in enumerate(scores):
        best_other = max((v for s, v in enumerate(scores) if s != seat), default=0)
        out.append(1.0 / (1.0 + math.exp(-(mine - best_other) / scale)))
    return out
