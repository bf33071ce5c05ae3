"""An undo puts the turn clocks back exactly as they were before the taken-back move (issue 21, items 2 and 3).

The bank, when the pending decision began, the reminders already sent, the overdue mark and the timed jobs
come back from the log (each entry records the clocks before it), never from "now": an undo neither doubles
the jobs nor refills a stalling player's clock.
"""
from __future__ import annotations

import pytest

from bot.store import Store
from bot.store.schema import MIGRATIONS
from tests.bot.clockkit import CH, HOUR, T0, USERS, FakeTime, Table


async def run_until(table: Table, t: float) -> None:
    """Fire every job due up to ``t``, then set the clock to ``t``."""
    while (nxt := await table.store.jobs.next_due()) is not None and nxt <= t:
        await table.next_job()
    table.clock.now = max(table.clock.now, t)


async def jobs_of(table: Table) -> list[tuple[int | None, str, float, str]]:
    """The seats' clock jobs (not the game's own, such as an undo request's lapse: issue 23 item 7)."""
    row = await table.row()
    return sorted((j.seat, j.kind, j.due, j.payload) for j in await table.store.game_jobs(row.id) if j.seat is not None)


async def left_of(table: Table, seat: int) -> float | None:
    return next(w.left for w in await table.service.waiting(CH) if w.seat == seat)


async def quiet_action(table: Table, seat: int, stays: bool) -> str:
    """A move of ``seat`` that reveals nothing (and after which ``seat`` is still to act, if ``stays``)."""
    from engines import get_game

    snap = await table.service.current(CH)
    game = get_game(snap.row.title)
    for p in snap.prompts:
        if p.seat != seat:
            continue
        for o in p.options:
            out = game.apply(snap.state, seat, o.action)
            if not out.reveals and (not stays or seat in game.current_seats(out.state)):
                return o.action
    raise AssertionError("no quiet move")


async def test_egizia_move_and_undo_leave_one_set_of_jobs(tmp_path):
    """Item 2 repro: Egizia, 3 players, clock 1d, seed 5: Cy plays ``place 16``, then undoes. Before: Cy got
    4 reminders, 2 overdue notices and timeouts=2 for one decision. Now: the jobs are those before the move,
    and the decision is reminded twice, marked overdue once."""
    table = await Table.open(tmp_path / "t.sqlite3", FakeTime())
    try:
        await table.start("egizia", seed=5)
        before = await jobs_of(table)
        await table.service.act(CH, USERS[2], "place 16")
        out = await table.service.undo(CH, USERS[2])
        assert out.status == "done"
        assert await jobs_of(table) == before
        while await table.next_job():
            pass
        keys = table.notes.keys("u3")
        assert keys.count("clock.remind") == 2 and keys.count("clock.overdue") == 1
        row = await table.row()
        assert (await table.store.seat_clocks(row.id))[2].timeouts == 1
    finally:
        await table.close()


@pytest.mark.parametrize("title", ["alhambra", "egizia"])
async def test_three_quiet_moves_and_undos_keep_the_jobs_of_the_decision(tmp_path, title):
    """Item 2, the other titles (seed 6): a quiet move by the player whose turn goes on, then undo, three
    times: the jobs stay those of the one decision."""
    table = await Table.open(tmp_path / "t.sqlite3", FakeTime())
    try:
        await table.start(title, seed=6)
        seat = (await table.waiting())[0]
        before = await jobs_of(table)
        for _ in range(3):
            table.clock.now += HOUR
            await table.service.act(CH, USERS[seat], await quiet_action(table, seat, stays=False))
            assert (await table.service.undo(CH, USERS[seat])).status == "done"
            assert await jobs_of(table) == before
        while await table.next_job():
            pass
        keys = table.notes.keys(USERS[seat].id)
        assert keys.count("clock.remind") == 2 and keys.count("clock.overdue") == 1
    finally:
        await table.close()


async def test_the_hosts_rollback_restores_the_clocks_too(tmp_path):
    """Item 2, by the host's roll-back (consented): the jobs after it are those before the first taken-back move."""
    table = await Table.open(tmp_path / "t.sqlite3", FakeTime())
    try:
        await table.start("egizia", seed=5)
        before = await jobs_of(table)
        await table.service.act(CH, USERS[2], "place 16")
        out = await table.service.rollback(CH, USERS[0], 1)
        assert out.status == "requested" and out.request is not None
        for u in out.waiting:
            res = await table.service.answer_undo(CH, next(x for x in USERS if x.id == u), out.request.id, True)
        assert res.status == "done"
        assert await jobs_of(table) == before
    finally:
        await table.close()


async def test_daily_clock_move_and_undo_every_23_hours_does_not_stall_the_clock(tmp_path):
    """Item 3 repro (daily clock, Egizia seed 7): Cy plays ``place 1`` and undoes every 23 h. Before: after
    115 h Cy still had 24 h left and was never overdue. Now Cy's decision began at the start: overdue at 24 h."""
    clock = FakeTime()
    table = await Table.open(tmp_path / "t.sqlite3", clock)
    try:
        await table.start("egizia", clock="daily", seed=7)
        [seat] = await table.waiting()
        for i in range(1, 6):
            await run_until(table, T0 + 23 * HOUR * i)
            await table.service.act(CH, USERS[seat], "place 1")
            assert (await table.service.undo(CH, USERS[seat])).status == "done"
        await run_until(table, T0 + 115 * HOUR)
        w = next(w for w in await table.service.waiting(CH) if w.seat == seat)
        assert w.overdue and w.since == T0
        assert table.notes.keys(USERS[seat].id).count("clock.overdue") == 1
    finally:
        await table.close()


async def test_bank_clock_move_and_undo_does_not_add_a_day(tmp_path):
    """Item 3 repro (bank ``3d+1d``): each move and undo added a day (72 -> 94 -> 116 -> 138 -> 160 h). Now the
    time spent counts: after four cycles an hour apart, 68 h are left."""
    clock = FakeTime()
    table = await Table.open(tmp_path / "t.sqlite3", clock)
    try:
        await table.start("egizia", clock="3d+1d", seed=7)
        [seat] = await table.waiting()
        assert await left_of(table, seat) == 72 * HOUR
        for i in range(1, 5):
            await run_until(table, T0 + i * HOUR)
            await table.service.act(CH, USERS[seat], "place 1")
            assert (await table.service.undo(CH, USERS[seat])).status == "done"
            assert await left_of(table, seat) == (72 - i) * HOUR
    finally:
        await table.close()


async def test_an_undo_after_other_seats_acted_restores_every_seat_clock(tmp_path):
    """A consented undo over several players' moves puts every seat's clock back (not only the undoer's)."""
    clock = FakeTime()
    table = await Table.open(tmp_path / "t.sqlite3", clock)
    try:
        await table.start("egizia", clock="3d+1d", seed=5)
        row = await table.row()
        clocks_before = await table.store.seat_clocks(row.id)
        jobs_before = await jobs_of(table)
        seat = (await table.waiting())[0]
        await table.service.act(CH, USERS[seat], await quiet_action(table, seat, stays=False))
        while seat in await table.waiting():
            await table.service.act(CH, USERS[seat], await quiet_action(table, seat, stays=False))
        clock.now += 2 * HOUR
        other = (await table.waiting())[0]
        await table.service.act(CH, USERS[other], await quiet_action(table, other, stays=False))
        req = await table.service.undo(CH, USERS[seat])
        assert req.status == "requested" and req.request is not None
        for u in req.waiting:
            res = await table.service.answer_undo(CH, next(x for x in USERS if x.id == u), req.request.id, True)
        assert res.status == "done"
        row = await table.row()
        after = await table.store.seat_clocks(row.id)
        for s, c in clocks_before.items():
            a = after[s]
            assert (a.bank, a.started, a.reminded, a.timeouts, a.overdue) == \
                (c.bank, c.started, c.reminded, c.timeouts, c.overdue)
        assert [j[:2] for j in await jobs_of(table)] == [j[:2] for j in jobs_before]
    finally:
        await table.close()


async def test_an_old_database_opens_migrates_and_undoes(tmp_path):
    """A database written before the clocks were logged (schema 6) opens, migrates in place and plays on; an
    undo of a move logged without clocks starts the decision afresh once (no doubled jobs)."""
    import sqlite3

    path = tmp_path / "old.sqlite3"
    clock = FakeTime()
    table = await Table.open(path, clock)
    await table.start("egizia", seed=5)
    await table.close()
    # make it an old database: no clocks column, schema version 6
    db = sqlite3.connect(path)
    db.execute("ALTER TABLE moves DROP COLUMN clocks")
    for later in ("TABLE results", "TABLE ratings", "INDEX games_of_channel", "INDEX games_by_status"):  # 8
        db.execute(f"DROP {later}")
    db.execute("PRAGMA user_version=6")
    db.commit()
    db.close()
    store = await Store.open(str(path))
    assert await store.schema_version() == len(MIGRATIONS)
    table = Table(store, clock)
    try:
        await table.service.act(CH, USERS[2], "place 16")
        assert await store.clocks_before((await table.row()).id, 1) is not None  # new entries record clocks
        out = await table.service.undo(CH, USERS[2])
        assert out.status == "done"
        kinds = [k for s, k in await table.jobs() if s == 2]
        assert sorted(kinds) == ["deadline", "remind", "remind"]
    finally:
        await table.close()


async def test_a_luxor_card_play_cannot_be_undone(tmp_path):
    """Item 9: a Luxor card play (``play L|R``) shows the card from the hidden hand (LUX-HAND-5). Before, a
    play that left its player a movement to choose (C-06) was not marked revealing, so the player could undo
    it and have the card back in hand after the others had seen it. Now the undo is refused, naming it."""
    from bot.table.errors import ServiceError
    from engines import get_game

    table = await Table.open(tmp_path / "t.sqlite3", FakeTime())
    try:
        await table.start("luxor", n=2, clock=None, seed=9)
        game = get_game("luxor")
        for _ in range(400):
            snap = await table.service.current(CH)
            p = snap.prompts[0]
            plays = [o.action for o in p.options if o.action in ("play L", "play R")]
            # a play after which the same player chooses the movement, with no die roll and no draw yet
            waits = [a for a in plays if (after := game.apply(snap.state, p.seat, a).state)
                     and game.current_seats(after) == [p.seat] and after["rng"] == snap.state["rng"]
                     and after["draw"] == snap.state["draw"]]
            if waits:
                await table.service.act(CH, USERS[p.seat], waits[0])
                with pytest.raises(ServiceError) as err:
                    await table.service.undo(CH, USERS[p.seat])
                assert err.value.message.key == "undo.err.revealed"
                return
            await table.service.act(CH, USERS[p.seat], p.options[0].action)
        raise AssertionError("no card play that leaves a movement to choose")
    finally:
        await table.close()
