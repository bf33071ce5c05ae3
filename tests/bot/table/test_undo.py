"""Undo (issue 12): taking a move back alone or with everyone's consent, never past revealed information;
the undo is an entry in the log, and the stored state always equals the replay of the remaining log."""
import asyncio
import random

import pytest

from bot.store import Store
from bot.table.errors import ServiceError, StaleMove
from bot.table.model import effective_moves
from bot.table.service import GameService
from engines import get_game
from tests.bot.conftest import USERS, started

#: the tests using the ``store`` fixture run on SQLite and on PostgreSQL (issue 19; tests/bot/conftest.py)
BOTH_STORES = True

GAMES = ["alhambra", "egizia", "luxor"]


def quiet_option(game, state, seat_filter=None, rng=None):
    """(seat, action) of a legal move that reveals nothing, or None."""
    rng = rng or random.Random(0)
    prompts = game.prompts(state)
    seats = [p.seat for p in prompts if seat_filter is None or seat_filter(p.seat)]
    for seat in dict.fromkeys(seats):
        options = [o.action for p in prompts if p.seat == seat for o in p.options]
        rng.shuffle(options)
        for action in options[:30]:
            if not game.apply(state, seat, action).reveals:
                return seat, action
    return None


async def advance_to(service, channel, title, want, limit=400, seed=3):
    """Play seeded random moves until ``want(game, state)`` gives (seat, action) pairs to hand back."""
    game = get_game(title)
    rng = random.Random(seed)
    for _ in range(limit):
        snap = await service.current(channel)
        found = want(game, snap.state)
        if found:
            return snap, found
        p = rng.choice(snap.prompts)
        await service.act(channel, USERS[p.seat], rng.choice(p.options).action)
    raise AssertionError(f"{title}: no suitable position within {limit} moves")


async def assert_consistent(service, store, channel="chan"):
    row = await store.latest_game(channel)
    assert row.state == await service.replay(row.id)
    return row


@pytest.mark.parametrize("title", GAMES)
async def test_solo_undo_takes_the_last_quiet_move_back_at_once(service, store, title):
    await started(service, title)
    snap, (seat, action) = await advance_to(service, "chan", title, lambda g, s: quiet_option(g, s))
    before = snap.state
    report = await service.act("chan", USERS[seat], action)
    assert report.row.version == snap.row.version + 1
    out = await service.undo("chan", USERS[seat])
    assert out.status == "done" and out.first == out.last == report.row.version
    assert [m.action for m in out.taken_back] == [action]
    row = await assert_consistent(service, store)
    assert row.state == before and row.version == report.row.version + 1
    log = await store.moves(row.id)
    assert log[-1].action == f"undo {out.first}-{out.last}" and log[-2].undone_by == log[-1].seq  # nothing erased
    assert log[-1].events[0]["message"]["key"] == "undo.ev.done"
    # the game goes on from the restored position, and still replays
    p = out.report.prompts[0]
    await service.act("chan", USERS[p.seat], p.options[0].action)
    await assert_consistent(service, store)


# not Luxor: every Luxor turn begins by playing a card from a hidden hand, which reveals it (issue 21), so an
# undo past another player's move always crosses a revealing move (tests/test_reveals_oracle.py, and
# tests/bot/table/test_undo_clock.py checks that such an undo is refused)
@pytest.mark.parametrize("title", ["alhambra", "egizia"])
async def test_undo_after_others_acted_needs_every_other_players_consent(store, title):
    now = [1000.0]
    service = GameService(store, clock=lambda: now[0], undo_ttl=600)
    await started(service, title)

    def pair(game, state):  # a quiet move followed by another player's quiet move
        first = quiet_option(game, state)
        if first is None:
            return None
        after = game.apply(state, *first).state
        second = quiet_option(game, after, lambda s: s != first[0])
        return (first, second) if second else None

    snap, (first, second) = await advance_to(service, "chan", title, pair)
    before = snap.state
    await service.act("chan", USERS[first[0]], first[1])
    await service.act("chan", USERS[second[0]], second[1])
    mover = USERS[first[0]]
    out = await service.undo("chan", mover)
    assert out.status == "requested" and sorted(out.waiting) == sorted(u.id for u in USERS if u != mover)
    with pytest.raises(ServiceError) as e:
        await service.answer_undo("chan", mover, out.request.id, True)
    assert e.value.message.key == "undo.err.own_request"
    others = [u for u in USERS if u != mover]
    now[0] += 60
    mid = await service.answer_undo("chan", others[0], out.request.id, True)
    assert mid.status == "accepted" and mid.waiting == [others[1].id]
    assert (await store.open_game("chan")).version == snap.row.version + 2  # nothing taken back yet
    done = await service.answer_undo("chan", others[1], out.request.id, True)
    assert done.status == "done" and len(done.taken_back) == 2
    row = await assert_consistent(service, store)
    assert row.state == before


async def test_a_declined_or_lapsed_request_changes_nothing(store):
    now = [0.0]
    service = GameService(store, clock=lambda: now[0], undo_ttl=600)
    await started(service, "alhambra")

    def pair(game, state):
        first = quiet_option(game, state)
        if first is None:
            return None
        second = quiet_option(game, game.apply(state, *first).state, lambda s: s != first[0])
        return (first, second) if second else None

    _, (first, second) = await advance_to(service, "chan", "alhambra", pair)
    await service.act("chan", USERS[first[0]], first[1])
    await service.act("chan", USERS[second[0]], second[1])
    row = await store.open_game("chan")
    out = await service.undo("chan", USERS[first[0]])
    declined = await service.answer_undo("chan", USERS[second[0]], out.request.id, False)
    assert declined.status == "declined"
    assert await service.undo_request("chan") is None
    out = await service.undo("chan", USERS[first[0]])  # may ask again
    now[0] += 601  # the time limit passes
    with pytest.raises(ServiceError) as e:
        await service.answer_undo("chan", USERS[second[0]], out.request.id, True)
    assert e.value.message.key == "undo.err.no_request"
    after = await store.open_game("chan")
    assert after.state == row.state and after.version == row.version
    assert (await store.undo_request(row.id, pending_only=False)).status == "lapsed"


async def test_a_move_made_meanwhile_supersedes_the_request(service, store):
    await started(service, "alhambra")

    def pair(game, state):
        first = quiet_option(game, state)
        if first is None:
            return None
        second = quiet_option(game, game.apply(state, *first).state, lambda s: s != first[0])
        return (first, second) if second else None

    _, (first, second) = await advance_to(service, "chan", "alhambra", pair)
    await service.act("chan", USERS[first[0]], first[1])
    await service.act("chan", USERS[second[0]], second[1])
    out = await service.undo("chan", USERS[first[0]])
    snap = await service.current("chan")
    p = snap.prompts[0]
    await service.act("chan", USERS[p.seat], p.options[0].action)
    with pytest.raises(ServiceError) as e:
        await service.answer_undo("chan", USERS[second[0]], out.request.id, True)
    assert e.value.message.key == "undo.err.no_request"


@pytest.mark.sqlite_only
async def test_refused_past_a_move_marked_revealing_naming_what_was_revealed(service, store):
    """Rows written before moves had a reveals flag count as revealing; any revealing move stops an undo."""
    await started(service, "alhambra")
    _, (seat, action) = await advance_to(service, "chan", "alhambra", lambda g, s: quiet_option(g, s))
    await service.act("chan", USERS[seat], action)
    row = await store.open_game("chan")
    await store.db.execute("UPDATE moves SET reveals=1 WHERE game_id=? AND seq=?", (row.id, row.version))
    with pytest.raises(ServiceError) as e:
        await service.undo("chan", USERS[seat])
    assert e.value.message.key == "undo.err.revealed"
    assert e.value.message.params["move"] == row.version and e.value.message.params["player"] == USERS[seat].name
    with pytest.raises(ServiceError) as e:
        await service.rollback("chan", USERS[0], 1)
    assert e.value.message.key == "undo.err.revealed"
    after = await store.open_game("chan")
    assert after.version == row.version and after.state == row.state


@pytest.mark.parametrize("title", GAMES)
async def test_undo_right_after_a_restart(tmp_path, title):
    path = str(tmp_path / "restart.sqlite3")
    store = await Store.open(path)
    service = GameService(store)
    await started(service, title)
    snap, (seat, action) = await advance_to(service, "chan", title, lambda g, s: quiet_option(g, s))
    await service.act("chan", USERS[seat], action)
    await service.close()
    store = await Store.open(path)
    service = GameService(store)
    try:
        out = await service.undo("chan", USERS[seat])
        assert out.status == "done"
        row = await assert_consistent(service, store)
        assert row.state == snap.state
    finally:
        await service.close()


async def test_two_undo_requests_at_once_one_is_asked_the_other_refused(service, store):
    await started(service, "alhambra")

    def triple(game, state):  # three quiet moves by at least two different players
        moves, s = [], state
        for _ in range(3):
            q = quiet_option(game, s)
            if q is None:
                return None
            moves.append(q)
            s = game.apply(s, *q).state
        return moves if len({m[0] for m in moves}) >= 2 and moves[0][0] != moves[-1][0] else None

    _, moves = await advance_to(service, "chan", "alhambra", triple)
    for seat, action in moves:
        await service.act("chan", USERS[seat], action)
    askers = list(dict.fromkeys(USERS[s] for s, _ in moves if s != moves[-1][0]))[:1] + [USERS[moves[-1][0]]]
    results = await asyncio.gather(*(service.undo("chan", u) for u in [askers[0], askers[0]]), return_exceptions=True)
    kinds = sorted(r.status if not isinstance(r, Exception) else r.message.key for r in results)
    assert kinds == ["requested", "undo.err.pending"]


async def test_two_presses_of_one_undo_button_take_back_one_move(service, store):
    await started(service, "alhambra")
    _, (seat, action) = await advance_to(service, "chan", "alhambra", lambda g, s: quiet_option(g, s))
    report = await service.act("chan", USERS[seat], action)
    results = await asyncio.gather(
        service.undo("chan", USERS[seat], expected_version=report.row.version),
        service.undo("chan", USERS[seat], expected_version=report.row.version), return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert any(isinstance(r, StaleMove) for r in results)
    row = await assert_consistent(service, store)
    assert row.version == report.row.version + 1


async def test_host_rolls_back_with_everyones_consent_and_replay_skips_the_undone_moves(service, store):
    await started(service, "alhambra")

    def quiet_run(game, state):
        moves, s = [], state
        for _ in range(4):
            q = quiet_option(game, s)
            if q is None:
                return None
            moves.append(q)
            s = game.apply(s, *q).state
        return moves

    snap, moves = await advance_to(service, "chan", "alhambra", quiet_run)
    for seat, action in moves[:2]:
        await service.act("chan", USERS[seat], action)
    mover = USERS[moves[1][0]]
    solo = await service.undo("chan", mover) if moves[0][0] != moves[1][0] else None
    for seat, action in moves[1:] if solo else moves[2:]:
        await service.act("chan", USERS[seat], action)
    with pytest.raises(ServiceError) as e:
        await service.rollback("chan", USERS[1], snap.row.version + 1)
    assert e.value.message.key == "err.host_only"
    with pytest.raises(ServiceError) as e:
        await service.rollback("chan", USERS[0], 10_000)
    assert e.value.message.key == "undo.err.no_such_move"
    out = await service.rollback("chan", USERS[0], snap.row.version + 1)
    assert out.status == "requested" and sorted(out.waiting) == ["u2", "u3"]
    await service.answer_undo("chan", USERS[1], out.request.id, True)
    done = await service.answer_undo("chan", USERS[2], out.request.id, True)
    assert done.status == "done"
    row = await assert_consistent(service, store)
    assert row.state == snap.state
    assert effective_moves(await store.moves(row.id)) == effective_moves(await store.moves(row.id))[: snap.row.version]


async def test_undo_refusals(service, store):
    await started(service, "alhambra")
    with pytest.raises(ServiceError) as e:
        await service.undo("chan", USERS[0])
    assert e.value.message.key == "undo.err.nothing"
    from bot.table.model import User

    with pytest.raises(ServiceError) as e:
        await service.undo("chan", User("stranger", "X"))
    assert e.value.message.key == "err.not_seated"
    with pytest.raises(ServiceError) as e:
        await service.undo("other-channel", USERS[0])
    assert e.value.message.key == "err.no_game"


@pytest.mark.parametrize("title", GAMES)
async def test_the_log_stores_the_engines_reveals_flag_for_every_move(service, store, title):
    """What an undo checks is what the engine declared (Outcome.reveals), move by move, not a guess; the
    engines' own tests check that drawing from a hidden pile or rolling a die is declared revealing."""
    await started(service, title)
    rng = random.Random(5)
    for _ in range(60):
        snap = await service.current("chan")
        if not snap.prompts:
            break
        p = rng.choice(snap.prompts)
        await service.act("chan", USERS[p.seat], rng.choice(p.options).action)
    row = await store.open_game("chan") or await store.latest_game("chan")
    game = get_game(title)
    state = game.new_game(len(row.seats), row.options, row.seed).state
    for move in (await store.moves(row.id))[1:]:
        out = game.apply(state, move.seat, move.action)
        assert move.reveals == out.reveals, (move.seq, move.action)
        state = out.state


def revealing_option(game, state, rng=None):
    """(seat, action) of a legal move the engine declares revealing, or None."""
    rng = rng or random.Random(1)
    for p in game.prompts(state):
        options = [o.action for o in p.options]
        rng.shuffle(options)
        for action in options[:30]:
            if game.apply(state, p.seat, action).reveals:
                return p.seat, action
    return None


@pytest.mark.parametrize("title", GAMES)
async def test_a_revealing_move_cannot_be_taken_back_even_with_consent(service, store, title):
    """A move that drew a card, turned up a tile or rolled a die stops every undo, naming what it revealed."""
    await started(service, title)
    _, (seat, action) = await advance_to(service, "chan", title, lambda g, s: revealing_option(g, s))
    report = await service.act("chan", USERS[seat], action)
    with pytest.raises(ServiceError) as e:
        await service.undo("chan", USERS[seat])
    message = e.value.message
    assert message.key == "undo.err.revealed" and message.params["move"] == report.row.version
    # names the move, not every event of it (issue 23: a refusal listing a whole turn's events read as noise)
    assert [(m.key, m.params) for m in message.params["what"]] == [("undo.what_action", {"action": action})]
    with pytest.raises(ServiceError) as e:
        await service.rollback("chan", USERS[0], report.row.version)
    assert e.value.message.key == "undo.err.revealed"
    row = await store.open_game("chan")
    assert row.version == report.row.version and row.state == report.state


async def test_moves_stored_before_the_undo_migration_count_as_revealing(tmp_path):
    import sqlite3

    from bot.store.schema import MIGRATIONS

    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    for script in MIGRATIONS[:2]:
        db.executescript(script)
    db.execute("PRAGMA user_version=2")
    db.execute("INSERT INTO games(id, channel_id, title, status, host_id, options, seed, version, state, created_at,"
               " updated_at) VALUES (1, 'c', 'alhambra', 'active', 'u1', '{}', 5, 1, '{}', 0, 0)")
    db.execute("INSERT INTO moves(game_id, seq, seat, user_id, action, events, at) VALUES (1, 1, 0, 'u1', 'x', '[]', 0)")
    db.commit()
    db.close()
    store = await Store.open(str(path))
    try:
        (move,) = await store.moves(1)
        assert move.reveals is True and move.undone_by is None
    finally:
        await store.close()


async def test_after_an_undo_the_turn_clocks_follow_the_restored_position(store):
    """The seats that must decide again after an undo have a running clock for the new version."""
    now = [1000.0]
    service = GameService(store, clock=lambda: now[0])
    await service.new("chan", "g", USERS[0], "alhambra", {}, "en", clock="1d")
    for u in USERS[1:3]:
        await service.join("chan", u)
    await service.start("chan", USERS[0], seed=5)
    _, (seat, action) = await advance_to(service, "chan", "alhambra", lambda g, s: quiet_option(g, s))
    await service.act("chan", USERS[seat], action)
    now[0] += 3600
    out = await service.undo("chan", USERS[seat])
    clocks = await store.seat_clocks(out.row.id)
    waiting = get_game("alhambra").current_seats(out.row.state)
    for s in waiting:
        assert clocks[s].started is not None
    assert all(clocks[s].started is None for s in clocks if s not in waiting)
