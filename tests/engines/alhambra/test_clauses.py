"""Clause tests not tied to one EXAMPLES.md scenario, and brute-force oracles (ALH-ALG-1)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engines.alhambra import GAME
from engines.alhambra import data as D
from engines.alhambra.common import grid_masks
from engines.alhambra.geometry import (
    DIRS,
    _longest_by_search,
    candidate_cells,
    cells_for,
    check_legal,
    longest_wall_masks,
    outer_segments,
    removable_cells,
    swap_fits,
)
from engines.alhambra.payments import legal_payments, offered_payments
from engines.alhambra.scoring import score_type
from engines.alhambra.testing import finish_turn, grid_legality, legal_cells, score_now, setup_state, stacked_game

from .helpers import ev_of, options, play, rejected


def _playout_states(players, seed, limit=None):
    rnd = random.Random(seed)
    state = GAME.new_game(players, {}, seed).state
    states = [state]
    while not GAME.is_over(state):
        p = rnd.choice(GAME.prompts(state))
        state = GAME.apply(state, p.seat, rnd.choice(p.options).action).state
        states.append(state)
    return states


@pytest.fixture(scope="module")
def grids():
    out = []
    for players, seed in ((3, 31), (4, 32), (2, 33)):
        for st in _playout_states(players, seed)[::7]:
            for p in st["players"]:
                out.append((grid_masks(p["grid"]), list(p["reserve"])))
    return out


def test_legal_cells_match_full_legality_oracle_ALH_ALG_7_ALG_2_PLACE_6(grids):
    """ALH-ALG-7 / ALH-ALG-2 against ALH-ALG-1: the ring test equals the flood fill on real games."""
    checked = 0
    tiles = [t for t in D.TILE_IDS][::3]
    for grid, _ in grids[::3]:
        cands = candidate_cells(grid)
        empties = {(x + dx, y + dy) for (x, y) in grid for dx, dy, _, _ in DIRS} - set(grid)
        for t in tiles:
            m = D.MASK[t]
            fast = set(cells_for(m, cands))
            slow = {c for c in empties if check_legal({**grid, c: m}) is None}
            assert fast == slow
            checked += 1
    assert checked > 100


def test_removals_and_swaps_match_oracle_ALH_ALG_3_ALG_4_REDESIGN_2(grids):
    """ALH-ALG-3 and ALH-ALG-4 against the full check (Q-08, Q-09)."""
    for grid, _ in grids:
        fast = set(removable_cells(grid))
        slow = set()
        for c in grid:
            if c == (0, 0):
                continue
            g = dict(grid)
            del g[c]
            if check_legal(g) is None:
                slow.add(c)
        assert fast == slow
        for t in D.TILE_IDS[::5]:
            m = D.MASK[t]
            for c in grid:
                if c != (0, 0):
                    assert swap_fits(grid, c, m) == (check_legal({**grid, c: m}) is None)


def test_longest_wall_matches_trail_search_ALH_ALG_5_WALL_7(grids):
    """ALH-ALG-5: the component count equals a true longest-trail search on legal grids."""
    for grid, _ in grids[::2]:
        segs = outer_segments(grid)
        assert longest_wall_masks(grid) == _longest_by_search(segs, False)
        assert longest_wall_masks(grid, "bga") == _longest_by_search(segs, True)


def test_longest_wall_fallback_on_illegal_fixture_ALH_ALG_5_WALL_4():
    """ALH-WALL-4: a trail may revisit a point; four segments at one point only in illegal grids."""
    # two tiles touching only diagonally (illegal): a figure-eight of 8 segments through (1,1)
    g = {(0, 0): D.N | D.E | D.S | D.W, (1, 1): D.N | D.E | D.S | D.W}
    assert longest_wall_masks(g) == 8
    # no point may repeat: 3 segments round one square to (1,1), 3 round the other
    assert longest_wall_masks(g, "bga") == 6
    assert check_legal(g) is not None


def test_majority_scoring_algorithm_ALH_ALG_6_SCORE_4():
    """ALH-ALG-6 on random counts vs a direct reading of ALH-SCORE-5/6."""
    rnd = random.Random(5)
    for _ in range(300):
        rnd_round = rnd.choice(D.ROUNDS)
        typ = rnd.choice(D.TYPES)
        counts = {i: rnd.randint(0, 4) for i in range(rnd.randint(2, 7))}
        got = score_type(rnd_round, typ, counts)
        table = D.POINTS[typ][rnd_round]
        for i, c in counts.items():
            if c == 0:
                assert got[i] == 0  # ALH-SCORE-4
                continue
            rank = 1 + sum(1 for v in counts.values() if v > c)
            k = sum(1 for v in counts.values() if v == c)
            pot = sum(table[p - 1] for p in range(rank, rank + k) if p - 1 < len(table))
            assert got[i] == pot // k


def test_definitions_participants_and_rounds_ALH_DEF_1_DEF_4():
    """ALH-DEF-1: Dirk only with two players; ALH-DEF-4: rounds A, B, final."""
    assert D.ROUNDS == ("A", "B", "final")
    s3 = setup_state(3)
    assert s3["dirk"] is None
    assert [r["who"] for r in score_now(s3, "A").state["last_scoring"]["rows"]] == [0, 1, 2]
    s2 = setup_state(2, dirk=["TOW-07"])
    rows = score_now(s2, "A").state["last_scoring"]["rows"]
    assert [r["who"] for r in rows] == [0, 1, "dirk"]
    assert set(s2["dirk"]) == {"tiles", "score"}  # no money, no Alhambra, no reserve


def test_seats_clockwise_and_fixed_ALH_DEF_2_SETUP_2_TURN_1():
    """ALH-DEF-2 / ALH-SETUP-2 / ALH-TURN-1: the next player is the next seat, wrapping round."""
    s = setup_state(3, active=2, display=["o1", "o2", "o3", "o4"])
    st = finish_turn(s).state
    assert st["active"] == 0 and st["seats"] == [0, 1, 2]
    st = finish_turn(st).state
    assert st["active"] == 1


def test_turn_structure_ALH_DEF_3_TURN_2_TURN_3():
    """ALH-DEF-3: only a buy paid exactly grants a further action."""
    s = setup_state(3, hands=[["y9", "g6"]], market=["SER-09", "GAR-06", "TOW-13", None], display=["o1", "o2", "o3", "o4"])
    s1, _ = play(s, 0, "buy 1 9")
    assert s1["phase"] == "action" and s1["active"] == 0
    s2, _ = play(s, 0, "take o1")
    assert s2["active"] == 1
    s3 = setup_state(3, hands=[["y9", "g6"]], market=["SER-08", "GAR-06", None, None], display=["o1", "o2", "o3", "o4"])
    s4, _ = play(s3, 0, "buy 1 9")
    assert s4["phase"] == "placement"


def test_tiles_and_fountains_ALH_DEF_5_DEF_6_COMP_1_COMP_2():
    """ALH-DEF-5, ALH-DEF-6: reserve tiles are not part of the Alhambra (counts, walls)."""
    for t in D.TILE_IDS:
        assert D.TYPE_OF[t] in D.TYPES and isinstance(D.PRICE[t], int) and len(D.walls_string(t)) <= 3
    s = setup_state(3, alhambras=[{(1, 0): "TOW-12"}], reserves=[["TOW-13", "PAV-02"]])
    pv = GAME.public_view(s)["players_view"][0]
    assert pv["counts"]["tower"] == 1 and pv["counts"]["pavilion"] == 0 and len(pv["reserve"]) == 2
    assert pv["longest_wall"] == 0


def test_money_and_scoring_cards_ALH_DEF_7_COMP_3_COMP_4_SETUP_7():
    """ALH-DEF-7, ALH-COMP-3/4, ALH-SETUP-7: 108 cards + A + B; scoring cards are not money."""
    st = GAME.new_game(4, {}, 9).state
    every = st["deck"] + st["display"] + [c for p in st["players"] for c in p["hand"]]
    money = Counter(c for c in every if c not in ("A", "B"))
    assert sum(money.values()) == 108 and set(money.values()) == {3}
    assert every.count("A") == 1 and every.count("B") == 1
    assert {c[0] for c in money} == {"y", "g", "b", "o"} and {int(c[1:]) for c in money} == set(range(1, 10))
    for seed in range(3):
        for state in _playout_states(3, 40 + seed)[::5]:
            assert "A" not in state["display"] and "B" not in state["display"]
            assert all(c not in ("A", "B") for p in state["players"] for c in p["hand"])


def test_market_spaces_ALH_DEF_8_BUY_1():
    """ALH-DEF-8 / ALH-BUY-1: 4 spaces tied to a currency, at most one tile each; buy from a tile-holding space."""
    s = setup_state(3, market=["PAV-02", None, None, None], hands=[["y2", "g9"]])
    assert [m["currency"] for m in GAME.public_view(s)["market"]] == ["yellow", "green", "blue", "orange"]
    rejected(s, 0, "buy 2 9", "ALH-BUY-1")
    rejected(s, 0, "buy 5 2", "ALH-BUY-1")
    assert "buy 1 2" in options(s)


def test_currency_total_ALH_DEF_9_BUY_7():
    """ALH-DEF-9, ALH-BUY-7: affordability uses the total of the space's currency."""
    s = setup_state(3, market=["TOW-13", "TOW-12", None, None], hands=[["y9", "y4", "g9", "g2"]])
    buys = [a for a in options(s) if a.startswith("buy")]
    assert "buy 1 9+4" in buys and not any(a.startswith("buy 2") for a in buys)
    assert GAME.private_view(s, 0)["totals"] == {"yellow": 13, "green": 11, "blue": 0, "orange": 0}


def test_coordinates_and_edges_ALH_GEOM_1_GEOM_2_GEOM_4_GEOM_5():
    """ALH-GEOM-1 (y grows south), ALH-GEOM-2 (neighbours), ALH-GEOM-4 (facing edges), ALH-GEOM-5 (segments)."""
    # TOW-11a has a N wall: north of the fountain, that wall is the outer edge (0,-1)-(1,-1)
    s = setup_state(3, alhambras=[{(0, -1): "TOW-11a"}])
    assert GAME.public_view(s)["players_view"][0]["outer_walls"] == [[0, -1, 1, -1]]
    # TOW-11b's S wall would face the fountain's open N edge from (0,-1): only W, S, E are legal
    assert legal_cells({}, "TOW-11b") == [(-1, 0), (0, 1), (1, 0)]
    assert legal_cells({}, "TOW-11a") == [(-1, 0), (0, -1), (1, 0)]
    # the four orthogonal neighbours only: a diagonal cell is never a candidate
    assert {c for c, _, _ in candidate_cells({(0, 0): 0})} == {(0, -1), (1, 0), (0, 1), (-1, 0)}
    # a tile's E edge faces the W edge of the tile east of it
    assert grid_legality({(1, 0): "PAV-07", (2, 0): "GAR-10b"}) == "ALH-PLACE-3"  # wall/wall: matched but unreachable
    assert grid_legality({(1, 0): "PAV-07", (2, 0): "ARC-10"}) == "ALH-PLACE-2"  # wall/open
    # segments of each side of the tile at (x, y)
    g = {(0, 0): 0, (2, 3): D.N | D.E | D.S | D.W}
    assert sorted(outer_segments(g)) == sorted([((2, 3), (3, 3)), ((3, 3), (3, 4)), ((2, 4), (3, 4)), ((2, 3), (2, 4))])


def test_bag_and_market_setup_ALH_SETUP_4_SETUP_5():
    """ALH-SETUP-4/5: 54 tiles in the bag, the first 4 drawn go to spaces 1-4 in order."""
    bag = ["TOW-13", "PAV-02", "GAR-12", "ARC-04", "SER-03"]
    s = stacked_game(3, {}, 4, bag=bag).state
    assert s["market"] == bag[:4] and s["bag"][0] == "SER-03" and len(s["bag"]) == 50
    markets = {tuple(GAME.new_game(3, {}, seed).state["market"]) for seed in range(20)}
    assert len(markets) == 20


def test_empty_display_no_take_ALH_MONEY_3():
    """ALH-MONEY-3: with an empty display, take money is not available."""
    s = setup_state(3, display=[], deck=[], discard=[], hands=[["y2"]], market=["PAV-02", None, None, None], rest_money=2)
    assert not any(a.startswith("take") for a in options(s))
    rejected(s, 0, "take y1", "ALH-MONEY-3")


def test_one_redesign_per_turn_ALH_REDESIGN_4():
    """ALH-REDESIGN-4: a redesign ends the action phase, even after exact buys."""
    s = setup_state(3, hands=[["y2"]], market=["PAV-02", None, None, None], alhambras=[{(1, 0): "PAV-08"}],
                    reserves=[["SER-09"]], display=["o1", "o2", "o3", "o4"])
    s, _ = play(s, 0, "buy 1 2")
    assert any(a.startswith("redesign") for a in options(s))
    s, _ = play(s, 0, "redesign remove 1,0")
    assert s["phase"] == "placement" and not any(a.startswith("redesign") for a in options(s))
    rejected(s, 0, "redesign add SER-09 1,0")


def test_both_scoring_cards_in_one_refill_ALH_REFILL_4():
    """ALH-REFILL-4 / Q-15: both pending, resolved A then B, each followed by Dirk's draw."""
    s = setup_state(2, display=["o1", "o2"], deck=["SCORE-A", "SCORE-B", "b5", "b6"],
                    market=["PAV-08", "SER-09", "ARC-09", "CHA-10"], bag=[t for t in D.TILE_IDS if t not in ("PAV-08", "SER-09", "ARC-09", "CHA-10")][:30])
    out = finish_turn(s)
    rounds = [e.message.params["round"].key for e in ev_of(out.events, "ev.scoring")]
    assert rounds == ["alhambra.round.A", "alhambra.round.B"]
    draws = [e.message.params["count"] for e in ev_of(out.events, "ev.dirk_draw")]
    assert draws == [6, 8]  # 6 after A, then floor(24 / 3) after B
    assert out.state["scorings_done"] == ["A", "B"] and out.state["display"] == ["o1", "o2", "b5", "b6"]


def test_stacked_shuffles_are_checked_ALH_REFILL_2():
    """ALH-REFILL-2: a stacked reshuffle must be a permutation of the discard pile."""
    s = setup_state(3, display=["b7"], deck=[], discard=["y1"], rest_money=2)
    with pytest.raises(ValueError):
        finish_turn(s, reshuffles=[["y2"]])


def test_payments_bounded_as_value_multisets_ALH_BUY_3():
    """ALH-BUY-3 / Q-06: every legal multiset, never card identities (duplicates collapse); the
    offered list keeps the exact one (a second 5 would pay a card for nothing)."""
    assert list(legal_payments((5, 5, 5), 5)) == [(5, 5, 5), (5, 5), (5,)]
    assert offered_payments((5, 5, 5), 5) == (((5,), True),)
    assert offered_payments((3,), 5) == () and list(legal_payments((3,), 5)) == []


def test_start_choice_accepts_only_the_offered_strings_ALH_SETUP_9_C02():
    """ALH-SETUP-9 / C-02: only the offered ``start <seat>`` strings are accepted; a seat written
    another way ("start 01") is not a canonical action and must not reach the move log."""
    deck = ["y9", "y9", "y1", "y2", "g9", "g9", "g1", "g2", "b1", "b1", "b1", "b8", "b9"]
    s = stacked_game(3, {"start_player_tiebreak": "host_choice"}, 1, deck=deck).state
    assert options(s) == ["start 0", "start 1"]
    for bad in ("start 01", "start 00", "start 1.0", "start 2", "start"):
        rejected(s, 0, bad, "ALH-SETUP-9")
    assert play(s, 0, "start 1")[0]["active"] == 1


def test_refusals_name_the_clause_and_say_what_is_wrong_ALH_BUY_2_BUY_3_MONEY_1_REDESIGN_1():
    """IllegalAction names the clause that forbids the move, and its message says what exactly is
    wrong (ALH-MONEY-1, ALH-BUY-2/3, ALH-REDESIGN-1/2/3, ALH-TURN-2/3, ALH-OPT-3, ALH-PLACE-10)."""
    from render.i18n import t

    s = setup_state(3, hands=[["y8", "y3", "g4"]], market=["SER-08", "TOW-13", "CHA-10", "PAV-02"],
                    alhambras=[{(1, 0): "PAV-08"}], reserves=[["SER-09", "GAR-07"]], display=["o1", "o2", "y3", "o4"])
    cases = [
        ("take o9", "ALH-MONEY-1", "not_on_display", {}),
        ("take o2+o4", "ALH-MONEY-1", "bad_take", {}),  # 6 > 5
        ("take o2+o1", "ALH-MONEY-1", "write_as", {"action": "take o1+o2"}),
        ("take o1+o2+y3", "ALH-MONEY-1", "bad_take", {}),
        ("buy 1 3+8", "ALH-BUY-2", "write_as", {"action": "buy 1 8+3"}),  # legal, but not written canonically
        ("buy 1 3+9", "ALH-BUY-2", "not_held", {"paid": "9+3", "space": 1}),  # not held, whatever the order
        ("buy 1 1+3", "ALH-BUY-2", "not_held", {"paid": "3+1", "space": 1}),
        ("buy 1 9", "ALH-BUY-2", "not_held", {"paid": "9", "space": 1}),
        ("buy 4 4", "ALH-BUY-2", "not_held", {"paid": "4", "space": 4}),
        ("buy 1 3", "ALH-BUY-3", "underpaid", {"total": 3, "price": 8, "tile": "SER-08"}),
        ("buy 2 4", "ALH-BUY-3", "underpaid", {"total": 4, "price": 13, "tile": "TOW-13"}),
        ("redesign add SER-09", "ALH-REDESIGN-1", "bad_action", {}),
        ("redesign remove 5,5", "ALH-REDESIGN-1", "no_tile", {"cell": "5,5"}),
        ("redesign swap SER-09 5,5", "ALH-REDESIGN-1", "no_tile", {"cell": "5,5"}),
        ("redesign add SER-09 1,0", "ALH-REDESIGN-1", "cell_occupied", {"cell": "1,0"}),
        ("redesign swap GAR-07 1,0", "ALH-REDESIGN-2", "bad_redesign", {}),
        ("redesign remove 0,0", "ALH-REDESIGN-3", "fountain", {}),
        ("end", "ALH-TURN-2", "end_only_after_exact", {}),
        ("place SER-08 0,1", "ALH-PLACE-10", "place_later", {}),
    ]
    for action, clause, key, params in cases:
        err = rejected(s, 0, action, clause)
        assert err.message.key == "alhambra.err." + key, (action, err.message)
        for k, v in params.items():
            assert err.message.params[k] == v, (action, k)
        for loc in ("en", "cs", "pl"):
            text = t(err.message, loc)
            assert "alhambra." not in text and "{" not in text, (loc, text)
    m = setup_state(3, hands=[["y8"]], market=["SER-08", "TOW-13"], display=["o1", "o2", "o3", "o4"],
                    options={"exact_payment_extra_action": "mandatory"})
    m1, _ = play(m, 0, "buy 1 8")
    assert rejected(m1, 0, "end", "ALH-OPT-3").message.key == "alhambra.err.extra_mandatory"


def test_labels_say_what_swap_and_end_do_ALH_REDESIGN_1_TURN_3():
    """Option labels (Discord autocomplete, <= 100 chars): a swap says where each tile goes
    (ALH-REDESIGN-1(c)); "end" says that it gives up the extra action (ALH-TURN-3)."""
    from render.i18n import t

    s = setup_state(3, hands=[["y8"]], market=["SER-08"], alhambras=[{(1, 0): "PAV-08"}], reserves=[["SER-09"]],
                    display=["o1", "o2", "o3", "o4"])
    labels = {o.action: o.label for p in GAME.prompts(s) for o in p.options}
    assert t(labels["redesign swap SER-09 1,0"], "en") == "Redesign: put SER-09 from the reserve at 1,0; PAV-08 goes to the reserve"
    s1, _ = play(s, 0, "buy 1 8")
    labels = {o.action: o.label for p in GAME.prompts(s1) for o in p.options}
    assert t(labels["end"], "en") == "End the action phase (skip the extra action)"
    for loc in ("en", "cs", "pl"):
        assert all(len(t(lab, loc)) <= 100 for lab in labels.values())
