"""A table with a clock for tests: the service, its scheduler, a fake clock and a recording notifier.

Days pass in milliseconds: the fake clock jumps to the next due job, and the scheduler fires it.
"""
from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from bot.store import Store
from bot.table.botpool import BotConfig
from bot.table.clocks import TimeConfig
from bot.table.errors import DirectRefused
from bot.table.model import ACTIVE, GameRow, MoveReport, User
from bot.table.service import GameService
from engines import get_game
from engines.core import Msg

DAY, HOUR = 86400.0, 3600.0
#: a Tuesday, 12:00 UTC
T0 = 1_795_003_200.0
USERS = [User("u1", "Ann"), User("u2", "Ben"), User("u3", "Cy"), User("u4", "Dee")]
CH = "chan"


class FakeTime:
    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


@dataclass
class Recorder:
    """A :class:`~bot.table.ports.Notifier` that records what it was asked to send."""

    clock: FakeTime
    channel: list[tuple[int, tuple[str, ...], Msg, float]] = field(default_factory=list)
    dms: list[tuple[int, str, Msg, float]] = field(default_factory=list)
    boards: list[MoveReport] = field(default_factory=list)
    refuse_dm: set[str] = field(default_factory=set)
    recaps: list[int] = field(default_factory=list)
    #: the nonces of the messages sent (a second send with one of them is returned the first message, as
    #: Discord does within a few minutes: nothing is recorded again) and how many sends they answered
    nonces: dict[str, int] = field(default_factory=dict)

    def _again(self, nonce: str | None) -> bool:
        if nonce is None:
            return False
        self.nonces[nonce] = self.nonces.get(nonce, 0) + 1
        return self.nonces[nonce] > 1

    async def to_channel(self, game: GameRow, user_ids: Sequence[str], message: Msg, nonce: str | None = None) -> None:
        if not self._again(nonce):
            self.channel.append((game.id, tuple(user_ids), message, self.clock()))

    async def to_user(self, game: GameRow, user_id: str, message: Msg, nonce: str | None = None) -> None:
        if user_id in self.refuse_dm:
            raise DirectRefused(user_id)
        if not self._again(nonce):
            self.dms.append((game.id, user_id, message, self.clock()))

    async def board(self, report: MoveReport) -> None:
        self.boards.append(report)

    async def recap(self, game: GameRow) -> None:
        self.recaps.append(game.id)

    async def board_link(self, game: GameRow, version: int | None = None) -> str | None:
        return f"https://discord.com/channels/guild/{game.channel_id}"

    def keys(self, user_id: str | None = None) -> list[str]:
        return [m.key for _, users, m, _ in self.channel if user_id is None or user_id in users]


class Table:
    """One database with a service and a scheduler over it (make another over the same file = a restart)."""

    def __init__(self, store: Store, clock: FakeTime, config: TimeConfig | None = None,
                 bots: BotConfig | None = None, executor: Executor | None = None) -> None:
        self.store, self.clock = store, clock
        self.notes = Recorder(clock)
        # bot decisions in a worker thread (the real service uses worker processes; tests/bot/table/test_botpool.py)
        self.executor = executor or ThreadPoolExecutor(1)
        self.service = GameService(store, clock=clock, seed_source=lambda: 7, notifier=self.notes,
                                   time_config=config or TimeConfig(), bots=bots or BotConfig(iterations=30),
                                   bot_executor=self.executor)
        self.scheduler = self.service.scheduler(clock=clock, sleep=clock.sleep)

    @classmethod
    async def open(cls, path: Path, clock: FakeTime, config: TimeConfig | None = None,
                   bots: BotConfig | None = None, executor: Executor | None = None) -> Table:
        return cls(await Store.open(str(path), clock=clock), clock, config, bots, executor)

    async def close(self) -> None:
        await self.service.close()
        self.executor.shutdown(wait=True)

    async def start(self, title: str = "alhambra", n: int = 3, clock: str | None = "1d", timeout: str = "wait",
                    seed: int = 5, channel: str = CH, options: dict[str, object] | None = None) -> MoveReport:
        await self.service.new(channel, "guild", USERS[0], title, options or {}, "en", clock=clock, timeout=timeout)
        for u in USERS[1:n]:
            await self.service.join(channel, u)
        return await self.service.start(channel, USERS[0], seed=seed)

    async def row(self, channel: str = CH) -> GameRow:
        row = await self.store.latest_game(channel)
        assert row is not None
        return row

    async def waiting(self, channel: str = CH) -> list[int]:
        row = await self.row(channel)
        if row.status != ACTIVE or row.state is None:
            return []
        return get_game(row.title).current_seats(row.state)

    async def play(self, seat: int, rng: random.Random, channel: str = CH) -> MoveReport:
        """The player of ``seat`` makes a random legal move."""
        row = await self.row(channel)
        assert row.state is not None
        options = get_game(row.title).legal_actions(row.state, seat)
        return await self.service.act(channel, USERS[seat], rng.choice(options).action)

    async def next_job(self) -> bool:
        """Jump the clock to the next due job and fire what is due; False when no job is left."""
        nxt = await self.store.jobs.next_due()
        if nxt is None:
            return False
        self.clock.now = max(self.clock.now, nxt)
        await self.scheduler.run_due()
        return True

    async def jobs(self, channel: str = CH) -> list[tuple[int | None, str]]:
        row = await self.row(channel)
        return [(j.seat, j.kind) for j in await self.store.game_jobs(row.id)]

    async def kinds(self, channel: str = CH) -> list[tuple[int, str]]:
        """(seq, kind) of every move after the set-up."""
        row = await self.row(channel)
        return [(m.seq, m.kind) for m in await self.store.moves(row.id) if m.seq > 0]


async def silent(table: Table, silent_seat: int, rng: random.Random, max_moves: int = 5000,
                 channel: str = CH) -> int:
    """Everyone but ``silent_seat`` plays at once when asked; time passes only while the game waits for
    the silent player. Returns how many moves were made; stops when the game ends or nothing is due."""
    moves = 0
    while moves < max_moves:
        row = await table.row(channel)
        if row.status != ACTIVE:
            break
        others = [s for s in await table.waiting(channel) if s != silent_seat]
        if others:
            await table.play(others[0], rng, channel)
            moves += 1
            continue
        before = row.version
        if not await table.next_job():
            break
        moves += (await table.row(channel)).version - before
    return moves
