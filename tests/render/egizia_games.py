"""Real Egizia games played with random legal moves (for the renderer tests and the timing script)."""
from __future__ import annotations

import random
from collections.abc import Iterator

from engines import get_game

GAME = get_game("egizia")


def playout(players: int, seed: int, max_steps: int = 4000, options: dict | None = None,
            snapshots: int = 6) -> Iterator[tuple[dict, list[dict]]]:
    """Yield ``(public_view, [private_view per seat])`` at about ``snapshots`` points and at the end."""
    rng = random.Random(seed)
    state = GAME.new_game(players, options or {}, seed=seed).state
    every = max(1, 400 // max(1, snapshots))
    step = 0
    while step < max_steps:
        prompts = GAME.prompts(state)
        if not prompts:
            break
        if step % every == 0:
            yield GAME.public_view(state), [GAME.private_view(state, s) for s in range(players)]
        p = rng.choice(prompts)
        opts = list(p.options)
        # prefer real moves over "back"/"pass" a bit, so that games progress and fill the board
        weighted = [o for o in opts if o.action not in ("back", "pass", "decline", "leftover no")] or opts
        o = rng.choice(weighted if rng.random() < 0.8 else opts)
        state = GAME.apply(state, p.seat, o.action).state
        step += 1
    yield GAME.public_view(state), [GAME.private_view(state, s) for s in range(players)]
