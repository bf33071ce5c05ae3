"""Slash commands: ``/game`` (what every title shares) and one group per title (its kinds of move)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from engines import GAME_IDS, available_games, get_game
from engines.core import Msg
from render.i18n import normalise_locale, t

from ..service import ServiceError
from ..text import clip, event_lines_from_json, join_limited
from .components import AbandonButton, LobbyButton, compose_turn
from .compose import (
    THREADS,
    L,
    filter_options,
    in_group,
    missing_permissions,
    option_choices,
    options_summary,
    status_text,
)
from .errors import (
    Interaction,
    answered,
    answered_method,
    defer,
    mark_recorded,
    quiet_autocomplete,
    quiet_autocomplete_method,
    reply,
    user_locale,
    user_of,
)
from .limits import CONTENT

if TYPE_CHECKING:
    from .client import Referee

GAME_CHOICES = [app_commands.Choice(name=g.capitalize(), value=g) for g in GAME_IDS]
LANG_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in (("English", "en"), ("Čeština", "cs"), ("Polski", "pl"))]

async def autocomplete(bot: Referee, interaction: Interaction, current: str,
                       group: str | None) -> list[app_commands.Choice[str]]:
    """The user's legal options (of one command group, or all), matching what was typed."""
    try:
        row, options = await bot.service.options_for(str(interaction.channel_id), str(interaction.user.id))
    except ServiceError:
        return []
    if group is None:
        return filter_options(options, current, user_locale(interaction), row.names)
    game = get_game(row.title)
    return filter_options(options, current, user_locale(interaction), row.names,
                          lambda o: in_group(game, o.action, group))


class GameCommands(app_commands.Group):
    """``/game …``: lobby, status and any move."""

    def __init__(self, bot: Referee) -> None:
        super().__init__(name="game", description=L("cmd.game"))
        self.bot = bot

    @app_commands.command(name="new", description=L("cmd.new"))
    @app_commands.describe(game=L("cmd.new.game"), language=L("cmd.new.language"), options=L("cmd.new.options"))
    @app_commands.choices(game=GAME_CHOICES, language=LANG_CHOICES)
    @answered_method
    async def new(self, interaction: Interaction, game: str, language: str | None = None, options: str | None = None) -> None:
        bot = self.bot
        locale = user_locale(interaction)
        await defer(interaction)
        chan_locale = normalise_locale(language or (str(interaction.guild_locale) if interaction.guild_locale else None)
                                       or bot.config.default_locale)
        if game not in available_games():
            raise ServiceError("err.game_unavailable", title=game)
        in_thread = getattr(interaction.channel, "type", None) in THREADS
        missing = missing_permissions(interaction.app_permissions, in_thread)
        if missing:
            raise ServiceError("err.missing_permissions", perms=[Msg(f"perm.{name}") for name in missing])
        row = await bot.service.new(str(interaction.channel_id), str(interaction.guild_id) if interaction.guild_id else None,
                                    user_of(interaction), game, options or "", chan_locale)
        mark_recorded("/game new")
        g = get_game(game)
        view = discord.ui.View(timeout=None)
        view.add_item(LobbyButton(row.id, "join", t("lobby.join_button", chan_locale)))
        view.add_item(LobbyButton(row.id, "start", t("lobby.start_button", chan_locale)))
        await bot.channel(interaction).send(
            t("lobby.opened", chan_locale, host=interaction.user.mention, game=t(f"game.{game}", chan_locale),
              min=g.min_players, max=g.max_players, options=options_summary(game, row.options, chan_locale)),
            view=view, allowed_mentions=discord.AllowedMentions.none(),
        )
        await reply(interaction, t("ok.created", locale))

    @new.autocomplete("options")
    @quiet_autocomplete_method
    async def new_options_ac(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        title = getattr(interaction.namespace, "game", None) or available_games()[0]
        return option_choices(title, current, user_locale(interaction))

    @app_commands.command(name="join", description=L("cmd.join"))
    @answered_method
    async def join(self, interaction: Interaction) -> None:
        await self.bot.join(interaction)

    @app_commands.command(name="leave", description=L("cmd.leave"))
    @answered_method
    async def leave(self, interaction: Interaction) -> None:
        bot = self.bot
        locale = user_locale(interaction)
        await defer(interaction)
        row = await bot.service.leave(str(interaction.channel_id), user_of(interaction))
        mark_recorded("/game leave")
        if row is None:
            await bot.channel(interaction).send(t("lobby.closed", locale))
        else:
            await bot.channel(interaction).send(
                t("lobby.left", normalise_locale(row.locale), user=interaction.user.mention, names=", ".join(row.names)),
                allowed_mentions=discord.AllowedMentions.none())
        await reply(interaction, t("ok.done", locale))

    @app_commands.command(name="start", description=L("cmd.start"))
    @answered_method
    async def start(self, interaction: Interaction) -> None:
        await self.bot.start_game(interaction)

    @app_commands.command(name="status", description=L("cmd.status"))
    @answered_method
    async def status(self, interaction: Interaction) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        snap = await self.bot.service.current(str(interaction.channel_id))
        post = await self.bot.store.last_post(snap.row.id)
        await reply(interaction, status_text(snap, locale, post))

    @app_commands.command(name="board", description=L("cmd.board"))
    @answered_method
    async def board(self, interaction: Interaction) -> None:
        bot = self.bot
        snap = await bot.service.current(str(interaction.channel_id))  # a quick read: refusals stay private
        if snap.public_view is None:
            raise ServiceError("err.not_started")
        await defer(interaction, ephemeral=False)
        chan_locale = bot.channel_locale(snap)
        content, embed, view = compose_turn(snap, [], chan_locale)
        embed.set_image(url="attachment://board.png")
        message = await interaction.followup.send(content=content, embed=embed, file=await bot.board_file(snap, chan_locale),
                                                  view=view, allowed_mentions=discord.AllowedMentions.none(), wait=True)
        await bot.board_posted(snap, str(interaction.channel_id), message)

    @app_commands.command(name="hand", description=L("cmd.hand"))
    @answered_method
    async def hand(self, interaction: Interaction) -> None:
        await self.bot.send_hand(interaction)

    @app_commands.command(name="history", description=L("cmd.history"))
    @app_commands.describe(count=L("cmd.history.count"))
    @answered_method
    async def history(self, interaction: Interaction, count: app_commands.Range[int, 1, 50] = 10) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        row, moves = await self.bot.service.history(str(interaction.channel_id), count)
        seat = row.seat_of(str(interaction.user.id))
        lines = []
        for m in moves:
            who = row.names[m.seat] if m.seat is not None else "—"
            lines.append(f"**#{m.seq}** {who}: `{m.action}`")
            lines += ["  " + x for x in event_lines_from_json(m.events, locale, row.names, seat)]
        await reply(interaction, join_limited(lines, CONTENT, lambda n: t("more_lines", locale, n=n)) or t("history.empty", locale))

    @app_commands.command(name="rules", description=L("cmd.rules"))
    @app_commands.describe(game=L("cmd.rules.game"))
    @app_commands.choices(game=GAME_CHOICES)
    @answered_method
    async def rules(self, interaction: Interaction, game: str | None = None) -> None:
        locale = user_locale(interaction)
        if game is None:
            try:
                game = (await self.bot.service.current(str(interaction.channel_id))).row.title
            except ServiceError:
                game = available_games()[0]
        await reply(interaction, clip(t(f"rules.{game}", locale), CONTENT))

    @app_commands.command(name="abandon", description=L("cmd.abandon"))
    @answered_method
    async def abandon(self, interaction: Interaction) -> None:
        locale = user_locale(interaction)
        row = await self.bot.service.abandonable(str(interaction.channel_id))
        view = discord.ui.View(timeout=None)
        view.add_item(AbandonButton(row.id, t("abandon.confirm_button", locale)))
        await reply(interaction, t("abandon.confirm", locale, id=row.id), view=view)

    @app_commands.command(name="move", description=L("cmd.move"))
    @app_commands.describe(action=L("cmd.move.action"))
    @answered_method
    async def move(self, interaction: Interaction, action: str) -> None:
        await self.bot.do_move(interaction, action)

    @move.autocomplete("action")
    @quiet_autocomplete_method
    async def move_ac(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await autocomplete(self.bot, interaction, current, None)


def game_group(bot: Referee, title: str) -> app_commands.Group:
    """``/alhambra buy …`` etc.: one subcommand per command group the engine declares, each autocompleting
    only its kind of legal move, and ``choose`` for any legal move of the game."""
    group = app_commands.Group(name=title, description=L(f"cmd.{title}"))

    def make(name: str, description: str, only: str | None) -> app_commands.Command[app_commands.Group, ..., None]:
        @answered
        async def callback(interaction: Interaction, choice: str) -> None:
            await bot.do_move(interaction, choice)

        @quiet_autocomplete
        async def ac(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
            return await autocomplete(bot, interaction, current, only)

        app_commands.describe(choice=L("cmd.choice"))(callback)
        cmd: app_commands.Command[app_commands.Group, ..., None] = app_commands.Command(
            name=name, description=L(description), callback=callback, parent=group)
        cmd.autocomplete("choice")(ac)
        return cmd

    for g in get_game(title).command_groups:
        group.add_command(make(g.name, g.description, g.name))
    group.add_command(make("choose", f"cmd.{title}.choose", None))
    return group


def build_commands(bot: Referee) -> None:
    bot.tree.add_command(GameCommands(bot))
    for title in available_games():
        bot.tree.add_command(game_group(bot, title))
