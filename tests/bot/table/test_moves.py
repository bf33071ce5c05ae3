"""The one move path (bot/table/moves.py): one move loads its game row once, runs the engine once per position,
writes one transaction, and hands on the snapshot it computed (issue 17)."""
from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import engines.core
from bot.store import Store
from bot.table.errors import ServiceError, StaleMove
from bot.table.model import OVER, ClockWrite, User
from bot.table.service import GameService

USERS = [User("u1", "Ann"), User("u2", "Ben"), User("u3", "Cy")]


class Counting:
    """A store that counts the calls made through it (and otherwise is the real one)."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._store, name)
        if callable(value):
            def counted(*args: Any, **kwargs: Any) -> Any:
                self.calls[name] += 1
                return value(*args, **kwargs)
            return counted
        return value


@pytest.fixture
async def counting(tmp_path: Path) -> AsyncIterator[Counting]:
    store = await Store.open(str(tmp_path / "moves.sqlite3"))
    yield Counting(store)
    await store.close()


async def opened(service: GameService, title: str = "alhambra") -> None:
    await service.new("chan", "guild", USERS[0], title, {}, "en")
    for u in USERS[1:3]:
        await service.join("chan", u)
    await service.start("chan", USERS[0], seed=5)


async def test_a_move_loads_its_row_once_and_writes_one_transaction(counting: Counting,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    service = GameService(counting, seed_source=itertools.count(3).__next__)  # type: ignore[arg-type]
    await opened(service)
    snap = await service.current("chan")
    seat = snap.waiting_for[0]
    action = snap.prompts[0].options[0].action
    prompts = Counter[str]()
    game = type(snap.game)
    real = game.prompts

    def count_prompts(self: engines.core.Game, state: engines.core.State) -> list[engines.core.Prompt]:
        prompts["prompts"] += 1
        return real(self, state)  # type: ignore[arg-type]

    monkeypatch.setattr(game, "prompts", count_prompts)
    counting.calls.clear()
    report = await service.act("chan", USERS[seat], action)
    reads = {k: v for k, v in counting.calls.items() if k in ("open_game", "latest_game", "game")}
    assert reads == {"open_game": 1}, counting.calls  # the row: once
    assert counting.calls["append_move"] == 1  # the move, its clocks and its board post: one transaction
    assert counting.calls["hold_channel"] == 1  # the channel, held once from read to write (across processes)
    assert sum(counting.calls.values()) == 5, counting.calls  # + the seats' clocks and settings
    # the prompts: once for the position the move answers (the turn check), once for the new one (the snapshot)
    assert prompts["prompts"] == 2
    assert report.row.version == 1 and report.public_view is not None and report.prompts
    assert report.waiting_for == list(dict.fromkeys(p.seat for p in report.prompts))


async def test_the_report_is_the_stored_position(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "m.sqlite3"))
    service = GameService(store)
    try:
        await opened(service, "luxor")
        for _ in range(5):
            snap = await service.current("chan")
            seat = snap.waiting_for[0]
            report = await service.act("chan", USERS[seat], snap.prompts[0].options[0].action)
            again = await service.current("chan")
            assert (report.row.version, report.row.state, report.public_view, report.prompts, report.result) == (
                again.row.version, again.row.state, again.public_view, again.prompts, again.result)
            assert report.actor == seat and report.kind == "player"
    finally:
        await service.close(timeout=0)


async def test_refusals_change_nothing(tmp_path: Path) -> None:
    store = await Store.open(str(tmp_path / "r.sqlite3"))
    service = GameService(store)
    try:
        await opened(service)
        snap = await service.current("chan")
        other = next(u for i, u in enumerate(USERS) if i not in snap.waiting_for)
        with pytest.raises(ServiceError) as info:
            await service.act("chan", other, snap.prompts[0].options[0].action)
        assert info.value.message.key == "err.not_your_turn"
        with pytest.raises(StaleMove):
            await service.act("chan", USERS[snap.waiting_for[0]], "x", expected_version=7)
        with pytest.raises(ServiceError):
            await service.act("chan", User("u9", "Zed"), "x")
        assert (await service.current("chan")).row.version == 0
        assert len(await store.moves(snap.row.id)) == 1  # the set-up only
    finally:
        await service.close(timeout=0)


def test_a_clock_write_is_plain_data() -> None:
    write = ClockWrite()
    assert (write.cancel, write.clocks, write.jobs) == ([], [], []) and OVER == "over"
