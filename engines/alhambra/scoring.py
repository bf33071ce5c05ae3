"""Majority scoring (ALH-SCORE-4 … 8, ALH-ALG-6) as pure functions of counts and walls."""
from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TypedDict

from .data import POINTS, TYPES

Key = Hashable  # a seat (int) or "dirk"


class RoundRow(TypedDict):
    """One participant's row of a scoring round: points per building type, the longest wall, the total."""

    types: dict[str, int]
    wall: int
    total: int


def score_type(round_id: str, type_id: str, counts: Mapping[Key, int]) -> dict[Key, int]:
    """Points per participant for one building type in one round.

    Competition ranking; a tied group shares the sum of the places it occupies, rounded
    down; unpaid places count 0; a count of 0 does not rank (ALH-SCORE-4/5/6/7, Q-13).
    """
    table = POINTS[type_id][round_id]
    ranked = sorted(((c, k) for k, c in counts.items() if c >= 1), key=lambda t: -t[0])
    out: dict[Key, int] = {k: 0 for k in counts}
    i = 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and ranked[j][0] == ranked[i][0]:
            j += 1
        pot = sum(table[p] for p in range(i, j) if p < len(table))
        share = pot // (j - i)
        for _, k in ranked[i:j]:
            out[k] = share
        i = j
    return out


def score_round(
    round_id: str,
    counts_by_participant: Mapping[Key, Mapping[str, int]],
    walls: Mapping[Key, int] | None = None,
) -> dict[Key, RoundRow]:
    """A whole scoring round (ALH-SCORE-2): per participant ``{"types", "wall", "total"}``.

    ``counts_by_participant[p][type]`` is p's count of that type (missing = 0);
    ``walls[p]`` is p's longest wall (missing = 0; Dirk never has one, ALH-WALL-8).
    """
    walls = walls or {}
    rows: dict[Key, RoundRow] = {p: {"types": {}, "wall": int(walls.get(p, 0) or 0), "total": 0} for p in counts_by_participant}
    for typ in TYPES:
        pts = score_type(round_id, typ, {p: int(c.get(typ, 0)) for p, c in counts_by_participant.items()})
        for p, v in pts.items():
            rows[p]["types"][typ] = v
    for row in rows.values():
        row["total"] = sum(row["types"].values()) + row["wall"]
    return rows
