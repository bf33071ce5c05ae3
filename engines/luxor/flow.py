"""The turn flow (LUX-TURN-1…6): phase 1 (play a card and move), phase 2 (the action at the
movement's end), phase 3 (draw), the end of the turn and of the game.

Every function here changes the (already cloned) state it is given in place and appends the
:class:`~engines.core.Event` s of what happened to ``ev``. The flow stops at the next decision
by setting ``st["pending"] = {"kind": "C-xx", "seat": seat}``; the handlers in ``rules.py`` go
on from there. Clause ids refer to ``shared/rules/luxor/RULES.md``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Event, Msg, Rng, msg

from . import data
from .labels import card_msg, place_msg, side_msg, tile_msg, type_msg
from .movement import (
    ROLL_KINDS,
    MoveInfo,
    Resolution,
    adv_at,
    advance_all_movers,
    any_movement,
    count_at,
    last_second_last,
    movement_of,
    passed_statues,
    player,
    resolve,
    same_card_type,
)
from .offers import c04_table, c06_table
from .scoring import breakdown_msg, final_breakdown

State = dict[str, Any]
Events = list[Event]
TOMB = data.TOMB
STAIRS = data.STAIRS
END_TRIGGER_ENTRIES = 2  # LUX-END-1: the second adventurer to enter the tomb ends the game (printed rule)


def ask(st: State, kind: str) -> None:
    """Wait for the current player's decision ``kind``."""
    st["pending"] = {"kind": kind, "seat": st["current"]}


def hidden_sources(st: State) -> tuple[int, ...]:
    """What a move can take from unseen places (``hidden.py``): the RNG (die rolls, reshuffles), the
    draw pile, the face-down scarab supply and temple stacks, and the Horus cards under each stack's
    top (taking the top card turns up the one below). A move brings hidden information into the open (``Outcome.reveals``)
    exactly when it changes one of these."""
    temple, horus = st["temple_stacks"], st["horus_stacks"]
    out = [st["rng"], len(st["draw"]), len(st["supply"]["scarabs"])]
    out += [len(temple[b]) for b in sorted(temple)]
    out += [len(horus[lvl]) - 1 if horus[lvl] else 0 for lvl in sorted(horus)]  # the face-down cards under the top
    return tuple(out)


def hand_sizes(st: State) -> list[int]:
    """The players' hand sizes: a hand that shrinks has shown a card (played or discarded face up; a hand is
    private, LUX-HAND-5). A hand that grows took a face-up Horus card or drew (the draw shows in
    :func:`reveal_marks`)."""
    return [len(p["hand"]) for p in st["seats"]]


def reveal_marks(st: State) -> tuple[Any, ...]:
    """:func:`hidden_sources` for comparing one state before and after a move: the same numbers, the
    stacks in the state's own order (a move neither adds nor removes a stack), cheaper to read."""
    return (st["rng"], len(st["draw"]), len(st["supply"]["scarabs"]), *map(len, st["temple_stacks"].values()),
            *[len(v) - 1 if v else 0 for v in st["horus_stacks"].values()])


# =========================================================================== start and turns


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


def start_game(st: State, ev: Events, start: int) -> None:
    """LUX-SETUP-10: ``start`` begins, the others follow clockwise."""
    n = len(st["seats"])
    st["order"] = [(start + k) % n for k in range(n)]
    st["current"] = start
    ev.append(Event(msg("luxor.ev.start_player", player=start)))
    begin_turn(st, ev)


def begin_turn(st: State, ev: Events) -> None:
    """Phase 1 start: C-04, or C-05 when no end card is playable (LUX-NOMOVE-1)."""
    seat = st["current"]
    st["turn"] = new_turn(seat)
    ev.append(Event(Msg("luxor.ev.turn", {"player": seat, "round": st["round"]})))
    # an end card is playable exactly when it has a C-04 option; the table is the one the decision reads next
    playable = bool(player(st, seat)["hand"]) and bool(c04_table(st, seat).offers)
    ask(st, "C-04" if playable else "C-05")


def forced_action(st: State) -> str | None:
    """A pending decision with several options that DECISIONS.md still resolves by itself: C-05
    when both end cards are of one type (discard the left), C-06 when all its options are one
    (start -> end) pair with the same effects (the first)."""
    pend = st["pending"]
    if st["over"] or not pend:
        return None
    seat = pend["seat"]
    if pend["kind"] == "C-05":
        hand = player(st, seat)["hand"]
        return "discard L" if same_card_type(hand[0], hand[-1]) else None
    if pend["kind"] == "C-06":
        return c06_table(st, seat).forced
    return None


# =========================================================================== phase 1: card and movement


def _rng(state: State) -> Rng:
    return Rng(state["rng"])


def _take_end(st: State, end: str) -> str:
    p = player(st, st["current"])
    cid: str = p["hand"].pop(0 if end == "L" else len(p["hand"]) - 1)
    st["discard"].append(cid)
    return cid


def play(st: State, ev: Events, end: str, known_legal: bool = False) -> None:
    """LUX-TURN-3: play an end card and start its movement (``known_legal``: the caller chose a legal
    movement of this card already, so there is one: LUX-NOMOVE-3 cannot apply)."""
    seat = st["current"]
    cid = _take_end(st, end)
    turn = st["turn"]
    turn["card"], turn["end"] = cid, end
    ev.append(Event(Msg("luxor.ev.played", {"player": seat, "card": card_msg(cid), "side": side_msg(end)})))
    card = data.CARDS[cid]
    kind = card["kind"]
    if kind in ROLL_KINDS:
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
    if not known_legal and not any_movement(st, seat, cid, turn["roll"]):
        ev.append(Event(msg("luxor.ev.roll_failed", player=seat, roll=turn["roll"])))  # LUX-NOMOVE-3
        draw_phase(st, ev)
        return
    ask(st, "C-06")


def play_and_move(st: State, ev: Events, end: str, move_action: str,
                  known: tuple[Resolution, MoveInfo] | None = None) -> None:
    """C-04 with a combined option (``play L 7``): LUX-TURN-3 and the C-06 choice in one step,
    with the same events and state as ``play L`` followed by ``move 7`` (``known``: that movement's
    resolution, when the caller has it: the board has not changed since it was resolved)."""
    play(st, ev, end, known_legal=True)  # the option was judged legal (a card known before playing)
    assert st["pending"] == {"kind": "C-06", "seat": st["current"]}, st["pending"]
    st["pending"] = None
    move(st, ev, move_action, known)


def discard(st: State, ev: Events, end: str) -> None:
    """LUX-NOMOVE-1: stall turn."""
    seat = st["current"]
    cid = _take_end(st, end)
    st["turn"].update(card=cid, end=end, stall=True)
    ev.append(Event(msg("luxor.ev.stalled", player=seat, card=card_msg(cid), side=side_msg(end))))
    draw_phase(st, ev)


def wake(st: State, ev: Events, seat: int, statue: int) -> None:
    for i, a in enumerate(player(st, seat)["adv"]):
        if a["state"] == "lying" and a["pos"] == statue:
            a["state"], a["pos"] = "active", STAIRS
            ev.append(Event(msg("luxor.ev.woke", player=seat, adv=i + 1, statue=statue)))
            return


def _activations(st: State, ev: Events, seat: int, trace: list[int]) -> None:
    """LUX-ANUBIS-2 (mandatory) or queue C-13 (LUX-OPT-4)."""
    p = player(st, seat)
    for a in p["adv"]:
        if a["state"] == "lying":
            break
    else:
        return  # nobody of the seat lies at a statue (waking only stands one up)
    for s in passed_statues(trace):
        if any(a["state"] == "lying" and a["pos"] == s for a in p["adv"]):
            if not st["options"]["anubis_activation_optional"]:
                wake(st, ev, seat, s)
            elif s not in st["turn"]["wake_queue"]:
                st["turn"]["wake_queue"].append(s)


def _apply_move(st: State, ev: Events, seat: int, i: int, r: Resolution) -> None:
    """LUX-ALG-3: carry out a resolved movement of adventurer ``i``."""
    a = player(st, seat)["adv"][i]
    src = a["pos"]
    a["pos"] = r["end"]
    moved = {"player": seat, "adv": i + 1, "src": place_msg(src), "dst": place_msg(r["end"])}
    if r["osiris"]:
        moved["via"] = [place_msg(o) for o in r["osiris"]]
        ev.append(Event(Msg("luxor.ev.moved_osiris", moved)))
    else:
        ev.append(Event(Msg("luxor.ev.moved", moved)))
    _activations(st, ev, seat, r["trace"])
    if r["tomb"]:
        _enter_tomb(st, ev, seat, i)


def _enter_tomb(st: State, ev: Events, seat: int, i: int) -> None:
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


def move(st: State, ev: Events, action: str, known: tuple[Resolution, MoveInfo] | None = None) -> None:
    """C-06 chosen: move one adventurer as ``action`` (``move 7``, ``move 7 3``, ``move 7 f``) says
    (``known``: :func:`movement_of` that action, when the caller has it)."""
    seat = st["current"]
    turn = st["turn"]
    r, info = movement_of(st, seat, turn["card"], turn["roll"], action) if known is None else known
    i = adv_at(st, seat, info.start)
    assert i is not None
    _apply_move(st, ev, seat, i, r)
    one_less = data.CARDS[turn["card"]]["kind"] == "one_less" and not r["tomb"]
    if one_less and (st["options"]["one_less_after_osiris"] or not r["osiris"]):  # LUX-OPT-7
        turn["one_less_pos"] = r["end"]
    turn["action_pos"] = r["end"]
    turn["after_wake"] = "movement"
    _after_movement(st, ev)


def _advance_all(st: State, ev: Events, n: int) -> None:
    """LUX-CARD-H05."""
    seat = st["current"]
    p = player(st, seat)
    moved = []
    for i in advance_all_movers(st, seat):
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


def _last_to_second_last(st: State, ev: Events) -> None:
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


def _after_movement(st: State, ev: Events) -> None:
    if st["turn"]["wake_queue"]:
        ask(st, "C-13")
        return
    movement_done(st, ev)


def actor_candidates(st: State) -> list[int]:
    """C-08 candidates: positions of adventurers moved by *advance all*, not in the tomb (LUX-CARD-H06)."""
    p = player(st, st["current"])
    return sorted({p["adv"][i]["pos"] for i in st["turn"]["actors"] if p["adv"][i]["state"] == "active"})


def movement_done(st: State, ev: Events) -> None:
    """The movement (and any C-13 wake-ups) is over: choose who acts (C-08), or act at its end."""
    turn = st["turn"]
    if turn["actors"] is not None:
        if not actor_candidates(st):
            draw_phase(st, ev)
            return
        ask(st, "C-08")
        return
    action(st, ev, turn["action_pos"])


# =========================================================================== phase 2: the action


def treasure_requirement(st: State, pos: int) -> int:
    req: int = data.TREASURES[st["tiles"][pos]["id"]]["required"]
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


def action(st: State, ev: Events, pos: int) -> None:
    """Phase 2 (LUX-ACT-1) at ``pos``: the tile there acts; a choice waits for its decision."""
    st["turn"]["action_pos"] = pos
    tile = st["tiles"][pos] if 1 <= pos <= data.LAST_PATH else None
    if tile is None:
        draw_phase(st, ev)  # empty space, stairs, tomb: no action (LUX-TURN-4)
        return
    if tile["kind"] == "osiris":  # pragma: no cover - never reached (LUX-TILE-OSIRIS-2)
        raise AssertionError("an adventurer stopped on an Osiris tile")
    tile_action = _TILE_ACTIONS.get(tile["kind"]) or _TEMPLE_ACTIONS[tile["front"]]
    if tile_action(st, ev, st["current"], pos):
        return  # a decision is pending
    draw_phase(st, ev)


def _nothing_left(ev: Events, seat: int, pos: int) -> None:
    ev.append(Event(msg("luxor.ev.nothing_left", player=seat, place=place_msg(pos))))


def _treasure_action(st: State, ev: Events, seat: int, pos: int) -> bool:
    """LUX-TILE-TREASURE-1/3: enough own adventurers there take it (C-12 when taking is optional)."""
    have, need = count_at(st, seat, pos), treasure_requirement(st, pos)
    if have < need:
        ev.append(Event(Msg("luxor.ev.treasure_missed", {"player": seat, "place": place_msg(pos), "have": have, "need": need})))
    elif st["options"]["treasure_take_optional"]:
        ask(st, "C-12")
        return True
    else:
        take_treasure(st, ev, pos)
    return False


def _horus_action(st: State, ev: Events, seat: int, pos: int) -> bool:
    """LUX-TILE-HORUS-1/2: a key or a Horus card (C-09)."""
    if horus_choices(st, pos):
        ask(st, "C-09")
        return True
    _nothing_left(ev, seat, pos)
    return False


def _scarab_action(st: State, ev: Events, seat: int, pos: int) -> bool:
    if st["supply"]["scarabs"]:
        take_scarab(st, ev)
    else:
        _nothing_left(ev, seat, pos)
    return False


def _wild_action(st: State, ev: Events, seat: int, pos: int) -> bool:
    if st["supply"]["wilds"]:
        take_wild(st, ev)
    else:
        _nothing_left(ev, seat, pos)
    return False


def _wild_or_scarab_action(st: State, ev: Events, seat: int, pos: int) -> bool:
    """LUX-TILE-WILDSCARAB-1 (C-11)."""
    if wildscarab_choices(st):
        ask(st, "C-11")
        return True
    _nothing_left(ev, seat, pos)
    return False


def _eye_action(st: State, ev: Events, seat: int, pos: int) -> bool:
    """LUX-TILE-EYE-1: a Horus card of one of two levels (C-10)."""
    if eye_choices(st, pos):
        ask(st, "C-10")
        return True
    _nothing_left(ev, seat, pos)
    return False


def _tunnel(st: State, ev: Events, seat: int, pos: int) -> bool:
    """LUX-TILE-TUNNEL-1..4: on to the next tunnel tile (C-13 for statues passed on the way)."""
    tiles = st["tiles"]
    dest = next(
        (q for q in range(pos + 1, data.LAST_PATH + 1) if tiles[q] and tiles[q]["kind"] == "temple" and tiles[q]["front"] == "tunnel"),
        None,
    )
    if dest is None:
        ev.append(Event(msg("luxor.ev.tunnel_none", player=seat, place=place_msg(pos))))
        return False
    i = adv_at(st, seat, pos)
    assert i is not None
    player(st, seat)["adv"][i]["pos"] = dest
    ev.append(Event(msg("luxor.ev.tunnel", player=seat, adv=i + 1, src=place_msg(pos), dst=place_msg(dest))))
    _activations(st, ev, seat, [pos, dest])
    if st["turn"]["wake_queue"]:
        st["turn"]["after_wake"] = "action"
        ask(st, "C-13")
        return True
    return False


TileAction = Callable[[State, Events, int, int], bool]
#: the action of a tile by kind (temple tiles by front); True = it waits for a decision
_TILE_ACTIONS: dict[str, TileAction] = {"treasure": _treasure_action, "horus": _horus_action}
_TEMPLE_ACTIONS: dict[str, TileAction] = {
    "scarab": _scarab_action,
    "wild": _wild_action,
    "wild_or_scarab": _wild_or_scarab_action,
    "eye_1_2": _eye_action,
    "eye_2_3": _eye_action,
    "tunnel": _tunnel,
}


def take_treasure(st: State, ev: Events, pos: int) -> None:
    """LUX-TILE-TREASURE-2/4/5: score it; the temple stack of the space's icon reveals its top tile."""
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


def leave_treasure(st: State, ev: Events, pos: int) -> None:
    """LUX-OPT-2: the player leaves a treasure they could take."""
    ev.append(Event(msg("luxor.ev.treasure_left", player=st["current"], place=place_msg(pos))))


def take_scarab(st: State, ev: Events) -> None:
    """LUX-TILE-SCARAB-1: the value is told only to the owner."""
    seat = st["current"]
    sid = st["supply"]["scarabs"].pop()
    player(st, seat)["scarabs"].append(sid)
    ev.append(Event(msg("luxor.ev.scarab", player=seat, count=len(player(st, seat)["scarabs"]))))
    ev.append(Event(msg("luxor.ev.scarab_value", player=seat, vp=data.SCARABS[sid]), to=seat))


def take_wild(st: State, ev: Events) -> None:
    seat = st["current"]
    st["supply"]["wilds"] -= 1
    player(st, seat)["wilds"] += 1
    ev.append(Event(msg("luxor.ev.wild", player=seat, count=player(st, seat)["wilds"])))


def take_key(st: State, ev: Events) -> None:
    seat = st["current"]
    st["supply"]["keys"] -= 1
    player(st, seat)["keys"] += 1
    ev.append(Event(msg("luxor.ev.key", player=seat, keys=player(st, seat)["keys"])))


def take_horus_card(st: State, ev: Events, level: int) -> None:
    """LUX-CARD-H01, LUX-HAND-3: the top card of a level goes into the middle of the hand."""
    seat = st["current"]
    cid = st["horus_stacks"][str(level)].pop()
    hand = player(st, seat)["hand"]
    hand.insert(len(hand) // 2, cid)
    st["turn"]["horus_gained"] = True
    ev.append(Event(msg("luxor.ev.horus_card", player=seat, card=card_msg(cid), level=level, card_id=cid)))


def left_lying(st: State, ev: Events, statue: int) -> None:
    """LUX-OPT-4: the player leaves an own adventurer lying at a statue they passed."""
    ev.append(Event(msg("luxor.ev.left_lying", player=st["current"], statue=statue)))


def after_wake_queue(st: State, ev: Events) -> None:
    """After a C-13 answer: the next statue, or on with the flow where the wake-ups interrupted it."""
    turn = st["turn"]
    if turn["wake_queue"]:
        ask(st, "C-13")
    elif turn["after_wake"] == "movement":
        movement_done(st, ev)
    else:
        draw_phase(st, ev)


# =========================================================================== phase 3 and the end


def draw_phase(st: State, ev: Events) -> None:
    """Phase 3 (LUX-DRAW-1/2)."""
    seat = st["current"]
    st["pending"] = None
    if st["turn"]["horus_gained"]:
        ev.append(Event(msg("luxor.ev.no_draw", player=seat)))
    else:
        _draw_card(st, ev, seat)
    _end_turn(st, ev)


def _reshuffle(st: State, ev: Events) -> None:
    rng = _rng(st)
    pile = st["discard"]
    st["discard"] = []
    rng.shuffle(pile)
    st["draw"] = pile + st["draw"]
    st["rng"] = rng.state
    ev.append(Event(msg("luxor.ev.reshuffled", count=len(st["draw"]))))


def _draw_card(st: State, ev: Events, seat: int) -> None:
    if not st["draw"]:
        _reshuffle(st, ev)  # LUX-DRAW-2 (on demand)
    cid = st["draw"].pop()
    hand = player(st, seat)["hand"]
    hand.insert(len(hand) // 2, cid)
    ev.append(Event(Msg("luxor.ev.drew", {"player": seat})))
    ev.append(Event(Msg("luxor.ev.drew_card", {"player": seat, "card": card_msg(cid)}), to=seat))
    if st["options"]["reshuffle_timing"] == "immediate" and not st["draw"] and st["discard"]:
        _reshuffle(st, ev)  # LUX-OPT-11


def _stalled_out(st: State, last_in_round: bool) -> bool:
    """LUX-END-4 / LUX-OPT-10: nobody could move for a full round (or n turns in a row)."""
    if st["options"]["stall_end"] == "full_round":
        rnd = st["stall"]["round"]
        return last_in_round and len(rnd) == len(st["order"]) and all(rnd)
    return bool(st["stall"]["streak"] >= len(st["order"]))


def _end_turn(st: State, ev: Events) -> None:
    """LUX-TURN-6: game end, stall rule, next player."""
    seat = st["current"]
    order = st["order"]
    stall = st["turn"]["stall"]
    st["stall"]["round"].append(stall)
    st["stall"]["streak"] = st["stall"]["streak"] + 1 if stall else 0
    last_in_round = seat == order[-1]
    if st["end_triggered"] and last_in_round:  # LUX-END-2
        _game_over(st, ev, "tomb")
        return
    if _stalled_out(st, last_in_round):
        _game_over(st, ev, "stall")
        return
    if last_in_round:
        st["round"] += 1
        st["stall"]["round"] = []
    st["current"] = order[(order.index(seat) + 1) % len(order)]
    begin_turn(st, ev)


def _game_over(st: State, ev: Events, reason: str) -> None:
    st["over"] = True
    st["pending"] = None
    if reason == "stall" and st["options"]["stall_end"] == "consecutive_turns":  # LUX-OPT-10
        ev.append(Event(msg("luxor.ev.game_over_stall_turns", n=st["stall"]["streak"])))
    else:
        ev.append(Event(msg(f"luxor.ev.game_over_{reason}")))
    fb: dict[str, Any] = dict(final_breakdown(st))
    fb["reason"] = reason  # "tomb" (LUX-END-2) or "stall" (LUX-END-4)
    st["final"] = fb
    for row in fb["breakdown"]:
        ev.append(Event(breakdown_msg("luxor.ev.final", row, "scarab_values")))
    ev.append(Event(msg("luxor.ev.winners", players=fb["winners"], score=max(fb["scores"]))))
