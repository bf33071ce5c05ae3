"""Storage: the only SQL in the bot. :class:`~bot.store.sqlite.Store` implements the table's ports
(:mod:`bot.table.ports`) on SQLite (:mod:`.schema` holds its numbered migrations); :mod:`.postgres` on
PostgreSQL, for several bot processes sharing one database. :func:`open_store` opens the one a setting names."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .sqlite import Store

if TYPE_CHECKING:
    from .postgres import PgStore

__all__ = ["Store", "is_postgres", "open_store"]


def is_postgres(target: str) -> bool:
    """Whether a ``[storage] url`` / ``REFEREE_DB`` value names a PostgreSQL database (else: a SQLite file)."""
    return target.strip().lower().startswith(("postgresql://", "postgres://"))


async def open_store(target: str) -> Store | PgStore:
    """Open (and migrate) the store ``target`` names: a ``postgresql://`` URL, or else a SQLite file path (the
    default). Raises :class:`~bot.table.errors.StorageError` at once if it cannot be used."""
    if is_postgres(target):
        from .postgres import PgStore  # asyncpg is loaded only by those who use it

        return await PgStore.open(target.strip())
    return await Store.open(target)
