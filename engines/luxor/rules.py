"""The decisions of DECISIONS.md: per kind, what may be chosen and what a choice does.

For every decision kind there is

* an **enumerator** (``CANDIDATES[kind]``) that yields each candidate action with its verdict
  (:class:`Candidate`: ``reason`` None = legal, with its label; else the (clause, key, params)
  that forbids it). The prompt offers the legal candidates; a refusal (``explain.py``) looks the
  action up among the same candidates, so offering and explaining cannot drift;
* a **handler** (``HANDLERS[kind]``) that carries out a legal action on a cloned state and goes
  on with the turn flow (``flow.py``) up to the next decision.

C-07 (last to second last) and C-06e (advance all) never ask anybody: ``flow.py`` carries them
out. Clause ids refer to ``shared/rules/luxor/RULES.md``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple

from engines.core import Event, Msg, Option, Prompt, msg

from . import data, flow
from .labels import (
    card_msg,
    dest_msg_of,
    end_tile,
    lying_positions,
    move_msg,
    place_msg,
    side_msg,
    tile_msg,
    title,
)
from .movement import (
    ROLL_KINDS,
    SELF_MOVING_KINDS,
    STAIRS,
    TOMB,
    MoveCandidate,
    Problem,
    adv_at,
    choose_steps,
    count_at,
    move_candidates,
    move_known_before_play,
    mover,
    player,
)
from .offers import Offer, Table, c04_table, c06_table, card_verdicts, play_offers

State = dict[str, Any]
#: why an action is refused: (clause, catalogue key, message parameters)
Reason = tuple[str, str, dict[str, Any]]
SIDES = ("L", "R")
SECRET_KINDS = ("C-04", "C-05")  # the options show the hand


class Candidate(NamedTuple):
    """A candidate action of a decision: legal (``reason`` None, offered with the label
    ``make(*args)``, built only when read) or not (``reason`` set, no label). ``args`` are values
    that nothing changes afterwards (ints, strings, tuples, tiles, fresh resolutions)."""

    action: str
    reason: Reason | None
    make: Callable[..., Msg] | None = None
    args: tuple[Any, ...] = ()

    @property
    def label(self) -> Msg | None:
        return None if self.make is None else self.make(*self.args)


def _ready(label: Msg) -> Msg:
    return label


def offer(action: str, label: Msg) -> Candidate:
    """A legal candidate whose label is built already."""
    return Candidate(action, None, _ready, (label,))


def reason(clause: str, key: str, **params: Any) -> Reason:
    return (clause, key, params)


#: the refusal of an action a decision does not offer, when nothing more specific applies
NOT_AN_OPTION: dict[str, Reason] = {
    "C-03": reason("LUX-SETUP-10", "luxor.err.not_an_option"),
    "C-05": reason("LUX-NOMOVE-1", "luxor.err.discard_only"),
    "C-08": reason("LUX-CARD-H06", "luxor.err.not_an_option"),
    "C-09": reason("LUX-TILE-HORUS-2", "luxor.err.not_an_option"),
    "C-10": reason("LUX-TILE-EYE-1", "luxor.err.not_an_option"),
    "C-11": reason("LUX-TILE-WILDSCARAB-1", "luxor.err.not_an_option"),
    "C-12": reason("LUX-OPT-2", "luxor.err.not_an_option"),
    "C-13": reason("LUX-OPT-4", "luxor.err.not_an_option"),
}


def prompts(st: State) -> list[Prompt]:
    """The pending decision with its legal options (none once the game is over)."""
    pend = st["pending"]
    if st["over"] or not pend:
        return []
    kind, seat = pend["kind"], pend["seat"]
    if kind in _TABLES:
        options = _TABLES[kind](st, seat).prompt_options()
    else:
        lazy = Option.lazy
        options = tuple([lazy(action, make, *args) for action, make, args in _offers(st, seat, kind)])
    return [Prompt(seat, kind, options, title(st), secret=kind in SECRET_KINDS)]


#: the decisions whose options are worked out once per position (offers.py)
_TABLES: dict[str, Callable[[State, int], Table]] = {"C-04": c04_table, "C-06": c06_table}


def _offers(st: State, seat: int, kind: str) -> Iterable[Offer]:
    """The options of a decision as (action, label maker, its arguments): the legal candidates, in
    their order (C-04 lists them without the refused ones, from the same judge: ``offers.py``)."""
    if kind in _TABLES:
        return _TABLES[kind](st, seat).offers
    return ((c.action, c.make, c.args) for c in CANDIDATES[kind](st, seat) if c.make is not None)


def offers(st: State, seat: int, kind: str, action: str) -> bool:
    """Whether the pending decision ``kind`` of ``seat`` offers ``action`` (one of :func:`prompts`'
    options)."""
    return judge(st, seat, kind, action)[0]


def judge(st: State, seat: int, kind: str, action: str) -> tuple[bool, Table | None]:
    """:func:`offers`, with the table of options it read (C-04, C-06; else None): the handler of an
    exact copy of ``st`` may carry the action out with it (:data:`TABLE_HANDLERS`)."""
    if kind == "C-04":
        if action[:5] != "play " or action[5:6] not in ("L", "R") or action[6:7] not in ("", " "):
            return False, None
        table = c04_table(st, seat)
        return action in table.moves, table
    if kind == "C-06":
        table = c06_table(st, seat)
        return action in table.moves, table
    return any(a == action for a, _make, _args in _offers(st, seat, kind)), None


def only_option(st: State, seat: int, kind: str) -> str | None:
    """The action of the pending decision's only option, or None when it has none or several
    (:func:`prompts` with exactly one option, without listing more than two)."""
    if kind in _TABLES:
        table = _TABLES[kind](st, seat).offers
        return table[0][0] if len(table) == 1 else None
    found = None
    for action, _make, _args in _offers(st, seat, kind):
        if found is not None:
            return None
        found = action
    return found


# =========================================================================== movements (C-04, C-06)


def problem_reason(problem: Problem, start: int) -> Reason:
    """The refusal of a movement RESOLVE finds illegal (LUX-MOVE-4, LUX-TOMB-2, LUX-MOVE-7, LUX-MOVE-5)."""
    if problem == "no_tile_behind":
        return reason("LUX-MOVE-5", "luxor.err.no_tile_behind", place=place_msg(start))
    return {
        "overshoot": reason("LUX-MOVE-4", "luxor.err.overshoot"),
        "no_key": reason("LUX-TOMB-2", "luxor.err.no_key"),
        "osiris": reason("LUX-MOVE-7", "luxor.err.osiris"),
    }[problem]


def move_verdict(m: MoveCandidate) -> Reason | None:
    """The verdict on one movement candidate: legal, or the rule its RESOLVE breaks."""
    return None if m.problem is None else problem_reason(m.problem, m.info.start)


def _play_candidates(st: State, seat: int, side: str, cid: str) -> Iterator[Candidate]:
    """C-04 for one end card: its offers (:func:`offers.play_offers`), and every other movement of a card
    whose movement is known before playing with the verdict that refuses it."""
    mv = mover(st, seat)
    offers = {a: (make, args) for a, make, args in play_offers(st, seat, side, cid, mv)}
    if not move_known_before_play(cid):
        action = f"play {side}"
        yield Candidate(action, None, *offers[action]) if offers else Candidate(action, _UNPLAYABLE)
        return
    moves, offered = card_verdicts(st, seat, cid, mv)
    if not offered:
        yield Candidate(f"play {side}", _UNPLAYABLE)
    for m in moves:
        action = f"play {side} {m.action[5:]}"  # "move 7 3" -> "play L 7 3"
        if action in offers:
            yield Candidate(action, None, *offers[action])
        elif not offered:
            yield Candidate(action, _UNPLAYABLE)
        elif m.resolution is None:
            yield Candidate(action, move_verdict(m))
        else:
            yield Candidate(action, reason("LUX-LEGAL-3", "luxor.err.not_an_option"))


_UNPLAYABLE: Reason = reason("LUX-LEGAL-4", "luxor.err.unplayable")


def c04_candidates(st: State, seat: int) -> Iterator[Candidate]:
    """C-04: play an end card (LUX-HAND-2) and, where it is known, its movement in one action."""
    hand = player(st, seat)["hand"]
    yield from _play_candidates(st, seat, "L", hand[0])
    yield from _play_candidates(st, seat, "R", hand[-1])


def c05_candidates(st: State, seat: int) -> Iterator[Candidate]:
    """C-05: no end card is playable: discard one (LUX-NOMOVE-1)."""
    hand = player(st, seat)["hand"]
    for side, cid in zip(SIDES, (hand[0], hand[-1]), strict=True):
        yield offer(f"discard {side}", msg("luxor.opt.discard", side=side_msg(side), card=card_msg(cid)))


def c06_candidates(st: State, seat: int) -> Iterator[Candidate]:
    """C-06: which adventurer moves, and how far where the card lets the player choose (after a roll)."""
    turn = st["turn"]
    cid = turn["card"]
    choose = choose_steps(st, cid)
    lying = lying_positions(st, seat)
    for m in move_candidates(st, seat, cid, turn["roll"]):
        r = m.resolution
        if r is None:
            yield Candidate(m.action, move_verdict(m))
        else:
            adv = (adv_at(st, seat, m.info.start) or 0) + 1
            yield Candidate(m.action, None, move_msg, (adv, choose, lying, end_tile(st, r), r, m.info))


# =========================================================================== the other decisions


def c03_candidates(st: State, seat: int) -> Iterator[Candidate]:
    """C-03: the start player (option start_player=host_choice, LUX-SETUP-10)."""
    for s in range(len(st["seats"])):
        yield offer(f"start {s}", msg("luxor.opt.start", player=s))


def c08_candidates(st: State, seat: int) -> Iterator[Candidate]:
    """C-08: which position acts after *advance all* (LUX-CARD-H06)."""
    tiles = st["tiles"]
    for pos in flow.actor_candidates(st):
        tile = None if pos in (STAIRS, TOMB) else tiles[pos]  # dest_msg's tile (tiles are replaced, never changed)
        yield Candidate(f"act {pos}", None, _act_msg, (pos, tile, count_at(st, seat, pos)))


def _act_msg(pos: int, tile: dict[str, Any] | None, n: int) -> Msg:
    return msg("luxor.opt.act", dst=dest_msg_of(pos, tile), n=n)


def _offer(kind: str, action: str, available: bool, label: Msg) -> Candidate:
    return offer(action, label) if available else Candidate(action, NOT_AN_OPTION[kind])


def c09_candidates(st: State, seat: int) -> Iterator[Candidate]:
    """C-09: a Horus tile gives a key or the top Horus card of its level (LUX-TILE-HORUS-2)."""
    pos = st["turn"]["action_pos"]
    eyes = data.HORUS_TILES[st["tiles"][pos]["id"]]["eyes"]
    stack = st["horus_stacks"][str(eyes)]
    keys = st["supply"]["keys"]
    yield Candidate("key", None, _key_msg, (keys,)) if keys > 0 else Candidate("key", NOT_AN_OPTION["C-09"])
    yield (Candidate("card", None, _horus_card_msg, (eyes, stack[-1])) if stack
           else Candidate("card", NOT_AN_OPTION["C-09"]))


def _key_msg(left: int) -> Msg:
    return msg("luxor.opt.key", left=left)


def _horus_card_msg(level: int, top: str) -> Msg:
    """A Horus card option: the level and its top card (face up)."""
    return msg("luxor.opt.horus_card", level=level, card=card_msg(top))


def c10_candidates(st: State, seat: int) -> Iterator[Candidate]:
    """C-10: a Horus-eye temple tile gives the top card of one of two levels (LUX-TILE-EYE-1)."""
    for lvl in data.eye_levels(st["tiles"][st["turn"]["action_pos"]]["front"]):
        stack = st["horus_stacks"][str(lvl)]
        action = f"level {lvl}"
        yield (Candidate(action, None, _horus_card_msg, (lvl, stack[-1])) if stack
               else Candidate(action, NOT_AN_OPTION["C-10"]))


def c11_candidates(st: State, seat: int) -> Iterator[Candidate]:
    """C-11: a wild-or-scarab temple tile (LUX-TILE-WILDSCARAB-1)."""
    yield _offer("C-11", "wild", st["supply"]["wilds"] > 0, msg("luxor.opt.wild"))
    yield _offer("C-11", "scarab", bool(st["supply"]["scarabs"]), msg("luxor.opt.scarab"))


def c12_candidates(st: State, seat: int) -> Iterator[Candidate]:
    """C-12: take the treasure or leave it (option treasure_take_optional, LUX-OPT-2)."""
    tile = tile_msg(st["tiles"][st["turn"]["action_pos"]])
    yield offer("take", msg("luxor.opt.take", tile=tile))
    yield offer("leave", msg("luxor.opt.leave", tile=tile))


def c13_candidates(st: State, seat: int) -> Iterator[Candidate]:
    """C-13: wake an own lying adventurer passed at a statue, or not (option anubis_activation_optional, LUX-OPT-4)."""
    statue = st["turn"]["wake_queue"][0]
    yield offer("wake", msg("luxor.opt.wake", statue=statue))
    yield offer("sleep", msg("luxor.opt.sleep", statue=statue))


Enumerator = Callable[[State, int], Iterator[Candidate]]
CANDIDATES: dict[str, Enumerator] = {
    "C-03": c03_candidates,
    "C-04": c04_candidates,
    "C-05": c05_candidates,
    "C-06": c06_candidates,
    "C-08": c08_candidates,
    "C-09": c09_candidates,
    "C-10": c10_candidates,
    "C-11": c11_candidates,
    "C-12": c12_candidates,
    "C-13": c13_candidates,
}


# =========================================================================== handlers


def start_player(st: State, seat: int, action: str, ev: list[Event]) -> None:
    """C-03 ``start <seat>``."""
    flow.start_game(st, ev, int(action.split()[1]))


def play_card(st: State, seat: int, action: str, ev: list[Event], table: Table | None = None) -> None:
    """C-04 ``play L`` (die cards roll, self-moving cards move) or ``play L <from> [<k>|f|b]`` (``table``:
    the options of this position, when the caller has them)."""
    toks = action.split()
    if len(toks) > 2:  # the movement as the options resolved it (the table of the same position: offers.py)
        known = (c04_table(st, seat) if table is None else table).moves.get(action)
        flow.play_and_move(st, ev, toks[1], " ".join(["move", *toks[2:]]), known)
    else:
        flow.play(st, ev, toks[1])


def discard_card(st: State, seat: int, action: str, ev: list[Event]) -> None:
    """C-05 ``discard L|R``."""
    flow.discard(st, ev, action.split()[1])


def move_adventurer(st: State, seat: int, action: str, ev: list[Event], table: Table | None = None) -> None:
    """C-06 ``move <from> [<k>|f|b]`` (``table``: the options of this position, when the caller has them)."""
    known = (c06_table(st, seat) if table is None else table).moves.get(action)  # as the options resolved it
    flow.move(st, ev, action, known)


def choose_actor(st: State, seat: int, action: str, ev: list[Event]) -> None:
    """C-08 ``act <pos>``."""
    flow.action(st, ev, int(action.split()[1]))


def horus_reward(st: State, seat: int, action: str, ev: list[Event]) -> None:
    """C-09 ``key`` | ``card``."""
    if action == "key":
        flow.take_key(st, ev)
    else:
        flow.take_horus_card(st, ev, data.HORUS_TILES[st["tiles"][st["turn"]["action_pos"]]["id"]]["eyes"])
    flow.draw_phase(st, ev)


def eye_level(st: State, seat: int, action: str, ev: list[Event]) -> None:
    """C-10 ``level <n>``."""
    flow.take_horus_card(st, ev, int(action.split()[1]))
    flow.draw_phase(st, ev)


def wild_or_scarab(st: State, seat: int, action: str, ev: list[Event]) -> None:
    """C-11 ``wild`` | ``scarab``."""
    if action == "wild":
        flow.take_wild(st, ev)
    else:
        flow.take_scarab(st, ev)
    flow.draw_phase(st, ev)


def treasure_choice(st: State, seat: int, action: str, ev: list[Event]) -> None:
    """C-12 ``take`` | ``leave``."""
    pos = st["turn"]["action_pos"]
    if action == "take":
        flow.take_treasure(st, ev, pos)
    else:
        flow.leave_treasure(st, ev, pos)
    flow.draw_phase(st, ev)


def wake_choice(st: State, seat: int, action: str, ev: list[Event]) -> None:
    """C-13 ``wake`` | ``sleep`` for the first statue in the queue."""
    statue = st["turn"]["wake_queue"].pop(0)
    if action == "wake":
        flow.wake(st, ev, seat, statue)
    else:
        flow.left_lying(st, ev, statue)
    flow.after_wake_queue(st, ev)


Handler = Callable[[State, int, str, list[Event]], None]
HANDLERS: dict[str, Handler] = {
    "C-03": start_player,
    "C-04": play_card,
    "C-05": discard_card,
    "C-06": move_adventurer,
    "C-08": choose_actor,
    "C-09": horus_reward,
    "C-10": eye_level,
    "C-11": wild_or_scarab,
    "C-12": treasure_choice,
    "C-13": wake_choice,
}

#: the handlers that take the table of options :func:`judge` read (of the same position)
TABLE_HANDLERS: dict[str, Callable[[State, int, str, list[Event], Table], None]] = {
    "C-04": play_card,
    "C-06": move_adventurer,
}

# =========================================================================== timeouts


def _move_size(action: str) -> tuple[int, int]:
    """How far a movement option goes, as typed: the step count (0 when the card fixes it and the
    option names none), +/-1 forward before backward."""
    words = action.split()
    if len(words) <= (3 if words[0] == "play" else 2):  # play L [<from>] | move <from>
        return (0, 0)
    return {"f": (1, 0), "b": (1, 1)}.get(words[-1]) or (int(words[-1]), 0)


def timeout_choice(prompt: Prompt) -> str:
    """The least harmful option of a pending decision (the table in ``game.py``): the smallest move
    of the leftmost playable card, declining optional actions, else the first option (the options
    come in that order of preference: lowest start, key before card, wild before scarab …)."""
    actions = [o.action for o in prompt.options]
    if prompt.kind == "C-04":  # the left end's options come first
        side = actions[0].split()[1]
        return min((a for a in actions if a.split()[1] == side), key=_move_size)
    if prompt.kind == "C-06":
        return min(actions, key=_move_size)
    return {"C-12": "leave", "C-13": "sleep"}.get(prompt.kind) or actions[0]


__all__ = ["CANDIDATES", "HANDLERS", "NOT_AN_OPTION", "ROLL_KINDS", "SELF_MOVING_KINDS", "Candidate", "Reason", "prompts",
           "timeout_choice"]
