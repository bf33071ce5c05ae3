"""Alhambra (Queen Games 2003), base game for 2-6 players, with Dirk for two players.

Exports ``GAME``, the engine (:class:`~.game.AlhambraGame`). Reading order:

1. ``game.py`` — the thin :class:`~engines.core.RulesGame`: options, command groups, the action
   grammar, timeout actions; it delegates everything below;
2. ``setup.py`` — setup (ALH-SETUP-*), the state layout;
3. ``flow.py`` — the turn flow: phases, who decides next, refills, scoring rounds, the end;
4. ``moves.py`` — the parts of one handler per decision kind (C-02, C-03, C-08, C-09), put
   together in ``game.HANDLERS``: the candidates a prompt offers, finding a typed action among them,
   carrying it out;
5. ``payments.py`` — the payments offered per market space and the one judge of any payment;
6. ``explain.py`` — why an action that is not a candidate is illegal;
7. ``views.py`` — the typed public and private views the renderer reads;
8. ``hidden.py`` — information states and determinisation (what a seat cannot see);
9. ``common.py``, ``geometry.py``, ``scoring.py``, ``data.py`` — money cards and messages,
   placement and walls, majority scoring, the component data (``components.json``).

``testing.py`` is the test seam (arbitrary positions, stacked decks); production code never imports it.
"""
from __future__ import annotations

from .game import GAME, AlhambraGame

__all__ = ["GAME", "AlhambraGame"]
