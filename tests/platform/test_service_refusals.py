"""Bad input to the service is refused clearly, and nothing changes (issue 21, item 7).

A non-integer roll-back move or vacation length, a bot's id answering an undo request or voting to skip, a
clock whose bank would grow past the 60 days the README promises.
"""
from __future__ import annotations

import pytest

from bot.clock import DAY, MAX_CLOCK, ClockRule, parse_clock
from bot.service import ServiceError, User
from tests.platform.clockkit import CH, USERS, FakeTime, Table


@pytest.fixture
async def table(tmp_path):
    t = await Table.open(tmp_path / "t.sqlite3", FakeTime())
    yield t
    await t.close()


@pytest.mark.parametrize("move", ["1", 1.5, None, [1], True])
async def test_rollback_to_a_non_integer_move_is_refused(table: Table, move: object) -> None:
    await table.start("egizia", seed=5)
    await table.service.act(CH, USERS[2], "place 16")
    before = await table.row()
    with pytest.raises(ServiceError) as err:
        await table.service.rollback(CH, USERS[0], move)  # type: ignore[arg-type]
    assert err.value.message.key == "undo.err.no_such_move"
    after = await table.row()
    assert after.version == before.version and await table.service.undo_request(CH) is None


@pytest.mark.parametrize("days", ["3", 1.5, None, [2], True, float("nan")])
async def test_a_non_integer_vacation_is_refused(table: Table, days: object) -> None:
    with pytest.raises(ServiceError) as err:
        await table.service.vacation(USERS[1], days)  # type: ignore[arg-type]
    assert err.value.message.key == "clock.err.vacation_days"
    s = await table.service.settings(USERS[1].id)
    assert s.vacation_until is None and s.vacation_used == 0


async def bot_table(table: Table) -> None:
    """Ann, Ben, Cy and a bot (seat 3) at Egizia; nobody is to act but the people."""
    await table.service.new(CH, "guild", USERS[0], "egizia", {}, "en", clock="1d", bots=1)
    for u in USERS[1:3]:
        await table.service.join(CH, u)
    await table.service.start(CH, USERS[0], seed=5)


async def test_a_bot_id_cannot_answer_an_undo_request(table: Table) -> None:
    await bot_table(table)
    row = await table.row()
    bot = next(s for s in row.seats if s.is_bot)
    seat = (await table.waiting())[0]
    me = next(u for u in USERS if row.seat_of(u.id) == seat)
    snap = await table.service.current(CH)
    from engines import get_game

    game = get_game(row.title)
    quiet = next(o.action for p in snap.prompts if p.seat == seat for o in p.options
                 if not game.apply(snap.state, seat, o.action).reveals)
    await table.service.act(CH, me, quiet)
    while seat in await table.waiting():
        snap = await table.service.current(CH)
        quiet = next(o.action for p in snap.prompts if p.seat == seat for o in p.options
                     if not game.apply(snap.state, seat, o.action).reveals)
        await table.service.act(CH, me, quiet)
    other = (await table.waiting())[0]
    if row.seats[other].is_bot:
        pytest.skip("the bot is to act next at this seed")
    snap = await table.service.current(CH)
    quiet = next(o.action for p in snap.prompts if p.seat == other for o in p.options
                 if not game.apply(snap.state, other, o.action).reveals)
    await table.service.act(CH, User(row.seats[other].user_id, row.seats[other].name), quiet)
    req = await table.service.undo(CH, me)
    assert req.status == "requested" and req.request is not None
    assert bot.user_id not in req.waiting
    with pytest.raises(ServiceError) as err:
        await table.service.answer_undo(CH, User(bot.user_id, bot.name), req.request.id, True)
    assert err.value.message.key == "err.not_seated"
    pending = await table.service.undo_request(CH)
    assert pending is not None and bot.user_id not in pending.answers


async def test_a_bot_id_cannot_vote_to_skip(table: Table) -> None:
    await bot_table(table)
    row = await table.row()
    bot = next(s for s in row.seats if s.is_bot)
    # run the clock until a person is overdue
    while not any(c.overdue for c in (await table.store.seat_clocks(row.id)).values()):
        assert await table.next_job()
    with pytest.raises(ServiceError) as err:
        await table.service.vote_skip(CH, User(bot.user_id, bot.name))
    assert err.value.message.key == "err.not_seated"
    assert all(not c.votes for c in (await table.store.seat_clocks(row.id)).values())


@pytest.mark.parametrize("text", ["60d+60d", "60d+1d", "30d+10d"])
def test_the_bank_never_grows_past_60_days(text: str) -> None:
    rule = parse_clock(text)
    bank = float(rule.initial())
    for _ in range(20):
        bank = rule.after_decision(bank)
    assert bank <= MAX_CLOCK == 60 * DAY
    stored = ClockRule.from_json({**rule.to_json(), "cap": 300 * DAY})  # a stored cap past the promise
    assert stored.after_decision(59 * DAY) == 60 * DAY
