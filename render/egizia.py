"""Board images for Egizia.

Two entry points, both pure (safe in a worker thread):

* :func:`render_public` — the board everyone sees: round, phase and who must act,
  turn-order tiles, the Nile with its 20 spaces (cards by name, type and value, round
  spaces with their effect, the three construction sites with slots, substitutes, the
  N37 extra position and who has built), obelisk, pyramid, temple and the tomb row
  (bricks in the owner's colour and shape), the stone-sale and grain-market tracks, the
  water ring, deck sizes, the score track (arrival order on shared spaces, 50-point
  scarabs), every player's tableau and, once the game is over, the final result.
* :func:`render_private` — one player's hidden cards (Sphinx cards, cards being drawn)
  and anytime cards, with their own tableau; sent only to that player.

Both take the typed views of ``engines/egizia`` (:class:`engines.egizia.views.PublicView`,
:class:`~engines.egizia.views.PrivateView`; nothing else of the engine is read) and return PNG bytes. Seats always carry a colour AND a shape; field colours also carry a
letter, card types a word. The static board (frames, fixed labels, round spaces) is drawn
once per (players, locale) and cached; each render draws the game state on a copy. Text
is drawn from cached glyph masks (see :func:`_tx`), which is about 4× faster than
rendering it again on every call.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engines.egizia.views import (
    CardRef,
    DrawnSphinxView,
    FinalView,
    PrivateView,
    PublicView,
    RiverEntry,
    SiteView,
    TableauView,
)
from render.common import (
    INK,
    WHITE,
    Colour,
    clean_name,
    encode_png,
    font,
    ink_for,
    mix,
    paste_marker,
    player_colour,
    rgb,
    rounded_box,
    text_mask,
)
from render.i18n import t

# --------------------------------------------------------------------------- constants

WIDTH = 1280
M = 16  # outer margin
GAP = 12

BG = rgb("#efe6d3")
PANEL = rgb("#fbf7ee")
EDGE = rgb("#b9a27a")
SUBTLE = rgb("#5e503c")  # secondary text, > 4.5:1 on PANEL and STONE
HEAD_BG = rgb("#2b2118")
HEAD_TEXT = rgb("#f1e3c0")
WATER = rgb("#2f6fa3")
WATER_LIGHT = rgb("#dbe9f5")
STONE = rgb("#ddd3bf")
STONE_DARK = rgb("#a8997e")
SAND = rgb("#f3ead7")
GOLD = rgb("#e3b341")
SITE_BG = rgb("#f2d98f")
SITE_EDGE = rgb("#8c6a12")
HIDDEN = rgb("#5a4a36")
OK_GREEN = rgb("#1e7b34")
ALERT = rgb("#b3261e")

TYPE_COLOURS: dict[str, Colour] = {
    "permanent": rgb("#3f6b2a"),
    "immediate": rgb("#b4471c"),
    "anytime": rgb("#5f3d8f"),
}
FIELD_COLOURS: dict[str, Colour] = {
    "green": rgb("#3d9a3a"),
    "yellow_green": rgb("#b8c934"),
    "brown": rgb("#8a5a2b"),
}
BUILDER_COLOURS: dict[str, Colour] = {
    "black": rgb("#1f1f1f"),
    "blue": rgb("#2a66c0"),
    "yellow": rgb("#f0c419"),
    "joker": rgb("#ffffff"),
}
BUILDERS = ("black", "blue", "yellow", "joker")
IRRIGATION = {"left": ("green",), "middle": ("green", "yellow_green"), "right": ("green", "yellow_green", "brown")}

# river geometry
RIVER_Y = 108
CELL_W = 118
CELL_H = 160
CELL_GAP = 6
RIVER_PAD = (WIDTH - 2 * M - (10 * CELL_W + 9 * CELL_GAP)) // 2
ROW_GAP = 12
SHIP = 28  # ship marker size in the river
MARK = 24  # marker size on bricks and the score track


def _tr(key: str, locale: str, **params: Any) -> str:
    return t("egizia_render." + key, locale, **params)


def _cat(key: str, locale: str, fallback: str, **params: Any) -> str:
    """A text from another catalogue (the engine's ``egizia.*`` keys), else ``fallback``."""
    s = t(key, locale, **params)
    return fallback if s == key else s


# --------------------------------------------------------------------------- text (cached masks)


def _tx(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, bold: bool = False,
        fill: Sequence[int] = INK, anchor: str = "la") -> None:
    """Draw ``text`` like ``ImageDraw.text`` but from a cached glyph mask."""
    if not text:
        return
    m, left, top = text_mask(text, int(size), bool(bold), anchor)
    d.bitmap((round(xy[0]) + left, round(xy[1]) + top), m, fill=tuple(fill))


@lru_cache(maxsize=8192)
def _len(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)


@lru_cache(maxsize=8192)
def _ell(text: str, size: int, bold: bool, max_width: float) -> str:
    """``text`` cut with ``…`` to at most ``max_width`` px."""
    if _len(text, size, bold) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _len(text[:mid].rstrip() + "…", size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return (text[:lo].rstrip() + "…") if lo > 0 else "…"


@lru_cache(maxsize=4096)
def _fit(text: str, max_width: float, size: int, min_size: int, bold: bool = False) -> int:
    """The largest font size (``size`` down to ``min_size``) at which ``text`` fits ``max_width``."""
    s = size
    while s > min_size and _len(text, s, bold) > max_width:
        s -= 1
    return s


@lru_cache(maxsize=4096)
def _wrap(text: str, size: int, bold: bool, width: float, max_lines: int) -> tuple[str, ...]:
    """Greedy word wrap (also after ``/``); the last line is ellipsized if the text does not fit."""
    words = text.replace("/", "/ ").replace("-", "- ").split()
    lines: list[str] = []
    cur = ""
    i = 0

    def join(a: str, b: str) -> str:
        return a + b if a.endswith(("/", "-")) else (a + " " + b if a else b)

    while i < len(words) and len(lines) < max_lines:
        trial = join(cur, words[i])
        if _len(trial, size, bold) <= width:
            cur = trial
            i += 1
            continue
        if not cur:  # a single word wider than the line
            cur = words[i]
            i += 1
        lines.append(cur)
        cur = ""
    if cur and len(lines) < max_lines:
        lines.append(cur)
        cur = ""
    if (i < len(words) or cur) and lines:
        rest = lines[-1]
        for w in ([cur] if cur else []) + words[i:]:
            rest = join(rest, w)
        lines[-1] = _ell(rest, size, bold, width)
    return tuple(_ell(ln, size, bold, width) for ln in lines)


def _fit_wrap(text: str, width: float, max_lines: int, size: int, min_size: int,
              bold: bool = False) -> tuple[int, tuple[str, ...]]:
    """The largest size (down to ``min_size``) at which ``text`` wraps into ``max_lines`` uncut lines."""
    for s in range(size, min_size - 1, -1):
        lines = _wrap(text, s, bold, width, max_lines)
        if not any(ln.endswith("…") for ln in lines):
            return s, lines
    return min_size, _wrap(text, min_size, bold, width, max_lines)


def _lines_c(d: ImageDraw.ImageDraw, cx: float, y: float, lines: Sequence[str], size: int, bold: bool = False,
             fill: Sequence[int] = INK, lh: float | None = None) -> float:
    lh = lh or round(size * 1.2)
    for ln in lines:
        _tx(d, (cx, y), ln, size, bold, fill, "ma")
        y += lh
    return y


# --------------------------------------------------------------------------- small helpers


def _names(names: Sequence[str] | None, n: int, locale: str) -> list[str]:
    out = []
    names = list(names or [])
    for i in range(n):
        raw = names[i] if i < len(names) and names[i] is not None else ""
        out.append(clean_name(str(raw), _tr("seat", locale, n=i + 1)))
    return out


def _strip_id(name: str, cid: str) -> str:
    """Catalogue card names start with their id (``"N05 yellow-green field 5"``); the board drops it."""
    if cid and name.startswith(cid + " "):
        return name[len(cid) + 1:]
    return name


@lru_cache(maxsize=1024)
def _card_name_of(cid: str, fallback: str, locale: str) -> str:
    return clean_name(_strip_id(_cat(f"egizia.card.{cid}", locale, fallback or cid), cid), cid)


def _card_name(card: Mapping[str, Any], locale: str) -> str:
    """A Nile card's name (a card view with ``id`` and ``name``)."""
    return _card_name_of(card["id"], card["name"] or card["id"], locale)


@lru_cache(maxsize=512)
def _sphinx_name_of(cid: str, fallback: str, locale: str) -> str:
    return clean_name(_strip_id(_cat(f"egizia.sphinx.{cid}", locale, fallback or cid), cid), cid)


def _sphinx_name(card: DrawnSphinxView | str, locale: str) -> str:
    if isinstance(card, str):
        return _sphinx_name_of(card, "", locale)
    return _sphinx_name_of(card["id"], card["name"], locale)


def _site_name(sid: str, locale: str) -> str:
    key = f"site.{sid}"
    s = _tr(key, locale)
    if s == "egizia_render." + key:
        s = _cat(f"egizia.site.{sid}", locale, sid)
    return s


def _light(c: Sequence[int], k: float = 0.72) -> Colour:
    return mix(c, WHITE, k)


# --------------------------------------------------------------------------- icons


def _check(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A small green badge with a tick (``done``)."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=OK_GREEN, outline=WHITE, width=2)
    d.line([(cx - r * 0.5, cy), (cx - r * 0.1, cy + r * 0.45), (cx + r * 0.55, cy - r * 0.4)], fill=WHITE,
           width=max(2, int(r / 3)))


def _drop(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Colour = WATER) -> None:
    """A water drop (a watered field)."""
    d.ellipse((cx - r, cy - r * 0.3, cx + r, cy + r * 1.7), fill=fill)
    d.polygon([(cx - r * 0.86, cy + r * 0.35), (cx, cy - r * 1.3), (cx + r * 0.86, cy + r * 0.35)], fill=fill)


def _scarab(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A small scarab (each is worth 50 points)."""
    d.ellipse((cx - r * 0.7, cy - r * 0.55, cx + r * 0.7, cy + r), fill=GOLD, outline=INK, width=1)
    d.ellipse((cx - r * 0.42, cy - r, cx + r * 0.42, cy - r * 0.35), fill=GOLD, outline=INK, width=1)
    d.line([(cx, cy - r * 0.5), (cx, cy + r)], fill=INK, width=1)
    for s in (-1, 1):
        d.line([(cx + s * r * 0.7, cy), (cx + s * r * 1.05, cy - r * 0.35)], fill=INK, width=1)
        d.line([(cx + s * r * 0.7, cy + r * 0.5), (cx + s * r * 1.05, cy + r * 0.85)], fill=INK, width=1)


def _stone_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    d.rounded_rectangle((cx - r, cy - r * 0.75, cx + r, cy + r * 0.75), radius=max(2, int(r / 3)), fill=STONE_DARK,
                        outline=INK, width=1)
    d.line([(cx - r, cy), (cx + r, cy)], fill=INK, width=1)
    d.line([(cx, cy - r * 0.75), (cx, cy)], fill=INK, width=1)


def _ship_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Colour = INK) -> None:
    d.polygon([(cx - r, cy), (cx + r, cy), (cx + r * 0.6, cy + r * 0.6), (cx - r * 0.6, cy + r * 0.6)], fill=fill)
    d.line([(cx, cy), (cx, cy - r)], fill=fill, width=2)
    d.polygon([(cx + 1, cy - r), (cx + r * 0.7, cy - r * 0.2), (cx + 1, cy - r * 0.2)], fill=fill)


def _card_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Colour) -> None:
    d.rounded_rectangle((cx - r * 0.7, cy - r, cx + r * 0.7, cy + r), radius=3, fill=fill, outline=INK, width=1)


def _brick(img: Image.Image, d: ImageDraw.ImageDraw, box: Sequence[float], owner: int | None, label: str | None,
           size: int = 18) -> None:
    """A building field: empty (stone, with its value) or built (owner colour + shape)."""
    x0, y0, x1, y1 = box
    if owner is None:
        d.rectangle(box, fill=STONE, outline=STONE_DARK, width=1)
        if label:
            _tx(d, ((x0 + x1) / 2, (y0 + y1) / 2), label, size, True, SUBTLE, "mm")
    else:
        d.rectangle(box, fill=player_colour(owner), outline=INK, width=1)
        s = int(min(x1 - x0, y1 - y0) - 6)
        paste_marker(img, owner, (x0 + x1) / 2, (y0 + y1) / 2, max(10, min(s, MARK)))


# --------------------------------------------------------------------------- layout


class _L:
    """Positions of the board parts (they depend only on the player count)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.header_h = 68
        self.river_title_y = 76
        self.river_y = RIVER_Y
        self.river_h = 2 * CELL_H + ROW_GAP + 16
        y = self.river_y + self.river_h + GAP
        self.mid_y = y
        self.mid_h = 330
        self.left_x, self.left_w = M, 600
        self.right_x = M + self.left_w + GAP
        self.right_w = WIDTH - M - self.right_x
        y += self.mid_h + GAP
        self.score_y = y
        self.stack = max(2, min(players, 4))  # markers that can share a score-track space
        self.score_h = 122 + self.stack * (MARK - 1)
        y += self.score_h + GAP
        self.board_h = y

    def cell(self, index: int) -> tuple[int, int, int, int]:
        row, col = divmod(index - 1, 10)
        x = M + RIVER_PAD + col * (CELL_W + CELL_GAP)
        y = self.river_y + 8 + row * (CELL_H + ROW_GAP)
        return x, y, x + CELL_W, y + CELL_H


def _building_geo(L: _L) -> dict[str, Any]:
    base = L.mid_y + L.mid_h - 16  # bottom of the lowest row
    g: dict[str, Any] = {"label_y": L.mid_y + 38}
    g["ob_fw"], g["ob_fh"] = 40, 26  # obelisk: 9 rows of 2, row 1 at the bottom
    g["ob_x0"] = L.left_x + 18
    g["ob_cx"] = g["ob_x0"] + g["ob_fw"] + 1
    g["ob_base"] = base
    g["py_bw"], g["py_bh"] = 44, 36  # pyramid: rows of 6..1 fields
    g["py_x0"] = L.left_x + 124
    g["py_cx"] = g["py_x0"] + 3 * g["py_bw"]
    g["py_base"] = base
    g["te_fw"], g["te_fh"] = 50, 33  # temple: two pillars of 4, two columns, two top fields
    g["te_x0"] = L.left_x + 424
    g["te_gap"] = 48
    g["te_x1"] = g["te_x0"] + 2 * g["te_fw"] + g["te_gap"]
    g["te_cx"] = (g["te_x0"] + g["te_x1"]) / 2
    g["te_base"] = base
    g["te_top"] = base - 6 * (g["te_fh"] + 2) + 2
    return g


def _right_geo(L: _L) -> dict[str, Any]:
    rx, rw, y = L.right_x, L.right_w, L.mid_y
    g: dict[str, Any] = {"tomb_title_y": y + 8}
    g["tomb_y"] = y + 38
    g["tomb_w"] = (rw - 24 - 11 * 4) / 12
    g["tomb_h"] = 56
    g["track_x"] = rx + 176
    g["track_fw"] = (rx + rw - 12 - g["track_x"]) / 5
    g["track_h"] = 60
    g["ss_y"] = y + 106
    g["gm_y"] = y + 174
    g["ring_y"] = y + 244
    g["deck_y"] = y + 296
    return g


def _score_geo(L: _L) -> dict[str, Any]:
    g: dict[str, Any] = {}
    g["neg_x"], g["neg_w"] = M + 12, 36
    g["x0"] = g["neg_x"] + g["neg_w"] + 6
    g["cw"] = (WIDTH - M - 12 - g["x0"]) / 50
    g["strip_h"] = 16
    g["strip_y"] = L.score_y + 38 + L.stack * (MARK - 1) + 8
    g["order_y"] = g["strip_y"] + g["strip_h"] + 30
    return g


def _panel(d: ImageDraw.ImageDraw, box: Sequence[float], title: str | None = None, fill: Colour = PANEL) -> None:
    rounded_box(d, box, 10, fill=fill, outline=EDGE, width=2)
    if title:
        _tx(d, (box[0] + 12, box[1] + 8), title, 20, True)


def _river_static(view: PublicView) -> tuple[tuple[int, str, str, str], ...]:
    """(index, kind, id, name) of the 20 spaces (the static layer is keyed on it)."""
    return tuple((e["index"], e["kind"], "", "") if e["kind"] == "card" else (e["index"], e["kind"], e["id"], e["name"])
                 for e in view["river"])


# --------------------------------------------------------------------------- static board


@lru_cache(maxsize=24)
def _static_board(players: int, locale: str, river: tuple[tuple[int, str, str, str], ...]) -> Image.Image:
    L = _L(players)
    img = Image.new("RGB", (WIDTH, L.board_h), BG)
    d = ImageDraw.Draw(img)
    # header band
    d.rectangle((0, 0, WIDTH, L.header_h), fill=HEAD_BG)
    _tx(d, (M, 12), _tr("title", locale), 32, True, GOLD)
    # river
    _tx(d, (M, L.river_title_y), _tr("river", locale), 21, True)
    rounded_box(d, (M, L.river_y, WIDTH - M, L.river_y + L.river_h), 12, fill=WATER)
    ay = L.river_y + 8 + CELL_H + ROW_GAP / 2
    d.line([(M + 20, ay), (WIDTH - M - 20, ay)], fill=_light(WATER, 0.35), width=2)
    for k in range(6):
        ax = M + 100 + k * 210
        d.polygon([(ax, ay - 5), (ax + 10, ay), (ax, ay + 5)], fill=_light(WATER, 0.35))
    for idx, kind, sid, vname in river:
        if not 1 <= idx <= 20:
            continue
        x0, y0, x1, y1 = L.cell(idx)
        cx = (x0 + x1) / 2
        if kind == "round":
            rounded_box(d, (x0, y0, x1, y1), 8, fill=STONE, outline=STONE_DARK, width=2)
            _tx(d, (x0 + 6, y0 + 4), str(idx), 17, True, SUBTLE)
            name = _cat(f"egizia.space.{sid}", locale, vname or sid)
            _tx(d, (cx, y0 + 22), name, _fit(name, CELL_W - 10, 20, 14, True), True, INK, "ma")
            eff = _tr(f"space.{sid}", locale)
            size, lines = _fit_wrap(eff, CELL_W - 12, 3, 18, 15)
            _lines_c(d, cx, y0 + 50, lines, size, False, SUBTLE)
        elif kind == "site":
            rounded_box(d, (x0, y0, x1, y1), 8, fill=SITE_BG, outline=SITE_EDGE, width=3)
            _tx(d, (x0 + 6, y0 + 4), str(idx), 17, True, SUBTLE)
            name = _site_name(sid, locale)
            size, lines = _fit_wrap(name, CELL_W - 10, 2, 18, 14, True)
            _lines_c(d, cx, y0 + 22, lines, size, True)
        else:
            rounded_box(d, (x0, y0, x1, y1), 8, fill=WATER_LIGHT, outline=_light(WATER, 0.3), width=2)
            _tx(d, (x0 + 6, y0 + 3), str(idx), 17, True, SUBTLE)
    # buildings panel
    lx, y = L.left_x, L.mid_y
    _panel(d, (lx, y, lx + L.left_w, y + L.mid_h), _tr("buildings", locale))
    g = _building_geo(L)
    _tx(d, (g["ob_cx"], g["label_y"]), _tr("obelisk", locale), 18, True, INK, "ma")
    _tx(d, (g["py_cx"], g["label_y"]), _tr("pyramid", locale), 18, True, INK, "ma")
    _tx(d, (g["te_cx"], g["label_y"]), _tr("temple", locale), 18, True, INK, "ma")
    tx0, tx1, ty = g["te_x0"] - 8, g["te_x1"] + 8, g["te_top"]
    d.polygon([(tx0, ty - 4), (tx1, ty - 4), ((tx0 + tx1) / 2, ty - 24)], fill=STONE_DARK)  # temple roof
    # tombs, tracks, ring, decks panel
    rx, rw = L.right_x, L.right_w
    _panel(d, (rx, y, rx + rw, y + L.mid_h))
    rg = _right_geo(L)
    _tx(d, (rx + 12, rg["tomb_title_y"]), _tr("tombs", locale), 20, True)
    hint = _tr("tombs_hint", locale)
    _tx(d, (rx + rw - 12, rg["tomb_title_y"] + 3), hint, _fit(hint, rw - 120, 17, 13), False, SUBTLE, "ra")
    for key, ty in (("stone_sale", rg["ss_y"]), ("grain_market", rg["gm_y"])):
        lab = _tr(key, locale)
        _tx(d, (rx + 12, ty + 6), lab, _fit(lab, rg["track_x"] - rx - 18, 19, 14, True), True)
        sub = _tr(f"{key}_sub", locale)
        _tx(d, (rx + 12, ty + 32), sub, _fit(sub, rg["track_x"] - rx - 18, 17, 13), False, SUBTLE)
        for k in range(5):
            bx = rg["track_x"] + k * rg["track_fw"]
            fill = SAND
            if key == "stone_sale" and k >= 3:
                fill = _light(GOLD, 0.6)
            if k == 4:
                fill = _light(GOLD, 0.3)
            d.rectangle((bx, ty, bx + rg["track_fw"] - 4, ty + rg["track_h"]), fill=fill, outline=STONE_DARK, width=1)
            if key == "grain_market":
                _tx(d, (bx + 4, ty + 2), _tr("penalty", locale, n=(3, 2, 2, 1, 1)[k]), 16, True, ALERT)
            elif k >= 3:
                _tx(d, (bx + 4, ty + 2), _tr("sale", locale), 16, True, SUBTLE)
    ring_lab = _tr("ring", locale)
    _tx(d, (rx + 12, rg["ring_y"] + 2), ring_lab, _fit(ring_lab, rg["track_x"] - rx - 18, 19, 14, True), True)
    # score track
    sy = L.score_y
    _panel(d, (M, sy, WIDTH - M, sy + L.score_h), _tr("score_track", locale))
    sg = _score_geo(L)
    for k in range(50):
        x0 = sg["x0"] + k * sg["cw"]
        fill = STONE_DARK if k % 5 == 0 else (STONE if k % 10 < 5 else SAND)
        d.rectangle((x0, sg["strip_y"], x0 + sg["cw"] - 1, sg["strip_y"] + sg["strip_h"]), fill=fill)
        if k % 5 == 0:
            _tx(d, (x0 + sg["cw"] / 2, sg["strip_y"] + sg["strip_h"] + 3), str(k), 17, True, INK, "ma")
    d.rectangle((sg["neg_x"], sg["strip_y"], sg["neg_x"] + sg["neg_w"], sg["strip_y"] + sg["strip_h"]),
                fill=_light(ALERT, 0.6))
    _tx(d, (sg["neg_x"] + sg["neg_w"] / 2, sg["strip_y"] + sg["strip_h"] + 3), "<0", 17, True, ALERT, "ma")
    _tx(d, (M + 14, sg["order_y"]), _tr("order", locale), 18, True)
    return img


# --------------------------------------------------------------------------- river (dynamic)


FACE_H = 98


@lru_cache(maxsize=512)
def _card_face(name: str, ctype: str, value: str, locale: str, field_colour: str | None) -> Image.Image:
    """The face of a Nile card in the river: type strip, then the name (the value badge is drawn on top)."""
    w, h = CELL_W - 8, FACE_H
    tcol = TYPE_COLOURS.get(ctype, SUBTLE)
    bg = _light(FIELD_COLOURS[field_colour], 0.5) if field_colour in FIELD_COLOURS else WHITE
    img = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w - 1, h - 1), outline=tcol, width=2)
    d.rectangle((0, 0, w, 27), fill=tcol)
    tword = _tr(f"type.{ctype}", locale) if ctype in TYPE_COLOURS else ctype
    _tx(d, (w / 2, 14), tword, _fit(tword, w - 8, 17, 12, True), True, WHITE, "mm")
    size, lines = 14, _wrap(name, 14, True, w - 8, 3)
    for s in range(18, 13, -1):  # the largest size that fits, leaving the bottom-right corner to the value
        cand = _wrap(name, s, True, w - 8, 3)
        cut = any(ln.endswith("…") for ln in cand)
        if not cut and (not value or len(cand) < 3 or _len(cand[-1], s, True) <= w - 64):
            size, lines = s, cand
            break
    y = 32 if len(lines) > 1 else 44
    _lines_c(d, w / 2, y, lines, size, True, ink_for(bg))
    return img


def _draw_river(img: Image.Image, d: ImageDraw.ImageDraw, L: _L, view: PublicView, locale: str) -> None:
    for e in view["river"]:
        x0, y0, x1, y1 = L.cell(e["index"])
        if e["kind"] == "site":
            _draw_site(img, d, (x0, y0, x1, y1), view["sites"][e["id"]], locale)
            continue
        if e["kind"] == "card" and e["card"] is not None:
            if _draw_card(img, d, (x0, y0, x1, y1), e, locale):
                continue
        elif e["kind"] == "card":
            _tx(d, ((x0 + x1) / 2, y0 + 70), "—", 26, True, _light(WATER, 0.2), "mm")
        _ships_row(img, e["ships"], (x0 + x1) / 2, y1 - SHIP / 2 - 6)


def _draw_card(img: Image.Image, d: ImageDraw.ImageDraw, box: Sequence[int], e: RiverEntry, locale: str) -> bool:
    """A Nile card in the river; with a value badge its ships go to the left of it (returns True then)."""
    assert e["kind"] == "card" and e["card"] is not None
    x0, y0, x1, y1 = box
    card = e["card"]
    v = card["value"]
    colour = card["color"] if card["color"] in FIELD_COLOURS else None
    face = _card_face(_card_name(card, locale), card["type"], "" if v is None else str(v), locale, colour)
    img.paste(face, (x0 + 4, y0 + 24))
    if v is None or str(v) == "":
        return False
    vs, tcol = str(v), TYPE_COLOURS.get(card["type"], SUBTLE)
    r = max(15, (_len(vs, 20, True) + 10) / 2)
    bx, by = x1 - 6 - r, y0 + 24 + FACE_H - 2
    d.rounded_rectangle((bx - r, by - 15, bx + r, by + 15), radius=15, fill=WHITE, outline=tcol, width=3)
    _tx(d, (bx, by), vs, 20, True, INK, "mm")
    _ships_row(img, e["ships"], (x0 + x1 - 2 * r - 8) / 2, y1 - SHIP / 2 - 6)
    return True


def _ships_row(img: Image.Image, ships: list[int], cx: float, cy: float, size: int = SHIP) -> None:
    step = size + 4
    x = cx - (len(ships) - 1) * step / 2
    for k, s in enumerate(ships):
        paste_marker(img, s, x + k * step, cy, size)


def _draw_site(img: Image.Image, d: ImageDraw.ImageDraw, box: Sequence[int], site: SiteView, locale: str) -> None:
    x0, y0, x1, _y1 = box
    slots = site["slots"]
    done = set(site["done"])
    extra = site["extra"]
    subs = site["substitutes"]
    n = len(slots) + (1 if extra is not None else 0)
    sw, gap = (32, 3) if n <= 3 else (26, 2)
    total = n * sw + (n - 1) * gap
    sx = (x0 + x1) / 2 - total / 2
    sy = y0 + 68
    for k, occ in enumerate(slots):
        bx = sx + k * (sw + gap)
        d.rectangle((bx, sy, bx + sw, sy + sw), fill=WHITE, outline=SITE_EDGE, width=2)
        if occ is None:
            _tx(d, (bx + sw / 2, sy + sw / 2), str(k + 1), 17, True, STONE_DARK, "mm")
        else:
            paste_marker(img, occ, bx + sw / 2, sy + sw / 2, sw - 6)
            if occ in done:
                _check(d, bx + sw - 2, sy + 2, 8)
    if extra is not None:  # the N37 position after the last slot
        bx = sx + len(slots) * (sw + gap)
        d.rectangle((bx, sy, bx + sw, sy + sw), fill=_light(GOLD, 0.5), outline=ALERT, width=2)
        paste_marker(img, extra, bx + sw / 2, sy + sw / 2, sw - 6)
        _tx(d, (bx + sw / 2, sy + sw + 1), "+", 15, True, ALERT, "ma")
        if extra in done:
            _check(d, bx + sw - 2, sy + 2, 8)
    if subs:  # beside the site, first in line first
        ty = sy + sw + 4
        _tx(d, (x0 + 6, ty), _tr("subs", locale), _fit(_tr("subs", locale), CELL_W - 12, 16, 12, True), True, SUBTLE)
        ty += 19
        size = 22 if len(subs) <= 4 else 18
        step = size + 3
        per_row = max(1, int((CELL_W - 8) // step))
        for k, s in enumerate(subs[: per_row * 2]):
            r, c = divmod(k, per_row)
            cx = x0 + 6 + size / 2 + c * step
            cy = ty + size / 2 + r * step
            paste_marker(img, s, cx, cy, size)
            if s in done:
                _check(d, cx + size / 2 - 2, cy - size / 2 + 2, 6)


# --------------------------------------------------------------------------- buildings, tombs, tracks, ring


def _draw_buildings(img: Image.Image, d: ImageDraw.ImageDraw, L: _L, view: PublicView) -> None:
    g = _building_geo(L)
    for row in view["obelisk"]["rows"]:
        r = row["row"]
        y1 = g["ob_base"] - (r - 1) * (g["ob_fh"] + 2)
        for j, owner in enumerate(row["fields"][:2]):
            x0 = g["ob_x0"] + j * (g["ob_fw"] + 2)
            _brick(img, d, (x0, y1 - g["ob_fh"], x0 + g["ob_fw"], y1), owner, str(row["value"]))
    bw, bh = g["py_bw"], g["py_bh"]
    for row in view["pyramid"]["rows"]:
        r = row["row"]
        y1 = g["py_base"] - (r - 1) * (bh + 2)
        xoff = g["py_x0"] + (r - 1) * (bw / 2)
        for j, owner in enumerate(row["fields"][: 7 - r]):
            x0 = xoff + j * bw
            _brick(img, d, (x0 + 1, y1 - bh, x0 + bw - 1, y1), owner, str(row["value"]))
    fw, fh = g["te_fw"], g["te_fh"]
    for f in view["temple"]["fields"]:
        pos = _temple_pos(f["id"])
        if pos is None:
            continue
        col, r = pos
        y1 = g["te_base"] - r * (fh + 2)
        if col == 0:
            x0, x1 = g["te_x0"], g["te_x0"] + fw
        elif col == 2:
            x0, x1 = g["te_x1"] - fw, g["te_x1"]
        elif col == 3:
            x0, x1 = g["te_x0"], g["te_cx"] - 1
        else:
            x0, x1 = g["te_cx"] + 1, g["te_x1"]
        _brick(img, d, (x0, y1 - fh, x1, y1), f["owner"], str(f["value"]))


def _temple_pos(fid: str) -> tuple[int, int] | None:
    """(column, row from the bottom) of a temple field: left pillar 0, right pillar 2, C/T halves 3 and 4."""
    if len(fid) != 2 or not fid[1].isdigit():
        return None
    k = int(fid[1])
    if fid[0] == "L" and 1 <= k <= 4:
        return 0, k - 1
    if fid[0] == "R" and 1 <= k <= 4:
        return 2, k - 1
    if fid[0] == "C" and k in (1, 2):
        return (3 if k == 1 else 4), 4
    if fid[0] == "T" and k in (1, 2):
        return (3 if k == 1 else 4), 5
    return None


def _draw_right(img: Image.Image, d: ImageDraw.ImageDraw, L: _L, view: PublicView, locale: str) -> None:
    g = _right_geo(L)
    rx, rw = L.right_x, L.right_w
    _draw_tombs(img, d, L, view)
    _draw_tracks(img, L, view)
    _draw_ring(d, L, view, locale)
    # decks
    dy = g["deck_y"]
    parts = [f"{k} ×{v}" for k, v in view["nile_decks"].items()]
    txt = _tr("nile_decks", locale, decks="  ".join(parts))
    _card_icon(d, rx + 22, dy + 11, 11, TYPE_COLOURS["permanent"])
    _tx(d, (rx + 38, dy), _ell(txt, 18, False, rw / 2 + 60), 18)
    sx = rx + rw / 2 + 120
    _card_icon(d, sx, dy + 11, 11, GOLD)
    _tx(d, (sx + 16, dy), _ell(_tr("sphinx_deck", locale, n=view["sphinx_deck"]), 18, False, rx + rw - sx - 24), 18)


def _draw_tombs(img: Image.Image, d: ImageDraw.ImageDraw, L: _L, view: PublicView) -> None:
    """The tomb row: space 1 (at the Nile) on the left."""
    g = _right_geo(L)
    rx = L.right_x
    tw, th = g["tomb_w"], g["tomb_h"]
    first_up = True
    for k, sp in enumerate(view["tombs"]["spaces"][:12]):
        x0, y0 = rx + 12 + k * (tw + 4), g["tomb_y"]
        box = (x0, y0, x0 + tw, y0 + th)
        val = sp["value"]
        owner = sp["owner"]
        if sp["state"] == "taken" or owner is not None:
            col = player_colour(owner)
            d.rectangle(box, fill=col, outline=INK, width=1)
            paste_marker(img, owner, x0 + tw / 2, y0 + 19, 26)
            if val is not None:
                _tx(d, (x0 + tw / 2, y0 + th - 2), str(val), 17, True, ink_for(col), "md")
        elif sp["state"] == "face_up":
            d.rectangle(box, fill=WHITE, outline=INK, width=2)
            if first_up:  # the next tile to take
                d.rectangle((x0 - 3, y0 - 3, x0 + tw + 3, y0 + th + 3), outline=rgb("#d08c00"), width=4)
                first_up = False
            _tx(d, (x0 + tw / 2, y0 + th / 2), str(val if val is not None else "?"), 28, True, INK, "mm")
        else:
            d.rectangle(box, fill=HIDDEN, outline=INK, width=1)
            _tx(d, (x0 + tw / 2, y0 + th / 2), "?", 24, True, _light(HIDDEN, 0.5), "mm")


def _draw_tracks(img: Image.Image, L: _L, view: PublicView) -> None:
    """The markers on the stone-sale and grain-market tracks."""
    g = _right_geo(L)
    for key, ty in (("stone_sale", g["ss_y"]), ("grain_market", g["gm_y"])):
        for k, seats in enumerate(view["tracks"][key]["markers"][:5]):
            bx = g["track_x"] + k * g["track_fw"]
            size = 24 if len(seats) <= 3 else 20
            step = size + 2
            x = bx + (g["track_fw"] - 4) / 2 - (len(seats) - 1) * step / 2
            for j, s in enumerate(seats):
                paste_marker(img, s, x + j * step, ty + 42, size)


def _draw_ring(d: ImageDraw.ImageDraw, L: _L, view: PublicView, locale: str) -> None:
    """The water ring's three positions and the colours each waters."""
    g = _right_geo(L)
    rx, rw = L.right_x, L.right_w
    ring = view["ring"]
    positions = view["ring_positions"]
    y = g["ring_y"]
    px0 = g["track_x"]
    pw = (rx + rw - 12 - px0) / max(1, len(positions))
    for k, pos in enumerate(positions):
        bx = px0 + k * pw
        active = pos == ring
        d.rounded_rectangle((bx, y, bx + pw - 6, y + 40), radius=8, fill=WATER_LIGHT if active else SAND,
                            outline=WATER if active else STONE_DARK, width=4 if active else 1)
        for j, c in enumerate(IRRIGATION.get(pos, ())):
            cx = bx + 22 + j * 30
            d.rectangle((cx - 12, y + 8, cx + 12, y + 32), fill=FIELD_COLOURS[c], outline=INK)
            _tx(d, (cx, y + 20), _tr(f"field_letter.{c}", locale), 14, True, ink_for(FIELD_COLOURS[c]), "mm")
        if active:
            d.ellipse((bx + pw - 42, y + 6, bx + pw - 14, y + 34), outline=WATER, width=5)
    if ring in IRRIGATION:
        txt = _tr(f"ring_pos.{ring}", locale)
        _tx(d, (rx + 12, y + 26), txt, _fit(txt, px0 - rx - 18, 17, 13), False, SUBTLE)


# --------------------------------------------------------------------------- score track


def _draw_score(img: Image.Image, d: ImageDraw.ImageDraw, L: _L, view: PublicView, names: list[str],
                locale: str) -> None:
    g = _score_geo(L)
    st = view["score_track"]
    every = st["scarab_every"]
    tabs = view["tableaux"]
    stacks: dict[int, int] = {}
    for sp in st["spaces"]:
        score = sp["score"]
        pos = -1 if score < 0 else score % every
        cx = g["neg_x"] + g["neg_w"] / 2 if score < 0 else g["x0"] + pos * g["cw"] + g["cw"] / 2
        for s in sp["players"]:  # first to arrive nearest the track
            k = stacks.get(pos, 0)
            stacks[pos] = k + 1
            if k >= L.stack:
                continue
            cy = g["strip_y"] - MARK / 2 - 2 - k * (MARK - 1)
            paste_marker(img, s, cx, cy, MARK)
            if score >= every:
                _scarab(d, cx + MARK / 2, cy - MARK / 2 + 4, 5)
    order = st["order"]
    x = M + 14 + _len(_tr("order", locale), 18, True) + 12
    y = g["order_y"]
    slot = (WIDTH - M - 10 - x) / max(1, len(order))
    for rank, s in enumerate(order):
        score = tabs[s]["score"]
        sc = tabs[s]["scarabs"]
        bx = x + rank * slot
        _tx(d, (bx, y), f"{rank + 1}.", 18, True)
        paste_marker(img, s, bx + 36, y + 11, 24)
        label = str(score)
        tail = _len(label, 18, True) + (_len(f"×{sc}", 16, True) + 30 if sc else 0)
        nm = _ell(names[s] if s < len(names) else "?", 18, False, max(24, slot - 56 - tail - 16))
        _tx(d, (bx + 52, y), nm, 18)
        tx = bx + 52 + _len(nm, 18) + 8
        _tx(d, (tx, y), label, 18, True)
        if sc:
            sx = tx + _len(label, 18, True) + 12
            _scarab(d, sx, y + 11, 7)
            _tx(d, (sx + 9, y + 2), f"×{sc}", 16, True, SUBTLE)


# --------------------------------------------------------------------------- header


def _draw_header(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, names: list[str], locale: str) -> None:
    rnd = view["round"]
    phase = view["phase"]
    x = M + _len(_tr("title", locale), 32, True) + 24
    head = _tr("round", locale, n=rnd, of=5)
    _tx(d, (x, 8), head, 22, True, WHITE)
    if phase:
        _tx(d, (x + _len(head, 22, True) + 14, 8), _tr(f"phase.{phase}", locale), 22, False, HEAD_TEXT)
    # who must act
    pend = view["pending"]
    y = 38
    order = view["turn_order"]
    tw = 64
    tiles_x = WIDTH - M - len(order) * (tw + 6) + 6
    limit = tiles_x - 24
    fin = view["final"]
    if fin is not None and fin["winners"]:
        wn = [names[s] for s in fin["winners"] if s < len(names)]
        wt = _tr("winner" if len(wn) == 1 else "winners", locale, names=", ".join(wn))
        _tx(d, (x, y), _ell("★ " + wt, 19, True, limit - x), 19, True, GOLD)
    elif phase == "over":
        _tx(d, (x, y), _tr("game_over", locale), 19, True, GOLD)
    elif pend is not None and pend["seats"]:
        kind = pend["kind"]
        lead = _tr("waiting", locale)
        _tx(d, (x, y), lead, 19, False, HEAD_TEXT)
        px = x + _len(lead, 19) + 8
        seats = pend["seats"]
        for s in seats:
            if px > limit - 60:
                _tx(d, (px, y), "…", 19, True, WHITE)
                px += 20
                break
            paste_marker(img, s, px + 11, y + 11, 22)
            nm = _ell(names[s] if s < len(names) else "?", 19, True, 220 if len(seats) == 1 else 110)
            _tx(d, (px + 26, y), nm, 19, True, WHITE)
            px += 26 + _len(nm, 19, True) + 12
        what = _tr(f"pending.{kind}", locale) if kind else ""
        if what.startswith("egizia_render."):
            what = ""
        if what and px < limit - 40:
            _tx(d, (px, y), _ell("— " + what, 19, False, limit - px), 19, False, HEAD_TEXT)
    # turn-order tiles
    if order:
        _tx(d, (tiles_x - 10, 24), _tr("turn_order", locale), 18, True, HEAD_TEXT, "ra")
    for k, s in enumerate(order):
        bx = tiles_x + k * (tw + 6)
        rounded_box(d, (bx, 11, bx + tw, 57), 6, fill=SAND, outline=GOLD, width=2)
        _tx(d, (bx + 16, 34), str(k + 1), 24, True, INK, "mm")
        paste_marker(img, s, bx + 44, 34, 28)


# --------------------------------------------------------------------------- tableaux

TAB_W = (WIDTH - 2 * M - GAP) // 2
TAB_HEAD = 48
TAB_INFO = 36
TAB_BUILDERS = 58
LINE_H = 36
CHIP_H = 30
LABEL_W = 112


@lru_cache(maxsize=1024)
def _chip_img(text: str, fill: Colour, outline: Colour, size: int, bold: bool, h: int, bg: Colour) -> Image.Image:
    w = round(_len(text, size, bold) + 16)
    im = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=7, fill=fill, outline=outline, width=1)
    _tx(d, (8, h / 2), text, size, bold, ink_for(fill), "lm")
    return im


def _chip(img: Image.Image, x: float, y: float, text: str, fill: Colour, size: int = 18, bold: bool = False,
          outline: Colour | None = None, h: int = CHIP_H, bg: Colour = PANEL) -> float:
    """A rounded label (drawn once, then pasted from the cache); returns its width."""
    im = _chip_img(text, tuple(fill), tuple(outline or mix(fill, INK, 0.35)), size, bold, h, tuple(bg))
    img.paste(im, (round(x), round(y)))
    return im.width


def _item_text(kind: str, item: Mapping[str, Any], locale: str, maxw: float) -> str:
    name = _card_name(item, locale)
    if kind == "perm" and item["used_this_round"]:
        name = "✓ " + name
    elif kind == "in_force":
        name = "★ " + name
    elif kind == "anytime":
        name = "⚡ " + name
    return _ell(name, 18, False, maxw - 16)


def _item_w(kind: str, item: Mapping[str, Any], locale: str, maxw: float) -> float:
    if kind == "field":
        return 78 + (20 if item["improvers"] else 0)
    if kind == "quarry":
        return 58
    return _len(_item_text(kind, item, locale, maxw), 18) + 16


Item = Mapping[str, Any]  # a field, quarry or card view of a tableau


def _tableau_rows(tab: TableauView, locale: str) -> list[tuple[str, list[list[tuple[str, Item, float]]]]]:
    """The wrapped item rows below the builders: (label key, lines of (kind, item, width))."""
    fields = tab["fields"]
    quarries = tab["quarries"]
    skip = {f["id"] for f in fields} | {q["id"] for q in quarries}
    cards: list[tuple[str, Item]] = [("perm", p) for p in tab["permanents"] if p["id"] not in skip]
    cards += [("anytime", c) for c in tab["anytime"]]
    cards += [("in_force", c) for c in tab["in_force"]]
    production: list[tuple[str, Item]] = [("field", f) for f in fields] + [("quarry", q) for q in quarries]
    groups = [("production", production), ("cards", cards)]
    avail = TAB_W - 24 - LABEL_W
    out = []
    for label, items in groups:
        lines: list[list[tuple[str, Item, float]]] = [[]]
        x = 0.0
        for kind, item in items:
            iw = _item_w(kind, item, locale, avail)
            if lines[-1] and x + iw > avail:
                lines.append([])
                x = 0.0
            lines[-1].append((kind, item, iw))
            x += iw + 6
        out.append((label, lines))
    return out


def _tableau_height(tab: TableauView, locale: str) -> int:
    h = TAB_HEAD + TAB_INFO + TAB_BUILDERS + 8
    for _, lines in _tableau_rows(tab, locale):
        h += max(1, len(lines)) * LINE_H
    if tab["cooperated"]:
        h += 28
    return h + 6


def _draw_tableau(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, h: float, tab: TableauView, seat: int,
                  name: str, locale: str, view: PublicView, acting: bool = False) -> None:
    w = TAB_W
    col = player_colour(seat)
    rounded_box(d, (x, y, x + w, y + h), 10, fill=PANEL, outline=col, width=5 if acting else 3)
    d.rounded_rectangle((x + 3, y + 3, x + w - 3, y + TAB_HEAD), radius=8, fill=_light(col, 0.78))
    paste_marker(img, seat, x + 26, y + 26, 32)
    _tableau_band(img, d, x, y, tab, seat, name, locale, view["phase"], acting)
    _tableau_info(d, x, y + TAB_HEAD + 8, tab, locale)
    # builders (colour + name; used ones faded, struck through and labelled)
    yb = y + TAB_HEAD + TAB_INFO + 2
    bxw = (w - 28 - 3 * 8) // 4
    bx = x + 14
    builders = {b["id"]: b for b in tab["builders"]}
    for bid in BUILDERS:
        b = builders[bid]
        img.paste(_builder_img(bid, b["strength"], b["used"], bxw, locale), (round(bx), round(yb)))
        bx += bxw + 8
    # production (fields, quarries) and cards (permanent, anytime, in force)
    yy = yb + TAB_BUILDERS
    for label, lines in _tableau_rows(tab, locale):
        lab = _tr(label, locale)
        _tx(d, (x + 14, yy + 6), lab, _fit(lab, LABEL_W - 8, 18, 12, True), True, SUBTLE)
        if not lines[0]:
            _tx(d, (x + 14 + LABEL_W, yy + 4), "—", 18, False, SUBTLE)
        for line in lines:
            ix = x + 14 + LABEL_W
            for kind, item, iw in line:
                _draw_item(img, d, ix, yy, kind, item, iw, locale)
                ix += iw + 6
            yy += LINE_H
    if tab["cooperated"]:
        txt = _tr("cooperated", locale, sites=", ".join(_site_name(c, locale) for c in tab["cooperated"]))
        _tx(d, (x + 14, yy + 3), _ell(txt, 18, False, w - 28), 18, False, SUBTLE)


def _tableau_band(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, tab: TableauView, seat: int,
                  name: str, locale: str, phase: str, acting: bool) -> None:
    """The name band: name (▶ when acting), then from the right score, scarabs, tile and 'passed'."""
    col = player_colour(seat)
    sc_txt = _tr("vp", locale, n=tab["score"])
    rx = x + TAB_W - 12 - _len(sc_txt, 22, True)
    _tx(d, (rx, y + 13), sc_txt, 22, True)
    if tab["scarabs"]:
        st = f"×{tab['scarabs']}"
        rx -= _len(st, 17, True) + 30
        _scarab(d, rx + 10, y + 25, 9)
        _tx(d, (rx + 22, y + 16), st, 17, True)
    tt = _tr("tile", locale, n=tab["tile"])
    tw = round(_len(tt, 18, True) + 16)
    rx -= tw + 12
    _chip(img, rx, y + 11, tt, SAND, 18, True, GOLD, 28, _light(col, 0.78))
    if tab["passed"] and phase in ("sail", "leftover"):
        pt = _tr("passed", locale)
        pw = round(_len(pt, 17, True) + 16)
        rx -= pw + 10
        _chip(img, rx, y + 12, pt, SUBTLE, 17, True, SUBTLE, 26, _light(col, 0.78))
    nx = x + 48
    if acting:
        d.polygon([(nx, y + 16), (nx + 12, y + 25), (nx, y + 34)], fill=INK)
        nx += 18
    _tx(d, (nx, y + 12), _ell(name, 23, True, rx - nx - 10), 23, True)


def _tableau_info(d: ImageDraw.ImageDraw, x: float, y2: float, tab: TableauView, locale: str) -> None:
    """The info line: stones, ships, Sphinx cards, feeding, tombs (as many as fit)."""
    cx = x + 14
    parts: list[tuple[str, str, bool]] = [
        ("stone", _tr("stones", locale, n=tab["stones"], max=25), True),
        ("ship", _tr("ships", locale, n=tab["ships"]), False),
        ("sphinx", _tr("sphinx_cards", locale, n=tab["sphinx_count"]), False),
        ("grain", _tr("feed", locale, grain=tab["grain_now"], need=tab["need"]), False),
    ]
    tombs = tab["tomb_tiles"]
    if tombs:
        parts.append(("tomb", _tr("tombs_held", locale, n=len(tombs), total=sum(tombs)), False))
    right_limit = x + TAB_W - 10
    for icon, txt, bold in parts:
        tw = _len(txt, 19, bold)
        if cx + 24 + tw > right_limit:
            break
        _INFO_ICONS[icon](d, cx, y2)
        _tx(d, (cx + 23, y2 + 1), txt, 19, bold)
        cx += 23 + tw + 14


_INFO_ICONS = {
    "stone": lambda d, cx, y2: _stone_icon(d, cx + 9, y2 + 12, 9),
    "ship": lambda d, cx, y2: _ship_icon(d, cx + 10, y2 + 9, 10),
    "sphinx": lambda d, cx, y2: _card_icon(d, cx + 9, y2 + 12, 11, GOLD),
    "tomb": lambda d, cx, y2: d.rectangle((cx + 1, y2 + 3, cx + 17, y2 + 21), fill=HIDDEN),
    "grain": lambda d, cx, y2: d.ellipse((cx + 2, y2 + 4, cx + 16, y2 + 20), fill=FIELD_COLOURS["yellow_green"],
                                         outline=INK),
}


@lru_cache(maxsize=256)
def _builder_img(bid: str, strength: int, used: bool, w: int, locale: str) -> Image.Image:
    """A builder tile: colour, strength and name; a used one is faded, struck through and labelled."""
    h = 48
    im = Image.new("RGB", (w + 1, h + 1), PANEL)
    d = ImageDraw.Draw(im)
    fill = mix(BUILDER_COLOURS[bid], PANEL, 0.7) if used else BUILDER_COLOURS[bid]
    d.rounded_rectangle((0, 0, w, h), radius=7, fill=fill, outline=INK, width=2)
    ink = ink_for(fill)
    _tx(d, (10, 24), str(strength), 28, True, ink, "lm")
    lab = _tr(f"builder.{bid}", locale)
    _tx(d, (w - 7, 15 if used else 24), lab, _fit(lab, w - 48, 16, 11, True), True, ink, "rm")
    if used:
        ul = _tr("used", locale)
        _tx(d, (w - 7, 34), ul, _fit(ul, w - 48, 16, 11, True), True, ALERT, "rm")
        d.line([(4, 44), (40, 4)], fill=ink, width=2)
    return im


@lru_cache(maxsize=512)
def _field_img(eff: str, base: str, grain: int, improvers: int, watered: bool, w: int, locale: str) -> Image.Image:
    """A grain field: colour (letter too), grain, improvers, and a drop if watered now (else a crossed circle)."""
    h = CHIP_H
    im = Image.new("RGB", (w, h), PANEL)
    d = ImageDraw.Draw(im)
    fill = FIELD_COLOURS.get(eff, STONE)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=6, fill=fill, outline=INK, width=1)
    if base != eff and base in FIELD_COLOURS:  # improved field: the printed colour in the corner
        d.polygon([(1, 1), (14, 1), (1, 14)], fill=FIELD_COLOURS[base])
    ink = ink_for(fill)
    _tx(d, (7, h / 2), _tr(f"field_letter.{eff}", locale) if eff in FIELD_COLOURS else "?", 14, True, ink, "lm")
    _tx(d, (42, h / 2), str(grain), 20, True, ink, "mm")
    if improvers:
        _tx(d, (56, h / 2), f"+{improvers}", 15, True, ink, "lm")
    dx = w - 14
    if watered:
        d.ellipse((dx - 11, 4, dx + 11, 26), fill=WHITE)
        _drop(d, dx, 12, 6)
    else:
        d.ellipse((dx - 11, 4, dx + 11, 26), fill=mix(fill, INK, 0.3))
        d.line([(dx - 6, 9), (dx + 6, 21)], fill=WHITE, width=2)
    return im


@lru_cache(maxsize=64)
def _quarry_img(stones: int, w: int) -> Image.Image:
    h = CHIP_H
    im = Image.new("RGB", (w, h), PANEL)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=6, fill=STONE, outline=INK, width=1)
    _stone_icon(d, 15, h / 2, 9)
    _tx(d, (40, h / 2), str(stones), 20, True, INK, "mm")
    return im


def _draw_item(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, kind: str, item: Item, iw: float,
               locale: str) -> None:
    pos = (round(x), round(y))
    if kind == "field":
        im = _field_img(item["effective_color"], item["color"], item["grain"], len(item["improvers"]),
                        item["watered"], round(iw), locale)
        img.paste(im, pos)
        return
    if kind == "quarry":
        img.paste(_quarry_img(item["stones"], round(iw)), pos)
        return
    text = _item_text(kind, item, locale, TAB_W - 24 - LABEL_W)
    if kind == "perm":
        fill = _light(TYPE_COLOURS["permanent"], 0.85 if item["used_this_round"] else 0.55)
        _chip(img, x, y, text, fill, 18, False, TYPE_COLOURS["permanent"])
    elif kind == "in_force":
        _chip(img, x, y, text, GOLD, 18, False, TYPE_COLOURS["anytime"])
    else:
        _chip(img, x, y, text, _light(TYPE_COLOURS["anytime"], 0.6), 18, False, TYPE_COLOURS["anytime"])


# --------------------------------------------------------------------------- final result


FINAL_TEXT_X = M + 400
FINAL_TEXT_W = WIDTH - M - 14 - FINAL_TEXT_X


def _final_rows(fin: FinalView, locale: str) -> list[tuple[int, tuple[str, ...], str, int]]:
    """Per seat, best first: (seat, wrapped scoring lines, Sphinx cards not in the lines, row height)."""
    scores = fin["scores"]
    out = []
    for s in sorted(range(len(scores)), key=lambda s: -scores[s]):
        parts, whats = [], set()
        for seat, what, vp in fin["lines"]:
            if seat == s:
                whats.add(what)
                parts.append(f"{_what_name(what, locale)} {vp:+d}")
        lines = _wrap(" · ".join(parts), 18, False, FINAL_TEXT_W, 3) if parts else ()
        rev = [c for c in fin["sphinx_revealed"][str(s)] if c not in whats]
        rtxt = _tr("sphinx_revealed", locale, cards=", ".join(_sphinx_name(c, locale) for c in rev)) if rev else ""
        out.append((s, lines, rtxt, max(30, 22 * len(lines)) + (24 if rtxt else 0) + 10))
    return out


def _final_height(view: PublicView, locale: str = "en") -> int:
    fin = view["final"]
    if fin is None:
        return 0
    return 50 + sum(r[3] for r in _final_rows(fin, locale)) + 4


def _what_name(what: str, locale: str) -> str:
    if what in ("stone_sale", "tombs"):
        return _cat(f"egizia.final.{what}", locale, _tr(f"final_{what}", locale))
    return _sphinx_name(what, locale)


def _draw_final(img: Image.Image, d: ImageDraw.ImageDraw, y: float, fin: FinalView, h: int, names: list[str],
                locale: str) -> None:
    rounded_box(d, (M, y, WIDTH - M, y + h), 10, fill=rgb("#fff6d8"), outline=GOLD, width=3)
    _tx(d, (M + 14, y + 10), _tr("final", locale), 22, True)
    scores = fin["scores"]
    winners = set(fin["winners"])
    wn = [names[s] for s in sorted(winners) if s < len(names)]
    if wn:
        wt = _tr("winner" if len(wn) == 1 else "winners", locale, names=", ".join(wn))
        x = M + 30 + _len(_tr("final", locale), 22, True)
        _tx(d, (x, y + 12), _ell("★ " + wt, 20, True, WIDTH - M - 20 - x), 20, True, OK_GREEN)
    yy = y + 48
    for s, lines, rtxt, rh in _final_rows(fin, locale):
        paste_marker(img, s, M + 30, yy + 14, 26)
        _tx(d, (M + 50, yy + 3), _ell(names[s] if s < len(names) else "?", 20, True, 230), 20, True)
        vp = _tr("vp", locale, n=scores[s])
        _tx(d, (M + 300, yy + 3), vp, 20, True)
        if s in winners:
            _tx(d, (M + 306 + _len(vp, 20, True), yy + 2), "★", 22, True, GOLD)
        for k, ln in enumerate(lines):
            _tx(d, (FINAL_TEXT_X, yy + 4 + 22 * k), ln, 18)
        if rtxt:
            ry = yy + max(30, 22 * len(lines)) + 2
            _tx(d, (M + 50, ry), _ell(rtxt, 17, False, WIDTH - 2 * M - 70), 17, False, SUBTLE)
        yy += rh


# --------------------------------------------------------------------------- public entry point


def _compose(view: PublicView, names: list[str], locale: str) -> Image.Image:
    tabs = view["tableaux"]
    n = view["players"]
    L = _L(n)
    base = _static_board(n, locale, _river_static(view))
    heights = [_tableau_height(tb, locale) for tb in tabs]
    pairs = [max(heights[i:i + 2]) for i in range(0, len(heights), 2)]
    fh = _final_height(view, locale)
    total = L.board_h + (fh + GAP if fh else 0) + sum(h + GAP for h in pairs) + M - GAP
    img = Image.new("RGB", (WIDTH, max(total, L.board_h)), BG)
    img.paste(base, (0, 0))
    d = ImageDraw.Draw(img)
    _draw_header(img, d, view, names, locale)
    _draw_river(img, d, L, view, locale)
    _draw_buildings(img, d, L, view)
    _draw_right(img, d, L, view, locale)
    _draw_score(img, d, L, view, names, locale)
    y = L.board_h
    if view["final"] is not None:
        _draw_final(img, d, y, view["final"], fh, names, locale)
        y += fh + GAP
    pend = view["pending"]
    acting = set(pend["seats"]) if pend is not None else set()
    for k, tb in enumerate(tabs):
        row, colm = divmod(k, 2)
        seat = tb["seat"]
        _draw_tableau(img, d, M + colm * (TAB_W + GAP), y + sum(h + GAP for h in pairs[:row]), pairs[row], tb, seat,
                      names[seat] if seat < len(names) else "?", locale, view, seat in acting)
    return img


def render_public(view: PublicView, names: list[str], locale: str = "en") -> bytes:
    """PNG of the public board. Only ``view`` (the public view, which holds no secret) is drawn."""
    return encode_png(_compose(view, _names(names, view["players"], locale), locale))


# --------------------------------------------------------------------------- private view

PRIV_W = 2 * M + TAB_W  # narrow: it is read on a phone in an ephemeral reply
SCARD_W = (TAB_W - 10) // 2
SCARD_H = 104


def _sphinx_points(card: DrawnSphinxView, locale: str) -> str:
    """The printed points of a Sphinx card: a fixed amount or the by-count table ("2/4/7/7 VP")."""
    if card["printed_vp"] is not None:
        return _tr("vp", locale, n=card["printed_vp"])
    if card["vp_by_count"]:
        return _tr("vp", locale, n="/".join(str(v) for v in card["vp_by_count"]))
    return ""


@lru_cache(maxsize=512)
def _sphinx_card_img(name: str, scope: str, points: str, locale: str, drawing: bool) -> Image.Image:
    w, h = SCARD_W, SCARD_H
    img = Image.new("RGB", (w, h), BG)
    d = ImageDraw.Draw(img)
    rounded_box(d, (0, 0, w - 1, h - 1), 10, fill=rgb("#fbf0cf"), outline=ALERT if drawing else SITE_EDGE, width=3)
    if scope in ("global", "personal"):
        st = _tr(f"scope.{scope}", locale)
        tw = _len(st, 16, True) + 14
        rounded_box(d, (8, 8, 8 + tw, 31), 5, fill=rgb("#2a5c8a") if scope == "global" else rgb("#7a3b12"))
        _tx(d, (15, 11), st, 16, True, WHITE)
    if points:
        _tx(d, (w - 10, 9), points, 19, True, INK, "ra")
    size, lines = _fit_wrap(name, w - 20, 2, 20, 15, True)
    _lines_c(d, w / 2, 40 + (2 - len(lines)) * 11, lines, size, True)
    return img


def _chip_lines(anytime: list[CardRef], playable: set[str], locale: str) -> list[list[tuple[str, int, bool]]]:
    """The anytime cards as wrapped chips: (text, width, playable now)."""
    lines: list[list[tuple[str, int, bool]]] = [[]]
    cx = 0.0
    for c in anytime:
        now = c["id"] in playable
        txt = _ell(("▶ " if now else "") + _card_name(c, locale), 19, True, TAB_W - 40)
        cw = round(_len(txt, 19, True) + 16)
        if lines[-1] and cx + cw > TAB_W:
            lines.append([])
            cx = 0.0
        lines[-1].append((txt, cw, now))
        cx += cw + 8
    return lines


def _grid_h(k: int) -> int:
    return ((k + 1) // 2) * (SCARD_H + 10)


def _sphinx_grid(img: Image.Image, y: float, cards: Sequence[DrawnSphinxView], locale: str, drawing: bool) -> None:
    for k, c in enumerate(cards):
        r, col = divmod(k, 2)
        im = _sphinx_card_img(_sphinx_name(c, locale), c["scope"], _sphinx_points(c, locale), locale, drawing)
        img.paste(im, (M + col * (SCARD_W + 10), round(y) + r * (SCARD_H + 10)))


def render_private(public_view: PublicView, private_view: PrivateView, names: list[str], locale: str = "en") -> bytes:
    """PNG of one player's hidden cards and anytime cards, with their tableau (only for that player)."""
    priv = private_view["private"]
    view = public_view
    seat = priv["seat"]
    names = _names(names, view["players"], locale)
    sphinx, drawing = priv["sphinx"], priv["drawing"]
    playable = {a.split()[1] for a in priv["playable_now"] if len(a.split()) > 1 and a.split()[0] == "play"}
    tab = view["tableaux"][seat]
    chip_lines = _chip_lines(priv["anytime"], playable, locale)
    any_now = any(now for line in chip_lines for _, _, now in line)
    th = _tableau_height(tab, locale)
    h = 78 + 38 + max(_grid_h(len(sphinx)), 36) + 8
    if drawing:
        h += 38 + _grid_h(len(drawing)) + 8
    h += 38 + max(1, len(chip_lines)) * 42 + 8 + (24 if any_now else 0)
    h += th + GAP + M
    img = Image.new("RGB", (PRIV_W, h), BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, PRIV_W, 70), fill=HEAD_BG)
    paste_marker(img, seat, M + 20, 35, 36)
    who = names[seat]
    title = _tr("private_title", locale, name=who)
    _tx(d, (M + 48, 8), _ell(title, 24, True, PRIV_W - M - 60), 24, True, GOLD)
    sub = _tr("round", locale, n=view["round"], of=5) + "  ·  " + _tr(f"phase.{view['phase']}", locale)
    _tx(d, (M + 48, 40), _ell(sub, 19, False, PRIV_W - M - 60), 19, False, HEAD_TEXT)
    y = 80
    _tx(d, (M, y), _tr("your_sphinx", locale, n=len(sphinx)), 22, True)
    y += 36
    if not sphinx:
        _tx(d, (M + 4, y + 4), _tr("none", locale), 19, False, SUBTLE)
    _sphinx_grid(img, y, sphinx, locale, False)
    y += max(_grid_h(len(sphinx)), 36) + 8
    if drawing:
        _tx(d, (M, y), _ell(_tr("drawing", locale), 22, True, TAB_W), 22, True, ALERT)
        y += 36
        _sphinx_grid(img, y, drawing, locale, True)
        y += _grid_h(len(drawing)) + 8
    _tx(d, (M, y), _tr("your_anytime", locale, n=len(priv["anytime"])), 22, True)
    y += 38
    if not priv["anytime"]:
        _tx(d, (M + 4, y + 4), _tr("none", locale), 19, False, SUBTLE)
    for line in chip_lines:
        x = M
        for txt, cw, now in line:
            fill = GOLD if now else _light(TYPE_COLOURS["anytime"], 0.6)
            _chip(img, x, y, txt, fill, 19, True, TYPE_COLOURS["anytime"], 34, BG)
            x += cw + 8
        y += 42
    if any_now:
        _tx(d, (M, y - 2), _ell(_tr("playable_hint", locale), 17, False, TAB_W), 17, False, SUBTLE)
        y += 24
    _draw_tableau(img, d, M, y + 8, th, tab, seat, who, locale, view)
    return encode_png(img)
