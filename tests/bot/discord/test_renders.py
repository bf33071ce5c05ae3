"""Issue 24: board pictures are drawn in their own worker pool (processes by default), never in the engine's
executor; the pool draws exactly what the renderer draws in-process, and closing it never waits."""
from __future__ import annotations

import asyncio

import pytest

from bot.config import Config, ConfigError, load
from bot.discord.renders import RenderPool
from engines import get_game
from render import api


def _view(title: str = "luxor", players: int = 3):
    game = get_game(title)
    state = game.new_game(players, None, 5).state
    return game.public_view(state), game.private_view(state, 0), [f"P{i + 1}" for i in range(players)]


@pytest.mark.parametrize("processes", [0, 1])
async def test_the_pool_draws_the_same_pictures_as_the_renderer(processes):
    view, private, names = _view()
    pool = RenderPool(processes)
    try:
        await pool.warm_up()
        phone, board, hand = await asyncio.gather(pool.phone(view, names, "cs"), pool.board(view, names, "cs"),
                                                  pool.hand(view, private, names, "cs"))
        assert phone == api.phone(view, names, "cs")
        assert board == api.board(view, names, "cs")
        assert hand == api.hand(view, private, names, "cs")
    finally:
        pool.close()


async def test_closing_ends_the_worker_processes_without_waiting_for_a_drawing():
    view, _, names = _view("alhambra", 4)
    pool = RenderPool(1)
    await pool.warm_up()
    workers = list(pool._executors[0]._processes.values())  # type: ignore[union-attr]
    assert len(workers) == 1 and workers[0].is_alive()
    drawing = asyncio.ensure_future(pool.board(view, names, "en"))
    await asyncio.sleep(0)
    pool.close()  # returns at once; the drawing in progress is dropped
    workers[0].join(10)
    assert not workers[0].is_alive()
    with pytest.raises(Exception):  # noqa: B017 (cancelled or a broken pool: either way not drawn)
        await drawing
    with pytest.raises(RuntimeError):
        await pool.phone(view, names, "en")


def test_render_processes_is_configured_under_discord(tmp_path):
    assert Config().render_processes == 2
    path = tmp_path / "c.toml"
    path.write_text("[discord]\nrender_processes = 0\n")
    assert load(str(path), env={}).render_processes == 0
    path.write_text("[discord]\nrender_processes = -1\n")
    with pytest.raises(ConfigError, match="render_processes"):
        load(str(path), env={})


async def test_a_channels_boards_go_to_one_worker_and_channels_spread_over_all():
    """Each worker keeps the pieces of the boards it drew (render/phone.py), so a channel's next board is drawn
    by the worker that drew its last one; the channels share the workers about evenly."""
    pool = RenderPool(2)
    try:
        channels = [str(900_000_000_000_000_000 + 7 * c) for c in range(200)]
        workers = [pool._worker(c) for c in channels]
        assert workers == [pool._worker(c) for c in channels]  # stable (not Python's salted str hash)
        assert 70 <= workers.count(0) <= 130 and workers.count(0) + workers.count(1) == 200
        await pool.warm_up()
        assert all(len(e._processes) == 1 for e in pool._executors)  # type: ignore[union-attr]
        view, _, names = _view()
        assert await pool.phone(view, names, "en", key=channels[0]) == api.phone(view, names, "en")
    finally:
        pool.close()
