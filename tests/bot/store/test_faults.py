"""Storage faults: a failure at any statement of a move leaves the previous or the next state on disk (never a
mix), the same service then plays on; a full disk is reported and recovers; an unusable database stops the
command line at once with a clear message."""
import asyncio
import json
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import Store
from bot.table.errors import ServiceError, StorageError
from bot.table.model import User
from bot.table.service import GameService
from engines import available_games, get_game
from render.i18n import t

ROOT = Path(__file__).resolve().parents[3]
INJECTED = []  # (title, statement, mode) of every fault injected, for the count


class _Raise:
    """What ``execute`` returns for a statement that fails before it runs (awaitable and context manager)."""

    def __init__(self, sql):
        self.sql = sql

    def _error(self):
        return sqlite3.OperationalError(f"injected fault before: {self.sql.split()[0]}")

    def __await__(self):
        raise self._error()
        yield  # pragma: no cover - makes this a generator

    async def __aenter__(self):
        raise self._error()

    async def __aexit__(self, *exc):
        return False


class _After:
    """A statement that runs, then reports a failure (the crash comes after the database did its work)."""

    def __init__(self, real, sql):
        self.real, self.sql = real, sql

    async def _run(self):
        cursor = await self.real
        await cursor.close()
        raise sqlite3.OperationalError(f"injected fault after: {self.sql.split()[0]}")

    def __await__(self):
        return self._run().__await__()

    async def __aenter__(self):
        await self._run()

    async def __aexit__(self, *exc):
        return False


class FaultyConnection:
    """Wraps the store's aiosqlite connection; the ``fail_at``-th statement from now fails (before or after).

    Statements are counted wherever they run: through aiosqlite (reads) and on the plain connection that the
    store's one-hop transactions run on (:meth:`bot.store.connection.Connection._hop`)."""

    def __init__(self, inner):
        self.inner = inner
        self.count = 0
        self.fail_at = None
        self.after = False
        self.statements = []
        self.fail_prefix = None  # the next statement starting so fails (before it runs), once

    def arm(self, k, after):
        self.fail_at, self.after = self.count + k, after

    def _fails(self, sql):
        """Whether this statement is to fail, and how: None, "before" or "after"."""
        self.count += 1
        self.statements.append(sql.split()[0])
        if self.fail_prefix is not None and sql.startswith(self.fail_prefix):
            self.fail_prefix = None
            return "before"
        if self.count == self.fail_at:
            self.fail_at = None
            return "after" if self.after else "before"
        return None

    def execute(self, sql, params=()):
        return self._statement(sql, params, self.inner.execute)

    def execute_fetchall(self, sql, params=()):
        """A read in one call (the store's lists and loads): a statement like any other."""
        return self._statement(sql, params, self.inner.execute_fetchall)

    def _statement(self, sql, params, run):
        how = self._fails(sql)
        if how == "after":
            return _After(self.inner.execute(sql, params), sql)
        if how == "before":
            return _Raise(sql)
        return run(sql, params)

    @property
    def _conn(self):
        return _FaultyPlain(self, self.inner._conn)

    def __getattr__(self, name):
        return getattr(self.inner, name)


class _FaultyPlain:
    """The plain ``sqlite3`` connection under a :class:`FaultyConnection`, failing its statements alike."""

    def __init__(self, outer, raw):
        self.outer, self.raw = outer, raw

    def execute(self, sql, params=()):
        how = self.outer._fails(sql)
        if how == "before":
            raise sqlite3.OperationalError(f"injected fault before: {sql.split()[0]}")
        cursor = self.raw.execute(sql, params)
        if how == "after":
            raise sqlite3.OperationalError(f"injected fault after: {sql.split()[0]}")
        return cursor

    def __getattr__(self, name):
        return getattr(self.raw, name)


def on_disk(path, game_id):
    """The game as a fresh connection sees it: (version, state, number of logged moves, last action)."""
    db = sqlite3.connect(path)
    try:
        version, state = db.execute("SELECT version, state FROM games WHERE id=?", (game_id,)).fetchone()
        count, last = db.execute(
            "SELECT COUNT(*), (SELECT action FROM moves WHERE game_id=? ORDER BY seq DESC LIMIT 1)"
            " FROM moves WHERE game_id=?", (game_id, game_id)).fetchone()
    finally:
        db.close()
    return version, json.loads(state), count, last


async def open_game(tmp_path, title):
    path = str(tmp_path / f"{title}.sqlite3")
    store = await Store.open(path)
    service = GameService(store)
    game = get_game(title)
    users = [User(f"u{i}", f"Player {i}") for i in range(game.min_players)]
    await service.new("chan", None, users[0], title, None, "en")
    for u in users[1:]:
        await service.join("chan", u)
    snap = await service.start("chan", users[0], seed=7)
    return path, store, service, users, snap


@pytest.mark.parametrize("title", available_games())
async def test_a_fault_at_every_statement_of_a_move_leaves_previous_or_next_state_and_play_goes_on(tmp_path, title):
    path, store, service, users, snap = await open_game(tmp_path, title)
    game = get_game(title)
    faulty = FaultyConnection(store.db)
    store.db = faulty
    rnd = random.Random(3)
    gid = snap.row.id

    # how many statements one move takes (reads, BEGIN, UPDATE, INSERT, COMMIT), measured on a move whose game row
    # the service kept from the move before (as every faulted move below finds it: each follows a stored move)
    prompt = snap.prompts[0]
    snap = await service.act("chan", users[prompt.seat], rnd.choice(prompt.options).action)
    before = faulty.count
    prompt = snap.prompts[0]
    snap = await service.act("chan", users[prompt.seat], rnd.choice(prompt.options).action)
    steps = faulty.statements[before:]
    assert {"BEGIN", "UPDATE", "INSERT", "COMMIT"} <= set(steps), steps

    outcomes = {"previous": 0, "next": 0}
    rounds = 3
    for k in [k for _ in range(rounds) for k in range(1, len(steps) + 1)]:
        for after in (False, True):
            if not snap.prompts:  # the game ended before every fault was injected: go on in a fresh one
                await service.new("chan", None, users[0], title, None, "en")
                for u in users[1:]:
                    await service.join("chan", u)
                snap = await service.start("chan", users[0], seed=8)
                gid = snap.row.id
                prompt = rnd.choice(snap.prompts)  # a first move, so the service keeps the new game's row
                snap = await service.act("chan", users[prompt.seat], rnd.choice(prompt.options).action)
            prompt = rnd.choice(snap.prompts)
            action = rnd.choice(prompt.options).action
            prev = on_disk(path, gid)
            expected_next = game.apply(prev[1], prompt.seat, action).state
            faulty.arm(k, after)
            with pytest.raises(ServiceError) as e:
                await service.act("chan", users[prompt.seat], action)
            INJECTED.append((title, steps[k - 1], "after" if after else "before"))
            assert e.value.message.key == "err.storage"
            assert not store.db.in_transaction  # rolled back: the connection is clean for the next move
            now = on_disk(path, gid)
            if now == prev:
                outcomes["previous"] += 1
            else:  # only a fault after a successful COMMIT may leave the move stored, and then whole
                assert after and steps[k - 1] == "COMMIT"
                assert now[0] == prev[0] + 1 and now[1] == expected_next and now[2] == prev[2] + 1 and now[3] == action
                outcomes["next"] += 1
            # the same service plays on, from whatever is stored
            snap = await service.current("chan")
            if snap.prompts:
                prompt = rnd.choice(snap.prompts)
                snap = await service.act("chan", users[prompt.seat], rnd.choice(prompt.options).action)
                assert on_disk(path, gid)[0] == snap.row.version
    assert outcomes["next"] == rounds and outcomes["previous"] == rounds * (2 * len(steps) - 1)
    mine = [(s, m) for g, s, m in INJECTED if g == title]
    assert {s for s, _ in mine} == {"SELECT", "BEGIN", "UPDATE", "INSERT", "DELETE", "COMMIT"}  # DELETE: the clock's jobs
    assert {m for _, m in mine} == {"before", "after"}
    assert await service.replay(gid) == on_disk(path, gid)[1]
    await store.close()


async def test_failed_begin_or_commit_does_not_leave_a_transaction_open(tmp_path):
    """A failed BEGIN or COMMIT used to leave the connection inside a transaction ("cannot start a
    transaction within a transaction") until the process restarted."""
    _path, store, service, users, snap = await open_game(tmp_path, "alhambra")
    faulty = FaultyConnection(store.db)
    store.db = faulty
    for sql in ("BEGIN", "COMMIT"):
        faulty.fail_prefix = sql
        prompt = snap.prompts[0]
        with pytest.raises(ServiceError):
            await service.act("chan", users[prompt.seat], prompt.options[0].action)
        assert not store.db.in_transaction
        snap = await service.act("chan", users[prompt.seat], prompt.options[0].action)
    assert snap.row.version == 2
    await store.close()


async def test_disk_full_is_reported_nothing_is_lost_and_play_resumes_when_space_returns(tmp_path):
    path, store, service, users, snap = await open_game(tmp_path, "alhambra")
    gid = snap.row.id
    async with store.db.execute("PRAGMA page_count") as cur:
        pages = (await cur.fetchone())[0]
    await store.db.execute(f"PRAGMA max_page_count={pages}")  # the "disk" is full now
    rnd = random.Random(5)
    error = None
    for _ in range(200):  # play until a move needs a page more
        prompt = snap.prompts[0]
        action = rnd.choice(prompt.options).action
        before = on_disk(path, gid)
        try:
            snap = await service.act("chan", users[prompt.seat], action)
        except ServiceError as exc:
            error = exc
            break
    assert error is not None and error.message.key == "err.storage"
    assert error.message.params["reason"].key == "storage.full"
    assert "full" in t(error.message, "en") and "Nothing was changed" in t(error.message, "en")
    assert on_disk(path, gid) == before  # nothing lost, nothing half-written
    await store.db.execute(f"PRAGMA max_page_count={pages * 100}")  # space returns
    snap = await service.act("chan", users[prompt.seat], action)
    assert snap.row.version == before[0] + 1
    assert await service.replay(gid) == on_disk(path, gid)[1]
    await store.close()


async def test_unusable_databases_are_refused_at_open(tmp_path):
    with pytest.raises(StorageError) as e:
        await Store.open(str(tmp_path / "no" / "such" / "dir" / "x.sqlite3"))
    assert e.value.reason == "unavailable"
    corrupt = tmp_path / "corrupt.sqlite3"
    corrupt.write_bytes(random.Random(1).randbytes(16384))
    with pytest.raises(StorageError) as e:
        await Store.open(str(corrupt))
    assert e.value.reason == "corrupt"
    good = tmp_path / "good.sqlite3"
    await (await Store.open(str(good))).close()  # a migrated Referee database …
    with pytest.raises(StorageError) as e:  # … that can be read but not written
        await Store.open(f"file:{good}?mode=ro")
    assert e.value.reason == "readonly"
    damaged = tmp_path / "damaged.sqlite3"  # a real database whose pages were overwritten
    store = await Store.open(str(damaged))
    await store.create_game("c", None, "alhambra", "u", "U", {"x": "y" * 20000}, "en", 1.0)
    await store.close()
    data = bytearray(damaged.read_bytes())
    data[4096 + 100: 4096 + 3000] = random.Random(2).randbytes(2900)
    damaged.write_bytes(bytes(data))
    with pytest.raises(StorageError) as e:
        await Store.open(str(damaged))
    assert e.value.reason == "corrupt"


def _cli(*args, stdin="quit\n"):
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=60)


def _unwritable(tmp_path):
    """A database this process cannot write: a read-only file, or (as root, who may write anything) a
    read-only SQLite URI."""
    path = tmp_path / "ro.sqlite3"

    async def create():
        await (await Store.open(str(path))).close()

    asyncio.run(create())
    if os.geteuid() != 0:
        path.chmod(0o444)
        return str(path)
    return f"file:{path}?mode=ro"


@pytest.mark.parametrize("kind", ["missing_dir", "corrupt", "readonly"])
def test_command_line_stops_at_once_with_a_clear_message(tmp_path, kind):
    if kind == "missing_dir":
        db = str(tmp_path / "missing" / "referee.sqlite3")
    elif kind == "corrupt":
        db = str(tmp_path / "corrupt.sqlite3")
        Path(db).write_bytes(b"not a database, really not" * 500)
    else:
        db = _unwritable(tmp_path)
    play = _cli("play", "alhambra", "--players", "ann,ben", "--out", str(tmp_path / "out"), "--db", db)
    config = tmp_path / "config.toml"
    config.write_text(f'[discord]\ntoken = "x"\napi_base = "http://127.0.0.1:9/api/v10"\n[storage]\npath = "{db}"\n')
    run = _cli("run", "--config", str(config))
    for proc in (play, run):
        assert proc.returncode == 2, proc.stderr
        # (``referee run`` says first which configuration it read: #23)
        assert proc.stderr.strip().splitlines()[-1].startswith("referee: cannot use the database"), proc.stderr
        assert "Traceback" not in proc.stderr
        reason = {"missing_dir": "cannot be opened", "corrupt": "damaged", "readonly": "cannot be written"}[kind]
        assert reason in proc.stderr
