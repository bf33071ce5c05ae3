"""Luxor (Rüdiger Dorn, Queen Games 2018) for 2–4 players.

Rules: shared/rules/luxor/RULES.md (clause ids), DECISIONS.md (decision kinds C-03…C-13).

Reading order:

1. ``game.py``      the title as the platform sees it: action grammar, auto-resolution, timeouts;
                    delegates everything below
2. ``setup.py``     the state layout and setup (LUX-SETUP)
3. ``rules.py``     per decision kind: the candidates with their verdicts (the options) and the
                    handler that carries out a choice (``CANDIDATES``, ``HANDLERS``)
   ``offers.py``    the C-04 and C-06 options worked out once per position (a table checked
                    against what it was read from before it is reused)
4. ``flow.py``      the turn flow the handlers drive: card, movement, tile action, draw, end
5. ``movement.py``  board geometry and RESOLVE: which movements are legal, and why not
6. ``explain.py``   why an action is refused (the same candidates, then the same RESOLVE)
7. ``scoring.py``   final scoring
8. ``labels.py``    messages: names, option labels, prompt titles
9. ``views.py``     the typed public and private views the renderer draws
10. ``hidden.py``   information states and determinisation (what each seat cannot see)
11. ``data.py``     component data from ``components.json``

``testing.py`` builds arbitrary positions for tests; production code never imports it.
"""
from .game import GAME, Luxor

__all__ = ["GAME", "Luxor"]
