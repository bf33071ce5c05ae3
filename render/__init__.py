"""Pillow drawings of engine views.

Each title has one renderer, registered explicitly in :data:`RENDERERS`. A renderer is anything that
satisfies :class:`Renderer` (today: the module ``render.<title>``); :func:`renderer` looks it up.

:mod:`render.api` is what the bot calls for a board message (issue #20): ``api.phone(view, names, locale)``
(the phone-first image, drawn on every move), ``api.board(...)`` (the full board) and
``api.hand(public_view, private_view, names, locale)`` (a private image), each returning PNG bytes.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from . import alhambra, api, egizia, luxor


class Renderer(Protocol):
    """Draws a title's views as PNG bytes. ``names[seat]`` are the players' display names."""

    def render_public(self, view: Any, names: list[str], locale: str = "en") -> bytes:
        """The board everyone sees, from the public view only."""
        ...

    def render_private(self, public_view: Any, private_view: Any, names: list[str], locale: str = "en") -> bytes:
        """One player's own view (hand, secret cards), shown to that player only."""
        ...


RENDERERS: Mapping[str, Renderer] = {"alhambra": alhambra, "egizia": egizia, "luxor": luxor}


def renderer(title: str) -> Renderer:
    try:
        return RENDERERS[title]
    except KeyError:
        raise KeyError(f"no renderer for {title!r}; known: {', '.join(RENDERERS)}") from None


__all__ = ["RENDERERS", "Renderer", "api", "renderer"]
