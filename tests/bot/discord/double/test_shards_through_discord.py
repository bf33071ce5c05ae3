"""A sharded bot process against the double (issue 19): ``ShardedReferee`` opens one gateway connection per shard
it runs (IDENTIFY carries ``[shard id, shard count]``), the process running shard 0 syncs the commands, and a game
is played through it; a process without shard 0 registers nothing."""
from __future__ import annotations

import itertools
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bot.config import Config
from bot.discord.app import ShardedReferee, make_client
from bot.store import Store
from bot.table.service import GameService
from tests.bot.discord.double.driver import GameDriver
from tests.bot.discord.double.env import FakeClock
from tests.bot.discord.double.server import FakeDiscord


async def start_process(d: FakeDiscord, path: Path, clock: FakeClock, shard_ids: list[int]):
    store = await Store.open(str(path), clock=clock)
    executor = ThreadPoolExecutor(1)
    seeds = itertools.count(11)
    service = GameService(store, clock=clock, seed_source=lambda: next(seeds), bot_executor=executor)
    bot = make_client(service, Config(token=d.token, dev_guild_id=d.guild_id, board_interval=0.0, shard_count=2,
                                      shard_ids=shard_ids), clock=clock)
    bot.poster.sleep = clock.sleep
    await d.start_bot(bot)
    return bot, store, executor


async def test_a_process_runs_its_shards_syncs_the_commands_and_plays(tmp_path: Path) -> None:
    clock = FakeClock()
    async with FakeDiscord() as d:
        d.clock = clock
        bot, store, executor = await start_process(d, tmp_path / "r.sqlite3", clock, [0, 1])
        try:
            assert isinstance(bot, ShardedReferee)
            assert sorted(i.get("shard") for i in d.identifies) == [[0, 2], [1, 2]]
            assert d.commands.get(d.guild_id), "the process running shard 0 synced the commands"
            g = GameDriver(d, "luxor", [d.user("Ann"), d.user("Ben")], random.Random(3))
            await g.open()
            for _ in range(6):
                await g.step()
            assert g.moves == 6 and d.boards()
            assert d.violations == [], d.report()
        finally:
            await d.stop_bot()
            executor.shutdown(wait=True, cancel_futures=True)
            await store.close()


async def test_a_process_without_shard_zero_leaves_the_commands_alone(tmp_path: Path) -> None:
    clock = FakeClock()
    async with FakeDiscord() as d:
        d.clock = clock
        bot, store, executor = await start_process(d, tmp_path / "r.sqlite3", clock, [1])
        try:
            assert [i.get("shard") for i in d.identifies] == [[1, 2]]
            assert not d.commands and not [r for r in d.requests if "/commands" in r.path]
            assert bot.is_ready()
        finally:
            await d.stop_bot()
            executor.shutdown(wait=True, cancel_futures=True)
            await store.close()
