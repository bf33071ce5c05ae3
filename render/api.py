"""The render API the bot calls: every function takes a view and returns PNG bytes.

* :func:`phone` — the phone-first image a board message's embed shows (≤ 800 px wide, text ≥ 20 px,
  whose turn, standings, the last move marked, what the player to act chooses from). Drawn on every move.
* :func:`board` — the full board (the last move marked too), for the one-tap full view.
* :func:`hand` — one player's private image (ephemeral), phone-first (render/phone_hand.py).

``phone_drawing`` / ``board_image`` and :func:`encode` split drawing from encoding (for ``referee bench``);
:func:`bare_encode` writes a drawn image whole, the bench's yardstick; ``phone_image`` puts a phone drawing
together as an image.
The title is read from ``view["game"]``.
"""
from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from PIL import Image

from . import alhambra, egizia, luxor, phone_alhambra, phone_egizia, phone_hand, phone_luxor
from .common import encode_png
from .phone import COMPRESS_LEVEL, Drawing

__all__ = ["Drawing", "bare_encode", "board", "board_image", "encode", "hand", "phone", "phone_drawing",
           "phone_image"]


class _PhoneRenderer(Protocol):
    """What each title's phone module offers (render/phone_<title>.py)."""

    def phone_drawing(self, view: Any, names: Sequence[str], locale: str = ...) -> Drawing: ...

    def encode(self, img: Drawing | Image.Image) -> bytes: ...


_PHONE: dict[str, _PhoneRenderer] = {"alhambra": phone_alhambra, "egizia": phone_egizia, "luxor": phone_luxor}


def _title(view: Mapping[str, Any]) -> str:
    title = str(view.get("game", ""))
    if title not in ("alhambra", "egizia", "luxor"):
        raise KeyError(f"no renderer for {title!r}; known: alhambra, egizia, luxor")
    return title


def board_image(view: Mapping[str, Any], names: Sequence[str], locale: str = "en") -> Image.Image:
    """The full public board, not yet encoded."""
    title = _title(view)
    if title == "alhambra":
        return alhambra.render_public_image(view, names, locale)  # type: ignore[arg-type]
    if title == "egizia":
        return egizia.render_public_image(view, names, locale)  # type: ignore[arg-type]
    return luxor.render_public_image(view, names, locale)  # type: ignore[arg-type]


def phone_drawing(view: Mapping[str, Any], names: Sequence[str], locale: str = "en") -> Drawing:
    """The phone-first image as drawn (its pieces, not yet put together nor encoded: :func:`encode` writes its PNG
    from them, as :func:`phone` does)."""
    title = _title(view)
    drawing = _PHONE[title].phone_drawing(view, names, locale)
    drawing.title = title
    return drawing


def phone_image(view: Mapping[str, Any], names: Sequence[str], locale: str = "en") -> Image.Image:
    """The phone-first image put together, not encoded (its palette is the title's)."""
    return phone_drawing(view, names, locale).image()


def encode(img: Drawing | Image.Image) -> bytes:
    """PNG bytes of a drawn image: a phone image from its pieces or on its title's fixed palette, a full board as
    before."""
    title = img.title if isinstance(img, Drawing) else img.info.get("title")
    if title in _PHONE:
        return _PHONE[title].encode(img)
    if isinstance(img, Drawing):
        raise ValueError("a phone drawing without its title")
    return encode_png(img)


def bare_encode(img: Image.Image) -> bytes:
    """PNG bytes of a drawn image written whole by Pillow, nothing reused (``referee bench``'s yardstick): a phone
    image (:meth:`Drawing.image`) at the phone images' zlib level, a full board as :func:`encode` writes it."""
    if img.info.get("title") in _PHONE and img.mode == "P":
        buf = io.BytesIO()
        img.save(buf, format="PNG", compress_level=COMPRESS_LEVEL)
        return buf.getvalue()
    return encode_png(img)


def phone(view: Mapping[str, Any], names: Sequence[str], locale: str = "en") -> bytes:
    """PNG bytes of the phone-first image (≤ 800 px wide, text ≥ 20 px): the board message's embed image."""
    title = _title(view)
    return _PHONE[title].encode(_PHONE[title].phone_drawing(view, names, locale))


def board(view: Mapping[str, Any], names: Sequence[str], locale: str = "en") -> bytes:
    """PNG bytes of the full public board."""
    return encode(board_image(view, names, locale))


def hand(public_view: Mapping[str, Any], private_view: Mapping[str, Any], names: Sequence[str],
         locale: str = "en") -> bytes:
    """PNG bytes of one player's private image (money, hand, secret cards), phone-first: for an ephemeral reply."""
    return phone_hand.HANDS[_title(public_view)](public_view, private_view, names, locale)
