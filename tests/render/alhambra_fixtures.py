"""Hand-made Alhambra views in the agreed view format (engine-independent)."""
from __future__ import annotations

import random

# id type price walls — the 54 building tiles (from the rules' components.json)
_TILES = """
PAV-02 pavilion 2 NEW|PAV-03 pavilion 3 SW|PAV-04 pavilion 4 ES|PAV-05 pavilion 5 NW|PAV-06 pavilion 6 N|
PAV-07 pavilion 7 E|PAV-08 pavilion 8 -|SER-03 seraglio 3 ESW|SER-04 seraglio 4 NE|SER-05 seraglio 5 SW|
SER-06 seraglio 6 ES|SER-07 seraglio 7 W|SER-08 seraglio 8 S|SER-09 seraglio 9 -|ARC-04 arcades 4 NES|
ARC-05 arcades 5 NW|ARC-06a arcades 6 SW|ARC-06b arcades 6 NE|ARC-07 arcades 7 ES|ARC-08a arcades 8 N|
ARC-08b arcades 8 E|ARC-09 arcades 9 -|ARC-10 arcades 10 -|CHA-05 chambers 5 NSW|CHA-06 chambers 6 ES|
CHA-07a chambers 7 SW|CHA-07b chambers 7 NE|CHA-08 chambers 8 NW|CHA-09a chambers 9 W|CHA-09b chambers 9 S|
CHA-10 chambers 10 -|CHA-11 chambers 11 -|GAR-06 garden 6 ESW|GAR-07 garden 7 NSW|GAR-08a garden 8 SW|
GAR-08b garden 8 NE|GAR-08c garden 8 NW|GAR-09 garden 9 E|GAR-10a garden 10 N|GAR-10b garden 10 W|
GAR-10c garden 10 -|GAR-11 garden 11 -|GAR-12 garden 12 S|TOW-07 tower 7 NEW|TOW-08 tower 8 NES|
TOW-09a tower 9 ES|TOW-09b tower 9 NE|TOW-09c tower 9 NW|TOW-10 tower 10 W|TOW-11a tower 11 N|
TOW-11b tower 11 S|TOW-11c tower 11 -|TOW-12 tower 12 -|TOW-13 tower 13 E
"""
TYPES = ("pavilion", "seraglio", "arcades", "chambers", "garden", "tower")
CURRENCIES = ("yellow", "green", "blue", "orange")


def _parse() -> list[dict]:
    out = []
    for item in _TILES.replace("\n", "").split("|"):
        tid, ttype, price, walls = item.split()
        out.append({"id": tid, "type": ttype, "price": int(price), "walls": "" if walls == "-" else walls})
    return out


ALL_TILES = _parse()


def fountain(seat: int) -> dict:
    return {"id": f"FTN-{seat + 1}", "type": None, "price": None, "walls": ""}


def card(cur: str, value: int) -> dict:
    return {"currency": cur, "value": value}


_SIDES = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def outer_walls(grid: list[dict]) -> list[list[int]]:
    """Wall sides of tiles whose neighbour cell on that side is empty, as lattice segments."""
    cells = {(c["x"], c["y"]) for c in grid}
    out = []
    for c in grid:
        x, y = c["x"], c["y"]
        for side in c["tile"]["walls"]:
            dx, dy = _SIDES[side]
            if (x + dx, y + dy) in cells:
                continue
            out.append({"N": [x, y, x + 1, y], "S": [x, y + 1, x + 1, y + 1],
                        "W": [x, y, x, y + 1], "E": [x + 1, y, x + 1, y + 1]}[side])
    return out


def grow_grid(rng: random.Random, seat: int, tiles: list[dict]) -> list[dict]:
    """A connected layout: the fountain at (0,0), then each tile next to an occupied cell."""
    grid = [{"x": 0, "y": 0, "tile": fountain(seat)}]
    taken = {(0, 0)}
    for tile in tiles:
        while True:
            bx, by = rng.choice(sorted(taken))
            dx, dy = rng.choice(list(_SIDES.values()))
            cell = (bx + dx, by + dy)
            if cell not in taken:
                break
        taken.add(cell)
        grid.append({"x": cell[0], "y": cell[1], "tile": tile})
    return grid


def counts(tiles: list[dict]) -> dict[str, int]:
    out = {t: 0 for t in TYPES}
    for tile in tiles:
        if tile.get("type"):
            out[tile["type"]] += 1
    return out


def _longest(grid: list[dict]) -> int:
    return len(outer_walls(grid))


def make_view(players: int, *, seed: int, placed: list[int], reserve: list[int], bought: list[int] | None = None,
              hand_counts: list[int] | None = None, scores: list[int] | None = None, active: int | None = 0,
              phase: str = "action", turn: int = 10, scorings: tuple[str, ...] = (), dirk_tiles: int = 0,
              market_empty: tuple[int, ...] = (), display: int = 4, hint_cells: bool = False) -> dict:
    rng = random.Random(seed)
    pool = list(ALL_TILES)
    rng.shuffle(pool)
    pvs = []
    for s in range(players):
        mine = [pool.pop() for _ in range(placed[s])]
        grid = grow_grid(rng, s, mine)
        res = [pool.pop() for _ in range(reserve[s])]
        bt = [pool.pop() for _ in range((bought or [0] * players)[s])]
        pvs.append({
            "seat": s, "score": (scores or [0] * players)[s], "hand_count": (hand_counts or [3] * players)[s],
            "grid": grid, "reserve": res, "bought": bt, "longest_wall": _longest(grid),
            "counts": counts([c["tile"] for c in grid]), "outer_walls": outer_walls(grid),
        })
    market = []
    for i, cur in enumerate(CURRENCIES):
        market.append({"space": i + 1, "currency": cur, "tile": None if i + 1 in market_empty else pool.pop()})
    dirk = None
    if dirk_tiles:
        dt = [pool.pop() for _ in range(dirk_tiles)]
        dirk = {"score": 17, "tiles": dt, "counts": counts(dt)}
    hint = None
    if hint_cells and active is not None:
        pv = pvs[active]
        tile = pv["bought"][0] if pv["bought"] else pool[-1]
        taken = {(c["x"], c["y"]) for c in pv["grid"]}
        free = sorted({(x + dx, y + dy) for (x, y) in taken for dx, dy in _SIDES.values()} - taken)
        hint = {"seat": active, "tile": tile["id"], "cells": [list(c) for c in free[:6]]}
    return {
        "game": "alhambra", "players": players, "phase": phase, "active": active, "turn": turn,
        "market": market,
        "display": [card(rng.choice(CURRENCIES), rng.randint(1, 9)) for _ in range(display)],
        "deck_count": 61, "bag_count": len(pool), "discard_count": 12,
        "discard_top": [card("blue", 3), card("yellow", 8)], "discard": [card("blue", 3), card("yellow", 8)],
        "scorings_done": list(scorings), "players_view": pvs, "dirk": dirk, "hint": hint,
        "last_scoring": None, "result": None, "open_hands": None, "last_move": None,
    }


def view_6p_late() -> dict:
    """Six players, late game: big grids, long reserves, scorings A and B done, a placement hint."""
    v = make_view(6, seed=6, placed=[9, 7, 8, 6, 5, 4], reserve=[2, 1, 0, 3, 1, 0], bought=[0, 0, 2, 0, 0, 0],
                  hand_counts=[5, 2, 7, 0, 4, 3], scores=[61, 48, 70, 33, 52, 41], active=2, phase="placement",
                  turn=58, scorings=("A", "B"), market_empty=(3,), display=3, hint_cells=True)
    v["last_scoring"] = {"round": "B", "rows": [
        {"who": s, "types": {"pavilion": 8, "tower": 13}, "wall": 4, "total": 25} for s in range(6)]}
    return v


def view_4p_mid() -> dict:
    """A typical four-player mid-game view (the timing benchmark)."""
    return make_view(4, seed=4, placed=[6, 5, 7, 4], reserve=[1, 0, 2, 1], bought=[0, 1, 0, 0],
                     hand_counts=[4, 3, 6, 2], scores=[14, 9, 21, 5], active=1, phase="placement", turn=24,
                     scorings=("A",), hint_cells=True)


def view_2p_dirk() -> dict:
    """Two players and Dirk, early-mid game."""
    return make_view(2, seed=2, placed=[3, 4], reserve=[1, 0], hand_counts=[5, 4], scores=[8, 12], active=0,
                     turn=9, scorings=("A",), dirk_tiles=12)


def view_final() -> dict:
    """A finished three-player game with the result and the final scoring breakdown."""
    v = make_view(3, seed=3, placed=[12, 10, 11], reserve=[2, 4, 0], hand_counts=[3, 0, 6],
                  scores=[118, 131, 131], active=None, phase="over", turn=71, scorings=("A", "B", "final"),
                  market_empty=(1, 2, 3, 4), display=2)
    v["last_scoring"] = {"round": "final", "rows": [
        {"who": 0, "types": {"pavilion": 16, "seraglio": 9, "garden": 3}, "wall": 7, "total": 35},
        {"who": 1, "types": {"arcades": 18, "chambers": 11, "tower": 21}, "wall": 5, "total": 55},
        {"who": 2, "types": {"seraglio": 9, "chambers": 11, "garden": 20, "tower": 13}, "wall": 9, "total": 62},
    ]}
    v["result"] = {"scores": [118, 131, 131], "winners": [1, 2], "dirk": None}
    return v


def view_2p_final_dirk() -> dict:
    """A finished two-player game: Dirk scored more than both players but cannot win."""
    v = view_2p_dirk()
    v.update(phase="over", active=None, scorings_done=["A", "B", "final"])
    v["players_view"][0]["score"], v["players_view"][1]["score"], v["dirk"]["score"] = 80, 95, 101
    v["last_scoring"] = {"round": "final", "rows": [
        {"who": 0, "types": {"pavilion": 16}, "wall": 3, "total": 19},
        {"who": 1, "types": {"tower": 22}, "wall": 0, "total": 22},
        {"who": "dirk", "types": {"garden": 20, "arcades": 18}, "wall": 0, "total": 38}]}
    v["result"] = {"scores": [80, 95], "winners": [1], "dirk": 101}
    return v


def view_start() -> dict:
    """The first turn: only fountains."""
    return make_view(5, seed=5, placed=[0] * 5, reserve=[0] * 5, hand_counts=[3, 4, 2, 5, 3], active=3, turn=1)


def private_view(seat: int, hand: list[tuple[str, int]]) -> dict:
    order = {c: i for i, c in enumerate(CURRENCIES)}
    cards = [card(c, v) for c, v in sorted(hand, key=lambda cv: (order[cv[0]], cv[1]))]
    totals = {c: sum(v for cc, v in hand if cc == c) for c in CURRENCIES}
    return {"seat": seat, "hand": cards, "totals": totals}


NAMES_6 = ["Anna", "Břetislav Šťastný", "Łukasz Żółkiewski", "Zoë 🐉 the very long-named dragon tamer", "Kuba", "Ola"]
