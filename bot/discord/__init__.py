"""The Discord adapter: slash commands, buttons and selects over :class:`bot.service.GameService`.

Thin by design: it turns interactions into service calls and service results into messages. Rules live in
``engines``, pictures in ``render``, text in the catalogue. Reading order:

* ``client.py`` — the :class:`Referee` client: start-up, command sync, the flows (a move, the hand, the
  lobby) and posting boards;
* ``commands.py`` — ``/game`` and one group per title, built from the engines' declared command groups;
* ``components.py`` — persistent buttons and selects (``DynamicItem``: game id and move number in the id);
* ``compose.py`` — message, embed and board composition (pure functions);
* ``errors.py`` — the one error path: every interaction is answered, privately, saying whether anything
  changed; ``limits.py`` — Discord's limits.
"""
from .client import Referee, run_bot
from .commands import build_commands
from .components import AbandonButton, GroupButton, HandButton, LobbyButton, OptionSelect, compose_turn
from .compose import CatalogueTranslator, L, option_choices, options_summary, warm_up_renderers

__all__ = [
    "AbandonButton", "CatalogueTranslator", "GroupButton", "HandButton", "L", "LobbyButton", "OptionSelect",
    "Referee", "build_commands", "compose_turn", "option_choices", "options_summary", "run_bot", "warm_up_renderers",
]
