"""Persistent components (``DynamicItem``): their ``custom_id`` carries the game id and the version (move
number) they were drawn for, so they keep working after a restart and a stale press is answered politely."""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord

from engines import get_game
from engines.core import Option
from render.i18n import normalise_locale, t

from ..service import Snapshot
from ..text import clip, say, seat_names
from .compose import PRIVATE, board_groups, group_label, in_group, none_text, turn_text
from .errors import Interaction, answered_method, defer, fail, mark_recorded, reply, user_locale, user_of
from .limits import MAX_CHOICES, MAX_SELECTS

if TYPE_CHECKING:
    from .client import Referee


def referee(interaction: Interaction) -> Referee:
    """The client an interaction arrived on (always our :class:`~bot.discord.client.Referee`)."""
    return cast("Referee", interaction.client)


class GroupButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                  template=r"rf:g:(?P<gid>\d+):(?P<ver>\d+):(?P<group>[A-Za-z0-9_+*-]+)"):
    """A kind of move (take, buy, …). Pressing it shows that kind's legal options privately."""

    def __init__(self, game_id: int, version: int, group: str, label: str = "") -> None:
        self.game_id, self.version, self.group = game_id, version, group
        label = label or group
        style = discord.ButtonStyle.primary if group != PRIVATE else discord.ButtonStyle.success
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"rf:g:{game_id}:{version}:{group}"))

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> GroupButton:
        return cls(int(match["gid"]), int(match["ver"]), match["group"])

    @answered_method
    async def callback(self, interaction: Interaction) -> None:
        bot = referee(interaction)
        locale = user_locale(interaction)
        await defer(interaction)
        row, options = await bot.service.options_for(str(interaction.channel_id), str(interaction.user.id),
                                                     expected_game=self.game_id)
        if row.version != self.version:
            await reply(interaction, t("err.stale", locale))
            return
        if not options:
            await reply(interaction, t("err.no_options", locale))
            return
        if self.group != PRIVATE:
            game = get_game(row.title)
            options = [o for o in options if in_group(game, o.action, self.group)]
            if not options:  # said privately: whether a hidden hand can pay is nobody else's business
                await reply(interaction, none_text(row.title, self.group, locale))
                return
        if len(options) == 1:
            await bot.do_move(interaction, options[0].action, self.version, self.game_id)
            return
        content, view = option_menus(row.id, row.version, options, locale, seat_names(row, locale))
        await reply(interaction, content, view=view)


def compose_turn(snap: Snapshot, lines: Sequence[str], locale: str,
                 actor: int | None = None) -> tuple[str, discord.Embed, discord.ui.View]:
    """The public message after a move: content, embed and the board's buttons (from public information only)."""
    content, embed, playing = turn_text(snap, lines, locale, actor)
    view = discord.ui.View(timeout=None)
    if playing and snap.game is not None:
        for g in board_groups(snap.game, snap.prompts):
            view.add_item(GroupButton(snap.row.id, snap.row.version, g, group_label(snap.row.title, g, locale)))
    if playing:
        view.add_item(HandButton(snap.row.id, t("button.hand", locale)))
    return content, embed, view


def option_menus(game_id: int, version: int, options: Sequence[Option], locale: str,
                 names: Sequence[str]) -> tuple[str, discord.ui.View]:
    """Selects (25 options each, up to 5) for a list of options; beyond that, point to autocomplete."""
    view = discord.ui.View(timeout=None)
    too_many = len(options) > MAX_CHOICES * MAX_SELECTS
    rows = MAX_SELECTS - 1 if too_many else MAX_SELECTS  # the last row then holds the "type a move" button
    chunks = [options[i : i + MAX_CHOICES] for i in range(0, len(options), MAX_CHOICES)][:rows]
    for n, chunk in enumerate(chunks):
        view.add_item(OptionSelect(game_id, version, n, [(say(o.label, locale, names), o.action) for o in chunk],
                                   t("menu.placeholder", locale, n=n + 1, total=len(chunks))))
    text = t("menu.choose", locale, n=len(options))
    if too_many:
        text += "\n" + t("menu.too_many", locale, shown=MAX_CHOICES * rows)
        view.add_item(TypeMoveButton(game_id, version, t("button.type_move", locale)))
    return text, view


class TypeMoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rf:t:(?P<gid>\d+):(?P<ver>\d+)"):
    """Opens a form to type a move, for when there are more legal options than menus can list."""

    def __init__(self, game_id: int, version: int, label: str = "") -> None:
        self.game_id, self.version = game_id, version
        super().__init__(discord.ui.Button(label=label or "type", emoji="✏️", style=discord.ButtonStyle.secondary,
                                           custom_id=f"rf:t:{game_id}:{version}"))

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> TypeMoveButton:
        return cls(int(match["gid"]), int(match["ver"]))

    @answered_method
    async def callback(self, interaction: Interaction) -> None:
        await interaction.response.send_modal(MoveModal(self.game_id, self.version, user_locale(interaction)))


class MoveModal(discord.ui.Modal):
    """A typed move (as ``/game move`` takes it), applied like a menu choice of the same position."""

    def __init__(self, game_id: int, version: int, locale: str) -> None:
        super().__init__(title=clip(t("modal.title", locale), 45), timeout=None, custom_id=f"rf:m:{game_id}:{version}")
        self.game_id, self.version = game_id, version
        self.move: discord.ui.TextInput[MoveModal] = discord.ui.TextInput(
            label=clip(t("modal.label", locale), 45), max_length=100, placeholder=clip(t("modal.placeholder", locale), 100))
        self.add_item(self.move)

    @answered_method
    async def on_submit(self, interaction: Interaction) -> None:
        await referee(interaction).do_move(interaction, self.move.value, self.version, self.game_id)

    async def on_error(self, interaction: Interaction, error: Exception, item: discord.ui.Item[Any] | None = None) -> None:
        await fail(interaction, "MoveModal", error)


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]],
                   template=r"rf:s:(?P<gid>\d+):(?P<ver>\d+):(?P<n>\d+)"):
    def __init__(self, game_id: int, version: int, n: int, choices: Sequence[tuple[str, str]] = (),
                 placeholder: str | None = None) -> None:
        self.game_id, self.version = game_id, version
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"rf:s:{game_id}:{version}:{n}", placeholder=placeholder, min_values=1, max_values=1,
            options=[discord.SelectOption(label=clip(label, 100), value=action) for label, action in choices]
            or [discord.SelectOption(label="-", value="-")],
        )
        super().__init__(select)

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> OptionSelect:
        return cls(int(match["gid"]), int(match["ver"]), int(match["n"]))

    @answered_method
    async def callback(self, interaction: Interaction) -> None:
        data: Any = interaction.data or {}
        values = data.get("values") or []
        if not values:
            await reply(interaction, t("err.no_options", user_locale(interaction)))
            return
        await referee(interaction).do_move(interaction, values[0], self.version, self.game_id)


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rf:h:(?P<gid>\d+)"):
    def __init__(self, game_id: int, label: str = "") -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(label=label or "hand", emoji="🃏", style=discord.ButtonStyle.secondary,
                                           custom_id=f"rf:h:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> HandButton:
        return cls(int(match["gid"]))

    @answered_method
    async def callback(self, interaction: Interaction) -> None:
        await referee(interaction).send_hand(interaction, self.game_id)


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
            await bot.join(interaction, self.game_id)
        elif self.what == "addbot":
            await bot.add_bot(interaction, expected_game=self.game_id)
        elif self.what == "rmbot":
            await bot.remove_bot(interaction, expected_game=self.game_id)
        else:
            await bot.start_game(interaction, self.game_id)


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
