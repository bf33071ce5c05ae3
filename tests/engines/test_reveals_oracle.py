"""Every move that shows anything hidden to anyone is marked revealing (issue 21, item 9).

The oracle needs no list of move kinds: for a move and a viewer (each seat, and a spectator), deal the
hidden parts the viewer cannot see differently (``Game.determinize`` from the viewer's information state),
make the same move there, and compare what the viewer then knows. If the viewer's knowledge after the move
depends on what was hidden before, the move showed the viewer something hidden: ``Outcome.reveals`` must be
set, or an undo would put back a card (a die roll, a tile) the others have already seen.

Positions come from seeded random playouts of every title; at each position every kind of move offered
(the action's first word) is checked, and the test names each kind it saw.
"""
from __future__ import annotations

import random
from collections import defaultdict

import pytest

from engines import get_game
from engines.core import Game, IllegalAction, Rng, State

TITLES = ["alhambra", "egizia", "luxor"]
SAMPLES = 3
#: ALH-INFO-3: every money movement is public (a perfect memory rebuilds every hand); the engine hides hands
#: only as a memory aid. The oracle is that perfect memory: ``open_hands`` (ALH-OPT-5) shows them.
OPTIONS = {"alhambra": {"open_hands": True}}


def learned(game: Game, state: State, seat: int, action: str, after: State, viewer: int | None) -> bool:
    """Whether ``viewer`` learns something hidden from ``seat`` playing ``action`` in ``state``."""
    known_before = game.information_state(state, viewer)
    known_after = game.information_state(after, viewer)
    for k in range(SAMPLES):
        other = game.determinize(known_before, viewer, Rng(1000 + k))
        try:
            other_after = game.apply(other, seat, action).state
        except IllegalAction:
            return True  # the move was legal only because of what was hidden
        if game.information_state(other_after, viewer) != known_after:
            return True
    return False


def kind_of(action: str) -> str:
    return action.split(" ", 1)[0]


@pytest.mark.parametrize("title", TITLES)
def test_every_move_that_shows_something_hidden_is_marked_revealing(title: str) -> None:
    game = get_game(title)
    seen: dict[str, int] = defaultdict(int)
    wrong: dict[str, str] = {}
    for seed, players in [(5, 3), (6, 2), (12, 3), (7, 4)]:
        rng = random.Random(seed)
        state = game.new_game(players, OPTIONS.get(title, {}), seed).state
        viewers: list[int | None] = [*range(players), None]
        for _ in range(400):
            if game.is_over(state):
                break
            prompts = game.prompts(state)
            by_kind: dict[str, tuple[int, str]] = {}
            for p in prompts:
                for o in p.options:
                    by_kind.setdefault(kind_of(o.action), (p.seat, o.action))
            for kind, (seat, action) in by_kind.items():
                outcome = game.apply(state, seat, action)
                seen[kind] += 1
                if not outcome.reveals and kind not in wrong:
                    for v in viewers:
                        if learned(game, state, seat, action, outcome.state, v):
                            wrong[kind] = f"{action!r} by seat {seat} shows {'a spectator' if v is None else f'seat {v}'} " \
                                          f"something hidden, but is not marked revealing (seed {seed})"
                            break
            p = rng.choice(prompts)
            state = game.apply(state, p.seat, rng.choice(p.options).action).state
    assert seen, title
    assert not wrong, "\n".join(wrong.values()) + f"\nkinds checked: {dict(seen)}"
