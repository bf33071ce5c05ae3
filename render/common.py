"""Drawing helpers shared by the board renderers (Alhambra, Egizia, Luxor).

Everything here is either a pure function (cached with ``lru_cache``) or keeps
its cache per thread, so renderers may run in worker threads.

* :func:`font` — the shipped DejaVu fonts, cached per size/weight (per thread:
  FreeType faces are not safe to share between threads).
* Player palette — :data:`PLAYER_COLOURS` and :data:`PLAYER_SHAPES`: each seat
  has a colour AND a distinct shape, so colour-blind players can tell seats
  apart. :func:`marker` gives an antialiased marker image, :func:`paste_marker`
  draws it.
* Text helpers — :func:`put_text` (cached text masks: fast), :func:`text_length`,
  :func:`ellipsize` / :func:`ellipsize_to`, :func:`fit_font` / :func:`fit_size`,
  :func:`clean_name` (drops what the font cannot draw), :func:`draw_text`.
* Colour helpers — :func:`rgb`, :func:`mix`, :func:`ink_for`.
* :func:`encode_png` — palette-quantized, quickly compressed PNG bytes.
"""
from __future__ import annotations

import io
import threading
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).parent / "fonts"
FONT_REGULAR = FONT_DIR / "DejaVuSans.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

Colour = tuple[int, int, int]

# --------------------------------------------------------------------------- fonts

_local = threading.local()


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The DejaVu Sans font at ``size`` pixels (cached per thread)."""
    cache = getattr(_local, "fonts", None)
    if cache is None:
        cache = _local.fonts = {}
    key = (int(size), bool(bold))
    f = cache.get(key)
    if f is None:
        f = ImageFont.truetype(str(FONT_BOLD if bold else FONT_REGULAR), max(1, int(size)))
        cache[key] = f
    return f


# --------------------------------------------------------------------------- colours


def rgb(value: str | Sequence[int]) -> Colour:
    """``"#RRGGBB"`` or a tuple -> an ``(r, g, b)`` tuple."""
    if isinstance(value, str):
        v = value.lstrip("#")
        return (int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16))
    return (int(value[0]), int(value[1]), int(value[2]))


def mix(a: Sequence[int], b: Sequence[int], t: float) -> Colour:
    """Linear blend: ``t = 0`` gives ``a``, ``t = 1`` gives ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def luminance(c: Sequence[int]) -> float:
    """Relative luminance (WCAG), 0 … 1."""

    def ch(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])


INK = rgb("#1d1a16")
WHITE = (255, 255, 255)


@lru_cache(maxsize=1024)
def _ink_for(background: Colour) -> Colour:
    lum = luminance(background)
    contrast_black = (lum + 0.05) / (luminance(INK) + 0.05)
    contrast_white = 1.05 / (lum + 0.05)
    return INK if contrast_black >= contrast_white else WHITE


def ink_for(background: Sequence[int]) -> Colour:
    """Black or white text, whichever contrasts more with ``background``."""
    return _ink_for(tuple(background[:3]))


# --------------------------------------------------------------------------- player palette

#: Seat colours (Okabe–Ito based, distinguishable for most colour-blind people).
PLAYER_COLOURS: tuple[Colour, ...] = (
    rgb("#0072B2"),  # blue
    rgb("#D55E00"),  # vermillion
    rgb("#009E73"),  # bluish green
    rgb("#CC79A7"),  # reddish purple
    rgb("#E69F00"),  # orange
    rgb("#56B4E9"),  # sky blue
)
#: Seat shapes, in the same order as the colours.
PLAYER_SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "hexagon", "star")
#: Colour and shape for neutral participants (Alhambra's Dirk, …).
NEUTRAL_COLOUR: Colour = rgb("#6b6b6b")
NEUTRAL_SHAPE = "cross"


def player_colour(seat: int | None) -> Colour:
    if seat is None or seat < 0:
        return NEUTRAL_COLOUR
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_shape(seat: int | None) -> str:
    if seat is None or seat < 0:
        return NEUTRAL_SHAPE
    return PLAYER_SHAPES[seat % len(PLAYER_SHAPES)]


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Polygon points of ``shape`` centred on ``(cx, cy)`` with outer radius ``r``."""
    import math

    def regular(n: int, rot: float, rad: float = r) -> list[tuple[float, float]]:
        return [(cx + rad * math.cos(rot + 2 * math.pi * i / n), cy + rad * math.sin(rot + 2 * math.pi * i / n)) for i in range(n)]

    if shape == "square":
        s = r * 0.86
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        pts = regular(3, -math.pi / 2, r * 1.08)
        return [(x, y + r * 0.14) for x, y in pts]
    if shape == "diamond":
        return regular(4, -math.pi / 2)
    if shape == "hexagon":
        return regular(6, 0)
    if shape == "pentagon":
        return regular(5, -math.pi / 2)
    if shape == "star":
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.45
            ang = -math.pi / 2 + math.pi * i / 5
            pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
        return pts
    if shape == "cross":
        a, b = r * 0.95, r * 0.36
        return [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b), (cx + b, cy + b),
                (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b), (cx - a, cy - b), (cx - b, cy - b)]
    raise ValueError(f"unknown shape {shape!r}")


def draw_shape(draw: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float,
               fill: Sequence[int], outline: Sequence[int] | None = None, width: int = 1) -> None:
    """Draw ``shape`` directly (not antialiased; see :func:`marker` for a smooth one)."""
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=tuple(fill), outline=tuple(outline) if outline else None, width=width)
    else:
        draw.polygon(shape_points(shape, cx, cy, r), fill=tuple(fill), outline=tuple(outline) if outline else None, width=width)


@lru_cache(maxsize=256)
def marker(shape: str, colour: Colour, size: int, outline: Colour = WHITE) -> Image.Image:
    """An antialiased RGBA marker ``size`` × ``size`` px (drawn 4× larger, then reduced)."""
    k = 4
    big = size * k
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    c = big / 2
    r = big / 2 - k
    border = max(k, round(big * 0.09))
    draw_shape(d, shape, c, c, r, fill=outline + (255,))
    # inset: the same shape smaller, in the player colour
    draw_shape(d, shape, c, c, r - border * (1.6 if shape in ("triangle", "star") else 1.0), fill=tuple(colour) + (255,))
    return im.resize((size, size), Image.Resampling.LANCZOS)


def seat_marker(seat: int | None, size: int) -> Image.Image:
    """The marker of ``seat`` (``None``: the neutral participant)."""
    return marker(player_shape(seat), player_colour(seat), int(size))


def paste_marker(img: Image.Image, seat: int | None, cx: float, cy: float, size: int) -> None:
    """Paste the seat marker centred on ``(cx, cy)``."""
    m = seat_marker(seat, size)
    img.paste(m, (round(cx - size / 2), round(cy - size / 2)), m)


# --------------------------------------------------------------------------- text

_MISSING = "\U000FFFFD"  # a private-use character: DejaVu has no glyph for it


def _glyph_bytes(ch: str) -> bytes:
    f = font(20)
    im = Image.new("L", (40, 40), 0)
    ImageDraw.Draw(im).text((8, 6), ch, font=f, fill=255)
    return im.tobytes()


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether DejaVu Sans can draw ``ch`` (else it would show an empty box).

    DejaVu covers Latin (all Czech and Polish letters), Greek, Cyrillic and many
    symbols, but not CJK or most emoji; :func:`clean_name` drops those.
    """
    if ch.isspace():
        return True
    return _glyph_bytes(ch) != _missing_glyph()


@lru_cache(maxsize=1)
def _missing_glyph() -> bytes:
    return _glyph_bytes(_MISSING)


@lru_cache(maxsize=1024)
def clean_name(name: str, fallback: str = "?") -> str:
    """A display name with what the font cannot draw removed (emoji, control characters …).

    Letters with accents (Czech, Polish, …) are kept. Returns ``fallback`` if nothing is left.
    """
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", str(name)):
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Cs", "Co", "Cn"):
            continue
        if cat.startswith("M"):  # combining marks survive NFC only when no precomposed form exists
            if out and has_glyph(ch):
                out.append(ch)
            continue
        if has_glyph(ch):
            out.append(ch)
    text = " ".join("".join(out).split())
    return text or fallback


def text_width(text: str, f: ImageFont.FreeTypeFont) -> float:
    return f.getlength(text)


OVERFLOWS: list[str] | None = None
"""When a list (tests set ``render.common.OVERFLOWS = []``), every text drawn cut short (ending in
``…``) or wider than its box even at the smallest allowed size is recorded; ``None`` records nothing."""


def note_drawn(text: str) -> None:
    """Called where text is drawn: records a text that had to be cut to fit its box."""
    if OVERFLOWS is not None and text.endswith("…"):
        OVERFLOWS.append(text)


def ellipsize(text: str, f: ImageFont.FreeTypeFont, max_width: float, ellipsis: str = "…") -> str:
    """``text`` cut (with ``…``) so that it is at most ``max_width`` px wide."""
    if f.getlength(text) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if f.getlength(text[:mid].rstrip() + ellipsis) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return (text[:lo].rstrip() + ellipsis) if lo > 0 else (ellipsis if f.getlength(ellipsis) <= max_width else "")


#: a label too long for its box is first drawn smaller, down to this share of its size, and only then cut
SHRINK_LIMIT = 0.72


def _is_bold(f: ImageFont.FreeTypeFont) -> bool:
    return "Bold" in str(getattr(f, "path", ""))


@lru_cache(maxsize=4096)
def shrink_to_fit(text: str, size: int, bold: bool, max_width: float) -> int:
    """``size`` if ``text`` fits ``max_width``, else the largest smaller size (not below
    :data:`SHRINK_LIMIT` of it) in which it does — or that smallest size, where the text will be cut."""
    if text_length(text, size, bold) <= max_width:
        return size
    smallest = max(8, round(size * SHRINK_LIMIT))
    for s in range(size - 1, smallest - 1, -1):
        if text_length(text, s, bold) <= max_width:
            return s
    return smallest


def fit_font(text: str, max_width: float, size: int, min_size: int = 10, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The largest font (``size`` down to ``min_size``) in which ``text`` fits ``max_width``."""
    f = font(size, bold)
    w = f.getlength(text)
    if w <= max_width or size <= min_size:
        return f
    guess = max(min_size, min(size - 1, int(size * max_width / max(w, 1))))
    f = font(guess, bold)
    while guess > min_size and f.getlength(text) > max_width:
        guess -= 1
        f = font(guess, bold)
    if OVERFLOWS is not None and f.getlength(text) > max_width:
        OVERFLOWS.append(text)
    return f


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, f: ImageFont.FreeTypeFont,
              fill: Sequence[int] = INK, anchor: str = "la", max_width: float | None = None) -> float:
    """Draw ``text`` (ellipsized to ``max_width`` if given); returns the drawn width."""
    if max_width is not None:
        f = font(shrink_to_fit(text, int(f.size), _is_bold(f), max_width), _is_bold(f))
        text = ellipsize(text, f, max_width)
    if text:
        note_drawn(text)
        draw.text(xy, text, font=f, fill=tuple(fill), anchor=anchor)
    return f.getlength(text)


@lru_cache(maxsize=8192)
def text_length(text: str, size: int, bold: bool = False) -> float:
    """Width of ``text`` in px at ``size`` (cached)."""
    return font(size, bold).getlength(text)


@lru_cache(maxsize=4096)
def ellipsize_to(text: str, size: int, bold: bool, max_width: float) -> str:
    """:func:`ellipsize` by font size (cached)."""
    return ellipsize(text, font(size, bold), max_width)


@lru_cache(maxsize=1024)
def fit_size(text: str, max_width: float, size: int, min_size: int = 10, bold: bool = False) -> int:
    """The largest size (``size`` down to ``min_size``) in which ``text`` fits ``max_width``."""
    return int(fit_font(text, max_width, size, min_size, bold).size)


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int, bold: bool = False, anchor: str = "la") -> tuple[Image.Image, int, int]:
    """The antialiased coverage mask of ``text`` and its offset from the anchor point (cached)."""
    # FreeType's mask as ImageDraw.text would draw it at (-left, -top) on a blank "L" image of the text's bounding
    # box (the same bytes and offset), from one layout instead of two (getbbox, then text): ~40 % less per new text
    core, (left, top) = font(size, bold).getmask2(text, "L", anchor=anchor)
    if core.size[0] and core.size[1]:
        return Image.Image()._new(core), int(left), int(top)
    return Image.new("L", (max(1, core.size[0]), max(1, core.size[1])), 0), int(left), int(top)


def put_text(img: Image.Image, xy: tuple[float, float], text: str, size: int, bold: bool = False,
             fill: Sequence[int] = INK, anchor: str = "la", max_width: float | None = None) -> float:
    """Draw ``text`` like ``ImageDraw.text`` but from a cached mask (much faster for repeated
    labels, numbers and names). Ellipsized to ``max_width`` if given. Returns the width drawn."""
    if max_width is not None:
        size = shrink_to_fit(text, int(size), bool(bold), float(max_width))
        text = ellipsize_to(text, int(size), bool(bold), float(max_width))
    if not text:
        return 0.0
    note_drawn(text)
    m, left, top = text_mask(text, int(size), bool(bold), anchor)
    x, y = round(xy[0]) + left, round(xy[1]) + top
    img.paste(tuple(fill), (x, y, x + m.width, y + m.height), m)
    return text_length(text, int(size), bool(bold))


def wrap_items(widths: Iterable[float], max_width: float, gap: float) -> list[list[int]]:
    """Greedy line breaking of items of ``widths``: lists of item indexes per line."""
    lines: list[list[int]] = [[]]
    x = 0.0
    for i, w in enumerate(widths):
        if lines[-1] and x + gap + w > max_width:
            lines.append([])
            x = 0.0
        x = x + (gap if lines[-1] else 0) + w
        lines[-1].append(i)
    return lines if lines[0] else []


def rounded_box(draw: ImageDraw.ImageDraw, box: Sequence[float], radius: float, fill: Sequence[int] | None = None,
                outline: Sequence[int] | None = None, width: int = 1) -> None:
    draw.rounded_rectangle(tuple(box), radius=radius, fill=tuple(fill) if fill else None,
                           outline=tuple(outline) if outline else None, width=width)


# --------------------------------------------------------------------------- PNG


def encode_png(img: Image.Image, colors: int = 128, compress_level: int = 2, sample_pixels: int = 120_000) -> bytes:
    """PNG bytes of ``img``, reduced to a palette of ``colors`` (no dithering).

    Board pictures are flat colours plus antialiased text, which a 128-colour
    palette keeps visually intact while the file shrinks about 2× and encodes
    faster. The palette is found by a fast-octree quantization of an evenly
    subsampled copy (about ``sample_pixels`` pixels), then applied to the full
    image; that is ~5× faster than quantizing the whole picture and looks the
    same. ``colors=0`` keeps full RGB. zlib level 2 measured as fast as level 1
    on these pictures (~3.4 ms for 1280×1300) and 7 % smaller; level 6 doubles
    the time for 30 % less.

    Measured on a 1280×1311 Alhambra board (2-core VM): palette 0.7 ms, mapping
    1.8 ms, PNG 3.4 ms, ~60 KB — against 18 ms for a full-image octree and
    36 ms / 150 KB for an RGB PNG.
    """
    if img.mode not in ("RGB", "L", "P"):
        img = img.convert("RGB")
    if img.mode == "RGB" and colors:
        step = max(1, int((img.width * img.height / max(1, sample_pixels)) ** 0.5))
        sample = img if step == 1 else img.resize((max(1, img.width // step), max(1, img.height // step)),
                                                  Image.Resampling.NEAREST)
        palette = sample.quantize(colors=colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        img = img.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=compress_level)
    return buf.getvalue()
