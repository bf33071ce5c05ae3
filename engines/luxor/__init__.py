"""Luxor (Rüdiger Dorn, Queen Games 2018) for 2–4 players.

Rules: shared/rules/luxor/RULES.md. Data: ``data.py`` (from ``components.json``).
Views: ``views.py`` (format documented there). Test scenarios: ``scenario.py``.
"""
from .game import GAME, Luxor

__all__ = ["GAME", "Luxor"]
