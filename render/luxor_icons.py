"""Pictograms for the Luxor board images (render/luxor.py).

Every icon is drawn 4× larger on a transparent canvas and reduced with
LANCZOS, so edges are smooth; results are cached with ``lru_cache`` (they are
immutable once made: callers only paste them). Coordinates are given in a unit
box (0 … 1) and scaled.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import Colour, rgb

K = 4  # supersampling factor

OUTLINE = rgb("#2b1d0e")
GOLD = rgb("#e0b12e")
GOLD_DARK = rgb("#9c7412")
STONE = rgb("#b9a27a")

TYPE_COLOURS: dict[str, Colour] = {
    "vase": rgb("#2f6fb5"),  # blue
    "statue": rgb("#d9a520"),  # gold
    "jewelry": rgb("#b0306a"),  # crimson
}
BACK_COLOURS: dict[str, Colour] = {
    "cobra": rgb("#3f8f3f"),
    "falcon": rgb("#4a6fa5"),
    "lion": rgb("#d27d2c"),
}
SCARAB_COLOUR = rgb("#1f6f8b")


def _canvas(w: int, h: int | None = None) -> tuple[Image.Image, ImageDraw.ImageDraw, float, float]:
    h = w if h is None else h
    im = Image.new("RGBA", (w * K, h * K), (0, 0, 0, 0))
    return im, ImageDraw.Draw(im), float(w * K), float(h * K)


def _done(im: Image.Image, w: int, h: int | None = None) -> Image.Image:
    return im.resize((w, w if h is None else h), Image.Resampling.LANCZOS)


def _pts(pts: Iterable[tuple[float, float]], S: float, T: float | None = None) -> list[tuple[float, float]]:
    T = S if T is None else T
    return [(x * S, y * T) for x, y in pts]


def _box(b: tuple[float, float, float, float], S: float, T: float | None = None) -> tuple[float, float, float, float]:
    T = S if T is None else T
    return (b[0] * S, b[1] * T, b[2] * S, b[3] * T)


RGBA = tuple[int, int, int, int]


def _rgba(c: Colour, a: int = 255) -> RGBA:
    return (c[0], c[1], c[2], a)


def _vase(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    d.arc(_box((0.12, 0.22, 0.42, 0.62), S), 90, 270, fill=ol, width=lw * 2)
    d.arc(_box((0.58, 0.22, 0.88, 0.62), S), 270, 90, fill=ol, width=lw * 2)
    d.rectangle(_box((0.37, 0.12, 0.63, 0.42), S), fill=fill, outline=ol, width=lw)
    d.ellipse(_box((0.2, 0.32, 0.8, 0.9), S), fill=fill, outline=ol, width=lw)
    d.rectangle(_box((0.36, 0.86, 0.64, 0.97), S), fill=fill, outline=ol, width=lw)
    d.rectangle(_box((0.28, 0.05, 0.72, 0.15), S), fill=fill, outline=ol, width=lw)
    d.line(_pts([(0.27, 0.58), (0.73, 0.58)], S), fill=_rgba((255, 255, 255), 200), width=lw)


def _statue(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    d.polygon(_pts([(0.3, 0.18), (0.7, 0.18), (0.78, 0.55), (0.22, 0.55)], S), fill=fill, outline=ol, width=lw)
    d.polygon(_pts([(0.3, 0.5), (0.7, 0.5), (0.76, 0.84), (0.24, 0.84)], S), fill=fill, outline=ol, width=lw)
    d.ellipse(_box((0.37, 0.08, 0.63, 0.4), S), fill=_rgba(rgb("#f2cf6b")), outline=ol, width=lw)
    d.rectangle(_box((0.14, 0.82, 0.86, 0.96), S), fill=_rgba(STONE), outline=ol, width=lw)


def _jewelry(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    gem = [(0.3, 0.14), (0.7, 0.14), (0.93, 0.4), (0.5, 0.92), (0.07, 0.4)]
    d.polygon(_pts(gem, S), fill=fill, outline=ol, width=lw)
    white = _rgba((255, 255, 255), 190)
    d.line(_pts([(0.07, 0.4), (0.93, 0.4)], S), fill=white, width=lw)
    d.line(_pts([(0.3, 0.14), (0.4, 0.4), (0.5, 0.92)], S), fill=white, width=lw)
    d.line(_pts([(0.7, 0.14), (0.6, 0.4), (0.5, 0.92)], S), fill=white, width=lw)
    d.polygon(_pts(gem, S), outline=ol, width=lw)


def _scarab(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or SCARAB_COLOUR)
    for sy in (0.42, 0.6, 0.78):
        d.line(_pts([(0.1, sy - 0.06), (0.5, sy)], S), fill=ol, width=lw)
        d.line(_pts([(0.9, sy - 0.06), (0.5, sy)], S), fill=ol, width=lw)
    d.ellipse(_box((0.38, 0.08, 0.62, 0.3), S), fill=c, outline=ol, width=lw)
    d.ellipse(_box((0.24, 0.24, 0.76, 0.95), S), fill=c, outline=ol, width=lw)
    d.line(_pts([(0.5, 0.28), (0.5, 0.93)], S), fill=ol, width=lw)


def _key(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or GOLD)
    d.rectangle(_box((0.4, 0.44, 0.94, 0.56), S), fill=c, outline=ol, width=lw)
    d.rectangle(_box((0.72, 0.52, 0.8, 0.72), S), fill=c, outline=ol, width=lw)
    d.rectangle(_box((0.84, 0.52, 0.92, 0.66), S), fill=c, outline=ol, width=lw)
    d.ellipse(_box((0.04, 0.3, 0.46, 0.7), S), fill=c, outline=ol, width=lw)
    d.ellipse(_box((0.15, 0.41, 0.35, 0.59), S), fill=(0, 0, 0, 0), outline=ol, width=lw)


def _eye(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or rgb("#1d3f8f"))
    top = [(0.08 + 0.84 * i / 20, 0.5 - 0.3 * math.sin(math.pi * i / 20)) for i in range(21)]
    bot = [(0.92 - 0.84 * i / 20, 0.5 + 0.2 * math.sin(math.pi * i / 20)) for i in range(21)]
    d.polygon(_pts(top + bot, S), fill=(255, 255, 255, 255), outline=c, width=lw)
    d.ellipse(_box((0.37, 0.3, 0.63, 0.62), S), fill=c)
    d.line(_pts([(0.1, 0.16), (0.5, 0.06), (0.92, 0.18)], S), fill=c, width=lw + K)
    d.line(_pts([(0.42, 0.66), (0.38, 0.95)], S), fill=c, width=lw + K)
    d.line(_pts([(0.6, 0.66), (0.72, 0.86), (0.86, 0.8)], S), fill=c, width=lw + K)


def _ankh(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or rgb("#6b3fa0"))
    d.ellipse(_box((0.3, 0.04, 0.7, 0.46), S), outline=c, width=round(S * 0.11))
    d.rectangle(_box((0.44, 0.42, 0.56, 0.96), S), fill=c)
    d.rectangle(_box((0.14, 0.44, 0.86, 0.56), S), fill=c)


def _tunnel(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    d.rectangle(_box((0.06, 0.14, 0.94, 0.94), S), fill=_rgba(rgb("#a58a5c")), outline=ol, width=lw)
    for y in (0.34, 0.54, 0.74):
        d.line(_pts([(0.06, y), (0.94, y)], S), fill=_rgba(rgb("#7d6642")), width=max(K, lw // 2))
    d.pieslice(_box((0.26, 0.26, 0.74, 0.74), S), 180, 360, fill=_rgba(rgb("#1b130a")))
    d.rectangle(_box((0.26, 0.5, 0.74, 0.94), S), fill=_rgba(rgb("#1b130a")))
    d.polygon(_pts([(0.36, 0.78), (0.64, 0.78), (0.5, 0.6)], S), fill=_rgba(GOLD))


def _wild(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    d.rounded_rectangle(_box((0.06, 0.06, 0.94, 0.94), S), radius=S * 0.14, fill=_rgba(TYPE_COLOURS["vase"]))
    d.rectangle(_box((0.36, 0.06, 0.64, 0.94), S), fill=_rgba(TYPE_COLOURS["statue"]))
    d.rounded_rectangle(_box((0.64, 0.06, 0.94, 0.94), S), radius=S * 0.14, fill=_rgba(TYPE_COLOURS["jewelry"]))
    d.rectangle(_box((0.64, 0.06, 0.8, 0.94), S), fill=_rgba(TYPE_COLOURS["jewelry"]))
    d.rounded_rectangle(_box((0.06, 0.06, 0.94, 0.94), S), radius=S * 0.14, outline=ol, width=lw)
    star = []
    for i in range(10):
        r = 0.36 if i % 2 == 0 else 0.15
        a = -math.pi / 2 + math.pi * i / 5
        star.append((0.5 + r * math.cos(a), 0.53 + r * math.sin(a)))
    d.polygon(_pts(star, S), fill=(255, 255, 255, 255), outline=ol, width=lw)


def _cobra(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or BACK_COLOURS["cobra"])
    d.ellipse(_box((0.28, 0.04, 0.72, 0.5), S), fill=c, outline=ol, width=lw)
    d.line(_pts([(0.5, 0.4), (0.58, 0.6), (0.4, 0.76), (0.52, 0.92), (0.8, 0.9)], S), fill=ol,
           width=round(S * 0.16), joint="curve")
    d.line(_pts([(0.5, 0.4), (0.58, 0.6), (0.4, 0.76), (0.52, 0.92), (0.8, 0.9)], S), fill=c,
           width=round(S * 0.1), joint="curve")
    d.ellipse(_box((0.4, 0.14, 0.6, 0.34), S), fill=_rgba(rgb("#f2e6c8")), outline=ol, width=max(K, lw // 2))


def _falcon(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or BACK_COLOURS["falcon"])
    body = [(0.5, 0.08), (0.62, 0.22), (0.98, 0.3), (0.66, 0.5), (0.6, 0.72), (0.72, 0.94), (0.28, 0.94),
            (0.4, 0.72), (0.34, 0.5), (0.02, 0.3), (0.38, 0.22)]
    d.polygon(_pts(body, S), fill=c, outline=ol, width=lw)
    d.ellipse(_box((0.44, 0.16, 0.54, 0.26), S), fill=_rgba(GOLD))


def _lion(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or BACK_COLOURS["lion"])
    mane = []
    for i in range(24):
        r = 0.48 if i % 2 == 0 else 0.36
        a = math.pi * i / 12
        mane.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    d.polygon(_pts(mane, S), fill=c, outline=ol, width=lw)
    d.ellipse(_box((0.24, 0.24, 0.76, 0.76), S), fill=_rgba(rgb("#f3c66b")), outline=ol, width=lw)
    d.ellipse(_box((0.36, 0.4, 0.44, 0.48), S), fill=ol)
    d.ellipse(_box((0.56, 0.4, 0.64, 0.48), S), fill=ol)
    d.polygon(_pts([(0.44, 0.56), (0.56, 0.56), (0.5, 0.64)], S), fill=ol)


def _anubis(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or rgb("#151515"))
    head = [(0.3, 0.97), (0.3, 0.58), (0.2, 0.46), (0.24, 0.03), (0.42, 0.32), (0.52, 0.3), (0.6, 0.03),
            (0.68, 0.4), (0.96, 0.54), (0.96, 0.66), (0.68, 0.68), (0.66, 0.97)]
    d.polygon(_pts(head, S), fill=c)
    d.ellipse(_box((0.5, 0.44, 0.6, 0.52), S), fill=_rgba(GOLD))
    d.rectangle(_box((0.3, 0.78, 0.66, 0.86), S), fill=_rgba(GOLD))


def _person(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or OUTLINE)
    d.ellipse(_box((0.32, 0.02, 0.68, 0.38), S), fill=c)
    d.polygon(_pts([(0.5, 0.36), (0.86, 0.56), (0.78, 0.66), (0.66, 0.58), (0.72, 0.98), (0.28, 0.98),
                    (0.34, 0.58), (0.22, 0.66), (0.14, 0.56)], S), fill=c)


def _card(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or rgb("#8a5a2b"))
    d.rounded_rectangle(_box((0.2, 0.04, 0.8, 0.96), S), radius=S * 0.08, fill=c, outline=ol, width=lw)
    d.rounded_rectangle(_box((0.29, 0.14, 0.71, 0.86), S), radius=S * 0.05, outline=_rgba(GOLD), width=lw)


def _cards(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or rgb("#8a5a2b"))
    for dx in (0.0, 0.12, 0.24):
        d.rounded_rectangle(_box((0.06 + dx, 0.08 + dx / 2, 0.6 + dx, 0.9 + dx / 2), S), radius=S * 0.06,
                            fill=c, outline=ol, width=lw)


def _sarcophagus(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or GOLD)
    body = [(0.3, 0.03), (0.7, 0.03), (0.84, 0.3), (0.74, 0.97), (0.26, 0.97), (0.16, 0.3)]
    d.polygon(_pts(body, S), fill=c, outline=ol, width=lw)
    d.ellipse(_box((0.36, 0.1, 0.64, 0.36), S), fill=_rgba(rgb("#f6dc8a")), outline=ol, width=max(K, lw // 2))


def _stairs(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or STONE)
    pts = [(0.05, 0.95), (0.05, 0.75), (0.28, 0.75), (0.28, 0.55), (0.5, 0.55), (0.5, 0.35), (0.72, 0.35),
           (0.72, 0.15), (0.95, 0.15), (0.95, 0.95)]
    d.polygon(_pts(pts, S), fill=c, outline=ol, width=lw)


def _check(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or rgb("#1e7b34"))
    d.ellipse(_box((0.02, 0.02, 0.98, 0.98), S), fill=c)
    d.line(_pts([(0.26, 0.52), (0.44, 0.7), (0.76, 0.32)], S), fill=(255, 255, 255, 255), width=round(S * 0.12),
           joint="curve")


def _cross(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or rgb("#a3231a"))
    d.ellipse(_box((0.02, 0.02, 0.98, 0.98), S), fill=c)
    d.line(_pts([(0.3, 0.3), (0.7, 0.7)], S), fill=(255, 255, 255, 255), width=round(S * 0.12))
    d.line(_pts([(0.7, 0.3), (0.3, 0.7)], S), fill=(255, 255, 255, 255), width=round(S * 0.12))


def _crown(d: ImageDraw.ImageDraw, S: float, lw: int, ol: RGBA, fill: RGBA, colour: Colour | None) -> None:
    c = _rgba(colour or GOLD)
    d.polygon(_pts([(0.06, 0.3), (0.3, 0.55), (0.5, 0.12), (0.7, 0.55), (0.94, 0.3), (0.84, 0.88),
                    (0.16, 0.88)], S), fill=c, outline=ol, width=lw)


Pictogram = Callable[[ImageDraw.ImageDraw, float, int, RGBA, RGBA, Colour | None], None]
#: how each pictogram is drawn, by name, in a unit box scaled by S (outline ol, line width lw)
PICTOGRAMS: dict[str, Pictogram] = {
    "vase": _vase,
    "statue": _statue,
    "jewelry": _jewelry,
    "scarab": _scarab,
    "key": _key,
    "eye": _eye,
    "ankh": _ankh,
    "tunnel": _tunnel,
    "wild": _wild,
    "cobra": _cobra,
    "falcon": _falcon,
    "lion": _lion,
    "anubis": _anubis,
    "person": _person,
    "card": _card,
    "cards": _cards,
    "sarcophagus": _sarcophagus,
    "stairs": _stairs,
    "check": _check,
    "cross": _cross,
    "crown": _crown,
}


@lru_cache(maxsize=512)
def icon(name: str, size: int, colour: Colour | None = None) -> Image.Image:
    """The pictogram ``name`` as an RGBA image ``size`` × ``size`` px."""
    im, d, S, _ = _canvas(size)
    lw = max(K, round(S * 0.06))
    ol = _rgba(OUTLINE)
    if name in TYPE_COLOURS and colour is None:
        colour = TYPE_COLOURS[name]
    fill = _rgba(colour) if colour is not None else _rgba(GOLD)

    if name not in PICTOGRAMS:
        raise ValueError(f"unknown icon {name!r}")
    PICTOGRAMS[name](d, S, lw, ol, fill, colour)
    return _done(im, size)


@lru_cache(maxsize=64)
def die_face(value: int | None, size: int) -> Image.Image:
    """A white die showing ``value`` pips (``None``: a blank die with a question mark look)."""
    im, d, S, _ = _canvas(size)
    lw = max(K, round(S * 0.06))
    d.rounded_rectangle(_box((0.04, 0.04, 0.96, 0.96), S), radius=S * 0.18, fill=(255, 255, 255, 255),
                        outline=_rgba(OUTLINE), width=lw)
    spots = {
        1: [(0.5, 0.5)],
        2: [(0.28, 0.28), (0.72, 0.72)],
        3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
        5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
        6: [(0.28, 0.25), (0.72, 0.25), (0.28, 0.5), (0.72, 0.5), (0.28, 0.75), (0.72, 0.75)],
    }.get(value or 0, [])
    r = 0.085
    for x, y in spots:
        d.ellipse(_box((x - r, y - r, x + r, y + r), S), fill=_rgba(OUTLINE))
    if not spots:  # an unrolled die: a question mark
        from render.common import font

        d.text((S / 2, S / 2 + S * 0.03), "?", font=font(round(S * 0.62), True), fill=_rgba(OUTLINE), anchor="mm")
    return _done(im, size)
