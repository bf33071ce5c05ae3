"""EXAMPLES.md part 1 (EX-1 … EX-29): the rulebook's worked examples, with exact numbers."""
from __future__ import annotations

from collections import Counter

from engines.alhambra import GAME
from engines.alhambra import data as D
from engines.alhambra.common import grid_masks
from engines.alhambra.geometry import outer_segments
from engines.alhambra.scoring import score_round, score_type
from engines.alhambra.setup import start_candidates
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

from .helpers import ev_keys, ev_of, kinds, options, play, rejected

EX1_DECK = ["blue9", "green3", "yellow6", "orange4", "green8", "green7", "blue2", "yellow1", "orange9", "yellow5", "blue5", "orange5", "green5", "yellow2", "green1", "blue3", "orange7"]


# --------------------------------------------------------------------------- EX-1, EX-2, EX-3


def test_ex01_dealing_starting_money_ALH_SETUP_8_INFO_2_SETUP_10():
    """EX-1; clauses: ALH-SETUP-8, ALH-INFO-2, ALH-SETUP-10.

    EX-1: ALH-SETUP-8, ALH-INFO-2, ALH-SETUP-10, ALH-SETUP-3."""
    out = stacked_game(3, {}, 5, deck=EX1_DECK)
    s = out.state
    hands = [p["hand"] for p in s["players"]]
    assert hands[0] == ["b9", "g3", "y6", "o4"]  # 9, 12, 18, 22
    assert hands[1] == ["g8", "g7", "b2", "y1", "o9"]  # 8 … 27
    assert hands[2] == ["y5", "b5", "o5", "g5"]  # exactly 20
    assert [sum(int(c[1:]) for c in h) for h in hands] == [22, 27, 20]
    # all 13 cards are in the public log (ALH-INFO-2)
    deals = ev_of(out.events, "ev.deal")
    assert [e.to for e in deals] == [None, None, None]
    assert [e.message.params["player"] for e in deals] == [0, 1, 2]
    assert sum(len(e.message.params["cards"]) for e in deals) == 13
    shown = [[(m.params["currency"].key.rsplit(".", 1)[1], m.params["value"]) for m in e.message.params["cards"]] for e in deals]
    assert shown == [
        [("blue", 9), ("green", 3), ("yellow", 6), ("orange", 4)],
        [("green", 8), ("green", 7), ("blue", 2), ("yellow", 1), ("orange", 9)],
        [("yellow", 5), ("blue", 5), ("orange", 5), ("green", 5)],
    ]
    assert [e.message.params["total"] for e in deals] == [22, 27, 20]
    disp = ev_of(out.events, "ev.display")
    assert len(disp) == 1 and disp[0].to is None
    assert [(m.params["currency"].key.rsplit(".", 1)[1], m.params["value"]) for m in disp[0].message.params["cards"]] == [
        ("yellow", 2), ("green", 1), ("blue", 3), ("orange", 7)]
    # the display follows the deal (ALH-SETUP-10)
    assert s["display"] == ["y2", "g1", "b3", "o7"]
    # ALH-SETUP-3: fountain, empty reserve, score 0
    for seat, p in enumerate(s["players"]):
        assert p["grid"] == {"0,0": D.FOUNTAINS[seat]} and p["reserve"] == [] and p["score"] == 0
    # after the deal, hands are private: the public view has only counts
    view = GAME.public_view(s)
    assert [pv["hand_count"] for pv in view["players_view"]] == [4, 5, 4]
    assert view["open_hands"] is None
    assert GAME.private_view(s, 1)["totals"] == {"yellow": 1, "green": 15, "blue": 2, "orange": 9}


def test_ex01_totals_always_between_20_and_28_ALH_SETUP_8():
    """EX-1; clauses: ALH-SETUP-8, ALH-INFO-2, ALH-SETUP-10."""
    for seed in range(40):
        s = GAME.new_game(2 + seed % 5, {}, seed).state
        for p in s["players"]:
            assert 20 <= sum(int(c[1:]) for c in p["hand"]) <= 28


def test_ex02_start_player_fewest_cards_then_lowest_total_ALH_SETUP_9():
    """EX-2; clauses: ALH-SETUP-9, Q-01.

    EX-2: P3 starts (4 cards, 20 < 22); no random draw is made (ALH-SETUP-9, ALH-SETUP-14)."""
    out = stacked_game(3, {}, 5, deck=EX1_DECK)
    assert out.state["start_player"] == 2 and out.state["active"] == 2
    assert not ev_of(out.events, "ev.start_random")
    assert kinds(out.state) == ["C-03"]
    assert start_candidates([["b9", "g3", "y6", "o4"], ["g8", "g7", "b2", "y1", "o9"], ["y5", "b5", "o5", "g5"]]) == [2]


VARIANT = ["y9", "y9", "y1", "y2", "g9", "g9", "g1", "g2", "b1", "b1", "b1", "b8", "b9"]


def test_ex02_variant_random_tiebreak_ALH_SETUP_9_OPT_2():
    """EX-2; clauses: ALH-SETUP-9, Q-01.

    EX-2 variant, ALH-OPT-2 = random: a seeded pick among P1/P2, never P3."""
    assert start_candidates([VARIANT[0:4], VARIANT[4:8], VARIANT[8:]]) == [0, 1]
    starts = set()
    for seed in range(30):
        out = stacked_game(3, {}, seed, deck=VARIANT)
        assert [len(p["hand"]) for p in out.state["players"]] == [4, 4, 5]
        starts.add(out.state["start_player"])
        assert ev_of(out.events, "ev.start_random")[0].message.params["players"] == [0, 1]
        # deterministic from the seed
        assert stacked_game(3, {}, seed, deck=VARIANT).state == out.state
    assert starts == {0, 1}


def test_ex02_variant_host_choice_C02_ALH_OPT_2():
    """EX-2; clauses: ALH-SETUP-9, Q-01.

    EX-2 variant, host_choice: decision C-02 offers exactly {P1, P2}."""
    s = stacked_game(3, {"start_player_tiebreak": "host_choice"}, 1, deck=VARIANT).state
    assert s["phase"] == "start_choice"
    (p,) = GAME.prompts(s)
    assert p.kind == "C-02" and [o.action for o in p.options] == ["start 0", "start 1"]
    rejected(s, 0, "start 2", "ALH-SETUP-9")
    s2, _ev = play(s, 0, "start 1")
    assert s2["active"] == 1 and s2["phase"] == "action" and s2["start_player"] == 1
    assert GAME.public_view(s)["phase"] == "start_choice"


def test_ex02_host_choice_without_tie_makes_no_decision_ALH_SETUP_9():
    """EX-2; clauses: ALH-SETUP-9, Q-01."""
    s = stacked_game(3, {"start_player_tiebreak": "host_choice"}, 5, deck=EX1_DECK).state
    assert s["phase"] == "action" and s["active"] == 2


EX3_DEAL = ["y2", "g2", "b2", "y9", "g9", "b9", "o9", "y1", "g1", "y9", "g9", "b1", "o1", "b9", "o9", "y1", "g1"]  # 5 + 4 + 4 + 4 cards


def test_ex03_five_piles_and_scoring_cards_ALH_SETUP_11_12_13():
    """EX-3; clauses: ALH-SETUP-11, ALH-SETUP-12, ALH-SETUP-13, Q-03.

    EX-3 (4 players, 108 cards): N = 87, piles 18/18/17/17/17; A in 19-37, B in 55-72."""
    s = stacked_game(4, {}, 3, deck=EX3_DEAL, slots=[0, 0]).state
    assert [len(p["hand"]) for p in s["players"]] == [5, 4, 4, 4]
    deck = s["deck"]
    assert len(deck) == 89
    assert deck.index("A") + 1 == 19 and deck.index("B") + 1 == 55
    s = stacked_game(4, {}, 3, deck=EX3_DEAL, slots=[18, 17]).state
    assert s["deck"].index("A") + 1 == 37 and s["deck"].index("B") + 1 == 72
    # the cards of each pile keep their order: pile 1 = the top 18 of the 87
    plain = stacked_game(4, {}, 3, deck=EX3_DEAL, slots=[0, 0]).state["deck"]
    rest = [c for c in plain if c not in ("A", "B")]
    assert len(rest) == 87
    assert plain[:18] == rest[:18] and plain[18] == "A" and plain[19:37] == rest[18:36]
    positions_a, positions_b = set(), set()
    for seed in range(200):
        d = stacked_game(4, {}, seed, deck=EX3_DEAL).state["deck"]
        positions_a.add(d.index("A") + 1)
        positions_b.add(d.index("B") + 1)
    assert min(positions_a) >= 19 and max(positions_a) <= 37 and len(positions_a) > 10
    assert min(positions_b) >= 55 and max(positions_b) <= 72 and len(positions_b) > 10


def test_ex03_no_scoring_card_before_first_turn_ALH_SETUP_14():
    """EX-3; clauses: ALH-SETUP-11, ALH-SETUP-12, ALH-SETUP-13, Q-03."""
    for seed in range(20):
        s = GAME.new_game(3, {}, seed).state
        assert "A" not in s["display"] and "B" not in s["display"] and s["turn"] == 1


# --------------------------------------------------------------------------- EX-4 … EX-8


def test_ex04_taking_money_ALH_MONEY_1_2_4():
    """EX-4; clauses: ALH-MONEY-1, ALH-MONEY-2, ALH-MONEY-4.

    EX-4: one card of any value, or 2+ cards totalling at most 5."""
    s = setup_state(3, display=["yellow2", "green3", "blue7", "orange9"], deck=["b1", "o2"])
    takes = [a for a in options(s) if a.startswith("take")]
    assert takes == ["take y2", "take g3", "take b7", "take o9", "take y2+g3"]
    for bad in ("take y2+b7", "take g3+b7", "take b7+o9", "take y2+g3+b7", "take", "take y5"):
        rejected(s, 0, bad, "ALH-MONEY-1")
    s2, ev = play(s, 0, "take y2+g3")
    assert s2["players"][0]["hand"] == ["y2", "g3"]
    # the action phase ends (ALH-MONEY-2); the display was not refilled during the turn
    # (ALH-MONEY-4): the 2 new cards come at the end of the turn, after blue7, orange9
    assert s2["display"] == ["b7", "o9", "b1", "o2"]
    assert ev_keys(ev)[:2] == ["ev.take", "ev.refill_money"]
    assert s2["active"] == 1 and s2["turn"] == 2


def test_ex05_overpaying_ALH_BUY_2_3_4_6_COMP_5():
    """EX-5; clauses: ALH-BUY-2, ALH-BUY-3, ALH-BUY-4, ALH-BUY-6, ALH-COMP-5.

    EX-5: GAR-10c on the blue space paid with blue 7 + 4 (11 >= 10), no change."""
    s = setup_state(3, market={3: "GAR-10c"}, hands=[["blue7", "blue4", "green9", "green3"]])
    assert D.SPACE_CURRENCY[3] == "blue"  # ALH-COMP-5
    assert "buy 3 7+4" in options(s)
    rejected(s, 0, "buy 3 9+3", "ALH-BUY-2")  # green cards: wrong currency
    rejected(s, 0, "buy 3 7", "ALH-BUY-3")  # 7 < 10
    s2, ev = play(s, 0, "buy 3 7+4")
    assert s2["discard"] == ["b7", "b4"]  # ALH-BUY-4
    buy = ev_of(ev, "ev.buy")[0]
    assert buy.to is None and buy.message.params["tile"] == "GAR-10c" and buy.message.params["price"] == 10
    # the log shows "blue7, blue4" (ALH-INFO-3)
    assert [(m.params["currency"].key, m.params["value"]) for m in buy.message.params["cards"]] == [
        ("alhambra.currency.blue", 7), ("alhambra.currency.blue", 4)]
    assert not ev_of(ev, "ev.buy_exact")
    assert s2["bought"] == ["GAR-10c"] and s2["market"][2] is None  # ALH-BUY-5
    assert s2["phase"] == "placement" and kinds(s2) == ["C-08"]  # not exact: the phase ends
    assert s2["players"][0]["hand"] == ["g9", "g3"]
    assert [t["id"] for t in GAME.public_view(s2)["players_view"][0]["bought"]] == ["GAR-10c"]


def ex42_state(**kw):
    return setup_state(
        3,
        hands=[["yellow3", "yellow5", "green2", "green4", "blue9", "orange6", "orange1"]],
        market=["SER-08", "GAR-06", "TOW-09b", "ARC-07"],
        display=["yellow1", "blue4", "green6", "orange2"],
        deck=["green9", "blue1"],
        bag=["PAV-08", "SER-09", "ARC-09", "CHA-10"],
        rest_tiles="bag",
        **kw,
    )


def test_ex06_at_most_five_actions_ALH_TURN_3_4_BUY_8():
    """EX-6; clauses: ALH-TURN-3, ALH-TURN-4, ALH-BUY-8.

    EX-6: after four exact buys, only take money and end (no buy, no redesign)."""
    s, _ = play(ex42_state(), 0, "buy 1 5+3", "buy 2 4+2", "buy 3 9", "buy 4 6+1")
    opts = options(s)
    assert {a.split()[0] for a in opts} == {"take", "end"}
    assert "end" in opts and not any(a.startswith(("buy", "redesign")) for a in opts)
    rejected(s, 0, "buy 1 5", "ALH-BUY-8")  # the market is not refilled during the turn
    s_m, _ = play(ex42_state(options={"exact_payment_extra_action": "mandatory"}), 0, "buy 1 5+3", "buy 2 4+2", "buy 3 9", "buy 4 6+1")
    assert {a.split()[0] for a in options(s_m)} == {"take"}
    rejected(s_m, 0, "end", "ALH-OPT-3")


def test_ex07_two_exact_buys_redesign_placement_ALH_TURN_3_REDESIGN_1_2_5():
    """EX-7; clauses: ALH-TURN-3, ALH-REDESIGN-1, ALH-REDESIGN-2, ALH-REDESIGN-5, ALH-PLACE-10, ALH-REFILL-6.

    EX-7: ALH-TURN-3, ALH-REDESIGN-1(c), ALH-REDESIGN-2, ALH-REDESIGN-5, ALH-PLACE-10, ALH-REFILL-6."""
    s = setup_state(
        3,
        alhambras=[{(1, 0): "PAV-07"}],
        reserves=[["TOW-13"]],
        market=["SER-09", "ARC-04", "CHA-10", "GAR-07"],
        hands=[["yellow9", "blue4", "blue6", "green3"]],
        display=["o1", "o2", "o3", "o4"],
        bag=["TOW-12", "PAV-08"],
        rest_tiles="bag",
    )
    s, ev = play(s, 0, "buy 1 9")
    assert ev_keys(ev) == ["ev.buy_exact"] and s["phase"] == "action" and kinds(s) == ["C-03"]
    s, ev = play(s, 0, "buy 3 6+4")
    assert ev_keys(ev) == ["ev.buy_exact"] and s["phase"] == "action"
    # bought tiles are not reserve tiles (ALH-REDESIGN-5) and are not placed yet
    opts = options(s)
    assert not any("SER-09" in a or "CHA-10" in a for a in opts)
    rejected(s, 0, "redesign swap SER-09 1,0", "ALH-REDESIGN-5")
    assert "redesign swap TOW-13 1,0" in opts
    s, ev = play(s, 0, "redesign swap TOW-13 1,0")
    assert ev_keys(ev) == ["ev.redesign_swap"] and s["phase"] == "placement"
    s, ev = play(s, 0, "place SER-09 0,1", "place CHA-10 0,-1")
    assert s["players"][0]["grid"] == {"0,0": "FTN-1", "1,0": "TOW-13", "0,1": "SER-09", "0,-1": "CHA-10"}
    assert s["players"][0]["reserve"] == ["PAV-07"] and s["players"][0]["hand"] == ["g3"]
    assert not ev_of(ev, "ev.refill_money")  # nothing was taken, nothing drawn (ALH-REFILL-1)
    assert s["display"] == ["o1", "o2", "o3", "o4"]
    assert s["market"] == ["TOW-12", "ARC-04", "PAV-08", "GAR-07"]


def test_ex08_market_refill_order_ALH_REFILL_6():
    """EX-8; clauses: ALH-REFILL-6."""
    s = setup_state(3, market=["SER-09", None, "CHA-10", None], display=["o1", "o2", "o3", "o4"], bag=["TOW-12", "PAV-08", "ARC-09"])
    out = finish_turn(s)
    assert out.state["market"] == ["SER-09", "TOW-12", "CHA-10", "PAV-08"]
    assert out.state["bag"] == ["ARC-09"]
    assert [e.message.params["space"] for e in ev_of(out.events, "ev.refill_market")] == [2, 4]


# --------------------------------------------------------------------------- EX-9 … EX-12 scoring


def test_ex09_round_b_towers_ALH_SCORE_5_6_7():
    """EX-9; clauses: ALH-SCORE-5, ALH-SCORE-6, ALH-SCORE-7."""
    assert score_type("B", "tower", {1: 3, 2: 2, 3: 1}) == {1: 13, 2: 6, 3: 0}


def test_ex10_tie_split_kim_nina_ALH_SCORE_6():
    """EX-10; clauses: ALH-SCORE-6."""
    assert score_type("B", "tower", {"kim": 4, "nina": 4, "leo": 1}) == {"kim": 9, "nina": 9, "leo": 0}


def test_ex11_final_pavilions_ALH_SCORE_7_COMP_7():
    """EX-11; clauses: ALH-SCORE-7, ALH-COMP-7."""
    assert score_type("final", "pavilion", {1: 3, 2: 2, 3: 1}) == {1: 16, 2: 8, 3: 1}
    # ALH-COMP-7: the whole points table
    assert D.POINTS["pavilion"] == {"A": [1], "B": [8, 1], "final": [16, 8, 1]}
    assert D.POINTS["tower"] == {"A": [6], "B": [13, 6], "final": [21, 13, 6]}
    assert [D.POINTS[t]["final"][0] for t in D.TYPES] == [16, 17, 18, 19, 20, 21]


def test_ex12_only_alhambra_tiles_count_ALH_SCORE_3_4():
    """EX-12; clauses: ALH-SCORE-3, ALH-SCORE-4."""
    s = setup_state(
        3,
        alhambras=[{(0, -1): "TOW-07", (1, 0): "TOW-13"}, {(0, 1): "TOW-09a", (1, 0): "TOW-08", (0, -1): "TOW-09b"}],
        reserves=[["TOW-11c", "TOW-12"]],
    )
    out = score_now(s, "A")
    rows = {r["who"]: r for r in out.state["last_scoring"]["rows"]}
    assert rows[1]["types"]["tower"] == 6 and rows[0]["types"]["tower"] == 0 and rows[2]["types"]["tower"] == 0
    assert all(rows[w]["types"]["chambers"] == 0 for w in rows)
    # had P1 placed both reserve towers, P1 (4) would score 6
    assert score_type("A", "tower", {0: 4, 1: 3, 2: 0}) == {0: 6, 1: 0, 2: 0}


# --------------------------------------------------------------------------- EX-13 … EX-15 walls

W8 = {
    (-1, -1): "TOW-09c", (0, -1): "GAR-10a", (1, -1): "ARC-06b",
    (-1, 0): "CHA-07a", (1, 0): "PAV-07",
    (0, 1): "SER-06", (1, 1): "ARC-06a",
}


def test_ex13_longest_wall_8_ALH_WALL_1_3_4_5_SCORE_9():
    """EX-13; clauses: ALH-WALL-1, ALH-WALL-3, ALH-WALL-4, ALH-WALL-5, ALH-SCORE-9."""
    assert grid_legality(W8) is None
    assert longest_wall(W8) == 8
    segs = {frozenset(s) for s in outer_segments(grid_masks({f"{x},{y}": t for (x, y), t in W8.items()} | {"0,0": "FTN-1"}))}
    path = [((-1, 1), (0, 1)), ((-1, 0), (-1, 1)), ((-1, -1), (-1, 0)), ((-1, -1), (0, -1)), ((0, -1), (1, -1)), ((1, -1), (2, -1)), ((2, -1), (2, 0)), ((2, 0), (2, 1))]
    assert {frozenset(p) for p in path} <= segs
    # every scoring round adds the 8 wall points (ALH-SCORE-9)
    s = setup_state(3, alhambras=[W8])
    for rnd in ("A", "B", "final"):
        rows = {r["who"]: r for r in score_now(s, rnd).state["last_scoring"]["rows"]}
        assert rows[0]["wall"] == 8
    assert GAME.public_view(s)["players_view"][0]["longest_wall"] == 8


def test_ex14_shorter_wall_does_not_score_ALH_WALL_5():
    """EX-14; clauses: ALH-WALL-5."""
    segs = outer_segments(grid_masks({f"{x},{y}": t for (x, y), t in W8.items()} | {"0,0": "FTN-1"}))
    assert {frozenset(((0, 2), (1, 2))), frozenset(((1, 2), (2, 2)))} <= {frozenset(s) for s in segs}
    assert longest_wall(W8) == 8  # not 10


def test_ex15_internal_walls_do_not_score_ALH_WALL_2():
    """EX-15; clauses: ALH-WALL-2."""
    segs = outer_segments(grid_masks({f"{x},{y}": t for (x, y), t in W8.items()} | {"0,0": "FTN-1"}))
    assert len(segs) == 10
    assert frozenset(((1, 1), (1, 2))) not in {frozenset(s) for s in segs}  # SER-06 E / ARC-06a W


# --------------------------------------------------------------------------- EX-16 … EX-21 placement


def test_ex16_no_rotation_ALH_PLACE_1_GEOM_3():
    """EX-16; clauses: ALH-PLACE-1, ALH-GEOM-3."""
    assert legal_cells({}, "PAV-07") == [(0, -1), (0, 1), (1, 0)]
    s = setup_state(3, phase="placement", bought=["PAV-07"])
    rejected(s, 0, "place PAV-07 -1,0", "ALH-PLACE-6")
    assert sorted(a for a in options(s) if a.startswith("place")) == ["place PAV-07 0,-1", "place PAV-07 0,1", "place PAV-07 1,0"]


def test_ex17_unreachable_tower_ALH_PLACE_3_PLACE_6():
    """EX-17; clauses: ALH-PLACE-3, ALH-PLACE-6."""
    g = {(1, 0): "PAV-07"}
    assert (2, 0) not in legal_cells(g, "TOW-10")
    assert legal_cells(g, "TOW-10") == [(-1, 0), (0, -1), (0, 1), (1, -1), (1, 1)]


def test_ex18_wall_against_open_side_ALH_PLACE_2():
    """EX-18; clauses: ALH-PLACE-2."""
    assert (1, 0) not in legal_cells({}, "TOW-10")
    s = setup_state(3, phase="placement", bought=["TOW-10"])
    rejected(s, 0, "place TOW-10 1,0", "ALH-PLACE-6")


def test_ex19_corner_contact_only_ALH_PLACE_5():
    """EX-19; clauses: ALH-PLACE-5."""
    assert (1, 1) not in legal_cells({}, "ARC-10")
    assert (2, 1) not in legal_cells({(1, 0): "ARC-09"}, "ARC-10")


HB = {(-1, 0): "GAR-11", (1, 0): "PAV-08", (-1, 1): "TOW-12", (1, 1): "SER-09", (1, 2): "CHA-10"}


def test_ex20_hole_brown_tile_ALH_PLACE_4_ALG_2():
    """EX-20; clauses: ALH-PLACE-4, ALH-ALG-2."""
    assert grid_legality(HB) is None
    cells = legal_cells(HB, "ARC-10")
    assert (0, 2) not in cells and (0, 1) in cells
    # the full check (ALH-ALG-1) agrees with the ring test
    assert grid_legality({**HB, (0, 2): "ARC-10"}) == "ALH-PLACE-4"
    assert grid_legality({**HB, (0, 1): "ARC-10"}) is None


def test_ex21_fountain_stays_ALH_REDESIGN_3():
    """EX-21; clauses: ALH-REDESIGN-3."""
    s = setup_state(3, alhambras=[{(1, 0): "PAV-08"}], reserves=[["SER-09"]])
    opts = options(s)
    assert "redesign remove 1,0" in opts and "redesign swap SER-09 1,0" in opts
    assert "redesign remove 0,0" not in opts and "redesign swap SER-09 0,0" not in opts
    rejected(s, 0, "redesign remove 0,0", "ALH-REDESIGN-3")
    rejected(s, 0, "redesign swap SER-09 0,0", "ALH-REDESIGN-3")
    assert removable({(1, 0): "PAV-08"}) == [(1, 0)]


# --------------------------------------------------------------------------- EX-22 … EX-24 refills and end


def test_ex22_reshuffling_money_deck_ALH_REFILL_2():
    """EX-22; clauses: ALH-REFILL-2, Q-31.

    EX-22 (Q-31): the discard is reshuffled only when a card must be drawn from an empty deck."""
    s = setup_state(
        3,
        display=["blue7", "orange9"],
        deck=["orange3"],
        discard=["yellow1", "green7", "blue2"],
        rest_money=2,
    )
    out = finish_turn(s, reshuffles=[["green7", "yellow1", "blue2"]])
    st = out.state
    assert st["display"] == ["b7", "o9", "o3", "g7"]
    assert st["deck"] == ["y1", "b2"] and st["discard"] == []
    assert "ev.reshuffle" in ev_keys(out.events)
    # the log in draw order: orange3, then the reshuffle of 3 cards, then green7
    seq = [(e.message.key.rsplit(".", 1)[1], [m.params["value"] for m in e.message.params["cards"]]
            if "cards" in e.message.params else e.message.params.get("count")) for e in out.events
           if e.message.key in ("alhambra.ev.refill_money", "alhambra.ev.reshuffle")]
    assert seq == [("refill_money", [3]), ("reshuffle", 3), ("refill_money", [7])]
    check_invariants(st)


def test_ex23_scoring_card_during_refill_ALH_REFILL_3_SCORE_1_TURN_6():
    """EX-23; clauses: ALH-REFILL-3, ALH-SCORE-1, ALH-TURN-6."""
    s = setup_state(3, display=["o1", "o2"], deck=["green5", "SCORE-A", "blue8", "yellow4", "SCORE-B"], market=["PAV-08", None, "SER-09", "CHA-10"], bag=["ARC-09"], rest_tiles="bag")
    out = finish_turn(s)
    st = out.state
    assert st["display"] == ["o1", "o2", "g5", "b8"]
    assert st["deck"][0] == "y4" and "A" not in st["deck"] and st["aside"] == ["A"]
    keys = ev_keys(out.events)
    # order: money refill (card set aside), market refill, then scoring A, before P2's turn
    assert keys.index("ev.scoring_card") < keys.index("ev.refill_market") < keys.index("ev.scoring") < keys.index("ev.turn")
    # the public log tells the draws in their order (ALH-REFILL-1/3): green5, then SCORE-A, then blue8
    money = [e for e in out.events if e.message.key in ("alhambra.ev.refill_money", "alhambra.ev.scoring_card")]
    assert [(e.message.key.rsplit(".", 1)[1], [m.params["value"] for m in e.message.params.get("cards", [])] or e.message.params.get("round"))
            for e in money] == [("refill_money", [5]), ("scoring_card", "A"), ("refill_money", [8])]
    assert st["scorings_done"] == ["A"] and st["active"] == 1


def ex24_state():
    return setup_state(
        3,
        market=[None, None, None, "CHA-11"],
        bag=["SER-09", "TOW-11c"],
        hands=[["yellow6", "orange7", "orange5"], ["yellow2", "yellow4", "green3"], ["yellow2", "green9", "orange4"]],
        display=["b1", "b2", "b3", "b4"],
        active=2,
    )


def test_ex24_end_partial_refill_distribution_ALH_END_1_2_5_6_REFILL_7():
    """ALH-END-7 (final scoring after C-09). EX-24; clauses: ALH-END-1, ALH-END-2, ALH-END-5, ALH-END-6, ALH-REFILL-7."""
    out = finish_turn(ex24_state())
    st = out.state
    keys = ev_keys(out.events)
    assert "ev.end_trigger" in keys and "ev.turn" not in keys  # ALH-END-3: P1 gets no further turn
    refills = [(e.message.params["space"], e.message.params["tile"]) for e in ev_of(out.events, "ev.refill_market")]
    assert refills == [(1, "SER-09"), (2, "TOW-11c")]  # ALH-END-2
    # published totals for yellow, green, orange (ALH-INFO-5)
    reveals = ev_of(out.events, "ev.reveal")
    assert [e.message.params["player"] for e in reveals] == [0, 1, 2]
    assert [[m.params["value"] for m in e.message.params["totals"]] for e in reveals] == [[6, 0, 12], [6, 3, 0], [2, 9, 4]]
    assert [m.params["currency"].key for m in reveals[0].message.params["totals"]] == [
        "alhambra.currency.yellow", "alhambra.currency.green", "alhambra.currency.orange"]
    assert [e.message.params["tile"] for e in ev_of(out.events, "ev.distribute_none")] == ["SER-09"]
    dist = {e.message.params["tile"]: e.message.params["player"] for e in ev_of(out.events, "ev.distribute")}
    assert dist == {"TOW-11c": 2, "CHA-11": 0}
    assert "SER-09" in st["out"]
    # C-09: P1 first (the seat after P3), then P3
    assert st["phase"] == "end_placement" and kinds(st) == ["C-09"] and GAME.prompts(st)[0].seat == 0
    assert set(options(st)) == {"place CHA-11 0,-1", "place CHA-11 -1,0", "place CHA-11 0,1", "place CHA-11 1,0", "reserve CHA-11"}
    assert not any(a.startswith(("dirk", "redesign")) for a in options(st))
    rejected(st, 2, "reserve TOW-11c", "ALH-TURN-1")
    st, _ = play(st, 0, "place CHA-11 1,0")
    assert GAME.prompts(st)[0].seat == 2
    st, ev = play(st, 2, "reserve TOW-11c")
    assert st["phase"] == "over" and ev_keys(ev)[-1] == "ev.game_over"
    assert st["last_scoring"]["round"] == "final"
    res = GAME.result(st)
    assert res.scores == (19, 0, 0)  # CHA-11 alone in chambers: 19; SER-09 scores for nobody
    assert res.winners == (0,)


def test_ex25_equal_final_scores_shared_win_ALH_END_8():
    """EX-25; clauses: ALH-END-8, Q-30."""
    s = setup_state(3, scores=[131, 131, 120], display=["b1", "b2", "b3", "b4"])
    st = finish_game(s).state
    res = GAME.result(st)
    assert res.scores == (131, 131, 120) and res.winners == (0, 1) and res.extra == {}
    assert GAME.public_view(st)["result"]["winners"] == [0, 1]
    assert GAME.prompts(st) == [] and GAME.is_over(st)


# --------------------------------------------------------------------------- EX-26 … EX-29 two players


def _money(st):
    cards = st["deck"] + st["display"] + st["discard"] + [c for p in st["players"] for c in p["hand"]]
    return Counter(c for c in cards if c not in ("A", "B"))


def test_ex26_two_player_money_deck_ALH_2P_2_OPT_1():
    """EX-26; clauses: ALH-2P-2, ALH-OPT-1."""
    st = GAME.new_game(2, {}, 1).state
    m = _money(st)
    assert sum(m.values()) == 72 and set(m.values()) == {2} and len(m) == 36
    assert st["deck"].count("A") == 1 and st["deck"].count("B") == 1
    st3 = GAME.new_game(2, {"two_player_money_copies": 3}, 1).state
    assert sum(_money(st3).values()) == 108
    st4 = GAME.new_game(4, {"two_player_money_copies": 2}, 1).state  # only used with 2 players
    assert sum(_money(st4).values()) == 108


def test_ex27_dirk_tile_draws_ALH_SETUP_5_6_2P_3_4_5():
    """EX-27; clauses: ALH-SETUP-5, ALH-SETUP-6, ALH-2P-3, ALH-2P-4, ALH-2P-5."""
    out = GAME.new_game(2, {}, 7)
    st = out.state
    assert len([t for t in st["market"] if t]) == 4 and len(st["dirk"]["tiles"]) == 6 and len(st["bag"]) == 44
    keys = ev_keys(out.events)
    assert keys.index("ev.market_setup") < keys.index("ev.dirk_draw") < keys.index("ev.deal")
    # later: SCORE-A drawn, bag 31 after the refills -> Dirk draws 6 (bag 25), 12 tiles
    full_market = ["PAV-08", "SER-09", "ARC-09", "CHA-10"]
    dirk6 = ["PAV-02", "PAV-03", "PAV-04", "PAV-05", "PAV-06", "PAV-07"]
    others = [t for t in D.TILE_IDS if t not in full_market + dirk6]
    s = setup_state(2, market=full_market, dirk=dirk6, bag=others[:31], display=["o1", "o2", "o3"], deck=["SCORE-A", "b5"])
    o = finish_turn(s)
    assert len(o.state["bag"]) == 25 and len(o.state["dirk"]["tiles"]) == 12
    keys = ev_keys(o.events)
    assert keys.index("ev.scoring") < keys.index("ev.dirk_draw")  # Dirk takes part in A, then draws
    assert any(r["who"] == "dirk" for r in o.state["last_scoring"]["rows"])
    # SCORE-B with 14 in the bag -> floor(14/3) = 4 (bag 10); market tiles never counted
    s = setup_state(2, market=full_market, dirk=dirk6, bag=others[:14], display=["o1", "o2", "o3"], deck=["SCORE-B", "b5"], scorings_done=["A"])
    o = finish_turn(s)
    assert len(o.state["bag"]) == 10 and len(o.state["dirk"]["tiles"]) == 10
    assert ev_of(o.events, "ev.dirk_draw")[0].message.params["count"] == 4


def ex28_state():
    return setup_state(
        2,
        reserves=[["SER-07"]],
        market=["TOW-12", "GAR-11", None, None],
        hands=[["yellow5", "yellow7", "green9", "green4"]],
        display=["b1", "b2", "b3", "b4"],
    )


def test_ex28_giving_a_bought_tile_to_dirk_ALH_2P_8_PLACE_10():
    """EX-28; clauses: ALH-2P-8, ALH-PLACE-10, Q-21."""
    s, ev = play(ex28_state(), 0, "buy 1 7+5")
    assert ev_keys(ev) == ["ev.buy_exact"]
    s, ev = play(s, 0, "buy 2 9+4")
    assert ev_keys(ev) == ["ev.buy"] and s["phase"] == "placement"
    opts = options(s)
    assert "dirk TOW-12" in opts and "dirk GAR-11" in opts and "reserve all" in opts
    assert not any("SER-07" in a for a in opts) and not any(a.startswith("redesign") for a in opts)
    rejected(s, 0, "dirk SER-07", "ALH-PLACE-10")
    rejected(s, 0, "redesign add SER-07 -1,0", "ALH-PLACE-10")
    s, ev = play(s, 0, "place GAR-11 1,0")
    assert s["phase"] == "placement"
    s, ev = play(s, 0, "dirk TOW-12")
    assert "TOW-12" in s["dirk"]["tiles"] and ev_keys(ev)[0] == "ev.gift"
    assert GAME.public_view(s)["dirk"]["counts"]["tower"] == 1
    # a three-player game has no Dirk
    s3 = setup_state(3, phase="placement", bought=["TOW-12"])
    assert "dirk TOW-12" not in options(s3)
    rejected(s3, 0, "dirk TOW-12", "ALH-2P-1")


def test_ex29_dirk_scores_majorities_never_walls_ALH_SCORE_8_2P_7_WALL_8():
    """EX-29; clauses: ALH-SCORE-8, ALH-2P-7, ALH-WALL-8."""
    rows = score_round(
        "A",
        {"dirk": {"pavilion": 1, "garden": 2, "tower": 3}, 0: {"garden": 1, "tower": 3}, 1: {"pavilion": 1, "garden": 2, "tower": 1}},
        {0: 5, 1: 2},
    )
    assert rows["dirk"]["types"]["tower"] == 3 and rows[0]["types"]["tower"] == 3 and rows[1]["types"]["tower"] == 0
    assert rows["dirk"]["types"]["garden"] == 2 and rows[1]["types"]["garden"] == 2 and rows[0]["types"]["garden"] == 0
    assert rows["dirk"]["types"]["pavilion"] == 0 and rows[1]["types"]["pavilion"] == 0
    assert rows["dirk"]["wall"] == 0 and rows[0]["wall"] == 5 and rows[1]["wall"] == 2
    assert (rows["dirk"]["total"], rows[0]["total"], rows[1]["total"]) == (5, 8, 4)
    # the engine's own round: Dirk never gets wall points
    s = setup_state(2, alhambras=[W8], dirk=["TOW-07"])
    rows = {r["who"]: r for r in score_now(s, "A").state["last_scoring"]["rows"]}
    assert rows["dirk"]["wall"] == 0 and rows[0]["wall"] == 8
