"""A game's history in Discord: records, recaps, stats and following a game (issue 12).

* ``/game undo`` (its flows are in :mod:`.table`);
* ``/game record`` (the record JSON and a transcript in the channel's language), ``/game recap`` (the
  animated board and the score chart, drawn in a worker thread), both also for spectators;
* ``/game follow [dm]`` (``stop:True`` to unfollow); :func:`after_move` tells the followers of a scoring round or
  the end and posts the recap when a game ends;
* ``/stats me · user · leaderboard``.
"""
from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence

import discord
from discord import app_commands

from bot.records.recap import make_recap
from bot.records.record import build_record, dumps, transcript
from bot.table.clocks import quiet_of
from bot.table.model import MoveReport, PlayerStats
from bot.text import join_limited, say, seat_names
from engines import GAME_IDS
from render.i18n import normalise_locale, t

from .adapter import Adapter
from .compose import L
from .errors import Interaction, answered, answered_method, defer, reply, user_locale, user_of
from .limits import CONTENT
from .table import mention, undo_flow

log = logging.getLogger("referee.discord")

GAME_CHOICES = [app_commands.Choice(name=g.capitalize(), value=g) for g in GAME_IDS]


# --------------------------------------------------------------------------------- after a move


async def after_move(bot: Adapter, report: MoveReport) -> None:
    """Followers hear of a scoring round or the end; a finished game gets its recap. Never raises."""
    try:
        notice = await bot.service.follow_notice(report)
        if notice is not None:
            message, followers = notice
            locale = normalise_locale(report.row.locale)
            text = say(message, locale, seat_names(report.row, locale))
            # a follower asked for a DM (/game follow dm:True) or prefers DMs (/game settings notify dm or both)
            prefs = await bot.service.settings_of([f.user_id for f in followers])
            mode = {f.user_id: "dm" if f.dm else prefs[f.user_id].notify if f.user_id in prefs else "channel"
                    for f in followers}
            # quiet hours: the notice is there when they look, but it does not notify them (no ping, a silent DM)
            now = bot.service.clock()
            quiet = {u for u, s in prefs.items() if (q := quiet_of(s)) is not None and q.contains(now)}
            pings = [f.user_id for f in followers if mode[f.user_id] in ("channel", "both")]
            for f in followers:
                if mode[f.user_id] in ("dm", "both"):
                    try:
                        await bot.direct_message(f.user_id, text, silent=f.user_id in quiet)
                    except (discord.HTTPException, ValueError):
                        pings.append(f.user_id)  # DMs closed: a mention instead
            if pings:
                awake = [discord.Object(int(u)) for u in pings if u not in quiet and u.isdigit()]
                await bot.channel_by_id(report.row.channel_id).send(
                    text + " " + " ".join(mention(u) for u in pings),
                    allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=awake),
                    silent=not awake)
        if report.row.status == "over":
            # the final move also stored a job for the recap: should the bot stop while drawing, the scheduler
            # posts it after the restart (:meth:`DiscordNotifier.recap`); posted here, the job goes
            async with bot.service.recap_claimed(report.row.id) as job:  # its lease is renewed while drawing
                if job is not None:  # else the scheduler has it (it posts it once)
                    await post_recap(bot, report.row.channel_id, report.row.id)
                    await bot.service.recap_posted(job)
    except Exception:
        log.exception("after the move of game %s: follow notices or the recap failed", report.row.id)


async def recap_files(bot: Adapter, channel_id: str, game_id: int | None = None) -> tuple[str, list[discord.File]]:
    row, moves = await bot.service.recap_source(channel_id, game_id=game_id)
    locale = normalise_locale(row.locale)
    recap = await asyncio.to_thread(make_recap, row, moves, locale)
    files = [discord.File(io.BytesIO(recap.gif), filename=f"recap-{row.id}.gif"),
             discord.File(io.BytesIO(recap.chart), filename=f"scores-{row.id}.png")]
    return t("recap.posted", locale, id=row.id, moves=recap.moves, frames=recap.frames), files


async def post_recap(bot: Adapter, channel_id: str, game_id: int) -> None:
    text, files = await recap_files(bot, channel_id, game_id)
    # once per game: should the process die after sending it, the recap job fires again (here or in another
    # process) and Discord returns this message to the re-send with the same nonce
    await bot.channel_by_id(channel_id).send(text, files=files, nonce=recap_nonce(game_id))


def recap_nonce(game_id: int) -> str:
    """The nonce of a game's recap message (≤ 25 characters)."""
    return f"recap-{game_id}"


# --------------------------------------------------------------------------------- stats


def _num(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}"


def stats_text(name: str, lines: Sequence[PlayerStats], locale: str) -> str:
    if not lines:
        return t("stats.none", locale, name=name)
    out = [t("stats.title", locale, name=name)]
    for p in lines:
        extra = ""
        if p.abandoned:
            extra += t("stats.extra_abandoned", locale, n=p.abandoned)
        if p.replaced:
            extra += t("stats.extra_replaced", locale, n=p.replaced)
        out.append(t("stats.line", locale, game=t(f"game.{p.title}", locale), played=p.played, wins=p.wins,
                     score=_num(p.avg_score), place=_num(p.avg_place),
                     rating=_num(p.rating) if p.rated else "—", extra=extra))
    return "\n".join(out)


def leaderboard_text(title: str, board: Sequence[PlayerStats], locale: str) -> str:
    game = t(f"game.{title}", locale)
    if not board:
        return t("stats.board_empty", locale, game=game)
    lines = [t("stats.board_title", locale, game=game)]
    lines += [t("stats.board_line", locale, rank=i, name=p.name, rating=_num(p.rating), played=p.played, wins=p.wins,
                place=_num(p.avg_place)) for i, p in enumerate(board, 1)]
    lines.append(t("stats.board_note", locale))
    return "\n".join(lines)


async def user_stats(bot: Adapter, interaction: Interaction, user_id: str, name: str) -> None:
    locale = user_locale(interaction)
    await defer(interaction)
    guild = str(interaction.guild_id) if interaction.guild_id else None
    lines = await bot.service.user_stats(guild, user_id)
    await reply(interaction, join_limited([stats_text(name, lines, locale)], CONTENT, lambda n: ""))


class StatsCommands(app_commands.Group):
    """``/stats …``: per server, from the stored games."""

    def __init__(self, bot: Adapter) -> None:
        super().__init__(name="stats", description=L("cmd.extra.stats"))
        self.bot = bot

    @app_commands.command(name="me", description=L("cmd.extra.stats_me"))
    @answered_method
    async def me(self, interaction: Interaction) -> None:
        await user_stats(self.bot, interaction, str(interaction.user.id), user_of(interaction).name)

    @app_commands.command(name="user", description=L("cmd.extra.stats_user"))
    @app_commands.describe(who=L("cmd.extra.stats_user_who"))
    @answered_method
    async def user(self, interaction: Interaction, who: discord.User) -> None:
        await user_stats(self.bot, interaction, str(who.id), getattr(who, "display_name", None) or who.name)

    @app_commands.command(name="leaderboard", description=L("cmd.extra.stats_leaderboard"))
    @app_commands.describe(game=L("cmd.extra.stats_game"))
    @app_commands.choices(game=GAME_CHOICES)
    @answered_method
    async def leaderboard(self, interaction: Interaction, game: str) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        guild = str(interaction.guild_id) if interaction.guild_id else None
        text = leaderboard_text(game, await self.bot.service.leaderboard(guild, game), locale)
        await reply(interaction, join_limited([text], CONTENT, lambda n: ""))


# --------------------------------------------------------------------------------- /game subcommands


def add_game_commands(bot: Adapter, group: app_commands.Group) -> None:
    """``/game undo [move] · record · recap · follow [dm] [stop]`` (``/game`` holds at most 25 subcommands:
    the host's roll-back is ``undo`` with a move number, unfollowing is ``follow stop:True``)."""

    @answered
    async def undo(interaction: Interaction, move: app_commands.Range[int, 1] | None = None) -> None:
        # without a move: your last move; with one (the host): roll back to before that move
        await undo_flow(bot, interaction, to_move=move)

    @answered
    async def record(interaction: Interaction) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        row, moves, result = await bot.service.record_source(str(interaction.channel_id), str(interaction.user.id))
        chan = normalise_locale(row.locale)
        data = dumps(build_record(row, moves, result)).encode()
        text = (await asyncio.to_thread(transcript, row, moves, result, chan)).encode()
        files = [discord.File(io.BytesIO(data), filename=f"game-{row.id}.json"),
                 discord.File(io.BytesIO(text), filename=f"game-{row.id}.txt")]
        await reply(interaction, t("record.attached", locale, id=row.id), files=files)

    @answered
    async def recap(interaction: Interaction) -> None:
        # refusals (no finished game) stay private: check before the public deferral
        await bot.service.recap_source(str(interaction.channel_id))
        await defer(interaction, ephemeral=False)
        text, files = await recap_files(bot, str(interaction.channel_id))
        await interaction.followup.send(content=text, files=files)

    @answered
    async def follow(interaction: Interaction, dm: bool = False, stop: bool = False) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        if stop:
            row = await bot.service.unfollow(str(interaction.channel_id), user_of(interaction))
            await reply(interaction, t("follow.unfollowed", locale, id=row.id))
            return
        row = await bot.service.follow(str(interaction.channel_id), user_of(interaction), dm)
        await reply(interaction, t("follow.followed", locale, id=row.id,
                                   how=t("follow.by_dm" if dm else "follow.by_ping", locale)))

    app_commands.describe(move=L("cmd.extra.rollback_move"))(undo)
    app_commands.describe(dm=L("cmd.extra.follow_dm"), stop=L("cmd.extra.unfollow"))(follow)
    for name, callback in (("undo", undo), ("record", record), ("recap", recap), ("follow", follow)):
        group.add_command(app_commands.Command(name=name, description=L(f"cmd.extra.{name}"), callback=callback,
                                               parent=group))


def build_record_commands(bot: Adapter, game_group: app_commands.Group) -> None:
    add_game_commands(bot, game_group)
    bot.tree.add_command(StatsCommands(bot))


__all__ = ["StatsCommands", "after_move", "build_record_commands"]
