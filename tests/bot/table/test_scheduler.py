"""The durable job scheduler (bot/scheduler.py), with a fake clock: days pass in milliseconds."""
from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite
import pytest

from bot.store.jobs import SqliteJobs
from bot.store.schema import JOBS_SCHEMA
from bot.table.errors import Retry
from bot.table.model import Job
from bot.table.scheduler import Scheduler

DAY = 86400.0


class FakeTime:
    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


async def _jobs(path: Path, clock: FakeTime | None = None) -> tuple[aiosqlite.Connection, SqliteJobs]:
    db = await aiosqlite.connect(str(path))
    await db.executescript(JOBS_SCHEMA)
    await db.commit()
    return db, SqliteJobs(db) if clock is None else SqliteJobs(db, clock=clock)


async def test_due_jobs_fire_in_due_order_and_only_when_due(tmp_path: Path) -> None:
    db, jobs = await _jobs(tmp_path / "j.db")
    clock = FakeTime()
    fired: list[tuple[str, float]] = []

    async def handler(job: Job) -> None:
        fired.append((job.kind, clock()))

    for kind, delay in [("c", 3 * DAY), ("a", DAY), ("b", 2 * DAY)]:
        await jobs.add(1, 0, kind, clock() + delay, 5)
    sched = Scheduler(jobs, handler, clock=clock, sleep=clock.sleep)
    assert await sched.run_due() == 0
    clock.now += DAY
    assert await sched.run_due() == 1
    clock.now += 5 * DAY
    assert await sched.run_due() == 2
    assert [k for k, _ in fired] == ["a", "b", "c"]
    assert await jobs.next_due() is None
    await db.close()


async def test_after_a_restart_overdue_jobs_fire_once_each_oldest_first(tmp_path: Path) -> None:
    db, jobs = await _jobs(tmp_path / "j.db")
    clock = FakeTime()
    for i in range(20):
        await jobs.add(i % 3, i % 2, f"k{i}", clock() + (20 - i) * 3600, 1)
    await db.close()
    clock.now += 10 * DAY  # the bot was down for ten days
    db, jobs = await _jobs(tmp_path / "j.db")
    fired: list[Job] = []

    async def handler(job: Job) -> None:
        fired.append(job)

    sched = Scheduler(jobs, handler, clock=clock, sleep=clock.sleep)
    assert await sched.run_due() == 20
    assert await sched.run_due() == 0
    assert [j.kind for j in fired] == [f"k{i}" for i in reversed(range(20))]
    assert len({j.id for j in fired}) == 20
    await db.close()


async def test_two_processes_sharing_the_database_never_fire_a_job_twice(tmp_path: Path) -> None:
    path = tmp_path / "shared.db"
    db1, jobs1 = await _jobs(path)
    db2, jobs2 = await _jobs(path)
    clock = FakeTime()
    for i in range(200):
        await jobs1.add(i, None, "remind", clock() - i, 1)
    seen: list[tuple[str, int]] = []

    def handler_for(owner: str):
        async def handler(job: Job) -> None:
            seen.append((owner, job.id))
            await asyncio.sleep(0.002)   # a real handler takes a while: the other process gets its turn
        return handler

    a = Scheduler(jobs1, handler_for("a"), clock=clock, owner="a", batch=7)
    b = Scheduler(jobs2, handler_for("b"), clock=clock, owner="b", batch=7)
    try:
        await asyncio.gather(a.run_due(), b.run_due())
    finally:
        await db1.close()
        await db2.close()
    ids = [i for _, i in seen]
    assert len(ids) == 200 == len(set(ids))
    assert {o for o, _ in seen} == {"a", "b"}


async def test_a_lease_of_a_dead_process_expires(tmp_path: Path) -> None:
    clock = FakeTime()
    db, jobs = await _jobs(tmp_path / "j.db", clock)  # the database's clock: leases are reckoned on it
    await jobs.add(1, 0, "deadline", clock(), 1)
    claimed = await jobs.claim_due(clock(), "dead", 300, 10)
    assert len(claimed) == 1
    assert await jobs.claim_due(clock(), "alive", 300, 10) == []
    clock.now += 301
    again = await jobs.claim_due(clock(), "alive", 300, 10)
    assert [j.id for j in again] == [claimed[0].id]
    await db.close()


async def test_a_failing_job_is_retried_then_dropped_without_stalling_others(tmp_path: Path,
                                                                             caplog: pytest.LogCaptureFixture) -> None:
    db, jobs = await _jobs(tmp_path / "j.db")
    clock = FakeTime()
    bad = await jobs.add(1, 0, "bad", clock(), 1)
    await jobs.add(2, 0, "good", clock(), 1)
    calls: list[str] = []

    async def handler(job: Job) -> None:
        calls.append(job.kind)
        if job.kind == "bad":
            raise RuntimeError("boom")

    sched = Scheduler(jobs, handler, clock=clock, retry_after=60, max_attempts=3)
    await sched.run_due()
    assert calls == ["bad", "good"]
    for _ in range(5):
        clock.now += 61
        await sched.run_due()
    assert calls == ["bad", "good", "bad", "bad"]
    assert await jobs.next_due() is None
    assert any("dropped" in r.getMessage() and str(bad) in r.getMessage() for r in caplog.records)
    await db.close()


async def test_retry_puts_a_job_back_for_later(tmp_path: Path) -> None:
    db, jobs = await _jobs(tmp_path / "j.db")
    clock = FakeTime()
    await jobs.add(1, 0, "ping", clock(), 1)
    times: list[float] = []

    async def handler(job: Job) -> None:
        times.append(clock())
        if len(times) == 1:
            raise Retry(clock() + 8 * 3600)   # quiet hours: try again in the morning

    sched = Scheduler(jobs, handler, clock=clock)
    start = clock()
    await sched.run_due()
    clock.now += 8 * 3600 - 1
    await sched.run_due()
    clock.now += 1
    await sched.run_due()
    assert times == [start, start + 8 * 3600]
    await db.close()


async def test_the_task_sleeps_until_the_next_job_and_a_poke_wakes_it(tmp_path: Path) -> None:
    db, jobs = await _jobs(tmp_path / "j.db")
    clock = FakeTime()
    fired: list[tuple[str, float]] = []
    done = asyncio.Event()

    async def handler(job: Job) -> None:
        fired.append((job.kind, clock()))
        if len(fired) == 2:
            done.set()

    gate = asyncio.Event()
    waits: list[float] = []

    async def gated_sleep(seconds: float) -> None:   # time passes only once the test opens the gate
        waits.append(seconds)
        await gate.wait()
        clock.now += seconds

    start = clock()
    await jobs.add(1, 0, "late", start + 2 * DAY, 1)
    sched = Scheduler(jobs, handler, clock=clock, sleep=gated_sleep, max_wait=DAY)
    task = asyncio.create_task(sched.run())
    while not waits:                       # the task went to sleep until the next due time (capped)
        await asyncio.sleep(0.001)
    assert waits == [DAY]
    await jobs.add(1, 0, "soon", start, 1)
    sched.poke()                           # wakes it at once: the new job is due now
    while not fired:
        await asyncio.sleep(0.001)
    assert fired == [("soon", start)]
    gate.set()                             # let time pass
    await asyncio.wait_for(done.wait(), 5)
    sched.stop()
    await asyncio.wait_for(task, 5)
    assert [k for k, _ in fired] == ["soon", "late"]
    assert fired[0][1] == start and fired[1][1] >= start + 2 * DAY
    await db.close()


async def test_cancel_removes_a_seats_or_a_games_jobs(tmp_path: Path) -> None:
    db, jobs = await _jobs(tmp_path / "j.db")
    for seat in (0, 1):
        for kind in ("remind", "deadline"):
            await jobs.add(7, seat, kind, 0, 1)
    await jobs.add(8, 0, "remind", 0, 1)
    assert await jobs.cancel(7, 0, ("remind",)) == 1
    assert await jobs.cancel(7) == 3
    assert len(await jobs.claim_due(10, "x", 60, 10)) == 1
    await db.close()


async def test_a_poke_for_jobs_due_after_its_wake_up_leaves_the_scheduler_asleep(tmp_path: Path) -> None:
    """Issue 24: every move of a clocked table adds jobs hours away; such a poke costs no look at the database,
    while a poke for a sooner job (or one without a due time) wakes the scheduler at once."""
    db, jobs = await _jobs(tmp_path / "j.db")
    clock = FakeTime()
    await jobs.add(1, 0, "a", clock() + DAY, 5)
    hold = asyncio.Event()
    asleep = asyncio.Event()

    async def sleep(seconds: float) -> None:
        asleep.set()
        await hold.wait()  # asleep until the test lets go (a poke is what may wake it)

    looks: list[float | None] = []
    next_due = jobs.next_due

    async def counting() -> float | None:
        looks.append(await next_due())
        return looks[-1]

    jobs.next_due = counting  # type: ignore[method-assign]

    async def handler(job: Job) -> None:
        pass

    # (a scheduler looks at the jobs at least once per max_wait, issue 19; an hour here, as on a quiet bot)
    sched = Scheduler(jobs, handler, clock=clock, sleep=sleep, max_wait=3600.0)
    task = asyncio.create_task(sched.run())

    async def next_sleep() -> None:
        await asyncio.wait_for(asleep.wait(), 10)
        asleep.clear()

    await next_sleep()
    assert looks == [clock() + DAY]
    sched.poke(clock() + 2 * DAY)  # after the wake-up it sleeps until: nothing to look at
    assert not sched._poke.is_set()
    await jobs.add(1, 1, "b", clock() + 1800, 5)
    sched.poke(clock() + 1800)  # sooner than its wake-up (at most an hour away): it looks again at once
    await next_sleep()
    assert looks == [clock() + DAY, clock() + 1800]
    sched.poke()  # no due time given: always a look
    await next_sleep()
    assert len(looks) == 3
    sched.stop()
    hold.set()
    await task
    await db.close()
