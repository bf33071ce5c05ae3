"""Luxor views: the JSON data a renderer draws the board from.

``public_view(state)`` holds no secret (it is posted to the channel).
``private_view(state, seat)`` is the public view plus that seat's secrets under
the key ``"me"``. Every value is plain JSON. Positions are integers:
``0`` = the stairs, ``1 … 43`` = the path spaces in order, ``44`` = the tomb.

Public view format (version 1)
==============================

Top level::

    {
      "game": "luxor", "version": 1,
      "players": 3,                      # number of seats
      "order": [2, 0, 1],                # turn order; order[0] is the start player ([] before C-03)
      "start_player": 2,                 # or null before C-03 (option start_player=host_choice)
      "round": 4,                        # 1-based
      "current": 0,                      # seat whose turn it is, null when over / before start
      "pending": {"seat": 0, "kind": "C-06"} | null,   # the decision being waited for
      "turn": {                          # what happened so far this turn (public)
          "card": CARD | null,           # card played this turn (face up)
          "end": "L" | "R" | null,       # which end of the hand it came from
          "roll": 1…6 | null,            # die roll of this turn
          "stall": bool,                 # the card was discarded without effect (LUX-NOMOVE-1)
          "one_less_pos": int | null     # treasure position whose requirement is lowered this turn
      },
      "last_roll": 1…6 | null,           # the most recent die roll in the game
      "end_triggered": bool,             # the 2nd adventurer entered the tomb; round is being finished
      "tomb_entries": int,
      "over": bool,
      "path": [SPACE, …],                # 43 entries, path[i-1] is space i
      "stairs": {"pos": 0, "scarab_vp": 0, "adventurers": [[seat, idx], …]},
      "tomb": {"pos": 44, "scarab_vp": 15, "adventurers": [[seat, idx], …],
               "sarcophagi": [5, 3],     # sarcophagi still in the tomb (VP values)
               "key_space": int},        # keys spent on tomb entries
      "horus_stacks": {"1": {"count": int, "top": CARD | null}, "2": …, "3": …},
      "temple_stacks": {"cobra": int, "falcon": int, "lion": int},   # tiles left (face down)
      "draw_count": int,
      "discard": [CARD, …],              # whole discard pile, bottom → top (top = last)
      "supply": {"keys": int, "wilds": int, "scarabs": int},
      "seats": [SEAT, …],                # indexed by seat
      "final": FINAL | null              # only when over
    }

SPACE (one per path space 1…43)::

    {
      "pos": 12,
      "kind": "treasure" | "horus" | "osiris" | "anubis",    # printed kind of the space
      "temple_icon": "cobra" | "falcon" | "lion" | null,     # printed icon (under the treasure)
      "horus_eyes": 1…3 | null,                               # printed on Horus spaces
      "scarab_vp": int,                                       # printed wall scarab (public, scoring)
      "stretch": int,                                         # wall segment (cosmetic)
      "tile": TILE | null,              # null: empty space (or an Anubis statue)
      "adventurers": [[seat, idx], …],  # active adventurers standing here
      "lying": [[seat, idx], …]         # Anubis spaces only: adventurers lying at this statue
    }

TILE, by ``kind``::

    {"kind": "treasure", "id": "T-V06", "type": "vase"|"statue"|"jewelry", "required": 2, "vp": 3}
    {"kind": "temple", "id": "TT-F1", "back": "falcon", "front": FRONT, "levels": [1, 2]}
        FRONT = "scarab" | "wild" | "wild_or_scarab" | "eye_1_2" | "eye_2_3" | "tunnel";
        "levels" only for the eye fronts (the two Horus stacks it offers)
    {"kind": "horus", "id": "HT-1a", "eyes": 1, "key": true}
    {"kind": "osiris", "id": "OT-4", "value": 3}

CARD::

    {"id": "S12", "deck": "starter" | "horus", "kind": "move" | "plus_minus" | "die" | "range"
     | "range_die" | "advance_all" | "last_to_second_last" | "one_less",
     "label": "2", "steps": 2 | null, "max": 6 | null, "level": 1…3 | null}

SEAT (public facts about one player)::

    {
      "seat": 0, "colour": "red",
      "score": int,                      # scoring track (treasure VP so far; public)
      "adventurers": [{"idx": 1, "state": "active" | "lying" | "finished", "pos": int}, …],  # 5, idx 1…5
      "treasures": {"vase": [TREASURE_ID, …], "statue": […], "jewelry": […]},
      "treasure_counts": {"vase": int, "statue": int, "jewelry": int},
      "wilds": int, "keys": int,
      "scarabs": int,                    # how many (values are secret until the end)
      "sarcophagi": [5] | [3] | [5, 3] | [],
      "hand_size": int
    }

FINAL (when over; scarab values are revealed at the end, LUX-INFO-5)::

    {"scores": [int per seat], "winners": [seat, …],
     "reason": "tomb" | "stall",         # round finished after the 2nd tomb entry (LUX-END-2) / stall (LUX-END-4)
     "breakdown": [{"seat", "track", "positions", "sarcophagi", "keys", "sets", "set_vp",
                    "scarabs", "scarab_values": [int, …], "total"}, …]}

Private view
============

``private_view(state, seat)`` = the public view plus::

    "me": {
      "seat": 0,
      "hand": [CARD, …],                 # fixed order, index 0 = left end, last = right end
      "playable": {"L": bool, "R": bool},# only the ends can be played (LUX-HAND-2, LUX-LEGAL-4)
      "scarabs": [{"id": "SC-05", "vp": 2}, …]
    }
"""
from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from . import data
from .movement import playable_ends
from .scoring import BreakdownRow, final_breakdown

State = dict[str, Any]
Side = Literal["L", "R"]
#: an adventurer standing or lying somewhere: [seat, idx] (idx 1…5)
AdvRef = list[int]


class LastMoveView(TypedDict):
    """The last turn's public marks (absent in games stored before marks existed): what the boards highlight."""

    seat: int
    advs: list[list[int]]  # [seat, idx 1…5, from, to] of each adventurer that moved or lay down / stood up
    taken: list[int]  # path positions whose tile was taken
    card: CardView | None  # the card played (face up)
    roll: int | None  # the die rolled for it


class CardView(TypedDict):
    id: str
    deck: str
    kind: str
    label: str
    steps: int | None
    max: int | None
    level: int | None


class TreasureTileView(TypedDict):
    kind: Literal["treasure"]
    id: str
    type: str
    required: int
    vp: int


class TempleTileView(TypedDict):
    kind: Literal["temple"]
    id: str
    back: str
    front: str
    levels: NotRequired[list[int]]  # only on the Horus-eye fronts: the two stacks offered


class HorusTileView(TypedDict):
    kind: Literal["horus"]
    id: str
    eyes: int
    key: bool


class OsirisTileView(TypedDict):
    kind: Literal["osiris"]
    id: str
    value: int


TileView = TreasureTileView | TempleTileView | HorusTileView | OsirisTileView


class SpaceView(TypedDict):
    pos: int
    kind: str
    temple_icon: str | None
    horus_eyes: int | None
    scarab_vp: int
    stretch: int
    tile: TileView | None
    adventurers: list[AdvRef]
    lying: list[AdvRef]


class PendingView(TypedDict):
    seat: int
    kind: str


class TurnView(TypedDict):
    card: CardView | None
    end: Side | None
    roll: int | None
    stall: bool
    one_less_pos: int | None


class StairsView(TypedDict):
    pos: int
    scarab_vp: int
    adventurers: list[AdvRef]


class TombView(TypedDict):
    pos: int
    scarab_vp: int
    adventurers: list[AdvRef]
    sarcophagi: list[int]
    key_space: int


class HorusStackView(TypedDict):
    count: int
    top: CardView | None


class SupplyView(TypedDict):
    keys: int
    wilds: int
    scarabs: int


class AdventurerView(TypedDict):
    idx: int
    state: Literal["active", "lying", "finished"]
    pos: int


class SeatView(TypedDict):
    seat: int
    colour: str
    score: int
    adventurers: list[AdventurerView]
    treasures: dict[str, list[str]]
    treasure_counts: dict[str, int]
    wilds: int
    keys: int
    scarabs: int
    sarcophagi: list[int]
    hand_size: int


class FinalView(TypedDict):
    scores: list[int]
    winners: list[int]
    breakdown: list[BreakdownRow]
    reason: Literal["tomb", "stall"]


class PublicView(TypedDict):
    game: str
    version: int
    players: int
    order: list[int]
    start_player: int | None
    round: int
    current: int | None
    pending: PendingView | None
    turn: TurnView
    last_roll: int | None
    end_triggered: bool
    tomb_entries: int
    over: bool
    path: list[SpaceView]
    stairs: StairsView
    tomb: TombView
    horus_stacks: dict[str, HorusStackView]
    temple_stacks: dict[str, int]
    draw_count: int
    discard: list[CardView]
    supply: SupplyView
    seats: list[SeatView]
    final: FinalView | None
    last_move: LastMoveView | None


class ScarabView(TypedDict):
    id: str
    vp: int


class MeView(TypedDict):
    seat: int
    hand: list[CardView]
    playable: dict[str, bool]
    scarabs: list[ScarabView]


class PrivateView(PublicView):
    me: MeView


# =========================================================================== components


def card_view(cid: str) -> CardView:
    c = data.CARDS[cid]
    return {
        "id": cid,
        "deck": c["deck"],
        "kind": c["kind"],
        "label": c["label"],
        "steps": c.get("steps") if c["kind"] in ("move", "advance_all", "one_less", "plus_minus") else None,
        "max": c.get("max"),
        "level": c.get("level"),
    }


def tile_view(tile: dict[str, Any] | None) -> TileView | None:
    if tile is None:
        return None
    kind, tid = tile["kind"], tile["id"]
    if kind == "treasure":
        t = data.TREASURES[tid]
        return {"kind": "treasure", "id": tid, "type": t["type"], "required": t["required"], "vp": t["vp"]}
    if kind == "temple":
        out: TempleTileView = {"kind": "temple", "id": tid, "back": tile["back"], "front": tile["front"]}
        if data.eye_levels(tile["front"]):
            out["levels"] = data.eye_levels(tile["front"])
        return out
    if kind == "horus":
        return {"kind": "horus", "id": tid, "eyes": data.HORUS_TILES[tid]["eyes"], "key": True}
    if kind == "osiris":
        return {"kind": "osiris", "id": tid, "value": data.OSIRIS_TILES[tid]["value"]}
    raise ValueError(kind)


# =========================================================================== views


def _places(state: State) -> tuple[dict[int, list[AdvRef]], dict[int, list[AdvRef]]]:
    """Who stands (active or finished) and who lies at each position."""
    here: dict[int, list[AdvRef]] = {}
    lying: dict[int, list[AdvRef]] = {}
    for s, p in enumerate(state["seats"]):
        for i, a in enumerate(p["adv"]):
            target = lying if a["state"] == "lying" else here
            target.setdefault(a["pos"], []).append([s, i + 1])
    return here, lying


def _path(state: State, here: dict[int, list[AdvRef]], lying: dict[int, list[AdvRef]]) -> list[SpaceView]:
    path: list[SpaceView] = []
    for i in range(1, data.LAST_PATH + 1):
        sp = data.PATH[i]
        assert sp is not None
        path.append(
            {
                "pos": i,
                "kind": sp["kind"],
                "temple_icon": sp.get("temple_icon"),
                "horus_eyes": sp.get("horus_eyes"),
                "scarab_vp": data.SCARAB_VP[i],
                "stretch": sp["stretch"],
                "tile": tile_view(state["tiles"][i]),
                "adventurers": here.get(i, []),
                "lying": lying.get(i, []),
            }
        )
    return path


def _seat_view(s: int, p: dict[str, Any]) -> SeatView:
    by_type = {t: [tid for tid in p["treasures"] if data.TREASURES[tid]["type"] == t] for t in data.TREASURE_TYPES}
    return {
        "seat": s,
        "colour": data.COLOURS[s % len(data.COLOURS)],
        "score": p["score"],
        "adventurers": [{"idx": i + 1, "state": a["state"], "pos": a["pos"]} for i, a in enumerate(p["adv"])],
        "treasures": by_type,
        "treasure_counts": {t: len(v) for t, v in by_type.items()},
        "wilds": p["wilds"],
        "keys": p["keys"],
        "scarabs": len(p["scarabs"]),
        "sarcophagi": list(p["sarcophagi"]),
        "hand_size": len(p["hand"]),
    }


def _final(state: State) -> FinalView | None:
    if not state["over"]:
        return None
    fb = final_breakdown(state)
    return {"scores": fb["scores"], "winners": fb["winners"], "breakdown": fb["breakdown"], "reason": state["final"]["reason"]}


def public_view(state: State) -> PublicView:
    seats = state["seats"]
    here, lying = _places(state)
    turn = state["turn"]
    card = turn["card"]
    pend = state["pending"]
    return {
        "game": "luxor",
        "version": 1,
        "players": len(seats),
        "order": list(state["order"]),
        "start_player": state["order"][0] if state["order"] else None,
        "round": state["round"],
        "current": None if state["over"] else state["current"],
        "pending": {"seat": pend["seat"], "kind": pend["kind"]} if pend else None,
        "turn": {
            "card": card_view(card) if card else None,
            "end": turn["end"],
            "roll": turn["roll"],
            "stall": bool(turn["stall"]),
            "one_less_pos": turn["one_less_pos"],
        },
        "last_roll": state["last_roll"],
        "end_triggered": state["end_triggered"],
        "tomb_entries": state["tomb_entries"],
        "over": state["over"],
        "path": _path(state, here, lying),
        "stairs": {"pos": data.STAIRS, "scarab_vp": data.SCARAB_VP[data.STAIRS], "adventurers": here.get(data.STAIRS, [])},
        "tomb": {
            "pos": data.TOMB,
            "scarab_vp": state["options"]["tomb_scarab_vp"],
            "adventurers": here.get(data.TOMB, []),
            "sarcophagi": list(state["sarcophagi"]),
            "key_space": state["key_space"],
        },
        "horus_stacks": {
            lvl: {"count": len(stack), "top": card_view(stack[-1]) if stack else None}
            for lvl, stack in state["horus_stacks"].items()
        },
        "temple_stacks": {back: len(stack) for back, stack in state["temple_stacks"].items()},
        "draw_count": len(state["draw"]),
        "discard": [card_view(c) for c in state["discard"]],
        "supply": {
            "keys": state["supply"]["keys"],
            "wilds": state["supply"]["wilds"],
            "scarabs": len(state["supply"]["scarabs"]),
        },
        "seats": [_seat_view(s, p) for s, p in enumerate(seats)],
        "final": _final(state),
        "last_move": _last_move(state),
    }


def move_marks(before: State, after: State, seat: int, action: str) -> dict[str, Any]:
    """The public marks of a move (RulesGame.move_marks): adventurers that moved ([seat, idx 1…5, from, to]),
    path positions whose tile was taken, and the card played and die rolled this turn (both face up)."""
    moved = []
    for s, (pa, pb) in enumerate(zip(before["seats"], after["seats"], strict=True)):
        advs_a, advs_b = pa["adv"], pb["adv"]
        if advs_a != advs_b:
            moved += [[s, i + 1, a["pos"], b["pos"]]
                      for i, (a, b) in enumerate(zip(advs_a, advs_b, strict=True)) if a != b]
    taken = [] if before["tiles"] == after["tiles"] else [
        pos for pos, (a, b) in enumerate(zip(before["tiles"], after["tiles"], strict=True)) if a is not None and a is not b]
    marks: dict[str, Any] = {"seat": seat, "turn": [before["round"], before["turn"]["seat"]], "advs": moved,
                             "taken": taken}
    for turn in (after["turn"], before["turn"]):
        if turn["seat"] == seat and turn["card"]:
            marks["card"] = turn["card"]
            if turn["roll"]:
                marks["roll"] = turn["roll"]
            break
    else:  # the card ended the turn at once: it lies on the discard pile now
        if action.startswith("play") and after["discard"] and after["discard"] != before["discard"]:
            marks["card"] = after["discard"][-1]
    return marks


def _last_move(state: State) -> LastMoveView | None:
    m = state.get("last_move")
    if not m:  # no move yet, or a game stored before marks existed
        return None
    card = m.get("card")
    return {"seat": m["seat"], "advs": [list(a) for a in m["advs"]], "taken": list(m["taken"]),
            "card": card_view(card) if card else None, "roll": m.get("roll")}


def private_view(state: State, seat: int) -> PrivateView:
    p = state["seats"][seat]
    live = not state["over"] and len(p["hand"]) == data.HAND_SIZE
    me: MeView = {
        "seat": seat,
        "hand": [card_view(c) for c in p["hand"]],
        "playable": playable_ends(state, seat) if live else {"L": False, "R": False},
        "scarabs": [{"id": sid, "vp": data.SCARABS[sid]} for sid in p["scarabs"]],
    }
    return {**public_view(state), "me": me}
