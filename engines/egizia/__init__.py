"""Egizia (Hans im Glück 2009) for the Referee bot: the engine exported as ``GAME``."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import CommandGroup, Game, GameInfo, Msg, Outcome, Prompt, Result, Rng, State, msg

from . import data, hidden, rules, views
from .rules import setup_state


class Egizia(Game):
    id = "egizia"
    min_players = 2
    max_players = 4
    option_specs = rules.OPTION_SPECS
    # free actions (play a card, crew up, buy strength, improve) may be offered in every window
    _FREE = ("D-04", "D-06", "D-08", "D-10", "D-12", "D-19")
    command_groups = (
        CommandGroup("sail", ("place", "pass", "stop", "endturn"), ("D-04", "D-05", "D-08"), "cmd.egizia.sail"),
        CommandGroup("card", ("track", "n18", "improve", "keep", "alyi", "ring", "leftover"),
                     ("D-03", "D-06", "D-07", "D-09", "D-15", "D-17") + _FREE, "cmd.egizia.card"),
        CommandGroup("feed", ("feed",), ("D-10",), "cmd.egizia.feed"),
        CommandGroup("build", ("first", "build", "decline", "crew", "draw", "obelisk", "tomb", "pyr", "tmp", "finish"),
                     ("D-11", "D-12", "D-13", "D-14", "D-16", "D-18"), "cmd.egizia.build"),
        CommandGroup("play", ("play", "crewup", "buy", "done"), _FREE, "cmd.egizia.play"),
    )

    @property
    def info(self) -> GameInfo:
        return GameInfo(2, 4, hidden=("Sphinx cards", "Nile deck order", "Sphinx deck order"),
                        chance=True, simultaneous=True)

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

    # -- hidden information (engines/egizia/hidden.py)
    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(int(p["score"]) for p in state["seats"])

    def information_state(self, state: State, seat: int | None) -> State:
        return hidden.information_state(state, seat)

    def determinize(self, info: State, seat: int | None, rng: Rng) -> State:
        return hidden.determinize(info, seat, rng)

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
