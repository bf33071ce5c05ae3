"""Shared drawing helpers (render/common.py), reused by every board renderer."""
from __future__ import annotations

import io
import threading

from PIL import Image, ImageDraw

from render import common as c


def test_font_is_cached_per_thread_and_has_accents():
    assert c.font(20) is c.font(20)
    assert c.font(20) is not c.font(20, bold=True)
    other = []
    th = threading.Thread(target=lambda: other.append(c.font(20)))
    th.start()
    th.join()
    assert other[0] is not c.font(20)  # FreeType faces are not shared between threads
    for ch in "ěščřžýáíéůúďťňĚŠČŘŽąćęłńóśźżĄĆĘŁŃÓŚŹŻ":
        assert c.has_glyph(ch), ch


def test_palette_gives_each_seat_a_distinct_colour_and_shape():
    assert len(set(c.PLAYER_COLOURS)) == 6
    assert len(set(c.PLAYER_SHAPES)) == 6
    assert c.NEUTRAL_SHAPE not in c.PLAYER_SHAPES
    images = set()
    for seat in [None, 0, 1, 2, 3, 4, 5]:
        m = c.seat_marker(seat, 32)
        assert m.size == (32, 32) and m.mode == "RGBA"
        images.add(m.tobytes())
    assert len(images) == 7
    # the shapes themselves differ (same colour, different silhouettes)
    alphas = {c.marker(s, (0, 0, 0), 40).getchannel("A").tobytes() for s in c.PLAYER_SHAPES + (c.NEUTRAL_SHAPE,)}
    assert len(alphas) == 7


def test_text_helpers():
    f = c.font(20)
    long = "Břetislav Šťastný z Dlouhé Lhoty nad Vltavou"
    short = c.ellipsize(long, f, 120)
    assert short.endswith("…") and f.getlength(short) <= 120
    assert c.ellipsize("Ola", f, 120) == "Ola"
    assert c.ellipsize(long, f, 1) == ""
    assert c.fit_font("12345", 30, 40, 10).getlength("12345") <= 30 or c.fit_font("12345", 30, 40, 10).size == 10
    assert c.fit_size("1", 100, 40) == 40
    assert c.clean_name("Žofie 🐉 Łania") == "Žofie Łania"
    assert c.clean_name("\u200b🐉", "Player 3") == "Player 3"
    assert c.wrap_items([50, 50, 50], 110, 5) == [[0, 1], [2]]
    assert c.wrap_items([], 110, 5) == []


def test_put_text_matches_imagedraw():
    a = Image.new("RGB", (200, 60), (255, 255, 255))
    b = a.copy()
    ImageDraw.Draw(a).text((10, 30), "Skóre 42", font=c.font(20), fill=(0, 0, 0), anchor="lm")
    w = c.put_text(b, (10, 30), "Skóre 42", 20, False, (0, 0, 0), "lm")
    assert abs(w - c.font(20).getlength("Skóre 42")) < 0.01
    ia = Image.eval(a.convert("L"), lambda v: 255 - v).getbbox()
    ib = Image.eval(b.convert("L"), lambda v: 255 - v).getbbox()
    assert ia is not None and ib is not None
    assert all(abs(p - q) <= 1 for p, q in zip(ia, ib, strict=True))


def test_colours():
    assert c.rgb("#ff8000") == (255, 128, 0)
    assert c.mix((0, 0, 0), (200, 100, 50), 0.5) == (100, 50, 25)
    assert c.ink_for((255, 255, 255)) == c.INK
    assert c.ink_for((0, 0, 80)) == c.WHITE


def test_encode_png_quantizes_to_a_palette():
    im = Image.new("RGB", (640, 400), (240, 230, 210))
    d = ImageDraw.Draw(im)
    for i, col in enumerate(c.PLAYER_COLOURS):
        d.rectangle((20 + i * 90, 20, 90 + i * 90, 90), fill=col)
    c.put_text(im, (20, 200), "Příliš žluťoučký kůň", 30, True)
    png = c.encode_png(im)
    out = Image.open(io.BytesIO(png))
    assert out.format == "PNG" and out.mode == "P" and out.size == im.size
    assert len(out.getcolors(256)) <= 128
    # flat colours survive exactly enough to recognise them
    rgbout = out.convert("RGB")
    for i, col in enumerate(c.PLAYER_COLOURS):
        got = rgbout.getpixel((55 + i * 90, 55))
        assert sum(abs(p - q) for p, q in zip(got, col, strict=True)) <= 24
    full = Image.open(io.BytesIO(c.encode_png(im, colors=0)))
    assert full.mode == "RGB"
