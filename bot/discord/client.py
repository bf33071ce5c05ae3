"""The :class:`Referee` client: start-up, command sync, the flows shared by commands and components (a move,
the private hand, joining and starting), and posting boards through the outbox (:mod:`.poster`)."""
from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import sys
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

import aiohttp
import discord
from discord import app_commands

from engines import get_game
from render import renderer
from render.i18n import normalise_locale, t

from ..config import Config
from ..lifecycle import serve_until_signal
from ..scheduler import Scheduler
from ..service import GameService, Snapshot
from ..storage import PostRow, Store
from ..text import clip, event_lines_from_json, image_names, is_bot_user, join_limited, say, seat_name, seat_names
from ..timekeeper import TimeConfig
from .commands import build_commands
from .components import (
    AbandonButton,
    GroupButton,
    HandButton,
    LobbyButton,
    OptionSelect,
    TypeMoveButton,
    compose_turn,
    option_menus,
)
from .compose import CatalogueTranslator, clock_lines, combine_moves, is_bot_seat, warm_up_renderers
from .errors import (
    Interaction,
    answered_method,
    defer,
    describe,
    fail,
    mark_recorded,
    reply,
    send_failure,
    user_locale,
    user_of,
)
from .limits import CONTENT, EMBED_DESC
from .notifier import DiscordNotifier
from .poster import CannotPost, Delivered, Poster, RetryLater
from .records import UndoAnswerButton, UndoButton, after_move, undo_view

log = logging.getLogger("referee")

K = TypeVar("K")
V = TypeVar("V")
FOLLOWUP_VALID = 14 * 60   # seconds an interaction token stays usable for followups (Discord: 15 minutes)
MEMORY = 1024              # bounded per-channel/per-game memory (channels, last movers)
BOARD_MENTIONS = discord.AllowedMentions(users=True, everyone=False, roles=False)


def remember(table: OrderedDict[K, V], key: K, value: V) -> None:
    table[key] = value
    table.move_to_end(key)
    while len(table) > MEMORY:
        table.popitem(last=False)


class Referee(discord.Client):
    def __init__(self, service: GameService, config: Config | None = None, *,
                 clock: Callable[[], float] = time.time,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        intents = discord.Intents.default()
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True))
        self.service = service
        self.config = config or Config()
        self.clock = clock
        # the outbox of board posts lives in the SQLite store (None only in tests that just build the commands)
        if service.store is not None and not isinstance(service.store, Store):
            raise TypeError("the Discord adapter needs bot.storage.Store: board posts go through its outbox")
        self.store: Store = service.store
        if service.store is not None:
            self.store.outbox = True  # every move writes its board post in its own transaction
        self.poster = Poster(self.store, self.deliver, self.notify_failure, self.retire, clock=clock, sleep=sleep,
                             pace=self.config.board_interval, hold=self.config.bot_board_hold,
                             awaits_bots=self.awaits_bots)
        self._poster_task: asyncio.Task[None] | None = None
        # the clock layer: reminders and timeouts reach people through this adapter; one scheduler task
        service.timekeeper.notifier = DiscordNotifier(self)
        self.scheduler = Scheduler(self.store.jobs, service.timekeeper.fire, clock=clock, sleep=sleep) \
            if service.store is not None else None
        if self.scheduler is not None:
            service.timekeeper.on_jobs = self.scheduler.poke
        self._scheduler_task: asyncio.Task[None] | None = None
        self._warm_task: asyncio.Task[None] | None = None
        self._channels: OrderedDict[str, discord.abc.Messageable] = OrderedDict()  # channel id → where to post
        self._movers: OrderedDict[int, tuple[Interaction, float]] = OrderedDict()  # game id → last move's interaction
        self.tree: app_commands.CommandTree[Referee] = app_commands.CommandTree(self)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        build_commands(self)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(GroupButton, OptionSelect, HandButton, LobbyButton, AbandonButton, TypeMoveButton,
                               UndoButton, UndoAnswerButton)
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
        self._poster_task = asyncio.create_task(self.poster.run(), name="referee-background-poster")  # resumes pending posts
        # the bots' worker processes start now, so the first bot to move does not wait for them
        self._warm_task = asyncio.create_task(self._warm_bots(), name="referee-background-bots-warm-up")
        if self.scheduler is not None:  # fires reminders and deadlines; overdue ones once each after a restart
            self._scheduler_task = asyncio.create_task(self.scheduler.run(), name="referee-background-clock")

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
        await super().close()

    async def on_ready(self) -> None:
        log.info("logged in as %s", self.user)

    async def on_app_command_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        """The backstop for what no callback caught (argument conversion, an unknown command …)."""
        where = interaction.command.qualified_name if interaction.command else "command"
        await fail(interaction, where, error)

    # --------------------------------------------------------------------------------- channels

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
        png = await asyncio.to_thread(
            renderer(snap.row.title).render_public, snap.public_view, image_names(snap.row), locale
        )
        return discord.File(io.BytesIO(png), filename="board.png")

    # --------------------------------------------------------------------------------- posting boards

    async def deliver(self, post: PostRow) -> Delivered:
        """Render the game's current board with what happened since its last board, and send it.

        Raises :class:`RetryLater` for rate limits, server and network errors, :class:`CannotPost` otherwise.
        """
        store = self.store
        row = await store.game(post.game_id)
        if row is None:
            raise CannotPost("not_found", "the game is gone")
        snap = await self.service.snapshot_async(row)
        locale = self.channel_locale(snap)
        last = await store.last_board(post.game_id)
        moves = await store.moves(post.game_id, since=last.version if last is not None else -1)
        per_move: list[list[str]] = []  # every move since the last board (several when bots moved in a row)
        names = seat_names(row, locale)
        for m in moves:
            lines = []
            if m.seq == 0:
                lines.append(t("lobby.started", locale, game=t(f"game.{row.title}", locale), names=", ".join(names)))
            lines += event_lines_from_json(m.events, locale, names)  # the public events only
            per_move.append(lines)
        movers = {m.seat for m in moves}
        actor = movers.pop() if len(movers) == 1 and moves and moves[0].seq > 0 else None
        summary = combine_moves(per_move, EMBED_DESC, lambda n: t("board.earlier_moves", locale, n=n),
                                 lambda n: t("more_lines", locale, n=n))
        content, embed, view = compose_turn(snap, [summary] if summary else [], locale, actor=actor)
        if row.clock.get("kind", "none") != "none" and snap.prompts:  # "Ann to act · 1 day 4 hr left"
            clock = clock_lines(await self.service.timekeeper.waiting(row), locale)
            if clock:
                embed.add_field(name="⏱", value=clip("\n".join(clock), 1024), inline=False)
        embed.set_image(url="attachment://board.png")
        file = await self.board_file(snap, locale)
        channel = self.channel_by_id(post.channel_id)
        try:
            message = await channel.send(content=content, embed=embed, file=file, view=view, allowed_mentions=BOARD_MENTIONS)
        except discord.RateLimited as exc:
            raise RetryLater("rate limited", exc.retry_after) from exc
        except (discord.HTTPException, TimeoutError, aiohttp.ClientError, OSError) as exc:
            reason = send_failure(exc)
            detail = f"{exc.status} {exc.code}" if isinstance(exc, discord.HTTPException) else type(exc).__name__
            if reason == "unavailable":
                raise RetryLater(detail) from exc
            raise CannotPost(reason, detail) from exc
        return Delivered(row.version, str(message.id))

    async def awaits_bots(self, post: PostRow) -> bool:
        """Whether the game of ``post`` is waiting for bot seats only (its board may wait for their moves)."""
        row = await self.store.game(post.game_id)
        if row is None or row.status != "active" or row.state is None or not any(is_bot_seat(s) for s in row.seats):
            return False
        prompts = await asyncio.to_thread(get_game(row.title).prompts, row.state)
        seats = {p.seat for p in prompts}
        return bool(seats) and all(is_bot_seat(row.seats[s]) for s in seats)

    async def retire(self, previous: PostRow) -> None:
        """Take the buttons off a game's previous board message, so only the newest one offers moves.

        Always through the channel with the bot's own token (by id, so also a board sent before a restart):
        a board posted as an interaction followup (``/game board``) could otherwise be edited only while
        that interaction's token lives (15 minutes)."""
        assert previous.message_id is not None
        channel = cast(discord.PartialMessageable, self.channel_by_id(previous.channel_id))
        await channel.get_partial_message(int(previous.message_id)).edit(view=None)

    async def post_board(self, game_id: int, wait: bool = False) -> None:
        """Deliver a game's pending board now; should that fail unexpectedly, the poster's loop retries it.

        ``wait=True``: a person's flow waits here if the channel had a board a moment ago (the pace); a bot's
        or the clock's move leaves that to the poster's loop, so no other channel waits."""
        self.poster.kick()
        await self.poster.post_game(game_id, wait=wait)

    async def board_posted(self, snap: Snapshot, channel_id: str, message: Any) -> None:
        """A board posted outside the outbox (``/game board``) becomes the game's current board."""
        previous = await self.store.last_board(snap.row.id)
        await self.store.record_board(snap.row.id, snap.row.version, channel_id, str(message.id), self.clock())
        if previous is not None and previous.message_id != str(message.id):
            try:
                await self.retire(previous)
            except Exception:
                log.info("could not retire the buttons of an old board of game %s", snap.row.id, exc_info=True)

    async def notify_failure(self, post: PostRow, reason: str) -> None:
        """A board cannot be posted: tell the mover (on their interaction while it is valid, else by DM) and
        the host (by DM), privately. The board of a start was asked for by the host."""
        row = await self.store.game(post.game_id)
        host = row.host_id if row is not None else None
        mover = post.user_id if post.user_id and not is_bot_user(post.user_id) else host  # a bot hears nothing
        told: set[str] = set()
        last = self._movers.get(post.game_id)
        if mover is not None and last is not None and str(last[0].user.id) == mover \
                and self.clock() - last[1] < FOLLOWUP_VALID:
            interaction = last[0]
            try:
                await interaction.followup.send(content=self.failure_text(post, reason, user_locale(interaction)),
                                                ephemeral=True)
                told.add(mover)
            except discord.HTTPException:
                log.info("could not follow up on %s", describe(interaction))
        locale = normalise_locale(row.locale if row is not None else self.config.default_locale)
        for user_id in (mover, host):
            if user_id is not None and user_id not in told:
                told.add(user_id)
                try:
                    await self.direct_message(user_id, self.failure_text(post, reason, locale))
                except (discord.HTTPException, ValueError):
                    log.info("could not send a direct message about game %s to user %s", post.game_id, user_id)

    def failure_text(self, post: PostRow, reason: str, locale: str) -> str:
        return t("post.failed", locale, move=post.version, id=post.game_id, channel=post.channel_id,
                 reason=t(f"post.reason.{reason}", locale))

    async def direct_message(self, user_id: str, text: str) -> None:
        user = self.get_user(int(user_id)) or await self.fetch_user(int(user_id))
        await user.send(text)

    # --------------------------------------------------------------------------------- flows

    @answered_method
    async def do_move(self, interaction: Interaction, action: str, expected_version: int | None = None,
                      expected_game: int | None = None) -> None:
        """Apply a move for the interaction's user: tell them it is recorded, then post the board."""
        locale = user_locale(interaction)
        await defer(interaction)
        self.channel(interaction)
        report = await self.service.act(str(interaction.channel_id), user_of(interaction), action, expected_version,
                                        expected_game=expected_game)
        mark_recorded(action)
        remember(self._movers, report.row.id, (interaction, self.clock()))
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
            await self.post_board(report.row.id, wait=True)
            await after_move(self, report)  # followers, and the recap when the game is over

    @answered_method
    async def send_hand(self, interaction: Interaction, expected_game: int | None = None) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        snap, seat, private = await self.service.private(str(interaction.channel_id), str(interaction.user.id),
                                                         expected_game=expected_game)
        png = await asyncio.to_thread(
            renderer(snap.row.title).render_private, snap.public_view, private, image_names(snap.row), locale
        )
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
    async def join(self, interaction: Interaction, expected_game: int | None = None) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        row = await self.service.join(str(interaction.channel_id), user_of(interaction), expected_game=expected_game)
        mark_recorded("/game join")
        chan_locale = normalise_locale(row.locale)
        await self.channel(interaction).send(
            t("lobby.joined", chan_locale, user=interaction.user.mention, n=len(row.seats),
              names=", ".join(seat_names(row, chan_locale))),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await reply(interaction, t("ok.joined", locale))

    @answered_method
    async def add_bot(self, interaction: Interaction, level: str | None = None, expected_game: int | None = None) -> None:
        """Seat a bot in the channel's lobby (``/game addbot``, the lobby's 🤖 button); refusals privately."""
        locale = user_locale(interaction)
        await defer(interaction)
        row = await self.service.add_bot(str(interaction.channel_id), user_of(interaction), level,
                                         expected_game=expected_game)
        mark_recorded("/game addbot")
        chan_locale = normalise_locale(row.locale)
        bots = [s for s in sorted(row.seats, key=lambda s: s.seat) if is_bot_seat(s)]
        added = bots[-1]  # a new seat is the last one
        await self.channel(interaction).send(
            t("lobbybot.added", chan_locale, user=interaction.user.mention, bot=seat_name(added, chan_locale),
              n=len(row.seats), names=", ".join(seat_names(row, chan_locale))),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await reply(interaction, t("lobbybot.ok_added", locale, bot=seat_name(added, locale)))

    @answered_method
    async def remove_bot(self, interaction: Interaction, which: str | None = None,
                         expected_game: int | None = None) -> None:
        """Take a bot out of the channel's lobby (``/game removebot``, the lobby's button: the last one seated)."""
        locale = user_locale(interaction)
        await defer(interaction)
        channel_id = str(interaction.channel_id)
        before = {s.user_id: s for s in (await self.service.current(channel_id, expected_game)).row.seats if is_bot_seat(s)}
        row = await self.service.remove_bot(channel_id, user_of(interaction), which, expected_game=expected_game)
        mark_recorded("/game removebot")
        chan_locale = normalise_locale(row.locale)
        gone = [s for uid, s in before.items() if uid not in {x.user_id for x in row.seats}]
        # (a bot removed and another added meanwhile would keep its id: name the one asked for then)
        removed = gone[0] if gone else next((s for s in before.values() if which in (s.user_id, s.name)), None)

        def name(loc: str) -> str:
            return seat_name(removed, loc) if removed is not None else which or "🤖"

        await self.channel(interaction).send(
            t("lobbybot.removed", chan_locale, user=interaction.user.mention, bot=name(chan_locale),
              names=", ".join(seat_names(row, chan_locale))),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await reply(interaction, t("lobbybot.ok_removed", locale, bot=name(locale)))

    @answered_method
    async def start_game(self, interaction: Interaction, expected_game: int | None = None) -> None:
        locale = user_locale(interaction)
        await defer(interaction)
        self.channel(interaction)
        report = await self.service.start(str(interaction.channel_id), user_of(interaction), expected_game=expected_game)
        mark_recorded("/game start")
        remember(self._movers, report.row.id, (interaction, self.clock()))
        try:
            await reply(interaction, t("ok.started", locale))
        finally:
            await self.post_board(report.row.id, wait=True)


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
        service = GameService(store, time_config=TimeConfig(replace_after=config.replace_after,
                                                            vacation_days=config.vacation_days,
                                                            bot_level=config.stand_in_bot),
                              bots=config.bots)
        bot = Referee(service, config)

        async def shutdown() -> None:
            await bot.stop_poster()
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
