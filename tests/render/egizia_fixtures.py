"""Hand-made Egizia views of the engine's view types (engines/egizia/views.py: PublicView, PrivateView).

They reach corners that random games rarely visit (full buildings, scarabs, negative scores, N37/N42,
the final result).
"""
from __future__ import annotations

import random

from engines.egizia import data as D

KINDS = ("D-03", "D-04", "D-05", "D-06", "D-07", "D-08", "D-09", "D-10", "D-11", "D-12", "D-13", "D-14",
         "D-15", "D-16", "D-17", "D-18", "D-19")
PHASES = ("setup", "sail", "leftover", "feed", "build", "prefinal")


def _card(cid: str) -> dict:
    c = D.NILE[cid]
    e = c["effect"]
    value = e.get("grain", e.get("stones", e.get("amount", e.get("steps", e.get("value")))))
    return {"id": cid, "name": c["name"], "type": c["type"], "deck": c["deck"], "kind": e["kind"], "value": value,
            "color": e["color"] if e["kind"] == "grain_field" else None}


def _sphinx(cid: str) -> dict:
    c = D.SPHINX[cid]
    pts = c["points"]
    table = sorted((int(k), v) for k, v in pts.get("by_count", {}).items())
    return {"id": cid, "name": c["name"], "scope": c["scope"],
            "printed_vp": pts["vp"] if pts["kind"] == "fixed" else None,
            "vp_by_count": [v for k, v in table if k > 0] if pts["kind"] == "table" else []}


def make_view(players: int, seed: int = 0, progress: float = 0.5, over: bool = False,
              extremes: bool = False) -> dict:
    """A consistent-looking random view; ``progress`` 0..1 fills the buildings and scores."""
    rng = random.Random(seed * 1000 + players)
    n = players
    rnd = 5 if over else min(5, 1 + int(progress * 5))
    phase = "over" if over else rng.choice(PHASES[1:])
    tiles = list(range(1, n + 1))
    rng.shuffle(tiles)
    ids = [c for c in D.NILE_IDS if c != "N57"]
    rng.shuffle(ids)
    # river
    river = []
    ships_left = [8] * n
    for sp in D.RIVER:
        e = {"index": sp["index"], "kind": sp["kind"]}
        if sp["kind"] == "card":
            e["card"] = _card(ids.pop()) if rng.random() < 0.7 else None
            e["ships"] = [rng.randrange(n)] if rng.random() < 0.4 else []
        elif sp["kind"] == "round":
            e["id"], e["name"] = sp["id"], sp["name"]
            e["ships"] = [rng.randrange(n)] if rng.random() < 0.5 else []
            if extremes and sp["id"] == "alyi":
                e["ships"] = [0, n - 1]
        else:
            e["id"], e["name"] = sp["id"], sp["name"]
        for s in e.get("ships", []):
            ships_left[s] -= 1
        river.append(e)
    sites = {}
    for sid in D.SITE_ORDER:
        k = D.site_slots(sid, n)
        slots = [rng.randrange(n) if rng.random() < 0.6 else None for _ in range(k)]
        subs = [rng.randrange(n) for _ in range(rng.randint(0, 3 if extremes else 1))] if all(
            x is not None for x in slots) else []
        extra = rng.randrange(n) if extremes and all(x is not None for x in slots) else None
        done = [s for s in slots if s is not None and phase == "build" and rng.random() < 0.5]
        sd = D.SITES_DATA[sid]
        sites[sid] = {"index": D.SITE_INDEX[sid], "name": sd["name"], "build_order": sd["build_order"],
                      "slots": slots, "substitutes": subs, "extra": extra, "done": done}
    # buildings
    fill = progress if not extremes else 1.0
    ob_n = int(len(D.OBELISK_SEQ) * fill * rng.uniform(0.6, 1.0))
    ob_rows = []
    k = 0
    for r in D.OBELISK_ROWS:
        f = []
        for _ in range(r["fields"]):
            f.append(rng.randrange(n) if k < ob_n else None)
            k += 1
        ob_rows.append({"row": r["row"], "value": r["value"], "fields": f})
    pyr_rows = []
    for i, r in enumerate(D.PYRAMID_ROWS):
        cnt = max(0, min(r["fields"], int(r["fields"] * fill * 1.4) - i))
        pyr_rows.append({"row": r["row"], "value": r["value"],
                         "fields": [rng.randrange(n) if j < cnt else None for j in range(r["fields"])]})
    temple = {"fields": [{"id": f["id"], "group": f["group"], "value": f["value"],
                          "owner": rng.randrange(n) if rng.random() < fill * (1.2 - f["value"] / 8) else None}
                         for f in D.TEMPLE_FIELDS]}
    tvals = list(D.TOMB_TILES.values())
    rng.shuffle(tvals)
    taken = int(D.TOMB_SPACES * fill * 0.8)
    tspaces = []
    for i in range(D.TOMB_SPACES):
        if i < taken:
            tspaces.append({"space": i + 1, "state": "taken", "value": tvals[i], "owner": rng.randrange(n)})
        elif i < taken + D.TOMB_FACE_UP:
            tspaces.append({"space": i + 1, "state": "face_up", "value": tvals[i], "owner": None})
        else:
            tspaces.append({"space": i + 1, "state": "face_down", "value": None, "owner": None})
    # scores
    top = 130 if extremes else int(10 + 90 * progress)
    scores = [rng.randint(-4 if extremes else 0, top) for _ in range(n)]
    if n >= 2 and rng.random() < 0.6:
        scores[1] = scores[0]
    if extremes and n >= 3:
        scores[2] = scores[0]
    stamps = list(range(n))
    rng.shuffle(stamps)
    order = sorted(range(n), key=lambda s: (-scores[s], stamps[s]))
    spaces = []
    for sc in sorted(set(scores), reverse=True):
        spaces.append({"score": sc, "players": [s for s in order if scores[s] == sc]})
    ss = [rng.randint(0, 4) for _ in range(n)]
    gm = [rng.randint(0, 4) for _ in range(n)]
    ring = rng.choice(D.RING_POSITIONS)
    irrigated = D.IRRIGATED[ring]
    tabs = []
    pool = [c for c in D.NILE_IDS]
    rng.shuffle(pool)
    for s in range(n):
        mine = [pool.pop() for _ in range(rng.randint(1, 12 if extremes else int(2 + 8 * progress)))]
        perms = [c for c in mine if D.NILE[c]["type"] == "permanent"]
        anys = [c for c in mine if D.NILE[c]["type"] == "anytime"]
        fields = [{"id": "start", "name": "start field", "color": "green", "effective_color": "green",
                   "grain": 6, "watered": "green" in irrigated, "improvers": []}]
        quarries = [{"id": "start", "stones": 3}]
        imps = [c for c in perms if D.NILE[c]["effect"]["kind"] == "field_improver"]
        others = []
        for c in perms:
            e = D.NILE[c]["effect"]
            if e["kind"] == "grain_field":
                lad = D.COLOR_LADDER
                my_imps = [imps.pop()] if imps and e["color"] != "green" else []
                eff = lad[min(2, lad.index(e["color"]) + len(my_imps))]
                fields.append({"id": c, "name": D.NILE[c]["name"], "color": e["color"], "effective_color": eff,
                               "grain": e["grain"], "watered": eff in irrigated, "improvers": my_imps})
            elif e["kind"] == "quarry":
                quarries.append({"id": c, "stones": e["stones"]})
        attached = {i: f["id"] for f in fields for i in f["improvers"]}
        for c in perms:
            if D.NILE[c]["effect"]["kind"] in ("grain_field", "quarry"):
                continue
            others.append({"id": c, "name": D.NILE[c]["name"], "used_this_round": rng.random() < 0.3,
                           "attached_to": attached.get(c) if D.NILE[c]["effect"]["kind"] == "field_improver" else None})
        builders = [{"id": b["id"], "strength": rng.randint(b["start"], min(b["max"], b["start"] + int(8 * progress))),
                     "max": b["max"], "used": rng.random() < 0.4} for b in D.BUILDERS]
        if extremes:
            builders[0]["strength"] = 9
        tabs.append({
            "seat": s, "tile": tiles[s], "score": scores[s], "scarabs": max(0, scores[s]) // 50,
            "stones": 25 if extremes and s == 0 else rng.randint(0, 25), "stone_sale": ss[s], "grain_market": gm[s],
            "ships": ships_left[s], "passed": phase == "sail" and rng.random() < 0.3,
            "builders": builders, "need": sum(b["strength"] for b in builders),
            "grain_now": sum(f["grain"] for f in fields if f["watered"]),
            "fields": fields, "quarries": quarries, "quarry_total": sum(q["stones"] for q in quarries),
            "permanents": others,
            "anytime": [{"id": c, "name": D.NILE[c]["name"]} for c in anys],
            "in_force": [{"id": "N38", "name": "build first"}] if extremes and s == 1 else [],
            "tomb_tiles": [sp["value"] for sp in tspaces if sp["owner"] == s],
            "sphinx_count": rng.randint(0, 6 if extremes else 3),
            "cooperated": [sid for sid in D.SITE_ORDER if rng.random() < 0.3],
        })
    final = None
    if over:
        best = max(scores)
        lines = []
        for s in range(n):
            lines.append([s, "stone_sale", rng.randint(0, 6)])
            lines.append([s, "tombs", rng.randint(0, 9)])
            lines.append([s, rng.choice(D.SPHINX_IDS), rng.randint(0, 8)])
        final = {"scores": scores, "winners": [s for s in range(n) if scores[s] == best], "lines": lines,
                 "sphinx_revealed": {str(s): rng.sample(D.SPHINX_IDS, rng.randint(0, 4)) for s in range(n)}}
    pending = None
    if not over:
        pending = {"kind": rng.choice(KINDS), "seats": [rng.randrange(n)] if rng.random() < 0.8 else list(range(n))}
    turn_order = sorted(range(n), key=lambda s: tiles[s])
    return {
        "game": "egizia", "data_profile": D.DATA_PROFILE, "options": {}, "players": n, "round": rnd,
        "phase": phase, "pending": pending, "turn_order": turn_order, "ring": ring,
        "ring_positions": list(D.RING_POSITIONS), "irrigated": list(irrigated),
        "nile_decks": {"1/2": rng.randint(0, 12), "3/4": 22, "5": 12}, "sphinx_deck": rng.randint(0, 25),
        "river": river, "sites": sites, "obelisk": {"rows": ob_rows}, "pyramid": {"rows": pyr_rows},
        "temple": temple, "tombs": {"spaces": tspaces},
        "score_track": {"spaces": spaces, "order": order, "scarab_every": 50},
        "tracks": {"stone_sale": {"fields": 5, "markers": [[s for s in range(n) if ss[s] == i] for i in range(5)]},
                   "grain_market": {"fields": 5, "penalties": [3, 2, 2, 1, 1],
                                    "markers": [[s for s in range(n) if gm[s] == i] for i in range(5)]}},
        "tableaux": tabs, "final": final, "last_move": None,
    }


def make_private(view: dict, seat: int, seed: int = 0, many: bool = False) -> dict:
    rng = random.Random(seed)
    pv = dict(view)
    k = view["tableaux"][seat]["sphinx_count"]
    ids = rng.sample(D.SPHINX_IDS, min(len(D.SPHINX_IDS), 8 if many else k))
    pv["private"] = {
        "seat": seat,
        "feed_answer": None,
        "sphinx": [{**_sphinx(c), "vp_now": rng.randint(0, 9)} for c in ids],
        "drawing": [_sphinx(c) for c in rng.sample(D.SPHINX_IDS, 3)] if many else [],
        "anytime": list(view["tableaux"][seat]["anytime"]),
        "playable_now": ["sell 4", "crewup black"] if many else [],
    }
    return pv
