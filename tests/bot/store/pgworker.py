"""A bot process for the cross-process PostgreSQL tests (``test_postgres_races.py``): run as
``python -m tests.bot.store.pgworker KIND URL ARGS…``; prints one JSON line of what it did.

- ``moves URL GAME N NAME hold|bare``: make ``N`` moves on channel ``chan``'s game, each read → computed →
  stored guarded by the version it read (a conflict reads again); ``hold``: holding the channel from read to
  write, as the service does (``Repository.hold_channel``). Prints the retries and the time per stored move.
- ``presses URL CHANNEL N SEED``: ``N`` players' presses on the channel's game through the game service.
- ``hold URL``: hold channel ``chan`` (as a request does from its read to its write), print ``held``, wait.
- ``jobs URL OWNER``: claim due jobs (10 at a time) until none is left, finishing each; prints the ids fired.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sys
import time

from bot.store.postgres import PgStore
from bot.table.errors import VersionConflict


async def moves(url: str, game_id: int, n: int, name: str, hold: bool) -> dict[str, object]:
    store = await PgStore.open(url, pool_size=2)
    channel = "chan"
    retries, stored, spent = 0, 0, 0.0
    try:
        while stored < n:
            async with store.hold_channel(channel) if hold else contextlib.nullcontext():
                row = await store.game(game_id)
                assert row is not None and row.state is not None
                state = {"n": row.state["n"] + 1, "by": name}
                started = time.perf_counter()
                try:
                    await store.append_move(game_id, row.version, 0, name, f"{name}-{stored}", state, [], False, 1.0)
                except VersionConflict:
                    retries += 1
                    continue
                spent += time.perf_counter() - started
            stored += 1
    finally:
        await store.close()
    return {"retries": retries, "stored": stored, "ms_per_move": 1000 * spent / max(1, stored)}


async def jobs(url: str, owner: str) -> dict[str, object]:
    store = await PgStore.open(url, pool_size=2)
    fired: list[int] = []
    try:
        while True:
            got = await store.jobs.claim_due(100.0, owner, 60.0, 10)
            if not got:
                break
            for job in got:
                fired.append(job.id)
                await store.jobs.finish(job.id, owner)
    finally:
        await store.close()
    return {"fired": fired}


async def presses(url: str, channel: str, n: int, seed: int) -> dict[str, object]:
    """``n`` presses on the channel's game through the service, as players in several processes press: a random
    seat to act, a random legal option of the position it saw; half as buttons (for that position: stale once
    the game moved on), half as typed commands (checked against the position they land on)."""
    from bot.table.errors import ServiceError, StaleMove
    from bot.table.model import User
    from bot.table.service import GameService
    from engines.core import IllegalAction

    store = await PgStore.open(url, pool_size=3)
    service = GameService(store)
    rng = random.Random(seed)
    counts = {"stored": 0, "stale": 0, "refused": 0}
    try:
        for _ in range(n):
            snap = await service.current(channel)
            if snap.result is not None or not snap.prompts:
                break
            prompt = rng.choice(snap.prompts)
            action = rng.choice(prompt.options).action
            seat = snap.row.seats[prompt.seat]
            button = rng.random() < 0.5
            try:
                await service.act(channel, User(seat.user_id, seat.name), action,
                                  expected_version=snap.row.version if button else None,
                                  expected_game=snap.row.id if button else None)
                counts["stored"] += 1
            except StaleMove:
                counts["stale"] += 1
            except (IllegalAction, ServiceError):
                counts["refused"] += 1
    finally:
        await service.close()
    return dict(counts)


async def hold(url: str) -> None:
    """Hold channel ``chan`` and say so, then wait to be killed."""
    store = await PgStore.open(url, pool_size=1)
    async with store.hold_channel("chan"):
        print("held", flush=True)
        await asyncio.sleep(120)


def main(argv: list[str]) -> int:
    kind, url, *rest = argv
    if kind == "moves":
        out = asyncio.run(moves(url, int(rest[0]), int(rest[1]), rest[2], rest[3] == "hold"))
    elif kind == "presses":
        out = asyncio.run(presses(url, rest[0], int(rest[1]), int(rest[2])))
    elif kind == "hold":
        asyncio.run(hold(url))
        return 0
    elif kind == "jobs":
        out = asyncio.run(jobs(url, rest[0]))
    else:
        raise SystemExit(f"unknown kind {kind!r}")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
