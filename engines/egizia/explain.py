"""Why an action is refused: the rules clause and a specific message (RULES.md clause ids).

Nothing here decides legality on its own: a refused free action gets the reason of the free-action judge
(:func:`engines.egizia.nile.judge_free`), anything else the reason of its decision kind's handler, whose
judges are the same code that built the offered options. A kind with nothing specific to say, and tokens
too garbled to judge, get the kind's generic refusal.
"""
from __future__ import annotations

from engines.core import IllegalAction, State

from .board import KIND_CLAUSE, Handler, Reason
from .nile import explain_free, is_free


def why_illegal(s: State, seat: int, kind: str, action: str, handler: Handler) -> IllegalAction:
    """The refusal of ``action``, which is not among the options of ``seat``'s pending ``kind`` decision."""
    toks = action.split()
    if not toks:
        return IllegalAction("EGZ-ROUND-3", "egizia.err.bad_action")
    try:
        reason = explain_free(s, seat, kind, toks) if is_free(kind, toks) else handler.explain(s, seat, toks)
    except (KeyError, IndexError, ValueError, TypeError):  # garbage tokens: the generic refusal
        reason = None
    if reason is None:
        reason = generic(kind)
    clause, key, params = reason
    if key == "egizia.err.illegal":
        params = {**params, "action": action[:80]}
    return IllegalAction(clause, key, **params)


def generic(kind: str) -> Reason:
    return KIND_CLAUSE.get(kind, "EGZ-ROUND-3"), "egizia.err.illegal", {}
