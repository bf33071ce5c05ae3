"""Egizia (Hans im Glück 2009) for the Referee bot: the engine exported as ``GAME``."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Game, Msg, Outcome, Prompt, Result, State, msg

from . import data, rules, views
from .rules import setup_state


class Egizia(Game):
    id = "egizia"
    min_players = 2
    max_players = 4
    option_specs = rules.OPTION_SPECS

    def new_game(self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0, **stacked: Any) -> Outcome:
        """A fresh game. ``stacked`` (tests only) forwards to :func:`rules.setup_state`."""
        resolved = self.resolve_options(options)
        return setup_state(players, seed=seed, resolved=resolved, **stacked)

    def prompts(self, state: State) -> list[Prompt]:
        return rules.prompts_of(state)

    def apply(self, state: State, seat: int, action: str) -> Outcome:
        return rules.apply_action(state, seat, action)

    def public_view(self, state: State) -> dict[str, Any]:
        return views.public_view(state)

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        return views.private_view(state, seat)

    def result(self, state: State) -> Result | None:
        r = state.get("result")
        if not r:
            return None
        detail = tuple(
            msg("egizia.result.line", player=seat, what=_line_msg(what), vp=vp) for seat, what, vp in r["lines"]
        )
        extra = {"tie_break_used": 1 if r.get("tie") else 0}
        return Result(tuple(r["scores"]), tuple(r["winners"]), extra, detail)


def _line_msg(what: str) -> Msg:
    if what in ("stone_sale", "tombs"):
        return msg(f"egizia.final.{what}")
    return msg(f"egizia.sphinx.{what}")


GAME = Egizia()

__all__ = ["GAME", "Egizia", "data", "rules", "setup_state", "views"]
