"""Issue 23 item 11: ``referee run`` reads ./config.toml when no --config is given, and says which file it read."""
from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli import main
from bot.config import default_path


def test_config_toml_in_the_working_directory_is_read_and_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    (tmp_path / "config.toml").write_text("[clock]\nvacation_days = 999\n")  # out of range: proves it was read
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert f"configuration from {tmp_path / 'config.toml'}" in err
    assert "vacation_days must be 0–365" in err


def test_without_a_config_file_the_start_up_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "no config.toml in" in err and "DISCORD_TOKEN" in err


def test_an_explicit_config_wins(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text("")
    assert default_path("other.toml", tmp_path)[0] == "other.toml"
    assert default_path(None, tmp_path)[0] == str(tmp_path / "config.toml")
    assert default_path(None, tmp_path / "nowhere")[0] is None


def test_storage_is_a_sqlite_path_or_a_postgresql_url(tmp_path: Path) -> None:
    """Issue 19: ``[storage] url`` / ``REFEREE_DB`` take a ``postgresql://`` URL; a path keeps SQLite (the default)."""
    from bot.config import ConfigError, load
    from bot.store import is_postgres

    assert load(None, env={}).db_path == "referee.sqlite3" and not is_postgres("referee.sqlite3")
    url = "postgresql://referee@db.internal:5432/referee"
    conf = tmp_path / "c.toml"
    conf.write_text(f'[storage]\nurl = "{url}"\n')
    assert load(str(conf), env={}).db_path == url and is_postgres(url) and is_postgres("postgres://x@y/z")
    conf.write_text('[storage]\npath = "games.sqlite3"\n')  # the older key still works
    assert load(str(conf), env={}).db_path == "games.sqlite3"
    assert load(str(conf), env={"REFEREE_DB": url}).db_path == url  # the environment wins
    conf.write_text(f'[storage]\npath = "games.sqlite3"\nurl = "{url}"\n')
    with pytest.raises(ConfigError, match="either url or path"):
        load(str(conf), env={})


def test_the_example_config_names_the_sqlite_default() -> None:
    from bot.config import load

    example = Path(__file__).resolve().parents[2] / "config.example.toml"
    assert load(str(example), env={}).db_path == "referee.sqlite3"


def test_postgresql_pool_sizes_and_lock_timeout_are_set_and_checked(tmp_path: Path) -> None:
    """Issue 19: ``[storage] pool_min``, ``pool_max``, ``lock_timeout_s`` (and their environment variables) tune a
    process's PostgreSQL pool and lock wait; a wrong value is refused naming the key, the value and the range."""
    from bot.config import ConfigError, load

    default = load(None, env={})
    assert (default.db_pool_min, default.db_pool_max, default.db_lock_timeout) == (1, 10, 5.0)
    conf = tmp_path / "c.toml"
    conf.write_text('[storage]\nurl = "postgresql://r@/r"\npool_min = 2\npool_max = 40\nlock_timeout_s = 2.5\n')
    cfg = load(str(conf), env={})
    assert (cfg.db_pool_min, cfg.db_pool_max, cfg.db_lock_timeout) == (2, 40, 2.5)
    env = {"REFEREE_DB_POOL_MIN": "0", "REFEREE_DB_POOL_MAX": "5", "REFEREE_DB_LOCK_TIMEOUT": "0.5"}
    cfg = load(str(conf), env=env)  # the environment wins
    assert (cfg.db_pool_min, cfg.db_pool_max, cfg.db_lock_timeout) == (0, 5, 0.5)
    assert load(str(conf), env={"REFEREE_DB_POOL_MAX": " "}).db_pool_max == 40  # a blank variable is unset
    wrong = [
        ("pool_max = 0", r"\[storage\] pool_max: 0 must be 1–1000"),
        ("pool_max = 2.5", r"\[storage\] pool_max: 2.5 is not a whole number"),
        ('pool_min = "many"', r"\[storage\] pool_min: 'many' is not a whole number"),
        ("pool_min = -1", r"\[storage\] pool_min: -1 must be 0–1000"),
        ("pool_min = 8\npool_max = 4", r"pool_min \(8\) must not be more than pool_max \(4\)"),
        ("lock_timeout_s = 0", r"\[storage\] lock_timeout_s: 0 must be 0.1–600 seconds"),
        ("lock_timeout_s = true", r"\[storage\] lock_timeout_s: True is not a number of seconds"),
        ('lock_timeout_s = "5s"', r"\[storage\] lock_timeout_s: '5s' is not a number of seconds"),
    ]
    for line, message in wrong:
        conf.write_text(f'[storage]\nurl = "postgresql://r@/r"\n{line}\n')
        with pytest.raises(ConfigError, match=message):
            load(str(conf), env={})
    conf.write_text('[storage]\nurl = "postgresql://r@/r"\n')
    with pytest.raises(ConfigError, match=r"REFEREE_DB_LOCK_TIMEOUT: '1e9' must be 0.1–600 seconds"):
        load(str(conf), env={"REFEREE_DB_LOCK_TIMEOUT": "1e9"})
    with pytest.raises(ConfigError, match=r"REFEREE_DB_POOL_MAX: 'ten' is not a whole number"):
        load(str(conf), env={"REFEREE_DB_POOL_MAX": "ten"})


async def test_the_pool_sizes_and_the_lock_timeout_reach_the_postgresql_pools(pg_url: str) -> None:
    from bot.store import open_store
    from bot.store.postgres import PgStore

    store = await open_store(pg_url, pool_min=2, pool_max=3, lock_timeout=0.25)
    assert isinstance(store, PgStore)
    try:
        assert (store.pool.get_min_size(), store.pool.get_max_size()) == (2, 3)
        assert store.holds is not None and store.holds.get_max_size() == 6
        async with store.transaction() as conn:
            assert await conn.fetchval("SHOW lock_timeout") == "250ms"
    finally:
        await store.close()
