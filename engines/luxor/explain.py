"""Why an action is refused: the clause that forbids it and a message for the player.

An action the pending decision does not offer is first looked up among that decision's
candidates (``rules.CANDIDATES``: the very list the options come from) and refused with the
candidate's verdict. An action outside the candidates is parsed, and a movement goes through the
same per-movement judge (RESOLVE of ``movement.py``) after its position and step count are read.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import IllegalAction

from . import data
from .movement import ROLL_KINDS, SELF_MOVING_KINDS, StepSpec, active_positions, card_playable, player, resolve_spec
from .rules import CANDIDATES, NOT_AN_OPTION, Reason, problem_reason, reason

State = dict[str, Any]


def _is_number(tok: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts '²' (which ``int`` refuses) and other scripts."""
    return tok.isascii() and tok.isdigit()


def game_refusal(st: State, seat: int, action: object) -> IllegalAction | None:
    """Refusals before any decision is looked at: the game is over, it is not ``seat``'s
    decision, or the action is not a string."""
    if st["over"]:
        return IllegalAction("LUX-END-4" if (st["final"] or {}).get("reason") == "stall" else "LUX-END-2", "luxor.err.over")
    pend = st["pending"]
    if not pend or seat != pend["seat"]:
        return IllegalAction("LUX-DEF-10", "luxor.err.not_your_turn")
    if not isinstance(action, str):
        return IllegalAction("LUX-TURN-2", "luxor.err.garbage")
    return None


def explain(st: State, seat: int, action: str) -> IllegalAction:
    """The refusal of ``action``, which the pending decision of ``seat`` does not offer."""
    toks = action.split()
    if not toks or " ".join(toks) != action:  # not in the action grammar (e.g. stray spaces)
        return IllegalAction("LUX-TURN-2", "luxor.err.garbage")
    kind = st["pending"]["kind"]
    found = next((c for c in CANDIDATES[kind](st, seat) if c.action == action), None)
    why = found.reason if found is not None else _PARSERS.get(kind, _not_an_option)(st, seat, kind, toks)
    assert why is not None, f"{action!r} is legal"
    clause, key, params = why
    return IllegalAction(clause, key, **params)


def _not_an_option(st: State, seat: int, kind: str, toks: list[str]) -> Reason:
    return NOT_AN_OPTION[kind]


def _refuse_act(st: State, seat: int, kind: str, toks: list[str]) -> Reason:
    """C-08: a position where no adventurer moved by *advance all* stands (LUX-CARD-H06)."""
    return reason("LUX-CARD-H06", "luxor.err.not_actor") if toks[0] == "act" else NOT_AN_OPTION[kind]


def _refuse_play(st: State, seat: int, kind: str, toks: list[str]) -> Reason:
    """C-04: not a play, not an end, an unplayable end, a move given to a card that takes none
    now, a move missing, or a move its card does not allow (as in C-06)."""
    if toks[0] == "discard":
        return reason("LUX-NOMOVE-2", "luxor.err.must_play")
    if toks[0] != "play":
        return reason("LUX-TURN-3", "luxor.err.play_first")
    if len(toks) < 2 or toks[1] not in ("L", "R"):
        return reason("LUX-HAND-2", "luxor.err.ends_only")
    hand = player(st, seat)["hand"]
    cid = hand[0] if toks[1] == "L" else hand[-1]
    if not card_playable(st, seat, cid):
        return reason("LUX-LEGAL-4", "luxor.err.unplayable")
    card_kind = data.CARDS[cid]["kind"]
    if card_kind in ROLL_KINDS:  # "play L" alone is offered
        return reason("LUX-CARD-S03" if card_kind == "die" else "LUX-CARD-H04", "luxor.err.roll_first")
    if card_kind in SELF_MOVING_KINDS:
        return reason("LUX-CARD-H05" if card_kind == "advance_all" else "LUX-CARD-H07", "luxor.err.moves_itself")
    if len(toks) == 2:
        return reason("LUX-LEGAL-1", "luxor.err.play_with_move")
    return judge_move(st, seat, cid, None, ["move", *toks[2:]]) or reason("LUX-LEGAL-3", "luxor.err.illegal_move")


def _refuse_move(st: State, seat: int, kind: str, toks: list[str]) -> Reason:
    """C-06: a movement the card and roll of this turn do not allow."""
    turn = st["turn"]
    return judge_move(st, seat, turn["card"], turn["roll"], toks) or reason("LUX-LEGAL-3", "luxor.err.illegal_move")


def judge_move(st: State, seat: int, cid: str, roll: int | None, toks: list[str]) -> Reason | None:
    """The verdict on a typed movement ``move <from> [<k>|f|b]`` of card ``cid``: the adventurer at
    ``<from>`` (LUX-MOVE-1, LUX-ANUBIS-1, LUX-TOMB-4), the step count or direction the card allows
    (LUX-CARD-S01…H08, LUX-OPT-8), then RESOLVE as for the offered movements (None: it resolves)."""
    if len(toks) not in (2, 3) or toks[0] != "move" or not _is_number(toks[1]):
        return reason("LUX-LEGAL-1", "luxor.err.garbage")
    pos = int(toks[1])
    if pos not in active_positions(st, seat):
        return _no_adventurer(st, seat, pos)
    spec = _step_spec(st, cid, roll, toks[2] if len(toks) == 3 else None)
    if isinstance(spec, tuple):
        return spec
    r = resolve_spec(st, pos, spec, player(st, seat)["keys"])
    return problem_reason(r, pos) if isinstance(r, str) else None


def _no_adventurer(st: State, seat: int, pos: int) -> Reason:
    advs = player(st, seat)["adv"]
    if any(a["state"] == "lying" and a["pos"] == pos for a in advs):
        return reason("LUX-ANUBIS-1", "luxor.err.lying", pos=pos)
    if pos == data.TOMB and any(a["state"] == "finished" for a in advs):
        return reason("LUX-TOMB-4", "luxor.err.finished")
    return reason("LUX-MOVE-1", "luxor.err.no_adventurer", pos=pos)


def _step_spec(st: State, cid: str, roll: int | None, extra: str | None) -> StepSpec | Reason:
    """How far the typed movement goes, or why the card does not allow what was typed."""
    card = data.CARDS[cid]
    kind = card["kind"]
    if kind == "plus_minus":
        if extra == "f":
            return "f"
        if extra == "b":
            return "b"
        return reason("LUX-CARD-S02", "luxor.err.direction")
    if kind in ("range", "range_die") or (kind == "one_less" and st["options"]["one_less_steps"] != "fixed"):
        clause = {"range": "LUX-CARD-H03", "range_die": "LUX-CARD-H04", "one_less": "LUX-OPT-8"}[kind]
        lo = card.get("min", 1) if kind == "range" else 1
        hi = {"range": card.get("max"), "range_die": roll, "one_less": data.ONE_LESS_MAX}[kind]
        if extra is None or not _is_number(extra) or not lo <= int(extra) <= (hi or 0):
            return reason(clause, "luxor.err.steps_range", lo=lo, hi=hi)
        return int(extra)
    n = roll if kind == "die" else card["steps"]  # a fixed count: number card, die, one less (printed)
    if extra is not None:
        clause = {"move": "LUX-CARD-S01", "die": "LUX-CARD-S03", "one_less": "LUX-CARD-H08"}[kind]
        return reason(clause, "luxor.err.fixed_steps", n=n)
    return int(n or 0)


Parser = Callable[[State, int, str, list[str]], Reason]
_PARSERS: dict[str, Parser] = {"C-04": _refuse_play, "C-06": _refuse_move, "C-08": _refuse_act}
