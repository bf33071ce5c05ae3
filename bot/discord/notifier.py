"""The table's :class:`~bot.table.ports.Notifier` on Discord: pings in the game's channel, direct messages (a
refused one raises :class:`~bot.table.errors.DirectRefused`, and the clock layer falls back to the channel),
the board after a move the table made itself (through the outbox, with the move's snapshot), and links to a
game's latest board."""
from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.table.errors import DirectRefused, Retry
from bot.table.model import GameRow, MoveReport
from bot.text import clip, is_bot_user
from engines.core import Msg
from render.i18n import normalise_locale, t

from .adapter import Adapter
from .history import after_move, post_recap
from .limits import CONTENT

log = logging.getLogger("referee.notify")
PINGS = discord.AllowedMentions(users=True, everyone=False, roles=False)


class DiscordNotifier:
    def __init__(self, bot: Adapter) -> None:
        self.bot = bot
        self._recap_waits: dict[int, int] = {}

    def _text(self, game: GameRow, message: Msg) -> str:
        return clip(t(message, normalise_locale(game.locale or self.bot.config.default_locale)), CONTENT)

    async def to_channel(self, game: GameRow, user_ids: Sequence[str], message: Msg, nonce: str | None = None) -> None:
        mentions = " ".join(f"<@{u}>" for u in user_ids if not is_bot_user(u))  # a bot seat is never pinged
        text = clip(f"{mentions} {self._text(game, message)}".strip(), CONTENT)
        channel = self.bot.channel_by_id(game.channel_id)
        if nonce is None:
            await channel.send(text, allowed_mentions=PINGS)
        else:  # discord.py sends a nonce with enforce_nonce: Discord returns the first message to a re-send
            await channel.send(text, allowed_mentions=PINGS, nonce=nonce)

    async def to_user(self, game: GameRow, user_id: str, message: Msg, nonce: str | None = None) -> None:
        try:
            await self.bot.direct_message(user_id, self._text(game, message), nonce=nonce)
        except (discord.Forbidden, discord.NotFound) as exc:  # DMs closed, the bot blocked, no such user
            raise DirectRefused(f"{exc.status} {exc.code}") from exc

    async def board(self, report: MoveReport) -> None:
        # the move's transaction wrote the board post (outbox): deliver it now; then, as after a player's
        # move, followers hear of a scoring round or the end, and a finished game gets its recap
        # not waiting for the pace (the poster's loop paces it) unless the game ended: the result comes before the recap
        await self.bot.post_board(report.row.id, wait=report.row.status == "over", snap=report)
        await after_move(self.bot, report)

    async def recap(self, game: GameRow) -> None:
        waited = self._recap_waits.get(game.id, 0)
        if waited < 60 and await self.board_link(game, game.version) is None:  # the result board comes first
            self._recap_waits[game.id] = waited + 1  # (not for ever: a board refused for good never comes)
            raise Retry(self.bot.service.clock() + 5.0)
        self._recap_waits.pop(game.id, None)
        await post_recap(self.bot, game.channel_id, game.id)

    async def board_link(self, game: GameRow, version: int | None = None) -> str | None:
        last = await self.bot.posts.last_board(game.id)
        if version is not None and (last is None or last.version < version or not last.message_id):
            return None  # the board showing that position is not posted yet
        base = f"https://discord.com/channels/{game.guild_id or '@me'}/{game.channel_id}"
        return f"{base}/{last.message_id}" if last is not None and last.message_id else base
