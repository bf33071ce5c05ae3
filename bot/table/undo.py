"""Undo (issue 12): taking back one's last move at once, or by the other players' consent; the host's
roll-back; never past a move that revealed hidden information. The log keeps every move: an undo is an
``undo FIRST-LAST`` entry and the restored state is replayed from the seed."""
from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence

from engines import get_game
from engines.core import Event, Msg, State

from .core import TableCore
from .errors import ChannelBusy, ServiceError, StaleMove, VersionConflict
from .model import (
    ACTIVE,
    DECLINED,
    LAPSED,
    OPEN_STATUSES,
    OVER,
    GameRow,
    Job,
    MoveReport,
    MoveRow,
    UndoOutcome,
    UndoRequest,
    User,
    effective_moves,
    replay_moves,
)
from .names import is_bot_user, seat_labels

log = logging.getLogger("referee.service")
#: the job kind that tells the table an undo request lapsed
UNDO_LAPSE = "undo_lapse"


def _people(row: GameRow, but: str) -> list[str]:
    """The user ids of the people seated (not bots) other than ``but``: whose consent an undo needs."""
    return [s.user_id for s in row.seats if s.user_id != but and not s.is_bot]


class Undo(TableCore):
    """See the module docstring."""

    async def undo(self, channel_id: str, user: User, expected_game: int | None = None,
                   expected_version: int | None = None) -> UndoOutcome:
        """Take back ``user``'s last move (issue 12).

        Alone and at once while nobody else has acted since and the move revealed nothing; otherwise a
        request every other seated player must accept (:meth:`answer_undo`) before ``undo_ttl`` runs out.
        Never past a move that revealed hidden information: that is refused naming what was revealed.
        """
        async with self._serving(), self.lock(channel_id):
            row = await self._playing(channel_id, expected_game, expected_version)
            if row.seat_of(user.id) is None:
                raise ServiceError("err.not_seated")
            moves = await self.store.moves(row.id)
            live = await asyncio.to_thread(effective_moves, moves)  # off the event loop: the log may be long
            mine = [m for m in live if m.user_id == user.id]
            if not mine:
                raise ServiceError("undo.err.nothing")
            first = mine[-1].seq
            taken = [m for m in live if m.seq >= first]
            self._refuse_reveals(row, taken)
            if len(taken) == 1 or not _people(row, user.id):  # bot seats consent at once
                return await self._carry_out(row, moves, first, user, None)
            return await self._request(row, first, taken, user)

    async def rollback(self, channel_id: str, user: User, to_move: int, expected_game: int | None = None) -> UndoOutcome:
        """The host asks to take back every move from number ``to_move`` on; every other player must consent,
        and never past a move that revealed hidden information."""
        async with self._serving(), self.lock(channel_id):
            row = await self._playing(channel_id, expected_game, None)
            if user.id != row.host_id:
                raise ServiceError("err.host_only")
            live = await asyncio.to_thread(effective_moves, await self.store.moves(row.id))
            if not isinstance(to_move, int) or isinstance(to_move, bool):
                raise ServiceError("undo.err.no_such_move", move=str(to_move)[:20], last=live[-1].seq if live else 0)
            taken = [m for m in live if m.seq >= to_move]
            if to_move < 1 or not taken:
                raise ServiceError("undo.err.no_such_move", move=to_move, last=live[-1].seq if live else 0)
            self._refuse_reveals(row, taken)
            if not _people(row, user.id):  # only bots besides the host: they consent at once
                return await self._carry_out(row, await self.store.moves(row.id), taken[0].seq, user, None)
            return await self._request(row, taken[0].seq, taken, user)

    async def answer_undo(self, channel_id: str, user: User, request_id: int, accept: bool,
                          expected_game: int | None = None) -> UndoOutcome:
        """One player's answer to the pending undo request. The last consent carries the undo out."""
        async with self._serving(), self.lock(channel_id):
            row = await self._playing(channel_id, expected_game, None)
            req = await self._pending(row)
            if req is None or req.id != request_id:
                raise ServiceError("undo.err.no_request")
            if row.seat_of(user.id) is None or is_bot_user(user.id):  # a bot seat never answers (it consents)
                raise ServiceError("err.not_seated")
            if user.id == req.user_id:
                raise ServiceError("undo.err.own_request")
            if accept and req.answers.get(user.id):  # a second press of Agree: nothing new to tell anyone
                still = [u for u in _people(row, req.user_id) if not req.answers.get(u)]
                return UndoOutcome("already", row, req.first_seq, row.version, [], "", req, still)
            moves = await self.store.moves(row.id)
            taken = [m for m in await asyncio.to_thread(effective_moves, moves) if m.seq >= req.first_seq]
            requester = next((s for s in row.seats if s.user_id == req.user_id), None)
            name = requester.name if requester is not None else "?"
            if not accept:
                if not await self.store.close_undo_request(req.id, DECLINED):  # carried out meanwhile elsewhere
                    raise ServiceError("undo.err.no_request")
                return UndoOutcome("declined", row, req.first_seq, row.version, taken, name, req)
            answers = await self.store.answer_undo(req.id, user.id, True, self.clock())
            if answers is None:  # declined, lapsed or done meanwhile (another process)
                raise ServiceError("undo.err.no_request")
            req.answers = answers
            waiting = [u for u in _people(row, req.user_id) if not req.answers.get(u)]
            if waiting:
                return UndoOutcome("accepted", row, req.first_seq, row.version, taken, name, req, waiting)
            self._refuse_reveals(row, taken)  # the same version as when asked: cannot have changed, but be sure
            return await self._carry_out(row, moves, req.first_seq, User(req.user_id, name), req)

    async def undo_lapse(self, job: Job) -> None:
        """The job planned with a request, at its deadline: a request still pending then lapses, and the
        table is told (nobody pinged). A request carried out, declined or replaced meanwhile: nothing."""
        row = await self.store.game(job.game_id)
        if row is None:
            return
        async with self.lock(row.channel_id):
            req = await self.store.undo_request(row.id)
            if req is None or req.id != int(json.loads(job.payload).get("request", -1)):
                return
            if not await self.store.close_undo_request(req.id, LAPSED):
                return
            requester = next((s.name for s in row.seats if s.user_id == req.user_id), "?")
            log.info("game %s: undo request %s lapsed", row.id, req.id)
        await self.timekeeper.tell_channel(row, [], Msg("undo.lapsed", {"player": requester, "first": req.first_seq,
                                                                         "last": req.version}))

    async def undo_request(self, channel_id: str, expected_game: int | None = None) -> UndoRequest | None:
        """The channel's pending undo request (a lapsed one is closed and not returned)."""
        async with self._serving(), self.lock(channel_id):
            return await self._pending(await self._open(channel_id, expected_game))

    async def _playing(self, channel_id: str, expected_game: int | None, expected_version: int | None) -> GameRow:
        row = await self._latest(channel_id, expected_game)
        if row.status == OVER:
            raise ServiceError("undo.err.over")
        if row.status not in OPEN_STATUSES:
            raise ServiceError("err.no_game")
        if row.status != ACTIVE or row.state is None:
            raise ServiceError("err.not_started")
        if expected_version is not None and expected_version != row.version:
            raise StaleMove("err.stale")
        return row

    async def _pending(self, row: GameRow) -> UndoRequest | None:
        req = await self.store.undo_request(row.id)
        if req is not None and (self.clock() > req.deadline or req.version != row.version):
            await self.store.close_undo_request(req.id, LAPSED)
            return None
        return req

    @staticmethod
    def _refuse_reveals(row: GameRow, taken: Sequence[MoveRow]) -> None:
        for m in taken:
            if m.reveals:
                # the move itself, not each of its events (the engine flags the move, not which event revealed,
                # and a list of every event of a turn read as noise: issue 23)
                names = seat_labels(row)
                raise ServiceError("undo.err.revealed", move=m.seq, player=names[m.seat] if m.seat is not None else "?",
                                   what=[Msg("undo.what_action", {"action": m.action})])

    async def _request(self, row: GameRow, first: int, taken: list[MoveRow], user: User) -> UndoOutcome:
        if await self._pending(row) is not None:
            raise ServiceError("undo.err.pending")
        now = self.clock()
        try:
            req = await self.store.create_undo_request(row.id, user.id, first, row.version, now, now + self.undo_ttl)
        except ChannelBusy:
            raise ServiceError("undo.err.pending") from None
        waiting = _people(row, user.id)
        # when nobody has answered in time, the table is told (a job, so it survives a restart)
        await self.store.jobs.add(row.id, None, UNDO_LAPSE, req.deadline, row.version, json.dumps({"request": req.id}))
        self.timekeeper.on_jobs()
        log.info("game %s: undo of moves %s-%s requested", row.id, first, row.version)
        return UndoOutcome("requested", row, first, row.version, taken, user.name, req, waiting)

    async def _carry_out(self, row: GameRow, moves: list[MoveRow], first: int, user: User,
                         req: UndoRequest | None) -> UndoOutcome:
        game = get_game(row.title)
        if row.rules_version != game.rules_version:
            raise ServiceError("err.replay_version", stored=row.rules_version, current=game.rules_version)
        state = await asyncio.to_thread(replay_moves, game, row, moves, first)
        waiting = await asyncio.to_thread(game.current_seats, state)
        taken = [m for m in await asyncio.to_thread(effective_moves, moves) if m.seq >= first]
        seat = row.seat_of(user.id)
        event = Event(Msg("undo.ev.done", {"player": user.name, "n": len(taken), "first": first, "last": row.version}))
        now = self.clock()
        # the turn clocks go back exactly as they were before move ``first`` (from the log), jobs planned anew
        clocks = await self.timekeeper.after_undo(row, row.version + 1, first, waiting, now)
        try:
            self.forget(row.channel_id)  # the kept row (if any) is no longer current
            version = await self.store.append_undo(row.id, row.version, seat, user.id, first, state,
                                                   [event.to_json()], now, req.id if req else None, clocks=clocks)
        except VersionConflict:
            if req is not None and (await self.store.undo_request(row.id)) is None:
                raise ServiceError("undo.err.no_request") from None  # declined or lapsed meanwhile
            raise StaleMove("err.stale") from None
        self.timekeeper.on_jobs()
        last = row.version
        row.state, row.version = state, version
        log.info("game %s: moves %s-%s taken back (now version %s)", row.id, first, last, version)
        snap = await self.snapshot_async(row)
        report = MoveReport(**snap.__dict__, actor=seat, action=f"undo {first}-{last}", events=[event])
        return UndoOutcome("done", row, first, last, taken, user.name, req, [], report)

    async def replay(self, game_id: int) -> State:
        """Rebuild a game's state from its seed and move log (for checks and recovery)."""
        async with self._serving():
            row = await self.store.game(game_id)
            if row is None or row.seed is None:
                raise ServiceError("err.no_game")
            game = get_game(row.title)
            if row.rules_version != game.rules_version:
                raise ServiceError("err.replay_version", stored=row.rules_version, current=game.rules_version)
            moves = await self.store.moves(game_id)
        return await asyncio.to_thread(replay_moves, game, row, moves)
