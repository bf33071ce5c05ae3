"""Phase 5, building (EGZ-R5-BUILD-*, EGZ-BUILD-*): the build-first claim of N38 (D-11), build or decline
(D-12), the crew (D-13), the items of the obelisk/tombs (D-16, then one step on a track D-17) and of the
pyramid/temple (D-18). The Sphinx site's draw and keep (D-14, D-15) are in :mod:`engines.egizia.sphinx`.

Crews and items each have ONE judge (:func:`judge_crew`, :func:`judge_item`) shared by the offered options
and the explanation of a refused action.

Action grammar: ``first yes|no``, ``build``, ``decline``, ``crew <b> [<b>] [jk] [p3] [sx]`` (2nd regular =
N34/N54, p3 = N14/N53, sx = N15/N57), ``crew back`` (before the first item or draw the crew is not fixed),
``obelisk``, ``tomb``, ``pyr <row>``, ``tmp <field>``, ``finish``, ``track ss|gm``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain, combinations
from typing import Any

from engines.core import Event, Msg, Option, Prompt, State, msg

from . import data as D
from .board import (
    ABBR_B,
    ABBR_T,
    B_ABBR,
    T_ABBR,
    Handler,
    Reason,
    Seat,
    Verdict,
    add_score,
    as_int,
    b_msg,
    card_clause,
    card_msg,
    discard,
    eff,
    first_of,
    has_card,
    held_of_kind,
    lazy_option,
    no_reason,
    obelisk_next,
    opt,
    pay_stones,
    pyramid_open,
    site_msg,
    t_msg,
    temple_candidates,
    tomb_next,
    track_preview,
    track_steps,
)
from .nile import free_offered, free_options, has_free

_REG_ABBR = ("bk", "bl", "ye")
_CREW_FLAGS = ("jk", "p3", "sx")
_CREW_FIXED: Reason = ("EGZ-R5-BUILD-4", "egizia.err.crew_fixed", {})
# options that never change (an Option and its Msg are never changed once made)
_CREW_BACK = Option("crew back", msg("egizia.lbl.crew_back"))
_DECLINE = Option("decline", msg("egizia.lbl.decline"))
#: the turn record kept in the stage while a seat builds
TURN_KEYS = ("S", "total", "built", "spent", "sx", "sx_card", "n_range", "crew")


# ------------------------------------------------------------------ what can be built


def sphinx_n_range(s: State, seat: int, S: int, sx: bool) -> range:
    """How many Sphinx cards a crew of strength ``S`` may pay for (EGZ-BUILD-SPHINX-1, N15)."""
    p = s["seats"][seat]
    deck = len(s["sphinx_deck"])
    lo = 0 if (sx and not opt(s, "sphinx_extra_requires_payment")) else 1
    hi = min(S, D.SPHINX_DRAW["max_cards_per_action"], p["stones"] // D.SPHINX_DRAW["stones_per_paid_card"], deck)
    if lo == 0 and deck == 0:
        return range(0)
    return range(lo, hi + 1)


def _item_values(s: State, sid: str) -> Iterator[int]:
    """The values of the items buildable now at site ``sid`` (one at a time: a caller may stop early)."""
    if sid == "obelisk_tombs":
        o = obelisk_next(s)
        if o is not None:
            yield D.OBELISK_SEQ[o]
        t = tomb_next(s)
        if t is not None:
            yield D.TOMB_TILES[s["tomb_spaces"][t]["tile"]]
    else:
        pyr = s["pyramid"]
        for r in range(len(pyr)):
            if pyramid_open(pyr, r):
                yield D.PYRAMID_VALUE[r]
        yield from (D.TEMPLE[f]["value"] for f in temple_candidates(s))


def _buildable(s: State, seat: int, sid: str, S: int, sx: bool) -> bool:
    if sid == "sphinx":
        return len(sphinx_n_range(s, seat, S, sx)) > 0
    cap = min(S, s["seats"][seat]["stones"])
    return any(v <= cap for v in _item_values(s, sid))


# ------------------------------------------------------------------ D-13: the crew


def _crew_candidates(p: Seat, sid: str) -> Iterator[list[str]]:
    """The crews the seat's builders and cards could form, in offering order (the judge decides)."""
    unused = [b for b in D.REGULAR if not p["used"][b]]
    regs: list[tuple[str, ...]] = [(b,) for b in unused]
    if has_card(p, "second_builder"):
        regs += list(combinations(unused, 2))
    jks = [False, True] if not p["used"][D.JOKER] else [False]
    p3s = [False, True] if has_card(p, "crew_strength_bonus") else [False]
    sxs = [False, True] if (sid == "sphinx" and has_card(p, "sphinx_extra_draw")) else [False]
    for r in regs:
        for jk in jks:
            for p3 in p3s:
                for sx in sxs:
                    flags = [f for f, on in zip(_CREW_FLAGS, (jk, p3, sx), strict=True) if on]
                    yield ["crew", *(B_ABBR[b] for b in r), *flags]


def crew_strength(p: Seat, toks: list[str]) -> int:
    S: int = sum(p["str"][ABBR_B[t]] for t in toks[1:] if t in _REG_ABBR)
    if "jk" in toks:
        S += p["str"][D.JOKER]
    if "p3" in toks:
        S += eff(has_card(p, "crew_strength_bonus") or "")["amount"]
    return S


def judge_crew(s: State, seat: int, sid: str, toks: list[str]) -> Verdict:
    """The one judge of crews (EGZ-R5-BUILD-3/4, N14/N15/N34): None when the crew ``toks`` may build at
    site ``sid``."""
    p = s["seats"][seat]
    body = toks[1:]
    regs = [ABBR_B[t] for t in body if t in _REG_ABBR]
    if any(t not in _REG_ABBR and t not in _CREW_FLAGS for t in body) or len(set(body)) < len(body):
        return "EGZ-R5-BUILD-4", "egizia.err.bad_builder", {}
    if not regs:
        return "EGZ-R5-BUILD-4", "egizia.err.joker_alone", {}
    for b in regs + ([D.JOKER] if "jk" in body else []):
        if p["used"][b]:
            return "EGZ-R5-BUILD-4", "egizia.err.builder_used", {"builder": b_msg(b)}
    if len(regs) > 2:
        return "EGZ-R5-BUILD-4", "egizia.err.two_builders", {}
    if len(regs) == 2 and not has_card(p, "second_builder"):
        return "EGZ-CARD-N34", "egizia.err.two_builders", {}
    if "p3" in body and not has_card(p, "crew_strength_bonus"):
        return "EGZ-CARD-N14", "egizia.err.not_held", {"card": card_msg("N14")}
    if "sx" in body:
        c = has_card(p, "sphinx_extra_draw")
        if c is None:
            c = "N57" if opt(s, "two_three_player_cards") else "N15"
            return card_clause(c), "egizia.err.not_held", {"card": card_msg(c)}
        if sid != "sphinx":
            return card_clause(c), "egizia.err.sphinx_only", {"card": card_msg(c)}
    if _buildable(s, seat, sid, crew_strength(p, toks), "sx" in body):
        return None
    return "EGZ-R5-BUILD-3", "egizia.err.crew_useless", {}


def _crew_label(toks: tuple[str, ...], cards: tuple[str | None, str | None, str | None], strength: int) -> Msg:
    """``cards``: the seat's second-builder, strength-bonus and Sphinx-draw cards when the option was made."""
    regs = [ABBR_B[t] for t in toks[1:] if t in _REG_ABBR]
    parts = [b_msg(b) for b in regs] + ([b_msg(D.JOKER)] if "jk" in toks else [])
    second, bonus, extra = cards
    used = (([second] if len(regs) == 2 else []) + ([bonus] if "p3" in toks else [])
            + ([extra] if "sx" in toks else []))
    note = [msg("egizia.note.plus", items=used)] if used else []  # card ids keep it short
    return msg("egizia.lbl.crew", builders=parts, note=note, strength=strength)


def crew_options(s: State, seat: int, sid: str) -> list[Option]:
    """Legal crews (EGZ-R5-BUILD-4) with which at least one item can be built."""
    p = s["seats"][seat]
    cards = (has_card(p, "second_builder"), has_card(p, "crew_strength_bonus"), has_card(p, "sphinx_extra_draw"))
    return [lazy_option(" ".join(t), _crew_label, tuple(t), cards, crew_strength(p, t))
            for t in _crew_candidates(p, sid) if judge_crew(s, seat, sid, t) is None]


def _offered(candidates: Iterable[list[str]], action: str, legal: Callable[[list[str]], bool]) -> bool:
    """Whether ``action`` spells one of ``candidates`` that is ``legal`` (an offered option's action)."""
    toks = action.split()
    return " ".join(toks) == action and any(t == toks for t in candidates) and legal(toks)


def _two(flags: Iterable[bool]) -> bool:
    """At least two of ``flags`` are true (stops at the second)."""
    seen = False
    for f in flags:
        if f:
            if seen:
                return True
            seen = True
    return False


def can_crew(s: State, seat: int, sid: str) -> bool:
    p = s["seats"][seat]
    return any(judge_crew(s, seat, sid, t) is None for t in _crew_candidates(p, sid))


def _set_crew(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    st = s["stage"]
    p = s["seats"][seat]
    regs = [ABBR_B[t] for t in toks[1:] if t in _REG_ABBR]
    S = crew_strength(p, toks)
    kinds = (["second_builder"] if len(regs) == 2 else []) + (["crew_strength_bonus"] if "p3" in toks else [])
    if "jk" in toks:
        regs.append(D.JOKER)
    sx = "sx" in toks
    if sx:
        kinds.append("sphinx_extra_draw")
    cards = [held_of_kind(p, k)[0] for k in kinds]
    if sx:
        st["sx_card"] = cards[-1]
    n_ok = sphinx_n_range(s, seat, S, sx) if st["sid"] == "sphinx" else None
    for b in regs:
        p["used"][b] = True
    for c in cards:
        discard(s, seat, c, ev)
    ev.append(Event(msg("egizia.ev.crew", player=seat, builders=[b_msg(b) for b in regs], strength=S)))
    st.update({"S": S, "total": 0, "built": 0, "spent": 0, "sx": sx, "crew": {"builders": regs, "cards": cards}})
    if n_ok is not None:
        st["step"] = "sphinx_n"
        st["n_range"] = [n_ok.start, n_ok.stop]
    else:
        st["step"] = "items"
    return False


def crew_back(s: State, seat: int, ev: list[Event]) -> bool:
    """DECISIONS D-13: until the first item is built or the first card drawn the crew is not fixed; taking
    it back unflips its builders, returns its cards to the hand and reopens the D-12 menu (W3)."""
    st = s["stage"]
    p = s["seats"][seat]
    crew = st.get("crew") or {"builders": [], "cards": []}
    for b in crew["builders"]:
        p["used"][b] = False
    for c in crew["cards"]:
        s["out"].remove(c)
        p["any"].append(c)
    for k in TURN_KEYS:
        st.pop(k, None)
    st["step"] = "menu"
    ev.append(Event(msg("egizia.ev.crew_back", player=seat)))
    return False


def crew_back_offered(st: dict[str, Any]) -> bool:
    """``crew back`` is offered before the first item or draw (states saved before it existed lack the
    ``crew`` record)."""
    return "crew" in st and not st.get("built")


def _weakest_crew(s: State, prompt: Prompt) -> str:
    """The crew with the least strength (the first of equals): it keeps the most builders for later."""
    p = s["seats"][prompt.seat]
    return min(prompt.options, key=lambda o: crew_strength(p, o.action.split())).action


# ------------------------------------------------------------------ D-16 / D-18: items


def _item_candidates(kind: str) -> Iterator[list[str]]:
    if kind == "D-16":
        yield ["obelisk"]
        yield ["tomb"]
    else:
        for r in range(len(D.PYRAMID_WIDTH)):
            yield ["pyr", str(r + 1)]
        for f in D.TEMPLE_IDS:
            yield ["tmp", f]
    yield ["finish"]


def judge_item(s: State, seat: int, kind: str, toks: list[str]) -> Verdict:
    """The one judge of building items (EGZ-R5-BUILD-5, the building clauses): None when ``toks`` may be
    built now within the crew's strength and the stones."""
    st = s["stage"]
    verb = toks[0]
    if verb == "finish":
        return None if st["built"] > 0 and toks == ["finish"] else ("EGZ-R5-BUILD-5", "egizia.err.at_least_one", {})
    if kind == "D-16" and verb == "obelisk":
        o = obelisk_next(s)
        if o is None:
            return "EGZ-BUILD-OBELISK-2", "egizia.err.obelisk_full", {}
        return _judge_cost(s, seat, D.OBELISK_SEQ[o])
    if kind == "D-16" and verb == "tomb":
        t = tomb_next(s)
        if t is None:
            return "EGZ-BUILD-TOMB-1", "egizia.err.tombs_empty", {}
        return _judge_cost(s, seat, D.TOMB_TILES[s["tomb_spaces"][t]["tile"]])
    if kind == "D-18" and verb == "pyr":
        return _judge_pyramid(s, seat, toks)
    if kind == "D-18" and verb == "tmp":
        return _judge_temple(s, seat, toks)
    other = "EGZ-BUILD-OBELISK-3" if kind == "D-16" else "EGZ-BUILD-TEMPLE-5"
    return other, "egizia.err.wrong_building", {}


def _judge_cost(s: State, seat: int, v: int) -> Verdict:
    st = s["stage"]
    left = st["S"] - st["total"]
    stones = s["seats"][seat]["stones"]
    if v > left:
        return "EGZ-R5-BUILD-5", "egizia.err.over_strength", {"value": v, "left": left}
    if v > stones:
        return "EGZ-R5-BUILD-5", "egizia.err.over_stones", {"value": v, "stones": stones}
    return None


def _judge_pyramid(s: State, seat: int, toks: list[str]) -> Verdict:
    r = as_int(toks[1] if len(toks) > 1 else None)
    if r is None or not 1 <= r <= len(D.PYRAMID_WIDTH) or len(toks) != 2:
        return "EGZ-BUILD-PYRAMID-1", "egizia.err.no_such_field", {"what": " ".join(toks)[:20]}
    row = s["pyramid"][r - 1]
    pos = len(row) - row.count(None)
    if pos >= len(row):
        return "EGZ-BUILD-PYRAMID-2", "egizia.err.row_full", {"row": r}
    if not pyramid_open(s["pyramid"], r - 1):
        return "EGZ-BUILD-PYRAMID-3", "egizia.err.not_supported", {"row": r, "pos": pos + 1}
    return _judge_cost(s, seat, D.PYRAMID_VALUE[r - 1])


def _judge_temple(s: State, seat: int, toks: list[str]) -> Verdict:
    f = toks[1] if len(toks) == 2 else ""
    if f not in D.TEMPLE:
        return "EGZ-BUILD-TEMPLE-1", "egizia.err.no_such_field", {"what": " ".join(toks)[:20]}
    if s["temple"][f] is not None:
        return "EGZ-BUILD-TEMPLE-2", "egizia.err.temple_taken", {"field": f}
    need = [r for r in D.TEMPLE[f]["requires"] if s["temple"][r] is None]
    if need:
        group = next((g for g, ids in D.TEMPLE_GROUPS.items() if f in ids), "")
        clause = {"columns": "EGZ-BUILD-TEMPLE-3", "top": "EGZ-BUILD-TEMPLE-4"}.get(group, "EGZ-BUILD-TEMPLE-2")
        return clause, "egizia.err.temple_requires", {"field": f, "needs": need}
    return _judge_cost(s, seat, D.TEMPLE[f]["value"])


#: a legal item that was not offered is spelled differently: refused like the old explanation did
_ITEM_SPELLING = {"obelisk": "EGZ-BUILD-OBELISK-2", "tomb": "EGZ-BUILD-TOMB-1", "pyr": "EGZ-BUILD-PYRAMID-2",
                  "tmp": "EGZ-BUILD-TEMPLE-5", "finish": "EGZ-R5-BUILD-5"}


def _item_label_args(s: State, toks: list[str]) -> tuple[str, Any, Any]:
    """What an item's label reads from the state, taken when the option is made (labels are lazy)."""
    st = s["stage"]
    verb = toks[0]
    if verb == "obelisk":
        return verb, obelisk_next(s) or 0, None
    if verb == "tomb":
        t = tomb_next(s) or 0
        return verb, t, D.TOMB_TILES[s["tomb_spaces"][t]["tile"]]
    if verb == "pyr":
        r = int(toks[1]) - 1
        row = s["pyramid"][r]
        return verb, r, len(row) - row.count(None)
    if verb == "tmp":
        return verb, toks[1], None
    return verb, st["total"], st["S"]


def _item_label(verb: str, a: Any, b: Any) -> Msg:
    if verb == "obelisk":
        return msg("egizia.lbl.obelisk", row=D.OBELISK_ROW_OF[a], value=D.OBELISK_SEQ[a])
    if verb == "tomb":
        return msg("egizia.lbl.tomb", space=a + 1, value=b)
    if verb == "pyr":
        return msg("egizia.lbl.pyramid", row=a + 1, pos=b + 1, value=D.PYRAMID_VALUE[a])
    if verb == "tmp":
        return msg("egizia.lbl.temple", field=a, value=D.TEMPLE[a]["value"])
    return msg("egizia.lbl.finish", total=a, strength=b)


def item_options(s: State, seat: int, kind: str) -> list[Option]:
    out = [lazy_option(" ".join(t), _item_label, *_item_label_args(s, t)) for t in _item_candidates(kind)
           if judge_item(s, seat, kind, t) is None]
    if crew_back_offered(s["stage"]):
        out.append(_CREW_BACK)
    return out


def build_item(s: State, seat: int, toks: list[str], ev: list[Event]) -> None:
    st = s["stage"]
    v, what = _place_brick(s, seat, toks)
    pay_stones(s, seat, v)
    st["total"] += v
    st["built"] += 1
    st["spent"] += v
    ev.append(Event(msg("egizia.ev.built", player=seat, item=what, cost=v)))
    add_score(s, seat, v, ev, "build")
    if toks[0] == "tomb":
        t = tomb_next(s)
        if t is not None and t + D.TOMB_FACE_UP - 1 < len(s["tomb_spaces"]):
            nt = s["tomb_spaces"][t + D.TOMB_FACE_UP - 1]["tile"]
            ev.append(Event(msg("egizia.ev.tomb_reveal", space=t + D.TOMB_FACE_UP, value=D.TOMB_TILES[nt])))
    if toks[0] == "pyr":
        r = int(toks[1]) - 1
        if all(x is not None for x in s["pyramid"][r]):
            _row_bonus(s, r, ev)


def _place_brick(s: State, seat: int, toks: list[str]) -> tuple[int, Msg]:
    """Put the seat's brick on the item; returns its value and its description."""
    if toks[0] == "obelisk":
        o = obelisk_next(s) or 0
        s["obelisk"][o] = seat
        return D.OBELISK_SEQ[o], msg("egizia.item.obelisk", row=D.OBELISK_ROW_OF[o], value=D.OBELISK_SEQ[o])
    if toks[0] == "tomb":
        t = tomb_next(s) or 0
        tile = s["tomb_spaces"][t]["tile"]
        s["tomb_spaces"][t]["owner"] = seat
        s["seats"][seat]["tombs"].append(tile)
        return D.TOMB_TILES[tile], msg("egizia.item.tomb", space=t + 1, value=D.TOMB_TILES[tile])
    if toks[0] == "pyr":
        r = int(toks[1]) - 1
        pos = sum(1 for x in s["pyramid"][r] if x is not None)
        s["pyramid"][r][pos] = seat
        return D.PYRAMID_VALUE[r], msg("egizia.item.pyramid", row=r + 1, pos=pos + 1, value=D.PYRAMID_VALUE[r])
    f = toks[1]
    s["temple"][f] = seat
    return D.TEMPLE[f]["value"], msg("egizia.item.temple", field=f, value=D.TEMPLE[f]["value"])


def _row_bonus(s: State, r: int, ev: list[Event]) -> None:
    """EGZ-BUILD-PYRAMID-4: most bricks scores 1 per brick; tie -> leftmost brick among the tied."""
    row = s["pyramid"][r]
    counts: dict[int, int] = {}
    for x in row:
        counts[x] = counts.get(x, 0) + 1
    best = max(counts.values())
    tied = [x for x in counts if counts[x] == best]
    winner = min(tied, key=lambda x: row.index(x))
    ev.append(Event(msg("egizia.ev.row_bonus", player=winner, row=r + 1, bricks=best)))
    add_score(s, winner, best, ev, "row_bonus")


def _items_prompt(s: State, seat: int) -> Prompt:
    st = s["stage"]
    kind = "D-16" if st["sid"] == "obelisk_tombs" else "D-18"
    return Prompt(seat, kind, tuple(item_options(s, seat, kind)), msg(f"egizia.title.{kind}", left=st["S"] - st["total"]))


def _items_offers(s: State, seat: int, action: str) -> bool:
    st = s["stage"]
    if action == "crew back":
        return crew_back_offered(st)
    kind = "D-16" if st["sid"] == "obelisk_tombs" else "D-18"
    return _offered(_item_candidates(kind), action, lambda t: judge_item(s, seat, kind, t) is None)


def _items_several(s: State, seat: int) -> bool:
    st = s["stage"]
    kind = "D-16" if st["sid"] == "obelisk_tombs" else "D-18"
    legal = (judge_item(s, seat, kind, t) is None for t in _item_candidates(kind))
    return _two(chain(legal, (crew_back_offered(st),)))


def _apply_item(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    if toks == ["crew", "back"]:
        return crew_back(s, seat, ev)
    if toks[0] != "finish":
        build_item(s, seat, toks, ev)
    elif s["stage"]["sid"] == "obelisk_tombs":
        s["stage"]["step"] = "market"  # D-17: one step down on a track
    else:
        end_turn(s, seat, ev)
    return False


def _explain_item(s: State, seat: int, toks: list[str]) -> Verdict:
    if toks[0] == "crew" and toks[1:] == ["back"]:
        return _CREW_FIXED
    if toks[0] not in _ITEM_SPELLING:
        return None
    kind = "D-16" if s["stage"]["sid"] == "obelisk_tombs" else "D-18"
    return judge_item(s, seat, kind, toks) or (_ITEM_SPELLING[toks[0]], "egizia.err.bad_action", {})


def _item_timeout(s: State, prompt: Prompt) -> str:
    """Finish when something is built; else take the crew back; else the cheapest item."""
    if prompt.find("finish") or prompt.find("crew back"):
        return first_of("finish", "crew back")(s, prompt)
    return min(prompt.options, key=lambda o: o.label.params.get("value", 0)).action


# ------------------------------------------------------------------ D-17: the market step after the obelisk


def _market_prompt(s: State, seat: int) -> Prompt:
    p = s["seats"][seat]
    ops = tuple(Option(f"track {T_ABBR[t]}", msg("egizia.lbl.track", track=t_msg(t), pos=p[T_ABBR[t]],
                                                 to=track_preview(p, t, 1)[0], bonus=track_preview(p, t, 1)[1]))
                for t in D.TRACK_IDS)
    return Prompt(seat, "D-17", ops, msg("egizia.title.D-17"))


def _apply_market(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    track_steps(s, seat, ABBR_T[toks[1]], 1, ev, "obelisk")
    end_turn(s, seat, ev)
    return False


def _explain_market(s: State, seat: int, toks: list[str]) -> Verdict:
    if toks[0] == "crew" and toks[1:] == ["back"]:
        return _CREW_FIXED
    return "EGZ-BUILD-OBELISK-4", "egizia.err.market_first", {}


# ------------------------------------------------------------------ turns: D-11 claim, D-12 menu, decline


def decline(s: State, seat: int, sid: str, ev: list[Event], reason: str) -> None:
    """EGZ-R5-BUILD-7: remove the ship; a freed slot goes to the first waiting substitute."""
    site = s["sites"][sid]
    ev.append(Event(msg("egizia.ev.decline", player=seat, site=site_msg(sid), reason=msg(f"egizia.reason.{reason}"))))
    site["done"].append(seat)
    s["seats"][seat]["ships"] += 1
    if seat in site["slots"]:
        k = site["slots"].index(seat)
        site["slots"][k] = None
        if seat in site["late"]:
            site["late"].remove(seat)
        if site["subs"]:
            sub = site["subs"].pop(0)
            site["slots"][k] = sub
            if opt(s, "substitute_timing") == "after_all_slots":
                site["late"].append(sub)
            ev.append(Event(msg("egizia.ev.promoted", player=sub, site=site_msg(sid), slot=k + 1)))
    elif seat in site["subs"]:
        site["subs"].remove(seat)
    elif seat in site["first_done"]:
        site["first_done"].remove(seat)
    elif site["extra"] == seat:
        site["extra"] = None


def end_turn(s: State, seat: int, ev: list[Event]) -> None:
    """The seat's building turn at the stage's site is over (cooperation counts stones spent)."""
    st = s["stage"]
    sid = st["sid"]
    if st.get("spent", 0) > 0 and sid not in s["seats"][seat]["coop"]:
        s["seats"][seat]["coop"].append(sid)
    s["sites"][sid]["done"].append(seat)
    for k in TURN_KEYS:
        st.pop(k, None)
    st.update({"seat": None, "step": None})


def _claim_prompt(s: State, seat: int) -> Prompt:
    site = site_msg(s["stage"]["sid"])
    ops = (Option("first yes", msg("egizia.lbl.first_yes", site=site)), Option("first no", msg("egizia.lbl.first_no")))
    return Prompt(seat, "D-11", ops, msg("egizia.title.D-11", site=site))


def _apply_claim(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    st = s["stage"]
    if toks[1] == "yes":
        st["first"] = seat
        ev.append(Event(msg("egizia.ev.build_first", player=seat, site=site_msg(st["sid"]))))
    st.update({"seat": None, "step": None})
    return False


def _menu_prompt(s: State, seat: int) -> Prompt:
    sid = s["stage"]["sid"]
    ops = [Option("build", msg("egizia.lbl.build", site=site_msg(sid)))] if can_crew(s, seat, sid) else []
    ops.append(_DECLINE)
    ops += free_options(s, seat, "W3")
    return Prompt(seat, "D-12", tuple(ops), msg("egizia.title.D-12", site=site_msg(sid)))


def _menu_offers(s: State, seat: int, action: str) -> bool:
    if action == "decline":
        return True
    if action == "build":
        return can_crew(s, seat, s["stage"]["sid"])
    return free_offered(s, seat, "W3", action)


def _menu_several(s: State, seat: int) -> bool:
    """``decline`` is always offered: several options once anything else is."""
    return can_crew(s, seat, s["stage"]["sid"]) or has_free(s, seat, "W3")


def _apply_menu(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    st = s["stage"]
    if toks[0] == "decline":
        decline(s, seat, st["sid"], ev, "chose")
        st.update({"seat": None, "step": None})
    else:
        st["step"] = "crew"
    return False


def _explain_menu(s: State, seat: int, toks: list[str]) -> Verdict:
    return ("EGZ-R5-BUILD-3", "egizia.err.cannot_build", {}) if toks[0] == "build" else None


def _crew_prompt(s: State, seat: int) -> Prompt:
    sid = s["stage"]["sid"]
    return Prompt(seat, "D-13", tuple(crew_options(s, seat, sid)), msg("egizia.title.D-13", site=site_msg(sid)))


def _crew_offers(s: State, seat: int, action: str) -> bool:
    sid = s["stage"]["sid"]
    return _offered(_crew_candidates(s["seats"][seat], sid), action, lambda t: judge_crew(s, seat, sid, t) is None)


def _crew_several(s: State, seat: int) -> bool:
    sid = s["stage"]["sid"]
    return _two(judge_crew(s, seat, sid, t) is None for t in _crew_candidates(s["seats"][seat], sid))


def _explain_crew(s: State, seat: int, toks: list[str]) -> Verdict:
    if toks[0] != "crew":
        return None
    return judge_crew(s, seat, s["stage"]["sid"], toks) or ("EGZ-R5-BUILD-3", "egizia.err.crew_useless", {})


def _apply_crew(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    return _set_crew(s, seat, toks, ev)


HANDLERS = {
    "D-11": Handler(_claim_prompt, no_reason, _apply_claim, first_of("first no")),
    "D-12": Handler(_menu_prompt, _explain_menu, _apply_menu, first_of("decline"), _menu_offers, _menu_several),
    "D-13": Handler(_crew_prompt, _explain_crew, _apply_crew, _weakest_crew, _crew_offers, _crew_several),
    "D-16": Handler(_items_prompt, _explain_item, _apply_item, _item_timeout, _items_offers, _items_several),
    "D-17": Handler(_market_prompt, _explain_market, _apply_market, first_of()),
    "D-18": Handler(_items_prompt, _explain_item, _apply_item, _item_timeout, _items_offers, _items_several),
}
