"""``/game overdue`` reads only the games whose seat clocks may have run out (issue 18), and lists exactly the
seats that checking every active game lists: under quiet hours, a vacation, a paused game, no clock, a finished
game, a bot seat, before and after the deadline jobs mark the seats overdue."""
from __future__ import annotations

import random

import pytest

from bot.table.clocks import TimeConfig, Waiting
from bot.table.model import ACTIVE
from tests.bot.clockkit import HOUR, T0, USERS, FakeTime, Table


@pytest.fixture
async def table(tmp_path):
    t = await Table.open(tmp_path / "o.sqlite3", FakeTime(), TimeConfig(bot_level="random", bot_grace=600))
    yield t
    await t.close()


async def every_active_game(table: Table, guild: str | None) -> list[tuple[int, int, str, float | None]]:
    """How /game overdue was computed before: every active game's waiting seats, the overdue ones."""
    out: list[Waiting] = []
    for row in await table.store.active_games(guild):
        out += [w for w in await table.service.timekeeper.waiting(row) if w.overdue]
    return [(w.game.id, w.seat, w.user_id, w.due) for w in sorted(out, key=lambda w: (w.due or 0, w.game.id))]


async def listed(table: Table, guild: str | None) -> list[tuple[int, int, str, float | None]]:
    return [(w.game.id, w.seat, w.user_id, w.due) for w in await table.service.overdue(guild)]


async def test_overdue_lists_the_same_seats_as_checking_every_active_game(table: Table) -> None:
    rng = random.Random(2)
    plans = [("c1", "1d", "guild"), ("c2", "2d", "guild"), ("c3", None, "guild"), ("c4", "1d", "other"),
             ("c5", "12h+2h", "guild"), ("c6", "1d", "guild"), ("c7", "1d", "guild")]
    for i, (ch, clock, guild) in enumerate(plans):
        table.clock.now = T0 + i * HOUR
        await table.service.new(ch, guild, USERS[0], "luxor", {}, "en", clock=clock, timeout="wait")
        await table.service.join(ch, USERS[1])
        await table.service.start(ch, USERS[0], seed=40 + i)
    await table.service.set_quiet(USERS[1], "20:00-08:00")   # Ben's clock stops at night
    await table.service.vacation(USERS[0], 3)                 # Ann is away for three days (from now)
    await table.service.set_paused("c6", USERS[0], True)      # a paused game
    while (await table.row("c7")).status == ACTIVE:            # a finished game
        await table.play((await table.waiting("c7"))[0], rng, "c7")
    checked = 0
    for hours in (0, 6, 13, 20, 30, 47, 60, 80, 100, 130, 200):
        table.clock.now = T0 + hours * HOUR
        for guild in ("guild", "other", None):
            assert await listed(table, guild) == await every_active_game(table, guild)
            checked += len(await listed(table, guild))
        if hours == 100:
            while await table.next_job():  # the deadlines fire: seats are marked overdue
                if table.clock.now > T0 + 120 * HOUR:
                    break
    assert checked > 0
    assert await listed(table, "nowhere") == []
