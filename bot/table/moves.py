"""The one move path: lock → load → check → apply → persist (with the clock changes and the board's outbox
row, one transaction) → one snapshot handed on.

A player's move (:meth:`Moves.act`), a timeout action and a bot's move (:mod:`.bots`) all end in
:meth:`Moves._commit`. The game row is loaded once (inside the channel lock), the engine runs once in a
worker thread (the turn check, ``apply`` and the new position's prompts, public view and result), and the
:class:`~bot.table.model.MoveReport` it returns carries that snapshot to whoever shows the board.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from engines import get_game
from engines.core import Game, IllegalAction, Outcome, Prompt, Result, State

from .core import TableCore
from .errors import RatingsMoved, ServiceError, StaleMove, VersionConflict
from .model import ACTIVE, OVER, GameRow, MoveReport, RowGuard, User
from .names import seat_labels, with_names

log = logging.getLogger("referee.service")

#: how often a final move computes its ratings again when other games' ends keep changing them
_RATING_TRIES = 20


def apply_checked(game: Game, state: State, seat: int, action: str, waiting: Sequence[int] | None = None
                  ) -> tuple[Outcome, list[Prompt], Mapping[str, Any], Result | None]:
    """Apply a move for a seat that must decide now; returns the outcome and the new position's prompts,
    public view and result (computed once: the snapshot the move hands on). ``waiting``: the seats the position
    waits for, when already known (the previous move computed them), else computed here."""
    if waiting is None:
        waiting = list(dict.fromkeys(p.seat for p in game.prompts(state)))
    if seat not in waiting:
        raise ServiceError("err.not_your_turn", players=list(waiting))
    outcome = game.apply(state, seat, action)
    new = outcome.state
    return outcome, game.prompts(new), game.public_view(new), game.result(new)


class Moves(TableCore):
    """Playing: a seated user's move, and the one path every move takes."""

    async def act(self, channel_id: str, user: User, action: str, expected_version: int | None = None,
                  expected_game: int | None = None) -> MoveReport:
        """Apply one move for ``user``. Raises :class:`ServiceError` / :class:`IllegalAction`; then nothing changed.

        ``expected_game`` / ``expected_version``: the game id and move number the pressed component was drawn
        for (``None`` for a typed command, which always means the channel's current game and position).
        """
        action = " ".join(action.split())
        async with self._serving(), self.lock(channel_id):
            kept = self._cached(channel_id, expected_game, expected_version)
            if kept is not None:
                # the row this process last wrote: a stale one fails its guarded write (or any check), and the
                # move is then judged again on the row loaded afresh
                row, waiting = kept
                seat = row.seat_of(user.id)
                if seat is not None:
                    try:
                        return await self._commit(row, seat, user.id, action, "player", waiting=waiting)
                    except (ServiceError, IllegalAction):
                        pass
                self.forget(channel_id)
            row = await self._open(channel_id, expected_game)
            if row.status != ACTIVE or row.state is None:
                raise ServiceError("err.not_started")
            if expected_version is not None and expected_version != row.version:
                raise StaleMove("err.stale")
            seat = row.seat_of(user.id)
            if seat is None:
                raise ServiceError("err.not_seated")
            return await self._commit(row, seat, user.id, action, "player")

    async def _commit(self, row: GameRow, seat: int, user_id: str | None, action: str, kind: str,
                      timed_out: bool = False, job_id: int | None = None,
                      waiting: Sequence[int] | None = None) -> MoveReport:
        """The one move path (a player's move, a timeout action, a bot's move), inside the channel lock, on the
        row the caller loaded: the engine in a worker thread (turn check, apply, the new snapshot), then one
        transaction with the move, its log row (marked with who decided), the clocks and timed jobs it
        changes, the board's outbox row, and (``job_id``) the deletion of the timed job that made the move.
        Returns the move with its snapshot, computed once, and keeps the new row as the channel's current one.
        ``waiting``: the seats the row's position waits for, when known (the row was kept from the last move)."""
        assert row.state is not None
        game = get_game(row.title)
        started = self.timer()
        try:
            # the engine's work runs in a worker thread; IllegalAction propagates and nothing is stored
            outcome, prompts, view, result = await self.in_engine(apply_checked, game, row.state, seat, action,
                                                                     waiting)
        except (IllegalAction, ServiceError) as exc:
            exc.message = with_names(exc.message, seat_labels(row))
            raise
        finished = result is not None
        after = [] if finished else list(dict.fromkeys(p.seat for p in prompts))
        now = self.clock()
        clocks = await self.timekeeper.after_move(row, row.version + 1, seat, kind, after, finished, now,
                                                  timed_out=timed_out)
        clocks.done_job = job_id  # the job that made this move goes with it, in its transaction
        # the final move stores the game's results and its players' new ratings with it; should another game's
        # end have changed one of those ratings meanwhile, they are computed again from the stored ones
        for _ in range(_RATING_TRIES):
            results = await self.ended_results(row, OVER, result, now, (seat, user_id)) if finished else None
            try:
                version = await self.store.append_move(
                    row.id, row.version, seat, user_id, action, outcome.state,
                    [e.to_json() for e in outcome.events], finished, now, kind=kind, clocks=clocks,
                    reveals=outcome.reveals, results=results,
                    # stored only over the seats and the pause it was computed with: a kept row may be older than
                    # another process's replacement or pause, which change no version
                    guard=RowGuard.of(row),
                )
                break
            except RatingsMoved:
                log.info("game %s: ratings changed by another game's end; computing them again", row.id)
            except VersionConflict:
                raise StaleMove("err.stale") from None
        else:
            raise StaleMove("err.stale")
        if clocks.jobs:  # jobs were added (a move's cancelled jobs need no earlier look)
            self.timekeeper.on_jobs(min(job[2] for job in clocks.jobs))
        self.on_move(kind, self.timer() - started)
        row.state, row.version, row.updated_at = outcome.state, version, now
        row.status = OVER if finished else ACTIVE
        self._keep(row, after)
        log.debug("game %s: move %s (%s) by seat %s stored%s", row.id, version, kind, seat,
                  " (game over)" if finished else "")
        return MoveReport(row, game, prompts, view, result, actor=seat, action=action, events=list(outcome.events),
                          kind=kind, reveals=outcome.reveals)
