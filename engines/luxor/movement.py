"""Board geometry and movement legality: pure functions of a state, nothing is changed here.

RESOLVE (LUX-LEGAL-2, LUX-ALG-2) walks a movement over the tiles and returns either its
:class:`Resolution` or the reason it is illegal (a :data:`Problem`), in one pass: offering a
move and refusing one read the same walk. :func:`move_candidates` lists every movement a card
allows (each with that verdict); the C-04 and C-06 options and their refusals are built from it.
Clause ids refer to ``shared/rules/luxor/RULES.md``.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from itertools import compress
from typing import Any, Literal, NamedTuple, TypedDict

from . import data

State = dict[str, Any]
TOMB = data.TOMB
STAIRS = data.STAIRS

#: why a movement is illegal: it passes the tomb (LUX-MOVE-4), enters it without a key (LUX-TOMB-2),
#: cannot finish an Osiris continuation (LUX-MOVE-7), or has no tile behind it (LUX-MOVE-5)
Problem = Literal["overshoot", "no_key", "osiris", "no_tile_behind"]
#: how a single-adventurer card says how far to go: a step count, or +/-1 forward / backward
StepSpec = int | Literal["f", "b"]

ROLL_KINDS = ("die", "range_die")  # the movement is chosen after the roll: "play L", then C-06
SELF_MOVING_KINDS = ("advance_all", "last_to_second_last")  # C-06e / C-07: nothing to choose


class Resolution(TypedDict):
    """A legal movement: where it ends, every position it touched, the Osiris tiles that carried
    it on, whether it enters the tomb, and whether it stopped on the last tile (LUX-OPT-5)."""

    end: int
    trace: list[int]
    osiris: list[int]
    tomb: bool
    stopped: bool


class MoveInfo(NamedTuple):
    """Which movement a candidate names: start position, step count (None for +/-1), direction."""

    start: int
    k: int | None
    dir: Literal["f", "b"] | None


class MoveCandidate(NamedTuple):
    """One movement a card allows (``action`` like ``move 7 3``) with its verdict: ``resolution``
    when legal, else ``problem``."""

    action: str
    info: MoveInfo
    resolution: Resolution | None
    problem: Problem | None


# =========================================================================== board geometry

_PATH = range(1, data.LAST_PATH + 1)
_END = data.LAST_PATH + 1


def tile_positions(tiles: list[dict[str, Any] | None]) -> list[int]:
    """The path positions holding a tile, ascending, then the tomb: the squares a movement steps on
    (LUX-DEF-5). RESOLVE reads NEXT and PREV off this list instead of scanning the path per step."""
    out = list(compress(_PATH, tiles[1:_END]))  # a tile is a non-empty dict: truthy
    out.append(TOMB)
    return out


def is_tile(tiles: list[dict[str, Any] | None], q: int) -> bool:
    return 1 <= q <= data.LAST_PATH and tiles[q] is not None


def next_tile(tiles: list[dict[str, Any] | None], p: int) -> int:
    """NEXT(p) (LUX-DEF-5): the next tile position forward, or the tomb."""
    for q in range(p + 1, data.LAST_PATH + 1):
        if tiles[q] is not None:
            return q
    return TOMB


def prev_tile(tiles: list[dict[str, Any] | None], p: int) -> int | None:
    """PREV(p) (LUX-DEF-6): the previous tile position, or None."""
    for q in range(min(p, TOMB) - 1, 0, -1):
        if tiles[q] is not None:
            return q
    return None


def passed_statues(trace: list[int]) -> list[int]:
    """Anubis spaces passed by the forward parts of a trace (LUX-DEF-8)."""
    out: list[int] = []
    a = trace[0]
    for b in trace[1:]:
        if b > a + 1:
            between = _ANUBIS_BETWEEN[a][b] if a >= 0 and b <= TOMB else tuple(s for s in data.ANUBIS if a < s < b)
            for s in between:
                if s not in out:
                    out.append(s)
        a = b
    return out


#: _ANUBIS_BETWEEN[a][b]: the Anubis spaces s with a < s < b, ascending (for 0 <= a < b <= TOMB)
_ANUBIS_BETWEEN: list[list[tuple[int, ...]]] = [
    [tuple(s for s in data.ANUBIS if a < s < b) for b in range(TOMB + 1)] for a in range(TOMB + 1)
]


def osiris_value(tile: dict[str, Any]) -> int:
    return _OSIRIS_VALUE[tile["id"]]


_OSIRIS_VALUE: dict[str, int] = {oid: int(t["value"]) for oid, t in data.OSIRIS_TILES.items()}


# =========================================================================== RESOLVE


def _resolution(end: int, trace: list[int], osiris: list[int] | None = None, tomb: bool = False,
                stopped: bool = False) -> Resolution:
    return {"end": end, "trace": trace, "osiris": osiris or [], "tomb": tomb, "stopped": stopped}


def resolve_move(state: State, p: int, n: int, keys: int) -> Resolution | Problem:
    """RESOLVE(p, n, keys) (LUX-LEGAL-2, LUX-ALG-2): ``n`` steps from ``p`` over the tiles, then the
    tomb check or an Osiris continuation; the resolution, or why the movement is illegal."""
    return _walk(state, tile_positions(state["tiles"]), p, n, keys)


def _walk(state: State, tp: list[int], p: int, n: int, keys: int) -> Resolution | Problem:
    """:func:`resolve_move` over ``tp`` (:func:`tile_positions` of the state): step k lands on
    ``tp[i + k - 1]`` where ``tp[i]`` is NEXT(p); a step from the tomb overshoots (LUX-MOVE-4)."""
    if p >= TOMB:  # a step from the tomb overshoots (NEXT of a place past it would be the tomb)
        if n == 0:
            trace = [p]
        elif n == 1 and p > TOMB:
            trace = [p, TOMB]
        else:
            return "overshoot"
    else:
        i = bisect_right(tp, p)
        if i + n > len(tp):
            return "overshoot"  # LUX-MOVE-4
        trace = [p, *tp[i:i + n]]
    return _settle(state, tp, trace[-1], trace, keys)


def _settle(state: State, tp: list[int], cur: int, trace: list[int], keys: int) -> Resolution | Problem:
    """The end of a step sequence: tomb check, or an Osiris continuation (LUX-TILE-OSIRIS-1..3)."""
    if cur == TOMB:
        return {"end": TOMB, "trace": trace, "osiris": [], "tomb": True, "stopped": False} if keys >= 1 else "no_key"
    tiles = state["tiles"]
    tile = tiles[cur]
    if tile is None or tile["kind"] != "osiris":
        return {"end": cur, "trace": trace, "osiris": [], "tomb": False, "stopped": False}
    r = _walk(state, tp, cur, _OSIRIS_VALUE[tile["id"]], keys)
    if isinstance(r, str):
        if state["options"]["forced_move_overshoot"] == "stop_on_last_tile":  # LUX-OPT-5
            last = tp[-2] if len(tp) > 1 else None  # PREV(tomb)
            if last is not None and last > cur and tiles[last]["kind"] != "osiris":
                return _resolution(last, [*trace, last], [cur], stopped=True)
        return "osiris"  # LUX-MOVE-7
    return _resolution(r["end"], trace + r["trace"][1:], [cur, *r["osiris"]], r["tomb"], r["stopped"])


def resolve_back_move(state: State, p: int, keys: int) -> Resolution | Problem:
    """A backward step of the +/-1 card (LUX-MOVE-5, Q-09)."""
    return _back(state, tile_positions(state["tiles"]), p, keys)


def _back(state: State, tp: list[int], p: int, keys: int) -> Resolution | Problem:
    """:func:`resolve_back_move` over ``tp`` (:func:`tile_positions` of the state)."""
    if p in (STAIRS, TOMB):
        return "no_tile_behind"
    j = bisect_left(tp, min(p, TOMB), 0, len(tp) - 1) - 1  # PREV(p): the last tile before p
    if j < 0:
        if state["options"]["backward_to_stairs"]:  # LUX-OPT-3
            return _resolution(STAIRS, [p, STAIRS])
        return "no_tile_behind"
    q = tp[j]
    return _settle(state, tp, q, [p, q], keys)


def resolve(state: State, p: int, n: int, keys: int) -> Resolution | None:
    """:func:`resolve_move` with None for an illegal movement."""
    r = resolve_move(state, p, n, keys)
    return None if isinstance(r, str) else r


def resolve_back(state: State, p: int, keys: int) -> Resolution | None:
    """:func:`resolve_back_move` with None for an illegal step."""
    r = resolve_back_move(state, p, keys)
    return None if isinstance(r, str) else r


def resolve_spec(state: State, p: int, spec: StepSpec, keys: int) -> Resolution | Problem:
    """The movement of one adventurer from ``p`` as a card names it (steps, or +/-1 direction)."""
    return _resolve_spec(state, tile_positions(state["tiles"]), p, spec, keys)


def _resolve_spec(state: State, tp: list[int], p: int, spec: StepSpec, keys: int) -> Resolution | Problem:
    if spec == "b":
        return _back(state, tp, p, keys)
    return _walk(state, tp, p, 1 if spec == "f" else spec, keys)


# =========================================================================== adventurers and cards


def player(state: State, seat: int) -> dict[str, Any]:
    seat_record: dict[str, Any] = state["seats"][seat]
    return seat_record


def active_positions(state: State, seat: int) -> list[int]:
    """Distinct positions of a player's active adventurers (stairs and path), ascending."""
    return sorted({a["pos"] for a in state["seats"][seat]["adv"] if a["state"] == "active"})


def adv_at(state: State, seat: int, pos: int) -> int | None:
    for i, a in enumerate(player(state, seat)["adv"]):
        if a["state"] == "active" and a["pos"] == pos:
            return i
    return None


def count_at(state: State, seat: int, pos: int) -> int:
    return sum(1 for a in player(state, seat)["adv"] if a["state"] == "active" and a["pos"] == pos)


def choose_steps(state: State, cid: str) -> bool:
    """Whether the player chooses the step count of ``cid`` (1-X, 1-die, one less under LUX-OPT-8)."""
    kind = data.CARDS[cid]["kind"]
    return kind in ("range", "range_die") or (kind == "one_less" and state["options"]["one_less_steps"] != "fixed")


def step_specs(state: State, cid: str, roll: int | None) -> tuple[list[StepSpec], bool]:
    """The ways a single-adventurer card may move one adventurer, and whether the count is fixed
    (then the action names no count: ``move 7``). For die cards ``roll`` must be given.
    The answer is shared: nothing may change the list."""
    key = (cid, roll, state["options"]["one_less_steps"])
    out = _SPECS.get(key)
    if out is None:
        out = _step_specs(state, cid, roll)
        if len(_SPECS) < 4096:
            _SPECS[key] = out
    return out


#: step_specs by (card, roll, option one_less_steps): everything it reads
_SPECS: dict[tuple[str, int | None, Any], tuple[list[StepSpec], bool]] = {}


def _step_specs(state: State, cid: str, roll: int | None) -> tuple[list[StepSpec], bool]:
    card = data.CARDS[cid]
    kind = card["kind"]
    if kind == "plus_minus":
        return ["f", "b"], False
    if kind == "die":
        return [roll or 0], True
    if kind == "range":
        return list(range(card.get("min", 1), card["max"] + 1)), False
    if kind == "range_die":
        return list(range(1, (roll or 0) + 1)), False
    if kind == "one_less" and choose_steps(state, cid):
        return list(range(1, data.ONE_LESS_MAX + 1)), False  # LUX-OPT-8 choose_1_to_3
    if kind in ("move", "one_less"):
        return [card["steps"]], True
    raise ValueError(kind)


def move_candidates(state: State, seat: int, cid: str, roll: int | None) -> Iterator[MoveCandidate]:
    """Every movement of one active adventurer that card ``cid`` allows, each with its verdict,
    in the order options are offered (start position ascending, then steps / forward, backward)."""
    return iter_moves(state, mover(state, seat), cid, roll)


class Mover(NamedTuple):
    """What RESOLVE reads of a seat and the board, read once for all of its movements:
    :func:`tile_positions`, the distinct positions of its active adventurers, its keys."""

    tp: list[int]
    positions: list[int]
    keys: int


def mover(state: State, seat: int) -> Mover:
    p = state["seats"][seat]
    positions = sorted({a["pos"] for a in p["adv"] if a["state"] == "active"})  # active_positions
    return _new(Mover, (tile_positions(state["tiles"]), positions, p["keys"]))  # Mover(...)


def moves_of(state: State, mv: Mover, cid: str, roll: int | None) -> list[MoveCandidate]:
    """:func:`move_candidates` as a list, for a :func:`mover` of the state."""
    return list(iter_moves(state, mv, cid, roll))


def iter_moves(state: State, mv: Mover, cid: str, roll: int | None) -> Iterator[MoveCandidate]:
    """:func:`move_candidates` for a :func:`mover` of the state."""
    specs, fixed = step_specs(state, cid, roll)
    tp, keys = mv.tp, mv.keys
    tiles = state["tiles"]
    ntp = len(tp)
    names = _NAMES[fixed]
    for p in mv.positions:
        i = bisect_right(tp, p)
        for spec in specs:
            named = names.get((p, spec))
            if named is None:
                named = _name(p, spec, fixed)
            action, info = named
            r: Resolution | Problem
            n = 1 if spec == "f" else spec
            if type(n) is int and n > 0 and p < TOMB:  # _walk, inlined for the usual forward steps
                j = i + n
                if j > ntp:
                    r = "overshoot"  # LUX-MOVE-4
                else:
                    cur = tp[j - 1]
                    if cur != TOMB and tiles[cur]["kind"] != "osiris":
                        r = {"end": cur, "trace": [p, *tp[i:j]], "osiris": [], "tomb": False, "stopped": False}
                    else:
                        r = _settle(state, tp, cur, [p, *tp[i:j]], keys)
            else:
                r = _resolve_spec(state, tp, p, spec, keys)
            if type(r) is str:
                yield _new(MoveCandidate, (action, info, None, r))  # MoveCandidate(action, info, None, r)
            else:
                yield _new(MoveCandidate, (action, info, r, None))


def legal_moves(state: State, mv: Mover, cid: str, roll: int | None) -> list[tuple[str, MoveInfo, Resolution]]:
    """The legal ones of :func:`iter_moves` as ``(action, info, resolution)``, in the same order (the same
    walk, without the candidates it refuses)."""
    plan, fixed = _plan(state, cid, roll)
    tp, keys = mv.tp, mv.keys
    tiles = state["tiles"]
    ntp = len(tp)
    out: list[tuple[str, MoveInfo, Resolution]] = []
    for p in mv.positions:
        i = bisect_right(tp, p)
        on_board = 0 <= p < TOMB
        for spec, n, names in plan:
            r: Resolution | Problem
            if n and on_board:  # _walk, inlined for the usual forward steps
                j = i + n
                if j > ntp:
                    continue  # "overshoot" (LUX-MOVE-4)
                cur = tp[j - 1]
                if cur != TOMB and tiles[cur]["kind"] != "osiris":
                    action, info = names[p]
                    out.append((action, info, {"end": cur, "trace": [p, *tp[i:j]], "osiris": [], "tomb": False,
                                               "stopped": False}))
                    continue
                r = _settle(state, tp, cur, [p, *tp[i:j]], keys)
            else:
                r = _resolve_spec(state, tp, p, spec, keys)
            if type(r) is str:
                continue
            action, info = names[p] if on_board else _name(p, spec, fixed)
            out.append((action, info, r))  # type: ignore[arg-type]  # r is not a str here
    return out


#: a card's step specs (:func:`step_specs`), each with the forward step count of the inlined walk (None:
#: backward, or no step) and the (action, movement) per start position 0 … TOMB - 1; whether the count is fixed
Plan = tuple[tuple[tuple[StepSpec, int | None, list[tuple[str, MoveInfo]]], ...], bool]
#: the plans by (card, roll, option one_less_steps): everything step_specs reads
_PLANS: dict[tuple[str, int | None, Any], Plan] = {}


def _plan(state: State, cid: str, roll: int | None) -> Plan:
    key = (cid, roll, state["options"]["one_less_steps"])
    plan = _PLANS.get(key)
    if plan is None:
        specs, fixed = step_specs(state, cid, roll)
        plan = (tuple((spec, 1 if spec == "f" else spec if type(spec) is int and spec > 0 else None,
                       [_named(p, spec, fixed) for p in range(TOMB)]) for spec in specs), fixed)
        if len(_PLANS) < 4096:
            _PLANS[key] = plan
    return plan


_new = tuple.__new__  # a NamedTuple made without its Python-level __new__

#: per fixed / chosen step count: (start, step spec) -> (action, movement), shared (both are immutable)
_NAMES: dict[bool, dict[tuple[int, StepSpec], tuple[str, MoveInfo]]] = {True: {}, False: {}}


def _named(p: int, spec: StepSpec, fixed: bool) -> tuple[str, MoveInfo]:
    """The action and movement of a candidate: ``move 7`` / ``move 7 3`` / ``move 7 f``."""
    return (f"move {p}" if fixed else f"move {p} {spec}",
            MoveInfo(p, None, spec) if isinstance(spec, str) else MoveInfo(p, spec, None))


def _name(p: int, spec: StepSpec, fixed: bool) -> tuple[str, MoveInfo]:
    named = _named(p, spec, fixed)
    table = _NAMES[fixed]
    if len(table) < 4096:
        table[(p, spec)] = named
    return named


def movement_options(state: State, seat: int, cid: str, roll: int | None) -> list[tuple[str, Resolution, MoveInfo]]:
    """Legal C-06 options for a single-adventurer card: ``(action, resolution, info)``."""
    return [(m.action, m.resolution, m.info) for m in move_candidates(state, seat, cid, roll) if m.resolution]


def movement_of(state: State, seat: int, cid: str, roll: int | None, action: str) -> tuple[Resolution, MoveInfo]:
    """The resolution and movement of the legal option ``action`` of :func:`movement_options` (the
    same candidate, read off the action instead of listing all); KeyError when it is not one."""
    specs, fixed = step_specs(state, cid, roll)
    toks = action.split()
    if len(toks) != (2 if fixed else 3) or toks[0] != "move" or not (toks[1].isascii() and toks[1].isdigit()):
        raise KeyError(action)
    p = int(toks[1])
    spec: StepSpec
    if fixed:
        spec = specs[0]
    elif toks[2] in ("f", "b"):
        spec = "f" if toks[2] == "f" else "b"
    elif toks[2].isascii() and toks[2].isdigit():
        spec = int(toks[2])
    else:
        raise KeyError(action)
    if spec not in specs or p not in active_positions(state, seat) or action != (f"move {p}" if fixed else f"move {p} {spec}"):
        raise KeyError(action)
    r = resolve_spec(state, p, spec, player(state, seat)["keys"])
    if isinstance(r, str):
        raise KeyError(action)
    return r, (MoveInfo(p, None, spec) if isinstance(spec, str) else MoveInfo(p, spec, None))


def move_known_before_play(cid: str) -> bool:
    """True when the card's movement options are known before it is played (no die roll, and it
    moves one chosen adventurer): its C-04 options name the move too (``play L 7``)."""
    kind = data.CARDS[cid]["kind"]
    return kind not in ROLL_KINDS and kind not in SELF_MOVING_KINDS


def move_outcome(
    state: State, seat: int, cid: str, r: Resolution, info: MoveInfo
) -> tuple[int, int, bool, bool, tuple[int, ...], bool]:
    """Everything a C-06 option changes: start, movement end, tomb entry, stop, the player's own
    lying adventurers it wakes, and whether *one adventurer less* lowers the requirement there.

    Options with equal outcomes are the same (start -> end) pair of DECISIONS C-06.
    """
    lying = {a["pos"] for a in player(state, seat)["adv"] if a["state"] == "lying"}
    woken = tuple(s for s in passed_statues(r["trace"]) if s in lying)
    one_less = (
        data.CARDS[cid]["kind"] == "one_less"
        and not r["tomb"]
        and (state["options"]["one_less_after_osiris"] or not r["osiris"])
    )
    return (info.start, r["end"], r["tomb"], r["stopped"], woken, one_less)


def one_pair(state: State, seat: int, cid: str, moves: list[tuple[str, Resolution, MoveInfo]]) -> bool:
    """Whether several legal movements are all one (start -> end) pair with the same effects
    (DECISIONS C-06: then the choice resolves itself, with the first)."""
    return same_outcome(state, seat, cid, [(r, info) for _, r, info in moves])


def same_outcome(state: State, seat: int, cid: str, moves: list[tuple[Resolution, MoveInfo]]) -> bool:
    """Whether there are several legal movements ``(resolution, info)`` and their
    :func:`move_outcome` s are all equal (the outcome starts with start and end: compared first)."""
    if len(moves) < 2:
        return False
    r0, i0 = moves[0]
    start, end = i0.start, r0["end"]
    if any(info.start != start or r["end"] != end for r, info in moves):
        return False
    return len({move_outcome(state, seat, cid, r, info) for r, info in moves}) == 1


def play_moves(state: State, seat: int, cid: str) -> list[tuple[str, Resolution, MoveInfo]]:
    """The movement options a combined C-04 option may name for ``cid`` (a card whose movement is
    known before playing): :func:`movement_options`, except that options which are all one
    (start -> end) pair with the same effects collapse to the first, as C-06 resolved itself then."""
    moves = movement_options(state, seat, cid, None)
    return moves[:1] if one_pair(state, seat, cid, moves) else moves


def advance_all_plan(state: State, seat: int, n: int) -> list[tuple[int, Resolution | None]]:
    """The movers of *advance all* in order, each with its resolution (None = blocked). LUX-ALG-4."""
    keys = player(state, seat)["keys"]
    plan = []
    for i in advance_all_movers(state, seat):
        r = resolve(state, player(state, seat)["adv"][i]["pos"], n, keys)
        if r and r["tomb"]:
            keys -= 1
        plan.append((i, r))
    return plan


def advance_all_movers(state: State, seat: int) -> list[int]:
    """The active adventurers in the order *advance all* moves them: foremost first (LUX-ALG-4)."""
    adv = player(state, seat)["adv"]
    return sorted((i for i, a in enumerate(adv) if a["state"] == "active"), key=lambda i: (-adv[i]["pos"], i))


def last_second_last(state: State, seat: int) -> tuple[int, int] | None:
    """(L, S) for *last to second last* (LUX-CARD-H07, LUX-ALG-5), or None when unplayable."""
    pos = active_positions(state, seat)
    if len(pos) < 2:
        return None
    return pos[0], pos[1]


def card_playable(state: State, seat: int, cid: str, mv: Mover | None = None) -> bool:
    """LUX-LEGAL-4 (``mv``: the :func:`mover` of the state, when it is at hand)."""
    card = data.CARDS[cid]
    kind = card["kind"]
    if kind == "advance_all":
        plan = advance_all_plan(state, seat, card["steps"])
        if state["options"]["advance_all_blocked"] == "card_unplayable":  # LUX-OPT-6
            return bool(plan) and all(r is not None for _, r in plan)
        return any(r is not None for _, r in plan)
    if kind == "last_to_second_last":
        return last_second_last(state, seat) is not None
    if mv is None:
        mv = mover(state, seat)
    if kind == "die":
        return any(any_movement(state, seat, cid, r, mv) for r in data.DIE_FACES)
    if kind == "range_die":
        return any_movement(state, seat, cid, max(data.DIE_FACES), mv)
    return any_movement(state, seat, cid, None, mv)


def any_movement(state: State, seat: int, cid: str, roll: int | None, mv: Mover | None = None) -> bool:
    """Whether :func:`movement_options` is not empty (stops at the first legal movement)."""
    moves = iter_moves(state, mover(state, seat) if mv is None else mv, cid, roll)
    return any(m.resolution is not None for m in moves)


def playable_ends(state: State, seat: int) -> dict[str, bool]:
    hand = player(state, seat)["hand"]
    if not hand:
        return {"L": False, "R": False}
    return {"L": card_playable(state, seat, hand[0]), "R": card_playable(state, seat, hand[-1])}


def same_card_type(a: str, b: str) -> bool:
    ca, cb = data.CARDS[a], data.CARDS[b]
    return bool((ca["kind"], ca.get("steps"), ca.get("max")) == (cb["kind"], cb.get("steps"), cb.get("max")))
