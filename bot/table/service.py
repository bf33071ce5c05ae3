"""The game service: the table's public API, with no Discord types.

The Discord adapter, the local console and the tools drive :class:`GameService`. It knows games only
through the :class:`engines.core.Game` interface, so every title goes through the same code. It is put
together from the table's rooms:

* :mod:`.seats` — lobby, bot seats, start, abandon, replacing a player;
* :mod:`.moves` — the one move path (lock → load → apply → persist with the outbox row → one snapshot);
* :mod:`.bots` — moves the table makes itself (bots, timeouts, the vote to skip);
* :mod:`.undo` — undo and roll-back; :mod:`.settings` — a player's settings and pausing a game;
* :mod:`.clocks` — the turn clocks and their jobs (:class:`~bot.table.clocks.Timekeeper`);
* here — reading (status, history, views, records, stats), following, and the service's own jobs:
  :meth:`GameService.scheduler` makes the one :class:`~bot.table.scheduler.Scheduler` whose handler is
  :meth:`GameService.fire`, and :meth:`GameService.set_notifier` is how an adapter is told of them.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from engines import get_game
from engines.core import IllegalAction, Msg, Option, Result

from .bots import Bots
from .clocks import BOT, DEADLINE, RECAP, MyGames, TimeConfig, Waiting
from .errors import ServiceError, ShuttingDown, StaleMove
from .model import (
    ABANDONED,
    ACTIVE,
    OPEN_STATUSES,
    OVER,
    Follow,
    GameRow,
    Job,
    MoveReport,
    MoveRow,
    Snapshot,
    User,
    UserSettings,
    replay_moves,
    scoring_mark,
)
from .ports import Notifier, PostStore
from .scheduler import LEASE, Scheduler, keep_leases
from .seats import Seats
from .settings import Settings
from .stats import PlayerStats, result_of
from .stats import compute as compute_stats
from .undo import UNDO_LAPSE, Undo

log = logging.getLogger("referee.service")


@dataclass
class BoardSource:
    """What one board message is made of (:meth:`GameService.board`)."""

    snapshot: Snapshot
    moves: list[MoveRow]
    waiting: list[Waiting]
    #: the settings of the people seated (``/game settings notify``: whom the board pings), read once for the
    #: board and its clock lines
    settings: dict[str, UserSettings] = field(default_factory=dict)


class GameService(Seats, Bots, Undo, Settings):
    """Sessions, seats, turns and locking over a :class:`~bot.table.ports.Repository`.

    Every entry point a Discord component can reach takes ``expected_game`` (the game id carried by the
    component's custom id): a press meant for another game (an older game in the same channel, another
    channel's, a forged id) is refused inside the channel lock, before anything is read for a move.
    Refusals are :class:`ServiceError` (or :class:`IllegalAction` from the rules); their messages name
    players, never seat numbers. Database failures become ``ServiceError("err.storage")`` after the
    storage has rolled back: nothing changed, and the next request works.
    """

    # ------------------------------------------------------------------ the service's own jobs and outbox

    def set_notifier(self, notifier: Notifier) -> None:
        """How reminders, timeouts and the moves the table makes by itself reach people (the adapter's)."""
        self.timekeeper.notifier = notifier

    def scheduler(self, *, clock: Callable[[], float] | None = None,
                  sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> Scheduler:
        """The scheduler of this service's timed jobs (one per process): it fires them through :meth:`fire`
        under this process's owner id (:attr:`owner`), and every move that adds jobs pokes it."""
        scheduler = Scheduler(self.store.jobs, self.fire, clock=clock or self.clock, sleep=sleep, owner=self.owner,
                              renew_sleep=self.lease_sleep)
        self.timekeeper.on_jobs = scheduler.poke
        return scheduler

    async def fire(self, job: Job) -> None:
        """Carry out one due job: a reminder or ping is sent; a deadline applies the table's timeout policy and
        a bot's turn makes its move, both through the one move path. A job for a decision already made does
        nothing; :class:`~bot.table.errors.Retry` asks the scheduler to try it again later."""
        if job.kind == UNDO_LAPSE:
            await self.undo_lapse(job)
            return
        if job.kind == RECAP:  # a failure raises: the scheduler tries again, and after a restart
            row = await self.store.game(job.game_id)
            if row is not None and row.status == OVER:
                await self.timekeeper.notifier.recap(row)
            return
        row = await self.timekeeper.fire(job)
        if row is None or job.seat is None:
            return
        if job.kind == DEADLINE:
            await self.clock_timeout(row.channel_id, row.id, job.seat, job.version, job_id=job.id)
        elif job.kind == BOT:
            await self.clock_bot(row.channel_id, row.id, job.seat, job.version, job_id=job.id)

    def outbox(self) -> PostStore:
        """The board outbox, for the adapter that posts boards: from now on every start, move and undo writes
        its board post in its own transaction."""
        self.store.outbox = True
        return self.store

    @property
    def time_config(self) -> TimeConfig:
        """The server-wide clock settings (``[clock]``)."""
        return self.timekeeper.config

    @asynccontextmanager
    async def recap_claimed(self, game_id: int) -> AsyncIterator[int | None]:
        """Take the recap job the final move stored, to draw and post it now, for the block: its id (``None``:
        the scheduler or another process has it, or it was posted). Held under the scheduler's lease (60 s),
        renewed while the block runs (:func:`~bot.table.scheduler.keep_leases`), so a long drawing is never taken
        over; should this process die while drawing, another takes the recap over within a lease, and after a
        restart it is made then. The block ends with :meth:`recap_posted` once it is posted."""
        async with self._serving():
            job = await self.store.jobs.claim(game_id, RECAP, self.owner, LEASE)
        if job is None:
            yield None
            return
        async with keep_leases(self.store.jobs, [job], self.owner, LEASE, self.lease_sleep):
            yield job

    async def recap_posted(self, job_id: int) -> None:
        """The recap was posted: its job is done."""
        async with self._serving():
            await self.store.jobs.finish(job_id, self.owner)

    async def game(self, game_id: int) -> GameRow | None:
        """One game by id (``None``: no such game)."""
        async with self._serving():
            return await self.store.game(game_id)

    async def board(self, game_id: int, since: int, snap: Snapshot | None = None) -> BoardSource | None:
        """What a board message shows: the game's snapshot (``snap``, the one its last move handed on, when it is
        still current; else loaded), the moves after seq ``since`` and, under a clock, who is awaited."""
        async with self._serving():
            if snap is None:
                row = await self.store.game(game_id)
                if row is None:
                    return None
                snap = await self.snapshot_async(row)
            moves = await self.store.moves(game_id, since=since)
            people = [s.user_id for s in snap.row.seats if not s.is_bot]
            settings = await self.store.settings_of(people) if people else {}
            waiting: list[Waiting] = []
            if snap.row.clock_rule.enabled and snap.prompts:
                waiting = await self.timekeeper.waiting(snap.row, snap.waiting_for, settings=settings)
            return BoardSource(snap, moves, waiting, settings)

    async def settings_of(self, user_ids: Sequence[str]) -> dict[str, UserSettings]:
        """Several users' settings (the defaults for those who never set any)."""
        async with self._serving():
            return await self.store.settings_of(user_ids)

    # ------------------------------------------------------------------ reading

    async def waiting(self, channel_id: str, expected_game: int | None = None) -> list[Waiting]:
        """Who the channel's game waits for, with clocks (for ``/game status`` and board messages)."""
        async with self._serving():
            row = await self._latest(channel_id, expected_game)
            return await self.timekeeper.waiting(row)

    async def mine(self, user_id: str, guild_id: str | None) -> MyGames:
        """Every active game on the server where ``user_id`` must act (oldest waiting first), and those of
        their games where someone else is awaited."""
        async with self._serving():
            out = MyGames()
            rows = await self.store.active_games_of(user_id, guild_id)
            for row, ws in zip(rows, await self.timekeeper.waiting_all(rows), strict=True):
                link = await self.timekeeper.link(row)
                for w in ws:
                    w.link = link
                mine = [w for w in ws if w.user_id == user_id]
                if mine:
                    out.mine += mine
                else:
                    out.others += ws
            out.mine.sort(key=lambda w: (w.since or 0, w.game.id))
            out.others.sort(key=lambda w: (w.since or 0, w.game.id))
            return out

    async def overdue(self, guild_id: str | None) -> list[Waiting]:
        """Every seat on the server that is out of time (for hosts and moderators), longest overdue first."""
        async with self._serving():
            out: list[Waiting] = []
            # only the games whose seat clocks say a seat may be out of time (the same seats as checking every
            # active game: a seat is overdue when marked so, or when its clock has run out, which needs at least
            # its budget of wall time since its decision began)
            rows = await self.store.overdue_games(self.clock(), guild_id)
            for row, every in zip(rows, await self.timekeeper.waiting_all(rows), strict=True):
                ws = [w for w in every if w.overdue]
                if ws:
                    link = await self.timekeeper.link(row)
                    for w in ws:
                        w.link = link
                    out += ws
            return sorted(out, key=lambda w: (w.due or 0, w.game.id))

    async def options_for(self, channel_id: str, user_id: str,
                          expected_game: int | None = None) -> tuple[GameRow, list[Option]]:
        """The legal options of a user now (read-only, for autocomplete and menus)."""
        async with self._serving():
            row = await self._open(channel_id, expected_game)
            if row.status != ACTIVE or row.state is None:
                return row, []
            seat = row.seat_of(user_id)
            if seat is None:
                return row, []
            return row, await self.in_engine(get_game(row.title).legal_actions, row.state, seat)

    async def private(self, channel_id: str, user_id: str,
                      expected_game: int | None = None) -> tuple[Snapshot, int, Mapping[str, Any]]:
        """A seated user's private view of the channel's game (the open one, else the last finished one)."""
        async with self._serving():
            snap = await self.snapshot_async(await self._latest(channel_id, expected_game))
            seat = snap.row.seat_of(user_id)
            if seat is None or snap.game is None or snap.state is None:
                raise ServiceError("err.not_seated")
            return snap, seat, snap.game.private_view(snap.state, seat)

    async def history(self, channel_id: str, limit: int = 10) -> tuple[GameRow, list[MoveRow]]:
        async with self._serving():
            row = await self._latest(channel_id)
            return row, await self.store.moves(row.id, limit=limit, newest=True)

    async def record_source(self, channel_id: str, user_id: str | None,
                            expected_game: int | None = None) -> tuple[GameRow, list[MoveRow], Result | None]:
        """The channel's game (open, else the last finished one) with its whole log and result, for a record.
        While it runs only its players may fetch it; once it is over (or abandoned) anybody may."""
        async with self._serving():
            row = await self._latest(channel_id, expected_game)
            if row.status in OPEN_STATUSES and (user_id is None or row.seat_of(user_id) is None):
                raise ServiceError("record.running_only_players")
            if row.seed is None:
                raise ServiceError("err.not_started")
            snap = await self.snapshot_async(row)
            return row, await self.store.moves(row.id), snap.result

    async def recap_source(self, channel_id: str, expected_game: int | None = None,
                           game_id: int | None = None) -> tuple[GameRow, list[MoveRow]]:
        """A finished game of the channel (the latest, or ``game_id``) and its log, for :func:`bot.records.recap.make_recap`."""
        async with self._serving():
            if game_id is not None:
                row = await self.store.game(game_id)
                if row is None or row.channel_id != str(channel_id):
                    raise ServiceError("err.no_game")
            else:
                row = await self._latest(channel_id, expected_game)
            if row.status != OVER:
                raise ServiceError("recap.not_finished")
            return row, await self.store.moves(row.id)

    async def follow(self, channel_id: str, user: User, dm: bool = False, expected_game: int | None = None) -> GameRow:
        """Follow the channel's open game: a ping (or a DM) when it reaches a scoring round or ends."""
        async with self._serving():
            try:
                row = await self._open(channel_id, expected_game)
            except ServiceError as exc:
                if exc.message.key != "err.no_game":
                    raise
                last = await self.store.latest_game(str(channel_id))
                if last is None or last.status not in (OVER, ABANDONED):
                    raise
                # the channel's game has ended: say so (and where its story is), not "no game here"
                raise ServiceError("follow.err.ended", game=Msg(f"game.{last.title}"), id=last.id) from None
            await self.store.follow(row.id, user.id, dm, self.clock())
            return row

    async def unfollow(self, channel_id: str, user: User, expected_game: int | None = None) -> GameRow:
        async with self._serving():
            row = await self._latest(channel_id, expected_game)
            if not await self.store.unfollow(row.id, user.id):
                raise ServiceError("follow.err.not_following")
            return row

    async def follow_notice(self, report: MoveReport) -> tuple[Msg, list[Follow]] | None:
        """Whom to tell about a move, and what: the game ended, or a scoring round was reached (from the move's
        public events). ``None`` when there is nothing to tell or nobody follows."""
        async with self._serving():
            row = report.row
            if row.status == OVER:
                message = Msg("follow.ended", {"game": Msg(f"game.{row.title}"), "id": row.id})
            else:
                mark = scoring_mark(row.title, [e.to_json() for e in report.public_events])
                if mark is None:
                    return None
                message = Msg("follow.scoring", {"game": Msg(f"game.{row.title}"), "id": row.id, "what": mark})
            followers = await self.store.followers(row.id)
            return (message, followers) if followers else None

    async def user_stats(self, guild_id: str | None, user_id: str) -> list[PlayerStats]:
        """``/stats me`` and ``/stats user``: a person's stats lines on a server, one per title (by title), as
        kept when games end (see :mod:`bot.table.stats` for the rules)."""
        async with self._serving():
            return await self.store.user_stats(guild_id, user_id)

    async def leaderboard(self, guild_id: str | None, title: str, limit: int = 10) -> list[PlayerStats]:
        """``/stats leaderboard``: a title's best rated players on a server."""
        async with self._serving():
            _known_title(title)
            return await self.store.leaderboard(guild_id, title, limit)

    async def stats(self, guild_id: str | None, title: str | None = None) -> dict[str, dict[str, PlayerStats]]:
        """``{title: {user_id: stats}}`` computed afresh from the server's stored games (see
        :mod:`bot.table.stats` for the rules): what the kept tables must equal (the commands read those)."""
        async with self._serving():
            if title is not None:
                _known_title(title)
            rows = await self.store.finished_games(guild_id, title)
            movers = await self.store.move_users([r.id for r in rows])

        def work() -> dict[str, dict[str, PlayerStats]]:
            return compute_stats(rows, {r.id: result_of(r) for r in rows}, movers)

        return await asyncio.to_thread(work)


def _known_title(title: str) -> None:
    try:
        get_game(title)
    except (KeyError, ModuleNotFoundError):
        raise ServiceError("err.unknown_game", title=title) from None


__all__ = [
    "BoardSource",
    "GameService",
    "IllegalAction",
    "MoveReport",
    "ServiceError",
    "ShuttingDown",
    "Snapshot",
    "StaleMove",
    "User",
    "replay_moves",
]
