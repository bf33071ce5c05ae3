"""The compact move log of ended games (issue 18).

While a game runs, its log is one ``moves`` row per entry (appended by every move, marked by undos). Once it has
ended (``over`` or ``abandoned``) nothing writes to its log again, so the whole log is packed into one
``move_logs`` row: the entries' columns (events and clocks included) as one JSON array, zlib-compressed. A
whole game's events compress about 25× together (they repeat the same keys and messages move after move) where
one move's alone compress barely 2×; the packed row also drops the per-row and index cost of hundreds of rows.

Packing inserts the packed row and deletes the game's ``moves`` rows in one transaction, so a game's log is in
exactly one of the two places. A reader asks ``moves`` first and the packed row only if ``moves`` had nothing:
on the one connection, a packing transaction inserts before it deletes, so a reader never finds neither.

Format 1 of ``move_logs.log``: zlib of one JSON array per line, ``[seq, seat, user_id, action, events, at, kind,
reveals, undone_by, clocks]``, in seq order, ``clocks`` being the parsed ``moves.clocks`` value (or ``null``); a
reader of the last few entries parses only those.
"""
from __future__ import annotations

import asyncio
import json
import logging
import time
import zlib
from collections.abc import Callable, Sequence
from typing import Any

import aiosqlite

from bot.table.model import MoveRow

log = logging.getLogger("referee.storage")

FORMAT = 1
#: the statuses of a game whose log is final
ENDED = ("over", "abandoned")
#: games packed per transaction by the migration and the start-up sweep
BATCH = 200

#: the ``moves`` columns a packed entry keeps, in its order
COLUMNS = "seq, seat, user_id, action, events, at, kind, reveals, undone_by, clocks"


def pack(rows: Sequence[Sequence[Any]]) -> bytes:
    """``moves`` rows (:data:`COLUMNS`, ``events``/``clocks`` as stored JSON text) as one packed log. The
    stored JSON texts go in as they are (parsing and re-writing them was most of an upgrade's time)."""
    def text(value: Any) -> str:
        return json.dumps(value, separators=(",", ":"))

    def raw(stored: str) -> str:  # as stored, unless it has a line break (not the store's own writing)
        return stored if "\n" not in stored else text(json.loads(stored))

    lines = [f"[{text(r[0])},{text(r[1])},{text(r[2])},{text(r[3])},{raw(r[4])},{text(r[5])},{text(r[6])},"
             f"{int(r[7])},{text(r[8])},{'null' if r[9] is None else raw(r[9])}]" for r in rows]
    return zlib.compress("\n".join(lines).encode(), 9)


def lines(blob: bytes, fmt: int = FORMAT) -> list[bytes]:
    """The packed entries, one JSON text each (JSON never holds a raw line break), in seq order."""
    if fmt != FORMAT:
        raise ValueError(f"unknown move log format {fmt}")
    return zlib.decompress(blob).split(b"\n")


def seq_of(line: bytes) -> int:
    """The seq of a packed entry without parsing the rest: each line starts ``[SEQ,``."""
    return int(line[1:line.index(b",")])


def unpack(blob: bytes, fmt: int = FORMAT) -> list[list[Any]]:
    return [json.loads(line) for line in lines(blob, fmt)]


def move_row(e: Sequence[Any]) -> MoveRow:
    return MoveRow(e[0], e[1], e[2], e[3], e[4], e[5], e[6], bool(e[7]), e[8])


def select(blob: bytes, fmt: int, since: int, limit: int | None, newest: bool) -> list[MoveRow]:
    """What ``SELECT … WHERE seq > since ORDER BY seq [DESC] LIMIT limit`` gives on the rows (oldest first);
    only the chosen entries are parsed (the history reads the last few of a long log)."""
    chosen = [line for line in lines(blob, fmt) if seq_of(line) > since]
    if limit is not None:
        chosen = chosen[-limit:] if newest else chosen[:limit]
    return [move_row(json.loads(line)) for line in chosen]


def entry(blob: bytes, fmt: int, seq: int) -> list[Any] | None:
    """One packed entry by seq."""
    found = next((line for line in lines(blob, fmt) if seq_of(line) == seq), None)
    return None if found is None else list(json.loads(found))


async def ended_unpacked(db: aiosqlite.Connection, limit: int) -> list[int]:
    """Ended games whose log still has ``moves`` rows (the migration's and the sweep's work list)."""
    async with db.execute(
        "SELECT g.id FROM (SELECT DISTINCT game_id FROM moves) m JOIN games g ON g.id = m.game_id"
        f" WHERE g.status IN {ENDED!r} ORDER BY g.id LIMIT ?", (limit,)
    ) as cur:
        return [int(r[0]) async for r in cur]


async def pack_games(tx: Callable[[], Any], db: aiosqlite.Connection, game_ids: Sequence[int]) -> int:
    """Pack the logs of ``game_ids`` (ended games) in one transaction (``tx``: the store's transaction
    context); games already packed, or not ended, are left as they are. Returns how many were packed."""
    logs: list[tuple[int, int, bytes]] = []
    for gid in game_ids:
        async with db.execute(f"SELECT {COLUMNS} FROM moves WHERE game_id=? ORDER BY seq", (gid,)) as cur:
            rows = [tuple(r) for r in await cur.fetchall()]
        if rows:
            logs.append((gid, len(rows), await asyncio.to_thread(pack, rows)))
    packed = 0
    async with tx() as t:
        for gid, n, blob in logs:
            # only if the game has ended and its log is the one read (no entry came meanwhile)
            cur = await t.execute(
                "INSERT INTO move_logs(game_id, format, moves, log) SELECT id, ?, ?, ? FROM games"
                f" WHERE id=? AND status IN {ENDED!r} AND (SELECT COUNT(*) FROM moves WHERE game_id=?)=?"
                " AND NOT EXISTS (SELECT 1 FROM move_logs WHERE game_id=?)",
                (FORMAT, n, blob, gid, gid, n, gid))
            if cur.rowcount == 1:
                await t.execute("DELETE FROM moves WHERE game_id=?", (gid,))
                packed += 1
    return packed


async def pack_all(tx: Callable[[], Any], db: aiosqlite.Connection, what: str, batch: int | None = None,
                   clock: Callable[[], float] = time.monotonic) -> int:
    """Pack every ended game's log, ``batch`` games per transaction (each batch is kept even if a later one
    fails: run again, it goes on where it stopped). Says how far it got every few seconds when it takes long."""
    async with db.execute(
        "SELECT COUNT(*) FROM (SELECT DISTINCT game_id FROM moves) m JOIN games g ON g.id = m.game_id"
        f" WHERE g.status IN {ENDED!r}"
    ) as cur:
        row = await cur.fetchone()
    total = int(row[0]) if row is not None else 0
    batch = batch or BATCH
    start = last = clock()
    done = 0
    while True:
        ids = await ended_unpacked(db, batch)
        if not ids:
            break
        n = await pack_games(tx, db, ids)
        if n == 0:
            break  # nothing could be packed (changed meanwhile): the next start tries again
        done += n
        if clock() - last >= 5.0:
            last = clock()
            log.warning("%s: packed the move logs of %d of %d ended games (%.0f s)", what, done, total, last - start)
    if clock() - start >= 5.0:
        log.warning("%s: packed the move logs of %d ended games in %.0f s", what, done, clock() - start)
    return done
