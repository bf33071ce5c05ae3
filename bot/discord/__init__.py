"""The Discord adapter: slash commands, buttons and selects over :class:`bot.table.service.GameService`.

Thin by design: it turns interactions into service calls and service results into messages. Rules live in
``engines``, pictures in ``render``, text in the catalogue; it never touches the store. Reading order:

* ``app.py`` — the :class:`Referee` client: start-up, command sync, background tasks; ``adapter.py`` — the
  client as the other modules see it (a protocol: none of them imports ``app``);
* ``commands.py`` — ``/game`` and one group per title, built from the engines' declared command groups;
* by concern: ``lobby.py`` (join, bots, start, abandon), ``play.py`` (a move, the hand, the board's buttons),
  ``table.py`` (undo, pause, skip, replace), ``history.py`` (records, recaps, stats, following);
* ``boards.py`` — board messages; ``poster.py`` — delivering the outbox (no Discord); ``notifier.py`` — the
  table's notifier (pings, DMs, the board after a clock move);
* ``compose.py`` — message, embed and board composition (pure functions);
* ``errors.py`` — the one error path: every interaction is answered, privately, saying whether anything
  changed; ``limits.py`` — Discord's limits; ``lifecycle.py`` — running until a stop signal.
"""
from .app import Referee, run_bot
from .commands import build_commands
from .compose import CatalogueTranslator, L, option_choices, options_summary, warm_up_renderers
from .lobby import AbandonButton, LobbyButton
from .play import GroupButton, HandButton, OptionSelect, compose_turn

__all__ = [
    "AbandonButton", "CatalogueTranslator", "GroupButton", "HandButton", "L", "LobbyButton", "OptionSelect",
    "Referee", "build_commands", "compose_turn", "option_choices", "options_summary", "run_bot", "warm_up_renderers",
]
