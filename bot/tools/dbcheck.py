"""``referee db check``: SQLite's full integrity check of the database, on demand (issue 18).

The bot itself checks the file at start only after an unclean stop (:mod:`bot.store.connection`); this runs
``PRAGMA integrity_check`` (every page, every index against its table) whenever an operator asks, also while the
bot runs (it only reads: a write-ahead-log database may be read by another process meanwhile). It never
creates, migrates or writes the file.
"""
from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from urllib.parse import quote

from bot.store.connection import storage_error
from bot.table.errors import StorageError


def integrity_check(path: str | Path) -> float:
    """Check the file; returns the seconds it took. Raises :class:`StorageError` (``unavailable``: no such
    file or it cannot be read; ``corrupt``: not a database, or the check found damage, named in the detail)."""
    p = Path(path)
    if not p.is_file():
        raise StorageError("unavailable", "no such file" if not p.exists() else "not a file")
    start = time.perf_counter()
    try:
        db = sqlite3.connect(f"file:{quote(str(p.resolve()))}?mode=ro", uri=True)
        try:
            verdict = [str(r[0]) for r in db.execute("PRAGMA integrity_check")]
        finally:
            db.close()
    except sqlite3.Error as exc:
        raise storage_error(exc) from exc
    if verdict != ["ok"]:
        raise StorageError("corrupt", " ".join("; ".join(verdict[:3]).split()))
    return time.perf_counter() - start
