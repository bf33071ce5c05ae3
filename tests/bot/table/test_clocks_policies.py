"""Each timeout policy for each game, end to end through the service and the scheduler with a fake clock:
a player goes silent, days pass in milliseconds (issue 10)."""
from __future__ import annotations

import random

import pytest

from bot.table.clocks import TimeConfig
from bot.table.model import ACTIVE, OVER, User
from engines import available_games, get_game
from tests.bot.clockkit import CH, DAY, USERS, FakeTime, Table, silent

TITLES = available_games()


@pytest.fixture
async def table(tmp_path):
    t = await Table.open(tmp_path / "p.sqlite3", FakeTime(), TimeConfig(bot_level="random", bot_grace=600))
    yield t
    await t.close()


def _players(title: str) -> int:
    return get_game(title).min_players


@pytest.mark.parametrize("title", TITLES)
async def test_wait_marks_the_silent_player_overdue_and_nothing_is_played_for_them(table, title):
    await table.start(title, n=_players(title), clock="1d", timeout="wait")
    rng = random.Random(1)
    silent_seat = 1
    await silent(table, silent_seat, rng, max_moves=400)
    row = await table.row()
    assert row.status == ACTIVE and (await table.waiting()) == [silent_seat]
    clocks = await table.store.seat_clocks(row.id)
    assert clocks[silent_seat].overdue
    assert all(kind == "player" for _, kind in await table.kinds())
    assert table.notes.keys(USERS[silent_seat].id).count("clock.overdue") == 1
    [late] = await table.service.overdue("guild")
    assert late.seat == silent_seat and late.game.id == row.id
    # the other player votes to skip: with two players one vote is a majority; the timeout action is played
    report, votes, needed = await table.service.vote_skip(CH, USERS[0])
    assert (votes, needed) == (1, 1) and report is not None and report.kind == "timeout"
    assert (await table.kinds())[-1][1] == "timeout"


@pytest.mark.parametrize("title", TITLES)
async def test_skip_plays_timeout_actions_until_the_game_ends(table, title):
    await table.start(title, n=_players(title), clock="1d", timeout="skip")
    rng = random.Random(2)
    await silent(table, 1, rng, max_moves=3000)
    row = await table.row()
    assert row.status == OVER, "the game ends although one player never moved"
    moves = await table.store.moves(row.id)
    silent_moves = [m for m in moves if m.seq > 0 and m.seat == 1]
    assert silent_moves and all(m.kind == "timeout" and m.user_id is None for m in silent_moves)
    assert all(m.kind == "player" for m in moves if m.seq > 0 and m.seat != 1)
    # every timeout move is the engine's timeout action of that position
    assert await table.service.replay(row.id) == row.state
    assert len(table.notes.boards) == len(silent_moves)  # each clock move posts its board
    assert table.notes.keys(USERS[0].id).count("clock.replace_allowed") == 1


@pytest.mark.parametrize("title", TITLES)
async def test_skip_stops_when_the_player_returns(table, title):
    await table.start(title, n=_players(title), clock="1d", timeout="skip")
    rng = random.Random(3)
    timeouts = 0
    while timeouts < 2:
        before = len([k for _, k in await table.kinds() if k == "timeout"])
        await silent(table, 1, rng, max_moves=1)
        timeouts = len([k for _, k in await table.kinds() if k == "timeout"])
        assert timeouts >= before
    while 1 not in await table.waiting():
        await table.play((await table.waiting())[0], rng)
    row = await table.row()
    assert (await table.store.seat_clocks(row.id))[1].timeouts >= 1
    report = await table.play(1, rng)
    assert report.kind == "player"
    assert (await table.store.seat_clocks(row.id))[1].timeouts == 0


@pytest.mark.parametrize("title", TITLES)
async def test_a_bot_plays_for_the_absent_player_and_hands_back_on_their_next_move(table, title):
    await table.start(title, n=_players(title), clock="1d", timeout="bot")
    rng = random.Random(4)
    while len([k for _, k in await table.kinds() if k == "bot"]) < 3:
        row = await table.row()
        if row.status != ACTIVE:
            break
        await silent(table, 1, rng, max_moves=1)
    kinds = await table.kinds()
    bot_moves = [seq for seq, k in kinds if k == "bot"]
    assert len(bot_moves) >= 3
    row = await table.row()
    moves = {m.seq: m for m in await table.store.moves(row.id)}
    assert all(moves[s].seat == 1 and moves[s].user_id is None for s in bot_moves)
    # the deadline made the bot stand in (one timeout); later decisions it took after the grace period
    clocks = await table.store.seat_clocks(row.id)
    assert clocks[1].bot and clocks[1].timeouts == 1
    # the player returns: they act at their next decision (within the grace period), and the bot stops
    while 1 not in await table.waiting():
        await table.play((await table.waiting())[0], rng)
    report = await table.play(1, rng)
    assert report.kind == "player"
    clocks = await table.store.seat_clocks(row.id)
    assert not clocks[1].bot and clocks[1].timeouts == 0
    assert "bot" not in [k for s, k in await table.jobs() if s == 1]


async def test_replace_after_repeated_timeouts_keeps_the_seat_and_its_score(table):
    await table.start("alhambra", n=3, clock="1d", timeout="skip")
    rng = random.Random(5)
    silent_seat = 2
    while (await table.store.seat_clocks((await table.row()).id))[silent_seat].timeouts < 3:
        await silent(table, silent_seat, rng, max_moves=1)
    row = await table.row()
    game = get_game("alhambra")
    assert row.state is not None
    scores = game.scores(row.state)
    new = User("u7", "Gus")
    after = await table.service.replace(CH, USERS[0], USERS[silent_seat].id, new)
    assert after.seats[silent_seat].user_id == "u7" and after.state is not None
    assert game.scores(after.state) == scores
    while silent_seat not in await table.waiting():
        await table.play((await table.waiting())[0], rng)
    row = await table.row()
    assert row.state is not None
    report = await table.service.act(CH, new, rng.choice(game.legal_actions(row.state, silent_seat)).action)
    assert report.kind == "player" and report.actor == silent_seat  # the new player plays the seat
    assert (await table.store.moves(row.id))[-1].user_id == "u7"
    clocks = await table.store.seat_clocks(row.id)
    assert clocks[silent_seat].timeouts == 0 and clocks[silent_seat].bank <= DAY
