"""Board posts from several processes on one database (issue 19): a game's posts are delivered by the one
process holding its lease, so every board is posted exactly once; each channel's pace is kept in the database
and honoured by every process; a killed holder's lease runs out on the database's clock and another process
takes the game over."""
from __future__ import annotations

import asyncio
import collections
from pathlib import Path
from unittest.mock import AsyncMock

from bot.discord.poster import LEASE, Delivered, Poster
from bot.store import Store
from bot.table.model import POST_DELIVERED, PostRow
from tests.bot.clockkit import FakeTime

EVENT = {"message": {"key": "k", "params": {}}, "to": None}


def Clock() -> FakeTime:
    """A fake clock (now and sleep) of the tests' own."""
    return FakeTime(1000.0)


async def games_with_a_pending_board(store: Store, n: int, channels: int) -> list[int]:
    store.outbox = True
    ids = []
    for i in range(n):
        row = await store.create_game(f"chan{i % channels}-{i}", "guild", "alhambra", "u0", "Ann", {}, "en", 1.0,
                                      seats=[("u0", "Ann"), ("u1", "Ben")])
        await store.start_game(row.id, 7, {"n": 0}, [EVENT], 2.0)  # writes the start's board post
        ids.append(row.id)
    return ids


async def test_two_posters_on_one_database_post_every_board_exactly_once(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.sqlite3")
    one, two = await Store.open(path), await Store.open(path)
    games = await games_with_a_pending_board(one, 200, 200)
    clock = Clock()
    sent: list[tuple[str, int, int]] = []

    def sender(name: str):
        async def deliver(post: PostRow, last: PostRow | None = None) -> Delivered:
            sent.append((name, post.game_id, post.id))
            await asyncio.sleep(0.001)  # sending takes a moment: the other process is busy meanwhile
            return Delivered(post.version, f"m{post.id}")
        return deliver

    a = Poster(one, sender("a"), AsyncMock(), AsyncMock(), clock=clock, sleep=clock.sleep, owner="a")
    b = Poster(two, sender("b"), AsyncMock(), AsyncMock(), clock=clock, sleep=clock.sleep, owner="b")
    try:
        await asyncio.gather(a.run_due(), b.run_due())
        per_game = collections.Counter(game for _, game, _ in sent)
        assert sorted(per_game) == games and set(per_game.values()) == {1}, "a board posted twice or not at all"
        assert {name for name, _, _ in sent} == {"a", "b"}  # both processes did their share
        assert a.delivered + b.delivered == 200
        for game in games:
            last = await one.last_board(game)
            assert last is not None and last.status == POST_DELIVERED and await one.pending_posts(game) == []
    finally:
        await one.close()
        await two.close()


async def test_a_games_posts_are_one_process_at_a_time_and_a_killed_holders_lease_runs_out(tmp_path: Path) -> None:
    database = Clock()
    path = str(tmp_path / "lease.sqlite3")
    one, two = await Store.open(path, clock=database), await Store.open(path, clock=database)
    try:
        [game] = await games_with_a_pending_board(one, 1, 1)
        assert await one.claim_posts(game, "a", LEASE)  # a takes the game … and is killed (never releases)
        assert await one.claim_posts(game, "a", LEASE)  # (its own lease: renewed)
        clock = Clock()
        sent: list[str] = []

        async def deliver(post: PostRow, last: PostRow | None = None) -> Delivered:
            sent.append("b")
            return Delivered(post.version, "m1")

        b = Poster(two, deliver, AsyncMock(), AsyncMock(), clock=clock, sleep=clock.sleep, owner="b")
        next_at = await b.run_due()
        assert sent == [] and next_at is not None and next_at >= clock() + 1.0  # held: look again shortly
        database.now += LEASE + 1  # a's lease ran out on the database's clock
        assert await b.run_due() is None and sent == ["b"]
        assert not await one.claim_posts(game, "a", 0) or await one.pending_posts(game) == []
    finally:
        await one.close()
        await two.close()


async def test_a_channels_pace_is_shared_by_every_process(tmp_path: Path) -> None:
    path = str(tmp_path / "pace.sqlite3")
    one, two = await Store.open(path), await Store.open(path)
    try:
        store_games = await games_with_a_pending_board(one, 2, 1)
        # both games in one channel
        first, second = store_games
        clock = Clock()
        sent: list[tuple[str, float]] = []

        def sender(name: str):
            async def deliver(post: PostRow, last: PostRow | None = None) -> Delivered:
                sent.append((name, clock()))
                return Delivered(post.version, f"m{post.id}")
            return deliver

        a = Poster(one, sender("a"), AsyncMock(), AsyncMock(), clock=clock, sleep=clock.sleep, owner="a", pace=10)
        b = Poster(two, sender("b"), AsyncMock(), AsyncMock(), clock=clock, sleep=clock.sleep, owner="b", pace=10)
        await one.pace_channel("x", 5.0)
        assert await two.channel_pace("x") == 5.0 and await two.channel_pace("y") == 0.0
        await one.pace_channel("x", 3.0)  # an earlier time never shortens a pause
        assert await two.channel_pace("x") == 5.0
        # make both games share one channel: the second's post goes to the first's channel
        chan = (await one.pending_posts(first))[0].channel_id
        await a.post_game(first)
        assert await two.channel_pace(chan) == clock() + 10
        await one.db.execute("UPDATE posts SET channel_id=? WHERE game_id=?", (chan, second))
        await b.post_game(second)  # too soon in that channel: b waits (the post stays pending until then)
        assert sent == [("a", 1000.0)]
        [pending] = await two.pending_posts(second)
        assert pending.next_at == 1010.0
        clock.now = 1010.0
        await b.run_due()
        assert sent == [("a", 1000.0), ("b", 1010.0)]
    finally:
        await one.close()
        await two.close()
