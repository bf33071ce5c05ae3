"""A fast deep copy of a Luxor state (and of an information state), for ``apply`` and the bots.

:func:`engines.core.clone` (a pickle round trip) copies any plain data; this copy knows the state
layout of ``setup.py`` and copies each part with the cheapest exact operation (a list of strings by
slicing, an adventurer by ``dict.copy``), about four times faster. The result is equal to the pickle
copy and shares no list or dict with the original except the tile dicts (of the path, the temple
stacks and the box): the engine only ever replaces a tile, never changes one in place, so a tile dict
is shared between a state and its copies like a string (tests/engines/luxor/test_clone.py checks all of this
on every state of many playouts, and that no move, view, information state or determinisation
changes a tile dict); a part it does not know (a key outside the layout, a seat or a
turn with other keys) is copied by the generic :func:`deep`, so a layout change can make it slower,
never wrong.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

State = dict[str, Any]


def deep(v: Any) -> Any:
    """A deep copy of plain JSON-like data (dicts, lists, tuples of scalars and of those)."""
    t = type(v)
    if t is dict:
        return {k: deep(x) for k, x in v.items()}
    if t is list:
        return [deep(x) for x in v]
    if t is tuple:
        return tuple(deep(x) for x in v)
    return v


def _tiles(tiles: list[Any]) -> list[Any]:
    """A list of tile dicts (``kind``, ``id`` [, ``back``, ``front``]: strings), None or ``"?"``:
    the tiles are shared, not copied (a tile is only ever replaced, never changed: see above)."""
    return tiles[:]


def _stacks_of_tiles(stacks: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return {b: ts[:] for b, ts in stacks.items()}


def _stacks(stacks: dict[str, list[str]]) -> dict[str, list[str]]:
    return {k: v[:] for k, v in stacks.items()}


def _strings(v: list[Any]) -> list[Any]:
    return v[:]


_SUPPLY_KEYS = {"keys", "wilds", "scarabs"}


def _supply(s: dict[str, Any]) -> dict[str, Any]:
    if s.keys() != _SUPPLY_KEYS:
        copied: dict[str, Any] = deep(s)
        return copied
    out = s.copy()
    out["scarabs"] = s["scarabs"][:]
    return out


#: the keys of a seat as setup.py makes it, in its order
_copy_dict = dict.copy
_SEAT_LAYOUT = ("hand", "adv", "keys", "wilds", "treasures", "scarabs", "sarcophagi", "score")


def _seats(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for p in seats:
        if tuple(p) != _SEAT_LAYOUT:
            out.append(deep(p))
            continue
        q = p.copy()  # keys, wilds, score: ints
        q["hand"] = p["hand"][:]
        q["adv"] = list(map(_copy_dict, p["adv"]))  # {"state": str, "pos": int}
        q["treasures"] = p["treasures"][:]
        q["scarabs"] = p["scarabs"][:]
        q["sarcophagi"] = p["sarcophagi"][:]
        out.append(q)
    return out


_TURN_KEYS = {"seat", "card", "end", "roll", "stall", "one_less_pos", "horus_gained", "action_pos", "actors",
              "wake_queue", "after_wake"}


def _turn(t: dict[str, Any]) -> dict[str, Any]:
    if t.keys() != _TURN_KEYS:
        copied: dict[str, Any] = deep(t)
        return copied
    out = t.copy()
    if t["actors"] is not None:
        out["actors"] = t["actors"][:]
    out["wake_queue"] = t["wake_queue"][:]
    return out


def _flat(d: dict[str, Any] | None) -> dict[str, Any] | None:
    """A dict of scalars (the options, the pending decision), or None."""
    return None if d is None else d.copy()


_STALL_KEYS = {"round", "streak"}


def _stall(s: dict[str, Any]) -> dict[str, Any]:
    if s.keys() != _STALL_KEYS:
        copied: dict[str, Any] = deep(s)
        return copied
    return {"round": s["round"][:], "streak": s["streak"]}


_BOX_KEYS = ("osiris", "treasures", "temple", "scarabs", "keys", "wilds")


def _box(b: dict[str, Any]) -> dict[str, Any]:
    if tuple(b) != _BOX_KEYS:
        copied: dict[str, Any] = deep(b)
        return copied
    return {"osiris": b["osiris"][:], "treasures": b["treasures"][:], "temple": b["temple"][:],
            "scarabs": b["scarabs"][:], "keys": b["keys"], "wilds": b["wilds"]}


#: how each part of the layout is copied (see setup.py); scalars are kept, anything else is deep-copied
_COPY: dict[str, Callable[[Any], Any]] = {
    "options": _flat,
    "order": _strings,
    "tiles": _tiles,
    "temple_stacks": _stacks_of_tiles,
    "horus_stacks": _stacks,
    "draw": _strings,
    "discard": _strings,
    "supply": _supply,
    "sarcophagi": _strings,
    "box": _box,
    "seats": _seats,
    "turn": _turn,
    "pending": _flat,
    "stall": _stall,
    "final": deep,
    "hidden": deep,
}
_SCALARS = (int, str, bool, float, type(None))


#: the keys of a state as setup.py makes it, in its order
_LAYOUT = ("game", "options", "rng", "order", "round", "current", "tiles", "temple_stacks", "horus_stacks", "draw",
           "discard", "supply", "sarcophagi", "key_space", "tomb_entries", "box", "seats", "turn", "pending",
           "end_triggered", "stall", "last_roll", "over", "final")
#: the same after a move: the last move's public marks follow (engines.core.LAST_MOVE)
_LAYOUT_MARKED = (*_LAYOUT, "last_move")


def _marks(m: dict[str, Any] | None) -> dict[str, Any] | None:
    """A copy of the last move's marks (views.move_marks: ints, strings, lists of them and lists of int lists)."""
    if m is None:
        return None
    out = m.copy()
    for k, v in m.items():
        if type(v) is list:
            out[k] = [x[:] if type(x) is list else x for x in v] if v else []
    return out


def clone_state(st: State, marks: bool = True) -> State:
    """A deep copy of a Luxor state or information state, equal to ``engines.core.clone(st)``
    (``marks=False``: the last move's marks are left out, their key kept with ``None``, for a copy whose
    marks are replaced at once: ``Luxor.apply``)."""
    keys = tuple(st)
    if keys in (_LAYOUT, _LAYOUT_MARKED) and type(st["game"]) is str and type(st["rng"]) is int:
        pend = st["pending"]
        final = st["final"]
        out: State = {
            "game": st["game"],
            "options": st["options"].copy(),
            "rng": st["rng"],
            "order": st["order"][:],
            "round": st["round"],
            "current": st["current"],
            "tiles": st["tiles"][:],  # the tile dicts are shared (replaced, never changed)
            "temple_stacks": {b: ts[:] for b, ts in st["temple_stacks"].items()},
            "horus_stacks": {k: v[:] for k, v in st["horus_stacks"].items()},
            "draw": st["draw"][:],
            "discard": st["discard"][:],
            "supply": _supply(st["supply"]),
            "sarcophagi": st["sarcophagi"][:],
            "key_space": st["key_space"],
            "tomb_entries": st["tomb_entries"],
            "box": _box(st["box"]),
            "seats": _seats(st["seats"]),
            "turn": _turn(st["turn"]),
            "pending": None if pend is None else pend.copy(),
            "end_triggered": st["end_triggered"],
            "stall": _stall(st["stall"]),
            "last_roll": st["last_roll"],
            "over": st["over"],
            "final": None if final is None else deep(final),
        }
        if len(keys) > len(_LAYOUT):
            out["last_move"] = _marks(st["last_move"]) if marks else None
        return out
    out = {}
    get = _COPY.get
    for k, v in st.items():
        f = get(k)
        if f is not None:
            out[k] = f(v)
        elif type(v) in _SCALARS:
            out[k] = v
        else:
            out[k] = deep(v)
    return out
