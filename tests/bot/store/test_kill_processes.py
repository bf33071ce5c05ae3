"""Issue 19: a bot process killed (a real ``kill -9``) while it holds timed jobs and board posts; another process
takes them over once their leases have run out, and nothing is lost or doubled.

Real OS processes (``killworker.py``) on one database: PostgreSQL (``REFEREE_TEST_PG``), and one SQLite file.
Discord is a record shared by the processes, keyed by nonce (a re-send with a nonce returns the first message,
as Discord does with ``enforce_nonce``). The victim is stopped dead, synchronised by its output lines (no
sleeping): inside a job's handler (after a reminder went out and before its mark; or before a timeout's move)
with the rest of its batch in hand, and between sending a board and marking its post delivered. On PostgreSQL the
leases are reckoned on the server's clock, so the test makes the victim's leases three seconds long (the bot's are
60 s); on SQLite the database's clock is the store's, and the taker's runs 61 s later instead. Right after the
kill, the dead process's leases are seen to hold: no other process can claim its jobs or its game's posts.
"""
from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.discord.poster import post_nonce
from bot.store import open_store
from bot.table.clocks import DEADLINE, REMIND
from bot.table.model import Job, User
from bot.table.service import GameService
from tests.bot.clockkit import HOUR, T0

ROOT = Path(__file__).resolve().parents[3]
USERS = [User("u1", "Ann"), User("u2", "Ben")]
#: the victim's table clock: the 1 h games' deadlines have passed, the 1 d games' first reminders are due
NOW = T0 + 13 * HOUR
#: reminder games (``1d``, policy ``wait``) first: their boards are the first posts, and no move replaces them
GAMES = [("r0", "luxor", "1d", "wait"), ("r1", "egizia", "1d", "wait"), ("r2", "alhambra", "1d", "wait"),
         ("s0", "alhambra", "1h", "skip"), ("s1", "luxor", "1h", "skip"), ("s2", "egizia", "1h", "skip")]


async def set_up(db: str) -> tuple[dict[str, int], dict[str, list[Job]]]:
    """The games (each start writes its board post); their ids and their jobs due at :data:`NOW`, by channel."""
    store = await open_store(db, clock=lambda: T0)
    service = GameService(store, clock=lambda: T0, seed_source=lambda: 7)
    service.outbox()
    ids, due = {}, {}
    try:
        for channel, title, clock, policy in GAMES:
            await service.new(channel, "guild", USERS[0], title, {}, "en", clock=clock, timeout=policy)
            await service.join(channel, USERS[1])
            ids[channel] = (await service.start(channel, USERS[0], seed=5)).row.id
            due[channel] = [j for j in await store.game_jobs(ids[channel]) if j.due <= NOW]
    finally:
        await service.close()
    return ids, due


async def spawn(*argv: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.bot.store.killworker", *argv, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)


async def kill_when_ready(proc: asyncio.subprocess.Process) -> list[str]:
    """Read the victim's lines until it stands at its stops, then ``kill -9`` it; the lines it printed."""
    assert proc.stdout is not None and proc.stderr is not None
    lines: list[str] = []
    try:
        while not lines or lines[-1] != "ready":
            line = (await asyncio.wait_for(proc.stdout.readline(), 120)).decode().strip()
            if not line:
                raise AssertionError("the victim ended early: " + (await proc.stderr.read()).decode()[-3000:])
            lines.append(line)
        os.kill(proc.pid, signal.SIGKILL)
        assert await proc.wait() == -signal.SIGKILL
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    return lines


def messages(path: Path) -> list[dict[str, Any]]:
    db = sqlite3.connect(path)
    try:
        cur = db.execute("SELECT id, nonce, channel, body, sends FROM messages ORDER BY id")
        return [dict(zip(("id", "nonce", "channel", "body", "sends"), r, strict=True)) for r in cur]
    finally:
        db.close()


@pytest.mark.parametrize("kind,stop", [("postgres", "remind"), ("postgres", "deadline"), ("sqlite", "remind")])
async def test_a_process_killed_holding_jobs_and_posts_loses_and_doubles_nothing(
        request: pytest.FixtureRequest, tmp_path: Path, kind: str, stop: str) -> None:
    db = request.getfixturevalue("pg_url") if kind == "postgres" else str(tmp_path / "shared.sqlite3")
    lease = "3" if kind == "postgres" else "60"
    discord = tmp_path / "discord.sqlite3"
    ids, due = await set_up(db)

    victim = await spawn("victim", db, str(discord), repr(NOW), lease, stop)
    lines = await kill_when_ready(victim)
    stops = dict(line.split(" ", 2)[1:] for line in lines if line.startswith("stopped "))
    assert set(stops) == {stop, "post"}, lines
    sent = messages(discord)
    post_id = int(stops["post"])
    assert [m["sends"] for m in sent if m["nonce"] == post_nonce(post_id)] == [1], "the board went out"
    if stop == "remind":
        assert [m["body"] for m in sent if m["nonce"] == stops["remind"]] == ["clock.remind"]
    # the dead process's leases still hold (looked at within its lease): nobody else may take its jobs or post yet
    [board] = [m["body"] for m in sent if m["nonce"] == post_nonce(post_id)]
    store = await open_store(db, clock=lambda: NOW)
    try:
        assert await store.jobs.claim_due(NOW, "someone", 60.0, 100) == [], "every due job is in the dead one's hands"
        assert not await store.claim_posts(int(board.split()[1]), "someone", 60.0)
    finally:
        await store.close()

    taker = await spawn("taker", db, str(discord), repr(NOW), lease)
    out, err = await asyncio.wait_for(taker.communicate(), 120)
    assert taker.returncode == 0, err.decode()[-3000:]
    report = out.decode().strip().splitlines()[-1]
    assert '"fired": 0' not in report and '"delivered": 0' not in report, report

    sent = messages(discord)
    store = await open_store(db, clock=lambda: NOW + 3600)
    lasts: dict[str, int] = {}
    try:
        for channel, game_id in ids.items():
            jobs_left = {j.id for j in await store.game_jobs(game_id)}
            assert not jobs_left & {j.id for j in due[channel]}, f"{channel}: a due job was never fired"
            log = await store.moves(game_id)
            deadlines = [j for j in due[channel] if j.kind == DEADLINE]
            timeouts = [m for m in log if m.kind == "timeout"]
            if channel.startswith("s"):  # each deadline's timeout move, exactly once (stored with its job's deletion)
                assert deadlines and len(timeouts) == len(deadlines), (channel, deadlines, timeouts)
                assert sorted(str(m.seat) for m in timeouts) == sorted(str(j.seat) for j in deadlines)
            else:  # each reminder posted once and marked once
                reminders = [j for j in due[channel] if j.kind == REMIND]
                assert reminders and not timeouts
                posted = [m for m in sent if m["channel"] == channel and m["body"] == "clock.remind"]
                assert len(posted) == len(reminders), (channel, posted)
                clocks = await store.seat_clocks(game_id)
                assert all(clocks[j.seat].reminded == 1 for j in reminders if j.seat is not None)
            # every board delivered, none twice: the game's last board is the record's message for its post
            assert await store.pending_posts(game_id) == []
            last = await store.last_board(game_id)
            assert last is not None
            lasts[channel] = last.id
            [message] = [m for m in sent if m["nonce"] == post_nonce(last.id)]
            assert last.message_id == str(message["id"])
            boards = [m["body"] for m in sent if m["channel"] == channel and m["body"].startswith("board ")]
            assert len(boards) == len(set(boards)), f"{channel}: a board was posted twice: {boards}"
            assert boards[-1] == f"board {game_id} v{log[-1].seq}", "the newest position is on the board"
        # what the dead process had sent was sent again with the same nonce: Discord kept the first message
        [again] = [m for m in sent if m["nonce"] == post_nonce(post_id)]
        assert again["sends"] == 2
        assert post_id in lasts.values(), "the post it was killed delivering is its game's board"
        if stop == "remind":
            [reminder] = [m for m in sent if m["nonce"] == stops["remind"]]
            assert reminder["sends"] == 2
        else:
            job_id = int(stops["deadline"])
            [channel] = [c for c, jobs in due.items() if job_id in [j.id for j in jobs]]
            assert len([m for m in await store.moves(ids[channel]) if m.kind == "timeout"]) == len(
                [j for j in due[channel] if j.kind == DEADLINE])
    finally:
        await store.close()
    print(f"\n{kind}, killed at {stop}: {report}; {len(sent)} messages, "
          f"{sum(m['sends'] - 1 for m in sent)} re-sends answered with the first message")
