"""Catalogue keys built at run time, declared in one place.

A key written out in the code (``t("err.no_game")``) is checked by reading the code; a key put together
while the program runs (``f"none.{title}.{group}"``, ``"result.extra." + k``, ``f"egizia_render.pending.{kind}"``)
is not. Every such family is declared here from the data that produces it (the games' command groups,
decision kinds and result extras), so tests/platform/test_runtime_keys.py can list all of its keys and ask
every locale for each, and can find any family the code builds that is not declared.

The bot's own families (statuses, clock policies, permissions …) come from the bot's constants; the test
collects them there, because ``render`` does not import ``bot``. The games are passed in (``render`` reads the
engines only through their views and ``engines.core``).
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from engines.core import Game

#: the renderers whose board shows the pending decision as ``<title>_render.pending.<kind>``
PENDING_LABELS = ("egizia", "luxor")


def game_keys(game: Game) -> Iterator[tuple[str, frozenset[str]]]:
    """(key, parameters passed) for every key built at run time from one game's declarations."""
    title = game.id
    yield f"game.{title}", frozenset()
    yield f"rules.{title}", frozenset()
    yield f"cmd.{title}", frozenset()
    yield f"cmd.{title}.choose", frozenset()
    for group in game.command_groups:
        yield f"group.{title}.{group.name}", frozenset()  # bot/discord/compose.py group_label
        yield f"none.{title}.{group.name}", frozenset()  # bot/discord/compose.py none_text
        yield group.description, frozenset()
    for extra in game.result_extras:
        yield f"result.extra.{extra}", frozenset({"value"})  # bot/discord/compose.py: the result table
    if title in PENDING_LABELS:
        for kind in sorted({k for g in game.command_groups for k in g.kinds}):
            yield f"{title}_render.pending.{kind}", frozenset()


def runtime_keys(games: Iterable[Game]) -> dict[str, frozenset[str]]:
    """Every declared run-time key of these games (``engines.available_games()``), with the parameters passed."""
    return {key: params for game in games for key, params in game_keys(game)}
