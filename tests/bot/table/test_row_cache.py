"""Issue 24: the service keeps each active channel's current row in memory, checked by version.

A kept row may be stale (another process moved since): a move made on it fails its version-guarded write, and
is judged again on the row loaded afresh, so a stale row never wins, and no move is lost or doubled. Two
services on one SQLite file stand for two processes.
"""
from __future__ import annotations

import random

import pytest

from bot.store import Store
from bot.table.errors import ServiceError, StaleMove
from bot.table.model import User, replay_moves
from bot.table.service import GameService
from engines import get_game
from engines.core import IllegalAction
from tests.bot.conftest import USERS, started


async def _current(store: Store, channel: str = "chan"):
    row = await store.open_game(channel)
    game = get_game(row.title)
    return row, game, game.prompts(row.state)


@pytest.mark.parametrize("title", ["alhambra", "egizia", "luxor"])
async def test_two_services_on_one_database_moving_alternately_lose_and_double_nothing(tmp_path, title):
    path = str(tmp_path / "two.sqlite3")
    stores = [await Store.open(path), await Store.open(path)]
    services = [GameService(s, seed_source=lambda: 5) for s in stores]
    try:
        snap = await started(services[0], title, n=3, seed=7)
        rnd = random.Random(3)
        played: list[tuple[int, str]] = []
        for turn in range(40):
            row, game, prompts = await _current(stores[0])
            if not prompts:
                break
            prompt = rnd.choice(prompts)
            action = rnd.choice(prompt.options).action
            service = services[turn % 2]  # the other service's kept row is one move behind
            typed = turn % 3 != 0  # typed (no version) and pressed (the version the board showed)
            report = await service.act("chan", USERS[prompt.seat], action,
                                       expected_version=None if typed else row.version,
                                       expected_game=None if typed else row.id)
            assert report.row.version == row.version + 1
            assert report.state == game.apply(row.state, prompt.seat, action).state
            played.append((prompt.seat, action))
        final = await stores[0].game(snap.row.id)
        moves = await stores[1].moves(snap.row.id)
        assert [m.seq for m in moves] == list(range(len(played) + 1))  # none lost, none doubled
        assert [(m.seat, m.action) for m in moves[1:]] == played
        assert final.version == len(played)
        assert replay_moves(get_game(title), final, moves) == final.state
    finally:
        for s in stores:
            await s.close()


async def test_a_stale_kept_row_never_wins_a_press_nor_refuses_a_good_one(tmp_path):
    path = str(tmp_path / "two.sqlite3")
    a_store, b_store = await Store.open(path), await Store.open(path)
    a, b = GameService(a_store), GameService(b_store)
    try:
        await started(a, "alhambra", n=3, seed=9)
        # B moves once: it keeps the row after its move
        row, _, prompts = await _current(a_store)
        await b.act("chan", USERS[prompts[0].seat], prompts[0].options[0].action)
        # A makes the next two moves: B's kept row is now two moves old
        for _ in range(2):
            row, _, prompts = await _current(a_store)
            await a.act("chan", USERS[prompts[0].seat], prompts[0].options[0].action)
        row, _, prompts = await _current(a_store)
        # a press of the board B last drew (an old version) is stale, judged on the fresh row
        with pytest.raises(StaleMove):
            await b.act("chan", USERS[prompts[0].seat], prompts[0].options[0].action, expected_version=row.version - 2,
                        expected_game=row.id)
        # the player to act now (by the fresh row) is accepted by B, whatever its kept row said
        report = await b.act("chan", USERS[prompts[0].seat], prompts[0].options[0].action)
        assert report.row.version == row.version + 1
        # and someone who is not to act is refused on the fresh row, with the fresh row's players named
        row, _, prompts = await _current(a_store)
        waiting = {p.seat for p in prompts}
        idle = next(s for s in range(3) if s not in waiting)
        with pytest.raises(ServiceError) as refused:
            await a.act("chan", USERS[idle], prompts[0].options[0].action)
        assert refused.value.message.key == "err.not_your_turn"
        assert (await a_store.open_game("chan")).version == row.version
    finally:
        await a_store.close()
        await b_store.close()


async def test_moves_in_one_process_read_the_game_row_once_per_game_not_per_move(service, store):
    snap = await started(service, "luxor", n=2, seed=4)
    loads = []
    real = store.open_game

    async def counting(channel_id):
        loads.append(channel_id)
        return await real(channel_id)

    store.open_game = counting
    for _ in range(10):
        p = snap.prompts[0]
        snap = await service.act("chan", USERS[p.seat], p.options[0].action)
    assert len(loads) == 1  # the first move loads the row; the nine after it use the one this process wrote
    assert (await real("chan")).state == snap.state


async def test_any_other_change_to_the_game_forgets_the_kept_row(service, store):
    snap = await started(service, "egizia", n=2, seed=4)
    p = snap.prompts[0]
    snap = await service.act("chan", USERS[p.seat], p.options[0].action)
    assert service._cached("chan") is not None
    await service.abandon("chan", USERS[0])
    assert service._cached("chan") is None
    with pytest.raises(ServiceError) as refused:
        await service.act("chan", USERS[snap.prompts[0].seat], snap.prompts[0].options[0].action)
    assert refused.value.message.key == "err.no_game"


async def test_a_kept_row_is_a_copy_a_handed_on_snapshot_never_changes_under_the_board(service):
    snap = await started(service, "alhambra", n=2, seed=4)
    p = snap.prompts[0]
    first = await service.act("chan", USERS[p.seat], p.options[0].action)
    version, state = first.row.version, first.row.state
    p = first.prompts[0]
    second = await service.act("chan", USERS[p.seat], p.options[0].action)
    assert second.row is not first.row
    assert (first.row.version, first.row.state) == (version, state)  # the first board's snapshot is intact


async def test_an_illegal_typed_move_on_a_kept_row_is_refused_and_changes_nothing(service, store):
    snap = await started(service, "alhambra", n=2, seed=4)
    p = snap.prompts[0]
    snap = await service.act("chan", USERS[p.seat], p.options[0].action)
    with pytest.raises(IllegalAction):
        await service.act("chan", USERS[snap.prompts[0].seat], "buy 9 9+9+9")
    assert (await store.open_game("chan")).version == snap.row.version
    stranger = User("nobody", "Nobody")
    with pytest.raises(ServiceError):
        await service.act("chan", stranger, snap.prompts[0].options[0].action)
