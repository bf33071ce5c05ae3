"""Durable timed jobs (deadlines, reminders, delayed pings) and the one task that fires them.

Every deadline and reminder is a row in the database (:class:`~bot.table.ports.JobStore`): ``(game, seat, kind, due time, the game version it
was planned for)``. A single :class:`Scheduler` task sleeps until the next due time (or until
:meth:`Scheduler.poke` says a sooner job was added), claims the due jobs atomically and hands them, in due
order, to a handler. Claiming is one ``UPDATE … RETURNING`` statement that leases the rows to this
process, so several bot processes sharing one database never fire a job twice; a process that dies
while holding a lease loses it when the lease expires. After a restart, jobs that fell due while the
bot was down fire once each, oldest first: a job is deleted when its handler returns, and the handler
decides whether a late job still matters (a reminder for a decision already made is dropped — its
``version`` no longer matches the game's).

Time comes from an injected clock and waiting from an injected ``sleep``, so tests run days in
milliseconds.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from .errors import Retry
from .model import Job
from .ports import JobStore

log = logging.getLogger("referee.scheduler")

Handler = Callable[[Job], Awaitable[None]]


class Scheduler:
    """Fires due jobs through ``handler``; one instance per process.

    ``handler`` returning normally finishes the job; raising :class:`Retry` puts it back for later; any
    other exception is logged and the job is retried after ``retry_after`` seconds, at most
    ``max_attempts`` times in this process (then dropped with an error log, so one poisoned job cannot
    stall the others).
    """

    def __init__(self, jobs: JobStore, handler: Handler, *, clock: Callable[[], float],
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep, owner: str = "referee",
                 lease: float = 300.0, batch: int = 50, retry_after: float = 60.0, max_attempts: int = 5,
                 max_wait: float = 3600.0) -> None:
        self.jobs, self.handler, self.clock, self.sleep = jobs, handler, clock, sleep
        self.owner, self.lease, self.batch = owner, lease, batch
        self.retry_after, self.max_attempts, self.max_wait = retry_after, max_attempts, max_wait
        self._poke = asyncio.Event()
        self._wake_at: float | None = None  # while sleeping: when it wakes up at the latest
        self._stopping = False
        self._attempts: dict[int, int] = {}
        self.fired = 0
        #: handlers running now: a job's effect may be stored already (its row deleted with it, in the effect's
        #: transaction) while its handler still finishes the work after it (the board, a recap)
        self.firing = 0

    def poke(self, due: float | None = None) -> None:
        """A job was added or changed: look at the next due time again. ``due``: the earliest due time of the jobs
        added, when that is all that changed (then a scheduler already sleeping until no later than that need
        not look: a busy table's moves add jobs hours away, and each poke costs two queries)."""
        if due is not None and self._wake_at is not None and due >= self._wake_at:
            return
        self._poke.set()

    def stop(self) -> None:
        self._stopping = True
        self._poke.set()

    async def run_due(self) -> int:
        """Fire every job due now (in due order); returns how many fired."""
        fired = 0
        while not self._stopping:
            jobs = await self.jobs.claim_due(self.clock(), self.owner, self.lease, self.batch)
            if not jobs:
                break
            for job in jobs:
                if self._stopping:
                    await self.jobs.release(job.id, self.owner, job.due)
                    continue
                self.firing += 1
                try:
                    await self._fire(job)
                finally:
                    self.firing -= 1
                fired += 1
        return fired

    async def _fire(self, job: Job) -> None:
        try:
            await self.handler(job)
        except Retry as again:
            await self.jobs.release(job.id, self.owner, again.at)
            return
        except Exception:
            n = self._attempts.get(job.id, 0) + 1
            if n >= self.max_attempts:
                log.exception("job %s (%s, game %s) failed %s times: dropped", job.id, job.kind, job.game_id, n)
                self._attempts.pop(job.id, None)
                await self.jobs.finish(job.id, self.owner)
            else:
                log.exception("job %s (%s, game %s) failed: retry in %ss", job.id, job.kind, job.game_id, self.retry_after)
                self._attempts[job.id] = n
                await self.jobs.release(job.id, self.owner, self.clock() + self.retry_after)
            return
        self._attempts.pop(job.id, None)
        self.fired += 1
        await self.jobs.finish(job.id, self.owner)

    async def _sleep(self, seconds: float) -> None:
        await self.sleep(seconds)

    async def run(self) -> None:
        """The scheduler task: fire what is due, then wait for the next due time or a poke."""
        while not self._stopping:
            self._poke.clear()
            await self.run_due()
            nxt = await self.jobs.next_due()
            wait = self.max_wait if nxt is None else min(self.max_wait, max(0.0, nxt - self.clock()))
            if wait == 0.0 and nxt is not None:
                wait = min(self.lease, 1.0)  # due but leased to someone else: look again shortly
            # named "referee-background-…": they outlive the interaction whose move poked the scheduler, on purpose
            sleeper = asyncio.create_task(self._sleep(wait), name="referee-background-clock-sleep")
            poked = asyncio.create_task(self._poke.wait(), name="referee-background-clock-poke")
            self._wake_at = self.clock() + wait
            try:
                await asyncio.wait({sleeper, poked}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                self._wake_at = None
                for f in (sleeper, poked):
                    f.cancel()
