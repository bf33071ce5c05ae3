"""All Egizia component data, loaded from ``components.json`` (a copy of the rules source).

Nothing here is invented: every number the rules code uses comes from the JSON, so a
corrected (reconstructed) value is a data edit. The helpers below only reshape it.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RAW: dict[str, Any] = json.loads((Path(__file__).parent / "components.json").read_text(encoding="utf-8"))

DATA_PROFILE: str = RAW["meta"]["data_profile"]
ROUNDS: int = RAW["game"]["rounds"]
DECK_BY_ROUND: dict[int, str] = {int(k): v for k, v in RAW["game"]["nile_deck_by_round"].items()}
CARDS_PER_ROUND: int = RAW["game"]["nile_cards_per_round"]
#: after which round each deck's rest goes back to the box
DECK_DISCARD_AFTER: dict[str, int] = dict(RAW["game"]["deck_discard_after_round"])

# ---------------------------------------------------------------- river
RIVER: list[dict[str, Any]] = sorted(RAW["river"]["spaces"], key=lambda s: s["index"])
RIVER_LEN: int = len(RIVER)
SPACE: dict[int, dict[str, Any]] = {s["index"]: s for s in RIVER}
ROUND_SPACES: dict[str, dict[str, Any]] = RAW["river"]["round_spaces"]
SITES_DATA: dict[str, dict[str, Any]] = RAW["river"]["sites"]
SITE_ORDER: list[str] = sorted(SITES_DATA, key=lambda k: SITES_DATA[k]["build_order"])
SITE_INDEX: dict[str, int] = {s["id"]: s["index"] for s in RIVER if s["kind"] == "site"}
CARD_SPACES: list[int] = [s["index"] for s in RIVER if s["kind"] == "card"]  # in dealing order


def site_slots(site: str, players: int) -> int:
    return int(SITES_DATA[site]["slots_by_players"][str(players)])


# ---------------------------------------------------------------- player board
BUILDERS: list[dict[str, Any]] = RAW["player_board"]["builders"]
BUILDER_IDS: list[str] = [b["id"] for b in BUILDERS]
REGULAR: list[str] = [b["id"] for b in BUILDERS if not b["joker"]]
JOKER: str = next(b["id"] for b in BUILDERS if b["joker"])
BUILDER_MAX: dict[str, int] = {b["id"]: b["max"] for b in BUILDERS}
BUILDER_START: dict[str, int] = {b["id"]: b["start"] for b in BUILDERS}
STONE_MAX: int = RAW["player_board"]["stone_track"]["max"]
START_STONES: dict[int, int] = {int(k): v for k, v in RAW["player_board"]["start_stones_by_turn_tile"].items()}
SHIPS: int = RAW["player_board"]["ships"]
START_QUARRY: int = RAW["start_cards"]["quarry"]["stones"]
START_FIELD: dict[str, Any] = RAW["start_cards"]["grain_field"]
START_CARDS_COUNT_IN_MAJORITY: bool = RAW["start_cards"]["count_in_sphinx_categories"]

# ---------------------------------------------------------------- irrigation
RING_POSITIONS: list[str] = RAW["irrigation"]["positions"]
RING_START: str = RAW["irrigation"]["start"]
IRRIGATED: dict[str, list[str]] = RAW["irrigation"]["irrigated_colors"]
COLOR_LADDER: list[str] = RAW["irrigation"]["field_color_ladder"]  # brown -> yellow_green -> green

# ---------------------------------------------------------------- tracks
TRACKS: dict[str, Any] = RAW["tracks"]
TRACK_IDS: list[str] = ["stone_sale", "grain_market"]
TRACK_BOTTOM: dict[str, int] = {t: len(TRACKS[t]["fields"]) - 1 for t in TRACK_IDS}
TRACK_START: dict[str, int] = {t: TRACKS[t]["start_index"] for t in TRACK_IDS}
STONE_BOTTOM_STONES: int = TRACKS["stone_sale"]["bottom_bonus"]["stones"]
GRAIN_BOTTOM_VP: int = TRACKS["grain_market"]["bottom_bonus"]["vp"]
GRAIN_PENALTY: list[int] = [f["penalty_per_missing_grain"] for f in TRACKS["grain_market"]["fields"]]
SALE_FIELDS: list[bool] = [bool(f.get("endgame_sale")) for f in TRACKS["stone_sale"]["fields"]]
SALE_STONES_PER_VP: int = TRACKS["stone_sale"]["endgame_sale_rate"]["stones_per_vp"]
FIELD_TAKE_BONUS: dict[str, Any] = RAW["field_take_bonus"]

# ---------------------------------------------------------------- cards
NILE_LIST: list[dict[str, Any]] = RAW["nile_cards"]["list"]
NILE: dict[str, dict[str, Any]] = {c["id"]: c for c in NILE_LIST}
NILE_IDS: list[str] = [c["id"] for c in NILE_LIST]
SPHINX_LIST: list[dict[str, Any]] = RAW["sphinx_cards"]["list"]
SPHINX: dict[str, dict[str, Any]] = {c["id"]: c for c in SPHINX_LIST}
SPHINX_IDS: list[str] = [c["id"] for c in SPHINX_LIST]
SPHINX_DRAW: dict[str, Any] = RAW["sphinx_cards"]["draw"]
OPTIONS_DATA: dict[str, Any] = RAW["options"]


def nile_kind(cid: str) -> str:
    kind: str = NILE[cid]["effect"]["kind"]
    return kind


def nile_ids_of_kind(kind: str) -> list[str]:
    return [c["id"] for c in NILE_LIST if c["effect"]["kind"] == kind]


def base_nile_ids() -> list[str]:
    return [c["id"] for c in NILE_LIST if c.get("in_base_deck", True)]


def base_sphinx_ids() -> list[str]:
    return [c["id"] for c in SPHINX_LIST if c.get("in_base_deck", True)]


def optional_swap(kind: str) -> dict[str, str]:
    """{base id: optional id} for the 2-3 player cards."""
    return dict(OPTIONS_DATA["two_three_player_cards"]["swaps"])


# ---------------------------------------------------------------- buildings
OBELISK_ROWS: list[dict[str, Any]] = RAW["buildings"]["obelisk"]["rows"]
#: value of each obelisk field in fill order (two per row)
OBELISK_SEQ: list[int] = list(RAW["buildings"]["obelisk"]["fill_sequence_values"])
#: row number (1-based) of each obelisk field in fill order
OBELISK_ROW_OF: list[int] = [r["row"] for r in OBELISK_ROWS for _ in range(r["fields"])]
PYRAMID_ROWS: list[dict[str, Any]] = RAW["buildings"]["pyramid"]["rows"]
PYRAMID_WIDTH: list[int] = [r["fields"] for r in PYRAMID_ROWS]
PYRAMID_VALUE: list[int] = [r["value"] for r in PYRAMID_ROWS]
TEMPLE_FIELDS: list[dict[str, Any]] = RAW["buildings"]["temple"]["fields"]
TEMPLE: dict[str, dict[str, Any]] = {f["id"]: f for f in TEMPLE_FIELDS}
TEMPLE_IDS: list[str] = [f["id"] for f in TEMPLE_FIELDS]
TEMPLE_GROUPS: dict[str, list[str]] = RAW["buildings"]["temple"]["groups"]
TOMB_TILES: dict[str, int] = {t["id"]: t["value"] for t in RAW["buildings"]["tombs"]["tiles"]}
TOMB_SPACES: int = RAW["buildings"]["tombs"]["spaces"]
TOMB_FACE_UP: int = RAW["buildings"]["tombs"]["face_up"]
TOMB_TABLE: list[dict[str, Any]] = RAW["tomb_scoring"]["table"]
COOP_VP: dict[int, int] = {int(k): v for k, v in RAW["cooperation"]["vp_by_sites"].items()}
SCARAB_EVERY: int = RAW["score_track"]["scarab_every"]


def tomb_vp(total: int) -> int:
    for row in TOMB_TABLE:
        if total >= row["min"] and (row["max"] is None or total <= row["max"]):
            vp: int = row["vp"]
            return vp
    return 0


def reconstructed_paths() -> list[str]:
    """Every JSON path whose provenance is 'reconstructed' (for the README list)."""
    out: list[str] = []

    def walk(o: Any, path: str) -> None:
        if isinstance(o, dict):
            if o.get("src") == "reconstructed":
                out.append(path)
            for k, v in o.items():
                walk(v, f"{path}.{k}" if path else k)
        elif isinstance(o, list):
            for i, v in enumerate(o):
                walk(v, f"{path}[{i}]")

    walk(RAW, "")
    return out
