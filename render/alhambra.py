"""Board images for Alhambra.

Two entry points, both pure (safe in a worker thread):

* :func:`render_public` — the board everyone sees: market, money display, deck
  and bag, score track, every player's Alhambra (with walls, types, prices and
  coordinates), reserves, tiles waiting for placement, card counts (never
  values), scoring rounds done, the player on turn, the placement hint and the
  final result.
* :func:`render_private` — one player's hand (money by currency, totals) and the
  tiles they must place; sent only to that player.

Both take the typed views of ``engines/alhambra/views.py`` (``PublicView`` and
``PrivateView``; they hold everything drawn here) and return PNG bytes. Colour is never the only carrier of information: building types also
carry a letter (with a legend), currencies a letter, seats a shape.

Layout (1280 px wide, height grows with the grids): a header (turn, phase, who
is on turn, scoring rounds A/B/final), the market (space number, currency,
tile), the money display with deck/bag/discard counts, the score bars (points
of the last scoring round as "+n"), the type legend, the final result with the
last round's breakdown when the game is over, then one panel per player (2
columns for 2 or 4 panels, else 3; Dirk gets his own panel). A panel holds the
name and score, the number of money cards (never their values, unless the
``open_hands`` option puts them in the view), the longest wall, the type counts,
the Alhambra grid (cells scaled to fit, x/y coordinates relative to the
fountain, walls as thick dark bands, the outer wall drawn over the tile edges
from ``outer_walls``: segment ``[x1, y1, x2, y2]`` between lattice points, cell
``(x, y)`` spanning ``x…x+1``, ``y…y+1``), the legal cells of the ``hint``
labelled ``"x,y"``, the tiles to place (with their ids) and the reserve.

Speed: text is drawn from cached masks (:func:`render.common.put_text`), tiles,
cards and chips are cached images; a 4-player mid-game board renders in ~3–6 ms
and encodes in ~6–10 ms (the bot draws a real opening board at start-up to fill the caches).
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engines.alhambra.views import CardView, DirkView, HintView, PlayerView, PrivateView, PublicView, TileView
from render.common import (
    INK,
    WHITE,
    Colour,
    clean_name,
    encode_png,
    fit_size,
    font,
    ink_for,
    mix,
    paste_marker,
    player_colour,
    put_text,
    rgb,
    rounded_box,
    text_length,
    wrap_items,
)
from render.i18n import t
from render.phone import mark_box

# --------------------------------------------------------------------------- constants

WIDTH = 1280
MARGIN = 16
GAP = 14

BG = rgb("#efe6d6")
PANEL_BG = rgb("#fbf8f1")
PANEL_EDGE = rgb("#c8b696")
SUBTLE = rgb("#7a6a55")  # secondary text (still > 4.5:1 on the panel)
FAINT = rgb("#e4d9c6")  # empty grid cells
WALL = rgb("#2a1a0e")
HINT_FILL = rgb("#fff0a6")
HINT_EDGE = rgb("#b07800")
GOLD = rgb("#f4c542")
HEADER_BG = rgb("#3b2a1c")
HEADER_INK = rgb("#f3e9d6")
TITLE_INK = rgb("#4a3723")
ACTIVE_ROW = rgb("#fbe7a8")
BAR_BG = rgb("#e6dbc8")
STRIPE = rgb("#f1eadb")
DIRK_BG = rgb("#f3f1ec")

TYPES = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
TYPE_COLOURS: dict[str, Colour] = {
    "pavilion": rgb("#3a78c9"),
    "seraglio": rgb("#c63d35"),
    "arcades": rgb("#8a5828"),
    "chambers": rgb("#f6f3ea"),
    "garden": rgb("#267a34"),
    "tower": rgb("#7a4aa3"),
}
FOUNTAIN = rgb("#bfe2e6")
CURRENCIES = ("yellow", "green", "blue", "orange")
CURRENCY_COLOURS: dict[str, Colour] = {
    "yellow": rgb("#f3d03e"),
    "green": rgb("#5db25f"),
    "blue": rgb("#4d8fd6"),
    "orange": rgb("#ef8a2c"),
}
UNKNOWN = rgb("#9a9a9a")


def _tr(key: str, locale: str, **params: Any) -> str:
    return t("alhambra_render." + key, locale, **params)


# --------------------------------------------------------------------------- small data helpers


def _card(c: CardView) -> tuple[str, int]:
    """A money card as ``(currency, value)``."""
    return c["currency"], c["value"]


TileKey = tuple[str, str | None, int | None, str]


def _tile_key(tile: TileView) -> TileKey:
    return (tile["id"], tile["type"], tile["price"], tile["walls"])


def _tiles_to_place(pv: PlayerView) -> list[TileView]:
    """The seat's bought (or received) tiles; the hinted tile is always among them."""
    return list(pv["bought"])


def _names(names: Sequence[str], n: int, locale: str) -> list[str]:
    out = []
    for i in range(n):
        raw = names[i] if i < len(names) and names[i] is not None else ""
        out.append(clean_name(str(raw), _tr("seat", locale, n=i + 1)))
    return out


def _who_name(who: Any, names: list[str], locale: str) -> str:
    if who == "dirk" or who is None:
        return _tr("dirk", locale)
    try:
        return names[int(who)]
    except (ValueError, IndexError, TypeError):
        return str(who)


# --------------------------------------------------------------------------- cached glyphs


def _ink_box(im: Image.Image, text: str, size: int, bold: bool, fill: Colour, *, left: float | None = None,
             top: float | None = None, right: float | None = None, bottom: float | None = None) -> None:
    """Draw ``text`` so that its *ink* box touches the given edges (precise placement in tiles)."""
    f = font(size, bold)
    x0, y0, x1, y1 = f.getbbox(text, anchor="ls")
    if left is not None:
        x = left - x0
    else:
        assert right is not None
        x = right - x1
    if top is not None:
        y = top - y0
    else:
        assert bottom is not None
        y = bottom - y1
    ImageDraw.Draw(im).text((x, y), text, font=f, fill=fill, anchor="ls")


@lru_cache(maxsize=2048)
def tile_glyph(key: TileKey, size: int, locale: str) -> Image.Image:
    """A building tile (or fountain) as an RGB image ``size`` × ``size``: type colour,
    type letter (top left), price (bottom right), and its walls as thick dark bands on the edges."""
    _tid, ttype, price, walls = key
    fill = FOUNTAIN if ttype is None else TYPE_COLOURS.get(ttype, UNKNOWN)
    im = Image.new("RGB", (size, size), fill)
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, size - 1, size - 1), outline=mix(fill, INK, 0.45), width=max(1, size // 40))
    wt = max(3, round(size * 0.12))
    ink = ink_for(fill)
    if ttype is None:  # the lion fountain: concentric rings
        c = size / 2
        for r, col in ((size * 0.34, rgb("#5aa9b5")), (size * 0.24, FOUNTAIN), (size * 0.12, rgb("#2f7f8c"))):
            d.ellipse((c - r, c - r, c + r, c + r), fill=col)
    else:
        pad = wt + max(2, round(size * 0.06))
        abbr = _tr(f"abbr.{ttype}", locale) if ttype in TYPE_COLOURS else "?"
        _ink_box(im, abbr, max(11, round(size * 0.30)), True, ink, left=pad, top=pad)
        if price is not None:
            text = str(price)
            ps = fit_size(text, size - 2 * pad, max(12, round(size * 0.46)), 10, True)
            _ink_box(im, text, ps, True, ink, right=size - pad, bottom=size - pad)
    for side in walls:
        if side == "N":
            d.rectangle((0, 0, size - 1, wt - 1), fill=WALL)
        elif side == "S":
            d.rectangle((0, size - wt, size - 1, size - 1), fill=WALL)
        elif side == "W":
            d.rectangle((0, 0, wt - 1, size - 1), fill=WALL)
        elif side == "E":
            d.rectangle((size - wt, 0, size - 1, size - 1), fill=WALL)
    return im


@lru_cache(maxsize=512)
def money_glyph(currency: str, value: int, w: int, h: int, locale: str) -> Image.Image:
    """A money card (RGBA): currency colour, big value, currency letter in a corner."""
    fill = CURRENCY_COLOURS.get(currency, UNKNOWN)
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=max(4, w // 8), fill=fill, outline=mix(fill, INK, 0.55), width=2)
    ink = ink_for(fill)
    abbr = _tr(f"cur_abbr.{currency}", locale) if currency in CURRENCY_COLOURS else "?"
    _ink_box(im, abbr, max(12, round(h * 0.2)), True, ink, left=round(w * 0.13), top=round(h * 0.09))
    vs = fit_size(str(value), w * 0.84, max(14, round(h * 0.48)), 12, True)
    _ink_box(im, str(value), vs, True, ink, right=round(w * 0.87), bottom=round(h * 0.88))
    return im


@lru_cache(maxsize=64)
def card_back(w: int, h: int) -> Image.Image:
    """The back of a money card (hand counts: values are never shown)."""
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=max(3, w // 6), fill=rgb("#6d4c2f"), outline=rgb("#3b2818"), width=2)
    d.rounded_rectangle((4, 4, w - 5, h - 5), radius=max(2, w // 8), outline=rgb("#d9b77a"), width=1)
    return im


@lru_cache(maxsize=64)
def type_chip(ttype: str, size: int, locale: str) -> Image.Image:
    """A small rounded square in the type colour with the type letter (legends, counts)."""
    fill = TYPE_COLOURS.get(ttype, UNKNOWN)
    k = 3
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    ImageDraw.Draw(big).rounded_rectangle((0, 0, size * k - 1, size * k - 1), radius=5 * k, fill=fill,
                                          outline=mix(fill, INK, 0.4), width=k)
    im = big.resize((size, size), Image.Resampling.LANCZOS)
    abbr = _tr(f"abbr.{ttype}", locale) if ttype in TYPE_COLOURS else "?"
    ImageDraw.Draw(im).text((size / 2, size / 2), abbr, font=font(max(10, round(size * 0.62)), True),
                            fill=ink_for(fill), anchor="mm")
    return im


def _paste_rgba(img: Image.Image, glyph: Image.Image, x: float, y: float) -> None:
    img.paste(glyph, (round(x), round(y)), glyph)


# --------------------------------------------------------------------------- header, market, scores

HEADER_H = 56


def _header(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, names: list[str], locale: str, y: int) -> int:
    h = HEADER_H
    cy = y + h / 2
    d.rectangle((0, y, WIDTH, y + h), fill=HEADER_BG)
    x: float = MARGIN
    x += put_text(img, (x, cy), _tr("title", locale), 30, True, GOLD, "lm") + 18
    phase = view["phase"]
    phase_txt = _tr(f"phase.{phase}", locale) if phase else ""
    if phase_txt.startswith("alhambra_render."):
        phase_txt = phase
    sub = _tr("turn", locale, turn=view["turn"]) + (f" · {phase_txt}" if phase_txt else "")
    x += put_text(img, (x, cy + 2), sub, 21, False, HEADER_INK, "lm") + 22

    # scoring rounds: done ones filled, pending ones outlined
    done = set(view["scorings_done"])
    last = view["last_scoring"]
    if view["result"] or (last is not None and last["round"] == "final"):
        done.add("final")
    xr: float = WIDTH - MARGIN
    for rnd in ("final", "B", "A"):
        label = _tr(f"round.{rnd}", locale)
        bw = text_length(label, 19, True) + 22
        box = (xr - bw, y + 12, xr, y + h - 12)
        if rnd in done:
            rounded_box(d, box, 8, fill=GOLD)
            put_text(img, ((box[0] + box[2]) / 2, cy), label, 19, True, INK, "mm")
        else:
            rounded_box(d, box, 8, outline=rgb("#a89272"), width=2)
            put_text(img, ((box[0] + box[2]) / 2, cy), label, 19, True, rgb("#c9b48f"), "mm")
        xr -= bw + 8
    lab = _tr("scoring", locale) + ":"
    xr -= 4
    xr -= put_text(img, (xr, cy + 1), lab, 19, False, HEADER_INK, "rm") + 24

    # who is on turn
    active = view["active"]
    if active is not None and 0 <= active < len(names) and not view["result"]:
        tag = "▶ " + _tr("on_turn", locale)
        room = xr - x - text_length(tag, 19) - 44
        if room > 60:
            paste_marker(img, active, x + 13, cy, 26)
            nx: float = x + 32
            nx += put_text(img, (nx, cy + 1), names[active], 21, True, WHITE, "lm", max_width=room)
            put_text(img, (nx + 8, cy + 1), tag, 19, False, GOLD, "lm")
    return y + h


def _section_title(img: Image.Image, x: float, y: float, text: str, width: float | None = None) -> None:
    put_text(img, (x, y), text, 20, True, TITLE_INK, "la", max_width=width)


MARKET_W = 124
MARKET_H = 172
MARKET_TILE = 100
CARD_W, CARD_H = 64, 92


def _market(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, locale: str, x0: int, y0: int) -> tuple[int, int]:
    _section_title(img, x0, y0, _tr("market", locale))
    y = y0 + 30
    for i, sp in enumerate(view["market"]):
        x = x0 + i * (MARKET_W + 8)
        cur = sp["currency"]
        cc = CURRENCY_COLOURS.get(cur, UNKNOWN)
        rounded_box(d, (x, y, x + MARKET_W, y + MARKET_H), 10, fill=PANEL_BG, outline=mix(cc, INK, 0.35), width=3)
        d.rounded_rectangle((x, y, x + MARKET_W, y + 34), radius=10, fill=cc, corners=(True, True, False, False))
        ink = ink_for(cc)
        put_text(img, (x + 10, y + 17), str(sp["space"]), 20, True, ink, "lm")
        known = cur in CURRENCY_COLOURS
        put_text(img, (x + MARKET_W - 10, y + 17), _tr(f"cur_abbr.{cur}", locale) if known else "?", 20, True, ink, "rm")
        tile = sp["tile"]
        gs = MARKET_TILE
        gx, gy = x + (MARKET_W - gs) / 2, y + 34 + 8
        if tile is not None:
            img.paste(tile_glyph(_tile_key(tile), gs, locale), (round(gx), round(gy)))
            if sp["space"] in _last_move(view)["spaces"]:  # refilled after the last move bought it
                mark_box(d, (gx, gy, gx + gs - 1, gy + gs - 1), 3)
        else:
            d.rectangle((gx, gy, gx + gs, gy + gs), outline=FAINT, width=2)
            put_text(img, (x + MARKET_W / 2, gy + gs / 2), _tr("empty", locale), 17, False, SUBTLE, "mm",
                     max_width=gs - 8)
        cur_name = _tr(f"currency.{cur}", locale) if known else "?"
        room = MARKET_W - 10
        put_text(img, (x + MARKET_W / 2, y + MARKET_H - 14), cur_name, fit_size(cur_name, room, 18, 13), False,
                 INK, "mm", max_width=room)
    return x0 + 4 * MARKET_W + 3 * 8, y + MARKET_H


def _money(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, locale: str, x0: int, y0: int) -> tuple[int, int]:
    width = 4 * CARD_W + 3 * 10
    _section_title(img, x0, y0, _tr("money", locale), width)
    y = y0 + 30
    display = view["display"]
    for i in range(4):
        x = x0 + i * (CARD_W + 10)
        if i < len(display):
            cur, val = _card(display[i])
            _paste_rgba(img, money_glyph(cur, val, CARD_W, CARD_H, locale), x, y)
        else:
            rounded_box(d, (x, y, x + CARD_W, y + CARD_H), 8, outline=FAINT, width=2)
    yy = y + CARD_H + 12
    parts = [_tr("deck", locale, n=view["deck_count"]), _tr("bag", locale, n=view["bag_count"])]
    put_text(img, (x0, yy), "   ".join(parts), 19, False, INK, max_width=width)
    put_text(img, (x0, yy + 26), _tr("discard", locale, n=view["discard_count"]), 19, False, SUBTLE,
             max_width=width)
    return x0 + width, yy + 50


def _score_rows(view: PublicView) -> int:
    return len(view["players_view"]) + (1 if view["dirk"] else 0)


def _scores(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, names: list[str], locale: str,
            x0: int, y0: int, width: int) -> int:
    """The score track: one bar per player (and Dirk), with the points of the last scoring round."""
    _section_title(img, x0, y0, _tr("scores", locale), width)
    y = y0 + 32
    rows: list[tuple[int | None, str, int]] = []
    for p in view["players_view"]:
        s = p["seat"]
        rows.append((s, names[s] if s < len(names) else str(s), p["score"]))
    dirk = view["dirk"]
    if dirk:
        rows.append((None, _tr("dirk", locale), dirk["score"]))
    gains: dict[Any, int] = {}
    last = view["last_scoring"]
    if last:
        for r in last["rows"]:
            gains[r["who"]] = r["total"]
    top = max([s for _, _, s in rows] + [1])
    active = view["active"] if not view["result"] else None
    rh = 30 if len(rows) <= 5 else 27
    name_w = min(185, width * 0.42)
    gw = text_length("+00", 17) + 6
    sw = text_length("000", 20, True) + 6
    for seat, name, score in rows:
        cy = y + rh / 2
        if seat is not None and seat == active:
            rounded_box(d, (x0 - 4, y + 1, x0 + width, y + rh - 1), 6, fill=ACTIVE_ROW)
        paste_marker(img, seat, x0 + 11, cy, 22)
        put_text(img, (x0 + 28, cy), name, 19, False, INK, "lm", max_width=name_w)
        gain = gains.get("dirk" if seat is None else seat)
        bx0 = x0 + 32 + name_w + 6
        bx1 = x0 + width - sw - gw - 6
        if bx1 > bx0 + 10:
            d.rectangle((bx0, cy - 6, bx1, cy + 6), fill=BAR_BG)
            bw = (bx1 - bx0) * max(0, score) / top
            if bw > 0:
                d.rectangle((bx0, cy - 6, bx0 + bw, cy + 6), fill=player_colour(seat))
        put_text(img, (x0 + width - gw - 2, cy), str(score), 20, True, INK, "rm")
        if gain:
            put_text(img, (x0 + width, cy), f"+{gain}", 17, False, SUBTLE, "rm")
        y += rh
    return y


def _scores_height(view: PublicView) -> int:
    n = _score_rows(view)
    return 32 + n * (30 if n <= 5 else 27)


LEGEND_H = 30


def _legend(img: Image.Image, x0: int, y: int, width: int, locale: str) -> None:
    """The building types: colour chip, letter and name (the letters are on every tile)."""
    step = width / len(TYPES)
    for j, ttype in enumerate(TYPES):
        x = x0 + j * step
        _paste_rgba(img, type_chip(ttype, 26, locale), x, y)
        put_text(img, (x + 33, y + 13), _tr(f"type.{ttype}", locale), 19, False, INK, "lm", max_width=step - 40)


# --------------------------------------------------------------------------- result


def _result_height(view: PublicView) -> int:
    if not view["result"]:
        return 0
    h = 52 + 10
    last = view["last_scoring"]
    if last and last["rows"]:
        h += 36 + 32 * (len(last["rows"]) + 1) + 12 + 10
    return h


def _result(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, names: list[str], locale: str, y0: int) -> int:
    res = view["result"]
    if not res:
        return y0
    winners = [names[w] for w in res["winners"] if 0 <= w < len(names)]
    text = _tr("winner" if len(winners) == 1 else "winners", locale, names=", ".join(winners))
    scores = list(res["scores"])
    h = 52
    rounded_box(d, (MARGIN, y0, WIDTH - MARGIN, y0 + h), 10, fill=GOLD, outline=rgb("#9a7312"), width=2)
    x: float = MARGIN + 16
    x += put_text(img, (x, y0 + h / 2), "★ " + _tr("result", locale), 24, True, INK, "lm") + 24
    if scores:
        text += f" ({max(scores)})"
    put_text(img, (x, y0 + h / 2 + 1), text, 22, True, INK, "lm", max_width=WIDTH - MARGIN - 16 - x)
    y = y0 + h + 10

    last = view["last_scoring"]
    if not last or not last["rows"]:
        return y
    # the breakdown of the last (final) scoring round
    rows = last["rows"]
    rh = 32
    title_h = 36
    table_h = title_h + rh * (len(rows) + 1) + 12
    rounded_box(d, (MARGIN, y, WIDTH - MARGIN, y + table_h), 10, fill=PANEL_BG, outline=PANEL_EDGE, width=2)
    rnd = last["round"]
    title = _tr(f"scoring_title.{rnd}", locale) if rnd in ("A", "B", "final") else str(rnd)
    _section_title(img, MARGIN + 14, y + 9, title)
    ty = y + title_h
    name_w = 300
    col_w = (WIDTH - 2 * MARGIN - 28 - name_w) / 9
    cx0 = MARGIN + 14 + name_w

    def col(j: int) -> float:
        return cx0 + j * col_w + col_w / 2

    for j, ttype in enumerate(TYPES):
        _paste_rgba(img, type_chip(ttype, 28, locale), col(j) - 14, ty + 2)
    # the round's gain (+66) is "Gained"; the final score, that gain included, is "Total" (issue #20)
    for j, key in ((6, "col_wall"), (7, "col_gain"), (8, "col_total")):
        label = _tr(key, locale)
        put_text(img, (col(j), ty + rh / 2), label, fit_size(label, col_w - 4, 18, 12, True), True, INK, "mm")
    ty += rh
    for i, r in enumerate(rows):
        who = r["who"]
        seat = None if who == "dirk" else who
        cy = ty + rh / 2
        if i % 2 == 0:
            d.rectangle((MARGIN + 6, ty, WIDTH - MARGIN - 6, ty + rh), fill=STRIPE)
        paste_marker(img, seat if isinstance(seat, int) else None, MARGIN + 26, cy, 22)
        put_text(img, (MARGIN + 44, cy), _who_name(who, names, locale), 19, False, INK, "lm", max_width=name_w - 36)
        types = r["types"]
        for j, ttype in enumerate(TYPES):
            v = types.get(ttype, 0)
            put_text(img, (col(j), cy), str(v) if v else "·", 19, False, INK if v else SUBTLE, "mm")
        wall = r["wall"]
        put_text(img, (col(6), cy), str(wall) if wall else "·", 19, False, INK if wall else SUBTLE, "mm")
        put_text(img, (col(7), cy), f"+{r['total']}", 20, True, INK, "mm")
        if seat is None:
            final = res["dirk"]
        else:
            final = scores[seat] if isinstance(seat, int) and 0 <= seat < len(scores) else None
        if final is not None:
            put_text(img, (col(8), cy), str(final), 20, True, INK, "mm")
        ty += rh
    return y + table_h + 10


# --------------------------------------------------------------------------- player panels

PANEL_PAD = 12
HEAD_H = 44
INFO_H = 32
COUNTS_H = 34
AXIS_W = 30
AXIS_H = 24
SMALL_TILE = 54
SMALL_GAP = 6
MAX_CELL = 68
MIN_CELL = 34
MAX_GRID_H = 560
HAND_W, HAND_H = 40, 56


def _grid_bounds(pv: PlayerView, hint_cells: list[list[int]]) -> tuple[int, int, int, int]:
    xs = [c["x"] for c in pv["grid"]] + [c[0] for c in hint_cells]
    ys = [c["y"] for c in pv["grid"]] + [c[1] for c in hint_cells]
    if not xs:
        return 0, 0, 0, 0
    return min(xs), min(ys), max(xs), max(ys)


def _cell_size(pw: int, bounds: tuple[int, int, int, int]) -> int:
    cols = bounds[2] - bounds[0] + 1
    rows = bounds[3] - bounds[1] + 1
    avail = pw - 2 * PANEL_PAD - AXIS_W - 4
    return max(MIN_CELL, min(MAX_CELL, int(avail / cols), int(MAX_GRID_H / rows)))


def _per_line(avail: float, item: int, gap: int) -> int:
    return max(1, int((avail + gap) // (item + gap)))


ID_ITEM_W = 78  # a small tile with its id written below (tiles to place: players type the id)
ID_H = 19


def _tile_rows_h(count: int, avail: float, ids: bool = False) -> int:
    """Height of a labelled row of small tiles (0 if empty)."""
    if count <= 0:
        return 0
    lines = -(-count // _per_line(avail, ID_ITEM_W if ids else SMALL_TILE, SMALL_GAP))
    return 28 + lines * (SMALL_TILE + SMALL_GAP + (ID_H if ids else 0)) + 6


def _hand_rows_h(count: int, avail: float) -> int:
    if count <= 0:
        return 0
    lines = -(-count // _per_line(avail, HAND_W, 5))
    return lines * (HAND_H + 5) + 6


def _panel_height(pv: PlayerView, pw: int, hint_cells: list[list[int]], open_hand: list[CardView] | None,
                  to_place: list[TileView]) -> int:
    bounds = _grid_bounds(pv, hint_cells)
    cell = _cell_size(pw, bounds)
    rows = bounds[3] - bounds[1] + 1
    avail = pw - 2 * PANEL_PAD
    h = PANEL_PAD + HEAD_H + INFO_H + COUNTS_H + 6 + AXIS_H + rows * cell + 12
    h += _tile_rows_h(len(to_place), avail, ids=True)
    h += _tile_rows_h(len(pv["reserve"]), avail)
    if open_hand is not None:
        h += _hand_rows_h(len(open_hand), avail)
    return h + PANEL_PAD


def _counts_row(img: Image.Image, x0: float, y: float, width: float, counts: dict[str, int], locale: str) -> None:
    chip_w = min(64, width / 6)
    sq = 26
    for j, ttype in enumerate(TYPES):
        x = x0 + j * chip_w
        n = counts.get(ttype, 0)
        _paste_rgba(img, type_chip(ttype, sq, locale), x, y)
        put_text(img, (x + sq + 5, y + sq / 2 + 1), str(n), 20, True, INK if n else SUBTLE, "lm")


def _tile_row(img: Image.Image, d: ImageDraw.ImageDraw, x0: float, y: float, avail: float, label: str,
              tiles: list[TileView], locale: str, highlight: bool, mark_id: str | None = None,
              ids: bool = False) -> float:
    if not tiles:
        return y
    h = _tile_rows_h(len(tiles), avail, ids)
    if highlight:
        rounded_box(d, (x0 - 6, y - 2, x0 + avail + 6, y + h - 4), 8, fill=HINT_FILL, outline=HINT_EDGE, width=2)
    put_text(img, (x0, y + 3), f"{label} ({len(tiles)})", 18, True, INK if highlight else SUBTLE, max_width=avail)
    item_w = ID_ITEM_W if ids else SMALL_TILE
    per_line = _per_line(avail, item_w, SMALL_GAP)
    for i, tile in enumerate(tiles):
        key = _tile_key(tile)
        tx = x0 + (i % per_line) * (item_w + SMALL_GAP) + (item_w - SMALL_TILE) / 2
        ty = y + 28 + (i // per_line) * (SMALL_TILE + SMALL_GAP + (ID_H if ids else 0))
        img.paste(tile_glyph(key, SMALL_TILE, locale), (round(tx), round(ty)))
        if ids:
            put_text(img, (tx + SMALL_TILE / 2, ty + SMALL_TILE + 3), key[0], 15, False, INK, "ma", max_width=item_w)
        if mark_id is not None and key[0] == mark_id:
            d.rectangle((tx - 3, ty - 3, tx + SMALL_TILE + 2, ty + SMALL_TILE + 2), outline=HINT_EDGE, width=3)
    return y + h


def _last_move(view: PublicView) -> dict[str, Any]:
    """The last move's marks, empty lists when none (a game stored before marks existed)."""
    lm = view["last_move"]
    return dict(lm) if lm else {"seat": None, "spaces": [], "tiles": [], "cells": [], "cards": []}


def _grid(img: Image.Image, d: ImageDraw.ImageDraw, pv: PlayerView, x0: float, y0: float, pw: int,
          hint_cells: list[list[int]], locale: str, marked: Sequence[Sequence[int]] = ()) -> float:
    bounds = _grid_bounds(pv, hint_cells)
    cell = _cell_size(pw, bounds)
    minx, miny, maxx, maxy = bounds
    cols, rows = maxx - minx + 1, maxy - miny + 1
    gx = x0 + AXIS_W + max(0, (pw - 2 * PANEL_PAD - AXIS_W - cols * cell) / 2)
    gy = y0 + AXIS_H
    # light axis labels: x above the columns, y left of the rows (the fountain is 0,0)
    fa = min(18, max(14, cell // 3))
    for i in range(cols):
        put_text(img, (gx + i * cell + cell / 2, y0 + AXIS_H / 2), str(minx + i), fa, False, SUBTLE, "mm")
    for j in range(rows):
        put_text(img, (gx - 8, gy + j * cell + cell / 2), str(miny + j), fa, False, SUBTLE, "rm")
    for i in range(cols + 1):
        d.line((gx + i * cell, gy, gx + i * cell, gy + rows * cell), fill=FAINT, width=1)
    for j in range(rows + 1):
        d.line((gx, gy + j * cell, gx + cols * cell, gy + j * cell), fill=FAINT, width=1)
    for c in pv["grid"]:
        img.paste(tile_glyph(_tile_key(c["tile"]), cell, locale), (round(gx + (c["x"] - minx) * cell), round(gy + (c["y"] - miny) * cell)))
    # the outer wall (the one that scores) on top: thicker, centred on the tile edges
    ow = max(4, round(cell * 0.16))
    for x1, y1, x2, y2 in pv["outer_walls"]:
        px1, py1 = gx + (min(x1, x2) - minx) * cell, gy + (min(y1, y2) - miny) * cell
        px2, py2 = gx + (max(x1, x2) - minx) * cell, gy + (max(y1, y2) - miny) * cell
        d.rectangle((px1 - ow // 2, py1 - ow // 2, px2 + ow - ow // 2 - 1, py2 + ow - ow // 2 - 1), fill=WALL)
    # legal cells for the tile being placed, labelled with the coordinates to type
    for hc in hint_cells:
        hx, hy = hc[0], hc[1]
        cx = gx + (hx - minx) * cell
        cy = gy + (hy - miny) * cell
        d.rectangle((cx + 2, cy + 2, cx + cell - 3, cy + cell - 3), fill=HINT_FILL, outline=HINT_EDGE, width=3)
        label = f"{hx},{hy}"
        put_text(img, (cx + cell / 2, cy + cell / 2), label, fit_size(label, cell - 9, min(22, max(14, cell // 3)), 11, True),
                 True, INK, "mm")
    for mx, my in marked:  # the last move's cells
        if minx <= mx <= maxx and miny <= my <= maxy:
            cx, cy = gx + (mx - minx) * cell, gy + (my - miny) * cell
            mark_box(d, (cx + 3, cy + 3, cx + cell - 4, cy + cell - 4), 3)
    return gy + rows * cell


def _panel_frame(img: Image.Image, d: ImageDraw.ImageDraw, x0: int, y0: int, pw: int, ph: int, seat: int | None,
                 name: str, score: Any, active: bool, winner: bool) -> None:
    colour = player_colour(seat)
    bw = 5 if active else 2
    rounded_box(d, (x0, y0, x0 + pw, y0 + ph), 12, fill=PANEL_BG if seat is not None else DIRK_BG,
                outline=colour if active else PANEL_EDGE, width=bw)
    band = mix(colour, PANEL_BG, 0.62 if active else 0.80)
    d.rounded_rectangle((x0 + bw, y0 + bw, x0 + pw - bw, y0 + PANEL_PAD + HEAD_H - 2), radius=9, fill=band,
                        corners=(True, True, False, False))
    cy = y0 + PANEL_PAD + HEAD_H / 2 - 2
    paste_marker(img, seat, x0 + PANEL_PAD + 16, cy - 1, 32)
    score_txt = str(score)
    sw = text_length(score_txt, 28, True)
    put_text(img, (x0 + PANEL_PAD + 40, cy), ("★ " if winner else "") + name, 23, True, INK, "lm",
             max_width=pw - 2 * PANEL_PAD - 40 - sw - 16)
    put_text(img, (x0 + pw - PANEL_PAD, cy), score_txt, 28, True, INK, "rm")


def _hint_of(view: PublicView, seat: int) -> HintView | None:
    """The placement hint when it is ``seat``'s."""
    hint = view["hint"]
    return hint if hint is not None and hint["seat"] == seat else None


def _player_panel(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, pv: PlayerView, seat: int, name: str,
                  x0: int, y0: int, pw: int, ph: int, locale: str) -> None:
    res = view["result"]
    active = view["active"] == seat and not res
    winner = bool(res) and seat in res["winners"] if res else False
    _panel_frame(img, d, x0, y0, pw, ph, seat, name, pv["score"], active, winner)
    x = x0 + PANEL_PAD
    y: float = y0 + PANEL_PAD + HEAD_H
    # info line: cards held (count only, never values), longest wall, on turn
    cy = y + INFO_H / 2
    _paste_rgba(img, card_back(20, 28), x, y + 2)
    ix: float = x + 26
    ix += put_text(img, (ix, cy), _tr("cards", locale, n=pv["hand_count"]), 19, False, INK, "lm") + 18
    d.rectangle((ix, cy - 4, ix + 22, cy + 4), fill=WALL)
    ix += 28
    ix += put_text(img, (ix, cy), _tr("wall", locale, n=pv["longest_wall"]), 19, False, INK, "lm") + 14
    if active:
        tag = "▶ " + _tr("on_turn", locale)
        tw = text_length(tag, 18, True)
        bx1 = x0 + pw - PANEL_PAD
        if ix + tw + 16 <= bx1:
            colour = player_colour(seat)
            rounded_box(d, (bx1 - tw - 16, y + 3, bx1, y + INFO_H - 3), 6, fill=colour)
            put_text(img, (bx1 - tw / 2 - 8, cy), tag, 18, True, ink_for(colour), "mm")
    y += INFO_H
    _counts_row(img, x, y + 2, pw - 2 * PANEL_PAD, pv["counts"], locale)
    y += COUNTS_H + 6
    hint = _hint_of(view, seat)
    mark = hint["tile"] if hint else None
    lm = _last_move(view)
    y = _grid(img, d, pv, x, y, pw, hint["cells"] if hint else [], locale,
              lm["cells"] if lm["seat"] == seat else ()) + 12
    avail = pw - 2 * PANEL_PAD
    y = _tile_row(img, d, x, y, avail, _tr("bought", locale), _tiles_to_place(pv), locale, True, mark, ids=True)
    y = _tile_row(img, d, x, y, avail, _tr("reserve", locale), pv["reserve"], locale, False, mark)
    open_hands = view["open_hands"]
    if open_hands is not None and seat < len(open_hands):
        per_line = _per_line(avail, HAND_W, 5)
        for i, c in enumerate(open_hands[seat]):
            cur, val = _card(c)
            _paste_rgba(img, money_glyph(cur, val, HAND_W, HAND_H, locale),
                        x + (i % per_line) * (HAND_W + 5), y + 2 + (i // per_line) * (HAND_H + 5))


def _dirk_panel(img: Image.Image, d: ImageDraw.ImageDraw, dirk: DirkView, x0: int, y0: int, pw: int, ph: int,
                locale: str) -> None:
    _panel_frame(img, d, x0, y0, pw, ph, None, _tr("dirk", locale), dirk["score"], False, False)
    x = x0 + PANEL_PAD
    y = y0 + PANEL_PAD + HEAD_H
    tiles = dirk["tiles"]
    put_text(img, (x, y + INFO_H / 2), _tr("dirk_tiles", locale, n=len(tiles)), 19, False, INK, "lm")
    y += INFO_H
    _counts_row(img, x, y + 2, pw - 2 * PANEL_PAD, dirk["counts"], locale)
    y += COUNTS_H + 6
    per_line = _per_line(pw - 2 * PANEL_PAD, SMALL_TILE, SMALL_GAP)
    order = sorted(tiles, key=lambda tl: (TYPES.index(tl["type"]) if tl["type"] in TYPES else 9,
                                          tl["price"] or 0, tl["id"]))
    for i, tile in enumerate(order):
        img.paste(tile_glyph(_tile_key(tile), SMALL_TILE, locale),
                  (round(x + (i % per_line) * (SMALL_TILE + SMALL_GAP)), round(y + (i // per_line) * (SMALL_TILE + SMALL_GAP))))


def _dirk_height(dirk: DirkView, pw: int) -> int:
    n = len(dirk["tiles"])
    lines = -(-n // _per_line(pw - 2 * PANEL_PAD, SMALL_TILE, SMALL_GAP))
    return PANEL_PAD + HEAD_H + INFO_H + COUNTS_H + 6 + lines * (SMALL_TILE + SMALL_GAP) + PANEL_PAD


# --------------------------------------------------------------------------- entry points


def _layout_columns(n_panels: int) -> int:
    """2 columns for 2 or 4 panels, else 3 (6 players: 2 rows of 3)."""
    return 2 if n_panels in (1, 2, 4) else 3


def render_public_image(view: PublicView, names: Sequence[str], locale: str = "en") -> Image.Image:
    """The public board as a PIL image (see :func:`render_public`)."""
    pvs = view["players_view"]
    n = max(view["players"], len(pvs))
    nm = _names(names, n, locale)
    dirk = view["dirk"]
    open_hands = view["open_hands"]

    panels: list[tuple[str, int]] = [("player", i) for i in range(len(pvs))]
    if dirk:
        panels.append(("dirk", -1))
    ncols = _layout_columns(len(panels))
    pw = (WIDTH - 2 * MARGIN - (ncols - 1) * GAP) // ncols
    heights = []
    for kind, i in panels:
        if dirk is not None and kind == "dirk":
            heights.append(_dirk_height(dirk, pw))
            continue
        pv = pvs[i]
        hint = _hint_of(view, pv["seat"])
        oh = open_hands[i] if open_hands is not None and i < len(open_hands) else None
        heights.append(_panel_height(pv, pw, hint["cells"] if hint else [], oh, _tiles_to_place(pv)))
    row_heights = [max(heights[r:r + ncols]) for r in range(0, len(panels), ncols)]

    top_h = HEADER_H + 12 + max(30 + MARKET_H, _scores_height(view)) + 16 + LEGEND_H
    total_h = top_h + _result_height(view) + sum(row_heights) + GAP * len(row_heights) + MARGIN - GAP + 2

    img = Image.new("RGB", (WIDTH, total_h), BG)
    d = ImageDraw.Draw(img)
    y = _header(img, d, view, nm, locale, 0) + 12
    mx, my = _market(img, d, view, locale, MARGIN, y)
    cx, cy = _money(img, d, view, locale, mx + 22, y)
    sx = cx + 22
    sy = _scores(img, d, view, nm, locale, sx, y, WIDTH - MARGIN - sx)
    y = max(my, cy, sy) + 12
    _legend(img, MARGIN, y, WIDTH - 2 * MARGIN, locale)
    y += LEGEND_H + 4
    y = _result(img, d, view, nm, locale, y)
    for r, rh in enumerate(row_heights):
        for c in range(ncols):
            k = r * ncols + c
            if k >= len(panels):
                break
            kind, i = panels[k]
            px = MARGIN + c * (pw + GAP)
            if dirk is not None and kind == "dirk":
                _dirk_panel(img, d, dirk, px, y, pw, rh, locale)
            else:
                seat = pvs[i]["seat"]
                _player_panel(img, d, view, pvs[i], seat, nm[seat] if 0 <= seat < len(nm) else str(seat),
                              px, y, pw, rh, locale)
        y += rh + GAP
    return img


def render_public(view: PublicView, names: list[str], locale: str = "en") -> bytes:
    """PNG bytes of the public board. ``names[seat]`` are display names (any Unicode)."""
    return encode_png(render_public_image(view, names, locale))


PRIVATE_W = 960
PCARD_W, PCARD_H = 56, 80
PRIVATE_TILE = 96


def render_private_image(public_view: PublicView, private_view: PrivateView, names: Sequence[str],
                         locale: str = "en") -> Image.Image:
    """One player's own hand and tiles to place (see :func:`render_private`)."""
    seat = private_view["seat"]
    pvs = public_view["players_view"]
    nm = _names(names, max(len(pvs), seat + 1, public_view["players"]), locale)
    hand = [_card(c) for c in private_view["hand"]]
    totals = dict(private_view["totals"])
    by_cur: dict[str, list[int]] = {c: [] for c in CURRENCIES}
    for cur, val in hand:
        by_cur.setdefault(cur, []).append(val)
    for cur in by_cur:
        by_cur[cur].sort()
        totals.setdefault(cur, sum(by_cur[cur]))
    pv = next(p for p in pvs if p["seat"] == seat)
    bought = _tiles_to_place(pv)
    hint = _hint_of(public_view, seat)
    hint_cells = hint["cells"] if hint else []

    label_w = 190
    total_w = 110
    per_line = _per_line(PRIVATE_W - 2 * MARGIN - label_w - total_w - 20, PCARD_W, 8)
    row_hs = [max(1, -(-len(v) // per_line)) * (PCARD_H + 8) + 12 for v in by_cur.values()]
    h = HEADER_H + 16 + sum(row_hs) + 8
    hint_lines: list[str] = []
    if bought:
        h += 40 + PRIVATE_TILE + 34
        if hint_cells:
            labels = [f"{c[0]},{c[1]}" for c in hint_cells]
            groups = wrap_items([text_length(s_ + "    ", 20) for s_ in labels], PRIVATE_W - 2 * MARGIN, 0)
            hint_lines = ["    ".join(labels[i] for i in g) for g in groups]
            h += 30 + 28 * len(hint_lines) + 8
    h += MARGIN

    img = Image.new("RGB", (PRIVATE_W, h), BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, PRIVATE_W, HEADER_H), fill=HEADER_BG)
    cy = HEADER_H / 2
    paste_marker(img, seat, MARGIN + 16, cy, 30)
    title = _tr("your_hand", locale)
    tw = put_text(img, (PRIVATE_W - MARGIN, cy + 1), title, 26, True, GOLD, "rm")
    put_text(img, (MARGIN + 40, cy), nm[seat] if seat < len(nm) else "", 24, True, WHITE, "lm",
             max_width=PRIVATE_W - 2 * MARGIN - 70 - tw)
    y = HEADER_H + 16
    for (cur, vals), rh in zip(by_cur.items(), row_hs, strict=True):
        fill = CURRENCY_COLOURS.get(cur, UNKNOWN)
        box_h = rh - 8
        rounded_box(d, (MARGIN, y, PRIVATE_W - MARGIN, y + box_h), 10, fill=PANEL_BG, outline=PANEL_EDGE, width=2)
        d.rounded_rectangle((MARGIN, y, MARGIN + label_w, y + box_h), radius=10, fill=fill, corners=(True, False, False, True))
        ink = ink_for(fill)
        known = cur in CURRENCY_COLOURS
        put_text(img, (MARGIN + 14, y + box_h / 2), _tr(f"cur_abbr.{cur}", locale) if known else "?", 26, True, ink, "lm")
        cur_name = _tr(f"currency.{cur}", locale) if known else cur
        put_text(img, (MARGIN + 48, y + box_h / 2), cur_name, fit_size(cur_name, label_w - 56, 21, 14, True), True,
                 ink, "lm", max_width=label_w - 56)
        x = MARGIN + label_w + 12
        if not vals:
            put_text(img, (x, y + box_h / 2), "—", 22, False, SUBTLE, "lm")
        for i, v in enumerate(vals):
            _paste_rgba(img, money_glyph(cur, v, PCARD_W, PCARD_H, locale),
                        x + (i % per_line) * (PCARD_W + 8), y + 6 + (i // per_line) * (PCARD_H + 8))
        put_text(img, (PRIVATE_W - MARGIN - 16, y + box_h / 2), f"Σ {totals.get(cur, 0)}", 28, True, INK, "rm")
        y += rh
    y += 8
    if bought:
        _section_title(img, MARGIN, y + 6, _tr("tiles_to_place", locale) + f" ({len(bought)})")
        y += 40
        for i, tile in enumerate(bought):
            key = _tile_key(tile)
            x = MARGIN + i * (PRIVATE_TILE + 16)
            img.paste(tile_glyph(key, PRIVATE_TILE, locale), (x, y))
            if hint and key[0] == hint["tile"]:
                d.rectangle((x - 4, y - 4, x + PRIVATE_TILE + 3, y + PRIVATE_TILE + 3), outline=HINT_EDGE, width=3)
            put_text(img, (x + PRIVATE_TILE / 2, y + PRIVATE_TILE + 6), key[0], 18, False, INK, "ma",
                     max_width=PRIVATE_TILE + 10)
        y += PRIVATE_TILE + 34
        if hint and hint_lines:
            put_text(img, (MARGIN, y), _tr("placing", locale, tile=hint["tile"]), 20, True, INK,
                     max_width=PRIVATE_W - 2 * MARGIN)
            y += 30
            for line in hint_lines:
                put_text(img, (MARGIN, y), line, 20, False, INK)
                y += 28
    return img


def render_private(public_view: PublicView, private_view: PrivateView, names: list[str], locale: str = "en") -> bytes:
    """PNG bytes of one player's hand (money by currency with totals) and tiles to place."""
    return encode_png(render_private_image(public_view, private_view, names, locale))
