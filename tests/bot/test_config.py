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
