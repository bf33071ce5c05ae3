"""Small shared pieces of the Alhambra engine: money cards, message helpers, memoised grid geometry,
and the two records every decision handler speaks in (:class:`Candidate`, :class:`Refusal`).

A money card is ``"<letter><value>"`` with letters y g b o (``"b7"`` = blue 7); a scoring card is
``"A"`` or ``"B"``. A grid is ``{"x,y": tile id}`` with the fountain at ``"0,0"``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations
from typing import Any, NamedTuple

from engines.core import Event, IllegalAction, Msg, Option, State

from . import data as D
from . import geometry
from .geometry import Cell, Grid, candidate_cells, check_legal, longest_wall_masks

K = "alhambra."
CUR_LETTERS = tuple(D.LETTER[c] for c in D.CURRENCIES)  # y g b o

#: what a handler carries from choosing an action to carrying it out, e.g. ``("buy", (0, (5, 3), True))``
Move = tuple[str, Any]
#: where a carry-out and the flow tell what happened: a list the events are appended to, or ``None`` when nobody
#: reads them (``AlhambraGame.play``, a search's move: no event is made at all)
Events = list[Event] | None


# --------------------------------------------------------------------------- decisions


@dataclass(frozen=True)
class Refusal:
    """Why an action is illegal: the rules clause, the catalogue key and its parameters."""

    clause: str
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def error(self) -> IllegalAction:
        return IllegalAction(self.clause, K + self.key, **self.params)


def refuse(clause: str, key: str, **params: Any) -> IllegalAction:
    """The :class:`IllegalAction` to raise for an action that is not even a candidate."""
    return Refusal(clause, key, params).error()


def given(label: Msg) -> Msg:
    """The label maker of a candidate whose label is made up front."""
    return label


class Candidate(NamedTuple):
    """One action of a pending decision with its verdict: ``None`` = legal (offered), else the refusal
    that ``apply`` raises for it. Offering and explaining read the same candidates. (A named tuple:
    prompts build many of them.)

    The label is ``make(*args)``, made only when read (random playouts and searching bots never read
    it); ``args`` are immutable values."""

    action: str
    make: Callable[..., Msg]
    args: tuple[Any, ...]
    move: Move
    verdict: Refusal | None = None

    @property
    def label(self) -> Msg:
        return self.make(*self.args)

    def option(self) -> Option:
        return Option.lazy(self.action, self.make, *self.args)


# --------------------------------------------------------------------------- money cards


def card_value(card: str) -> int:
    return int(card[1:])


def card_currency(card: str) -> str:
    return D.CURRENCY_OF_LETTER[card[0]]


def card_sort_key(card: str) -> tuple[int, int]:
    return CUR_LETTERS.index(card[0]), card_value(card)


@lru_cache(maxsize=64)
def hand_values(hand: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """Per market index, the values of ``hand``'s cards in that space's currency, descending (the
    ``space_values`` of every space at once)."""
    lists: tuple[list[int], ...] = ([], [], [], [])
    slot = _SLOT.get
    for c in hand:
        at = slot(c)
        if at is not None:
            lists[at[0]].append(at[1])
        elif c[0] in _LETTER_SLOT:  # a money card of a value beyond the deck's (not a hidden "?")
            lists[_LETTER_SLOT[c[0]]].append(int(c[1:]))
    for values in lists:
        values.sort(reverse=True)
    return tuple(map(tuple, lists))


_SPACE_LETTERS = tuple(D.LETTER[D.SPACE_CURRENCY[space]] for space in D.SPACES)
#: a money card → its market index (the one space of its currency) and its value
_SLOT = {f"{letter}{v}": (i, v) for i, letter in enumerate(_SPACE_LETTERS) for v in range(1, 10)}
_LETTER_SLOT = {letter: i for i, letter in enumerate(_SPACE_LETTERS)}
assert len(_LETTER_SLOT) == 4, "one market space per currency"


def hand_total(cards: Iterable[str]) -> int:
    return sum(card_value(c) for c in cards)


def is_money_card(tok: str) -> bool:
    return (
        len(tok) >= 2
        and tok[0] in D.CURRENCY_OF_LETTER
        and tok[1:].isdigit()
        and 1 <= int(tok[1:]) <= 9
        and str(int(tok[1:])) == tok[1:]
    )


_LONG = {c: D.LETTER[c] for c in D.CURRENCIES}


def norm_card(card: str) -> str:
    """``"blue7"``/``"b7"`` → ``"b7"``; ``"SCORE-A"``/``"A"`` → ``"A"``."""
    card = card.strip()
    if card.startswith("SCORE-"):
        card = card[6:]
    if card in D.SCORING_CARDS:
        return card
    for name, letter in _LONG.items():
        if card.startswith(name):
            card = letter + card[len(name):]
            break
    if not is_money_card(card):
        raise ValueError(f"not a money card: {card!r}")
    return card


# --------------------------------------------------------------------------- messages


# Messages are never changed once made, so the frequent ones are made once (prompts build thousands).


@cache
def cur_msg(currency: str) -> Msg:
    return Msg(K + "currency." + currency)


@cache
def card_msg(card: str) -> Msg:
    return Msg(K + "card", {"currency": cur_msg(card_currency(card)), "value": card_value(card)})


def cards_msg(cards: list[str]) -> list[Msg]:
    return [card_msg(c) for c in cards]


@cache
def type_msg(tile: str) -> Msg:
    return Msg(K + "type." + (D.TYPE_OF[tile] or "fountain"))


def type_counts(tiles: Iterable[str]) -> dict[str, int]:
    counts = {t: 0 for t in D.TYPES}
    for tile in tiles:
        typ = D.TYPE_OF[tile]
        if typ:
            counts[typ] += 1
    return counts


# --------------------------------------------------------------------------- memoised grid geometry

# Geometry results depend only on the grid; prompts() may be called many times on one state, so
# they are memoised here, keyed by the grid's items (the state itself holds no cache).
# The memos are small on purpose: reuse is close in time (a prompt, then the check of its answer;
# the next turns), and every entry kept is work for Python's garbage collector (measured: memos of
# 64-128 entries hit as often as memos of 512-4096 in random playouts, and collection time halves).
#: a grid as its labels and its tiles, in the grid's order (two flat tuples hash and compare faster than one
#: tuple of pairs: their strings keep their hashes)
GridKey = tuple[tuple[str, ...], tuple[str, ...]]


def gkey(grid: Mapping[str, str]) -> GridKey:
    return tuple(grid), tuple(grid.values())


def key_items(key: GridKey) -> Iterator[tuple[str, str]]:
    """The ``(label, tile)`` pairs of a grid's :func:`gkey`."""
    return zip(key[0], key[1], strict=True)


def grid_masks(grid: Mapping[str, str]) -> Grid:
    mask = D.MASK
    return {cell_of(label): mask[tile] for label, tile in grid.items()}


@cache
def cell_of(label: str) -> Cell:
    x, y = label.split(",")
    return int(x), int(y)


@lru_cache(maxsize=128)
def masks_of(key: GridKey) -> Grid:
    return grid_masks(dict(key_items(key)))


@lru_cache(maxsize=128)
def grid_candidates(key: GridKey) -> tuple[tuple[Cell, int, int], ...]:
    return tuple(candidate_cells(masks_of(key)))


@lru_cache(maxsize=128)
def grid_illegal(key: GridKey) -> str | None:
    return check_legal(masks_of(key))


@lru_cache(maxsize=128)
def grid_wall(key: GridKey, ring: str) -> int:
    return longest_wall_masks(masks_of(key), ring)


# --------------------------------------------------------------------------- a layout's geometry, made or derived

# Cells as ints for the hot geometry: cell (x, y) is ``(x + 64) * _XS + (y + 64)``, so the neighbours are
# ``±1`` (north/south) and ``±_XS`` (west/east), and the ints sort as the cells (x, then y). An Alhambra
# spans at most 55 cells from the fountain, well inside ±64.
_XS = 128
#: a cell's int → the one int object the layouts use for it (:data:`_CODES`, :data:`_AROUND`): a dict finds a key
#: that is the same object without comparing values (ints made apart are equal but not the same object)
_CELL_INTS: dict[int, int] = {}
_cell_int = _CELL_INTS.setdefault
_ORIGIN_CODE = _cell_int(64 * _XS + 64, 64 * _XS + 64)
#: (step, my side, the neighbour's facing side) in the order N, E, S, W (ALH-GEOM-2, ALH-GEOM-4)
_CSTEPS: tuple[tuple[int, int, int], ...] = ((-1, D.N, D.S), (_XS, D.E, D.W), (1, D.S, D.N), (-_XS, D.W, D.E))


class _Codes(dict[str, int]):
    """``"x,y"`` → the cell's int, filled on first use."""

    def __missing__(self, label: str) -> int:
        x, y = label.split(",")
        c = (int(x) + 64) * _XS + int(y) + 64
        c = self[label] = _cell_int(c, c)
        return c


class _Labels(dict[int, str]):
    """The cell's int → ``"x,y"``, filled on first use."""

    def __missing__(self, code: int) -> str:
        lab = self[code] = f"{code // _XS - 64},{code % _XS - 64}"
        return lab


_CODES = _Codes()
_LABELS = _Labels()
_code = _CODES.__getitem__
_label_of = _LABELS.__getitem__


class Layout(NamedTuple):
    """The geometry of one Alhambra, computed together (cells as ``"x,y"`` labels, sorted by cell; for a grid
    the engine changed at one cell, derived from the layout before: :func:`layout`): the placement cells with their constraints (:func:`~.geometry.candidate_cells`), the swap
    constraints (:func:`~.geometry.swap_constraints`) and the removable cells
    (:func:`~.geometry.removable_cells`); tests/engines/alhambra/test_speed.py checks it against those."""

    cands: tuple[tuple[str, int, int], ...]
    swaps: tuple[tuple[str, int, int], ...]
    removable: tuple[str, ...]


_ENCLOSES = geometry._ENCLOSES
#: a named tuple made from a tuple of its fields without its ``__new__`` (made in Python, slower: layouts and offers
#: are made in every prompt)
_new = tuple.__new__

CellEntry = tuple[str, int, int]


class _Parts(NamedTuple):
    """What a :class:`Layout` is made of, by cell int, kept with it so that the layout of a grid that differs
    at one cell is derived from it (:func:`_derived`): the wall masks, each cell's word (what the layout
    reads of the cell's neighbourhood: see :data:`_WORD_OF`), the placement cells and the swap constraints
    (entries of :class:`Layout`; a swap entry's occupied sides tell the cells with all 4 neighbours occupied)."""

    g: dict[int, int]
    #: every cell next to a tile (also diagonally), occupied or empty → its word (never 0)
    w: dict[int, int]
    cand: dict[int, CellEntry]
    swap: dict[int, CellEntry]
    #: the cells the walk rule keeps from removal (:func:`_articulation`)
    art: set[int]


class _Around(dict[int, tuple[int, ...]]):
    """The cell's int → the ints of the cells around it, N, E, S, W, NW, NE, SE, SW, filled on first use (made
    once, of the cells' one int objects: adding to a cell's int makes a new int object each time)."""

    def __missing__(self, c: int) -> tuple[int, ...]:
        # (the literals below: the x stride 128, asserted after layout())
        cell = _cell_int
        around = self[c] = (cell(c - 1, c - 1), cell(c + 128, c + 128), cell(c + 1, c + 1), cell(c - 128, c - 128),
                            cell(c - 129, c - 129), cell(c + 127, c + 127), cell(c + 129, c + 129),
                            cell(c - 127, c - 127))
        return around


_AROUND = _Around()

# A cell's *word* tells what of its neighbourhood the layout reads: bits 0-7 which of the 8 cells around it are
# occupied, in the ring order of ALH-ALG-2 (NW, N, NE, E, SE, S, SW, W: the bits of :data:`~.geometry._ENCLOSES`),
# bits 8-11 which occupied side neighbours have a wall facing it (N=1, E=2, S=4, W=8: its required walls,
# ALH-PLACE-2). Its occupied sides are ring bits 1, 3, 5, 7. A tile put on a cell adds to the word of each cell
# around it the ring bit the cell takes there and, for a side neighbour, the required wall its facing side
# makes (taken away, the same is subtracted), so the words of a grid changed at one cell are changed at 8 cells.
#: the ring bit that a cell takes in the word of its neighbour at :data:`_AROUND` index k (N, E, S, W, NW, NE, SE,
#: SW of it: it is that neighbour's S, W, N, E, SE, SW, NW, NE)
_RING_BIT = (1 << 5, 1 << 7, 1 << 1, 1 << 3, 1 << 4, 1 << 6, 1 << 0, 1 << 2)
#: a tile's wall mask → what it adds to the word of its neighbour at each :data:`_AROUND` index (its wall on the
#: side toward a side neighbour is that neighbour's required wall on the facing side)
_WORD_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(_RING_BIT[k] | ((theirs << 8) if k < 4 and m & mine else 0)
          for k, (mine, theirs) in enumerate(((D.N, D.S), (D.E, D.W), (D.S, D.N), (D.W, D.E), *[(0, 0)] * 4)))
    for m in range(16))
# (the tables by word below are made per required walls ``hi`` and ring bits ``r``, the word ``hi << 8 | r``, from
# the 256 rings: made at import, they are made in few steps)
#: a ring (a word's bits 0-7) → its occupied sides (N=1, E=2, S=4, W=8)
_OCC_RING: tuple[int, ...] = tuple((r >> 1 & 1) | (r >> 2 & 2) | (r >> 3 & 4) | (r >> 4 & 8) for r in range(256))
#: a word → its occupied sides
_OCC: tuple[int, ...] = _OCC_RING * 16
#: a word → its occupied sides without a wall facing it (a tile's walk-graph edges are these less its own walls,
#: ALH-ALG-3; an empty cell without any is no placement cell, ALH-PLACE-6.4)
_OPEN: tuple[int, ...] = tuple(occ & ~hi for hi in range(16) for occ in _OCC_RING)
#: the :data:`_AROUND` indexes of the sides (bits N=1, E=2, S=4, W=8) of a 4-bit set, in that order
_SIDES: tuple[tuple[int, ...], ...] = tuple(tuple(k for k in range(4) if bits >> k & 1) for bits in range(16))
#: per :data:`_AROUND` index, whether that neighbour is a side one (N, E, S, W) or a diagonal one
_IS_SIDE = (True,) * 4 + (False,) * 4


#: a word → its *fit key* ``occupied sides | required walls << 4`` as an occupied cell's (its swap constraints,
#: ALH-ALG-4)
_SWAP_KEY: tuple[int, ...] = tuple(occ | hi << 4 for hi in range(16) for occ in _OCC_RING)
#: a word → its fit key as an empty cell's, or None where no tile may go: no open shared edge (ALH-PLACE-6.4), or
#: filling it would enclose a hole (the ring test of ALH-ALG-2, valid because every grid the engine holds is legal)
_CAND_KEY: tuple[int | None, ...] = tuple(
    None if occ == hi or encloses else occ | hi << 4
    for hi in range(16) for occ, encloses in zip(_OCC_RING, _ENCLOSES, strict=True))


class _CellEntries(dict[int, CellEntry]):
    """One cell's entries (:class:`Layout`'s ``(label, occupied sides, required walls)``) by fit key, made on first
    use and shared by every layout that has them (at most 256 per cell; a fit key below 256 is always the same int
    object, so it is found without comparing values)."""

    def __init__(self, c: int) -> None:
        super().__init__()
        self.label = _label_of(c)

    def __missing__(self, key: int) -> CellEntry:
        entry = self[key] = (self.label, key & 15, key >> 4)
        return entry


class _Entries(dict[int, _CellEntries]):
    """A cell's int → its :class:`_CellEntries`, made on first use."""

    def __missing__(self, c: int) -> _CellEntries:
        row = self[c] = _CellEntries(c)
        return row


_ENTRIES = _Entries()


def _parts(key: GridKey) -> _Parts:
    """The :class:`_Parts` of a grid, cell by cell."""
    mask = D.MASK
    codes = _CODES
    g = {codes[lab]: mask[tile] for lab, tile in key_items(key)}
    around = _AROUND
    w: dict[int, int] = {}
    get = w.get
    for c, m in g.items():
        for e, bit in zip(around[c], _WORD_OF[m], strict=True):
            w[e] = get(e, 0) + bit
    cand = {}
    swap = {}
    cand_key = _CAND_KEY
    swap_key = _SWAP_KEY
    entries = _ENTRIES
    origin = _ORIGIN_CODE
    for c, word in w.items():
        if c not in g:
            k = cand_key[word]
            if k is not None:
                cand[c] = entries[c][k]
        elif c != origin:
            swap[c] = entries[c][swap_key[word]]
    return _new(_Parts, (g, w, cand, swap, _articulation(g, w)))


def _articulation(g: dict[int, int], w: dict[int, int]) -> set[int]:
    """The cells the walk rule keeps from removal: the articulation points of the walk graph from the fountain
    (ALH-ALG-3: a tile's walk-graph neighbours are the open sides of its word less its own walls), and any cell
    it does not reach (none in a legal grid); every cell without a fountain."""
    if _ORIGIN_CODE not in g:
        return set(g)
    art: set[int] = set()
    disc: dict[int, int] = {}
    _visit(g, w, disc, art, _ORIGIN_CODE, -1)
    if len(disc) != len(g):
        art.update(g.keys() - disc.keys())
    return art


def _visit(g: dict[int, int], w: dict[int, int], disc: dict[int, int], art: set[int], u: int, parent: int) -> int:
    """Tarjan's depth-first search from the fountain (as :func:`~.geometry.articulation_points`, on the walk graph
    of the words): the low-link of ``u``; marks ``u`` when a child cannot reach above it."""
    d = disc[u] = len(disc)
    low = d
    around = _AROUND[u]
    for k in _SIDES[_OPEN[w.get(u, 0)] & ~g[u]]:  # (a lone fountain has no word)
        v = around[k]
        dv = disc.get(v)
        if dv is None:
            lv = _visit(g, w, disc, art, v, u)
            if lv < low:
                low = lv
            if lv >= d and u != _ORIGIN_CODE:
                art.add(u)
        elif v != parent and dv < low:
            low = dv
    return low


def _derived(parent: _Parts, lab: str, tile: str | None) -> _Parts:
    """The :class:`_Parts` of the grid ``parent`` was made for with cell ``lab`` changed to ``tile`` (``None``:
    emptied), made anew only near that cell: the words of the 8 cells around it, and the entries of the cells
    whose words changed (tests/engines/alhambra/test_speed.py checks it against :func:`_parts`). The parts that
    do not change are shared with ``parent`` (parts are never changed once made)."""
    c = _CODES[lab]
    pg = parent.g
    g = pg.copy()
    w = parent.w.copy()
    around = _AROUND[c]
    cand = parent.cand.copy()
    cand_key = _CAND_KEY
    entries = _ENTRIES
    if tile is not None and c in pg:
        # a swap: the tile fits (ALH-ALG-4), so its walls on the occupied sides are the old tile's: every
        # occupied neighbour's word, the cell's own swap entry, the walk graph (ALH-ALG-3) and the occupancy stay;
        # only the empty neighbours facing its other sides get new words and placement entries
        old = _WORD_OF[g[c]]
        new = _WORD_OF[D.MASK[tile]]
        g[c] = D.MASK[tile]
        for k in range(4):
            e = around[k]
            if e not in g and new[k] != old[k]:
                word = w[e] = w[e] + new[k] - old[k]
                fit = cand_key[word]
                if fit is None:
                    cand.pop(e, None)
                else:
                    cand[e] = entries[e][fit]
        return _new(_Parts, (g, w, cand, parent.swap, parent.art))
    swap = parent.swap.copy()
    swap_key = _SWAP_KEY
    origin = _ORIGIN_CODE
    # each cell around: its word, then its entry (a side neighbour's swap constraints; a diagonal one's words
    # change only in their ring bits), in one loop
    if tile is None:
        swap.pop(c, None)
        fit = cand_key[w.get(c, 0)]
        if fit is not None:
            cand[c] = entries[c][fit]
        for e, bit, side in zip(around, _WORD_OF[g.pop(c)], _IS_SIDE, strict=True):
            word = w[e] - bit  # (every cell around a tile has a word)
            if word:
                w[e] = word
            else:
                del w[e]
            if e in g:
                if side and e != origin:
                    swap[e] = entries[e][swap_key[word]]
            else:
                fit = cand_key[word]
                if fit is None:
                    cand.pop(e, None)
                else:
                    cand[e] = entries[e][fit]
        return _new(_Parts, (g, w, cand, swap, _articulation(g, w)))
    m = g[c] = D.MASK[tile]
    cand.pop(c, None)
    get = w.get
    for e, bit, side in zip(around, _WORD_OF[m], _IS_SIDE, strict=True):
        word = w[e] = get(e, 0) + bit
        if e in g:
            if side and e != origin:
                swap[e] = entries[e][swap_key[word]]
        elif side or e in cand:
            # an empty side neighbour; a diagonal one's occupied sides stay, so only the ring test can change
            # for it: a cell that was no placement cell stays none (the ring only fills up)
            fit = cand_key[word]
            if fit is None:
                cand.pop(e, None)
            else:
                cand[e] = entries[e][fit]
    word = get(c, 0)
    if c != origin:
        swap[c] = entries[c][swap_key[word]]
    # a new tile reached through one neighbour only: that neighbour now cuts it off, nothing else changes
    sides = _SIDES[_OPEN[word] & ~m]
    if len(sides) != 1:
        return _new(_Parts, (g, w, cand, swap, _articulation(g, w)))
    cut = around[sides[0]]
    art = parent.art
    return _new(_Parts, (g, w, cand, swap, art if cut in art or cut == origin else art | {cut}))


def _layout_of(parts: _Parts, before: tuple[Layout, _Parts] | None = None) -> Layout:
    """The :class:`Layout` of ``parts``; ``before``: the layout and parts they were derived from (a swap's parts
    share its swap entries and articulation points, so its layout shares its swaps and removable cells)."""
    cand, swap = parts.cand, parts.swap
    if before is not None and swap is before[1].swap and parts.art is before[1].art:
        lay = before[0]
        return _new(Layout, (tuple(map(cand.__getitem__, sorted(cand))), lay.swaps, lay.removable))
    # removable: not the fountain (the swap entries hold every other cell), not a cell with all 4 neighbours
    # occupied, not an articulation point (ALH-REDESIGN-2(b), ALH-ALG-3)
    order = sorted(swap)
    swaps = tuple(map(swap.__getitem__, order))
    art = parts.art
    return _new(Layout, (tuple(map(cand.__getitem__, sorted(cand))), swaps,
                         tuple([e[0] for c, e in zip(order, swaps, strict=False) if e[1] != 15 and c not in art])))


#: the layouts made lately, by grid, with their parts (oldest first; see the memos above)
_LAYOUTS: dict[GridKey, tuple[Layout, _Parts]] = {}
_LAYOUTS_MAX = 32
#: grids the engine just made by changing one cell of another, with that other grid, the cell and its new tile
#: (None: emptied), so that their layouts are derived (:func:`changed_cell`)
_CHANGES: dict[GridKey, tuple[GridKey, str, str | None]] = {}
_CHANGES_MAX = 64


def _keep_newer_half(memo: dict[Any, Any]) -> None:
    """Drop the older half of a full memo (oldest first). All at once: deleting the oldest entry one at a time
    leaves a dict whose first key is found after a growing run of deleted slots."""
    newer = list(memo.items())[len(memo) // 2:]
    memo.clear()
    memo.update(newer)


def changed_cell(before: GridKey, grid: Mapping[str, str], lab: str) -> None:
    """Note that ``grid`` is the grid ``before`` with cell ``lab`` changed (a placement, or a redesign's
    addition, removal or swap): its :func:`layout`, when asked for, is derived from the one of ``before`` if
    that is still held. Nothing else depends on this note."""
    if len(_CHANGES) >= _CHANGES_MAX:
        # (emptied at once, the changes just noted would be lost: their layouts made anew)
        _keep_newer_half(_CHANGES)
    _CHANGES[gkey(grid)] = (before, lab, grid.get(lab))


def layout(key: GridKey) -> Layout:
    """The :class:`Layout` of a grid (every grid the engine holds is legal: the ring test applies)."""
    held = _LAYOUTS.get(key)
    if held is not None:
        return held[0]
    change = _CHANGES.get(key)
    parent = _LAYOUTS.get(change[0]) if change is not None else None
    if parent is not None and change is not None:
        parts = _derived(parent[1], change[1], change[2])
        lay = _layout_of(parts, parent)
    else:
        parts = _parts(key)
        lay = _layout_of(parts)
    if len(_LAYOUTS) >= _LAYOUTS_MAX:
        _keep_newer_half(_LAYOUTS)
    _LAYOUTS[key] = (lay, parts)
    return lay


assert (D.N, D.E, D.S, D.W, _XS) == (1, 2, 4, 8, 128), "layout() spells these out"


def changed_illegal(grid: Mapping[str, str], lab: str, how: str) -> str | None:
    """ALH-ALG-1 for a grid that was legal before its cell ``lab`` changed, ``how``: ``"add"`` (the
    cell was empty: a placement or redesign (a)), ``"swap"`` (its tile exchanged: redesign (c)) or
    ``"remove"`` (its tile taken away: redesign (b)). What cannot change is not judged again; the verdict
    is the one :func:`~.geometry.check_legal` gives on the whole grid (tests/engines/alhambra/test_speed.py).

    * mismatched facing edges (ALH-PLACE-2) can only appear on the cell's own four sides (none after a
      removal);
    * a new tile reaches the fountain (ALH-PLACE-3) exactly when one of its sides is open to an open side
      of a neighbour (the old tiles already do); a swapped-in tile with matching edges leaves the walk
      graph as it was (an edge is walkable exactly when the neighbour's facing side is open); after a
      removal the walk from the fountain is made again;
    * holes (ALH-PLACE-4): the Euler characteristic of the closed cells (pieces minus holes, 1 before)
      changes by the corners minus the edges that only that cell has, plus the cell; a swap keeps the
      cells.
    """
    if ORIGIN_LABEL not in grid:
        return "ALH-SETUP-3"
    c = _code(lab)
    label_of = _label_of
    if how == "remove":
        if not _walks_to_all(grid):
            return "ALH-PLACE-3"
    else:
        mask = D.MASK
        m = mask[grid[lab]]
        get = grid.get
        open_side = False
        for step, mine, theirs in _CSTEPS:
            t = get(label_of(c + step))
            if t is not None:
                nm = mask[t]
                if bool(nm & theirs) != bool(m & mine):
                    return "ALH-PLACE-2"
                if not nm & theirs:
                    open_side = True
        if how == "swap":
            return None
        if not open_side:
            return "ALH-PLACE-3"
    bits = 0
    for d, bit in _RING_BITS:  # NW, N, NE, E, SE, S, SW, W (never the cell itself)
        if label_of(c + d) in grid:
            bits |= bit
    return None if _EULER_KEPT[bits] else "ALH-PLACE-4"


def _walks_to_all(grid: Mapping[str, str]) -> bool:
    """ALH-PLACE-3: every tile can walk to the fountain."""
    mask = D.MASK
    codes = _CODES
    label_of = _label_of
    seen = {ORIGIN_LABEL}
    todo = [ORIGIN_LABEL]
    while todo:
        lab = todo.pop()
        m = mask[grid[lab]]
        c = codes[lab]
        for step, mine, theirs in _CSTEPS:
            if not m & mine:
                n = label_of(c + step)
                t = grid.get(n)
                if t is not None and n not in seen and not mask[t] & theirs:
                    seen.add(n)
                    todo.append(n)
    return len(seen) == len(grid)


ORIGIN_LABEL = "0,0"
#: the ring of ALH-ALG-2 as int steps: NW, N, NE, E, SE, S, SW, W
_RING_STEPS = (-_XS - 1, -1, _XS - 1, _XS, _XS + 1, 1, -_XS + 1, -_XS)
_RING_BITS = tuple((d, 1 << i) for i, d in enumerate(_RING_STEPS))


def _euler_kept(bits: int) -> bool:
    """For ring occupancy ``bits`` (bit i: ring cell i occupied): whether adding or taking away the
    cell leaves the Euler characteristic as it was: its own corners (none of a corner's 3 other cells
    occupied) minus its own edges (no neighbour across) plus the cell itself is 0."""
    ring = [bool(bits >> i & 1) for i in range(8)]
    own_corners = sum(not (ring[i - 1] or ring[i] or ring[i + 1]) for i in (0, 2, 4, 6))
    own_edges = 4 - ring[1] - ring[3] - ring[5] - ring[7]
    return own_corners - own_edges + 1 == 0


_EULER_KEPT: tuple[bool, ...] = tuple(_euler_kept(bits) for bits in range(256))


# --------------------------------------------------------------------------- the turn: takes on offer, who acts, who places


def take_options(display: list[str]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """ALH-MONEY-1, Q-34: one card of any value, or 2+ cards totalling <= 5; as value descriptions.

    One option per distinct multiset of cards (identical cards are interchangeable), written in
    display order; returns ``((action, display indexes), …)``.
    """
    return _take_options(tuple(display))


@cache
def _subsets(n: int) -> tuple[tuple[int, ...], ...]:
    """Every non-empty subset of ``range(n)``: by size, then in lexicographic order."""
    return tuple(idx for r in range(1, n + 1) for idx in combinations(range(n), r))


def _take_options(display: tuple[str, ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    return tuple((action, idx) for action, idx, _ in takes(display))


def takes(display: tuple[str, ...]) -> list[tuple[str, tuple[int, ...], tuple[str, ...]]]:
    """The takes of :func:`take_options` with their cards: ``(action, display indexes, cards)``: the subsets of
    :func:`_subsets` that are one card or total at most ``TAKE_MULTI_MAX`` (such a subset holds only cards
    below that total, so only the subsets of those cards are looked at; their order is the same)."""
    out: list[tuple[str, tuple[int, ...], tuple[str, ...]]] = [("take " + c, (i,), (c,)) for i, c in enumerate(display)]
    distinct = len(set(display)) == len(display)  # then no two subsets hold the same cards
    seen: set[tuple[str, ...]] | None = None
    if not distinct:
        seen = set()
        kept: list[tuple[str, tuple[int, ...], tuple[str, ...]]] = []
        for t in out:
            if t[2] not in seen:
                seen.add(t[2])
                kept.append(t)
        out = kept
    cap = D.TAKE_MULTI_MAX
    small = [i for i, c in enumerate(display) if _VALUE[c] < cap]
    if len(small) < 2:
        return out
    values = [_VALUE[c] for c in display]
    for r in range(2, len(small) + 1):
        if sum(sorted([values[i] for i in small])[:r]) > cap:
            break  # no subset of this size (or larger) is cheap enough
        for idx in combinations(small, r):
            if sum([values[i] for i in idx]) > cap:
                continue
            cards = tuple([display[i] for i in idx])
            if seen is not None:
                key = tuple(sorted(cards))
                if key in seen:
                    continue
                seen.add(key)
            out.append(("take " + "+".join(cards), idx, cards))
    return out


class _Values(dict[str, int]):
    """A money card → its value, filled on first use."""

    def __missing__(self, card: str) -> int:
        v = self[card] = int(card[1:])
        return v


_VALUE = _Values()


def active_seat(s: State) -> int:
    """The seat of the turn (the action and placement phases always have one)."""
    seat = s["active"]
    assert isinstance(seat, int), "no active seat"
    return seat


def who_places(s: State) -> tuple[int, list[str]] | None:
    """The seat placing tiles (C-08, C-09) and its tiles still waiting, else None."""
    if s["phase"] == "placement":
        return s["active"], s["bought"]
    if s["phase"] == "end_placement":
        seat, tiles = s["end_queue"][0]
        return seat, tiles
    return None


# --------------------------------------------------------------------------- copying a state

_SCALARS = frozenset((str, int, bool, float, type(None)))

#: the keys of a state copied by :func:`copy_state` by their known shape (scalars are shared): flat lists of
#: strings (or None) by one slice each, and the nested parts below
_SHAPED = frozenset((
    "seats", "start_tied", "market", "bag", "deck", "display", "discard", "aside", "out", "scorings_done", "pending",
    "bought", "players", "dirk", "end_queue", "options", "last_scoring",
    "game", "n", "rng", "phase", "active", "turn", "start_player", "extra", "end"))
#: a state's keys beyond the shaped ones (setup.py), and all of them
_USUAL_REST = ("last_move", "result")
_USUAL_KEYS = _SHAPED | frozenset(_USUAL_REST)
#: the keys of the last move's marks in the order ``views.move_marks`` makes them
MARK_KEYS = ("seat", "turn", "spaces", "tiles", "cells", "cards")


def deep_copy(v: Any) -> Any:
    """A deep copy of plain JSON data (dicts, lists, scalars); a list or dict of scalars at once."""
    t = type(v)
    if t is dict:
        if set(map(type, v.values())) <= _SCALARS:
            return v.copy()
        return {k: deep_copy(x) for k, x in v.items()}
    if t is list:
        if set(map(type, v)) <= _SCALARS:
            return v[:]
        return [deep_copy(x) for x in v]
    return v


_FOUR = frozenset((4,))


def apply_copy(s: State) -> State:
    """The copy ``apply`` works on, copied on write: the top-level dict, the players' list, Dirk and a non-empty
    end queue are new; the players' dicts (and their grids, reserves and hands) and every other list (the market,
    the bag, the deck, the display, the discard, the bought tiles, ``seats``, ``start_tied``, ``aside``,
    ``pending``, ``scorings_done``, ``out``, ``options``, ``last_scoring``, the last move's marks, the result, an information state's hidden part) are shared with
    ``s``. Every change the engine makes to those takes its own copy first (:func:`own_player`; the flow and the
    moves put a changed copy of a list in its place), so ``s`` is never changed (tests/engines/alhambra/test_speed.py plays seeded games and checks that no state before
    changed)."""
    out = s.copy()
    out["players"] = s["players"][:]
    d = s["dirk"]
    if d is not None:
        out["dirk"] = {"tiles": d["tiles"][:], "score": d["score"]} if len(d) == 2 else deep_copy(d)
    q = s["end_queue"]
    if q:
        out["end_queue"] = [[seat, tiles[:]] for seat, tiles in q]
    return out


def own_player(s: State, seat: int) -> dict[str, Any]:
    """``seat``'s player dict made the state's own (a shallow copy put in its place: its grid, reserve and hand
    may still be shared with another state, so a change to one of them puts a new one in its place): the
    copy-on-write of :func:`apply_copy`."""
    players = s["players"]
    p: dict[str, Any] = players[seat].copy()
    players[seat] = p
    return p


def copy_state(s: State, marks: bool = True) -> State:
    """A deep copy of an Alhambra state or information state, equal to ``engines.core.clone(s)`` and
    sharing no list or dict with it, several times faster: the parts of the state's fixed shape
    (setup.py) are copied by that shape (a list of card or tile ids by one slice, the last move's marks
    by theirs), anything else by :func:`deep_copy`. Without ``marks`` the last move's marks are shared, not
    copied (for ``apply``, which puts new ones in their place). (tests/engines/alhambra/test_speed.py checks it on every
    state of seeded playouts.)"""
    out = s.copy()
    # the keys beyond the shaped ones: the last move's marks, the result, an information state's hidden part
    rest = _USUAL_REST if s.keys() == _USUAL_KEYS else s.keys() - _SHAPED
    for k in rest:
        v = s[k]
        if k == "last_move" and not marks:
            continue
        if type(v) is dict and k == "last_move" and tuple(v) == MARK_KEYS:
            out[k] = {"seat": v["seat"], "turn": v["turn"], "spaces": v["spaces"][:], "tiles": v["tiles"][:],
                      "cells": [c[:] for c in v["cells"]], "cards": v["cards"][:]}
        elif v is not None:
            out[k] = deep_copy(v)
    out["seats"] = s["seats"][:]
    out["start_tied"] = s["start_tied"][:]
    out["market"] = s["market"][:]
    out["bag"] = s["bag"][:]
    out["deck"] = s["deck"][:]
    out["display"] = s["display"][:]
    out["discard"] = s["discard"][:]
    out["aside"] = s["aside"][:]
    out["out"] = s["out"][:]
    out["scorings_done"] = s["scorings_done"][:]
    out["pending"] = s["pending"][:]
    out["bought"] = s["bought"][:]
    out["options"] = s["options"].copy()
    out["players"] = [
        {"grid": p["grid"].copy(), "reserve": p["reserve"][:], "hand": p["hand"][:], "score": p["score"]}
        if len(p) == 4 else deep_copy(p)
        for p in s["players"]
    ]
    d = s["dirk"]
    if d is not None:
        out["dirk"] = {"tiles": d["tiles"][:], "score": d["score"]} if len(d) == 2 else deep_copy(d)
    q = s["end_queue"]
    out["end_queue"] = [[seat, tiles[:]] for seat, tiles in q] if q else []
    last = s["last_scoring"]
    if last is not None:
        rows = last["rows"]
        out["last_scoring"] = (
            {"round": last["round"], "rows": [{"who": r["who"], "types": r["types"].copy(), "wall": r["wall"], "total": r["total"]}
                                              for r in rows]}
            if len(last) == 2 and set(map(len, rows)) <= _FOUR else deep_copy(last)
        )
    return out
