"""The one test seam of the Egizia engine: games with a stacked deal. Never imported by production code
(a test scans the imports).

``stacked_game(players, options, seed, tiles=…, nile=…, sphinx=…, tombs=…)`` is a real setup in which the
given parts are fixed instead of shuffled: ``tiles`` (turn tile per seat), ``nile`` (deck id -> card
order, top first, must hold that deck's cards), ``sphinx`` (Sphinx deck order, top first, must hold the
deck's cards), ``tombs`` (the 20 tomb tile ids; the first 12 go on spaces 1..12). The parts not given are
shuffled exactly as :func:`engines.egizia.setup.deal` does, so a stacked game with nothing given is the
game of that seed. ``resume(state)`` runs the automatic flow from a hand-built position.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Event, Outcome, Rng, State, clone, start_marks

from . import data as D
from .game import Egizia
from .rules import advance
from .setup import Deal, check_players, nile_cards, sphinx_cards, start

_GAME = Egizia()


def stacked_game(
    players: int,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    tiles: list[int] | None = None,
    nile: Mapping[str, list[str]] | None = None,
    sphinx: list[str] | None = None,
    tombs: list[str] | None = None,
) -> Outcome:
    """A new game whose deal is fixed where given (see the module docstring)."""
    opts = _GAME.resolve_options(options)
    check_players(players, opts)
    rng = Rng.seeded(seed)
    if tiles is None:
        tiles = list(range(1, players + 1))
        rng.shuffle(tiles)
    decks, box = nile_cards(opts)
    for deck, cards in decks.items():
        if nile and deck in nile:
            if sorted(nile[deck]) != sorted(cards):
                raise ValueError(f"stacked deck {deck} must hold its cards")
            decks[deck] = list(nile[deck])
        else:
            rng.shuffle(cards)
    sdeck, sbox = sphinx_cards(opts)
    if sphinx is not None:
        if sorted(sphinx) != sorted(sdeck):
            raise ValueError("the stacked Sphinx deck must hold the deck's cards")
        sdeck = list(sphinx)
    else:
        rng.shuffle(sdeck)
    if tombs is not None:
        tt = list(tombs)
    else:
        tt = list(D.TOMB_TILES)
        rng.shuffle(tt)
    # marked like new_game's, so a stacked game is the game of its seed where nothing is fixed
    return start_marks(start(players, opts, Deal(list(tiles), decks, box, sdeck, sbox, tt), rng))


def resume(state: State) -> Outcome:
    """Run the automatic flow from a hand-built ``state`` (not mutated) until the next decision."""
    s = clone(state)
    ev: list[Event] = []
    revealed = advance(s, ev)
    return Outcome(s, tuple(ev), revealed)
