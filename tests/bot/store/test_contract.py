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
from bot.table.errors import ChannelBusy, RatingsMoved, StorageError, VersionConflict
from bot.table.model import (
    ACTIVE,
    LEFT_ABANDONED,
    LOBBY,
    OVER,
    PLAYED,
    POST_DELIVERED,
    POST_FAILED,
    POST_PENDING,
    REPLACED,
    ClockWrite,
    GameResults,
    GameRow,
    RatingUpdate,
    ResultLine,
    RowGuard,
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


async def test_a_move_is_stored_only_over_the_seats_and_the_pause_it_was_computed_with(store: Repository) -> None:
    """A row kept in memory may predate another process's replacement or pause (no version changes): the move's
    guard refuses it, and nothing of the move is stored (issue 19)."""
    gid = await started(store, seats=3)
    row = await store.game(gid)
    assert row is not None
    guard = RowGuard.of(row)
    assert guard == RowGuard(("u0", "u1", "u2"), None)
    await store.replace_seat(gid, 1, "u7", "Zed", ClockWrite())
    with pytest.raises(VersionConflict):
        await store.append_move(gid, 0, 1, "u1", "take", {"n": 1}, [EVENT], False, 3.0, guard=guard)
    with pytest.raises(VersionConflict):  # a seat the guard lacks
        await store.append_move(gid, 0, 1, "u7", "take", {"n": 1}, [EVENT], False, 3.0,
                                guard=RowGuard(("u0", "u7"), None))
    row = await store.game(gid)
    assert row is not None
    assert await store.append_move(gid, 0, 1, "u7", "take", {"n": 1}, [EVENT], False, 3.0,
                                   guard=RowGuard.of(row)) == 1
    await store.set_paused(gid, 4.5, 4.5, ClockWrite())
    with pytest.raises(VersionConflict):
        await store.append_move(gid, 1, 2, "u2", "take", {"n": 2}, [], False, 5.0, guard=RowGuard(("u0", "u7", "u2"), None))
    row = await store.game(gid)
    assert row is not None and row.paused_since == 4.5 and row.version == 1 and row.state == {"n": 1}
    assert [m.seq for m in await store.moves(gid)] == [0, 1]
    assert await store.append_move(gid, 1, 2, "u2", "take", {"n": 2}, [], False, 5.0, guard=RowGuard.of(row)) == 2
    await store.set_paused(gid, None, 6.0, ClockWrite())
    with pytest.raises(VersionConflict):  # resumed since
        await store.append_move(gid, 2, 0, "u0", "take", {"n": 3}, [], False, 7.0, guard=RowGuard.of(row))


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


async def test_a_channels_latest_game_is_its_open_one_else_its_newest(store: Repository) -> None:
    a = await started(store, "chan")
    await store.set_status(a, "abandoned", 3.0)
    b = await started(store, "chan")
    await store.append_move(b, 0, 0, "u0", "m", {}, [], True, 4.0)
    assert (await store.latest_game("chan")).id == b  # type: ignore[union-attr]
    c = await store.create_game("chan", "guild", "alhambra", "u0", "Ann", {}, "en", 5.0)
    assert (await store.latest_game("chan")).id == c.id  # type: ignore[union-attr]
    assert await store.latest_game("elsewhere") is None


def _results(gid: int, guild: str | None, lines: list[ResultLine], ratings: tuple[RatingUpdate, ...] = (),
             title: str = "alhambra", at: float = 9.0) -> GameResults:
    return GameResults(gid, guild, title, at, tuple(lines), ratings)


async def test_an_ends_results_are_kept_with_it_and_read_as_stats(store: Repository) -> None:
    """set_status / the final append_move store the results lines, the counters and the new ratings."""
    a = await started(store, "c1")
    await store.append_move(a, 0, 1, "u1", "m", {}, [], True, 5.0, results=_results(a, "guild", [
        ResultLine(0, "u9", "u9", REPLACED),
        ResultLine(0, "u0", "Ann", PLAYED, 30, 2, False), ResultLine(1, "u1", "Ben", PLAYED, 50, 1, True)],
        (RatingUpdate("u0", 24.0, 8.0, 0), RatingUpdate("u1", 27.5, 8.0, 0))))
    b = await started(store, "c2")
    await store.set_status(b, "abandoned", 6.0, results=_results(b, "guild", [
        ResultLine(0, "u0", "Annie", LEFT_ABANDONED), ResultLine(1, "u1", "Ben", LEFT_ABANDONED)]))
    ann = await store.user_stats("guild", "u0")
    assert [(p.title, p.name, p.played, p.wins, p.abandoned, p.replaced, p.score_total, p.place_total, p.rated, p.mu,
             p.sigma) for p in ann] == [("alhambra", "Annie", 1, 0, 1, 0, 30, 2, 1, 24.0, 8.0)]
    zed = await store.user_stats("guild", "u9")
    assert [(p.replaced, p.played, p.rated, p.mu, p.sigma) for p in zed] == [(1, 0, 0, 25.0, 25.0 / 3)]
    assert await store.user_stats("other", "u0") == [] and await store.user_stats(None, "u0") == []
    assert [p.user_id for p in await store.leaderboard("guild", "alhambra")] == ["u1", "u0"]  # u9 is not rated
    assert await store.leaderboard("guild", "luxor") == []
    got = await store.player_stats("guild", "alhambra", ["u1", "u5"])
    assert list(got) == ["u1"] and (got["u1"].wins, got["u1"].rated, got["u1"].mu) == (1, 1, 27.5)
    # a rating computed from a count that has moved on: nothing of that end is stored
    c = await started(store, "c3")
    with pytest.raises(RatingsMoved):
        await store.append_move(c, 0, 1, "u1", "m", {}, [], True, 7.0, results=_results(c, "guild", [
            ResultLine(0, "u0", "Ann", PLAYED, 1, 1, True), ResultLine(1, "u1", "Ben", PLAYED, 0, 2)],
            (RatingUpdate("u0", 30.0, 7.0, 1), RatingUpdate("u1", 20.0, 7.0, 0))))
    assert (await store.game(c)).status == ACTIVE  # type: ignore[union-attr]
    assert (await store.player_stats("guild", "alhambra", ["u1"]))["u1"].played == 1
    # games outside a server keep their own stats
    d = await started(store, "c4")
    await store.set_status(d, "abandoned", 8.0, results=_results(d, None, [ResultLine(0, "u0", "Ann", LEFT_ABANDONED)]))
    assert [p.abandoned for p in await store.user_stats(None, "u0")] == [1]


async def test_the_leaderboard_orders_by_rating_then_wins_then_name_and_keeps_ties_at_the_cut(store: Repository) -> None:
    gid = await started(store, "c1", seats=2)
    people = [("u1", "bob", 30.0, 1.0, 0), ("u2", "Al", 30.0, 1.0, 0), ("u3", "cy", 30.0, 1.0, 1),
              ("u4", "dee", 40.0, 1.0, 0), ("u5", "eve", 10.0, 1.0, 1)]
    lines = [ResultLine(i, uid, name, PLAYED, 0, 1, w > 0) for i, (uid, name, _, _, w) in enumerate(people)]
    await store.set_status(gid, "abandoned", 3.0, results=_results(gid, "guild", lines, tuple(
        RatingUpdate(uid, mu, sigma, 0) for uid, _, mu, sigma, _ in people)))
    board = await store.leaderboard("guild", "alhambra")
    assert [p.user_id for p in board] == ["u4", "u3", "u2", "u1", "u5"]  # ties: more wins, then the name folded
    assert [p.user_id for p in await store.leaderboard("guild", "alhambra", limit=2)] == ["u4", "u3"]
    assert [p.user_id for p in await store.leaderboard("guild", "alhambra", limit=3)] == ["u4", "u3", "u2"]
    assert board[0].rating == 37.0


async def test_rebuilding_the_stats_recounts_the_ended_games(store: Repository) -> None:
    a = await started(store, "c1", seats=3)
    await store.append_move(a, 0, 1, "u1", "m", {}, [], False, 3.0)
    await store.append_move(a, 1, 1, "u5", "m", {}, [], False, 3.5)  # someone else moved for seat 1
    await store.set_status(a, "abandoned", 4.0)  # stored without results: a rebuild counts it
    await started(store, "c2")  # still running: not counted
    assert await store.user_stats("guild", "u0") == []
    assert await store.rebuild_stats() == 1
    assert [(p.abandoned, p.played) for p in await store.user_stats("guild", "u0")] == [(1, 0)]
    assert [(p.replaced, p.name) for p in await store.user_stats("guild", "u5")] == [(1, "u5")]
    assert await store.rebuild_stats() == 1  # again: the same, not twice
    assert [p.abandoned for p in await store.user_stats("guild", "u2")] == [1]


async def test_overdue_games_are_found_by_their_seat_clocks(store: Repository) -> None:
    """A seat marked overdue, or a clock whose budget has passed in wall time, under a clock; not a game
    without a clock, a finished game, or a seat with time left."""
    def timed(channel: str, clock: dict[str, object] | None, guild: str = "guild") -> Awaitable[GameRow]:
        return store.create_game(channel, guild, "alhambra", "u0", "Ann", {}, "en", 1.0, clock=clock,
                                 seats=[("u0", "A"), ("u1", "B")])

    move = {"kind": "move", "limit": 100}
    ids = {}
    for name, clock, c, guild in [
        ("late", move, SeatClock(1, 100.0, 10.0, 0), "guild"),              # 10 + 100 <= 200
        ("marked", move, SeatClock(0, 500.0, 150.0, 0, overdue=True), "guild"),
        ("time-left", move, SeatClock(1, 100.0, 150.0, 0), "guild"),         # 250 > 200
        ("no-clock", None, SeatClock(1, 0.0, 10.0, 0), "guild"),
        ("idle", move, SeatClock(1, 5.0), "guild"),                          # nothing pending
        ("elsewhere", {"kind": "bank", "limit": 50}, SeatClock(0, 50.0, 10.0, 0), "other"),
        ("ended", move, SeatClock(1, 100.0, 10.0, 0), "guild"),
    ]:
        row = await timed(name, clock, guild)
        await store.start_game(row.id, 1, {}, [], 2.0, clocks=ClockWrite([], [c], []))
        ids[name] = row.id
    await store.append_move(ids["ended"], 0, 0, "u0", "m", {}, [], True, 3.0)
    assert [r.id for r in await store.overdue_games(200.0, "guild")] == [ids["late"], ids["marked"]]
    assert [r.id for r in await store.overdue_games(200.0)] == [ids["late"], ids["marked"], ids["elsewhere"]]
    assert [r.id for r in await store.overdue_games(50.0)] == [ids["marked"]]
    got = (await store.overdue_games(200.0, "other"))[0]
    assert got.seats and got.clock == {"kind": "bank", "limit": 50}
    clocks = await store.seat_clocks_of([ids["late"], ids["marked"], 10**9])
    assert set(clocks) == {ids["late"], ids["marked"]}
    assert clocks[ids["late"]] == await store.seat_clocks(ids["late"]) and clocks[ids["marked"]][0].overdue


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


async def test_held_jobs_are_renewed_only_by_their_owner(store: Repository) -> None:
    jobs = store.jobs
    a = await jobs.add(1, 0, "remind", 5.0, 0)
    b = await jobs.add(1, 1, "deadline", 5.0, 0)
    assert await jobs.renew([], "p1", 60.0) == []
    assert [j.id for j in await jobs.claim_due(7.0, "p1", 60.0, 10)] == [a, b]
    assert await jobs.renew([a, b], "p1", 60.0) == [a, b]
    assert await jobs.renew([a, b], "p2", 60.0) == []  # not p2's
    await jobs.finish(a, "p1")
    assert await jobs.renew([a, b], "p1", 60.0) == [b]  # a is done
    assert await jobs.claim(1, "deadline", "p2", 60.0) is None  # leased to p1
    await jobs.release(b, "p1", 9.0)
    assert await jobs.claim(1, "deadline", "p2", 60.0) == b
    assert await jobs.renew([b], "p1", 60.0) == []


async def test_a_fired_jobs_effect_is_stored_only_with_its_deletion(store: Repository) -> None:
    """Of two processes holding one job (one's lease ran out), only the first to store the effect does."""
    gid = await started(store)
    job = await store.jobs.add(gid, 0, "remind", 1.0, 0)
    await store.write_clocks(gid, ClockWrite(clocks=[SeatClock(0, 10.0, 2.0, 0, 1)], done_job=job))
    assert await store.game_jobs(gid) == []
    with pytest.raises(VersionConflict):  # the job is gone: the second effect stores nothing
        await store.write_clocks(gid, ClockWrite(clocks=[SeatClock(0, 99.0, 2.0, 0, 2)], done_job=job))
    assert (await store.seat_clocks(gid))[0].bank == 10.0


# ---------------------------------------------------------------------------------------------- the outbox


async def test_a_games_posts_are_leased_to_one_owner_at_a_time(store: Repository) -> None:
    store.outbox = True
    gid = await started(store)
    assert await store.claim_posts(gid, "p1", 60.0)
    assert await store.claim_posts(gid, "p1", 60.0)  # its own: renewed
    assert not await store.claim_posts(gid, "p2", 60.0)
    await store.release_posts(gid, "p2")  # not p2's: nothing
    assert not await store.claim_posts(gid, "p2", 60.0)
    await store.release_posts(gid, "p1")
    assert await store.claim_posts(gid, "p2", 60.0)
    assert not await store.claim_posts(gid, "p1", 60.0)
    other = await started(store, channel="chan2")
    assert await store.claim_posts(other, "p1", 60.0)  # another game: free


async def test_taking_a_games_posts_reads_what_delivering_needs_and_a_delivery_gives_them_back(
        store: Repository) -> None:
    store.outbox = True
    gid = await started(store)  # the start's board: pending
    taken = await store.take_posts(gid, "p1", 60.0)
    assert taken is not None and taken.last_board is None and taken.pace == 0.0
    assert [(p.version, p.status) for p in taken.pending] == [(0, POST_PENDING)]
    assert await store.take_posts(gid, "p2", 60.0) is None  # p1 holds them
    await store.pace_channel("chan", 50.0)
    await store.posts_delivered(gid, taken.pending[-1].id, 0, "m0", 4.0, release="p1")
    await store.append_move(gid, 0, 0, "u0", "m", {}, [], False, 5.0)
    await store.append_move(gid, 1, 1, "u1", "m", {}, [], False, 6.0)
    again = await store.take_posts(gid, "p2", 60.0)  # p1 gave them back with its delivery
    assert again is not None and again.pace == 50.0
    assert [(p.version, p.user_id) for p in again.pending] == [(1, "u0"), (2, "u1")]
    assert again.last_board is not None and (again.last_board.version, again.last_board.message_id) == (0, "m0")
    assert again.pending == await store.pending_posts(gid) and again.last_board == await store.last_board(gid)
    await store.posts_delivered(gid, again.pending[-1].id, 2, "m2", 7.0, release="p1")  # not p1's lease: it stays
    assert await store.take_posts(gid, "p1", 60.0) is None
    # nothing pending: no channel to read a pace for
    assert await store.take_posts(gid, "p2", 60.0) == type(again)([], 0.0, await store.last_board(gid))


async def test_a_channels_pace_only_grows(store: Repository) -> None:
    assert await store.channel_pace("chan") == 0.0
    await store.pace_channel("chan", 20.0)
    await store.pace_channel("chan", 10.0)
    assert await store.channel_pace("chan") == 20.0 and await store.channel_pace("other") == 0.0
    await store.pace_channel("chan", 30.5)
    assert await store.channel_pace("chan") == 30.5


async def test_counts_for_the_metrics(store: Repository) -> None:
    assert await store.counts() == {"active_games": 0, "pending_posts": 0, "jobs": 0}
    store.outbox = True
    gid = await started(store)
    await store.jobs.add(gid, 0, "remind", 5.0, 0)
    assert await store.counts() == {"active_games": 1, "pending_posts": 1, "jobs": 1}


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

async def _post_statuses(store: Repository, game_id: int) -> list[tuple[int, str]]:
    """Every post row of a game, (version, status) in id order, read in the store's own dialect."""
    if isinstance(store, Store):
        async with store.db.execute("SELECT version, status FROM posts WHERE game_id=? ORDER BY id", (game_id,)) as cur:
            return [(int(r[0]), str(r[1])) async for r in cur]
    async with store._reading() as conn:  # type: ignore[attr-defined]
        return [(int(r[0]), str(r[1])) for r in await conn.fetch(
            "SELECT version, status FROM posts WHERE game_id=$1 ORDER BY id", game_id)]


async def test_delivered_posts_are_pruned_once_a_newer_board_is_delivered(store: Repository) -> None:
    """Issue 18: the outbox stays bounded. Kept: the newest delivered board (linked to, retired next), anything
    newer, and failed posts; the older delivered and superseded ones go."""
    store.outbox = True  # type: ignore[attr-defined]
    row = await store.create_game("c", None, "alhambra", "u1", "Ann", {}, "en", 1.0)
    await store.start_game(row.id, 1, {"n": 0}, [], 1.0)
    for v in range(3):
        await store.append_move(row.id, v, 0, "u1", "a", {"n": v + 1}, [], False, 2.0 + v)
    posts = await store.pending_posts(row.id)
    await store.posts_failed(row.id, posts[0].id, "forbidden", 5.0)
    await store.posts_delivered(row.id, posts[2].id, 2, "m2", 6.0)  # covers the start's post and move 1's

    async def statuses() -> list[tuple[int, str]]:
        return await _post_statuses(store, row.id)

    assert await statuses() == [(0, "failed"), (2, "delivered"), (3, "pending")]
    await store.posts_delivered(row.id, posts[3].id, 3, "m3", 7.0)
    assert await statuses() == [(0, "failed"), (3, "delivered")]
    board = await store.last_board(row.id)
    assert board is not None and board.message_id == "m3"
    await store.append_move(row.id, 3, 0, "u1", "a", {"n": 4}, [], False, 8.0)
    await store.record_board(row.id, 4, "c", "m4", 9.0)  # /game board: the pending post is superseded, then pruned
    assert await statuses() == [(0, "failed"), (4, "delivered")]
    last = await store.last_post(row.id)
    assert last is not None and last.message_id == "m4"
