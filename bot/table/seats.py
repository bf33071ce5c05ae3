"""Seats: opening a lobby, joining and leaving, bot seats, starting, abandoning, and replacing a player."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from engines import get_game
from engines.bots import LEVELS
from engines.core import Msg
from engines.options import OptionError, parse_options

from .clock import ClockError, parse_clock
from .clocks import DEFAULT_POLICY, parse_policy
from .core import TableCore
from .errors import ChannelBusy, ServiceError, StaleMove, VersionConflict
from .model import ABANDONED, ACTIVE, LOBBY, OPEN_STATUSES, ClockWrite, GameRow, MoveReport, SeatSpec, User
from .names import bot_name, bot_user_id

log = logging.getLogger("referee.service")


def specs(row: GameRow) -> list[SeatSpec]:
    """The seats of a lobby as :meth:`~bot.table.ports.Repository.set_seats` takes them (bot levels kept)."""
    return [(s.user_id, s.name, s.bot_level) for s in sorted(row.seats, key=lambda s: s.seat)]


class Seats(TableCore):
    """Who sits at the table (see the module docstring)."""

    async def new(self, channel_id: str, guild_id: str | None, host: User, title: str,
                  options: Mapping[str, Any] | str | Sequence[str] | None = None, locale: str = "en",
                  clock: str | None = None, timeout: str | None = None, bots: int = 0,
                  bot_level: str | None = None, seat_host: bool = True) -> GameRow:
        """Open a lobby. ``options``: the ``key=value`` text (Discord) or pairs (command line), parsed by
        :func:`engines.options.parse_options`, or a mapping of already typed values. ``clock``: a preset
        name or a custom clock (``"24h"``, ``"3d+12h"``; default: the relaxed preset); ``timeout``: the
        policy when time runs out (``wait``, ``skip`` or ``bot``; default ``wait``). ``bots``: that many
        bot seats of ``bot_level`` (default ``[bots] level``) sit down with the host at once; they may
        fill the table. ``seat_host=False`` (the console: an all-bot demo, or seats in a typed order): the
        host runs the table without a seat; the others join and the host adds bots."""
        async with self._serving():
            level = self._level(bot_level)
            if not isinstance(bots, int) or bots < 0:
                raise ServiceError("bots.err.bad_count", n=bots)
            try:
                rule, policy = parse_clock(clock), parse_policy(timeout or DEFAULT_POLICY)
            except ClockError as exc:
                raise ServiceError("clock.err.bad_clock", detail=exc.message) from exc
            try:
                game = get_game(title)
            except (KeyError, ModuleNotFoundError):
                raise ServiceError("err.unknown_game", title=title) from None
            try:
                typed = options if options is None or isinstance(options, Mapping) else parse_options(game, options)
                resolved = game.resolve_options(typed)
            except OptionError as exc:
                raise ServiceError("err.bad_option", detail=exc.message) from exc
            except ValueError as exc:  # a typed mapping the engine refuses
                raise ServiceError("err.bad_option", detail=str(exc)) from exc
            seats: list[SeatSpec] = [(host.id, host.name)] if seat_host else []
            if len(seats) + bots > game.max_players:
                raise ServiceError("bots.err.too_many", n=bots, total=len(seats) + bots, game=Msg(f"game.{title}"),
                                   max=game.max_players)
            for _ in range(bots):
                seats.append(self._bot_seat(title, seats, level))
            async with self.lock(channel_id):
                try:
                    return await self.store.create_game(
                        str(channel_id), guild_id, title, host.id, host.name, resolved, locale, self.clock(),
                        clock=rule.to_json(), timeout_policy=policy, seats=seats,
                    )
                except ChannelBusy:
                    raise ServiceError("err.channel_busy") from None

    async def join(self, channel_id: str, user: User, expected_game: int | None = None) -> GameRow:
        async with self._serving(), self.lock(channel_id):
            for _ in range(5):  # another process's seat change meanwhile: read the lobby again and retry
                row = await self._open(channel_id, expected_game)
                if row.status != LOBBY:
                    raise ServiceError("err.already_started")
                if row.seat_of(user.id) is not None:
                    raise ServiceError("err.already_joined")
                game = get_game(row.title)
                if len(row.seats) >= game.max_players:
                    raise ServiceError("err.lobby_full", max=game.max_players)
                try:
                    await self._write_seats(row, [*specs(row), (user.id, user.name)])
                except StaleMove:
                    continue
                return await self._open(channel_id)
            raise StaleMove("err.stale")

    async def _write_seats(self, row: GameRow, seats: Sequence[SeatSpec], host_id: str | None = None) -> None:
        """Store a lobby's new seat list, only over the seats it was computed from (``row``'s): another
        process's join or leave meanwhile is refused as stale, never overwritten."""
        try:
            await self.store.set_seats(row.id, seats, self.clock(), host_id=host_id,
                                       expected=[s.user_id for s in sorted(row.seats, key=lambda s: s.seat)])
        except VersionConflict:
            raise StaleMove("err.stale") from None

    async def leave(self, channel_id: str, user: User, expected_game: int | None = None) -> GameRow | None:
        """Leave a lobby. The last person out closes it (bots do not keep a table open); a leaving host
        hands over to the next person seated."""
        async with self._serving(), self.lock(channel_id):
            row = await self._open(channel_id, expected_game)
            if row.status != LOBBY:
                raise ServiceError("err.leave_started")
            if row.seat_of(user.id) is None:
                raise ServiceError("err.not_in_lobby")
            rest = [s for s in row.seats if s.user_id != user.id]
            people = [s for s in rest if not s.is_bot]
            if not people:
                await self.store.delete_lobby(row.id)
                return None
            host = people[0].user_id if row.host_id == user.id else row.host_id
            await self._write_seats(row, [(s.user_id, s.name, s.bot_level) for s in rest], host_id=host)
            return await self._open(channel_id)

    def _level(self, level: str | None) -> str:
        """A bot level as asked for (``None`` or empty: ``[bots] level``); an unknown one is refused, listing
        the levels."""
        chosen = str(level or "").strip().lower() or self.bots.config.level
        if chosen not in LEVELS:
            raise ServiceError("bots.err.unknown_level", level=str(level)[:20], known=", ".join(LEVELS))
        return chosen

    @staticmethod
    def _bot_seat(title: str, seats: Sequence[SeatSpec], level: str) -> SeatSpec:
        """A new bot seat beside ``seats``: the first free ``bot:<n>`` and the first free themed name."""
        return bot_user_id(s[0] for s in seats), bot_name(title, (s[1] for s in seats)), level

    async def _bot_lobby(self, channel_id: str, user: User, expected_game: int | None) -> GameRow:
        """The lobby a bot is added to or removed from by ``user`` (the host or a seated player)."""
        row = await self._open(channel_id, expected_game)
        if row.status != LOBBY:
            raise ServiceError("bots.err.lobby_only")
        if user.id != row.host_id and row.seat_of(user.id) is None:
            raise ServiceError("bots.err.seated_only")
        return row

    async def add_bot(self, channel_id: str, user: User, level: str | None = None,
                      expected_game: int | None = None) -> GameRow:
        """Seat a bot of ``level`` (default ``[bots] level``) in the lobby. The host or any seated player may;
        refused when the game has started, the table is full or the level is unknown."""
        async with self._serving(), self.lock(channel_id):
            chosen = self._level(level)
            row = await self._bot_lobby(channel_id, user, expected_game)
            game = get_game(row.title)
            if len(row.seats) >= game.max_players:
                raise ServiceError("err.lobby_full", max=game.max_players)
            seats = specs(row)
            seats.append(self._bot_seat(row.title, seats, chosen))
            await self._write_seats(row, seats)
            log.info("game %s: a %s bot seated by request", row.id, chosen)
            return await self._open(channel_id)

    async def remove_bot(self, channel_id: str, user: User, bot: str | None = None,
                         expected_game: int | None = None) -> GameRow:
        """Take a bot out of the lobby: ``bot`` is its name or user id (case-insensitive; ``None``: the bot
        added last). The seats after it move up, as when a player leaves."""
        async with self._serving(), self.lock(channel_id):
            row = await self._bot_lobby(channel_id, user, expected_game)
            bots = [s for s in row.seats if s.is_bot]
            if not bots:
                raise ServiceError("bots.err.no_bots")
            if bot is None:
                gone = bots[-1]  # seats keep the order of arrival: the last bot seated is the last added
            else:
                wanted = " ".join(str(bot).split()).casefold()
                found = [s for s in bots if wanted in (s.name.casefold(), s.user_id.casefold())]
                if not found:
                    raise ServiceError("bots.err.no_such_bot", bot=str(bot)[:40], known=", ".join(s.name for s in bots))
                gone = found[0]
            rest = [(s.user_id, s.name, s.bot_level) for s in row.seats if s.user_id != gone.user_id]
            await self._write_seats(row, rest)
            log.info("game %s: bot seat %s removed", row.id, gone.seat)
            return await self._open(channel_id)

    async def start(self, channel_id: str, user: User, seed: int | None = None,
                    expected_game: int | None = None) -> MoveReport:
        async with self._serving(), self.lock(channel_id):
            row = await self._open(channel_id, expected_game)
            if row.status != LOBBY:
                raise ServiceError("err.already_started")
            if user.id != row.host_id:
                raise ServiceError("err.host_only")
            game = get_game(row.title)
            if not game.min_players <= len(row.seats) <= game.max_players:
                raise ServiceError("err.player_count", min=game.min_players, max=game.max_players, n=len(row.seats))
            seed = self.seed_source() if seed is None else seed
            outcome = await asyncio.to_thread(game.new_game, len(row.seats), row.options, seed)
            events = [e.to_json() for e in outcome.events]
            now = self.clock()
            waiting = await asyncio.to_thread(game.current_seats, outcome.state)
            clocks = await self.timekeeper.after_move(row, 0, None, "player", waiting, False, now)
            await self.store.start_game(row.id, seed, outcome.state, events, now, game.rules_version, clocks=clocks)
            self.timekeeper.on_jobs()
            # the row as stored now (no second read): started, at version 0
            started = GameRow(**{**row.__dict__, "status": ACTIVE, "seed": seed, "state": outcome.state, "version": 0,
                                 "rules_version": game.rules_version, "updated_at": now})
            log.info("game %s (%s, %d players) started in channel %s", started.id, started.title, len(started.seats),
                     started.channel_id)
            snap = await self.snapshot_async(started)
            return MoveReport(**snap.__dict__, actor=None, action="setup", events=list(outcome.events))

    async def abandonable(self, channel_id: str) -> GameRow:
        """The game ``/game abandon`` would end: the open one. Refuses clearly when there is none."""
        async with self._serving():
            row = await self.store.latest_game(str(channel_id))
            if row is None:
                raise ServiceError("err.no_game")
            if row.status not in OPEN_STATUSES:
                raise ServiceError("err.nothing_to_abandon", id=row.id)
            return row

    async def abandon(self, channel_id: str, user: User, can_manage_channel: bool = False,
                      expected_game: int | None = None) -> GameRow:
        async with self._serving(), self.lock(channel_id):
            row = await self._open(channel_id, expected_game)
            if user.id != row.host_id and not can_manage_channel:
                raise ServiceError("err.abandon_rights")
            now = self.clock()
            # a started game's end counts in the stats (abandoned, for everyone seated), in the same transaction
            results = await self.ended_results(row, ABANDONED, None, now)
            await self.store.set_status(row.id, ABANDONED, now, results=results)
            row.status = ABANDONED
            return row

    async def replace(self, channel_id: str, by: User, old_user_id: str, new: User, can_manage_channel: bool = False,
                      expected_game: int | None = None) -> GameRow:
        """The host (or a channel manager) gives an absent player's seat to someone else: the seat, its
        score and its private information stay; the new player sees that privately from now on. Allowed
        once the player is overdue or let ``replace_after`` decisions in a row time out."""
        async with self._serving(), self.lock(channel_id):
            row = await self._open(channel_id, expected_game)
            if row.status != ACTIVE:
                raise ServiceError("err.not_started")
            if by.id != row.host_id and not can_manage_channel:
                raise ServiceError("err.host_or_manager")
            seat = row.seat_of(old_user_id)
            if seat is None:
                raise ServiceError("clock.err.replace_not_seated")
            if row.seat_of(new.id) is not None:
                raise ServiceError("clock.err.replace_seated", player=new.name)
            clocks = await self.timekeeper.clocks(row)
            c = clocks[seat]
            need = self.timekeeper.config.replace_after
            if not c.overdue and c.timeouts < need:
                raise ServiceError("clock.err.replace_not_yet", player=row.seats[seat].name, n=need, timeouts=c.timeouts)
            now = self.clock()
            rule = row.clock_rule
            c.timeouts, c.overdue, c.bot, c.votes, c.reminded = 0, False, False, [], 0
            c.bank = float(rule.initial())
            if c.started is not None:
                c.started = now
            old_name = row.seats[seat].name
            row.seats[seat].user_id, row.seats[seat].name = new.id, new.name
            settings = await self.store.settings(new.id)
            try:
                await self.store.replace_seat(row.id, seat, new.id, new.name, ClockWrite(
                    [seat], [c], self.timekeeper.plan(row, c, settings, now, c.started is not None)),
                    version=row.version)
            except VersionConflict:
                raise StaleMove("err.stale") from None
            self.timekeeper.on_jobs()
            log.info("game %s: seat %s replaced", row.id, seat)
            await self.timekeeper.tell_channel(row, [new.id], Msg("clock.replaced", {"old": old_name, "new": new.name}))
            return await self._open(channel_id)
