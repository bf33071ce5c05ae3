"""Playing in Discord: a move (typed, chosen from a menu or a button), the private hand, the full board one tap
away (🔍), and the board's persistent components (``DynamicItem``): their ``custom_id`` carries the game id and
the version (move number) they were drawn for, so they keep working after a restart and a stale press is
answered politely."""
from __future__ import annotations

import io
import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.table.errors import ServiceError
from bot.table.model import Snapshot
from bot.text import clip, image_names, join_limited, say, seat_names
from engines import get_game
from engines.core import Option
from render.i18n import t

from .adapter import Adapter, referee
from .compose import PRIVATE, board_groups, group_label, in_group, none_text, turn_text
from .errors import Interaction, answered_method, defer, fail, mark_recorded, reply, user_locale, user_of
from .history import after_move
from .limits import CONTENT, MAX_CHOICES, MAX_SELECTS
from .table import undo_view


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
            await do_move(bot, interaction, options[0].action, self.version, self.game_id)
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
        view.add_item(ZoomButton(snap.row.id, snap.row.version, t("button.zoom", locale)))
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
        await do_move(referee(interaction), interaction, self.move.value, self.version, self.game_id)

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
        await do_move(referee(interaction), interaction, values[0], self.version, self.game_id)


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
        await send_hand(referee(interaction), interaction, self.game_id)


class ZoomButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rf:z:(?P<gid>\d+):(?P<ver>\d+)"):
    """🔍 The full board, privately. The board message's embed shows the phone image (one image per embed);
    the full board (15–23 ms to draw, 68–107 KB) is drawn only when someone asks, from the public view."""

    def __init__(self, game_id: int, version: int, label: str = "") -> None:
        self.game_id, self.version = game_id, version
        super().__init__(discord.ui.Button(label=label or "board", emoji="🔍", style=discord.ButtonStyle.secondary,
                                           custom_id=f"rf:z:{game_id}:{version}"))

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> ZoomButton:
        return cls(int(match["gid"]), int(match["ver"]))

    @answered_method
    async def callback(self, interaction: Interaction) -> None:
        await send_full_board(referee(interaction), interaction, self.game_id, self.version)


# --------------------------------------------------------------------------------- flows


@answered_method
async def do_move(bot: Adapter, interaction: Interaction, action: str, expected_version: int | None = None,
                  expected_game: int | None = None) -> None:
    """Apply a move for the interaction's user: tell them it is recorded, then post the board."""
    locale = user_locale(interaction)
    await defer(interaction)
    bot.channel(interaction)
    report = await bot.service.act(str(interaction.channel_id), user_of(interaction), action, expected_version,
                                    expected_game=expected_game)
    mark_recorded(action)
    bot.moved(report.row.id, interaction)
    names = seat_names(report.row, locale)
    mine = [say(e.message, locale, names) for e in report.private_events(report.actor)] if report.actor is not None else []
    confirm = t("ok.move", locale, action=action)
    # a move that revealed nothing can be taken back: offer it on the private confirmation
    extra: dict[str, Any] = {} if report.reveals or report.row.status != "active" else {
        "view": undo_view(report.row.id, report.row.version, locale)}
    try:
        await reply(interaction, join_limited([confirm, *mine], CONTENT, lambda n: t("more_lines", locale, n=n)),
                    **extra)
    finally:  # the board goes out even if the mover can no longer be answered
        await bot.post_board(report.row.id, wait=True, snap=report)
        await after_move(bot, report)  # followers, and the recap when the game is over


@answered_method
async def send_hand(bot: Adapter, interaction: Interaction, expected_game: int | None = None) -> None:
    locale = user_locale(interaction)
    await defer(interaction)
    snap, seat, private = await bot.service.private(str(interaction.channel_id), str(interaction.user.id),
                                                     expected_game=expected_game)
    assert snap.public_view is not None
    png = await bot.renders.hand(snap.public_view, private, image_names(snap.row), locale)
    kwargs: dict[str, Any] = {"file": discord.File(io.BytesIO(png), filename="hand.png")}
    names = seat_names(snap.row, locale)
    text = t("hand.title", locale, player=names[seat])
    mine = [p for p in snap.prompts if p.seat == seat]
    if mine and snap.row.status == "active":
        options = [o for p in mine for o in p.options]
        content, view = option_menus(snap.row.id, snap.row.version, options, locale, names)
        text += "\n" + say(mine[0].title, locale, names) + "\n" + content
        kwargs["view"] = view
    await reply(interaction, text, **kwargs)


@answered_method
async def send_full_board(bot: Adapter, interaction: Interaction, game_id: int, version: int) -> None:
    """🔍: the full board of the game's current position (public information only), privately; a press on an
    older board says the game has moved on and shows the current one."""
    locale = user_locale(interaction)
    await defer(interaction)
    row = await bot.service.game(game_id)
    if row is None or row.channel_id != str(interaction.channel_id) or row.state is None:
        raise ServiceError("err.other_game")
    snap = await bot.service.snapshot_async(row)
    if snap.public_view is None:
        raise ServiceError("err.other_game")
    png = await bot.renders.board(snap.public_view, image_names(row), locale)
    text = t("board.zoom", locale, game=t(f"game.{row.title}", locale), id=row.id, move=row.version)
    if row.version != version:
        text = t("board.zoom_stale", locale, then=version, now=row.version) + "\n" + text
    await reply(interaction, clip(text, CONTENT), file=discord.File(io.BytesIO(png), filename="full-board.png"))
