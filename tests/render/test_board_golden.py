"""Perceptual golden images (issues #20, #24): the full board and the phone image at the start, the middle and
the end of one seeded 4-player game per title, compared with thumbnails kept in tests/render/golden/.

A thumbnail is the image reduced to 320 px wide; a drawing differs when the mean difference (the largest of
the three colour channels) is over 1 level or more than 0.1 % of its pixels differ by more than 40 (a moved
panel, a lost last-move mark, a different colour). Small changes of antialiasing stay under that. After a deliberate
redraw, rewrite the thumbnails with ``REFEREE_REGOLD=1 python3 -m pytest tests/render/test_board_golden.py``
and look at them before committing.
"""
from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from engines import get_game
from render import api

HERE = Path(__file__).parent / "golden"
NAMES = ["Ann", "Bořivoj", "Zofia", "Dan"]
#: (title, seed, move of the "middle" picture)
GAMES = [("alhambra", 3, 150), ("egizia", 3, 60), ("luxor", 3, 90)]
THUMB_W = 320


def _stages(title: str, seed: int, middle: int) -> dict[str, object]:
    game = get_game(title)
    rnd = random.Random(seed)
    state = game.new_game(4, {}, seed).state
    out = {"start": game.public_view(state)}
    k = 0
    while game.prompts(state):
        p = rnd.choice(game.prompts(state))
        state = game.apply(state, p.seat, rnd.choice(p.options).action).state
        k += 1
        if k == middle:
            out["middle"] = game.public_view(state)
    out["end"] = game.public_view(state)
    return out


def _thumb(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png)).convert("RGB")
    return img.resize((THUMB_W, max(1, round(img.height * THUMB_W / img.width))), Image.Resampling.BOX)


def _differs(a: Image.Image, b: Image.Image) -> str | None:
    if a.size != b.size:
        return f"size {b.size} instead of {a.size}"
    r, g, b_ = ImageChops.difference(a, b).split()
    diff = ImageChops.lighter(ImageChops.lighter(r, g), b_)  # per pixel, the largest channel difference
    hist = diff.histogram()
    total = a.width * a.height
    mean = sum(i * c for i, c in enumerate(hist)) / total
    big = sum(hist[41:]) / total
    if mean > 1.0 or big > 0.001:
        return f"mean difference {mean:.2f} levels, {big:.2%} of the pixels differ by more than 40"
    return None


@pytest.mark.parametrize(("title", "seed", "middle"), GAMES)
def test_boards_look_as_recorded(title: str, seed: int, middle: int) -> None:
    regold = os.environ.get("REFEREE_REGOLD") == "1"
    problems = []
    for stage, view in _stages(title, seed, middle).items():
        for kind, draw in (("board", api.board), ("phone", api.phone)):
            thumb = _thumb(draw(view, NAMES, "en"))  # type: ignore[operator]
            path = HERE / f"{title}-{kind}-{stage}.png"
            if regold:
                thumb.save(path, optimize=True)
                continue
            assert path.exists(), f"no golden image {path.name}: record with REFEREE_REGOLD=1 (see the docstring)"
            why = _differs(Image.open(path).convert("RGB"), thumb)
            if why:
                problems.append(f"{path.name}: {why}")
    assert not problems, problems
