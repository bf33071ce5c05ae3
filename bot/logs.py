"""Logging set-up for ``referee run``: the project's level, and libraries that must never log secrets.

Some libraries log whole payloads at DEBUG level: aiosqlite logs every statement with its parameters
(whole game states, with every hand and Sphinx card), discord.py's HTTP client logs request bodies
(ephemeral replies with a player's hand, autocomplete choices built from it) and its gateway logs
every received event. Those loggers are held at INFO or above whatever level the bot runs at, so
hidden information never reaches a log line (issue 8.8). The project's own log lines name games,
channels and errors, never states, hands, private views or private options.
"""
from __future__ import annotations

import logging

#: loggers that log payloads (SQL parameters, HTTP bodies, gateway events) at DEBUG level
PAYLOAD_LOGGERS = ("aiosqlite", "discord.http", "discord.gateway", "discord.webhook", "discord.state")
#: the lowest level those loggers may log at
PAYLOAD_FLOOR = logging.INFO
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")


def parse_level(level: int | str) -> int:
    """``"debug"``/``"DEBUG"``/``10`` → 10; anything else raises ``ValueError`` naming the allowed levels."""
    if isinstance(level, int) and not isinstance(level, bool):
        return level
    name = str(level).strip().upper()
    if name not in LEVELS:
        raise ValueError(f"log level must be one of {', '.join(LEVELS)}, not {level!r}")
    return int(logging.getLevelName(name))


def configure_logging(level: int | str = logging.INFO) -> None:
    """Log to stderr at ``level``, with the payload loggers held at :data:`PAYLOAD_FLOOR` or above."""
    lvl = parse_level(level)
    logging.basicConfig(level=lvl, format=FORMAT)
    logging.getLogger().setLevel(lvl)  # also when a handler was installed before (basicConfig is then a no-op)
    cap_payload_loggers()


def cap_payload_loggers() -> None:
    """Hold every logger of :data:`PAYLOAD_LOGGERS` at :data:`PAYLOAD_FLOOR` or above."""
    for name in PAYLOAD_LOGGERS:
        logger = logging.getLogger(name)
        if logger.level < PAYLOAD_FLOOR:  # NOTSET (0) would inherit the root's DEBUG
            logger.setLevel(PAYLOAD_FLOOR)


__all__ = ["FORMAT", "LEVELS", "PAYLOAD_FLOOR", "PAYLOAD_LOGGERS", "cap_payload_loggers", "configure_logging", "parse_level"]
