"""The view format documented in engines/egizia/views.py (the renderer depends on it)."""
from __future__ import annotations

import json
import random

from engines.egizia import GAME
from engines.egizia import data as D

from .helpers import at_build, give, run, set_player
from .test_examples import blocker, board, put

TOP = {"game", "data_profile", "options", "players", "round", "phase", "pending", "turn_order", "ring", "ring_positions",
       "irrigated", "nile_decks", "sphinx_deck", "river", "sites", "obelisk", "pyramid", "temple", "tombs", "score_track",
       "tracks", "tableaux", "final", "last_move"}
TABLEAU = {"seat", "tile", "score", "scarabs", "stones", "stone_sale", "grain_market", "ships", "passed", "builders", "need",
           "grain_now", "fields", "quarries", "quarry_total", "permanents", "anytime", "in_force", "tomb_tiles", "sphinx_count",
           "cooperated"}


def test_public_view_format_EGZ_INFO_1():
    """EGZ-INFO-1: everything public is in the view, in the documented shape."""
    rnd = random.Random(1)
    s = GAME.new_game(4, {}, 1).state
    for _ in range(120):
        v = GAME.public_view(s)
        assert set(v) == TOP
        json.dumps(v)
        assert len(v["river"]) == 20 and [e["index"] for e in v["river"]] == list(range(1, 21))
        for e in v["river"]:
            assert ("ships" in e) == (e["kind"] != "site")
        assert list(v["sites"]) == D.SITE_ORDER
        assert len(v["obelisk"]["rows"]) == 9 and len(v["pyramid"]["rows"]) == 6 and len(v["temple"]["fields"]) == 12
        assert len(v["tombs"]["spaces"]) == 12
        for t in v["tableaux"]:
            assert set(t) == TABLEAU and len(t["builders"]) == 4
        assert sum(len(x["players"]) for x in v["score_track"]["spaces"]) == 4
        assert sum(len(m) for m in v["tracks"]["stone_sale"]["markers"]) == 4
        ps = GAME.prompts(s)
        if not ps:
            break
        p = rnd.choice(ps)
        s = GAME.apply(s, p.seat, rnd.choice([o for o in p.options if o.action != "pass"] or p.options).action).state


def test_private_view_drawing_and_playable_EGZ_INFO_2():
    """EGZ-INFO-2: the drawer alone sees the drawn Sphinx cards; free actions listed for the owner."""
    s = board()
    set_player(s, 0, bk=3, stones=5)
    give(s, 0, "N51")
    put(s, "sphinx", 0, 1)
    blocker(s, 1, "obelisk_tombs")
    s = at_build(s).state
    pv = GAME.private_view(s, 0)
    assert "play N51 1" in pv["private"]["playable_now"] and pv["private"]["anytime"] == [{"id": "N51", "name": D.NILE["N51"]["name"]}]
    s, _ = run(s, (0, "build"), (0, "crew bk"), (0, "draw 2"))
    drawn = s["sphinx_drawn"]
    pv = GAME.private_view(s, 0)
    assert [c["id"] for c in pv["private"]["drawing"]] == drawn
    other = GAME.private_view(s, 1)
    assert other["private"]["drawing"] == []
    text = json.dumps(GAME.public_view(s))
    assert all(f'"{c}"' not in text for c in drawn)
