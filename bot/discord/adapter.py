"""What the adapter's modules need from the running client, as a protocol: so no module imports the client's
start-up module (:mod:`.app`), and every flow can be driven by any object that has these members."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, cast

import discord
from discord import app_commands

from bot.config import Config
from bot.table.model import Snapshot
from bot.table.ports import PostStore
from bot.table.service import GameService

from .renders import RenderPool

Interaction = discord.Interaction[Any]


class Adapter(Protocol):
    """The Discord client as the flows see it (:class:`~bot.discord.app.Referee` implements it)."""

    service: GameService
    config: Config
    clock: Callable[[], float]
    #: the board outbox the service handed over (``/game status`` shows a board that did not go out)
    posts: PostStore
    #: the slash command tree (the commands are added to it at start-up)
    tree: app_commands.CommandTree[Any]
    #: where board, full-board and hand pictures are drawn (never the engine's or the bots' workers)
    renders: RenderPool

    def channel(self, interaction: Interaction) -> discord.abc.Messageable:
        """The channel an interaction came from, as somewhere to send messages (remembered for posting)."""
        ...

    def channel_by_id(self, channel_id: str) -> discord.abc.Messageable:
        """Where to post in a channel: the one an interaction brought, or (after a restart) a partial one."""
        ...

    def channel_locale(self, snap: Snapshot) -> str:
        """The language of a game's channel."""
        ...

    def moved(self, game_id: int, interaction: Interaction) -> None:
        """Remember the interaction of a game's last move (a failed board is told on it while it is valid)."""
        ...

    async def board_file(self, snap: Snapshot, locale: str) -> discord.File:
        """The board picture of a snapshot (drawn in a worker thread)."""
        ...

    async def post_board(self, game_id: int, wait: bool = False, snap: Snapshot | None = None) -> None:
        """Deliver a game's pending board now (``snap``: the snapshot its move handed on)."""
        ...

    async def board_posted(self, snap: Snapshot, channel_id: str, message: Any) -> None:
        """A board posted outside the outbox (``/game board``) becomes the game's current board."""
        ...

    async def direct_message(self, user_id: str, text: str, silent: bool = False, nonce: str | None = None) -> None:
        """Send a direct message (raises ``discord.HTTPException`` when refused); ``silent``: no push
        notification (Discord's @silent), as in the user's quiet hours."""
        ...


def referee(interaction: Interaction) -> Adapter:
    """The client an interaction arrived on (always our :class:`~bot.discord.app.Referee`)."""
    return cast(Adapter, interaction.client)
