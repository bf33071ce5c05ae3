"""Configuration: ``config.toml`` (see ``config.example.toml``) overlaid by the environment."""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.table.botpool import BotConfig


class ConfigError(Exception):
    pass


@dataclass
class Config:
    token: str = ""
    dev_guild_id: int = 0
    #: ``[storage] url`` (or ``path``) / ``REFEREE_DB``: a SQLite file path (the default), or a
    #: ``postgresql://`` URL (several bot processes sharing one PostgreSQL database)
    db_path: str = "referee.sqlite3"
    #: ``[storage]`` on PostgreSQL: each process's pool of connections for its work (``pool_min``–``pool_max``;
    #: the connections that hold channels are a second pool of up to twice ``pool_max``), and how long a request
    #: waits for a lock (its channel's, a row's) before the player is told to try again (``lock_timeout_s``)
    db_pool_min: int = 1
    db_pool_max: int = 10
    db_lock_timeout: float = 5.0
    default_locale: str = "en"
    #: Discord's HTTP API base (only for a stand-in Discord in tests; empty = discord.py's default)
    api_base: str = ""
    #: ``[clock]``: vacation days per user and year; timeouts in a row before the host may replace a player;
    #: the bot level that stands in under the ``bot`` policy
    vacation_days: int = 30
    replace_after: int = 3
    stand_in_bot: str = "easy"
    #: ``[discord]``: seconds between two board messages in one channel at least, and how long a board that only
    #: bots must answer waits for their moves (so a row of bot moves is one message)
    board_interval: float = 1.5
    bot_board_hold: float = 10.0
    #: ``[discord]``: worker processes drawing board pictures (0: two threads of the bot's process instead)
    render_processes: int = 2
    #: ``[bots]``: the default level of a bot seat, worker processes, a searching bot's time per decision
    bots: BotConfig = field(default_factory=BotConfig)
    #: ``[discord]`` sharding (issue 19): the total number of gateway shards and the ones this process runs
    #: (``None``: one unsharded connection); ``sync_commands``: whether this process syncs the slash commands
    #: (``None``: the process that runs shard 0, or the only process)
    shard_count: int | None = None
    shard_ids: list[int] | None = None
    sync_commands: bool | None = None
    #: ``[metrics] port``: the loopback port of /health and /metrics (0: off)
    metrics_port: int = 0
    metrics_host: str = "127.0.0.1"

    @property
    def syncs_commands(self) -> bool:
        """Whether this process syncs the application commands: exactly one process of a sharded bot does (the
        one running shard 0, unless ``sync_commands`` says otherwise)."""
        if self.sync_commands is not None:
            return self.sync_commands
        return self.shard_ids is None or 0 in self.shard_ids


def parse_shards(count: object, ids: object) -> tuple[int | None, list[int] | None]:
    """Validate a shard count and this process's shard ids (``"0,1"`` or a list); ``(None, None)``: unsharded.
    Raises :class:`ConfigError` naming what is wrong."""
    if count in (None, "") and ids in (None, "", []):
        return None, None
    try:
        n = int(str(count))
    except ValueError:
        raise ConfigError(f"shard count: {count!r} is not a whole number") from None
    if n < 1:
        raise ConfigError(f"shard count: {n} must be 1 or more")
    if ids in (None, "", []):
        return n, list(range(n))  # every shard in this process
    raw = ids.split(",") if isinstance(ids, str) else list(ids) if isinstance(ids, list | tuple) else [ids]
    try:
        shard_ids = [int(str(x).strip()) for x in raw]
    except ValueError:
        raise ConfigError(f"shard ids: {ids!r} must be whole numbers separated by commas, e.g. 0,1") from None
    wrong = [i for i in shard_ids if not 0 <= i < n]
    if wrong:
        raise ConfigError(f"shard ids: {', '.join(map(str, wrong))} not between 0 and {n - 1} (shard count {n})")
    if len(set(shard_ids)) != len(shard_ids):
        raise ConfigError(f"shard ids: {ids!r} names a shard twice")
    return n, sorted(shard_ids)


def storage_target(storage: dict[str, Any]) -> str:
    """``[storage]``'s database: ``url`` (a ``postgresql://`` URL or a SQLite path), else ``path`` (the SQLite
    file), else ``referee.sqlite3``. Both at once is a mistake, named."""
    url, path = storage.get("url"), storage.get("path")
    if url and path:
        raise ConfigError("[storage]: give either url or path, not both")
    return str(url or path or "referee.sqlite3")


#: ``[storage]``'s PostgreSQL tuning: its key, its environment variable, and the bounds it must lie within
POOL_MIN = ("pool_min", "REFEREE_DB_POOL_MIN", 0, 1000)
POOL_MAX = ("pool_max", "REFEREE_DB_POOL_MAX", 1, 1000)
LOCK_TIMEOUT = ("lock_timeout_s", "REFEREE_DB_LOCK_TIMEOUT", 0.1, 600.0)


def storage_tuning(storage: dict[str, Any], env: dict[str, str]) -> tuple[int, int, float]:
    """``[storage]`` ``pool_min``, ``pool_max`` and ``lock_timeout_s`` (each overridden by its environment variable:
    ``REFEREE_DB_POOL_MIN``, ``REFEREE_DB_POOL_MAX``, ``REFEREE_DB_LOCK_TIMEOUT``), validated. Raises
    :class:`ConfigError` naming the key (or variable), the value and what it must be."""
    def number(spec: tuple[str, str, float, float], default: float, whole: bool) -> float:
        key, var, low, high = spec
        raw: object = env[var] if env.get(var, "").strip() else storage.get(key, default)
        where = f"{var}" if env.get(var, "").strip() else f"[storage] {key}"
        kind = "a whole number" if whole else "a number of seconds"
        if isinstance(raw, bool):
            raise ConfigError(f"{where}: {raw!r} is not {kind}")
        try:
            value = float(str(raw).strip()) if not isinstance(raw, int | float) else float(raw)
        except ValueError:
            raise ConfigError(f"{where}: {raw!r} is not {kind}") from None
        if whole and value != int(value):
            raise ConfigError(f"{where}: {raw!r} is not {kind}")
        if not low <= value <= high:
            shown = (f"{int(low)}–{int(high)}" if whole else f"{low:g}–{high:g} seconds")
            raise ConfigError(f"{where}: {raw!r} must be {shown}")
        return value

    pool_min = int(number(POOL_MIN, 1, True))
    pool_max = int(number(POOL_MAX, 10, True))
    if pool_min > pool_max:
        raise ConfigError(f"[storage]: pool_min ({pool_min}) must not be more than pool_max ({pool_max})")
    return pool_min, pool_max, number(LOCK_TIMEOUT, 5.0, False)


#: the file ``referee run`` reads when no ``--config`` is given and it exists in the working directory
DEFAULT_FILE = "config.toml"


def default_path(given: str | None, cwd: Path | None = None) -> tuple[str | None, str]:
    """The config file ``referee run`` reads, and the start-up line that says which: ``--config`` if given,
    else ``./config.toml`` when it exists (what the README's "copy config.example.toml to config.toml"
    leads to), else none (the environment and the defaults)."""
    if given:
        return given, f"referee: configuration from {given}"
    here = (cwd or Path.cwd()) / DEFAULT_FILE
    if here.is_file():
        return str(here), f"referee: configuration from {here} (found in the working directory; --config picks another)"
    return None, (f"referee: no {DEFAULT_FILE} in {here.parent} and no --config: using the environment and the "
                  "defaults")


def load(path: str | None = None, env: dict[str, str] | None = None) -> Config:
    env = dict(os.environ) if env is None else env
    data: dict[str, Any] = {}
    if path:
        p = Path(path)
        if not p.is_file():
            raise ConfigError(f"config file not found: {p}")
        try:
            data = tomllib.loads(p.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{p}: {exc}") from exc
    discord = data.get("discord", {})
    cfg = Config(
        token=str(discord.get("token", "") or ""),
        dev_guild_id=int(discord.get("dev_guild_id", 0) or 0),
        db_path=storage_target(data.get("storage", {})),
        default_locale=str(data.get("bot", {}).get("default_locale", "en")),
        api_base=str(discord.get("api_base", "") or ""),
    )
    try:
        cfg.board_interval = float(discord.get("board_interval", cfg.board_interval))
        cfg.bot_board_hold = float(discord.get("bot_board_hold", cfg.bot_board_hold))
        cfg.render_processes = int(discord.get("render_processes", cfg.render_processes))
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"[discord]: {exc}") from exc
    if not 0 <= cfg.board_interval <= 60 or not 0 <= cfg.bot_board_hold <= 600:
        raise ConfigError("[discord]: board_interval must be 0–60 seconds, bot_board_hold 0–600 seconds")
    if not 0 <= cfg.render_processes <= 16:
        raise ConfigError("[discord]: render_processes must be 0–16 (0: draw in threads of the bot's process)")
    clock = data.get("clock", {})
    try:
        cfg.vacation_days = int(clock.get("vacation_days", cfg.vacation_days))
        cfg.replace_after = int(clock.get("replace_after", cfg.replace_after))
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"[clock]: {exc}") from exc
    cfg.stand_in_bot = str(clock.get("stand_in_bot", cfg.stand_in_bot))
    if not 0 <= cfg.vacation_days <= 365 or cfg.replace_after < 1 or cfg.stand_in_bot not in ("random", "easy", "normal"):
        raise ConfigError("[clock]: vacation_days must be 0–365, replace_after at least 1, "
                          "stand_in_bot one of random, easy, normal")
    bots = data.get("bots", {})
    try:
        cfg.bots = BotConfig(level=str(bots.get("level", cfg.bots.level)),
                             workers=int(bots.get("workers", cfg.bots.workers)),
                             budget_ms=float(bots.get("budget_ms", cfg.bots.budget_ms)))
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"[bots]: {exc}") from exc
    cfg.shard_count, cfg.shard_ids = parse_shards(env.get("REFEREE_SHARD_COUNT", discord.get("shard_count")),
                                                  env.get("REFEREE_SHARD_IDS", discord.get("shard_ids")))
    sync = discord.get("sync_commands")
    if sync is not None and not isinstance(sync, bool):
        raise ConfigError("[discord]: sync_commands must be true or false")
    cfg.sync_commands = sync
    metrics = data.get("metrics", {})
    try:
        cfg.metrics_port = int(env.get("REFEREE_METRICS_PORT", metrics.get("port", 0)) or 0)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"[metrics]: port: {exc}") from exc
    cfg.metrics_host = str(metrics.get("host", cfg.metrics_host))
    if not 0 <= cfg.metrics_port <= 65535:
        raise ConfigError("[metrics]: port must be 0 (off) or 1–65535")
    cfg.token = env.get("DISCORD_TOKEN", cfg.token).strip()
    if env.get("REFEREE_DEV_GUILD"):
        cfg.dev_guild_id = int(env["REFEREE_DEV_GUILD"])
    cfg.db_path = env.get("REFEREE_DB", "").strip() or cfg.db_path
    cfg.db_pool_min, cfg.db_pool_max, cfg.db_lock_timeout = storage_tuning(data.get("storage", {}), env)
    cfg.default_locale = env.get("REFEREE_LOCALE", cfg.default_locale)
    cfg.api_base = env.get("REFEREE_DISCORD_API", cfg.api_base)
    return cfg
