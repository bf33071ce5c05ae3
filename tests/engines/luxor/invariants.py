"""Conservation and consistency invariants of a Luxor state (LUX-COMP-*, LUX-SUPPLY-*, LUX-ANUBIS-6)."""
from __future__ import annotations

from collections import Counter
from typing import Any

from engines.luxor import data


def check_invariants(st: dict[str, Any]) -> None:
    seats = st["seats"]
    box = st["box"]
    # every card in exactly one place (LUX-COMP-2, LUX-COMP-3)
    cards = list(st["draw"]) + list(st["discard"]) + list(box.get("cards", []))
    for p in seats:
        cards += p["hand"]
    for stack in st["horus_stacks"].values():
        cards += stack
    assert Counter(cards) == Counter(list(data.CARDS)), "cards not conserved"
    # tiles (LUX-COMP-4..7)
    tiles = [t for t in st["tiles"] if t is not None]
    treasures = [t["id"] for t in tiles if t["kind"] == "treasure"] + list(box["treasures"])
    for p in seats:
        treasures += p["treasures"]
    assert Counter(treasures) == Counter(list(data.TREASURES)), "treasures not conserved"
    temple = [t["id"] for t in tiles if t["kind"] == "temple"] + [t["id"] for t in box["temple"]]
    for stack in st["temple_stacks"].values():
        temple += [t["id"] for t in stack]
    assert Counter(temple) == Counter(t["id"] for t in data.temple_tiles(st["options"]["temple_mapping"]))
    osiris = [t["id"] for t in tiles if t["kind"] == "osiris"] + list(box["osiris"])
    assert Counter(osiris) == Counter(list(data.OSIRIS_TILES))
    horus = sorted(t["id"] for t in tiles if t["kind"] == "horus")
    assert horus == sorted(data.HORUS_TILES)
    for i, t in enumerate(st["tiles"]):
        if t is None:
            continue
        kind = data.KIND.get(i)
        assert kind != "anubis" and 1 <= i <= data.LAST_PATH
        if t["kind"] == "horus":
            assert kind == "horus" and data.HORUS_TILES[t["id"]]["eyes"] == data.HORUS_EYES[i]
        if t["kind"] == "osiris":
            assert kind == "osiris"
        if t["kind"] == "temple" and not box.get("pinned"):
            assert data.ICON[i] == t["back"]
    # tokens (LUX-COMP-8, -9)
    keys = st["supply"]["keys"] + st["key_space"] + box["keys"] + sum(p["keys"] for p in seats)
    assert keys == data.KEYS and all(p["keys"] >= 0 for p in seats) and st["supply"]["keys"] >= 0
    wilds = st["supply"]["wilds"] + box["wilds"] + sum(p["wilds"] for p in seats)
    assert wilds == data.WILDS and st["supply"]["wilds"] >= 0
    scarabs = list(st["supply"]["scarabs"]) + list(box["scarabs"])
    for p in seats:
        scarabs += p["scarabs"]
    assert Counter(scarabs) == Counter(list(data.SCARABS))
    sarc = list(st["sarcophagi"])
    for p in seats:
        sarc += p["sarcophagi"]
    assert sorted(sarc) == sorted(data.SARCOPHAGI)
    # adventurers (LUX-DEF-4)
    finished = 0
    for s, p in enumerate(seats):
        assert len(p["adv"]) == data.ADVENTURERS
        for a in p["adv"]:
            if a["state"] == "lying":
                assert a["pos"] in data.ANUBIS
            elif a["state"] == "finished":
                assert a["pos"] == data.TOMB
                finished += 1
            else:
                assert a["state"] == "active" and 0 <= a["pos"] <= data.LAST_PATH
                if a["pos"]:
                    assert data.KIND[a["pos"]] not in ("anubis", "osiris"), a  # LUX-ANUBIS-5, LUX-TILE-OSIRIS-2
        if not st["options"]["anubis_activation_optional"]:  # LUX-ANUBIS-6
            top = max(a["pos"] for a in p["adv"] if a["state"] != "lying")
            assert not any(a["state"] == "lying" and a["pos"] < top for a in p["adv"]), p["adv"]
        if not st["over"] and s != st["current"]:
            assert len(p["hand"]) == data.HAND_SIZE  # LUX-TURN-5
    if not box.get("pinned"):
        assert finished == st["tomb_entries"] == st["key_space"]
