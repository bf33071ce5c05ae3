"""What a ``referee bench --load`` run measures (:mod:`bot.tools.load`): the CPU of the bot process, of each of its
threads by part and of its child processes; the PostgreSQL server's CPU; the readable report; and the merging
of several bot processes' figures into one run's (``--processes``)."""
from __future__ import annotations

import os
import resource
import threading
import time
from dataclasses import dataclass
from typing import Any

from .bench import percentile


def _proc_stat(pid: int | str) -> tuple[int, float] | None:
    """A process's parent pid and CPU seconds (user + system), from ``/proc/PID/stat`` (``None``: not readable)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            raw = f.read().decode("ascii", "replace")
    except OSError:
        return None
    fields = raw[raw.rfind(")") + 2:].split()  # after the command's name, which may hold spaces and brackets
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / tick


def children_cpu() -> dict[int, float]:
    """CPU seconds (user + system) of every live descendant process, by pid (Linux ``/proc``; empty elsewhere)."""
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return {}
    for entry in entries:
        if not entry.isdigit():
            continue
        stat = _proc_stat(entry)
        if stat is not None:
            parents[int(entry)], cpu[int(entry)] = stat
    me, mine, grew = os.getpid(), {os.getpid()}, True
    while grew:
        grew = False
        for pid, ppid in parents.items():
            if ppid in mine and pid not in mine:
                mine.add(pid)
                grew = True
    return {pid: cpu[pid] for pid in mine if pid != me}


@dataclass
class CpuMark:
    """A reading of the CPU used so far: this process, its ended children, and each live child."""

    own: float
    ended: float
    live: dict[int, float]

    @classmethod
    def now(cls) -> CpuMark:
        s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return cls(s.ru_utime + s.ru_stime, c.ru_utime + c.ru_stime, children_cpu())

    def since(self, start: CpuMark) -> float:
        """CPU seconds used from ``start`` to this reading, in this process and every child (a child that ended
        in between counts through ``RUSAGE_CHILDREN``, from where it was at ``start``)."""
        live = sum(v - start.live.get(pid, 0.0) for pid, v in self.live.items())
        ended = self.ended - start.ended - sum(v for pid, v in start.live.items() if pid not in self.live)
        return (self.own - start.own) + live + max(0.0, ended)


def thread_cpu() -> float:
    """CPU seconds of the calling thread (the event loop's, when called on it)."""
    return time.thread_time()


def _part(thread: threading.Thread) -> str:
    """Which part of the bot a thread is: the event loop, the database connection, the engine, drawing, other."""
    if thread is threading.main_thread():
        return "loop"
    target = getattr(thread, "_target", None)  # aiosqlite runs each connection in a plain thread of its own
    if target is not None and "aiosqlite" in getattr(target, "__module__", ""):
        return "database"
    if thread.name.startswith("referee-engine"):
        return "engine"
    if thread.name.startswith("referee-render"):
        return "render"
    if thread.name.startswith("asyncio"):
        return "default executor"
    return "other threads"


def parts_cpu() -> dict[str, float]:
    """CPU seconds of this process's live threads by part (Linux ``/proc``; empty elsewhere), keyed by part and
    thread id (a thread that ended in between is left out of the breakdown, not of the total)."""
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    out: dict[str, float] = {}
    for thread in threading.enumerate():
        try:
            with open(f"/proc/self/task/{thread.native_id}/stat", "rb") as f:
                raw = f.read().decode("ascii", "replace")
        except (OSError, TypeError):
            continue
        fields = raw[raw.rfind(")") + 2:].split()
        out[f"{_part(thread)}/{thread.native_id}"] = (int(fields[11]) + int(fields[12])) / tick
    return out


def part_seconds(start: dict[str, float], end: dict[str, float], cpu0: CpuMark, cpu1: CpuMark) -> dict[str, float]:
    """CPU seconds by part: the process's threads, and its child processes (drawing, bots)."""
    parts: dict[str, float] = {}
    for key, value in end.items():
        part = key.split("/")[0]
        parts[part] = parts.get(part, 0.0) + value - start.get(key, 0.0)
    parts["child processes"] = cpu1.since(cpu0) - (cpu1.own - cpu0.own)
    return parts


def breakdown(start: dict[str, float], end: dict[str, float], cpu0: CpuMark, cpu1: CpuMark,
               moves: int) -> dict[str, float]:
    """ms of CPU per move by part: the process's threads, and its child processes (drawing, bots)."""
    return {k: round(v * 1000 / max(1, moves), 2) for k, v in part_seconds(start, end, cpu0, cpu1).items()}


def report(out: dict[str, Any]) -> None:
    """The readable lines of a run's figures."""
    print(f"load: {out['moves']} moves in {out['window_s']:.1f} s: {out['moves_per_s']} moves/s "
          f"({out['errors']} refused or lost, {out['skipped']} skipped)"
          + (f", {out['processes']} bot processes on one {out['db']} database" if out["processes"] > 1 else ""))
    print(f"load: move (interaction → board posted) p50 {out['move_ms_p50']} ms, p99 {out['move_ms_p99']} ms; "
          f"act p50 {out['act_ms_p50']} ms, p99 {out['act_ms_p99']} ms")
    print(f"load: event-loop lag p50 {out['loop_lag_ms_p50']} ms, p99 {out['loop_lag_ms_p99']} ms, "
          f"max {out['loop_lag_ms_max']} ms")
    server = out.get("db_server_cpu_ms_per_move")
    print(f"load: CPU per move {out['cpu_ms_per_move']} ms (every thread and child process"
          + (f" of every bot process, plus {server} ms in the PostgreSQL server" if server is not None else "")
          + f"; the event loop's thread alone {out['loop_cpu_ms_per_move']} ms), {out['cpu_cores_used']} cores busy")
    print("load: CPU per move by part: " + ", ".join(
        f"{k} {v} ms" for k, v in sorted(out["cpu_ms_per_move_by_part"].items(), key=lambda kv: -kv[1])))


async def server_pids(url: str | None) -> list[int]:
    """The PostgreSQL server processes of the database at ``url`` (its client backends and the server's own
    background processes), whose CPU the run counts as the database's; none without a URL (SQLite: its work runs
    in the bot process's own threads)."""
    if url is None:
        return []
    import asyncpg

    conn = await asyncpg.connect(url.strip())
    try:
        found = await conn.fetch("SELECT pid FROM pg_stat_activity WHERE datname = current_database() OR datname IS NULL")
    finally:
        await conn.close()
    return [int(r["pid"]) for r in found]


def pids_cpu(pids: list[int]) -> dict[int, float]:
    """CPU seconds of these processes (Linux ``/proc``; a process not readable here, e.g. on another machine, is
    left out)."""
    out: dict[int, float] = {}
    for pid in pids:
        stat = _proc_stat(pid)
        if stat is not None:
            out[pid] = stat[1]
    return out


def merge(outs: list[dict[str, Any]]) -> dict[str, Any]:
    """One run's figures from its processes' raw ones: moves and CPU summed, percentiles over every process's
    samples, CPU per move over all processes (and their children) together."""
    raws = [o.pop("raw") for o in outs]
    out = {k: v for k, v in outs[0].items()}
    done = sum(r["done"] for r in raws)
    n = max(1, done)
    window = sum(r["window"] for r in raws) / len(raws)
    cpu = sum(r["cpu"] for r in raws)
    moves = [x for r in raws for x in r["moves"]]
    acts = [x for r in raws for x in r["acts"]]
    lag = [x for r in raws for x in r["lag"]]
    by_part: dict[str, float] = {}
    for r in raws:
        for k, v in r["by_part"].items():
            by_part[k] = by_part.get(k, 0.0) + v
    server = sum(r["server"] for r in raws)
    if out["db"] == "postgresql" and server > 0:
        by_part["database server"] = server
    out.update({
        "moves": done, "moves_per_s": round(sum(r["done"] / r["window"] for r in raws), 1), "window_s": round(window, 2),
        "move_ms_p50": round(percentile(moves, 0.5), 1), "move_ms_p99": round(percentile(moves, 0.99), 1),
        "act_ms_p50": round(percentile(acts, 0.5), 1), "act_ms_p99": round(percentile(acts, 0.99), 1),
        "loop_lag_ms_p50": round(percentile(lag, 0.5), 2), "loop_lag_ms_p99": round(percentile(lag, 0.99), 2),
        "loop_lag_ms_max": round(max(lag, default=0.0), 2),
        "cpu_ms_per_move": round(cpu * 1000 / n, 2),
        "loop_cpu_ms_per_move": round(sum(r["loop_cpu"] for r in raws) * 1000 / n, 2),
        "cpu_cores_used": round(cpu / window, 2),
        "errors": sum(r["errors"] for r in raws), "skipped": sum(r["skipped"] for r in raws),
        "cpu_ms_per_move_by_part": {k: round(v * 1000 / n, 2) for k, v in by_part.items()},
        "moves_per_s_by_process": [round(r["done"] / r["window"], 1) for r in raws],
    })
    if "database server" in by_part:
        out["db_server_cpu_ms_per_move"] = out["cpu_ms_per_move_by_part"]["database server"]
    return out
