"""Egizia views: JSON data for drawing the board image and the player tableaux.

``public_view(state)`` holds no secret (no Sphinx card identities, no deck order, no
hidden tomb values). ``private_view(state, seat)`` is the public view plus a ``"private"``
key for that seat. Every seat number below is an int seat (0 … n-1).

Format of ``public_view`` (all keys always present unless noted)::

    {
      "game": "egizia",
      "data_profile": "reconstructed_v1",
      "options": {name: value, ...},              # the game options (RULES §19)
      "players": 4,                               # player count
      "round": 1..5,                              # current round (5 after the end)
      "phase": "setup" | "sail" | "leftover" | "feed" | "build" | "prefinal" | "over",
      "pending": {"kind": "D-05", "seats": [2]} | None,   # who must act now
      "turn_order": [seat, ...],                  # by turn-order tile 1..N
      "ring": "left" | "middle" | "right",       # water ring position
      "ring_positions": ["left", "middle", "right"],
      "irrigated": ["green", "yellow_green"],     # colours watered now
      "nile_decks": {"1/2": 12, "3/4": 22, "5": 12},   # cards left face down
      "sphinx_deck": 25,                          # cards in the Sphinx deck
      "river": [                                  # 20 entries, index 1 (source) .. 20 (mouth)
        {"index": 1, "kind": "card", "card": {"id": "N05", "name": "yellow-green field 5",
                                             "type": "permanent" | "immediate" | "anytime",
                                             "deck": "1/2", "kind": "grain_field",  # effect kind
                                             "value": 5 | None} | None,   # grain/stones/amount
         "ships": [seat, ...]},
        {"index": 2, "kind": "round", "id": "edfu", "name": "Edfu", "ships": [seat, ...]},
                                                  # ships in arrival order (2 only with N42)
        {"index": 4, "kind": "site", "id": "sphinx", "name": "Sphinx"},   # see "sites"
        ...
      ],
      "sites": {                                  # keyed by site id, in build order
        "sphinx": {"index": 4, "name": "Sphinx", "build_order": 1,
                   "slots": [seat | None, ...],    # slot 1 first (nearest the Nile); 2 or 3
                   "substitutes": [seat, ...],     # ships beside the site, first in line first
                   "extra": seat | None,           # the N37 extra position
                   "done": [seat, ...]},           # seats that had their building turn (phase 5)
        "obelisk_tombs": {...}, "pyramid_temple": {...}
      },
      "obelisk": {"rows": [{"row": 1, "value": 1, "fields": [seat | None, seat | None]}, ...]},
                                                  # row 1 at the bottom; 9 rows
      "pyramid": {"rows": [{"row": 1, "value": 1, "fields": [seat | None] * 6}, ...]},
                                                  # row 1 at the bottom, fields left to right
      "temple": {"fields": [{"id": "L1", "group": "left_pillar", "value": 1,
                             "owner": seat | None}, ...]},   # L1-L4, R1-R4, C1, C2, T1, T2
      "tombs": {"spaces": [{"space": 1, "state": "taken" | "face_up" | "face_down",
                            "value": int | None,   # None while face down
                            "owner": seat | None}, ...]},  # 12 spaces, space 1 at the Nile
      "score_track": {
        "spaces": [{"score": 15, "players": [front_seat, ..., back_seat]}, ...],  # occupied
                                                  # spaces high to low; front = arrived first
        "order": [seat, ...],                     # score order (leader first, front first)
        "scarab_every": 50
      },
      "tracks": {"stone_sale": {"fields": 5, "markers": [[seat, ...], ...]},   # per field 0..4
                 "grain_market": {"fields": 5, "penalties": [3, 2, 2, 1, 1],
                                  "markers": [[seat, ...], ...]}},
      "tableaux": [                               # one per seat, index = seat
        {"seat": 0, "tile": 3, "score": 12, "scarabs": 0, "stones": 7,
         "stone_sale": 1, "grain_market": 0, "ships": 5,      # ships in supply
         "passed": False,                         # passed this sailing phase
         "builders": [{"id": "black", "strength": 2, "max": 9, "used": False}, ...],
         "need": 5, "grain_now": 6,               # feeding need and grain of watered fields now
         "fields": [{"id": "start" | "N05", "name": ..., "color": "yellow_green",
                     "effective_color": "green", "grain": 5, "watered": True,
                     "improvers": ["N20"]}, ...],
         "quarries": [{"id": "start" | "N09", "stones": 2}, ...], "quarry_total": 5,
         "permanents": [{"id": "N41", "name": ..., "used_this_round": False,
                         "attached_to": "N07" | None (improvers only)}, ...],
         "anytime": [{"id": "N13", "name": ...}, ...],  # Nile anytime cards held (public)
         "in_force": [{"id": "N38", "name": ...}],       # N38 played this round
         "tomb_tiles": [4, 6],                     # values of the tomb tiles taken
         "sphinx_count": 2,                        # number of Sphinx cards held (not which)
         "cooperated": ["sphinx"]}, ...            # sites where the player spent stones this round
      ],
      "final": None | {"scores": [...], "winners": [...], "lines": [[seat, "stone_sale", 4], ...],
                       "sphinx_revealed": {"0": ["S12", ...]}}   # public only once over
    }

``private_view(state, seat)`` = public view + ``"private": {"seat": seat, "sphinx": [{"id",
"name", "scope", "vp_now"}] (vp_now: what the card would score on the board as it is now), "drawing": [{"id", "name"}] (cards seen in a Sphinx draw being decided),
"feed_answer": {"grain_cards": g, "stones": n} | None (a D-10 answer given early, not applied yet),
"anytime": [...], "playable_now": [actions of "play <card>" style free options]}``.
"""
from __future__ import annotations

from typing import Any

from engines.core import State

from . import data as D
from .board import T_ABBR, eff, field_grain, fields_of, need_of, quarry_total, score_order, tile_order, tomb_next
from .nile import FREE_VERBS
from .rules import prompts
from .scoring import sphinx_points

PublicView = dict[str, Any]
PrivateView = dict[str, Any]

_PHASE = {"setup_keep": "setup", "round_start": "sail", "sail": "sail", "leftover": "leftover", "feed": "feed",
          "build": "build", "coop": "build", "prefinal": "prefinal", "over": "over"}


def _card(cid: str) -> dict[str, Any]:
    c = D.NILE[cid]
    e = c["effect"]
    value = e.get("grain", e.get("stones", e.get("amount")))
    return {"id": cid, "name": c["name"], "type": c["type"], "deck": c["deck"], "kind": e["kind"], "value": value}


def _tableau(s: State, seat: int) -> dict[str, Any]:
    p = s["seats"][seat]
    irr = D.IRRIGATED[s["ring"]]
    fields = []
    for f in fields_of(p):
        fields.append({"id": f["id"], "name": D.NILE[f["id"]]["name"] if f["id"] in D.NILE else "start field",
                       "color": f["color"], "effective_color": f["effective"], "grain": f["grain"],
                       "watered": f["effective"] in irr, "improvers": f["improvers"]})
    quarries = [{"id": "start", "stones": D.START_QUARRY}] + [
        {"id": c, "stones": eff(c)["stones"]} for c in p["perm"] if eff(c)["kind"] == "quarry"]
    perms = []
    for c in p["perm"]:
        k = eff(c)["kind"]
        if k in ("grain_field", "quarry"):
            continue
        d = {"id": c, "name": D.NILE[c]["name"], "used_this_round": bool(p["flags"].get(c))}
        if k == "field_improver":
            d["attached_to"] = p["improvers"].get(c)
        perms.append(d)
    return {
        "seat": seat, "tile": p["tile"], "score": p["score"], "scarabs": max(0, p["score"]) // D.SCARAB_EVERY,
        "stones": p["stones"], "stone_sale": p["ss"], "grain_market": p["gm"], "ships": p["ships"],
        "passed": p["passed"],
        "builders": [{"id": b, "strength": p["str"][b], "max": D.BUILDER_MAX[b], "used": p["used"][b]} for b in D.BUILDER_IDS],
        "need": need_of(p), "grain_now": field_grain(s, seat),
        "fields": fields, "quarries": quarries, "quarry_total": quarry_total(p), "permanents": perms,
        "anytime": [{"id": c, "name": D.NILE[c]["name"]} for c in p["any"]],
        "in_force": [{"id": c, "name": D.NILE[c]["name"]} for c in p["in_force"]],
        "tomb_tiles": [D.TOMB_TILES[t] for t in p["tombs"]],
        "sphinx_count": len(p["sphinx"]),
        "cooperated": list(p["coop"]),
    }


def public_view(s: State) -> dict[str, Any]:
    n = len(s["seats"])
    st = s["stage"]
    pending = prompts(s)
    river = []
    for sp in D.RIVER:
        i = sp["index"]
        e: dict[str, Any] = {"index": i, "kind": sp["kind"]}
        if sp["kind"] == "card":
            c = s["river_card"][i]
            e["card"] = _card(c) if c else None
            e["ships"] = list(s["river_ships"][i])
        elif sp["kind"] == "round":
            e.update({"id": sp["id"], "name": sp["name"], "ships": list(s["river_ships"][i])})
        else:
            e.update({"id": sp["id"], "name": sp["name"]})
        river.append(e)
    sites = {}
    for sid in D.SITE_ORDER:
        site = s["sites"][sid]
        sites[sid] = {"index": D.SITE_INDEX[sid], "name": D.SITES_DATA[sid]["name"],
                      "build_order": D.SITES_DATA[sid]["build_order"], "slots": list(site["slots"]),
                      "substitutes": list(site["first_done"]) + list(site["subs"]), "extra": site["extra"],
                      "done": list(site["done"])}
    ob_rows = []
    k = 0
    for r in D.OBELISK_ROWS:
        ob_rows.append({"row": r["row"], "value": r["value"], "fields": s["obelisk"][k:k + r["fields"]]})
        k += r["fields"]
    nxt = tomb_next(s)
    spaces = []
    for j, t in enumerate(s["tomb_spaces"]):
        if t["owner"] is not None:
            state, value = "taken", D.TOMB_TILES[t["tile"]]
        elif nxt is not None and j < nxt + D.TOMB_FACE_UP:
            state, value = "face_up", D.TOMB_TILES[t["tile"]]
        else:
            state, value = "face_down", None
        spaces.append({"space": j + 1, "state": state, "value": value, "owner": t["owner"]})
    order = score_order(s)
    track_spaces: list[dict[str, Any]] = []
    for seat in order:
        sc = s["seats"][seat]["score"]
        if track_spaces and track_spaces[-1]["score"] == sc:
            track_spaces[-1]["players"].append(seat)
        else:
            track_spaces.append({"score": sc, "players": [seat]})
    tracks = {}
    for tid in D.TRACK_IDS:
        key = T_ABBR[tid]
        nf = D.TRACK_BOTTOM[tid] + 1
        tracks[tid] = {"fields": nf, "markers": [[i for i in range(n) if s["seats"][i][key] == f] for f in range(nf)]}
    tracks["grain_market"]["penalties"] = list(D.GRAIN_PENALTY)
    final = None
    if s.get("result"):
        r = s["result"]
        final = {"scores": r["scores"], "winners": r["winners"], "lines": r["lines"],
                 "sphinx_revealed": {str(i): sorted(p["sphinx"]) for i, p in enumerate(s["seats"])}}
    return {
        "game": "egizia", "data_profile": s["data_profile"], "options": dict(s["options"]), "players": n,
        "round": s["round"], "phase": _PHASE.get(st["at"], st["at"]),
        "pending": ({"kind": pending[0].kind, "seats": list(dict.fromkeys(p.seat for p in pending))} if pending else None),
        "turn_order": tile_order(s), "ring": s["ring"], "ring_positions": list(D.RING_POSITIONS),
        "irrigated": list(D.IRRIGATED[s["ring"]]),
        "nile_decks": {k: len(v) for k, v in s["decks"].items()}, "sphinx_deck": len(s["sphinx_deck"]),
        "river": river, "sites": sites, "obelisk": {"rows": ob_rows},
        "pyramid": {"rows": [{"row": r + 1, "value": D.PYRAMID_VALUE[r], "fields": list(s["pyramid"][r])} for r in range(len(D.PYRAMID_WIDTH))]},
        "temple": {"fields": [{"id": f["id"], "group": f["group"], "value": f["value"], "owner": s["temple"][f["id"]]} for f in D.TEMPLE_FIELDS]},
        "tombs": {"spaces": spaces},
        "score_track": {"spaces": track_spaces, "order": order, "scarab_every": D.SCARAB_EVERY},
        "tracks": tracks,
        "tableaux": [_tableau(s, i) for i in range(n)],
        "final": final,
    }


def private_view(s: State, seat: int) -> dict[str, Any]:
    v = public_view(s)
    p = s["seats"][seat]
    drawing = []
    st = s["stage"]
    if st.get("at") == "build" and st.get("seat") == seat and s["sphinx_drawn"]:
        drawing = [{"id": c, "name": D.SPHINX[c]["name"]} for c in s["sphinx_drawn"]]
    if st.get("at") == "setup_keep" and str(seat) in st["drawn"] and str(seat) not in st["choice"]:
        drawing = [{"id": c, "name": D.SPHINX[c]["name"]} for c in st["drawn"][str(seat)]]
    playable = [o.action for pr in prompts(s) if pr.seat == seat for o in pr.options
                if o.action.split()[0] in FREE_VERBS]
    feed_answer = None
    if st.get("at") == "feed" and str(seat) in st.get("buffer", {}):
        g, n = st["buffer"][str(seat)]
        feed_answer = {"grain_cards": g, "stones": n}
    v["private"] = {
        "seat": seat,
        "feed_answer": feed_answer,
        "sphinx": [{"id": c, "name": D.SPHINX[c]["name"], "scope": D.SPHINX[c]["scope"],
                    "vp_now": sphinx_points(s, seat, c)} for c in p["sphinx"]],
        "drawing": drawing,
        "anytime": [{"id": c, "name": D.NILE[c]["name"]} for c in p["any"]],
        "playable_now": playable,
    }
    return v
