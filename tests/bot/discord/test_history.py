"""Discord: undo (alone, with consent by buttons), record, recap, follow and stats (issue 12)."""
from __future__ import annotations

from unittest.mock import AsyncMock

from bot.discord.history import after_move
from bot.discord.table import UndoAnswerButton, UndoButton
from engines import get_game
from engines.core import Rng
from tests.bot.conftest import USERS, interaction, run, started
from tests.bot.conftest import command as cmd
from tests.bot.table.test_undo import advance_to, quiet_option


def private(inter):
    out = []
    for call in inter.followup.send.await_args_list + inter.response.send_message.await_args_list:
        assert call.kwargs.get("ephemeral") is True, "a private answer was sent publicly"
        out.append(call)
    return out


def quiet_pair(game, state):
    first = quiet_option(game, state)
    if first is None:
        return None
    second = quiet_option(game, game.apply(state, *first).state, lambda s: s != first[0])
    return (first, second) if second else None


async def test_a_quiet_move_offers_undo_and_undo_reposts_the_board(bot, service, store):
    await started(service, "alhambra")
    snap, (seat, action) = await advance_to(service, "chan", "alhambra", lambda g, s: quiet_option(g, s))
    i = interaction(bot, USERS[seat])
    await run(cmd(bot, "game move"), i, action=action)
    (confirm,) = private(i)
    buttons = [c for c in confirm.kwargs["view"].children if isinstance(c, UndoButton)]
    assert buttons and buttons[0].custom_id == f"rf:u:{snap.row.id}:{snap.row.version + 1}"
    u = interaction(bot, USERS[seat])
    await buttons[0].callback(u)
    assert [c.kwargs.get("content") for c in private(u)] == ["Done."]
    board = u.channel.send.await_args.kwargs  # the board is posted again, with the undo among its lines
    assert board["file"].filename == "board.png" and "took back" in board["embed"].description
    row = await store.open_game("chan")
    assert row.state == snap.state and row.version == snap.row.version + 2
    again = interaction(bot, USERS[seat])
    await buttons[0].callback(again)  # the same button once more: the game has moved on
    assert "moved on" in private(again)[0].kwargs["content"]


async def test_undo_with_consent_by_buttons(bot, service, store):
    await started(service, "alhambra", n=2)
    snap, (first, second) = await advance_to(service, "chan", "alhambra", quiet_pair)
    await service.act("chan", USERS[first[0]], first[1])
    await service.act("chan", USERS[second[0]], second[1])
    i = interaction(bot, USERS[first[0]])
    await run(cmd(bot, "game undo"), i)
    call = i.channel.send.await_args
    other = USERS[second[0]]
    assert f"<@{other.id}>" in call.args[0] and "#" in call.args[0]
    yes, no = call.kwargs["view"].children
    assert isinstance(yes, UndoAnswerButton) and yes.accept and not no.accept
    a = interaction(bot, other)
    a.message = type("M", (), {"edit": AsyncMock()})()
    await yes.callback(a)
    a.message.edit.assert_awaited_once_with(view=None)
    row = await store.open_game("chan")
    assert row.state == snap.state
    assert "took back" in a.channel.send.await_args.kwargs["embed"].description


async def test_undo_refusal_is_private(bot, service):
    await started(service, "alhambra")
    i = interaction(bot, USERS[0])
    await run(cmd(bot, "game undo"), i)
    assert "no move to take back" in private(i)[0].kwargs["content"]
    i.channel.send.assert_not_awaited()


async def _finish(service, title="luxor", seed=2):
    snap = await started(service, title, n=2, seed=seed)
    rng = Rng.seeded(seed)
    while snap.prompts:
        p = snap.prompts[rng.below(len(snap.prompts))]
        snap = await service.act("chan", USERS[p.seat], p.options[rng.below(len(p.options))].action)
    return snap


async def test_record_is_private_with_json_and_transcript_and_spectators_wait_for_the_end(bot, service):
    await started(service, "luxor", n=2)
    s = interaction(bot, type(USERS[0])("watcher", "W"))
    await run(cmd(bot, "game record"), s)
    assert "only its players" in private(s)[0].kwargs["content"]
    p = interaction(bot, USERS[1])
    await run(cmd(bot, "game record"), p)
    (call,) = private(p)
    assert [f.filename for f in call.kwargs["files"]] == ["game-1.json", "game-1.txt"]


async def test_recap_of_a_finished_game_is_posted_publicly(bot, service):
    await _finish(service)
    i = interaction(bot, type(USERS[0])("watcher", "W"))
    await run(cmd(bot, "game recap"), i)
    assert i.response.defer.await_args.kwargs["ephemeral"] is False
    call = i.followup.send.await_args
    assert [f.filename.split("-")[0] for f in call.kwargs["files"]] == ["recap", "scores"]


async def test_followers_are_told_by_dm_or_mention_and_the_recap_follows_the_end(bot, service):
    snap = await started(service, "luxor", n=2, seed=2)
    await service.follow("chan", type(USERS[0])("w1", "W"), dm=True)
    await service.follow("chan", type(USERS[0])("w2", "V"))
    bot.direct_message = AsyncMock()
    channel = AsyncMock()
    bot.channel_by_id = lambda _cid: channel
    rng = Rng.seeded(2)
    while snap.prompts:
        p = snap.prompts[rng.below(len(snap.prompts))]
        snap = await service.act("chan", USERS[p.seat], p.options[rng.below(len(p.options))].action)
    await after_move(bot, snap)
    bot.direct_message.assert_awaited_once()
    assert bot.direct_message.await_args.args[0] == "w1" and "is over" in bot.direct_message.await_args.args[1]
    texts = [c.args[0] for c in channel.send.await_args_list]
    assert any("is over" in t and "w2" in t for t in texts)
    assert any(c.kwargs.get("files") for c in channel.send.await_args_list)  # the recap
    assert await service.store.game_jobs(snap.row.id) == []  # posted: its fallback job (issue 23 item 6) is gone


async def test_follow_notices_respect_quiet_hours(bot, service):
    """Issue 23 item 8: a follower in their quiet hours still gets the notice, but it does not notify them
    (no ping in the channel, a silent DM); the others are pinged as before."""
    from bot.table.model import User
    from tests.bot.clockkit import FakeTime

    service.clock = FakeTime()  # T0 is 12:00 UTC
    snap = await started(service, "luxor", n=2, seed=2)
    asleep_dm, asleep, awake = User("101", "Dora"), User("102", "Eli"), User("103", "Fay")
    await service.follow("chan", asleep_dm, dm=True)
    await service.follow("chan", asleep)
    await service.follow("chan", awake)
    for u in (asleep_dm, asleep):
        await service.set_quiet(u, "11:00-13:00", "UTC")
    await service.set_quiet(awake, "20:00-22:00", "UTC")
    bot.direct_message = AsyncMock()
    channel = AsyncMock()
    bot.channel_by_id = lambda _cid: channel
    rng = Rng.seeded(2)
    while snap.prompts:
        p = snap.prompts[rng.below(len(snap.prompts))]
        snap = await service.act("chan", USERS[p.seat], p.options[rng.below(len(p.options))].action)
    await after_move(bot, snap)
    bot.direct_message.assert_awaited_once()
    assert bot.direct_message.await_args.args[0] == "101" and bot.direct_message.await_args.kwargs["silent"] is True
    (notice,) = [c for c in channel.send.await_args_list if c.args and "is over" in c.args[0]]
    assert "<@102>" in notice.args[0] and "<@103>" in notice.args[0]  # both named
    assert [o.id for o in notice.kwargs["allowed_mentions"].users] == [103]  # only the one awake is pinged
    assert notice.kwargs["silent"] is False


async def test_stats_me_and_leaderboard(bot, service):
    await _finish(service)
    i = interaction(bot, USERS[0])
    i.guild_id = "guild"
    await run(cmd(bot, "stats me"), i)
    text = private(i)[0].kwargs["content"]
    assert "Luxor" in text and "played 1," in text
    j = interaction(bot, USERS[1])
    j.guild_id = "guild"
    await run(cmd(bot, "stats leaderboard"), j, game="luxor")
    board = private(j)[0].kwargs["content"]
    assert "1. " in board and "2. " in board and "μ − 3σ" in board
    k = interaction(bot, USERS[1])
    k.guild_id = "guild"
    await run(cmd(bot, "stats leaderboard"), k, game="egizia")
    assert "No rated Egizia games" in private(k)[0].kwargs["content"]
    assert get_game("luxor")


async def test_history_marks_taken_back_moves(bot, service):
    await started(service, "alhambra")
    _, (seat, action) = await advance_to(service, "chan", "alhambra", lambda g, s: quiet_option(g, s))
    report = await service.act("chan", USERS[seat], action)
    await service.undo("chan", USERS[seat])
    i = interaction(bot, type(USERS[0])("watcher", "W"))  # a spectator may read the history
    await run(cmd(bot, "game history"), i, count=2)
    text = private(i)[0].kwargs["content"]
    assert f"**#{report.row.version}** {USERS[seat].name}: `{action}` (taken back by #{report.row.version + 1})" in text
    assert "took back" in text


async def test_host_rollback_is_undo_with_a_move_number_and_follow_stop_unfollows(bot, service):
    await started(service, "alhambra", n=2)
    _, (seat, action) = await advance_to(service, "chan", "alhambra", lambda g, s: quiet_option(g, s))
    report = await service.act("chan", USERS[seat], action)
    i = interaction(bot, USERS[0])
    await run(cmd(bot, "game undo"), i, move=report.row.version)
    assert isinstance(i.channel.send.await_args.kwargs["view"].children[0], UndoAnswerButton)
    assert f"<@{USERS[1].id}>" in i.channel.send.await_args.args[0]
    f = interaction(bot, type(USERS[0])("w1", "W"))
    await run(cmd(bot, "game follow"), f)
    assert "You follow game" in private(f)[0].kwargs["content"]
    g = interaction(bot, type(USERS[0])("w1", "W"))
    await run(cmd(bot, "game follow"), g, stop=True)
    assert "no longer follow" in private(g)[0].kwargs["content"]
    assert await service.store.followers(report.row.id) == []
