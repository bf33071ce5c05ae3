"""Durable timed jobs (deadlines, reminders, delayed pings) and the one task that fires them.

Every deadline and reminder is a row in the database (:class:`~bot.table.ports.JobStore`): ``(game, seat, kind, due time, the game version it
was planned for)``. A single :class:`Scheduler` task sleeps until the next due time (or until
:meth:`Scheduler.poke` says a sooner job was added: by this process's moves, or, on PostgreSQL, by any process,
through ``NOTIFY`` at the commit that planned it: :meth:`JobStore.watch`), claims the due jobs atomically and hands them, in due
order, to a handler. Claiming leases the rows to this process's owner id (:func:`process_owner`: host, pid and
a random part, so two processes never share one), so several bot processes sharing one database never fire a
job twice. The leases of the jobs in hand are renewed every ``lease / 3`` seconds while their handlers run
(:meth:`JobStore.renew`), and so are those of a job worked on outside a batch (the recap the final move's flow
draws: :func:`keep_leases`); a process that dies (kill -9) stops renewing, and another takes its jobs over when
the lease (60 s) has run out on the database's clock.

A job is deleted in the same transaction as its effect (a move, a clock mark: ``ClockWrite.done_job``), and
that deletion must find the job: so of two processes holding one job (one's lease ran out while it was
stalled) exactly one stores the effect. A job whose effect is a message is sent with the job as its nonce
(Discord returns the first message to a re-send), and deleted after. After a restart, jobs that fell due while
the bot was down fire once each, oldest first; the handler decides whether a late job still matters (a
reminder for a decision already made is dropped — its ``version`` no longer matches the game's).

Time comes from an injected clock and waiting from an injected ``sleep``, so tests run days in
milliseconds.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager

from .errors import Retry
from .model import Job
from .ports import JobStore

log = logging.getLogger("referee.scheduler")

Handler = Callable[[Job], Awaitable[None]]

#: seconds a claimed job stays leased without renewal: a killed process's jobs are taken over this long after
LEASE = 60.0


def process_owner() -> str:
    """A lease owner id for this process, unique among processes sharing a database (also across hosts and
    restarts): ``host:pid:random``."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"


@asynccontextmanager
async def keep_leases(jobs: JobStore, job_ids: Iterable[int], owner: str, lease: float = LEASE,
                      sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> AsyncIterator[set[int]]:
    """Hold ``owner``'s leases of ``job_ids`` (claimed already) for as long as the block runs: renewed every
    ``lease / 3`` seconds (``sleep``: real time, as leases run on the database's clock). For a job worked on
    outside the scheduler's batch (the recap the final move's flow draws): however long the work takes, no other
    process takes the job over while this one lives; killed, it stops renewing, and the job is taken over once
    the lease has run out (<= ``lease``). Yields the ids still held: a renewal that finds a job taken over (this
    process stalled past its lease) drops it from the set, and the caller should not finish its work."""
    held = set(job_ids)

    async def renew() -> None:
        while True:
            await sleep(lease / 3)
            ids = sorted(held)
            if not ids:
                continue
            try:
                kept = set(await jobs.renew(ids, owner, lease))
            except Exception:  # e.g. the database is briefly busy: the lease has time left, try again
                log.warning("could not renew the leases of %d job(s)", len(ids), exc_info=True)
                continue
            lost = set(ids) - kept
            if lost:
                held.difference_update(lost)
                log.warning("jobs %s were taken over by another process (this one stalled past their lease)",
                            sorted(lost))

    keeper = asyncio.create_task(renew(), name="referee-background-job-lease")
    try:
        yield held
    finally:
        keeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await keeper


class Scheduler:
    """Fires due jobs through ``handler``; one instance per process.

    ``handler`` returning normally finishes the job; raising :class:`Retry` puts it back for later; any
    other exception is logged and the job is retried after ``retry_after`` seconds, at most
    ``max_attempts`` times in this process (then dropped with an error log, so one poisoned job cannot
    stall the others).
    """

    def __init__(self, jobs: JobStore, handler: Handler, *, clock: Callable[[], float],
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep, owner: str | None = None,
                 lease: float = LEASE, batch: int = 50, retry_after: float = 60.0, max_attempts: int = 5,
                 max_wait: float = LEASE, renew_sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.jobs, self.handler, self.clock, self.sleep = jobs, handler, clock, sleep
        self.owner, self.lease, self.batch = owner or process_owner(), lease, batch
        #: how the lease keeper waits between renewals (real time: leases run on the database's clock)
        self.renew_sleep = renew_sleep
        #: the ids of the claimed jobs this process still holds (renewed while the batch is worked through)
        self.held: set[int] = set()
        self._current = -1  # the job firing now
        #: jobs lost to another process (a renewal found them taken over) and not fired here
        self.lost = 0
        #: the longest sleep between two looks at the jobs: another process may have added one (or died holding
        #: some), so a look at least once per lease lets this one take a killed process's jobs over in time
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
            self.held = {job.id for job in jobs}
            keeper = asyncio.create_task(self._keep_leases(), name="referee-background-clock-leases")
            try:
                for job in jobs:
                    if job.id not in self.held:  # taken over by another process meanwhile: it fires it
                        continue
                    if self._stopping:
                        await self.jobs.release(job.id, self.owner, job.due)
                        self.held.discard(job.id)
                        continue
                    self.firing += 1
                    self._current = job.id
                    try:
                        await self._fire(job)
                    finally:
                        self.firing -= 1
                        self._current = -1
                        self.held.discard(job.id)
                    fired += 1
            finally:
                keeper.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await keeper
                # stopped (SIGTERM: the task is cancelled) with jobs of the batch not fired yet: give them back at
                # once rather than leave them to their lease (the one firing was discarded: its effect decides)
                for left in [job for job in jobs if job.id in self.held]:
                    with contextlib.suppress(Exception):
                        await self.jobs.release(left.id, self.owner, left.due)
                self.held = set()
        return fired

    async def _keep_leases(self) -> None:
        """Renew the leases of the jobs in hand every ``lease / 3`` seconds, until cancelled; a job another
        process took over meanwhile is dropped from :attr:`held` (this process will not fire it)."""
        while True:
            await self.renew_sleep(self.lease / 3)
            ids = sorted(self.held)
            if not ids:
                continue
            try:
                kept = set(await self.jobs.renew(ids, self.owner, self.lease))
            except Exception:  # e.g. the database is briefly busy: the lease has time left, try again
                log.warning("could not renew the leases of %d job(s)", len(ids), exc_info=True)
                continue
            # not lost: jobs finished meanwhile, and the one firing now (its effect may have deleted it already)
            lost = (set(ids) - kept) & self.held - {self._current}
            self.held -= lost
            if lost:
                log.warning("jobs %s were taken over by another process (this one stalled past their lease)",
                            sorted(lost))
                self.lost += len(lost)

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

    async def _watch(self) -> None:
        """Be poked by the jobs other processes plan (:meth:`JobStore.watch`: PostgreSQL's NOTIFY); should that
        fail, the scheduler still looks at least once per ``max_wait``."""
        try:
            await self.jobs.watch(self.poke)
        except Exception:
            log.exception("cannot watch for jobs other processes plan: looking at least every %.0f s", self.max_wait)

    async def run(self) -> None:
        """The scheduler task: fire what is due, then wait for the next due time or a poke (from this process's
        moves, or another process's planned job: :meth:`_watch`)."""
        watcher = asyncio.create_task(self._watch(), name="referee-background-clock-watch")
        try:
            await self._run()
        finally:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher

    async def _run(self) -> None:
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
