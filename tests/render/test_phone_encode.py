"""The phone image's PNG made from its pieces' kept deflated scanlines (issue #24, render/phone.py): the file
decodes to exactly the image put together from the pieces (every palette index, the palette itself), before and
after the pieces let their pixels go; it is a PNG other readers accept (zlib's own decoder checks the Adler-32 and
the deflate stream); an image (not a drawing) is written as it is by Pillow; the piece cache keeps its count."""
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
def test_the_png_from_pieces_is_exactly_the_image_put_together(title: str) -> None:
    game = get_game(title)
    players = min(4, game.max_players)
    P.clear_pieces()
    for state in _game_positions(title, players, seed=5, every=9):
        view = game.public_view(state)
        drawing = api.phone_drawing(view, NAMES[:players], "en")
        img = drawing.image()  # before encoding: from the pieces' images
        data = api.encode(drawing)
        assert data == api.phone(view, NAMES[:players], "en")
        back = _decode(data)
        assert back.mode == "P" and back.size == img.size == (P.WIDTH, drawing.height)
        assert back.tobytes() == img.tobytes()
        assert back.getpalette() == img.getpalette()
        assert drawing.image().tobytes() == img.tobytes()  # after encoding: rebuilt from the kept deflated lines
        raw = zlib.decompress(_idat(data))  # zlib checks the stream and its Adler-32
        assert raw == P.scanlines(img)
        assert _decode(api.bare_encode(img)).tobytes() == img.tobytes()


def test_a_phone_image_is_written_whole_by_pillow() -> None:
    game = get_game("luxor")
    view = game.public_view(game.new_game(3, {}, 2).state)
    img = api.phone_image(view, NAMES[:3], "en")
    ImageDraw.Draw(img).rectangle((0, 0, 50, 9), fill=3)  # an image is encoded as it is, whatever its pieces were
    assert _decode(api.encode(img)).tobytes() == img.tobytes()
    rgb = Image.new("RGB", (P.WIDTH, 40), P.BG)  # an RGB image is mapped onto the title's palette first
    assert _decode(P.encode(rgb, (P.GROUNDS, P.GROUNDS))).size == (P.WIDTH, 40)


def test_the_piece_cache_counts_what_it_keeps(monkeypatch: pytest.MonkeyPatch) -> None:
    """A full-width piece is counted at its pixels until encoded, then at its deflated size; the cache stays
    within its budget by letting the least recently used go."""
    monkeypatch.setattr(P, "PIECE_BYTES", 400_000)
    P.clear_pieces()
    game = get_game("egizia")
    rnd = random.Random(4)
    state = game.new_game(3, {}, 4).state
    for _ in range(40):
        p = rnd.choice(game.prompts(state))
        state = game.apply(state, p.seat, rnd.choice(p.options).action).state
        drawing = api.phone_drawing(game.public_view(state), NAMES[:3], "en")
        api.encode(drawing)
        kept = list(P._PIECES.values())
        assert P._piece_bytes == sum(m.charged if isinstance(m, P.Strip) else m.width * m.height for m in kept)
        assert P._piece_bytes <= 400_000 or len(kept) == 1
        for m in drawing.pieces:  # encoded: counted (if still kept) at the deflated size
            assert m.charged in (0, len(m.deflated()[0]) + 64)
    P.clear_pieces()


@given(st.binary(max_size=300), st.binary(max_size=300))
def test_adler32_combine_agrees_with_zlib(a: bytes, b: bytes) -> None:
    assert P.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


def test_adler32_combine_with_long_runs() -> None:
    rnd = random.Random(1)
    for n in (65520, 65521, 65522, 300_000):
        a, b = rnd.randbytes(n), bytes(n)
        assert P.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(a + b)


@pytest.mark.parametrize(("title", "players"), [("alhambra", 2), ("alhambra", 6), ("egizia", 3), ("luxor", 4)])
def test_a_phone_image_from_kept_pieces_is_the_one_drawn_afresh(title: str, players: int) -> None:
    """Every move of a game drawn as the bot draws it (pieces kept from the moves before: the boxes of a row, the
    rows of Alhambra's grid drawn only where new) gives, pixel for pixel, the image drawn with nothing kept: the
    pieces' keys name all they show."""
    game = get_game(title)
    P.clear_pieces()
    kept = []
    for state in _game_positions(title, players, seed=11, every=1):
        view = game.public_view(state)
        kept.append((view, api.phone_drawing(view, NAMES[:players], "en").image().tobytes()))
    for view, data in kept[::4]:
        P.clear_pieces()
        assert api.phone_drawing(view, NAMES[:players], "en").image().tobytes() == data
