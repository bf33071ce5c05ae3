"""The clock's Discord commands and texts with a stand-in Interaction (issue 10)."""
from types import SimpleNamespace

import pytest

from bot.config import Config
from bot.discord import Referee
from bot.discord.notifier import DiscordNotifier
from bot.table.errors import DirectRefused
from render.i18n import t
from tests.bot.clockkit import DAY, HOUR, FakeTime
from tests.bot.conftest import USERS, complete, interaction, run


@pytest.fixture
def clock():
    return FakeTime()


@pytest.fixture
def bot(service, clock):
    service.clock = clock
    return Referee(service, Config(board_interval=0.0, render_processes=0), clock=clock)


def cmd(bot, path):
    group, *names = path.split()
    found = bot.tree.get_command(group)
    for name in names:  # a subcommand, or a subgroup's (``game settings notify``)
        found = found.get_command(name)
    return found


def private(inter):
    out = []
    for call in inter.followup.send.await_args_list + inter.response.send_message.await_args_list:
        assert call.kwargs.get("ephemeral") is True
        out.append(call.kwargs.get("content") or "")
    return out


async def open_table(bot, clock_text="1d", timeout="skip", locale="en"):
    i = interaction(bot, USERS[0])
    await run(cmd(bot, "game new"), i, game="alhambra", language=locale, options=None, clock=clock_text, timeout=timeout)
    lobby = i.channel.send.await_args.args[0]
    await run(cmd(bot, "game join"), interaction(bot, USERS[1]))
    s = interaction(bot, USERS[0])
    await run(cmd(bot, "game start"), s)
    return lobby, s


async def test_new_shows_the_clock_in_the_lobby_and_a_bad_clock_is_refused_privately(bot):
    lobby, _ = await open_table(bot, "3d+12h", "bot")
    assert "3 days bank, +12 hr per decision" in lobby and "a bot plays until the player returns" in lobby
    i = interaction(bot, USERS[0], channel_id="other")
    await run(cmd(bot, "game new"), i, game="alhambra", language="en", options=None, clock="3 weeks", timeout=None)
    (text,) = private(i)
    assert "is not a duration" in text
    i.channel.send.assert_not_awaited()


async def test_clock_autocomplete_offers_presets_and_a_valid_custom_value(bot):
    i = interaction(bot, USERS[0])
    choices = await complete(cmd(bot, "game new"), "clock", i, "")
    assert [c.value for c in choices] == ["none", "relaxed", "daily", "steady", "brisk"]
    assert all(len(c.name) <= 100 for c in choices)
    custom = await complete(cmd(bot, "game new"), "clock", i, "2d+6h")
    assert custom[0].value == "2d+6h" and "2 days bank, +6 hr" in custom[0].name
    assert await complete(cmd(bot, "game new"), "clock", i, "nonsense") == []


async def test_status_and_the_board_show_whose_turn_and_time_left_in_the_readers_language(bot, clock):
    _, start = await open_table(bot, "1d")
    embed = start.channel.send.await_args.kwargs["embed"]
    field = next(f for f in embed.fields if f.name == "⏱")
    assert "to act · 1 day left" in field.value
    clock.now += 4 * HOUR
    i = interaction(bot, USERS[0], locale="cs")
    await run(cmd(bot, "game status"), i)
    (text,) = private(i)
    assert "Na tahu:" in text and "zbývající čas: 20 h" in text and "Hodiny: 1 den na každé rozhodnutí" in text


async def test_notify_quiet_vacation_and_mine(bot, clock):
    await open_table(bot, "1d")
    i = interaction(bot, USERS[1], locale="pl")
    await run(cmd(bot, "game settings notify"), i, mode="both")
    assert "na kanale i w wiadomości prywatnej" in private(i)[0]
    i = interaction(bot, USERS[1])
    await run(cmd(bot, "game settings quiet"), i, hours="23:00-07:00", zone="Europe/Warsaw")
    assert "23:00-07:00 (Europe/Warsaw)" in private(i)[0]
    i = interaction(bot, USERS[1])
    await run(cmd(bot, "game settings quiet"), i, hours="25-3", zone="UTC")
    assert "are not quiet hours" in private(i)[0]
    assert [c.value for c in await complete(cmd(bot, "game settings quiet"), "zone", i, "prague")] == ["Europe/Prague"]
    i = interaction(bot, USERS[1])
    await run(cmd(bot, "game settings vacation"), i, days=5)
    assert "until" in private(i)[0] and "5 of 30" in private(i)[0]
    for user in USERS[:2]:
        i = interaction(bot, user)
        await run(cmd(bot, "game mine"), i)
        (text,) = private(i)
        assert "discord.com/channels/1/chan" in text
    clock.now += 2 * DAY
    i = interaction(bot, USERS[0], manage=True)
    await run(cmd(bot, "game overdue"), i)
    (text,) = private(i)
    assert text.startswith("**Players out of time:**") and "to act · out of time" in text
    i = interaction(bot, USERS[1])  # neither host nor moderator: sees only the games they host
    await run(cmd(bot, "game overdue"), i)
    assert private(i) == ["Nobody is out of time."]


async def test_pause_resume_are_for_the_host_and_announced(bot):
    await open_table(bot, "1d")
    i = interaction(bot, USERS[1])
    await run(cmd(bot, "game pause"), i)
    assert "Only the host" in private(i)[0]
    i = interaction(bot, USERS[0])
    await run(cmd(bot, "game pause"), i)
    assert "paused the game" in i.channel.send.await_args.args[0]
    i = interaction(bot, USERS[0])
    await run(cmd(bot, "game resume"), i)
    assert "resumed the game" in i.channel.send.await_args.args[0]


async def test_manage_channels_may_pause_and_resume_and_rules_say_who_may_do_what(bot):
    """Issue 23 item 10: the host or anyone with Manage Channels pauses, resumes and replaces (a decision,
    documented in the README and in /game rules, in every language)."""
    await open_table(bot, "1d")
    i = interaction(bot, USERS[1])
    await run(cmd(bot, "game pause"), i)
    assert private(i) == ["⚠️ " + t("err.host_or_manager", "en")]
    assert "Manage Channels" in private(i)[0]
    i = interaction(bot, USERS[1], manage=True)
    await run(cmd(bot, "game pause"), i)
    assert "paused the game" in i.channel.send.await_args.args[0]
    i = interaction(bot, USERS[1], manage=True)
    await run(cmd(bot, "game resume"), i)
    assert "resumed the game" in i.channel.send.await_args.args[0]
    for locale, perm in (("en-US", "Manage Channels"), ("cs", "Spravovat kanály"), ("pl", "Zarządzanie kanałami")):
        i = interaction(bot, USERS[2], locale=locale)
        await run(cmd(bot, "game rules"), i)
        (text,) = private(i)
        assert text.endswith(t("rules.roles", locale)) and perm in text
        assert "/game replace" in text and "/game undo move:" in text


async def test_a_refused_dm_raises_direct_refused(bot):
    import discord

    class Closed:
        async def send(self, text):
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), {"code": 50007, "message": "closed"})

    bot.get_user = lambda _id: Closed()
    notifier = DiscordNotifier(bot)
    row = SimpleNamespace(locale="en", channel_id="chan", guild_id="1", id=1)
    from engines.core import Msg
    with pytest.raises(DirectRefused):
        await notifier.to_user(row, "5", Msg("clock.your_turn", {"player": "Ann", "game": "Alhambra", "id": 1, "link": "x"}))


async def test_a_clock_move_gets_the_same_after_move_work_as_a_players(bot, monkeypatch):
    """A move played by the clock (a timeout action or a stand-in bot) posts its board, then tells followers
    and posts the recap when it ended the game, like a player's move (issue 12 with issue 10)."""
    import bot.discord.notifier as notifier_module

    posted, after = [], []

    async def post_board(game_id, wait=False, snap=None):
        posted.append((game_id, wait))
        assert snap is report  # the board is delivered from the move's own snapshot

    async def fake_after_move(client, report):
        after.append((client, report))

    bot.post_board = post_board
    monkeypatch.setattr(notifier_module, "after_move", fake_after_move)
    report = SimpleNamespace(row=SimpleNamespace(id=7, status="over"))
    await DiscordNotifier(bot).board(report)
    assert posted == [(7, True)] and after == [(bot, report)]  # the result before the recap: no pacing skipped
