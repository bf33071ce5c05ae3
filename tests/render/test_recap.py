"""The end-of-game recap (render/recap.py): an inline-playable animation within Discord's upload limit
and a score chart."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from engines import get_game
from engines.core import Rng
from render import renderer
from render.recap import MAX_UPLOAD, animate, score_chart


def _boards(title: str, players: int, seed: int, every: int) -> list[bytes]:
    game = get_game(title)
    state = game.new_game(players, None, seed).state
    chooser = Rng.seeded(seed)
    names = [f"P{i}" for i in range(players)]
    out = [renderer(title).render_public(game.public_view(state), names, "en")]
    moves = 0
    while not game.is_over(state) and len(out) < 12:
        prompts = game.prompts(state)
        p = prompts[chooser.below(len(prompts))]
        state = game.apply(state, p.seat, p.options[chooser.below(len(p.options))].action).state
        moves += 1
        if moves % every == 0:
            out.append(renderer(title).render_public(game.public_view(state), names, "en"))
    return out


@pytest.mark.parametrize("title", ["alhambra", "egizia", "luxor"])
def test_recap_is_an_animated_gif_of_the_boards(title: str) -> None:
    boards = _boards(title, 3, 4, 7)
    recap = animate(boards, width=600)
    with Image.open(io.BytesIO(recap.data)) as im:
        assert im.format == "GIF" and im.is_animated and im.n_frames == len(boards) == recap.frames
        assert im.width == 600 == recap.width
        assert im.info["loop"] == 0
        im.seek(im.n_frames - 1)
        assert im.info["duration"] == 4000   # the final position stays longest
    assert len(recap.data) < MAX_UPLOAD


def test_recap_drops_frames_and_shrinks_to_fit_a_budget() -> None:
    boards = _boards("alhambra", 4, 2, 3)
    full = animate(boards, width=800)
    tight = animate(boards, width=800, budget=len(full.data) // 3)
    assert len(tight.data) <= len(full.data) // 3
    assert 2 <= tight.frames < full.frames
    with Image.open(io.BytesIO(tight.data)) as im:
        assert im.n_frames == tight.frames


def test_recap_keeps_first_and_last_when_sampling() -> None:
    boards = _boards("luxor", 2, 1, 2)
    few = animate(boards, max_frames=3)
    assert few.frames == 3


def test_recap_refuses_nothing_to_show() -> None:
    with pytest.raises(ValueError):
        animate([])


def test_score_chart_draws_every_player_and_the_scoring_marks() -> None:
    series = [[0, 3, 3, 10, 18], [0, 0, 6, 9, 25], [0, 1, 1, 1, 4]]
    png = score_chart(["ann", "ben", "cy"], series, [(1, "A"), (3, "B")], title="Score", x_label="moves")
    with Image.open(io.BytesIO(png)) as im:
        assert im.format == "PNG" and im.size == (1200, 700)
        rgb = im.convert("RGB")
        colours = {rgb.getpixel((x, y)) for x in range(0, 1200, 3) for y in range(0, 700, 3)}
    from render.common import player_colour

    def near(c: tuple[int, int, int]) -> bool:  # the PNG palette may shift a colour by a few steps
        return any(sum(abs(a - b) for a, b in zip(c, d, strict=True)) <= 24 for d in colours)

    assert all(near(player_colour(s)) for s in range(3))


def test_score_chart_handles_negative_scores_and_refuses_ragged_series() -> None:
    score_chart(["a", "b"], [[0, -12, -30], [0, 5, 2]])
    with pytest.raises(ValueError):
        score_chart(["a", "b"], [[0, 1], [0]])
