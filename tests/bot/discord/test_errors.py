"""Every interaction is answered (#8.2): an unexpected error in a command, a button, a select or an
autocomplete is logged with its traceback (ids only) and answered privately, saying whether anything changed."""
import logging
import re
from types import SimpleNamespace
from unittest.mock import AsyncMock

import discord
from discord import app_commands

from bot.discord import GroupButton, HandButton, OptionSelect
from render.i18n import t
from tests.bot.conftest import USERS, complete, interaction, private_texts, run, started
from tests.bot.conftest import command as cmd


def boom(*args, **kwargs):
    raise RuntimeError("injected failure")


def assert_logged_with_traceback(caplog, inter):
    records = [r for r in caplog.records if r.exc_info and r.levelno >= logging.ERROR]
    assert records, "the failure was not logged with its traceback"
    text = records[-1].getMessage()
    # ids only, never a position or a hand
    assert re.fullmatch(rf"[\w. ]+ failed \(interaction={inter.id} channel=\w+ user=\w+\)", text), text


async def test_a_failing_command_is_answered_privately_and_logged(bot, service, monkeypatch, caplog):
    await started(service, n=2)
    monkeypatch.setattr(service, "current", AsyncMock(side_effect=boom))
    monkeypatch.setattr(service, "abandonable", AsyncMock(side_effect=boom))
    for name in ("status", "board", "abandon", "rules"):
        i = interaction(bot, USERS[0])
        await run(cmd(bot, f"game {name}"), i)
        assert private_texts(i) == [t("err.internal", "en")], name
        assert "Nothing was changed" in private_texts(i)[0]
        assert_logged_with_traceback(caplog, i)
        i.channel.send.assert_not_awaited()


async def test_a_failure_after_the_move_was_stored_says_it_was_recorded(bot, service, store, monkeypatch, caplog):
    snap = await started(service, n=2)
    p = snap.prompts[0]
    monkeypatch.setattr(store, "take_posts", AsyncMock(side_effect=boom))  # fails while posting the board
    i = interaction(bot, USERS[p.seat])
    await run(cmd(bot, "game move"), i, action=p.options[0].action)
    confirm, failure = private_texts(i)
    assert confirm.startswith("✅")  # told as soon as it was committed
    assert failure == t("err.internal_after", "en", action=p.options[0].action)
    assert "recorded" in failure
    assert (await store.open_game("chan")).version == 1
    assert_logged_with_traceback(caplog, i)


async def test_failing_buttons_and_selects_are_answered(bot, service, store, monkeypatch, caplog):
    snap = await started(service, n=2)
    p = snap.prompts[0]
    monkeypatch.setattr(service, "options_for", AsyncMock(side_effect=boom))
    monkeypatch.setattr(service, "private", AsyncMock(side_effect=boom))
    monkeypatch.setattr(service, "act", AsyncMock(side_effect=boom))
    for item in (GroupButton(snap.row.id, 0, "take"), HandButton(snap.row.id),
                 OptionSelect(snap.row.id, 0, 0, [("x", p.options[0].action)])):
        i = interaction(bot, USERS[p.seat])
        i.data = {"values": [p.options[0].action]}
        await item.callback(i)
        assert private_texts(i) == [t("err.internal", "en")], type(item).__name__
        assert_logged_with_traceback(caplog, i)
    assert (await store.open_game("chan")).version == 0


async def test_a_failing_autocomplete_offers_nothing_and_is_logged(bot, service, monkeypatch, caplog):
    await started(service, n=2)
    monkeypatch.setattr(service, "options_for", AsyncMock(side_effect=boom))
    i = interaction(bot, USERS[0])
    assert await complete(cmd(bot, "game move"), "action", i, "") == []
    assert await complete(cmd(bot, "alhambra take"), "choice", i, "") == []
    j = interaction(bot, USERS[0])
    j.namespace = SimpleNamespace(game="alhambra")
    import bot.discord.commands as commands

    monkeypatch.setattr(commands, "option_choices", boom)
    assert await complete(cmd(bot, "game new"), "options", j, "") == []
    assert len([r for r in caplog.records if r.exc_info and "autocomplete" in r.getMessage()]) == 3


async def test_an_expired_interaction_is_logged_not_raised(bot, service, caplog):
    await started(service, n=2)
    i = interaction(bot, USERS[0])
    gone = discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), {"code": 10062, "message": "Unknown interaction"})
    i.response.defer = AsyncMock(side_effect=gone)
    i.response.send_message = AsyncMock(side_effect=gone)
    await run(cmd(bot, "game status"), i)  # nothing escapes
    assert any("could not answer" in r.getMessage() for r in caplog.records)


async def test_the_tree_backstop_answers_what_no_callback_caught(bot, caplog):
    i = interaction(bot, USERS[0])
    i.command = None
    try:
        raise app_commands.AppCommandError("a conversion failed")
    except app_commands.AppCommandError as exc:
        await bot.on_app_command_error(i, exc)
    assert private_texts(i) == [t("err.internal", "en")]
    assert_logged_with_traceback(caplog, i)


async def test_abandon_without_a_game_or_after_the_end_is_a_clear_private_answer(bot, service, store):
    i = interaction(bot, USERS[0], channel_id="empty")
    await run(cmd(bot, "game abandon"), i)
    assert private_texts(i) == ["⚠️ " + t("err.no_game", "en")]
    snap = await started(service, n=2)
    await store.set_status(snap.row.id, "over", 0.0)
    j = interaction(bot, USERS[0])
    await run(cmd(bot, "game abandon"), j)
    (text,) = private_texts(j)
    assert f"#{snap.row.id}" in text and "ended" in text
    k = interaction(bot, USERS[0])
    from bot.discord import AbandonButton

    await AbandonButton(snap.row.id).callback(k)
    (text,) = private_texts(k)
    assert f"#{snap.row.id}" in text and "ended" in text



async def test_more_options_than_menus_hold_offer_a_typed_move_whose_errors_are_answered(bot, service, store, monkeypatch, caplog):
    from bot.discord.play import MoveModal, OptionSelect, TypeMoveButton, option_menus
    from engines.core import Msg, Option

    options = [Option(f"take y{i}", Msg("x")) for i in range(130)]
    text, view = option_menus(7, 3, options, "en", ["A"])
    kinds = [type(c) for c in view.children]
    assert kinds == [OptionSelect] * 4 + [TypeMoveButton] and "✏️" in text

    snap = await started(service, n=2)
    p = snap.prompts[0]
    i = interaction(bot, USERS[p.seat])
    i.response.send_modal = AsyncMock()
    await TypeMoveButton(snap.row.id, 0).callback(i)
    (modal,) = i.response.send_modal.await_args.args
    assert isinstance(modal, MoveModal) and len(modal.title) <= 45

    modal.move._value = p.options[0].action          # a typed legal move is applied
    j = interaction(bot, USERS[p.seat])
    await modal.on_submit(j)
    assert private_texts(j)[0].startswith("✅") and (await store.open_game("chan")).version == 1

    monkeypatch.setattr(service, "act", AsyncMock(side_effect=boom))  # a failing submit is answered
    k = interaction(bot, USERS[p.seat])
    await modal.on_submit(k)
    assert private_texts(k) == [t("err.internal", "en")]
    assert_logged_with_traceback(caplog, k)
