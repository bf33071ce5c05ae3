"""Many presses at once on one channel; the right game and the right player; names, not seats; bounded locks."""
import asyncio
import contextvars
import gc
import random

import pytest

from bot.config import Config
from bot.discord import AbandonButton, OptionSelect, Referee
from bot.store import Store
from bot.table.errors import ServiceError, StaleMove
from bot.table.model import User
from bot.table.service import GameService
from engines import get_game
from engines.core import IllegalAction
from render.i18n import t
from tests.bot.conftest import USERS, interaction, run, started

#: the tests using the ``store`` fixture run on SQLite and on PostgreSQL (issue 19; tests/bot/conftest.py)
BOTH_STORES = True

PRESS = contextvars.ContextVar("press", default=None)


def model_outcome(game, state, version, gid, seats, press):
    """What the service must answer to ``press`` at (state, version): ("ok", new state) or a refusal key."""
    user, action, expected_version, expected_game = press
    if expected_game is not None and expected_game != gid:
        return "err.other_game", None
    if expected_version is not None and expected_version != version:
        return "err.stale", None
    if user.id not in seats:
        return "err.not_seated", None
    seat = seats[user.id]
    if seat not in game.current_seats(state):
        return "err.not_your_turn", None
    try:
        return "ok", game.apply(state, seat, action).state
    except IllegalAction:
        return "illegal", None


async def test_1000_concurrent_presses_on_one_channel_apply_exactly_the_legal_ones(service, store):
    title = "alhambra"
    game = get_game(title)
    snap = await started(service, title, n=3, seed=9)
    gid = snap.row.id
    seats = {s.user_id: s.seat for s in snap.row.seats}
    users = {s.seat: USERS[s.seat] for s in snap.row.seats}
    stranger = User("nobody", "Nobody")

    # a planned path of legal moves; around each step, the presses people might make
    rnd = random.Random(31)  # a plan that stays on track (the count applied depends on the random plan)
    state, plan = snap.state, []
    while len(plan) < 125:
        prompt = rnd.choice(game.prompts(state))
        action = rnd.choice(prompt.options).action
        plan.append((prompt.seat, action))
        state = game.apply(state, prompt.seat, action).state
    presses = []  # (sort key, (user, action, expected_version, expected_game))
    for v, (seat, action) in enumerate(plan):
        other = users[(seat + 1) % 3]
        for press in (
            (users[seat], action, v, gid),        # the legal press …
            (users[seat], action, v, gid),        # … pressed twice
            (users[seat], action, None, None),    # typed, without a move number
            (other, action, v, gid),              # the wrong player
            (users[seat], action, v - 1, gid),    # an outdated button
            (users[seat], "buy 9 9+9+9", v, gid),  # garbage
            (stranger, action, v, gid),           # not seated
            (users[seat], action, v, gid + 1),    # another game's select
        ):
            presses.append((v + rnd.random() * 2.5, press))
    presses.sort(key=lambda p: p[0])
    assert len(presses) == 1000

    order: list[int] = []
    real_open, real_cached = service._open, service._cached

    def record() -> None:  # the order in which presses got the channel's lock (their first look at the game)
        if PRESS.get() not in order[-1:]:
            order.append(PRESS.get())

    async def recording_open(channel_id, expected_game=None):
        record()
        return await real_open(channel_id, expected_game)

    def recording_cached(channel_id, expected_game=None, expected_version=None):
        record()
        return real_cached(channel_id, expected_game, expected_version)

    service._open, service._cached = recording_open, recording_cached

    async def press(i, user, action, version, expected_game):
        PRESS.set(i)
        return await service.act("chan", user, action, expected_version=version, expected_game=expected_game)

    results = await asyncio.gather(*(press(i, *p) for i, (_, p) in enumerate(presses)), return_exceptions=True)

    unexpected = [r for r in results if isinstance(r, BaseException) and not isinstance(r, (ServiceError, IllegalAction))]
    assert not unexpected, unexpected[:3]
    assert sorted(order) == list(range(1000))

    # the model, fed the presses in the order they were served, predicts every answer
    state, version = snap.state, 0
    applied = 0
    for i in order:
        key, new_state = model_outcome(game, state, version, gid, seats, presses[i][1])
        got = results[i]
        if key == "ok":
            assert not isinstance(got, BaseException), (i, presses[i][1], got)
            assert got.row.version == version + 1 and got.state == new_state
            state, version, applied = new_state, version + 1, applied + 1
        elif key == "illegal":
            assert isinstance(got, IllegalAction), (i, got)
        else:
            assert isinstance(got, ServiceError) and got.message.key == key, (i, presses[i][1], got, key)
            assert isinstance(got, StaleMove) == (key == "err.stale")
    row = await store.open_game("chan")
    assert row.version == version == applied and row.state == state
    assert applied > 60  # most of the plan went through
    assert await service.replay(gid) == row.state
    moves = await store.moves(gid)
    assert [m.seq for m in moves] == list(range(applied + 1))


async def test_finished_and_abandoned_games_leave_no_locks_behind():
    """Per-channel locks live only while a channel is in use: 1000 games later, none is left."""
    store = await Store.open(":memory:")
    service = GameService(store)
    for n in range(1000):
        channel = f"ch{n}"
        await service.new(channel, None, USERS[0], "alhambra", None, "en")
        await service.join(channel, USERS[1])
        if n % 2:
            await service.abandon(channel, USERS[0])
        else:
            await service.leave(channel, USERS[1])
            await service.leave(channel, USERS[0])  # the last one out closes the lobby
    gc.collect()
    assert len(service._locks) == 0
    # and a lock in use is shared by everybody in that channel
    lock = service.lock("busy")
    async with lock:
        assert service.lock("busy") is lock and len(service._locks) == 1
    await store.close()


async def test_a_press_for_another_game_is_refused_by_the_service(service, store):
    """A select from an older game in the same channel, with the same move number, used to apply."""
    old = await started(service, n=2)
    await service.abandon("chan", USERS[0])
    new = await started(service, n=2, seed=5)  # same seed: the same move is legal at the same version
    assert new.row.id != old.row.id and new.row.version == old.row.version == 0
    seat, action = new.prompts[0].seat, new.prompts[0].options[0].action
    user = USERS[seat]
    other_channel = await started(service, n=2, channel="elsewhere")
    for gid, key in ((old.row.id, "err.game_ended"), (other_channel.row.id, "err.other_game"),
                     (10**30, "err.other_game"), (-1, "err.other_game"), (0, "err.other_game")):
        for call in (
            service.act("chan", user, action, expected_version=0, expected_game=gid),
            service.options_for("chan", user.id, expected_game=gid),
            service.private("chan", user.id, expected_game=gid),
            service.join("chan", USERS[2], expected_game=gid),
            service.start("chan", USERS[0], expected_game=gid),
            service.abandon("chan", USERS[0], expected_game=gid),
        ):
            with pytest.raises(ServiceError) as e:
                await call
            assert e.value.message.key == key
    assert (await store.open_game("chan")).version == 0  # nothing changed
    report = await service.act("chan", user, action, expected_version=0, expected_game=new.row.id)
    assert report.row.version == 1
    assert "another game" in t("err.other_game", "en")


async def test_a_select_of_an_older_game_is_answered_privately_through_the_adapter(service, store):
    bot = Referee(service, Config(board_interval=0.0, render_processes=0))
    old = await started(service, n=2)
    await service.abandon("chan", USERS[0])
    new = await started(service, n=2, seed=5)
    seat, action = new.prompts[0].seat, new.prompts[0].options[0].action
    i = interaction(bot, USERS[seat])
    i.data = {"values": [action]}
    await OptionSelect(old.row.id, 0, 0).callback(i)
    (call,) = i.followup.send.await_args_list
    assert call.kwargs["ephemeral"] and "has ended" in call.kwargs["content"]
    i.channel.send.assert_not_awaited()
    assert (await store.open_game("chan")).version == 0
    # the abandon button of the old game does not abandon the new one
    j = interaction(bot, USERS[0])
    await AbandonButton(old.row.id).callback(j)
    assert (await store.open_game("chan")).id == new.row.id


async def test_not_your_turn_names_the_players_not_seat_numbers(service):
    snap = await started(service, n=3)
    waiting = snap.waiting_for
    idle = next(u for i, u in enumerate(USERS) if i not in waiting)
    with pytest.raises(ServiceError) as e:
        await service.act("chan", idle, snap.prompts[0].options[0].action)
    names = [USERS[s].name for s in waiting]
    assert e.value.message.params["players"] == names
    for loc in ("en", "cs", "pl"):
        text = t(e.value.message, loc)
        assert all(n in text for n in names) and not any(ch.isdigit() for ch in text)


async def test_illegal_move_messages_name_players_too(service):
    """Every refusal raised inside a game goes through the same seat → name substitution."""
    snap = await started(service, n=2)
    seat = snap.prompts[0].seat
    with pytest.raises(IllegalAction) as e:
        await service.act("chan", USERS[seat], "buy 9 1+1")
    for key, value in e.value.message.params.items():
        if key in ("player", "players") or key.endswith("_player"):
            assert not isinstance(value, int)


async def test_abandon_without_an_open_game_answers_clearly(service):
    bot = Referee(service, Config(board_interval=0.0, render_processes=0))
    command = bot.tree.get_command("game").get_command("abandon")
    i = interaction(bot, USERS[0], channel_id="empty")
    await run(command, i)
    (call,) = i.response.send_message.await_args_list
    assert call.kwargs["ephemeral"] and "no game in this channel" in call.kwargs["content"]
    snap = await started(service, n=2, channel="done")
    await service.abandon("done", USERS[0])
    i = interaction(bot, USERS[0], channel_id="done")
    await run(command, i)
    (call,) = i.response.send_message.await_args_list
    assert call.kwargs["ephemeral"] and f"#{snap.row.id}" in call.kwargs["content"]
    assert "already ended" in call.kwargs["content"]


async def test_lock_table_is_weak_even_across_stores(tmp_path):
    store = await Store.open(str(tmp_path / "x.sqlite3"))
    service = GameService(store)
    await started(service, n=2)
    gc.collect()
    assert len(service._locks) == 0
    await store.close()
