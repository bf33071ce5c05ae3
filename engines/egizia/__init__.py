"""Egizia (Hans im Glück 2009) for the Referee bot: the engine exported as ``GAME``.

Reading order:

1. :mod:`.game` — the title (a thin :class:`engines.core.RulesGame`), its command groups and the
   timeout table.
2. :mod:`.rules` — the table ``HANDLERS`` (one handler per decision kind D-03…D-19), prompts, check,
   dispatch, advance.
3. :mod:`.flow` — the stages of a round and who must decide what next.
4. The rules sections, in game order: :mod:`.setup` (options, deal, start), :mod:`.sailing` (phase 2,
   placements), :mod:`.nile` (Nile cards, round spaces, card/space choices, free actions W1-W4),
   :mod:`.feeding` (phase 3), :mod:`.building` (phase 5), :mod:`.sphinx` (Sphinx draws and keeps),
   :mod:`.scoring` (cooperation, final scoring, Sphinx points).
5. :mod:`.explain` — why an action is refused (from the same judges that build the options).
6. :mod:`.board` — the shared vocabulary (abbreviations, messages, board queries, small state changes);
   :mod:`.data` — components.json.
7. :mod:`.views` — the typed public and private views the renderer draws; :mod:`.hidden` — information
   states and determinisation (what each seat cannot see).

``testing.py`` is the one test seam (stacked deals); production code never imports it.
"""
from __future__ import annotations

from .game import Egizia

GAME = Egizia()

__all__ = ["GAME", "Egizia"]
