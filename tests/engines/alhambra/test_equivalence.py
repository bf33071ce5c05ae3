"""The speed work (issue #11 "Fast") changed no behaviour: seeded playouts give the fingerprints
recorded before it (prompts with every label, outcomes, information states, timeouts and the refusals
of sampled actions; see ``equivalence.py``). ALH-TURN-2, ALH-BUY-2, ALH-PLACE-6, ALH-REDESIGN-2."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.engines.alhambra.equivalence import GAMES, fingerprint

RECORDED = json.loads((Path(__file__).parent / "equivalence.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("row", RECORDED, ids=lambda r: f"{r['players']}p-seed{r['seed']}")
def test_playout_fingerprint_unchanged_ALH_TURN_2(row):
    """ALH-TURN-2 (every offered option and every refusal), ALH-BUY-2/3, ALH-PLACE-6, ALH-REDESIGN-2."""
    assert (row["players"], row["seed"], row["options"]) in GAMES
    assert fingerprint(row["players"], row["seed"], row["options"]) == (row["sha256"], row["moves"])
