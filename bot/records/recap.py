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
from pathlib import Path
from typing import Any

from bot.table.model import GameRow, MoveRow, effective_moves, replay_moves, scoring_mark
from bot.text import image_names, seat_labels, with_names
from engines import get_game
from engines.core import Msg, State
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
    if row.seed is None:
        raise ValueError("the game has not started")
    game = get_game(row.title)
    live = [(m.seat, m.action, m.events) for m in effective_moves(moves) if m.seat is not None]
    return draw_recap(row.title, row.id, image_names(row), seat_labels(row), replay_moves(game, row, []), live, locale,
                      max_frames)


def draw_recap(title: str, game_id: int | str, names: Sequence[str], labels: Sequence[str | Msg], state: State,
               live: Sequence[tuple[int, str, Sequence[dict[str, Any]]]], locale: str,
               max_frames: int = RECAP_FRAMES) -> RecapFiles:
    """The GIF and the score chart of a game from its start ``state`` and its live moves ``(seat, action,
    public events)``. ``names`` are drawn (a bot seat as "Nefertiti ⚙"); ``labels`` name seats in text.

    The final scoring, when it adds to the track, is drawn in a column of its own right of the game
    (:func:`render.recap.score_chart` ``final``), so the game before it stays readable (issue 23: a
    Luxor game was squashed into the bottom fifth of the chart)."""
    started = time.perf_counter()
    game = get_game(title)
    every = max(1, math.ceil(len(live) / max(1, max_frames - 1)))
    draw = renderer(title).render_public
    pngs = [draw(game.public_view(state), list(names), locale)]
    series: list[list[int]] = [[v] for v in game.scores(state)]
    marks: list[tuple[int, str]] = []
    for i, (seat, action, events) in enumerate(live, start=1):
        state = game.apply(state, seat, action).state
        for s, v in enumerate(game.scores(state)):
            series[s].append(v)
        mark = scoring_mark(title, events)
        if mark is not None:
            marks.append((i, t(with_names(mark, labels), locale)))
        if i % every == 0 or i == len(live):
            pngs.append(draw(game.public_view(state), list(names), locale))
    result = game.result(state)
    final: list[int] | None = None
    if result is not None:
        if list(result.scores) != [s[-1] for s in series]:  # the final scoring adds to the track: its own column
            final = list(result.scores)
        elif not marks or marks[-1][0] < len(live):  # unless the last move already is a marked scoring round
            marks.append((len(live), t("recap.final", locale)))
    gif = animate(pngs)
    heading = t(Msg("recap.chart_title", {"game": Msg(f"game.{title}"), "id": game_id}), locale)
    chart = score_chart(list(names), series, marks, title=heading, x_label=t("recap.x_label", locale), final=final,
                        final_label=t("recap.final", locale))
    return RecapFiles(gif.data, chart, gif.frames, len(live), time.perf_counter() - started)


def recap_record(path: Path, out: Path, locale: str = "en") -> dict[str, Any]:
    """``referee recap RECORD --out DIR``: the GIF and the score chart of a game record (``recap.gif``,
    ``scores.png``); the record must hold its seed (a finished game's, or any console record)."""
    from .record import RecordError, live_moves, parse_record, replay

    try:
        record = parse_record(path.read_bytes())
    except OSError as exc:
        raise RecordError("replay.err.read", path=str(path), reason=str(exc.strerror)) from None
    rep = replay(record)  # checks the seed, the rules version, every move and the result
    live = [(int(m["seat"]), str(m["action"]), list(m.get("events", []))) for m in live_moves(record.moves)]
    game_id = path.stem.removeprefix("record-")
    files = draw_recap(record.game, game_id, record.names, list(record.names), rep.states[0], live, locale)
    out.mkdir(parents=True, exist_ok=True)
    (out / "recap.gif").write_bytes(files.gif)
    (out / "scores.png").write_bytes(files.chart)
    summary: dict[str, Any] = {"game": record.game, "moves": files.moves, "frames": files.frames,
                               "gif": str(out / "recap.gif"), "chart": str(out / "scores.png")}
    if rep.result is not None:
        summary["winner"] = [record.names[i] for i in rep.result.winners]
    return summary
