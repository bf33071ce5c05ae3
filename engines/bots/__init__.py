"""Bot players: pure, seeded, and fair.

A bot sees only what its seat may see: it is handed the seat's *information state*
(:meth:`engines.core.Game.information_state`), never the full state, and it samples the hidden parts
(other hands, deck orders, Sphinx cards) with :meth:`~engines.core.Game.determinize` whenever it needs a
complete position to think about. Two positions that differ only in what the seat cannot see give the
bot identical input, hence identical decisions for the same seed.

Levels:

* ``random`` — a uniformly random legal option (a baseline for measuring the others);
* ``easy`` — a quick rule-of-thumb player: it tries each option once on a sampled position (a sample of
  them where there are many, or where the title narrows its glance, :attr:`~engines.core.Game.easy_width`)
  and keeps the one after which its own projected score is highest;
* ``normal`` — information-set Monte Carlo tree search (SO-ISMCTS: one tree over the bot's information
  sets, a fresh determinisation per iteration, UCB with availability counts); each new leaf finishes the
  bot's turn greedily and is scored by its projected margin over the best other seat.

Bots use only the engine API (:class:`~engines.core.Game`); no game engine imports them. They have no
clock: the caller passes ``stop(iterations) -> bool`` (a time budget in the bot service, an iteration
count in tests), so the package stays pure and a search with an iteration budget is reproducible.

Reading order: :mod:`.evaluate` (how a position is scored), :mod:`.policies` (random, easy),
:mod:`.ismcts` (normal), then :func:`decide` below.
"""
from __future__ import annotations

from collections.abc import Callable

from engines.core import Game, Rng, State

from .ismcts import search
from .policies import easy_choice, random_choice

LEVELS: tuple[str, ...] = ("random", "easy", "normal")
DEFAULT_LEVEL = "normal"

Stop = Callable[[int], bool]


def iterations(n: int) -> Stop:
    """A budget of ``n`` search iterations (reproducible; for tests and the arena)."""
    return lambda done: done >= n


def choose(level: str, game: Game, info: State, seat: int, seed: int, stop: Stop | None = None) -> str:
    """The action a bot of ``level`` plays for ``seat``, given only that seat's information state."""
    rng = Rng.seeded(seed)
    if level == "random":
        return random_choice(game, info, seat, rng)
    if level == "easy":
        return easy_choice(game, info, seat, rng)
    if level == "normal":
        return search(game, info, seat, rng, stop or iterations(300))
    raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")


def decide(level: str, game: Game, state: State, seat: int, seed: int, stop: Stop | None = None) -> str:
    """What the platform calls: the information state is taken here, so the bot never holds ``state``."""
    return choose(level, game, game.information_state(state, seat), seat, seed, stop)


__all__ = ["DEFAULT_LEVEL", "LEVELS", "Stop", "choose", "decide", "iterations"]
