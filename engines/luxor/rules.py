"""Luxor rules: movement, legality, the turn state machine and scoring.

Everything here works on plain-data states (see ``game.py`` for the layout).
Functions whose name starts with ``_`` mutate the (already cloned) state they
are given and append :class:`~engines.core.Event` s to ``ev``.
Clause IDs refer to ``shared/rules/luxor/RULES.md``.
"""
from __future__ import annotations

from typing import Any

from engines.core import Event, Msg, Rng, msg

from . import data

State = dict[str, Any]
TOMB = data.TOMB
STAIRS = data.STAIRS
END_TRIGGER_ENTRIES = 2  # LUX-END-1: the second adventurer to enter the tomb ends the game (printed rule)


# =========================================================================== views of components


def card_view(cid: str) -> dict[str, Any]:
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


def tile_view(tile: dict[str, Any] | None) -> dict[str, Any] | None:
    if tile is None:
        return None
    kind = tile["kind"]
    if kind == "treasure":
        t = data.TREASURES[tile["id"]]
        return {"kind": kind, "id": tile["id"], "type": t["type"], "required": t["required"], "vp": t["vp"]}
    if kind == "temple":
        out = {"kind": kind, "id": tile["id"], "back": tile["back"], "front": tile["front"]}
        if data.eye_levels(tile["front"]):
            out["levels"] = data.eye_levels(tile["front"])
        return out
    if kind == "horus":
        return {"kind": kind, "id": tile["id"], "eyes": data.HORUS_TILES[tile["id"]]["eyes"], "key": True}
    if kind == "osiris":
        return {"kind": kind, "id": tile["id"], "value": data.OSIRIS_TILES[tile["id"]]["value"]}
    raise ValueError(kind)


# =========================================================================== messages


def card_msg(cid: str) -> Msg:
    c = data.CARDS[cid]
    k = c["kind"]
    if k == "move":
        return msg("luxor.card.move", n=c["steps"])
    if k == "plus_minus":
        return msg("luxor.card.plus_minus")
    if k == "die":
        return msg("luxor.card.die")
    if k == "range":
        return msg("luxor.card.range", lo=c.get("min", 1), hi=c["max"])
    if k == "range_die":
        return msg("luxor.card.range_die")
    if k == "advance_all":
        return msg("luxor.card.advance_all", n=c["steps"])
    if k == "last_to_second_last":
        return msg("luxor.card.last_to_second_last")
    if k == "one_less":
        return msg("luxor.card.one_less", n=c["steps"])
    raise ValueError(k)


def place_msg(pos: int) -> Msg:
    if pos == STAIRS:
        return msg("luxor.place.stairs")
    if pos == TOMB:
        return msg("luxor.place.tomb")
    return msg("luxor.place.space", n=pos)


def short_place(pos: int) -> Msg:
    """A compact place name for option previews: ``S`` (stairs), ``12``, ``T`` (tomb)."""
    if pos == STAIRS:
        return msg("luxor.short.stairs")
    if pos == TOMB:
        return msg("luxor.short.tomb")
    return msg("luxor.short.space", n=pos)


def type_msg(ttype: str) -> Msg:
    return msg(f"luxor.type.{ttype}")


def tile_msg(tile: dict[str, Any] | None) -> Msg:
    if tile is None:
        return msg("luxor.tile.empty")
    kind = tile["kind"]
    if kind == "treasure":
        t = data.TREASURES[tile["id"]]
        return msg("luxor.tile.treasure", type=type_msg(t["type"]), req=t["required"], vp=t["vp"])
    if kind == "temple":
        return msg(f"luxor.tile.{tile['front']}")
    if kind == "horus":
        return msg("luxor.tile.horus", eyes=data.HORUS_TILES[tile["id"]]["eyes"])
    if kind == "osiris":
        return msg("luxor.tile.osiris", value=data.OSIRIS_TILES[tile["id"]]["value"])
    raise ValueError(kind)


def dest_msg(state: State, pos: int) -> Msg:
    """Where a move ends: ``space 12 (vase 2/3)``, ``the stairs``, ``the tomb``."""
    if pos in (STAIRS, TOMB):
        return place_msg(pos)
    return msg("luxor.place.with_tile", place=place_msg(pos), tile=tile_msg(state["tiles"][pos]))


def dest_short(state: State, pos: int) -> Msg:
    """Like :func:`dest_msg` with a short place name: ``12 (vase 2/3)``, ``tomb``."""
    if pos in (STAIRS, TOMB):
        return short_place(pos)
    return msg("luxor.place.with_tile", place=short_place(pos), tile=tile_msg(state["tiles"][pos]))


# =========================================================================== board geometry


def is_tile(tiles: list, q: int) -> bool:
    return 1 <= q <= data.LAST_PATH and tiles[q] is not None


def next_tile(tiles: list, p: int) -> int:
    """NEXT(p) (LUX-DEF-5): the next tile position forward, or the tomb."""
    for q in range(p + 1, data.LAST_PATH + 1):
        if tiles[q] is not None:
            return q
    return TOMB


def prev_tile(tiles: list, p: int) -> int | None:
    """PREV(p) (LUX-DEF-6): the previous tile position, or None."""
    for q in range(min(p, TOMB) - 1, 0, -1):
        if tiles[q] is not None:
            return q
    return None


def passed_statues(trace: list[int]) -> list[int]:
    """Anubis spaces passed by the forward parts of a trace (LUX-DEF-8)."""
    out: list[int] = []
    for a, b in zip(trace, trace[1:]):
        if b > a:
            for s in data.ANUBIS:
                if a < s < b and s not in out:
                    out.append(s)
    return out


def osiris_value(tile: dict[str, Any]) -> int:
    return data.OSIRIS_TILES[tile["id"]]["value"]


def resolve(state: State, p: int, n: int, keys: int) -> dict[str, Any] | None:
    """RESOLVE(p, n, keys) (LUX-LEGAL-2, LUX-ALG-2). Pure. None = illegal.

    Result: ``{"end", "trace", "osiris": [positions], "tomb": bool, "stopped": bool}``.
    """
    tiles = state["tiles"]
    cur = p
    trace = [p]
    for _ in range(n):
        if cur == TOMB:
            return None  # overshoot (LUX-MOVE-4)
        cur = next_tile(tiles, cur)
        trace.append(cur)
    return _settle(state, cur, trace, keys)


def _settle(state: State, cur: int, trace: list[int], keys: int) -> dict[str, Any] | None:
    """The end of a step sequence: tomb check, or an Osiris continuation (LUX-TILE-OSIRIS-1..3)."""
    tiles = state["tiles"]
    if cur == TOMB:
        if keys >= 1:
            return {"end": TOMB, "trace": trace, "osiris": [], "tomb": True, "stopped": False}
        return None  # keyless (LUX-TOMB-2)
    tile = tiles[cur]
    if tile is not None and tile["kind"] == "osiris":
        r = resolve(state, cur, osiris_value(tile), keys)
        if r is None:
            if state["options"]["forced_move_overshoot"] == "stop_on_last_tile":  # LUX-OPT-5
                last = prev_tile(tiles, TOMB)
                if last is None or last <= cur or tiles[last]["kind"] == "osiris":
                    return None
                return {"end": last, "trace": trace + [last], "osiris": [cur], "tomb": False, "stopped": True}
            return None  # LUX-MOVE-7
        return {
            "end": r["end"],
            "trace": trace + r["trace"][1:],
            "osiris": [cur] + r["osiris"],
            "tomb": r["tomb"],
            "stopped": r["stopped"],
        }
    return {"end": cur, "trace": trace, "osiris": [], "tomb": False, "stopped": False}


def resolve_back(state: State, p: int, keys: int) -> dict[str, Any] | None:
    """A backward step of the +/-1 card (LUX-MOVE-5, Q-09)."""
    if p in (STAIRS, TOMB):
        return None
    q = prev_tile(state["tiles"], p)
    if q is None:
        if state["options"]["backward_to_stairs"]:  # LUX-OPT-3
            return {"end": STAIRS, "trace": [p, STAIRS], "osiris": [], "tomb": False, "stopped": False}
        return None
    return _settle(state, q, [p, q], keys)


def move_problem(state: State, p: int, n: int, keys: int) -> str | None:
    """Why ``RESOLVE(p, n, keys)`` is illegal, for the refusal message; None when it is legal.

    ``"overshoot"`` (LUX-MOVE-4), ``"no_key"`` (LUX-TOMB-2) or ``"osiris"`` (the forced
    continuation of an Osiris tile cannot be completed, LUX-MOVE-7).
    """
    tiles = state["tiles"]
    cur = p
    for _ in range(n):
        if cur == TOMB:
            return "overshoot"
        cur = next_tile(tiles, cur)
    if cur == TOMB:
        return None if keys >= 1 else "no_key"
    tile = tiles[cur]
    if tile is not None and tile["kind"] == "osiris" and _settle(state, cur, [p, cur], keys) is None:
        return "osiris"
    return None


def back_problem(state: State, p: int, keys: int) -> str | None:
    """Why a backward step from ``p`` is illegal: ``"no_tile_behind"`` (LUX-MOVE-5) or ``"osiris"``."""
    if resolve_back(state, p, keys) is not None:
        return None
    if p in (STAIRS, TOMB) or prev_tile(state["tiles"], p) is None:
        return "no_tile_behind"
    return "osiris"


# =========================================================================== adventurers and cards


def player(state: State, seat: int) -> dict[str, Any]:
    return state["seats"][seat]


def active_positions(state: State, seat: int) -> list[int]:
    """Distinct positions of a player's active adventurers (stairs and path), ascending."""
    return sorted({a["pos"] for a in player(state, seat)["adv"] if a["state"] == "active"})


def adv_at(state: State, seat: int, pos: int) -> int | None:
    for i, a in enumerate(player(state, seat)["adv"]):
        if a["state"] == "active" and a["pos"] == pos:
            return i
    return None


def count_at(state: State, seat: int, pos: int) -> int:
    return sum(1 for a in player(state, seat)["adv"] if a["state"] == "active" and a["pos"] == pos)


def movement_options(state: State, seat: int, cid: str, roll: int | None) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """Legal C-06 options for a single-adventurer card: ``(action, resolution, info)``.

    ``info`` has ``from``, ``k`` (steps or None) and ``dir`` ("f"/"b"/None).
    For die cards ``roll`` must be given.
    """
    card = data.CARDS[cid]
    kind = card["kind"]
    keys = player(state, seat)["keys"]
    out: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
    opts = state["options"]
    for p in active_positions(state, seat):
        if kind == "plus_minus":
            r = resolve(state, p, 1, keys)
            if r:
                out.append((f"move {p} f", r, {"from": p, "k": None, "dir": "f"}))
            r = resolve_back(state, p, keys)
            if r:
                out.append((f"move {p} b", r, {"from": p, "k": None, "dir": "b"}))
            continue
        if kind == "move" or (kind == "one_less" and opts["one_less_steps"] == "fixed"):
            ks, fixed = [card["steps"]], True
        elif kind == "die":
            ks, fixed = [roll], True
        elif kind == "one_less":
            ks, fixed = list(range(1, data.ONE_LESS_MAX + 1)), False  # LUX-OPT-8 choose_1_to_3
        elif kind == "range":
            ks, fixed = list(range(card.get("min", 1), card["max"] + 1)), False
        elif kind == "range_die":
            ks, fixed = list(range(1, (roll or 0) + 1)), False
        else:
            raise ValueError(kind)
        for k in ks:
            r = resolve(state, p, k, keys)
            if r:
                out.append((f"move {p}" if fixed else f"move {p} {k}", r, {"from": p, "k": k, "dir": None}))
    return out


ROLL_KINDS = ("die", "range_die")  # the movement is chosen after the roll: "play L", then C-06
SELF_MOVING_KINDS = ("advance_all", "last_to_second_last")  # C-06e / C-07: nothing to choose


def move_known_before_play(cid: str) -> bool:
    """True when the card's movement options are known before it is played (no die roll, and it
    moves one chosen adventurer): its C-04 options name the move too (``play L 7``)."""
    kind = data.CARDS[cid]["kind"]
    return kind not in ROLL_KINDS and kind not in SELF_MOVING_KINDS


def play_moves(state: State, seat: int, cid: str) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """The movement options a combined C-04 option may name for ``cid`` (a card whose movement is
    known before playing): :func:`movement_options`, except that options which are all one
    (start -> end) pair with the same effects collapse to the first, as C-06 resolved itself then."""
    moves = movement_options(state, seat, cid, None)
    if len(moves) > 1 and len({move_outcome(state, seat, cid, r, info) for _, r, info in moves}) == 1:
        return moves[:1]
    return moves


def move_outcome(state: State, seat: int, cid: str, r: dict[str, Any], info: dict[str, Any]) -> tuple:
    """Everything a C-06 option changes: start, movement end, tomb entry, stop, the player's own
    lying adventurers it wakes, and whether *one adventurer less* lowers the requirement there.

    Options with equal outcomes are the same (start -> end) pair of DECISIONS C-06.
    """
    lying = {a["pos"] for a in player(state, seat)["adv"] if a["state"] == "lying"}
    woken = tuple(s for s in passed_statues(r["trace"]) if s in lying)
    one_less = (
        data.CARDS[cid]["kind"] == "one_less"
        and not r["tomb"]
        and (state["options"]["one_less_after_osiris"] or not r["osiris"])
    )
    return (info["from"], r["end"], r["tomb"], r["stopped"], woken, one_less)


def advance_all_plan(state: State, seat: int, n: int) -> list[tuple[int, dict[str, Any] | None]]:
    """The movers of *advance all* in order, each with its resolution (None = blocked). LUX-ALG-4."""
    p = player(state, seat)
    movers = sorted(
        (i for i, a in enumerate(p["adv"]) if a["state"] == "active"),
        key=lambda i: (-p["adv"][i]["pos"], i),
    )
    keys = p["keys"]
    plan = []
    for i in movers:
        r = resolve(state, p["adv"][i]["pos"], n, keys)
        if r and r["tomb"]:
            keys -= 1
        plan.append((i, r))
    return plan


def last_second_last(state: State, seat: int) -> tuple[int, int] | None:
    """(L, S) for *last to second last* (LUX-CARD-H07, LUX-ALG-5), or None when unplayable."""
    pos = active_positions(state, seat)
    if len(pos) < 2:
        return None
    return pos[0], pos[1]


def card_playable(state: State, seat: int, cid: str) -> bool:
    """LUX-LEGAL-4."""
    card = data.CARDS[cid]
    kind = card["kind"]
    if kind == "advance_all":
        plan = advance_all_plan(state, seat, card["steps"])
        if state["options"]["advance_all_blocked"] == "card_unplayable":  # LUX-OPT-6
            return bool(plan) and all(r is not None for _, r in plan)
        return any(r is not None for _, r in plan)
    if kind == "last_to_second_last":
        return last_second_last(state, seat) is not None
    if kind == "die":
        return any(movement_options(state, seat, cid, r) for r in data.DIE_FACES)
    if kind == "range_die":
        return bool(movement_options(state, seat, cid, max(data.DIE_FACES)))
    return bool(movement_options(state, seat, cid, None))


def playable_ends(state: State, seat: int) -> dict[str, bool]:
    hand = player(state, seat)["hand"]
    if not hand:
        return {"L": False, "R": False}
    return {"L": card_playable(state, seat, hand[0]), "R": card_playable(state, seat, hand[-1])}


def same_card_type(a: str, b: str) -> bool:
    ca, cb = data.CARDS[a], data.CARDS[b]
    return (ca["kind"], ca.get("steps"), ca.get("max")) == (cb["kind"], cb.get("steps"), cb.get("max"))


# =========================================================================== scoring


def max_sets(v: int, s: int, j: int, w: int) -> int:
    """LUX-ALG-6: most sets of V+S+J with at most 2 wilds each."""
    k = 0
    size = len(data.TREASURE_TYPES)  # one of each type per set
    for c in range(1, (v + s + j + w) // size + 1):
        m = min(v, c) + min(s, c) + min(j, c)
        if size * c - m <= w and (size - data.MAX_WILD_PER_SET) * c <= m:
            k = c
        else:
            break
    return k


def position_vp(state: State, a: dict[str, Any]) -> int:
    """LUX-SCORE-3."""
    if a["state"] == "lying":
        return 0
    if a["state"] == "finished" or a["pos"] == TOMB:
        return state["options"]["tomb_scarab_vp"]
    return data.SCARAB_VP[a["pos"]]


def final_breakdown(state: State) -> dict[str, Any]:
    rows = []
    for s, p in enumerate(state["seats"]):
        counts = {t: 0 for t in data.TREASURE_TYPES}
        for tid in p["treasures"]:
            counts[data.TREASURES[tid]["type"]] += 1
        v, st, j = (counts[t] for t in data.TREASURE_TYPES)
        sets = max_sets(v, st, j, p["wilds"])
        row = {
            "seat": s,
            "track": p["score"],
            "positions": sum(position_vp(state, a) for a in p["adv"]),
            "sarcophagi": sum(p["sarcophagi"]),
            "keys": p["keys"] * data.KEY_END_VP,
            "sets": sets,
            "set_vp": data.set_vp(sets),
            "scarabs": sum(data.SCARABS[x] for x in p["scarabs"]),
            "scarab_values": sorted(data.SCARABS[x] for x in p["scarabs"]),
        }
        row["total"] = row["track"] + row["positions"] + row["sarcophagi"] + row["keys"] + row["set_vp"] + row["scarabs"]
        rows.append(row)
    scores = [r["total"] for r in rows]
    winners = winners_of(scores, [list(p["sarcophagi"]) for p in state["seats"]])
    return {"scores": scores, "winners": winners, "breakdown": rows}


def winners_of(scores: list[int], sarcophagi: list[list[int]]) -> list[int]:
    """LUX-SCORE-8: highest score; among the tied, the best sarcophagus; else shared."""
    best = max(scores)
    tied = [s for s, x in enumerate(scores) if x == best]
    if len(tied) == 1:
        return tied
    top = {s: max(sarcophagi[s], default=0) for s in tied}
    m = max(top.values())
    if m == 0:
        return tied
    return [s for s in tied if top[s] == m]


# =========================================================================== the turn state machine


def new_turn(seat: int) -> dict[str, Any]:
    return {
        "seat": seat,
        "card": None,
        "end": None,
        "roll": None,
        "stall": False,
        "one_less_pos": None,
        "horus_gained": False,
        "action_pos": None,
        "actors": None,
        "wake_queue": [],
        "after_wake": None,
    }


def _rng(state: State) -> Rng:
    return Rng(state["rng"])


def _begin_turn(st: State, ev: list[Event]) -> None:
    """Phase 1 start: C-04, or C-05 when no end card is playable (LUX-NOMOVE-1)."""
    seat = st["current"]
    st["turn"] = new_turn(seat)
    ev.append(Event(msg("luxor.ev.turn", player=seat, round=st["round"])))
    ends = playable_ends(st, seat)
    st["pending"] = {"kind": "C-04" if (ends["L"] or ends["R"]) else "C-05", "seat": seat}


def _play(st: State, ev: list[Event], end: str) -> None:
    """LUX-TURN-3: play an end card and start its movement."""
    seat = st["current"]
    p = player(st, seat)
    cid = p["hand"].pop(0 if end == "L" else len(p["hand"]) - 1)
    st["discard"].append(cid)
    turn = st["turn"]
    turn["card"], turn["end"] = cid, end
    ev.append(Event(msg("luxor.ev.played", player=seat, card=card_msg(cid), side=msg(f"luxor.side.{end}"))))
    card = data.CARDS[cid]
    kind = card["kind"]
    if kind in ("die", "range_die"):
        rng = _rng(st)
        roll = rng.choice(list(data.DIE_FACES))
        st["rng"] = rng.state
        turn["roll"] = roll
        st["last_roll"] = roll
        ev.append(Event(msg("luxor.ev.rolled", player=seat, roll=roll)))
    if kind == "advance_all":
        _advance_all(st, ev, card["steps"])
        return
    if kind == "last_to_second_last":
        _last_to_second_last(st, ev)
        return
    if not movement_options(st, seat, cid, turn["roll"]):
        ev.append(Event(msg("luxor.ev.roll_failed", player=seat, roll=turn["roll"])))  # LUX-NOMOVE-3
        _draw_phase(st, ev)
        return
    st["pending"] = {"kind": "C-06", "seat": seat}


def _play_and_move(st: State, ev: list[Event], end: str, move_action: str) -> None:
    """C-04 with a combined option (``play L 7``): LUX-TURN-3 and the C-06 choice in one step,
    with the same events and state as ``play L`` followed by ``move 7``."""
    _play(st, ev, end)
    assert st["pending"] == {"kind": "C-06", "seat": st["current"]}, st["pending"]
    st["pending"] = None
    _move(st, ev, move_action)


def _discard(st: State, ev: list[Event], end: str) -> None:
    """LUX-NOMOVE-1: stall turn."""
    seat = st["current"]
    p = player(st, seat)
    cid = p["hand"].pop(0 if end == "L" else len(p["hand"]) - 1)
    st["discard"].append(cid)
    st["turn"].update(card=cid, end=end, stall=True)
    ev.append(Event(msg("luxor.ev.stalled", player=seat, card=card_msg(cid), side=msg(f"luxor.side.{end}"))))
    _draw_phase(st, ev)


def _wake(st: State, ev: list[Event], seat: int, statue: int) -> None:
    p = player(st, seat)
    for i, a in enumerate(p["adv"]):
        if a["state"] == "lying" and a["pos"] == statue:
            a["state"], a["pos"] = "active", STAIRS
            ev.append(Event(msg("luxor.ev.woke", player=seat, adv=i + 1, statue=statue)))
            return


def _activations(st: State, ev: list[Event], seat: int, trace: list[int]) -> None:
    """LUX-ANUBIS-2 (mandatory) or queue C-13 (LUX-OPT-4)."""
    p = player(st, seat)
    for s in passed_statues(trace):
        if any(a["state"] == "lying" and a["pos"] == s for a in p["adv"]):
            if st["options"]["anubis_activation_optional"]:
                if s not in st["turn"]["wake_queue"]:
                    st["turn"]["wake_queue"].append(s)
            else:
                _wake(st, ev, seat, s)


def _apply_move(st: State, ev: list[Event], seat: int, i: int, r: dict[str, Any]) -> None:
    """LUX-ALG-3: carry out a resolved movement of adventurer ``i``."""
    p = player(st, seat)
    a = p["adv"][i]
    src = a["pos"]
    a["pos"] = r["end"]
    if r["osiris"]:
        ev.append(
            Event(
                msg(
                    "luxor.ev.moved_osiris",
                    player=seat,
                    adv=i + 1,
                    src=place_msg(src),
                    dst=place_msg(r["end"]),
                    via=[place_msg(o) for o in r["osiris"]],
                )
            )
        )
    else:
        ev.append(Event(msg("luxor.ev.moved", player=seat, adv=i + 1, src=place_msg(src), dst=place_msg(r["end"]))))
    _activations(st, ev, seat, r["trace"])
    if r["tomb"]:
        _enter_tomb(st, ev, seat, i)


def _enter_tomb(st: State, ev: list[Event], seat: int, i: int) -> None:
    """LUX-TOMB-2/3, LUX-END-1."""
    p = player(st, seat)
    p["adv"][i]["state"] = "finished"
    p["adv"][i]["pos"] = TOMB
    p["keys"] -= 1
    st["key_space"] += 1
    st["tomb_entries"] += 1
    ev.append(Event(msg("luxor.ev.tomb", player=seat, adv=i + 1, keys=p["keys"])))
    if st["sarcophagi"]:
        vp = st["sarcophagi"].pop(0)
        p["sarcophagi"].append(vp)
        ev.append(Event(msg("luxor.ev.sarcophagus", player=seat, vp=vp)))
    if st["tomb_entries"] == END_TRIGGER_ENTRIES and not st["end_triggered"]:
        st["end_triggered"] = True
        ev.append(Event(msg("luxor.ev.end_triggered", player=seat)))


def _move(st: State, ev: list[Event], action: str) -> None:
    """C-06 chosen."""
    seat = st["current"]
    turn = st["turn"]
    opts = {a: (r, info) for a, r, info in movement_options(st, seat, turn["card"], turn["roll"])}
    r, info = opts[action]
    i = adv_at(st, seat, info["from"])
    assert i is not None
    _apply_move(st, ev, seat, i, r)
    if data.CARDS[turn["card"]]["kind"] == "one_less" and not r["tomb"]:
        if st["options"]["one_less_after_osiris"] or not r["osiris"]:  # LUX-OPT-7
            turn["one_less_pos"] = r["end"]
    turn["action_pos"] = r["end"]
    turn["after_wake"] = "movement"
    _after_movement(st, ev)


def _advance_all(st: State, ev: list[Event], n: int) -> None:
    """LUX-CARD-H05."""
    seat = st["current"]
    p = player(st, seat)
    movers = sorted(
        (i for i, a in enumerate(p["adv"]) if a["state"] == "active"),
        key=lambda i: (-p["adv"][i]["pos"], i),
    )
    moved = []
    for i in movers:
        a = p["adv"][i]
        r = resolve(st, a["pos"], n, p["keys"])
        if r is None:
            ev.append(Event(msg("luxor.ev.blocked", player=seat, adv=i + 1, src=place_msg(a["pos"]))))
            continue
        _apply_move(st, ev, seat, i, r)
        moved.append(i)
    st["turn"]["actors"] = moved
    st["turn"]["after_wake"] = "movement"
    _after_movement(st, ev)


def _last_to_second_last(st: State, ev: list[Event]) -> None:
    """LUX-CARD-H07; C-07 is resolved automatically (the adventurers on L are identical)."""
    seat = st["current"]
    ls = last_second_last(st, seat)
    assert ls is not None
    low, second = ls
    i = adv_at(st, seat, low)
    assert i is not None
    player(st, seat)["adv"][i]["pos"] = second
    ev.append(Event(msg("luxor.ev.jumped", player=seat, adv=i + 1, src=place_msg(low), dst=place_msg(second))))
    _activations(st, ev, seat, [low, second])
    st["turn"]["action_pos"] = second
    st["turn"]["after_wake"] = "movement"
    _after_movement(st, ev)


def _after_movement(st: State, ev: list[Event]) -> None:
    if st["turn"]["wake_queue"]:
        st["pending"] = {"kind": "C-13", "seat": st["current"]}
        return
    _movement_done(st, ev)


def actor_candidates(st: State) -> list[int]:
    """C-08 candidates: positions of adventurers moved by *advance all*, not in the tomb (LUX-CARD-H06)."""
    p = player(st, st["current"])
    return sorted({p["adv"][i]["pos"] for i in st["turn"]["actors"] if p["adv"][i]["state"] == "active"})


def _movement_done(st: State, ev: list[Event]) -> None:
    turn = st["turn"]
    if turn["actors"] is not None:
        cands = actor_candidates(st)
        if not cands:
            _draw_phase(st, ev)
            return
        st["pending"] = {"kind": "C-08", "seat": st["current"]}
        return
    _action(st, ev, turn["action_pos"])


def treasure_requirement(st: State, pos: int) -> int:
    req = data.TREASURES[st["tiles"][pos]["id"]]["required"]
    if st["turn"]["one_less_pos"] == pos:
        req -= 1  # LUX-TILE-TREASURE-6
    return req


def horus_choices(st: State, pos: int) -> list[str]:
    """C-09 options that are available (LUX-TILE-HORUS-2)."""
    eyes = data.HORUS_TILES[st["tiles"][pos]["id"]]["eyes"]
    out = []
    if st["supply"]["keys"] > 0:
        out.append("key")
    if st["horus_stacks"][str(eyes)]:
        out.append("card")
    return out


def eye_choices(st: State, pos: int) -> list[int]:
    return [lvl for lvl in data.eye_levels(st["tiles"][pos]["front"]) if st["horus_stacks"][str(lvl)]]


def wildscarab_choices(st: State) -> list[str]:
    out = []
    if st["supply"]["wilds"] > 0:
        out.append("wild")
    if st["supply"]["scarabs"]:
        out.append("scarab")
    return out


def _action(st: State, ev: list[Event], pos: int) -> None:
    """Phase 2 (LUX-ACT-1) at ``pos``."""
    seat = st["current"]
    st["turn"]["action_pos"] = pos
    tile = st["tiles"][pos] if 1 <= pos <= data.LAST_PATH else None
    if tile is None:
        _draw_phase(st, ev)  # empty space, stairs, tomb: no action (LUX-TURN-4)
        return
    kind = tile["kind"]
    if kind == "treasure":
        have, need = count_at(st, seat, pos), treasure_requirement(st, pos)
        if have >= need:
            if st["options"]["treasure_take_optional"]:
                st["pending"] = {"kind": "C-12", "seat": seat}
                return
            _take_treasure(st, ev, pos)
        else:
            ev.append(Event(msg("luxor.ev.treasure_missed", player=seat, place=place_msg(pos), have=have, need=need)))
        _draw_phase(st, ev)
        return
    if kind == "horus":
        if horus_choices(st, pos):
            st["pending"] = {"kind": "C-09", "seat": seat}
            return
        ev.append(Event(msg("luxor.ev.nothing_left", player=seat, place=place_msg(pos))))
        _draw_phase(st, ev)
        return
    if kind == "osiris":  # pragma: no cover - never reached (LUX-TILE-OSIRIS-2)
        raise AssertionError("an adventurer stopped on an Osiris tile")
    front = tile["front"]
    if front == "scarab":
        if st["supply"]["scarabs"]:
            _take_scarab(st, ev)
        else:
            ev.append(Event(msg("luxor.ev.nothing_left", player=seat, place=place_msg(pos))))
    elif front == "wild":
        if st["supply"]["wilds"]:
            _take_wild(st, ev)
        else:
            ev.append(Event(msg("luxor.ev.nothing_left", player=seat, place=place_msg(pos))))
    elif front == "wild_or_scarab":
        if wildscarab_choices(st):
            st["pending"] = {"kind": "C-11", "seat": seat}
            return
        ev.append(Event(msg("luxor.ev.nothing_left", player=seat, place=place_msg(pos))))
    elif data.eye_levels(front):
        if eye_choices(st, pos):
            st["pending"] = {"kind": "C-10", "seat": seat}
            return
        ev.append(Event(msg("luxor.ev.nothing_left", player=seat, place=place_msg(pos))))
    elif front == "tunnel":
        _tunnel(st, ev, pos)
        if st["turn"]["wake_queue"]:
            return
    else:  # pragma: no cover
        raise ValueError(front)
    _draw_phase(st, ev)


def _take_treasure(st: State, ev: list[Event], pos: int) -> None:
    """LUX-TILE-TREASURE-2/4/5."""
    seat = st["current"]
    p = player(st, seat)
    tid = st["tiles"][pos]["id"]
    t = data.TREASURES[tid]
    p["treasures"].append(tid)
    p["score"] += t["vp"]
    ev.append(
        Event(
            msg(
                "luxor.ev.treasure",
                player=seat,
                type=type_msg(t["type"]),
                ttype=t["type"],
                req=t["required"],
                vp=t["vp"],
                place=place_msg(pos),
                score=p["score"],
            )
        )
    )
    icon = data.ICON[pos]
    if icon and st["temple_stacks"][icon]:  # a stack cannot run out in a real game (LUX-SUPPLY-2)
        tile = st["temple_stacks"][icon].pop()
        st["tiles"][pos] = tile
        ev.append(Event(msg("luxor.ev.revealed", place=place_msg(pos), tile=tile_msg(tile), back=msg(f"luxor.back.{icon}"))))
    else:
        st["tiles"][pos] = None


def _take_scarab(st: State, ev: list[Event]) -> None:
    """LUX-TILE-SCARAB-1: the value is told only to the owner."""
    seat = st["current"]
    sid = st["supply"]["scarabs"].pop()
    player(st, seat)["scarabs"].append(sid)
    ev.append(Event(msg("luxor.ev.scarab", player=seat, count=len(player(st, seat)["scarabs"]))))
    ev.append(Event(msg("luxor.ev.scarab_value", player=seat, vp=data.SCARABS[sid]), to=seat))


def _take_wild(st: State, ev: list[Event]) -> None:
    seat = st["current"]
    st["supply"]["wilds"] -= 1
    player(st, seat)["wilds"] += 1
    ev.append(Event(msg("luxor.ev.wild", player=seat, count=player(st, seat)["wilds"])))


def _take_key(st: State, ev: list[Event]) -> None:
    seat = st["current"]
    st["supply"]["keys"] -= 1
    player(st, seat)["keys"] += 1
    ev.append(Event(msg("luxor.ev.key", player=seat, keys=player(st, seat)["keys"])))


def _take_horus_card(st: State, ev: list[Event], level: int) -> None:
    """LUX-CARD-H01, LUX-HAND-3: the top card of a level goes into the middle of the hand."""
    seat = st["current"]
    cid = st["horus_stacks"][str(level)].pop()
    hand = player(st, seat)["hand"]
    hand.insert(len(hand) // 2, cid)
    st["turn"]["horus_gained"] = True
    ev.append(Event(msg("luxor.ev.horus_card", player=seat, card=card_msg(cid), level=level, card_id=cid)))


def _tunnel(st: State, ev: list[Event], pos: int) -> None:
    """LUX-TILE-TUNNEL-1..4."""
    seat = st["current"]
    tiles = st["tiles"]
    dest = next(
        (q for q in range(pos + 1, data.LAST_PATH + 1) if tiles[q] and tiles[q]["kind"] == "temple" and tiles[q]["front"] == "tunnel"),
        None,
    )
    if dest is None:
        ev.append(Event(msg("luxor.ev.tunnel_none", player=seat, place=place_msg(pos))))
        return
    i = adv_at(st, seat, pos)
    assert i is not None
    player(st, seat)["adv"][i]["pos"] = dest
    ev.append(Event(msg("luxor.ev.tunnel", player=seat, adv=i + 1, src=place_msg(pos), dst=place_msg(dest))))
    _activations(st, ev, seat, [pos, dest])
    if st["turn"]["wake_queue"]:
        st["turn"]["after_wake"] = "action"
        st["pending"] = {"kind": "C-13", "seat": seat}


def _draw_phase(st: State, ev: list[Event]) -> None:
    """Phase 3 (LUX-DRAW-1/2)."""
    seat = st["current"]
    st["pending"] = None
    if st["turn"]["horus_gained"]:
        ev.append(Event(msg("luxor.ev.no_draw", player=seat)))
    else:
        _draw_card(st, ev, seat)
    _end_turn(st, ev)


def _reshuffle(st: State, ev: list[Event]) -> None:
    rng = _rng(st)
    pile = st["discard"]
    st["discard"] = []
    rng.shuffle(pile)
    st["draw"] = pile + st["draw"]
    st["rng"] = rng.state
    ev.append(Event(msg("luxor.ev.reshuffled", count=len(st["draw"]))))


def _draw_card(st: State, ev: list[Event], seat: int) -> None:
    if not st["draw"]:
        _reshuffle(st, ev)  # LUX-DRAW-2 (on demand)
    cid = st["draw"].pop()
    hand = player(st, seat)["hand"]
    hand.insert(len(hand) // 2, cid)
    ev.append(Event(msg("luxor.ev.drew", player=seat)))
    ev.append(Event(msg("luxor.ev.drew_card", player=seat, card=card_msg(cid)), to=seat))
    if st["options"]["reshuffle_timing"] == "immediate" and not st["draw"] and st["discard"]:
        _reshuffle(st, ev)  # LUX-OPT-11


def _end_turn(st: State, ev: list[Event]) -> None:
    """LUX-TURN-6: game end, stall rule, next player."""
    seat = st["current"]
    order = st["order"]
    stall = st["turn"]["stall"]
    st["stall"]["round"].append(stall)
    st["stall"]["streak"] = st["stall"]["streak"] + 1 if stall else 0
    last_in_round = seat == order[-1]
    n = len(order)
    if st["end_triggered"] and last_in_round:  # LUX-END-2
        _game_over(st, ev, "tomb")
        return
    if st["options"]["stall_end"] == "full_round":
        if last_in_round and len(st["stall"]["round"]) == n and all(st["stall"]["round"]):
            _game_over(st, ev, "stall")  # LUX-END-4
            return
    elif st["stall"]["streak"] >= n:
        _game_over(st, ev, "stall")
        return
    if last_in_round:
        st["round"] += 1
        st["stall"]["round"] = []
    st["current"] = order[(order.index(seat) + 1) % n]
    _begin_turn(st, ev)


BREAKDOWN_FIELDS = ("track", "positions", "sarcophagi", "keys", "sets", "set_vp", "scarabs", "total")


def breakdown_msg(key: str, row: dict[str, Any], *extra: str) -> Msg:
    """One player's final-scoring line (LUX-END-5) as a message with every part of the breakdown."""
    return msg(key, player=row["seat"], **{f: row[f] for f in BREAKDOWN_FIELDS + extra})


def _game_over(st: State, ev: list[Event], reason: str) -> None:
    st["over"] = True
    st["pending"] = None
    if reason == "stall" and st["options"]["stall_end"] == "consecutive_turns":  # LUX-OPT-10
        ev.append(Event(msg("luxor.ev.game_over_stall_turns", n=st["stall"]["streak"])))
    else:
        ev.append(Event(msg(f"luxor.ev.game_over_{reason}")))
    fb = final_breakdown(st)
    fb["reason"] = reason  # "tomb" (LUX-END-2) or "stall" (LUX-END-4)
    st["final"] = fb
    for row in fb["breakdown"]:
        ev.append(Event(breakdown_msg("luxor.ev.final", row, "scarab_values")))
    ev.append(Event(msg("luxor.ev.winners", players=fb["winners"], score=max(fb["scores"]))))


# =========================================================================== decision dispatch


def dispatch(st: State, ev: list[Event], kind: str, action: str) -> None:
    """Carry out a validated action for the pending decision ``kind``."""
    toks = action.split()
    st["pending"] = None
    if kind == "C-03":
        start = int(toks[1])
        n = len(st["seats"])
        st["order"] = [(start + k) % n for k in range(n)]
        st["current"] = start
        ev.append(Event(msg("luxor.ev.start_player", player=start)))
        _begin_turn(st, ev)
    elif kind == "C-04":
        if len(toks) > 2:  # "play L 7", "play L 7 3", "play R 12 f"
            _play_and_move(st, ev, toks[1], " ".join(["move"] + toks[2:]))
        else:
            _play(st, ev, toks[1])
    elif kind == "C-05":
        _discard(st, ev, toks[1])
    elif kind == "C-06":
        _move(st, ev, action)
    elif kind == "C-08":
        _action(st, ev, int(toks[1]))
    elif kind == "C-09":
        if toks[0] == "key":
            _take_key(st, ev)
        else:
            eyes = data.HORUS_TILES[st["tiles"][st["turn"]["action_pos"]]["id"]]["eyes"]
            _take_horus_card(st, ev, eyes)
        _draw_phase(st, ev)
    elif kind == "C-10":
        _take_horus_card(st, ev, int(toks[1]))
        _draw_phase(st, ev)
    elif kind == "C-11":
        if toks[0] == "wild":
            _take_wild(st, ev)
        else:
            _take_scarab(st, ev)
        _draw_phase(st, ev)
    elif kind == "C-12":
        pos = st["turn"]["action_pos"]
        if toks[0] == "take":
            _take_treasure(st, ev, pos)
        else:
            ev.append(Event(msg("luxor.ev.treasure_left", player=st["current"], place=place_msg(pos))))
        _draw_phase(st, ev)
    elif kind == "C-13":
        turn = st["turn"]
        statue = turn["wake_queue"].pop(0)
        if toks[0] == "wake":
            _wake(st, ev, st["current"], statue)
        else:
            ev.append(Event(msg("luxor.ev.left_lying", player=st["current"], statue=statue)))
        if turn["wake_queue"]:
            st["pending"] = {"kind": "C-13", "seat": st["current"]}
            return
        if turn["after_wake"] == "movement":
            _movement_done(st, ev)
        else:
            _draw_phase(st, ev)
    else:  # pragma: no cover
        raise ValueError(kind)
