"""Issue 18: a database written by the code before the compact move log (main 0b2cc9a, schema 7: the shipped
fixture, made by fixtures/make_fixture.py) upgrades in place. Every game reads back and replays to the identical
state, log and record; the stats stay; the active games play on; a migration stopped by a full disk loses
nothing and resumes. Also: an ended game's log is packed and reads back the same; delivered posts are pruned."""
from __future__ import annotations

import dataclasses
import gzip
import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.records.record import build_record
from bot.store import Store, movelog
from bot.store.schema import MIGRATIONS
from bot.table.errors import StorageError
from bot.table.model import ACTIVE, OVER, User, replay_moves
from bot.table.service import GameService
from engines import get_game
from tests.bot.store.fixtures.make_fixture import GUILD, clocks_json, sha

FIXTURES = Path(__file__).parent / "fixtures"
EXPECTED = json.loads((FIXTURES / "referee-v7.json").read_text())


def fixture_copy(tmp_path: Path) -> Path:
    path = tmp_path / "old.sqlite3"
    with gzip.open(FIXTURES / "referee-v7.sqlite3.gz") as src, path.open("wb") as dst:
        shutil.copyfileobj(src, dst)
    return path


def raw(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute(sql).fetchall()


async def check_every_game(store: Store) -> None:
    """Every game of the fixture reads back exactly as the old code read it, and replays to its state."""
    for want in EXPECTED["games"]:
        row = await store.game(want["id"])
        assert row is not None
        moves = await store.moves(row.id)
        result = get_game(row.title).result(row.state) if row.state is not None else None
        got = {"status": row.status, "version": row.version, "moves": len(moves), "state": sha(row.state),
               "record": sha(build_record(row, moves, result, with_seed=True)),
               "events": sha([m.events for m in moves]),
               "clocks": sha([clocks_json(await store.clocks_before(row.id, m.seq)) for m in moves])}
        assert got == {k: want[k] for k in got}, want["channel"]
        if row.seed is not None:
            assert replay_moves(get_game(row.title), row, moves) == row.state, want["channel"]
        # the newest entries, and those after a point, as the history and the board read them
        assert await store.moves(row.id, limit=3, newest=True) == moves[-3:]
        assert await store.moves(row.id, since=4) == [m for m in moves if m.seq > 4]


async def stats(store: Store) -> dict[str, object]:
    got = await GameService(store).stats(GUILD)
    return {title: {u: dataclasses.asdict(s) for u, s in sorted(by.items())} for title, by in sorted(got.items())}


async def test_the_old_database_upgrades_replays_identically_and_plays_on(tmp_path):
    path = fixture_copy(tmp_path)
    assert raw(path, "PRAGMA user_version") == [(EXPECTED["schema_version"],)] == [(7,)]
    store = await Store.open(str(path))
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        ended = [g["id"] for g in EXPECTED["games"] if g["status"] in movelog.ENDED]
        # every ended game's log is packed; only running games keep rows
        assert sorted(r[0] for r in raw(path, "SELECT game_id FROM move_logs")) == ended
        running = {g["id"] for g in EXPECTED["games"] if g["status"] == ACTIVE}
        assert {r[0] for r in raw(path, "SELECT DISTINCT game_id FROM moves")} == running
        # delivered posts nothing reads are gone; each game keeps its newest board and its pending ones
        posts = raw(path, "SELECT game_id, status FROM posts ORDER BY id")
        assert len(posts) < EXPECTED["counts"]["posts"] // 5
        assert all(status in ("delivered", "pending") for _, status in posts)
        assert raw(path, "SELECT COUNT(*) FROM posts WHERE status='pending'") == [(39,)]
        await check_every_game(store)
        assert await stats(store) == EXPECTED["stats"]
        # the jobs, clocks and the waiting undo requests came through
        assert raw(path, "SELECT COUNT(*) FROM jobs") == [(EXPECTED["counts"]["jobs"],)]
        assert raw(path, "SELECT COUNT(*) FROM seat_clocks") == [(EXPECTED["counts"]["seat_clocks"],)]
        # the active games play on, and one played to its end is packed at once
        service = GameService(store, seed_source=lambda: 1)
        rng = random.Random(7)
        for want in EXPECTED["games"]:
            if want["status"] != ACTIVE:
                continue
            row = await store.game(want["id"])
            assert row is not None and row.state is not None
            game = get_game(row.title)
            seat = game.current_seats(row.state)[0]
            user = User(row.seats[seat].user_id, row.seats[seat].name)
            report = await service.act(row.channel_id, user, rng.choice(game.legal_actions(row.state, seat)).action)
            assert report.row.version == want["version"] + 1
        row = await store.latest_game("egizia-active")
        assert row is not None
        while row.status == ACTIVE:
            assert row.state is not None
            game = get_game(row.title)
            seat = game.current_seats(row.state)[0]
            await service.act(row.channel_id, User(row.seats[seat].user_id, row.seats[seat].name),
                              rng.choice(game.legal_actions(row.state, seat)).action)
            row = await store.game(row.id)
            assert row is not None
        assert row.status == OVER
        assert raw(path, f"SELECT COUNT(*) FROM moves WHERE game_id={row.id}") == [(0,)]
        moves = await store.moves(row.id)
        assert len(moves) == row.version + 1 and replay_moves(get_game(row.title), row, moves) == row.state
    finally:
        await store.close()
    # a second open finds nothing to do
    store = await Store.open(str(path))
    await store.close()


class DiskFull:
    """The store's transaction, failing as a full disk does after ``ok`` successful packing batches: in the
    middle of the batch, after its first game's log went in."""

    def __init__(self, store: Store, ok: int) -> None:
        self.store, self.ok = store, ok

    def __call__(self):
        outer = self

        class Tx:
            async def __aenter__(self):
                self.cm = outer.store.transaction()
                db = await self.cm.__aenter__()
                return Proxy(db)

            async def __aexit__(self, *exc):
                return await self.cm.__aexit__(*exc)

        class Proxy:
            def __init__(self, db) -> None:
                self.db, self.deletes, self.fail = db, 0, False

            async def execute(self, sql, params=()):
                if sql.startswith("DELETE FROM moves"):
                    self.deletes += 1
                    if self.deletes == 1:
                        self.fail = outer.ok <= 0
                        outer.ok -= 1
                    if self.fail and self.deletes == 2:
                        full = sqlite3.OperationalError("database or disk is full")
                        full.sqlite_errorcode = 13  # SQLITE_FULL
                        raise full
                return await self.db.execute(sql, params)

        return Tx()


async def test_a_migration_stopped_by_a_full_disk_loses_nothing_and_resumes(tmp_path, monkeypatch):
    path = fixture_copy(tmp_path)
    before = raw(path, "SELECT game_id, seq, action, events, clocks FROM moves ORDER BY game_id, seq")
    monkeypatch.setattr(movelog, "BATCH", 2)
    real = movelog.pack_all

    async def failing(tx, db, what, batch=None, clock=None):
        store = tx.__self__
        return await real(DiskFull(store, ok=2), db, what, batch)

    monkeypatch.setattr(movelog, "pack_all", failing)
    with pytest.raises(StorageError) as err:
        await Store.open(str(path))
    assert err.value.reason == "full"
    # not upgraded yet, two batches kept, the failed one rolled back whole: every entry is somewhere, once
    assert raw(path, "PRAGMA user_version")[0][0] < 9
    packed = {r[0] for r in raw(path, "SELECT game_id FROM move_logs")}
    assert len(packed) == 4
    rows = raw(path, "SELECT game_id, seq, action, events, clocks FROM moves ORDER BY game_id, seq")
    assert [r for r in before if r[0] not in packed] == rows
    for gid, blob, fmt in raw(path, "SELECT game_id, log, format FROM move_logs"):
        entries = movelog.unpack(bytes(blob), int(fmt))
        assert [(gid, e[0], e[3], e[4], e[9]) for e in entries] == [
            (r[0], r[1], r[2], json.loads(r[3]), None if r[4] is None else json.loads(r[4]))
            for r in before if r[0] == gid]
    # space returns: the next start finishes the upgrade
    monkeypatch.setattr(movelog, "pack_all", real)
    store = await Store.open(str(path))
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        assert len(raw(path, "SELECT game_id FROM move_logs")) == len([g for g in EXPECTED["games"]
                                                                       if g["status"] in movelog.ENDED])
        await check_every_game(store)
        assert await stats(store) == EXPECTED["stats"]
    finally:
        await store.close()
