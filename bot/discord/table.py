"""Running the table in Discord: undo (``/game undo``, the ↩️ button on the mover's private confirmation, the
Agree/Decline buttons of a request that needs consent, the host's roll-back), pausing and resuming the game,
the vote to skip an overdue player and replacing one."""
from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.table.errors import ServiceError
from bot.table.model import UndoOutcome, User
from bot.text import is_bot_user, join_limited, seat_names
from render.i18n import normalise_locale, t

from .adapter import Adapter, referee
from .errors import Interaction, answered_method, defer, mark_recorded, reply, user_locale, user_of
from .limits import CONTENT

log = logging.getLogger("referee.discord")
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)


def mention(user_id: str) -> str:
    return f"<@{user_id}>"


# --------------------------------------------------------------------------------- undo


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"rf:u:(?P<gid>\d+):(?P<ver>\d+)"):
    """On the mover's private confirmation: take that move back (refused politely once the game moved on)."""

    def __init__(self, game_id: int, version: int, label: str = "") -> None:
        self.game_id, self.version = game_id, version
        super().__init__(discord.ui.Button(label=label or "undo", emoji="↩️", style=discord.ButtonStyle.secondary,
                                           custom_id=f"rf:u:{game_id}:{version}"))

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]) -> UndoButton:
        return cls(int(match["gid"]), int(match["ver"]))

    @answered_method
    async def callback(self, interaction: Interaction) -> None:
        await undo_flow(referee(interaction), interaction, expected_game=self.game_id, expected_version=self.version)


class UndoAnswerButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                       template=r"rf:ua:(?P<gid>\d+):(?P<rid>\d+):(?P<yes>[yn])"):
    """Agree to / decline an undo request (in the channel, for the players asked)."""

    def __init__(self, game_id: int, request_id: int, accept: bool, label: str = "") -> None:
        self.game_id, self.request_id, self.accept = game_id, request_id, accept
        yes = "y" if accept else "n"
        style = discord.ButtonStyle.success if accept else discord.ButtonStyle.danger
        super().__init__(discord.ui.Button(label=label or ("yes" if accept else "no"), style=style,
                                           custom_id=f"rf:ua:{game_id}:{request_id}:{yes}"))

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> UndoAnswerButton:
        return cls(int(match["gid"]), int(match["rid"]), match["yes"] == "y")

    @answered_method
    async def callback(self, interaction: Interaction) -> None:
        bot = referee(interaction)
        await defer(interaction)
        bot.channel(interaction)
        out = await bot.service.answer_undo(str(interaction.channel_id), user_of(interaction), self.request_id,
                                            self.accept, expected_game=self.game_id)
        mark_recorded("undo answer")
        if out.status in ("done", "declined"):  # the request is closed: its buttons go
            message = getattr(interaction, "message", None)
            if message is not None:
                try:
                    await message.edit(view=None)
                except discord.HTTPException:
                    log.info("could not remove the buttons of undo request %s", self.request_id)
        await announce_undo(bot, interaction, out)


def undo_view(game_id: int, version: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(game_id, version, t("undo.undo_button", locale)))
    return view


def _moves_text(out: UndoOutcome) -> str:
    names = seat_names(out.row, normalise_locale(out.row.locale))
    return ", ".join(f"#{m.seq} {names[m.seat] if m.seat is not None else '—'} `{m.action}`" for m in out.taken_back)


async def announce_undo(bot: Adapter, interaction: Interaction, out: UndoOutcome) -> None:
    """Tell the channel what became of an undo (and re-post the board after one), and the user privately."""
    locale = user_locale(interaction)
    chan = normalise_locale(out.row.locale)
    channel = bot.channel(interaction)
    asked = [u for u in out.waiting if not is_bot_user(u)]  # a bot consents by itself
    waiting = " ".join(mention(u) for u in asked)
    # only those whose answer is awaited are pinged: never the requester, nor whoever pressed the button
    ping_asked = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(int(u)) for u in asked if u.isdigit()])
    if out.status == "done":
        await reply(interaction, t("ok.done", locale))
        await bot.post_board(out.row.id, wait=True, snap=out.report)  # its lines say who took back what (the undo entry's public event)
        return
    if out.status == "requested":
        assert out.request is not None
        view = discord.ui.View(timeout=None)
        view.add_item(UndoAnswerButton(out.row.id, out.request.id, True, t("undo.accept_button", chan)))
        view.add_item(UndoAnswerButton(out.row.id, out.request.id, False, t("undo.decline_button", chan)))
        text = t("undo.requested", chan, player=interaction.user.mention, first=out.first, last=out.last,
                 moves=_moves_text(out), waiting=waiting, minutes=max(1, round(bot.service.undo_ttl / 60)))
        await channel.send(join_limited([text], CONTENT, lambda n: ""), view=view, allowed_mentions=ping_asked)
    elif out.status == "accepted":
        await channel.send(t("undo.accepted", chan, player=interaction.user.mention, waiting=waiting),
                           allowed_mentions=ping_asked)
    elif out.status == "already":  # Agree pressed again: the channel heard it the first time
        await reply(interaction, t("undo.already_agreed", locale, n=len(asked)))
        return
    elif out.status == "declined":
        await channel.send(t("undo.declined", chan, player=interaction.user.mention),
                           allowed_mentions=discord.AllowedMentions.none())
    await reply(interaction, t("ok.done", locale))


async def undo_flow(bot: Adapter, interaction: Interaction, *, expected_game: int | None = None,
                    expected_version: int | None = None, to_move: int | None = None) -> None:
    await defer(interaction)
    bot.channel(interaction)
    channel_id, user = str(interaction.channel_id), user_of(interaction)
    if to_move is None:
        out = await bot.service.undo(channel_id, user, expected_game, expected_version)
    else:
        out = await bot.service.rollback(channel_id, user, to_move, expected_game)
    mark_recorded("/game undo")
    await announce_undo(bot, interaction, out)


# --------------------------------------------------------------------------------- pause, skip, replace


async def pause_flow(bot: Adapter, interaction: Interaction, paused: bool) -> None:
    """``/game pause`` / ``/game resume`` (the host or a channel manager)."""
    locale = user_locale(interaction)
    await defer(interaction)
    perms = getattr(interaction, "permissions", None)
    row = await bot.service.set_paused(str(interaction.channel_id), user_of(interaction), paused,
                                       can_manage_channel=bool(getattr(perms, "manage_channels", False)))
    mark_recorded("/game pause" if paused else "/game resume")
    chan_locale, who = normalise_locale(row.locale), interaction.user.mention
    text = t("clock.ok.paused", chan_locale, user=who) if paused else t("clock.ok.resumed", chan_locale, user=who)
    await bot.channel(interaction).send(text, allowed_mentions=discord.AllowedMentions.none())
    await reply(interaction, t("ok.done", locale))


async def skip_flow(bot: Adapter, interaction: Interaction) -> None:
    """``/game skip``: a vote to skip the overdue player's decision (the host's vote, or a majority)."""
    locale = user_locale(interaction)
    await defer(interaction)
    report, votes, needed = await bot.service.vote_skip(str(interaction.channel_id), user_of(interaction))
    mark_recorded("/game skip")
    if report is None:
        await reply(interaction, t("clock.ok.voted", locale, votes=votes, needed=needed))
        return
    try:
        await reply(interaction, t("clock.ok.skipped", locale))
    finally:
        await bot.post_board(report.row.id, wait=True, snap=report)


async def replace_flow(bot: Adapter, interaction: Interaction, old: discord.User, new: discord.User) -> None:
    """``/game replace``: an absent player's seat goes to someone else."""
    locale = user_locale(interaction)
    await defer(interaction)
    if new.bot:
        raise ServiceError("clock.err.replace_bot")
    perms = getattr(interaction, "permissions", None)
    await bot.service.replace(str(interaction.channel_id), user_of(interaction), str(old.id),
                              User(str(new.id), getattr(new, "display_name", None) or new.name),
                              can_manage_channel=bool(getattr(perms, "manage_channels", False)))
    mark_recorded("/game replace")
    await reply(interaction, t("ok.done", locale))
