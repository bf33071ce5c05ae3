"""Nile cards and round spaces: taking a card (EGZ-R2-NILE-6, EGZ-CARD-*), the effects of the round spaces
(EGZ-SPACE-*), the card and space choices they queue (D-06, D-07), and the free actions of the held cards
in the windows W1-W4 (EGZ-TIME-2..8: ``play N51 <k>``, ``play N38``, ``improve``, ``crewup``, ``buy``).

Free actions have ONE judge, :func:`judge_free`: :func:`free_options` offers the candidates it finds legal
and :func:`explain_free` returns its reason for a typed one that is not offered.
"""
from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement
from typing import Any

from engines.core import Event, Msg, Option, Prompt, State, msg

from . import data as D
from .board import (
    ABBR_B,
    ABBR_T,
    B_ABBR,
    CARD_KIND,
    KIND_CLAUSE,
    T_ABBR,
    Handler,
    Seat,
    Verdict,
    add_score,
    b_msg,
    bricks,
    builder_up,
    card_clause,
    card_msg,
    eff,
    fields_of,
    first_of,
    gain_stones,
    held_of_kind,
    lazy_option,
    opt,
    pay_stones,
    t_msg,
    track_preview,
    track_steps,
)

FREE_VERBS = ("play", "improve", "crewup", "buy")
#: the window (RULES §18 W1-W5) in which each decision kind offers free actions
WINDOW_OF_KIND = {"D-04": "W1", "D-05": "W1", "D-08": "W1", "D-10": "W2", "D-12": "W3", "D-19": "W4"}
WINDOW_CLAUSE = {"W1": "EGZ-TIME-2", "W2": "EGZ-TIME-3", "W3": "EGZ-TIME-4", "W4": "EGZ-TIME-6", "W5": "EGZ-TIME-5"}
_STRENGTH_CARD = {"crewup": "crew_improver", "buy": "buy_strength"}
#: anytime cards that are not played with "play <card>" but as part of another choice
_PLAYED_WITH = {"grain": "feed", "crew_strength_bonus": "crew", "second_builder": "crew", "sphinx_extra_draw": "crew",
                "sphinx_keep_extra": "keep", "double_round_space": "place", "extra_site_position": "place",
                "take_leftover_card": "leftover"}


# ------------------------------------------------------------------ taking a card, round spaces


def take_card(s: State, seat: int, cid: str, ev: list[Event]) -> None:
    """EGZ-R2-NILE-6 / EGZ-CARD-*: resolve a card taken from the Nile (or via N39)."""
    card = D.NILE[cid]
    k = card["effect"]["kind"]
    ev.append(Event(msg("egizia.ev.take", player=seat, card=card_msg(cid))))
    typ = card["type"]
    if k == "take_leftover_card" and opt(s, "take_leftover_mode") == "every_round":
        typ = "permanent"
    if typ == "immediate":
        s["out"].append(cid)
        _immediate(s, seat, cid, ev)
    elif typ == "permanent":
        _permanent(s, seat, cid, ev)
    else:
        s["seats"][seat]["any"].append(cid)


def _immediate(s: State, seat: int, cid: str, ev: list[Event]) -> None:
    e = eff(cid)
    k = e["kind"]
    if k == "gain_stones":
        gain_stones(s, seat, e["stones"], ev, "card")
    elif k == "track_down":
        s["todo"].append({"kind": "D-06", "seat": seat, "what": "track", "steps": e["steps"], "card": cid})
    elif k == "builder_up":
        for b in e["builders"]:
            builder_up(s, seat, b, e["amount"], ev, "card")
    elif k == "builder_up_split":
        s["todo"].append({"kind": "D-06", "seat": seat, "what": "n18", "card": cid})
    elif k == "vp_per_own_brick":
        n = sum(bricks(s, seat, b) for b in e["buildings"])
        add_score(s, seat, n * e["vp_per_brick"], ev, "card")
    else:  # pragma: no cover - data error
        raise ValueError(k)


def _permanent(s: State, seat: int, cid: str, ev: list[Event]) -> None:
    p = s["seats"][seat]
    e = eff(cid)
    p["perm"].append(cid)
    if e["kind"] == "grain_field":
        tb = e.get("take_bonus") or {}
        if tb.get("market_steps"):
            s["todo"].append({"kind": "D-06", "seat": seat, "what": "track", "steps": tb["market_steps"], "card": cid})
        if tb.get("vp"):
            add_score(s, seat, tb["vp"], ev, "field_bonus")
        if tb.get("stones"):
            gain_stones(s, seat, tb["stones"], ev, "field_bonus")
    elif e["kind"] == "field_improver":
        p["improvers"][cid] = None
        if any(f["effective"] != D.COLOR_LADDER[-1] for f in fields_of(p)):
            s["todo"].append({"kind": "D-06", "seat": seat, "what": "improve", "card": cid})


def apply_round_space(s: State, seat: int, sid: str, mult: int, ev: list[Event]) -> None:
    """EGZ-SPACE-*: the effect of a round space, ``mult`` times (2 with N36)."""
    for e in D.ROUND_SPACES[sid]["effect"]:
        k = e["kind"]
        if k == "track_down":
            track_steps(s, seat, e["track"], e["steps"] * mult, ev, "space")
        elif k == "builder_up":
            for _ in range(mult):
                for b in e["builders"]:
                    builder_up(s, seat, b, e["amount"], ev, "space")
        elif k == "builder_up_choice":
            s["todo"].append({"kind": "D-07", "seat": seat, "what": "alyi", "picks": e["picks"] * mult,
                              "amount": e["amount"], "from": e["from"]})
        elif k == "gain_stones":
            gain_stones(s, seat, e["stones"] * mult, ev, "space")
        elif k == "ring_move":
            s["todo"].append({"kind": "D-07", "seat": seat, "what": "ring", "steps": e["max_steps"] * mult})


# ------------------------------------------------------------------ free actions (windows W1-W4)


def is_free(kind: str, toks: list[str]) -> bool:
    """Whether ``toks`` is a free action rather than an answer to the pending ``kind`` (the improver of D-06
    and N33 in D-08 are answers)."""
    verb = toks[0]
    if verb not in FREE_VERBS:
        return False
    if kind == "D-06" and verb == "improve":
        return False
    is_n33 = verb == "play" and len(toks) == 2 and toks[1] in D.NILE and eff(toks[1])["kind"] == "extra_placement"
    return not (kind == "D-08" and is_n33)


#: the kinds of the anytime and the permanent cards that allow free actions (:func:`_free_candidates`)
_FREE_ANY_KINDS = frozenset(("sell_stones", "build_first"))
_FREE_PERM_KINDS = frozenset(_STRENGTH_CARD.values())


def _free_candidates(p: Seat) -> Iterator[list[str]]:
    """Every free action the seat's cards could allow, in offering order (the judge decides)."""
    if not p["improvers"] and not any(CARD_KIND[c] in _FREE_ANY_KINDS for c in p["any"]) and not any(
            CARD_KIND[c] in _FREE_PERM_KINDS for c in p["perm"]):
        return  # no card allowing a free action (most seats, most of the time: issue #24)
    for c in held_of_kind(p, "sell_stones")[:1]:
        for k in range(1, eff(c)["max_stones"] + 1):
            yield ["play", c, str(k)]
    for c in held_of_kind(p, "build_first"):
        yield ["play", c]
    for imp in sorted(p["improvers"]):
        for f in fields_of(p):
            yield ["improve", imp, f["id"]]
    for verb, kind in _STRENGTH_CARD.items():
        if held_of_kind(p, kind, "perm"):
            for b in D.BUILDER_IDS:
                yield [verb, B_ABBR[b]]


def judge_free(s: State, seat: int, window: str, toks: list[str]) -> Verdict:
    """The one judge of free actions (EGZ-TIME-2..8, the card clauses): None when ``toks`` is legal in
    ``window``."""
    verb = toks[0]
    if verb == "play":
        return _judge_play(s, seat, window, toks)
    if verb in _STRENGTH_CARD:
        return _judge_strength(s, seat, window, toks)
    if verb == "improve":
        return _judge_improve(s, seat, toks)
    return "EGZ-TIME-7", "egizia.err.no_window", {}


def _windows_msg(windows: list[str]) -> list[Msg]:
    return [msg(f"egizia.window.{w}") for w in windows if w in WINDOW_CLAUSE]


def _judge_play(s: State, seat: int, window: str, toks: list[str]) -> Verdict:
    p = s["seats"][seat]
    cid = toks[1] if len(toks) > 1 else ""
    if cid not in D.NILE:
        return "EGZ-TIME-1", "egizia.err.no_such_card", {"what": cid[:20]}
    if cid not in p["any"]:
        return card_clause(cid), "egizia.err.not_held", {"card": card_msg(cid)}
    e = eff(cid)
    if e["kind"] == "extra_placement":
        return card_clause(cid), "egizia.err.n33_after_placement", {"card": card_msg(cid)}
    how = _PLAYED_WITH.get(e["kind"])
    if how:
        return card_clause(cid), "egizia.err.played_with", {"card": card_msg(cid), "how": msg(f"egizia.how.{how}")}
    wins = [w for w in e.get("windows", []) if w in WINDOW_CLAUSE]
    wrong_window = card_clause(cid), "egizia.err.window", {"card": card_msg(cid), "windows": _windows_msg(wins)}
    if window not in wins or e["kind"] not in ("sell_stones", "build_first"):
        return wrong_window
    if e["kind"] == "build_first":
        return None if len(toks) == 2 else wrong_window
    top = min(e["max_stones"], p["stones"])
    if top <= 0:
        return card_clause(cid), "egizia.err.no_stones", {}
    if len(toks) == 3 and toks[2] in {str(k) for k in range(1, top + 1)}:
        return None
    return card_clause(cid), "egizia.err.sell_range", {"card": card_msg(cid), "max": top}


def _judge_strength(s: State, seat: int, window: str, toks: list[str]) -> Verdict:
    """``crewup <b>`` (N21) and ``buy <b>`` (N43)."""
    p = s["seats"][seat]
    verb = toks[0]
    held = held_of_kind(p, _STRENGTH_CARD[verb], "perm")
    if not held:
        c = D.nile_ids_of_kind(_STRENGTH_CARD[verb])[0]
        return card_clause(c), "egizia.err.not_held", {"card": card_msg(c)}
    c = held[0]
    e = eff(c)
    wins = list(e["windows"])
    if verb == "buy" and opt(s, "buy_strength_timing") == "after_feeding_only":
        wins = [w for w in wins if w not in ("W1", "W2")]
        if window in ("W1", "W2"):
            return card_clause(c), "egizia.err.after_feeding_only", {"card": card_msg(c)}
    if window not in wins:
        return WINDOW_CLAUSE.get(window, "EGZ-TIME-7"), "egizia.err.window", {"card": card_msg(c),
                                                                                "windows": _windows_msg(wins)}
    if p["flags"].get(c):
        return "EGZ-TIME-8", "egizia.err.once_per_round", {"card": card_msg(c)}
    if verb == "buy" and p["stones"] < e["cost_stones"]:
        return card_clause(c), "egizia.err.cost", {"card": card_msg(c), "cost": e["cost_stones"], "stones": p["stones"]}
    if len(toks) == 2 and toks[1] in ABBR_B:
        return None
    return card_clause(c), "egizia.err.bad_builder", {}


def _judge_improve(s: State, seat: int, toks: list[str]) -> Verdict:
    """``improve <improver> <field>`` (N20/N44) with an improver not yet attached."""
    p = s["seats"][seat]
    imp = toks[1] if len(toks) > 1 else ""
    if imp not in p["improvers"]:
        c = imp if imp in D.NILE and eff(imp)["kind"] == "field_improver" else D.nile_ids_of_kind("field_improver")[0]
        return card_clause(c), "egizia.err.not_held", {"card": card_msg(c)}
    if p["improvers"][imp] is not None:
        return card_clause(imp), "egizia.err.improver_attached", {"card": card_msg(imp)}
    if len(toks) == 3 and toks[2] in improvable(p):
        return None
    return card_clause(imp), "egizia.err.improver_field", {"card": card_msg(imp)}


def improvable(p: Seat) -> list[str]:
    """Fields an improver can still make greener."""
    return [f["id"] for f in fields_of(p) if f["effective"] != D.COLOR_LADDER[-1]]


def _free_label_args(p: Seat, toks: list[str]) -> tuple[tuple[str, ...], str | None, int]:
    """What a free action's label reads from the seat, taken when the option is made (labels are lazy):
    the strength card used and the builder's strength now."""
    verb = toks[0]
    if verb in _STRENGTH_CARD:
        return tuple(toks), held_of_kind(p, _STRENGTH_CARD[verb], "perm")[0], p["str"][ABBR_B[toks[1]]]
    return tuple(toks), None, 0


def _free_label(toks: tuple[str, ...], c: str | None, now: int) -> Msg:
    verb = toks[0]
    if verb == "play" and len(toks) == 3:
        c, k = toks[1], int(toks[2])
        return msg("egizia.lbl.sell", card=card_msg(c), n=k, vp=k * eff(c)["vp_per_stone"])
    if verb == "play":
        return msg("egizia.lbl.build_first", card=card_msg(toks[1]))
    if verb == "improve":
        return msg("egizia.lbl.improve", card=card_msg(toks[1]), field=card_msg(toks[2]))
    assert c is not None
    b = ABBR_B[toks[1]]
    if verb == "crewup":
        return msg("egizia.lbl.crewup", card=card_msg(c), builder=b_msg(b), now=now, max=D.BUILDER_MAX[b])
    return msg("egizia.lbl.buy", card=card_msg(c), builder=b_msg(b), cost=eff(c)["cost_stones"], now=now,
               max=D.BUILDER_MAX[b])


def free_options(s: State, seat: int, window: str) -> list[Option]:
    """The free actions legal for ``seat`` in ``window``: the candidates :func:`judge_free` accepts."""
    p = s["seats"][seat]
    return [lazy_option(" ".join(t), _free_label, *_free_label_args(p, t)) for t in _free_candidates(p)
            if judge_free(s, seat, window, t) is None]


def free_offered(s: State, seat: int, window: str, action: str) -> bool:
    """Whether :func:`free_options` offers ``action`` (without building the others)."""
    toks = action.split()
    if " ".join(toks) != action:
        return False
    return any(t == toks for t in _free_candidates(s["seats"][seat])) and judge_free(s, seat, window, toks) is None


def has_free(s: State, seat: int, window: str) -> bool:
    p = s["seats"][seat]
    return any(judge_free(s, seat, window, t) is None for t in _free_candidates(p))


def explain_free(s: State, seat: int, kind: str, toks: list[str]) -> Verdict:
    """Why a free action typed in a ``kind`` decision is refused (None: the kind's generic refusal)."""
    window = WINDOW_OF_KIND.get(kind)
    if window is None:
        return "EGZ-TIME-7", "egizia.err.no_window", {}
    return judge_free(s, seat, window, toks)


def do_free(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    p = s["seats"][seat]
    verb = toks[0]
    if verb == "play" and eff(toks[1])["kind"] == "build_first":
        c = toks[1]
        p["any"].remove(c)
        p["in_force"].append(c)
        ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
    elif verb == "play":
        c, k = toks[1], int(toks[2])
        pay_stones(s, seat, k)
        p["any"].remove(c)
        s["out"].append(c)
        ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
        add_score(s, seat, k * eff(c)["vp_per_stone"], ev, "sell_card")
    elif verb == "improve":
        p["improvers"][toks[1]] = toks[2]
        ev.append(Event(msg("egizia.ev.improve", player=seat, card=card_msg(toks[1]), field=card_msg(toks[2]))))
    else:
        c = held_of_kind(p, _STRENGTH_CARD[verb], "perm")[0]
        p["flags"][c] = True
        if verb == "buy":
            pay_stones(s, seat, eff(c)["cost_stones"])
        builder_up(s, seat, ABBR_B[toks[1]], eff(c)["amount"], ev, "card")
    return False


# ------------------------------------------------------------------ D-06 / D-07: card and space choices


def _track_choice(s: State, seat: int, t: dict[str, Any]) -> Prompt:
    p = s["seats"][seat]
    ops = tuple(Option(f"track {T_ABBR[tr]}", msg("egizia.lbl.track_steps", track=t_msg(tr), steps=t["steps"],
                                                   pos=p[T_ABBR[tr]], to=track_preview(p, tr, t["steps"])[0],
                                                   bonus=track_preview(p, tr, t["steps"])[1]))
                for tr in D.TRACK_IDS)
    return Prompt(seat, "D-06", ops, msg("egizia.title.D-06.track", card=card_msg(t["card"]), steps=t["steps"]))


def _n18_choice(s: State, seat: int, t: dict[str, Any]) -> Prompt:
    p = s["seats"][seat]
    title = msg("egizia.title.D-06.n18")
    if all(p["str"][b] >= D.BUILDER_MAX[b] for b in D.BUILDER_IDS):
        # every pick is lost (EGZ-CONV-5): all options are equivalent, so it resolves itself (DECISIONS)
        a, b = D.BUILDER_IDS[:2]
        return Prompt(seat, "D-06", (Option(f"n18 {B_ABBR[a]} {B_ABBR[b]}",
                                            msg("egizia.lbl.n18_two", a=b_msg(a), b=b_msg(b))),), title)
    ops = [Option(f"n18 {B_ABBR[a]} {B_ABBR[b]}", msg("egizia.lbl.n18_two", a=b_msg(a), b=b_msg(b)))
           for a, b in combinations(D.BUILDER_IDS, 2)]
    ops += [Option(f"n18 {B_ABBR[a]} {B_ABBR[a]}", msg("egizia.lbl.n18_one", a=b_msg(a), now=p["str"][a],
                                                       max=D.BUILDER_MAX[a])) for a in D.BUILDER_IDS]
    return Prompt(seat, "D-06", tuple(ops), title)


def _improve_choice(s: State, seat: int, t: dict[str, Any]) -> Prompt:
    p = s["seats"][seat]
    ops = [Option(f"improve {t['card']} {f}", msg("egizia.lbl.improve", card=card_msg(t["card"]), field=card_msg(f)))
           for f in improvable(p)]
    ops.append(Option("keep", msg("egizia.lbl.improve_keep")))
    return Prompt(seat, "D-06", tuple(ops), msg("egizia.title.D-06.improve", card=card_msg(t["card"])))


def _alyi_choice(s: State, seat: int, t: dict[str, Any]) -> Prompt:
    p = s["seats"][seat]
    combos = list(combinations_with_replacement(t["from"], t["picks"]))
    if all(p["str"][b] >= D.BUILDER_MAX[b] for b in t["from"]):
        combos = combos[:1]  # every pick is lost (EGZ-CONV-5): equivalent options resolve themselves
    ops = tuple(lazy_option("alyi " + " ".join(B_ABBR[b] for b in combo), _alyi_label, combo,
                            tuple(b for b in dict.fromkeys(combo) if p["str"][b] >= D.BUILDER_MAX[b]))
                for combo in combos)
    return Prompt(seat, "D-07", ops, msg("egizia.title.D-07.alyi", picks=t["picks"]))


def _alyi_label(combo: tuple[str, ...], at_max: tuple[str, ...]) -> Msg:
    """``at_max``: the chosen builders already at their maximum when the option was made (EGZ-SPACE-ALYI-1)."""
    note = [msg("egizia.note.at_max", builder=[b_msg(b) for b in at_max])] if at_max else []
    return msg("egizia.lbl.alyi", builders=[b_msg(b) for b in combo], note=note)


def _ring_label(stay: bool, pos: str) -> Msg:
    return msg("egizia.lbl.ring_stay" if stay else "egizia.lbl.ring", pos=msg(f"egizia.ring.{pos}"))


def _ring_choice(s: State, seat: int, t: dict[str, Any]) -> Prompt:
    cur = D.RING_POSITIONS.index(s["ring"])
    ops = tuple(lazy_option(f"ring {pos}", _ring_label, k == cur, pos)
                for k, pos in enumerate(D.RING_POSITIONS) if abs(k - cur) <= t["steps"])
    return Prompt(seat, "D-07", ops, msg("egizia.title.D-07.ring"))


_CHOICES = {"track": _track_choice, "n18": _n18_choice, "improve": _improve_choice, "alyi": _alyi_choice,
            "ring": _ring_choice}
_CHOICE_CLAUSE = {"alyi": "EGZ-SPACE-ALYI-1", "n18": "EGZ-CARD-N18", "improve": "EGZ-CARD-N20",
                  "track": "EGZ-TRACK-STEP-2"}


def todo_prompt(s: State, seat: int) -> Prompt:
    """D-06 / D-07: the first queued card or space choice."""
    t = s["todo"][0]
    return _CHOICES[t["what"]](s, seat, t)


def explain_todo(s: State, seat: int, toks: list[str]) -> Verdict:
    t = s["todo"][0]
    if t["what"] == "ring":
        return "EGZ-SPACE-PASSALON-1", "egizia.err.ring", {"steps": t["steps"]}
    return _CHOICE_CLAUSE.get(t["what"], KIND_CLAUSE[t["kind"]]), "egizia.err.illegal", {}


def apply_todo(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    t = s["todo"].pop(0)
    w = t["what"]
    if w == "track":
        track_steps(s, seat, ABBR_T[toks[1]], t["steps"], ev, "card")
    elif w == "n18":
        for b in toks[1:]:
            builder_up(s, seat, ABBR_B[b], 1, ev, "card")
    elif w == "improve":
        if toks[0] == "improve":
            do_free(s, seat, toks, ev)
    elif w == "alyi":
        for b in toks[1:]:
            builder_up(s, seat, ABBR_B[b], t["amount"], ev, "space")
    elif w == "ring" and toks[1] != s["ring"]:
        s["ring"] = toks[1]
        ev.append(Event(msg("egizia.ev.ring", player=seat, pos=msg(f"egizia.ring.{toks[1]}"))))
    return False


def _todo_timeout(s: State, prompt: Prompt) -> str:
    """Keep the improver for later; leave the ring where it is; otherwise the first choice."""
    return first_of("keep", f"ring {s['ring']}")(s, prompt)


HANDLERS = {
    "D-06": Handler(todo_prompt, explain_todo, apply_todo, _todo_timeout),
    "D-07": Handler(todo_prompt, explain_todo, apply_todo, _todo_timeout),
}
