"""The end-of-game recap: an animation of how the board developed, and a score chart.

Both take what the game's renderer already drew (board PNGs) or plain numbers, so they work for every
title. The words drawn (title, axis labels, scoring-round names, player names) come from the caller,
already translated through the message catalogue.

* :func:`animate` — an animated GIF (Discord plays GIFs inline) from board PNGs, one frame per round or
  per move, scaled down for a phone and kept under Discord's upload limit by dropping frames and then
  scaling further, within a bounded number of attempts.
* :func:`score_chart` — score over the game per player (colour *and* marker shape per seat, for
  colour-blind readers), with the scoring rounds marked and the final scores in the legend.
"""
from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from .common import INK, WHITE, encode_png, paste_marker, player_colour, put_text, text_length

#: Discord's upload limit for a server without boosts is 10 MiB; keep a margin for the message
MAX_UPLOAD = 10 * 1024 * 1024
DEFAULT_BUDGET = 9 * 1024 * 1024
MAX_FRAMES = 120


@dataclass(frozen=True)
class Recap:
    data: bytes
    frames: int
    width: int
    height: int


def _sample(items: Sequence[bytes], limit: int) -> list[bytes]:
    """At most ``limit`` items, evenly spread, always keeping the first and the last."""
    if len(items) <= limit:
        return list(items)
    if limit < 2:
        return [items[-1]]
    step = (len(items) - 1) / (limit - 1)
    return [items[round(i * step)] for i in range(limit)]


def _encode_gif(frames: Sequence[Image.Image], frame_ms: int, last_ms: int) -> bytes:
    buf = io.BytesIO()
    durations = [frame_ms] * (len(frames) - 1) + [last_ms]
    first, rest = frames[0], list(frames[1:])
    first.save(buf, format="GIF", save_all=True, append_images=rest, duration=durations, loop=0,
               disposal=1, optimize=False)
    return buf.getvalue()


def _frames(pngs: Sequence[bytes], width: int) -> list[Image.Image]:
    out = []
    for raw in pngs:
        with Image.open(io.BytesIO(raw)) as im:
            rgb = im.convert("RGB")
        if rgb.width > width:
            rgb = rgb.resize((width, max(1, round(rgb.height * width / rgb.width))), Image.Resampling.LANCZOS)
        out.append(rgb.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE))
    # one canvas size for all frames (boards can grow, e.g. an Alhambra gaining rows)
    w = max(f.width for f in out)
    h = max(f.height for f in out)
    framed = []
    for f in out:
        if f.size != (w, h):
            canvas = Image.new("RGB", (w, h), WHITE)
            canvas.paste(f.convert("RGB"), (0, 0))
            f = canvas.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        framed.append(f)
    return framed


def animate(pngs: Sequence[bytes], *, width: int = 800, budget: int = DEFAULT_BUDGET, frame_ms: int = 900,
            last_ms: int = 4000, max_frames: int = MAX_FRAMES) -> Recap:
    """An animated GIF of board pictures (oldest first) within ``budget`` bytes.

    Tries at most four times: with every frame (up to ``max_frames``), then half of them, then a quarter
    at a smaller width; raises ``ValueError`` if even that does not fit (it always has for real boards).
    """
    if not pngs:
        raise ValueError("no frames")
    limit, w = min(max_frames, len(pngs)), width
    for _ in range(4):
        frames = _frames(_sample(pngs, limit), w)
        data = _encode_gif(frames, frame_ms, last_ms)
        if len(data) <= budget:
            return Recap(data, len(frames), frames[0].width, frames[0].height)
        scale = (budget / len(data)) ** 0.5
        limit = max(2, min(limit // 2, int(limit * scale)))
        w = max(320, int(w * max(0.7, scale)))
    raise ValueError(f"recap does not fit in {budget} bytes")


def nice_tick(span: float, count: int = 6) -> int:
    """A round step (1, 2, 5 × 10^k) giving about ``count`` ticks over ``span``."""
    raw = max(1.0, span / count)
    magnitude = 10 ** max(0, len(str(int(raw))) - 1)
    return int(next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw))


def place_labels(marks: Sequence[tuple[float, float]], gap: float = 8) -> list[int]:
    """For labels ``(x, width)`` in left-to-right order, the row each goes in: the first row where it does
    not overlap a label already placed (so "end of round 4" and "final scoring" never run together)."""
    rows: list[float] = []  # the right edge of the last label in each row
    out = []
    for x, w in marks:
        row = next((r for r, end in enumerate(rows) if x >= end + gap), len(rows))
        if row == len(rows):
            rows.append(x + w)
        else:
            rows[row] = x + w
        out.append(row)
    return out


def score_chart(names: Sequence[str], series: Sequence[Sequence[int]], marks: Sequence[tuple[int, str]] = (),
                *, title: str = "", x_label: str = "", width: int = 1200, height: int = 700,
                final: Sequence[int] | None = None, final_label: str = "") -> bytes:
    """A PNG line chart: ``series[seat][i]`` is the seat's score after move ``i`` (all the same length);
    ``marks`` are ``(move, label)`` of the scoring rounds, drawn as labelled vertical lines, their labels in
    as many rows as needed so that none overlaps another. The x axis is numbered in moves.

    ``final``: the scores after the final scoring, shown in a column of their own right of the game (its
    own scale, headed ``final_label``), so that a big final jump (Luxor scores almost everything at the
    end) does not squash the game before it into the bottom of the chart. The legend lists the final
    scores (``final``, else each series' last value), highest first."""
    if not series or any(len(s) != len(series[0]) for s in series):
        raise ValueError("series must be non-empty and of equal length")
    if final is not None and len(final) != len(series):
        raise ValueError("final must give one score per series")
    steps = len(series[0])
    img = Image.new("RGB", (width, height), WHITE)
    draw = ImageDraw.Draw(img)
    legend_w = 250
    column_w = 160 if final is not None else 0
    left, right, bottom = 90, width - legend_w - column_w - 20, height - 80
    label_size, label_row = 16, 20
    # the scoring-round labels: right of their line, or left of it where the plot ends; rows as needed
    placed: list[tuple[float, float, str, bool]] = []
    for step, label in marks:
        x = left + (right - left) * (min(max(step, 0), steps - 1) / max(1, steps - 1))
        w = min(text_length(label, label_size), 220.0)
        flip = x + 4 + w > right  # would run into the final column or the legend: write it left of the line
        placed.append((x - 4 - w if flip else x + 4, w, label, flip))
    order = sorted(range(len(placed)), key=lambda k: placed[k][0])
    rows_of = place_labels([(placed[k][0], placed[k][1]) for k in order])
    row = {k: r for k, r in zip(order, rows_of, strict=True)}
    n_rows = max(rows_of, default=-1) + 1
    top = 70 + n_rows * label_row
    lo = min(0, *(min(s) for s in series))
    hi = max(1, *(max(s) for s in series))
    span = hi - lo

    def x_of(i: int) -> float:
        return left + (right - left) * (i / max(1, steps - 1))

    def y_of(v: float) -> float:
        return bottom - (bottom - top) * ((v - lo) / span)

    if title:
        put_text(img, (left, 22), title, 28, bold=True, max_width=width - left - 20)
    # grid and y labels: about six round steps
    tick = nice_tick(span)
    v = -(-lo // tick) * tick  # the first tick at or above the lowest score (none below the axis)
    while v <= hi:
        y = y_of(v)
        draw.line((left, y, right, y), fill=(225, 225, 225), width=1)
        label = str(v)
        put_text(img, (left - 12 - text_length(label, 18), y - 11), label, 18, fill=(90, 90, 90))
        v += tick
    draw.line((left, top, left, bottom), fill=INK, width=2)
    draw.line((left, y_of(max(lo, 0)), right, y_of(max(lo, 0))), fill=INK, width=2)
    # x axis: moves, numbered
    draw.line((left, bottom, right, bottom), fill=(150, 150, 150), width=1)
    xtick = nice_tick(max(1, steps - 1), 10)
    for i in range(0, steps, xtick):
        x = x_of(i)
        draw.line((x, bottom, x, bottom + 6), fill=(90, 90, 90), width=2)
        put_text(img, (x - text_length(str(i), 16) / 2, bottom + 9), str(i), 16, fill=(90, 90, 90))
    if x_label:
        put_text(img, ((left + right) / 2 - text_length(x_label, 18) / 2, bottom + 36), x_label, 18,
                 fill=(90, 90, 90))
    for k, (step, _) in enumerate(marks):
        x = x_of(min(max(step, 0), steps - 1))
        for y0 in range(top, bottom, 14):
            draw.line((x, y0, x, min(y0 + 7, bottom)), fill=(150, 150, 150), width=2)
        lx, w, label, _flip = placed[k]
        put_text(img, (lx, 66 + row[k] * label_row), label, label_size, fill=(90, 90, 90), max_width=w)
    every = max(1, steps // 12)
    for seat, values in enumerate(series):
        colour = player_colour(seat)
        points = [(x_of(i), y_of(val)) for i, val in enumerate(values)]
        if len(points) > 1:
            draw.line(points, fill=colour, width=4, joint="curve")
        for i in list(range(0, steps, every)) + [steps - 1]:
            paste_marker(img, seat, points[i][0], points[i][1], 16)
    ends = list(final) if final is not None else [s[-1] for s in series]
    if final is not None:
        _final_column(img, draw, series, ends, right + 20, right + column_w, top, bottom, final_label)
    # legend: marker, name, final score (highest first)
    legend_x = width - legend_w
    for n, seat in enumerate(sorted(range(len(series)), key=lambda s: -ends[s])):
        y = top + 10 + n * 44
        paste_marker(img, seat, legend_x + 20, y + 12, 24)
        put_text(img, (legend_x + 40, y), f"{ends[seat]}", 22, bold=True)
        put_text(img, (legend_x + 100, y), names[seat] if seat < len(names) else "?", 20, max_width=legend_w - 110)
    return encode_png(img)


def _final_column(img: Image.Image, draw: ImageDraw.ImageDraw, series: Sequence[Sequence[int]], final: Sequence[int],
                  x0: float, x1: float, top: float, bottom: float, label: str) -> None:
    """The final scores on a scale of their own, set apart from the game by a broken-axis gap (two slanted
    strokes) and headed by ``label``."""
    draw.rectangle((x0, top, x1, bottom), fill=(246, 246, 246))
    for dx in (0, 8):
        draw.line((x0 - 14 + dx, bottom + 8, x0 - 6 + dx, bottom - 8), fill=INK, width=2)
    if label:
        put_text(img, (x0 + 4, top - 22), label, 15, bold=True, fill=(60, 60, 60), max_width=x1 - x0 - 4)
    lo, hi = min(0, *final), max(1, *final)
    span = hi - lo

    def y_of(v: float) -> float:
        return bottom - 10 - (bottom - top - 20) * ((v - lo) / span)

    for seat, v in enumerate(final):
        cx = x0 + 18 + 26 * (seat % 3)
        paste_marker(img, seat, cx, y_of(v), 18)
        put_text(img, (cx + 12, y_of(v) - 9), str(v), 14, bold=True, fill=player_colour(seat))
