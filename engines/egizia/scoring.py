"""Scoring: cooperation after building (EGZ-R6-*), the last anytime actions before the final scoring (W4,
D-19), the final scoring (EGZ-END-1..5) and what each Sphinx card scores (EGZ-SPHINX-*).

Action grammar: ``done`` (D-19) and the W4 free actions.
"""
from __future__ import annotations

from typing import Any

from engines.core import Event, Option, Prompt, State, msg

from . import data as D
from .board import (
    T_ABBR,
    Handler,
    Seat,
    add_score,
    bricks,
    eff,
    first_of,
    no_reason,
    opt,
    quarry_total,
    score_order,
    sphinx_msg,
)
from .nile import free_options

# ------------------------------------------------------------------ what a Sphinx card scores


def tomb_total(p: Seat) -> int:
    bonus: int = sum(eff(c)["value"] for c in p["perm"] if eff(c)["kind"] == "tomb_value_bonus")
    return sum(D.TOMB_TILES[t] for t in p["tombs"]) + bonus


def production(p: Seat, category: str) -> int:
    """Printed production totals for S22-S25 (improvers ignored, start cards included)."""
    if category == "quarry":
        return quarry_total(p)
    tot: int = D.START_FIELD["grain"] if (D.START_FIELD["color"] == category and D.START_CARDS_COUNT_IN_MAJORITY) else 0
    cards: int = sum(eff(c)["grain"] for c in p["perm"]
                     if eff(c)["kind"] == "grain_field" and eff(c)["color"] == category)
    return tot + cards


def _condition_met(s: State, seat: int, cond: dict[str, Any]) -> bool:
    p = s["seats"][seat]
    k = cond["kind"]
    if k == "obelisk_row_complete":
        return all(s["obelisk"][i] is not None for i, r in enumerate(D.OBELISK_ROW_OF) if r == cond["row"])
    if k == "pyramid_row_complete":
        return all(x is not None for x in s["pyramid"][cond["row"] - 1])
    if k == "temple_group_complete":
        return all(s["temple"][f] is not None for f in D.TEMPLE_GROUPS[cond["group"]])
    if k == "own_bricks_at_least":
        least: int = cond["min"]
        return bricks(s, seat, cond["building"]) >= least
    if k == "own_bricks_each_at_least":
        blds = [b for b in cond["buildings"] if b != "tombs" or opt(s, "two_each_includes_tombs")]
        return all(bricks(s, seat, b) >= cond["min"] for b in blds)
    if k == "production_majority":
        mine = production(p, cond["category"])
        return mine > 0 and all(production(q, cond["category"]) <= mine for q in s["seats"])
    if k == "own_marker_at_bottom":
        return bool(p[T_ABBR[cond["track"]]] == D.TRACK_BOTTOM[cond["track"]])
    return True  # "players_at_track_bottom": scored by the table


def sphinx_points(s: State, seat: int, sc: str, score: int | None = None) -> int:
    """What Sphinx card ``sc`` of ``seat`` scores on the board as it is (EGZ-SPHINX-*); ``score``: the seat's
    score to count with instead of the track's (S-cards that score per full points, EGZ-END-4)."""
    card = D.SPHINX[sc]
    cond = card["condition"]
    pts = card["points"]
    p = s["seats"][seat]
    if not _condition_met(s, seat, cond):
        return 0
    pk = pts["kind"]
    if pk == "fixed":
        return int(pts["vp"])
    if pk == "table":
        tr = cond["track"]
        n = sum(1 for q in s["seats"] if q[T_ABBR[tr]] == D.TRACK_BOTTOM[tr])
        keys = sorted(int(x) for x in pts["by_count"])
        return int(pts["by_count"][str(min(n, keys[-1]))])
    if pk == "per_own_brick":
        return int(pts["vp_per_brick"] * bricks(s, seat, pts["building"]))
    if pk == "builder_strength":
        return int(pts["vp_per_strength"] * p["str"][pts["builder"]])
    if pk == "per_own_permanent_card":
        excl = list(pts["excludes"])
        return int(pts["vp_per_card"] * sum(1 for c in p["perm"] if eff(c)["kind"] not in excl))
    if pk == "per_full_vp":
        return int(pts["vp"] * (max(0, p["score"] if score is None else score) // pts["divisor"]))
    raise ValueError(pk)


# ------------------------------------------------------------------ cooperation, final scoring


def cooperation(s: State, ev: list[Event]) -> None:
    """EGZ-R6-COOP: points for the number of sites where the seat spent stones this round."""
    for seat in score_order(s):
        n = len(s["seats"][seat]["coop"])
        vp = D.COOP_VP.get(n, 0)
        ev.append(Event(msg("egizia.ev.coop", player=seat, sites=n, vp=vp)))
        if vp:
            add_score(s, seat, vp, ev, "cooperation")


def final_lines(s: State, seat: int) -> list[tuple[str, int]]:
    """What the final scoring adds for ``seat`` on the board as it is, line by line in scoring order: the
    stone sale (EGZ-END-2), the tombs (EGZ-END-3), each Sphinx card, those scoring per full points last
    (EGZ-END-4, EGZ-SPHINX-*). Reads the state only."""
    p = s["seats"][seat]
    score = p["score"]
    out: list[tuple[str, int]] = []
    if D.SALE_FIELDS[p["ss"]]:
        vp = p["stones"] // D.SALE_STONES_PER_VP
        out.append(("stone_sale", vp))
        score += vp
    vp = D.tomb_vp(tomb_total(p))
    out.append(("tombs", vp))
    score += vp
    for sc in sorted(p["sphinx"], key=lambda c: (D.SPHINX[c]["points"]["kind"] == "per_full_vp", c)):
        vp = sphinx_points(s, seat, sc, score)
        out.append((sc, vp))
        score += vp
    return out


def final_scoring(s: State, ev: list[Event]) -> None:
    """EGZ-END-1..5."""
    order = sorted(range(len(s["seats"])), key=lambda i: -s["seats"][i]["tile"])
    lines = []
    for seat in order:
        for what, vp in final_lines(s, seat):
            lines.append([seat, what, vp])
            if what in ("stone_sale", "tombs"):
                add_score(s, seat, vp, ev, f"final_{what}")
            else:
                ev.append(Event(msg("egizia.ev.sphinx_scored", player=seat, card=sphinx_msg(what), vp=vp)))
                add_score(s, seat, vp, ev, "final_sphinx")
    scores = [p["score"] for p in s["seats"]]
    best = max(scores)
    tied = [i for i in range(len(scores)) if scores[i] == best]
    winner = min(tied, key=lambda i: s["seats"][i]["stamp"])
    s["result"] = {"scores": scores, "winners": [winner], "lines": lines, "tie": len(tied) > 1}
    ev.append(Event(msg("egizia.ev.winner_tie" if len(tied) > 1 else "egizia.ev.winner", player=winner, score=best)))
    s["stage"] = {"at": "over"}


def projected_scores(s: State) -> tuple[float, ...]:
    """Each seat's score if the game ended now: the track plus :func:`final_lines` (EGZ-END-2..4); once
    the game is over, the final scores."""
    if s.get("result"):
        return tuple(float(v) for v in s["result"]["scores"])
    return tuple(float(p["score"] + sum(vp for _, vp in final_lines(s, seat))) for seat, p in enumerate(s["seats"]))


# ------------------------------------------------------------------ D-19: the last window (W4)


def _prefinal_prompt(s: State, seat: int) -> Prompt:
    ops = [Option("done", msg("egizia.lbl.done")), *free_options(s, seat, "W4")]
    return Prompt(seat, "D-19", tuple(ops), msg("egizia.title.D-19"))


def _apply_done(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    s["stage"]["i"] += 1
    return False


HANDLERS = {"D-19": Handler(_prefinal_prompt, no_reason, _apply_done, first_of("done"))}
