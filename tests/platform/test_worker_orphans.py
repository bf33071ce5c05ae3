"""Bot worker processes end when the bot dies (issue 21, item 4).

A real ``kill -9`` of a process that started the bot pool: its worker processes (and multiprocessing's
resource tracker, which lives while a worker holds its pipe) must end on their own. Before, they were
still running minutes later. Waiting uses pidfds (the kernel says when each process ends), bounded by a
generous safety limit; nothing sleeps.
"""
from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PARENT = r"""
import asyncio, json, multiprocessing, sys
from multiprocessing import resource_tracker
from bot.botpool import BotConfig, BotPool

pool = BotPool(BotConfig(workers=2, iterations=5))
asyncio.run(pool.warm_up())
asyncio.run(pool.warm_up())
workers = [p.pid for p in multiprocessing.active_children()]
tracker = getattr(resource_tracker._resource_tracker, "_pid", None)
print(json.dumps({"workers": workers, "tracker": tracker}), flush=True)
sys.stdin.read()  # until killed
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="needs pidfds (Linux)")
def test_kill_9_of_the_bot_ends_its_worker_processes() -> None:
    proc = subprocess.Popen([sys.executable, "-c", PARENT], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        info = json.loads(line)
        pids = [*info["workers"], *([info["tracker"]] if info["tracker"] else [])]
        assert len(info["workers"]) >= 1 and all(_alive(p) for p in pids)
        fds = {os.pidfd_open(p): p for p in pids}
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        left = dict(fds)
        while left:
            # each pidfd becomes readable when its process ends; 120 s is a safety bound, not a measurement
            ready, _, _ = select.select(list(left), [], [], 120)
            if not ready:
                break
            for fd in ready:
                left.pop(fd)
        still = [p for p in left.values() if _alive(p)]
        for fd in fds:
            os.close(fd)
        for p in still:  # do not leave them behind even when the test fails
            os.kill(p, signal.SIGKILL)
        assert not still, f"still running after their parent was killed: {still}"
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
