"""Issue 19: a job planned by one process wakes the sleeping scheduler of another at once (PostgreSQL ``NOTIFY``
from migration 4's triggers, ``LISTEN`` on one connection per process), with polling as the fallback.

Each store here has its own pools, as another process would. The schedulers run on a fake clock whose time
passes only when a test lets it: a scheduler that fires a job without its sleep having ended was woken by the
notification.
"""
from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import asyncpg
import pytest

from bot.store.postgres import PgStore
from bot.table.model import Job
from bot.table.scheduler import Scheduler
from tests.bot.pgkit import with_database

DAY = 86400.0


class FakeTime:
    def __init__(self, now: float = 1_795_003_200.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class Sleeper:
    """A scheduler on the fake clock: its sleeps end only when the test lets time pass (:meth:`pass_time`)."""

    clock: FakeTime
    store: PgStore
    max_wait: float = DAY
    fired: list[tuple[str, float]] = field(default_factory=list)
    sleeps: list[float] = field(default_factory=list)
    pokes: list[float | None] = field(default_factory=list)
    looks: int = 0

    def __post_init__(self) -> None:
        self.asleep, self.fire_event, self.poked = asyncio.Event(), asyncio.Event(), asyncio.Event()
        self.gate = asyncio.Event()
        self.scheduler = Scheduler(self.store.jobs, self.handler, clock=self.clock, sleep=self.sleep,
                                   max_wait=self.max_wait)
        poke = self.scheduler.poke

        def counted(due: float | None = None) -> None:  # (what the listener calls: the scheduler's poke)
            self.pokes.append(due)
            poke(due)
            if self.scheduler._poke.is_set():  # it wakes up (else it sleeps on: the job is due after its wake-up)
                self.asleep.clear()
            self.poked.set()

        self.scheduler.poke = counted  # type: ignore[method-assign]
        jobs = self.scheduler.jobs
        next_due = jobs.next_due

        async def looking() -> float | None:
            self.looks += 1
            return await next_due()

        jobs.next_due = looking  # type: ignore[method-assign]

    async def handler(self, job: Job) -> None:
        self.fired.append((job.kind, self.clock()))
        self.fire_event.set()

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        if not self.scheduler._poke.is_set():  # (else this sleep ends at once: it was poked meanwhile)
            self.asleep.set()
        await self.gate.wait()  # time passes only when the test opens the gate
        self.clock.now += seconds

    async def until_listening(self) -> None:
        """Until the listener has connected (it pokes the scheduler once then) and the scheduler sleeps again."""
        await asyncio.wait_for(self.poked.wait(), 10)
        assert self.pokes[0] is None and self.store.listening
        await asyncio.wait_for(self.asleep.wait(), 10)


@pytest.fixture
async def stores(pg_url: str) -> AsyncIterator[tuple[PgStore, PgStore]]:
    a, b = await PgStore.open(pg_url), await PgStore.open(pg_url)
    yield a, b
    await a.close()
    await b.close()


async def _running(sleeper: Sleeper) -> asyncio.Task[None]:
    task = asyncio.create_task(sleeper.scheduler.run())
    await sleeper.until_listening()
    return task


async def _stop(sleeper: Sleeper, task: asyncio.Task[None]) -> None:
    sleeper.scheduler.stop()
    await asyncio.wait_for(task, 10)


async def test_a_job_planned_by_another_process_wakes_a_sleeping_scheduler_at_once(stores) -> None:
    a, b = stores
    clock = FakeTime()
    sleeper = Sleeper(clock, b)
    task = await _running(sleeper)
    assert sleeper.sleeps[-1] == DAY  # nothing planned: it sleeps for its longest wait
    start = clock()
    # process A plans a job due now (its own transaction, its own pool): B fires it with no time passing
    await a.jobs.add(7, 0, "deadline", start, 3)
    await asyncio.wait_for(sleeper.fire_event.wait(), 10)
    assert sleeper.fired == [("deadline", start)] and clock() == start
    assert start in sleeper.pokes  # the notification carried the job's due time
    assert await b.jobs.next_due() is None  # done, and deleted
    await _stop(sleeper, task)


async def test_a_job_planned_later_than_the_schedulers_wake_up_costs_it_no_look(stores) -> None:
    """A busy table's moves plan jobs hours away: those notifications wake nobody (no query either); a job due
    sooner than the sleep, or a due time moved sooner, does."""
    a, b = stores
    clock = FakeTime()
    sleeper = Sleeper(clock, b, max_wait=3600.0)
    task = await _running(sleeper)
    looks = sleeper.looks
    sleeper.poked.clear()
    await a.jobs.add(7, 0, "remind", clock() + 2 * DAY, 3)  # after its wake-up (at most an hour away)
    await asyncio.wait_for(sleeper.poked.wait(), 10)
    assert sleeper.pokes[-1] == clock() + 2 * DAY and sleeper.looks == looks
    # a planned job moved to an earlier due time (a retry put back sooner): that wakes it
    job = await a.jobs.add(7, 1, "ping", clock() + DAY, 3)
    await asyncio.wait_for(sleeper.asleep.wait(), 10)
    owner = "process-a"
    assert [j.id for j in await a.jobs.claim_due(clock() + DAY, owner, 60, 10)] == [job]
    sleeper.poked.clear()
    await a.jobs.release(job, owner, clock() - 1)
    await asyncio.wait_for(sleeper.fire_event.wait(), 10)
    assert sleeper.fired == [("ping", clock())]
    # a rolled-back plan notifies nobody (NOTIFY is delivered at commit)
    pokes = len(sleeper.pokes)
    async with a.pool.acquire() as conn:
        tx = conn.transaction()
        await tx.start()
        await conn.execute("INSERT INTO jobs (game_id, seat, kind, due, version) VALUES (7, 0, 'x', $1, 1)", clock())
        await tx.rollback()
        # (a committed one after it is heard: the channel works, and nothing came before it)
        await conn.execute("INSERT INTO jobs (game_id, seat, kind, due, version) VALUES (7, 0, 'y', $1, 1)",
                           clock() + 3 * DAY)
    while len(sleeper.pokes) == pokes:
        sleeper.poked.clear()
        await asyncio.wait_for(sleeper.poked.wait(), 10)
    assert sleeper.pokes[pokes:] == [clock() + 3 * DAY]
    await _stop(sleeper, task)


async def test_a_lost_listener_connects_again_and_polling_covers_the_gap(stores, pg_url: str) -> None:
    a, b = stores
    clock = FakeTime()
    sleeper = Sleeper(clock, b, max_wait=3600.0)
    task = await _running(sleeper)
    assert b.listens == 1
    # the listening backend is terminated (a restart, a failover): the listener connects again at once, and
    # pokes its scheduler to look (a job may have been planned meanwhile)
    sleeper.poked.clear()
    admin = await asyncpg.connect(pg_url)
    try:
        ended = await admin.fetchval("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                                     " WHERE application_name = 'referee-listen' AND datname = current_database()")
    finally:
        await admin.close()
    assert ended >= 1
    await asyncio.wait_for(sleeper.poked.wait(), 10)
    while b.listens < 2:  # (the poke came from the new connection)
        sleeper.poked.clear()
        await asyncio.wait_for(sleeper.poked.wait(), 10)
    await asyncio.wait_for(sleeper.asleep.wait(), 10)
    start = clock()
    await a.jobs.add(8, 0, "deadline", start, 1)
    await asyncio.wait_for(sleeper.fire_event.wait(), 10)
    assert sleeper.fired == [("deadline", start)] and clock() == start
    await _stop(sleeper, task)


async def test_without_a_listener_the_scheduler_still_polls(stores, pg_url: str) -> None:
    a, b = stores
    clock = FakeTime()
    retries: list[float] = []
    gave_up = asyncio.Event()

    async def retry_sleep(seconds: float) -> None:
        retries.append(seconds)
        if len(retries) >= 3:
            gave_up.set()
            await asyncio.Event().wait()  # (no more attempts in this test)
        await asyncio.sleep(0)

    b.retry_sleep = retry_sleep
    b.url = with_database(pg_url, "referee_no_such_database")  # the listener cannot connect
    sleeper = Sleeper(clock, b, max_wait=3600.0)
    task = asyncio.create_task(sleeper.scheduler.run())
    await asyncio.wait_for(gave_up.wait(), 10)
    assert retries[:3] == [1.0, 2.0, 4.0] and not b.listening  # it keeps trying, backing off (up to 30 s)
    await asyncio.wait_for(sleeper.asleep.wait(), 10)
    due = clock() + 1800
    await a.jobs.add(9, 0, "deadline", due, 1)
    assert sleeper.fired == []
    sleeper.gate.set()  # time passes: the scheduler looks at the end of its sleep (an hour) and fires the job
    await asyncio.wait_for(sleeper.fire_event.wait(), 10)
    assert sleeper.fired[0][0] == "deadline" and sleeper.fired[0][1] >= due
    await _stop(sleeper, task)


async def test_a_bots_turn_planned_by_a_move_in_one_process_is_played_at_once_by_another(pg_url: str) -> None:
    """The whole chain: a person's move in process A makes a bot seat's turn (a job due at once); process B's
    scheduler, asleep for a day, hears it, and B's service plays the bot's move."""
    from bot.table.model import ACTIVE
    from tests.bot.clockkit import CH, USERS, Table
    from tests.bot.clockkit import FakeTime as TableTime

    clock = TableTime()
    a, b = Table(await PgStore.open(pg_url), clock), Table(await PgStore.open(pg_url), clock)
    gate, asleep = asyncio.Event(), asyncio.Event()

    async def gated(seconds: float) -> None:
        asleep.set()
        await gate.wait()
        clock.now += seconds

    b_sched = b.service.scheduler(clock=clock, sleep=gated)
    b_sched.max_wait = DAY
    task = asyncio.create_task(b_sched.run())
    try:
        await a.service.new(CH, "guild", USERS[0], "alhambra", {}, "en", clock=None)
        await a.service.add_bot(CH, USERS[0], "random")
        await a.service.start(CH, USERS[0], seed=3)
        row = await a.row()
        bot_seat = next(s.seat for s in row.seats if s.is_bot)
        start = clock()
        rng = random.Random(1)
        while (waiting := await a.waiting()) != [bot_seat]:  # people move in A until the bot is to act
            assert (await a.row()).status == ACTIVE
            await a.play(waiting[0], rng)
        # A's last move planned the bot's turn: B (asleep for a day) wakes, plays it and sleeps again
        while True:
            asleep.clear()
            if [m for m in await a.store.moves(row.id) if m.kind == "bot"]:
                break
            await asyncio.wait_for(asleep.wait(), 10)
        moves = await a.store.moves(row.id)
        assert [m for m in moves if m.kind == "bot"], "the bot never moved"
        assert b_sched.fired >= 1 and clock() == start  # B played it, with no time passing: it was woken
    finally:
        b_sched.stop()
        gate.set()
        await asyncio.wait_for(task, 10)
        await a.close()
        await b.close()
