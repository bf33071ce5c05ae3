"""No flooding (issue 11): the poster paces board posts per channel, honours a rate limit for the whole channel,
holds a board that only bots must answer so a row of bot moves becomes one message, and the message then
summarises every move since the last board (the newest ones, within Discord's limits). Fake clock only."""
from __future__ import annotations

import asyncio
import itertools
from unittest.mock import AsyncMock

import pytest

from bot.discord.boards import Delivered, Poster, RetryLater
from bot.discord.compose import combine_moves
from bot.discord.limits import EMBED_DESC
from bot.store import Store
from bot.table.model import User
from bot.table.service import GameService
from render.i18n import t

USERS = [User("u1", "Ann"), User("u2", "Ben")]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += max(0.0, seconds)
        await asyncio.sleep(0)


class Sender:
    """Records when each board went out (fake time) and which version it showed."""

    def __init__(self, clock: Clock, *script: Exception) -> None:
        self.clock, self.script = clock, list(script)
        self.sent: list[tuple[float, int]] = []

    async def __call__(self, post, last=None):
        if self.script:
            raise self.script.pop(0)
        self.sent.append((self.clock(), post.version))
        return Delivered(post.version, f"m{len(self.sent)}")


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(str(tmp_path / "pace.sqlite3"))
    s.outbox = True
    yield s
    await s.close()


@pytest.fixture
async def service(store, clock):
    seeds = itertools.count(5)
    return GameService(store, clock=clock, seed_source=lambda: next(seeds))


async def game(service):
    await service.new("chan", "guild", USERS[0], "luxor", {}, "en")
    await service.join("chan", USERS[1])
    return await service.start("chan", USERS[0])


async def move(service, snap):
    p = snap.prompts[0]
    return await service.act("chan", USERS[p.seat], p.options[0].action)


def poster(store, clock, sender, **kw):
    return Poster(store, sender, AsyncMock(), AsyncMock(), clock=clock, sleep=clock.sleep, **kw)


async def test_boards_in_one_channel_are_paced_and_the_waiting_ones_collapse(store, service, clock):
    """Three moves in the same instant: the first board goes at once; the next ones come too soon, wait as
    pending posts and go out as ONE message, the newest board, a pace after the first."""
    p = poster(store, clock, sender := Sender(clock), pace=1.5)
    snap = await game(service)
    await p.post_game(snap.row.id)
    snap = await move(service, snap)
    await p.post_game(snap.row.id)           # a bot's or the clock's move: not delivered now …
    snap = await move(service, snap)
    await p.post_game(snap.row.id)
    assert sender.sent == [(1000.0, 0)]
    assert await p.run_due() == 1001.5       # … but when the pace allows
    clock.now = 1001.5
    assert await p.run_due() is None
    assert sender.sent == [(1000.0, 0), (1001.5, 2)]
    pending = await store.pending_posts(snap.row.id)
    assert pending == [] and (await store.last_post(snap.row.id)).attempts == 0, "waiting is no failed attempt"


async def test_a_persons_flow_waits_for_the_pace_itself(store, service, clock):
    """``wait=True`` (a player's move): the flow sleeps out the rest of the pace (fake clock) and posts."""
    p = poster(store, clock, sender := Sender(clock), pace=1.5)
    snap = await game(service)
    await p.post_game(snap.row.id, wait=True)
    clock.now += 0.5
    snap = await move(service, snap)
    await p.post_game(snap.row.id, wait=True)
    assert sender.sent == [(1000.0, 0), (1001.5, 1)]


async def test_a_rate_limit_holds_the_whole_channel(store, service, clock):
    """A 429 with retry_after 30 s: the channel gets no board before then, even a newer one."""
    p = poster(store, clock, sender := Sender(clock, RetryLater("429", retry_after=30.0)), pace=1.5)
    snap = await game(service)
    assert await p.run_due() == 1030.0
    snap = await move(service, snap)
    await p.post_game(snap.row.id)
    assert sender.sent == []
    clock.now = 1030.0
    await p.run_due()
    assert sender.sent == [(1030.0, 1)]


async def test_a_board_only_bots_must_answer_waits_for_them(store, service, clock):
    """While only bots are to act, the board is held (up to ``hold`` seconds); their moves collapse into it,
    and the first position a person must answer is posted once."""
    bots_to_act = {1: True, 2: True, 3: False}
    asked: list[int] = []

    async def awaits_bots(post):
        asked.append(post.version)
        return bots_to_act.get(post.version, False)

    p = poster(store, clock, sender := Sender(clock), pace=1.5, hold=10.0, awaits_bots=awaits_bots)
    snap = await game(service)
    await p.post_game(snap.row.id)
    clock.now += 5
    for _ in range(3):
        snap = await move(service, snap)
        await p.post_game(snap.row.id)
        clock.now += 0.5
    assert sender.sent == [(1000.0, 0), (1006.0, 3)], "moves 1 and 2 waited for the bots; 3 went out"
    assert asked == [0, 1, 2, 3]


async def test_slow_bots_still_show_the_board_after_the_hold(store, service, clock):
    async def awaits_bots(post):
        return True

    p = poster(store, clock, sender := Sender(clock), pace=1.5, hold=10.0, awaits_bots=awaits_bots)
    snap = await game(service)
    await p.post_game(snap.row.id)
    assert sender.sent == [] and await p.run_due() == 1010.0
    clock.now = 1004.0
    snap = await move(service, snap)
    await p.post_game(snap.row.id)
    clock.now = 1010.0
    assert await p.run_due() is None
    assert sender.sent == [(1010.0, 1)], "held at most 10 s, then the newest board"
    clock.now = 1012.0
    snap = await move(service, snap)
    await p.post_game(snap.row.id)
    assert sender.sent == [(1010.0, 1)] and await p.run_due() == 1022.0, "the next board is held afresh"


def test_a_combined_summary_keeps_the_newest_moves_within_the_limit():
    moves = [[f"move {n}: " + "x" * 300] for n in range(40)]
    text = combine_moves(moves, EMBED_DESC, lambda n: t("board.earlier_moves", "en", n=n),
                         lambda n: t("more_lines", "en", n=n))
    assert len(text) <= EMBED_DESC
    lines = text.split("\n")
    shown = len(lines) - 1
    assert lines[0] == t("board.earlier_moves", "en", n=40 - shown) == f"… and {40 - shown} earlier moves"
    assert lines[1:] == [m[0] for m in moves[-shown:]], "the newest moves, whole and in order"
    assert combine_moves([["a", "b"], [], ["c"]], EMBED_DESC, str, str) == "a\nb\nc"
    huge = [["y" * 200] * 40]
    one = combine_moves(huge, 2000, str, lambda n: f"({n} lines before)")
    assert len(one) <= 2000 and one.startswith("(") and one.endswith("y")
    assert t("board.earlier_moves", "cs", n=3) == "… a 3 starší tahy"
    assert t("board.earlier_moves", "pl", n=5) == "… i 5 wcześniejszych ruchów"


async def test_posts_racing_for_one_game_deliver_each_board_once(store, service, clock):
    """A posts while B waits for the game's lock; the moment A is done, C comes (the poster's loop, a bot's
    move): C must wait for B, not run beside it — else both send the same board."""
    gate, sending = asyncio.Event(), asyncio.Event()

    class Gated(Sender):
        async def __call__(self, post, last=None):
            if not self.sent:
                sending.set()
                await gate.wait()
            return await super().__call__(post)

    p = poster(store, clock, sender := Gated(clock))
    snap = await game(service)
    a = asyncio.create_task(p.post_game(snap.row.id))
    await sending.wait()                            # A is sending the first board
    b = asyncio.create_task(p.post_game(snap.row.id))
    while p._locks[snap.row.id][1][0] < 2:         # B waits for the lock
        await asyncio.sleep(0)
    snap = await move(service, snap)
    later: list[asyncio.Task[None]] = []
    a.add_done_callback(lambda _: later.append(asyncio.create_task(p.post_game(snap.row.id))))
    gate.set()
    await asyncio.gather(a, b)
    await asyncio.gather(*later)
    assert [v for _, v in sender.sent] == [0, 1], "each board once"
    assert not p._locks, "no lock is kept for a game nobody posts"
