"""The options of C-04 (play an end card, and its movement where it is known: LUX-LEGAL-1…4) and of C-06
(the movement after a roll), worked out once per position of the board and hand.

A turn reads them several times: the flow asks whether an end card is playable (LUX-NOMOVE-1), the
auto-resolution whether there is exactly one option (or, for C-06, one start -> end pair), the prompt
lists them, ``apply`` checks the chosen one and carries out its movement. :func:`c04_table` and
:func:`c06_table` work them out once and keep the last table of each (module level, never part of a
state). Before reusing one, the table compares everything its options are read from: the seat, its end
cards (C-04) or the card played and the roll (C-06), its adventurers and keys, the path's tiles and the
game options; a state with other values gets a new table, so a reused table is exactly what working the
options out again would give. Nothing in a table is changed after it is made (the label arguments are the
same immutable values the prompts passed before), so it may be shared between states, calls and threads.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Msg, Option

from . import data
from .labels import lying_positions, move_msg, play_move_msg, play_msg
from .movement import (
    STAIRS,
    TOMB,
    MoveCandidate,
    MoveInfo,
    Mover,
    Resolution,
    adv_at,
    card_playable,
    choose_steps,
    last_second_last,
    legal_moves,
    move_known_before_play,
    moves_of,
    same_outcome,
    tile_positions,
)

State = dict[str, Any]
#: an option as (action, label maker, its arguments): the label is built only when read (Option.lazy)
Offer = tuple[str, Callable[..., Msg], tuple[Any, ...]]
#: per option: the resolution and start, steps, direction of its movement (None: a card moving on its own)
Moves = dict[str, tuple[Resolution, MoveInfo] | None]


def card_verdicts(st: State, seat: int, cid: str, mv: Mover) -> tuple[list[MoveCandidate], list[MoveCandidate]]:
    """The judge of C-04 for a card whose movement is known before playing: every movement with its
    verdict (RESOLVE), and the ones offered: the legal ones, or only the first when they are all
    one (start -> end) pair with the same effects (DECISIONS C-06)."""
    moves = moves_of(st, mv, cid, None)
    legal = [m for m in moves if m.resolution is not None]
    if same_outcome(st, seat, cid, [(m.resolution, m.info) for m in legal if m.resolution is not None]):
        return moves, legal[:1]
    return moves, legal


def play_offers(st: State, seat: int, side: str, cid: str, mv: Mover,
                lying: frozenset[int] | None = None, moves: Moves | None = None) -> list[Offer]:
    """The C-04 options of one end card: ``play S <from> …`` per offered movement of a card whose
    movement is known before playing (LUX-LEGAL-1…4; :func:`card_verdicts`), else ``play S`` when the
    card is playable (LUX-LEGAL-4). ``moves``: filled with each option's movement (:attr:`Table.moves`)."""
    if cid not in _KNOWN_BEFORE_PLAY:  # move_known_before_play (an unknown card id fails below as there)
        if not card_playable(st, seat, cid, mv):
            return []
        ls = last_second_last(st, seat) if data.CARDS[cid]["kind"] == "last_to_second_last" else None
        if moves is not None:
            moves[f"play {side}"] = None
        return [(f"play {side}", play_msg, (side, cid, ls))]
    legal = legal_moves(st, mv, cid, None)
    if not legal:
        return []
    if len(legal) > 1:  # same_outcome: all one (start -> end) pair with the same effects: the first only
        start, end = legal[0][1].start, legal[0][2]["end"]
        if all(info.start == start and r["end"] == end for _a, info, r in legal) and same_outcome(
                st, seat, cid, [(r, info) for _a, info, r in legal]):
            legal = legal[:1]
    choose = choose_steps(st, cid)
    if lying is None:
        lying = lying_positions(st, seat)
    tiles = st["tiles"]
    out: list[Offer] = []
    prefix = _PLAY_PREFIX[side]
    for action, info, r in legal:
        end = r["end"]
        tile = None if end in (STAIRS, TOMB) else tiles[end]
        action = prefix + action[5:]
        out.append((action, play_move_msg, (side, cid, choose, lying, tile, r, info)))
        if moves is not None:
            moves[action] = (r, info)
    return out


_new = tuple.__new__  # a NamedTuple made without its Python-level __new__
_copy_dict = dict.copy
_KNOWN_BEFORE_PLAY = frozenset(cid for cid in data.CARDS if move_known_before_play(cid))
_PLAY_PREFIX = {"L": "play L ", "R": "play R "}


class Table:
    """The options of one decision (C-04 or C-06) of one seat in one position, with what they were read
    from (:func:`c04_table`, :func:`c06_table`)."""

    __slots__ = ("_options", "a", "adv", "b", "forced", "keys", "moves", "offers", "options", "seat", "tiles", "tp")

    def __init__(self, seat: int, a: Any, b: Any, p: dict[str, Any], st: State, mv: Mover,
                 offers: tuple[Offer, ...], moves: Moves, forced: str | None = None) -> None:
        self.seat, self.a, self.b, self.keys = seat, a, b, p["keys"]
        # private copies of what the options are read from
        self.adv, self.tiles, self.options = list(map(_copy_dict, p["adv"])), st["tiles"][:], st["options"].copy()
        self.tp = mv.tp  # tile_positions of the tiles (read only, like everything in a table)
        self.offers = offers
        #: per option: its movement's resolution and start, steps, direction (None for a plain ``play L``)
        self.moves = moves
        self.forced = forced  # C-06: the option it resolves itself with (all one start -> end pair)
        self._options: tuple[Option, ...] | None = None

    def reads(self, st: State, seat: int, a: Any, b: Any) -> bool:
        """Whether the options of ``seat`` in ``st`` (with ``a`` and ``b``: the end cards for C-04, the
        card and roll for C-06) are read from the same values as this table's."""
        p = st["seats"][seat]
        return (self.seat == seat and self.a == a and self.b == b and self.keys == p["keys"] and self.adv == p["adv"]
                and self.tiles == st["tiles"] and self.options == st["options"])

    def prompt_options(self) -> tuple[Option, ...]:
        """The prompt's options (made once per table; an option is immutable, its label built when read)."""
        out = self._options
        if out is None:  # the label maker and its arguments as two (a call with fewer arguments is cheaper)
            lazy = Option.lazy
            out = self._options = tuple([lazy(action, _label, make, args) for action, make, args in self.offers])
        return out


def _label(make: Callable[..., Msg], args: tuple[Any, ...]) -> Msg:
    return make(*args)


def _mover(st: State, p: dict[str, Any], last: Table | None) -> tuple[Mover, frozenset[int]]:
    """:func:`~.movement.mover` and :func:`~.labels.lying_positions` of seat ``p``, in one pass (the tile
    positions of the ``last`` table when the tiles are equal: they are read from the tiles alone)."""
    active, lying = set(), []
    for a in p["adv"]:
        state = a["state"]
        if state == "active":
            active.add(a["pos"])
        elif state == "lying":
            lying.append(a["pos"])
    tiles = st["tiles"]
    tp = last.tp if last is not None and last.tiles == tiles else tile_positions(tiles)
    return _new(Mover, (tp, sorted(active), p["keys"])), frozenset(lying)


_last04: Table | None = None
_last06: Table | None = None


def c04_table(st: State, seat: int) -> Table:
    """The C-04 options of ``seat`` in ``st``: the left end card's (:func:`play_offers`), then the right
    end card's; the last table again when ``st`` reads the same (:meth:`Table.reads`)."""
    global _last04
    p = st["seats"][seat]
    hand = p["hand"]
    left, right = hand[0], hand[-1]
    table = _last04
    if table is not None and table.reads(st, seat, left, right):
        return table
    mv, lying = _mover(st, p, table)
    moves: Moves = {}
    offers = (*play_offers(st, seat, "L", left, mv, lying, moves), *play_offers(st, seat, "R", right, mv, lying, moves))
    table = _last04 = Table(seat, left, right, p, st, mv, offers, moves)
    return table


def c06_table(st: State, seat: int) -> Table:
    """The C-06 options of ``seat`` in ``st`` (which adventurer moves, how far: after a roll): its legal
    movements (``rules.c06_candidates``) and whether they are all one (start -> end) pair with the same
    effects (``flow.forced_action``); the last table again when ``st`` reads the same."""
    global _last06
    p = st["seats"][seat]
    turn = st["turn"]
    cid, roll = turn["card"], turn["roll"]
    table = _last06
    if table is not None and table.reads(st, seat, cid, roll):
        return table
    mv, lying = _mover(st, p, table)
    legal = legal_moves(st, mv, cid, roll)
    choose = choose_steps(st, cid)
    tiles = st["tiles"]
    offers = tuple((action, move_msg, ((adv_at(st, seat, info.start) or 0) + 1, choose, lying,
                                       None if r["end"] in (STAIRS, TOMB) else tiles[r["end"]], r, info))
                   for action, info, r in legal)
    moves: Moves = {action: (r, info) for action, info, r in legal}
    forced = legal[0][0] if same_outcome(st, seat, cid, [(r, info) for _a, info, r in legal]) else None
    table = _last06 = Table(seat, cid, roll, p, st, mv, offers, moves, forced)
    return table
