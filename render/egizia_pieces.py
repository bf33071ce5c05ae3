"""Egizia's picture pieces: colours and sizes, cached text, names, icons, and the small images drawn
once and pasted (river card faces, chips, builders, fields, quarries, Sphinx cards). Used by
:mod:`render.egizia`; everything here is pure and cached, so safe in a worker thread.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engines.egizia.views import DrawnSphinxView
from render.common import (
    INK,
    WHITE,
    Colour,
    clean_name,
    font,
    ink_for,
    mix,
    note_drawn,
    paste_marker,
    player_colour,
    rgb,
    rounded_box,
    text_mask,
)
from render.i18n import t

# --------------------------------------------------------------------------- colours and sizes

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


CELL_W = 118


MARK = 24  # marker size on bricks and the score track


def tr(key: str, locale: str, **params: Any) -> str:
    return t("egizia_render." + key, locale, **params)


def cat(key: str, locale: str, fallback: str, **params: Any) -> str:
    """A text from another catalogue (the engine's ``egizia.*`` keys), else ``fallback``."""
    s = t(key, locale, **params)
    return fallback if s == key else s


def tx(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, bold: bool = False,
        fill: Sequence[int] = INK, anchor: str = "la") -> None:
    """Draw ``text`` like ``ImageDraw.text`` but from a cached glyph mask."""
    if not text:
        return
    note_drawn(text)
    m, left, top = text_mask(text, int(size), bool(bold), anchor)
    d.bitmap((round(xy[0]) + left, round(xy[1]) + top), m, fill=tuple(fill))


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)


@lru_cache(maxsize=8192)
def ellipsize(text: str, size: int, bold: bool, max_width: float) -> str:
    """``text`` cut with ``…`` to at most ``max_width`` px."""
    if text_width(text, size, bold) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + "…", size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return (text[:lo].rstrip() + "…") if lo > 0 else "…"


@lru_cache(maxsize=4096)
def fit_size(text: str, max_width: float, size: int, min_size: int, bold: bool = False) -> int:
    """The largest font size (``size`` down to ``min_size``) at which ``text`` fits ``max_width``."""
    s = size
    while s > min_size and text_width(text, s, bold) > max_width:
        s -= 1
    return s


@lru_cache(maxsize=4096)
def wrap(text: str, size: int, bold: bool, width: float, max_lines: int) -> tuple[str, ...]:
    """Greedy word wrap (also after ``/``); the last line is ellipsized if the text does not fit."""
    words = text.replace("/", "/ ").replace("-", "- ").split()
    lines: list[str] = []
    cur = ""
    i = 0

    def join(a: str, b: str) -> str:
        return a + b if a.endswith(("/", "-")) else (a + " " + b if a else b)

    while i < len(words) and len(lines) < max_lines:
        trial = join(cur, words[i])
        if text_width(trial, size, bold) <= width:
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
        lines[-1] = ellipsize(rest, size, bold, width)
    return tuple(ellipsize(ln, size, bold, width) for ln in lines)


def fit_wrap(text: str, width: float, max_lines: int, size: int, min_size: int,
              bold: bool = False) -> tuple[int, tuple[str, ...]]:
    """The largest size (down to ``min_size``) at which ``text`` wraps into ``max_lines`` uncut lines."""
    for s in range(size, min_size - 1, -1):
        lines = wrap(text, s, bold, width, max_lines)
        if not any(ln.endswith("…") for ln in lines):
            return s, lines
    return min_size, wrap(text, min_size, bold, width, max_lines)


def lines_centred(d: ImageDraw.ImageDraw, cx: float, y: float, lines: Sequence[str], size: int, bold: bool = False,
             fill: Sequence[int] = INK, lh: float | None = None) -> float:
    lh = lh or round(size * 1.2)
    for ln in lines:
        tx(d, (cx, y), ln, size, bold, fill, "ma")
        y += lh
    return y


def seat_names(names: Sequence[str] | None, n: int, locale: str) -> list[str]:
    out = []
    names = list(names or [])
    for i in range(n):
        raw = names[i] if i < len(names) and names[i] is not None else ""
        out.append(clean_name(str(raw), tr("seat", locale, n=i + 1)))
    return out


def strip_id(name: str, cid: str) -> str:
    """Catalogue card names start with their id (``"N05 yellow-green field 5"``); the board drops it."""
    if cid and name.startswith(cid + " "):
        return name[len(cid) + 1:]
    return name


@lru_cache(maxsize=1024)
def card_name_of(cid: str, fallback: str, locale: str) -> str:
    return clean_name(strip_id(cat(f"egizia.card.{cid}", locale, fallback or cid), cid), cid)


def card_name(card: Mapping[str, Any], locale: str) -> str:
    """A Nile card's name (a card view with ``id`` and ``name``)."""
    return card_name_of(card["id"], card["name"] or card["id"], locale)


@lru_cache(maxsize=512)
def sphinx_name_of(cid: str, fallback: str, locale: str) -> str:
    return clean_name(strip_id(cat(f"egizia.sphinx.{cid}", locale, fallback or cid), cid), cid)


def sphinx_name(card: DrawnSphinxView | str, locale: str) -> str:
    if isinstance(card, str):
        return sphinx_name_of(card, "", locale)
    return sphinx_name_of(card["id"], card["name"], locale)


def site_name(sid: str, locale: str) -> str:
    key = f"site.{sid}"
    s = tr(key, locale)
    if s == "egizia_render." + key:
        s = cat(f"egizia.site.{sid}", locale, sid)
    return s


def light(c: Sequence[int], k: float = 0.72) -> Colour:
    return mix(c, WHITE, k)


def check_mark(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A small green badge with a tick (``done``)."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=OK_GREEN, outline=WHITE, width=2)
    d.line([(cx - r * 0.5, cy), (cx - r * 0.1, cy + r * 0.45), (cx + r * 0.55, cy - r * 0.4)], fill=WHITE,
           width=max(2, int(r / 3)))


def drop_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Colour = WATER) -> None:
    """A water drop (a watered field)."""
    d.ellipse((cx - r, cy - r * 0.3, cx + r, cy + r * 1.7), fill=fill)
    d.polygon([(cx - r * 0.86, cy + r * 0.35), (cx, cy - r * 1.3), (cx + r * 0.86, cy + r * 0.35)], fill=fill)


def scarab_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A small scarab (each is worth 50 points)."""
    d.ellipse((cx - r * 0.7, cy - r * 0.55, cx + r * 0.7, cy + r), fill=GOLD, outline=INK, width=1)
    d.ellipse((cx - r * 0.42, cy - r, cx + r * 0.42, cy - r * 0.35), fill=GOLD, outline=INK, width=1)
    d.line([(cx, cy - r * 0.5), (cx, cy + r)], fill=INK, width=1)
    for s in (-1, 1):
        d.line([(cx + s * r * 0.7, cy), (cx + s * r * 1.05, cy - r * 0.35)], fill=INK, width=1)
        d.line([(cx + s * r * 0.7, cy + r * 0.5), (cx + s * r * 1.05, cy + r * 0.85)], fill=INK, width=1)


def stone_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    d.rounded_rectangle((cx - r, cy - r * 0.75, cx + r, cy + r * 0.75), radius=max(2, int(r / 3)), fill=STONE_DARK,
                        outline=INK, width=1)
    d.line([(cx - r, cy), (cx + r, cy)], fill=INK, width=1)
    d.line([(cx, cy - r * 0.75), (cx, cy)], fill=INK, width=1)


def ship_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Colour = INK) -> None:
    d.polygon([(cx - r, cy), (cx + r, cy), (cx + r * 0.6, cy + r * 0.6), (cx - r * 0.6, cy + r * 0.6)], fill=fill)
    d.line([(cx, cy), (cx, cy - r)], fill=fill, width=2)
    d.polygon([(cx + 1, cy - r), (cx + r * 0.7, cy - r * 0.2), (cx + 1, cy - r * 0.2)], fill=fill)


def card_icon(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: Colour) -> None:
    d.rounded_rectangle((cx - r * 0.7, cy - r, cx + r * 0.7, cy + r), radius=3, fill=fill, outline=INK, width=1)


def brick(img: Image.Image, d: ImageDraw.ImageDraw, box: Sequence[float], owner: int | None, label: str | None,
           size: int = 18) -> None:
    """A building field: empty (stone, with its value) or built (owner colour + shape)."""
    x0, y0, x1, y1 = box
    if owner is None:
        d.rectangle(box, fill=STONE, outline=STONE_DARK, width=1)
        if label:
            tx(d, ((x0 + x1) / 2, (y0 + y1) / 2), label, size, True, SUBTLE, "mm")
    else:
        d.rectangle(box, fill=player_colour(owner), outline=INK, width=1)
        s = int(min(x1 - x0, y1 - y0) - 6)
        paste_marker(img, owner, (x0 + x1) / 2, (y0 + y1) / 2, max(10, min(s, MARK)))


FACE_H = 98


@lru_cache(maxsize=512)
def card_face(name: str, ctype: str, value: str, locale: str, field_colour: str | None) -> Image.Image:
    """The face of a Nile card in the river: type strip, then the name (the value badge is drawn on top)."""
    w, h = CELL_W - 8, FACE_H
    tcol = TYPE_COLOURS.get(ctype, SUBTLE)
    bg = light(FIELD_COLOURS[field_colour], 0.5) if field_colour in FIELD_COLOURS else WHITE
    img = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w - 1, h - 1), outline=tcol, width=2)
    d.rectangle((0, 0, w, 27), fill=tcol)
    tword = tr(f"type.{ctype}", locale) if ctype in TYPE_COLOURS else ctype
    tx(d, (w / 2, 14), tword, fit_size(tword, w - 8, 17, 12, True), True, WHITE, "mm")
    size, lines = 11, wrap(name, 11, True, w - 8, 3)
    for s in range(18, 10, -1):  # the largest size that fits, leaving the bottom-right corner to the value
        cand = wrap(name, s, True, w - 8, 3)
        cut = any(ln.endswith("…") for ln in cand)
        if not cut and (not value or len(cand) < 3 or text_width(cand[-1], s, True) <= w - 64):
            size, lines = s, cand
            break
    y = 32 if len(lines) > 1 else 44
    lines_centred(d, w / 2, y, lines, size, True, ink_for(bg))
    return img


TAB_W = (WIDTH - 2 * M - GAP) // 2


CHIP_H = 30


@lru_cache(maxsize=1024)
def chip_img(text: str, fill: Colour, outline: Colour, size: int, bold: bool, h: int, bg: Colour) -> Image.Image:
    w = round(text_width(text, size, bold) + 16)
    im = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=7, fill=fill, outline=outline, width=1)
    tx(d, (8, h / 2), text, size, bold, ink_for(fill), "lm")
    return im


def chip(img: Image.Image, x: float, y: float, text: str, fill: Colour, size: int = 18, bold: bool = False,
          outline: Colour | None = None, h: int = CHIP_H, bg: Colour = PANEL) -> float:
    """A rounded label (drawn once, then pasted from the cache); returns its width."""
    im = chip_img(text, tuple(fill), tuple(outline or mix(fill, INK, 0.35)), size, bold, h, tuple(bg))
    img.paste(im, (round(x), round(y)))
    return im.width


@lru_cache(maxsize=256)
def builder_img(bid: str, strength: int, used: bool, w: int, locale: str) -> Image.Image:
    """A builder tile: colour, strength and name; a used one is faded, struck through and labelled."""
    h = 48
    im = Image.new("RGB", (w + 1, h + 1), PANEL)
    d = ImageDraw.Draw(im)
    fill = mix(BUILDER_COLOURS[bid], PANEL, 0.7) if used else BUILDER_COLOURS[bid]
    d.rounded_rectangle((0, 0, w, h), radius=7, fill=fill, outline=INK, width=2)
    ink = ink_for(fill)
    tx(d, (10, 24), str(strength), 28, True, ink, "lm")
    lab = tr(f"builder.{bid}", locale)
    tx(d, (w - 7, 15 if used else 24), lab, fit_size(lab, w - 48, 16, 11, True), True, ink, "rm")
    if used:
        ul = tr("used", locale)
        tx(d, (w - 7, 34), ul, fit_size(ul, w - 48, 16, 11, True), True, ALERT, "rm")
        d.line([(4, 44), (40, 4)], fill=ink, width=2)
    return im


@lru_cache(maxsize=512)
def field_img(eff: str, base: str, grain: int, improvers: int, watered: bool, w: int, locale: str) -> Image.Image:
    """A grain field: colour (letter too), grain, improvers, and a drop if watered now (else a crossed circle)."""
    h = CHIP_H
    im = Image.new("RGB", (w, h), PANEL)
    d = ImageDraw.Draw(im)
    fill = FIELD_COLOURS.get(eff, STONE)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=6, fill=fill, outline=INK, width=1)
    if base != eff and base in FIELD_COLOURS:  # improved field: the printed colour in the corner
        d.polygon([(1, 1), (14, 1), (1, 14)], fill=FIELD_COLOURS[base])
    ink = ink_for(fill)
    tx(d, (7, h / 2), tr(f"field_letter.{eff}", locale) if eff in FIELD_COLOURS else "?", 14, True, ink, "lm")
    tx(d, (42, h / 2), str(grain), 20, True, ink, "mm")
    if improvers:
        tx(d, (56, h / 2), f"+{improvers}", 15, True, ink, "lm")
    dx = w - 14
    if watered:
        d.ellipse((dx - 11, 4, dx + 11, 26), fill=WHITE)
        drop_icon(d, dx, 12, 6)
    else:
        d.ellipse((dx - 11, 4, dx + 11, 26), fill=mix(fill, INK, 0.3))
        d.line([(dx - 6, 9), (dx + 6, 21)], fill=WHITE, width=2)
    return im


@lru_cache(maxsize=64)
def quarry_img(stones: int, w: int) -> Image.Image:
    h = CHIP_H
    im = Image.new("RGB", (w, h), PANEL)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=6, fill=STONE, outline=INK, width=1)
    stone_icon(d, 15, h / 2, 9)
    tx(d, (40, h / 2), str(stones), 20, True, INK, "mm")
    return im


SCARD_W = (TAB_W - 10) // 2


SCARD_H = 104


def sphinx_points(card: DrawnSphinxView, locale: str) -> str:
    """The printed points of a Sphinx card: a fixed amount or the by-count table ("2/4/7/7 VP")."""
    if card["printed_vp"] is not None:
        return tr("vp", locale, n=card["printed_vp"])
    if card["vp_by_count"]:
        return tr("vp", locale, n="/".join(str(v) for v in card["vp_by_count"]))
    return ""


@lru_cache(maxsize=512)
def sphinx_card_img(name: str, scope: str, points: str, locale: str, drawing: bool) -> Image.Image:
    w, h = SCARD_W, SCARD_H
    img = Image.new("RGB", (w, h), BG)
    d = ImageDraw.Draw(img)
    rounded_box(d, (0, 0, w - 1, h - 1), 10, fill=rgb("#fbf0cf"), outline=ALERT if drawing else SITE_EDGE, width=3)
    if scope in ("global", "personal"):
        st = tr(f"scope.{scope}", locale)
        tw = text_width(st, 16, True) + 14
        rounded_box(d, (8, 8, 8 + tw, 31), 5, fill=rgb("#2a5c8a") if scope == "global" else rgb("#7a3b12"))
        tx(d, (15, 11), st, 16, True, WHITE)
    if points:
        tx(d, (w - 10, 9), points, 19, True, INK, "ra")
    size, lines = fit_wrap(name, w - 20, 2, 20, 15, True)
    lines_centred(d, w / 2, 40 + (2 - len(lines)) * 11, lines, size, True)
    return img


