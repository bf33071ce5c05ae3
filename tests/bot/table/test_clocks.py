"""Turn clocks through the service and the scheduler (issue 10), with a fake clock: days pass in milliseconds."""
from __future__ import annotations

import asyncio
import random

import pytest

from bot.table.clocks import TimeConfig
from bot.table.errors import ServiceError
from bot.table.model import ACTIVE, User
from tests.bot.clockkit import CH, DAY, HOUR, T0, USERS, FakeTime, Table


@pytest.fixture
async def table(tmp_path):
    t = await Table.open(tmp_path / "clock.sqlite3", FakeTime())
    yield t
    await t.close()


async def test_new_takes_a_preset_or_custom_clock_and_a_policy(table):
    row = await table.service.new(CH, "g", USERS[0], "alhambra", {}, "en", clock="3d+12h", timeout="skip")
    assert row.clock["kind"] == "bank" and row.clock["limit"] == 3 * DAY and row.clock["increment"] == 12 * HOUR
    assert row.timeout_policy == "skip"
    await table.service.abandon(CH, USERS[0])
    row = await table.service.new(CH, "g", USERS[0], "alhambra", {}, "en")
    assert row.clock["kind"] == "bank" and row.clock["limit"] == 3 * DAY  # the default: "relaxed"
    assert row.timeout_policy == "wait"


@pytest.mark.parametrize("clock, key", [("3x", "clock.err.duration"), ("99d", "clock.err.range"),
                                        ("soon", "clock.err.duration"), ("0h", "clock.err.range"),
                                        ("", "clock.err.empty"), ("  ", "clock.err.empty")])  # issue 23 item 9
async def test_a_bad_clock_is_refused_clearly_and_nothing_is_stored(table, clock, key):
    with pytest.raises(ServiceError) as err:
        await table.service.new(CH, "g", USERS[0], "alhambra", {}, "en", clock=clock)
    assert err.value.message.key == "clock.err.bad_clock"
    assert err.value.message.params["detail"].key == key
    assert await table.store.latest_game(CH) is None


async def test_a_bad_policy_is_refused(table):
    with pytest.raises(ServiceError) as err:
        await table.service.new(CH, "g", USERS[0], "alhambra", {}, "en", timeout="forever")
    assert err.value.message.params["detail"].key == "clock.err.policy"
    assert await table.store.latest_game(CH) is None


async def test_start_plans_reminders_and_a_deadline_for_the_seat_to_act(table):
    await table.start(clock="1d")
    seat = (await table.waiting())[0]
    row = await table.row()
    jobs = await table.store.game_jobs(row.id)
    assert [(j.seat, j.kind, j.due - T0, j.version) for j in jobs] == [
        (seat, "remind", 12 * HOUR, 0), (seat, "remind", 22 * HOUR, 0), (seat, "deadline", DAY, 0)]


async def test_no_clock_plans_no_jobs(table):
    await table.start(clock="none")
    assert await table.jobs() == []
    await table.play((await table.waiting())[0], random.Random(1))
    assert await table.jobs() == []


async def test_the_bank_runs_down_while_deciding_and_grows_by_the_increment(table):
    await table.start(clock="3d+12h")
    rng = random.Random(2)
    seat = (await table.waiting())[0]
    table.clock.now += DAY
    report = await table.play(seat, rng)
    clocks = await table.store.seat_clocks(report.row.id)
    if seat in report.waiting_for:  # a turn of several decisions: the next one starts now
        assert clocks[seat].started == table.clock.now
    assert clocks[seat].bank == pytest.approx(2 * DAY + 12 * HOUR)


async def test_no_reminder_for_a_decision_already_made(table):
    await table.start(clock="1d")
    rng = random.Random(3)
    first = (await table.waiting())[0]
    row = await table.row()
    old = await table.store.game_jobs(row.id)
    table.clock.now += HOUR
    await table.play(first, rng)
    # a stale job of the old decision survives (e.g. claimed by a dead process): it is dropped when it fires
    await table.store.jobs.add(row.id, first, "remind", T0 + 2 * HOUR, 0, '{"n": 0}')
    assert {j.id for j in old}.isdisjoint({j.id for j in await table.store.game_jobs(row.id)})
    table.clock.now = T0 + 3 * HOUR
    await table.scheduler.run_due()
    assert table.notes.channel == [] and table.notes.dms == []


async def test_a_silent_player_gets_two_reminders_then_is_overdue_under_wait(table):
    await table.start(clock="1d", timeout="wait")
    seat = (await table.waiting())[0]
    uid = USERS[seat].id
    while await table.next_job():
        pass
    assert table.notes.keys(uid) == ["clock.remind", "clock.remind", "clock.overdue"]
    times = [at - T0 for _, _, _, at in table.notes.channel]
    assert times == [12 * HOUR, 22 * HOUR, DAY]
    remind = table.notes.channel[0][2]
    assert remind.params["id"] == (await table.row()).id and "discord.com/channels" in remind.params["link"]
    assert remind.params["left"] == "12 hr"
    clocks = await table.store.seat_clocks((await table.row()).id)
    assert clocks[seat].overdue and clocks[seat].timeouts == 1
    assert (await table.row()).version == 0  # nothing was played for them


async def test_simultaneous_decisions_remind_each_player_once(table):
    await table.start("egizia", n=3, clock="1d", options={"setup_sphinx": "draw2_keep1"})
    seats = await table.waiting()
    assert len(seats) == 3
    rng = random.Random(4)
    table.clock.now += HOUR
    await table.play(seats[0], rng)  # one player decides early; the others keep their turn and jobs
    while (await table.row()).version < 3 and await table.next_job():
        pass
    reminded = [users[0] for _, users, m, _ in table.notes.channel if m.key == "clock.remind"]
    assert sorted(reminded) == sorted([USERS[s].id for s in seats[1:]] * 2)
    assert USERS[seats[0]].id not in reminded


async def test_quiet_hours_hold_reminders_until_they_end_across_midnight_in_the_users_zone(table):
    # Ben's quiet hours 22:00-08:00 in Prague (UTC+1 in November: 21:00-07:00 UTC)
    await table.service.set_quiet(USERS[1], "22:00-08:00", "Europe/Prague")
    await table.start(n=2, clock="1d")
    seat = (await table.waiting())[0]
    if seat != 1:
        await table.play(seat, random.Random(5))
    assert (await table.waiting()) == [1]
    start = table.clock.now
    while await table.next_job():
        if table.notes.channel:
            break
    at = table.notes.channel[0][3]
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo
    local = datetime.fromtimestamp(at, UTC).astimezone(ZoneInfo("Europe/Prague"))
    assert not (local.hour >= 22 or local.hour < 8), local  # never inside the quiet hours
    assert at > start


async def test_quiet_hours_stop_the_clock_where_the_table_allows(table):
    await table.service.set_quiet(USERS[1], "22:00-08:00", "UTC")  # ten quiet hours a day
    await table.start(n=2, clock="1d")
    if (await table.waiting())[0] != 1:
        await table.play(0, random.Random(6))
    row = await table.row()
    started = (await table.store.seat_clocks(row.id))[1].started
    deadline = next(j.due for j in await table.store.game_jobs(row.id) if j.kind == "deadline")
    # 24 running hours from 12:00: 10 h (12→22), quiet until 08:00, 14 h more (08→22): due 34 h later
    assert deadline - started == pytest.approx(34 * HOUR)


async def test_vacation_overlapping_a_deadline_moves_it_by_the_vacation(table):
    await table.start(n=2, clock="1d")
    seat = (await table.waiting())[0]
    user = USERS[seat]
    table.clock.now += 6 * HOUR
    settings = await table.service.vacation(user, 3)
    assert settings.vacation_until == table.clock.now + 3 * DAY and settings.vacation_used == 3
    row = await table.row()
    deadline = next(j.due for j in await table.store.game_jobs(row.id) if j.kind == "deadline")
    assert deadline == pytest.approx(T0 + DAY + 3 * DAY)
    ws = await table.service.waiting(CH)
    assert ws[0].vacation_until == settings.vacation_until
    while await table.next_job():
        pass
    overdue_at = [at for _, _, m, at in table.notes.channel if m.key == "clock.overdue"]
    assert overdue_at == [pytest.approx(T0 + 4 * DAY)]
    assert all(m.key != "clock.remind" or not (T0 + 6 * HOUR <= at < T0 + 6 * HOUR + 3 * DAY)
               for _, _, m, at in table.notes.channel)


async def test_vacation_allowance_per_year_and_ending_early_gives_days_back(tmp_path):
    t = await Table.open(tmp_path / "v.sqlite3", FakeTime(), TimeConfig(vacation_days=10))
    try:
        with pytest.raises(ServiceError) as err:
            await t.service.vacation(USERS[0], 11)
        assert err.value.message.key == "clock.err.vacation_days"
        await t.service.vacation(USERS[0], 7)
        with pytest.raises(ServiceError):
            await t.service.vacation(USERS[0], 2)  # already on vacation
        t.clock.now += 2 * DAY + HOUR
        s = await t.service.vacation(USERS[0], 0)  # back early after 2 days 1 hour: 2 days count, in their favour
        assert s.vacation_used == 2 and s.vacation_until == t.clock.now
        with pytest.raises(ServiceError) as err:
            await t.service.vacation(USERS[0], 9)
        assert err.value.message.key == "clock.err.vacation_allowance" and err.value.message.params["left"] == 8
        t.clock.now += 365 * DAY  # a new year, a new allowance
        assert (await t.service.vacation(USERS[0], 10)).vacation_used == 10
    finally:
        await t.close()


async def test_ending_a_vacation_seconds_after_starting_it_costs_no_day(tmp_path):
    """Issue 23 item 9: a 2-day vacation ended seconds later used a whole day of the yearly allowance."""
    t = await Table.open(tmp_path / "v0.sqlite3", FakeTime(), TimeConfig(vacation_days=10))
    try:
        assert (await t.service.vacation(USERS[0], 2)).vacation_used == 2
        t.clock.now += 30
        s = await t.service.vacation(USERS[0], 0)
        assert s.vacation_used == 0 and s.vacation_until == t.clock.now
        assert (await t.service.vacation(USERS[0], 10)).vacation_used == 10  # the whole allowance is still there
        t.clock.now += 10 * DAY
        with pytest.raises(ServiceError) as err:  # the vacation ran out on its own: all of it counts
            await t.service.vacation(USERS[0], 1)
        assert err.value.message.params["left"] == 0
    finally:
        await t.close()


async def test_pause_and_resume_stop_the_clock_of_the_whole_game(table):
    await table.start(n=2, clock="1d")
    table.clock.now += 4 * HOUR
    await table.service.set_paused(CH, USERS[0], True)
    with pytest.raises(ServiceError) as err:
        await table.service.set_paused(CH, USERS[1], False)
    assert err.value.message.key == "err.host_or_manager"
    assert not [k for _, k in await table.jobs() if k == "deadline"]
    ws = await table.service.waiting(CH)
    assert ws[0].paused and ws[0].left == pytest.approx(20 * HOUR)
    table.clock.now += 10 * DAY
    assert not await table.next_job()  # nothing fires while paused
    await table.service.set_paused(CH, USERS[0], False)
    row = await table.row()
    deadline = next(j.due for j in await table.store.game_jobs(row.id) if j.kind == "deadline")
    assert deadline == pytest.approx(table.clock.now + 20 * HOUR)


async def test_a_refused_dm_falls_back_to_the_channel_and_never_stalls(table):
    await table.service.set_notify(USERS[0], "dm")
    await table.service.set_notify(USERS[1], "dm")
    await table.service.set_notify(USERS[2], "dm")
    table.notes.refuse_dm = {USERS[0].id, USERS[1].id, USERS[2].id}
    await table.start(clock="1d", timeout="wait")
    seat = (await table.waiting())[0]
    while await table.next_job():
        pass
    # "your turn" too: in ``dm`` mode the board does not ping them, so a refused DM becomes a ping (issue 23 item 8)
    assert table.notes.keys(USERS[seat].id) == ["clock.your_turn", "clock.remind", "clock.remind", "clock.overdue"]
    assert table.notes.dms == []
    await table.service.set_notify(USERS[seat], "both")
    table.notes.refuse_dm = set()
    with pytest.raises(ServiceError):
        await table.service.set_notify(USERS[seat], "pigeon")


async def test_dm_mode_gets_a_turn_ping_and_reminders_by_dm(table):
    for u in USERS[:3]:
        await table.service.set_notify(u, "dm")
    await table.start(clock="1d")
    seat = (await table.waiting())[0]
    while await table.next_job():
        pass
    assert [m.key for _, uid, m, _ in table.notes.dms if uid == USERS[seat].id] == [
        "clock.your_turn", "clock.remind", "clock.remind"]
    assert table.notes.keys(USERS[seat].id) == ["clock.overdue"]  # the channel hears about an overdue seat


async def test_vote_to_skip_an_overdue_seat_then_replace_keeping_the_seat(table):
    await table.start(n=3, clock="1d", timeout="wait")
    seat = (await table.waiting())[0]
    others = [s for s in range(3) if s != seat]
    while await table.next_job():
        pass
    with pytest.raises(ServiceError) as err:
        await table.service.vote_skip(CH, USERS[seat])
    assert err.value.message.key == "clock.err.vote_self"
    # replace: refused for someone not yet out of time elsewhere, allowed for the overdue seat, host only
    with pytest.raises(ServiceError) as err:
        await table.service.replace(CH, USERS[others[0]] if others[0] != 0 else USERS[others[1]],
                                    USERS[seat].id, User("u9", "Zed"))
    assert err.value.message.key == "err.host_or_manager"
    assert seat != 0  # the host (seat 0) is not the silent one in this set-up
    with pytest.raises(ServiceError) as err:
        await table.service.replace(CH, USERS[0], USERS[seat].id, USERS[others[-1]])
    assert err.value.message.key == "clock.err.replace_seated"
    row_before = await table.row()
    _, _, private_before = await table.service.private(CH, USERS[seat].id)
    row = await table.service.replace(CH, USERS[0], USERS[seat].id, User("u9", "Zed"))
    assert row.seats[seat].user_id == "u9" and row.seats[seat].name == "Zed"
    assert row.state == row_before.state and row.version == row_before.version
    _, seat9, private_after = await table.service.private(CH, "u9")
    assert seat9 == seat and private_after == private_before  # the new player sees the seat's hand
    clocks = await table.store.seat_clocks(row.id)
    assert not clocks[seat].overdue and clocks[seat].timeouts == 0 and clocks[seat].bank == DAY
    assert "deadline" in [k for s, k in await table.jobs() if s == seat]
    with pytest.raises(ServiceError):
        await table.service.private(CH, USERS[seat].id)
    assert table.notes.keys("u9")[-1] == "clock.replaced"
    with pytest.raises(ServiceError) as err:
        await table.service.replace(CH, USERS[0], "u9", User("u8", "Yo"))
    assert err.value.message.key == "clock.err.replace_not_yet"


async def test_restart_in_the_middle_of_a_clock_fires_overdue_jobs_once_each_in_due_order(tmp_path):
    clock = FakeTime()
    t = await Table.open(tmp_path / "r.sqlite3", clock)
    for i, ch in enumerate(["c1", "c2", "c3"]):
        clock.now = T0 + i * HOUR
        await t.start(n=2, clock="1d", timeout="wait", channel=ch)
    await t.close()
    clock.now = T0 + 10 * DAY  # the bot was down for ten days
    t2 = await Table.open(tmp_path / "r.sqlite3", clock)
    try:
        assert await t2.scheduler.run_due() == 9  # 3 games × (2 reminders + 1 deadline)
        assert await t2.scheduler.run_due() == 0
        # no flood: reminders that came too late are dropped; each deadline speaks once, in due order
        keys = [(gid, m.key) for gid, _, m, _ in t2.notes.channel]
        ids = [(await t2.row(ch)).id for ch in ["c1", "c2", "c3"]]
        assert keys == [(i, "clock.overdue") for i in ids]
        for ch in ["c1", "c2", "c3"]:
            row = await t2.row(ch)
            assert row.status == ACTIVE
            assert any(c.overdue for c in (await t2.store.seat_clocks(row.id)).values())
    finally:
        await t2.close()


async def test_mine_lists_where_the_user_must_act_oldest_first_and_where_others_are_awaited(table):
    rng = random.Random(7)
    for i, ch in enumerate(["c1", "c2", "c3"]):
        table.clock.now = T0 + i * HOUR
        await table.start(n=2, clock="1d", channel=ch)
    # make Ann (u1) the one awaited in c1 and c3, and Ben in c2
    for ch, who in [("c1", 0), ("c2", 1), ("c3", 0)]:
        while (await table.waiting(ch)) != [who]:
            await table.play((await table.waiting(ch))[0], rng, ch)
    table.clock.now = T0 + 5 * HOUR
    mine = await table.service.mine("u1", "guild")
    since = [w.since or 0 for w in mine.mine]
    assert since == sorted(since)  # oldest waiting first
    assert {w.game.channel_id for w in mine.mine} == {"c1", "c3"}
    assert [(w.game.channel_id, w.user_id) for w in mine.others] == [("c2", "u2")]
    assert all(w.link and w.left is not None and w.left <= DAY for w in mine.mine)
    assert (await table.service.mine("u1", "another guild")).mine == []
    assert await table.service.overdue("guild") == []
    table.clock.now = T0 + 3 * DAY
    while await table.next_job():
        pass
    late = await table.service.overdue("guild")
    assert {(w.game.channel_id, w.user_id) for w in late} == {("c1", "u1"), ("c2", "u2"), ("c3", "u1")}


async def test_votes_to_skip_count_once_per_player_and_the_host_decides(table):
    await table.start(n=3, clock="1d", timeout="wait")
    seat = (await table.waiting())[0]
    assert seat == 2  # Cy goes first in this set-up and stays silent
    while await table.next_job():
        pass
    assert await table.service.vote_skip(CH, USERS[1]) == (None, 1, 2)
    assert await table.service.vote_skip(CH, USERS[1]) == (None, 1, 2)  # a second vote of the same player
    report, votes, needed = await table.service.vote_skip(CH, USERS[0])  # the host's vote settles it
    assert (votes, needed) == (2, 2)
    assert report is not None and report.kind == "timeout" and report.actor == seat
    with pytest.raises(ServiceError) as err:
        await table.service.vote_skip(CH, USERS[1])
    assert err.value.message.key == "clock.err.nobody_overdue"


def test_clock_settings_in_config_toml(tmp_path):
    from bot.config import ConfigError, load

    path = tmp_path / "c.toml"
    path.write_text("[clock]\nvacation_days = 14\nreplace_after = 2\nstand_in_bot = \"normal\"\n")
    cfg = load(str(path), env={})
    assert (cfg.vacation_days, cfg.replace_after, cfg.stand_in_bot) == (14, 2, "normal")
    path.write_text("[clock]\nstand_in_bot = \"genius\"\n")
    with pytest.raises(ConfigError):
        load(str(path), env={})


async def test_a_recap_cut_off_by_a_stop_is_posted_after_the_restart(tmp_path):
    """Issue 23 item 6: the final move stores the recap as a job; the move's own flow leases it, posts it and
    removes the job, but a bot stopped while drawing it posts it after the restart, once."""
    from bot.table.clocks import RECAP, RECAP_GRACE
    from bot.table.scheduler import LEASE
    from engines.core import Rng

    clock = FakeTime()
    t = await Table.open(tmp_path / "recap.sqlite3", clock)
    snap = await t.start("luxor", n=2, clock=None, seed=2)
    rng = Rng.seeded(2)
    while snap.prompts:
        p = snap.prompts[rng.below(len(snap.prompts))]
        snap = await t.service.act(CH, USERS[p.seat], p.options[rng.below(len(p.options))].action)
    game_id = snap.row.id
    assert [j.kind for j in await t.store.game_jobs(game_id)] == [RECAP]
    t.service.lease_sleep = lambda seconds: asyncio.Event().wait()  # (its renewals are not reached here)
    drawing = t.service.recap_claimed(game_id)
    assert await drawing.__aenter__() is not None  # the move's flow starts drawing it …
    async with t.service.recap_claimed(game_id) as other:
        assert other is None  # (nobody else may meanwhile)
    await t.close()  # … and the bot stops before it is posted
    await drawing.__aexit__(None, None, None)
    again = await Table.open(tmp_path / "recap.sqlite3", clock)
    try:
        clock.now += RECAP_GRACE
        await again.scheduler.run_due()
        assert again.notes.recaps == []  # the lease of the stopped process still holds it
        clock.now += LEASE
        await again.scheduler.run_due()
        await again.scheduler.run_due()
        assert again.notes.recaps == [game_id]  # once
        assert await again.store.game_jobs(game_id) == []
    finally:
        await again.close()
