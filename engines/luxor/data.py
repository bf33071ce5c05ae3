"""All Luxor component data, loaded from ``components.json`` (a copy of
``shared/rules/luxor/components.json``).

Nothing here is hard-coded: a correction of the board, the tiles or the cards
is an edit of the JSON file. Rules code imports only the names below.
Values marked ``reconstructed`` in the JSON are listed by :func:`reconstructed`.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RAW: dict[str, Any] = json.loads((Path(__file__).parent / "components.json").read_text(encoding="utf-8"))

# --------------------------------------------------------------------------- board

_board = RAW["board"]
STAIRS: int = _board["start"]["index"]  # 0
TOMB: int = _board["tomb"]["index"]  # 44
LAST_PATH: int = _board["index_model"]["last_path_index"]  # 43
#: PATH[i] for i in 1..LAST_PATH (PATH[0] is None)
_SPACES: dict[int, dict[str, Any]] = {sp["index"]: sp for sp in _board["path"]}
assert sorted(_SPACES) == list(range(1, LAST_PATH + 1))
PATH: list[dict[str, Any] | None] = [None] + [_SPACES[i] for i in range(1, LAST_PATH + 1)]

KIND: dict[int, str] = {i: _SPACES[i]["kind"] for i in range(1, LAST_PATH + 1)}
ANUBIS: tuple[int, ...] = tuple(i for i in range(1, LAST_PATH + 1) if KIND[i] == "anubis")
HORUS_SPACES: tuple[int, ...] = tuple(i for i in range(1, LAST_PATH + 1) if KIND[i] == "horus")
OSIRIS_SPACES: tuple[int, ...] = tuple(i for i in range(1, LAST_PATH + 1) if KIND[i] == "osiris")
TREASURE_SPACES: tuple[int, ...] = tuple(i for i in range(1, LAST_PATH + 1) if KIND[i] == "treasure")
ICON: dict[int, str | None] = {i: _SPACES[i].get("temple_icon") for i in range(1, LAST_PATH + 1)}
HORUS_EYES: dict[int, int] = {i: _SPACES[i]["horus_eyes"] for i in HORUS_SPACES}
SCARAB_VP: dict[int, int] = {i: _SPACES[i]["scarab_vp"] for i in range(1, LAST_PATH + 1)}
SCARAB_VP[STAIRS] = _board["start"]["scarab_vp"]
TOMB_SCARAB_VP: int = _board["tomb"]["scarab_vp"]
MAX_PATH_SCARAB_VP: int = max(SCARAB_VP[i] for i in range(1, LAST_PATH + 1))

# --------------------------------------------------------------------------- tiles

TREASURE_TYPES: tuple[str, ...] = tuple(t["id"] for t in RAW["treasure_tiles"]["types"])
TREASURES: dict[str, dict[str, Any]] = {t["id"]: t for t in RAW["treasure_tiles"]["instances"]}

TEMPLE_BACKS: tuple[str, ...] = tuple(b["id"] for b in RAW["temple_tiles"]["backs"])
TEMPLE_FRONTS: dict[str, dict[str, Any]] = {f["id"]: f for f in RAW["temple_tiles"]["fronts"]}
TEMPLE_MAPPINGS: dict[str, dict[str, dict[str, int]]] = {
    name: {back: dict(m[back]) for back in TEMPLE_BACKS}
    for name, m in RAW["temple_tiles"]["mappings"].items()
}
DEFAULT_TEMPLE_MAPPING: str = RAW["temple_tiles"]["mapping_default"]


def temple_tiles(mapping: str) -> list[dict[str, str]]:
    """The 14 temple tiles under a front/back mapping: ``{"id", "back", "front"}``.

    IDs are ``TT-<back initial><n>``; under the default mapping they equal the
    JSON's ``instances_default_mapping``.
    """
    out = []
    for back in TEMPLE_BACKS:
        n = 0
        for front, count in TEMPLE_MAPPINGS[mapping][back].items():
            for _ in range(count):
                n += 1
                out.append({"id": f"TT-{back[0].upper()}{n}", "back": back, "front": front})
    return out


def eye_levels(front: str) -> list[int]:
    return list(TEMPLE_FRONTS[front].get("levels", []))


HORUS_TILES: dict[str, dict[str, Any]] = {t["id"]: t for t in RAW["horus_tiles"]["instances"]}
OSIRIS_TILES: dict[str, dict[str, Any]] = {t["id"]: t for t in RAW["osiris_tiles"]["instances"]}
OSIRIS_USED: int = RAW["osiris_tiles"]["used_per_game"]["value"]

# --------------------------------------------------------------------------- cards

STARTER: dict[str, dict[str, Any]] = {c["id"]: c for c in RAW["starter_deck"]["cards"]}
HORUS_CARDS: dict[str, dict[str, Any]] = {c["id"]: c for c in RAW["horus_cards"]["cards"]}
CARDS: dict[str, dict[str, Any]] = {**STARTER, **HORUS_CARDS}
#: the largest printed step count of the *one adventurer less* cards (LUX-OPT-8 choose_1_to_3)
ONE_LESS_MAX: int = max(c["steps"] for c in HORUS_CARDS.values() if c["kind"] == "one_less")
HORUS_LEVELS: tuple[int, ...] = tuple(sorted({c["level"] for c in HORUS_CARDS.values()}))
DIE_FACES: tuple[int, ...] = tuple(RAW["die"]["faces"])
HAND_SIZE: int = RAW["hand"]["size"]

# --------------------------------------------------------------------------- tokens

SCARABS: dict[str, int] = {s["id"]: s["vp"] for s in RAW["scarabs"]["instances"]}
KEYS: int = RAW["keys"]["count"]
KEY_END_VP: int = RAW["keys"]["end_vp_each"]
WILDS: int = RAW["wild_treasures"]["count"]
SARCOPHAGI: tuple[int, ...] = tuple(s["vp"] for s in RAW["sarcophagi"])  # (5, 3): 1st, 2nd entrant
ADVENTURERS: int = RAW["adventurers"]["per_player"]
ON_STAIRS: int = RAW["adventurers"]["setup"]["upright_on_stairs"]
LYING_PER_STATUE: int = RAW["adventurers"]["setup"]["lying_at_each_anubis"]
MAX_WILD_PER_SET: int = RAW["set_scoring"]["max_wild_per_set"]
SET_TABLE: dict[int, int] = {row["sets"]: row["vp"] for row in RAW["set_scoring"]["table"] if "sets" in row}
SET_TABLE_MAX: tuple[int, int] = next(
    (row["sets_min"], row["vp"]) for row in RAW["set_scoring"]["table"] if "sets_min" in row
)
ZERO_SETS_VP: int = RAW["set_scoring"]["zero_sets_vp"]
MIN_PLAYERS: int = RAW["meta"]["players"]["min"]
MAX_PLAYERS: int = RAW["meta"]["players"]["max"]
OPTION_DEFAULTS: dict[str, Any] = {k: v for k, v in RAW["options_defaults"].items() if k not in ("allowed", "clauses", "prov", "conf")}
OPTION_ALLOWED: dict[str, Any] = RAW["options_defaults"]["allowed"]
OPTION_CLAUSES: dict[str, str] = RAW["options_defaults"]["clauses"]

#: player colours in seat order (cosmetic; the JSON says only that there are 4)
COLOURS: tuple[str, ...] = ("red", "green", "blue", "yellow")


def set_vp(sets: int) -> int:
    if sets <= 0:
        return ZERO_SETS_VP
    if sets >= SET_TABLE_MAX[0]:
        return SET_TABLE_MAX[1]
    return SET_TABLE[sets]


def reconstructed() -> list[str]:
    """Dotted paths of every value whose provenance mentions 'reconstructed'."""
    out: list[str] = []

    def walk(node: Any, path: str) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                if (isinstance(v, str) and "reconstructed" in v and k in ("prov",)) or (
                    isinstance(v, str) and "reconstructed" in v and path.endswith(".prov")
                ):
                    out.append(f"{path}.{k}" if not path.endswith(".prov") else f"{path[:-5]}.{k}")
                else:
                    walk(v, f"{path}.{k}" if path else k)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                key = v.get("id", v.get("index", i)) if isinstance(v, dict) else i
                walk(v, f"{path}[{key}]")

    walk(RAW, "")
    return out
