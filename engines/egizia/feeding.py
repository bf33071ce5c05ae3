"""Phase 3, feeding (EGZ-R3-FEED-*): every seat in score order feeds its builders with the grain of its
watered fields, grain cards (N13) and stones (N22), or loses points per missing grain (D-10).

A later seat with a real choice and no W2 free action may answer early (DECISIONS D-10); its answer is
buffered and applied at its turn. Feeding choices have ONE judge, :func:`judge_feed`.

Action grammar: ``feed <grain cards> <stones>``.
"""
from __future__ import annotations

from engines.core import Event, Option, Prompt, State, msg

from . import data as D
from .board import (
    Handler,
    Verdict,
    add_score,
    card_msg,
    eff,
    field_grain,
    first_of,
    held_of_kind,
    need_of,
    opt,
    pay_stones,
)
from .nile import free_options, has_free


def _grain_with(s: State, seat: int, g: int) -> int:
    """Grain of the watered fields plus the first ``g`` grain cards."""
    p = s["seats"][seat]
    cards: int = sum(eff(c)["grain"] for c in held_of_kind(p, "grain")[:g])
    return field_grain(s, seat) + cards


def _has_feed_choice(s: State, seat: int) -> bool:
    p = s["seats"][seat]
    return bool(held_of_kind(p, "grain")) or (bool(held_of_kind(p, "feed_with_stones", "perm")) and p["stones"] > 0)


def needs_decision(s: State, seat: int) -> bool:
    """Whether the seat's feeding step asks it (short of grain, with cards, stones or a W2 free action)."""
    if need_of(s["seats"][seat]) - field_grain(s, seat) <= 0:
        return False
    return _has_feed_choice(s, seat) or has_free(s, seat, "W2")


def can_preanswer(s: State, seat: int) -> bool:
    """A later seat may answer D-10 in parallel (DECISIONS D-10) when it has a real feeding choice
    (grain cards or N22) **and no W2 free action** (EGZ-TIME-3). An early answer is the whole feeding
    step, so a seat that still has a window action (improver, N21, N43, N51) waits for its own step:
    answering early must never cost a right the rules give. Nothing another seat does before this
    seat's step changes its need, grain, cards or free actions, so the early answer stays exact."""
    if need_of(s["seats"][seat]) - field_grain(s, seat) <= 0:
        return False
    if has_free(s, seat, "W2"):
        return False
    return _has_feed_choice(s, seat)


def judge_feed(s: State, seat: int, g: int, n: int) -> Verdict:
    """The one judge of feeding answers: ``g`` grain cards and ``n`` stones (EGZ-CARD-N13/N22,
    EGZ-R3-FEED-7)."""
    p = s["seats"][seat]
    held = len(held_of_kind(p, "grain"))
    if g > held:
        return "EGZ-CARD-N13", "egizia.err.grain_cards", {"held": held}
    if n and not held_of_kind(p, "feed_with_stones", "perm"):
        return "EGZ-CARD-N22", "egizia.err.not_held", {"card": card_msg("N22")}
    if n <= _stones_top(s, seat, g):
        return None
    return "EGZ-R3-FEED-7", "egizia.err.convert_max", {"max": _stones_top(s, seat, g)}


def _stones_top(s: State, seat: int, g: int) -> int:
    """The most stones that can stand in for missing grain after ``g`` grain cards (N22)."""
    p = s["seats"][seat]
    stones: int = p["stones"]
    return min(stones, max(0, need_of(p) - _grain_with(s, seat, g)))


def feed_options(s: State, seat: int) -> list[Option]:
    p = s["seats"][seat]
    need = need_of(p)
    pen = D.GRAIN_PENALTY[p["gm"]]
    stones = p["stones"] if held_of_kind(p, "feed_with_stones", "perm") else 0
    out = []
    for g in range(len(held_of_kind(p, "grain")) + 1):
        grain = _grain_with(s, seat, g)
        for n in range(stones + 1):
            if judge_feed(s, seat, g, n) is None:
                loss = max(0, need - grain - n) * pen
                out.append(Option(f"feed {g} {n}", msg("egizia.lbl.feed", cards=g, stones=n, need=need,
                                                        grain=grain + n, loss=loss)))
    return out


def do_feed(s: State, seat: int, g: int, stones: int, ev: list[Event]) -> None:
    """EGZ-R3-FEED-2..7."""
    p = s["seats"][seat]
    g4 = held_of_kind(p, "grain")[:g]
    grain = field_grain(s, seat)
    for c in g4:
        grain += eff(c)["grain"]
        p["any"].remove(c)
        s["out"].append(c)
        ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
    if stones:
        pay_stones(s, seat, stones)
        grain += stones
    need = need_of(p)
    short = max(0, need - grain)
    loss = short * D.GRAIN_PENALTY[p["gm"]]
    ev.append(Event(msg("egizia.ev.feed", player=seat, need=need, grain=grain, short=short, loss=loss)))
    if loss:
        add_score(s, seat, -loss, ev, "feeding", floor_zero=bool(opt(s, "score_floor_zero")))


def feeding_seat(s: State) -> int:
    st = s["stage"]
    return int(st["order"][st["i"]])


def _prompt(s: State, seat: int) -> Prompt:
    p = s["seats"][seat]
    ops = feed_options(s, seat)
    if seat == feeding_seat(s):
        ops += free_options(s, seat, "W2")
    title = msg("egizia.title.D-10", need=need_of(p), grain=field_grain(s, seat), penalty=D.GRAIN_PENALTY[p["gm"]])
    return Prompt(seat, "D-10", tuple(ops), title)


def _explain(s: State, seat: int, toks: list[str]) -> Verdict:
    if toks[0] != "feed" or len(toks) != 3 or not all(t.isdigit() for t in toks[1:]):
        return None
    g, n = int(toks[1]), int(toks[2])
    return judge_feed(s, seat, g, n) or ("EGZ-R3-FEED-7", "egizia.err.convert_max", {"max": _stones_top(s, seat, g)})


def _apply(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    st = s["stage"]
    if seat != feeding_seat(s):
        st.setdefault("buffer", {})[str(seat)] = [int(toks[1]), int(toks[2])]
        ev.append(Event(msg("egizia.ev.feed_ready", player=seat)))
    else:
        do_feed(s, seat, int(toks[1]), int(toks[2]), ev)
        st["i"] += 1
        st["asked"] = False
    return False


HANDLERS = {"D-10": Handler(_prompt, _explain, _apply, first_of("feed 0 0"))}
