"""Bot seats in the service (issue 11): the lobby (add, remove, ``bots:N``), the stored seats and their
migration, and bots acting by themselves through durable scheduler jobs and the one move path."""
from __future__ import annotations

import random
import sqlite3

import pytest

from bot.store import Store
from bot.store.schema import MIGRATIONS
from bot.table.botpool import BotConfig
from bot.table.clocks import BOT, TimeConfig
from bot.table.errors import ServiceError
from bot.table.model import ACTIVE, OVER
from engines import available_games, get_game
from tests.bot.clockkit import CH, USERS, FakeTime, Table

TITLES = available_games()


@pytest.fixture
async def table(tmp_path):
    t = await Table.open(tmp_path / "b.sqlite3", FakeTime(), TimeConfig(), BotConfig(level="random"))
    yield t
    await t.close()


async def _lobby(table: Table, title: str = "alhambra", **kw: object):
    return await table.service.new(CH, "guild", USERS[0], title, {}, "en", clock="1d", **kw)


def _error(exc: pytest.ExceptionInfo[ServiceError]) -> str:
    return exc.value.message.key


# ---------------------------------------------------------------------- storage


async def test_a_database_of_the_previous_schema_keeps_its_games_and_gains_bot_levels(tmp_path):
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    for number, script in enumerate(MIGRATIONS[:5], start=1):  # before migration 6 (bot levels)
        for statement in filter(str.strip, script.split(";")):
            db.execute(statement)
        db.execute(f"PRAGMA user_version={number}")
    db.execute("INSERT INTO games(channel_id, title, status, host_id, options, created_at, updated_at)"
               " VALUES ('c', 'luxor', 'lobby', 'u1', '{}', 1, 1)")
    db.execute("INSERT INTO seats(game_id, seat, user_id, name) VALUES (1, 0, 'u1', 'Ann'), (1, 1, 'u2', 'Ben')")
    db.commit()
    db.close()
    store = await Store.open(str(path))
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        row = await store.open_game("c")
        assert row is not None
        assert [(s.user_id, s.name, s.bot_level, s.is_bot) for s in row.seats] == [
            ("u1", "Ann", None, False), ("u2", "Ben", None, False)]
        await store.set_seats(row.id, [("u1", "Ann"), ("bot:1", "Nefertiti", "easy")], 2.0)
        again = await store.open_game("c")
        assert again is not None and [(s.user_id, s.bot_level) for s in again.seats] == [("u1", None), ("bot:1", "easy")]
    finally:
        await store.close()


# ---------------------------------------------------------------------- the lobby


async def test_new_with_bots_seats_the_host_and_themed_bots(table):
    row = await _lobby(table, "luxor", bots=2, bot_level="easy")
    assert [(s.seat, s.user_id, s.name, s.bot_level) for s in row.seats] == [
        (0, USERS[0].id, "Ann", None), (1, "bot:1", "Nefertiti", "easy"), (2, "bot:2", "Hatshepsut", "easy")]
    assert [s.is_bot for s in row.seats] == [False, True, True]


async def test_alhambra_bots_have_andalusian_names_and_the_default_level(table):
    row = await _lobby(table, "alhambra", bots=1)
    assert (row.seats[1].name, row.seats[1].bot_level) == ("Zoraida", "random")  # the table's [bots] level


async def test_new_refuses_too_many_bots_a_negative_count_and_an_unknown_level(table):
    game = get_game("luxor")
    with pytest.raises(ServiceError) as err:
        await _lobby(table, "luxor", bots=game.max_players)
    assert _error(err) == "bots.err.too_many" and err.value.message.params["max"] == game.max_players
    with pytest.raises(ServiceError) as err:
        await _lobby(table, "luxor", bots=-1)
    assert _error(err) == "bots.err.bad_count"
    with pytest.raises(ServiceError) as err:
        await _lobby(table, "luxor", bots=1, bot_level="genius")
    assert _error(err) == "bots.err.unknown_level" and "normal" in err.value.message.params["known"]
    assert await table.store.open_game(CH) is None  # nothing was opened
    row = await _lobby(table, "luxor", bots=game.max_players - 1)  # bots may fill the table
    assert len(row.seats) == game.max_players


async def test_add_bot_by_host_or_seated_player_until_the_table_is_full(table):
    await _lobby(table, "luxor")
    await table.service.join(CH, USERS[1])
    row = await table.service.add_bot(CH, USERS[1], "easy")
    row = await table.service.add_bot(CH, USERS[0])
    assert [(s.user_id, s.name, s.bot_level) for s in row.seats[2:]] == [
        ("bot:1", "Nefertiti", "easy"), ("bot:2", "Hatshepsut", "random")]
    with pytest.raises(ServiceError) as err:
        await table.service.add_bot(CH, USERS[0])
    assert _error(err) == "err.lobby_full"
    await table.service.remove_bot(CH, USERS[0])
    with pytest.raises(ServiceError) as err:
        await table.service.add_bot(CH, USERS[2])  # not seated, not the host
    assert _error(err) == "bots.err.seated_only"
    with pytest.raises(ServiceError) as err:
        await table.service.add_bot(CH, USERS[0], "Genius")
    assert _error(err) == "bots.err.unknown_level"
    with pytest.raises(ServiceError) as err:
        await table.service.add_bot(CH, USERS[0], expected_game=9999)  # a button of another game
    assert _error(err) == "err.other_game"
    assert len((await table.row()).seats) == 3  # refusals changed nothing


async def test_remove_bot_by_name_by_id_or_the_last_added_renumbers_the_seats(table):
    await _lobby(table, "alhambra", bots=2)
    await table.service.join(CH, USERS[1])
    row = await table.service.add_bot(CH, USERS[0], "easy")
    assert [s.name for s in row.seats] == ["Ann", "Zoraida", "Boabdil", "Ben", "Yusuf"]
    row = await table.service.remove_bot(CH, USERS[1], "zoraida")
    assert [(s.seat, s.name) for s in row.seats] == [(0, "Ann"), (1, "Boabdil"), (2, "Ben"), (3, "Yusuf")]
    row = await table.service.remove_bot(CH, USERS[0])  # the last added
    assert [s.name for s in row.seats] == ["Ann", "Boabdil", "Ben"]
    with pytest.raises(ServiceError) as err:
        await table.service.remove_bot(CH, USERS[0], "Aixa")
    assert _error(err) == "bots.err.no_such_bot" and err.value.message.params["known"] == "Boabdil"
    row = await table.service.remove_bot(CH, USERS[0], "bot:2")
    assert [s.name for s in row.seats] == ["Ann", "Ben"]
    with pytest.raises(ServiceError) as err:
        await table.service.remove_bot(CH, USERS[0])
    assert _error(err) == "bots.err.no_bots"
    # a freed name and number are handed out again
    row = await table.service.add_bot(CH, USERS[0])
    assert (row.seats[2].user_id, row.seats[2].name) == ("bot:1", "Zoraida")


async def test_bots_cannot_be_added_or_removed_once_the_game_started(table):
    await _lobby(table, "alhambra", bots=1)
    await table.service.start(CH, USERS[0], seed=3)
    for call in (table.service.add_bot(CH, USERS[0]), table.service.remove_bot(CH, USERS[0])):
        with pytest.raises(ServiceError) as err:
            await call
        assert _error(err) == "bots.err.lobby_only"


async def test_bots_do_not_keep_a_lobby_open_and_the_host_passes_to_a_person(table):
    await _lobby(table, "alhambra", bots=2)
    await table.service.join(CH, USERS[1])
    row = await table.service.leave(CH, USERS[0])
    assert row is not None and row.host_id == USERS[1].id  # not the bot in seat 0
    assert [s.name for s in row.seats] == ["Zoraida", "Boabdil", "Ben"]
    assert await table.service.leave(CH, USERS[1]) is None  # only bots left: the lobby closes
    assert await table.store.open_game(CH) is None


async def test_a_person_joining_keeps_the_bots_levels(table):
    await _lobby(table, "alhambra", bots=1, bot_level="normal")
    row = await table.service.join(CH, USERS[1])
    assert [(s.name, s.bot_level) for s in row.seats] == [("Ann", None), ("Zoraida", "normal"), ("Ben", None)]


# ---------------------------------------------------------------------- bots act by themselves


async def _play_human(table: Table, seat: int, rng: random.Random) -> None:
    row = await table.row()
    assert row.state is not None
    options = get_game(row.title).legal_actions(row.state, seat)
    await table.service.act(CH, USERS[seat], rng.choice(options).action)


async def _run(table: Table, rng: random.Random, limit: int = 5000) -> None:
    """The person in seat 0 plays random moves when asked; the scheduler plays the bots (no time passes)."""
    for _ in range(limit):
        row = await table.row()
        if row.status != ACTIVE:
            return
        await table.scheduler.run_due()
        waiting = await table.waiting()
        if 0 in waiting:
            await _play_human(table, 0, rng)
        elif waiting:
            assert await table.scheduler.run_due() > 0, "a bot is to act but no job is due"
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("title", TITLES)
async def test_one_person_and_bots_play_a_whole_game_through_the_one_move_path(table, title):
    n = get_game(title).min_players + 1
    await _lobby(table, title, bots=n - 1, bot_level="random")
    await table.service.start(CH, USERS[0], seed=11)
    await _run(table, random.Random(1))
    row = await table.row()
    assert row.status == OVER
    moves = [m for m in await table.store.moves(row.id) if m.seq > 0]
    bot_moves = [m for m in moves if m.seat != 0]
    assert bot_moves and all(m.kind == "bot" and m.user_id == row.seats[m.seat].user_id for m in bot_moves)
    assert all(m.kind == "player" for m in moves if m.seat == 0)
    assert await table.service.replay(row.id) == row.state  # the log replays: every bot move is in it
    assert len(table.notes.boards) == len(bot_moves)  # each bot move posts its board
    # a bot is never reminded, pinged or timed out
    assert not [m for _, users, m, _ in table.notes.channel if any(u.startswith("bot:") for u in users)]
    assert not [d for d in table.notes.dms if d[1].startswith("bot:")]


async def test_a_bot_seat_has_only_a_move_job_due_at_once(table):
    await _lobby(table, "alhambra", bots=1)
    await table.service.join(CH, USERS[1])
    await table.service.start(CH, USERS[0], seed=2)
    row = await table.row()
    clocks = await table.store.seat_clocks(row.id)
    rng = random.Random(3)
    while 1 not in await table.waiting():
        await _play_human(table, (await table.waiting())[0], rng)
    row = await table.row()
    jobs = [j for j in await table.store.game_jobs(row.id) if j.seat == 1]
    assert [(j.kind, j.due) for j in jobs] == [(BOT, table.clock())]
    clocks = await table.store.seat_clocks(row.id)
    assert clocks[1].turn_version == row.version
    [w] = await table.service.waiting(CH)
    assert w.bot_level == "random" and w.left is None and not w.overdue


async def test_a_pending_bot_decision_survives_a_restart_and_a_stale_job_does_nothing(tmp_path):
    clock = FakeTime()
    t = await Table.open(tmp_path / "r.sqlite3", clock, bots=BotConfig(level="easy"))
    await t.service.new(CH, "guild", USERS[0], "luxor", {}, "en", clock="1d", bots=1)
    await t.service.start(CH, USERS[0], seed=4)
    rng = random.Random(5)
    while 1 not in await t.waiting():
        await _play_human(t, 0, rng)
    version = (await t.row()).version
    await t.close()  # the process stops before the bot decided
    t2 = await Table.open(tmp_path / "r.sqlite3", clock, bots=BotConfig(level="easy"))
    try:
        row = await t2.row()
        assert row.version == version and (1, BOT) in await t2.jobs()
        # a job from an older decision (its version moved on) does nothing
        assert await t2.service.clock_bot(CH, row.id, 1, version - 1) is None
        assert (await t2.row()).version == version
        await t2.scheduler.run_due()
        after = await t2.row()
        assert after.version > version
        moves = await t2.store.moves(after.id)
        assert moves[version + 1].kind == "bot" and moves[version + 1].seat == 1
    finally:
        await t2.close()


async def test_records_and_transcripts_name_the_bots(table):
    from bot.records.record import build_record, parse_record, replay, transcript

    await _lobby(table, "luxor", bots=1, bot_level="easy")
    await table.service.start(CH, USERS[0], seed=8)
    await _run(table, random.Random(2))
    row, moves, result = await table.service.record_source(CH, USERS[0].id)
    record = build_record(row, moves, result)
    assert record["players"][1] == {"seat": 1, "name": "Nefertiti", "user_id": "bot:1", "bot_level": "easy"}
    assert "bot_level" not in record["players"][0]
    parsed = parse_record(record)
    assert parsed.names == ["Ann", "Nefertiti \u2699"]  # drawn with the marker the image font has
    assert replay(parsed).result == result
    text = transcript(row, moves, result, "pl")
    assert "🤖 Nefertiti (bot, łatwy)" in text


async def test_bots_consent_to_an_undo_at_once(table):
    """UNDO: a person's move and the bot moves after it are taken back without asking the bots."""
    await _lobby(table, "alhambra", bots=1)
    await table.service.start(CH, USERS[0], seed=9)
    rng = random.Random(4)
    for _ in range(200):  # find a move of Ann that reveals nothing, followed by the bot's reply
        await table.scheduler.run_due()
        row = await table.row()
        if 0 not in await table.waiting():
            continue
        before = row.version
        await _play_human(table, 0, rng)
        await table.scheduler.run_due()
        moves = await table.store.moves(row.id)
        mine = moves[before + 1]
        if mine.reveals or any(m.reveals for m in moves[before + 1:]) or len(moves) <= before + 2:
            continue
        out = await table.service.undo(CH, USERS[0])
        assert out.status == "done" and out.first == before + 1 and len(out.taken_back) >= 2
        assert (await table.row()).state == (await table.service.replay(row.id))
        return
    pytest.skip("no unrevealing move followed by a bot move in this seeded game")


async def test_bot_seats_do_not_count_in_a_vote_to_skip(table):
    """With one other person and a bot, that person's vote alone is the majority."""
    await _lobby(table, "alhambra", bots=1)
    await table.service.join(CH, USERS[1])
    await table.service.start(CH, USERS[0], seed=6)
    rng = random.Random(6)
    while True:  # play until the person in seat 2 is to act, then let their time run out
        await table.scheduler.run_due()
        waiting = await table.waiting()
        if 2 in waiting:
            break
        await _play_human(table, waiting[0], rng)
    while not (await table.store.seat_clocks((await table.row()).id))[2].overdue:
        assert await table.next_job()
    report, votes, needed = await table.service.vote_skip(CH, USERS[0])
    assert (votes, needed) == (1, 1) and report is not None and report.kind == "timeout"


async def test_bots_wait_while_the_host_pauses_the_game(table):
    await _lobby(table, "egizia", bots=1)
    await table.service.start(CH, USERS[0], seed=3)
    rng = random.Random(8)
    while 1 not in await table.waiting():
        await _play_human(table, (await table.waiting())[0], rng)
    await table.service.set_paused(CH, USERS[0], True)
    version = (await table.row()).version
    assert (1, BOT) not in await table.jobs()
    await table.scheduler.run_due()
    assert (await table.row()).version == version  # nothing moves in a paused game
    await table.service.set_paused(CH, USERS[0], False)
    assert (1, BOT) in await table.jobs()
    await table.scheduler.run_due()
    assert (await table.row()).version > version


async def test_an_empty_level_means_the_default_one_and_levels_ignore_case(table):
    await _lobby(table, "alhambra", bots=1, bot_level="")
    row = await table.service.add_bot(CH, USERS[0], " Easy ")
    assert [s.bot_level for s in row.seats[1:]] == ["random", "easy"]
