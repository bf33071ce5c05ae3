"""The phone image's PNG made from its pieces' kept deflated scanlines (issue #24, render/phone.py): the file
decodes to exactly the composed image (every palette index, the palette itself), is a PNG other readers accept
(zlib's own decoder checks the Adler-32 and the deflate stream), and an image not composed from pieces (or
changed after) is written as it is by Pillow."""
from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from engines import get_game
from render import api
from render import phone as P

from .test_phone import NAMES, TITLES, _game_positions


def _decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def _idat(data: bytes) -> bytes:
    """The concatenated IDAT payload of a PNG, every chunk's CRC checked."""
    pos, out = 8, b""
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        (crc,) = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        assert zlib.crc32(kind + body) == crc, kind
        if kind == b"IDAT":
            out += body
        pos += 12 + n
    return out


@pytest.mark.parametrize("title", TITLES)
def test_the_png_from_pieces_is_exactly_the_composed_image(title: str) -> None:
    game = get_game(title)
    players = min(4, game.max_players)
    for state in _game_positions(title, players, seed=5, every=9):
        img = api.phone_image(game.public_view(state), NAMES[:players], "en")
        assert "pieces" in img.info
        data = api.encode(img)
        back = _decode(data)
        assert back.mode == "P" and back.size == img.size
        assert back.tobytes() == img.tobytes()
        assert back.getpalette() == img.getpalette()
        raw = zlib.decompress(_idat(data))  # zlib checks the stream and its Adler-32
        assert len(raw) == img.height * (img.width + 1)
        assert raw == P.scanlines(img)


def test_an_image_changed_after_composing_is_written_as_it_is() -> None:
    game = get_game("luxor")
    view = game.public_view(game.new_game(3, {}, 2).state)
    img = api.phone_image(view, NAMES[:3], "en").copy()
    taller = Image.new("P", (img.width, img.height + 10), 0)
    taller.putpalette(img.getpalette() or [])
    taller.paste(img, (0, 0))
    taller.info.update(img.info)  # its pieces no longer make up the image: the encoder must not use them
    ImageDraw.Draw(taller).rectangle((0, img.height, 50, img.height + 9), fill=3)
    back = _decode(api.encode(taller))
    assert back.tobytes() == taller.tobytes()
    rgb = Image.new("RGB", (P.WIDTH, 40), P.BG)  # an RGB image is mapped onto the title's palette first
    assert _decode(P.encode(rgb, (P.GROUNDS, P.GROUNDS))).size == (P.WIDTH, 40)


@given(st.binary(max_size=300), st.binary(max_size=300))
def test_adler32_combine_agrees_with_zlib(a: bytes, b: bytes) -> None:
    assert P.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_adler32_combine_with_long_runs() -> None:
    rnd = random.Random(1)
    for n in (65520, 65521, 65522, 300_000):
        a, b = rnd.randbytes(n), bytes(n)
        assert P.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)
