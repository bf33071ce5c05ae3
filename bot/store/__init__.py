"""Storage: the only SQL in the bot. :class:`~bot.store.sqlite.Store` implements the table's ports
(:mod:`bot.table.ports`) on SQLite; :mod:`.schema` holds the numbered migrations."""
from .sqlite import Store

__all__ = ["Store"]
