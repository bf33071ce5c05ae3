"""The move pipeline of Egizia: one handler per decision kind (DECISIONS.md D-03…D-19) in :data:`HANDLERS`,
the pending prompts, checking an action, carrying it out, and moving the flow on.

Every kind's handler lives in its rules section (:mod:`sailing`, :mod:`nile`, :mod:`feeding`,
:mod:`building`, :mod:`sphinx`, :mod:`scoring`); the free actions of the windows W1-W4 (``play``,
``improve``, ``crewup``, ``buy``) may answer several kinds and go to :func:`engines.egizia.nile.do_free`.
"""
from __future__ import annotations

from engines.core import Event, IllegalAction, Prompt, State

from . import building, feeding, flow, nile, sailing, scoring, sphinx
from .board import Handler
from .explain import why_illegal

HANDLERS: dict[str, Handler] = dict(sorted({
    **sphinx.HANDLERS,      # D-03, D-14, D-15
    **sailing.HANDLERS,     # D-04, D-05, D-08, D-09
    **nile.HANDLERS,        # D-06, D-07
    **feeding.HANDLERS,     # D-10
    **building.HANDLERS,    # D-11, D-12, D-13, D-16, D-17, D-18
    **scoring.HANDLERS,     # D-19
}.items()))


def prompts(s: State) -> list[Prompt]:
    """The pending decisions, one prompt per (seat, kind) the flow waits for."""
    return [HANDLERS[kind].prompt(s, seat) for seat, kind in flow.pending(s)]


def check(s: State, seat: int, action: str) -> Prompt:
    """The prompt of ``seat`` that ``action`` answers; raises :class:`IllegalAction` naming the rule."""
    if not isinstance(action, str) or not isinstance(seat, int):
        raise IllegalAction("EGZ-ROUND-3", "egizia.err.bad_action")
    mine = [p for p in prompts(s) if p.seat == seat]
    if not mine:
        if s["stage"]["at"] == "over":
            raise IllegalAction("EGZ-END-1", "egizia.err.game_over")
        raise IllegalAction("EGZ-ROUND-3", "egizia.err.not_your_turn", player=seat)
    prompt = mine[0]
    if prompt.find(action) is None:
        raise why_illegal(s, seat, prompt, action, HANDLERS[prompt.kind])
    return prompt


def dispatch(s: State, seat: int, prompt: Prompt, action: str, ev: list[Event]) -> bool:
    """Carry out an offered action in place; returns whether it revealed hidden information."""
    toks = action.split()
    if nile.is_free(prompt.kind, toks):
        return nile.do_free(s, seat, toks, ev)
    return HANDLERS[prompt.kind].apply(s, seat, toks, ev)


def advance(s: State, ev: list[Event]) -> bool:
    """Run the automatic flow and forced decisions (a single prompt with a single option) until a real
    decision is pending or the game is over. Returns whether anything revealed hidden information."""
    revealed = False
    for _ in range(100_000):
        progress = flow.step(s, ev)
        if progress != "wait":
            revealed = revealed or progress == "revealed"
            continue
        pending = prompts(s)
        if len(pending) == 1 and len(pending[0].options) == 1:
            p = pending[0]
            revealed = dispatch(s, p.seat, p, p.options[0].action, ev) or revealed
            continue
        return revealed
    raise RuntimeError("egizia: flow did not settle")


def timeout_action(s: State, seat: int) -> str:
    """The least harmful offered action of ``seat``'s pending decision (table in :mod:`engines.egizia.game`)."""
    mine = [p for p in prompts(s) if p.seat == seat]
    if not mine:
        raise ValueError(f"seat {seat} has no pending decision")
    return HANDLERS[mine[0].kind].timeout(s, mine[0])
