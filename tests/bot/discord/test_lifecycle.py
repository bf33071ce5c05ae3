"""Clean shutdown: new requests are refused, moves in flight finish, the database is closed; the bot process
exits 0 soon after SIGINT/SIGTERM."""
import asyncio
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.store import Store
from bot.table.errors import ServiceError, ShuttingDown
from bot.table.service import GameService
from render.i18n import t
from tests.bot.conftest import USERS, started

ROOT = Path(__file__).resolve().parents[3]


class GatedStore:
    """A store whose next move waits at a gate before it is written (a move in flight)."""

    def __init__(self, store):
        self.inner = store
        self.reached = asyncio.Event()
        self.gate = asyncio.Event()

    async def append_move(self, *args, **kwargs):
        self.reached.set()
        await self.gate.wait()
        return await self.inner.append_move(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.inner, name)


async def test_close_refuses_new_requests_finishes_the_move_in_flight_and_closes_the_store(tmp_path):
    path = str(tmp_path / "s.sqlite3")
    store = await Store.open(path)
    service = GameService(store)
    snap = await started(service, n=2)
    gated = GatedStore(store)
    service.store = gated
    seat, action = snap.prompts[0].seat, snap.prompts[0].options[0].action
    move = asyncio.create_task(service.act("chan", USERS[seat], action))
    await gated.reached.wait()
    assert service.in_flight == 1
    closing = asyncio.create_task(service.close(timeout=30))
    await asyncio.sleep(0)
    assert service.closing and not closing.done()
    for call in (service.act("chan", USERS[seat], action), service.current("chan"),
                 service.new("other", None, USERS[0], "alhambra", None, "en")):
        with pytest.raises(ShuttingDown) as e:
            await call
        assert e.value.message.key == "err.shutting_down"
    assert "Nothing was changed" in t(e.value.message, "en")
    gated.gate.set()
    report = await move  # the move in flight finished …
    assert report.row.version == 1
    assert await closing is True  # … before the store was closed
    assert store.closed
    reopened = await Store.open(path)
    assert (await reopened.open_game("chan")).version == 1
    await reopened.close()


async def test_close_gives_up_waiting_after_its_bound_and_the_move_is_stored_whole_or_not_at_all(tmp_path):
    path = str(tmp_path / "s.sqlite3")
    store = await Store.open(path)
    service = GameService(store)
    snap = await started(service, n=2)
    gated = GatedStore(store)
    service.store = gated
    seat, action = snap.prompts[0].seat, snap.prompts[0].options[0].action
    move = asyncio.create_task(service.act("chan", USERS[seat], action))
    await gated.reached.wait()
    assert await service.close(timeout=0.01) is False  # the move is stuck: closing does not wait forever
    gated.gate.set()
    with pytest.raises(ServiceError) as e:  # the store is closed: the stuck move is refused, cleanly
        await move
    assert e.value.message.key == "err.storage"
    reopened = await Store.open(path)
    assert (await reopened.open_game("chan")).version == 0
    await reopened.close()


async def test_close_with_nothing_in_flight_is_immediate_and_idempotent(service, store):
    await started(service, n=2)
    assert await service.close() is True and store.closed
    assert await service.close() is True


def _hanging_server():
    """A loopback port that accepts connections and never answers (Discord unreachable in the worst way)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    return server


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_the_bot_process_exits_0_within_5_seconds_of_a_stop_signal(tmp_path, sig):
    server = _hanging_server()
    port = server.getsockname()[1]
    config = tmp_path / "config.toml"
    config.write_text(
        f'[discord]\ntoken = "x"\napi_base = "http://127.0.0.1:{port}/api/v10"\n'
        f'[storage]\npath = "{tmp_path / "bot.sqlite3"}"\n'
    )
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "run", "--config", str(config)], cwd=ROOT,
                            stderr=subprocess.PIPE, text=True)
    try:
        lines = []
        for line in proc.stderr:  # wait until the bot is logging in (its request to Discord now hangs)
            lines.append(line)
            if "logging in" in line.lower():
                break
        assert proc.poll() is None, "".join(lines)
        server.accept()  # the login request has reached "Discord"
        sent = time.monotonic()
        proc.send_signal(sig)
        code = proc.wait(timeout=5)
        elapsed = time.monotonic() - sent
        rest = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
        server.close()
    assert code == 0, rest
    assert "Traceback" not in rest
    print(f"{sig.name}: exited 0 in {elapsed:.2f} s")


# ----------------------------------------------------------------- shutdown under load (issue 23, item 6)


def test_the_loop_ends_without_waiting_for_a_thread_still_drawing_a_recap():
    """Repro: after SIGINT ``asyncio.run`` waited for a recap GIF being drawn in a worker thread (7–9 s, more
    under load). The bot's loop runner returns while that thread is still busy; the thread is a daemon, so it
    does not hold the process either."""
    import threading

    from bot.discord.lifecycle import DaemonThreads, run_until_done

    started_drawing, release = threading.Event(), threading.Event()
    finished: list[bool] = []

    def draw_recap() -> bytes:
        started_drawing.set()
        release.wait(60)  # blocked until the test lets go, long after the loop has ended
        finished.append(True)
        return b"GIF89a"

    async def main() -> str:
        recap = asyncio.create_task(asyncio.to_thread(draw_recap))  # as post_recap does, after a game ends
        await asyncio.to_thread(started_drawing.wait)
        queued = asyncio.get_running_loop().run_in_executor(None, draw_recap)  # waiting for a thread: dropped
        del recap, queued
        return "stopped"

    threads = DaemonThreads(workers=2)
    try:
        assert run_until_done(main(), threads) == "stopped"
        assert not finished, "the loop waited for the drawing thread"
        assert all(t.daemon for t in threads._daemons)
        with pytest.raises(RuntimeError):
            threads.submit(print)  # shut down: it takes no more work
    finally:
        release.set()


def test_daemon_threads_run_calls_and_report_their_errors():
    from bot.discord.lifecycle import DaemonThreads

    threads = DaemonThreads(workers=2)
    assert [threads.submit(pow, 2, n).result() for n in range(5)] == [1, 2, 4, 8, 16]
    with pytest.raises(ZeroDivisionError):
        threads.submit(lambda: 1 / 0).result()
    assert len(threads._daemons) <= 2
    threads.shutdown(wait=True)
