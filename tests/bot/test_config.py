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
