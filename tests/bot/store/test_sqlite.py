"""Storage: migrations, the one-open-game-per-channel rule, atomic moves guarded by the version."""

import pytest

from bot.store import Store
from bot.store.schema import MIGRATIONS
from bot.table.errors import ChannelBusy, VersionConflict
from bot.table.model import ACTIVE, LOBBY, OVER


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(str(tmp_path / "t.sqlite3"))
    yield s
    await s.close()


async def test_migrations_set_schema_version_and_wal(store):
    assert await store.schema_version() == len(MIGRATIONS)
    async with store.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"


async def test_migrate_twice_is_a_no_op(tmp_path):
    path = str(tmp_path / "m.sqlite3")
    s = await Store.open(path)
    await s.create_game("c1", None, "alhambra", "u1", "Ann", {}, "en", 1.0)
    await s.close()
    s = await Store.open(path)
    assert (await s.open_game("c1")).host_id == "u1"
    await s.close()


async def test_one_open_game_per_channel_but_threads_are_separate(store):
    await store.create_game("chan", "g", "alhambra", "u1", "Ann", {}, "en", 1.0)
    with pytest.raises(ChannelBusy):
        await store.create_game("chan", "g", "alhambra", "u2", "Ben", {}, "en", 1.0)
    await store.create_game("thread-1", "g", "alhambra", "u2", "Ben", {}, "en", 1.0)
    assert (await store.open_game("thread-1")).host_id == "u2"


async def test_round_trip_of_state_and_move_log(store):
    row = await store.create_game("c", None, "alhambra", "u1", "Ann", {"open_hands": False}, "cs", 1.0)
    await store.set_seats(row.id, [("u1", "Ann"), ("u2", "Běla")], 2.0)
    state = {"a": [1, 2, {"b": None}], "ž": "ščř"}
    await store.start_game(row.id, 42, state, [{"message": {"key": "k", "params": {}}, "to": None}], 3.0)
    v = await store.append_move(row.id, 0, 1, "u2", "take y2", {"a": 1}, [], False, 4.0)
    assert v == 1
    got = await store.open_game("c")
    assert got.status == ACTIVE and got.version == 1 and got.state == {"a": 1} and got.seed == 42
    assert got.names == ["Ann", "Běla"] and got.locale == "cs" and got.options == {"open_hands": False}
    moves = await store.moves(row.id)
    assert [(m.seq, m.seat, m.action) for m in moves] == [(0, None, "setup"), (1, 1, "take y2")]


async def test_stale_version_is_rejected_and_changes_nothing(store):
    row = await store.create_game("c", None, "alhambra", "u1", "Ann", {}, "en", 1.0)
    await store.start_game(row.id, 1, {"n": 0}, [], 1.0)
    await store.append_move(row.id, 0, 0, "u1", "a", {"n": 1}, [], False, 2.0)
    with pytest.raises(VersionConflict):
        await store.append_move(row.id, 0, 0, "u1", "b", {"n": 99}, [], False, 3.0)
    got = await store.game(row.id)
    assert got.state == {"n": 1} and got.version == 1
    assert [m.action for m in await store.moves(row.id)] == ["setup", "a"]


async def test_failure_inside_the_transaction_rolls_back(store, monkeypatch):
    """A crash between the state update and the log append leaves the previous state intact."""
    row = await store.create_game("c", None, "alhambra", "u1", "Ann", {}, "en", 1.0)
    await store.start_game(row.id, 1, {"n": 0}, [], 1.0)
    real_raw = store._raw

    class Failing:
        """The plain connection the transaction runs on, with the log append failing."""

        def __init__(self, raw):
            self.raw = raw

        def execute(self, sql, *args):
            if sql.startswith("INSERT INTO moves"):
                raise RuntimeError("disk on fire")
            return self.raw.execute(sql, *args)

        def __getattr__(self, name):
            return getattr(self.raw, name)

    monkeypatch.setattr(store, "_raw", lambda db: Failing(real_raw(db)))
    with pytest.raises(RuntimeError):
        await store.append_move(row.id, 0, 0, "u1", "a", {"n": 1}, [], False, 2.0)
    monkeypatch.setattr(store, "_raw", real_raw)
    assert not store.db.in_transaction
    got = await store.game(row.id)
    assert got.state == {"n": 0} and got.version == 0
    assert [m.action for m in await store.moves(row.id)] == ["setup"]


async def test_finishing_move_closes_the_game_and_frees_the_channel(store):
    row = await store.create_game("c", None, "alhambra", "u1", "Ann", {}, "en", 1.0)
    await store.start_game(row.id, 1, {}, [], 1.0)
    await store.append_move(row.id, 0, 0, "u1", "a", {"done": True}, [], True, 2.0)
    assert await store.open_game("c") is None
    latest = await store.latest_game("c")
    assert latest.status == OVER
    await store.create_game("c", None, "alhambra", "u1", "Ann", {}, "en", 3.0)
    assert (await store.latest_game("c")).status == LOBBY


async def test_a_version_1_database_is_migrated_in_place(tmp_path):
    """A database written by schema 1 gains the rules_version column and keeps its games."""
    import aiosqlite

    path = str(tmp_path / "old.sqlite3")
    db = await aiosqlite.connect(path, isolation_level=None)
    for statement in filter(str.strip, MIGRATIONS[0].split(";")):
        await db.execute(statement)
    await db.execute("PRAGMA user_version=1")
    await db.execute(
        "INSERT INTO games(channel_id, title, status, host_id, options, created_at, updated_at)"
        " VALUES ('c', 'alhambra', 'lobby', 'u1', '{}', 1, 1)"
    )
    await db.close()
    store = await Store.open(path)
    assert await store.schema_version() == len(MIGRATIONS) >= 2
    row = await store.open_game("c")
    assert row.host_id == "u1" and row.rules_version == 1
    await store.close()


async def test_the_commands_lookups_use_indexes_and_never_scan_the_games(store):
    """Issue 18: a channel's game (status, board, hand, history), a user's active games (``/game mine``), the
    overdue games and ``/stats`` are index searches, flat in the number of stored games: ``EXPLAIN QUERY PLAN``
    of every statement they run shows no full scan of a table (nor of a whole index)."""
    import re

    for i in range(30):  # some rows, so the plans are not those of empty tables
        row = await store.create_game(f"c{i % 3}", "g", "luxor", "u1", "Ann", {}, "en", 1.0,
                                      seats=[("u1", "Ann"), (f"v{i}", "X")])
        await store.start_game(row.id, 1, {}, [], 2.0)
        if i < 27:
            await store.set_status(row.id, "abandoned", 3.0)
    seen: list[str] = []
    await store.db.set_trace_callback(seen.append)
    await store.latest_game("c1")
    await store.open_game("c1")
    await store.active_games_of("u1", "g")
    await store.active_games_of("u1")
    await store.overdue_games(5.0, "g")
    await store.overdue_games(5.0)
    await store.user_stats("g", "u1")
    await store.leaderboard("g", "luxor")
    await store.player_stats("g", "luxor", ["u1", "u2"])
    await store.seat_clocks_of([1, 2, 3])
    await store.db.set_trace_callback(None)
    selects = [q for q in seen if q.lstrip().upper().startswith("SELECT")]
    assert len(selects) >= 10
    for sql in selects:
        async with store.db.execute("EXPLAIN QUERY PLAN " + sql) as cur:
            plan = [r[3] for r in await cur.fetchall()]
        scans = [p for p in plan if re.match(r"SCAN (?!json_each)", p)]
        assert not scans, (sql, plan)
        assert any(p.startswith("SEARCH") for p in plan), (sql, plan)


async def test_two_processes_joining_one_lobby_at_once_keep_every_join(tmp_path) -> None:
    """Issue 19: two bot processes on one SQLite file (each its own connection and channel locks): joins at once
    all land, the seat list of each written only over the one it read (a stale one is read again)."""
    import asyncio

    from bot.table.model import User
    from bot.table.service import GameService

    path = str(tmp_path / "two.sqlite3")
    one, two = await Store.open(path), await Store.open(path)
    try:
        a, b = GameService(one), GameService(two)
        await a.new("chan", "guild", User("u1", "Ann"), "alhambra")
        users = [User(f"j{i}", f"J{i}") for i in range(4)]
        await asyncio.gather(*[(a if i % 2 else b).join("chan", u) for i, u in enumerate(users)])
        row = await two.open_game("chan")
        assert row is not None and sorted(s.user_id for s in row.seats) == sorted(["u1"] + [u.id for u in users])
    finally:
        await one.close()
        await two.close()


async def test_an_ended_games_log_is_packed_and_reads_back_the_same(tmp_path, monkeypatch):
    """Issue 18: when a game ends its log becomes one compressed row; every read gives what the rows gave."""
    import random

    from bot.store import movelog
    from bot.table.model import User
    from bot.table.service import GameService
    from engines import get_game

    async def play(path, pack):
        store = await Store.open(str(path))
        if not pack:
            async def keep(game_id):
                return None
            monkeypatch.setattr(store, "_pack_ended", keep)
        service = GameService(store, clock=iter(range(10**6)).__next__, seed_source=lambda: 3)
        users = [User("u1", "Ann"), User("u2", "Ben")]
        await service.new("c", "g", users[0], "egizia", {}, "en")
        await service.join("c", users[1])
        await service.start("c", users[0])
        rng = random.Random(4)
        row = await store.open_game("c")
        while row is not None:
            seat = get_game("egizia").current_seats(row.state)[0]
            action = rng.choice(get_game("egizia").legal_actions(row.state, seat)).action
            await service.act("c", users[seat], action)
            row = await store.open_game("c")
        row = await store.latest_game("c")
        assert row.status == OVER
        async with store.db.execute("SELECT COUNT(*) FROM moves") as cur:
            rows = (await cur.fetchone())[0]
        async with store.db.execute("SELECT COUNT(*) FROM move_logs") as cur:
            packed = (await cur.fetchone())[0]
        reads = [await store.moves(row.id), await store.moves(row.id, since=10), await store.moves(row.id, limit=5),
                 await store.moves(row.id, limit=4, newest=True), await store.moves(row.id, since=row.version),
                 [await store.clocks_before(row.id, s) for s in range(row.version + 1)],
                 await store.move_users([row.id])]
        await store.close()
        return rows, packed, reads

    rows, packed, plain = await play(tmp_path / "plain.sqlite3", pack=False)
    assert rows > 50 and packed == 0
    rows, packed, compact = await play(tmp_path / "packed.sqlite3", pack=True)
    assert rows == 0 and packed == 1
    assert compact == plain and plain[4] == [] and len(plain[3]) == 4
    assert any(c is not None for c in plain[5])
    assert movelog.FORMAT == 1
