"""No secret in any log line (issue 8.8), at every level.

Whole games of each title run through the service with a temporary SQLite store, with logging
configured as ``referee run --log-level DEBUG`` configures it (``bot.logs.configure_logging``) and
every record captured. The scan looks for each seat's secrets at every step (money hands, Sphinx
cards, Luxor hands and scarabs, the order of the hidden decks) in the forms a state or a view would
take in a log line (the stored JSON, Python's repr) and finds none. A control run with aiosqlite let down to DEBUG finds
them, so the scan is meaningful.

Clauses: ALH-INFO-3, EGZ-INFO-2, LUX-INFO-2.
"""
from __future__ import annotations

import json
import logging
import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.logs import FORMAT, PAYLOAD_FLOOR, PAYLOAD_LOGGERS, configure_logging
from bot.table.service import GameService
from tests.bot.conftest import USERS, started


class Capture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.NOTSET)
        self.records: list[logging.LogRecord] = []
        self.setFormatter(logging.Formatter(FORMAT))

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def texts(self) -> list[str]:
        return [self.format(r) for r in self.records]


@pytest.fixture
def debug_logging() -> Iterator[Capture]:
    """Logging as ``referee run --log-level DEBUG`` sets it up, every record captured; restored after."""
    root = logging.getLogger()
    saved = (root.level, list(root.handlers), {n: logging.getLogger(n).level for n in (*PAYLOAD_LOGGERS, "asyncio")})
    configure_logging("DEBUG")
    capture = Capture()
    root.addHandler(capture)
    try:
        yield capture
    finally:
        root.setLevel(saved[0])
        root.handlers[:] = saved[1]
        for name, level in saved[2].items():
            logging.getLogger(name).setLevel(level)


def forms(key: str, value: Any) -> set[str]:
    """Distinctive serialisations of one secret: the stored JSON (compact), default JSON and repr."""
    return {
        json.dumps({key: value}, separators=(",", ":"))[1:-1],
        json.dumps({key: value})[1:-1],
        repr(value),
    }


def secrets_of(title: str, state: dict[str, Any]) -> set[str]:
    out: set[str] = set()
    deck = {"alhambra": "deck", "egizia": "sphinx_deck", "luxor": "draw"}[title]
    if len(state[deck]) > 1:  # the order of a hidden deck
        out |= forms(deck, state[deck])
    if title == "alhambra":
        if not state["options"]["open_hands"]:
            for p in state["players"]:
                if p["hand"]:
                    out |= forms("hand", p["hand"])
    elif title == "egizia":
        if not state.get("result"):
            for p in state["seats"]:
                if p["sphinx"]:
                    out |= forms("sphinx", p["sphinx"])
                    out |= {json.dumps(c) for c in p["sphinx"]}  # each card id, as stored
    else:
        for p in state["seats"]:
            if p["hand"]:
                out |= forms("hand", p["hand"])
            if p["scarabs"] and not state["over"]:
                out |= forms("scarabs", p["scarabs"])
    return out


async def play_game(service: GameService, title: str, seed: int, max_moves: int | None = None) -> tuple[set[str], int]:
    """A whole random game of three players through the service (also reading each private view and
    each seat's options, as the adapter does); returns every secret seen and the number of moves."""
    channel = f"log-{title}-{seed}"
    report = await started(service, title, 3, channel, seed)
    rnd = random.Random(seed)
    secrets: set[str] = set()
    moves = 0
    snap = report
    while snap.result is None and (max_moves is None or moves < max_moves):
        assert snap.state is not None
        secrets |= secrets_of(title, snap.state)
        prompt = rnd.choice(snap.prompts)
        user = USERS[prompt.seat]
        if moves % 10 == 0:
            await service.private(channel, user.id)
            await service.options_for(channel, user.id)
        snap = await service.act(channel, user, rnd.choice(prompt.options).action, snap.row.version)
        moves += 1
    return secrets, moves


def leaks(texts: list[str], secrets: set[str]) -> list[tuple[str, str]]:
    return [(s, t[:200]) for t in texts for s in secrets if s in t]


@pytest.mark.parametrize("title", ["alhambra", "egizia", "luxor"])
async def test_debug_logs_hold_no_secret(service: GameService, debug_logging: Capture, title: str) -> None:
    """A whole game at DEBUG: no log record holds a hand, a Sphinx card list or a scarab list."""
    secrets, moves = await play_game(service, title, seed=3)
    assert moves > 20 and len(secrets) > 10
    texts = debug_logging.texts()
    assert not leaks(texts, secrets)
    print(f"{title}: {moves} moves, {len(texts)} log records scanned for {len(secrets)} secret serialisations")


async def test_control_uncapped_database_log_would_leak(service: GameService, debug_logging: Capture) -> None:
    """Control: with the database's statements let down to DEBUG (aiosqlite's own log, and SQLite's trace of
    the transactions the store runs in one hop on the connection's thread) the same scan finds the hands in the
    SQL parameters, so the test above would see a leak."""
    sql_log = logging.getLogger("aiosqlite")
    sql_log.setLevel(logging.DEBUG)
    db = service.store.db  # type: ignore[attr-defined]
    await db._execute(lambda: db._conn.set_trace_callback(sql_log.debug))
    secrets, _ = await play_game(service, "alhambra", seed=4, max_moves=5)
    assert leaks(debug_logging.texts(), secrets)


def test_payload_loggers_stay_at_info_when_the_bot_runs_at_debug(debug_logging: Capture) -> None:
    """``configure_logging("DEBUG")``: the root logs DEBUG, the payload loggers (SQL parameters, HTTP
    bodies, gateway events) INFO or above."""
    assert logging.getLogger().getEffectiveLevel() == logging.DEBUG
    assert logging.getLogger("referee").isEnabledFor(logging.DEBUG)
    for name in (*PAYLOAD_LOGGERS, "aiosqlite.core", "discord.http", "discord.webhook.async_"):
        assert logging.getLogger(name).getEffectiveLevel() >= PAYLOAD_FLOOR, name
        assert not logging.getLogger(name).isEnabledFor(logging.DEBUG)


def test_log_level_is_checked() -> None:
    """A bad level is refused with the allowed ones named."""
    from bot.logs import parse_level

    assert parse_level("debug") == logging.DEBUG and parse_level(20) == 20
    with pytest.raises(ValueError, match="DEBUG, INFO, WARNING, ERROR"):
        parse_level("verbose")
