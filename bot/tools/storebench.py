"""How long a move's storage takes, on SQLite and on PostgreSQL (issue 19)::

    python -m bot.tools.storebench [--db PATH_OR_URL] [--moves N] [--channels C]

Plays random legal games (3 players, the registry's first title) through the game service on the store ``--db`` names (default: a fresh SQLite file in a
temporary folder; a ``postgresql://`` URL: that database, which must be empty or Referee's own) and times, per
accepted move, the move's transaction (``append_move``: the state, the log row, the clocks and jobs, the board
post) and the whole request through the service (the channel held, the row read, the engine, the transaction).
``--channels``: that many games played at once, each in its own channel. ``--direct``: the move transactions
alone, one after another (no engine or service work between them: the database's own cost). Prints one JSON
line.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.store import is_postgres, open_store
from bot.table.model import User
from bot.table.service import GameService
from engines import GAME_IDS

USERS = [User(f"u{i}", f"P{i}") for i in range(3)]
#: the title played (the first in the registry; any title stores the same rows)
GAME = sorted(GAME_IDS)[0]


class Timed:
    """A store whose ``append_move`` is timed (everything else passes through)."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self.tx: list[float] = []

    async def append_move(self, *args: Any, **kwargs: Any) -> int:
        start = time.perf_counter()
        try:
            return int(await self._store.append_move(*args, **kwargs))
        finally:
            self.tx.append(time.perf_counter() - start)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)


def _ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3) if ordered else 0.0


async def _open(service: GameService, channel: str, rng: random.Random) -> None:
    await service.new(channel, "bench", USERS[0], GAME, {}, "en")
    for u in USERS[1:]:
        await service.join(channel, u)
    await service.start(channel, USERS[0], seed=rng.randrange(1 << 30))


async def _play(service: GameService, channel: str, moves: int, rng: random.Random, acts: list[float]) -> None:
    """``moves`` random legal moves in ``channel`` (a game that ends is followed by the next)."""
    await _open(service, channel, rng)
    for _ in range(moves):
        snap = await service.current(channel)
        if snap.result is not None or not snap.prompts:
            await _open(service, channel, rng)
            snap = await service.current(channel)
        prompt = snap.prompts[0]
        action = rng.choice(prompt.options).action
        start = time.perf_counter()
        await service.act(channel, USERS[prompt.seat], action)
        acts.append(time.perf_counter() - start)


async def bench(db: str | None, moves: int, channels: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        target = db or str(Path(tmp) / "bench.sqlite3")
        store = await open_store(target)
        timed = Timed(store)
        service = GameService(timed)  # the store's ports, with append_move timed
        acts: list[float] = []
        stamp = int(time.time())
        start = time.perf_counter()
        try:
            await asyncio.gather(*[_play(service, f"bench-{stamp}-{c}", moves // channels, random.Random(c), acts)
                                   for c in range(channels)])
        finally:
            wall = time.perf_counter() - start
            await service.close()
    return {"db": "postgresql" if is_postgres(target) else "sqlite", "moves": len(timed.tx), "channels": channels,
            "tx_ms_p50": _ms(timed.tx, 0.5), "tx_ms_p95": _ms(timed.tx, 0.95),
            "tx_ms_mean": round(1000 * statistics.fmean(timed.tx), 3) if timed.tx else 0.0,
            "request_ms_p50": _ms(acts, 0.5), "request_ms_p95": _ms(acts, 0.95),
            "moves_per_s": round(len(timed.tx) / wall, 1) if wall else 0.0}


async def direct(db: str | None, moves: int) -> dict[str, Any]:
    """``moves`` move transactions alone, one after another, with no engine or service work between them: a
    real set-up state of :data:`GAME`, one seat's clock, one job cancelled and one planned, the board's outbox
    row (what a player's move writes)."""
    from bot.table.model import ClockWrite, SeatClock
    from engines import get_game

    with tempfile.TemporaryDirectory() as tmp:
        target = db or str(Path(tmp) / "bench.sqlite3")
        store = await open_store(target)
        store.outbox = True
        spent: list[float] = []
        try:
            setup = get_game(GAME).new_game(3, {}, 1)
            row = await store.create_game(f"direct-{time.time()}", "bench", GAME, "u0", "P0", {}, "en", 1.0,
                                          seats=[(u.id, u.name) for u in USERS])
            await store.start_game(row.id, 1, setup.state, [e.to_json() for e in setup.events], 1.0)
            for v in range(moves):
                write = ClockWrite([v % 3], [SeatClock((v + 1) % 3, 3600.0, 2.0 + v, v + 1)],
                                   [((v + 1) % 3, "remind", 3600.0 + v, v + 1, {"n": 1})],
                                   before=[SeatClock(v % 3, 3600.0, 1.0 + v, v)])
                start = time.perf_counter()
                await store.append_move(row.id, v, v % 3, f"u{v % 3}", "take 1", setup.state, [], False, 2.0 + v,
                                        clocks=write)
                spent.append(time.perf_counter() - start)
        finally:
            await store.close()
    return {"db": "postgresql" if is_postgres(target) else "sqlite", "mode": "direct", "moves": len(spent),
            "state_bytes": len(json.dumps(setup.state)), "tx_ms_p50": _ms(spent, 0.5), "tx_ms_p95": _ms(spent, 0.95),
            "tx_ms_min": _ms(spent, 0.0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.tools.storebench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="a SQLite path or a postgresql:// URL (default: a fresh SQLite file)")
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--channels", type=int, default=1)
    parser.add_argument("--direct", action="store_true",
                        help="time the move transactions alone (no engine, no service) one after another")
    args = parser.parse_args(argv)
    if args.direct:
        print(json.dumps(asyncio.run(direct(args.db, args.moves))))
    else:
        print(json.dumps(asyncio.run(bench(args.db, args.moves, max(1, args.channels)))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
