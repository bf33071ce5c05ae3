"""The :class:`Referee` client: start-up, command sync, and the flows shared by commands and components
(a move, the private hand, joining and starting), including posting the board."""
from __future__ import annotations

import asyncio
import io
import logging
import sys
from collections.abc import Sequence
from typing import Any, cast

import aiohttp
import discord
from discord import app_commands

from render import renderer
from render.i18n import normalise_locale, t

from ..config import Config
from ..lifecycle import serve_until_signal
from ..service import GameService, Snapshot
from ..storage import Store
from ..text import join_limited, say, say_events
from .commands import build_commands
from .components import AbandonButton, GroupButton, HandButton, LobbyButton, OptionSelect, compose_turn, option_menus
from .compose import CatalogueTranslator, warm_up_renderers
from .errors import Interaction, answered_method, defer, reply, user_locale, user_of
from .limits import CONTENT

log = logging.getLogger("referee")


class Referee(discord.Client):
    def __init__(self, service: GameService, config: Config | None = None) -> None:
        intents = discord.Intents.default()
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True))
        self.service = service
        self.config = config or Config()
        self._last_board: dict[int, Any] = {}  # game id → its newest board message
        self.tree: app_commands.CommandTree[Referee] = app_commands.CommandTree(self)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
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

    async def on_app_command_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        log.exception("command failed", exc_info=error)
        await reply(interaction, t("err.internal", user_locale(interaction)))

    # --------------------------------------------------------------------------------- posting

    def channel(self, interaction: Interaction) -> discord.abc.Messageable:
        """The channel an interaction came from, as somewhere to send messages."""
        return cast(discord.abc.Messageable, interaction.channel)

    def channel_locale(self, snap: Snapshot) -> str:
        return normalise_locale(snap.row.locale or self.config.default_locale)

    async def board_file(self, snap: Snapshot, locale: str) -> discord.File:
        png = await asyncio.to_thread(
            renderer(snap.row.title).render_public, snap.public_view, snap.row.names, locale
        )
        return discord.File(io.BytesIO(png), filename="board.png")

    async def post_turn(self, channel: discord.abc.Messageable, snap: Snapshot, lines: Sequence[str]) -> None:
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

    # --------------------------------------------------------------------------------- flows

    @answered_method
    async def do_move(self, interaction: Interaction, action: str, expected_version: int | None = None,
                      expected_game: int | None = None) -> None:
        """Apply a move for the interaction's user and publish it. Errors are private."""
        locale = user_locale(interaction)
        await defer(interaction)
        report = await self.service.act(str(interaction.channel_id), user_of(interaction), action, expected_version,
                                        expected_game=expected_game)
        names = report.row.names
        public = say_events(report.public_events, self.channel_locale(report), names)
        await self.post_turn(self.channel(interaction), report, public)
        mine = [say(e.message, locale, names) for e in report.private_events(report.actor)] if report.actor is not None else []
        confirm = t("ok.move", locale, action=action)
        await reply(interaction, join_limited([confirm, *mine], CONTENT, lambda n: t("more_lines", locale, n=n)))

    @answered_method
    async def send_hand(self, interaction: Interaction, expected_game: int | None = None) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        snap, seat, private = await self.service.private(str(interaction.channel_id), str(interaction.user.id),
                                                         expected_game=expected_game)
        png = await asyncio.to_thread(
            renderer(snap.row.title).render_private, snap.public_view, private, snap.row.names, locale
        )
        kwargs: dict[str, Any] = {"file": discord.File(io.BytesIO(png), filename="hand.png")}
        text = t("hand.title", locale, player=snap.row.names[seat])
        mine = [p for p in snap.prompts if p.seat == seat]
        if mine and snap.row.status == "active":
            options = [o for p in mine for o in p.options]
            content, view = option_menus(snap.row.id, snap.row.version, options, locale, snap.row.names)
            text += "\n" + say(mine[0].title, locale, snap.row.names) + "\n" + content
            kwargs["view"] = view
        await reply(interaction, text, **kwargs)

    @answered_method
    async def join(self, interaction: Interaction, expected_game: int | None = None) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        row = await self.service.join(str(interaction.channel_id), user_of(interaction), expected_game=expected_game)
        chan_locale = normalise_locale(row.locale)
        await self.channel(interaction).send(
            t("lobby.joined", chan_locale, user=interaction.user.mention, n=len(row.seats), names=", ".join(row.names)),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await reply(interaction, t("ok.joined", locale))

    @answered_method
    async def start_game(self, interaction: Interaction, expected_game: int | None = None) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        report = await self.service.start(str(interaction.channel_id), user_of(interaction), expected_game=expected_game)
        chan_locale = self.channel_locale(report)
        lines = [t("lobby.started", chan_locale, game=t(f"game.{report.row.title}", chan_locale), names=", ".join(report.row.names))]
        lines += say_events(report.public_events, chan_locale, report.row.names)
        await self.post_turn(self.channel(interaction), report, lines)
        await reply(interaction, t("ok.started", locale))


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
