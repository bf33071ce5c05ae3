"""A sharded bot (issue 19): ``referee run --shard-count N --shard-ids 0,1`` runs an AutoShardedClient over
those shards, and exactly one process (the one running shard 0, unless told otherwise) syncs the commands."""
from __future__ import annotations

from pathlib import Path
from unittest.mock import AsyncMock

import discord
import pytest

import bot.discord as adapter
from bot.cli import main
from bot.config import Config, ConfigError, load, parse_shards
from bot.discord.app import Referee, ShardedReferee, make_client


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    """``referee run …`` up to the point where the bot would connect: the configuration it would run with."""
    seen: list[Config] = []
    monkeypatch.setattr(adapter, "run_bot", lambda cfg: seen.append(cfg) or 0)
    monkeypatch.setenv("DISCORD_TOKEN", "t")
    for key in ("REFEREE_SHARD_COUNT", "REFEREE_SHARD_IDS", "REFEREE_METRICS_PORT"):
        monkeypatch.delenv(key, raising=False)
    cfg = tmp_path / "config.toml"
    cfg.write_text("", encoding="utf-8")

    def run(*args: str) -> tuple[int, Config | None]:
        seen.clear()
        code = main(["run", "--config", str(cfg), *args])
        return code, seen[0] if seen else None

    return run


def test_the_command_line_picks_this_processs_shards_and_who_syncs(started) -> None:
    code, cfg = started("--shard-count", "4", "--shard-ids", "0,1")
    assert code == 0 and cfg is not None
    assert (cfg.shard_count, cfg.shard_ids, cfg.syncs_commands) == (4, [0, 1], True)
    code, cfg = started("--shard-count", "4", "--shard-ids", "3,2")
    assert cfg is not None and (cfg.shard_ids, cfg.syncs_commands) == ([2, 3], False)
    code, cfg = started("--shard-count", "2")  # every shard in this one process
    assert cfg is not None and (cfg.shard_ids, cfg.syncs_commands) == ([0, 1], True)
    code, cfg = started("--shard-count", "4", "--shard-ids", "0,1", "--no-sync-commands")
    assert cfg is not None and not cfg.syncs_commands
    code, cfg = started("--shard-count", "4", "--shard-ids", "2", "--sync-commands")
    assert cfg is not None and cfg.syncs_commands
    code, cfg = started()  # unsharded: one connection, and it syncs
    assert cfg is not None and (cfg.shard_count, cfg.shard_ids, cfg.syncs_commands) == (None, None, True)


@pytest.mark.parametrize(("args", "says"), [
    (["--shard-count", "4", "--shard-ids", "4"], "4 not between 0 and 3"),
    (["--shard-count", "4", "--shard-ids", "1,1"], "names a shard twice"),
    (["--shard-count", "4", "--shard-ids", "a,b"], "whole numbers separated by commas"),
    (["--shard-count", "0"], "must be 1 or more"),
    (["--shard-ids", "0,1"], "--shard-ids needs --shard-count"),
    (["--metrics-port", "70000"], "--metrics-port"),
])
def test_wrong_shard_options_stop_with_a_clear_message(started, capsys, args, says) -> None:
    code, cfg = started(*args)
    assert code == 2 and cfg is None
    assert says in capsys.readouterr().err


def test_the_configuration_file_and_the_environment_set_the_shards(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text('[discord]\nshard_count = 6\nshard_ids = [5, 4]\nsync_commands = false\n[metrics]\nport = 9107\n',
                    encoding="utf-8")
    cfg = load(str(path), env={})
    assert (cfg.shard_count, cfg.shard_ids, cfg.sync_commands, cfg.metrics_port) == (6, [4, 5], False, 9107)
    cfg = load(str(path), env={"REFEREE_SHARD_IDS": "0,2"})
    assert (cfg.shard_ids, cfg.syncs_commands) == ([0, 2], False)  # told not to sync: it does not
    assert parse_shards(None, None) == (None, None)
    with pytest.raises(ConfigError, match="sync_commands"):
        bad = tmp_path / "bad.toml"
        bad.write_text('[discord]\nsync_commands = "yes"\n', encoding="utf-8")
        load(str(bad), env={})


async def test_the_client_runs_the_given_shards_and_only_shard_zeros_process_syncs(service) -> None:
    first = make_client(service, Config(shard_count=4, shard_ids=[0, 1], board_interval=0.0))
    second = make_client(service, Config(shard_count=4, shard_ids=[2, 3], board_interval=0.0))
    plain = make_client(service, Config(board_interval=0.0))
    try:
        assert isinstance(first, ShardedReferee) and isinstance(first, discord.AutoShardedClient)
        assert (first.shard_count, first.shard_ids) == (4, [0, 1])
        assert (second.shard_count, second.shard_ids) == (4, [2, 3])
        assert type(plain) is Referee and not isinstance(plain, discord.AutoShardedClient)
        for client in (first, second, plain):
            client.tree.sync = AsyncMock(return_value=[object()] * 3)  # type: ignore[method-assign]
            # every process builds the whole command tree: it answers the interactions its shards receive
            assert client.tree.get_command("game") is not None
        assert await first.sync_commands() == 3 and first.tree.sync.await_count == 1
        assert await second.sync_commands() is None and second.tree.sync.await_count == 0
        assert await plain.sync_commands() == 3
    finally:
        for client in (first, second, plain):
            await client.close()
