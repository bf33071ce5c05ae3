"""EXAMPLES.md part 2 (EX-30 … EX-56): hand-computed edge cases, with exact numbers."""
from __future__ import annotations

from itertools import permutations

from engines.alhambra import GAME
from engines.alhambra import data as D
from engines.alhambra.common import take_options
from engines.alhambra.scoring import score_round, score_type
from engines.alhambra.testing import (
    check_invariants,
    finish_game,
    finish_turn,
    grid_legality,
    legal_cells,
    longest_wall,
    removable,
    score_now,
    setup_state,
    stacked_game,
)

from .helpers import ev_keys, ev_of, grid_of, kinds, options, play, rejected
from .test_examples_part1 import ex42_state


def test_ex30_three_way_tie_final_ALH_SCORE_5_6():
    """EX-30; clauses: ALH-SCORE-5, ALH-SCORE-6."""
    assert score_type("final", "tower", {1: 4, 2: 4, 3: 4, 4: 2}) == {1: 13, 2: 13, 3: 13, 4: 0}


def test_ex31_tie_for_second_round_b_ALH_SCORE_5_6_7():
    """EX-31; clauses: ALH-SCORE-5, ALH-SCORE-6, ALH-SCORE-7, Q-13."""
    assert score_type("B", "garden", {1: 5, 2: 3, 3: 3, 4: 1}) == {1: 12, 2: 2, 3: 2, 4: 0}


def test_ex32_ties_round_a_and_three_way_round_b_ALH_SCORE_6_7():
    """EX-32; clauses: ALH-SCORE-6, ALH-SCORE-7."""
    assert score_type("A", "chambers", {1: 2, 2: 2, 3: 1}) == {1: 2, 2: 2, 3: 0}
    assert score_type("B", "pavilion", {1: 3, 2: 3, 3: 3}) == {1: 3, 2: 3, 3: 3}


def test_ex33_competition_ranking_final_ALH_SCORE_5_6():
    """EX-33; clauses: ALH-SCORE-5, ALH-SCORE-6."""
    assert score_type("final", "seraglio", {1: 5, 2: 5, 3: 3, 4: 2}) == {1: 13, 2: 13, 3: 2, 4: 0}
    assert score_type("final", "arcades", {1: 4, 2: 3, 3: 2, 4: 2}) == {1: 18, 2: 10, 3: 1, 4: 1}
    assert score_type("final", "garden", {1: 3, 2: 3, 3: 3, 4: 3}) == {1: 9, 2: 9, 3: 9, 4: 9}


def test_ex34_complete_round_b_ALH_SCORE_2_3_4_5_6_7_8_9_10():
    """EX-34; clauses: ALH-SCORE-2, ALH-SCORE-3, ALH-SCORE-4, ALH-SCORE-5, ALH-SCORE-6, ALH-SCORE-7, ALH-SCORE-8, ALH-SCORE-9."""
    T = D.TYPES
    counts = {
        1: dict(zip(T, (2, 1, 0, 3, 2, 4), strict=True)),
        2: dict(zip(T, (2, 0, 2, 1, 4, 4), strict=True)),
        3: dict(zip(T, (1, 1, 1, 3, 0, 1), strict=True)),
    }
    rows = score_round("B", counts, {1: 6, 2: 3, 3: 9})
    assert [rows[1]["types"][t] for t in T] == [4, 5, 0, 7, 5, 9] and rows[1]["total"] == 36
    assert [rows[2]["types"][t] for t in T] == [4, 0, 10, 0, 12, 9] and rows[2]["total"] == 38
    assert [rows[3]["types"][t] for t in T] == [0, 5, 3, 7, 0, 0] and rows[3]["total"] == 24
    assert rows[3]["wall"] == 9


def test_ex34_round_is_published_per_participant_ALH_SCORE_10():
    """ALH-SCORE-10. EX-34; clauses: ALH-SCORE-2, ALH-SCORE-3, ALH-SCORE-4, ALH-SCORE-5, ALH-SCORE-6, ALH-SCORE-7, ALH-SCORE-8, ALH-SCORE-9."""
    s = setup_state(3, alhambras=[{(1, 0): "TOW-12"}], scores=[10, 0, 0])
    out = score_now(s, "B")
    rows = ev_of(out.events, "ev.score_row")
    assert [e.message.params["player"] for e in rows] == [0, 1, 2]
    assert rows[0].message.params["total"] == 13 and rows[0].message.params["score"] == 23
    assert out.state["players"][0]["score"] == 23
    assert GAME.public_view(out.state)["last_scoring"]["rows"][0] == {
        "who": 0, "types": {t: (13 if t == "tower" else 0) for t in D.TYPES}, "wall": 0, "total": 13}


RING = {
    (-1, -1): "PAV-05", (0, -1): "PAV-06", (1, -1): "SER-04",
    (-1, 0): "SER-07", (1, 0): "PAV-07",
    (-1, 1): "PAV-03", (0, 1): "SER-08", (1, 1): "PAV-04",
}


def test_ex35_closed_ring_scores_every_segment_ALH_WALL_4_WALL_6_OPT_4():
    """EX-35; clauses: ALH-WALL-4, ALH-WALL-6, ALH-OPT-4, Q-11."""
    assert grid_legality(RING) is None
    assert longest_wall(RING) == 12
    assert longest_wall(RING, "bga") == 11
    s = setup_state(3, alhambras=[RING], options={"wall_ring_scoring": "bga"})
    rows = {r["who"]: r for r in score_now(s, "A").state["last_scoring"]["rows"]}
    assert rows[0]["wall"] == 11
    s = setup_state(3, alhambras=[RING])
    assert GAME.public_view(s)["players_view"][0]["longest_wall"] == 12
    assert len(GAME.public_view(s)["players_view"][0]["outer_walls"]) == 12


CH = {(0, -1): "TOW-09b", (-1, 0): "SER-08", (1, 0): "ARC-07", (0, 1): "GAR-06"}


def test_ex36_walls_continue_round_inner_corners_ALH_WALL_3_WALL_4():
    """EX-36; clauses: ALH-WALL-3, ALH-WALL-4."""
    assert grid_legality(CH) is None
    assert longest_wall(CH) == 6
    assert longest_wall(CH, "bga") == 6  # a path, not a ring
    # the six segments of the wall, joined at the inner corners (1,1) and (0,1)
    from engines.alhambra.common import grid_masks
    from engines.alhambra.geometry import outer_segments

    segs = {frozenset(x) for x in outer_segments(grid_masks({f"{x},{y}": t for (x, y), t in CH.items()} | {"0,0": "FTN-1"}))}
    wall6 = [((2, 0), (2, 1)), ((2, 1), (1, 1)), ((1, 1), (1, 2)), ((1, 2), (0, 2)), ((0, 2), (0, 1)), ((0, 1), (-1, 1))]
    other = [((0, -1), (1, -1)), ((1, -1), (1, 0))]  # TOW-09b N + E: the other wall, length 2
    assert segs == {frozenset(x) for x in wall6 + other}
    assert longest_wall({(0, -1): "TOW-09b"}) == 2


def test_ex37_removal_that_would_disconnect_ALH_REDESIGN_2_PLACE_3():
    """EX-37; clauses: ALH-REDESIGN-2, ALH-PLACE-3, Q-08."""
    g = {(1, 0): "PAV-08", (2, 0): "SER-09"}
    assert removable(g) == [(2, 0)]
    s = setup_state(3, alhambras=[g])
    assert [a for a in options(s) if a.startswith("redesign")] == ["redesign remove 2,0"]
    rejected(s, 0, "redesign remove 1,0", "ALH-REDESIGN-2")
    rejected(s, 0, "redesign remove 0,0", "ALH-REDESIGN-3")
    assert grid_legality({(2, 0): "SER-09"}) == "ALH-PLACE-3"


BLOCK = {
    (1, 0): "PAV-08", (2, 0): "SER-09",
    (0, 1): "ARC-09", (1, 1): "ARC-10", (2, 1): "CHA-10",
    (0, 2): "CHA-11", (1, 2): "GAR-10c", (2, 2): "GAR-11",
}


def test_ex38_removal_that_would_leave_a_hole_ALH_REDESIGN_2_ALG_3():
    """EX-38; clauses: ALH-REDESIGN-2, ALH-ALG-3, Q-08."""
    r = removable(BLOCK)
    assert (1, 1) not in r
    assert {(2, 2), (1, 0), (0, 1)} <= set(r)
    without = dict(BLOCK)
    del without[(1, 1)]
    assert grid_legality(without) == "ALH-PLACE-4"  # the full check agrees
    for c in r:  # every offered removal keeps the Alhambra legal (ALH-REDESIGN-2)
        g = dict(BLOCK)
        del g[c]
        assert grid_legality(g) is None


def test_ex39_redesign_swaps_ALH_REDESIGN_1_REDESIGN_2_ALG_4():
    """EX-39; clauses: ALH-REDESIGN-1, ALH-REDESIGN-2, ALH-ALG-4, Q-09."""
    s = setup_state(3, alhambras=[{(1, 0): "PAV-07"}], reserves=[["TOW-13", "GAR-10b", "ARC-10"]])
    opts = options(s)
    assert "redesign swap TOW-13 1,0" in opts and "redesign swap ARC-10 1,0" in opts
    assert "redesign swap GAR-10b 1,0" not in opts
    rejected(s, 0, "redesign swap GAR-10b 1,0", "ALH-REDESIGN-2")
    before = legal_cells({(1, 0): "PAV-07"}, "TOW-12")
    assert before == [(-1, 0), (0, -1), (0, 1), (1, -1), (1, 1)]
    s2, _ev = play(s, 0, "redesign swap ARC-10 1,0")
    assert s2["players"][0]["reserve"] == ["TOW-13", "GAR-10b", "PAV-07"]
    assert s2["players"][0]["grid"]["1,0"] == "ARC-10" and s2["active"] == 1  # the action phase ended
    assert legal_cells({(1, 0): "ARC-10"}, "TOW-12") == sorted(before + [(2, 0)])


TWO_HOLE = {
    (1, 0): "PAV-08", (2, 0): "SER-09", (3, 0): "ARC-09",
    (0, 1): "CHA-10", (3, 1): "CHA-11",
    (0, 2): "GAR-10c", (1, 2): "GAR-11", (3, 2): "TOW-11c",
}


def test_ex40_hole_of_two_cells_ALH_PLACE_4():
    """EX-40; clauses: ALH-PLACE-4, Q-07."""
    assert grid_legality(TWO_HOLE) is None
    cells = legal_cells(TWO_HOLE, "TOW-12")
    assert (2, 2) not in cells and (2, 1) not in cells and (1, 1) in cells
    assert grid_legality({**TWO_HOLE, (2, 2): "TOW-12"}) == "ALH-PLACE-4"
    assert grid_legality({**TWO_HOLE, (2, 1): "TOW-12"}) == "ALH-PLACE-4"


def test_ex41_order_of_placing_matters_ALH_PLACE_10_PLACE_11():
    """EX-41; clauses: ALH-PLACE-10, ALH-PLACE-11."""
    g = {(0, -1): "PAV-02", (-1, 0): "PAV-03"}
    assert legal_cells(g, "GAR-07") == []
    assert legal_cells(g, "ARC-10") == [(0, 1), (1, 0)]
    s = setup_state(3, alhambras=[g], phase="placement", bought=["GAR-07", "ARC-10"])
    opts = options(s)
    assert not any(a.startswith("place GAR-07") for a in opts)
    assert {"reserve GAR-07", "place ARC-10 0,1", "place ARC-10 1,0", "reserve all"} <= set(opts)
    s1, _ = play(s, 0, "place ARC-10 0,1")  # legal cells are recomputed after each placement
    assert [a for a in options(s1) if a.startswith("place")] == ["place GAR-07 -1,1"]
    s2, _ = play(s, 0, "place ARC-10 1,0")
    assert not any(a.startswith("place") for a in options(s2))
    assert options(s2) == ["reserve GAR-07"]  # C-08 is never auto-resolved
    assert GAME.public_view(s1)["hint"] == {"seat": 0, "tile": "GAR-07", "cells": [[-1, 1]]}
    s3, _ = play(s, 0, "reserve GAR-07")
    assert s3["players"][0]["reserve"] == ["GAR-07"] and s3["phase"] == "placement"


def test_ex42_four_exact_buys_then_take_money_ALH_TURN_3_4_BUY_6_8_MONEY_1_REFILL_1():
    """EX-42; clauses: ALH-TURN-3, ALH-TURN-4, ALH-BUY-6, ALH-BUY-8, ALH-MONEY-1, ALH-PLACE-10, ALH-REFILL-1, ALH-REFILL-6."""
    s = ex42_state()
    for action in ("buy 1 5+3", "buy 2 4+2", "buy 3 9", "buy 4 6+1"):
        s, ev = play(s, 0, action)
        assert ev_keys(ev) == ["ev.buy_exact"] and kinds(s) == ["C-03"]
    s, ev = play(s, 0, "take y1+b4")
    assert s["phase"] == "placement"
    table = {"TOW-09b": [(0, -1), (1, 0)], "SER-08": [(-1, 0), (0, 1), (1, 0)], "GAR-06": [(0, 1)], "ARC-07": [(0, 1), (1, 0)]}
    for tile, cells in table.items():
        assert legal_cells({}, tile) == sorted(cells)
        assert sorted(a for a in options(s) if a.startswith(f"place {tile}")) == sorted(f"place {tile} {x},{y}" for x, y in cells)
    chosen = {"TOW-09b": (0, -1), "SER-08": (-1, 0), "GAR-06": (0, 1), "ARC-07": (1, 0)}
    for order in permutations(chosen):  # legal in all 24 orders
        g: dict = {}
        for tile in order:
            assert chosen[tile] in legal_cells(g, tile)
            g[chosen[tile]] = tile
    s, ev = play(s, 0, "place TOW-09b 0,-1", "place SER-08 -1,0", "place GAR-06 0,1", "place ARC-07 1,0")
    assert grid_of(s, 0) == {"0,-1": "TOW-09b", "-1,0": "SER-08", "0,1": "GAR-06", "1,0": "ARC-07"}
    assert GAME.public_view(s)["players_view"][0]["longest_wall"] == 6
    assert s["players"][0]["hand"] == ["y1", "b4"]
    assert sorted(s["discard"]) == sorted(["y3", "y5", "g2", "g4", "b9", "o6", "o1"])
    assert s["display"] == ["g6", "o2", "g9", "b1"]
    assert s["market"] == ["PAV-08", "SER-09", "ARC-09", "CHA-10"]
    check_invariants(s)


def test_ex43_buying_currency_amount_exactness_ALH_BUY_2_3_6_7():
    """EX-43; clauses: ALH-BUY-2, ALH-BUY-3, ALH-BUY-6, ALH-BUY-7."""
    s = setup_state(3, hands=[["yellow3", "yellow5", "green9", "blue2", "blue2", "blue4"]], market=["SER-08", "TOW-13", "CHA-07a", "PAV-04"])
    buys = [a for a in options(s) if a.startswith("buy")]
    assert buys == ["buy 1 5+3", "buy 3 4+2+2"]  # S2: green 9 < 13; S4: no orange
    rejected(s, 0, "buy 1 9", "ALH-BUY-2")
    rejected(s, 0, "buy 3 4+2", "ALH-BUY-3")
    rejected(s, 0, "buy 2 9", "ALH-BUY-3")
    rejected(s, 0, "buy 4 4", "ALH-BUY-2")
    labels = {o.action: o.label for p in GAME.prompts(s) for o in p.options}
    assert labels["buy 1 5+3"].key == "alhambra.opt.buy_exact" and labels["buy 3 4+2+2"].key == "alhambra.opt.buy"
    s, ev = play(s, 0, "buy 1 5+3")
    assert s["phase"] == "action" and s["extra"]
    s, ev = play(s, 0, "buy 3 4+2+2")
    assert ev_keys(ev) == ["ev.buy"] and s["phase"] == "placement"  # 8 > 7: the action phase ends


def test_ex43_payment_lists_exact_minimal_then_others_C06_ALH_BUY_3():
    """EX-43; clauses: ALH-BUY-2, ALH-BUY-3, ALH-BUY-6, ALH-BUY-7."""
    s = setup_state(3, hands=[["yellow3", "yellow5", "yellow1", "yellow9"]], market=["SER-08"])
    buys = [a for a in options(s) if a.startswith("buy")]
    # offered: the exact payment, then the minimal over-payment (C-06); the others add a card for nothing
    assert buys == ["buy 1 5+3", "buy 1 9"]  # 8 exact, 9 minimal
    # every legal set is accepted when typed, offered or not
    legal = {"buy 1 5+3", "buy 1 9", "buy 1 5+3+1", "buy 1 9+1", "buy 1 9+3", "buy 1 9+5", "buy 1 9+3+1", "buy 1 9+5+1", "buy 1 9+5+3", "buy 1 9+5+3+1"}
    for a in sorted(legal):
        _, ev = play(s, 0, a)
        assert ev_keys(ev)[0] == ("ev.buy_exact" if a == "buy 1 5+3" else "ev.buy")
    rejected(s, 0, "buy 1 3+5", "ALH-BUY-2")  # not canonical (values descending)


def test_payment_list_is_bounded_but_every_legal_payment_accepted_ALH_BUY_3():
    """Q-06 with a hoarded hand: the exact payments first, then the least over-payments, at most
    PAYMENT_OFFER_LIMIT; apply still accepts an unlisted legal payment."""
    from engines.alhambra.payments import PAYMENT_OFFER_LIMIT

    hand = [f"y{v}" for v in range(1, 10)] * 3  # all 27 yellow cards
    s = setup_state(3, hands=[hand], market=["PAV-02"], display=["o1", "o2", "o3", "o4"])
    buys = [a for a in options(s) if a.startswith("buy 1")]
    assert buys[:2] == ["buy 1 2", "buy 1 1+1"]  # the exact ones
    assert buys == ["buy 1 2", "buy 1 1+1", "buy 1 3", "buy 1 4", "buy 1 5", "buy 1 6"]  # then over by 1, 2, 3, 4
    assert len(buys) == PAYMENT_OFFER_LIMIT
    from render.i18n import t

    for p in GAME.prompts(s):  # long over-payments are summarised: labels stay short
        for o in p.options:
            assert all(len(t(o.label, loc)) <= 100 for loc in ("en", "cs", "pl")), o
    unlisted = "buy 1 1+1+1"  # legal (3 >= 2) but neither exact nor minimal, beyond the cap
    assert unlisted not in buys
    s2, ev = play(s, 0, unlisted)
    assert len(s2["players"][0]["hand"]) == 24 and s2["discard"] == ["y1", "y1", "y1"]
    assert ev_keys(ev)[0] == "ev.buy"
    s3, _ = play(s, 0, buys[-1])  # the listed ones are accepted too
    assert s3["bought"] == ["PAV-02"]


def test_ex44_take_money_subsets_ALH_MONEY_1():
    """EX-44; clauses: ALH-MONEY-1, Q-34."""
    s = setup_state(3, display=["yellow1", "green4", "blue2", "orange6"])
    assert [a for a in options(s) if a.startswith("take")] == ["take y1", "take g4", "take b2", "take o6", "take y1+g4", "take y1+b2"]
    for bad in ("take g4+b2", "take y1+o6", "take y1+g4+b2", "take "):
        rejected(s, 0, bad)
    # identical cards are interchangeable: one option per value combination
    assert [a for a, _ in take_options(["y2", "y2", "g1"])] == ["take y2", "take g1", "take y2+y2", "take y2+g1", "take y2+y2+g1"]


def test_ex45_distribution_ties_and_unheld_currency_ALH_END_5():
    """EX-45; clauses: ALH-END-5, Q-17."""
    s = setup_state(
        4,
        market=["PAV-08", "TOW-12", "GAR-12", "ARC-09"],
        hands=[["yellow9", "blue3", "blue3"], ["yellow4", "yellow5", "green1", "blue6"], ["green1", "blue2", "blue4"], ["yellow2", "green2"]],
        display=["o1", "o2", "o3", "o4"],
    )
    out = finish_game(s)
    st = out.state
    assert {e.message.params["tile"]: e.message.params["player"] for e in ev_of(out.events, "ev.distribute")} == {"TOW-12": 3}
    assert [e.message.params["tile"] for e in ev_of(out.events, "ev.distribute_none")] == ["PAV-08", "GAR-12", "ARC-09"]
    assert sorted(st["out"]) >= sorted(["PAV-08", "GAR-12", "ARC-09"])
    assert kinds(st) == ["C-09"] and GAME.prompts(st)[0].seat == 3
    st, _ = play(st, 3, "place TOW-12 1,0")
    assert GAME.result(st).scores == (0, 0, 0, 21)


def ex46_state():
    return setup_state(
        3,
        scorings_done=["A"],
        active=1,
        alhambras=[{}, {}, {}],
        market=["TOW-11c", "GAR-08b", "CHA-09b", "PAV-06"],
        bag=["SER-03"],
        display=["yellow3", "blue2", "green7", "orange1"],
        deck=["SCORE-B", "green4", "blue9"],
        hands=[["yellow5", "green2"], ["green8", "orange6", "yellow4"], ["blue6", "green2"]],
    )


def test_ex46_scoring_card_in_the_refill_that_ends_the_game_ALH_TURN_6_END_4():
    """EX-46; clauses: ALH-TURN-6, ALH-END-4, Q-14, Q-15."""
    s = ex46_state()
    s, _ = play(s, 1, "buy 2 8", "buy 4 6", "take y3+b2")
    assert s["phase"] == "placement"
    assert "place GAR-08b 1,0" in options(s) and "place PAV-06 -1,0" in options(s)
    s, ev = play(s, 1, "place GAR-08b 1,0", "place PAV-06 -1,0")
    keys = ev_keys(ev)
    assert s["display"] == ["g7", "o1", "g4", "b9"] and "B" in s["aside"]
    assert keys.index("ev.scoring_card") < keys.index("ev.refill_market") < keys.index("ev.end_trigger") < keys.index("ev.scoring") < keys.index("ev.reveal")
    assert s["scorings_done"] == ["A", "B"]
    # 3. the market refill: S2 <- SER-03; S4 stays empty (the bag is empty): the end is triggered
    assert [(e.message.params["space"], e.message.params["tile"]) for e in ev_of(ev, "ev.refill_market")] == [(2, "SER-03")]
    assert s["market"] == [None, None, None, None] and s["bag"] == [] and s["end"]
    # 4. round B counts P2's new garden (12) and pavilion (8), plus a 2-segment wall; P1, P3 score 0
    b_rows = [e for e in ev_of(ev, "ev.score_row")]
    assert [e.message.params["total"] for e in b_rows] == [0, 22, 0]
    assert b_rows[1].message.params["wall"] == 2
    assert s["last_scoring"]["round"] == "B"
    rows = {r["who"]: r for r in s["last_scoring"]["rows"]}
    assert rows[1]["types"]["garden"] == 12 and rows[1]["types"]["pavilion"] == 8
    assert [p["score"] for p in s["players"]] == [0, 22, 0]
    # 5. the distribution, with the yellow, green and blue totals published (ALH-INFO-5)
    reveals = ev_of(ev, "ev.reveal")
    assert [[m.params["value"] for m in e.message.params["totals"]] for e in reveals] == [[5, 2, 0], [7, 0, 2], [0, 2, 6]]
    dist = {e.message.params["tile"]: e.message.params["player"] for e in ev_of(ev, "ev.distribute")}
    assert dist == {"TOW-11c": 1, "CHA-09b": 2}
    assert [e.message.params["tile"] for e in ev_of(ev, "ev.distribute_none")] == ["SER-03"]
    # C-09 for P3 first, then P2
    assert GAME.prompts(s)[0].seat == 2 and kinds(s) == ["C-09"]
    assert options(s) == ["place CHA-09b -1,0", "place CHA-09b 0,1", "place CHA-09b 1,0", "reserve CHA-09b"]
    s, _ = play(s, 2, "reserve CHA-09b")
    assert GAME.prompts(s)[0].seat == 1
    s, ev = play(s, 1, "place TOW-11c 0,1")
    # final: P2 tower 21, garden 20, pavilion 16, wall 2 -> 22 + 59; CHA-09b in P3's reserve scores nothing
    assert GAME.result(s).scores == (0, 22 + 59, 0)


def test_ex47a_dirk_draws_all_when_bag_short_ALH_2P_4_2P_6():
    """EX-47; clauses: ALH-2P-4, ALH-2P-5, ALH-2P-6, Q-19, Q-20."""
    full_market = ["PAV-08", "SER-09", "ARC-09", "CHA-10"]
    s = setup_state(2, market=full_market, bag=["PAV-02", "PAV-03", "PAV-04", "PAV-05"], display=["o1", "o2", "o3"],
                    deck=["SCORE-A", "b5"], hands=[["y8"], ["g1"]], active=1)
    o = finish_turn(s)
    st = o.state
    assert st["bag"] == [] and len(st["dirk"]["tiles"]) == 4 and not st["end"] and st["phase"] == "action"
    assert ev_of(o.events, "ev.dirk_draw")[0].message.params["count"] == 4
    # the game ends at the next turn end whose refill is incomplete, i.e. after the next buy
    assert st["active"] == 0
    st2, ev = play(st, 0, "buy 1 8", "end", "reserve PAV-08")
    assert st2["end"] and "ev.end_trigger" in ev_keys(ev)


def test_ex47b_dirk_floor_of_two_thirds_is_zero_ALH_2P_5():
    """EX-47; clauses: ALH-2P-4, ALH-2P-5, ALH-2P-6, Q-19, Q-20."""
    s = setup_state(2, market=["PAV-08", "SER-09", "ARC-09", "CHA-10"], bag=["PAV-02", "PAV-03"], display=["o1", "o2", "o3"], deck=["SCORE-B", "b5"], scorings_done=["A"])
    o = finish_turn(s)
    assert ev_of(o.events, "ev.dirk_draw")[0].message.params["count"] == 0 and len(o.state["bag"]) == 2


def test_ex47c_round_b_when_the_refill_fails_ALH_2P_5_END_4():
    """EX-47; clauses: ALH-2P-4, ALH-2P-5, ALH-2P-6, Q-19, Q-20."""
    s = setup_state(2, market=[None, "SER-09", "ARC-09", "CHA-10"], bag=[], display=["o1", "o2", "o3"], deck=["SCORE-B", "b5"], scorings_done=["A"])
    o = finish_turn(s)
    keys = ev_keys(o.events)
    assert keys.index("ev.scoring") < keys.index("ev.dirk_draw") < keys.index("ev.reveal")
    assert ev_of(o.events, "ev.dirk_draw")[0].message.params["count"] == 0
    assert o.state["scorings_done"] == ["A", "B"]


def test_ex48_dirk_pushes_players_down_ALH_SCORE_8_2P_7():
    """EX-48; clauses: ALH-SCORE-8, ALH-2P-7."""
    assert score_type("final", "tower", {"dirk": 5, 0: 4, 1: 4}) == {"dirk": 21, 0: 9, 1: 9}


def test_ex49_closed_alhambra_ALH_PLACE_8_REDESIGN_2():
    """EX-49; clauses: ALH-PLACE-8, ALH-REDESIGN-2."""
    for tile in D.TILE_IDS:
        if tile not in RING.values():
            assert legal_cells(RING, tile) == []
    assert sorted(removable(RING)) == sorted(RING)
    s = setup_state(3, alhambras=[RING], phase="placement", bought=["ARC-10"])
    assert options(s) == ["reserve ARC-10"]
    g = dict(RING)
    del g[(0, -1)]
    assert longest_wall(g) == 11 and legal_cells(g, "ARC-10") == [(0, -1)]


def test_ex50_money_display_cannot_be_refilled_ALH_REFILL_2_REFILL_5():
    """EX-50; clauses: ALH-REFILL-2, ALH-REFILL-5, Q-25."""
    s = setup_state(
        3,
        display=["yellow2", "green3", "blue7", "orange9"],
        deck=[],
        discard=[],
        market=[None, None, "CHA-10", None],
        hands=[[], ["blue5", "blue5"], []],
        rest_money=2,
    )
    s, ev = play(s, 0, "take y2+g3")
    assert s["display"] == ["b7", "o9"] and "ev.money_short" in ev_keys(ev) and s["active"] == 1
    s, ev = play(s, 1, "buy 3 5+5", "take b7", "reserve CHA-10")
    assert "ev.reshuffle" in ev_keys(ev)
    assert s["display"] == ["o9", "b5", "b5"] and s["deck"] == [] and s["discard"] == []
    assert "ev.money_short" in ev_keys(ev)
    check_invariants(s)


def test_ex51_exactly_enough_tiles_game_goes_on_ALH_REFILL_7_REFILL_8_END_1():
    """EX-51; clauses: ALH-REFILL-7, ALH-REFILL-8, ALH-END-1, Q-16."""
    s = setup_state(
        3,
        market=["PAV-02", "SER-03", "ARC-04", "CHA-05"],
        bag=["GAR-06", "TOW-07"],
        hands=[["yellow2", "blue4"], [], ["green3"]],
        display=["o1", "o2", "o3", "o4"],
    )
    s, ev = play(s, 0, "buy 1 2", "buy 3 4", "end", "reserve all")
    assert not s["end"] and s["bag"] == [] and s["market"] == ["GAR-06", "SER-03", "TOW-07", "CHA-05"]
    s, ev = play(s, 1, "take o1")
    assert not s["end"] and s["active"] == 2
    s, ev = play(s, 2, "buy 2 3", "end", "reserve SER-03")
    assert s["end"] and "ev.end_trigger" in ev_keys(ev)


def test_ex52_tiles_placed_this_turn_count_ALH_TURN_6_SCORE_1_SCORE_3():
    """EX-52; clauses: ALH-TURN-6, ALH-SCORE-1, ALH-SCORE-3, Q-14, Q-33."""
    s = setup_state(
        3,
        alhambras=[{(1, 0): "TOW-11c"}, {(0, -1): "TOW-11a", (0, 1): "TOW-11b"}],
        market=["TOW-12", None, None, None],
        hands=[["yellow9", "yellow3"]],
        display=["orange4", "green8", "blue6", "yellow7"],
        deck=["SCORE-A", "green2"],
    )
    s, _ev = play(s, 0, "buy 1 9+3", "take o4", "place TOW-12 0,1")
    assert s["display"] == ["g8", "b6", "y7", "g2"] and s["market"][0] is not None
    assert s["aside"][-1] == "A" and "A" not in s["deck"] and s["scorings_done"] == ["A"]
    rows = {r["who"]: r for r in s["last_scoring"]["rows"]}
    assert s["last_scoring"]["round"] == "A"
    assert rows[0]["types"]["tower"] == 3 and rows[1]["types"]["tower"] == 3 and rows[2]["types"]["tower"] == 0
    # whole round A: P1 3 (no wall), P2 3 + a 1-segment wall, P3 nothing
    assert [rows[w]["total"] for w in (0, 1, 2)] == [3, 4, 0]
    assert [p["score"] for p in s["players"]] == [3, 4, 0]


def test_ex53_five_piles_two_players_ALH_SETUP_11_2P_2():
    """EX-53; clauses: ALH-SETUP-11, ALH-SETUP-12, ALH-SETUP-13, ALH-2P-2."""
    deal = ["y9", "g9", "y1", "g1", "y2", "g2", "b2", "b9", "o9"]  # 4 + 5 cards
    s = stacked_game(2, {}, 1, deck=deal, slots=[0, 0]).state
    assert [len(p["hand"]) for p in s["players"]] == [4, 5]
    assert len(s["deck"]) == 61
    assert s["deck"].index("A") + 1 == 13 and s["deck"].index("B") + 1 == 38
    s = stacked_game(2, {}, 1, deck=deal, slots=[12, 12]).state
    assert s["deck"].index("A") + 1 == 25 and s["deck"].index("B") + 1 == 50


def test_ex54_dirk_cannot_win_ALH_END_8_2P_9():
    """EX-54; clauses: ALH-END-8, Q-22."""
    s = setup_state(2, scores=[98, 95], dirk_score=110, display=["o1", "o2", "o3", "o4"])
    st = finish_game(s).state
    res = GAME.result(st)
    assert res.winners == (0,) and res.scores == (98, 95) and res.extra == {"dirk": 110}
    assert GAME.public_view(st)["result"] == {"scores": [98, 95], "winners": [0], "dirk": 110}
    assert res.detail[-1].key == "alhambra.result.dirk"


def test_ex54_dirk_never_receives_distributed_tiles_ALH_2P_9():
    """ALH-2P-9. EX-54; clauses: ALH-END-8, Q-22."""
    s = setup_state(2, market=["TOW-12", None, None, None], hands=[["y1"], []], display=["o1", "o2", "o3", "o4"], dirk=["TOW-07", "TOW-08"])
    out = finish_game(s)
    assert ev_of(out.events, "ev.distribute")[0].message.params["player"] == 0
    assert kinds(out.state) == ["C-09"] and not any(a.startswith("dirk") for a in options(out.state))
    rejected(out.state, 0, "dirk TOW-12", "ALH-2P-8")


def test_ex55_ending_the_action_phase_after_exact_buy_ALH_TURN_3_OPT_3():
    """EX-55; clauses: ALH-TURN-3, ALH-OPT-3, Q-05."""
    s = setup_state(3, hands=[["yellow8"]], market=["SER-08", "TOW-13"], display=["o1", "o2", "o3", "o4"])
    s1, _ = play(s, 0, "buy 1 8")
    assert options(s1)[-1] == "end" and any(a.startswith("take") for a in options(s1))
    s2, ev = play(s1, 0, "end")
    assert ev_keys(ev)[0] == "ev.end_actions" and s2["phase"] == "placement"
    rejected(s, 0, "end", "ALH-TURN-2")  # no exact buy yet
    m = setup_state(3, hands=[["yellow8"]], market=["SER-08", "TOW-13"], display=["o1", "o2", "o3", "o4"], options={"exact_payment_extra_action": "mandatory"})
    m1, _ = play(m, 0, "buy 1 8")
    assert "end" not in options(m1)
    rejected(m1, 0, "end", "ALH-OPT-3")


def test_ex56_redesign_availability_and_add_ALH_REDESIGN_1_REDESIGN_6_PLACE_6():
    """EX-56; clauses: ALH-REDESIGN-1, ALH-REDESIGN-6, ALH-PLACE-6."""
    s = setup_state(3, reserves=[["GAR-07"]], display=["o1", "o2", "o3", "o4"])
    assert [a for a in options(s) if a.startswith("redesign")] == ["redesign add GAR-07 -1,0"]
    for bad in ("redesign add GAR-07 0,-1", "redesign add GAR-07 0,1", "redesign add GAR-07 1,0"):
        rejected(s, 0, bad, "ALH-REDESIGN-2")
    s2, ev = play(s, 0, "redesign add GAR-07 -1,0")
    assert grid_of(s2, 0) == {"-1,0": "GAR-07"} and s2["active"] == 1 and ev_keys(ev)[0] == "ev.redesign_add"
    # ALH-REDESIGN-6: with only the fountain and an empty reserve, no redesign exists
    s3 = setup_state(3, display=["o1", "o2", "o3", "o4"])
    assert not any(a.startswith("redesign") for a in options(s3))
