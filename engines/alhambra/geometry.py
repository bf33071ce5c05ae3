"""Geometry of an Alhambra: placement legality, holes, removals, swaps and walls (RULES §3, §9, §13, §17).

A *grid* here is a dict ``{(x, y): wall_mask}`` with the fountain at ``(0, 0)``; y grows south
(ALH-GEOM-1). Wall bits: N=1, E=2, S=4, W=8 (ALH-GEOM-5). The wrappers in
``engines.alhambra.testing`` accept grids of tile ids.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

from .data import E, N, S, W

Node = TypeVar("Node")

Cell = tuple[int, int]
Grid = dict[Cell, int]

# (dx, dy, my side, the neighbour's facing side)  (ALH-GEOM-2, ALH-GEOM-4)
DIRS: tuple[tuple[int, int, int, int], ...] = ((0, -1, N, S), (1, 0, E, W), (0, 1, S, N), (-1, 0, W, E))
# the 8 cells around a cell in ring order NW, N, NE, E, SE, S, SW, W (ALH-ALG-2)
RING: tuple[Cell, ...] = ((-1, -1), (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
ORIGIN: Cell = (0, 0)


def parse_cell(label: str) -> Cell:
    x, y = label.split(",")
    return int(x), int(y)


def cell_label(c: Cell) -> str:
    return f"{c[0]},{c[1]}"


# --------------------------------------------------------------------------- placement (ALH-PLACE-6, ALH-ALG-2/7)


def _ring_encloses(bits: int) -> bool:
    """ALH-ALG-2 ring test on the 8 cells around an empty cell (bit i = ring position i occupied):
    more than two changes between occupied and empty around the ring means filling the cell would
    enclose a hole."""
    ring = [bool(bits >> i & 1) for i in range(8)]
    changes = 0
    prev = ring[7]
    for r in ring:
        if r != prev:
            changes += 1
        prev = r
    return changes > 2


#: :func:`_ring_encloses` for every ring
_ENCLOSES: tuple[bool, ...] = tuple(_ring_encloses(bits) for bits in range(256))


def candidate_cells(grid: Grid) -> list[tuple[Cell, int, int]]:
    """Every empty cell where *some* tile could legally go, with its constraints.

    Returns ``(cell, occupied_sides, required_walls)``, sorted by cell: a tile with wall mask ``m``
    may go there exactly when ``m & occupied_sides == required_walls``. Cells are dropped when no
    shared edge would be open (ALH-PLACE-6.4) or when filling them would enclose a hole
    (ALH-PLACE-6.5, ring test of ALH-ALG-2, valid because every grid the engine holds is legal).
    """
    get = grid.get
    empties = {(x + dx, y + dy) for (x, y) in grid for dx, dy in _STEPS}
    empties.difference_update(grid)
    out: list[tuple[Cell, int, int]] = []
    for c in sorted(empties):
        cx, cy = c
        n = get((cx, cy - 1))
        e = get((cx + 1, cy))
        so = get((cx, cy + 1))
        w = get((cx - 1, cy))
        occ = req = 0
        has_open = False
        if n is not None:
            occ |= N
            if n & S:
                req |= N
            else:
                has_open = True
        if e is not None:
            occ |= E
            if e & W:
                req |= E
            else:
                has_open = True
        if so is not None:
            occ |= S
            if so & N:
                req |= S
            else:
                has_open = True
        if w is not None:
            occ |= W
            if w & E:
                req |= W
            else:
                has_open = True
        if not has_open:
            continue
        bits = (((cx - 1, cy - 1) in grid) | (n is not None) << 1 | ((cx + 1, cy - 1) in grid) << 2 | (e is not None) << 3
                | ((cx + 1, cy + 1) in grid) << 4 | (so is not None) << 5 | ((cx - 1, cy + 1) in grid) << 6 | (w is not None) << 7)
        if _ENCLOSES[bits]:
            continue
        out.append((c, occ, req))
    return out


_STEPS: tuple[Cell, ...] = tuple((dx, dy) for dx, dy, _, _ in DIRS)


def swap_constraints(grid: Grid) -> list[tuple[Cell, int, int]]:
    """Every cell but the fountain with the constraints of ALH-ALG-4, sorted by cell: a tile with wall
    mask ``m`` may be swapped in exactly when ``m & occupied_sides == required_walls`` (its facing
    edges match every occupied neighbour: :func:`swap_fits`)."""
    get = grid.get
    out = []
    for c in sorted(grid):
        if c == ORIGIN:
            continue
        x, y = c
        occ = req = 0
        for dx, dy, mine, theirs in DIRS:
            m = get((x + dx, y + dy))
            if m is not None:
                occ |= mine
                if m & theirs:
                    req |= mine
        out.append((c, occ, req))
    return out


def cells_for(mask: int, cands: Iterable[tuple[Cell, int, int]]) -> list[Cell]:
    """The legal cells for a tile with wall mask ``mask`` given :func:`candidate_cells`."""
    return [c for c, occ, req in cands if mask & occ == req]


def legal_cells(grid: Grid, mask: int) -> list[Cell]:
    return cells_for(mask, candidate_cells(grid))


def swap_fits(grid: Grid, cell: Cell, mask: int) -> bool:
    """ALH-ALG-4: the incoming tile's facing edges match every occupied neighbour of ``cell``."""
    x, y = cell
    for dx, dy, mine, theirs in DIRS:
        m = grid.get((x + dx, y + dy))
        if m is not None and bool(m & theirs) != bool(mask & mine):
            return False
    return True


def removable_cells(grid: Grid) -> list[Cell]:
    """Cells whose tile redesign (b) may remove (ALH-REDESIGN-2(b), ALH-ALG-3, Q-08).

    Not the fountain; not a cell with all 4 neighbours occupied (that would leave a hole); and
    not an articulation point of the walk graph (every other tile stays reachable).
    """
    get = grid.get
    adj: dict[Cell, list[Cell]] = {}
    for c, m in grid.items():
        x, y = c
        lst = []
        for dx, dy, mine, theirs in DIRS:
            if not m & mine:
                n = (x + dx, y + dy)
                nm = get(n)
                if nm is not None and not nm & theirs:
                    lst.append(n)
        adj[c] = lst
    if ORIGIN not in adj:
        return []
    # the fountain itself is never removable, so it is never marked
    art, disc = articulation_points(adj, ORIGIN)
    out = []
    for c in grid:
        if c == ORIGIN or c in art or c not in disc:
            continue
        x, y = c
        if (x, y - 1) in grid and (x + 1, y) in grid and (x, y + 1) in grid and (x - 1, y) in grid:
            continue
        out.append(c)
    out.sort()
    return out


def articulation_points(adj: Mapping[Node, list[Node]], root: Node) -> tuple[set[Node], dict[Node, int]]:
    """Tarjan's depth-first search of the graph ``adj`` from ``root``: the nodes whose removal disconnects
    it (never ``root`` itself), and every node reached (with its discovery order), for
    :func:`removable_cells` (the layouts of :func:`engines.alhambra.common.layout` search their walk graph as
    cell words, the same way)."""
    art: set[Node] = set()
    disc: dict[Node, int] = {}
    _visit(adj, disc, art, root, None, root)
    return art, disc


def _visit(adj: Mapping[Node, list[Node]], disc: dict[Node, int], art: set[Node], u: Node, parent: Node | None,
           root: Node) -> int:
    """The low-link of ``u`` (a module function, not a closure: a recursive closure is a reference cycle
    only the garbage collector frees)."""
    d = disc[u] = len(disc)
    low = d
    for v in adj[u]:
        dv = disc.get(v)
        if dv is None:
            lv = _visit(adj, disc, art, v, u, root)
            if lv < low:
                low = lv
            if lv >= d and u != root:
                art.add(u)
        elif v != parent and dv < low:
            low = dv
    return low


# --------------------------------------------------------------------------- full legality (ALH-ALG-1)


def check_legal(grid: Grid) -> str | None:
    """ALH-ALG-1. Returns None if legal, else the clause that fails: no fountain (ALH-SETUP-3),
    mismatched facing edges (ALH-PLACE-2), a tile the fountain cannot walk to (ALH-PLACE-3), a hole
    (ALH-PLACE-4).

    Holes are counted with the Euler characteristic of the cells as closed unit squares: ``V - E + F``
    (corners, edges, cells) is the number of pieces minus the number of holes, and a grid that passed
    ALH-PLACE-3 is one piece; an empty cell is a hole exactly when no path of edge-adjacent empty
    cells leads out, the same holes as a flood fill from outside finds (tests/engines/alhambra/test_speed.py).
    """
    if ORIGIN not in grid:
        return "ALH-SETUP-3"
    get = grid.get
    for (x, y), m in grid.items():  # each shared edge once: east and south neighbours
        nm = get((x + 1, y))
        if nm is not None and bool(m & E) != bool(nm & W):
            return "ALH-PLACE-2"
        nm = get((x, y + 1))
        if nm is not None and bool(m & S) != bool(nm & N):
            return "ALH-PLACE-2"
    seen = {ORIGIN}
    todo = [ORIGIN]
    while todo:
        x, y = todo.pop()
        m = grid[(x, y)]
        for dx, dy, mine, _ in DIRS:
            c = (x + dx, y + dy)
            if c in grid and c not in seen and not (m & mine):
                seen.add(c)
                todo.append(c)
    if len(seen) != len(grid):
        return "ALH-PLACE-3"
    corners: set[int] = set()
    edges: set[int] = set()
    for x, y in grid:
        k = x * _K + y  # the corner (x, y) as one int; cell (x, y) spans corners k, k + 1, k + _K, k + _K + 1
        corners.update((k, k + 1, k + _K, k + _K + 1))
        edges.update((2 * k, 2 * k + 2, 2 * k + 1, 2 * (k + _K) + 1))  # 2k: the edge east of corner k, 2k+1: south
    if len(corners) - len(edges) + len(grid) != 1:
        return "ALH-PLACE-4"
    return None


#: corner keys of :func:`check_legal`: distinct for coordinates within ±_K/2 (a grid spans at most 55 cells)
_K = 4096


def is_legal(grid: Grid) -> bool:
    return check_legal(grid) is None


# --------------------------------------------------------------------------- walls (§13, ALH-ALG-5)

Point = tuple[int, int]
Segment = tuple[Point, Point]


def outer_segments(grid: Grid) -> list[Segment]:
    """Outer wall segments (ALH-WALL-1) as pairs of lattice points (ALH-GEOM-5)."""
    segs: list[Segment] = []
    for (x, y), m in grid.items():
        if not m:
            continue
        if m & N and (x, y - 1) not in grid:
            segs.append(((x, y), (x + 1, y)))
        if m & E and (x + 1, y) not in grid:
            segs.append(((x + 1, y), (x + 1, y + 1)))
        if m & S and (x, y + 1) not in grid:
            segs.append(((x, y + 1), (x + 1, y + 1)))
        if m & W and (x - 1, y) not in grid:
            segs.append(((x, y), (x, y + 1)))
    return segs


def _longest_by_search(segs: list[Segment], bga: bool) -> int:
    """Longest trail (distinct segments) or, for ``bga``, longest simple path (distinct points)."""
    inc: dict[Point, list[int]] = {}
    for i, (a, b) in enumerate(segs):
        inc.setdefault(a, []).append(i)
        inc.setdefault(b, []).append(i)
    best = 0
    used = [False] * len(segs)

    def walk(p: Point, length: int, visited: set[Point]) -> None:
        nonlocal best
        if length > best:
            best = length
        for i in inc[p]:
            if used[i]:
                continue
            a, b = segs[i]
            q = b if a == p else a
            if bga and q in visited:
                continue
            used[i] = True
            visited.add(q)
            walk(q, length + 1, visited)
            if bga:
                visited.discard(q)
            used[i] = False

    for p in inc:
        walk(p, 0, {p})
    return best


def longest_wall_masks(grid: Grid, ring_mode: str = "full") -> int:
    """ALH-WALL-5 / ALH-ALG-5: the longest continuous outer wall; ``ring_mode`` per ALH-OPT-4."""
    segs = outer_segments(grid)
    if not segs:
        return 0
    bga = ring_mode == "bga"
    deg: dict[Point, int] = {}
    for a, b in segs:
        deg[a] = deg.get(a, 0) + 1
        deg[b] = deg.get(b, 0) + 1
    if max(deg.values()) > 2:  # impossible in a legal Alhambra (ALH-WALL-7): true search
        return _longest_by_search(segs, bga)
    # union-find over points
    parent: dict[Point, Point] = {p: p for p in deg}

    def find(p: Point) -> Point:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for a, b in segs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    edges: dict[Point, int] = {}
    verts: dict[Point, int] = {}
    for a, _ in segs:
        r = find(a)
        edges[r] = edges.get(r, 0) + 1
    for p in deg:
        r = find(p)
        verts[r] = verts.get(r, 0) + 1
    best = 0
    for r, e in edges.items():
        length = e
        if e == verts[r] and bga:  # a closed ring (every point of degree 2): BGA drops one segment
            length = e - 1
        best = max(best, length)
    return best


def wall_degree_ok(grid: Grid) -> bool:
    """ALH-WALL-7: at most two outer segments meet at any lattice point."""
    deg: dict[Point, int] = {}
    for a, b in outer_segments(grid):
        deg[a] = deg.get(a, 0) + 1
        deg[b] = deg.get(b, 0) + 1
    return all(v <= 2 for v in deg.values())
