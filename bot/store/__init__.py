"""Storage: the only SQL in the bot. :class:`~bot.store.sqlite.Store` implements the table's ports
(:mod:`bot.table.ports`) on SQLite (:mod:`.schema` holds its numbered migrations); :mod:`.postgres` on
PostgreSQL, for several bot processes sharing one database. :func:`open_store` opens the one a setting names."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit

from .sqlite import Store

if TYPE_CHECKING:
    from .postgres import PgStore

__all__ = ["Store", "display_target", "is_postgres", "open_store"]


def is_postgres(target: str) -> bool:
    """Whether a ``[storage] url`` / ``REFEREE_DB`` value names a PostgreSQL database (else: a SQLite file)."""
    return target.strip().lower().startswith(("postgresql://", "postgres://"))


def display_target(target: str) -> str:
    """A database setting as it may be shown or logged: a URL's password replaced by ``***``."""
    if not is_postgres(target):
        return target
    parts = urlsplit(target.strip())
    if parts.password is None:
        return target.strip()
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


async def open_store(target: str, clock: Callable[[], float] = time.time, *, pool_min: int = 1,
                     pool_max: int = 10, lock_timeout: float = 5.0) -> Store | PgStore:
    """Open (and migrate) the store ``target`` names: a ``postgresql://`` URL, or else a SQLite file path (the
    default). Raises :class:`~bot.table.errors.StorageError` at once if it cannot be used. ``clock``: a SQLite
    store's clock, the one its leases are reckoned on (PostgreSQL reckons them on the server's own clock).
    ``pool_min`` / ``pool_max`` / ``lock_timeout``: PostgreSQL's pool and lock wait (``[storage]``)."""
    if is_postgres(target):
        from .postgres import PgStore  # asyncpg is loaded only by those who use it

        return await PgStore.open(target.strip(), pool_min=pool_min, pool_size=pool_max, lock_timeout=lock_timeout)
    return await Store.open(target, clock=clock)
