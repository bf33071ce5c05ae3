"""Benchmark (issue 21, item 6): the cost of an undo after many move + undo cycles, and of checking a record
with many undo entries. Prints numbers; asserts nothing about time.

    python3 -m tests.platform.bench_undo [CYCLES] [RECORD_UNDOS]

It writes CYCLES move + undo pairs straight into a fresh database (Egizia, 3 players, no clock), then times
one more move's undo through the service and the longest stall of the event loop meanwhile (a 5 ms ticker);
then it times the live-move check and replay of a finished Luxor record with RECORD_UNDOS undo entries.
"""
from __future__ import annotations

import asyncio
import copy
import json
import sys
import tempfile
import time
from pathlib import Path

from bot.record import parse_record, replay
from tests.platform.clockkit import CH, USERS, FakeTime, Table

DATA = Path(__file__).parent / "data" / "record-v1-luxor.json"


async def undo_after(cycles: int) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        table = await Table.open(Path(tmp) / "bench.sqlite3", FakeTime())
        try:
            await table.start("egizia", clock=None, seed=5)
            row = await table.row()
            rows = []
            for i in range(cycles):
                s1, s2 = 2 * i + 1, 2 * i + 2
                rows.append((row.id, s1, 2, "u3", "place 16", "[]", 0.0, "player", 0, s2))
                rows.append((row.id, s2, 2, "u3", f"undo {s1}-{s1}", "[]", 0.0, "player", 0, None))
            await table.store.db.executemany(
                "INSERT INTO moves(game_id, seq, seat, user_id, action, events, at, kind, reveals, undone_by)"
                " VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
            await table.store.db.execute("UPDATE games SET version=? WHERE id=?", (2 * cycles, row.id))
            await table.store.db.commit()
            await table.service.act(CH, USERS[2], "place 16")
            stall, stop = 0.0, False

            async def ticker() -> None:
                nonlocal stall
                last = time.perf_counter()
                while not stop:
                    await asyncio.sleep(0.005)
                    now = time.perf_counter()
                    stall, last = max(stall, now - last - 0.005), now

            tick = asyncio.create_task(ticker())
            await asyncio.sleep(0.02)
            t0 = time.perf_counter()
            out = await table.service.undo(CH, USERS[2])
            took = time.perf_counter() - t0
            stop = True
            await tick
            assert out.status == "done"
            return took, stall
        finally:
            await table.close()


def record_check(undos: int) -> float:
    data = json.loads(DATA.read_text())
    data = copy.deepcopy(data)
    data["version"] = 2
    extra = []
    for i in range(undos):
        seq = 2 * i + 1
        extra += [{"seq": seq, "seat": 0, "action": "play L", "undone_by": seq + 1},
                  {"seq": seq + 1, "seat": 0, "action": f"undo {seq}-{seq}"}]
    moves = data["moves"]
    for m in moves[1:]:
        m["seq"] += 2 * undos
    data["moves"] = [moves[0], *extra, *moves[1:]]
    t0 = time.perf_counter()
    replay(parse_record(data))
    return time.perf_counter() - t0


def main() -> None:
    cycles = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    undos = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    took, stall = asyncio.run(undo_after(cycles))
    print(f"undo after {cycles} move+undo cycles: {took:.3f} s, longest event-loop stall {stall:.3f} s")
    print(f"replay check of a record with {undos} undo entries: {record_check(undos):.3f} s")


if __name__ == "__main__":
    main()
