"""The Discord adapter: slash commands, buttons and selects over :class:`bot.service.GameService`.

Thin by design: it turns interactions into service calls and service results into
messages. Rules live in ``engines``, pictures in ``render``, text in the catalogue.

* Every command defers first (the 3-second limit), then works; rendering runs in a
  worker thread (``asyncio.to_thread``).
* Buttons and selects are persistent ``DynamicItem``s: their ``custom_id`` carries
  the game id and the version (move number) they were drawn for, so they keep
  working after a restart and a stale press is answered politely.
* Rejections (illegal moves, not your turn, stale buttons) are ephemeral and name
  the rule; nothing changes.
"""
from __future__ import annotations

import asyncio
import functools
import io
import logging
import re
import sys
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import aiohttp
import discord
from discord import app_commands

from engines import GAME_IDS, available_games, get_game
from engines.core import IllegalAction, Option
from render import renderer
from render.i18n import normalise_locale, t

from .config import Config
from .lifecycle import serve_until_signal
from .service import GameService, ServiceError, Snapshot, User
from .storage import Store
from .text import clip, event_lines_from_json, join_limited, say, say_events

log = logging.getLogger("referee")

# Discord limits we design against
MAX_CHOICES = 25          # autocomplete choices, select options, buttons per message
MAX_SELECTS = 5           # action rows per message
EMBED_DESC = 4096
CONTENT = 2000

# Per-game subcommands: name → the first tokens of the action strings it covers.
# Everything is also reachable through `/game move` (autocomplete over all legal options).
GAME_SUBCOMMANDS: dict[str, dict[str, tuple[str, ...]]] = {
    "alhambra": {
        "take": ("take",),
        "buy": ("buy",),
        "redesign": ("redesign",),
        "place": ("place", "reserve", "dirk"),
        "end": ("end",),
        "start": ("start",),
    },
    "egizia": {
        "sail": ("place", "pass", "stop", "endturn"),
        "card": ("track", "n18", "improve", "keep", "alyi", "ring", "leftover"),
        "feed": ("feed",),
        "build": ("first", "build", "decline", "crew", "draw", "obelisk", "tomb", "pyr", "tmp", "finish"),
        "sphinx": ("keep",),
        "play": ("play", "crewup", "buy", "done"),
    },
    "luxor": {
        "card": ("play", "discard"),  # "play L 7 3": card and move in one; die cards "play L" …
        "move": ("move",),            # … then "move 7" after the roll (C-06)
        "act": ("act",),
        "horus": ("key", "card"),
        "eye": ("level",),
        "temple": ("wild", "scarab"),
        "treasure": ("take", "leave"),
        "anubis": ("wake", "sleep"),
        "start": ("start",),
    },
}


def user_of(interaction: discord.Interaction) -> User:
    u = interaction.user
    return User(str(u.id), getattr(u, "display_name", None) or u.name)


def user_locale(interaction: discord.Interaction) -> str:
    return normalise_locale(str(interaction.locale) if interaction.locale else None)


def group_of(action: str) -> str:
    return action.split()[0]


def filter_options(options: Sequence[Option], current: str, locale: str, names: Sequence[str],
                   tokens: Sequence[str] | None = None) -> list[app_commands.Choice[str]]:
    """Autocomplete choices: only legal options, matching what was typed (label or action)."""
    needle = (current or "").lower().strip()
    out: list[app_commands.Choice[str]] = []
    for o in options:
        if tokens and group_of(o.action) not in tokens:
            continue
        label = say(o.label, locale, names)
        if needle and needle not in label.lower() and needle not in o.action.lower():
            continue
        out.append(app_commands.Choice(name=clip(label, 100), value=o.action))
        if len(out) == MAX_CHOICES:
            break
    return out


# ------------------------------------------------------------------------------------- translator


class CatalogueTranslator(app_commands.Translator):
    """Command names stay English; descriptions are translated through the catalogue."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale, context: Any) -> str | None:
        key = string.extras.get("key")
        loc = normalise_locale(str(locale))
        if not key or loc == "en":
            return None
        text = t(key, loc)
        return clip(text, 100) if text != key else None


def L(key: str) -> app_commands.locale_str:
    """A command description: English from the catalogue, other languages via the translator."""
    return app_commands.locale_str(clip(t(key, "en"), 100), key=key)


# ------------------------------------------------------------------------------------- the bot


def private_refusals(handler: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """Answer a refused request (illegal move, not your turn, no game here …) privately, naming the rule.

    Whatever the handler did not finish changes nothing: the service stores a move whole or not at all.
    """

    @functools.wraps(handler)
    async def wrapper(*args: Any, **kwargs: Any) -> None:
        try:
            await handler(*args, **kwargs)
        except (IllegalAction, ServiceError) as exc:
            interaction = next(a for a in (*args, *kwargs.values()) if hasattr(a, "response") and hasattr(a, "followup"))
            await reply(interaction, rejection_text(exc, user_locale(interaction)))

    return wrapper




class Referee(discord.Client):
    def __init__(self, service: GameService, config: Config | None = None) -> None:
        intents = discord.Intents.default()
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True))
        self.service = service
        self.config = config or Config()
        self._last_board: dict[int, Any] = {}  # game id → its newest board message
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self.on_app_command_error  # type: ignore[assignment]
        build_commands(self)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(GroupButton, OptionSelect, HandButton, LobbyButton, AbandonButton)
        await self.tree.set_translator(CatalogueTranslator())
        await asyncio.to_thread(warm_up_renderers)
        if self.config.dev_guild_id:
            guild = discord.Object(id=self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.config.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))

    async def on_ready(self) -> None:
        log.info("logged in as %s", self.user)

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        log.exception("command failed", exc_info=error)
        await reply(interaction, t("err.internal", user_locale(interaction)))

    # --------------------------------------------------------------------------------- posting

    def channel_locale(self, snap: Snapshot) -> str:
        return normalise_locale(snap.row.locale or self.config.default_locale)

    async def board_file(self, snap: Snapshot, locale: str) -> discord.File:
        png = await asyncio.to_thread(
            renderer(snap.row.title).render_public, snap.public_view, snap.row.names, locale
        )
        return discord.File(io.BytesIO(png), filename="board.png")

    async def post_turn(self, channel: Any, snap: Snapshot, lines: Sequence[str]) -> None:
        """The public message after a move: board image, what happened, who acts next, the buttons."""
        locale = self.channel_locale(snap)
        content, embed, view = compose_turn(snap, lines, locale)
        embed.set_image(url="attachment://board.png")
        file = await self.board_file(snap, locale)
        message = await channel.send(content=content, embed=embed, file=file, view=view,
                                     allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False))
        await self.retire_buttons(snap.row.id, message)

    async def retire_buttons(self, game_id: int, newest: Any) -> None:
        """Take the buttons off the game's previous board message, so only the newest one offers moves.

        Best effort: after a restart the previous message is unknown, and its buttons then answer
        "the game has moved on" when pressed.
        """
        previous = self._last_board.get(game_id)
        self._last_board[game_id] = newest
        if previous is not None and previous is not newest and hasattr(previous, "edit"):
            try:
                await previous.edit(view=None)
            except discord.HTTPException:
                log.info("could not retire the buttons of an old board message of game %s", game_id)

    @private_refusals
    async def do_move(self, interaction: discord.Interaction, action: str, expected_version: int | None = None,
                      expected_game: int | None = None) -> None:
        """Apply a move for the interaction's user and publish it. Errors are private."""
        locale = user_locale(interaction)
        await defer(interaction)
        report = await self.service.act(str(interaction.channel_id), user_of(interaction), action, expected_version,
                                        expected_game=expected_game)
        names = report.row.names
        public = say_events(report.public_events, self.channel_locale(report), names)
        await self.post_turn(interaction.channel, report, public)
        mine = [say(e.message, locale, names) for e in report.private_events(report.actor)] if report.actor is not None else []
        confirm = t("ok.move", locale, action=action)
        await reply(interaction, join_limited([confirm, *mine], CONTENT, lambda n: t("more_lines", locale, n=n)))


def warm_up_renderers() -> None:
    """Fill the renderers' caches once (fonts, glyphs, static art), by drawing each title's opening
    board in every language, so the first board after a start is as fast as the rest."""
    for title in available_games():
        game = get_game(title)
        view = game.public_view(game.new_game(game.min_players, None, 0).state)
        names = [""] * game.min_players
        for locale in ("en", "cs", "pl"):
            renderer(title).render_public(view, names, locale)


def rejection_text(exc: Exception, locale: str) -> str:
    if isinstance(exc, IllegalAction):
        return t("err.illegal", locale, reason=t(exc.message, locale), clause=exc.clause)
    if isinstance(exc, ServiceError):
        return "⚠️ " + t(exc.message, locale)
    return t("err.internal", locale)


async def defer(interaction: discord.Interaction, ephemeral: bool = True) -> None:
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def reply(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """Private answer, whether or not the interaction was deferred."""
    kwargs.setdefault("ephemeral", True)
    if interaction.response.is_done():
        await interaction.followup.send(content=content, **kwargs)
    else:
        await interaction.response.send_message(content=content, **kwargs)


def compose_turn(snap: Snapshot, lines: Sequence[str], locale: str) -> tuple[str, discord.Embed, discord.ui.View]:
    names = snap.row.names
    title = t(f"game.{snap.row.title}", locale)
    embed = discord.Embed(
        title=t("turn.embed_title", locale, game=title, move=snap.row.version, id=snap.row.id),
        description=join_limited(list(lines), EMBED_DESC, lambda n: t("more_lines", locale, n=n)) or "\u200b",
        colour=discord.Colour.dark_gold(),
    )
    view = discord.ui.View(timeout=None)
    if snap.result is not None:
        res = snap.result
        standings = sorted(range(len(res.scores)), key=lambda s: -res.scores[s])
        table = "\n".join(f"{'🏆 ' if s in res.winners else ''}{names[s]}: {res.scores[s]}" for s in standings)
        for k, v in res.extra.items():
            table += f"\n{t('result.extra.' + k, locale)}: {v}"
        embed.add_field(name=t("result.title", locale), value=clip(table, 1024), inline=False)
        winners = ", ".join(f"<@{snap.user_of(s)}>" for s in res.winners)
        return clip(t("result.content", locale, winners=winners), CONTENT), embed, view
    prompt = snap.prompts[0]
    what = say(prompt.title, locale, names)
    actor = getattr(snap, "actor", None)
    if actor is not None and snap.waiting_for == [actor]:
        # the same player goes on deciding: no second notification, just say so
        content = t("turn.continues", locale, player=names[actor], what=what)
    else:
        mentions = ", ".join(f"<@{snap.user_of(s)}>" for s in snap.waiting_for)
        content = t("turn.content", locale, mentions=mentions, what=what)
    add_turn_buttons(view, snap, locale)
    return clip(content, CONTENT), embed, view


def group_label(title: str, group: str, locale: str) -> str:
    """A button's text for a kind of move, e.g. ``buy`` → "Buy a building" (the token itself if untranslated)."""
    if group == "*":
        return "🔒 " + t("button.private", locale)
    key = f"group.{title}.{group}"
    text = t(key, locale)
    return clip(group if text == key else text, 80)


def add_turn_buttons(view: discord.ui.View, snap: Snapshot, locale: str = "en") -> None:
    groups: list[str] = []
    secret = False
    for p in snap.prompts:
        secret = secret or p.secret
        if p.secret:
            continue
        for o in p.options:
            g = group_of(o.action)
            if g not in groups:
                groups.append(g)
    if secret:
        groups.insert(0, "*")  # a private choice: shown only to its owner
    for g in groups[: MAX_CHOICES - 5]:
        view.add_item(GroupButton(snap.row.id, snap.row.version, g, group_label(snap.row.title, g, locale)))
    view.add_item(HandButton(snap.row.id, t("button.hand", locale)))


# ------------------------------------------------------------------------------------- components


class GroupButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rf:g:(?P<gid>\d+):(?P<ver>\d+):(?P<group>[A-Za-z0-9_+*-]+)"):
    """A kind of move (take, buy, …). Pressing it shows that kind's legal options privately."""

    def __init__(self, game_id: int, version: int, group: str, label: str = "") -> None:
        self.game_id, self.version, self.group = game_id, version, group
        label = label or group
        style = discord.ButtonStyle.primary if group != "*" else discord.ButtonStyle.success
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"rf:g:{game_id}:{version}:{group}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> GroupButton:
        return cls(int(match["gid"]), int(match["ver"]), match["group"])

    @private_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Referee = interaction.client  # type: ignore[assignment]
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
        if self.group != "*":
            options = [o for o in options if group_of(o.action) == self.group]
        if len(options) == 1:
            await bot.do_move(interaction, options[0].action, self.version, self.game_id)
            return
        await reply(interaction, **option_menus(row.id, row.version, options, locale, row.names))


def option_menus(game_id: int, version: int, options: Sequence[Option], locale: str, names: Sequence[str]) -> dict[str, Any]:
    """Selects (25 options each, up to 5) for a list of options; beyond that, point to autocomplete."""
    view = discord.ui.View(timeout=None)
    chunks = [options[i : i + MAX_CHOICES] for i in range(0, len(options), MAX_CHOICES)][:MAX_SELECTS]
    for n, chunk in enumerate(chunks):
        view.add_item(OptionSelect(game_id, version, n, [(say(o.label, locale, names), o.action) for o in chunk],
                                   t("menu.placeholder", locale, n=n + 1, total=len(chunks))))
    text = t("menu.choose", locale, n=len(options))
    if len(options) > MAX_CHOICES * MAX_SELECTS:
        text += "\n" + t("menu.too_many", locale, shown=MAX_CHOICES * MAX_SELECTS)
    return {"content": text, "view": view}


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"rf:s:(?P<gid>\d+):(?P<ver>\d+):(?P<n>\d+)"):
    def __init__(self, game_id: int, version: int, n: int, choices: Sequence[tuple[str, str]] = (), placeholder: str | None = None) -> None:
        self.game_id, self.version = game_id, version
        select = discord.ui.Select(
            custom_id=f"rf:s:{game_id}:{version}:{n}", placeholder=placeholder, min_values=1, max_values=1,
            options=[discord.SelectOption(label=clip(label, 100), value=action) for label, action in choices]
            or [discord.SelectOption(label="-", value="-")],
        )
        super().__init__(select)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]) -> OptionSelect:
        return cls(int(match["gid"]), int(match["ver"]), int(match["n"]))

    @private_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Referee = interaction.client  # type: ignore[assignment]
        values = (interaction.data or {}).get("values") or []
        if not values:
            return
        await bot.do_move(interaction, values[0], self.version, self.game_id)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rf:h:(?P<gid>\d+)"):
    def __init__(self, game_id: int, label: str = "") -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(label=label or "hand", emoji="🂠", style=discord.ButtonStyle.secondary,
                                           custom_id=f"rf:h:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> HandButton:
        return cls(int(match["gid"]))

    @private_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Referee = interaction.client  # type: ignore[assignment]
        await send_hand(bot, interaction, self.game_id)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rf:l:(?P<gid>\d+):(?P<what>join|start)"):
    def __init__(self, game_id: int, what: str, label: str = "") -> None:
        self.game_id, self.what = game_id, what
        style = discord.ButtonStyle.success if what == "join" else discord.ButtonStyle.primary
        super().__init__(discord.ui.Button(label=label or what, style=style, custom_id=f"rf:l:{game_id}:{what}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> LobbyButton:
        return cls(int(match["gid"]), match["what"])

    @private_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Referee = interaction.client  # type: ignore[assignment]
        if self.what == "join":
            await cmd_join(bot, interaction, self.game_id)
        else:
            await cmd_start(bot, interaction, self.game_id)


class AbandonButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rf:a:(?P<gid>\d+)"):
    def __init__(self, game_id: int, label: str = "") -> None:
        self.game_id = game_id
        super().__init__(discord.ui.Button(label=label or "abandon", style=discord.ButtonStyle.danger, custom_id=f"rf:a:{game_id}"))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> AbandonButton:
        return cls(int(match["gid"]))

    @private_refusals
    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Referee = interaction.client  # type: ignore[assignment]
        locale = user_locale(interaction)
        await defer(interaction)
        perms = getattr(interaction, "permissions", None)
        row = await bot.service.abandon(str(interaction.channel_id), user_of(interaction),
                                        bool(perms and perms.manage_channels), expected_game=self.game_id)
        chan_locale = normalise_locale(row.locale or bot.config.default_locale)
        await interaction.channel.send(t("abandon.done", chan_locale, user=interaction.user.mention, id=row.id))
        await reply(interaction, t("ok.done", locale))


# ------------------------------------------------------------------------------------- commands


@private_refusals
async def send_hand(bot: Referee, interaction: discord.Interaction, expected_game: int | None = None) -> None:
    locale = user_locale(interaction)
    await defer(interaction)
    snap, seat, private = await bot.service.private(str(interaction.channel_id), str(interaction.user.id),
                                                    expected_game=expected_game)
    png = await asyncio.to_thread(
        renderer(snap.row.title).render_private, snap.public_view, private, snap.row.names, locale
    )
    kwargs: dict[str, Any] = {"file": discord.File(io.BytesIO(png), filename="hand.png")}
    text = t("hand.title", locale, player=snap.row.names[seat])
    mine = [p for p in snap.prompts if p.seat == seat]
    if mine and snap.row.status == "active":
        options = [o for p in mine for o in p.options]
        menus = option_menus(snap.row.id, snap.row.version, options, locale, snap.row.names)
        text += "\n" + say(mine[0].title, locale, snap.row.names) + "\n" + menus["content"]
        kwargs["view"] = menus["view"]
    await reply(interaction, text, **kwargs)


@private_refusals
async def cmd_join(bot: Referee, interaction: discord.Interaction, expected_game: int | None = None) -> None:
    locale = user_locale(interaction)
    await defer(interaction)
    row = await bot.service.join(str(interaction.channel_id), user_of(interaction), expected_game=expected_game)
    chan_locale = normalise_locale(row.locale)
    await interaction.channel.send(
        t("lobby.joined", chan_locale, user=interaction.user.mention, n=len(row.seats), names=", ".join(row.names)),
        allowed_mentions=discord.AllowedMentions.none(),
    )
    await reply(interaction, t("ok.joined", locale))


@private_refusals
async def cmd_start(bot: Referee, interaction: discord.Interaction, expected_game: int | None = None) -> None:
    locale = user_locale(interaction)
    await defer(interaction)
    report = await bot.service.start(str(interaction.channel_id), user_of(interaction), expected_game=expected_game)
    chan_locale = bot.channel_locale(report)
    lines = [t("lobby.started", chan_locale, game=t(f"game.{report.row.title}", chan_locale), names=", ".join(report.row.names))]
    lines += say_events(report.public_events, chan_locale, report.row.names)
    await bot.post_turn(interaction.channel, report, lines)
    await reply(interaction, t("ok.started", locale))


def options_summary(title: str, options: dict[str, Any], locale: str) -> str:
    """The options that differ from the rules as printed, or "standard rules"."""
    defaults = {spec.name: spec.default for spec in get_game(title).option_specs}
    changed = [f"{k}={_option_text(v)}" for k, v in options.items() if defaults.get(k) != v]
    return ", ".join(changed) or t("lobby.default_options", locale)


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def option_choices(title: str, current: str, locale: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for ``/game new options``: the next ``key=value`` pair, only allowed values."""
    try:
        specs = get_game(title).option_specs
    except (KeyError, ModuleNotFoundError):
        return []
    words = (current or "").split()
    finished = words if (current or "").endswith(" ") or not words else words[:-1]
    partial = "" if (current or "").endswith(" ") or not words else words[-1]
    base = " ".join(finished)
    used = {w.split("=", 1)[0] for w in finished}
    out: list[app_commands.Choice[str]] = []
    for spec in specs:
        if spec.name in used:
            continue
        for value in spec.allowed:
            pair = f"{spec.name}={_option_text(value)}"
            if partial and not pair.startswith(partial) and partial not in pair:
                continue
            text = f"{base} {pair}".strip()
            mark = f" ({t('lobby.default', locale)})" if value == spec.default else ""
            out.append(app_commands.Choice(name=clip(text + mark, 100), value=clip(text, 100)))
            if len(out) == MAX_CHOICES:
                return out
    return out


def build_commands(bot: Referee) -> None:
    tree = bot.tree
    game_choices = [app_commands.Choice(name=g.capitalize(), value=g) for g in GAME_IDS]
    lang_choices = [app_commands.Choice(name=n, value=v) for n, v in (("English", "en"), ("Čeština", "cs"), ("Polski", "pl"))]

    group = app_commands.Group(name="game", description=L("cmd.game"))

    @group.command(name="new", description=L("cmd.new"))
    @app_commands.describe(game=L("cmd.new.game"), language=L("cmd.new.language"), options=L("cmd.new.options"))
    @app_commands.choices(game=game_choices, language=lang_choices)
    @private_refusals
    async def new(interaction: discord.Interaction, game: str, language: str | None = None, options: str | None = None) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        chan_locale = normalise_locale(language or (str(interaction.guild_locale) if interaction.guild_locale else None)
                                       or bot.config.default_locale)
        if game not in available_games():
            raise ServiceError("err.game_unavailable", title=game)
        row = await bot.service.new(str(interaction.channel_id), str(interaction.guild_id) if interaction.guild_id else None,
                                    user_of(interaction), game, options or "", chan_locale)
        g = get_game(game)
        view = discord.ui.View(timeout=None)
        view.add_item(LobbyButton(row.id, "join", t("lobby.join_button", chan_locale)))
        view.add_item(LobbyButton(row.id, "start", t("lobby.start_button", chan_locale)))
        await interaction.channel.send(
            t("lobby.opened", chan_locale, host=interaction.user.mention, game=t(f"game.{game}", chan_locale),
              min=g.min_players, max=g.max_players, options=options_summary(game, row.options, chan_locale)),
            view=view, allowed_mentions=discord.AllowedMentions.none(),
        )
        await reply(interaction, t("ok.created", locale))

    @new.autocomplete("options")
    async def new_options_ac(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        title = getattr(interaction.namespace, "game", None) or "alhambra"
        return option_choices(title, current, user_locale(interaction))

    @group.command(name="join", description=L("cmd.join"))
    async def join(interaction: discord.Interaction) -> None:
        await cmd_join(bot, interaction)

    @group.command(name="leave", description=L("cmd.leave"))
    @private_refusals
    async def leave(interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        row = await bot.service.leave(str(interaction.channel_id), user_of(interaction))
        if row is None:
            await interaction.channel.send(t("lobby.closed", locale))
        else:
            await interaction.channel.send(t("lobby.left", normalise_locale(row.locale), user=interaction.user.mention,
                                             names=", ".join(row.names)), allowed_mentions=discord.AllowedMentions.none())
        await reply(interaction, t("ok.done", locale))

    @group.command(name="start", description=L("cmd.start"))
    async def start(interaction: discord.Interaction) -> None:
        await cmd_start(bot, interaction)

    @group.command(name="status", description=L("cmd.status"))
    @private_refusals
    async def status(interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        snap = await bot.service.current(str(interaction.channel_id))
        await reply(interaction, status_text(snap, locale))

    @group.command(name="board", description=L("cmd.board"))
    @private_refusals
    async def board(interaction: discord.Interaction) -> None:
        snap = await bot.service.current(str(interaction.channel_id))  # a quick read: refusals stay private
        if snap.public_view is None:
            raise ServiceError("err.not_started")
        await defer(interaction, ephemeral=False)
        chan_locale = bot.channel_locale(snap)
        content, embed, view = compose_turn(snap, [], chan_locale)
        embed.set_image(url="attachment://board.png")
        message = await interaction.followup.send(content=content, embed=embed, file=await bot.board_file(snap, chan_locale),
                                                  view=view, allowed_mentions=discord.AllowedMentions.none(), wait=True)
        await bot.retire_buttons(snap.row.id, message)

    @group.command(name="hand", description=L("cmd.hand"))
    async def hand(interaction: discord.Interaction) -> None:
        await send_hand(bot, interaction)

    @group.command(name="history", description=L("cmd.history"))
    @app_commands.describe(count=L("cmd.history.count"))
    @private_refusals
    async def history(interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 10) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        row, moves = await bot.service.history(str(interaction.channel_id), count)
        seat = row.seat_of(str(interaction.user.id))
        lines = []
        for m in moves:
            who = row.names[m.seat] if m.seat is not None else "—"
            lines.append(f"**#{m.seq}** {who}: `{m.action}`")
            lines += ["  " + x for x in event_lines_from_json(m.events, locale, row.names, seat)]
        await reply(interaction, join_limited(lines, CONTENT, lambda n: t("more_lines", locale, n=n)) or t("history.empty", locale))

    @group.command(name="rules", description=L("cmd.rules"))
    @app_commands.describe(game=L("cmd.rules.game"))
    @app_commands.choices(game=game_choices)
    async def rules(interaction: discord.Interaction, game: str | None = None) -> None:
        locale = user_locale(interaction)
        if game is None:
            try:
                game = (await bot.service.current(str(interaction.channel_id))).row.title
            except ServiceError:
                game = "alhambra"
        await reply(interaction, clip(t(f"rules.{game}", locale), CONTENT))

    @group.command(name="abandon", description=L("cmd.abandon"))
    @private_refusals
    async def abandon(interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        row = await bot.service.abandonable(str(interaction.channel_id))
        view = discord.ui.View(timeout=None)
        view.add_item(AbandonButton(row.id, t("abandon.confirm_button", locale)))
        await reply(interaction, t("abandon.confirm", locale, id=row.id), view=view)

    @group.command(name="move", description=L("cmd.move"))
    @app_commands.describe(action=L("cmd.move.action"))
    async def move(interaction: discord.Interaction, action: str) -> None:
        await bot.do_move(interaction, action)

    @move.autocomplete("action")
    async def move_ac(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await autocomplete(bot, interaction, current, None)

    tree.add_command(group)
    for title, subs in GAME_SUBCOMMANDS.items():
        tree.add_command(game_group(bot, title, subs))


async def autocomplete(bot: Referee, interaction: discord.Interaction, current: str,
                       tokens: Sequence[str] | None) -> list[app_commands.Choice[str]]:
    try:
        row, options = await bot.service.options_for(str(interaction.channel_id), str(interaction.user.id))
    except ServiceError:
        return []
    return filter_options(options, current, user_locale(interaction), row.names, tokens)


def game_group(bot: Referee, title: str, subs: dict[str, tuple[str, ...]]) -> app_commands.Group:
    """``/alhambra buy …`` etc.: each subcommand autocompletes only its kind of legal move."""
    group = app_commands.Group(name=title, description=L(f"cmd.{title}"))

    def make(name: str, tokens: tuple[str, ...]) -> app_commands.Command:
        @private_refusals
        async def callback(interaction: discord.Interaction, choice: str) -> None:
            await bot.do_move(interaction, choice)

        async def ac(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return await autocomplete(bot, interaction, current, tokens)

        app_commands.describe(choice=L("cmd.choice"))(callback)
        cmd = app_commands.Command(name=name, description=L(f"cmd.{title}.{name}"), callback=callback, parent=group)
        cmd.autocomplete("choice")(ac)
        return cmd

    for name, tokens in subs.items():
        group.add_command(make(name, tokens))
    group.add_command(make("choose", ()))
    return group


def status_text(snap: Snapshot, locale: str) -> str:
    row = snap.row
    lines = [t("status.head", locale, game=t(f"game.{row.title}", locale), id=row.id, status=t(f"status.{row.status}", locale),
               move=row.version)]
    lines.append(t("status.players", locale, names=", ".join(row.names)))
    if row.options:
        lines.append(t("status.options", locale, options=options_summary(row.title, row.options, locale)))
    if snap.prompts:
        for p in snap.prompts:
            lines.append(t("status.waiting", locale, player=row.names[p.seat], what=say(p.title, locale, row.names)))
    if snap.result is not None:
        res = snap.result
        lines.append(t("result.title", locale) + ": " + ", ".join(f"{row.names[i]} {s}" for i, s in enumerate(res.scores)))
    return clip("\n".join(lines), CONTENT)


def run_bot(config: Config) -> int:
    """Run the bot until SIGINT/SIGTERM: then refuse new interactions, finish the moves in flight, close the
    database and the Discord connection, and return 0 (within about 5 seconds).

    Raises :class:`bot.storage.StorageError` at once if the database cannot be used (the caller says why).
    """
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if config.api_base:
        discord.http.Route.BASE = config.api_base.rstrip("/")

    async def main() -> None:
        store = await Store.open(config.db_path)
        service = GameService(store)
        bot = Referee(service, config)

        async def shutdown() -> None:
            drained = await service.close(timeout=3.0)
            if not drained:
                log.warning("stopped with %d request(s) unfinished; each is stored whole or not at all",
                            service.in_flight)
            try:
                await asyncio.wait_for(bot.close(), 1.5)
            except TimeoutError:
                log.warning("the Discord connection did not close in time")

        try:
            await serve_until_signal(bot.start(config.token), shutdown)
        finally:
            if not bot.is_closed():
                await bot.close()
            await service.close(timeout=0)

    try:
        asyncio.run(main())
    except discord.LoginFailure:
        print("referee: Discord rejected the token (LoginFailure). Check DISCORD_TOKEN.", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as exc:
        print(f"referee: cannot reach Discord ({exc}).", file=sys.stderr)
        return 1
    return 0
