"""Pure rules engines. ``get_game(name)`` returns the :class:`~engines.core.Game` of a title."""
from __future__ import annotations

import importlib

from .core import Game

GAME_IDS: tuple[str, ...] = ("alhambra", "egizia", "luxor")


def available_games() -> list[str]:
    """The titles whose engine package is present."""
    out = []
    for name in GAME_IDS:
        try:
            importlib.import_module(f"engines.{name}")
        except ModuleNotFoundError:
            continue
        out.append(name)
    return out


def get_game(name: str) -> Game:
    if name not in GAME_IDS:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(GAME_IDS)}")
    module = importlib.import_module(f"engines.{name}")
    game: Game = module.GAME
    return game
