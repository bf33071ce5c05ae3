"""The typed views: everything a renderer (``render/alhambra.py``) or a player may see.

:class:`PublicView` holds no secret (money hands appear only as counts, unless the ``open_hands``
option makes them public); :class:`PrivateView` adds one seat's hand. A tile always comes with its
type, price and walls, so the renderer never needs the engine's data.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict

from engines.core import State, merge_marks

from . import data as D
from . import flow
from .common import (
    MARK_KEYS,
    Move,
    card_currency,
    card_sort_key,
    card_value,
    cell_of,
    gkey,
    grid_candidates,
    grid_wall,
    masks_of,
    type_counts,
    who_places,
)
from .geometry import cell_label, cells_for, outer_segments


class TileView(TypedDict):
    id: str
    type: str | None  # None: a fountain
    price: int | None  # None: a fountain
    walls: str  # the sides with a wall, a subset of "NESW" in that order


class CardView(TypedDict):
    currency: str  # yellow green blue orange
    value: int


class CellView(TypedDict):
    x: int
    y: int  # grows south
    tile: TileView


class PlayerView(TypedDict):
    seat: int
    score: int
    hand_count: int
    grid: list[CellView]  # row by row, north first
    reserve: list[TileView]
    bought: list[TileView]  # tiles bought (or received at the end) and not yet placed
    longest_wall: int
    counts: dict[str, int]  # building type → tiles in the Alhambra
    outer_walls: list[list[int]]  # [x1, y1, x2, y2] between lattice points; cell (x, y) spans x…x+1, y…y+1


class MarketSpaceView(TypedDict):
    space: int  # 1 … 4
    currency: str
    tile: TileView | None


class DirkView(TypedDict):
    score: int
    tiles: list[TileView]
    counts: dict[str, int]


class HintView(TypedDict):
    """The tile being placed (always among ``bought`` of ``seat``) and its legal cells."""

    seat: int
    tile: str
    cells: list[list[int]]


class ScoringRowView(TypedDict):
    who: int | str  # a seat, or "dirk"
    types: dict[str, int]
    wall: int
    total: int


class ScoringView(TypedDict):
    round: str  # "A", "B" or "final"
    rows: list[ScoringRowView]


class ResultView(TypedDict):
    scores: list[int]
    winners: list[int]
    dirk: int | None


class LastMoveView(TypedDict):
    """The last turn's public marks (absent in games stored before marks existed): what the boards highlight."""

    seat: int
    spaces: list[int]  # market spaces a tile was bought from
    tiles: list[str]  # tiles bought, placed, reserved or moved
    cells: list[list[int]]  # [x, y] cells of ``seat``'s Alhambra placed, added or emptied
    cards: list[CardView]  # money cards taken from the display


class PublicView(TypedDict):
    game: str
    players: int
    phase: str  # start_choice, action, placement, end_placement, over
    active: int | None  # the seat that must decide
    turn: int
    market: list[MarketSpaceView]
    display: list[CardView]
    deck_count: int
    bag_count: int
    discard_count: int
    discard_top: list[CardView]  # the last 8, oldest first
    discard: list[CardView]  # the whole pile is public (ALH-INFO-1)
    scorings_done: list[str]
    players_view: list[PlayerView]
    dirk: DirkView | None  # two players only
    hint: HintView | None
    last_scoring: ScoringView | None
    result: ResultView | None
    open_hands: list[list[CardView]] | None  # only with the ``open_hands`` option
    last_move: LastMoveView | None


class PrivateView(TypedDict):
    seat: int
    hand: list[CardView]  # by currency, then value
    totals: dict[str, int]  # currency → sum of the hand's values


def tile_view(tile: str) -> TileView:
    return {"id": tile, "type": D.TYPE_OF[tile], "price": D.PRICE[tile], "walls": D.walls_string(tile)}


def card_view(card: str) -> CardView:
    return {"currency": card_currency(card), "value": card_value(card)}


def _player_view(s: State, seat: int, waiting: list[str]) -> PlayerView:
    p = s["players"][seat]
    key = gkey(p["grid"])
    grid = masks_of(key)
    cells = sorted(grid, key=lambda c: (c[1], c[0]))
    return {
        "seat": seat,
        "score": p["score"],
        "hand_count": len(p["hand"]),
        "grid": [{"x": c[0], "y": c[1], "tile": tile_view(p["grid"][cell_label(c)])} for c in cells],
        "reserve": [tile_view(t) for t in p["reserve"]],
        "bought": [tile_view(t) for t in waiting],
        "longest_wall": grid_wall(key, s["options"]["wall_ring_scoring"]),
        "counts": type_counts(p["grid"].values()),
        "outer_walls": [[a[0], a[1], b[0], b[1]] for a, b in sorted(outer_segments(grid))],
    }


def _hint(s: State) -> HintView | None:
    placing = who_places(s)
    if placing is None or not placing[1]:
        return None
    seat, tiles = placing
    cands = grid_candidates(gkey(s["players"][seat]["grid"]))
    return {"seat": seat, "tile": tiles[0], "cells": [list(c) for c in cells_for(D.MASK[tiles[0]], cands)]}


def public_view(s: State) -> PublicView:
    waiting: dict[int, list[str]] = {}  # tiles bought (or received at the end) and not yet placed
    if s["phase"] in ("action", "placement") and s["active"] is not None:
        waiting[s["active"]] = s["bought"]
    elif s["phase"] == "end_placement":
        waiting.update({seat: tiles for seat, tiles in s["end_queue"]})
    dirk = s["dirk"]
    return {
        "game": "alhambra",
        "players": s["n"],
        "phase": s["phase"],
        "active": flow.actor(s) if s["phase"] != "over" else None,
        "turn": s["turn"],
        "market": [
            {"space": D.SPACES[i], "currency": D.SPACE_CURRENCY[D.SPACES[i]], "tile": tile_view(t) if t else None}
            for i, t in enumerate(s["market"])
        ],
        "display": [card_view(c) for c in s["display"]],
        "deck_count": len(s["deck"]),
        "bag_count": len(s["bag"]),
        "discard_count": len(s["discard"]),
        "discard_top": [card_view(c) for c in s["discard"][-8:]],
        "discard": [card_view(c) for c in s["discard"]],
        "scorings_done": list(s["scorings_done"]),
        "players_view": [_player_view(s, seat, waiting.get(seat, [])) for seat in range(s["n"])],
        "dirk": None
        if dirk is None
        else {"score": dirk["score"], "tiles": [tile_view(t) for t in dirk["tiles"]], "counts": type_counts(dirk["tiles"])},
        "hint": _hint(s),
        "last_scoring": s["last_scoring"],
        "result": s["result"],
        "open_hands": [[card_view(c) for c in sorted(p["hand"], key=card_sort_key)] for p in s["players"]]
        if s["options"]["open_hands"]
        else None,
        "last_move": _last_move(s),
    }


def _cell(token: str) -> list[int] | None:
    x, _, y = token.partition(",")
    try:
        return [int(x), int(y)]
    except ValueError:
        return None


def move_marks(before: State, after: State, seat: int, action: str) -> dict[str, Any]:
    """The public marks of ``action`` (RulesGame.move_marks): bought spaces and tiles, placed cells, taken
    cards. Every part of an Alhambra action is public (ALH-INFO-1: the money taken and paid is seen)."""
    return _marks(before, seat, _read(action))


def _marks(before: State, seat: int, read: Read) -> dict[str, Any]:
    """:func:`move_marks` of an action read as ``read`` (:func:`_read`, :func:`read_move`)."""
    space, tiles, cells, cards = read
    marks: dict[str, Any] = {"seat": seat, "turn": before["turn"], "spaces": [], "tiles": list(tiles),
                             "cells": [list(c) for c in cells] if cells else [], "cards": list(cards)}
    if space is not None:
        marks["spaces"].append(space)
        tile = before["market"][D.SPACES.index(space)]
        if tile:
            marks["tiles"].append(tile)
    return marks


def marks_after(before: State, seat: int, action: str, read: Read | None = None) -> dict[str, Any]:
    """The last move's marks of the state after ``action`` (:meth:`AlhambraGame.mark_move`), made at once: the
    dict ``engines.core.merge_marks`` makes of the marks before and :func:`move_marks` (the lists joined
    without repeats when the move is the same seat's same turn, else the move's own marks; new lists, whose
    cells may be the ones before, as merge_marks' are). ``read``: what :func:`_read` reads from ``action``, when
    known (:func:`read_move`)."""
    if read is None:
        read = _read(action)
    prev = before.get("last_move")
    turn = before["turn"]
    if prev and prev.get("seat") == seat and prev.get("turn") == turn:
        if tuple(prev) != MARK_KEYS:  # marks of another shape: the general merge
            return merge_marks(prev, move_marks(before, before, seat, action))
        space, tiles, cells, cards = read
        if space is not None:
            tile = before["market"][D.SPACES.index(space)]
            if tile:
                tiles = (*tiles, tile)
        return {"seat": seat, "turn": turn, "spaces": _join(prev["spaces"], (space,) if space is not None else ()),
                "tiles": _join(prev["tiles"], tiles), "cells": _join(prev["cells"], [list(c) for c in cells]),
                "cards": _join(prev["cards"], cards)}
    return _marks(before, seat, read)


def _join(old: list[Any], new: Sequence[Any]) -> list[Any]:
    """``old`` and then what of ``new`` it lacks (``merge_marks``' join of two lists)."""
    return old + [v for v in new if v not in old] if new else old[:]



#: what an action names for its marks: the bought space, the tiles, the cells and the cards (:func:`_read_marks`)
Read = tuple[int | None, tuple[str, ...], tuple[tuple[int, int], ...], tuple[str, ...]]
_NOTHING: Read = (None, (), (), ())


def read_move(before: State, move: Move) -> Read:
    """What :func:`_read_marks` reads from the action whose checked move (``game.AlhambraGame._checked``) is
    ``move`` in ``before``, from the move itself (tests/engines/alhambra/test_speed.py checks it on every move of
    seeded playouts): a take's cards (display order), a buy's space, the tile and cell of an addition, a swap or
    a placement, a removal's cell, a reserved or given tile."""
    kind, arg = move
    if kind == "take":
        display = before["display"]
        return None, (), (), tuple([display[i] for i in arg])
    if kind == "buy":
        return D.SPACES[arg[0]], (), (), ()
    if kind == "add" or kind == "swap" or kind == "place":
        return None, (arg[0],), (cell_of(arg[1]),), ()
    if kind == "remove":
        return None, (), (cell_of(arg),), ()
    if kind == "reserve" or kind == "dirk":
        return None, (arg,), (), ()
    return _NOTHING  # reserve all, end, start


def _read(action: str) -> Read:
    """:func:`_read_marks` of ``action``, memoised."""
    read = _READ.get(action)
    if read is None:
        if len(_READ) >= _READ_MAX:
            _READ.clear()
        read = _READ[action] = _read_marks(action)
    return read


#: what :func:`_read_marks` read from each action lately (an action's marks depend on it alone, but for a buy's
#: tile); emptied when large
_READ: dict[str, tuple[int | None, tuple[str, ...], tuple[tuple[int, int], ...], tuple[str, ...]]] = {}
_READ_MAX = 4096


def _read_marks(action: str) -> tuple[int | None, tuple[str, ...], tuple[tuple[int, int], ...], tuple[str, ...]]:
    """The bought space, the tiles, the cells and the cards an action names."""
    words = action.split()
    verb = words[0] if words else ""
    space: int | None = None
    tiles: list[str] = []
    cells: list[tuple[int, int]] = []
    cards: list[str] = []
    if verb == "buy" and len(words) > 1 and words[1].isdigit() and int(words[1]) in D.SPACES:
        space = int(words[1])
    elif verb == "take" and len(words) > 1:
        cards = [c for c in words[1].split("+") if c[:1] in D.CURRENCY_OF_LETTER and c[1:].isdigit()]
    elif verb in ("place", "reserve", "dirk", "redesign"):
        for w in words[1:]:
            if w in D.MASK:
                tiles.append(w)
            elif (c := _cell(w)) is not None:
                cells.append((c[0], c[1]))
    return space, tuple(tiles), tuple(cells), tuple(cards)


def _last_move(s: State) -> LastMoveView | None:
    m = s.get("last_move")
    if not m:  # no move yet, or a game stored before marks existed
        return None
    return {"seat": m["seat"], "spaces": list(m["spaces"]), "tiles": list(m["tiles"]),
            "cells": [list(c) for c in m["cells"]], "cards": [card_view(c) for c in m["cards"]]}


def private_view(s: State, seat: int) -> PrivateView:
    hand = sorted(s["players"][seat]["hand"], key=card_sort_key)
    totals = {c: sum(card_value(x) for x in hand if x[0] == D.LETTER[c]) for c in D.CURRENCIES}
    return {"seat": seat, "hand": [card_view(c) for c in hand], "totals": totals}
