"""Clock writes that cannot be raced (issue 21, items 1 and 5).

Every clock, consent and overdue write is guarded: a reminder marks only its own decision (the seat's
``turn_version``), an overdue mark and a skip vote only the position they were computed from (the game's
version), and the last consent is seen by exactly one of two processes answering at once. The races are
made real: a held send, a held read, and two services ("two processes") over one SQLite file.
"""
from __future__ import annotations

import asyncio

import pytest

from bot.table.errors import ServiceError
from bot.table.model import ClockWrite, GameRow
from engines import get_game
from engines.core import Msg
from tests.bot.clockkit import CH, DAY, USERS, FakeTime, Table

#: (title, seat 2's first move) at seed 5, 3 players, clock 1d: in Alhambra and Egizia seat 2 acts again at
#: once; in Luxor the turn passes, and seat 2's next decision (after the others') is the one that died
SAME_SEAT_AGAIN = [("alhambra", "buy 1 7+4"), ("egizia", "place 3"), ("luxor", "play L")]


async def until_seat_acts(table: Table, seat: int) -> None:
    """The other seats make their first legal move until ``seat`` is to act."""
    while seat not in (waiting := await table.waiting()):
        snap = await table.service.current(CH)
        other = waiting[0]
        await table.service.act(CH, USERS[other], next(o.action for p in snap.prompts if p.seat == other
                                                       for o in p.options))


def hold_first(table: Table, key: str) -> tuple[asyncio.Event, asyncio.Event]:
    """Hold the first channel message ``key`` of ``table`` until ``release`` is set; ``held`` is set when it
    is being held."""
    held, release = asyncio.Event(), asyncio.Event()
    send = table.notes.to_channel

    async def to_channel(game: GameRow, user_ids, message: Msg, nonce: str | None = None) -> None:
        if message.key == key and not held.is_set():
            held.set()
            await release.wait()
        await send(game, user_ids, message, nonce)

    table.notes.to_channel = to_channel  # type: ignore[method-assign]
    return held, release


async def assert_decision_alive(table: Table, seat: int) -> None:
    """The seat is to act, its clock belongs to the current decision and that decision has its deadline job."""
    row = await table.row()
    assert seat in await table.waiting()
    c = (await table.store.seat_clocks(row.id))[seat]
    assert c.started is not None
    jobs = [j for j in await table.store.game_jobs(row.id) if j.seat == seat]
    assert any(j.kind == "deadline" and j.version == c.turn_version for j in jobs), (c, jobs)
    # and the deadline does what it should: the seat is marked overdue once, and told so once
    while await table.next_job():
        pass
    c = (await table.store.seat_clocks(row.id))[seat]
    assert c.overdue and c.timeouts == 1
    assert table.notes.keys(USERS[seat].id).count("clock.overdue") == 1


@pytest.mark.parametrize(("title", "action"), SAME_SEAT_AGAIN)
async def test_a_reminder_held_while_its_player_moves_does_not_kill_the_next_decision(tmp_path, title, action):
    """Item 1: the reminder's send is held while seat 2 moves and stays to act; the reminder's clock write
    must not put the old decision back (before: the new decision had no live deadline, never timed out)."""
    clock = FakeTime()
    table = await Table.open(tmp_path / "t.sqlite3", clock)
    try:
        await table.start(title)
        held, release = hold_first(table, "clock.remind")
        row = await table.row()
        first = min(j.due for j in await table.store.game_jobs(row.id) if j.kind == "remind")
        clock.now = first
        firing = asyncio.create_task(table.scheduler.run_due())
        await held.wait()
        await table.service.act(CH, USERS[2], action)
        release.set()
        await firing
        await until_seat_acts(table, 2)
        await assert_decision_alive(table, 2)
    finally:
        await table.close()


@pytest.mark.parametrize(("title", "action"), SAME_SEAT_AGAIN)
async def test_two_processes_a_reminder_in_one_and_the_move_in_the_other(tmp_path, title, action):
    """Item 5 (third case): item 1 across two services on one database file."""
    clock = FakeTime()
    a = await Table.open(tmp_path / "t.sqlite3", clock)
    b = await Table.open(tmp_path / "t.sqlite3", clock)
    try:
        await a.start(title)
        held, release = hold_first(a, "clock.remind")
        row = await a.row()
        clock.now = min(j.due for j in await a.store.game_jobs(row.id) if j.kind == "remind")
        firing = asyncio.create_task(a.scheduler.run_due())
        await held.wait()
        await b.service.act(CH, USERS[2], action)
        release.set()
        await firing
        await until_seat_acts(b, 2)
        await assert_decision_alive(b, 2)
    finally:
        await a.close()
        await b.close()


async def test_two_processes_an_overdue_mark_cannot_overwrite_a_move_just_stored(tmp_path):
    """Item 5 (second case): process B's deadline job reads seat 2's clock; process A stores seat 2's move
    (seat 2 acts again); B's overdue mark must then be refused by the game's version, not written back."""
    clock = FakeTime()
    a = await Table.open(tmp_path / "t.sqlite3", clock)
    b = await Table.open(tmp_path / "t.sqlite3", clock)
    try:
        await a.start("alhambra")
        row = await a.row()
        read, go = asyncio.Event(), asyncio.Event()
        seat_clocks = b.store.seat_clocks
        reads = 0

        async def held_read(game_id: int):
            # the job handler reads the clock once to see the job is current, then once more in the channel's
            # lock before it acts: hold that second read (the one the overdue mark is computed from)
            nonlocal reads
            out = await seat_clocks(game_id)
            reads += 1
            if reads == 2:
                read.set()
                await go.wait()
            return out

        b.store.seat_clocks = held_read  # type: ignore[method-assign]
        clock.now = next(j.due for j in await a.store.game_jobs(row.id) if j.kind == "deadline")
        for j in await a.store.game_jobs(row.id):  # only the deadline is left to fire
            if j.kind != "deadline":
                await a.store.write_clocks(row.id, ClockWrite(done_job=j.id))
        firing = asyncio.create_task(b.scheduler.run_due())
        await read.wait()
        report = await a.service.act(CH, USERS[2], "buy 1 7+4")
        go.set()
        await firing
        row = await a.row()
        assert row.version == report.row.version
        c = (await a.store.seat_clocks(row.id))[2]
        assert c.turn_version == row.version and not c.overdue and c.timeouts == 0
        told = b.notes.keys()
        assert "clock.overdue" not in told
        b.store.seat_clocks = seat_clocks  # type: ignore[method-assign]
        await assert_decision_alive(a, 2)
    finally:
        await a.close()
        await b.close()


async def quiet_move(a: Table, seat: int) -> None:
    """Seat ``seat`` makes a legal move that reveals nothing."""
    snap = await a.service.current(CH)
    game = get_game(snap.row.title)
    action = next(o.action for p in snap.prompts if p.seat == seat for o in p.options
                  if not game.apply(snap.state, seat, o.action).reveals)
    await a.service.act(CH, USERS[seat], action)


async def pending_request(a: Table):
    """Cy's undo request at Ann's and Ben's Egizia table (no clock): both must consent."""
    await a.start("egizia", clock=None)
    await quiet_move(a, 2)
    while (await a.waiting()) == [2]:
        await quiet_move(a, 2)
    await quiet_move(a, (await a.waiting())[0])
    req = await a.service.undo(CH, USERS[2])
    assert req.status == "requested" and sorted(req.waiting) == ["u1", "u2"]
    assert req.request is not None
    return req


def both_read_first(*tables: Table) -> None:
    """Each service's next read of the pending request waits until all of them have read it."""
    count = 0
    both = asyncio.Event()

    def held(store):
        undo_request = store.undo_request

        async def read(game_id, pending_only=True):
            nonlocal count
            r = await undo_request(game_id, pending_only)
            count += 1
            if count >= len(tables):
                both.set()
            await both.wait()
            return r
        return read

    for t in tables:
        t.store.undo_request = held(t.store)  # type: ignore[method-assign]


async def test_two_processes_answer_the_last_two_consents_at_once(tmp_path):
    """Item 5 (first case): Ann (in process A) and Ben (in process B) accept at the same moment, both having
    read the request before either answer is stored. Exactly one of them carries the undo out (before:
    both were told "accepted" and the undo never happened)."""
    clock = FakeTime()
    a = await Table.open(tmp_path / "t.sqlite3", clock)
    b = await Table.open(tmp_path / "t.sqlite3", clock)
    try:
        req = await pending_request(a)
        assert req.request is not None
        both_read_first(a, b)
        results = await asyncio.gather(
            a.service.answer_undo(CH, USERS[0], req.request.id, True),
            b.service.answer_undo(CH, USERS[1], req.request.id, True),
            return_exceptions=True)
        statuses = sorted(r.status if not isinstance(r, BaseException) else type(r).__name__ for r in results)
        assert statuses == ["accepted", "done"], results
        row = await a.row()
        assert row.state == await a.service.replay(row.id)
        assert row.version == req.row.version + 1
    finally:
        await a.close()
        await b.close()


async def test_a_refusal_stored_first_stops_a_concurrent_last_consent(tmp_path):
    """Ben accepted, then changes his mind (process B) while Ann gives the last consent (process A), both
    having read the request first. The refusal is stored first: the undo must not be carried out."""
    clock = FakeTime()
    a = await Table.open(tmp_path / "t.sqlite3", clock)
    b = await Table.open(tmp_path / "t.sqlite3", clock)
    try:
        req = await pending_request(a)
        assert req.request is not None
        await b.service.answer_undo(CH, USERS[1], req.request.id, True)
        both_read_first(a, b)
        declined = asyncio.Event()
        close = b.store.close_undo_request

        async def close_then_tell(request_id, status):
            closed = await close(request_id, status)
            declined.set()
            return closed

        b.store.close_undo_request = close_then_tell  # type: ignore[method-assign]
        answer = a.store.answer_undo

        async def answer_after_refusal(*args, **kwargs):
            await declined.wait()
            return await answer(*args, **kwargs)

        a.store.answer_undo = answer_after_refusal  # type: ignore[method-assign]
        results = await asyncio.gather(
            a.service.answer_undo(CH, USERS[0], req.request.id, True),
            b.service.answer_undo(CH, USERS[1], req.request.id, False),
            return_exceptions=True)
        assert not isinstance(results[1], BaseException) and results[1].status == "declined"
        assert isinstance(results[0], ServiceError) and results[0].message.key == "undo.err.no_request", results
        row = await a.row()
        assert row.version == req.row.version
    finally:
        await a.close()
        await b.close()


async def test_reminders_of_one_decision_are_sent_once_each(tmp_path):
    clock = FakeTime()
    table = await Table.open(tmp_path / "t.sqlite3", clock)
    try:
        await table.start("egizia")
        while await table.next_job():
            pass
        assert table.notes.keys("u3").count("clock.remind") == 2
        assert clock.now - 1_795_003_200.0 >= DAY
    finally:
        await table.close()


async def test_two_processes_a_vacation_replan_cannot_overwrite_a_move_just_stored(tmp_path):
    """Process B replans Cy's clock for a vacation (read, then held); process A stores Cy's move (Cy acts
    again). B's rebase was computed from the old decision: it must not be written over the new one (before:
    the whole seat-clock row was written back); B replans again on the newer position instead."""
    clock = FakeTime()
    a = await Table.open(tmp_path / "t.sqlite3", clock)
    b = await Table.open(tmp_path / "t.sqlite3", clock)
    try:
        await a.start("alhambra")
        clock.now += 3600.0
        read, go = asyncio.Event(), asyncio.Event()
        settings_of = b.store.settings_of

        async def held(user_ids):
            out = await settings_of(user_ids)
            if not read.is_set():
                read.set()
                await go.wait()
            return out

        b.store.settings_of = held  # type: ignore[method-assign]
        vacation = asyncio.create_task(b.service.vacation(USERS[2], 3))
        await read.wait()
        report = await a.service.act(CH, USERS[2], "buy 1 7+4")
        assert report.waiting_for == [2]
        go.set()
        await vacation
        row = await a.row()
        c = (await a.store.seat_clocks(row.id))[2]
        assert c.turn_version == row.version and c.started is not None
        jobs = [j for j in await a.store.game_jobs(row.id) if j.seat == 2]
        deadline = [j for j in jobs if j.kind == "deadline"]
        assert len(deadline) == 1 and deadline[0].version == c.turn_version
        assert deadline[0].due >= clock.now + 3 * DAY  # the vacation pauses the new decision's clock
    finally:
        await a.close()
        await b.close()


async def test_two_processes_two_skip_votes_at_once_both_count(tmp_path):
    """Ben (process A) and Cy (process B) vote at once to skip Dee's overdue decision (4 players: two votes
    of the three others are a majority). Both read the votes before either is stored; the second is counted
    again on the stored votes, so the decision is skipped (before: one vote was written over the other)."""
    clock = FakeTime()
    a = await Table.open(tmp_path / "t.sqlite3", clock)
    b = await Table.open(tmp_path / "t.sqlite3", clock)
    try:
        await a.start("egizia", n=4, seed=5)
        row = await a.row()
        [late] = await a.waiting()
        while not (await a.store.seat_clocks(row.id))[late].overdue:
            assert await a.next_job()
        voters = [u for i, u in enumerate(USERS[:4]) if i not in (late, 0)][:2]  # not the host: a real vote
        count = 0
        both = asyncio.Event()

        def held(store):
            seat_clocks = store.seat_clocks

            async def read(game_id):
                nonlocal count
                out = await seat_clocks(game_id)
                count += 1
                if count >= 2:
                    both.set()
                await both.wait()
                return out
            return read

        a.store.seat_clocks = held(a.store)  # type: ignore[method-assign]
        b.store.seat_clocks = held(b.store)  # type: ignore[method-assign]
        results = await asyncio.gather(a.service.vote_skip(CH, voters[0]), b.service.vote_skip(CH, voters[1]))
        assert sorted(r[1] for r in results) == [1, 2]
        assert sum(r[0] is not None for r in results) == 1  # the second vote played the timeout action
        after = await a.row()
        assert after.version == row.version + 1
        assert [m.kind for m in await a.store.moves(row.id)][-1] == "timeout"
    finally:
        await a.close()
        await b.close()
