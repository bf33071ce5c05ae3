"""The end-of-game recap of a stored game: an animated GIF of the board and a score chart (issue 12).

:func:`make_recap` replays the game's remaining log (undone moves skipped), draws one board per ``every``
moves (so a long game gives at most ``frames`` pictures), animates them with :func:`render.recap.animate`
and draws :func:`render.recap.score_chart` from :meth:`Game.scores` after every move, with the scoring
rounds marked (found from the moves' public events, :func:`scoring_mark`). It is plain synchronous work:
callers run it in a worker thread (``asyncio.to_thread``), never on the event loop.
"""
from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bot.table.model import GameRow, MoveRow, effective_moves, replay_moves, scoring_mark
from bot.text import image_names, seat_labels, with_names
from engines import get_game
from engines.core import Msg
from render import renderer
from render.i18n import t
from render.recap import animate, score_chart

#: at most this many boards are drawn for the animation (one per round-sized stretch of moves)
RECAP_FRAMES = 60


@dataclass(frozen=True)
class RecapFiles:
    gif: bytes
    chart: bytes
    frames: int
    moves: int
    seconds: float


def make_recap(row: GameRow, moves: Sequence[MoveRow], locale: str, max_frames: int = RECAP_FRAMES) -> RecapFiles:
    """The recap of a stored game (normally a finished one)."""
    started = time.perf_counter()
    if row.seed is None:
        raise ValueError("the game has not started")
    game = get_game(row.title)
    live = effective_moves(moves)
    state = replay_moves(game, row, [])
    names = image_names(row)  # drawn: a bot seat as "Nefertiti ⚙" (the image fonts have no emoji)
    every = max(1, math.ceil(len(live) / max(1, max_frames - 1)))
    draw = renderer(row.title).render_public
    pngs = [draw(game.public_view(state), names, locale)]
    series: list[list[int]] = [[v] for v in game.scores(state)]
    marks: list[tuple[int, str]] = []
    for i, m in enumerate(live, start=1):
        assert m.seat is not None
        state = game.apply(state, m.seat, m.action).state
        for seat, v in enumerate(game.scores(state)):
            series[seat].append(v)
        mark = scoring_mark(row.title, m.events)
        if mark is not None:
            marks.append((i, t(with_names(mark, seat_labels(row)), locale)))
        if i % every == 0 or i == len(live):
            pngs.append(draw(game.public_view(state), names, locale))
    result = game.result(state)
    if result is not None:
        if list(result.scores) != [s[-1] for s in series]:  # the final scoring adds to the track: one more point
            for seat, v in enumerate(result.scores):
                series[seat].append(v)
        last = len(series[0]) - 1
        if not marks or marks[-1][0] < len(live):  # unless the last move already is a marked scoring round
            marks.append((last, t("recap.final", locale)))
    gif = animate(pngs)
    title = t(Msg("recap.chart_title", {"game": Msg(f"game.{row.title}"), "id": row.id}), locale)
    chart = score_chart(names, series, marks, title=title, x_label=t("recap.x_label", locale))
    return RecapFiles(gif.data, chart, gif.frames, len(live), time.perf_counter() - started)
