"""Board messages: what the :class:`~bot.discord.poster.Poster` delivers, in Discord.

:class:`Boards` renders and sends a game's board for an outbox row, takes the buttons off the previous board,
tells the mover and the host privately when a board cannot be posted, and records a board posted outside the
outbox (``/game board``). A move hands its snapshot on (:meth:`Boards.post`); delivering the board of that
version reuses it instead of loading the game and computing the snapshot again.
"""
from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar, cast

import aiohttp
import discord

from bot.table.model import PostRow, Snapshot
from bot.table.ports import PostStore
from bot.text import clip, clock_lines, event_lines_from_json, is_bot_user, seat_names
from render.i18n import normalise_locale, t

from .adapter import Adapter, Interaction
from .compose import combine_moves, is_bot_seat
from .errors import describe, send_failure, user_locale
from .limits import EMBED_DESC
from .play import compose_turn
from .poster import CannotPost, Delivered, Poster, RetryLater, post_nonce

log = logging.getLogger("referee")

K = TypeVar("K")
V = TypeVar("V")
FOLLOWUP_VALID = 14 * 60   # seconds an interaction token stays usable for followups (Discord: 15 minutes)
MEMORY = 1024              # bounded per-channel/per-game memory (channels, last movers, snapshots)
BOARD_MENTIONS = discord.AllowedMentions(users=True, everyone=False, roles=False)


def remember(table: OrderedDict[K, V], key: K, value: V) -> None:
    table[key] = value
    table.move_to_end(key)
    while len(table) > MEMORY:
        table.popitem(last=False)


class Boards:
    """The board side of the adapter (see the module docstring); its :attr:`poster` delivers the outbox."""

    def __init__(self, bot: Adapter, posts: PostStore, *, clock: Callable[[], float],
                 sleep: Callable[[float], Any], pace: float, hold: float) -> None:
        self.bot = bot
        self.posts = posts
        self.clock = clock
        self.poster = Poster(posts, self.deliver, self.notify_failure, self.retire, clock=clock, sleep=sleep,
                             pace=pace, hold=hold, awaits_bots=self.awaits_bots, owner=bot.service.owner)
        self._movers: OrderedDict[int, tuple[Interaction, float]] = OrderedDict()  # game id → last move's interaction
        self._snapshots: OrderedDict[int, Snapshot] = OrderedDict()  # game id → the newest snapshot a move handed on

    def moved(self, game_id: int, interaction: Interaction) -> None:
        remember(self._movers, game_id, (interaction, self.clock()))

    def _known(self, game_id: int, version: int | None = None) -> Snapshot | None:
        """The snapshot a move handed on for this game (of ``version``, if given), if it is the newest known."""
        snap = self._snapshots.get(game_id)
        return snap if snap is not None and (version is None or snap.row.version == version) else None

    async def post(self, game_id: int, wait: bool = False, snap: Snapshot | None = None) -> None:
        """Deliver a game's pending board now; should that fail unexpectedly, the poster's loop retries it.

        ``snap``: the snapshot the move handed on (kept for the delivery). ``wait=True``: a person's flow waits
        here if the channel had a board a moment ago (the pace); a bot's or the clock's move leaves that to the
        poster's loop, so no other channel waits."""
        if snap is not None:
            known = self._snapshots.get(game_id)
            if known is None or known.row.version <= snap.row.version:
                # the position only (a report's actor is not the board's: several moves may go into one board)
                remember(self._snapshots, game_id, Snapshot(snap.row, snap.game, snap.prompts, snap.public_view,
                                                            snap.result))
        try:
            await self.poster.post_game(game_id, wait=wait, channel_id=snap.row.channel_id if snap else None)
        except BaseException:  # cut off or failed unexpectedly: the poster's loop delivers it
            self.poster.kick()
            raise

    async def deliver(self, post: PostRow, last: PostRow | None) -> Delivered:
        """Render the game's current board with what happened since its last board (``last``), and send it.

        Raises :class:`RetryLater` for rate limits, server and network errors, :class:`CannotPost` otherwise.
        """
        source = await self.bot.service.board(post.game_id, last.version if last is not None else -1,
                                              self._known(post.game_id, post.version))
        if source is None:
            raise CannotPost("not_found", "the game is gone")
        snap, row = source.snapshot, source.snapshot.row
        locale = self.bot.channel_locale(snap)
        per_move: list[list[str]] = []  # every move since the last board (several when bots moved in a row)
        names = seat_names(row, locale)
        for m in source.moves:
            lines = []
            if m.seq == 0:
                lines.append(t("lobby.started", locale, game=t(f"game.{row.title}", locale), names=", ".join(names)))
            lines += event_lines_from_json(m.events, locale, names)  # the public events only
            per_move.append(lines)
        movers = {m.seat for m in source.moves}
        actor = movers.pop() if len(movers) == 1 and source.moves and source.moves[0].seq > 0 else None
        if any(m.action.startswith("undo ") for m in source.moves):
            actor = None  # after an undo whoever is to act is pinged: they act again, they do not "continue"
        summary = combine_moves(per_move, EMBED_DESC, lambda n: t("board.earlier_moves", locale, n=n),
                                lambda n: t("more_lines", locale, n=n))
        content, embed, view = compose_turn(snap, [summary] if summary else [], locale, actor=actor)
        clock = clock_lines(source.waiting, locale)  # "Ann to act · 1 day 4 hr left"
        if clock:
            embed.add_field(name="⏱", value=clip("\n".join(clock), 1024), inline=False)
        embed.set_image(url="attachment://board.png")
        file = await self.bot.board_file(snap, locale)
        channel = self.bot.channel_by_id(post.channel_id)
        # ``/game settings notify dm``: the board names them but does not ping; their "your turn" DM does
        pinged = [discord.Object(int(u)) for u, s in source.settings.items()
                  if s.notify != "dm" and u.isdigit() and not is_bot_user(u)]
        try:
            # the post as nonce (with enforce_nonce): a re-send after a crash returns this message, not a second
            message = await channel.send(content=content, embed=embed, file=file, view=view,
                                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False,
                                                                                  users=pinged),
                                         nonce=post_nonce(post.id))
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
        snap = self._known(post.game_id, post.version)
        if snap is None:
            row = await self.bot.service.game(post.game_id)
            if row is None or row.status != "active" or row.state is None \
                    or not any(is_bot_seat(s) for s in row.seats):
                return False
            snap = await self.bot.service.snapshot_async(row)
        row = snap.row
        if row.status != "active" or not any(is_bot_seat(s) for s in row.seats):
            return False
        seats = set(snap.waiting_for)
        return bool(seats) and all(is_bot_seat(row.seats[s]) for s in seats)

    async def retire(self, previous: PostRow) -> None:
        """Take the buttons off a game's previous board message, so only the newest one offers moves.

        Always through the channel with the bot's own token (by id, so also a board sent before a restart):
        a board posted as an interaction followup (``/game board``) could otherwise be edited only while
        that interaction's token lives (15 minutes)."""
        assert previous.message_id is not None
        channel = cast(discord.PartialMessageable, self.bot.channel_by_id(previous.channel_id))
        await channel.get_partial_message(int(previous.message_id)).edit(view=None)

    async def posted(self, snap: Snapshot, channel_id: str, message: Any) -> None:
        """A board posted outside the outbox (``/game board``) becomes the game's current board."""
        previous = await self.posts.last_board(snap.row.id)
        await self.posts.record_board(snap.row.id, snap.row.version, channel_id, str(message.id), self.clock())
        if previous is not None and previous.message_id != str(message.id):
            try:
                await self.retire(previous)
            except Exception:
                log.info("could not retire the buttons of an old board of game %s", snap.row.id, exc_info=True)

    async def notify_failure(self, post: PostRow, reason: str) -> None:
        """A board cannot be posted: tell the mover (on their interaction while it is valid, else by DM) and
        the host (by DM), privately. The board of a start was asked for by the host."""
        known = self._known(post.game_id)
        row = known.row if known is not None else await self.bot.service.game(post.game_id)
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
        locale = normalise_locale(row.locale if row is not None else self.bot.config.default_locale)
        for user_id in (mover, host):
            if user_id is not None and user_id not in told:
                told.add(user_id)
                try:
                    await self.bot.direct_message(user_id, self.failure_text(post, reason, locale))
                except (discord.HTTPException, ValueError):
                    log.info("could not send a direct message about game %s to user %s", post.game_id, user_id)

    @staticmethod
    def failure_text(post: PostRow, reason: str, locale: str) -> str:
        return t("post.failed", locale, move=post.version, id=post.game_id, channel=post.channel_id,
                 reason=t(f"post.reason.{reason}", locale))

