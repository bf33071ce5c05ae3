"""Test-only builders: fix ("stack") hands, tiles, stacks and supplies for scenarios.

The one test seam of the package: used by the EXAMPLES.md tests, never imported by production
code (a test scans the imports). Every function
mutates the given state *in place* and keeps every component in exactly one
place: whatever a scenario removes from play goes to ``state["box"]``.

Typical use::

    st = scenario(players=2)                       # a fresh set-up game, no turn started
    set_adventurers(st, 0, active=[0, 3], lying=[7, 18, 29])
    set_tile(st, 3, ("treasure", "statue", 2, 3))
    set_hand(st, 0, ["1", "5", "die", "+/-1", "3"])
    begin(st, 0)                                   # seat 0's turn starts (C-04 / C-05 pending)
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engines.core import Event, Rng

from . import data, flow, setup
from .game import GAME

State = dict[str, Any]


def scenario(players: int = 2, options: dict[str, Any] | None = None, seed: int = 0) -> State:
    """A set-up state with no pending decision (call :func:`begin` when done)."""
    opts = dict(options or {})
    opts.setdefault("start_player", "host_choice")
    st, _ = setup.setup(players, GAME.resolve_options(opts), seed)
    st["options"]["start_player"] = (options or {}).get("start_player", data.OPTION_DEFAULTS["start_player"])
    st["pending"] = None
    st["order"] = list(range(players))
    st["current"] = 0
    st["box"].setdefault("cards", [])
    return st


def begin(st: State, seat: int, order: list[int] | None = None, round_: int | None = None) -> list[Event]:
    """Start ``seat``'s turn (phase 1). Returns the events (auto-resolved decisions included)."""
    if order is not None:
        st["order"] = list(order)
    if round_ is not None:
        st["round"] = round_
    st["current"] = seat
    st["over"] = False
    ev: list[Event] = []
    flow.begin_turn(st, ev)
    GAME.advance(st, ev)
    return ev


# --------------------------------------------------------------------------- cards


def _card_locations(st: State) -> Iterable[list[str]]:
    yield st["draw"]
    yield st["discard"]
    for p in st["seats"]:
        yield p["hand"]
    for lvl in sorted(st["horus_stacks"]):
        yield st["horus_stacks"][lvl]
    yield st["box"].setdefault("cards", [])


def _find_card(st: State, want: str, exclude: set[str]) -> str:
    if want in data.CARDS:
        return want
    for loc in _card_locations(st):
        for cid in loc:
            if cid not in exclude and data.CARDS[cid]["deck"] == "starter" and data.CARDS[cid]["label"] == want:
                return cid
    raise ValueError(f"no free card {want!r}")


def _remove_card(st: State, cid: str) -> None:
    for loc in _card_locations(st):
        if cid in loc:
            loc.remove(cid)
            return
    raise ValueError(cid)


def set_hand(st: State, seat: int, cards: list[str]) -> list[str]:
    """Give ``seat`` exactly these cards in this order (ids like ``"H1-1"`` or starter labels
    ``"1"``…``"5"``, ``"+/-1"``, ``"die"``). Replaced cards go to the bottom of the draw pile."""
    hand = st["seats"][seat]["hand"]
    chosen: list[str] = []
    keep: set[str] = set()
    for want in cards:
        if want in data.CARDS:
            cid = want
        else:
            cid = next(
                (c for c in hand if c not in keep and data.CARDS[c]["deck"] == "starter" and data.CARDS[c]["label"] == want),
                None,
            ) or _find_card(st, want, keep | set(hand))
        keep.add(cid)
        chosen.append(cid)
    old = list(hand)
    hand.clear()
    for cid in chosen:
        if cid not in old:
            _remove_card(st, cid)
    for cid in old:
        if cid not in chosen:
            st["draw"].insert(0, cid)
    hand.extend(chosen)
    return chosen


def set_draw_top(st: State, cid: str) -> None:
    _remove_card(st, cid)
    st["draw"].append(cid)


def horus_top(st: State, level: int, cid: str) -> None:
    """Put Horus card ``cid`` on top of its level stack (it must not be in a hand)."""
    _remove_card(st, cid)
    st["horus_stacks"][str(level)].append(cid)


def empty_horus(st: State, level: int, keep: int = 0) -> None:
    """Remove all but ``keep`` cards of a Horus stack to the box."""
    stack = st["horus_stacks"][str(level)]
    while len(stack) > keep:
        st["box"]["cards"].append(stack.pop(0))


# --------------------------------------------------------------------------- adventurers, tokens


def set_adventurers(
    st: State, seat: int, active: Sequence[int] = (), lying: Sequence[int] = (), finished: int = 0
) -> None:
    """Adventurer 1… gets the listed positions: active first, then lying, then finished (tomb)."""
    adv = [{"state": "active", "pos": p} for p in active]
    adv += [{"state": "lying", "pos": p} for p in lying]
    adv += [{"state": "finished", "pos": data.TOMB} for _ in range(finished)]
    assert len(adv) == data.ADVENTURERS, adv
    st["seats"][seat]["adv"] = adv


def give_keys(st: State, seat: int, n: int) -> None:
    st["supply"]["keys"] -= n
    st["seats"][seat]["keys"] += n
    assert st["supply"]["keys"] >= 0


def set_supply(st: State, keys: int | None = None, wilds: int | None = None, scarabs: int | None = None) -> None:
    """Set supply sizes; the difference goes to / comes from the box."""
    sup, box = st["supply"], st["box"]
    if keys is not None:
        box["keys"] += sup["keys"] - keys
        sup["keys"] = keys
    if wilds is not None:
        box["wilds"] += sup["wilds"] - wilds
        sup["wilds"] = wilds
    if scarabs is not None:
        while len(sup["scarabs"]) > scarabs:
            box["scarabs"].append(sup["scarabs"].pop(0))
        while len(sup["scarabs"]) < scarabs:
            sup["scarabs"].insert(0, box["scarabs"].pop())
    assert box["keys"] >= 0 and box["wilds"] >= 0


def give(
    st: State, seat: int, treasures: Sequence[tuple[str, int, int]] = (), wilds: int = 0, scarabs: Sequence[int] = ()
) -> None:
    """Hand treasures (type, required, vp), wilds and scarabs (by value) to a player."""
    p = st["seats"][seat]
    for spec in treasures:
        tid = _take_treasure_tile(st, spec, swap_in=None)
        p["treasures"].append(tid)
    st["supply"]["wilds"] -= wilds
    p["wilds"] += wilds
    for vp in scarabs:
        sid = next(s for s in reversed(st["supply"]["scarabs"]) if data.SCARABS[s] == vp)
        st["supply"]["scarabs"].remove(sid)
        p["scarabs"].append(sid)


def scarab_top(st: State, vp: int) -> None:
    sup = st["supply"]["scarabs"]
    sid = next(s for s in sup if data.SCARABS[s] == vp)
    sup.remove(sid)
    sup.append(sid)


def tomb_entry(st: State, seat: int) -> None:
    """Record an earlier tomb entry by ``seat`` (key spent, sarcophagus) without moving anybody;
    the scenario puts the finished adventurer with :func:`set_adventurers`."""
    st["supply"]["keys"] -= 1
    st["key_space"] += 1
    st["tomb_entries"] += 1
    if st["sarcophagi"]:
        st["seats"][seat]["sarcophagi"].append(st["sarcophagi"].pop(0))


# --------------------------------------------------------------------------- tiles


def _take_treasure_tile(st: State, spec: tuple[str, int, int], swap_in: dict[str, Any] | None) -> str:
    """Remove a treasure tile matching (type, required, vp) from the box or the board.

    A board space it is taken from gets ``swap_in`` (the tile it replaces), else a
    treasure from the box, else it becomes empty. Spaces pinned by :func:`set_tile`
    are never robbed."""
    ttype, req, vp = spec
    pinned = st["box"].setdefault("pinned", [])

    def ok(tid: str) -> bool:
        t = data.TREASURES[tid]
        return (t["type"], t["required"], t["vp"]) == (ttype, req, vp)

    tid: str
    for tid in st["box"]["treasures"]:
        if ok(tid):
            st["box"]["treasures"].remove(tid)
            return tid
    for q in data.TREASURE_SPACES:
        t = st["tiles"][q]
        if q not in pinned and t and t["kind"] == "treasure" and ok(t["id"]):
            if swap_in is not None:
                st["tiles"][q] = swap_in
            elif st["box"]["treasures"]:
                st["tiles"][q] = {"kind": "treasure", "id": st["box"]["treasures"].pop(0)}
            else:
                st["tiles"][q] = None
            found: str = t["id"]
            return found
    raise ValueError(f"no treasure {spec}")


def _clear(st: State, pos: int) -> None:
    t = st["tiles"][pos]
    if t is None:
        return
    if t["kind"] == "treasure":
        st["box"]["treasures"].append(t["id"])
    elif t["kind"] == "temple":
        st["box"]["temple"].append(t)
    elif t["kind"] == "osiris":
        st["box"]["osiris"].append(t["id"])
    else:
        raise ValueError("Horus tiles stay where they are")
    st["tiles"][pos] = None


def set_tile(st: State, pos: int, spec: Any) -> None:
    """Put a tile on ``pos``:

    * ``None``: the space is empty (its treasure goes to the box);
    * ``("treasure", type, required, vp)``;
    * ``("temple", front)``: a temple tile with that front (from a stack, else the box);
    * ``("osiris", value)``: swaps Osiris tiles between spaces / the box.
    """
    if spec is None:
        _clear(st, pos)
        st["box"].setdefault("pinned", []).append(pos)
        return
    kind = spec[0]
    pinned = st["box"].setdefault("pinned", [])
    if pos not in pinned:
        pinned.append(pos)
    if kind == "treasure":
        _put_treasure(st, pos, tuple(spec[1:]))
    elif kind == "temple":
        _put_temple(st, pos, spec[1])
    elif kind == "osiris":
        _put_osiris(st, pos, spec[1])
    else:
        raise ValueError(kind)


def _put_treasure(st: State, pos: int, spec: tuple[str, int, int]) -> None:
    old = st["tiles"][pos]
    if old and old["kind"] == "treasure":
        t = data.TREASURES[old["id"]]
        if (t["type"], t["required"], t["vp"]) == spec:
            return
        st["tiles"][pos] = None
        tid = _take_treasure_tile(st, spec, swap_in=old)
        if st["tiles"][pos] is None and old["id"] != tid and not any(
            x and x.get("id") == old["id"] for x in st["tiles"]
        ):
            st["box"]["treasures"].append(old["id"])
    else:
        tid = _take_treasure_tile(st, spec, swap_in=None)
        _clear(st, pos)
    st["tiles"][pos] = {"kind": "treasure", "id": tid}


def _put_temple(st: State, pos: int, front: str) -> None:
    tile = None
    for back in data.TEMPLE_BACKS:
        stack = st["temple_stacks"][back]
        tile = next((t for t in stack if t["front"] == front), None)
        if tile:
            stack.remove(tile)
            break
    if tile is None:
        tile = next(t for t in st["box"]["temple"] if t["front"] == front)
        st["box"]["temple"].remove(tile)
    _clear(st, pos)
    st["tiles"][pos] = tile


def _put_osiris(st: State, pos: int, value: int) -> None:
    old = st["tiles"][pos]
    if old and old["kind"] == "osiris" and data.OSIRIS_TILES[old["id"]]["value"] == value:
        return
    oid = next((o for o in st["box"]["osiris"] if data.OSIRIS_TILES[o]["value"] == value), None)
    if oid is not None:
        st["box"]["osiris"].remove(oid)
        _clear(st, pos)
        st["tiles"][pos] = {"kind": "osiris", "id": oid}
        return
    for q in data.OSIRIS_SPACES:
        t = st["tiles"][q]
        if q != pos and t and data.OSIRIS_TILES[t["id"]]["value"] == value:
            st["tiles"][q], st["tiles"][pos] = st["tiles"][pos], t
            return
    raise ValueError(f"no Osiris tile {value}")


def set_osiris(st: State, values: dict[int, int]) -> None:
    """Osiris values for all four spaces, e.g. ``{9: 2, 16: 3, 24: 1, 36: 4}``."""
    for pos in values:
        _clear(st, pos)
    for pos, v in values.items():
        set_tile(st, pos, ("osiris", v))


def temple_top(st: State, back: str, front: str) -> None:
    """Put a tile with ``front`` on top of the ``back`` stack."""
    stack = st["temple_stacks"][back]
    t = next(t for t in stack if t["front"] == front)
    stack.remove(t)
    stack.append(t)


def force_roll(st: State, value: int) -> None:
    """Set the RNG so that the next die roll gives ``value`` (the die is ``rng.choice(faces)``)."""
    faces = list(data.DIE_FACES)
    for s in range(1, 10000):
        if Rng(s).choice(faces) == value:
            st["rng"] = s
            return
    raise AssertionError("no rng state found")  # pragma: no cover
