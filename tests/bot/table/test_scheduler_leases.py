"""Timed jobs across processes (issue 19): each process claims under its own owner id, leases are reckoned on
the database's clock and renewed while a handler runs, a killed process's jobs are taken over when the lease
(60 s) runs out, and a job whose effect was stored is never fired again (its deletion is part of the effect's
transaction; a message job is re-sent with the same nonce, which Discord answers with the first message)."""
from __future__ import annotations

import asyncio
import os
from pathlib import Path

import aiosqlite
import pytest

from bot.store.jobs import SqliteJobs, StoreJobs
from bot.store.schema import JOBS_SCHEMA
from bot.table.clocks import PING, RECAP, REMIND, TimeConfig, job_nonce
from bot.table.model import Job, UserSettings
from bot.table.scheduler import LEASE, Scheduler, process_owner
from tests.bot.clockkit import USERS, FakeTime, Table


class Killed(BaseException):
    """The process dies here (kill -9): nothing after this line runs, no lease is given back."""


async def _jobs(path: Path, clock: FakeTime) -> tuple[aiosqlite.Connection, SqliteJobs]:
    db = await aiosqlite.connect(str(path))
    await db.executescript(JOBS_SCHEMA)
    await db.commit()
    return db, SqliteJobs(db, clock=clock)


def test_each_process_claims_under_its_own_owner_id() -> None:
    a, b = process_owner(), process_owner()
    assert a != b and f":{os.getpid()}:" in a and len(a) <= 60
    sched = Scheduler(None, lambda job: asyncio.sleep(0), clock=FakeTime())  # type: ignore[arg-type]
    assert sched.owner not in ("referee", a, b) and sched.lease == LEASE == 60.0


async def test_leases_are_reckoned_on_the_database_clock_not_the_claimers(tmp_path: Path) -> None:
    database = FakeTime()
    db, jobs = await _jobs(tmp_path / "j.db", database)
    job = await jobs.add(1, 0, "deadline", database(), 1)
    assert [j.id for j in await jobs.claim_due(database(), "a", 60, 10)] == [job]
    # process b's own clock runs an hour ahead: the job is due for it, but a's lease holds on the database's clock
    assert await jobs.claim_due(database() + 3600, "b", 60, 10) == []
    assert await jobs.claim(1, "deadline", "b", 60) is None
    database.now += 61  # a stopped renewing (killed): the lease has run out on the database's clock
    assert [j.id for j in await jobs.claim_due(database(), "b", 60, 10)] == [job]
    assert await jobs.renew([job], "a", 60) == []  # a cannot take it back
    assert await jobs.renew([job], "b", 60) == [job]
    await db.close()


async def test_a_running_handler_keeps_its_lease_and_a_stalled_one_loses_the_rest_of_its_batch(tmp_path: Path) -> None:
    database = FakeTime()
    db1, jobs1 = await _jobs(tmp_path / "j.db", database)
    db2, jobs2 = await _jobs(tmp_path / "j.db", database)
    first = await jobs1.add(1, 0, "slow", database() - 2, 1)
    second = await jobs1.add(2, 0, "next", database() - 1, 1)
    fired: list[tuple[str, int]] = []
    running, finish = asyncio.Event(), asyncio.Event()
    ticks: asyncio.Queue[None] = asyncio.Queue()
    renewed: asyncio.Queue[list[int]] = asyncio.Queue()

    async def slow(job: Job) -> None:
        fired.append(("a", job.id))
        if job.kind == "slow":
            running.set()
            await finish.wait()

    async def tick(seconds: float) -> None:
        assert seconds == LEASE / 3
        await ticks.get()

    a = Scheduler(jobs1, slow, clock=database, owner="a", renew_sleep=tick)
    renew = jobs1.renew

    async def counted(ids: list[int], owner: str, lease: float) -> list[int]:
        kept = await renew(ids, owner, lease)
        await renewed.put(kept)
        return kept

    jobs1.renew = counted  # type: ignore[method-assign]
    task = asyncio.create_task(a.run_due())
    await running.wait()
    for _ in range(3):  # 150 s of work: renewed every 50 s (within the 60 s lease), nobody else gets either job
        database.now += 50
        await ticks.put(None)
        assert await renewed.get() == [first, second]
        assert await jobs2.claim_due(database(), "b", 60, 10) == []
    # a stalls (its renewals stop) past the lease: b takes both jobs over and fires the one not in a's hands
    database.now += 61
    taken = await jobs2.claim_due(database(), "b", 60, 10)
    assert [j.id for j in taken] == [first, second]
    await jobs2.finish(second, "b")
    fired.append(("b", second))
    await ticks.put(None)  # a's next renewal finds the rest of its batch gone
    assert await renewed.get() == []
    finish.set()
    assert await task == 1
    assert fired == [("a", first), ("b", second)] and a.lost == 1
    assert await jobs2.finish(first, "a") is None and await jobs2.next_due() is not None  # b still holds first
    await db1.close()
    await db2.close()


@pytest.fixture
async def tables(tmp_path: Path):
    clock = FakeTime()
    opened: list[Table] = []

    async def open_table() -> Table:
        t = await Table.open(tmp_path / "shared.sqlite3", clock, TimeConfig(bot_level="random", bot_grace=600))
        opened.append(t)
        return t

    yield open_table
    for t in opened:
        await t.close()


async def test_a_process_killed_after_a_timeout_move_never_plays_it_twice(tables) -> None:
    first = await tables()
    await first.start("alhambra", n=2, clock="1d", timeout="skip")
    row = await first.row()
    silent = (await first.waiting())[0]

    deadline = next(j for j in await first.store.game_jobs(row.id) if j.kind == "deadline" and j.seat == silent)
    finish = first.scheduler.jobs.finish

    async def killed(job_id: int, owner: str) -> None:
        if job_id == deadline.id:
            raise Killed  # the move (and the job's deletion) is stored; the process dies before finishing
        await finish(job_id, owner)

    first.scheduler.jobs.finish = killed  # type: ignore[method-assign]
    first.clock.now = deadline.due
    with pytest.raises(Killed):
        while True:
            await first.scheduler.run_due()
            first.clock.now += 3600
    timeouts = [m for m in await first.store.moves(row.id) if m.kind == "timeout"]
    assert len(timeouts) == 1
    # another process, after the dead one's lease: the deadline job is gone with its move; nothing plays it again
    second = await tables()
    first.clock.now += LEASE + 1
    await second.scheduler.run_due()
    assert [m.seq for m in await second.store.moves(row.id) if m.kind == "timeout"] == [timeouts[0].seq]
    assert deadline.id not in [j.id for j in await second.store.game_jobs(row.id)]


async def test_a_process_killed_after_sending_a_reminder_does_not_send_it_twice(tables) -> None:
    first = await tables()
    await first.start("alhambra", n=2, clock="1d", timeout="wait")
    row = await first.row()
    seat = (await first.waiting())[0]
    remind = next(j for j in await first.store.game_jobs(row.id) if j.kind == REMIND)
    write = first.store.write_clocks

    async def dies(*args: object, **kwargs: object) -> None:
        raise Killed  # the reminder went out; the mark and the job's deletion never reach the database

    first.store.write_clocks = dies  # type: ignore[method-assign]
    first.clock.now = remind.due
    with pytest.raises(Killed):
        await first.scheduler.run_due()
    first.store.write_clocks = write  # type: ignore[method-assign]
    user = USERS[seat].id
    assert first.notes.keys(user).count("clock.remind") == 1
    # the second process reaches the same channel (Discord): the re-send carries the same nonce
    second = await tables()
    second.service.set_notifier(first.notes)
    assert await second.scheduler.run_due() == 0  # the dead process's lease still holds
    first.clock.now += LEASE + 1
    assert await second.scheduler.run_due() == 1
    assert first.notes.keys(user).count("clock.remind") == 1
    assert first.notes.nonces[job_nonce(remind.id, "c")] == 2  # sent twice, posted once
    assert (await second.store.seat_clocks(row.id))[seat].reminded == 1
    assert remind.id not in [j.id for j in await second.store.game_jobs(row.id)]


async def test_a_process_killed_after_a_your_turn_dm_does_not_send_it_twice(tables) -> None:
    first = await tables()
    for u in USERS[:2]:
        await first.store.save_settings(UserSettings(u.id, "dm"))
    await first.start("alhambra", n=2, clock="1d", timeout="wait")
    row = await first.row()
    ping = next(j for j in await first.store.game_jobs(row.id) if j.kind == PING)
    finish = first.scheduler.jobs.finish

    async def killed(job_id: int, owner: str) -> None:
        if job_id == ping.id:
            raise Killed  # the DM went out; the process dies before the job is deleted
        await finish(job_id, owner)

    first.scheduler.jobs.finish = killed  # type: ignore[method-assign]
    with pytest.raises(Killed):
        await first.scheduler.run_due()
    user = USERS[ping.seat or 0].id
    dms = [m.key for _, u, m, _ in first.notes.dms if u == user]
    assert dms.count("clock.your_turn") == 1
    second = await tables()
    second.service.set_notifier(first.notes)  # the same Discord
    first.clock.now += LEASE + 1
    await second.scheduler.run_due()
    assert [m.key for _, u, m, _ in first.notes.dms if u == user].count("clock.your_turn") == 1
    assert first.notes.nonces[job_nonce(ping.id, "d")] == 2  # sent again with the same nonce: posted once
    assert ping.id not in [j.id for j in await second.store.game_jobs(row.id)]


async def test_a_stop_gives_the_jobs_not_yet_fired_back_at_once(tmp_path: Path) -> None:
    database = FakeTime()
    db, jobs = await _jobs(tmp_path / "j.db", database)
    ids = [await jobs.add(i, 0, "k", database() - 10 + i, 1) for i in range(3)]
    running = asyncio.Event()

    async def handler(job: Job) -> None:
        running.set()
        await asyncio.Event().wait()  # the first job is still firing when the process is told to stop

    a = Scheduler(jobs, handler, clock=database, owner="a")
    task = asyncio.create_task(a.run_due())
    await running.wait()
    task.cancel()  # SIGTERM: the scheduler's task is cancelled
    with pytest.raises(asyncio.CancelledError):
        await task
    # the two not started are free for another process now; the one cut off mid-way waits for its lease
    assert [j.id for j in await jobs.claim_due(database(), "b", 60, 10)] == ids[1:]
    for job_id in ids[1:]:
        await jobs.finish(job_id, "b")
    database.now += LEASE + 1
    assert [j.id for j in await jobs.claim_due(database(), "b", 60, 10)] == ids[:1]
    await db.close()


async def _finished_game(table: Table) -> int:
    """A Luxor game played to its end in ``table`` (no clock): its id; the final move stored the recap job."""
    from engines.core import Rng

    snap = await table.start("luxor", n=2, clock=None, seed=2)
    rng = Rng.seeded(2)
    while snap.prompts:
        p = snap.prompts[rng.below(len(snap.prompts))]
        snap = await table.service.act("chan", USERS[p.seat], p.options[rng.below(len(p.options))].action)
    assert [j.kind for j in await table.store.game_jobs(snap.row.id)] == [RECAP]
    return snap.row.id


async def test_a_recap_being_drawn_keeps_its_lease_and_a_killed_drawers_is_taken_over_within_a_lease(
        tables, monkeypatch: pytest.MonkeyPatch) -> None:
    """The final move's flow draws the recap under the scheduler's 60 s lease, renewed while it draws (it was a
    600 s lease, never renewed): a drawing of any length is never taken over, and a process killed while drawing
    has its recap posted by another within a lease of its last renewal."""
    first = await tables()
    second = await tables()
    clock = first.clock
    game_id = await _finished_game(first)
    ticks: asyncio.Queue[None] = asyncio.Queue()
    renewed: asyncio.Queue[list[int]] = asyncio.Queue()

    async def tick(seconds: float) -> None:
        assert seconds == LEASE / 3
        await ticks.get()

    renew = StoreJobs.renew

    async def counted(self: StoreJobs, ids: list[int], owner: str, lease: float) -> list[int]:
        kept = await renew(self, ids, owner, lease)
        if owner == first.service.owner:
            assert lease == LEASE
            await renewed.put(kept)
        return kept

    first.service.lease_sleep = tick
    monkeypatch.setattr(StoreJobs, "renew", counted)
    drawing, never = asyncio.Event(), asyncio.Event()
    claimed: list[int | None] = []

    async def draw() -> None:  # the final move's flow (bot.discord.history.after_move)
        async with first.service.recap_claimed(game_id) as job:
            claimed.append(job)
            drawing.set()
            await never.wait()  # drawing … until the process is killed

    task = asyncio.create_task(draw())
    await drawing.wait()
    assert claimed[0] is not None
    # fifteen minutes of drawing, renewed every 50 s of the database's clock: the other process never takes it
    for _ in range(18):
        clock.now += 50
        await ticks.put(None)
        assert await renewed.get() == [claimed[0]]
        assert await second.scheduler.run_due() == 0
    assert second.notes.recaps == [] and first.notes.recaps == []
    # killed (kill -9): no renewal any more; the lease runs out 60 s after the last one
    clock.now += LEASE - 1
    assert await second.scheduler.run_due() == 0
    clock.now += 2
    assert await second.scheduler.run_due() == 1
    assert second.notes.recaps == [game_id]  # posted once, by the other process
    assert await second.store.game_jobs(game_id) == []
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
