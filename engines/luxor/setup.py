"""Setup (LUX-SETUP-1…12): the state of a new game, before its first decision resolves itself.

State layout (plain JSON; positions 0 = stairs, 1…43 = path, 44 = tomb)::

    {
      "game": "luxor", "options": {...}, "rng": int,
      "order": [seat, …]  (turn order, order[0] = start player; [] until C-03),
      "round": int, "current": seat | None,
      "tiles": [None, tile|None × 43, None]     (index = position; None = no tile)
          tile = {"kind": "treasure"|"horus"|"osiris", "id"} | {"kind": "temple", "id", "back", "front"}
      "temple_stacks": {back: [tile, …]}        (top = last, face down)
      "horus_stacks": {"1": [card id, …], …}    (top = last, face up)
      "draw": [card id, …] (top = last, face down), "discard": [card id, …] (top = last),
      "supply": {"keys": int, "wilds": int, "scarabs": [scarab id, …]}  (scarabs face down),
      "sarcophagi": [5, 3]  (still in the tomb), "key_space": int, "tomb_entries": int,
      "box": {"osiris": [ids], "treasures": [ids], "temple": [tiles], "scarabs": [ids],
              "keys": int, "wilds": int}      (out of the game: the 2 unused Osiris tiles;
                                               the rest is used only by test scenarios)
      "seats": [{"hand": [card id, …], "adv": [{"state": "active"|"lying"|"finished", "pos": int} × 5],
                 "keys": int, "wilds": int, "treasures": [ids], "scarabs": [ids],
                 "sarcophagi": [vp, …], "score": int}, …],
      "turn": {see flow.new_turn}, "pending": {"kind": "C-xx", "seat": int} | None,
      "end_triggered": bool, "stall": {"round": [bool, …], "streak": int},
      "last_roll": int | None, "over": bool,
      "final": {"scores", "winners", "breakdown", "reason": "tomb"|"stall"} | None
    }
"""
from __future__ import annotations

from typing import Any

from engines.core import Event, Rng, msg

from . import data, flow

State = dict[str, Any]


def _board(rng: Rng, opts: dict[str, Any]) -> tuple[list[Any], dict[str, list[Any]], list[str]]:
    """LUX-SETUP-4…7: Osiris, Horus and treasure tiles on the path, the temple stacks; the unused
    Osiris tiles go to the box."""
    tiles: list[Any] = [None] * (data.TOMB + 1)
    osiris = sorted(data.OSIRIS_TILES)  # LUX-SETUP-4
    rng.shuffle(osiris)
    for pos, oid in zip(data.OSIRIS_SPACES, osiris, strict=False):
        tiles[pos] = {"kind": "osiris", "id": oid}
    free = sorted(data.HORUS_TILES)  # LUX-SETUP-5: Horus tiles by eyes
    for pos in data.HORUS_SPACES:
        hid = next(h for h in free if data.HORUS_TILES[h]["eyes"] == data.HORUS_EYES[pos])
        free.remove(hid)
        tiles[pos] = {"kind": "horus", "id": hid}
    treasures = sorted(data.TREASURES)  # LUX-SETUP-6
    rng.shuffle(treasures)
    for pos, tid in zip(data.TREASURE_SPACES, treasures, strict=False):
        tiles[pos] = {"kind": "treasure", "id": tid}
    temple: dict[str, list[Any]] = {b: [] for b in data.TEMPLE_BACKS}  # LUX-SETUP-7
    for t in data.temple_tiles(opts["temple_mapping"]):
        temple[t["back"]].append({"kind": "temple", **t})
    for b in data.TEMPLE_BACKS:
        rng.shuffle(temple[b])
    return tiles, temple, osiris[len(data.OSIRIS_SPACES) :]


def _seat(deck: list[str]) -> dict[str, Any]:
    """LUX-SETUP-9, LUX-SETUP-11: 5 cards (deal order = hand order), adventurers on the stairs
    and lying at the statues."""
    hand = [deck.pop() for _ in range(data.HAND_SIZE)]
    adv = [{"state": "active", "pos": data.STAIRS} for _ in range(data.ON_STAIRS)]
    for statue in data.ANUBIS:
        adv += [{"state": "lying", "pos": statue} for _ in range(data.LYING_PER_STATUE)]
    return {"hand": hand, "adv": adv, "keys": 0, "wilds": 0, "treasures": [], "scarabs": [], "sarcophagi": [], "score": 0}


def setup(players: int, opts: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
    """The state after setup with resolved options ``opts``, and its events. With a random start
    player the first turn has begun; otherwise C-03 asks seat 0 (the host)."""
    if not (data.MIN_PLAYERS <= players <= data.MAX_PLAYERS):
        raise ValueError(f"Luxor needs {data.MIN_PLAYERS}-{data.MAX_PLAYERS} players")
    rng = Rng.seeded(seed)
    ev: list[Event] = []
    tiles, temple, unused_osiris = _board(rng, opts)
    scarabs = sorted(data.SCARABS)  # LUX-SETUP-2
    rng.shuffle(scarabs)
    horus = {str(lvl): sorted(c for c, v in data.HORUS_CARDS.items() if v["level"] == lvl) for lvl in data.HORUS_LEVELS}
    for lvl in horus:  # LUX-SETUP-3: Horus stacks (face up)
        rng.shuffle(horus[lvl])
    deck = sorted(data.STARTER)  # LUX-SETUP-11: starter deck
    rng.shuffle(deck)
    seats = [_seat(deck) for _ in range(players)]
    st: State = {
        "game": "luxor",
        "options": opts,
        "rng": 0,
        "order": [],
        "round": 1,
        "current": None,
        "tiles": tiles,
        "temple_stacks": temple,
        "horus_stacks": horus,
        "draw": deck,
        "discard": [],
        "supply": {"keys": data.KEYS, "wilds": data.WILDS, "scarabs": scarabs},
        "sarcophagi": list(data.SARCOPHAGI),
        "key_space": 0,
        "tomb_entries": 0,
        "box": {"osiris": unused_osiris, "treasures": [], "temple": [], "scarabs": [], "keys": 0, "wilds": 0},
        "seats": seats,
        "turn": flow.new_turn(-1),
        "pending": None,
        "end_triggered": False,
        "stall": {"round": [], "streak": 0},
        "last_roll": None,
        "over": False,
        "final": None,
    }
    osiris_values = [f"{pos}={data.OSIRIS_TILES[tiles[pos]['id']]['value']}" for pos in data.OSIRIS_SPACES]
    ev.append(Event(msg("luxor.ev.setup", players=list(range(players)), osiris=osiris_values)))
    if opts["start_player"] == "random":  # LUX-SETUP-10
        start = rng.below(players)
        st["rng"] = rng.state
        flow.start_game(st, ev, start)
    else:
        st["rng"] = rng.state
        st["pending"] = {"kind": "C-03", "seat": 0}
    return st, ev
