"""Helpers shared by the Luxor tests."""
from __future__ import annotations

from typing import Any

from engines.core import Event
from engines.luxor import GAME, data
from engines.luxor import testing as sc

RED, GREEN, BLUE, YELLOW = 0, 1, 2, 3


def actions(st: dict[str, Any]) -> list[str]:
    return [o.action for p in GAME.prompts(st) for o in p.options]


def prompt(st: dict[str, Any]):
    ps = GAME.prompts(st)
    assert len(ps) == 1
    return ps[0]


def do(st: dict[str, Any], seat: int, action: str) -> tuple[dict[str, Any], list[Event]]:
    out = GAME.apply(st, seat, action)
    return out.state, list(out.events)


def active(st: dict[str, Any], seat: int) -> list[int]:
    return sorted(a["pos"] for a in st["seats"][seat]["adv"] if a["state"] == "active")


def lying(st: dict[str, Any], seat: int) -> list[int]:
    return sorted(a["pos"] for a in st["seats"][seat]["adv"] if a["state"] == "lying")


def finished(st: dict[str, Any], seat: int) -> int:
    return sum(1 for a in st["seats"][seat]["adv"] if a["state"] == "finished")


def labels(cids: list[str]) -> list[str]:
    return [data.CARDS[c]["label"] for c in cids]


def keys_of(events: list[Event]) -> list[str]:
    return [e.message.key for e in events]


def tile_spec(st: dict[str, Any], pos: int):
    t = st["tiles"][pos]
    if t is None:
        return None
    if t["kind"] == "treasure":
        d = data.TREASURES[t["id"]]
        return ("treasure", d["type"], d["required"], d["vp"])
    if t["kind"] == "temple":
        return ("temple", t["front"])
    return (t["kind"],)


def base(players: int = 2, **options: Any) -> dict[str, Any]:
    """Board B0 of EXAMPLES.md: Osiris 9=2, 16=3, 24=1, 36=4."""
    st = sc.scenario(players, options or None, seed=7)
    sc.set_osiris(st, {9: 2, 16: 3, 24: 1, 36: 4})
    return st
