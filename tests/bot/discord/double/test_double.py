"""The double itself, driven by the real client: what it flags, and how it speaks the gateway."""
from __future__ import annotations

import discord
import pytest
from discord.http import Route

from render.i18n import t
from tests.bot.discord.double.env import DiscordEnv

PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)  # GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT


async def test_the_bot_identifies_without_privileged_intents_and_syncs_its_commands(discord_env):
    d = discord_env.double
    assert len(d.identifies) == 1
    assert d.identifies[0]["intents"] & PRIVILEGED_INTENTS == 0, "the README promises no privileged intents"
    names = {c["name"] for c in d.commands[d.guild_id]}
    assert {"game", "alhambra", "egizia", "luxor"} <= names
    assert discord_env.bot.application_id == d.application_id
    assert d.violations == []


async def test_an_unknown_route_is_a_violation(discord_env):
    d = discord_env.double
    with pytest.raises(discord.NotFound):
        await discord_env.bot.http.request(Route("GET", "/channels/{channel_id}/nonsense", channel_id=d.channel_id))
    assert [v.rule for v in d.violations] == ["no such route in Discord's API description"]
    d.violations.clear()


async def test_an_interaction_nobody_answers_is_a_violation(discord_env):
    """A button no handler knows: discord.py ignores the press, Discord shows "This interaction failed"."""
    d = discord_env.double
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="orphan", custom_id="nobody:handles:this"))
    message = await discord_env.bot.get_channel(d.channel_id).send("x", view=view)
    await d.press(d.user("Ann"), "nobody:handles:this")
    assert [v.rule for v in d.violations] == ["never acknowledged: Discord shows the user 'This interaction failed'"]
    assert message.id in d.all_messages
    d.violations.clear()


async def test_components_only_on_messages_the_user_can_see(discord_env):
    d = discord_env.double
    ann, ben = d.user("Ann"), d.user("Ben")
    await d.slash(ann, "game", "new", game="luxor")
    await d.slash(ben, "game", "join")
    i = await d.slash(ann, "game", "start")
    assert i.posts and i.posts[-1].files
    i = await d.slash(ann, "game", "hand")
    hand = i.private[-1]
    assert hand.recipient == ann.id
    with pytest.raises(LookupError):
        d.find_component(ben, next(iter(hand.custom_ids()), "rf:none"))


async def test_a_second_channel_and_a_restart(tmp_path):
    """Games in two channels at once (one created while the bot runs); after a restart both go on."""
    async with DiscordEnv(tmp_path / "r.sqlite3", dev_guild=False) as env:
        d = env.double
        other = await d.create_channel("more-games")
        ann, ben = d.user("Ann", "pl"), d.user("Ben")
        for channel, title in ((d.channel_id, "luxor"), (other, "alhambra")):
            await d.slash(ann, "game", "new", game=title, channel=channel)
            await d.slash(ben, "game", "join", channel=channel)
            await d.slash(ann, "game", "start", channel=channel)
        assert len(d.boards()) == 1 and len(d.boards(other)) == 1
        await env.restart()  # both channels arrive with GUILD_CREATE; both games go on
        for channel in (d.channel_id, other):
            i = await d.slash(ann, "game", "status", channel=channel)
            assert i.private_text and not i.public
        assert None in d.commands, "synced globally"
        assert d.violations == [], d.report()


async def test_the_interaction_protocol_is_checked(discord_env):
    """Posting before acknowledging, and a followup whose visibility its deferral overrides, are flagged."""
    d, bot = discord_env.double, discord_env.bot
    seen: list[discord.Interaction] = []

    async def on_interaction(interaction: discord.Interaction) -> None:
        if (interaction.data or {}).get("custom_id") != "probe":  # type: ignore[call-overload]
            return
        seen.append(interaction)
        assert isinstance(interaction.channel, discord.abc.Messageable)
        await interaction.channel.send("too early")                      # before the acknowledgement
        await interaction.response.defer(ephemeral=False, thinking=True)
        await interaction.followup.send("meant to be private", ephemeral=True)

    bot.on_interaction = on_interaction
    d.reject_invalid = False  # record, but let the requests through, to see them all
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="probe", custom_id="probe"))
    await bot.get_channel(d.channel_id).send("x", view=view)
    i = await d.press(d.user("Ann"), "probe")
    assert seen
    rules = [v.rule for v in d.violations]
    assert any("not acknowledged yet" in r for r in rules)
    assert any("everyone sees it" in r for r in rules)
    assert any(m.text() == "meant to be private" for m in i.public)
    d.violations.clear()


async def test_a_gateway_reconnect_resumes_the_session_and_play_goes_on(discord_env):
    d = discord_env.double
    ann, ben = d.user("Ann"), d.user("Ben")
    await d.slash(ann, "game", "new", game="luxor")
    await d.reconnect()
    assert len(d.resumes) == 1 and len(d.identifies) == 1, "resumed, not identified again"
    i = await d.slash(ben, "game", "join")
    assert i.posts
    assert d.violations == [], d.report()


async def test_the_lobby_and_abandoning_through_discord(discord_env):
    """/game new, leave, join by button, abandon: only the host or Manage Channels, after a confirmation."""
    d = discord_env.double
    ann, ben, cy = d.user("Ann"), d.user("Ben", "cs"), d.user("Cy", "pl", manage_channels=True)
    i = await d.slash(ann, "game", "new", game="alhambra", options="")
    lobby = i.posts[0]
    join = next(c for c in lobby.custom_ids() if c.endswith(":join"))
    await d.press(ben, join, message=lobby)
    i = await d.slash(ben, "game", "leave")
    assert i.posts and i.private_text
    await d.press(ben, join, message=lobby)
    i = await d.slash(ben, "game", "abandon")
    confirm = next(m for m in i.private if m.buttons())
    i = await d.press(ben, confirm.custom_ids()[0], message=confirm)
    assert not i.posts and i.private_text, "Ben is neither host nor a channel manager"
    i = await d.slash(cy, "game", "abandon")
    confirm = next(m for m in i.private if m.buttons())
    i = await d.press(cy, confirm.custom_ids()[0], message=confirm)
    assert i.posts and cy.mention in i.posts[0].content
    i = await d.slash(ann, "game", "abandon")
    assert i.private_text and not i.private[0].buttons(), "nothing left to abandon"
    assert d.violations == [], d.report()


async def test_two_presses_at_once_one_move_applies_the_other_is_answered(discord_env):
    """Interactions can be driven concurrently: the same move sent twice at once is applied once."""
    import asyncio
    import random

    from tests.bot.discord.double.driver import GameDriver

    d = discord_env.double
    g = GameDriver(d, "luxor", [d.user("Ann"), d.user("Ben")], random.Random(4))
    await g.open()
    user, offered = await g.actor()
    boards = len(d.boards())
    first, second = await asyncio.gather(*(d.slash(user, "game", "move", action=offered[0]["value"]) for _ in range(2)))
    assert len(d.boards()) == boards + 1, "exactly one board for one move"
    # (channel posts cannot be told apart by interaction while two are handled at once: read the replies)
    done = t("ok.move", "en", action=offered[0]["value"])
    assert sorted(done in i.private_text for i in (first, second)) == [False, True]
    assert first.private_text and second.private_text, "both presses are answered"
    assert d.violations == [], d.report()
