"""Bot decisions off the event loop (issue 11): the worker process pool, its recovery, that a thinking bot
never delays another channel, and how bot seats are named in text and images."""
from __future__ import annotations

import asyncio
import logging
import random
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from bot.config import ConfigError, load
from bot.table.botpool import WORKER_GC_THRESHOLDS, BotConfig, BotPool, decide_in_worker, decision_seed
from bot.table.clocks import TimeConfig
from bot.table.model import Seat
from bot.text import BOT_MARK, clock_lines, image_name, seat_name, seat_names, with_names
from engines import GAME_IDS, get_game
from engines.core import Msg
from render.common import has_glyph
from render.i18n import t
from tests.bot.clockkit import USERS, FakeTime, Table


def _position(title: str = "alhambra", players: int = 2, seed: int = 3) -> dict[str, Any]:
    return get_game(title).new_game(players, {}, seed).state


async def test_a_decision_in_a_real_worker_process_is_legal():
    pool = BotPool(BotConfig(iterations=5))
    try:
        state = _position()
        seat = get_game("alhambra").current_seats(state)[0]
        action = await pool.decide("normal", "alhambra", state, seat, 7)
        legal = {o.action for o in get_game("alhambra").legal_actions(state, seat)}
        assert action in legal
        # the same seed and iteration budget decide the same (deterministic, so a bot game replays)
        assert await pool.decide("normal", "alhambra", state, seat, 7) == action
    finally:
        pool.close()


def _worker_gc() -> tuple[tuple[int, int, int], int]:
    import gc
    return gc.get_threshold(), gc.get_freeze_count()


async def test_a_worker_collects_garbage_less_often_and_never_scans_the_engines_data():
    """A worker starts with the engines imported, their data frozen out of the collector's sight and the
    collector's thresholds raised (a search makes and drops states by the thousand)."""
    pool = BotPool(BotConfig(iterations=5))
    try:
        await pool.warm_up()
        thresholds, frozen = await asyncio.wrap_future(pool._pool().submit(_worker_gc))
        assert thresholds == WORKER_GC_THRESHOLDS
        assert frozen > 10_000  # the engines' modules and component tables
    finally:
        pool.close()


def test_the_time_budget_stops_a_search_and_easy_is_instant():
    state = _position("luxor")
    seat = get_game("luxor").current_seats(state)[0]
    legal = {o.action for o in get_game("luxor").legal_actions(state, seat)}
    assert decide_in_worker("normal", "luxor", state, seat, 1, budget_ms=30, iterations=0) in legal
    assert decide_in_worker("easy", "luxor", state, seat, 1, budget_ms=30, iterations=0) in legal


def test_decision_seeds_follow_the_game_seed_move_and_seat():
    assert decision_seed(5, 10, 1) == decision_seed(5, 10, 1)
    assert len({decision_seed(5, 10, 1), decision_seed(5, 11, 1), decision_seed(5, 10, 2), decision_seed(6, 10, 1)}) == 4


class _Broken(Executor):
    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        f: Future[Any] = Future()
        f.set_exception(BrokenProcessPool("a worker died"))
        return f


async def test_a_broken_pool_is_made_afresh_once_and_the_log_says_so(caplog):
    made: list[Executor] = []

    def factory(workers: int) -> Executor:
        pool = _Broken() if not made else ThreadPoolExecutor(workers)
        made.append(pool)
        return pool

    pool = BotPool(BotConfig(iterations=3), factory=factory)
    state = _position()
    seat = get_game("alhambra").current_seats(state)[0]
    with caplog.at_level(logging.WARNING, logger="referee.bots"):
        action = await pool.decide("random", "alhambra", state, seat, 1)
    assert action in {o.action for o in get_game("alhambra").legal_actions(state, seat)}
    assert pool.restarts == 1 and len(made) == 2
    assert "pool broke" in caplog.text
    pool.close()


async def test_unknown_level_is_refused_before_any_work():
    pool = BotPool(executor=ThreadPoolExecutor(1))
    with pytest.raises(ValueError, match="genius"):
        await pool.decide("genius", "alhambra", _position(), 0, 1)


class _Gate(Executor):
    """A slow fake decider: nothing it is given runs until :meth:`open` (the bot is 'thinking')."""

    def __init__(self) -> None:
        self.waiting: list[tuple[Future[Any], Any, tuple[Any, ...]]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        f: Future[Any] = Future()
        self.waiting.append((f, fn, args))
        return f

    def open(self) -> None:
        for f, fn, args in self.waiting:
            f.set_result(fn(*args))
        self.waiting.clear()


async def test_a_thinking_bot_in_one_channel_never_delays_a_move_in_another(tmp_path):
    gate = _Gate()
    table = await Table.open(tmp_path / "c.sqlite3", FakeTime(), TimeConfig(), BotConfig(level="easy"), gate)
    try:
        service = table.service
        # channel A: only bots, one is to act at once; channel B: two people
        await service.new("A", "guild", USERS[0], "alhambra", {}, "en", bots=2, seat_host=False)
        await service.start("A", USERS[0], seed=1)
        await service.new("B", "guild", USERS[0], "alhambra", {}, "en")
        await service.join("B", USERS[1])
        await service.start("B", USERS[0], seed=2)
        thinking = asyncio.create_task(table.scheduler.run_due())
        while not gate.waiting:  # the bot of channel A is now thinking
            await asyncio.sleep(0)
        version_a = (await table.row("A")).version
        # a person in channel B moves, and channel A's lock is free too (the bot thinks outside it)
        row_b = await table.row("B")
        seat = get_game("alhambra").current_seats(row_b.state)[0]
        option = random.Random(1).choice(get_game("alhambra").legal_actions(row_b.state, seat))
        report = await service.act("B", USERS[seat], option.action)
        assert report.row.version == row_b.version + 1
        assert not service.lock("A").locked() and gate.waiting and not thinking.done()
        assert (await table.row("A")).version == version_a
        gate.open()  # the bot finishes: its move is stored like anyone's
        while not thinking.done():
            gate.open()
            await asyncio.sleep(0)
        assert (await table.row("A")).version > version_a
    finally:
        await table.close()


# ---------------------------------------------------------------------- names


BOT = Seat(1, "bot:1", "Nefertiti", "normal")
ANN = Seat(0, "u1", "Ann")


def test_a_bot_seat_is_named_with_marker_and_level_in_every_language():
    assert seat_name(BOT, "en") == "🤖 Nefertiti (bot, normal)"
    assert seat_name(BOT, "cs") == "🤖 Nefertiti (bot, normální)"
    assert seat_name(BOT, "pl") == "🤖 Nefertiti (bot, normalny)"
    assert seat_name(Seat(2, "bot:2", "Boabdil", "easy"), "cs") == "🤖 Boabdil (bot, snadný)"
    assert seat_name(Seat(2, "bot:2", "Boabdil", "random"), "pl") == "🤖 Boabdil (bot, losowy)"
    assert seat_name(ANN, "cs") == "Ann"


def test_messages_naming_seats_name_a_bot_in_the_readers_language():
    msg = with_names(Msg("err.not_your_turn", {"players": [1]}), [seat_name(ANN, "en"), Msg("bots.seat", {
        "name": "Nefertiti", "level": Msg("bots.level.easy")})])
    assert "🤖 Nefertiti (bot, snadný)" in t(msg, "cs")


async def test_a_waiting_bot_seat_reads_thinking_not_a_clock(tmp_path):
    table = await Table.open(tmp_path / "w.sqlite3", FakeTime(), TimeConfig(), BotConfig(level="easy"), _Gate())
    try:
        await table.service.new("A", "guild", USERS[0], "luxor", {}, "en", bots=2, seat_host=False, clock="1d")
        await table.service.start("A", USERS[0], seed=1)
        waiting = await table.service.waiting("A")
        row = await table.row("A")
        assert clock_lines(waiting, "en") == [f"{seat_names(row, 'en')[waiting[0].seat]} to act · thinking"]
        assert "přemýšlí" in clock_lines(waiting, "cs")[0]
    finally:
        await table.close()


def test_the_image_name_has_a_marker_the_image_font_can_draw():
    name = image_name(BOT)
    assert name == f"Nefertiti {BOT_MARK}"
    assert all(has_glyph(ch) for ch in name), "no missing glyph (tofu) in a bot's name on a board"
    assert not has_glyph("🤖")  # which is why the text marker is not used in images
    assert image_name(ANN) == "Ann"
    for names in (get_game(g).bot_names for g in GAME_IDS):  # every themed name, accents included, is drawable
        assert all(has_glyph(ch) for name in names for ch in image_name(Seat(1, "bot:1", name, "easy")))


def test_bots_section_of_the_config(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[bots]\nlevel = "easy"\nworkers = 2\nbudget_ms = 400\n')
    cfg = load(str(path), env={})
    assert (cfg.bots.level, cfg.bots.workers, cfg.bots.budget_ms) == ("easy", 2, 400.0)
    assert load(None, env={}).bots == BotConfig()
    path.write_text('[bots]\nlevel = "genius"\n')
    with pytest.raises(ConfigError, match="genius"):
        load(str(path), env={})


def test_users_of_bot_seats_are_never_discord_users():
    from bot.text import bot_user_id, is_bot_user

    assert bot_user_id(["u1", "bot:1", "bot:3"]) == "bot:2"
    assert is_bot_user("bot:2") and not is_bot_user("123456789012345678")


class _Failing(Executor):
    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        f: Future[Any] = Future()
        f.set_exception(RuntimeError("the search blew up"))
        return f


async def test_a_bot_that_cannot_decide_plays_a_random_legal_move_instead_of_stalling(tmp_path, caplog):
    table = await Table.open(tmp_path / "f.sqlite3", FakeTime(), TimeConfig(), BotConfig(level="normal"), _Failing())
    try:
        await table.service.new("A", "guild", USERS[0], "egizia", {}, "en", bots=2, seat_host=False)
        await table.service.start("A", USERS[0], seed=1)
        with caplog.at_level(logging.ERROR, logger="referee.service"):
            assert await table.scheduler.run_due() >= 1
        row = await table.row("A")
        moves = await table.store.moves(row.id)
        assert row.version >= 1 and moves[1].kind == "bot"
        assert "failed to decide" in caplog.text and "random legal move" in caplog.text
    finally:
        await table.close()


async def test_the_pool_is_made_at_the_first_decision_and_shut_down_with_the_service(tmp_path):
    from bot.store import Store
    from bot.table.service import GameService

    made: list[ThreadPoolExecutor] = []

    def factory(workers: int) -> Executor:
        made.append(ThreadPoolExecutor(workers))
        return made[-1]

    service = GameService(await Store.open(str(tmp_path / "s.sqlite3")))
    service.bots = BotPool(BotConfig(workers=2), factory=factory)
    assert not made  # nothing is started before a bot decides
    state = _position()
    await service.bots.decide("easy", "alhambra", state, get_game("alhambra").current_seats(state)[0], 1)
    assert len(made) == 1 and made[0]._max_workers == 2
    await service.close()
    with pytest.raises(RuntimeError):  # shut down: it takes no more work
        made[0].submit(print)


# ---------------------------------------------------------------------- shutdown under load (issue 23, item 6)


async def test_closing_the_pool_does_not_wait_for_a_decision_in_a_worker_and_starts_no_new_one():
    """Repro: the pool's shutdown waited for a worker still searching. Closing terminates the workers at once;
    the decision in progress fails (its job stays stored, see below) and no new pool is made for it."""
    pool = BotPool(BotConfig(workers=1))
    state = _position()
    seat = get_game("alhambra").current_seats(state)[0]
    thinking = asyncio.create_task(pool.decide("normal", "alhambra", state, seat, 7, iterations=10**9))
    await pool.warm_up()  # the worker exists (the endless search is queued or running in it)
    executor = pool._executor
    workers = list(executor._processes.values())
    assert workers and all(p.is_alive() for p in workers)
    pool.close()  # returns without waiting for the search (it would run for hours)
    for p in workers:
        p.join()  # terminated: it ends now
        assert p.exitcode is not None and p.exitcode != 0
    with pytest.raises((BrokenProcessPool, asyncio.CancelledError)):
        await thinking
    assert pool.restarts == 0
    with pytest.raises(RuntimeError):
        await pool.decide("easy", "alhambra", state, seat, 1)


async def test_a_bot_decision_cut_off_by_shutdown_is_made_after_the_restart(tmp_path):
    gate = _Gate()  # the bot thinks, and never finishes before the stop
    clock = FakeTime()
    table = await Table.open(tmp_path / "r.sqlite3", clock, TimeConfig(), BotConfig(level="easy"), gate)
    await table.service.new("A", "guild", USERS[0], "alhambra", {}, "en", bots=2, seat_host=False)
    await table.service.start("A", USERS[0], seed=1)
    version = (await table.row("A")).version
    thinking = asyncio.create_task(table.scheduler.run_due())
    while not gate.waiting:
        await asyncio.sleep(0)
    table.scheduler.stop()
    assert await table.service.close(timeout=0) is False  # returns at once: a decision was in flight
    thinking.cancel()
    with pytest.raises(asyncio.CancelledError):
        await thinking
    # the restart: the bot's job is still stored, and once the old process's lease has run out it is made
    again = await Table.open(tmp_path / "r.sqlite3", clock)
    try:
        assert [j.kind for j in await again.store.game_jobs((await again.row("A")).id)].count("bot") == 1
        clock.now += 301  # the dead process's lease on the job (300 s) ran out
        await again.scheduler.run_due()
        assert (await again.row("A")).version > version
    finally:
        await again.close()
