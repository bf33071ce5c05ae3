"""The Egizia title: a thin :class:`engines.core.RulesGame` that delegates to the rules sections.

Timeout actions (:meth:`Egizia.timeout_action`): the least harmful offered action of the seat's pending
decision, per kind:

======  ==========================================  ===================================================
kind    decision                                    played on timeout
======  ==========================================  ===================================================
D-03    setup Sphinx draw: which card to keep       ``keep 1``
D-04    sailing turn                                ``endturn`` after a placement, else ``pass``
D-05    the N33 extra placement                     ``stop``
D-06    card choice (track, N18, improver)          ``keep`` the improver for later; else the first
D-07    space choice (Alyi builders, Passalon)      the ring stays where it is; else the first choice
D-08    play N33 after a placement?                 ``endturn``
D-09    take a leftover card with N39?              ``leftover no``
D-10    feeding                                     ``feed 0 0`` (spend nothing, take the penalty)
D-11    build first with N38?                       ``first no``
D-12    build or decline                            ``decline``
D-13    the crew                                    the weakest crew (first of equals)
D-14    Sphinx cards to pay for                     ``crew back`` if still possible, else the fewest
D-15    Sphinx cards to keep                        ``keep 1`` (the rest go back for their points)
D-16    obelisk/tomb items                          ``finish``, else ``crew back``, else the cheapest
D-17    the track step after the obelisk           the first track (stone sale)
D-18    pyramid/temple items                        ``finish``, else ``crew back``, else the cheapest
D-19    last anytime actions before scoring         ``done``
======  ==========================================  ===================================================
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import (
    LAST_MOVE,
    CommandGroup,
    Event,
    GameInfo,
    Msg,
    Outcome,
    Prompt,
    Result,
    Rng,
    RulesGame,
    State,
    TextLine,
    checked,
    msg,
    start_marks,
)

from . import hidden, rules, scoring, setup, views
from .board import copy_state
from .views import PrivateView, PublicView


class Egizia(RulesGame):
    id = "egizia"
    min_players = 2
    max_players = 4
    option_specs = setup.OPTION_SPECS
    # free actions (play a card, crew up, buy strength, improve) may be offered in every window
    _FREE = ("D-04", "D-06", "D-08", "D-10", "D-12", "D-19")
    #: Egyptian names for bot seats
    bot_names = ("Nefertiti", "Hatshepsut", "Imhotep", "Ramesses", "Khufu", "Ankhesenamun", "Tiye", "Thutmose",
                 "Nefertari", "Sobekneferu", "Amenhotep", "Merneith")

    def scoring_mark(self, message: Msg) -> Msg | None:
        """The end of each round, when a new round is laid out (``egizia.ev.round`` for round 2 on)."""
        if message.key == "egizia.ev.round" and int(message.params.get("round", 1)) > 1:
            return Msg("recap.round_end", {"round": int(message.params["round"]) - 1})
        return None

    def private_lines(self, private: Mapping[str, Any]) -> list[TextLine]:
        """The Sphinx cards and the anytime cards in hand."""
        mine = private.get("private", private)
        sphinx = tuple(Msg(f"egizia.sphinx.{c.get('id')}", {}) for c in mine.get("sphinx", []) if isinstance(c, dict))
        anytime = tuple(Msg(f"egizia.card.{c.get('id') if isinstance(c, dict) else c}", {})
                        for c in mine.get("anytime", []))
        return [TextLine(Msg("console.hand_sphinx", {"n": len(sphinx), "cards": sphinx})),
                TextLine(Msg("console.hand_anytime", {"n": len(anytime), "cards": anytime}))]

    result_extras = ("tie_break_used",)  # 1 when a tie on points was broken by the rulebook's tie-break
    command_groups = (
        CommandGroup("sail", ("place", "pass", "stop", "endturn"), ("D-04", "D-05", "D-08"), "cmd.egizia.sail"),
        CommandGroup("card", ("track", "n18", "improve", "keep", "alyi", "ring", "leftover"),
                     ("D-03", "D-06", "D-07", "D-09", "D-15", "D-17", *_FREE), "cmd.egizia.card"),
        CommandGroup("feed", ("feed",), ("D-10",), "cmd.egizia.feed"),
        CommandGroup("build", ("first", "build", "decline", "crew", "draw", "obelisk", "tomb", "pyr", "tmp", "finish"),
                     ("D-11", "D-12", "D-13", "D-14", "D-16", "D-18"), "cmd.egizia.build"),
        CommandGroup("play", ("play", "crewup", "buy", "done"), _FREE, "cmd.egizia.play"),
    )

    @property
    def info(self) -> GameInfo:
        return GameInfo(2, 4, hidden=("Sphinx cards", "Nile deck order", "Sphinx deck order"),
                        chance=True, simultaneous=True)

    def new_game(self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Outcome:
        return start_marks(setup.new_game(players, self.resolve_options(options), seed))

    def prompts(self, state: State) -> list[Prompt]:
        return rules.prompts(state)

    def check(self, state: State, seat: int, action: str) -> Prompt:
        return rules.check(state, seat, action)

    def dispatch(self, state: State, seat: int, prompt: Prompt, action: str, events: list[Event]) -> bool:
        return rules.dispatch(state, seat, prompt, action, events)

    def advance(self, state: State, events: list[Event]) -> bool:
        return rules.advance(state, events)

    def apply(self, state: State, seat: int, action: str) -> Outcome:
        """The shared pipeline (check -> clone -> dispatch -> advance), checking only the one action."""
        # the spelling every title shares (engines.core.checked)
        kind = checked(action, lambda: rules.check_kind(state, seat, action))
        s = copy_state(state, last_move=False)  # mark_move below replaces the last move's marks
        events: list[Event] = []
        revealed = rules.dispatch_kind(s, seat, kind, action, events)
        revealed = rules.advance(s, events) or revealed
        # taking a tomb tile turns the next face-down one up (issue 21: a move that shows anything reveals);
        # which tiles lie face down follows from the tomb spaces alone, so they are counted only when changed
        revealed = revealed or (s["tomb_spaces"] != state["tomb_spaces"]
                                and hidden.face_down_tombs(s) < hidden.face_down_tombs(state))
        # the final scoring shows every Sphinx card
        revealed = revealed or (bool(s.get("result")) and not state.get("result"))
        self.mark_move(state, s, seat, action)
        if s.get(LAST_MOVE) is not None and s[LAST_MOVE] is state.get(LAST_MOVE):  # not replaced: never shared
            s[LAST_MOVE] = copy_state({LAST_MOVE: s[LAST_MOVE]})[LAST_MOVE]
        return Outcome(s, tuple(events), revealed)

    def play(self, state: State, seat: int, action: str) -> State:
        """:meth:`apply`'s state without its marks (:meth:`~engines.core.Game.play`): no reveal checks, no marks."""
        kind = checked(action, lambda: rules.check_kind(state, seat, action))
        s = copy_state(state, last_move=False)  # shared, then dropped
        s.pop(LAST_MOVE, None)
        events: list[Event] = []
        rules.dispatch_kind(s, seat, kind, action, events)
        rules.advance(s, events)
        return s

    def public_view(self, state: State) -> PublicView:
        return views.public_view(state)

    def move_marks(self, before: State, after: State, seat: int, action: str) -> dict[str, Any]:
        return views.move_marks(before, after, seat, action)

    def private_view(self, state: State, seat: int) -> PrivateView:
        return views.private_view(state, seat)

    def timeout_action(self, state: State, seat: int) -> str:
        return rules.timeout_action(state, seat)

    # -- hidden information (engines/egizia/hidden.py)
    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(int(p["score"]) for p in state["seats"])

    def projected_scores(self, state: State) -> tuple[float, ...]:
        """The score track plus what the final scoring (EGZ-END-2..4) would add now
        (:func:`engines.egizia.scoring.projected_scores`)."""
        return scoring.projected_scores(state)

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
