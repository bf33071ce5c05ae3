"""The turn flow (RULES §5-§11): the stages of a round, what happens automatically in each, and who must
decide what next.

``s["stage"]["at"]`` is one of ``setup_keep`` (D-03) → per round ``round_start`` → ``sail`` (phase 2:
D-04/D-05/D-08) → ``leftover`` (D-09) → ``feed`` (phase 3: D-10, then production) → ``build`` (phase 5:
D-11…D-18 site by site) → ``coop`` (phases 6-7) → after round 5 ``prefinal`` (W4: D-19) → ``over``.
Queued card/space choices (``s["todo"]``: D-06/D-07) come before the stage goes on.

:func:`step` runs the automatic part of the current stage; :func:`pending` says which seats must decide
which kind of decision. :func:`engines.egizia.rules.advance` alternates them with forced decisions.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from engines.core import Event, State, msg

from . import data as D
from .board import card_msg, eff, empty_site, gain_stones, quarry_total, score_order, seat_at_site, tile_order
from .building import can_crew, decline
from .feeding import can_preanswer, do_feed, feeding_seat, needs_decision
from .nile import has_free
from .sailing import can_place, leftover_owner, n33_playable
from .scoring import cooperation, final_scoring
from .sphinx import resolve_setup_keep

#: what a stage step did: nothing (a decision is pending), moved on, or moved on and revealed hidden cards
Progress = Literal["wait", "moved", "revealed"]


def _setup_keep(s: State, ev: list[Event]) -> Progress:
    st = s["stage"]
    if len(st["choice"]) < len(st["drawn"]):
        return "wait"
    resolve_setup_keep(s, ev)
    s["stage"] = {"at": "round_start"}
    return "moved"


def _round_start(s: State, ev: list[Event]) -> Progress:
    """Phase 1: reset the round's flags and deal the Nile cards (EGZ-R1-*)."""
    r = s["round"]
    for p in s["seats"]:
        p["used"] = {b: False for b in D.BUILDER_IDS}
        p["flags"] = {}
        p["passed"] = False
        p["placed_max"] = 0
        p["coop"] = []
        p["spent"] = {}
    deck = s["decks"][D.DECK_BY_ROUND[r]]
    dealt = False
    for i in D.CARD_SPACES[: D.CARDS_PER_ROUND]:
        s["river_card"][i] = deck.pop(0) if deck else None
        dealt = dealt or s["river_card"][i] is not None
    ev.append(Event(msg("egizia.ev.round", round=r, cards=[card_msg(c) for c in s["river_card"] if c])))
    s["stage"] = {"at": "sail", "order": tile_order(s), "pos": 0, "seat": None, "mode": None}
    return "revealed" if dealt else "moved"


def _sail(s: State, ev: list[Event]) -> Progress:
    """Phase 2: the next seat in tile order places a ship; a seat without a legal placement passes."""
    st = s["stage"]
    if st["mode"] == "after":
        seat = st["seat"]
        if n33_playable(s, seat) or has_free(s, seat, "W1"):
            st["mode"] = "post"  # W1 continues after the placement (EGZ-TIME-2), N33 (D-08)
            return "wait"
        st["mode"] = None
        st["pos"] = (st["pos"] + 1) % len(st["order"])
        st["seat"] = None
    if st["mode"] is not None:
        return "wait"
    order = st["order"]
    for k in range(len(order)):
        j = (st["pos"] + k) % len(order)
        seat = order[j]
        p = s["seats"][seat]
        if p["passed"]:
            continue
        if p["ships"] <= 0 or not can_place(s, seat):
            p["passed"] = True
            ev.append(Event(msg("egizia.ev.auto_pass", player=seat)))
            continue
        st.update({"pos": j, "seat": seat, "mode": "menu"})
        return "wait"
    s["stage"] = {"at": "leftover", "asked": []}
    return "moved"


def _leftover(s: State, ev: list[Event]) -> Progress:
    """N39 holders may take a leftover card; then ships come back and the river is cleared
    (EGZ-R2-NILE-13 steps 2-3)."""
    st = s["stage"]
    if st.get("seat") is not None:
        return "wait"
    owner = leftover_owner(s)
    if owner is not None:
        st["seat"] = owner
        return "wait"
    for sp in D.RIVER:
        i = sp["index"]
        if sp["kind"] != "site":
            for seat in s["river_ships"][i]:
                s["seats"][seat]["ships"] += 1
            s["river_ships"][i] = []
        if s["river_card"][i] is not None:
            s["out"].append(s["river_card"][i])
            s["river_card"][i] = None
    ev.append(Event(msg("egizia.ev.sail_end")))
    s["stage"] = {"at": "feed", "order": score_order(s), "i": 0, "asked": False, "buffer": {}}
    return "moved"


def _feed(s: State, ev: list[Event]) -> Progress:
    """Phase 3 in score order (early answers applied in turn), then phase 4: production (EGZ-R4-PROD-1/2)."""
    st = s["stage"]
    buf = st.setdefault("buffer", {})
    while st["i"] < len(st["order"]):
        seat = feeding_seat(s)
        if str(seat) in buf:  # answered in parallel earlier: applied now, in score order
            g, n = buf.pop(str(seat))
            do_feed(s, seat, g, n, ev)
            st["i"] += 1
            st["asked"] = False
            continue
        if st["asked"]:
            return "wait"
        if needs_decision(s, seat):
            st["asked"] = True
            return "wait"
        do_feed(s, seat, 0, 0, ev)
        st["i"] += 1
    for seat in tile_order(s):
        gain_stones(s, seat, quarry_total(s["seats"][seat]), ev, "production")
    s["stage"] = {"at": "build", "si": 0, "seat": None, "step": None, "asked": [], "first": None}
    return "moved"


def _site_next(site: dict[str, Any]) -> int | None:
    done = site["done"]
    for occ in site["slots"]:
        if occ is not None and occ not in done and occ not in site["late"]:
            return int(occ)
    for occ in site["late"]:
        if occ in site["slots"] and occ not in done:
            return int(occ)
    if site["extra"] is not None and site["extra"] not in done:
        return int(site["extra"])
    return None


def _begin_turn(s: State, seat: int, sid: str, ev: list[Event]) -> None:
    """Start a building turn; auto-decline when nothing can be built (D-12 auto)."""
    if not can_crew(s, seat, sid) and not has_free(s, seat, "W3"):
        p = s["seats"][seat]
        if all(p["used"][b] for b in D.REGULAR):
            reason = "no_builder"
        else:
            reason = "no_stones" if p["stones"] == 0 else "nothing_affordable"
        decline(s, seat, sid, ev, reason)
        return
    s["stage"].update({"seat": seat, "sid": sid, "step": "menu"})


def _claimant(s: State, sid: str) -> int | None:
    """D-11: a seat holding N38 in force that is at the site and could build, but is not first anyway."""
    st = s["stage"]
    site = s["sites"][sid]
    for seat in tile_order(s):
        p = s["seats"][seat]
        if seat in st["asked"] or not any(eff(c)["kind"] == "build_first" for c in p["in_force"]):
            continue
        if _site_next(site) == seat:
            continue  # first in line anyway: "build first?" has equivalent answers (DECISIONS general model)
        if seat_at_site(site, seat) and seat not in site["done"] and can_crew(s, seat, sid):
            return seat
    return None


def _build(s: State, ev: list[Event]) -> Progress:
    """Phase 5: the sites in build order, each seat at a site in slot order (EGZ-R5-BUILD-1..8)."""
    st = s["stage"]
    if st["seat"] is not None:
        return "wait"
    if st["si"] >= len(D.SITE_ORDER):
        for p in s["seats"]:  # EGZ-R5-BUILD-8: N38 leaves the game
            s["out"].extend(p["in_force"])
            p["in_force"] = []
        s["stage"] = {"at": "coop"}
        return "moved"
    sid = D.SITE_ORDER[st["si"]]
    site = s["sites"][sid]
    if st["first"] is not None:
        seat = st["first"]
        st["first"] = None
        if seat in site["subs"]:
            site["subs"].remove(seat)
            site["first_done"].append(seat)
        _begin_turn(s, seat, sid, ev)
        return "moved"
    claimant = _claimant(s, sid)
    if claimant is not None:
        st["asked"].append(claimant)
        st.update({"seat": claimant, "sid": sid, "step": "claim"})
        return "wait"
    nxt = _site_next(site)
    if nxt is None:
        st["si"] += 1
        st["asked"] = []
        return "moved"
    _begin_turn(s, nxt, sid, ev)
    return "moved"


def _coop(s: State, ev: list[Event]) -> Progress:
    """Phases 6-7: cooperation, ships back, new turn order (EGZ-R7-ORDER-1), used decks to the box."""
    cooperation(s, ev)
    for sid, site in s["sites"].items():
        for seat in [*site["slots"], *site["subs"], *site["first_done"], site["extra"]]:
            if seat is not None:
                s["seats"][seat]["ships"] += 1
        s["sites"][sid] = empty_site(sid, len(s["seats"]))
    order = sorted(range(len(s["seats"])), key=lambda i: (s["seats"][i]["score"], -s["seats"][i]["stamp"]))
    for t, seat in enumerate(order, start=1):
        s["seats"][seat]["tile"] = t
    ev.append(Event(msg("egizia.ev.turn_order", players=order)))
    r = s["round"]
    boxed = False
    for deck, last in D.DECK_DISCARD_AFTER.items():
        if r == last and s["decks"][deck]:
            s["box"].extend(s["decks"][deck])
            s["decks"][deck] = []
            boxed = True
    if r >= D.ROUNDS:
        s["stage"] = {"at": "prefinal", "order": sorted(range(len(s["seats"])), key=lambda i: -s["seats"][i]["tile"]),
                      "i": 0}
    else:
        s["round"] = r + 1
        s["stage"] = {"at": "round_start"}
    return "revealed" if boxed else "moved"


def _prefinal(s: State, ev: list[Event]) -> Progress:
    """W4 in reverse tile order for seats with an anytime action left, then the final scoring."""
    st = s["stage"]
    while st["i"] < len(st["order"]):
        if has_free(s, st["order"][st["i"]], "W4"):
            return "wait"
        st["i"] += 1
    final_scoring(s, ev)
    return "moved"


_STEPS: dict[str, Callable[[State, list[Event]], Progress]] = {
    "setup_keep": _setup_keep,
    "round_start": _round_start,
    "sail": _sail,
    "leftover": _leftover,
    "feed": _feed,
    "build": _build,
    "coop": _coop,
    "prefinal": _prefinal,
}


def step(s: State, ev: list[Event]) -> Progress:
    """Run the automatic part of the current stage once (nothing while a card/space choice is queued)."""
    if s["todo"]:
        return "wait"
    run = _STEPS.get(s["stage"]["at"])
    return run(s, ev) if run is not None else "wait"


_BUILD_STEP_KIND = {"claim": "D-11", "menu": "D-12", "crew": "D-13", "sphinx_n": "D-14", "keep": "D-15",
                    "market": "D-17"}
_SAIL_MODE_KIND = {"menu": "D-04", "n33": "D-05"}


def pending(s: State) -> list[tuple[int, str]]:
    """Who must decide what now: (seat, decision kind) pairs, several for a parallel choice."""
    st = s["stage"]
    at = st["at"]
    if at == "over":
        return []
    if s["todo"]:
        return [(s["todo"][0]["seat"], s["todo"][0]["kind"])]
    if at == "setup_keep":
        return [(seat, "D-03") for seat in tile_order(s) if str(seat) not in st["choice"]]
    if at == "sail" and st["seat"] is not None:
        return _pending_sail(s)
    if at == "leftover" and st.get("seat") is not None:
        return [(st["seat"], "D-09")]
    if at == "feed" and st["asked"] and st["i"] < len(st["order"]):
        buf = st.get("buffer", {})
        # D-10 collected in parallel: later seats with a real choice and no W2 free action may answer
        # now (can_preanswer); answers are buffered and applied in score order (EGZ-R3-FEED-1).
        later = [seat for seat in st["order"][st["i"] + 1:] if str(seat) not in buf and can_preanswer(s, seat)]
        return [(seat, "D-10") for seat in [feeding_seat(s), *later]]
    if at == "build" and st["seat"] is not None:
        if st["step"] == "items":
            return [(st["seat"], "D-16" if st["sid"] == "obelisk_tombs" else "D-18")]
        kind = _BUILD_STEP_KIND.get(st["step"])
        return [(st["seat"], kind)] if kind else []
    if at == "prefinal":
        return [(st["order"][st["i"]], "D-19")]
    return []


def _pending_sail(s: State) -> list[tuple[int, str]]:
    st = s["stage"]
    seat = st["seat"]
    if st["mode"] == "post":
        return [(seat, "D-08" if n33_playable(s, seat) else "D-04")]
    kind = _SAIL_MODE_KIND.get(st["mode"])
    return [(seat, kind)] if kind else []
