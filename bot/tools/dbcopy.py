"""``referee db copy SQLITE_FILE POSTGRES_URL``: move a community from SQLite to PostgreSQL (issue 19).

Copies every table (:func:`bot.store.copy.copy_sqlite_to_postgres`: ids kept, one transaction, an empty
target only), then checks the copy: the row counts of both databases, and a sample of games (the newest
``sample``) replayed from their seed and move log to the state stored for them. Prints what it did, then one
JSON line.
"""
from __future__ import annotations

import asyncio
import json
from typing import Any

from bot.store import display_target, is_postgres
from bot.store.copy import CopyRefused, copy_sqlite_to_postgres, newest_started
from bot.store.postgres import PgStore
from bot.table.errors import ServiceError, StorageError
from bot.table.service import GameService


async def _check(target: str, sample: int) -> list[dict[str, Any]]:
    """Replay the newest ``sample`` started games in the copy; each one's id and whether it matched."""
    store = await PgStore.open(target)
    service = GameService(store)
    out: list[dict[str, Any]] = []
    try:
        for gid in await newest_started(store, sample):
            row = await store.game(gid)
            assert row is not None
            try:
                state = await service.replay(gid)
            except ServiceError as exc:  # a game stored under older rules is not replayed by these
                out.append({"game": gid, "replayed": False, "why": exc.message.key})
                continue
            out.append({"game": gid, "replayed": True, "matches": state == row.state})
    finally:
        await service.close()
    return out


async def copy(source: str, target: str, sample: int = 5) -> dict[str, Any]:
    """Copy and check; the report (raises :class:`CopyRefused` or :class:`StorageError`)."""
    if not is_postgres(target):
        raise CopyRefused(f"{target}: the target must be a postgresql:// URL")
    counts = await copy_sqlite_to_postgres(source, target)
    checked = await _check(target, sample)
    return {"copied": counts, "replayed": checked,
            "ok": all(c.get("matches", True) for c in checked)}


def main(source: str, target: str, sample: int = 5) -> int:
    try:
        report = asyncio.run(copy(source, target, sample))
    except CopyRefused as exc:
        print(f"referee: db copy refused: {exc}")
        return 2
    except StorageError as exc:
        print(f"referee: db copy: {display_target(target)}: {exc.reason}: {exc.detail}")
        return 2
    for table, n in report["copied"].items():
        print(f"{table}: {n} rows")
    for c in report["replayed"]:
        verdict = ("replays to its stored state" if c.get("matches") else "DOES NOT replay to its stored state") \
            if c["replayed"] else f"not replayed ({c['why']})"
        print(f"game {c['game']}: {verdict}")
    print(json.dumps(report))
    return 0 if report["ok"] else 1
