"""Test helpers: build Egizia positions by hand (test-only stacking) and act on them."""
from __future__ import annotations

from engines.core import Event
from engines.egizia import GAME
from engines.egizia import board as B
from engines.egizia import data as D
from engines.egizia.testing import resume, stacked_game


def fresh(n: int = 4, tiles=None, **opts):
    """A new game at round 1 sailing; tiles default to seat i -> tile i+1."""
    return stacked_game(n, opts, 0, tiles=tiles or list(range(1, n + 1))).state


def clear_flow(s):
    """Empty the river and sites, no pending sub-decisions (a blank phase-2 board)."""
    s["river_card"] = [None] * (D.RIVER_LEN + 1)
    s["river_ships"] = [[] for _ in range(D.RIVER_LEN + 1)]
    s["todo"] = []
    return s


def at_sail(s, seat, mode="menu"):
    s["stage"] = {"at": "sail", "order": B.tile_order(s), "pos": B.tile_order(s).index(seat), "seat": seat, "mode": mode}
    return s


def at_build(s, sid="sphinx"):
    s["stage"] = {"at": "build", "si": D.SITE_ORDER.index(sid), "seat": None, "step": None, "asked": [], "first": None}
    s["todo"] = []
    return resume(s)


def at_feed(s):
    s["stage"] = {"at": "feed", "order": B.score_order(s), "i": 0, "asked": False}
    s["todo"] = []
    return resume(s)


def act(s, seat, action):
    return GAME.apply(s, seat, action)


def run(s, *moves):
    """Apply (seat, action) moves; returns the final state and all events."""
    evs: list[Event] = []
    for seat, a in moves:
        o = GAME.apply(s, seat, a)
        s = o.state
        evs.extend(o.events)
    return s, evs


def actions(s, seat=None):
    return [o.action for p in GAME.prompts(s) if seat is None or p.seat == seat for o in p.options]


def kinds(s):
    return [p.kind for p in GAME.prompts(s)]


def score_deltas(events, seat):
    return [e.message.params["amount"] for e in events if e.message.key == "egizia.ev.score" and e.message.params["player"] == seat]


def set_player(s, seat, **kw):
    p = s["seats"][seat]
    for k, v in kw.items():
        if k in ("bk", "bl", "ye", "jk"):
            p["str"][B.ABBR_B[k]] = v
        else:
            p[k] = v
    return s


def _take_nile(s, cid):
    """Remove a Nile card from the decks, the discard and the box, wherever it is."""
    for lst in (*s["decks"].values(), s["out"], s["box"]):
        if cid in lst:
            lst.remove(cid)


def give(s, seat, cid):
    """Move a Nile card from wherever it is into the seat's hand (perm or anytime by type)."""
    _take_nile(s, cid)
    p = s["seats"][seat]
    typ = D.NILE[cid]["type"]
    if D.NILE[cid]["effect"]["kind"] == "take_leftover_card" and s["options"]["take_leftover_mode"] == "every_round":
        typ = "permanent"
    if typ == "anytime":
        p["any"].append(cid)
    else:
        p["perm"].append(cid)
        if D.NILE[cid]["effect"]["kind"] == "field_improver":
            p["improvers"][cid] = None
    return s


def give_sphinx(s, seat, sid):
    for lst in (s["sphinx_deck"], s["sphinx_box"]):
        if sid in lst:
            lst.remove(sid)
    for p in s["seats"]:
        if sid in p["sphinx"]:
            p["sphinx"].remove(sid)
    s["seats"][seat]["sphinx"].append(sid)
    return s


def lay(s, idx, cid):
    """Put a Nile card on river card space ``idx`` (taken from its deck)."""
    _take_nile(s, cid)
    s["river_card"][idx] = cid
    return s


def nile_places(s):
    """Every place a Nile card can be: returns list of all card ids found (for conservation)."""
    ids = []
    for d in s["decks"].values():
        ids += d
    ids += [c for c in s["river_card"] if c]
    ids += s["out"] + s["box"]
    for p in s["seats"]:
        ids += p["perm"] + p["any"] + p["in_force"]
    return ids


def sphinx_places(s):
    ids = list(s["sphinx_deck"]) + list(s["sphinx_box"]) + list(s["sphinx_drawn"])
    for p in s["seats"]:
        ids += p["sphinx"]
    if s["stage"].get("at") == "setup_keep":
        for _k, two in s["stage"]["drawn"].items():
            ids += two
    return ids
