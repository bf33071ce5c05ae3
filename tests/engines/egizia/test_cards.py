"""One test (or parametrised case) per Nile card N01-N57 and per Sphinx card S01-S30.

Each asserts the card's real effect through the engine's actions where it has a timing.
"""
from __future__ import annotations

import pytest

from engines.egizia import GAME, scoring
from engines.egizia import board as B
from engines.egizia import data as D
from engines.egizia.testing import resume

from .helpers import (
    act,
    actions,
    at_build,
    at_feed,
    at_sail,
    clear_flow,
    give,
    give_sphinx,
    kinds,
    lay,
    run,
    score_deltas,
    set_player,
)
from .test_examples import blocker, board, put

FIELDS = [c["id"] for c in D.NILE_LIST if c["effect"]["kind"] == "grain_field"]
QUARRIES = [c["id"] for c in D.NILE_LIST if c["effect"]["kind"] == "quarry"]


def take(s, seat, cid, idx=1):
    clear_flow(s)
    lay(s, idx, cid)
    at_sail(s, seat)
    return run(s, (seat, f"place {idx}"))


def test_card_count_EGZ_CARD_COUNT_1_EGZ_COMP_3_EGZ_COMP_4():
    """EGZ-CARD-COUNT-1 EGZ-COMP-3 EGZ-COMP-4 EGZ-TIME-1"""
    base = D.base_nile_ids()
    assert len(base) == 56 and [c for c in base if D.NILE[c]["deck"] == "1/2"] == [f"N{i:02d}" for i in range(1, 23)]
    assert [c for c in base if D.NILE[c]["deck"] == "3/4"] == [f"N{i:02d}" for i in range(23, 45)]
    assert [c for c in base if D.NILE[c]["deck"] == "5"] == [f"N{i:02d}" for i in range(45, 57)]
    assert (len(FIELDS), len(QUARRIES)) == (17, 7)
    assert len(D.base_sphinx_ids()) == 29
    assert {D.NILE[c]["type"] for c in D.NILE_IDS} == {"immediate", "permanent", "anytime"}


# EGZ-CARD-N01 EGZ-CARD-N02 EGZ-CARD-N03 EGZ-CARD-N04 EGZ-CARD-N05 EGZ-CARD-N06 EGZ-CARD-N07 EGZ-CARD-N08
# EGZ-CARD-N23 EGZ-CARD-N24 EGZ-CARD-N25 EGZ-CARD-N26 EGZ-CARD-N27 EGZ-CARD-N28 EGZ-CARD-N29 EGZ-CARD-N45
# EGZ-CARD-N46 EGZ-CARD-FIELD-1 EGZ-CARD-FIELD-2 EGZ-R2-NILE-6
@pytest.mark.parametrize("cid", FIELDS)
def test_grain_field_cards(cid):
    e = D.NILE[cid]["effect"]
    s = board()
    set_player(s, 0, stones=5, score=10)
    s, _ev = take(s, 0, cid)
    p = s["seats"][0]
    assert cid in p["perm"] and s["river_card"][1] is None and s["river_ships"][1] == [0]
    bonus = D.FIELD_TAKE_BONUS.get(str(e["grain"]), {})
    if bonus.get("market_steps"):
        assert kinds(s) == ["D-06"] and actions(s) == ["track ss", "track gm"]
        s, _ = run(s, (0, "track gm"))
        assert s["seats"][0]["gm"] == 1
    else:
        assert kinds(s) != ["D-06"]
    assert s["seats"][0]["score"] == 10 + bonus.get("vp", 0)
    assert s["seats"][0]["stones"] == min(25, 5 + bonus.get("stones", 0))
    for ring in D.RING_POSITIONS:
        s["ring"] = ring
        watered = e["color"] in D.IRRIGATED[ring]
        assert B.field_grain(s, 0) == 6 + (e["grain"] if watered else 0)


# EGZ-CARD-N09 EGZ-CARD-N10 EGZ-CARD-N11 EGZ-CARD-N12 EGZ-CARD-N30 EGZ-CARD-N31 EGZ-CARD-N32 EGZ-CARD-QUARRY-1
@pytest.mark.parametrize("cid", QUARRIES)
def test_quarry_cards(cid):
    s = board()
    set_player(s, 0, stones=0)
    s, _ = take(s, 0, cid)
    assert cid in s["seats"][0]["perm"]
    o = at_feed(s)
    assert o.state["seats"][0]["stones"] == D.START_QUARRY + D.NILE[cid]["effect"]["stones"]


@pytest.mark.parametrize("cid", ["N13", "N47"])
def test_grain4_cards_EGZ_CARD_N13_N47(cid):
    """EGZ-CARD-N13 EGZ-CARD-N47: anytime, W2 only, +4 grain."""
    s = board()
    s, _ = take(s, 0, cid)
    assert cid in s["seats"][0]["any"]
    set_player(s, 0, bk=3, bl=3, ye=3, jk=3, score=20)  # need 12, grain 6 (ring middle, start field)
    s = at_feed(s).state
    assert "feed 1 0" in actions(s, 0)
    o = act(s, 0, "feed 1 0")
    feed = next(e.message.params for e in o.events if e.message.key == "egizia.ev.feed")
    assert feed["grain"] == 10 and feed["loss"] == 2 * D.GRAIN_PENALTY[0] and cid in o.state["out"]


@pytest.mark.parametrize("cid", ["N14", "N53"])
def test_plus3_strength_cards_EGZ_CARD_N14_N53(cid):
    """EGZ-CARD-N14 EGZ-CARD-N53: anytime, W3, +3 crew strength, needs a regular builder."""
    s = board()
    give(s, 0, cid)
    set_player(s, 0, bk=2, stones=10)
    put(s, "pyramid_temple", 0, 1)
    blocker(s, 1)
    s = at_build(s, "pyramid_temple").state
    s, _ = run(s, (0, "build"))
    assert "crew bk p3" in actions(s) and not any(a.startswith("crew p3") for a in actions(s))
    s, _ev = run(s, (0, "crew bk p3"))
    assert s["stage"]["S"] == 5 and cid in s["out"]


@pytest.mark.parametrize("cid,extra", [("N15", 2), ("N57", 1)])
def test_sphinx_extra_cards_EGZ_CARD_N15_N57(cid, extra):
    """EGZ-CARD-N15 EGZ-CARD-N57 EGZ-PC-4: extra free Sphinx cards, Sphinx only."""
    s = board(3, two_three_player_cards=(cid == "N57"))
    give(s, 0, cid)
    set_player(s, 0, bk=2, stones=5, score=0)
    put(s, "sphinx", 0, 1)
    put(s, "pyramid_temple", 0, 1)
    blocker(s, 1, "obelisk_tombs")
    s = at_build(s).state
    s, _ = run(s, (0, "build"), (0, "crew bk sx"), (0, "draw 2"))
    assert len(s["sphinx_drawn"]) == 2 + extra and s["seats"][0]["stones"] == 3
    s, ev = run(s, (0, "keep"))
    assert score_deltas(ev, 0)[:1] == [2 + extra]


def test_n57_replaces_n15_with_option_EGZ_CARD_N57_EGZ_SETUP_7():
    """EGZ-CARD-N57 EGZ-SETUP-7 EGZ-SETUP-8 EGZ-PC-4"""
    s = GAME.new_game(2, {"two_three_player_cards": True}, 1).state
    deck12 = s["decks"]["1/2"] + [c for c in s["river_card"] if c]
    assert "N57" in deck12 and "N15" not in deck12 and "N15" in s["box"]
    sph = s["sphinx_deck"] + [c for p in s["seats"] for c in p["sphinx"]]
    assert "S30" in sph and "S29" not in sph
    s = GAME.new_game(2, {"remove_plus10_card": True}, 1).state
    sph = s["sphinx_deck"] + [c for p in s["seats"] for c in p["sphinx"]]
    assert "S29" not in sph and len(sph) == 28


@pytest.mark.parametrize("cid", ["N16", "N52"])
def test_plus6_stones_EGZ_CARD_N16_N52(cid):
    """EGZ-CARD-N16 EGZ-CARD-N52: immediate +6 stones, cap 25."""
    s = board()
    set_player(s, 0, stones=22)
    s, _ = take(s, 0, cid)
    assert s["seats"][0]["stones"] == 25 and cid in s["out"]


@pytest.mark.parametrize("cid", ["N17", "N55"])
def test_market_plus2_EGZ_CARD_N17_N55(cid):
    """EGZ-CARD-N17 EGZ-CARD-N55: two steps on one chosen track."""
    s = board()
    s, _ = take(s, 0, cid)
    assert kinds(s) == ["D-06"]
    s, _ = run(s, (0, "track ss"))
    assert (s["seats"][0]["ss"], s["seats"][0]["gm"]) == (2, 0) and cid in s["out"]


def test_two_builder_steps_EGZ_CARD_N18():
    """EGZ-CARD-N18: two different builders +1, or one +2; mandatory."""
    s = board()
    s, _ = take(s, 0, "N18")
    acts = actions(s)
    assert len(acts) == 10 and "n18 bk jk" in acts and "n18 ye ye" in acts
    s2, _ = run(s, (0, "n18 bk jk"))
    assert s2["seats"][0]["str"] == {"black": 2, "blue": 1, "yellow": 1, "joker": 3}
    s3, _ = run(s, (0, "n18 ye ye"))
    assert s3["seats"][0]["str"]["yellow"] == 3


@pytest.mark.parametrize("cid,pair", [("N19", ("black", "blue")), ("N40", ("black", "yellow")), ("N56", ("blue", "yellow"))])
def test_builder_pair_cards_EGZ_CARD_N19_N40_N56(cid, pair):
    """EGZ-CARD-N19 EGZ-CARD-N40 EGZ-CARD-N56"""
    s = board()
    s, _ = take(s, 0, cid)
    for b in D.BUILDER_IDS:
        assert s["seats"][0]["str"][b] == D.BUILDER_START[b] + (1 if b in pair else 0)
    assert cid in s["out"]


@pytest.mark.parametrize("cid", ["N20", "N44"])
def test_field_improver_EGZ_CARD_N20_N44(cid):
    """EGZ-CARD-N20 EGZ-CARD-N44 EGZ-R2-NILE-6: attach on taking, or later in a window."""
    s = board()
    give(s, 0, "N08")  # brown 7
    s, _ = take(s, 0, cid)
    assert kinds(s) == ["D-06"] and actions(s) == [f"improve {cid} N08", "keep"]
    s2, _ = run(s, (0, "keep"))
    assert s2["seats"][0]["improvers"][cid] is None and cid in s2["seats"][0]["perm"]
    s2["ring"] = "middle"
    at_sail(s2, 0, "menu")
    assert f"improve {cid} N08" in actions(s2)
    s3, _ = run(s2, (0, f"improve {cid} N08"))
    assert B.field_grain(s3, 0) == 13  # brown raised to yellow-green, watered in the middle
    s4, _ = run(s, (0, f"improve {cid} N08"))
    assert s4["seats"][0]["improvers"][cid] == "N08"


def test_crew_improver_once_per_round_EGZ_CARD_N21_EGZ_TIME_8():
    """EGZ-CARD-N21 EGZ-TIME-8 EGZ-ROUND-2 EGZ-TIME-2"""
    s = board()
    give(s, 0, "N21")
    at_sail(s, 0, "menu")
    assert "crewup jk" in actions(s)
    s, _ = run(s, (0, "crewup jk"))
    assert s["seats"][0]["str"]["joker"] == 3
    assert not any(a.startswith("crewup") for a in actions(s))
    s["stage"] = {"at": "round_start"}
    s = resume(s).state
    assert s["seats"][0]["flags"] == {}


def test_feed_with_stones_EGZ_CARD_N22():
    """EGZ-CARD-N22 (see also EX-33)"""
    s = board()
    give(s, 0, "N22")
    set_player(s, 0, bk=3, bl=3, ye=3, jk=3, stones=4, score=20)  # need 12, grain 6
    s = at_feed(s).state
    assert [a for a in actions(s, 0) if a.startswith("feed")] == ["feed 0 0", "feed 0 1", "feed 0 2", "feed 0 3", "feed 0 4"]
    o = act(s, 0, "feed 0 4")
    feed = next(e.message.params for e in o.events if e.message.key == "egizia.ev.feed")
    assert feed["grain"] == 10 and feed["loss"] == 2 * D.GRAIN_PENALTY[0]


def test_double_turn_EGZ_CARD_N33():
    """EGZ-CARD-N33 EGZ-R2-NILE-2"""
    s = board()
    give(s, 0, "N33")
    at_sail(s, 0)
    s, _ = run(s, (0, "place 6"))
    assert kinds(s) == ["D-08"] and "play N33" in actions(s)
    s, _ = run(s, (0, "play N33"))
    assert kinds(s) == ["D-05"] and "N33" in s["out"]
    assert all(int(a.split()[1]) > 6 for a in actions(s) if a.startswith("place")) and "stop" in actions(s)
    s, _ = run(s, (0, "place 8"))
    assert s["seats"][0]["ships"] == 6 and GAME.current_seats(s) == [1]


@pytest.mark.parametrize("cid", ["N34", "N54"])
def test_two_builders_EGZ_CARD_N34_N54(cid):
    """EGZ-CARD-N34 EGZ-CARD-N54"""
    s = board()
    give(s, 0, cid)
    set_player(s, 0, bk=2, bl=3, stones=10)
    put(s, "pyramid_temple", 0, 1)
    blocker(s, 1)
    s = at_build(s, "pyramid_temple").state
    s, _ = run(s, (0, "build"))
    assert "crew bk bl jk" in actions(s)
    s, _ = run(s, (0, "crew bk bl jk"))
    assert s["stage"]["S"] == 7 and all(s["seats"][0]["used"][b] for b in ("black", "blue", "joker"))
    assert cid in s["out"]


def test_keep_two_EGZ_CARD_N35():
    """EGZ-CARD-N35 EGZ-BUILD-SPHINX-3"""
    s = board()
    give(s, 0, "N35")
    set_player(s, 0, bk=3, stones=5, score=0)
    put(s, "sphinx", 0, 1)
    blocker(s, 1, "obelisk_tombs")
    s = at_build(s).state
    s, _ = run(s, (0, "build"), (0, "crew bk"), (0, "draw 3"))
    drawn = list(s["sphinx_drawn"])
    assert "keep 1 3 n35" in actions(s)
    s, ev = run(s, (0, "keep 1 3 n35"))
    assert s["seats"][0]["sphinx"] == [drawn[0], drawn[2]] and "N35" in s["out"] and score_deltas(ev, 0)[:1] == [1]


def test_double_round_space_alyi_EGZ_CARD_N36():
    """EGZ-CARD-N36 (Alyi: two picks and +4 stones; ruling A-12)"""
    s = board()
    give(s, 0, "N36")
    set_player(s, 0, stones=0)
    at_sail(s, 0)
    s, _ = run(s, (0, "place 16 dbl"))
    assert s["seats"][0]["stones"] == 4 and "alyi bk bk" in actions(s) and "alyi bk jk" in actions(s)
    s, _ = run(s, (0, "alyi bk bk"))
    assert s["seats"][0]["str"]["black"] == 3


def test_build_first_play_in_w1_EGZ_CARD_N38():
    """EGZ-CARD-N38 EGZ-TIME-2: played in the own sail turn, in force for this round's phase 5."""
    s = board()
    give(s, 0, "N38")
    at_sail(s, 0, "menu")
    assert "play N38" in actions(s)
    s, _ = run(s, (0, "play N38"))
    assert s["seats"][0]["in_force"] == ["N38"] and kinds(s) == ["D-04"]


@pytest.mark.parametrize("mode", ["once", "every_round"])
def test_take_leftover_EGZ_CARD_N39_EGZ_TIME_5_EGZ_R2_NILE_13(mode):
    """EGZ-CARD-N39 EGZ-TIME-5 EGZ-R2-NILE-13 EGZ-R1-LAYOUT-3 EGZ-SPHINX-S28"""
    s = board(take_leftover_mode=mode)
    give(s, 0, "N39")
    lay(s, 3, "N16")
    lay(s, 5, "N09")
    for p in s["seats"]:
        p["passed"] = True
    set_player(s, 0, stones=0)
    s["stage"] = {"at": "sail", "order": [0, 1, 2, 3], "pos": 0, "seat": None, "mode": None}
    s = resume(s).state
    assert kinds(s) == ["D-09"] and actions(s) == ["leftover 3", "leftover 5", "leftover no"]
    o = act(s, 0, "leftover 3")
    t = o.state
    assert t["seats"][0]["stones"] >= 6  # +6 then production
    assert "N09" in t["out"] and t["round"] == 2  # the rest left the game; next round dealt
    if mode == "once":
        assert "N39" in t["out"]
    else:
        assert "N39" in t["seats"][0]["perm"] and scoring.sphinx_points(t, 0, "S28") == 2


def test_upstream_once_per_round_EGZ_CARD_N41():
    """EGZ-CARD-N41 (see EX-35)"""
    s = board()
    give(s, 0, "N41")
    s["seats"][0]["placed_max"] = 10
    at_sail(s, 0)
    assert "place 2 up" in actions(s)
    s, _ = run(s, (0, "place 2 up"))
    assert s["seats"][0]["placed_max"] == 10 and s["seats"][0]["flags"]["N41"]


def test_occupied_round_space_EGZ_CARD_N42():
    """EGZ-CARD-N42 EGZ-RIVER-3"""
    s = board()
    give(s, 0, "N42")
    s["river_ships"][8] = [1]
    at_sail(s, 0)
    assert "place 8 occ" in actions(s) and "place 8" not in actions(s)
    s, _ = run(s, (0, "place 8 occ"))
    assert s["river_ships"][8] == [1, 0] and s["seats"][0]["str"]["black"] == 2 and s["seats"][0]["str"]["yellow"] == 2
    at_sail(s, 0)
    assert not any("occ" in a for a in actions(s))


@pytest.mark.parametrize("timing", ["any", "after_feeding_only"])
def test_buy_strength_EGZ_CARD_N43(timing):
    """EGZ-CARD-N43 EGZ-TIME-2 EGZ-TIME-3 EGZ-TIME-4 (option buy_strength_timing)"""
    s = board(buy_strength_timing=timing)
    give(s, 0, "N43")
    set_player(s, 0, stones=5)
    at_sail(s, 0, "menu")
    if timing == "after_feeding_only":
        assert not any(a.startswith("buy") for a in actions(s))
        put(s, "pyramid_temple", 0, 1)
        blocker(s, 1)
        s = at_build(s, "pyramid_temple").state
    assert "buy bl" in actions(s)
    s, _ = run(s, (0, "buy bl"))
    assert s["seats"][0]["stones"] == 3 and s["seats"][0]["str"]["blue"] == 2
    assert not any(a.startswith("buy") for a in actions(s))


def test_vp_per_brick_obelisk_tombs_EGZ_CARD_N48():
    """EGZ-CARD-N48"""
    s = board()
    s["obelisk"][:3] = [0, 1, 0]
    s["tomb_spaces"][0]["owner"] = 0
    s["pyramid"][0][0] = 0
    set_player(s, 0, score=0)
    s, _ev = take(s, 0, "N48")
    assert s["seats"][0]["score"] == 3


def test_vp_per_brick_pyramid_temple_EGZ_CARD_N49():
    """EGZ-CARD-N49"""
    s = board()
    s["pyramid"][0][:2] = [0, 0]
    s["temple"]["L1"] = 0
    s["obelisk"][0] = 0
    s, _ev = take(s, 0, "N49")
    assert s["seats"][0]["score"] == 3


def test_tomb_value_8_EGZ_CARD_N50():
    """EGZ-CARD-N50"""
    s = board()
    s, _ = take(s, 0, "N50")
    assert scoring.tomb_total(s["seats"][0]) == 8 and scoring.sphinx_points(s, 0, "S28") == 2


def test_sell_up_to_10_EGZ_CARD_N51():
    """EGZ-CARD-N51: W1-W4, sell k stones for k VP, no track requirement."""
    s = board()
    give(s, 0, "N51")
    set_player(s, 0, stones=12, score=0)
    at_sail(s, 0, "menu")
    sells = [a for a in actions(s) if a.startswith("play N51")]
    assert sells == [f"play N51 {k}" for k in range(1, 11)]
    s, _ = run(s, (0, "play N51 10"))
    assert (s["seats"][0]["stones"], s["seats"][0]["score"]) == (2, 10) and "N51" in s["out"]


def test_prefinal_window_W4_EGZ_TIME_6():
    """EGZ-TIME-6 EGZ-ROUND-4 D-19: N51 before final scoring, highest tile first."""
    s = board(2)
    give(s, 0, "N51")
    set_player(s, 0, stones=3, tile=2, score=0)
    set_player(s, 1, tile=1)
    s["round"] = 5
    s["stage"] = {"at": "prefinal", "order": [0, 1], "i": 0}
    s = resume(s).state
    assert kinds(s) == ["D-19"] and "play N51 3" in actions(s)
    s, ev = run(s, (0, "play N51 3"))
    # nothing else to do in W4: "done" was the only option and resolved itself; final scoring ran
    assert GAME.result(s) is not None and score_deltas(ev, 0)[0] == 3


# ----------------------------------------------------------------- Sphinx cards


def sphinx_board():
    s = board()
    return s


def _full_obelisk_rows(s, rows):
    for i, r in enumerate(D.OBELISK_ROW_OF):
        if r in rows:
            s["obelisk"][i] = 1


SPHINX_CASES = {
    # id: (setup that makes it score, expected VP, setup that does not)
    "S01": (lambda s: _full_obelisk_rows(s, {7}), 4, lambda s: s["obelisk"].__setitem__(12, 1)),
    "S02": (lambda s: _full_obelisk_rows(s, {8}), 6, lambda s: s["obelisk"].__setitem__(14, 1)),
    "S03": (lambda s: _full_obelisk_rows(s, {9}), 8, lambda s: s["obelisk"].__setitem__(16, 1)),
    "S04": (lambda s: s["pyramid"].__setitem__(3, [2, 2, 2]), 4, lambda s: s["pyramid"].__setitem__(3, [2, 2, None])),
    "S05": (lambda s: s["pyramid"].__setitem__(5, [3]), 7, lambda s: s["pyramid"].__setitem__(4, [3, 3])),
    "S06": (lambda s: [s["temple"].__setitem__(f, 1) for f in D.TEMPLE_GROUPS["pillars"]], 3, lambda s: s["temple"].__setitem__("L1", 1)),
    "S07": (lambda s: [s["temple"].__setitem__(f, 1) for f in D.TEMPLE_GROUPS["columns"]], 5, lambda s: s["temple"].__setitem__("C1", 1)),
    "S08": (lambda s: [s["temple"].__setitem__(f, 1) for f in D.TEMPLE_GROUPS["top"]], 6, lambda s: s["temple"].__setitem__("T2", 1)),
    "S09": (lambda s: [s["seats"][i].__setitem__("ss", 4) for i in (1, 2)], 4, lambda s: s["seats"][1].__setitem__("ss", 3)),
    "S10": (lambda s: [s["seats"][i].__setitem__("gm", 4) for i in (0, 1, 2)], 7, lambda s: s["seats"][2].__setitem__("gm", 3)),
    "S11": (lambda s: [s["temple"].__setitem__(f, 0) for f in ("L1", "L2", "R1", "R2")], 6, lambda s: [s["temple"].__setitem__(f, 0) for f in ("L1", "L2", "R1")]),
    "S12": (lambda s: s["pyramid"].__setitem__(0, [0] * 6), 6, lambda s: s["pyramid"].__setitem__(0, [0] * 5 + [1])),
    "S13": (lambda s: (s["pyramid"].__setitem__(0, [0] * 6), s["pyramid"][1].__setitem__(0, 0)), 8, lambda s: s["pyramid"].__setitem__(0, [0] * 6)),
    "S14": (lambda s: s["obelisk"].__setitem__(slice(0, 4), [0] * 4), 6, lambda s: s["obelisk"].__setitem__(slice(0, 3), [0] * 3)),
    "S15": (lambda s: s["obelisk"].__setitem__(slice(0, 5), [0] * 5), 8, lambda s: s["obelisk"].__setitem__(slice(0, 4), [0] * 4)),
    "S16": (lambda s: _two_each(s, True), 8, lambda s: _two_each(s, False)),
    "S17": (lambda s: [t.__setitem__("owner", 0) for t in s["tomb_spaces"][:3]], 3, lambda s: None),
    "S18": (lambda s: s["seats"][0]["str"].__setitem__("black", 6), 6, None),
    "S19": (lambda s: s["seats"][0]["str"].__setitem__("blue", 5), 5, None),
    "S20": (lambda s: s["seats"][0]["str"].__setitem__("yellow", 7), 7, None),
    "S21": (lambda s: s["seats"][0]["str"].__setitem__("joker", 4), 4, None),
    "S22": (lambda s: give(s, 0, "N32"), 7, lambda s: (give(s, 0, "N09"), give(s, 1, "N32"))),
    "S23": (lambda s: give(s, 0, "N01"), 5, lambda s: give(s, 1, "N01")),
    "S24": (lambda s: give(s, 0, "N05"), 7, lambda s: None),
    "S25": (lambda s: give(s, 0, "N07"), 7, lambda s: (give(s, 0, "N07"), give(s, 1, "N08"))),
    "S26": (lambda s: s["seats"][0].__setitem__("gm", 4), 4, lambda s: s["seats"][1].__setitem__("gm", 4)),
    "S27": (lambda s: s["seats"][0].__setitem__("ss", 4), 4, lambda s: s["seats"][0].__setitem__("ss", 3)),
    "S28": (lambda s: [give(s, 0, c) for c in ("N21", "N41", "N44", "N05", "N09")], 6, lambda s: give(s, 0, "N14")),
    "S29": (lambda s: s["seats"][0].__setitem__("score", 47), 4, lambda s: s["seats"][0].__setitem__("score", 9)),
    "S30": (lambda s: s["seats"][0].__setitem__("score", 47), 3, lambda s: s["seats"][0].__setitem__("score", 14)),
}


def _two_each(s, ok):
    s["obelisk"][:2] = [0, 0]
    s["pyramid"][0][:2] = [0, 0]
    s["temple"]["L1"] = 0
    s["temple"]["R1"] = 0
    s["tomb_spaces"][0]["owner"] = 0
    if ok:
        s["tomb_spaces"][1]["owner"] = 0


# EGZ-SPHINX-S01 EGZ-SPHINX-S02 EGZ-SPHINX-S03 EGZ-SPHINX-S04 EGZ-SPHINX-S05 EGZ-SPHINX-S06 EGZ-SPHINX-S07
# EGZ-SPHINX-S08 EGZ-SPHINX-S09 EGZ-SPHINX-S10 EGZ-SPHINX-S11 EGZ-SPHINX-S12 EGZ-SPHINX-S13 EGZ-SPHINX-S14
# EGZ-SPHINX-S15 EGZ-SPHINX-S16 EGZ-SPHINX-S17 EGZ-SPHINX-S18 EGZ-SPHINX-S19 EGZ-SPHINX-S20 EGZ-SPHINX-S21
# EGZ-SPHINX-S22 EGZ-SPHINX-S23 EGZ-SPHINX-S24 EGZ-SPHINX-S25 EGZ-SPHINX-S26 EGZ-SPHINX-S27 EGZ-SPHINX-S28
# EGZ-SPHINX-S29 EGZ-SPHINX-S30 EGZ-SPHINX-GEN-1 EGZ-SPHINX-GEN-2 EGZ-SPHINX-GEN-3 EGZ-SPHINX-PM-1
@pytest.mark.parametrize("sid", sorted(SPHINX_CASES))
def test_sphinx_card_scores(sid):
    yes, vp, no = SPHINX_CASES[sid]
    s = sphinx_board()
    yes(s)
    assert scoring.sphinx_points(s, 0, sid) == vp
    if no is not None:
        s = sphinx_board()
        no(s)
        assert scoring.sphinx_points(s, 0, sid) != vp
        if sid not in ("S17", "S29", "S30"):
            assert scoring.sphinx_points(s, 0, sid) == 0


def test_sphinx_s16_without_tombs_option_EGZ_SPHINX_S16():
    """EGZ-SPHINX-S16 option two_each_includes_tombs = false"""
    s = board(two_each_includes_tombs=False)
    _two_each(s, False)
    s["tomb_spaces"][0]["owner"] = None
    assert scoring.sphinx_points(s, 0, "S16") == 8


def test_sphinx_scored_at_final_in_id_order_per10_last_EGZ_SPHINX_GEN_4():
    """EGZ-SPHINX-GEN-4 EGZ-END-4: the per-10 card is scored last, on the total after the others."""
    s = board(2)
    set_player(s, 0, score=45, tile=2, bk=5)
    set_player(s, 1, tile=1)
    for c in ("S29", "S18"):
        give_sphinx(s, 0, c)
    scoring.final_scoring(s, [])
    assert [ln[1] for ln in s["result"]["lines"] if ln[0] == 0] == ["tombs", "S18", "S29"]
    assert s["seats"][0]["score"] == 45 + 5 + 5


def test_every_sphinx_card_has_a_case():
    assert sorted(SPHINX_CASES) == sorted(D.SPHINX_IDS)


def test_anytime_card_usable_in_same_turn_after_placement_EGZ_R2_NILE_6_EGZ_TIME_2():
    """EGZ-R2-NILE-6 EGZ-TIME-2: W1 lasts after the placement; a card just taken may be played."""
    s = board()
    set_player(s, 0, stones=4, score=0)
    s, _ = take(s, 0, "N51")
    assert kinds(s) == ["D-04"] and GAME.current_seats(s) == [0]
    assert actions(s)[0] == "endturn" and "play N51 4" in actions(s) and "sail" not in actions(s)
    s, _ = run(s, (0, "play N51 4"))
    assert (s["seats"][0]["stones"], s["seats"][0]["score"]) == (0, 4)
    assert GAME.current_seats(s) == [1]  # only "endturn" was left: it resolved itself
