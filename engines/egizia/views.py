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
                                             "value": 5 | None,    # grain/stones/amount
                                             "color": "yellow_green" | None} | None,   # field colour
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
"name", "scope", "printed_vp", "vp_by_count", "vp_now"}] (printed_vp: the points printed on a card
that scores a fixed amount, else None; vp_by_count: the printed table of a card that scores by the number
of players at a track's bottom, for 1, 2, … players, else []; vp_now: what the card would score on the
board as it is now), "drawing": [{"id", "name", "scope", "printed_vp", "vp_by_count"}] (cards seen in a
Sphinx draw being decided),
"feed_answer": {"grain_cards": g, "stones": n} | None (a D-10 answer given early, not applied yet),
"anytime": [...], "playable_now": [actions of "play <card>" style free options]}``.

The types below (:class:`PublicView`, :class:`PrivateView` and their parts) say the same precisely; the
renderer reads nothing else.
"""
from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from engines.core import State

from . import data as D
from .board import T_ABBR, eff, field_grain, fields_of, need_of, quarry_total, score_order, tile_order, tomb_next
from .nile import FREE_VERBS
from .rules import prompts
from .scoring import sphinx_points

Phase = Literal["setup", "sail", "leftover", "feed", "build", "prefinal", "over"]


class NileCardView(TypedDict):
    id: str
    name: str
    type: str  # "permanent" | "immediate" | "anytime"
    deck: str
    kind: str  # the effect kind
    value: int | None  # grain, stones or amount
    color: str | None  # the colour of a grain field


class CardSpaceView(TypedDict):
    index: int
    kind: Literal["card"]
    card: NileCardView | None
    ships: list[int]


class RoundSpaceView(TypedDict):
    index: int
    kind: Literal["round"]
    id: str
    name: str
    ships: list[int]


class SiteSpaceView(TypedDict):
    index: int
    kind: Literal["site"]
    id: str
    name: str


RiverEntry = CardSpaceView | RoundSpaceView | SiteSpaceView


class SiteView(TypedDict):
    index: int
    name: str
    build_order: int
    slots: list[int | None]
    substitutes: list[int]
    extra: int | None
    done: list[int]


class BuildingRow(TypedDict):
    row: int
    value: int
    fields: list[int | None]


class Rows(TypedDict):
    rows: list[BuildingRow]


class TempleFieldView(TypedDict):
    id: str
    group: str
    value: int
    owner: int | None


class TempleView(TypedDict):
    fields: list[TempleFieldView]


class TombSpaceView(TypedDict):
    space: int
    state: Literal["taken", "face_up", "face_down"]
    value: int | None
    owner: int | None


class TombsView(TypedDict):
    spaces: list[TombSpaceView]


class ScoreSpace(TypedDict):
    score: int
    players: list[int]


class ScoreTrackView(TypedDict):
    spaces: list[ScoreSpace]
    order: list[int]
    scarab_every: int


class TrackView(TypedDict):
    fields: int
    markers: list[list[int]]
    penalties: NotRequired[list[int]]  # grain market only


class PendingView(TypedDict):
    kind: str
    seats: list[int]


class BuilderView(TypedDict):
    id: str
    strength: int
    max: int
    used: bool


class FieldView(TypedDict):
    id: str
    name: str
    color: str
    effective_color: str
    grain: int
    watered: bool
    improvers: list[str]


class QuarryView(TypedDict):
    id: str
    stones: int


class CardRef(TypedDict):
    id: str
    name: str


class PermanentView(TypedDict):
    id: str
    name: str
    used_this_round: bool
    attached_to: NotRequired[str | None]  # field improvers only


class TableauView(TypedDict):
    seat: int
    tile: int
    score: int
    scarabs: int
    stones: int
    stone_sale: int
    grain_market: int
    ships: int
    passed: bool
    builders: list[BuilderView]
    need: int
    grain_now: int
    fields: list[FieldView]
    quarries: list[QuarryView]
    quarry_total: int
    permanents: list[PermanentView]
    anytime: list[CardRef]
    in_force: list[CardRef]
    tomb_tiles: list[int]
    sphinx_count: int
    cooperated: list[str]


class FinalView(TypedDict):
    scores: list[int]
    winners: list[int]
    lines: list[list[Any]]  # [seat, "stone_sale" | "tombs" | Sphinx card id, vp]
    sphinx_revealed: dict[str, list[str]]


class PublicView(TypedDict):
    game: str
    data_profile: str
    options: dict[str, Any]
    players: int
    round: int
    phase: Phase
    pending: PendingView | None
    turn_order: list[int]
    ring: str
    ring_positions: list[str]
    irrigated: list[str]
    nile_decks: dict[str, int]
    sphinx_deck: int
    river: list[RiverEntry]
    sites: dict[str, SiteView]
    obelisk: Rows
    pyramid: Rows
    temple: TempleView
    tombs: TombsView
    score_track: ScoreTrackView
    tracks: dict[str, TrackView]
    tableaux: list[TableauView]
    final: FinalView | None
    last_move: LastMoveView | None


class LastMoveView(TypedDict):
    """The last turn's public marks (absent in games stored before marks existed): what the boards highlight."""

    seat: int
    river: list[int]  # river indexes where a ship of ``seat`` arrived
    obelisk: list[list[int]]  # [row, field] (row 1 at the bottom, field 0 or 1)
    pyramid: list[list[int]]  # [row, field]
    temple: list[str]  # temple field ids
    tombs: list[int]  # tomb spaces taken (1 at the Nile)
    sites: list[list[Any]]  # [site id, slot index] of building-site slots a ship of ``seat`` took


class DrawnSphinxView(TypedDict):
    id: str
    name: str
    scope: str  # "global" | "personal"
    printed_vp: int | None  # the printed points of a card that scores a fixed amount
    vp_by_count: list[int]  # a table card: points for 1, 2, … players at the track's bottom


class SphinxCardView(DrawnSphinxView):
    vp_now: int  # what the card would score on the board as it is now


class FeedAnswer(TypedDict):
    grain_cards: int
    stones: int


class PrivatePart(TypedDict):
    seat: int
    feed_answer: FeedAnswer | None
    sphinx: list[SphinxCardView]
    drawing: list[DrawnSphinxView]
    anytime: list[CardRef]
    playable_now: list[str]


class PrivateView(PublicView):
    private: PrivatePart


_PHASE: dict[str, Phase] = {"setup_keep": "setup", "round_start": "sail", "sail": "sail", "leftover": "leftover", "feed": "feed",
          "build": "build", "coop": "build", "prefinal": "prefinal", "over": "over"}


def _card(cid: str) -> NileCardView:
    c = D.NILE[cid]
    e = c["effect"]
    value = e.get("grain", e.get("stones", e.get("amount")))
    color = e["color"] if e["kind"] == "grain_field" else None
    return {"id": cid, "name": c["name"], "type": c["type"], "deck": c["deck"], "kind": e["kind"], "value": value,
            "color": color}


def _sphinx_card(cid: str) -> DrawnSphinxView:
    c = D.SPHINX[cid]
    pts = c["points"]
    by_count = sorted(((int(k), v) for k, v in pts.get("by_count", {}).items()))
    return {"id": cid, "name": c["name"], "scope": c["scope"],
            "printed_vp": pts["vp"] if pts["kind"] == "fixed" else None,
            "vp_by_count": [v for k, v in by_count if k > 0] if pts["kind"] == "table" else []}


def _tableau(s: State, seat: int) -> TableauView:
    p = s["seats"][seat]
    irr = D.IRRIGATED[s["ring"]]
    fields: list[FieldView] = [
        {"id": f["id"], "name": D.NILE[f["id"]]["name"] if f["id"] in D.NILE else "start field",
         "color": f["color"], "effective_color": f["effective"], "grain": f["grain"],
         "watered": f["effective"] in irr, "improvers": f["improvers"]} for f in fields_of(p)]
    quarries: list[QuarryView] = [{"id": "start", "stones": D.START_QUARRY}] + [
        {"id": c, "stones": eff(c)["stones"]} for c in p["perm"] if eff(c)["kind"] == "quarry"]
    perms: list[PermanentView] = []
    for c in p["perm"]:
        k = eff(c)["kind"]
        if k in ("grain_field", "quarry"):
            continue
        d: PermanentView = {"id": c, "name": D.NILE[c]["name"], "used_this_round": bool(p["flags"].get(c))}
        if k == "field_improver":
            d["attached_to"] = p["improvers"].get(c)
        perms.append(d)
    return {
        "seat": seat, "tile": p["tile"], "score": p["score"], "scarabs": max(0, p["score"]) // D.SCARAB_EVERY,
        "stones": p["stones"], "stone_sale": p["ss"], "grain_market": p["gm"], "ships": p["ships"],
        "passed": p["passed"],
        "builders": [{"id": b, "strength": p["str"][b], "max": D.BUILDER_MAX[b], "used": p["used"][b]}
                     for b in D.BUILDER_IDS],
        "need": need_of(p), "grain_now": field_grain(s, seat),
        "fields": fields, "quarries": quarries, "quarry_total": quarry_total(p), "permanents": perms,
        "anytime": [{"id": c, "name": D.NILE[c]["name"]} for c in p["any"]],
        "in_force": [{"id": c, "name": D.NILE[c]["name"]} for c in p["in_force"]],
        "tomb_tiles": [D.TOMB_TILES[t] for t in p["tombs"]],
        "sphinx_count": len(p["sphinx"]),
        "cooperated": list(p["coop"]),
    }


def _river(s: State) -> list[RiverEntry]:
    river: list[RiverEntry] = []
    for sp in D.RIVER:
        i = sp["index"]
        if sp["kind"] == "card":
            c = s["river_card"][i]
            river.append({"index": i, "kind": "card", "card": _card(c) if c else None,
                          "ships": list(s["river_ships"][i])})
        elif sp["kind"] == "round":
            river.append({"index": i, "kind": "round", "id": sp["id"], "name": sp["name"],
                          "ships": list(s["river_ships"][i])})
        else:
            river.append({"index": i, "kind": "site", "id": sp["id"], "name": sp["name"]})
    return river


def _sites(s: State) -> dict[str, SiteView]:
    sites: dict[str, SiteView] = {}
    for sid in D.SITE_ORDER:
        site = s["sites"][sid]
        sites[sid] = {"index": D.SITE_INDEX[sid], "name": D.SITES_DATA[sid]["name"],
                      "build_order": D.SITES_DATA[sid]["build_order"], "slots": list(site["slots"]),
                      "substitutes": list(site["first_done"]) + list(site["subs"]), "extra": site["extra"],
                      "done": list(site["done"])}
    return sites


def _obelisk(s: State) -> Rows:
    rows: list[BuildingRow] = []
    k = 0
    for r in D.OBELISK_ROWS:
        rows.append({"row": r["row"], "value": r["value"], "fields": s["obelisk"][k:k + r["fields"]]})
        k += r["fields"]
    return {"rows": rows}


def _tombs(s: State) -> TombsView:
    nxt = tomb_next(s)
    spaces: list[TombSpaceView] = []
    for j, t in enumerate(s["tomb_spaces"]):
        if t["owner"] is not None:
            spaces.append({"space": j + 1, "state": "taken", "value": D.TOMB_TILES[t["tile"]], "owner": t["owner"]})
        elif nxt is not None and j < nxt + D.TOMB_FACE_UP:
            spaces.append({"space": j + 1, "state": "face_up", "value": D.TOMB_TILES[t["tile"]], "owner": None})
        else:
            spaces.append({"space": j + 1, "state": "face_down", "value": None, "owner": None})
    return {"spaces": spaces}


def _score_track(s: State) -> ScoreTrackView:
    order = score_order(s)
    spaces: list[ScoreSpace] = []
    for seat in order:
        sc = s["seats"][seat]["score"]
        if spaces and spaces[-1]["score"] == sc:
            spaces[-1]["players"].append(seat)
        else:
            spaces.append({"score": sc, "players": [seat]})
    return {"spaces": spaces, "order": order, "scarab_every": D.SCARAB_EVERY}


def _tracks(s: State) -> dict[str, TrackView]:
    n = len(s["seats"])
    tracks: dict[str, TrackView] = {}
    for tid in D.TRACK_IDS:
        key = T_ABBR[tid]
        nf = D.TRACK_BOTTOM[tid] + 1
        tracks[tid] = {"fields": nf, "markers": [[i for i in range(n) if s["seats"][i][key] == f] for f in range(nf)]}
    tracks["grain_market"]["penalties"] = list(D.GRAIN_PENALTY)
    return tracks


def _final(s: State) -> FinalView | None:
    r = s.get("result")
    if not r:
        return None
    return {"scores": r["scores"], "winners": r["winners"], "lines": r["lines"],
            "sphinx_revealed": {str(i): sorted(p["sphinx"]) for i, p in enumerate(s["seats"])}}


def public_view(s: State) -> PublicView:
    n = len(s["seats"])
    pending = prompts(s)
    return {
        "game": "egizia", "data_profile": s["data_profile"], "options": dict(s["options"]), "players": n,
        "round": s["round"], "phase": _PHASE[s["stage"]["at"]],
        "pending": ({"kind": pending[0].kind, "seats": list(dict.fromkeys(p.seat for p in pending))}
                    if pending else None),
        "turn_order": tile_order(s), "ring": s["ring"], "ring_positions": list(D.RING_POSITIONS),
        "irrigated": list(D.IRRIGATED[s["ring"]]),
        "nile_decks": {k: len(v) for k, v in s["decks"].items()}, "sphinx_deck": len(s["sphinx_deck"]),
        "river": _river(s), "sites": _sites(s), "obelisk": _obelisk(s),
        "pyramid": {"rows": [{"row": r + 1, "value": D.PYRAMID_VALUE[r], "fields": list(s["pyramid"][r])}
                             for r in range(len(D.PYRAMID_WIDTH))]},
        "temple": {"fields": [{"id": f["id"], "group": f["group"], "value": f["value"], "owner": s["temple"][f["id"]]}
                              for f in D.TEMPLE_FIELDS]},
        "tombs": _tombs(s),
        "score_track": _score_track(s),
        "tracks": _tracks(s),
        "tableaux": [_tableau(s, i) for i in range(n)],
        "final": _final(s),
        "last_move": _last_move(s),
    }


def _obelisk_cell(k: int) -> list[int]:
    for r in D.OBELISK_ROWS:
        if k < r["fields"]:
            return [r["row"], k]
        k -= r["fields"]
    raise IndexError(k)


def move_marks(before: State, after: State, seat: int, action: str) -> dict[str, Any]:
    """The public marks of a move (RulesGame.move_marks): where ``seat``'s ships arrived on the Nile and which
    building fields and tombs it took, from the public board before and after (no Sphinx card is read).
    Each part is compared whole first (in C), and walked only when it changed: bots apply many moves."""
    marks: dict[str, Any] = {"seat": seat, "turn": before["round"], "river": [], "obelisk": [], "pyramid": [],
                             "temple": [], "tombs": [], "sites": []}
    if before["sites"] != after["sites"]:
        for sid, site in after["sites"].items():
            old = before["sites"][sid]["slots"]
            marks["sites"] += [[sid, k] for k, b in enumerate(site["slots"])
                               if b == seat and (k >= len(old) or old[k] != b)]
    was, now = before["river_ships"], after["river_ships"]
    if was != now:
        if len(was) != len(now):
            raise ValueError("the river changed its length")
        marks["river"] = [i for i, b in enumerate(now) if b and seat in b and len(b) > len(was[i])]
    if before["obelisk"] != after["obelisk"]:
        marks["obelisk"] = [_obelisk_cell(k) for k, (a, b) in enumerate(zip(before["obelisk"], after["obelisk"],
                                                                            strict=True)) if a != b and b is not None]
    if before["pyramid"] != after["pyramid"]:
        for r, (ra, rb) in enumerate(zip(before["pyramid"], after["pyramid"], strict=True)):
            marks["pyramid"] += [[r + 1, f] for f, (a, b) in enumerate(zip(ra, rb, strict=True))
                                 if a != b and b is not None]
    if before["temple"] != after["temple"]:
        marks["temple"] = [f for f, owner in after["temple"].items()
                           if owner is not None and before["temple"][f] != owner]
    if before["tomb_spaces"] != after["tomb_spaces"]:
        marks["tombs"] = [j + 1 for j, (a, b) in enumerate(zip(before["tomb_spaces"], after["tomb_spaces"], strict=True))
                          if b["owner"] is not None and a["owner"] != b["owner"]]
    return marks


def _last_move(s: State) -> LastMoveView | None:
    m = s.get("last_move")
    if not m:  # no move yet, or a game stored before marks existed
        return None
    return {"seat": m["seat"], "river": list(m["river"]), "obelisk": [list(c) for c in m["obelisk"]],
            "pyramid": [list(c) for c in m["pyramid"]], "temple": list(m["temple"]), "tombs": list(m["tombs"]),
            "sites": [list(x) for x in m.get("sites", [])]}


def _drawing(s: State, seat: int) -> list[DrawnSphinxView]:
    """The Sphinx cards ``seat`` sees in a draw it is deciding (D-14/D-15, or the setup draw D-03)."""
    st = s["stage"]
    if st.get("at") == "build" and st.get("seat") == seat and s["sphinx_drawn"]:
        return [_sphinx_card(c) for c in s["sphinx_drawn"]]
    if st.get("at") == "setup_keep" and str(seat) in st["drawn"] and str(seat) not in st["choice"]:
        return [_sphinx_card(c) for c in st["drawn"][str(seat)]]
    return []


def private_view(s: State, seat: int) -> PrivateView:
    v = public_view(s)
    p = s["seats"][seat]
    st = s["stage"]
    playable = [o.action for pr in prompts(s) if pr.seat == seat for o in pr.options
                if o.action.split()[0] in FREE_VERBS]
    feed_answer: FeedAnswer | None = None
    if st.get("at") == "feed" and str(seat) in st.get("buffer", {}):
        g, n = st["buffer"][str(seat)]
        feed_answer = {"grain_cards": g, "stones": n}
    sphinx: list[SphinxCardView] = [{**_sphinx_card(c), "vp_now": sphinx_points(s, seat, c)} for c in p["sphinx"]]
    private: PrivatePart = {
        "seat": seat,
        "feed_answer": feed_answer,
        "sphinx": sphinx,
        "drawing": _drawing(s, seat),
        "anytime": [{"id": c, "name": D.NILE[c]["name"]} for c in p["any"]],
        "playable_now": playable,
    }
    return {**v, "private": private}
