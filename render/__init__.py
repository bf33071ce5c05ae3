"""Pillow drawings of engine views. ``renderer(title)`` returns the module of a game, which provides
``render_public(view, names, locale) -> bytes`` and ``render_private(public_view, private_view, names, locale) -> bytes``.
"""
from __future__ import annotations

import importlib
from types import ModuleType


def renderer(title: str) -> ModuleType:
    return importlib.import_module(f"render.{title}")
