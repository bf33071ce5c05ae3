"""The quick bots: ``random`` and ``easy``."""
from __future__ import annotations

from engines.core import Game, Option, Rng, State

from .evaluate import rewards

#: ``easy`` looks at no more than this many options (a sample, when there are more)
EASY_WIDTH = 40


def own_options(game: Game, state: State, seat: int) -> list[Option]:
    """The options of ``seat``'s pending decision (on any determinisation they are the same: they depend
    only on what the seat knows)."""
    options = [o for p in game.prompts(state) if p.seat == seat for o in p.options]
    if not options:
        raise ValueError(f"seat {seat} has no decision to make")
    return options


def random_choice(game: Game, info: State, seat: int, rng: Rng) -> str:
    state = game.determinize(info, seat, rng)
    options = own_options(game, state, seat)
    return str(options[rng.below(len(options))].action)


def easy_choice(game: Game, info: State, seat: int, rng: Rng) -> str:
    """Greedy one step ahead on one sampled position: the option after which the seat's score is
    furthest ahead (ties broken at random)."""
    state = game.determinize(info, seat, rng)
    options = own_options(game, state, seat)
    if len(options) > EASY_WIDTH:
        picked = sorted(rng.below(len(options)) for _ in range(EASY_WIDTH))
        options = [options[i] for i in dict.fromkeys(picked)]
    best: list[str] = []
    best_value = -1.0
    for option in options:
        value = rewards(game, game.apply(state, seat, option.action).state)[seat]
        if value > best_value + 1e-12:
            best, best_value = [option.action], value
        elif abs(value - best_value) <= 1e-12:
            best.append(option.action)
    return best[rng.below(len(best))]
