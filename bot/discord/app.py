"""The :class:`Referee` client: start-up, command sync, the background tasks (the board poster, the service's
job scheduler, the bots' warm-up) and where to post. The flows live by concern: :mod:`.lobby`, :mod:`.play`,
:mod:`.table`, :mod:`.history`; board messages in :mod:`.boards`. No other module imports this one: they see the
client as an :class:`~bot.discord.adapter.Adapter`."""
from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import sys
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, cast

import aiohttp
import discord
from discord import app_commands

from bot.config import Config
from bot.store import open_store
from bot.table.clocks import TimeConfig
from bot.table.model import Snapshot
from bot.table.service import GameService
from bot.text import image_names
from render.i18n import normalise_locale

from .boards import Boards, remember
from .commands import build_commands
from .compose import CatalogueTranslator, warm_up_renderers
from .errors import Interaction, fail
from .lifecycle import run_until_done, serve_until_signal
from .lobby import AbandonButton, LobbyButton
from .notifier import DiscordNotifier
from .ops import Ops, Sources, gateway_connected
from .play import GroupButton, HandButton, OptionSelect, TypeMoveButton, ZoomButton
from .poster import Poster
from .renders import RenderPool
from .table import UndoAnswerButton, UndoButton

log = logging.getLogger("referee")


class Referee(discord.Client):
    """The bot: a :class:`discord.Client` over a :class:`~bot.table.service.GameService` (with any store that
    implements the table's ports). :class:`ShardedReferee` is the same bot over some of a sharded bot's gateway
    shards; :func:`make_client` picks one for a configuration."""

    def __init__(self, service: GameService, config: Config | None = None, *,
                 clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep, **client_options: Any) -> None:
        intents = discord.Intents.default()
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
                         **client_options)
        self.service = service
        self.config = config or Config()
        self.clock = clock
        # every start, move and undo now writes its board post in its own transaction (the outbox)
        self.posts = service.outbox()
        #: board pictures are drawn in their own worker pool (processes unless ``render_processes = 0``)
        self.renders = RenderPool(self.config.render_processes)
        self.boards = Boards(self, self.posts, clock=clock, sleep=sleep, pace=self.config.board_interval,
                             hold=self.config.bot_board_hold)
        self._poster_task: asyncio.Task[None] | None = None
        # the service's timed jobs: reminders and timeouts reach people through this adapter; one scheduler task
        service.set_notifier(DiscordNotifier(self))
        self.scheduler = service.scheduler(clock=clock, sleep=sleep)
        self._scheduler_task: asyncio.Task[None] | None = None
        self._warm_task: asyncio.Task[None] | None = None
        self._channels: OrderedDict[str, discord.abc.Messageable] = OrderedDict()  # channel id → where to post
        self.tree: app_commands.CommandTree[Referee] = app_commands.CommandTree(self)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        build_commands(self)

    @property
    def poster(self) -> Poster:
        """The board poster (the outbox's delivery loop)."""
        return self.boards.poster

    async def setup_hook(self) -> None:
        self.add_dynamic_items(GroupButton, OptionSelect, HandButton, LobbyButton, AbandonButton, TypeMoveButton,
                               UndoButton, UndoAnswerButton, ZoomButton)
        await self.tree.set_translator(CatalogueTranslator())
        await asyncio.to_thread(warm_up_renderers)  # this process draws recaps, records and replays
        await self.renders.warm_up()  # the board workers start now and fill their caches
        await self.sync_commands()
        self._poster_task = asyncio.create_task(self.poster.run(), name="referee-background-poster")  # resumes pending posts
        # the bots' worker processes start now, so the first bot to move does not wait for them
        self._warm_task = asyncio.create_task(self._warm_bots(), name="referee-background-bots-warm-up")
        if self.scheduler is not None:  # fires reminders and deadlines; overdue ones once each after a restart
            self._scheduler_task = asyncio.create_task(self.scheduler.run(), name="referee-background-clock")

    async def sync_commands(self) -> int | None:
        """Register the slash commands with Discord, in the one process that does (``Config.syncs_commands``: of
        a sharded bot, the one running shard 0); how many, or ``None`` where another process syncs. Every process
        builds the same command tree, so each answers the interactions of its own shards."""
        if not self.config.syncs_commands:
            log.info("not syncing the commands: the process running shard 0 does")
            return None
        if self.config.dev_guild_id:
            guild = discord.Object(id=self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.config.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands", len(synced))
        return len(synced)

    async def _warm_bots(self) -> None:
        try:
            await self.service.bots.warm_up()
        except Exception:  # the first decision starts them instead
            log.warning("could not start the bot workers ahead of time", exc_info=True)

    async def stop_poster(self) -> None:
        """Stop delivering posts and firing timed jobs (at shutdown): what is not done stays in the database and
        resumes after a restart."""
        if self._warm_task is not None:
            self._warm_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._warm_task
            self._warm_task = None
        if self.scheduler is not None:
            self.scheduler.stop()
        if self._scheduler_task is not None:
            self._scheduler_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._scheduler_task
            self._scheduler_task = None
        if self._poster_task is not None:
            self._poster_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._poster_task
            self._poster_task = None

    async def close(self) -> None:
        await self.stop_poster()
        self.renders.close()  # never waits: a board being drawn stays pending and goes out after a restart
        await super().close()

    async def on_ready(self) -> None:
        log.info("logged in as %s", self.user)

    async def on_app_command_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        """The backstop for what no callback caught (argument conversion, an unknown command …)."""
        where = interaction.command.qualified_name if interaction.command else "command"
        await fail(interaction, where, error)

    # --------------------------------------------------------------------------------- channels and boards

    def channel(self, interaction: Interaction) -> discord.abc.Messageable:
        """The channel an interaction came from, as somewhere to send messages (remembered for posting)."""
        channel = cast(discord.abc.Messageable, interaction.channel)
        remember(self._channels, str(interaction.channel_id), channel)
        return channel

    def channel_by_id(self, channel_id: str) -> discord.abc.Messageable:
        """Where to post in a channel: the one an interaction brought, or (after a restart) a partial one."""
        known = self._channels.get(channel_id)
        return known if known is not None else self.get_partial_messageable(int(channel_id))

    def channel_locale(self, snap: Snapshot) -> str:
        return normalise_locale(snap.row.locale or self.config.default_locale)

    async def board_file(self, snap: Snapshot, locale: str) -> discord.File:
        assert snap.public_view is not None
        # the phone-first image (≤ 800 px wide): the embed shows one image; the full board is 🔍 away
        png = await self.renders.phone(snap.public_view, image_names(snap.row), locale, key=snap.row.channel_id)
        return discord.File(io.BytesIO(png), filename="board.png")

    def moved(self, game_id: int, interaction: Interaction) -> None:
        self.boards.moved(game_id, interaction)

    async def post_board(self, game_id: int, wait: bool = False, snap: Snapshot | None = None) -> None:
        await self.boards.post(game_id, wait=wait, snap=snap)

    async def board_posted(self, snap: Snapshot, channel_id: str, message: Any) -> None:
        await self.boards.posted(snap, channel_id, message)

    async def direct_message(self, user_id: str, text: str, silent: bool = False, nonce: str | None = None) -> None:
        user = self.get_user(int(user_id)) or await self.fetch_user(int(user_id))
        if nonce is not None:  # a timed job's notice: a re-send (the job fired again) returns the first message
            await user.send(text, silent=silent, nonce=nonce)
        elif silent:
            await user.send(text, silent=True)
        else:
            await user.send(text)


class ShardedReferee(Referee, discord.AutoShardedClient):
    """The bot over some gateway shards of a sharded bot (``referee run --shard-count N --shard-ids 0,1``): one
    :class:`discord.AutoShardedClient` connection per shard in ``Config.shard_ids``. Interactions are answered by
    the process whose shard received them; timed jobs and board posts by whichever process claims them (they
    go through the REST API, which no shard owns), so processes share one database."""

    async def close(self) -> None:
        if not hasattr(self, "_AutoShardedClient__queue"):  # never connected (the login failed, a test): discord.py's
            await self.stop_poster()                           # sharded close expects its launch queue
            await discord.Client.close(self)
            return
        await super().close()


def make_client(service: GameService, config: Config, **kwargs: Any) -> Referee:
    """The client for ``config``: a plain :class:`Referee`, or a :class:`ShardedReferee` over
    ``config.shard_ids`` of ``config.shard_count`` shards."""
    if config.shard_count is None:
        return Referee(service, config, **kwargs)
    return ShardedReferee(service, config, shard_count=config.shard_count,
                          shard_ids=list(config.shard_ids if config.shard_ids is not None else range(config.shard_count)),
                          **kwargs)


def run_bot(config: Config) -> int:
    """Run the bot until SIGINT/SIGTERM: then refuse new interactions, finish the moves in flight, close the
    database and the Discord connection, and return 0 (within about 5 seconds).

    Raises :class:`bot.table.errors.StorageError` at once if the database cannot be used (the caller says why).
    """
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if config.api_base:
        discord.http.Route.BASE = config.api_base.rstrip("/")

    async def main() -> None:
        store = await open_store(config.db_path, pool_min=config.db_pool_min, pool_max=config.db_pool_max,
                                 lock_timeout=config.db_lock_timeout)
        service = GameService(store, time_config=TimeConfig(replace_after=config.replace_after,
                                                            vacation_days=config.vacation_days,
                                                            bot_level=config.stand_in_bot),
                              bots=config.bots)
        bot = make_client(service, config)
        if config.shard_count is not None:
            log.info("running shards %s of %d; commands %s", config.shard_ids, config.shard_count,
                     "synced here" if config.syncs_commands else "synced by another process")
        ops: Ops | None = None
        if config.metrics_port:
            ops = Ops(Sources(lambda: gateway_connected(bot), store.counts, bot.scheduler, bot.poster,
                              lambda: getattr(store, "listening", None)))
            service.on_move = ops.moved
            await ops.start(config.metrics_port, config.metrics_host)

        async def shutdown() -> None:
            # at most ~4 s in all (issue 23): nothing here waits for a thread or a bot worker, and whatever is
            # cut off (a recap being drawn, a bot's decision, a board not yet sent) is stored and resumes after
            # the restart
            await bot.stop_poster()
            if ops is not None:
                await ops.stop()
            drained = await service.close(timeout=2.5)
            if not drained:
                log.warning("stopped with %d request(s) unfinished; each is stored whole or not at all",
                            service.in_flight)
            try:
                await asyncio.wait_for(bot.close(), 1.0)
            except TimeoutError:
                log.warning("the Discord connection did not close in time")

        try:
            await serve_until_signal(bot.start(config.token), shutdown, cancel_grace=0.5)
        finally:
            if not bot.is_closed():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(bot.close(), 0.5)
            await service.close(timeout=0)

    try:
        run_until_done(main())
    except discord.LoginFailure:
        print("referee: Discord rejected the token (LoginFailure). Check DISCORD_TOKEN.", file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as exc:
        print(f"referee: cannot reach Discord ({exc}).", file=sys.stderr)
        return 1
    return 0
