"""The game service with real Alhambra games: seats, turns, serialisation, restarts, secrets."""
import asyncio
import json

import pytest

from bot.store import Store
from bot.table.errors import ServiceError, StaleMove
from bot.table.service import GameService
from engines import get_game
from engines.core import IllegalAction
from tests.bot.conftest import USERS, started

#: the tests using the ``store`` fixture run on SQLite and on PostgreSQL (issue 19; tests/bot/conftest.py)
BOTH_STORES = True


def first_option(snap):
    p = snap.prompts[0]
    return p.seat, p.options[0].action


async def test_lobby_rules(service):
    await service.new("c", None, USERS[0], "alhambra", {}, "en")
    with pytest.raises(ServiceError) as e:
        await service.new("c", None, USERS[1], "alhambra", {}, "en")
    assert e.value.message.key == "err.channel_busy"
    with pytest.raises(ServiceError) as e:
        await service.join("c", USERS[0])
    assert e.value.message.key == "err.already_joined"
    with pytest.raises(ServiceError) as e:
        await service.start("c", USERS[0])
    assert e.value.message.key == "err.player_count"  # Alhambra needs 2
    await service.join("c", USERS[1])
    with pytest.raises(ServiceError) as e:
        await service.start("c", USERS[1])
    assert e.value.message.key == "err.host_only"
    row = await service.leave("c", USERS[0])
    assert row.host_id == USERS[1].id and row.names == ["Ben"]


async def test_bad_options_are_refused(service):
    with pytest.raises(ServiceError) as e:
        await service.new("c", None, USERS[0], "alhambra", {"open_hands": "maybe"}, "en")
    assert e.value.message.key == "err.bad_option"
    with pytest.raises(ServiceError):
        await service.new("c", None, USERS[0], "alhambra", {"no_such_option": 1}, "en")


async def test_only_seated_players_act_and_only_on_their_turn(service):
    snap = await started(service)
    seat, action = first_option(snap)
    others = [u for i, u in enumerate(USERS) if i != seat]
    with pytest.raises(ServiceError) as e:
        await service.act("chan", others[0], action)
    assert e.value.message.key == "err.not_your_turn"
    from bot.table.model import User

    with pytest.raises(ServiceError) as e:
        await service.act("chan", User("stranger", "X"), action)
    assert e.value.message.key == "err.not_seated"
    report = await service.act("chan", USERS[seat], action)
    assert report.row.version == 1 and report.actor == seat


async def test_illegal_move_changes_nothing(service, store):
    snap = await started(service)
    seat, _ = first_option(snap)
    before = (await store.open_game("chan")).state
    with pytest.raises(IllegalAction) as e:
        await service.act("chan", USERS[seat], "buy 9 1+1")
    assert e.value.clause.startswith("ALH-")
    row = await store.open_game("chan")
    assert row.state == before and row.version == 0
    assert [m.seq for m in await store.moves(row.id)] == [0]


async def test_two_simultaneous_presses_one_applies_the_other_is_told_the_state_moved_on(service, store):
    snap = await started(service)
    seat, action = first_option(snap)
    results = await asyncio.gather(
        service.act("chan", USERS[seat], action, expected_version=0),
        service.act("chan", USERS[seat], action, expected_version=0),
        return_exceptions=True,
    )
    ok = [r for r in results if not isinstance(r, Exception)]
    stale = [r for r in results if isinstance(r, StaleMove)]
    assert len(ok) == 1 and len(stale) == 1
    assert (await store.open_game("chan")).version == 1


async def test_restart_mid_game_and_replay_equals_snapshot(tmp_path):
    path = str(tmp_path / "r.sqlite3")
    store = await Store.open(path)
    service = GameService(store)
    snap = await started(service)
    import random

    rnd = random.Random(3)
    for _ in range(25):
        p = rnd.choice(snap.prompts)
        snap = await service.act("chan", USERS[p.seat], rnd.choice(p.options).action)
    version, state = snap.row.version, snap.row.state
    await store.close()

    store = await Store.open(path)  # the bot restarts
    service = GameService(store)
    snap = await service.current("chan")
    assert snap.row.version == version and snap.row.state == state
    assert await service.replay(snap.row.id) == state
    p = snap.prompts[0]
    snap = await service.act("chan", USERS[p.seat], p.options[0].action)
    assert snap.row.version == version + 1
    await store.close()


async def test_a_crash_inside_a_move_leaves_the_previous_state(service, store, monkeypatch):
    snap = await started(service)
    seat, action = first_option(snap)
    before = await store.open_game("chan")
    game = get_game("alhambra")

    def boom(*a, **k):
        raise RuntimeError("engine crashed")

    monkeypatch.setattr(type(game), "apply", boom)
    with pytest.raises(RuntimeError):
        await service.act("chan", USERS[seat], action)
    monkeypatch.undo()

    async def failing_append(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(store, "append_move", failing_append)
    with pytest.raises(OSError):
        await service.act("chan", USERS[seat], action)
    monkeypatch.undo()
    after = await store.open_game("chan")
    assert after.state == before.state and after.version == before.version
    await service.act("chan", USERS[seat], action)  # and the game goes on


async def test_public_view_and_public_events_do_not_depend_on_hands(service, store):
    """Changing every hand (same sizes) changes neither the public view nor what the image is drawn from."""
    snap = await started(service, n=3)
    import random

    rnd = random.Random(9)
    game = get_game("alhambra")
    for _ in range(60):
        if not snap.prompts:
            break
        state = snap.row.state
        other = json.loads(json.dumps(state))
        for player in other["players"]:
            player["hand"] = ["y1"] * len(player["hand"])
        assert game.public_view(other) == snap.public_view
        for seat in range(3):
            private = game.private_view(state, seat)
            assert private["hand"] is not None
        p = rnd.choice(snap.prompts)
        snap = await service.act("chan", USERS[p.seat], rnd.choice(p.options).action)


async def test_moves_in_many_channels_at_once_share_one_connection_safely(service, store):
    """Transactions of different channels never interleave on the shared SQLite connection."""
    channels = [f"thread-{i}" for i in range(6)]
    snaps = [await started(service, channel=c, n=2, seed=i) for i, c in enumerate(channels)]

    async def play(channel, snap, k):
        import random

        rnd = random.Random(k)
        for _ in range(8):
            p = rnd.choice(snap.prompts)
            snap = await service.act(channel, USERS[p.seat], rnd.choice(p.options).action)
        return snap

    results = await asyncio.gather(*(play(c, s, i) for i, (c, s) in enumerate(zip(channels, snaps, strict=True))))
    for channel, snap in zip(channels, results, strict=True):
        row = await store.open_game(channel)
        assert row.version == 8 == snap.row.version
        assert await service.replay(row.id) == row.state


@pytest.mark.sqlite_only
async def test_replay_refuses_a_log_written_under_other_rules(service, store):
    snap = await started(service)
    p = snap.prompts[0]
    await service.act("chan", USERS[p.seat], p.options[0].action)
    await store.db.execute("UPDATE games SET rules_version=rules_version+1 WHERE id=?", (snap.row.id,))
    with pytest.raises(ServiceError) as e:
        await service.replay(snap.row.id)
    assert e.value.message.key == "err.replay_version"
