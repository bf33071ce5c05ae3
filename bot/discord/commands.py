"""Slash commands: ``/game`` (what every title shares) and one group per title (its kinds of move)."""
from __future__ import annotations

import logging
from zoneinfo import available_timezones

import aiohttp
import discord
from discord import app_commands

from bot.table.clock import PRESETS, ClockError, parse_clock
from bot.table.clocks import NOTIFY_MODES, POLICIES, Waiting
from bot.table.errors import ServiceError
from bot.text import (
    clip,
    clock_lines,
    clock_text,
    duration,
    event_lines_from_json,
    join_limited,
    seat_name,
    seat_names,
    utc_text,
)
from engines import GAME_IDS, available_games, get_game
from engines.bots import LEVELS
from engines.core import Msg
from render.i18n import normalise_locale, t

from .adapter import Adapter
from .compose import (
    THREADS,
    L,
    filter_options,
    in_group,
    is_bot_seat,
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
    send_failure,
    user_locale,
    user_of,
)
from .history import build_record_commands
from .limits import CONTENT, MAX_CHOICES
from .lobby import AbandonButton, LobbyButton, add_bot, join, remove_bot, start_game
from .play import compose_turn, do_move, send_hand
from .table import pause_flow, replace_flow, skip_flow

log = logging.getLogger("referee.discord")

GAME_CHOICES = [app_commands.Choice(name=g.capitalize(), value=g) for g in GAME_IDS]
LANG_CHOICES = [app_commands.Choice(name=n, value=v) for n, v in (("English", "en"), ("Čeština", "cs"), ("Polski", "pl"))]
#: bot levels (``/game addbot level:``, ``/game new bot_level:``), described in the user's language
LEVEL_CHOICES = [app_commands.Choice(name=L(f"cmd.addbot.level.{lvl}"), value=lvl) for lvl in LEVELS]
#: the most bots ``/game new`` takes: every seat at the largest table of any game (the host watching)
MAX_BOTS = max(get_game(g).max_players for g in GAME_IDS)
POLICY_CHOICES = [app_commands.Choice(name=L(f"clock.choice.{p}"), value=p) for p in POLICIES]
NOTIFY_CHOICES = [app_commands.Choice(name=L(f"clock.notify.{m}"), value=m) for m in NOTIFY_MODES]


def clock_choices(current: str, locale: str) -> list[app_commands.Choice[str]]:
    """``/game new clock:`` autocomplete: the presets (described), plus what was typed if it is a valid clock."""
    needle = (current or "").strip().lower()
    out = []
    for name, rule in PRESETS.items():
        if needle and needle not in name:
            continue
        label = f"{name} — {clock_text(rule.to_json(), 'wait', locale).split(' · ')[0]}"
        out.append(app_commands.Choice(name=clip(label, 100), value=name))
    if needle and needle not in PRESETS:
        try:
            rule = parse_clock(needle)
            label = f"{needle} — {clock_text(rule.to_json(), 'wait', locale).split(' · ')[0]}"
            out.insert(0, app_commands.Choice(name=clip(label, 100), value=needle[:40]))
        except ClockError:
            pass
    return out[:MAX_CHOICES]


def zone_choices(current: str) -> list[app_commands.Choice[str]]:
    needle = (current or "").strip().lower()
    zones = sorted(z for z in available_timezones() if (needle in z.lower() and "/" in z) or z == "UTC")
    return [app_commands.Choice(name=z, value=z) for z in zones if needle in z.lower()][:MAX_CHOICES]


def mine_line(w: Waiting, now: float, locale: str) -> str:
    """One game of ``/game mine``/``/game overdue``: game, whose turn and time left, waited how long, link."""
    game = t(f"game.{w.game.title}", locale)
    waited = duration(now - w.since, locale) if w.since is not None else "—"
    return t("clock.mine.line", locale, game=game, id=w.game.id, line=clock_lines([w], locale)[0], waited=waited,
             link=w.link)

async def autocomplete(bot: Adapter, interaction: Interaction, current: str,
                       group: str | None) -> list[app_commands.Choice[str]]:
    """The user's legal options (of one command group, or all), matching what was typed."""
    try:
        row, options = await bot.service.options_for(str(interaction.channel_id), str(interaction.user.id))
    except ServiceError:
        return []
    if group is None:
        return filter_options(options, current, user_locale(interaction), seat_names(row, user_locale(interaction)))
    game = get_game(row.title)
    return filter_options(options, current, user_locale(interaction), seat_names(row, user_locale(interaction)),
                          lambda o: in_group(game, o.action, group))


class GameCommands(app_commands.Group):
    """``/game …``: lobby, status and any move."""

    def __init__(self, bot: Adapter) -> None:
        super().__init__(name="game", description=L("cmd.game"))
        self.bot = bot

    @app_commands.command(name="new", description=L("cmd.new"))
    @app_commands.describe(game=L("cmd.new.game"), language=L("cmd.new.language"), options=L("cmd.new.options"),
                           clock=L("cmd.new.clock"), timeout=L("cmd.new.timeout"), bots=L("cmd.new.bots"),
                           bot_level=L("cmd.new.bot_level"), watch=L("cmd.new.watch"))
    @app_commands.choices(game=GAME_CHOICES, language=LANG_CHOICES, timeout=POLICY_CHOICES, bot_level=LEVEL_CHOICES)
    @answered_method
    async def new(self, interaction: Interaction, game: str, language: str | None = None, options: str | None = None,
                  clock: app_commands.Range[str, 1, 40] | None = None, timeout: str | None = None,
                  bots: app_commands.Range[int, 0, MAX_BOTS] = 0, bot_level: str | None = None,
                  watch: bool = False) -> None:
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
                                    user_of(interaction), game, options or "", chan_locale, clock=clock, timeout=timeout,
                                    bots=bots, bot_level=bot_level, seat_host=not watch)
        mark_recorded("/game new")
        g = get_game(game)
        view = discord.ui.View(timeout=None)
        for what, key in (("join", "lobby.join_button"), ("start", "lobby.start_button"),
                          ("addbot", "lobbybot.add_button"), ("rmbot", "lobbybot.remove_button")):
            view.add_item(LobbyButton(row.id, what, t(key, chan_locale)))
        text = t("lobby.opened", chan_locale, host=interaction.user.mention, game=t(f"game.{game}", chan_locale),
                 min=g.min_players, max=g.max_players, options=options_summary(game, row.options, chan_locale))
        text += "\n" + clock_text(row.clock, row.timeout_policy, chan_locale)
        if any(is_bot_seat(s) for s in row.seats):  # seated at once (bots:N): name them, with their marker
            text += "\n" + t("lobbybot.seated", chan_locale, names=", ".join(seat_names(row, chan_locale)))
        try:
            await bot.channel(interaction).send(clip(text, CONTENT), view=view,
                                                allowed_mentions=discord.AllowedMentions.none())
        except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as exc:
            # a lobby nobody can see helps nobody: take it back (the host is its only player) and say why
            if await bot.service.leave(str(interaction.channel_id), user_of(interaction), expected_game=row.id) is not None:
                raise  # somebody joined meanwhile: the lobby stays, and the error path says it was recorded
            log.warning("game %s: the lobby could not be posted, so it was closed again (%s)", row.id, exc)
            raise ServiceError("err.lobby_not_posted", reason=Msg(f"post.reason.{send_failure(exc)}")) from exc
        await reply(interaction, t("ok.created", locale))

    @new.autocomplete("clock")
    @quiet_autocomplete_method
    async def new_clock_ac(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return clock_choices(current, user_locale(interaction))

    @new.autocomplete("options")
    @quiet_autocomplete_method
    async def new_options_ac(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        title = getattr(interaction.namespace, "game", None) or available_games()[0]
        return option_choices(title, current, user_locale(interaction))

    @app_commands.command(name="join", description=L("cmd.join"))
    @answered_method
    async def join(self, interaction: Interaction) -> None:
        await join(self.bot, interaction)

    @app_commands.command(name="addbot", description=L("cmd.addbot"))
    @app_commands.describe(level=L("cmd.addbot.level"))
    @app_commands.choices(level=LEVEL_CHOICES)
    @answered_method
    async def addbot(self, interaction: Interaction, level: str | None = None) -> None:
        await add_bot(self.bot, interaction, level)

    @app_commands.command(name="removebot", description=L("cmd.removebot"))
    @app_commands.describe(bot=L("cmd.removebot.bot"))
    @answered_method
    async def removebot(self, interaction: Interaction, bot: app_commands.Range[str, 1, 100] | None = None) -> None:
        await remove_bot(self.bot, interaction, bot)

    @removebot.autocomplete("bot")
    @quiet_autocomplete_method
    async def removebot_ac(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The bots seated in this channel's lobby (by name, with their marker and level)."""
        try:
            row = (await self.bot.service.current(str(interaction.channel_id))).row
        except ServiceError:
            return []
        if row.status != "lobby":
            return []
        locale, needle = user_locale(interaction), (current or "").strip().casefold()
        return [app_commands.Choice(name=clip(seat_name(s, locale), 100), value=s.user_id)
                for s in row.seats if is_bot_seat(s) and needle in seat_name(s, locale).casefold()][:MAX_CHOICES]

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
                t("lobby.left", normalise_locale(row.locale), user=interaction.user.mention,
                  names=", ".join(seat_names(row, normalise_locale(row.locale)))),
                allowed_mentions=discord.AllowedMentions.none())
        await reply(interaction, t("ok.done", locale))

    @app_commands.command(name="start", description=L("cmd.start"))
    @answered_method
    async def start(self, interaction: Interaction) -> None:
        await start_game(self.bot, interaction)

    @app_commands.command(name="status", description=L("cmd.status"))
    @answered_method
    async def status(self, interaction: Interaction) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        snap = await self.bot.service.current(str(interaction.channel_id))
        post = await self.bot.posts.last_post(snap.row.id)
        clock = [clock_text(snap.row.clock, snap.row.timeout_policy, locale)]
        clock += clock_lines(await self.bot.service.waiting(str(interaction.channel_id)), locale)
        await reply(interaction, clip(status_text(snap, locale, post) + "\n" + "\n".join(clock), CONTENT))

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
        clock = clock_lines(await bot.service.waiting(str(interaction.channel_id)), chan_locale)
        if clock:  # as on every board: who is to act and their time left
            embed.add_field(name="⏱", value=clip("\n".join(clock), 1024), inline=False)
        embed.set_image(url="attachment://board.png")
        message = await interaction.followup.send(content=content, embed=embed, file=await bot.board_file(snap, chan_locale),
                                                  view=view, allowed_mentions=discord.AllowedMentions.none(), wait=True)
        await bot.board_posted(snap, str(interaction.channel_id), message)

    @app_commands.command(name="hand", description=L("cmd.hand"))
    @answered_method
    async def hand(self, interaction: Interaction) -> None:
        await send_hand(self.bot, interaction)

    @app_commands.command(name="history", description=L("cmd.history"))
    @app_commands.describe(count=L("cmd.history.count"))
    @answered_method
    async def history(self, interaction: Interaction, count: app_commands.Range[int, 1, 50] = 10) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        row, moves = await self.bot.service.history(str(interaction.channel_id), count)
        seat = row.seat_of(str(interaction.user.id))
        names = seat_names(row, locale)
        lines = []
        for m in moves:
            who = names[m.seat] if m.seat is not None else "—"
            if m.seat is None or not is_bot_seat(row.seats[m.seat]):  # a bot seat's name has its 🤖 already
                who += {"timeout": " ⌛", "bot": " 🤖"}.get(m.kind, "")  # played by the clock, not the player
            taken_back = " " + t("record.undone", locale, by=m.undone_by) if m.undone_by is not None else ""
            lines.append(f"**#{m.seq}** {who}: `{m.action}`{taken_back}")
            lines += ["  " + x for x in event_lines_from_json(m.events, locale, names, seat)]
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
        await reply(interaction, clip(t(f"rules.{game}", locale) + "\n\n" + t("rules.roles", locale), CONTENT))

    @app_commands.command(name="abandon", description=L("cmd.abandon"))
    @answered_method
    async def abandon(self, interaction: Interaction) -> None:
        locale = user_locale(interaction)
        row = await self.bot.service.abandonable(str(interaction.channel_id))
        view = discord.ui.View(timeout=None)
        view.add_item(AbandonButton(row.id, t("abandon.confirm_button", locale)))
        await reply(interaction, t("abandon.confirm", locale, id=row.id), view=view)

    # ------------------------------------------------------------------ the clock (issue 10)

    @app_commands.command(name="pause", description=L("cmd.pause"))
    @answered_method
    async def pause(self, interaction: Interaction) -> None:
        await pause_flow(self.bot, interaction, True)

    @app_commands.command(name="resume", description=L("cmd.resume"))
    @answered_method
    async def resume(self, interaction: Interaction) -> None:
        await pause_flow(self.bot, interaction, False)

    @app_commands.command(name="skip", description=L("cmd.skip"))
    @answered_method
    async def skip(self, interaction: Interaction) -> None:
        await skip_flow(self.bot, interaction)

    @app_commands.command(name="replace", description=L("cmd.replace"))
    @app_commands.describe(old=L("cmd.replace.old"), new=L("cmd.replace.new"))
    @answered_method
    async def replace(self, interaction: Interaction, old: discord.User, new: discord.User) -> None:
        await replace_flow(self.bot, interaction, old, new)

    @app_commands.command(name="mine", description=L("cmd.mine"))
    @answered_method
    async def mine(self, interaction: Interaction) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        guild = str(interaction.guild_id) if interaction.guild_id else None
        games = await self.bot.service.mine(str(interaction.user.id), guild)
        now = self.bot.service.clock()
        lines = [t("clock.mine.head", locale)] if games.mine else [t("clock.mine.none", locale)]
        lines += [mine_line(w, now, locale) for w in games.mine]
        if games.others:
            lines.append(t("clock.mine.others", locale))
            lines += [mine_line(w, now, locale) for w in games.others]
        await reply(interaction, join_limited(lines, CONTENT, lambda n: t("more_lines", locale, n=n)))

    @app_commands.command(name="overdue", description=L("cmd.overdue"))
    @answered_method
    async def overdue(self, interaction: Interaction) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        guild = str(interaction.guild_id) if interaction.guild_id else None
        perms = getattr(interaction, "permissions", None)
        late = await self.bot.service.overdue(guild)
        if not getattr(perms, "manage_channels", False):  # a host sees the games they host; moderators all
            late = [w for w in late if w.game.host_id == str(interaction.user.id)]
        now = self.bot.service.clock()
        lines = [t("clock.overdue_list.head", locale)] if late else [t("clock.overdue_list.none", locale)]
        lines += [mine_line(w, now, locale) for w in late]
        await reply(interaction, join_limited(lines, CONTENT, lambda n: t("more_lines", locale, n=n)))

    @app_commands.command(name="move", description=L("cmd.move"))
    @app_commands.describe(action=L("cmd.move.action"))
    @answered_method
    async def move(self, interaction: Interaction, action: str) -> None:
        await do_move(self.bot, interaction, action)

    @move.autocomplete("action")
    @quiet_autocomplete_method
    async def move_ac(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await autocomplete(self.bot, interaction, current, None)


class SettingsCommands(app_commands.Group):
    """``/game settings notify · quiet · vacation``: a player's own settings, across all their games.

    A group of its own because ``/game`` may hold at most 25 subcommands and groups (Discord's limit), and
    these three are set once and rarely again, unlike the lobby's and the table's commands."""

    def __init__(self, bot: Adapter, parent: app_commands.Group) -> None:
        super().__init__(name="settings", description=L("cmd.settings"), parent=parent)
        self.bot = bot

    @app_commands.command(name="notify", description=L("cmd.notify"))
    @app_commands.describe(mode=L("cmd.notify.mode"))
    @app_commands.choices(mode=NOTIFY_CHOICES)
    @answered_method
    async def notify(self, interaction: Interaction, mode: str) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        await self.bot.service.set_notify(user_of(interaction), mode)
        await reply(interaction, t("clock.ok.notify", locale, mode=t(f"clock.notify.{mode}", locale)))

    @app_commands.command(name="quiet", description=L("cmd.quiet"))
    @app_commands.describe(hours=L("cmd.quiet.hours"), zone=L("cmd.quiet.zone"))
    @answered_method
    async def quiet(self, interaction: Interaction, hours: app_commands.Range[str, 1, 20],
                    zone: app_commands.Range[str, 1, 60] = "UTC") -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        s = await self.bot.service.set_quiet(user_of(interaction), hours, zone)
        if s.quiet is None:
            await reply(interaction, t("clock.ok.quiet_off", locale))
        else:
            await reply(interaction, t("clock.ok.quiet", locale, hours=s.quiet, zone=s.zone))

    @quiet.autocomplete("zone")
    @quiet_autocomplete_method
    async def quiet_zone_ac(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return zone_choices(current)

    @app_commands.command(name="vacation", description=L("cmd.vacation"))
    @app_commands.describe(days=L("cmd.vacation.days"))
    @answered_method
    async def vacation(self, interaction: Interaction, days: app_commands.Range[int, 0, 365]) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        s = await self.bot.service.vacation(user_of(interaction), days)
        if days == 0:
            await reply(interaction, t("clock.ok.vacation_over", locale))
        else:
            await reply(interaction, t("clock.ok.vacation", locale, until=utc_text(s.vacation_until or 0),
                                       used=int(s.vacation_used), max=self.bot.service.time_config.vacation_days))


def game_group(bot: Adapter, title: str) -> app_commands.Group:
    """``/alhambra buy …`` etc.: one subcommand per command group the engine declares, each autocompleting
    only its kind of legal move, and ``choose`` for any legal move of the game."""
    group = app_commands.Group(name=title, description=L(f"cmd.{title}"))

    def make(name: str, description: str, only: str | None) -> app_commands.Command[app_commands.Group, ..., None]:
        @answered
        async def callback(interaction: Interaction, choice: str) -> None:
            await do_move(bot, interaction, choice)

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


def build_commands(bot: Adapter) -> None:
    game = GameCommands(bot)
    SettingsCommands(bot, game)  # /game settings notify · quiet · vacation
    build_record_commands(bot, game)  # /game undo, rollback, record, recap, follow, unfollow and /stats
    bot.tree.add_command(game)
    for title in available_games():
        bot.tree.add_command(game_group(bot, title))
