"""Compatibility name for the Discord adapter, which lives in the package :mod:`bot.discord`."""
from .discord import *  # noqa: F403
from .discord import __all__  # noqa: F401
