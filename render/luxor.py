"""Board images for Luxor.

Two entry points, both pure (safe in a worker thread):

* :func:`render_public` — the board everyone sees: the whole path from the
  stairs to the tomb (every tile: treasure type, requirement and VP; temple
  tile faces; Horus eyes and key; Osiris values; Anubis statues with the
  adventurers lying there), the printed scarab value and temple icon of each
  space, every adventurer in its seat colour AND shape, the tomb with the
  sarcophagi still in it and the spent keys, the top card and size of each
  Horus stack, the temple stacks, draw and discard piles, the supply, the
  card and die roll of the current turn, the score track, one panel per
  player (treasures by type, wilds, keys, scarab count, hand size,
  sarcophagi, adventurer states) and, at the end, the final scoring table.
* :func:`render_private` — one player's hand in its fixed order (left end …
  right end, with which ends are playable) and their scarab values.

Both take the typed views of ``engines/luxor`` (``PublicView``, ``PrivateView``;
format in the docstring of ``engines/luxor/views.py``) and return PNG bytes; they
read nothing else of the engine. ``render_public`` reads only the public view.
Tiles and cards are drawn by :mod:`render.luxor_pieces`. Colour is never the only
carrier of information: seats have a shape, treasure types a pictogram, temple
backs a pictogram.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from engines.luxor.views import AdvRef, CardView, PrivateView, PublicView, ScarabView
from render.common import (
    INK,
    WHITE,
    Colour,
    clean_name,
    draw_text,
    encode_png,
    fit_font,
    font,
    marker,
    mix,
    player_shape,
    rgb,
    rounded_box,
)
from render.i18n import has_key, t
from render.luxor_icons import BACK_COLOURS, GOLD, GOLD_DARK, die_face, icon
from render.luxor_pieces import HIGHLIGHT, card_back, card_image, card_key, paste, tile_image, tile_key, tr, wrap2
from render.phone import mark_box

# --------------------------------------------------------------------------- constants

WIDTH = 1280
MARGIN = 16
INNER = WIDTH - 2 * MARGIN

COLS = 9  # 45 places (stairs, 43 spaces, tomb) in 5 rows, boustrophedon
ROWS = 5
CELL_W = 128
GAP_X = (INNER - COLS * CELL_W) // (COLS - 1)  # 12
CELL_H = 156
GAP_Y = 18
HEAD_H = 26  # printed strip of a cell: number, temple icon, scarab value
TILE_H = 64
ADV_SIZE = 25  # adventurer markers on the path

BG = rgb("#efe3c8")
PANEL_BG = rgb("#fbf6ea")
PANEL_EDGE = rgb("#b59a6a")
SUBTLE = rgb("#6a5638")
FLOOR = rgb("#e3cf9f")
FLOOR_EDGE = rgb("#8c7149")
STRETCH_TINTS = (rgb("#cdb27a"), rgb("#bfa168"))
ANUBIS_FLOOR = rgb("#cbbb98")
ROAD = rgb("#c9ae78")
TOMB_BG = rgb("#3b2a1a")
TOMB_INK = rgb("#f6e7b0")

#: The view names seat colours after the game's pieces; drawn in Okabe–Ito hues
#: (distinguishable by most colour-blind people) and always with the seat's shape.
SEAT_COLOURS: dict[str, Colour] = {
    "red": rgb("#D55E00"),
    "green": rgb("#009E73"),
    "blue": rgb("#0072B2"),
    "yellow": rgb("#F0E442"),
}
TYPES = ("vase", "statue", "jewelry")
BACKS = ("cobra", "falcon", "lion")


# --------------------------------------------------------------------------- seats


def _seat_colour(view: PublicView, seat: int) -> Colour:
    return SEAT_COLOURS[view["seats"][seat]["colour"]]


def _seat_marker(view: PublicView, seat: int, size: int) -> Image.Image:
    return marker(player_shape(seat), _seat_colour(view, seat), int(size), INK)


@lru_cache(maxsize=64)
def _lying_marker(shape: str, colour: Colour, size: int) -> Image.Image:
    """A marker squashed flat: an adventurer lying at an Anubis statue."""
    m = marker(shape, colour, size * 2, INK)
    return m.resize((size, max(6, round(size * 0.58))), Image.Resampling.LANCZOS)


def _names(names: Sequence[str], n: int, locale: str) -> list[str]:
    out = []
    for i in range(n):
        raw = names[i] if i < len(names) and names[i] is not None else ""
        out.append(clean_name(str(raw), tr("seat", locale, n=i + 1)))
    return out


# --------------------------------------------------------------------------- geometry


def _place_xy(k: int) -> tuple[int, int]:
    """Top-left corner (relative to the board) of place ``k`` (0 stairs … 44 tomb)."""
    row, col = divmod(k, COLS)
    if row % 2:
        col = COLS - 1 - col
    return col * (CELL_W + GAP_X), row * (CELL_H + GAP_Y)


BOARD_H = ROWS * CELL_H + (ROWS - 1) * GAP_Y


# --------------------------------------------------------------------------- static board


#: what the board prints per path space: kind, temple icon, Horus eyes, scarab value, stretch (the cache key of the board)
Printed = tuple[tuple[str, str | None, int | None, int, int], ...]


def _printed_key(view: PublicView) -> Printed:
    return tuple((s["kind"], s["temple_icon"], s["horus_eyes"], s["scarab_vp"], s["stretch"]) for s in view["path"])


def _arrow(d: ImageDraw.ImageDraw, cx: float, cy: float, direction: str, size: float, fill: Colour) -> None:
    s = size
    if direction == "right":
        pts = [(cx - s * 0.5, cy - s * 0.7), (cx + s * 0.6, cy), (cx - s * 0.5, cy + s * 0.7)]
    elif direction == "left":
        pts = [(cx + s * 0.5, cy - s * 0.7), (cx - s * 0.6, cy), (cx + s * 0.5, cy + s * 0.7)]
    else:  # down
        pts = [(cx - s * 0.7, cy - s * 0.5), (cx + s * 0.7, cy - s * 0.5), (cx, cy + s * 0.6)]
    d.polygon(pts, fill=fill)


@lru_cache(maxsize=16)
def _board_bg(printed: Printed, tomb_vp: int, locale: str) -> Image.Image:
    """The printed board: road, cells, numbers, scarab values, temple icons, statues, stairs, tomb frame."""
    img = Image.new("RGB", (INNER, BOARD_H), BG)
    d = ImageDraw.Draw(img)
    # the road behind the cells, and direction arrows in the gaps
    centres = []
    for k in range(45):
        x, y = _place_xy(k)
        centres.append((x + CELL_W / 2, y + CELL_H / 2))
    d.line(centres, fill=ROAD, width=44, joint="curve")
    for k in range(44):
        (x0, y0), (x1, y1) = centres[k], centres[k + 1]
        if abs(y1 - y0) > 1:
            _arrow(d, x0, y0 + CELL_H / 2 + GAP_Y / 2, "down", 8, FLOOR_EDGE)
        else:
            _arrow(d, (x0 + x1) / 2, y0, "right" if x1 > x0 else "left", 8, FLOOR_EDGE)
    f_num = font(18, True)
    scarab18 = icon("scarab", 18)
    for k in range(45):
        x, y = _place_xy(k)
        box = (x, y, x + CELL_W - 1, y + CELL_H - 1)
        if k == 44:  # the tomb
            rounded_box(d, box, 10, fill=TOMB_BG, outline=GOLD, width=3)
            draw_text(d, (x + 8, y + 4), tr("tomb", locale), f_num, TOMB_INK, max_width=CELL_W - 52)
            paste(img, scarab18, x + CELL_W - 46, y + 4)
            draw_text(d, (x + CELL_W - 8, y + 3), str(tomb_vp), f_num, TOMB_INK, anchor="ra")
            continue
        spec = printed[k - 1] if 1 <= k <= len(printed) else None
        kind = spec[0] if spec else ("stairs" if k == 0 else "treasure")
        floor = ANUBIS_FLOOR if kind == "anubis" else FLOOR
        rounded_box(d, box, 10, fill=floor, outline=FLOOR_EDGE, width=2)
        stretch = spec[4] if spec else 0
        tint = STRETCH_TINTS[stretch % 2]
        d.rounded_rectangle((x + 2, y + 2, x + CELL_W - 3, y + HEAD_H), radius=8, fill=tint)
        d.rectangle((x + 2, y + HEAD_H - 8, x + CELL_W - 3, y + HEAD_H), fill=tint)
        if k == 0:
            draw_text(d, (x + 8, y + 3), tr("stairs", locale), f_num, INK, max_width=CELL_W - 16)
            paste(img, icon("stairs", 40), x + CELL_W / 2 - 20, y + HEAD_H + 14)
            continue
        draw_text(d, (x + 7, y + 3), str(k), f_num, INK)
        vp = spec[3] if spec else 0
        paste(img, scarab18, x + CELL_W - 24 - 9 * len(str(vp)), y + 4)
        draw_text(d, (x + CELL_W - 6, y + 3), str(vp), f_num, INK, anchor="ra")
        temple = spec[1] if spec else None
        if temple in BACK_COLOURS:
            paste(img, icon(temple, 22), x + CELL_W / 2 - 14, y + 2)
        if kind == "anubis":
            paste(img, icon("anubis", 60), x + CELL_W / 2 - 30, y + HEAD_H + 5)
    return img


# --------------------------------------------------------------------------- dynamic board parts


def _draw_adventurers(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, advs: list[AdvRef], x: int, y: int,
                      w: int, h: int, lying: bool = False, ink: Colour = INK) -> None:
    """Adventurers ``[[seat, idx], …]`` in the box; one marker each, grouped by seat; counts if too many."""
    counts = Counter(seat for seat, _idx in advs)
    if not counts:
        return
    seats = sorted(counts)
    size = 27 if lying else ADV_SIZE
    step = size + 1
    per_row = max(1, (w + 1) // step)
    total = sum(counts.values())
    rows_avail = max(1, (h + 2) // (size + 2))
    if total <= per_row * rows_avail:
        items = [s for s in seats for _ in range(counts[s])]
        rows = [items[i:i + per_row] for i in range(0, len(items), per_row)]
        for r, row in enumerate(rows):
            x0 = x + (w - len(row) * step + 2) / 2
            yy = y + r * (size + 2)
            for i, s in enumerate(row):
                if lying:
                    m = _lying_marker(player_shape(s), _seat_colour(view, s), size)
                    paste(img, m, x0 + i * step, yy + (size - m.height) / 2)
                else:
                    paste(img, _seat_marker(view, s, size), x0 + i * step, yy)
        return
    # grouped: marker + ×n, two groups per row
    f = font(18, True)
    gw = w // 2
    for i, s in enumerate(seats):
        gx = x + (i % 2) * gw
        gy = y + (i // 2) * (size + 2)
        paste(img, _seat_marker(view, s, size), gx + 2, gy)
        d.text((gx + size + 4, gy + size / 2), f"×{counts[s]}", font=f, fill=ink, anchor="lm")


def _draw_board(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, locale: str, ox: int, oy: int) -> None:
    tomb = view["tomb"]
    bg = _board_bg(_printed_key(view), tomb["scarab_vp"], locale)
    img.paste(bg, (ox, oy))
    one_less = view["turn"]["one_less_pos"]
    tw, th = CELL_W - 12, TILE_H
    adv_y = HEAD_H + 6 + TILE_H + 4
    adv_h = CELL_H - adv_y - 3
    for sp in view["path"]:
        k = sp["pos"]
        x, y = _place_xy(k)
        x += ox
        y += oy
        key = tile_key(sp["tile"], one_less == k)
        if key is not None:
            paste(img, tile_image(key, tw, th), x + 6, y + HEAD_H + 6)
        elif sp["kind"] == "treasure":
            d.rounded_rectangle((x + 10, y + HEAD_H + 10, x + CELL_W - 11, y + HEAD_H + 2 + TILE_H), radius=8,
                                outline=mix(FLOOR, FLOOR_EDGE, 0.45), width=2)
        if sp["kind"] == "anubis":
            _draw_adventurers(img, d, view, sp["lying"], x + 6, y + adv_y + 4, CELL_W - 12, adv_h - 4, lying=True)
        _draw_adventurers(img, d, view, sp["adventurers"], x + 6, y + adv_y, CELL_W - 12, adv_h)
    # the last move: where its adventurers arrived and where a tile was taken
    lm = view["last_move"]
    if lm:
        for k in sorted({a[3] for a in lm["advs"]} | set(lm["taken"])):
            mx, my = _place_xy(min(max(k, 0), 44))
            mark_box(d, (ox + mx + 2, oy + my + 2, ox + mx + CELL_W - 3, oy + my + CELL_H - 3), 3)
    # stairs
    x, y = _place_xy(0)
    _draw_adventurers(img, d, view, view["stairs"]["adventurers"], ox + x + 6, oy + y + adv_y, CELL_W - 12, adv_h)
    # tomb: sarcophagi still there, spent keys, finished adventurers
    x, y = _place_xy(44)
    x += ox
    y += oy
    sy = y + HEAD_H + 6
    for i, vp in enumerate(tomb["sarcophagi"][:2]):
        sx = x + 6 + i * 38
        paste(img, icon("sarcophagus", 38), sx, sy)
        d.text((sx + 19, sy + 26), str(vp), font=font(17, True), fill=INK, anchor="mm")
    paste(img, icon("key", 40), x + CELL_W - 44, sy - 4)
    d.text((x + CELL_W - 24, sy + 34), f"×{tomb['key_space']}", font=font(18, True), fill=TOMB_INK, anchor="ma")
    _draw_adventurers(img, d, view, tomb["adventurers"], x + 6, y + HEAD_H + 66, CELL_W - 12,
                      CELL_H - HEAD_H - 70, ink=TOMB_INK)


# --------------------------------------------------------------------------- header


def _current_text(view: PublicView, locale: str) -> str:
    pend = view["pending"]
    key = f"luxor_render.pending.{pend['kind']}" if pend else ""
    return t(key, locale) if key and has_key(key) else ""


def _header(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, names: list[str], locale: str, y: int) -> int:
    h = 52
    rounded_box(d, (MARGIN, y, WIDTH - MARGIN - 1, y + h), 10, fill=TOMB_BG)
    f_title = font(30, True)
    x: float = MARGIN + 14
    d.text((x, y + h / 2), tr("title", locale), font=f_title, fill=GOLD, anchor="lm")
    x += f_title.getlength(tr("title", locale)) + 22
    f = font(22, True)
    rnd = tr("round", locale, n=view["round"])
    d.text((x, y + h / 2), rnd, font=f, fill=TOMB_INK, anchor="lm")
    x += f.getlength(rnd) + 24
    right: float = WIDTH - MARGIN - 14
    status = None
    if view["over"]:
        status = (tr("game_over", locale), rgb("#f6e7b0"), rgb("#7a1d14"))
    elif view["end_triggered"]:
        status = (tr("last_round", locale), WHITE, HIGHLIGHT)
    if status:
        fs = font(20, True)
        tw = fs.getlength(status[0])
        rounded_box(d, (right - tw - 20, y + 10, right, y + h - 10), 8, fill=status[2])
        d.text((right - 10, y + h / 2), status[0], font=fs, fill=status[1], anchor="rm")
        right -= tw + 34
    final = view["final"]
    if final is not None and final["winners"]:
        _winners(img, d, view, final["winners"], names, x, right, y, h)
        return y + h
    pend = view["pending"]
    seat = pend["seat"] if pend else view["current"]
    if seat is not None and not view["over"]:
        paste(img, _seat_marker(view, seat, 30), x, y + (h - 30) / 2)
        x += 38
        action = _current_text(view, locale)
        fn = font(22, True)
        name_w = min(fn.getlength(names[seat]), (right - x) * (0.55 if action else 1.0))
        draw_text(d, (x, y + h / 2), names[seat], fn, WHITE, anchor="lm", max_width=name_w + 1)
        x += name_w + 12
        if action:
            draw_text(d, (x, y + h / 2), action, font(20), TOMB_INK, anchor="lm", max_width=right - x)
    return y + h


def _winners(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, winners: list[int], names: list[str],
             x: float, right: float, y: int, h: int) -> None:
    """The header at the end: a crown, then each winner's marker and name."""
    paste(img, icon("crown", 30), x, y + (h - 30) / 2 - 2)
    x += 38
    for w in winners:
        if x > right - 80:
            break
        paste(img, _seat_marker(view, w, 26), x, y + (h - 26) / 2)
        x += 32
        fn = font(22, True)
        x += draw_text(d, (x, y + h / 2), names[w], fn, WHITE, anchor="lm", max_width=right - x) + 16


# --------------------------------------------------------------------------- info band (stacks, piles, supply, turn)


INFO_H = 186
MINI_W, MINI_H = 92, 126


def _section(d: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, title: str) -> None:
    rounded_box(d, (x, y, x + w - 1, y + h - 1), 10, fill=PANEL_BG, outline=PANEL_EDGE, width=2)
    draw_text(d, (x + 10, y + 6), title, fit_font(title, w - 20, 18, 14, True), SUBTLE, max_width=w - 20)


def _info_band(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, locale: str, y: int) -> int:
    """Horus stacks, temple stacks, draw and discard piles, supply, and what happened this turn."""
    gap = 10
    widths = [3 * (MINI_W + 10) + 14, 176, 2 * (MINI_W + 10) + 24, 150]
    widths.append(INNER - sum(widths) - gap * len(widths))
    sections = (_horus_section, _temple_section, _piles_section, _supply_section, _turn_section)
    x = MARGIN
    for section, w in zip(sections, widths, strict=True):
        section(img, d, view, locale, x, y, w)
        x += w + gap
    return y + INFO_H


def _horus_section(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, locale: str, x: int, y: int, w: int) -> None:
    _section(d, x, y, w, INFO_H, tr("horus_cards", locale))
    top = y + 32
    for i, lvl in enumerate(("1", "2", "3")):
        stack = view["horus_stacks"][lvl]
        cx = x + 12 + i * (MINI_W + 10)
        card = stack["top"]
        if card is not None:
            paste(img, card_image(card_key(card), MINI_W, MINI_H, locale), cx, top)
        else:
            d.rounded_rectangle((cx, top, cx + MINI_W - 1, top + MINI_H - 1), radius=8, outline=PANEL_EDGE, width=2)
            es = 28
            for j in range(int(lvl)):
                paste(img, icon("eye", es), cx + (MINI_W - int(lvl) * es) / 2 + j * es, top + MINI_H / 2 - es / 2)
        d.text((cx + MINI_W - 2, top + MINI_H + 2), f"×{stack['count']}", font=font(18, True), fill=INK, anchor="ra")


def _temple_section(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, locale: str, x: int, y: int, w: int) -> None:
    _section(d, x, y, w, INFO_H, tr("temple_tiles", locale))
    for i, back in enumerate(BACKS):
        ry = y + 32 + 4 + i * 44
        paste(img, icon(back, 36), x + 12, ry)
        d.text((x + 56, ry + 18), f"×{view['temple_stacks'][back]}", font=font(22, True), fill=INK, anchor="lm")


def _piles_section(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, locale: str, x: int, y: int, w: int) -> None:
    _section(d, x, y, w, INFO_H, tr("cards", locale))
    top = y + 32
    paste(img, card_back(MINI_W, MINI_H), x + 12, top)
    lab = tr("draw", locale, n=view["draw_count"])
    d.text((x + 12 + MINI_W / 2, top + MINI_H + 2), lab, font=fit_font(lab, MINI_W + 12, 18, 13, True), fill=INK,
           anchor="ma")
    discard = view["discard"]
    dx = x + 12 + MINI_W + 14
    if discard:
        paste(img, card_image(card_key(discard[-1]), MINI_W, MINI_H, locale), dx, top)
    else:
        d.rounded_rectangle((dx, top, dx + MINI_W - 1, top + MINI_H - 1), radius=8, outline=PANEL_EDGE, width=2)
    lab = tr("discard", locale, n=len(discard))
    d.text((dx + MINI_W / 2, top + MINI_H + 2), lab, font=fit_font(lab, MINI_W + 12, 18, 13, True), fill=INK,
           anchor="ma")


def _supply_section(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, locale: str, x: int, y: int, w: int) -> None:
    _section(d, x, y, w, INFO_H, tr("supply", locale))
    sup = view["supply"]
    for i, (ic, val) in enumerate((("key", sup["keys"]), ("wild", sup["wilds"]), ("scarab", sup["scarabs"]))):
        ry = y + 32 + 4 + i * 44
        paste(img, icon(ic, 36), x + 14, ry)
        d.text((x + 60, ry + 18), f"×{val}", font=font(22, True), fill=INK, anchor="lm")


def _turn_section(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, locale: str, x: int, y: int, w: int) -> None:
    """The card and roll of this turn (the current player's), a stall, the lowered treasure."""
    _section(d, x, y, w, INFO_H, tr("this_turn", locale))
    top = y + 32
    turn = view["turn"]
    card = turn["card"]
    cx = x + 12
    if card:
        paste(img, card_image(card_key(card), MINI_W, MINI_H, locale), cx, top)
        end = turn["end"]
        if end is not None:
            d.text((cx + MINI_W / 2, top + MINI_H + 2), t(f"luxor.side.{end}", locale), font=font(18), fill=INK,
                   anchor="ma")
        cx += MINI_W + 14
    roll = turn["roll"]
    if roll:
        paste(img, die_face(roll, 52), cx, top + 6)
        d.text((cx + 26, top + 64), tr("rolled", locale, n=roll), font=font(18), fill=INK, anchor="ma")
        cx += 70
    notes = []
    if turn["stall"]:
        notes.append(tr("stall", locale))
    olp = turn["one_less_pos"]
    if olp and any(sp["pos"] == olp and sp["tile"] is not None and sp["tile"]["kind"] == "treasure" for sp in view["path"]):
        notes.append(tr("one_less_at", locale, n=olp))
    if not card and not roll:  # only this turn's card and roll: an earlier player's roll is not shown here (#20)
        notes.append(tr("nothing_yet", locale))
    ny = top + 4
    fn = font(18)
    for n in notes:
        for line in wrap2(n, fn, x + w - cx - 10):
            draw_text(d, (cx, ny), line, fn, HIGHLIGHT, max_width=x + w - cx - 10)
            ny += 24


# --------------------------------------------------------------------------- score track

TRACK_CELL = 24
TRACK_ROW_H = 76


def _spread(xs: list[float], gap: float, lo: float, hi: float) -> list[float]:
    """Positions as close to ``xs`` (sorted) as possible, at least ``gap`` apart, inside ``lo … hi``."""
    out = list(xs)
    for i in range(1, len(out)):
        out[i] = max(out[i], out[i - 1] + gap)
    if out and out[-1] > hi:
        out[-1] = hi
        for i in range(len(out) - 2, -1, -1):
            out[i] = min(out[i], out[i + 1] - gap)
    if out and out[0] < lo:
        out[0] = lo
        for i in range(1, len(out)):
            out[i] = max(out[i], out[i - 1] + gap)
    return out


@lru_cache(maxsize=8)
def _track_bg(locale: str) -> Image.Image:
    h = 32 + 2 * TRACK_ROW_H
    img = Image.new("RGB", (INNER, h), BG)
    d = ImageDraw.Draw(img)
    rounded_box(d, (0, 0, INNER - 1, h - 1), 10, fill=PANEL_BG, outline=PANEL_EDGE, width=2)
    draw_text(d, (10, 6), tr("score_track", locale), font(18, True), SUBTLE)
    x0 = (INNER - 50 * TRACK_CELL) // 2
    f = font(16, True)
    for row in range(2):
        sy = 32 + row * TRACK_ROW_H + 30
        for i in range(50):
            v = row * 50 + i
            x = x0 + i * TRACK_CELL
            fill = rgb("#cdb27a") if v % 10 == 0 else (rgb("#e7d7b0") if v % 5 == 0 else rgb("#f3e8cc"))
            d.rectangle((x, sy, x + TRACK_CELL - 1, sy + 20), fill=fill, outline=FLOOR_EDGE)
            if v % 10 == 0 or v % 5 == 0:
                d.text((x + TRACK_CELL / 2, sy + 22), str(v), font=f if v % 10 == 0 else font(14), fill=INK, anchor="ma")
    return img


def _score_track(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, locale: str, y: int) -> int:
    seats = view["seats"]
    bg = _track_bg(locale)
    img.paste(bg, (MARGIN, y))
    x0 = MARGIN + (INNER - 50 * TRACK_CELL) // 2
    size = 22
    rows: dict[int, list[tuple[float, int]]] = {0: [], 1: []}
    for s, p in enumerate(seats):
        v = p["score"] % 100
        row, i = divmod(v, 50)
        rows[row].append((x0 + i * TRACK_CELL + TRACK_CELL / 2, s))
    for row, items in rows.items():
        if not items:
            continue
        items.sort()
        xs = _spread([c for c, _ in items], size + 2, x0 + size / 2, x0 + 50 * TRACK_CELL - size / 2)
        sy = y + 32 + row * TRACK_ROW_H + 30
        my = sy - size - 6
        for (cx, s), mx in zip(items, xs, strict=True):
            d.line((mx, my + size, cx, sy + 1), fill=INK, width=2)
            d.rectangle((cx - TRACK_CELL / 2, sy, cx + TRACK_CELL / 2 - 1, sy + 20), outline=INK, width=3)
            paste(img, _seat_marker(view, s, size), mx - size / 2, my)
    return y + bg.height


# --------------------------------------------------------------------------- player panels


PANEL_H = 200


def _item(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, ic: Image.Image, text: str,
          f: ImageFont.FreeTypeFont) -> float:
    paste(img, ic, x, y)
    d.text((x + ic.width + 4, y + ic.height / 2), text, font=f, fill=INK, anchor="lm")
    return ic.width + 4 + f.getlength(text)


def _player_panel(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, seat: int, name: str, locale: str,
                  x: int, y: int, w: int, h: int) -> None:
    p = view["seats"][seat]
    on_turn = view["current"] == seat and not view["over"]
    col = _seat_colour(view, seat)
    rounded_box(d, (x, y, x + w - 1, y + h - 1), 10, fill=PANEL_BG, outline=col if on_turn else PANEL_EDGE,
                width=5 if on_turn else 2)
    d.rectangle((x + 6, y + 6, x + 11, y + h - 7), fill=col)
    ms = 30
    paste(img, _seat_marker(view, seat, ms), x + 18, y + 10)
    f_score = font(26, True)
    final = view["final"]
    # once over, the real total (track, positions, sets, scarabs …) is the large number, not the track (#20)
    score = str(final["scores"][seat] if final else p["score"])
    unit = tr("col.total", locale) if final else tr("vp", locale)
    sw = f_score.getlength(score)
    d.text((x + w - 12, y + 25), score, font=f_score, fill=INK, anchor="rm")
    d.text((x + w - 16 - sw, y + 26), unit, font=font(16), fill=SUBTLE, anchor="rm")
    tag = ""
    if view["start_player"] == seat:
        tag = tr("start_tag", locale)
    name_x = x + 18 + ms + 8
    max_name = x + w - 30 - sw - font(16).getlength(unit) - name_x
    fn = fit_font(name, max_name, 22, 16, True)
    draw_text(d, (name_x, y + 25), name, fn, INK, anchor="lm", max_width=max_name)
    yy = y + 48
    sub = []
    if on_turn:
        sub.append(tr("on_turn", locale))
    if tag:
        sub.append(tag)
    if sub:
        draw_text(d, (name_x, yy), " · ".join(sub), font(16, True), HIGHLIGHT if on_turn else SUBTLE, max_width=w - 70)
    yy = y + 72
    f = font(20, True)
    items = [(icon(t_, 30), f"{p['treasure_counts'][t_]}") for t_ in TYPES]
    items.append((icon("wild", 30), f"{p['wilds']}"))
    items2 = [
        (icon("key", 30), f"{p['keys']}"),
        (icon("scarab", 30), f"{p['scarabs']}"),
        (icon("cards", 30), f"{p['hand_size']}"),
    ]
    inner_w = w - 30
    for row_items, ry in ((items, yy), (items2, yy + 40)):
        cw = inner_w / 4
        for i, (ic, txt) in enumerate(row_items):
            _item(img, d, x + 20 + i * cw, ry, ic, txt, f)
    # sarcophagi on the 4th slot of the second row
    sx = x + 20 + 3 * (inner_w / 4)
    for i, vp in enumerate(p["sarcophagi"]):
        paste(img, icon("sarcophagus", 32), sx + i * 30, yy + 38)
        d.text((sx + i * 30 + 16, yy + 38 + 23), str(vp), font=font(15, True), fill=INK, anchor="mm")
    # adventurers: on path / lying / in the tomb
    states = Counter(a["state"] for a in p["adventurers"])
    n_active, n_lying, n_done = states["active"], states["lying"], states["finished"]
    ay = yy + 84
    ax: float = x + 20
    fa = font(18, True)
    m = _seat_marker(view, seat, 22)
    ax += _item(img, d, ax, ay, m, str(n_active), fa) + 16
    lm = _lying_marker(player_shape(seat), col, 26)
    paste(img, lm, ax, ay + (22 - lm.height) / 2)
    d.text((ax + 30, ay + 11), str(n_lying), font=fa, fill=INK, anchor="lm")
    ax += 30 + fa.getlength(str(n_lying)) + 16
    tb = _tomb_chip()
    ax += _item(img, d, ax, ay, tb, str(n_done), fa)


@lru_cache(maxsize=1)
def _tomb_chip() -> Image.Image:
    im = Image.new("RGBA", (22, 22), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, 21, 21), radius=4, fill=TOMB_BG, outline=GOLD, width=2)
    d.rectangle((7, 8, 14, 21), fill=GOLD)
    d.pieslice((7, 4, 14, 12), 180, 360, fill=GOLD)
    return im


def _players(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, names: list[str], locale: str, y: int) -> int:
    n = len(view["seats"])
    gap = 12
    cols = n if n <= 4 else 3
    w = (INNER - (cols - 1) * gap) // cols
    h = PANEL_H
    order = view["order"] or list(range(n))  # the order is set by C-03
    for i, s in enumerate(order):
        r, c = divmod(i, cols)
        _player_panel(img, d, view, s, names[s], locale, MARGIN + c * (w + gap), y + r * (h + gap), w, h)
    rows = (n + cols - 1) // cols
    return y + rows * h + (rows - 1) * gap


def _players_height(view: PublicView) -> int:
    n = len(view["seats"])
    cols = n if n <= 4 else 3
    rows = (n + cols - 1) // cols
    return rows * PANEL_H + (rows - 1) * 12


# --------------------------------------------------------------------------- final scoring

FINAL_COLS = ("track", "positions", "sarcophagi", "keys", "sets", "scarabs", "total")


def _final_height(view: PublicView) -> int:
    final = view["final"]
    if final is None:
        return 0
    return 40 + 34 * (1 + len(final["breakdown"]))


def _final(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, names: list[str], locale: str, y: int) -> int:
    final = view["final"]
    assert final is not None
    rows = final["breakdown"]
    h = _final_height(view)
    rounded_box(d, (MARGIN, y, WIDTH - MARGIN - 1, y + h - 1), 10, fill=PANEL_BG, outline=GOLD_DARK, width=3)
    winners = set(final["winners"])
    wn = ", ".join(names[s] for s in sorted(winners))
    title = tr("final", locale)
    f_t = font(20, True)
    d.text((MARGIN + 12, y + 8), title, font=f_t, fill=SUBTLE)
    if wn:
        paste(img, icon("crown", 24), MARGIN + 24 + f_t.getlength(title), y + 7)
        draw_text(d, (MARGIN + 54 + f_t.getlength(title), y + 8), tr("winners" if len(winners) > 1 else "winner", locale, names=wn), f_t, INK,
                  max_width=INNER - 80 - f_t.getlength(title))
    name_w = 280
    weights = {"track": 0.9, "positions": 1.1, "sarcophagi": 1.15, "keys": 0.8, "sets": 1.0, "scarabs": 1.75, "total": 0.9}
    unit = (INNER - 24 - name_w) / sum(weights.values())
    col_x: dict[str, tuple[float, float]] = {}
    acc: float = MARGIN + 12 + name_w
    for c in FINAL_COLS:
        col_x[c] = (acc + weights[c] * unit / 2, weights[c] * unit)
        acc += weights[c] * unit
    hy = y + 40
    for c in FINAL_COLS:
        cx, col_w = col_x[c]
        lab = tr(f"col.{c}", locale)
        draw_text(d, (cx, hy + 17), lab, fit_font(lab, col_w - 6, 18, 14, True), SUBTLE, anchor="mm", max_width=col_w - 6)
    f = font(20, False)
    fb = font(20, True)
    for i, r in enumerate(rows):
        ry = hy + 34 * (i + 1)
        s = r["seat"]
        if s in winners:
            d.rectangle((MARGIN + 6, ry, WIDTH - MARGIN - 7, ry + 33), fill=rgb("#f7e6a6"))
        paste(img, _seat_marker(view, s, 24), MARGIN + 14, ry + 5)
        draw_text(d, (MARGIN + 46, ry + 17), names[s], fb, INK, anchor="lm", max_width=name_w - 40)
        vals = {
            "track": str(r["track"]),
            "positions": str(r["positions"]),
            "sarcophagi": str(r["sarcophagi"]),
            "keys": str(r["keys"]),
            "sets": f"{r['sets']} → {r['set_vp']}",
            "scarabs": str(r["scarabs"]),
            "total": str(r["total"]),
        }
        sv = r["scarab_values"]
        if sv:
            vals["scarabs"] = f"{r['scarabs']} ({'+'.join(str(v) for v in sv)})"
        for c in FINAL_COLS:
            cx, col_w = col_x[c]
            ff = fb if c == "total" else f
            ff = fit_font(vals[c], col_w - 6, int(ff.size), 14, c == "total")
            d.text((cx, ry + 17), vals[c], font=ff, fill=INK, anchor="mm")
    return y + h


# --------------------------------------------------------------------------- public image


def render_public_image(view: PublicView, names: Sequence[str], locale: str = "en") -> Image.Image:
    nm = _names(names, len(view["seats"]), locale)
    gap = 12
    height = (MARGIN + 52 + gap + BOARD_H + gap + INFO_H + gap + (32 + 2 * TRACK_ROW_H) + gap + _players_height(view)
              + MARGIN)
    fh = _final_height(view)
    if fh:
        height += fh + gap
    img = Image.new("RGB", (WIDTH, height), BG)
    d = ImageDraw.Draw(img)
    y = _header(img, d, view, nm, locale, MARGIN) + gap
    _draw_board(img, d, view, locale, MARGIN, y)
    y += BOARD_H + gap
    y = _info_band(img, d, view, locale, y) + gap
    y = _score_track(img, d, view, locale, y) + gap
    if fh:
        y = _final(img, d, view, nm, locale, y) + gap
    _players(img, d, view, nm, locale, y)
    return img


def render_public(view: PublicView, names: list[str], locale: str = "en") -> bytes:
    """PNG of the public board (only the public view is read)."""
    return encode_png(render_public_image(view, names, locale))


# --------------------------------------------------------------------------- private image

HAND_W, HAND_H = 176, 240


def render_private_image(public_view: PublicView, private_view: PrivateView, names: Sequence[str],
                         locale: str = "en") -> Image.Image:
    me = private_view["me"]
    view = public_view
    nm = _names(names, len(view["seats"]), locale)
    seat = me["seat"]
    hand = me["hand"]
    playable = me["playable"]
    scarabs = me["scarabs"]
    height = 2 * MARGIN + 52 + 12 + HAND_H + 136
    img = Image.new("RGB", (WIDTH, height), BG)
    d = ImageDraw.Draw(img)
    _private_header(img, d, view, seat, nm, locale)
    y = MARGIN + 52 + 12
    scar_w = 270
    hand_w = INNER - scar_w - 12
    ph = height - y - MARGIN
    _hand_panel(img, d, view, hand, playable, locale, y, hand_w, ph)
    _scarab_panel(img, d, scarabs, locale, MARGIN + hand_w + 12, y, scar_w, ph)
    return img


def _private_header(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, seat: int, nm: list[str],
                    locale: str) -> None:
    """Whose hand this is, and what they are asked now."""
    y = MARGIN
    rounded_box(d, (MARGIN, y, WIDTH - MARGIN - 1, y + 52), 10, fill=TOMB_BG)
    paste(img, _seat_marker(view, seat, 32), MARGIN + 14, y + 10)
    title = tr("private_title", locale, name=nm[seat])
    draw_text(d, (MARGIN + 56, y + 26), title, font(24, True), WHITE, anchor="lm", max_width=INNER * 0.6)
    pend = view["pending"]
    if pend is not None and pend["seat"] == seat and not view["over"]:
        txt = _current_text(view, locale)
        if txt:
            draw_text(d, (WIDTH - MARGIN - 14, y + 26), tr("your_turn", locale, action=txt), font(20, True), GOLD,
                      anchor="rm", max_width=INNER * 0.38)


def _hand_panel(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, hand: list[CardView],
                playable: dict[str, bool], locale: str, y: int, hand_w: int, ph: int) -> None:
    """The hand in its fixed order; the two ends framed playable or not, the middle greyed."""
    rounded_box(d, (MARGIN, y, MARGIN + hand_w - 1, y + ph - 1), 10, fill=PANEL_BG, outline=PANEL_EDGE, width=2)
    draw_text(d, (MARGIN + 12, y + 8), tr("your_hand", locale), font(20, True), SUBTLE)
    n = len(hand)
    cy = y + 66
    if n == 0:
        draw_text(d, (MARGIN + 12, cy + 20), tr("no_cards", locale), font(20), INK)
    else:
        gap = 16
        total = n * HAND_W + (n - 1) * gap
        x0 = MARGIN + (hand_w - total) // 2
        fl = font(18, True)
        for i, c in enumerate(hand):
            cx = x0 + i * (HAND_W + gap)
            end = "L" if i == 0 else ("R" if i == n - 1 else None)
            card_img = card_image(card_key(c), HAND_W, HAND_H, locale)
            if end is not None and view["over"]:
                lab = tr("left_end" if end == "L" else "right_end", locale)
                draw_text(d, (cx, cy - 24), lab, fl, INK, anchor="lm", max_width=HAND_W)
                paste(img, card_img, cx, cy)
            elif end is not None:
                ok = playable[end]
                frame = rgb("#1e7b34") if ok else rgb("#a3231a")
                d.rounded_rectangle((cx - 5, cy - 5, cx + HAND_W + 4, cy + HAND_H + 4), radius=18, outline=frame, width=4)
                lab = tr("left_end" if end == "L" else "right_end", locale)
                paste(img, icon("check" if ok else "cross", 24), cx, cy - 36)
                draw_text(d, (cx + 30, cy - 24), lab, fl, INK, anchor="lm", max_width=HAND_W - 30)
                paste(img, card_img, cx, cy)
                st = tr("playable" if ok else "not_playable", locale)
                draw_text(d, (cx + HAND_W / 2, cy + HAND_H + 10), st, font(18, True), frame, anchor="ma",
                          max_width=HAND_W + gap)
            else:
                paste(img, card_img, cx, cy)
                # middle cards cannot be played yet
                overlay = Image.new("RGBA", card_img.size, (239, 227, 200, 90))
                paste(img, overlay, cx, cy)
        if n >= 3:
            mx = x0 + total / 2
            draw_text(d, (mx, cy + HAND_H + 40), "↑ " + tr("middle", locale) + " ↑", font(18), SUBTLE, anchor="ma",
                      max_width=total)


def _scarab_panel(img: Image.Image, d: ImageDraw.ImageDraw, scarabs: list[ScarabView], locale: str, sx: int, y: int,
                  scar_w: int, ph: int) -> None:
    """The player's scarabs with their values (secret until the end) and their total."""
    rounded_box(d, (sx, y, WIDTH - MARGIN - 1, y + ph - 1), 10, fill=PANEL_BG, outline=PANEL_EDGE, width=2)
    draw_text(d, (sx + 12, y + 8), tr("your_scarabs", locale), font(20, True), SUBTLE, max_width=scar_w - 24)
    if not scarabs:
        draw_text(d, (sx + 12, y + 50), tr("no_scarabs", locale), font(20), INK, max_width=scar_w - 24)
    else:
        per_row = 3
        cw = (scar_w - 24) / per_row
        size = 40
        rows = (len(scarabs) + per_row - 1) // per_row
        rh = min(58, (ph - 90) / max(1, rows))
        size = min(size, int(rh) - 6)
        fv = font(24 if size >= 30 else 18, True)
        for i, sc in enumerate(scarabs):
            r, col = divmod(i, per_row)
            ix = sx + 12 + col * cw
            iy = y + 44 + r * rh
            paste(img, icon("scarab", size), ix, iy)
            d.text((ix + size + 4, iy + size / 2), str(sc["vp"]), font=fv, fill=INK, anchor="lm")
        total = sum(sc["vp"] for sc in scarabs)
        txt = tr("scarab_total", locale, n=len(scarabs), vp=total)
        draw_text(d, (sx + 12, y + ph - 14), txt, fit_font(txt, scar_w - 24, 20, 15, True), INK, anchor="ls",
                  max_width=scar_w - 24)


def render_private(public_view: PublicView, private_view: PrivateView, names: list[str], locale: str = "en") -> bytes:
    """PNG of one player's hand (fixed order, playable ends) and scarab values."""
    return encode_png(render_private_image(public_view, private_view, names, locale))
