"""The options of C-04 (play an end card, and its movement where it is known: LUX-LEGAL-1…4), worked
out once per position of the board and hand.

A turn reads them four times: the flow asks whether an end card is playable (LUX-NOMOVE-1), the
auto-resolution whether there is exactly one option, the prompt lists them, and ``apply`` checks the
chosen one. :func:`c04_table` works them out once and keeps the last table (module level, never part
of a state). Before reusing it, the table compares everything the options are read from: the seat,
its end cards, adventurers and keys, the path's tiles and the game options; a state with other values
gets a new table, so a reused table is exactly what working them out again would give. Nothing in a
table is changed after it is made (the label arguments are the same immutable values the prompts
passed before), so it may be shared between states, calls and threads.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Msg, Option

from . import data
from .labels import lying_positions, play_move_msg, play_msg
from .movement import (
    STAIRS,
    TOMB,
    MoveCandidate,
    MoveInfo,
    Mover,
    Resolution,
    card_playable,
    choose_steps,
    last_second_last,
    move_known_before_play,
    mover,
    moves_of,
    same_outcome,
)

State = dict[str, Any]
#: an option as (action, label maker, its arguments): the label is built only when read (Option.lazy)
Offer = tuple[str, Callable[..., Msg], tuple[Any, ...]]


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
                lying: frozenset[int] | None = None) -> list[Offer]:
    """The C-04 options of one end card: ``play S <from> …`` per offered movement of a card whose
    movement is known before playing (LUX-LEGAL-1…4), else ``play S`` when the card is playable
    (LUX-LEGAL-4)."""
    if not move_known_before_play(cid):
        if not card_playable(st, seat, cid, mv):
            return []
        ls = last_second_last(st, seat) if data.CARDS[cid]["kind"] == "last_to_second_last" else None
        return [(f"play {side}", play_msg, (side, cid, ls))]
    _moves, offered = card_verdicts(st, seat, cid, mv)
    if not offered:
        return []
    choose = choose_steps(st, cid)
    if lying is None:
        lying = lying_positions(st, seat)
    tiles = st["tiles"]
    out: list[Offer] = []
    prefix = _PLAY_PREFIX[side]
    for m in offered:
        r = m.resolution
        assert r is not None
        end = r["end"]
        tile = None if end in (STAIRS, TOMB) else tiles[end]
        out.append((prefix + m.action[5:], play_move_msg, (side, cid, choose, lying, tile, r, m.info)))
    return out


_PLAY_PREFIX = {"L": "play L ", "R": "play R "}


class C04Table:
    """The C-04 options of one seat in one position (:func:`c04_table`), with what they were read from."""

    __slots__ = ("_options", "actions", "adv", "keys", "left", "moves", "offers", "options", "right", "seat", "tiles")

    def __init__(self, seat: int, left: str, right: str, keys: Any, adv: list[dict[str, Any]], tiles: list[Any],
                 options: dict[str, Any], offers: tuple[Offer, ...]) -> None:
        self.seat, self.left, self.right, self.keys = seat, left, right, keys
        self.adv, self.tiles, self.options = adv, tiles, options  # private copies
        self.offers = offers  # the left end's options, then the right end's
        self.actions = frozenset(a for a, _make, _args in offers)
        #: per combined option (``play L 7 3``): its movement's resolution and start, steps, direction
        self.moves: dict[str, tuple[Resolution, MoveInfo]] = {
            a: (args[5], args[6]) for a, make, args in offers if make is play_move_msg}
        self._options: tuple[Option, ...] | None = None

    def reads(self, st: State, seat: int) -> bool:
        """Whether the options of ``seat`` in ``st`` are read from the same values as this table's."""
        p = st["seats"][seat]
        hand = p["hand"]
        return (self.seat == seat and self.left == hand[0] and self.right == hand[-1] and self.keys == p["keys"]
                and self.adv == p["adv"] and self.tiles == st["tiles"] and self.options == st["options"])

    def prompt_options(self) -> tuple[Option, ...]:
        """The prompt's options (made once per table; an option is immutable, its label built when read)."""
        out = self._options
        if out is None:
            lazy = Option.lazy
            out = self._options = tuple([lazy(action, make, *args) for action, make, args in self.offers])
        return out


_last: C04Table | None = None


def c04_table(st: State, seat: int) -> C04Table:
    """The C-04 options of ``seat`` in ``st``: the left end card's (:func:`play_offers`), then the right
    end card's; the last table again when ``st`` reads the same (:meth:`C04Table.reads`)."""
    global _last
    table = _last
    if table is not None and table.reads(st, seat):
        return table
    p = st["seats"][seat]
    hand = p["hand"]
    mv = mover(st, seat)
    lying = lying_positions(st, seat)
    offers = (*play_offers(st, seat, "L", hand[0], mv, lying), *play_offers(st, seat, "R", hand[-1], mv, lying))
    table = C04Table(seat, hand[0], hand[-1], p["keys"], [a.copy() for a in p["adv"]], st["tiles"][:],
                     st["options"].copy(), offers)
    _last = table
    return table
