"""The storage contract: what every implementation of the table's ports (:mod:`bot.table.ports`) must do.

One suite, parametrised by store: each test gets a fresh, empty store from every entry of ``STORES`` and uses
only the ports' members (plain data in, plain data out). PostgreSQL runs where ``REFEREE_TEST_PG`` names a
server (``tests/bot/pgkit.py``; skipped without one, failed under ``CI=true``); nothing else here is specific
to one database.
"""
from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.store import Store
from bot.table.errors import ChannelBusy, StorageError, VersionConflict
from bot.table.model import (
    ACTIVE,
    LOBBY,
    OVER,
    POST_DELIVERED,
    POST_FAILED,
    POST_PENDING,
    ClockWrite,
    SeatClock,
    UserSettings,
)
from bot.table.ports import Repository

EVENT = {"message": {"key": "k", "params": {}}, "to": None}


async def sqlite_store(tmp: Path) -> Repository:
    return await Store.open(str(tmp / "contract.sqlite3"))


async def postgres_store(request: pytest.FixtureRequest) -> Repository:
    from bot.store.postgres import PgStore

    return await PgStore.open(request.getfixturevalue("pg_url"))  # a fresh database (tests/bot/pgkit.py)


#: one factory per implementation: ``(the test's request, a fresh temporary folder) -> an empty, migrated store``
STORES: list[object] = [pytest.param(lambda request, tmp: sqlite_store(tmp), id="sqlite"),
                        pytest.param(lambda request, tmp: postgres_store(request), id="postgres")]


@pytest.fixture(params=STORES)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Repository]:
    factory: Callable[[pytest.FixtureRequest, Path], Awaitable[Repository]] = request.param
    s = await factory(request, tmp_path)
    yield s
    await s.close()


async def started(store: Repository, channel: str = "chan", seats: int = 2) -> int:
    """A game in ``channel`` with ``seats`` people seated, started at version 0; its id."""
    row = await store.create_game(channel, "guild", "alhambra", "u0", "Ann", {"x": 1}, "en", 1.0,
                                  seats=[(f"u{i}", f"P{i}") for i in range(seats)])
    await store.start_game(row.id, 7, {"n": 0}, [EVENT], 2.0, rules_version=3)
    return row.id


# ---------------------------------------------------------------------------------------------- games


async def test_a_lobby_is_the_channels_one_open_game(store: Repository) -> None:
    row = await store.create_game("chan", "guild", "egizia", "u1", "Ann", {"a": True}, "cs", 1.0,
                                  clock={"kind": "move", "limit": 60}, timeout_policy="skip")
    assert (row.status, row.title, row.host_id, row.locale, row.version) == (LOBBY, "egizia", "u1", "cs", 0)
    assert row.options == {"a": True} and row.clock == {"kind": "move", "limit": 60} and row.timeout_policy == "skip"
    assert [(s.seat, s.user_id, s.name, s.bot_level) for s in row.seats] == [(0, "u1", "Ann", None)]
    assert row.clock_rule.kind == "move"  # the clock rule is parsed with the row
    with pytest.raises(ChannelBusy):
        await store.create_game("chan", "guild", "egizia", "u2", "Ben", {}, "en", 1.0)
    other = await store.create_game("thread", "guild", "egizia", "u2", "Ben", {}, "en", 1.0)
    assert (await store.open_game("chan")).id == row.id  # type: ignore[union-attr]
    assert (await store.game(other.id)).channel_id == "thread"  # type: ignore[union-attr]
    assert await store.open_game("nowhere") is None and await store.game(10**9) is None


async def test_seats_are_replaced_in_order_with_bot_levels_and_a_new_host(store: Repository) -> None:
    row = await store.create_game("chan", None, "alhambra", "u1", "Ann", {}, "en", 1.0)
    await store.set_seats(row.id, [("u2", "Ben"), ("bot:1", "Yusuf", "easy")], 2.0, host_id="u2")
    got = await store.open_game("chan")
    assert got is not None and got.host_id == "u2"
    assert [(s.user_id, s.bot_level, s.is_bot) for s in got.seats] == [("u2", None, False), ("bot:1", "easy", True)]
    await store.delete_lobby(row.id)
    assert await store.open_game("chan") is None


async def test_seats_are_written_only_over_the_seats_they_were_computed_from(store: Repository) -> None:
    """Issue 19: two joins at once (two processes) never lose one: the second is refused, nothing changes."""
    row = await store.create_game("chan", None, "alhambra", "u1", "Ann", {}, "en", 1.0)
    await store.set_seats(row.id, [("u1", "Ann"), ("u2", "Ben")], 2.0, expected=["u1"])
    with pytest.raises(VersionConflict):  # computed from the lobby before Ben sat down
        await store.set_seats(row.id, [("u1", "Ann"), ("u3", "Cy")], 2.0, expected=["u1"])
    got = await store.open_game("chan")
    assert got is not None and [s.user_id for s in got.seats] == ["u1", "u2"]
    await store.start_game(row.id, 7, {}, [], 3.0)
    with pytest.raises(VersionConflict):  # a started game's seats are no lobby's
        await store.set_seats(row.id, [("u1", "Ann")], 4.0, expected=["u1", "u2"])
    got = await store.game(row.id)
    assert got is not None and [s.user_id for s in got.seats] == ["u1", "u2"]


async def test_start_and_moves_are_guarded_by_the_version(store: Repository) -> None:
    gid = await started(store)
    row = await store.game(gid)
    assert row is not None and (row.status, row.seed, row.state, row.version, row.rules_version) == (ACTIVE, 7, {"n": 0},
                                                                                                     0, 3)
    assert await store.append_move(gid, 0, 1, "u1", "take", {"n": 1}, [EVENT], False, 3.0, reveals=False) == 1
    with pytest.raises(VersionConflict):
        await store.append_move(gid, 0, 0, "u0", "take", {"n": 9}, [], False, 3.0)
    assert await store.append_move(gid, 1, 0, None, "pass", {"n": 2}, [], True, 4.0, kind="timeout") == 2
    row = await store.game(gid)
    assert row is not None and (row.status, row.state, row.version) == (OVER, {"n": 2}, 2)
    moves = await store.moves(gid)
    assert [(m.seq, m.seat, m.user_id, m.action, m.kind, m.reveals) for m in moves] == [
        (0, None, None, "setup", "player", True), (1, 1, "u1", "take", "player", False),
        (2, 0, None, "pass", "timeout", True)]
    assert moves[1].events == [EVENT]
    assert [m.seq for m in await store.moves(gid, since=0, limit=1, newest=True)] == [2]
    assert await store.latest_game("chan") is not None and await store.open_game("chan") is None


async def test_an_undo_marks_what_it_took_back_and_keeps_the_log(store: Repository) -> None:
    gid = await started(store)
    for v in range(3):
        await store.append_move(gid, v, v % 2, f"u{v % 2}", f"m{v}", {"n": v + 1}, [], False, 3.0 + v)
    req = await store.create_undo_request(gid, "u1", 2, 3, 10.0, 20.0)
    with pytest.raises(ChannelBusy):
        await store.create_undo_request(gid, "u0", 2, 3, 10.0, 20.0)
    await store.answer_undo(req.id, "u0", True, 11.0)
    pending = await store.undo_request(gid)
    assert pending is not None and pending.answers == {"u0": True} and (pending.first_seq, pending.version) == (2, 3)
    assert await store.append_undo(gid, 3, 1, "u1", 2, {"n": 1}, [EVENT], 12.0, request_id=req.id) == 4
    moves = await store.moves(gid)
    assert [(m.seq, m.undone_by) for m in moves] == [(0, None), (1, None), (2, 4), (3, 4), (4, None)]
    assert moves[-1].undo_range == (2, 3)
    assert await store.undo_request(gid) is None
    latest = await store.undo_request(gid, pending_only=False)
    assert latest is not None and latest.status == "done"
    with pytest.raises(VersionConflict):
        await store.append_undo(gid, 3, 1, "u1", 2, {"n": 1}, [], 13.0)


async def test_a_move_supersedes_a_pending_undo_request_and_closing_one_is_final(store: Repository) -> None:
    gid = await started(store)
    req = await store.create_undo_request(gid, "u1", 1, 0, 1.0, 2.0)
    await store.append_move(gid, 0, 0, "u0", "m", {}, [], False, 3.0)
    assert await store.undo_request(gid) is None
    req = await store.create_undo_request(gid, "u1", 1, 1, 4.0, 5.0)
    await store.close_undo_request(req.id, "declined")
    await store.close_undo_request(req.id, "lapsed")  # closed already: stays declined
    latest = await store.undo_request(gid, pending_only=False)
    assert latest is not None and latest.status == "declined"


async def test_finished_games_who_moved_and_active_games(store: Repository) -> None:
    a = await started(store, "c1")
    b = await started(store, "c2")
    await store.append_move(a, 0, 1, "u1", "m", {}, [], True, 5.0)
    await store.set_status(b, "abandoned", 6.0)
    c = await started(store, "c3")
    assert [r.id for r in await store.finished_games("guild")] == [a, b]
    assert [r.id for r in await store.finished_games("guild", "alhambra")] == [a, b]
    assert await store.finished_games("other") == []
    assert await store.move_users([a, b]) == {a: {1: {"u1"}}}
    assert [r.id for r in await store.active_games_of("u1")] == [c]
    assert [r.id for r in await store.active_games("guild")] == [c] and await store.active_games("x") == []


async def test_following(store: Repository) -> None:
    gid = await started(store)
    await store.follow(gid, "u9", False, 1.0)
    await store.follow(gid, "u8", True, 2.0)
    await store.follow(gid, "u9", True, 3.0)  # again: the DM choice changes
    assert [(f.user_id, f.dm) for f in await store.followers(gid)] == [("u9", True), ("u8", True)]
    assert await store.unfollow(gid, "u8") and not await store.unfollow(gid, "u8")


# ---------------------------------------------------------------------------------------------- clocks


async def test_clock_changes_go_with_the_move(store: Repository) -> None:
    row = await store.create_game("chan", None, "alhambra", "u0", "Ann", {}, "en", 1.0, seats=[("u0", "A"), ("u1", "B")])
    first = ClockWrite([], [SeatClock(0, 100.0, 2.0, 0)], [(0, "deadline", 102.0, 0, {"n": 1})])
    await store.start_game(row.id, 1, {}, [], 2.0, clocks=first)
    assert (await store.seat_clocks(row.id))[0].started == 2.0
    assert [(j.seat, j.kind, j.due, json.loads(j.payload)) for j in await store.game_jobs(row.id)] == [
        (0, "deadline", 102.0, {"n": 1})]
    move = ClockWrite([0], [SeatClock(0, 90.0), SeatClock(1, 100.0, 3.0, 1, votes=["u0"])], [(1, "remind", 50.0, 1, {})])
    await store.append_move(row.id, 0, 0, "u0", "m", {}, [], False, 3.0, clocks=move)
    clocks = await store.seat_clocks(row.id)
    assert (clocks[0].bank, clocks[0].started, clocks[1].turn_version, clocks[1].votes) == (90.0, None, 1, ["u0"])
    assert [(j.seat, j.kind) for j in await store.game_jobs(row.id)] == [(1, "remind")]
    with pytest.raises(VersionConflict):  # a stale move writes none of its clock changes either
        await store.append_move(row.id, 0, 1, "u1", "m", {}, [], False, 4.0, clocks=ClockWrite([1], [], []))
    assert len(await store.game_jobs(row.id)) == 1


async def test_a_move_keeps_the_clocks_before_it_and_takes_its_fired_job_along(store: Repository) -> None:
    gid = await started(store)
    job = await store.jobs.add(gid, 0, "deadline", 5.0, 0)
    other = await store.jobs.add(gid, 1, "remind", 6.0, 0)
    assert [j.id for j in await store.jobs.claim_due(5.0, "p1", 60.0, 10)] == [job]
    before = [SeatClock(1, 80.0, 2.0, 0, 1, 2, True, False, ["u0"]), SeatClock(0, 100.0)]
    write = ClockWrite(clocks=[SeatClock(0, 90.0)], before=before, done_job=job)
    await store.append_move(gid, 0, 0, None, "pass", {}, [], False, 5.0, kind="timeout", clocks=write)
    assert [j.id for j in await store.game_jobs(gid)] == [other], "the job that made the move went with it"
    assert await store.clocks_before(gid, 1) == {0: SeatClock(0, 100.0), 1: before[0]}
    assert await store.clocks_before(gid, 0) is None  # none were given with the start


async def test_pause_replace_and_replans(store: Repository) -> None:
    gid = await started(store)
    c = SeatClock(1, 50.0, 2.0, 0, overdue=True, timeouts=3)
    await store.write_clocks(gid, ClockWrite(clocks=[c]))
    await store.set_paused(gid, 5.0, 5.0, ClockWrite([1], [], []))
    row = await store.game(gid)
    assert row is not None and row.paused_since == 5.0
    await store.set_paused(gid, None, 6.0, ClockWrite([], [SeatClock(1, 40.0, 6.0, 0)], [(1, "deadline", 46.0, 0, {})]))
    row = await store.game(gid)
    assert row is not None and row.paused_since is None
    assert (await store.seat_clocks(gid))[1].bank == 40.0
    await store.replace_seat(gid, 1, "u7", "Zed", ClockWrite([1], [SeatClock(1, 100.0, 7.0, 0)], []))
    row = await store.game(gid)
    assert row is not None and row.seats[1].user_id == "u7" and row.seats[1].name == "Zed"
    assert await store.game_jobs(gid) == []
    await store.write_clocks(gid, ClockWrite([], [], [(0, "ping", 8.0, 0, {})]))
    assert [j.kind for j in await store.game_jobs(gid)] == ["ping"]


async def test_user_settings(store: Repository) -> None:
    assert await store.settings("u1") == UserSettings("u1")
    s = UserSettings("u1", "both", "22:00-07:00", "Europe/Prague", 1.0, 2.0, 2026, 3.0)
    await store.save_settings(s)
    assert await store.settings("u1") == s
    assert await store.settings_of(["u1", "u2"]) == {"u1": s, "u2": UserSettings("u2")}


async def test_timed_jobs_are_leased_finished_and_released(store: Repository) -> None:
    jobs = store.jobs
    a = await jobs.add(1, 0, "remind", 10.0, 0, '{"n": 0}')
    b = await jobs.add(1, 1, "deadline", 5.0, 0)
    assert await jobs.next_due() == 5.0
    assert [j.id for j in await jobs.claim_due(7.0, "p1", 60.0, 10)] == [b]
    assert await jobs.claim_due(8.0, "p2", 60.0, 10) == []  # leased to p1
    await jobs.release(b, "p1", 20.0)
    claimed = await jobs.claim_due(30.0, "p2", 60.0, 10)
    assert [j.id for j in claimed] == [a, b] and claimed[0].payload == '{"n": 0}'
    await jobs.finish(a, "p1")  # not p1's: stays
    await jobs.finish(a, "p2")
    assert await jobs.cancel(1, kinds=("deadline",)) == 1
    assert await jobs.next_due() is None


# ---------------------------------------------------------------------------------------------- the outbox


async def test_the_outbox_collapses_retries_and_fails(store: Repository) -> None:
    store.outbox = True
    gid = await started(store)  # the start's board: pending
    await store.append_move(gid, 0, 0, "u0", "m", {}, [], False, 3.0)
    pending = await store.pending_posts(gid)
    assert [(p.version, p.user_id, p.status) for p in pending] == [(0, None, POST_PENDING), (1, "u0", POST_PENDING)]
    assert await store.due_games(1.0) == [] and await store.due_games(3.0) == [gid]
    assert await store.next_post_at() == 2.0
    await store.posts_retry(gid, pending[-1].id, 1, 9.0, "unavailable", 4.0)
    assert await store.due_games(5.0) == [] and await store.next_post_at() == 9.0
    await store.posts_delivered(gid, pending[-1].id, 1, "m1", 9.0)
    assert await store.pending_posts(gid) == []
    last = await store.last_board(gid)
    assert last is not None and (last.message_id, last.version, last.status, last.attempts) == ("m1", 1, POST_DELIVERED, 1)
    await store.append_move(gid, 1, 1, "u1", "m", {}, [], False, 10.0)
    post = (await store.pending_posts(gid))[0]
    await store.posts_failed(gid, post.id, "forbidden", 11.0)
    newest = await store.last_post(gid)
    assert newest is not None and (newest.status, newest.last_error) == (POST_FAILED, "forbidden")
    await store.record_board(gid, 2, "chan", "m2", 12.0)  # /game board
    board = await store.last_board(gid)
    assert board is not None and board.message_id == "m2"


async def test_a_board_covers_the_older_pending_posts(store: Repository) -> None:
    store.outbox = True
    gid = await started(store)
    await store.append_move(gid, 0, 0, "u0", "m", {}, [], False, 3.0)
    _, second = await store.pending_posts(gid)
    await store.posts_delivered(gid, second.id, 1, "m1", 4.0)  # the newest board covers the start's post too
    newest = await store.last_post(gid)
    assert newest is not None and (newest.id, newest.status) == (second.id, POST_DELIVERED)
    assert await store.pending_posts(gid) == []
    await store.append_move(gid, 1, 1, "u1", "m", {}, [], False, 5.0)
    await store.record_board(gid, 2, "chan", "m2", 6.0)  # shows version 2: the pending post is superseded
    assert await store.pending_posts(gid) == [] and await store.due_games(10.0) == []


async def test_without_the_outbox_no_post_is_written(store: Repository) -> None:
    gid = await started(store)
    await store.append_move(gid, 0, 0, "u0", "m", {}, [], False, 3.0)
    assert await store.pending_posts(gid) == [] and await store.last_post(gid) is None


async def test_a_closed_store_refuses_clearly(store: Repository) -> None:
    await store.close()
    with pytest.raises(StorageError) as info:
        await store.open_game("chan")
    assert info.value.reason == "closed"
