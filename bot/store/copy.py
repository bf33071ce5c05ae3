"""Copy a community's SQLite database into PostgreSQL (``referee db copy FROM TO``, issue 19).

Every table of :data:`bot.store.postgres.schema.TABLES` is copied whole, ids kept (each identity sequence then
continues after the highest id), in one PostgreSQL transaction: a copy that fails stores nothing, and the target
must be empty (a second copy into it is refused, by name), so running it again is safe. The source is opened as
Referee opens it (migrated to this version's schema); every PostgreSQL column must have its SQLite twin and no
SQLite column may be left behind, else the copy is refused naming the column. Run it while the bot is stopped.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import movelog, rows
from .postgres import PgStore
from .postgres.schema import TABLES
from .sqlite import Store

#: rows copied per batch
BATCH = 5000


class CopyRefused(Exception):
    """The copy cannot be made (the message says why); nothing was written."""


def _convert(data_type: str) -> Callable[[Any], Any]:
    """A SQLite value as the PostgreSQL column of ``data_type`` takes it."""
    if data_type == "boolean":
        return lambda v: None if v is None else bool(v)
    if data_type == "double precision":
        return lambda v: None if v is None else float(v)
    if data_type in ("integer", "bigint", "smallint"):
        return lambda v: None if v is None else int(v)
    return lambda v: None if v is None else str(v)


async def copy_sqlite_to_postgres(source: str, target: str) -> dict[str, int]:
    """Copy the SQLite file ``source`` into the PostgreSQL database ``target`` (a URL); the rows copied per
    table. Raises :class:`CopyRefused` (nothing written) or :class:`~bot.table.errors.StorageError`."""
    if not Path(source).is_file():
        raise CopyRefused(f"{source}: no such SQLite file")
    src = await Store.open(source)
    try:
        dst = await PgStore.open(target)
        try:
            return await _copy(src, dst)
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy(src: Store, dst: PgStore) -> dict[str, int]:
    copied: dict[str, int] = {}
    async with dst.transaction() as conn:
        await conn.execute("LOCK TABLE games IN EXCLUSIVE MODE")  # two copies at once: one after the other
        held = {t: int(await conn.fetchval(f"SELECT count(*) FROM {t}")) for t, _ in TABLES}
        if any(held.values()):
            listed = ", ".join(f"{n} {t}" for t, n in held.items() if n)
            raise CopyRefused(f"the target database already holds Referee data ({listed}): "
                              "copy only into an empty database")
        for table, identity in TABLES:
            columns = await conn.fetch(
                "SELECT column_name, data_type FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position", table)
            names = [str(c["column_name"]) for c in columns]
            async with src.db.execute(f"PRAGMA table_info({table})") as cur:
                have = [str(r[1]) async for r in cur]
            if missing := [n for n in names if n not in have]:
                raise CopyRefused(f"the SQLite table {table} has no column {', '.join(missing)}")
            if extra := [n for n in have if n not in names]:
                raise CopyRefused(f"the PostgreSQL table {table} has no column {', '.join(extra)} "
                                  "(its migrations are behind SQLite's): nothing copied")
            convert = [_convert(str(c["data_type"])) for c in columns]
            copied[table] = 0
            async with src.db.execute(f"SELECT {', '.join(names)} FROM {table} ORDER BY rowid") as cur:
                while batch := await cur.fetchmany(BATCH):
                    records = [tuple(f(v) for f, v in zip(convert, row, strict=True)) for row in batch]
                    await conn.copy_records_to_table(table, records=records, columns=names)
                    copied[table] += len(records)
            if table == "moves":  # ended games' packed logs (SQLite keeps them in move_logs) as rows again
                copied[table] += await _copy_packed_logs(src, conn, names, convert)
            if identity is not None:
                await conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', '{identity}'),"
                                   f" COALESCE((SELECT MAX({identity}) FROM {table}), 0) + 1, false)")
        for table, _ in TABLES:
            stored = int(await conn.fetchval(f"SELECT count(*) FROM {table}"))
            if stored != copied[table]:
                raise CopyRefused(f"{table}: {copied[table]} rows read but {stored} stored: nothing copied")
    return copied


async def _copy_packed_logs(src: Store, conn: Any, names: list[str], convert: list[Callable[[Any], Any]]) -> int:
    """Copy the entries of every packed move log (:mod:`bot.store.movelog`) into PostgreSQL's ``moves``, one row
    each, as they were before packing; how many."""
    columns = ["game_id", *(c.strip() for c in movelog.COLUMNS.split(","))]
    if sorted(columns) != sorted(names):
        raise CopyRefused(f"the packed move log's columns ({', '.join(columns)}) differ from PostgreSQL's moves table")
    order = [columns.index(n) for n in names]
    count = 0
    async with src.db.execute("SELECT game_id, log, format FROM move_logs ORDER BY game_id") as cur:
        while batch := await cur.fetchmany(100):
            records = []
            for game_id, blob, fmt in batch:
                for e in movelog.unpack(bytes(blob), int(fmt)):
                    # events and clocks as the JSON text a row holds
                    row = [game_id, *e[:4], rows.dumps(e[4]), *e[5:9], None if e[9] is None else rows.dumps(e[9])]
                    records.append(tuple(f(row[i]) for f, i in zip(convert, order, strict=True)))
            await conn.copy_records_to_table("moves", records=records, columns=names)
            count += len(records)
    return count


async def newest_started(store: PgStore, n: int) -> list[int]:
    """The ids of the ``n`` newest games that were started (those with a seed), newest first."""
    async with store._reading() as conn:
        return [int(r["id"]) for r in await conn.fetch(
            "SELECT id FROM games WHERE seed IS NOT NULL ORDER BY id DESC LIMIT $1", n)]
