"""The lobby in Discord: joining, bot seats, starting (the commands' flows and the lobby's buttons), and the
abandon confirmation."""
from __future__ import annotations

import re
from typing import Any

import discord

from bot.text import seat_name, seat_names
from render.i18n import normalise_locale, t

from .adapter import Adapter, referee
from .compose import is_bot_seat
from .errors import Interaction, answered_method, defer, mark_recorded, reply, user_locale, user_of


@answered_method
async def join(bot: Adapter, interaction: Interaction, expected_game: int | None = None) -> None:
    locale = user_locale(interaction)
    await defer(interaction)
    row = await bot.service.join(str(interaction.channel_id), user_of(interaction), expected_game=expected_game)
    mark_recorded("/game join")
    chan_locale = normalise_locale(row.locale)
    await bot.channel(interaction).send(
        t("lobby.joined", chan_locale, user=interaction.user.mention, n=len(row.seats),
          names=", ".join(seat_names(row, chan_locale))),
        allowed_mentions=discord.AllowedMentions.none(),
    )
    await reply(interaction, t("ok.joined", locale))


@answered_method
async def add_bot(bot: Adapter, interaction: Interaction, level: str | None = None, expected_game: int | None = None) -> None:
    """Seat a bot in the channel's lobby (``/game addbot``, the lobby's 🤖 button); refusals privately."""
    locale = user_locale(interaction)
    await defer(interaction)
    row = await bot.service.add_bot(str(interaction.channel_id), user_of(interaction), level,
                                     expected_game=expected_game)
    mark_recorded("/game addbot")
    chan_locale = normalise_locale(row.locale)
    bots = [s for s in sorted(row.seats, key=lambda s: s.seat) if is_bot_seat(s)]
    added = bots[-1]  # a new seat is the last one
    await bot.channel(interaction).send(
        t("lobbybot.added", chan_locale, user=interaction.user.mention, bot=seat_name(added, chan_locale),
          n=len(row.seats), names=", ".join(seat_names(row, chan_locale))),
        allowed_mentions=discord.AllowedMentions.none(),
    )
    await reply(interaction, t("lobbybot.ok_added", locale, bot=seat_name(added, locale)))


@answered_method
async def remove_bot(bot: Adapter, interaction: Interaction, which: str | None = None,
                     expected_game: int | None = None) -> None:
    """Take a bot out of the channel's lobby (``/game removebot``, the lobby's button: the last one seated)."""
    locale = user_locale(interaction)
    await defer(interaction)
    channel_id = str(interaction.channel_id)
    before = {s.user_id: s for s in (await bot.service.current(channel_id, expected_game)).row.seats if is_bot_seat(s)}
    row = await bot.service.remove_bot(channel_id, user_of(interaction), which, expected_game=expected_game)
    mark_recorded("/game removebot")
    chan_locale = normalise_locale(row.locale)
    gone = [s for uid, s in before.items() if uid not in {x.user_id for x in row.seats}]
    # (a bot removed and another added meanwhile would keep its id: name the one asked for then)
    removed = gone[0] if gone else next((s for s in before.values() if which in (s.user_id, s.name)), None)

    def name(loc: str) -> str:
        return seat_name(removed, loc) if removed is not None else which or "🤖"

    await bot.channel(interaction).send(
        t("lobbybot.removed", chan_locale, user=interaction.user.mention, bot=name(chan_locale),
          names=", ".join(seat_names(row, chan_locale))),
        allowed_mentions=discord.AllowedMentions.none(),
    )
    await reply(interaction, t("lobbybot.ok_removed", locale, bot=name(locale)))


@answered_method
async def start_game(bot: Adapter, interaction: Interaction, expected_game: int | None = None) -> None:
    locale = user_locale(interaction)
    await defer(interaction)
    bot.channel(interaction)
    report = await bot.service.start(str(interaction.channel_id), user_of(interaction), expected_game=expected_game)
    mark_recorded("/game start")
    bot.moved(report.row.id, interaction)
    try:
        await reply(interaction, t("ok.started", locale))
    finally:
        await bot.post_board(report.row.id, wait=True, snap=report)


LOBBY_STYLES = {"join": discord.ButtonStyle.success, "start": discord.ButtonStyle.primary,
                "addbot": discord.ButtonStyle.secondary, "rmbot": discord.ButtonStyle.secondary}
LOBBY_EMOJI = {"addbot": "🤖", "rmbot": "➖"}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"rf:l:(?P<gid>\d+):(?P<what>join|start|addbot|rmbot)"):
    """The lobby's buttons: join, start, add a bot (of the default level), remove the last bot seated."""

    def __init__(self, game_id: int, what: str, label: str = "") -> None:
        self.game_id, self.what = game_id, what
        super().__init__(discord.ui.Button(label=label or what, style=LOBBY_STYLES[what], emoji=LOBBY_EMOJI.get(what),
                                           custom_id=f"rf:l:{game_id}:{what}"))

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> LobbyButton:
        return cls(int(match["gid"]), match["what"])

    @answered_method
    async def callback(self, interaction: Interaction) -> None:
        bot = referee(interaction)
        if self.what == "join":
            await join(bot, interaction, self.game_id)
        elif self.what == "addbot":
            await add_bot(bot, interaction, expected_game=self.game_id)
        elif self.what == "rmbot":
            await remove_bot(bot, interaction, expected_game=self.game_id)
        else:
            await start_game(bot, interaction, self.game_id)


class AbandonButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rf:a:(?P<gid>\d+)"):
    def __init__(self, game_id: int, label: str = "") -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(label=label or "abandon", style=discord.ButtonStyle.danger,
                                           custom_id=f"rf:a:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> AbandonButton:
        return cls(int(match["gid"]))

    @answered_method
    async def callback(self, interaction: Interaction) -> None:
        bot = referee(interaction)
        locale = user_locale(interaction)
        await defer(interaction)
        perms = getattr(interaction, "permissions", None)
        row = await bot.service.abandon(str(interaction.channel_id), user_of(interaction),
                                        bool(perms and perms.manage_channels), expected_game=self.game_id)
        mark_recorded("/game abandon")
        chan_locale = normalise_locale(row.locale or bot.config.default_locale)
        await bot.channel(interaction).send(t("abandon.done", chan_locale, user=interaction.user.mention, id=row.id))
        await reply(interaction, t("ok.done", locale))
