"""Two bot processes × two gateway shards each, on one PostgreSQL database, against the strict Discord double (issue
19): every interaction reaches the process whose shard has its guild, once; only the process running shard 0
syncs the commands; whole games play to the end in guilds on every shard, and each board is posted once.

The two "processes" run in this test's process (the double patches discord.py in-process): each is a
``ShardedReferee`` with its own store (its own connection pool), service, poster and turn-clock scheduler on
the one database, as two OS processes would have; nothing else is shared between them.
"""
from __future__ import annotations

import asyncio
import itertools
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from bot.config import Config
from bot.discord.app import ShardedReferee, make_client
from bot.discord.poster import post_nonce
from bot.store import open_store
from bot.table.service import GameService
from tests.bot.discord.double.driver import GameDriver
from tests.bot.discord.double.env import FakeClock
from tests.bot.discord.double.server import FakeDiscord

SHARDS = 4
PROCESSES = {"A": [0, 1], "B": [2, 3]}
#: the game in each shard's guild: (title, seed, moves to play; ``None``: to its end). Each title is played; one
#: whole game (the second process's: its last board and the recap), legal progress in the others (time: the test
#: stays well under half a minute)
GAMES: dict[int, tuple[str, int, int | None]] = {
    0: ("luxor", 3, 20), 1: ("alhambra", 5, 20), 2: ("egizia", 7, None), 3: ("luxor", 11, 8)}
MAX_MOVES = 400


async def start_process(d: FakeDiscord, url: str, clock: FakeClock, shard_ids: list[int],
                        first: bool) -> tuple[ShardedReferee, Any, ThreadPoolExecutor]:
    store = await open_store(url, clock=clock)
    executor = ThreadPoolExecutor(1)
    seeds = itertools.count(11)
    service = GameService(store, clock=clock, seed_source=lambda: next(seeds), bot_executor=executor)
    bot = make_client(service, Config(token=d.token, dev_guild_id=0, board_interval=0.0, shard_count=SHARDS,
                                      shard_ids=shard_ids, render_processes=0), clock=clock)
    assert isinstance(bot, ShardedReferee)
    bot.poster.sleep = clock.sleep

    async def identify_at_once(shard_id: int | None, *, initial: bool = False) -> None:
        return None  # discord.py spaces a client's shards' IDENTIFYs 5 s apart (Discord's limit; the double has none)

    bot.before_identify_hook = identify_at_once  # type: ignore[method-assign]
    await (d.start_bot(bot) if first else d.start_another(bot))
    return bot, store, executor


async def test_two_processes_of_two_shards_each_deliver_every_interaction_once_and_play_whole_games(pg_url: str) -> None:
    clock = FakeClock()
    async with FakeDiscord() as d:
        d.clock = clock
        channels = {(d.guild_id >> 22) % SHARDS: d.channel_id}
        for shard in range(SHARDS):
            if shard not in channels:
                channels[shard] = d.add_guild(shard, SHARDS)
        procs = {}
        try:
            for name, shard_ids in PROCESSES.items():
                procs[name] = await start_process(d, pg_url, clock, shard_ids, first=name == "A")
            bots = {name: p[0] for name, p in procs.items()}
            assert sorted(i["shard"] for i in d.identifies) == [[s, SHARDS] for s in range(SHARDS)]
            synced = [r for r in d.requests if r.method == "PUT" and r.path.endswith("/commands")]
            assert len(synced) == 1, "one process (the one running shard 0) syncs the commands"

            drivers: dict[int, GameDriver] = {}
            for shard, (title, seed, _) in GAMES.items():
                players = [d.user(f"P{shard}.{k}") for k in range(2)]
                drivers[shard] = GameDriver(d, title, players, random.Random(seed), channel=channels[shard])
                await drivers[shard].open()
            # the games move in turn, so both processes (and their posters) work at once
            def playing(shard: int) -> bool:
                g, goal = drivers[shard], GAMES[shard][2]
                return not g.over() and (goal is None or g.moves < goal)

            while any(playing(s) for s in drivers):
                for shard, g in drivers.items():
                    if playing(shard):
                        assert g.moves < MAX_MOVES, f"{g.title} did not end within {MAX_MOVES} moves"
                        await g.step()
            for p in procs.values():
                await asyncio.wait_for(p[0].poster.idle(), 60)

            # every interaction reached exactly one process: the one running its guild's shard
            owner = {s: name for name, ids in PROCESSES.items() for s in ids}
            got: dict[int, list[str]] = {}
            for client, iid in d.received:
                got.setdefault(iid, []).append(next(n for n, b in bots.items() if b is client))
            assert set(got) == set(d.interactions), "every interaction was received"
            for iid, interaction in d.interactions.items():
                shard = (d.guild_of(interaction.channel_id) >> 22) % SHARDS
                assert got[iid] == [owner[shard]], (iid, shard, got[iid])
            per_process = {name: sum(1 for who in got.values() if who == [name]) for name in PROCESSES}
            assert all(v > 40 for v in per_process.values()), per_process

            # each board posted once: one message per post (its nonce), the positions in order, the last one stored
            assert d.nonce_repeats == 0
            for shard, g in drivers.items():
                cid = channels[shard]
                boards = d.boards(cid)
                by_nonce = {mid: nonce for (c, nonce), (mid, _) in d.nonces.items() if c == cid}
                nonces = [by_nonce[b.id] for b in boards]
                assert len(set(nonces)) == len(boards), f"{g.title}: a post was sent twice"
                versions = [int(c["custom_id"].split(":")[3]) for b in boards for c in b.buttons()[:1]
                            if c["custom_id"].startswith("rf:g:")]
                assert versions == sorted(set(versions)), f"{g.title}: a board repeated or went back: {versions}"
                store = procs["A"][1]
                row = await store.latest_game(str(cid))
                assert row is not None
                if GAMES[shard][2] is None:
                    assert g.over() and not boards[-1].components and row.status == "over", f"{g.title} ended"
                    assert len(boards) == g.moves + 1, "a board for the start and for each move, each once"
                else:
                    assert g.moves == GAMES[shard][2] and row.version >= g.moves
                last = await store.last_board(row.id)
                assert last is not None and last.message_id == str(boards[-1].id)
                assert post_nonce(last.id) == nonces[-1]
                assert await store.pending_posts(row.id) == []
            assert d.violations == [], d.report()
            print(f"\n2 processes x 2 shards: {len(d.interactions)} interactions {per_process}, "
                  + ", ".join(f"{g.title} {g.moves} moves" for g in drivers.values())
                  + f", {sum(len(d.boards(c)) for c in channels.values())} boards, {d.checked} requests checked")
        finally:
            await d.stop_bot()
            for _, store, executor in procs.values():
                executor.shutdown(wait=True, cancel_futures=True)
                await store.close()
