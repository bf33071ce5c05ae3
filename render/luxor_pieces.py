"""Luxor's pieces as images: board tiles and movement cards (cached per kind and size).

Drawn from the typed views' tiles and cards (``engines.luxor.views``) for :mod:`render.luxor`.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engines.luxor.views import CardView, TileView
from render.common import INK, WHITE, draw_text, fit_font, font, mix, rgb
from render.i18n import t
from render.luxor_icons import BACK_COLOURS, GOLD, GOLD_DARK, TYPE_COLOURS, die_face, icon

HIGHLIGHT = rgb("#b3261e")
TREASURE_BG = rgb("#fbf3de")
HORUS_BG = rgb("#dce7f6")
HORUS_EDGE = rgb("#1d3f8f")
OSIRIS_BG = rgb("#ebe0f5")
OSIRIS_EDGE = rgb("#6b3fa0")
STARTER_BG = rgb("#f6ecd4")
STARTER_EDGE = rgb("#8a5a2b")
HORUS_CARD_BG = rgb("#f7e6a6")
HORUS_CARD_EDGE = rgb("#a87b0c")


def tr(key: str, locale: str, **params: Any) -> str:
    """A Luxor picture text (catalogue ``luxor_render.*``)."""
    return t("luxor_render." + key, locale, **params)


def paste(img: Image.Image, glyph: Image.Image, x: float, y: float) -> None:
    """Paste ``glyph`` at (x, y) rounded, through its own alpha when it has one."""
    if glyph.mode == "RGBA":
        img.paste(glyph, (round(x), round(y)), glyph)
    else:
        img.paste(glyph, (round(x), round(y)))


# --------------------------------------------------------------------------- tiles


#: a tile's drawing in plain values, the cache key of its image: ``(kind, *what is printed)`` with a shape per kind
TileKey = tuple[Any, ...]
#: a card's drawing: deck, kind, label, steps, maximum, level (the cache key of its image)
CardKey = tuple[str, str, str, int | None, int | None, int | None]


def tile_key(tile: TileView | None, minus_one: bool) -> TileKey | None:
    if tile is None:
        return None
    if tile["kind"] == "treasure":
        return ("treasure", tile["type"], tile["required"], tile["vp"], minus_one)
    if tile["kind"] == "temple":
        return ("temple", tile["back"], tile["front"], tuple(tile["levels"]) if "levels" in tile else ())
    if tile["kind"] == "horus":
        return ("horus", tile["eyes"], tile["key"])
    return ("osiris", tile["value"])


@lru_cache(maxsize=256)
def tile_image(key: TileKey, w: int, h: int) -> Image.Image:
    """One board tile as an RGBA image ``w`` × ``h``."""
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    kind = key[0]
    if kind == "treasure":
        _, ttype, req, vp, minus_one = key
        edge = TYPE_COLOURS[ttype]
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=TREASURE_BG, outline=edge, width=4)
        if minus_one:  # "one adventurer less" this turn: red frame, one figure struck out
            d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, outline=HIGHLIGHT, width=3)
        ic = icon(ttype, h - 16)
        paste(im, ic, 6, 8)
        # VP in a gold coin, top right
        r = 16
        cx, cy = w - 8 - r, 6 + r
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=GOLD_DARK, width=2)
        d.text((cx, cy + 1), str(vp), font=font(21 if vp < 10 else 17, True), fill=INK, anchor="mm")
        # requirement: adventurer figures, bottom right
        ps = 20
        x = w - 8 - req * (ps - 3)
        for i in range(req):
            paste(im, icon("person", ps), x + i * (ps - 3) - 2, h - ps - 4)
        if minus_one and req > 0:
            d.line((x - 3, h - 5, x + ps - 3, h - ps - 3), fill=HIGHLIGHT, width=4)
    elif kind == "temple":
        _, back, front, levels = key
        base = BACK_COLOURS[back]
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=mix(base, WHITE, 0.78), outline=base, width=4)
        size = h - 14
        if front == "scarab":
            paste(im, icon("scarab", size), (w - size) / 2, 7)
        elif front == "wild":
            paste(im, icon("wild", size), (w - size) / 2, 7)
        elif front == "wild_or_scarab":
            s2 = h - 22
            paste(im, icon("wild", s2), 8, 11)
            d.text((w / 2, h / 2), "/", font=font(28, True), fill=INK, anchor="mm")
            paste(im, icon("scarab", s2), w - 8 - s2, 11)
        elif front in ("eye_1_2", "eye_2_3"):
            lv = levels or ((1, 2) if front == "eye_1_2" else (2, 3))
            paste(im, icon("eye", size - 6), 8, 10)
            d.text((w - 10, h / 2), "/".join(str(v) for v in lv), font=font(24, True), fill=INK, anchor="rm")
        elif front == "tunnel":
            paste(im, icon("tunnel", size), (w - size) / 2, 7)
        else:
            d.text((w / 2, h / 2), "?", font=font(28, True), fill=INK, anchor="mm")
    elif kind == "horus":
        _, eyes, key_ = key
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=HORUS_BG, outline=HORUS_EDGE, width=4)
        n = max(1, eyes)
        es = 30 if n <= 2 else 26
        step = es if n <= 2 else 22
        ex = 6
        for i in range(n):
            paste(im, icon("eye", es), ex + i * step, (h - es) / 2 - 9)
        d.text((ex + ((n - 1) * step + es) / 2, h - 5), f"{eyes}", font=font(18, True), fill=HORUS_EDGE, anchor="ms")
        if key_:
            paste(im, icon("key", 32), w - 36, (h - 32) / 2)
    else:  # osiris
        _, value = key
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=OSIRIS_BG, outline=OSIRIS_EDGE, width=4)
        paste(im, icon("ankh", h - 18), 10, 9)
        d.text((w - 10, h / 2 + 1), f"»{value}", font=font(32, True), fill=OSIRIS_EDGE, anchor="rm")
    return im


# --------------------------------------------------------------------------- cards


def card_key(card: CardView) -> CardKey:
    return (card["deck"], card["kind"], card["label"], card["steps"], card["max"], card["level"])


def wrap2(text: str, f: ImageFont.FreeTypeFont, width: float) -> list[str]:
    if f.getlength(text) <= width or " " not in text:
        return [text]
    words = text.split()
    best = None
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        m = max(f.getlength(a), f.getlength(b))
        if best is None or m < best[0]:
            best = (m, [a, b])
    return best[1] if best else [text]


@lru_cache(maxsize=192)
def card_image(key: CardKey, w: int, h: int, locale: str) -> Image.Image:
    """A movement card: a big language-free glyph and a short caption; Horus cards show their level in eyes."""
    deck, kind, label, steps, mx, level = key
    horus = deck == "horus"
    bg, edge = (HORUS_CARD_BG, HORUS_CARD_EDGE) if horus else (STARTER_BG, STARTER_EDGE)
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    bw = max(2, w // 30)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=max(6, w // 10), fill=bg, outline=edge, width=bw + 1)
    gs = round(h * 0.3)  # glyph size
    cy = round(h * 0.36)
    f = font(gs, True)
    pad = max(6, w // 14)

    def text(s: str, y: float = cy, size: int = gs) -> None:
        ff = fit_font(s, w - 2 * pad, size, 12, True)
        d.text((w / 2, y), s, font=ff, fill=INK, anchor="mm")

    if kind == "move":
        text(str(steps if steps is not None else label))
    elif kind == "plus_minus":
        text("±1")
    elif kind == "die":
        ds = round(h * 0.34)
        paste(im, die_face(None, ds), (w - ds) / 2, cy - ds / 2)
    elif kind == "range":
        text(f"1–{mx if mx is not None else '?'}")
    elif kind == "range_die":
        ds = round(h * 0.26)
        s = "1–"
        tw = f.getlength(s)
        x0 = (w - tw - ds - 4) / 2
        d.text((x0, cy), s, font=f, fill=INK, anchor="lm")
        paste(im, die_face(None, ds), x0 + tw + 4, cy - ds / 2)
    elif kind == "advance_all":
        text(f"+{steps if steps is not None else '?'}", cy - h * 0.05)
        ps = round(h * 0.13)
        for i in range(3):
            paste(im, icon("person", ps), w / 2 - 1.5 * ps + i * ps, cy + gs * 0.42)
    elif kind == "last_to_second_last":
        ps = round(h * 0.2)
        paste(im, icon("person", ps), w * 0.18, cy - ps * 0.1)
        paste(im, icon("person", ps), w * 0.82 - ps, cy - ps * 0.1)
        d.text((w / 2, cy - ps * 0.25), "↷", font=font(round(gs * 0.9), True), fill=INK, anchor="mm")
    elif kind == "one_less":
        text(str(steps if steps is not None else "?"), cy - h * 0.05)
        ps = round(h * 0.14)
        s = "−1"
        ff = font(round(ps * 1.05), True)
        tw = ff.getlength(s)
        x0 = (w - tw - ps - 2) / 2
        ty = cy + gs * 0.42
        d.text((x0, ty + ps / 2), s, font=ff, fill=HIGHLIGHT, anchor="lm")
        paste(im, icon("person", ps), x0 + tw + 2, ty)
    else:
        text(label or "?")
    cap = tr(f"card.{kind}", locale, n=steps if steps is not None else "", hi=mx if mx is not None else "")
    _caption(d, cap, w, h, pad, horus)
    if horus and level:
        es = max(10, round(h * 0.12))
        n = int(level)
        x0 = (w - n * es - (n - 1) * 2) / 2
        for i in range(n):
            paste(im, icon("eye", es), x0 + i * (es + 2), h - es - max(4, h // 28))
    return im


def _caption(d: ImageDraw.ImageDraw, cap: str, w: int, h: int, pad: int, horus: bool) -> None:
    """A card's caption in the lower part, on one or two lines, shrunk until it fits."""
    cap_top = round(h * 0.63)
    cap_bottom = h - (round(h * 0.16) if horus else pad)
    size = max(13, round(h * 0.11))
    ff = font(size, False)
    lines = wrap2(cap, ff, w - 2 * pad)
    while size > 12 and (max(ff.getlength(s) for s in lines) > w - 2 * pad or len(lines) * size * 1.15 > cap_bottom - cap_top):
        size -= 1
        ff = font(size, False)
        lines = wrap2(cap, ff, w - 2 * pad)
    lh = size * 1.15
    y = (cap_top + cap_bottom) / 2 - lh * len(lines) / 2 + lh / 2
    for s in lines:
        draw_text(d, (w / 2, y), s, ff, INK, anchor="mm", max_width=w - 2 * pad)
        y += lh


@lru_cache(maxsize=8)
def card_back(w: int, h: int) -> Image.Image:
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=max(6, w // 10), fill=rgb("#7a4f27"), outline=rgb("#3b2612"), width=3)
    d.rounded_rectangle((8, 8, w - 9, h - 9), radius=max(4, w // 14), outline=GOLD, width=2)
    es = w // 2
    paste(im, icon("eye", es, GOLD), (w - es) / 2, (h - es) / 2)
    return im
