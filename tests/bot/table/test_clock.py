"""Turn-clock arithmetic (bot/clock.py): rules, presets, pauses, quiet hours across midnight and zones."""
from __future__ import annotations

import math
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.table.clock import (
    DAY,
    DEFAULT_PRESET,
    HOUR,
    PRESETS,
    ClockError,
    ClockRule,
    QuietHours,
    Turn,
    deadline,
    merge,
    parse_clock,
    parse_duration,
    running_time,
    send_time,
)

PRAGUE = ZoneInfo("Europe/Prague")


def at(text: str, zone: ZoneInfo = PRAGUE) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=zone).timestamp()


def test_presets_and_default() -> None:
    assert DEFAULT_PRESET in PRESETS and PRESETS[DEFAULT_PRESET].kind == "bank"
    assert parse_clock(None) == PRESETS[DEFAULT_PRESET]
    with pytest.raises(ClockError) as err:  # typed but empty: refused, not silently the default (issue 23 item 9)
        parse_clock("")
    assert err.value.message.key == "clock.err.empty"
    assert parse_clock("none").enabled is False
    assert parse_clock("daily") == ClockRule("move", DAY)


def test_custom_values() -> None:
    assert parse_clock("24h") == ClockRule("move", DAY)
    assert parse_clock("3d+12h") == ClockRule("bank", 3 * DAY, 12 * HOUR)
    assert parse_clock(" 1d 12h ") == ClockRule("move", 36 * HOUR)
    assert parse_duration("90m") == 90 * 60


@pytest.mark.parametrize("bad", ["abc", "3x", "0h", "999d", "-1d", "3d+", "1d++2h", "²d", "1" * 5000 + "d"])
def test_bad_values_are_refused_with_a_message(bad: str) -> None:
    with pytest.raises(ClockError) as err:
        parse_clock(bad)
    assert err.value.message.key.startswith("clock.err.")


def test_move_clock_gives_the_full_limit_every_decision() -> None:
    rule = ClockRule("move", DAY)
    assert rule.initial() == DAY
    assert rule.after_decision(5) == DAY


def test_bank_grows_by_the_increment_up_to_its_cap() -> None:
    rule = ClockRule("bank", 3 * DAY, 12 * HOUR)
    assert rule.initial() == 3 * DAY
    assert rule.after_decision(2 * DAY) == 2 * DAY + 12 * HOUR
    assert rule.after_decision(-HOUR) == 12 * HOUR          # an overdue bank restarts from the increment
    assert rule.after_decision(5 * DAY) == rule.bank_cap == 5 * DAY


def test_rule_round_trips_through_json() -> None:
    rule = ClockRule("bank", 3 * DAY, 12 * HOUR, quiet_pauses=False)
    assert ClockRule.from_json(rule.to_json()) == rule
    assert ClockRule.from_json(None) == ClockRule()


def test_merge_and_running_time() -> None:
    assert merge([(5, 7), (1, 3), (2, 4), (9, 9)]) == [(1, 4), (5, 7)]
    assert running_time(0, 10, [(1, 4), (3, 5)]) == 6
    assert running_time(10, 0, []) == 0


def test_deadline_skips_pauses_and_open_ended_pause_is_infinite() -> None:
    assert deadline(0, 10, []) == 10
    assert deadline(0, 10, [(5, 8)]) == 13
    assert deadline(0, 10, [(0, 3), (12, 20)]) == 21
    assert deadline(0, 10, [(4, math.inf)]) == math.inf
    assert deadline(0, 3, [(4, math.inf)]) == 3


@given(st.lists(st.tuples(st.integers(0, 1000), st.integers(0, 200)), max_size=8), st.integers(0, 2000))
def test_deadline_is_where_running_time_reaches_the_budget(raw: list[tuple[int, int]], budget: int) -> None:
    pauses = [(float(a), float(a + d)) for a, d in raw]
    end = deadline(0, budget, pauses)
    assert running_time(0, end, pauses) == pytest.approx(budget)


def test_quiet_hours_cross_midnight_in_the_users_zone() -> None:
    quiet = QuietHours.parse("22:00-07:00", "Europe/Prague")
    assert quiet.contains(at("2026-11-24T23:30"))
    assert quiet.contains(at("2026-11-25T06:59"))
    assert not quiet.contains(at("2026-11-25T07:00"))
    assert not quiet.contains(at("2026-11-24T21:59"))
    assert send_time(at("2026-11-24T23:30"), quiet) == at("2026-11-25T07:00")
    assert send_time(at("2026-11-24T12:00"), quiet) == at("2026-11-24T12:00")


def test_quiet_hours_follow_the_zone_not_utc() -> None:
    tokyo = QuietHours.parse("23-6", "Asia/Tokyo")
    noon_utc_is_9pm_tokyo = datetime(2026, 11, 24, 12, 0, tzinfo=ZoneInfo("UTC")).timestamp()
    assert not tokyo.contains(noon_utc_is_9pm_tokyo)
    assert tokyo.contains(noon_utc_is_9pm_tokyo + 3 * HOUR)


def test_quiet_hours_across_a_daylight_saving_change() -> None:
    """Prague leaves summer time on 2026-10-25: that night is 10 hours long from 22:00 to 07:00."""
    quiet = QuietHours.parse("22:00-07:00", "Europe/Prague")
    (a, b), = [i for i in quiet.intervals(at("2026-10-24T23:00"), at("2026-10-24T23:01"))]
    assert b - a == 10 * HOUR


@pytest.mark.parametrize("bad,zone", [("7-7", "UTC"), ("25:00-07:00", "UTC"), ("22-7", "Mars/Olympus"),
                                      ("08:00-23:00", "UTC"), ("soon", "UTC")])
def test_bad_quiet_hours_are_refused(bad: str, zone: str) -> None:
    with pytest.raises(ClockError):
        QuietHours.parse(bad, zone)


def test_a_turn_pauses_during_quiet_hours_when_the_table_allows_it() -> None:
    quiet = QuietHours.parse("22:00-07:00", "Europe/Prague")
    start = at("2026-11-24T20:00")
    turn = Turn(start, 4 * HOUR)
    # 2 h until 22:00, quiet until 07:00, then the remaining 2 h
    assert turn.due(quiet, ClockRule("move", 4 * HOUR), []) == at("2026-11-25T09:00")
    assert turn.due(quiet, ClockRule("move", 4 * HOUR, quiet_pauses=False), []) == at("2026-11-25T00:00")
    assert turn.left(at("2026-11-25T08:00"), quiet, ClockRule("move", 4 * HOUR), []) == HOUR


def test_vacation_overlapping_a_deadline_moves_it_by_the_overlap() -> None:
    start = at("2026-11-24T12:00")
    turn = Turn(start, DAY)
    vacation = [(at("2026-11-25T06:00"), at("2026-11-28T06:00"))]
    assert turn.due(None, ClockRule("move", DAY), vacation) == at("2026-11-28T12:00")
    # a vacation that began before the turn and ends after the old deadline
    long = [(start - DAY, start + 2 * DAY)]
    assert turn.due(None, ClockRule("move", DAY), long) == start + 3 * DAY


def test_a_paused_game_has_no_deadline() -> None:
    turn = Turn(0.0, DAY)
    assert turn.due(None, ClockRule("move", DAY), [(HOUR, math.inf)]) == math.inf
    assert turn.left(10 * DAY, None, ClockRule("move", DAY), [(HOUR, math.inf)]) == DAY - HOUR


def test_reminders_after_half_the_time_and_before_the_end() -> None:
    turn = Turn(0.0, DAY)
    assert turn.reminders(None, ClockRule("move", DAY), []) == [DAY / 2, DAY - 2 * HOUR]
    # a short clock gets only the half-way reminder
    assert Turn(0.0, 3 * HOUR).reminders(None, ClockRule("move", 3 * HOUR), []) == [1.5 * HOUR]


def test_long_quiet_hours_still_give_a_correct_deadline() -> None:
    quiet = QuietHours.parse("18:00-08:00", "UTC")   # 14 quiet hours a day: 10 running hours a day
    start = datetime(2026, 11, 24, 8, 0, tzinfo=ZoneInfo("UTC")).timestamp()
    turn = Turn(start, 5 * DAY)
    due = turn.due(quiet, ClockRule("move", 5 * DAY), [])
    assert due == start + 11 * DAY + 10 * HOUR   # 12 days of 10 running hours = 120 h: 18:00 on the 12th day
    assert turn.left(due, quiet, ClockRule("move", 5 * DAY), []) == pytest.approx(0)
