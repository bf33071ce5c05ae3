"""Issue 18: the integrity check runs at start only after an unclean stop (or when the file changed since the
store closed it); ``referee db check`` runs the full check on demand. A damaged file is still refused."""
from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import Store
from bot.store.connection import marker_path
from bot.table.errors import StorageError

ROOT = Path(__file__).resolve().parents[3]


async def made(path: Path) -> None:
    store = await Store.open(str(path))
    await store.create_game("c", None, "alhambra", "u", "U", {"x": "y" * 20000}, "en", 1.0)
    await store.close()


def damage(path: Path, keep_mtime: bool = False) -> None:
    """Overwrite part of the second page (as a disk or a stray program would)."""
    st = path.stat()
    data = bytearray(path.read_bytes())
    data[4096 + 100: 4096 + 3000] = random.Random(2).randbytes(2900)
    path.write_bytes(bytes(data))
    if keep_mtime:
        os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))


async def test_a_clean_close_skips_the_check_and_an_unclean_stop_runs_it(tmp_path):
    path = tmp_path / "r.sqlite3"
    store = await Store.open(str(path))
    assert store.checked  # a new file: never closed cleanly by this code
    marker = marker_path(str(path))
    assert marker is not None and not marker.exists()  # while open there is no marker
    await store.close()
    assert marker.exists()
    store = await Store.open(str(path))
    assert not store.checked and not marker.exists()
    await store.create_game("c", None, "alhambra", "u", "U", {}, "en", 1.0)
    await store.db.close()  # the process dies: no clean close, no marker
    store = await Store.open(str(path))
    assert store.checked
    assert (await store.open_game("c")) is not None  # the crash lost nothing
    await store.close()


async def test_an_unclean_stop_over_a_damaged_file_is_refused(tmp_path):
    path = tmp_path / "d.sqlite3"
    await made(path)
    store = await Store.open(str(path))
    await store.db.close()  # unclean: no marker
    damage(path)
    with pytest.raises(StorageError) as e:
        await Store.open(str(path))
    assert e.value.reason == "corrupt"


async def test_a_file_changed_after_a_clean_close_is_checked_even_with_its_old_time(tmp_path):
    path = tmp_path / "d.sqlite3"
    await made(path)
    damage(path, keep_mtime=True)  # same size, same time: the sampled pages differ
    with pytest.raises(StorageError) as e:
        await Store.open(str(path))
    assert e.value.reason == "corrupt"


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.cli", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)


async def test_db_check_on_demand(tmp_path):
    good = tmp_path / "good.sqlite3"
    await made(good)
    ok = _cli("db", "check", "--db", str(good))
    assert ok.returncode == 0 and "passed SQLite's integrity check" in ok.stdout, ok.stderr
    bad = tmp_path / "bad.sqlite3"
    await made(bad)
    damage(bad)
    missing = tmp_path / "missing.sqlite3"
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database, really not" * 500)
    for path, reason in ((bad, "damaged"), (garbage, "damaged"), (missing, "cannot be opened")):
        proc = _cli("db", "check", "--db", str(path))
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr.strip().splitlines()[-1].startswith("referee: cannot use the database"), proc.stderr
        assert reason in proc.stderr and "Traceback" not in proc.stderr
    assert not missing.exists()  # checking never creates a file
    # the path comes from the configuration when not given
    config = tmp_path / "config.toml"
    config.write_text(f'[storage]\npath = "{good}"\n')
    ok = _cli("db", "check", "--config", str(config))
    assert ok.returncode == 0 and str(good) in ok.stdout, ok.stderr
