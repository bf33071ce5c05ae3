"""Render views of real random Alhambra games (engines/alhambra), for every player count."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

pytest.importorskip("engines.alhambra")

from engines import get_game
from render.alhambra import render_private, render_public

NAMES = ["Anna", "Břetislav Šťastný", "Łukasz Żółkiewski", "Zoë", "Kuba", "Ola"]


def _png(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    assert im.format == "PNG"
    return im


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_render_at_every_phase(players):
    game = get_game("alhambra")
    rng = random.Random(1000 + players)
    state = game.new_game(players, seed=players).state
    phases_seen: set[str] = set()
    rendered = 0
    step = 0
    locales = ("en", "cs", "pl")
    while True:
        prompts = game.prompts(state)
        view = game.public_view(state)
        phase = view["phase"]
        first_of_phase = phase not in phases_seen
        phases_seen.add(phase)
        if first_of_phase or step % 37 == 0 or not prompts:
            locale = locales[rendered % 3]
            im = _png(render_public(view, NAMES[:players], locale))
            assert 1200 <= im.width <= 1400 and len(im.tobytes()) > 0
            for seat in range(players):
                if view["active"] == seat or seat == 0:
                    _png(render_private(view, game.private_view(state, seat), NAMES[:players], locale))
            rendered += 1
        if not prompts:
            break
        p = rng.choice(prompts)
        state = game.apply(state, p.seat, rng.choice(p.options).action).state
        step += 1
    assert view["phase"] == "over" and view["result"] is not None
    assert {"action", "over"} <= phases_seen
    assert rendered >= 5
