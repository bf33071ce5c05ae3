"""Every scenario of EXAMPLES.md (EX-1 … EX-46), named by example and clause."""
from __future__ import annotations

import pytest

from engines.core import IllegalAction
from engines.egizia import GAME, building, sailing, scoring
from engines.egizia import board as B
from engines.egizia import data as D
from engines.egizia.testing import resume, stacked_game

from .helpers import (
    act,
    actions,
    at_build,
    at_feed,
    at_sail,
    clear_flow,
    fresh,
    give,
    give_sphinx,
    kinds,
    lay,
    run,
    score_deltas,
    set_player,
)

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def tile_ids(*values):
    """Tomb tile ids with the given values, in order (then the remaining tiles)."""
    pool = dict(D.TOMB_TILES)
    out = []
    for v in values:
        tid = next(t for t, val in sorted(pool.items()) if val == v)
        out.append(tid)
        del pool[tid]
    return out + sorted(pool)


def board(n=4, **opts):
    s = clear_flow(fresh(n, **opts))
    for p in s["seats"]:
        p["sphinx"] = []
    s["sphinx_deck"] = [c for c in D.base_sphinx_ids()]
    return s


def put(s, sid, seat, slot=None, sub=False, extra=False):
    site = s["sites"][sid]
    if sub:
        site["subs"].append(seat)
    elif extra:
        site["extra"] = seat
    else:
        site["slots"][slot - 1] = seat
    s["seats"][seat]["ships"] -= 1
    return s


def blocker(s, seat, sid="pyramid_temple", slot=None):
    """A ship of ``seat`` at a later site, with means to build, so the flow stops there."""
    site = s["sites"][sid]
    k = slot or (site["slots"].index(None) + 1)
    put(s, sid, seat, k)
    s["seats"][seat]["stones"] = max(5, s["seats"][seat]["stones"])
    return s


# ----------------------------------------------------------------- EX-1


def test_ex01_setup_4p_EGZ_SETUP_1_to_9_EGZ_SCORE_4_EGZ_ROUND_3_EGZ_R2_NILE_1():
    """EGZ-SETUP-1 EGZ-SETUP-2 EGZ-SETUP-3 EGZ-SETUP-4 EGZ-SETUP-5 EGZ-SETUP-6 EGZ-SETUP-7 EGZ-SETUP-8
    EGZ-SETUP-9 EGZ-SETUP-10 EGZ-R1-LAYOUT-1 EGZ-R1-LAYOUT-2 EGZ-COMP-1 EGZ-COMP-2 EGZ-COMP-5 EGZ-PC-1"""
    o = stacked_game(4, {}, 0, tiles=[3, 1, 4, 2])
    s = o.state
    assert [p["stones"] for p in s["seats"]] == [4, 2, 5, 3]
    for p in s["seats"]:
        assert p["str"] == {"black": 1, "blue": 1, "yellow": 1, "joker": 2}
        assert (p["ss"], p["gm"], p["ships"], p["score"]) == (0, 0, 8, 0)
        assert B.quarry_total(p) == 3 and [f["grain"] for f in B.fields_of(p)] == [6]
        assert len(p["sphinx"]) == 1
    assert B.score_order(s) == [GREEN, RED, YELLOW, BLUE]
    assert s["ring"] == "middle"
    v = GAME.public_view(s)
    states = [t["state"] for t in v["tombs"]["spaces"]]
    assert states == ["face_up"] * 4 + ["face_down"] * 8
    assert len(s["tombs_box"]) == 8
    assert len(s["sphinx_deck"]) == 25
    # round 1 already dealt: 10 cards of deck 1/2 on C1..C10
    assert len(s["decks"]["1/2"]) + 10 == 22 and len(s["decks"]["3/4"]) == 22 and len(s["decks"]["5"]) == 12
    assert all(s["river_card"][i] and D.NILE[s["river_card"][i]]["deck"] == "1/2" for i in D.CARD_SPACES)
    assert all(len(site["slots"]) == 3 for site in s["sites"].values())
    # round-1 sailing order Blue, Yellow, Red, Green
    assert s["stage"]["order"] == [BLUE, YELLOW, RED, GREEN]
    assert GAME.current_seats(s) == [BLUE]
    assert v["turn_order"] == [BLUE, YELLOW, RED, GREEN]


def test_ex01b_setup_draw2_keep1_parallel_D03_EGZ_SETUP_8():
    """EGZ-SETUP-8 option draw2_keep1: parallel secret D-03, resolved in tile order."""
    s = stacked_game(3, {"setup_sphinx": "draw2_keep1"}, 4, tiles=[2, 1, 3]).state
    ps = GAME.prompts(s)
    assert sorted(p.seat for p in ps) == [0, 1, 2] and all(p.kind == "D-03" and p.secret for p in ps)
    drawn = {k: list(v) for k, v in s["stage"]["drawn"].items()}
    s = act(s, 2, "keep 2").state
    s = act(s, 0, "keep 1").state
    assert kinds(s) == ["D-03"]
    s = act(s, 1, "keep 1").state
    assert s["seats"][0]["sphinx"] == [drawn["0"][0]] and s["seats"][2]["sphinx"] == [drawn["2"][1]]
    # returned cards at the bottom in tile order: tile1 (seat1), tile2 (seat0), tile3 (seat2)
    assert s["sphinx_deck"][-3:] == [drawn["1"][1], drawn["0"][1], drawn["2"][0]]
    assert kinds(s) == ["D-04"]


# ----------------------------------------------------------------- feeding


def test_ex02_feeding_enough_grain_EGZ_R3_FEED_2_3_4_EGZ_IRRIG_1():
    """EGZ-R3-FEED-2 EGZ-R3-FEED-3 EGZ-R3-FEED-4 EGZ-IRRIG-1"""
    s = board()
    set_player(s, BLUE, bk=1, bl=2, ye=3, jk=3, score=10)
    give(s, BLUE, "N05")
    o = at_feed(s)
    feed = next(e.message.params for e in o.events if e.message.key == "egizia.ev.feed" and e.message.params["player"] == BLUE)
    assert (feed["need"], feed["grain"], feed["short"], feed["loss"]) == (9, 11, 0, 0)
    assert o.state["seats"][BLUE]["score"] == 10
    assert "D-10" not in [p.kind for p in GAME.prompts(o.state)]


def test_ex03_feeding_with_grain4_EGZ_R3_FEED_3_4_7_EGZ_CARD_N13_EGZ_TIME_3():
    """EGZ-R3-FEED-3 EGZ-R3-FEED-4 EGZ-R3-FEED-7 EGZ-CARD-N13 EGZ-TIME-3"""
    s = board()
    s["ring"] = "left"
    set_player(s, RED, bk=2, bl=2, ye=2, jk=4, score=14)
    give(s, RED, "N01")
    give(s, RED, "N13")
    s = at_feed(s).state
    assert kinds(s) == ["D-10"] and GAME.current_seats(s) == [RED]
    assert "feed 1 0" in actions(s) and "feed 0 0" in actions(s)
    o = act(s, RED, "feed 1 0")
    feed = next(e.message.params for e in o.events if e.message.key == "egizia.ev.feed")
    assert (feed["grain"], feed["need"], feed["loss"]) == (12, 10, 0)
    assert o.state["seats"][RED]["score"] == 14
    assert "N13" in o.state["out"] and "N13" not in o.state["seats"][RED]["any"]


def test_ex03b_feeding_without_card_EGZ_R3_FEED_5_EGZ_TRACK_GRAIN_1():
    """EGZ-R3-FEED-5 EGZ-TRACK-GRAIN-1 (penalty 3 at gm 0 is reconstructed data)"""
    s = board()
    s["ring"] = "left"
    set_player(s, RED, bk=2, bl=2, ye=2, jk=4, score=14)
    give(s, RED, "N01")
    give(s, RED, "N13")
    s = at_feed(s).state
    o = act(s, RED, "feed 0 0")
    assert o.state["seats"][RED]["score"] == 14 - 2 * D.GRAIN_PENALTY[0] == 8
    assert "N13" in o.state["seats"][RED]["any"]


def test_ex04_feeding_penalty_arrival_order_EGZ_R3_FEED_5_EGZ_SCORE_2_3_EGZ_R7_ORDER_1():
    """EGZ-R3-FEED-5 EGZ-SCORE-2 EGZ-SCORE-3 EGZ-R7-ORDER-1 EGZ-R6-COOP-3"""
    s = board()
    set_player(s, GREEN, bk=3, bl=3, ye=4, jk=4, gm=1, score=18)
    for c in ("N06", "N08"):
        give(s, GREEN, c)
    set_player(s, RED, score=14, stamp=50)
    s["stamp_next"] = 51
    o = at_feed(s)
    # grain 6 + 6 = 12 (brown dry), need 14, short 2, loss 2 x 2 = 4; Green arrives on 14 behind Red
    feed = [e.message.params for e in o.events if e.message.key == "egizia.ev.feed" and e.message.params["player"] == GREEN]
    assert [(f["need"], f["grain"], f["short"], f["loss"]) for f in feed] == [(14, 12, 2, 4)]
    assert score_deltas(o.events, GREEN) == [-4]
    t = o.state
    assert t["seats"][GREEN]["score"] == 14 and t["seats"][RED]["score"] == 14
    assert t["seats"][RED]["stamp"] < t["seats"][GREEN]["stamp"]
    # phase 6 order = score order: Red before Green
    coop = [e.message.params["player"] for e in o.events if e.message.key == "egizia.ev.coop"]
    assert coop.index(RED) < coop.index(GREEN)
    # phase 7: Green receives the lower tile of the two
    assert t["seats"][GREEN]["tile"] == 3 and t["seats"][RED]["tile"] == 4


def test_ex05_production_EGZ_R4_PROD_1():
    """EGZ-R4-PROD-1 EGZ-CARD-QUARRY-1 EGZ-CARD-N09"""
    s = board()
    set_player(s, RED, stones=1)
    give(s, RED, "N09")
    o = at_feed(s)
    assert o.state["seats"][RED]["stones"] == 6


# ----------------------------------------------------------------- Sphinx


def test_ex06_sphinx_draw2_keep1_EGZ_BUILD_SPHINX_1_to_4_EGZ_R6_COOP_1():
    """EGZ-BUILD-SPHINX-1 EGZ-BUILD-SPHINX-2 EGZ-BUILD-SPHINX-3 EGZ-BUILD-SPHINX-4 EGZ-BUILD-SPHINX-5
    EGZ-R5-BUILD-4 EGZ-R6-COOP-1 EGZ-R5-BUILD-1"""
    s = board()
    s["sphinx_deck"] = s["sphinx_deck"][:25]
    set_player(s, BLUE, bl=2, stones=5, score=20)
    put(s, "sphinx", BLUE, 1)
    blocker(s, RED, "obelisk_tombs")
    s = at_build(s, "sphinx").state
    assert kinds(s) == ["D-12"]
    s, ev = run(s, (BLUE, "build"), (BLUE, "crew bl"))
    assert actions(s) == ["draw 1", "draw 2", "crew back"]  # D-13: the crew is fixed by the first draw
    top2 = s["sphinx_deck"][:2]
    s, ev = run(s, (BLUE, "draw 2"))
    assert kinds(s) == ["D-15"] and GAME.prompts(s)[0].secret
    s, ev = run(s, (BLUE, "keep 1"))
    p = s["seats"][BLUE]
    assert (p["stones"], p["score"], p["used"]["blue"]) == (3, 21, True)
    assert p["sphinx"] == [top2[0]] and len(s["sphinx_deck"]) == 24 and s["sphinx_deck"][-1] == top2[1]
    assert p["coop"] == ["sphinx"]
    pub = next(e for e in ev if e.to is None and e.message.key == "egizia.ev.sphinx_kept")
    assert pub.message.params == {"player": BLUE, "kept": 1, "returned": 1}
    assert GAME.current_seats(s) == [RED]


def test_ex19_sphinx_plus2_EGZ_CARD_N15_EGZ_BUILD_SPHINX_2_EGZ_R5_BUILD_3_7():
    """EGZ-CARD-N15 EGZ-BUILD-SPHINX-2 EGZ-R5-BUILD-3 EGZ-R5-BUILD-7 EGZ-TIME-4"""
    s = board()
    set_player(s, RED, bk=1, stones=4, score=20)
    give(s, RED, "N15")
    put(s, "sphinx", RED, 1)
    blocker(s, BLUE, "obelisk_tombs")
    s = at_build(s).state
    s, _ = run(s, (RED, "build"))
    assert "crew bk sx" in actions(s)
    s, _ = run(s, (RED, "crew bk sx"))
    assert actions(s) == ["draw 1", "crew back"]  # n = 1 is the only paid count (the crew may still be taken back, D-13)
    s, _ = run(s, (RED, "draw 1"))
    assert kinds(s) == ["D-15"] and len(s["sphinx_drawn"]) == 3
    s, _ev = run(s, (RED, "keep 2"))
    p = s["seats"][RED]
    assert (p["stones"], p["score"]) == (3, 22) and "N15" in s["out"]
    # (b) no stones: auto-decline, N15 not spent
    s = board()
    set_player(s, RED, bk=1, stones=0, score=20)
    give(s, RED, "N15")
    put(s, "sphinx", RED, 1)
    blocker(s, BLUE, "obelisk_tombs")
    o = at_build(s)
    assert o.state["sites"]["sphinx"]["slots"][0] is None and "N15" in o.state["seats"][RED]["any"]
    assert any(e.message.key == "egizia.ev.decline" and e.message.params["player"] == RED for e in o.events)
    assert list(building.sphinx_n_range(o.state, RED, 1, True)) == []


def test_ex19c_sphinx_plus2_without_payment_option_EGZ_CARD_N15():
    """EGZ-CARD-N15 with sphinx_extra_requires_payment = false (EN): n = 0 draws 2."""
    s = board(sphinx_extra_requires_payment=False)
    set_player(s, RED, bk=1, stones=0, score=20)
    give(s, RED, "N15")
    put(s, "sphinx", RED, 1)
    blocker(s, BLUE, "obelisk_tombs")
    s = at_build(s).state
    s, _ = run(s, (RED, "build"), (RED, "crew bk sx"))
    assert actions(s) == ["draw 0", "crew back"]
    s, _ = run(s, (RED, "draw 0"))
    assert len(s["sphinx_drawn"]) == 2
    s, _ev = run(s, (RED, "keep 1"))
    assert s["seats"][RED]["score"] == 21 and s["seats"][RED]["coop"] == []


def test_ex38_sphinx_draw_caps_EGZ_BUILD_SPHINX_1_2_4():
    """EGZ-BUILD-SPHINX-1 EGZ-BUILD-SPHINX-2 EGZ-BUILD-SPHINX-4 EGZ-CARD-N15 EGZ-SPHINX-DRAW-1"""
    s = board()
    s["sphinx_deck"] = s["sphinx_deck"][:20]
    set_player(s, RED, bk=7, stones=10, score=0)
    give(s, RED, "N15")
    put(s, "sphinx", RED, 1)
    blocker(s, BLUE, "obelisk_tombs")
    s = at_build(s).state
    s, _ = run(s, (RED, "build"), (RED, "crew bk sx"))
    assert actions(s) == [f"draw {n}" for n in range(1, 6)] + ["crew back"]
    labels = {o.action: o.label.params["d"] for o in GAME.prompts(s)[0].options if o.action.startswith("draw")}
    assert labels["draw 3"] == 5 and labels["draw 4"] == 5 and labels["draw 5"] == 5 and labels["draw 1"] == 3
    s, _ = run(s, (RED, "draw 3"))
    assert len(s["sphinx_drawn"]) == 5 and s["seats"][RED]["stones"] == 7
    s, ev = run(s, (RED, "keep 1"))
    assert score_deltas(ev, RED) == [4]
    # without N15, n <= min(S, 5, stones, deck)
    s2 = board()
    s2["sphinx_deck"] = s2["sphinx_deck"][:3]
    set_player(s2, RED, stones=10)
    assert list(building.sphinx_n_range(s2, RED, 7, False)) == [1, 2, 3]


# ----------------------------------------------------------------- obelisk and tombs


def test_ex07_obelisk_and_tomb_with_joker_EGZ_BUILD_OBELISK_2_3_4_EGZ_BUILD_TOMB_1_2():
    """EGZ-BUILD-OBELISK-2 EGZ-BUILD-OBELISK-3 EGZ-BUILD-OBELISK-4 EGZ-BUILD-TOMB-1 EGZ-BUILD-TOMB-2
    EGZ-R5-BUILD-4 EGZ-R5-BUILD-5 EGZ-TRACK-STEP-2"""
    s = stacked_game(4, {}, 0, tiles=[1, 2, 3, 4], tombs=tile_ids(4, 6, 2, 5, 3)).state
    clear_flow(s)
    s["obelisk"][0] = YELLOW
    set_player(s, RED, bk=5, jk=2, stones=9, score=30, ss=0, gm=1)
    put(s, "obelisk_tombs", RED, 1)
    blocker(s, BLUE)
    s = at_build(s, "obelisk_tombs").state
    s, _ = run(s, (RED, "build"), (RED, "crew bk jk"))
    assert set(actions(s)) == {"obelisk", "tomb", "crew back"}
    s, _ = run(s, (RED, "obelisk"), (RED, "obelisk"), (RED, "tomb"))
    assert kinds(s) == ["D-17"]  # 7 of 7 used: "finish" was the only option and resolved itself
    s, _ = run(s, (RED, "track ss"))
    p = s["seats"][RED]
    assert (p["stones"], p["score"]) == (2, 37)
    assert s["obelisk"][:3] == [YELLOW, RED, RED] and s["tomb_spaces"][0]["owner"] == RED
    assert [D.TOMB_TILES[t] for t in p["tombs"]] == [4]
    v = GAME.public_view(s)
    assert [x["value"] for x in v["tombs"]["spaces"] if x["state"] == "face_up"] == [6, 2, 5, 3]
    assert p["used"]["black"] and p["used"]["joker"]
    assert (p["ss"], p["gm"]) == (1, 1)


def test_ex34_obelisk_tomb_item_loop_with_reveals_EGZ_BUILD_TOMB_1_2_D16():
    """EGZ-BUILD-TOMB-1 EGZ-BUILD-TOMB-2 EGZ-BUILD-TOMB-3 EGZ-BUILD-OBELISK-2 EGZ-BUILD-OBELISK-3 EGZ-R5-BUILD-5"""
    def start():
        s = stacked_game(4, {}, 0, tiles=[1, 2, 3, 4], tombs=tile_ids(3, 2, 6, 1, 4, 7)).state
        clear_flow(s)
        for i in range(8):
            s["obelisk"][i] = RED
        set_player(s, GREEN, bl=6, jk=3, stones=12, score=25)
        put(s, "obelisk_tombs", GREEN, 1)
        blocker(s, BLUE)
        s = at_build(s, "obelisk_tombs").state
        s, _ = run(s, (GREEN, "build"), (GREEN, "crew bl jk"))
        return s
    s = start()
    s, _ = run(s, (GREEN, "tomb"))
    assert [x["value"] for x in GAME.public_view(s)["tombs"]["spaces"] if x["state"] == "face_up"] == [2, 6, 1, 4]
    s, _ = run(s, (GREEN, "tomb"))
    # only "finish" was offered (obelisk 5 and tile 6 exceed 9): resolved itself, market step now
    assert kinds(s) == ["D-17"]
    assert [x["value"] for x in GAME.public_view(s)["tombs"]["spaces"] if x["state"] == "face_up"] == [6, 1, 4, 7]
    p = s["seats"][GREEN]
    assert (p["score"], p["stones"]) == (30, 7)
    assert [t["owner"] for t in s["tomb_spaces"][:2]] == [GREEN, GREEN]
    assert actions(s) == ["track ss", "track gm"]
    with pytest.raises(IllegalAction) as exc:
        act(s, GREEN, "tomb")
    assert exc.value.clause == "EGZ-BUILD-OBELISK-4"
    # alternative order: obelisk 5 then tile 3 (8), tile 2 would make 10
    s = start()
    s, _ev = run(s, (GREEN, "obelisk"), (GREEN, "tomb"))
    assert kinds(s) == ["D-17"] and s["seats"][GREEN]["score"] == 33


# ----------------------------------------------------------------- pyramid and temple


def test_ex08_pyramid_strength_more_than_stones_EGZ_BUILD_PYRAMID_2_3_EGZ_R5_BUILD_5():
    """EGZ-BUILD-PYRAMID-1 EGZ-BUILD-PYRAMID-2 EGZ-BUILD-PYRAMID-3 EGZ-R5-BUILD-5"""
    def start(stones):
        s = board()
        s["pyramid"][0][:3] = [RED, RED, RED]
        s["pyramid"][1][0] = RED
        set_player(s, YELLOW, ye=3, stones=stones, score=12)
        put(s, "pyramid_temple", YELLOW, 1)
        blocker(s, BLUE)
        s = at_build(s, "pyramid_temple").state
        return run(s, (YELLOW, "build"), (YELLOW, "crew ye"))[0]
    s = start(2)
    assert {"pyr 1", "pyr 2"} <= set(actions(s)) and "pyr 3" not in actions(s)
    # exactly row 1 p4 (value 1) and row 2 p2 (value 2) in the pyramid
    pyr = {o.action: (o.label.params["row"], o.label.params["pos"], o.label.params["value"])
           for o in GAME.prompts(s)[0].options if o.action.startswith("pyr")}
    assert pyr == {"pyr 1": (1, 4, 1), "pyr 2": (2, 2, 2)}
    s, ev = run(s, (YELLOW, "pyr 2"))
    p = s["seats"][YELLOW]
    assert (p["stones"], p["score"], p["used"]["yellow"]) == (0, 14, True)
    assert not any(e.message.key == "egizia.ev.row_bonus" for e in ev)
    assert GAME.current_seats(s) == [BLUE]  # the turn ended: nothing more affordable
    # building row 1 p4 as well (total 3) is refused for lack of stones
    s = start(2)
    s, _ = run(s, (YELLOW, "pyr 1"))
    assert "pyr 2" not in actions(s)
    with pytest.raises(IllegalAction):
        act(s, YELLOW, "pyr 2")


def test_ex09_pyramid_row_bonus_and_tie_EGZ_BUILD_PYRAMID_4_EGZ_SCORE_3():
    """EGZ-BUILD-PYRAMID-4 EGZ-BUILD-PYRAMID-5 EGZ-SCORE-3"""
    s = board()
    s["pyramid"][0] = [YELLOW, GREEN, YELLOW, RED, BLUE, None]
    s["pyramid"][1] = [GREEN, GREEN, RED, YELLOW, None]
    for seat, sc in ((YELLOW, 10), (GREEN, 12), (BLUE, 8), (RED, 9)):
        set_player(s, seat, score=sc, stones=5)
    set_player(s, GREEN, bk=1, bl=1, ye=1, jk=2)
    put(s, "pyramid_temple", GREEN, 1)
    put(s, "pyramid_temple", BLUE, 2)
    put(s, "pyramid_temple", RED, 3)
    s = at_build(s, "pyramid_temple").state
    s, ev = run(s, (GREEN, "build"), (GREEN, "crew bk"), (GREEN, "pyr 1"))
    assert s["seats"][GREEN]["score"] == 13 and s["seats"][YELLOW]["score"] == 12
    assert score_deltas(ev, GREEN) == [1] and score_deltas(ev, YELLOW) == [2]
    assert GAME.current_seats(s) == [BLUE]
    set_player(s, BLUE, bk=2)
    s, ev = run(s, (BLUE, "build"), (BLUE, "crew bk"), (BLUE, "pyr 2"))
    assert s["seats"][BLUE]["score"] == 10 and s["seats"][GREEN]["score"] == 15


def test_ex10_pyramid_support_EGZ_BUILD_PYRAMID_2_3():
    """EGZ-BUILD-PYRAMID-2 EGZ-BUILD-PYRAMID-3"""
    s = board()
    s["pyramid"][0][:2] = [RED, BLUE]
    assert B.pyramid_candidates(s) == [0, 1]  # row 1 p3 and row 2 p1
    assert sum(1 for x in s["pyramid"][1] if x is not None) == 0  # row 2's next is p1, never p2
    assert 2 not in B.pyramid_candidates(s)  # row 3 p1: no


def test_ex24_temple_order_EGZ_BUILD_TEMPLE_2_to_5():
    """EGZ-BUILD-TEMPLE-1 EGZ-BUILD-TEMPLE-2 EGZ-BUILD-TEMPLE-3 EGZ-BUILD-TEMPLE-4 EGZ-BUILD-TEMPLE-5"""
    s = board()
    for f in ("L1", "L2", "R1"):
        s["temple"][f] = RED
    assert B.temple_candidates(s) == ["L3", "R2"]
    for r in range(len(s["pyramid"])):  # pyramid full so only the temple matters
        s["pyramid"][r] = [RED] * len(s["pyramid"][r])
    set_player(s, BLUE, bk=9, stones=9, score=0)
    put(s, "pyramid_temple", BLUE, 1)
    blocker(s, GREEN)
    s = at_build(s, "pyramid_temple").state
    s, _ = run(s, (BLUE, "build"), (BLUE, "crew bk"))
    with pytest.raises(IllegalAction) as exc:
        act(s, BLUE, "tmp C1")
    assert exc.value.clause == "EGZ-BUILD-TEMPLE-3"
    s, ev = run(s, (BLUE, "tmp R2"), (BLUE, "tmp R3"), (BLUE, "tmp R4"))
    assert sum(score_deltas(ev, BLUE)) == 9
    assert "C1" not in B.temple_candidates(s) and "C2" not in B.temple_candidates(s)


def test_ex40_temple_columns_unlocked_in_turn_EGZ_BUILD_TEMPLE_3_5():
    """EGZ-BUILD-TEMPLE-3 EGZ-BUILD-TEMPLE-5"""
    s = board()
    for f in ("L1", "L2", "L3", "L4", "R1", "R2", "R3"):
        s["temple"][f] = RED
    for r in range(len(s["pyramid"])):
        s["pyramid"][r] = [RED] * len(s["pyramid"][r])
    set_player(s, BLUE, bk=9, stones=9, score=0)
    put(s, "pyramid_temple", BLUE, 1)
    blocker(s, GREEN)
    s = at_build(s, "pyramid_temple").state
    assert B.temple_candidates(s) == ["R4"]  # C1 is not legal first
    # crew 9: R4 is the only item (beside taking the crew back, D-13)
    s, ev = run(s, (BLUE, "build"), (BLUE, "crew bk"))
    assert actions(s) == ["tmp R4", "crew back"]
    s, ev = run(s, (BLUE, "tmp R4"))
    assert "tmp C1" in actions(s)
    s, ev2 = run(s, (BLUE, "tmp C1"))
    assert score_deltas(ev, BLUE) + score_deltas(ev2, BLUE)[:1] == [4, 5]
    assert s["temple"]["R4"] == BLUE and s["temple"]["C1"] == BLUE
    assert s["seats"][BLUE]["stones"] == 0  # 4 + 5 = 9 stones spent, +9 VP (then +1 cooperation)
    # with a pyramid field also open the item loop waits, and C1 first is refused by EGZ-BUILD-TEMPLE-3
    s = board()
    for f in ("L1", "L2", "L3", "L4", "R1", "R2", "R3"):
        s["temple"][f] = RED
    set_player(s, BLUE, bk=9, stones=9, score=0)
    put(s, "pyramid_temple", BLUE, 1)
    blocker(s, GREEN)
    s = at_build(s, "pyramid_temple").state
    s, _ = run(s, (BLUE, "build"), (BLUE, "crew bk"))
    assert kinds(s) == ["D-18"] and "tmp C1" not in actions(s) and "tmp R4" in actions(s)
    with pytest.raises(IllegalAction) as exc:
        act(s, BLUE, "tmp C1")
    assert exc.value.clause == "EGZ-BUILD-TEMPLE-3"
    s, ev = run(s, (BLUE, "tmp R4"), (BLUE, "tmp C1"))
    assert score_deltas(ev, BLUE) == [4, 5] and s["seats"][BLUE]["score"] == 9 and s["seats"][BLUE]["stones"] == 0


def test_ex27_pyramid_three_way_tie_EGZ_BUILD_PYRAMID_4():
    """EGZ-BUILD-PYRAMID-4 (ruling A-07)"""
    for row, winner in (([BLUE, RED, GREEN, RED, GREEN, None], BLUE), ([RED, BLUE, GREEN, RED, GREEN, None], RED)):
        s = board()
        s["pyramid"][0] = list(row)
        set_player(s, BLUE, bk=1, stones=3)
        put(s, "pyramid_temple", BLUE, 1)
        blocker(s, YELLOW)
        s = at_build(s, "pyramid_temple").state
        s, ev = run(s, (BLUE, "build"), (BLUE, "crew bk"), (BLUE, "pyr 1"))
        if winner == BLUE:
            assert score_deltas(ev, BLUE) == [1, 2] and score_deltas(ev, RED) == [] and score_deltas(ev, GREEN) == []
        else:
            assert score_deltas(ev, BLUE) == [1] and score_deltas(ev, RED) == [2]


def test_ex28_row_bonus_to_other_player_EGZ_BUILD_PYRAMID_4_5():
    """EGZ-BUILD-PYRAMID-4 EGZ-BUILD-PYRAMID-5"""
    s = board()
    for r in range(3):
        s["pyramid"][r] = [GREEN] * len(s["pyramid"][r])
    s["pyramid"][3] = [RED, RED, None]
    set_player(s, YELLOW, ye=4, stones=6, score=10)
    set_player(s, RED, score=22)
    put(s, "pyramid_temple", YELLOW, 1)
    blocker(s, BLUE)
    s = at_build(s, "pyramid_temple").state
    s, ev = run(s, (YELLOW, "build"), (YELLOW, "crew ye"), (YELLOW, "pyr 4"))
    assert s["seats"][YELLOW]["score"] == 14 and s["seats"][RED]["score"] == 24
    assert score_deltas(ev, YELLOW) == [4]


# ----------------------------------------------------------------- score track and turn order


def test_ex11_arrival_order_EGZ_SCORE_2_3_EGZ_R7_ORDER_1():
    """EGZ-SCORE-2 EGZ-SCORE-3 EGZ-R7-ORDER-1 EGZ-R7-ORDER-2"""
    s = board()
    for seat, sc in ((RED, 10), (BLUE, 12), (GREEN, 30), (YELLOW, 25)):
        set_player(s, seat, score=sc)
    B.add_score(s, RED, 5, [], "build")
    B.add_score(s, BLUE, 3, [], "build")
    assert B.score_order(s)[2:] == [RED, BLUE]
    s["stage"] = {"at": "coop"}
    t = resume(s).state
    assert [t["seats"][i]["tile"] for i in (BLUE, RED, YELLOW, GREEN)] == [1, 2, 3, 4]
    v = GAME.public_view(t)
    assert {"score": 15, "players": [RED, BLUE]} in v["score_track"]["spaces"]


def test_ex12_turn_order_tie_EGZ_R7_ORDER_1():
    """EGZ-R7-ORDER-1"""
    s = board()
    for seat, sc, stamp in ((RED, 20, 1), (BLUE, 15, 2), (GREEN, 15, 3), (YELLOW, 30, 4)):
        set_player(s, seat, score=sc, stamp=stamp)
    s["stage"] = {"at": "coop"}
    t = resume(s).state
    assert [t["seats"][i]["tile"] for i in (GREEN, BLUE, RED, YELLOW)] == [1, 2, 3, 4]


def test_ex37_negative_score_and_floor_EGZ_R3_FEED_6_EGZ_R7_ORDER_1():
    """EGZ-R3-FEED-6 EGZ-R7-ORDER-1 EGZ-SCORE-1"""
    for floor, expected in ((False, -10), (True, 0)):
        s = board(score_floor_zero=floor)
        s["ring"] = "left"
        set_player(s, YELLOW, bk=3, bl=3, ye=3, jk=3, score=2)
        give(s, YELLOW, "N04")  # yellow-green: dry with the ring left
        give(s, YELLOW, "N14")  # not a grain card: nothing to decide
        s["seats"][YELLOW]["perm"].remove("N04")
        give(s, YELLOW, "N01")  # green 2: grain 6 + 2 = 8
        o = at_feed(s)
        assert o.state["seats"][YELLOW]["score"] == expected
        assert o.state["seats"][YELLOW]["tile"] == 1


# ----------------------------------------------------------------- market tracks


def _take(s, seat, cid, idx=1):
    clear_flow(s)
    lay(s, idx, cid)
    at_sail(s, seat)
    return run(s, (seat, f"place {idx}"))


def test_ex13_stone_sale_bottom_repeated_EGZ_TRACK_STEP_1_EGZ_CARD_N17():
    """EGZ-TRACK-STEP-1 EGZ-TRACK-STONE-1 EGZ-CARD-N17"""
    s = board()
    set_player(s, RED, ss=4, stones=10)
    s, _ = _take(s, RED, "N17")
    assert kinds(s) == ["D-06"]
    s, _ev = run(s, (RED, "track ss"))
    p = s["seats"][RED]
    assert (p["ss"], p["stones"], p["gm"]) == (4, 16, 0)


def test_ex25_grain_market_bottom_EGZ_TRACK_STEP_1_EGZ_CARD_N17():
    """EGZ-TRACK-STEP-1 EGZ-TRACK-GRAIN-1 EGZ-CARD-N17 EGZ-TRACK-STEP-2 EGZ-TRACK-STEP-3"""
    s = board()
    set_player(s, YELLOW, gm=3, score=20)
    s, _ = _take(s, YELLOW, "N17")
    s, ev = run(s, (YELLOW, "track gm"))
    p = s["seats"][YELLOW]
    assert (p["gm"], p["score"], p["ss"]) == (4, 24, 0) and score_deltas(ev, YELLOW) == [2, 2]
    s = board()
    set_player(s, YELLOW, ss=2, stones=0)
    s, _ = _take(s, YELLOW, "N17")
    s, ev = run(s, (YELLOW, "track ss"))
    assert (s["seats"][YELLOW]["ss"], s["seats"][YELLOW]["stones"]) == (4, 3)


def test_ex26_edfu_both_bottom_and_cap_EGZ_SPACE_EDFU_1_EGZ_CONV_4():
    """EGZ-SPACE-EDFU-1 EGZ-TRACK-STEP-1 EGZ-CONV-4"""
    s = board()
    set_player(s, BLUE, ss=4, gm=4, stones=24, score=30)
    at_sail(s, BLUE)
    s, _ev = run(s, (BLUE, "place 2"))
    p = s["seats"][BLUE]
    assert (p["stones"], p["score"], p["ss"], p["gm"]) == (25, 32, 4, 4)


def test_ex14_final_stone_sale_EGZ_END_2():
    """EGZ-END-2"""
    for ss, stones, vp in ((3, 9, 4), (4, 0, 0), (2, 20, 0)):
        s = board(2)
        set_player(s, 0, ss=ss, stones=stones, score=0)
        scoring.final_scoring(s, [])
        assert [ln[2] for ln in s["result"]["lines"] if ln[0] == 0 and ln[1] == "stone_sale"] == ([vp] if ss >= 3 else [])
        assert s["seats"][0]["score"] == vp


def test_ex15_tomb_table_EGZ_END_3_EGZ_CARD_N50():
    """EGZ-END-3 EGZ-CARD-N50"""
    cases = [((), False, 0, 0), ((2, 3), False, 5, 2), ((4, 3, 5), False, 12, 5), ((4, 3, 5, 2), True, 22, 9), ((), True, 8, 2)]
    for values, n50, total, vp in cases:
        s = board(2)
        p = s["seats"][0]
        p["tombs"] = tile_ids(*values)[: len(values)]
        if n50:
            give(s, 0, "N50")
        assert scoring.tomb_total(p) == total and D.tomb_vp(total) == vp


# ----------------------------------------------------------------- Sphinx scoring


def test_ex16_sphinx_bottom_table_EGZ_SPHINX_S09_EGZ_SPHINX_GEN_2():
    """EGZ-SPHINX-S09 EGZ-SPHINX-GEN-2"""
    for at_bottom, vp in (({RED, BLUE, GREEN}, 7), ({RED, BLUE, GREEN, YELLOW}, 7), ({RED, BLUE}, 4), ({RED}, 2), (set(), 0)):
        s = board()
        for i in range(4):
            s["seats"][i]["ss"] = 4 if i in at_bottom else 3
        assert scoring.sphinx_points(s, YELLOW, "S09") == vp


def test_ex17_sphinx_builder_card_EGZ_SPHINX_S18():
    """EGZ-SPHINX-S18"""
    s = board()
    set_player(s, BLUE, bk=4)
    assert scoring.sphinx_points(s, BLUE, "S18") == 4


def test_ex18_production_majority_yellow_green_EGZ_SPHINX_S24_EGZ_CARD_N20():
    """EGZ-SPHINX-S24 EGZ-SPHINX-PM-1 EGZ-CARD-N20"""
    def start(red_cards):
        s = board()
        for c in ("N05", "N06"):
            give(s, GREEN, c)
        for c in red_cards:
            give(s, RED, c)
        give(s, RED, "N08")
        give(s, RED, "N20")
        s["seats"][RED]["improvers"]["N20"] = "N08"
        give(s, YELLOW, "N26")
        return s
    s = start(["N04", "N25"])
    assert scoring.production(s["seats"][RED], "yellow_green") == 9
    assert scoring.sphinx_points(s, GREEN, "S24") == 7
    s = start(["N06", "N25"])  # 11: a tie still scores
    s["seats"][GREEN]["perm"].remove("N06")
    give(s, GREEN, "N26")
    s["seats"][YELLOW]["perm"].remove("N26")
    assert scoring.production(s["seats"][RED], "yellow_green") == 11 and scoring.production(s["seats"][GREEN], "yellow_green") == 12
    assert scoring.sphinx_points(s, GREEN, "S24") == 7
    s["seats"][GREEN]["perm"].remove("N26")
    give(s, GREEN, "N04")  # Green 5 + 4 = 9 < Red 11 -> 0
    assert scoring.sphinx_points(s, GREEN, "S24") == 0
    # the example's variants exactly: Green stays on N05 + N06 = 11
    s = board()
    for c in ("N05", "N06"):
        give(s, GREEN, c)
    for c in ("N04", "N26"):  # Red 4 + 7 = 11: a tie still scores
        give(s, RED, c)
    give(s, RED, "N08")
    give(s, RED, "N20")
    s["seats"][RED]["improvers"]["N20"] = "N08"  # improved brown 7 does not count for Red
    assert scoring.production(s["seats"][RED], "yellow_green") == 11 == scoring.production(s["seats"][GREEN], "yellow_green")
    assert scoring.sphinx_points(s, GREEN, "S24") == 7
    s["seats"][RED]["perm"].remove("N04")
    give(s, RED, "N25")  # Red 5 + 7 = 12 > 11
    assert scoring.production(s["seats"][RED], "yellow_green") == 12
    assert scoring.sphinx_points(s, GREEN, "S24") == 0


def test_ex42_production_majority_tie_and_zero_EGZ_SPHINX_S22_S25():
    """EGZ-SPHINX-S22 EGZ-SPHINX-S25 EGZ-SPHINX-PM-1"""
    s = board()
    for c in ("N09", "N10"):
        give(s, RED, c)
    give(s, BLUE, "N32")
    assert B.quarry_total(s["seats"][RED]) == 7 == B.quarry_total(s["seats"][BLUE])
    assert scoring.sphinx_points(s, RED, "S22") == 7
    assert scoring.sphinx_points(s, RED, "S25") == 0


def test_ex45_per_10_and_per_15_EGZ_SPHINX_S29_S30():
    """EGZ-SPHINX-S29 EGZ-SPHINX-S30"""
    s = board()
    for total, vp in ((-3, 0), (9, 0), (10, 1), (83, 8)):
        s["seats"][0]["score"] = total
        assert scoring.sphinx_points(s, 0, "S29") == vp
    s["seats"][0]["score"] = 44
    assert scoring.sphinx_points(s, 0, "S30") == 2


def test_ex32_final_scoring_and_tie_break_EGZ_END_1_to_5():
    """EGZ-END-1 EGZ-END-2 EGZ-END-3 EGZ-END-4 EGZ-END-5 EGZ-SPHINX-S29 EGZ-SPHINX-S14 EGZ-SPHINX-S12
    EGZ-SPHINX-S18 EGZ-SPHINX-S11 EGZ-SPHINX-S09 EGZ-SPHINX-S28 EGZ-SPHINX-S20 EGZ-SPHINX-GEN-4
    EGZ-ROUND-4 EGZ-TIME-6 EGZ-SPHINX-GEN-1"""
    s = board()
    for seat, tile, score, ss, stones in ((BLUE, 4, 57, 4, 11), (RED, 3, 70, 2, 12), (GREEN, 2, 0, 4, 0), (YELLOW, 1, 0, 0, 0)):
        set_player(s, seat, tile=tile, score=score, ss=ss, stones=stones, stamp=10 + tile)
    s["stamp_next"] = 100
    s["round"] = 5
    s["seats"][BLUE]["tombs"] = tile_ids(6, 7, 8)[:3]
    s["seats"][RED]["tombs"] = tile_ids(4, 3)[:2]
    for c in ("S12", "S14", "S18", "S29"):
        give_sphinx(s, BLUE, c)
    for c in ("S11", "S09", "S28", "S20"):
        give_sphinx(s, RED, c)
    s["pyramid"][0][:3] = [BLUE] * 3
    s["obelisk"][:5] = [BLUE] * 5
    for f in ("L1", "L2", "R1", "R2"):
        s["temple"][f] = RED
    set_player(s, BLUE, bk=6)
    set_player(s, RED, ye=5)
    give(s, RED, "N21")
    give(s, RED, "N41")
    s["stage"] = {"at": "prefinal", "order": [BLUE, RED, GREEN, YELLOW], "i": 0}
    s = resume(s).state
    assert kinds(s) == ["D-19"] and GAME.current_seats(s) == [RED]  # W4: Red may still use N21
    o = act(s, RED, "done")
    s = o.state
    res = GAME.result(s)
    assert res.scores[BLUE] == 91 and res.scores[RED] == 91
    assert res.winners == (BLUE,)
    assert score_deltas(o.events, BLUE) == [5, 9, 6, 6, 8]
    assert score_deltas(o.events, RED) == [2, 4, 6, 5, 4]
    lines = [ln for ln in s["result"]["lines"] if ln[0] == RED]
    assert [ln[1] for ln in lines] == ["tombs", "S09", "S11", "S20", "S28"]
    assert GAME.public_view(s)["final"]["sphinx_revealed"][str(BLUE)] == ["S12", "S14", "S18", "S29"]


# ----------------------------------------------------------------- sailing


def test_ex20_double_round_space_EGZ_CARD_N36_EGZ_SPACE_SELINON_1_PASSALON_1():
    """EGZ-CARD-N36 EGZ-SPACE-SELINON-1 EGZ-SPACE-PASSALON-1 EGZ-R2-NILE-7"""
    s = board()
    set_player(s, BLUE, bk=2, bl=1)
    give(s, BLUE, "N36")
    at_sail(s, BLUE)
    assert "place 6 dbl" in actions(s) and "place 20 dbl" not in actions(s)
    s, _ = run(s, (BLUE, "place 6 dbl"))
    assert s["seats"][BLUE]["str"]["black"] == 4 and s["seats"][BLUE]["str"]["blue"] == 3 and "N36" in s["out"]
    s = board()
    s["ring"] = "left"
    give(s, GREEN, "N36")
    at_sail(s, GREEN)
    s, _ = run(s, (GREEN, "place 14 dbl"))
    assert s["seats"][GREEN]["str"]["joker"] == 4
    assert actions(s) == ["ring left", "ring middle", "ring right"]
    s2, _ = run(s, (GREEN, "ring right"))
    assert s2["ring"] == "right"
    s3, _ = run(s, (GREEN, "ring middle"))
    assert s3["ring"] == "middle"


def test_ex22_ring_at_edge_EGZ_SPACE_PASSALON_1():
    """EGZ-SPACE-PASSALON-1 EGZ-IRRIG-2"""
    s = board()
    s["ring"] = "right"
    at_sail(s, RED)
    s, _ = run(s, (RED, "place 14"))
    assert actions(s) == ["ring middle", "ring right"]
    assert s["seats"][RED]["str"]["joker"] == 3


def test_ex21_build_at_full_site_N37_EGZ_CARD_N37_EGZ_R2_NILE_10_EGZ_R5_BUILD_2():
    """EGZ-CARD-N37 EGZ-R2-NILE-10 EGZ-R5-BUILD-2 EGZ-RIVER-2"""
    s = board()
    put(s, "pyramid_temple", YELLOW, 1)
    put(s, "pyramid_temple", BLUE, 2)
    put(s, "pyramid_temple", GREEN, 3)
    give(s, RED, "N37")
    at_sail(s, RED)
    assert "place 18 extra" in actions(s) and "place 18 sub" in actions(s)
    s, _ = run(s, (RED, "place 18 extra"))
    assert s["sites"]["pyramid_temple"]["extra"] == RED and "N37" in s["out"]
    for i in range(4):
        set_player(s, i, stones=10)
    s = at_build(s, "pyramid_temple").state
    order = []
    evs = []
    for _ in range(4):
        seat = GAME.current_seats(s)[0]
        order.append(seat)
        if seat == BLUE:
            s, _ = run(s, (BLUE, "decline"))
            assert s["sites"]["pyramid_temple"]["slots"][1] is None
            continue
        s, ev = run(s, (seat, "build"), (seat, "crew bk"), (seat, "pyr 1"))
        evs += ev
        if seat == RED:
            break
    assert order == [YELLOW, BLUE, GREEN, RED]
    coop = [e.message.params for e in evs if e.message.key == "egizia.ev.coop" and e.message.params["player"] == RED]
    assert coop == [{"player": RED, "sites": 1, "vp": 1}]


def test_ex35_downstream_and_upstream_EGZ_R2_NILE_4_EGZ_CARD_N41():
    """EGZ-R2-NILE-4 EGZ-CARD-N41"""
    s = board()
    put(s, "sphinx", BLUE, 1)
    s["river_ships"][12] = [BLUE]
    s["seats"][BLUE]["ships"] -= 1
    s["seats"][BLUE]["placed_max"] = 12
    give(s, BLUE, "N41")
    at_sail(s, BLUE)
    idx = {int(a.split()[1]) for a in actions(s) if a.startswith("place") and "up" not in a}
    assert idx and min(idx) > 12
    # the board is empty of cards: every legal normal target in 13-20 is offered, nothing else
    assert idx == {14, 16, 18, 20}
    ups = {int(a.split()[1]) for a in actions(s) if a.startswith("place") and a.split()[-1] == "up"}
    assert ups == {2, 6, 8, 10}  # Edfu, Selinon, Thebae, Obelisk/Tombs; not 4 or 12 (own ships there)
    assert "place 6 up" in actions(s)
    s, _ = run(s, (BLUE, "place 6 up"))
    s = at_sail(s, BLUE)
    acts = actions(s)
    assert all(int(a.split()[1]) > 12 for a in acts if a.startswith("place")) and not any("up" in a for a in acts)


def test_ex36_heliopolis_restrictions_EGZ_SPACE_HELIOPOLIS_2_EGZ_CARD_N36_N42():
    """EGZ-SPACE-HELIOPOLIS-1 EGZ-SPACE-HELIOPOLIS-2 EGZ-SPACE-HELIOPOLIS-3 EGZ-CARD-N36 EGZ-CARD-N42 EGZ-RIVER-3"""
    s = board()
    s["river_ships"][20] = [RED]
    give(s, BLUE, "N42")
    s["river_ships"][16] = [GREEN]
    at_sail(s, BLUE)
    assert not any(a.startswith("place 20") for a in actions(s))
    assert "place 16 occ" in actions(s)
    s = board()
    give(s, GREEN, "N36")
    at_sail(s, GREEN)
    assert "place 20" in actions(s) and "place 20 dbl" not in actions(s)
    s, _ = run(s, (GREEN, "place 20"))
    assert s["seats"][GREEN]["str"]["joker"] == 3 and kinds(s) == ["D-07"]
    assert actions(s) == ["ring left", "ring middle", "ring right"]
    # after Heliopolis (index 20) nothing is downstream any more
    s, _ = run(s, (GREEN, "ring middle"))
    assert sailing.placement_options(s, GREEN) == []


def test_ex39_builder_at_max_EGZ_CONV_5_EGZ_SPACE_SELINON_1():
    """EGZ-CONV-5 EGZ-SPACE-SELINON-1"""
    s = board()
    set_player(s, RED, bk=9, bl=4)
    at_sail(s, RED)
    s, _ev = run(s, (RED, "place 6"))
    assert s["seats"][RED]["str"]["black"] == 9 and s["seats"][RED]["str"]["blue"] == 5


def test_ex41_two_and_three_players_slots_EGZ_PC_2_3_EGZ_R2_NILE_5_9():
    """EGZ-PC-2 EGZ-PC-3 EGZ-R2-NILE-5 EGZ-R2-NILE-9 EGZ-PC-5"""
    s = board(2)
    assert len(s["sites"]["sphinx"]["slots"]) == 2
    put(s, "sphinx", 0, 1)
    put(s, "sphinx", 1, 2)
    for seat in (0, 1):
        at_sail(s, seat)
        assert not any(a.startswith("place 4") for a in actions(s))
    s = board(3)
    put(s, "sphinx", 0, 1)
    put(s, "sphinx", 1, 2)
    at_sail(s, 2)
    assert [a for a in actions(s) if a.startswith("place 4")] == ["place 4 sub"]


def test_ex31_stone_cap_everywhere_EGZ_CONV_4_EGZ_R4_PROD_2_EGZ_SPACE_ALYI_1():
    """EGZ-CONV-4 EGZ-R4-PROD-2 EGZ-SPACE-ALYI-1"""
    s = board()
    set_player(s, GREEN, stones=24)
    give(s, GREEN, "N11")
    at_sail(s, GREEN)
    s, _ev = run(s, (GREEN, "place 16"))
    assert s["seats"][GREEN]["stones"] == 25
    assert actions(s) == ["alyi bk", "alyi bl", "alyi ye", "alyi jk"]
    s, _ = run(s, (GREEN, "alyi ye"))
    assert s["seats"][GREEN]["str"]["yellow"] == 2
    s = clear_flow(s)
    put(s, "obelisk_tombs", GREEN, 1)
    blocker(s, BLUE)
    s["sites"]["sphinx"] = B.empty_site("sphinx", 4)
    o = at_feed(s)
    assert o.state["seats"][GREEN]["stones"] == 25
    stones_ev = [e.message.params for e in o.events if e.message.key == "egizia.ev.stones" and e.message.params["player"] == GREEN]
    assert stones_ev[-1]["lost"] == 6
    s = o.state
    assert GAME.current_seats(s) == [GREEN]
    # phase 5: Green builds 7 value at the Obelisk/Tombs site (obelisk 3 + tomb tile 4)
    set_player(s, GREEN, bk=7)
    s["obelisk"][:4] = [RED] * 4  # next obelisk value is 3
    t4 = next(t for t, v in D.TOMB_TILES.items() if v == 4 and t not in [x["tile"] for x in s["tomb_spaces"][1:]])
    s["tomb_spaces"][0]["tile"] = t4
    s, _ = run(s, (GREEN, "build"), (GREEN, "crew bk"), (GREEN, "obelisk"), (GREEN, "tomb"))
    assert s["seats"][GREEN]["stones"] == 18 and kinds(s) == ["D-17"]


def test_ex44_field_take_bonuses_EGZ_CARD_FIELD_2():
    """EGZ-CARD-FIELD-1 EGZ-CARD-FIELD-2"""
    s = board()
    set_player(s, RED, ss=0, gm=0, stones=23, score=10)
    s, _ = _take(s, RED, "N07")
    assert kinds(s) == ["D-06"]
    s, _ = run(s, (RED, "track gm"))
    assert (s["seats"][RED]["gm"], s["seats"][RED]["score"], s["seats"][RED]["stones"]) == (1, 10, 23)
    s, _ = _take(s, RED, "N28", 3)
    assert s["seats"][RED]["score"] == 13
    s, _ = _take(s, RED, "N29", 5)
    assert s["seats"][RED]["stones"] == 25


def test_ex46_improver_stacking_and_feeding_EGZ_CARD_N20_N44_EGZ_IRRIG_1():
    """EGZ-CARD-N20 EGZ-CARD-N44 EGZ-IRRIG-1 EGZ-R3-FEED-3"""
    s = board()
    s["ring"] = "left"
    give(s, BLUE, "N27")
    give(s, BLUE, "N20")
    give(s, BLUE, "N44")
    s["seats"][BLUE]["improvers"] = {"N20": "N27", "N44": "N27"}
    set_player(s, BLUE, bk=3, bl=3, ye=3, jk=4)
    assert B.field_grain(s, BLUE) == 13
    o = at_feed(s)
    feed = next(e.message.params for e in o.events if e.message.key == "egizia.ev.feed" and e.message.params["player"] == BLUE)
    assert feed["loss"] == 0
    assert scoring.production(s["seats"][BLUE], "brown") == 7


def test_ex33_feed_with_stones_tradeoff_EGZ_CARD_N22_EGZ_R3_FEED_5_7():
    """EGZ-CARD-N22 EGZ-R3-FEED-5 EGZ-R3-FEED-7"""
    for conv, stones_after, score in ((4, 1, 40), (2, 3, 34), (0, 5, 28)):
        s = board()
        set_player(s, RED, bk=4, bl=4, ye=4, jk=3, stones=5, gm=0, score=40)
        give(s, RED, "N05")
        give(s, RED, "N22")
        s = at_feed(s).state
        assert GAME.current_seats(s) == [RED] and kinds(s) == ["D-10"]
        assert "feed 0 5" not in actions(s)
        with pytest.raises(IllegalAction) as exc:
            act(s, RED, "feed 0 5")
        assert exc.value.clause == "EGZ-R3-FEED-7"
        o = act(s, RED, f"feed 0 {conv}")
        # production (3) follows at once, so compare the feeding events
        assert o.state["seats"][RED]["score"] == score
        assert o.state["seats"][RED]["stones"] == min(25, stones_after + 3)


def test_ex23_cooperation_bonus_EGZ_R6_COOP_1_to_4():
    """EGZ-R6-COOP-1 EGZ-R6-COOP-2 EGZ-R6-COOP-3 EGZ-R6-COOP-4"""
    s = board()
    for seat, sc, coop in ((BLUE, 40, ["sphinx", "obelisk_tombs", "pyramid_temple"]), (RED, 35, ["sphinx", "pyramid_temple"]),
                           (GREEN, 20, ["sphinx"]), (YELLOW, 18, [])):
        set_player(s, seat, score=sc, coop=coop)
    put(s, "obelisk_tombs", GREEN, sub=True)
    put(s, "sphinx", BLUE, 1)
    s["stage"] = {"at": "coop"}
    o = resume(s)
    order = [e.message.params["player"] for e in o.events if e.message.key == "egizia.ev.coop"]
    assert order == [BLUE, RED, GREEN, YELLOW]
    t = o.state
    assert [t["seats"][i]["score"] for i in (BLUE, RED, GREEN, YELLOW)] == [46, 38, 21, 18]
    assert all(p["ships"] == 8 for p in t["seats"])
    assert all(x is None for x in t["sites"]["sphinx"]["slots"]) and t["sites"]["obelisk_tombs"]["subs"] == []


def test_ex29_substitute_promoted_after_decline_EGZ_R2_NILE_9_EGZ_R5_BUILD_7():
    """EGZ-R2-NILE-9 EGZ-R5-BUILD-7 EGZ-R6-COOP-1 EGZ-R5-BUILD-3"""
    for timing in ("takes_freed_slot_turn", "after_all_slots"):
        s = board(substitute_timing=timing)
        put(s, "sphinx", RED, 1)
        put(s, "sphinx", BLUE, 2)
        put(s, "sphinx", GREEN, 3)
        put(s, "sphinx", YELLOW, sub=True)
        set_player(s, YELLOW, ye=3, stones=4, score=15)
        for seat in (RED, BLUE, GREEN):
            set_player(s, seat, stones=5)
        blocker(s, RED, "obelisk_tombs")
        s = at_build(s).state
        s, _ = run(s, (RED, "build"), (RED, "crew bk"), (RED, "draw 1"), (RED, "keep"))
        s, _ = run(s, (BLUE, "decline"))
        nxt = GAME.current_seats(s)[0]
        if timing == "takes_freed_slot_turn":
            assert nxt == YELLOW and s["sites"]["sphinx"]["slots"][1] == YELLOW
            s, _ = run(s, (YELLOW, "build"), (YELLOW, "crew ye"), (YELLOW, "draw 3"), (YELLOW, "keep 1"))
            assert (s["seats"][YELLOW]["stones"], s["seats"][YELLOW]["score"]) == (1, 17)
            assert GAME.current_seats(s) == [GREEN]
            assert "sphinx" in s["seats"][YELLOW]["coop"] and s["seats"][BLUE]["coop"] == []
        else:
            assert nxt == GREEN
            s, _ = run(s, (GREEN, "build"), (GREEN, "crew bk"), (GREEN, "draw 1"), (GREEN, "keep"))
            assert GAME.current_seats(s) == [YELLOW]


def test_ex30_joker_once_per_round_never_alone_EGZ_R5_BUILD_4():
    """EGZ-R5-BUILD-4"""
    s = stacked_game(4, {}, 0, tiles=[1, 2, 3, 4], tombs=tile_ids(8, 8)).state
    clear_flow(s)
    set_player(s, RED, bk=1, bl=2, ye=2, jk=3, stones=15)
    for sid in D.SITE_ORDER:
        put(s, sid, RED, 1)
    s = at_build(s).state
    s, _ = run(s, (RED, "build"))
    assert not any(a.split()[1:] == ["jk"] for a in actions(s))
    s, _ = run(s, (RED, "crew bk jk"), (RED, "draw 4"), (RED, "keep 1"))
    assert s["seats"][RED]["stones"] == 11
    s, _ = run(s, (RED, "build"))
    assert sorted(actions(s)) == ["crew bl", "crew ye"]
    with pytest.raises(IllegalAction) as exc:
        act(s, RED, "crew bl jk")
    assert exc.value.clause == "EGZ-R5-BUILD-4"
    s, _ = run(s, (RED, "crew bl"))  # the first obelisk field (1) is the only item (D-13: crew still revisable)
    assert actions(s) == ["obelisk", "crew back"]
    s, _ = run(s, (RED, "obelisk"))
    assert actions(s) == ["obelisk", "finish"]
    s, _ = run(s, (RED, "obelisk"))  # strength 2 used up: finish resolves itself
    s, _ = run(s, (RED, "track gm"))
    assert s["obelisk"][:2] == [RED, RED]
    s, _ = run(s, (RED, "build"))
    # at the Pyramid/Temple only yellow is left: the single crew resolves itself
    assert kinds(s) == ["D-18"] and s["seats"][RED]["used"]["yellow"] and s["stage"]["S"] == 2


def test_ex43_build_first_as_substitute_N38_EGZ_CARD_N38_EGZ_R5_BUILD_2_7():
    """EGZ-CARD-N38 EGZ-R5-BUILD-2 EGZ-R5-BUILD-7 EGZ-R5-BUILD-8"""
    s = stacked_game(4, {}, 0, tiles=[1, 2, 3, 4], tombs=tile_ids(8, 8)).state
    clear_flow(s)
    put(s, "obelisk_tombs", RED, 1)
    put(s, "obelisk_tombs", BLUE, 2)
    put(s, "obelisk_tombs", GREEN, 3)
    put(s, "obelisk_tombs", YELLOW, sub=True)
    s["seats"][YELLOW]["in_force"].append("N38")
    s["decks"]["3/4"].remove("N38")
    for i in range(4):
        set_player(s, i, stones=10)
    blocker(s, RED, "pyramid_temple")
    s = at_build(s, "obelisk_tombs").state
    assert kinds(s) == ["D-11"] and GAME.current_seats(s) == [YELLOW]
    s, _ = run(s, (YELLOW, "first yes"))
    order = [GAME.current_seats(s)[0]]
    s, _ = run(s, (YELLOW, "build"), (YELLOW, "crew bk"), (YELLOW, "obelisk"), (YELLOW, "track ss"))
    assert "obelisk_tombs" in s["seats"][YELLOW]["coop"]
    order.append(GAME.current_seats(s)[0])
    s, _ = run(s, (RED, "build"), (RED, "crew bk"), (RED, "obelisk"), (RED, "track ss"))
    order.append(GAME.current_seats(s)[0])
    s, _ = run(s, (BLUE, "decline"))
    assert s["sites"]["obelisk_tombs"]["slots"][1] is None
    order.append(GAME.current_seats(s)[0])
    assert order == [YELLOW, RED, BLUE, GREEN]
    s, _ = run(s, (GREEN, "decline"))
    # pyramid: Red (the blocker) builds; then phase 5 ends and N38 leaves the game
    s, _ = run(s, (RED, "decline"))
    assert "N38" in s["out"] and s["seats"][YELLOW]["in_force"] == []
