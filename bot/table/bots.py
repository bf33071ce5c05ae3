"""Moves the table makes by itself: a bot seat's move, a bot standing in for an absent player, the timeout
action when time runs out, and the vote to skip an overdue player. Each goes through :meth:`Moves._commit`."""
from __future__ import annotations

import asyncio
import logging

from engines import get_game
from engines.core import Msg

from .botpool import decide_in_worker, decision_seed
from .errors import Retry, ServiceError, StaleMove, VersionConflict
from .model import ACTIVE, ClockWrite, GameRow, MarkOverdue, MoveReport, SeatClock, SetVotes, User
from .moves import Moves
from .names import is_bot_user

log = logging.getLogger("referee.service")


class Bots(Moves):
    """See the module docstring."""

    async def _clock_target(self, game_id: int, seat: int, version: int) -> tuple[GameRow, SeatClock] | None:
        """The game and seat clock a timed job is for, if its decision is still pending (else ``None``)."""
        row = await self.store.game(game_id)
        if row is None or row.status != ACTIVE or row.state is None:
            return None
        c = (await self.store.seat_clocks(row.id)).get(seat)
        if c is None or c.started is None or c.turn_version != version:
            return None
        if seat not in await self.in_engine(get_game(row.title).current_seats, row.state):
            return None
        return row, c

    async def _bot_action(self, row: GameRow, seat: int) -> str:
        """The decision of the bot in ``seat`` (a bot seat's own level, or the stand-in of the ``bot``
        timeout policy), made in the bot pool's worker process; the seed comes from the game's seed and
        the move number."""
        assert row.state is not None
        holder = row.seats[seat]
        level = holder.bot_level if holder.bot_level is not None else self.timekeeper.config.bot_level
        seed = decision_seed(row.seed, row.version, seat)
        try:
            return await self.bots.decide(level, row.title, row.state, seat, seed)
        except Exception:
            # a bot that cannot decide must not stall the table: a random legal move, computed here instead
            log.exception("game %s: the %s bot of seat %s failed to decide; it plays a random legal move",
                          row.id, level, seat)
            return await asyncio.to_thread(decide_in_worker, "random", row.title, row.state, seat, seed, 0.0, 0)

    async def clock_timeout(self, channel_id: str, game_id: int, seat: int, version: int,
                            job_id: int | None = None) -> MoveReport | None:
        """A seat's time ran out (its deadline job fired): apply the table's policy. ``wait`` marks it
        overdue; ``skip`` plays the engine's timeout action; ``bot`` lets a bot play for it from now on.
        Both moves go through :meth:`_commit`, like a player's, marked in the log as ``timeout``/``bot``."""
        async with self._serving(), self.lock(channel_id):
            target = await self._clock_target(game_id, seat, version)
            if target is None or target[1].overdue:  # gone, or already marked (by another process)
                return None
            row, c = target
            policy = row.timeout_policy
            action, kind = "", "timeout"
            if policy == "bot":
                action, kind = await self._bot_action(row, seat), "bot"
            elif policy == "skip":
                assert row.state is not None
                try:
                    action = await self.in_engine(get_game(row.title).timeout_action, row.state, seat)
                except NotImplementedError:
                    log.error("game %s (%s): no timeout action; the seat is marked overdue instead", row.id, row.title)
            if not action:
                # the mark (and the job's deletion) only on the position it was computed from: if a move was
                # stored meanwhile (another process), nothing is written and the job is dropped
                try:
                    await self.store.write_clocks(row.id, ClockWrite(updates=[MarkOverdue(seat, version)],
                                                                     done_job=job_id), version=row.version)
                except VersionConflict:
                    log.info("game %s: seat %s moved on before its overdue mark; dropped", row.id, seat)
                    return None
                log.info("game %s: seat %s overdue", row.id, seat)
                await self.timekeeper.tell_channel(row, [row.seats[seat].user_id], Msg("clock.overdue", {
                    "player": row.seats[seat].name, "game": Msg(f"game.{row.title}"), "id": row.id}))
                return None
            try:
                report = await self._commit(row, seat, None, action, kind, timed_out=True, job_id=job_id)
            except StaleMove:
                return None
            log.info("game %s: seat %s timed out; %s move %s", row.id, seat, kind, report.row.version)
        await self._clock_board(report)
        if c.timeouts + 1 == self.timekeeper.config.replace_after:
            await self.timekeeper.tell_channel(report.row, [report.row.host_id], Msg("clock.replace_allowed", {
                "player": report.row.seats[seat].name, "n": c.timeouts + 1}))
        return report

    async def clock_bot(self, channel_id: str, game_id: int, seat: int, version: int,
                        job_id: int | None = None) -> MoveReport | None:
        """A bot makes a seat's pending decision: the seat's own bot (a bot seat: its job is due as soon as
        the seat is to act) or a bot standing in for an absent player (the ``bot`` timeout policy). A job
        for a decision already made does nothing.

        The bot thinks outside the channel lock (in the bot pool), so the channel stays responsive; its
        move then goes through :meth:`_commit` like a player's. If the game moved on meanwhile (another
        seat of a simultaneous decision acted), it thinks again on the new position."""
        async with self._serving():
            for _ in range(3):
                target = await self._clock_target(game_id, seat, version)
                if target is None or not self._bot_plays(*target):
                    return None
                seen = target[0]
                action = await self._bot_action(seen, seat)
                async with self.lock(channel_id):
                    target = await self._clock_target(game_id, seat, version)
                    if target is None or not self._bot_plays(*target):
                        return None
                    row = target[0]
                    if row.version != seen.version:
                        continue
                    holder = row.seats[seat]
                    report = await self._commit(row, seat, holder.user_id if holder.is_bot else None, action, "bot",
                                                job_id=job_id)
                    break
            else:  # the table kept moving under the bot: try again soon rather than drop its turn
                raise Retry(self.clock())
        await self._clock_board(report)
        return report

    @staticmethod
    def _bot_plays(row: GameRow, c: SeatClock) -> bool:
        """Whether a bot makes this seat's pending decision now: a bot seat, or a stand-in under the ``bot``
        policy, and the game is not paused (resuming plans the bot's move again)."""
        if row.paused_since is not None:
            return False
        return row.seats[c.seat].is_bot or (c.bot and row.timeout_policy == "bot")

    async def _clock_board(self, report: MoveReport) -> None:
        try:
            await self.timekeeper.notifier.board(report)
        except Exception:  # the move stands; /game board re-posts
            log.exception("game %s: board after a clock move not posted", report.row.id)

    async def vote_skip(self, channel_id: str, voter: User,
                        expected_game: int | None = None) -> tuple[MoveReport | None, int, int]:
        """A vote to skip the overdue seats' decisions (``wait`` policy). The host's vote, or a majority of
        the other players, plays the timeout action. Returns (the move if it was played, votes, needed).

        The vote is stored only on the votes and the position it was counted from: two votes at once (two
        processes) cannot lose one; the later is counted again on the stored votes (issue 21)."""
        async with self._serving(), self.lock(channel_id):
            for _ in range(5):
                try:
                    return await self._vote_once(channel_id, voter, expected_game)
                except VersionConflict:
                    continue
            raise StaleMove("err.stale")

    async def _vote_once(self, channel_id: str, voter: User,
                         expected_game: int | None) -> tuple[MoveReport | None, int, int]:
        row = await self._open(channel_id, expected_game)
        if row.status != ACTIVE or row.state is None:
            raise ServiceError("err.not_started")
        if (row.seat_of(voter.id) is None and voter.id != row.host_id) or is_bot_user(voter.id):
            raise ServiceError("err.not_seated")  # bot seats do not vote
        waiting = await self.in_engine(get_game(row.title).current_seats, row.state)
        clocks = await self.store.seat_clocks(row.id)
        late = [c for seat, c in sorted(clocks.items()) if c.overdue and c.started is not None and seat in waiting]
        if not late:
            raise ServiceError("clock.err.nobody_overdue")
        c = late[0]
        if row.seats[c.seat].user_id == voter.id:
            raise ServiceError("clock.err.vote_self")
        old_votes, c.votes = c.votes, sorted({*c.votes, voter.id})
        needed = (sum(not s.is_bot for s in row.seats) - 1) // 2 + 1  # bot seats do not vote
        if voter.id != row.host_id and len(c.votes) < needed:
            # only the votes, only on the votes it was counted from, only at this position (else VersionConflict)
            await self.store.write_clocks(row.id, ClockWrite(updates=[SetVotes(c.seat, c.turn_version, c.votes,
                                                                               old_votes)]), version=row.version)
            return None, len(c.votes), needed
        try:
            action = await self.in_engine(get_game(row.title).timeout_action, row.state, c.seat)
        except NotImplementedError:
            raise ServiceError("clock.err.no_timeout_action") from None
        try:
            report = await self._commit(row, c.seat, None, action, "timeout")
        except StaleMove:
            raise VersionConflict() from None
        return report, len(c.votes), needed
