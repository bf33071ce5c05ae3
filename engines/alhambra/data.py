"""All Alhambra component data, loaded from ``components.json`` (a copy of the rules folder's file).

Nothing here is hand-typed: a correction to the game data is an edit of the JSON file.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_RAW: dict[str, Any] = json.loads((Path(__file__).parent / "components.json").read_text(encoding="utf-8"))

# --------------------------------------------------------------------------- building types and tiles

TYPES: tuple[str, ...] = tuple(b["id"] for b in _RAW["building_types"])
TYPE_COLOUR: dict[str, str] = {b["id"]: b["colour"] for b in _RAW["building_types"]}
TYPE_COUNT: dict[str, int] = {b["id"]: b["count"] for b in _RAW["building_types"]}

# wall bits (ALH-GEOM-5): N=1, E=2, S=4, W=8 -- the same encoding as components.json walls_mask_NESW
N, E, S, W = 1, 2, 4, 8
_SIDE_BIT = {"N": N, "E": E, "S": S, "W": W}


def _mask(walls: dict[str, bool]) -> int:
    return sum(bit for side, bit in _SIDE_BIT.items() if walls.get(side))


TILES: dict[str, dict[str, Any]] = {}
for _t in _RAW["tiles"]:
    _m = _mask(_t["walls"])
    assert _m == _t["walls_mask_NESW"], _t["id"]
    TILES[_t["id"]] = {"id": _t["id"], "type": _t["type"], "price": _t["price"], "mask": _m}
TILE_IDS: tuple[str, ...] = tuple(TILES)  # the 54 building tiles, in data order

FOUNTAINS: tuple[str, ...] = tuple(t["id"] for t in _RAW["start_tiles"])
for _f in _RAW["start_tiles"]:
    TILES[_f["id"]] = {"id": _f["id"], "type": None, "price": None, "mask": _mask(_f["walls"])}

MASK: dict[str, int] = {tid: t["mask"] for tid, t in TILES.items()}
TYPE_OF: dict[str, str | None] = {tid: t["type"] for tid, t in TILES.items()}
PRICE: dict[str, int | None] = {tid: t["price"] for tid, t in TILES.items()}


def walls_string(tile_id: str) -> str:
    """The tile's walls as a ``NESW`` subset string, e.g. ``"NEW"``."""
    m = MASK[tile_id]
    return "".join(side for side, bit in _SIDE_BIT.items() if m & bit)


# --------------------------------------------------------------------------- scoring

ROUNDS: tuple[str, ...] = tuple(r["id"] for r in _RAW["scoring"]["rounds"])  # ("A", "B", "final")
POINTS: dict[str, dict[str, list[int]]] = {
    typ: {r: list(_RAW["scoring"]["table"][typ][r]) for r in ROUNDS} for typ in TYPES
}

# --------------------------------------------------------------------------- money and market

CURRENCIES: tuple[str, ...] = tuple(c["id"] for c in _RAW["currencies"])
LETTER: dict[str, str] = {c: c[0] for c in CURRENCIES}
CURRENCY_OF_LETTER: dict[str, str] = {v: k for k, v in LETTER.items()}
assert len(CURRENCY_OF_LETTER) == len(CURRENCIES)

SPACES: tuple[int, ...] = tuple(s["space"] for s in _RAW["market"]["spaces"])
SPACE_CURRENCY: dict[int, str] = {s["space"]: s["currency"] for s in _RAW["market"]["spaces"]}

MONEY_CARDS: tuple[dict[str, Any], ...] = tuple(_RAW["money_deck"]["cards"])
# scoring cards: the round id is the card's token in the deck ("A", "B"); pile = the pile it is shuffled into
SCORING_CARDS: tuple[str, ...] = tuple(c["round"] for c in _RAW["money_deck"]["scoring_cards"])
SCORING_PILE: dict[str, int] = {c["round"]: c["pile"] for c in _RAW["money_deck"]["scoring_cards"]}


def money_deck(two_player: bool, copies_option: int) -> list[str]:
    """The money cards as ``"<letter><value>"`` strings, in data order (ALH-COMP-3, ALH-2P-2)."""
    out: list[str] = []
    for c in MONEY_CARDS:
        if two_player:
            copies = c["copies_two_player_default"] if copies_option == 2 else c["copies_standard"]
        else:
            copies = c["copies_standard"]
        out.extend([f"{LETTER[c['currency']]}{c['value']}"] * copies)
    return out


# --------------------------------------------------------------------------- constants

_C = _RAW["constants"]
MARKET_SPACES: int = _C["market_spaces"]["value"]
DISPLAY_SIZE: int = _C["money_display_size"]["value"]
START_MONEY_MIN: int = _C["starting_money_min_total"]["value"]
TAKE_MULTI_MAX: int = _C["take_money_multi_card_max_total"]["value"]
MONEY_PILES: int = _C["money_piles"]["value"]
DIRK_INITIAL: int = _C["dirk_initial_tiles"]["value"]
DIRK_AFTER_A: int = _C["dirk_after_A_tiles"]["value"]
DIRK_AFTER_B_DIVISOR: int = _C["dirk_after_B_divisor"]["value"]
TILES_TOTAL: int = _C["tiles_total"]["value"]
MIN_PLAYERS: int = _RAW["meta"]["players"]["min"]
MAX_PLAYERS: int = _RAW["meta"]["players"]["max"]
NEUTRAL_WHEN: int = _RAW["meta"]["players"]["neutral_player_when"]

_O = _RAW["options_defaults"]
OPTION_DEFAULTS: dict[str, Any] = {k: _O[k] for k in _O["allowed"]}
OPTION_ALLOWED: dict[str, tuple[Any, ...]] = {k: tuple(v) for k, v in _O["allowed"].items()}
OPTION_CLAUSE: dict[str, str] = dict(_O["clauses"])

assert len(TILE_IDS) == TILES_TOTAL
