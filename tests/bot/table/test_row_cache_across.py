"""Issue 19: a kept row never lets another process's change to a game be ignored.

Each service keeps its channels' current rows in memory (issue 24). Another process sharing the database may
change a game without a move: replace a seat, pause or resume it, abandon it, take a move back. Every such
change must make a move computed on the kept row fail its guarded write, so the move is judged again on the
row loaded afresh: a replaced player cannot move, a move during a pause plans no deadline, and nothing is
stored twice. Two services with their own stores on one database (a SQLite file, or a PostgreSQL database with
a pool each) stand for two processes.
"""
from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store
from bot.table.errors import ServiceError
from bot.table.model import User, replay_moves
from bot.table.ports import Repository
from engines import get_game
from tests.bot.clockkit import CH, DAY, USERS, FakeTime, Table


@pytest.fixture(params=["sqlite", "postgres"])
async def two(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[tuple[Table, Table]]:
    """Two tables (service, scheduler, recorder) over one database, on one fake clock."""
    clock = FakeTime()
    stores: list[Repository] = []
    if request.param == "postgres":
        from bot.store.postgres import PgStore

        url = request.getfixturevalue("pg_url")
        stores = [await PgStore.open(url), await PgStore.open(url)]
    else:
        path = str(tmp_path / "two.sqlite3")
        stores = [await Store.open(path, clock=clock), await Store.open(path, clock=clock)]
    tables = (Table(stores[0], clock), Table(stores[1], clock))  # type: ignore[arg-type]
    try:
        yield tables
    finally:
        for t in tables:
            await t.close()


async def _kept_row_waiting_for_a_guest(a: Table, title: str = "alhambra") -> int:
    """Start a clocked game in A and move in A until a guest (not the host) is to act: A keeps that row."""
    await a.start(title, n=3, clock="1d", timeout="wait")
    rng = random.Random(4)
    for _ in range(30):
        seat = (await a.waiting())[0]
        if seat != 0 and a.service._cached(CH) is not None:
            return seat
        await a.play(seat, rng)
    raise AssertionError("no guest's turn in 30 moves")


async def _stored(t: Table) -> tuple[int, int, list[str], float | None]:
    row = await t.row()
    return row.version, len(await t.store.moves(row.id)), [s.user_id for s in row.seats], row.paused_since


async def test_a_player_replaced_by_another_process_cannot_move_on_the_kept_row(two):
    a, b = two
    seat = await _kept_row_waiting_for_a_guest(a)
    kept, _ = a.service._cached(CH) or (None, None)
    assert kept is not None and kept.seats[seat].user_id == USERS[seat].id
    # the guest's day runs out: B's scheduler marks the seat overdue; B's host gives the seat to Zed
    while USERS[seat].id not in {u for _, users, m, _ in b.notes.channel if m.key == "clock.overdue" for u in users}:
        assert await b.next_job()
    zed = User("u9", "Zed")
    await b.service.replace(CH, USERS[0], USERS[seat].id, zed)
    before = await _stored(a)
    assert before[2][seat] == "u9"
    # the replaced player presses in A, whose kept row still seats them: refused on the fresh row, nothing stored
    row = await a.row()
    action = get_game(row.title).legal_actions(row.state, seat)[0].action
    with pytest.raises(ServiceError) as refused:
        await a.service.act(CH, USERS[seat], action)
    assert refused.value.message.key == "err.not_seated"
    assert await _stored(a) == before
    # Zed plays the seat through A; the board's row names Zed
    report = await a.service.act(CH, zed, action)
    assert report.row.version == before[0] + 1 and report.row.seats[seat].user_id == "u9"
    moves = await a.store.moves(row.id)
    assert moves[-1].user_id == "u9" and moves[-1].seat == seat
    final = await a.row()
    assert replay_moves(get_game(final.title), final, moves) == final.state


async def test_a_move_on_a_row_kept_before_another_process_paused_the_game_plans_no_deadline(two):
    a, b = two
    seat = await _kept_row_waiting_for_a_guest(a)
    await b.service.set_paused(CH, USERS[0], True)
    paused = await _stored(b)
    assert paused[3] is not None
    # a move while paused is a move like any other, but its clocks are planned for the pause: no deadline
    # and no reminder for the next player, exactly as if A had never kept the row
    row = await a.row()
    action = get_game(row.title).legal_actions(row.state, seat)[0].action
    report = await a.service.act(CH, USERS[seat], action)
    assert report.row.paused_since == paused[3]
    after = await _stored(a)
    assert after[0] == paused[0] + 1 and after[3] == paused[3]
    assert [k for _, k in await a.jobs() if k in ("deadline", "remind")] == []
    # ten days pass: nothing fires, nobody is marked overdue
    a.clock.now += 10 * DAY
    assert await b.scheduler.run_due() == 0
    assert not any(c.overdue for c in (await b.store.seat_clocks(row.id)).values())
    # resumed by B: A's next move is planned with the clock running again
    await b.service.set_paused(CH, USERS[0], False)
    nxt = (await a.waiting())[0]
    row = await a.row()
    await a.service.act(CH, USERS[nxt], get_game(row.title).legal_actions(row.state, nxt)[0].action)
    assert "deadline" in [k for _, k in await a.jobs()]


async def test_a_game_abandoned_by_another_process_takes_no_move_from_the_kept_row(two):
    a, b = two
    seat = await _kept_row_waiting_for_a_guest(a)
    await b.service.abandon(CH, USERS[0])
    before = await _stored(a)
    row = await a.row()
    with pytest.raises(ServiceError) as refused:
        await a.service.act(CH, USERS[seat], get_game(row.title).legal_actions(row.state, seat)[0].action)
    assert refused.value.message.key == "err.no_game"
    assert await _stored(a) == before


async def test_a_move_taken_back_in_another_process_is_not_built_on_by_the_kept_row(two):
    a, b = two
    seat = await _kept_row_waiting_for_a_guest(a, "egizia")  # Egizia's placements reveal nothing: undone at once
    row = await a.row()
    last = (await a.store.moves(row.id))[-1]
    mover = next(u for u in USERS if u.id == last.user_id)
    out = await b.service.undo(CH, mover)  # the last mover takes it back at once (nobody acted since)
    assert out.status == "done"
    undone = await a.row()
    assert undone.version == row.version + 1
    # the seat A's kept row says is to act may no longer be: the move is judged on the restored position
    waiting = get_game(undone.title).current_seats(undone.state)
    assert waiting == [last.seat]
    before = await _stored(a)
    stale = get_game(row.title).legal_actions(row.state, seat)[0].action
    assert seat not in waiting
    with pytest.raises(ServiceError) as refused:
        await a.service.act(CH, USERS[seat], stale)
    assert refused.value.message.key == "err.not_your_turn"
    assert await _stored(a) == before
    nxt = waiting[0]
    action = get_game(undone.title).legal_actions(undone.state, nxt)[0].action
    report = await a.service.act(CH, USERS[nxt], action)
    assert report.row.version == undone.version + 1
    final = await a.row()
    assert replay_moves(get_game(final.title), final, await a.store.moves(final.id)) == final.state
