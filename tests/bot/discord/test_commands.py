"""The Discord layer without a network: command callbacks with a stand-in Interaction."""

from bot.discord import GroupButton, OptionSelect, compose_turn
from tests.bot.conftest import USERS, complete, interaction, run, started
from tests.bot.conftest import command as cmd
from tests.bot.conftest import private_texts as ephemeral_texts


async def test_new_join_start_flow_defers_and_posts_publicly(bot):
    i = interaction(bot, USERS[0])
    await run(cmd(bot, "game new"), i, game="alhambra", language="en", options=None)
    i.response.defer.assert_awaited_once()
    assert i.response.defer.await_args.kwargs["ephemeral"] is True
    assert "Alhambra" in i.channel.send.await_args.args[0]
    assert ephemeral_texts(i) == ["Lobby opened."]

    j = interaction(bot, USERS[1])
    await run(cmd(bot, "game join"), j)
    assert "Ben" in j.channel.send.await_args.args[0]

    s = interaction(bot, USERS[0])
    await run(cmd(bot, "game start"), s)
    kwargs = s.channel.send.await_args.kwargs
    assert kwargs["file"].filename == "board.png"
    assert kwargs["embed"].image.url == "attachment://board.png"
    assert "<@u" in kwargs["content"]  # the next player is pinged
    assert ephemeral_texts(s) == ["The game has started."]


async def test_illegal_move_is_private_names_the_rule_and_changes_nothing(bot, service, store):
    snap = await started(service, n=2)
    seat = snap.prompts[0].seat
    i = interaction(bot, USERS[seat])
    await run(cmd(bot, "game move"), i, action="buy 3 1")
    (text,) = ephemeral_texts(i)
    assert "ALH-" in text and "Nothing was changed" in text
    i.channel.send.assert_not_awaited()
    assert (await store.open_game("chan")).version == 0


async def test_not_your_turn_is_private(bot, service):
    snap = await started(service, n=2)
    other = 1 - snap.prompts[0].seat
    i = interaction(bot, USERS[other])
    await run(cmd(bot, "game move"), i, action=snap.prompts[0].options[0].action)
    (text,) = ephemeral_texts(i)
    assert "not your turn" in text
    i.channel.send.assert_not_awaited()


async def test_legal_move_posts_board_summary_and_ping(bot, service):
    snap = await started(service, n=2)
    p = snap.prompts[0]
    i = interaction(bot, USERS[p.seat])
    await run(cmd(bot, "game move"), i, action=p.options[0].action)
    kwargs = i.channel.send.await_args.kwargs
    assert kwargs["embed"].description and kwargs["file"].filename == "board.png"
    assert "your turn" in kwargs["content"] or "over" in kwargs["content"]


async def test_autocomplete_offers_only_legal_options(bot, service):
    snap = await started(service, n=2)
    p = snap.prompts[0]
    legal = {o.action for o in p.options}
    i = interaction(bot, USERS[p.seat])
    choices = await complete(bot.tree.get_command("alhambra").get_command("take"), "choice", i, "")
    assert choices and all(c.value in legal and c.value.startswith("take") for c in choices)
    assert all(len(c.name) <= 100 and len(c.value) <= 100 for c in choices)
    other = interaction(bot, USERS[1 - p.seat])
    assert await complete(cmd(bot, "game move"), "action", other, "") == []


async def test_hand_is_ephemeral_with_an_image(bot, service):
    await started(service, n=2)
    i = interaction(bot, USERS[0])
    await run(cmd(bot, "game hand"), i)
    call = i.followup.send.await_args
    assert call.kwargs["ephemeral"] is True and call.kwargs["file"].filename == "hand.png"
    i.channel.send.assert_not_awaited()


async def test_stale_button_gets_a_polite_private_answer(bot, service):
    snap = await started(service, n=2)
    p = snap.prompts[0]
    await service.act("chan", USERS[p.seat], p.options[0].action)
    i = interaction(bot, USERS[p.seat])
    button = GroupButton(snap.row.id, 0, p.options[0].action.split()[0])
    await button.callback(i)
    assert "earlier position" in ephemeral_texts(i)[0]
    sel = OptionSelect(snap.row.id, 0, 0)
    j = interaction(bot, USERS[p.seat])
    j.data = {"values": [p.options[0].action]}
    await sel.callback(j)
    assert any("earlier position" in t or "not your turn" in t for t in ephemeral_texts(j))


async def test_buttons_survive_a_restart_by_custom_id(bot, service):
    snap = await started(service, n=2)
    _, _, view = compose_turn(snap, [], "en")
    ids = [child.custom_id for child in view.children]
    assert ids and all(len(x) <= 100 for x in ids)
    for cid in ids:
        for cls in (GroupButton,):
            m = cls.__discord_ui_compiled_template__.fullmatch(cid)
            if m:
                again = await cls.from_custom_id(None, None, m)
                assert again.item.custom_id == cid


async def test_abandon_needs_host_or_manage_channels(bot, service, store):
    snap = await started(service, n=2)
    from bot.discord import AbandonButton

    i = interaction(bot, USERS[1])
    await AbandonButton(snap.row.id).callback(i)
    assert "Manage Channels" in ephemeral_texts(i)[0]
    assert (await store.open_game("chan")) is not None
    j = interaction(bot, USERS[1], manage=True)
    await AbandonButton(snap.row.id).callback(j)
    assert (await store.open_game("chan")) is None
    assert "abandoned" in j.channel.send.await_args.args[0]


async def test_commands_without_a_game_answer_privately(bot):
    for name in ("board", "status", "hand", "history", "join", "start"):
        i = interaction(bot, USERS[0], channel_id="empty")
        await run(cmd(bot, f"game {name}"), i)
        (text,) = ephemeral_texts(i)
        assert "no game" in text, name
        i.channel.send.assert_not_awaited()
        if i.response.defer.await_count:
            assert i.response.defer.await_args.kwargs["ephemeral"] is True, name


async def test_a_new_board_takes_the_buttons_off_the_previous_one(bot, service):
    """Through the channel, by the message's id, with the bot's own token (a board re-posted by /game board is
    an interaction followup, whose token would die after 15 minutes)."""
    from unittest.mock import AsyncMock, MagicMock

    snap = await started(service, n=2)
    first, second = AsyncMock(id=101), AsyncMock(id=102)
    by_id = {101: AsyncMock(), 102: AsyncMock()}
    i = interaction(bot, USERS[snap.prompts[0].seat])
    i.channel.send = AsyncMock(side_effect=[first, second])
    i.channel.get_partial_message = MagicMock(side_effect=lambda mid: by_id[mid])
    await run(cmd(bot, "game move"), i, action=snap.prompts[0].options[0].action)
    assert not any(m.edit.await_count for m in by_id.values())
    snap = await service.current("chan")
    j = interaction(bot, USERS[snap.prompts[0].seat])
    j.channel = i.channel
    await run(cmd(bot, "game move"), j, action=snap.prompts[0].options[0].action)
    i.channel.get_partial_message.assert_called_once_with(101)
    by_id[101].edit.assert_awaited_once_with(view=None)
    by_id[102].edit.assert_not_awaited()
    first.edit.assert_not_awaited()


async def test_board_command_reposts_publicly(bot, service):
    await started(service, n=2)
    i = interaction(bot, USERS[0])
    await run(cmd(bot, "game board"), i)
    assert i.response.defer.await_args.kwargs["ephemeral"] is False
    call = i.followup.send.await_args
    assert call.kwargs["file"].filename == "board.png" and not call.kwargs.get("ephemeral")


async def test_only_a_new_player_to_act_is_pinged(bot, service):
    """A player who goes on deciding (e.g. placing after buying) is not notified again; the next player is."""
    snap = await started(service, n=2)
    import random

    rnd = random.Random(5)
    move = cmd(bot, "game move")
    for _ in range(30):
        if not snap.prompts:
            break
        p = rnd.choice(snap.prompts)
        i = interaction(bot, USERS[p.seat])
        await run(move, i, action=rnd.choice(p.options).action)
        after = await service.current("chan")
        content = i.channel.send.await_args.kwargs["content"]
        if after.prompts and after.waiting_for == [p.seat]:
            assert "<@" not in content and "continues" in content
        elif after.prompts:
            assert f"<@{USERS[after.waiting_for[0]].id}>" in content
        snap = after


async def test_components_of_another_game_are_refused(bot, service, store):
    """A select, button or lobby button of an older game in this channel (or a forged id) never acts on the
    current game, even when the move numbers coincide."""
    from bot.discord import HandButton, LobbyButton
    from render.i18n import t

    old = await started(service, n=2)
    await store.set_status(old.row.id, "abandoned", 0.0)
    new = await started(service, n=2)
    p = new.prompts[0]
    refusals = (t("err.other_game", "en"), t("err.game_ended", "en", id=old.row.id))
    for item in (OptionSelect(old.row.id, 0, 0, [("x", p.options[0].action)]), GroupButton(old.row.id, 0, "take"),
                 HandButton(old.row.id), LobbyButton(old.row.id, "join"), LobbyButton(old.row.id, "start")):
        i = interaction(bot, USERS[p.seat])
        i.data = {"values": [p.options[0].action]}
        await item.callback(i)
        assert any(r in ephemeral_texts(i)[0] for r in refusals), type(item).__name__
        i.channel.send.assert_not_awaited()
    assert (await store.open_game("chan")).version == 0


def test_the_hand_button_uses_an_emoji_discord_knows():
    from bot.discord import HandButton

    assert str(HandButton(1).item.emoji) == "🃏"  # U+1F0CF is an emoji; U+1F0A0 (🂠) is not
