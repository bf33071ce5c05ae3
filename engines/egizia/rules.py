"""The move pipeline of Egizia: one handler per decision kind (DECISIONS.md D-03…D-19) in :data:`HANDLERS`,
the pending prompts, checking an action, carrying it out, and moving the flow on.

Every kind's handler lives in its rules section (:mod:`sailing`, :mod:`nile`, :mod:`feeding`,
:mod:`building`, :mod:`sphinx`, :mod:`scoring`); the free actions of the windows W1-W4 (``play``,
``improve``, ``crewup``, ``buy``) may answer several kinds and go to :func:`engines.egizia.nile.do_free`.

Speed (issue #11): a move is checked by judging that one action where the kind's handler can say whether
it offers it (:attr:`Handler.offers`), and a pending decision is known not to be forced without listing
its options where the handler can tell (:attr:`Handler.several`); both use the judges the prompts use.
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


def check_kind(s: State, seat: int, action: str) -> str:
    """The kind of ``seat``'s pending decision that ``action`` answers; raises :class:`IllegalAction`
    naming the rule. Only that decision is judged, and only for this action where its handler can say
    (``offers``) without building every option."""
    if not isinstance(action, str) or not isinstance(seat, int):
        raise IllegalAction("EGZ-ROUND-3", "egizia.err.bad_action")
    kind = next((k for who, k in flow.pending(s) if who == seat), None)
    if kind is None:
        if s["stage"]["at"] == "over":
            raise IllegalAction("EGZ-END-1", "egizia.err.game_over")
        raise IllegalAction("EGZ-ROUND-3", "egizia.err.not_your_turn", player=seat)
    handler = HANDLERS[kind]
    if handler.offers is not None:
        offered = handler.offers(s, seat, action)
    else:
        offered = handler.prompt(s, seat).find(action) is not None
    if not offered:
        raise why_illegal(s, seat, kind, action, handler)
    return kind


def check(s: State, seat: int, action: str) -> Prompt:
    """The prompt of ``seat`` that ``action`` answers; raises :class:`IllegalAction` naming the rule."""
    return HANDLERS[check_kind(s, seat, action)].prompt(s, seat)


def dispatch(s: State, seat: int, prompt: Prompt, action: str, ev: list[Event]) -> bool:
    """Carry out an offered action in place; returns whether it revealed hidden information."""
    return dispatch_kind(s, seat, prompt.kind, action, ev)


def dispatch_kind(s: State, seat: int, kind: str, action: str, ev: list[Event]) -> bool:
    """Carry out an action offered in ``seat``'s pending ``kind`` decision, in place."""
    toks = action.split()
    if nile.is_free(kind, toks):
        return nile.do_free(s, seat, toks, ev)
    return HANDLERS[kind].apply(s, seat, toks, ev)


def advance(s: State, ev: list[Event]) -> bool:
    """Run the automatic flow and forced decisions (a single prompt with a single option) until a real
    decision is pending or the game is over. Returns whether anything revealed hidden information."""
    revealed = False
    for _ in range(100_000):
        progress = flow.step(s, ev)
        if progress != "wait":
            revealed = revealed or progress == "revealed"
            continue
        pending = flow.pending(s)
        if len(pending) == 1:
            seat, kind = pending[0]
            handler = HANDLERS[kind]
            if handler.several is None or not handler.several(s, seat):
                options = handler.prompt(s, seat).options
                if len(options) == 1:
                    revealed = dispatch_kind(s, seat, kind, options[0].action, ev) or revealed
                    continue
        return revealed
    raise RuntimeError("egizia: flow did not settle")


def timeout_action(s: State, seat: int) -> str:
    """The least harmful offered action of ``seat``'s pending decision (table in :mod:`engines.egizia.game`)."""
    mine = [p for p in prompts(s) if p.seat == seat]
    if not mine:
        raise ValueError(f"seat {seat} has no pending decision")
    return HANDLERS[mine[0].kind].timeout(s, mine[0])
