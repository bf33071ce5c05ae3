"""The PostgreSQL store (asyncpg): :class:`PgStore` implements the table's ports (:mod:`bot.table.ports`) for
several bot processes sharing one database. Its own numbered migrations are in :mod:`.schema`."""
from .store import PgStore

__all__ = ["PgStore"]
