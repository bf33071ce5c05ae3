"""The phone-first image's shared parts (issue #20): a board message's embed shows it ~400 px wide on a phone.

Every title's phone image (render/phone_<title>.py) is at most :data:`WIDTH` px wide and draws every text
through :func:`text`, which never draws below :data:`MIN_TEXT` px (about 10 px on a phone): a text too long
for its box is shrunk down to that size and only then cut with "…" (recorded in ``common.OVERFLOWS``).
Tests set :data:`SIZES` to a list to read back every size drawn.

Speed (issue #24): an image is composed of *pieces* (the header, the last move, the market, one row of the
standings …), each drawn once in RGB, mapped onto the title's fixed palette (made once from its colours and
their blends) and kept by what it shows (:func:`piece`). A move redraws only the pieces whose content changed;
the rest is pasted as it is, and the composed palette image is written without any quantization.

Encoding reuses the pieces too (:func:`encode`): each full-width piece's PNG scanlines are deflated once, on their
own, and kept instead of its pixels (:class:`Strip`); a phone image's PNG is those deflated runs one after another
(a valid zlib stream: each run ends byte-aligned and refers only to its own bytes), so a move compresses only the
pieces it drew, and the image itself is never put together on the way to its PNG (:class:`Drawing`).
"""
from __future__ import annotations

import io
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import lru_cache
from typing import Any

from isal import isal_zlib
from PIL import Image, ImageDraw

from .common import (
    INK,
    WHITE,
    Colour,
    clean_name,
    ellipsize_to,
    ink_for,
    marker,
    mix,
    note_drawn,
    player_colour,
    player_shape,
    put_text,
    rgb,
    text_length,
)
from .i18n import t

WIDTH = 800
MIN_TEXT = 20
PAD = 20
BG = rgb("#f4efe6")
CARD_BG = rgb("#fffdf8")
EDGE = rgb("#cbbd9f")
SUBTLE = rgb("#5f5242")
MARK = rgb("#ffcc00")  # the last move's highlight (with a dark outline: shape, not only colour)
MARK_EDGE = rgb("#1d1a16")

#: every size :func:`text` draws at, when a list (tests)
SIZES: list[int] | None = None

#: zlib level of a PNG Pillow writes whole (a phone image given as an image, the hand images): on the 800-px palette
#: images level 2 encodes in about the time of level 1 and ~5 % smaller; level 3 costs ~10 % more time for ~6 %
#: less, level 6 2.5×.
COMPRESS_LEVEL = 2
#: the ISA-L deflate level of a phone image's pieces (:class:`Strip`), chosen by measurement on Alhambra's 4-player
#: phone images: levels 0-2 take the same time (0.3 ms for an 800 × 1356 image, against 2.0 ms for zlib's level 2)
#: and level 1 is as small as zlib's level 2 or smaller (37.6 KB against 39.6 KB)
DEFLATE_LEVEL = 1


def tr(key: str, locale: str, **params: object) -> str:
    return t(f"phone.{key}", locale, **params)


def fit(label: str, size: int, bold: bool, max_width: float) -> tuple[str, int]:
    """``label`` and the size to draw it at in ``max_width``: shrunk (not below MIN_TEXT), then cut."""
    size = max(MIN_TEXT, size)
    while size > MIN_TEXT and text_length(label, size, bold) > max_width:
        size -= 1
    return ellipsize_to(label, size, bold, float(max_width)), size


def text(img: Image.Image, xy: tuple[float, float], label: str, size: int, bold: bool = False,
         fill: Sequence[int] = INK, anchor: str = "la", max_width: float | None = None) -> float:
    """Draw ``label`` at ``size`` (at least :data:`MIN_TEXT`) from the cached text masks; returns the width."""
    size = max(MIN_TEXT, int(size))
    if max_width is not None:
        label, size = fit(label, size, bold, max_width)
    if not label:
        return 0.0
    if SIZES is not None:
        SIZES.append(size)
    note_drawn(label)
    return put_text(img, xy, label, size, bold, fill, anchor)


def seat_name(names: Sequence[str], seat: int, locale: str) -> str:
    if 0 <= seat < len(names):
        return clean_name(names[seat], t("phone.seat", locale, n=seat + 1))
    return t("phone.seat", locale, n=seat + 1)


def paste_rgba(img: Image.Image, glyph: Image.Image, x: float, y: float) -> None:
    if glyph.mode == "RGBA":
        img.paste(glyph, (round(x), round(y)), glyph)
    else:
        img.paste(glyph, (round(x), round(y)))


#: a title's own seat colours (Luxor names them after its pieces): None is the shared palette
SeatColours = Sequence[Colour] | None


def colour_of(seat: int | None, colours: SeatColours = None) -> Colour:
    if colours is not None and seat is not None and 0 <= seat < len(colours):
        return colours[seat]
    return player_colour(seat)


def seat_marker(img: Image.Image, seat: int, x: float, y: float, size: int, colours: SeatColours = None) -> None:
    """The seat's shape in its colour (white rim on the shared palette, dark rim on a title's own colours)."""
    m = marker(player_shape(seat), colour_of(seat, colours), size, WHITE if colours is None else INK)
    img.paste(m, (round(x), round(y)), m)


def mark_box(d: ImageDraw.ImageDraw, box: Sequence[float], width: int = 5) -> None:
    """The last-move highlight around ``box``: a yellow band inside a dark line (seen without colour too)."""
    x0, y0, x1, y1 = box
    d.rectangle((x0 - width - 2, y0 - width - 2, x1 + width + 2, y1 + width + 2), outline=MARK_EDGE, width=2)
    d.rectangle((x0 - width, y0 - width, x1 + width, y1 + width), outline=MARK, width=width)


HEADER_H = 132


def header(img: Image.Image, d: ImageDraw.ImageDraw, seat: int | None, name: str, label: str, right: str,
           right2: str = "", colours: SeatColours = None) -> int:
    """The band of the player to act: their colour, their marker and name large; ``label`` above the name
    ("To play", "Game over"), the title's status at the right. Returns the height drawn."""
    colour = colour_of(seat, colours) if seat is not None else rgb("#3b2a1c")
    ink = ink_for(colour)
    img.paste(colour, (0, 0, WIDTH, HEADER_H))  # as ImageDraw's filled rectangle, several times faster
    x = PAD
    if seat is not None:
        d.ellipse((x - 6, 24, x + 86, 116), fill=mix(colour, INK, 0.45))
        seat_marker(img, seat, x, 30, 80, colours)
        x += 100
    rw = min(max(text_length(right, 24, True), text_length(right2, 22, False)), 250) if right else RIGHT_W - PAD - 16
    text(img, (x, 18), label, 24, False, ink, max_width=WIDTH - x - PAD - rw - 16)
    text(img, (x, 50), name, 48, True, ink, max_width=WIDTH - x - PAD - rw - 16)
    if right:
        text(img, (WIDTH - PAD, 22), right, 24, True, ink, "ra", max_width=250)
    if right2:
        text(img, (WIDTH - PAD, 58), right2, 22, False, ink, "ra", max_width=250)
    return HEADER_H


RIGHT_W = 270


def header_piece(pal: Palette, seat: int | None, name: str, label: str, right: str, right2: str = "",
                 colours: SeatColours = None, below: int = 16) -> Strip:
    """:func:`header` as a piece of two parts kept apart: who is to act (changes every turn) and the title's
    status at the right (the round: changes seldom), so a new turn redraws only the left part."""
    cols = tuple(colours) if colours is not None else None
    colour = colour_of(seat, colours) if seat is not None else rgb("#3b2a1c")

    def left(im: Image.Image, d: ImageDraw.ImageDraw) -> float:
        header(im, d, seat, name, label, "", "", colours)
        im.paste(colour, (WIDTH - RIGHT_W, 0, WIDTH, HEADER_H))
        return HEADER_H + below

    def status(im: Image.Image, d: ImageDraw.ImageDraw) -> float:
        im.paste(colour, (0, 0, RIGHT_W, HEADER_H))
        ink = ink_for(colour)
        text(im, (RIGHT_W - PAD, 22), right, 24, True, ink, "ra", max_width=RIGHT_W - 2 * PAD)
        if right2:
            text(im, (RIGHT_W - PAD, 58), right2, 22, False, ink, "ra", max_width=RIGHT_W - 2 * PAD)
        return HEADER_H + below

    parts = [(0, small_piece(pal, ("head-left", seat, name, label, cols, below), WIDTH - RIGHT_W, left)),
             (WIDTH - RIGHT_W, small_piece(pal, ("head-right", colour, right, right2, below), RIGHT_W, status))]
    return row_piece(pal, ("head", seat, name, label, right, right2, cols, below), HEADER_H + below, parts)


def winner_head(winners: Sequence[int], nm: Sequence[str], locale: str) -> tuple[Any, ...]:
    """The header of a finished game: the winner's seat (``None`` for a shared win), their names, the label
    (winner or winners) and "game over" — the key of :func:`header_piece`'s cached header."""
    label = t("phone.winner" if len(winners) == 1 else "phone.winners", locale)
    who = ", ".join(nm[w] for w in winners if w < len(nm))
    return (winners[0] if len(winners) == 1 else None, who, label, t("phone.game_over", locale), "")


def last_move_title(img: Image.Image, seat: int, nm: Sequence[str], locale: str, y: int,
                    colours: SeatColours = None) -> None:
    """The line that opens the last move's band: the mover's marker and "Last move: NAME"."""
    seat_marker(img, seat, PAD, y + 2, 30, colours)
    text(img, (PAD + 40, y), t("phone.last_move", locale, name=nm[seat] if seat < len(nm) else "?"), 26, True,
         max_width=WIDTH - 2 * PAD - 40)


def section_title(img: Image.Image, y: float, label: str) -> int:
    text(img, (PAD, y), label, 24, True, SUBTLE, max_width=WIDTH - 2 * PAD)
    return 34


ROW_H = 46


def standings_pieces(pal: Palette, rows: Iterable[tuple[int, str, str, str]], active: set[int], locale: str,
                     colours: SeatColours = None, title: str | None = None) -> list[Strip]:
    """:func:`standings` as pieces: the title, then one piece per row (a score change redraws one row)."""
    label = title or tr("standings", locale)
    out = [piece(pal, ("st-title", label), lambda im, d: section_title(im, 0, label))]
    cols = tuple(colours) if colours is not None else None
    for row in rows:
        act = row[0] in active

        def draw(im: Image.Image, d: ImageDraw.ImageDraw, row: tuple[int, str, str, str] = row,
                 act: bool = act) -> float:
            return _standing_row(im, d, 0, row, act, cols)

        out.append(piece(pal, ("st-row", row, act, cols), draw))
    out.append(blank(pal, 8))
    return out


def _standing_row(img: Image.Image, d: ImageDraw.ImageDraw, y: int, row: tuple[int, str, str, str], active: bool,
                  colours: SeatColours) -> int:
    seat, name, extra, score = row
    if active:
        img.paste(mix(colour_of(seat, colours), WHITE, 0.72), (PAD - 8, y, WIDTH - PAD + 9, y + ROW_H - 3))
    seat_marker(img, seat, PAD, y + 5, 32, colours)
    sw = text(img, (WIDTH - PAD, y + ROW_H // 2 - 2), score, 30, True, INK, "rm")
    ew = 0.0
    if extra:
        ew = text(img, (WIDTH - PAD - sw - 24, y + ROW_H // 2 - 2), extra, 22, False, SUBTLE, "rm", max_width=260)
    text(img, (PAD + 46, y + ROW_H // 2 - 2), name, 28, active, INK, "lm",
         max_width=WIDTH - PAD - sw - ew - 60 - PAD - 46)
    return y + ROW_H


def standings(img: Image.Image, d: ImageDraw.ImageDraw, y: int, rows: Iterable[tuple[int, str, str, str]],
              active: set[int], locale: str, colours: SeatColours = None, title: str | None = None) -> int:
    """One row per seat: marker, name, an extra fact (cards in hand …) and the score, the seat(s) to act on
    a tinted band. ``rows``: (seat, name, extra, score). Returns the new ``y``."""
    y += section_title(img, y, title or tr("standings", locale))
    for row in rows:
        y = _standing_row(img, d, y, row, row[0] in active, colours)
    return y + 8


def wrap_words(label: str, size: int, bold: bool, width: float, max_lines: int = 3) -> list[str]:
    """Greedy word wrap at ``size``; the last line is cut with "…" if more would follow."""
    words = label.split()
    lines: list[str] = []
    cur = ""
    for w in words:
        trial = f"{cur} {w}".strip()
        if cur and text_length(trial, size, bold) > width:
            lines.append(cur)
            cur = w
        else:
            cur = trial
    if cur:
        lines.append(cur)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize_to(lines[-1] + " …", size, bold, width)
    return lines


# --------------------------------------------------------------------------- the fixed palette


@lru_cache(maxsize=8)
def palette_image(colours: tuple[Colour, ...], grounds: tuple[Colour, ...]) -> Image.Image:
    """A "P" image whose palette is ``colours`` plus their blends with the ``grounds`` they are drawn on
    (antialiased edges), at most 256 entries."""
    entries: list[Colour] = list(dict.fromkeys(colours + grounds))
    for s in (0.5, 0.25, 0.75):
        for g in grounds:
            for c in colours:
                b = mix(c, g, s)
                if b not in entries:
                    entries.append(b)
    entries = entries[:256]
    flat = [v for c in entries for v in c]
    flat += flat[:3] * (256 - len(entries))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


def base_colours(extra: Iterable[Colour]) -> tuple[Colour, ...]:
    """The colours every phone image uses, then the title's."""
    seats = tuple(player_colour(s) for s in range(6))
    tints = tuple(mix(c, WHITE, 0.72) for c in seats)
    return (BG, CARD_BG, INK, WHITE, EDGE, SUBTLE, MARK, *seats, *tints, *extra)


GROUNDS: tuple[Colour, ...] = (BG, CARD_BG, WHITE)

#: a title's fixed palette: its colours and the grounds they are drawn on
Palette = tuple[tuple[Colour, ...], tuple[Colour, ...]]

# --------------------------------------------------------------------------- pieces

#: pieces kept, least recently used first, up to :data:`PIECE_BYTES` bytes: a box of a row at 1 byte per pixel,
#: a full-width piece at its pixels until it is first encoded, then at the size of its deflated scanlines (about
#: a twentieth), so the boards of a few hundred channels stay in a worker's cache between their moves
_PIECES: OrderedDict[tuple[Hashable, ...], Strip | Image.Image] = OrderedDict()
_PIECES_LOCK = threading.Lock()
_piece_bytes = 0
PIECE_BYTES = 48 << 20
_SCRATCH_H = 1800


class Strip:
    """A full-width piece of a phone image (WIDTH px wide, ``height`` high, on its title's palette), as kept: its
    palette image until it is first encoded, then only its PNG scanlines deflated on their own (the image is
    rebuilt from them when asked for). Its content never changes."""

    __slots__ = ("_deflated", "_image", "charged", "height")

    def __init__(self, image: Image.Image) -> None:
        if image.mode != "P" or image.width != WIDTH:
            raise ValueError(f"a strip is a {WIDTH}-px-wide palette image, not {image.mode} {image.size}")
        self.height = image.height
        self._image: Image.Image | None = image
        self._deflated: tuple[bytes, int, int] | None = None
        #: the bytes the piece cache counts for it (0 when not kept)
        self.charged = 0

    def size(self) -> int:
        got = self._deflated
        return len(got[0]) + 64 if got is not None else WIDTH * self.height

    def deflated(self) -> tuple[bytes, int, int]:
        """Its scanlines deflated on their own (raw deflate ended by a sync flush: byte-aligned, not final), their
        Adler-32 and length; made once (then the image is let go)."""
        global _piece_bytes
        got = self._deflated
        if got is not None:
            return got
        img = self._image
        if img is None:  # another thread deflated it meanwhile
            got = self._deflated
            assert got is not None
            return got
        raw = scanlines(img)
        z = isal_zlib.compressobj(DEFLATE_LEVEL, isal_zlib.DEFLATED, -15, 8)
        got = (z.compress(raw) + z.flush(isal_zlib.Z_SYNC_FLUSH), isal_zlib.adler32(raw), len(raw))
        self._deflated = got
        self._image = None
        with _PIECES_LOCK:
            if self.charged:
                _piece_bytes += self.size() - self.charged
                self.charged = self.size()
        return got

    def image(self) -> Image.Image:
        """Its palette indexes as an image (the palette itself is the composed image's)."""
        img = self._image
        if img is not None:
            return img
        got = self._deflated
        assert got is not None
        raw = zlib.decompressobj(-15).decompress(got[0])
        return Image.frombytes("P", (WIDTH + 1, self.height), raw).crop((1, 0, WIDTH + 1, self.height))


_PAL_NOS: dict[int, tuple[Palette, int]] = {}


def _pal_no(pal: Palette) -> int:
    """A small number for a palette, in the piece cache's keys (hashing the palette's hundred colours on every
    look-up cost more than the look-up). Known by the palette object's identity, the palette kept alive with its
    number so that identity is never reused; an equal palette in another object just gets its own pieces."""
    got = _PAL_NOS.get(id(pal))
    if got is None:
        with _PIECES_LOCK:
            got = _PAL_NOS.setdefault(id(pal), (pal, len(_PAL_NOS)))
    return got[1]


def _size(made: Strip | Image.Image) -> int:
    return made.size() if isinstance(made, Strip) else made.width * made.height


def clear_pieces() -> None:
    """Forget every piece (tests that read the text sizes drawn start from here)."""
    global _piece_bytes
    with _PIECES_LOCK:
        for made in _PIECES.values():
            if isinstance(made, Strip):
                made.charged = 0
        _PIECES.clear()
        _piece_bytes = 0


def _kept(full: tuple[Hashable, ...]) -> Strip | Image.Image | None:
    with _PIECES_LOCK:
        got = _PIECES.get(full)
        if got is not None:
            _PIECES.move_to_end(full)
        return got


def _store(full: tuple[Hashable, ...], made: Strip | Image.Image) -> None:
    global _piece_bytes
    with _PIECES_LOCK:
        if full not in _PIECES:
            _PIECES[full] = made
            size = _size(made)
            if isinstance(made, Strip):
                made.charged = size
            _piece_bytes += size
            while _piece_bytes > PIECE_BYTES and len(_PIECES) > 1:
                _, old = _PIECES.popitem(last=False)
                _piece_bytes -= old.charged if isinstance(old, Strip) else _size(old)
                if isinstance(old, Strip):
                    old.charged = 0


def piece(pal: Palette, key: Hashable, draw: Callable[[Image.Image, ImageDraw.ImageDraw], float]) -> Strip:
    """One full-width part of a phone image. ``key`` must name everything ``draw`` shows (the locale, names,
    numbers, marks): the part is drawn only the first time that key is asked for. ``draw`` draws on an RGB image
    ``WIDTH`` px wide from ``y = 0`` down and returns the height it used."""
    full = (_pal_no(pal), "piece", key)
    got = _kept(full)
    if isinstance(got, Strip):
        return got
    made = Strip(draw_piece(pal, draw, WIDTH))
    _store(full, made)
    return made


_scratch = threading.local()


def _draw_scratch(draw: Callable[[Image.Image, ImageDraw.ImageDraw], float]) -> tuple[Image.Image, int]:
    """Draw on this thread's scratch canvas (cleared only as far down as its last use): the canvas and the
    height the drawing reports."""
    canvas: Image.Image | None = getattr(_scratch, "canvas", None)
    if canvas is None:
        canvas = _scratch.canvas = Image.new("RGB", (WIDTH, _SCRATCH_H), BG)
        _scratch.used = 0
    if _scratch.used:  # a paste of the colour: ~6x faster than ImageDraw's filled rectangle (0.04 ms for 640 rows)
        canvas.paste(BG, (0, 0, WIDTH, _scratch.used))
    d = ImageDraw.Draw(canvas)
    h = max(1, min(_SCRATCH_H, round(draw(canvas, d))))
    _scratch.used = min(_SCRATCH_H, h + 32)  # a mark may reach a little below the height a drawing reports
    return canvas, h


def _on_palette(pal: Palette, canvas: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
    return canvas.crop(box).quantize(palette=palette_image(*pal), dither=Image.Dither.NONE)


def draw_piece(pal: Palette, draw: Callable[[Image.Image, ImageDraw.ImageDraw], float], width: int) -> Image.Image:
    """Draw on this thread's scratch canvas and map the part used onto the palette ``pal``."""
    canvas, h = _draw_scratch(draw)
    return _on_palette(pal, canvas, (0, 0, width, h))


def strips(pal: Palette, cuts: Sequence[tuple[int, Hashable]], height: int,
           draw: Callable[[Image.Image, ImageDraw.ImageDraw, frozenset[int]], float]) -> list[Strip]:
    """A full-width part ``height`` px high kept as horizontal strips, one piece each (for :func:`compose`).
    ``cuts``: each strip's top (the first at 0, in order) and its key, which must name everything drawn within the
    strip, also what reaches into it across its edges. Strips seen before are reused; if one is new, ``draw`` draws
    the part (from y = 0, returning ``height``), told which strips are new (by their index in ``cuts``): it may
    leave out what reaches none of them. Only the new strips are mapped onto the palette."""
    bottoms = [y for y, _ in cuts[1:]] + [height]
    fulls = [(_pal_no(pal), "strip", y0, y1, key) for (y0, key), y1 in zip(cuts, bottoms, strict=True)]
    got = [_kept(full) for full in fulls]
    new = frozenset(k for k, g in enumerate(got) if not isinstance(g, Strip))
    if not new:
        return [g for g in got if isinstance(g, Strip)]
    canvas, _ = _draw_scratch(lambda im, d: draw(im, d, new))
    out = []
    for (y0, _key), y1, full, hit in zip(cuts, bottoms, fulls, got, strict=True):
        if not isinstance(hit, Strip):
            hit = Strip(_on_palette(pal, canvas, (0, y0, WIDTH, y1)))
            _store(full, hit)
        out.append(hit)
    return out


def row_piece(pal: Palette, key: Hashable, height: int, parts: Sequence[tuple[int, Image.Image]]) -> Strip:
    """A strip ``height`` px high of smaller pieces placed at their ``x`` (pieces already on the palette: no
    drawing and no palette mapping here). ``key`` names the parts."""
    full = (_pal_no(pal), "row", key)
    got = _kept(full)
    if isinstance(got, Strip):
        return got
    # the background where no part is: the index the drawn pieces' background maps to (not index 0, a slightly
    # different shade); no palette of its own, indexes into ``pal`` (a palette put on it would be converted by
    # Python code at the first paste, ~1 ms)
    made = Image.new("P", (WIDTH, height), _bg_index(pal))
    for x, part in parts:
        made.paste(part, (x, 0))
    strip = Strip(made)
    _store(full, strip)
    return strip


@lru_cache(maxsize=8)
def _bg_index(pal: Palette) -> int:
    """The palette index :data:`BG` is mapped to when a drawn piece is put on the palette ``pal``."""
    return int(_on_palette(pal, Image.new("RGB", (1, 1), BG), (0, 0, 1, 1)).getpixel((0, 0)))  # type: ignore[arg-type]


def small_piece(pal: Palette, key: Hashable, width: int,
                draw: Callable[[Image.Image, ImageDraw.ImageDraw], float]) -> Image.Image:
    """A part ``width`` px wide of a row (a box: see :func:`row_piece`), as a palette image, drawn only the first
    time its ``key`` is asked for (see :func:`piece`)."""
    full = (_pal_no(pal), "small", width, key)
    got = _kept(full)
    if isinstance(got, Image.Image):
        return got
    made = draw_piece(pal, draw, width)
    _store(full, made)
    return made


def blank(pal: Palette, height: int) -> Strip:
    """An empty strip of the background colour."""
    return piece(pal, ("blank", height), lambda im, d: height)


class Drawing:
    """A phone image as drawn: its title's palette and its full-width pieces from the top (see :func:`compose`).
    :func:`encode` writes its PNG from the pieces; :meth:`image` puts the image together (tests, viewing)."""

    __slots__ = ("pal", "pieces", "title")

    def __init__(self, pal: Palette, pieces: Sequence[Strip], title: str = "") -> None:
        self.pal = pal
        self.pieces = tuple(pieces)
        self.title = title

    @property
    def height(self) -> int:
        return sum(p.height for p in self.pieces)

    def image(self) -> Image.Image:
        """The palette image (index 0 is :data:`BG`)."""
        img = Image.new("P", (WIDTH, self.height), 0)
        img.putpalette(palette_image(*self.pal).getpalette() or [])
        y = 0
        for p in self.pieces:
            img.paste(p.image(), (0, y))
            y += p.height
        if self.title:
            img.info["title"] = self.title
        return img


def compose(pal: Palette, pieces: Sequence[Strip]) -> Drawing:
    """The pieces one under the other, with a margin below: the phone image as drawn (nothing is pasted here:
    :func:`encode` writes the PNG from the pieces, :meth:`Drawing.image` makes the image when one is wanted)."""
    return Drawing(pal, (*pieces, blank(pal, PAD)))


# --------------------------------------------------------------------------- PNG from deflated pieces

#: zlib's Adler-32 modulus
_ADLER = 65521


def adler32_combine(a1: int, a2: int, len2: int) -> int:
    """The Adler-32 of two byte strings one after the other, from theirs and the second one's length (zlib's
    ``adler32_combine``, which Python's zlib does not offer)."""
    rem = len2 % _ADLER
    s1 = ((a1 & 0xFFFF) + (a2 & 0xFFFF) + _ADLER - 1) % _ADLER
    s2 = (rem * (a1 & 0xFFFF) + (a1 >> 16) + (a2 >> 16) + _ADLER - rem) % _ADLER
    return s1 | (s2 << 16)


def scanlines(img: Image.Image) -> bytes:
    """A palette image's PNG scanlines: each row of indexes after its filter byte (0: none)."""
    framed = Image.new("P", (img.width + 1, img.height), 0)
    framed.paste(img, (1, 0))
    return framed.tobytes()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


#: the end of a deflate stream: an empty final block (fixed codes)
_FINAL_BLOCK = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15).flush()
#: a zlib header (deflate, 32K window, "fast" level), its check bits making it a multiple of 31
_ZLIB_HEADER = b"\x78\x01"
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_IEND = _chunk(b"IEND", b"")


@lru_cache(maxsize=8)
def _plte(pal: Palette) -> bytes:
    return _chunk(b"PLTE", bytes((palette_image(*pal).getpalette() or [])[:768]))


def encode(img: Drawing | Image.Image, pal: Palette) -> bytes:
    """PNG bytes of a phone image. A :class:`Drawing`: its pieces' kept deflated scanlines one after another (a
    piece not encoded before is compressed now, once). An image: mapped onto the fixed palette ``pal`` (if RGB)
    and written whole by Pillow."""
    if isinstance(img, Drawing):
        parts = [_ZLIB_HEADER]
        adler = 1
        for p in img.pieces:
            data, a, n = p.deflated()
            parts.append(data)
            adler = adler32_combine(adler, a, n)
        parts += (_FINAL_BLOCK, struct.pack(">I", adler))
        ihdr = struct.pack(">IIBBBBB", WIDTH, img.height, 8, 3, 0, 0, 0)
        return b"".join((_SIGNATURE, _chunk(b"IHDR", ihdr), _plte(img.pal), _chunk(b"IDAT", b"".join(parts)), _IEND))
    if img.mode != "P":
        img = img.convert("RGB").quantize(palette=palette_image(*pal), dither=Image.Dither.NONE)
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=COMPRESS_LEVEL)
    return buf.getvalue()
