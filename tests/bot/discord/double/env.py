"""The real bot against the double: open the store, start ``Referee``, restart it like a new process."""
from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bot.config import Config
from bot.discord import Referee
from bot.store import open_store
from bot.table.ports import Repository
from bot.table.service import GameService

from .server import FakeDiscord


class FakeClock:
    """The bot's injected clock: time moves only when the bot sleeps (a retry's back-off passes at once)."""

    def __init__(self, now: float | None = None) -> None:
        self.now = time.time() if now is None else now  # a fixed start: only the bot's sleeps move it
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += max(0.0, seconds)
        await asyncio.sleep(0)


class DiscordEnv:
    """A :class:`FakeDiscord` plus the bot process under test (``Referee`` + ``GameService`` + ``Store``).

    ``dev_guild=True`` syncs the commands to the test guild (``PUT …/guilds/{guild_id}/commands``),
    ``False`` globally (``PUT /applications/{application_id}/commands``). ``board_interval`` paces board
    posts per channel (the bot's default is 1.5 s; 0 here, so tests about other things see each board in
    its own interaction) and ``bot_board_hold`` is how long a board that only bots must answer waits.
    """

    def __init__(self, db_path: str | Path, *, dev_guild: bool = True, seeds: Iterator[int] | None = None,
                 reject_invalid: bool = True, locale: str = "en", board_interval: float = 0.0,
                 bot_board_hold: float = 10.0, render_processes: int = 0) -> None:
        self.board_interval, self.bot_board_hold = board_interval, bot_board_hold
        self.render_processes = render_processes  # 0: boards drawn in threads (the bot's default spawns processes)
        self.db_path = str(db_path)
        self.double = FakeDiscord(reject_invalid=reject_invalid)
        self.dev_guild = dev_guild
        self.locale = locale
        self.seeds = seeds if seeds is not None else itertools.count(11)
        self.bot: Referee | None = None
        self.store: Repository | None = None
        self.starts = 0
        self.executor: ThreadPoolExecutor | None = None
        self.clock = FakeClock()
        self.double.clock = self.clock  # messages are stamped with the bot's time

    async def __aenter__(self) -> DiscordEnv:
        await self.double.start()
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
        await self.double.close()

    @property
    def service(self) -> GameService:
        assert self.bot is not None
        return self.bot.service

    async def start(self) -> Referee:
        """Start a bot process: a fresh store connection, service and client (nothing kept in memory)."""
        self.store = await open_store(self.db_path, clock=self.clock)  # a SQLite file or a postgresql:// URL
        config = Config(token=self.double.token, dev_guild_id=self.double.guild_id if self.dev_guild else 0,
                        db_path=self.db_path, default_locale=self.locale, board_interval=self.board_interval,
                        bot_board_hold=self.bot_board_hold, render_processes=self.render_processes)
        # bots decide in a thread here (the bot's own pool spawns processes); shut down with the process
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="referee-test-bots")
        service = GameService(self.store, clock=self.clock, seed_source=lambda: next(self.seeds),
                              bot_executor=self.executor)
        self.bot = Referee(service, config, clock=self.clock)
        # one fake clock for the service, its turn clocks and the adapter; the poster's back-off passes at once on
        # it, while the turn-clock scheduler keeps real sleeps (its reminders and deadlines are hours away, which
        # the clock reaches only if a test moves it on purpose)
        self.bot.poster.sleep = self.clock.sleep
        await self.double.start_bot(self.bot)
        self.starts += 1
        logging.getLogger("tests.bot.discord.double").info("bot started (%d)", self.starts)
        return self.bot

    async def posted(self) -> None:
        """Wait until the bot's poster has nothing pending: every board delivered or failed for good (told)."""
        assert self.bot is not None
        await asyncio.wait_for(self.bot.poster.idle(), 60)

    async def stop(self) -> None:
        await self.double.stop_bot()
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)
            self.executor = None
        if self.store is not None:
            await self.store.close()
        self.bot, self.store = None, None

    async def restart(self) -> Referee:
        """Stop the bot as a process would stop and start a new one on the same database."""
        await self.stop()
        return await self.start()
