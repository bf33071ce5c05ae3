"""Sphinx cards (EGZ-SETUP-8, EGZ-BUILD-SPHINX-*): the secret keep of the setup draw (D-03), and at the
Sphinx site how many cards to pay for (D-14) and which to keep (D-15, secret; N35 keeps two). What the
cards score is in :mod:`engines.egizia.scoring`.

Action grammar: ``keep <i>`` (D-03), ``draw <n>``, ``crew back`` (D-14), ``keep [<i> [<j>]] [n35]`` (D-15:
positions in the drawn cards).
"""
from __future__ import annotations

from itertools import combinations

from engines.core import Event, Option, Prompt, State, msg

from . import data as D
from .board import (
    Handler,
    Verdict,
    add_score,
    as_int,
    card_msg,
    discard,
    eff,
    first_of,
    has_card,
    no_reason,
    pay_stones,
    sphinx_msg,
    tile_order,
)
from .building import crew_back, crew_back_offered, end_turn, sphinx_n_range

# ------------------------------------------------------------------ D-03: the setup draw (draw 2, keep 1)


def _setup_prompt(s: State, seat: int) -> Prompt:
    two = s["stage"]["drawn"][str(seat)]
    ops = tuple(Option(f"keep {j + 1}", msg("egizia.lbl.keep_setup", card=sphinx_msg(c))) for j, c in enumerate(two))
    return Prompt(seat, "D-03", ops, msg("egizia.title.D-03"), secret=True)


def _apply_setup(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    s["stage"]["choice"][str(seat)] = int(toks[1]) - 1
    return False


def resolve_setup_keep(s: State, ev: list[Event]) -> None:
    """Once every seat chose: keep the chosen card, the other goes under the deck (in tile order)."""
    st = s["stage"]
    for i in tile_order(s):
        two = st["drawn"][str(i)]
        k = st["choice"][str(i)]
        s["seats"][i]["sphinx"].append(two[k])
        s["sphinx_deck"].extend(c for j, c in enumerate(two) if j != k)
        ev.append(Event(msg("egizia.ev.sphinx_setup_kept", player=i, kept=1, returned=len(two) - 1)))


# ------------------------------------------------------------------ D-14: how many cards to pay for


def draw_count(s: State, n: int, sx: bool) -> int:
    """Cards drawn when paying for ``n`` (N15/N57 adds cards up to its maximum)."""
    if sx:
        p = s["seats"][s["stage"]["seat"]]
        c = s["stage"].get("sx_card") or has_card(p, "sphinx_extra_draw") or ""
        extra, cap = eff(c)["extra"], eff(c)["max_total"]
    else:
        extra, cap = 0, D.SPHINX_DRAW["max_cards_per_action"]
    return int(min(n + extra, cap, len(s["sphinx_deck"])))


def judge_draw(s: State, seat: int, toks: list[str]) -> Verdict:
    """The one judge of ``draw <n>`` (EGZ-BUILD-SPHINX-1, N15): n in the crew's range."""
    st = s["stage"]
    rng = sphinx_n_range(s, seat, st["S"], st["sx"])
    n = as_int(toks[1] if len(toks) > 1 else None)
    if len(toks) == 2 and n is not None and str(n) == toks[1] and n in rng:
        return None
    if rng and n == 0:
        return "EGZ-CARD-N15", "egizia.err.draw_range", {"lo": rng.start, "hi": rng.stop - 1}
    return "EGZ-BUILD-SPHINX-1", "egizia.err.draw_range", {"lo": rng.start, "hi": max(rng.start, rng.stop - 1)}


def _draw_prompt(s: State, seat: int) -> Prompt:
    st = s["stage"]
    ops = [Option(f"draw {n}", msg("egizia.lbl.draw", n=n, d=draw_count(s, n, st["sx"])))
           for n in range(D.SPHINX_DRAW["max_cards_per_action"] + 1) if judge_draw(s, seat, ["draw", str(n)]) is None]
    if crew_back_offered(st):  # D-13: not fixed before the first draw
        ops.append(Option("crew back", msg("egizia.lbl.crew_back")))
    return Prompt(seat, "D-14", tuple(ops), msg("egizia.title.D-14"))


def _apply_draw(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    if toks == ["crew", "back"]:
        return crew_back(s, seat, ev)
    st = s["stage"]
    n = int(toks[1])
    d = draw_count(s, n, st["sx"])
    pay_stones(s, seat, n * D.SPHINX_DRAW["stones_per_paid_card"])
    st["spent"] = n * D.SPHINX_DRAW["stones_per_paid_card"]
    drawn = [s["sphinx_deck"].pop(0) for _ in range(d)]
    s["sphinx_drawn"] = drawn
    ev.append(Event(msg("egizia.ev.sphinx_draw", player=seat, paid=n, drawn=d)))
    ev.append(Event(msg("egizia.ev.sphinx_seen", player=seat, cards=[sphinx_msg(c) for c in drawn]), to=seat))
    st["step"] = "keep"
    return bool(drawn)


def _explain_draw(s: State, seat: int, toks: list[str]) -> Verdict:
    return judge_draw(s, seat, toks) if toks[0] == "draw" else None


def _draw_timeout(s: State, prompt: Prompt) -> str:
    """Take the crew back when it may be (nothing spent); else pay for the fewest cards."""
    return first_of("crew back")(s, prompt)


# ------------------------------------------------------------------ D-15: which drawn cards to keep


def _keep_prompt(s: State, seat: int) -> Prompt:
    drawn = s["sphinx_drawn"]
    vp = D.SPHINX_DRAW["vp_per_returned_card"]
    ops = [Option("keep", msg("egizia.lbl.keep_none", returned=len(drawn), vp=len(drawn) * vp))]
    ops += [Option(f"keep {j + 1}", msg("egizia.lbl.keep_one", card=sphinx_msg(c), returned=len(drawn) - 1,
                                        vp=(len(drawn) - 1) * vp)) for j, c in enumerate(drawn)]
    n35 = has_card(s["seats"][seat], "sphinx_keep_extra")
    if n35 and len(drawn) >= 2:
        ops += [Option(f"keep {a + 1} {b + 1} n35",
                       msg("egizia.lbl.keep_two", cards=[sphinx_msg(drawn[a]), sphinx_msg(drawn[b])],
                           card=card_msg(n35), returned=len(drawn) - 2, vp=(len(drawn) - 2) * vp))
                for a, b in combinations(range(len(drawn)), 2)]
    return Prompt(seat, "D-15", tuple(ops), msg("egizia.title.D-15"), secret=True)


def _apply_keep(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    p = s["seats"][seat]
    drawn = s["sphinx_drawn"]
    idx = [int(t) - 1 for t in toks[1:] if t.isdigit()]
    if "n35" in toks:
        discard(s, seat, has_card(p, "sphinx_keep_extra") or "", ev)
    kept = [drawn[j] for j in idx]
    back = [c for j, c in enumerate(drawn) if j not in idx]
    p["sphinx"].extend(kept)
    s["sphinx_deck"].extend(back)
    s["sphinx_drawn"] = []
    ev.append(Event(msg("egizia.ev.sphinx_kept", player=seat, kept=len(kept), returned=len(back))))
    if kept:
        ev.append(Event(msg("egizia.ev.sphinx_kept_private", player=seat, cards=[sphinx_msg(c) for c in kept]), to=seat))
    if back:
        add_score(s, seat, len(back) * D.SPHINX_DRAW["vp_per_returned_card"], ev, "sphinx_return")
    end_turn(s, seat, ev)
    return False


def _explain_keep(s: State, seat: int, toks: list[str]) -> Verdict:
    if toks[0] == "crew" and toks[1:] == ["back"]:
        return "EGZ-R5-BUILD-4", "egizia.err.crew_fixed", {}
    if toks[0] != "keep":
        return None
    mx = 2 if has_card(s["seats"][seat], "sphinx_keep_extra") else 1
    if len([t for t in toks[1:] if t.isdigit()]) > mx or ("n35" in toks and mx < 2):
        return "EGZ-BUILD-SPHINX-3", "egizia.err.keep_max", {"max": mx}
    return "EGZ-BUILD-SPHINX-3", "egizia.err.keep_pick", {"n": len(s["sphinx_drawn"])}


HANDLERS = {
    "D-03": Handler(_setup_prompt, no_reason, _apply_setup, first_of("keep 1")),
    "D-14": Handler(_draw_prompt, _explain_draw, _apply_draw, _draw_timeout),
    "D-15": Handler(_keep_prompt, _explain_keep, _apply_keep, first_of("keep 1", "keep")),
}
