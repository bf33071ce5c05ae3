"""Why an action is illegal, when it is not even one of the pending decision's candidates.

``moves.py`` first looks a typed action up among the candidates it offers (a candidate carries its
own verdict); whatever is left lands here, and each function raises the refusal that names the rule
and says what exactly is wrong (a wrong word, a card not on display, a tile not in the reserve, a
cell that is taken …). Nothing here ever accepts an action.
"""
from __future__ import annotations

from typing import NoReturn

from engines.core import State

from . import data as D
from .common import card_value, gkey, grid_candidates, is_money_card, refuse, take_options
from .geometry import cell_label, cells_for


def start(action: str) -> NoReturn:
    """C-02: only the offered ``start <seat>`` strings."""
    raise refuse("ALH-SETUP-9", "err.bad_start", action=action[:40])


def action(s: State, seat: int, action: str) -> NoReturn:
    """C-03: a take, redesign or other action that is not among the candidates (buys are parsed and
    judged in ``moves.parse_buy``)."""
    toks = action.split(" ")
    head = toks[0]
    if head == "take":
        take(s, toks)
    if head == "redesign":
        redesign(s, seat, toks)
    if head in ("place", "reserve", "dirk"):  # bought tiles wait for the placement step
        raise refuse("ALH-PLACE-10", "err.place_later")
    raise refuse("ALH-TURN-2", "err.bad_action", action=action[:40])


def take(s: State, toks: list[str]) -> NoReturn:
    """ALH-MONEY-1/3: why a take is not offered."""
    action = " ".join(toks)
    if not s["display"]:
        raise refuse("ALH-MONEY-3", "err.display_empty")
    cards = toks[1].split("+") if len(toks) == 2 else []
    if not cards or not all(is_money_card(c) for c in cards):
        raise refuse("ALH-MONEY-1", "err.bad_take", action=action[:40])
    rest = list(s["display"])
    for c in cards:
        if c not in rest:
            raise refuse("ALH-MONEY-1", "err.not_on_display", action=action[:40])
        rest.remove(c)
    if len(cards) > 1 and sum(card_value(c) for c in cards) > D.TAKE_MULTI_MAX:
        raise refuse("ALH-MONEY-1", "err.bad_take", action=action[:40])
    for a, idx in take_options(s["display"]):  # a legal take written in another order
        if sorted(s["display"][i] for i in idx) == sorted(cards):
            raise refuse("ALH-MONEY-1", "err.write_as", action=a)
    raise refuse("ALH-MONEY-1", "err.bad_take", action=action[:40])  # pragma: no cover


def redesign(s: State, seat: int, toks: list[str]) -> NoReturn:
    """ALH-REDESIGN-1 … 5: why a redesign is not offered."""
    action = " ".join(toks)
    variant = toks[1] if len(toks) > 1 else ""
    if variant not in ("add", "remove", "swap") or len(toks) != (3 if variant == "remove" else 4):
        raise refuse("ALH-REDESIGN-1", "err.bad_action", action=action[:40])
    p = s["players"][seat]
    cell = toks[-1]
    if variant in ("remove", "swap") and cell == "0,0":
        raise refuse("ALH-REDESIGN-3", "err.fountain")
    if variant in ("add", "swap") and toks[2] not in p["reserve"]:
        clause = "ALH-REDESIGN-5" if toks[2] in s["bought"] else "ALH-REDESIGN-1"
        raise refuse(clause, "err.not_in_reserve", tile=toks[2][:12])
    if variant in ("remove", "swap") and cell not in p["grid"]:
        raise refuse("ALH-REDESIGN-1", "err.no_tile", cell=cell[:12])
    if variant == "add" and cell in p["grid"]:
        raise refuse("ALH-REDESIGN-1", "err.cell_occupied", cell=cell[:12])
    raise refuse("ALH-REDESIGN-2", "err.bad_redesign", action=action[:40])


def placement(s: State, seat: int, tiles: list[str], dirk: bool, action: str, clause: str) -> NoReturn:
    """C-08 / C-09 (``clause`` = ALH-PLACE-10 / ALH-END-6): why a placement is not offered."""
    toks = action.split(" ")
    if len(toks) < 2 or toks[0] not in ("place", "reserve", "dirk"):
        raise refuse(clause, "err.bad_action", action=action[:40])
    if toks[0] == "dirk" and not dirk:
        raise refuse("ALH-2P-8" if s["dirk"] is not None else "ALH-2P-1", "err.no_dirk")
    if (toks[1] != "all" or toks[0] == "place") and toks[1] not in tiles:
        raise refuse(clause, "err.not_pending_tile", tile=toks[1][:12])
    if toks[0] == "place" and len(toks) == 3:
        tile, lab = toks[1], toks[2]
        grid = s["players"][seat]["grid"]
        if lab in grid:
            raise refuse("ALH-PLACE-6", "err.cell_occupied", cell=lab[:12])
        cells = [cell_label(c) for c in cells_for(D.MASK[tile], grid_candidates(gkey(grid)))]
        assert lab not in cells, "a legal placement is a candidate"
        raise refuse("ALH-PLACE-6", "err.illegal_cell", tile=tile, cell=lab[:12])
    raise refuse(clause, "err.bad_action", action=action[:40])
