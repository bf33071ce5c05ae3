"""Final scoring (LUX-SCORE-1…8, LUX-ALG-6): pure functions of a state."""
from __future__ import annotations

from typing import Any, TypedDict

from engines.core import Msg, msg

from . import data

State = dict[str, Any]

BREAKDOWN_FIELDS = ("track", "positions", "sarcophagi", "keys", "sets", "set_vp", "scarabs", "total")


class BreakdownRow(TypedDict):
    """One player's final score by part (LUX-END-5); ``scarab_values`` are revealed at the end."""

    seat: int
    track: int
    positions: int
    sarcophagi: int
    keys: int
    sets: int
    set_vp: int
    scarabs: int
    scarab_values: list[int]
    total: int


class Breakdown(TypedDict):
    scores: list[int]
    winners: list[int]
    breakdown: list[BreakdownRow]


def max_sets(v: int, s: int, j: int, w: int) -> int:
    """LUX-ALG-6: most sets of V+S+J with at most 2 wilds each."""
    k = 0
    size = len(data.TREASURE_TYPES)  # one of each type per set
    for c in range(1, (v + s + j + w) // size + 1):
        m = min(v, c) + min(s, c) + min(j, c)
        if size * c - m <= w and (size - data.MAX_WILD_PER_SET) * c <= m:
            k = c
        else:
            break
    return k


def position_vp(state: State, a: dict[str, Any]) -> int:
    """LUX-SCORE-3."""
    if a["state"] == "lying":
        return 0
    if a["state"] == "finished" or a["pos"] == data.TOMB:
        return int(state["options"]["tomb_scarab_vp"])
    return data.SCARAB_VP[a["pos"]]


def _row(state: State, s: int, p: dict[str, Any]) -> BreakdownRow:
    counts = {t: 0 for t in data.TREASURE_TYPES}
    for tid in p["treasures"]:
        counts[data.TREASURES[tid]["type"]] += 1
    v, st, j = (counts[t] for t in data.TREASURE_TYPES)
    sets = max_sets(v, st, j, p["wilds"])
    row: BreakdownRow = {
        "seat": s,
        "track": p["score"],
        "positions": sum(position_vp(state, a) for a in p["adv"]),
        "sarcophagi": sum(p["sarcophagi"]),
        "keys": p["keys"] * data.KEY_END_VP,
        "sets": sets,
        "set_vp": data.set_vp(sets),
        "scarabs": sum(data.SCARABS[x] for x in p["scarabs"]),
        "scarab_values": sorted(data.SCARABS[x] for x in p["scarabs"]),
        "total": 0,
    }
    row["total"] = row["track"] + row["positions"] + row["sarcophagi"] + row["keys"] + row["set_vp"] + row["scarabs"]
    return row


def totals(state: State) -> list[int]:
    """Each seat's final score as the final scoring (LUX-SCORE-2…7) would count what it holds now:
    the track, adventurer positions, sarcophagi, keys, treasure sets and scarab values."""
    return [_row(state, s, p)["total"] for s, p in enumerate(state["seats"])]


def final_breakdown(state: State) -> Breakdown:
    rows = [_row(state, s, p) for s, p in enumerate(state["seats"])]
    scores = [r["total"] for r in rows]
    winners = winners_of(scores, [list(p["sarcophagi"]) for p in state["seats"]])
    return {"scores": scores, "winners": winners, "breakdown": rows}


def winners_of(scores: list[int], sarcophagi: list[list[int]]) -> list[int]:
    """LUX-SCORE-8: highest score; among the tied, the best sarcophagus; else shared."""
    best = max(scores)
    tied = [s for s, x in enumerate(scores) if x == best]
    if len(tied) == 1:
        return tied
    top = {s: max(sarcophagi[s], default=0) for s in tied}
    m = max(top.values())
    if m == 0:
        return tied
    return [s for s in tied if top[s] == m]


def breakdown_msg(key: str, row: BreakdownRow | dict[str, Any], *extra: str) -> Msg:
    """One player's final-scoring line (LUX-END-5) as a message with every part of the breakdown."""
    return msg(key, player=row["seat"], **{f: row[f] for f in BREAKDOWN_FIELDS + extra})  # type: ignore[literal-required]
