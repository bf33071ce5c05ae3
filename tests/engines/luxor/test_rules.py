"""Focused rule tests: every card kind, every tile kind, every game option, data and views."""
from __future__ import annotations

import functools
import json

from engines.core import Rng
from engines.luxor import GAME, data, movement, scoring
from engines.luxor import testing as sc

from .helpers import RED, actions, active, base, do, finished, keys_of, lying, prompt, tile_spec


def _turn(st, seat, hand, play="play L"):
    """Give ``seat`` the hand and begin its turn; then ``play`` (a C-04 action such as ``play L 7``,
    or ``play L`` for a card without a move to choose now), unless None or already auto-resolved."""
    sc.set_hand(st, seat, hand)
    sc.begin(st, seat)
    if play and st["pending"] and st["pending"]["kind"] == "C-04" and st["turn"]["card"] is None:
        st, ev = do(st, seat, play)
        return st, ev
    return st, []


# ----------------------------------------------------------------------------- data, board, setup


def test_data_counts_LUX_COMP_1_LUX_COMP_5_LUX_COMP_6_LUX_COMP_7_LUX_COMP_9_LUX_COMP_10():
    """LUX-COMP-1 … LUX-COMP-10: component counts come from components.json."""
    assert len(data.STARTER) == 31 and len(data.HORUS_CARDS) == 24  # LUX-COMP-2, LUX-COMP-3
    assert {lvl: sum(1 for c in data.HORUS_CARDS.values() if c["level"] == lvl) for lvl in (1, 2, 3)} == {1: 8, 2: 8, 3: 8}
    assert len(data.TREASURES) == 30  # LUX-COMP-4
    for mapping in data.TEMPLE_MAPPINGS:  # LUX-COMP-5
        tiles = data.temple_tiles(mapping)
        assert len(tiles) == 14 and len({t["id"] for t in tiles}) == 14
        assert sorted(t["back"] for t in tiles).count("falcon") == 6
    assert sorted(h["eyes"] for h in data.HORUS_TILES.values()) == [1, 1, 2, 2, 3, 3]  # LUX-COMP-6
    assert sorted(o["value"] for o in data.OSIRIS_TILES.values()) == [1, 2, 2, 3, 3, 4]  # LUX-COMP-7
    assert sorted(data.SCARABS.values()).count(2) == 8 and len(data.SCARABS) == 22  # LUX-COMP-8
    assert (data.KEYS, data.WILDS, data.SARCOPHAGI, data.DIE_FACES) == (20, 18, (5, 3), (1, 2, 3, 4, 5, 6))  # LUX-COMP-9
    assert data.ADVENTURERS == 5 and len(data.COLOURS) == 4  # LUX-COMP-10
    # LUX-COMP-1: the board has a path, a tomb and a scoring track without upper limit (LUX-SCORE-9)
    assert data.TOMB == data.LAST_PATH + 1


def test_board_layout_from_data_LUX_BOARD_1_LUX_BOARD_2_LUX_BOARD_3_LUX_BOARD_6_LUX_DEF_1_LUX_DEF_2():
    """LUX-BOARD-1, LUX-BOARD-2, LUX-BOARD-3, LUX-BOARD-4, LUX-BOARD-6, LUX-DEF-1, LUX-DEF-2:
    43 spaces, kinds and scarab values read from data; the tomb holds the sarcophagi and the key space."""
    kinds = [data.KIND[i] for i in range(1, 44)]
    assert (kinds.count("treasure"), kinds.count("horus"), kinds.count("osiris"), kinds.count("anubis")) == (30, 6, 4, 3)
    assert tuple(data.RAW["board"]["derived"]["anubis_positions"]) == data.ANUBIS
    assert tuple(data.RAW["board"]["derived"]["osiris_positions"]) == data.OSIRIS_SPACES
    assert all(data.SCARAB_VP[a] == 0 for a in data.ANUBIS) and data.SCARAB_VP[0] == 0
    assert data.TOMB_SCARAB_VP == 15 and data.OPTION_DEFAULTS["tomb_scarab_vp"] == 15
    assert (data.STAIRS, data.TOMB) == (0, 44)
    v = GAME.public_view(GAME.new_game(2, {}, 1).state)
    assert [sp["pos"] for sp in v["path"]] == list(range(1, 44))
    assert v["stairs"]["pos"] == 0 and v["tomb"]["pos"] == 44 and v["tomb"]["scarab_vp"] == 15
    assert [sp["scarab_vp"] for sp in v["path"]] == [data.SCARAB_VP[i] for i in range(1, 44)]
    assert all(sp["tile"] is None for sp in v["path"] if sp["kind"] == "anubis")
    assert v["tomb"]["sarcophagi"] == [5, 3] and v["tomb"]["key_space"] == 0
    assert [sp["temple_icon"] for sp in v["path"]] == [data.PATH[i]["temple_icon"] for i in range(1, 44)]
    assert [sp["horus_eyes"] for sp in v["path"]] == [data.PATH[i]["horus_eyes"] for i in range(1, 44)]


def test_reconstructed_values_are_listed_LUX_BOARD_1():
    """LUX-BOARD-1 / Q-33: the reconstructed values can be listed from data."""
    rec = data.reconstructed()
    assert any("board.path[7]" in r for r in rec)
    assert any("horus_cards.cards[H1-1]" in r for r in rec)
    assert any("temple_tiles.mappings.H1" in r for r in rec)


def test_setup_tiles_LUX_SETUP_2_LUX_SETUP_5_LUX_SETUP_6_LUX_SETUP_7_LUX_SETUP_8_LUX_SETUP_9():
    """LUX-SETUP-2, -5, -6, -7, -8, -9: tiles by kind, face-down stacks, adventurers."""
    st = GAME.new_game(4, {}, 99).state
    for pos in data.HORUS_SPACES:  # LUX-SETUP-5
        assert data.HORUS_TILES[st["tiles"][pos]["id"]]["eyes"] == data.HORUS_EYES[pos]
    assert all(st["tiles"][p]["kind"] == "treasure" for p in data.TREASURE_SPACES)  # LUX-SETUP-6
    for back, stack in st["temple_stacks"].items():  # LUX-SETUP-7
        assert len(stack) == sum(1 for i in range(1, 44) if data.ICON[i] == back)
        assert all(t["back"] == back for t in stack)
    assert len(st["supply"]["scarabs"]) == 22  # LUX-SETUP-2
    v = GAME.public_view(st)
    assert [s["colour"] for s in v["seats"]] == list(data.COLOURS)  # LUX-SETUP-8
    for s in v["seats"]:  # LUX-SETUP-9
        assert [a["state"] for a in s["adventurers"]].count("active") == 2
        assert sorted(a["pos"] for a in s["adventurers"] if a["state"] == "lying") == list(data.ANUBIS)
    statue = next(sp for sp in v["path"] if sp["kind"] == "anubis")
    assert len(statue["lying"]) == 4


def test_start_player_LUX_SETUP_10_LUX_OPT_12_LUX_DEF_10():
    """LUX-SETUP-10, LUX-OPT-12, LUX-DEF-10: random start player, or C-03 for the host (seat 0)."""
    starts = {GAME.new_game(3, {}, seed).state["order"][0] for seed in range(12)}
    assert starts == {0, 1, 2}
    st = GAME.new_game(3, {"start_player": "host_choice"}, 1).state
    assert prompt(st).kind == "C-03" and actions(st) == ["start 0", "start 1", "start 2"]
    st, _ev = do(st, 0, "start 2")
    assert st["order"] == [2, 0, 1] and st["current"] == 2


def test_hand_order_fixed_LUX_HAND_1_LUX_DEF_11_LUX_SETUP_11():
    """LUX-HAND-1, LUX-DEF-11, LUX-SETUP-11: deal order = hand order; only ends leave, new cards enter the middle."""
    out = GAME.new_game(2, {}, 5)
    st = out.state
    seat = st["current"]
    hand = list(st["seats"][seat]["hand"])
    priv = GAME.private_view(st, seat)["me"]
    assert [c["id"] for c in priv["hand"]] == hand
    first = actions(st)[0]
    st, _ = do(st, seat, first)
    while st["current"] == seat and not st["over"]:
        st, _ = do(st, seat, actions(st)[0])
    new = st["seats"][seat]["hand"]
    assert len(new) == 5
    kept = hand[1:] if first.split()[1] == "L" else hand[:4]
    assert new[:2] + new[3:] == kept  # LUX-HAND-2: the other four keep their order, the new card is in the middle


# ----------------------------------------------------------------------------- movement


def test_steps_skip_empty_and_anubis_LUX_DEF_6_LUX_DEF_7_LUX_ALG_1_LUX_LEGAL_2():
    """LUX-DEF-5, LUX-DEF-6, LUX-DEF-7, LUX-ALG-1, LUX-LEGAL-2: NEXT/PREV skip empty and statue spaces;
    the tomb is one step."""
    st = base()
    sc.set_tile(st, 6, None)
    tiles = st["tiles"]
    assert movement.next_tile(tiles, 5) == 8 and movement.prev_tile(tiles, 8) == 5
    assert movement.prev_tile(tiles, 1) is None and movement.next_tile(tiles, 43) == 44
    assert movement.passed_statues([5, 8]) == [7]
    r = movement.resolve(st, 42, 2, 1)
    assert r["tomb"] and r["trace"] == [42, 43, 44]
    assert movement.resolve(st, 42, 3, 1) is None  # overshoot
    assert movement.resolve(st, 42, 2, 0) is None  # keyless


def test_resolve_is_pure_LUX_MOVE_8_LUX_ALG_2_LUX_MOVE_6():
    """LUX-MOVE-8, LUX-ALG-2, LUX-MOVE-6: simulating a move changes nothing; passed tiles have no effect."""
    st = base()
    before = json.dumps(st, sort_keys=True)
    for p in range(0, 44):
        for n in range(1, 7):
            movement.resolve(st, p, n, 1)
    assert json.dumps(st, sort_keys=True) == before
    # a "3" over two 1-adventurer treasures takes neither: only the movement end acts
    sc.set_tile(st, 1, ("treasure", "vase", 1, 2))
    sc.set_tile(st, 2, ("treasure", "statue", 1, 2))
    sc.set_tile(st, 3, ("treasure", "jewelry", 2, 3))
    st, _ = _turn(st, RED, ["3", "5", "5", "5", "5"], play="play L 0")
    assert st["seats"][RED]["score"] == 0 and tile_spec(st, 1) == ("treasure", "vase", 1, 2)


def test_number_card_every_value_LUX_CARD_S01():
    """LUX-CARD-S01: number cards 1 … 5 move exactly that many tiles."""
    for n in range(1, 6):
        st = base()
        sc.set_adventurers(st, RED, active=[10, 10], lying=[7, 18, 29])
        st, _ = _turn(st, RED, [str(n), "die", "die", "die", "die"], play="play L 10")
        assert active(st, RED) == [10, movement.resolve(base(), 10, n, 0)["end"]]


def test_plus_minus_forward_LUX_CARD_S02():
    """LUX-CARD-S02: +/-1 forward is one tile."""
    st = base()
    sc.set_adventurers(st, RED, active=[12, 12], lying=[7, 18, 29])
    st, _ = _turn(st, RED, ["+/-1", "die", "die", "die", "die"], play=None)
    assert actions(st) == ["play L 12 f", "play L 12 b", "play R"]
    st, _ = do(st, RED, "play L 12 f")
    assert active(st, RED) == [12, 13]


def test_advance_all_one_action_only_LUX_ALG_4_LUX_CARD_H06():
    """LUX-ALG-4, LUX-CARD-H06: two Horus tiles reached, only the chosen position acts."""
    st = base()
    sc.set_adventurers(st, RED, active=[3, 11], lying=[7, 18, 29])
    st, _ev = _turn(st, RED, ["H1-6", "5", "5", "5", "5"])
    assert active(st, RED) == [4, 12] and actions(st) == ["act 4", "act 12"]
    st, _ev = do(st, RED, "act 12")
    assert prompt(st).kind == "C-09"
    st, _ev = do(st, RED, "key")
    assert st["seats"][RED]["keys"] == 1 and st["current"] != RED


def test_last_to_second_last_algorithm_LUX_ALG_5():
    """LUX-ALG-5: lying and finished adventurers are ignored."""
    st = base()
    sc.set_adventurers(st, RED, active=[5, 9 - 1, 12], lying=[18], finished=1)
    assert movement.last_second_last(st, RED) == (5, 8)


def test_apply_move_wakes_and_enters_LUX_ALG_3_LUX_ANUBIS_3():
    """LUX-ALG-3, LUX-ANUBIS-3: activation is automatic by default; a tomb entry pays a key."""
    st = base()
    sc.set_adventurers(st, RED, active=[6, 0], lying=[7, 18, 29])
    st, ev = _turn(st, RED, ["2", "5", "5", "5", "5"], play="play L 6")
    assert "luxor.ev.woke" in keys_of(ev) and lying(st, RED) == [18, 29]
    assert prompt(st).seat != RED  # no question was asked (C-13 exists only with the option)


# ----------------------------------------------------------------------------- turn structure


def test_turn_phases_in_order_LUX_TURN_2_LUX_TURN_4_LUX_ALG_7():
    """LUX-TURN-2, LUX-TURN-4, LUX-ALG-7: play, move, action, draw — then the next player."""
    st = base()
    sc.set_adventurers(st, RED, active=[3, 0], lying=[7, 18, 29])
    sc.set_supply(st, keys=0)
    st, ev = _turn(st, RED, ["1", "5", "5", "5", "5"], play="play L 3")  # 3 -> 4 (Horus), key supply empty: the card is taken automatically
    ev_keys = keys_of(ev)
    order = [ev_keys.index(k) for k in ("luxor.ev.played", "luxor.ev.moved", "luxor.ev.horus_card", "luxor.ev.no_draw", "luxor.ev.turn")]
    assert order == sorted(order)
    assert st["current"] == 1


def test_end_checks_order_LUX_TURN_6():
    """LUX-TURN-6: end trigger checked before the stall rule; the round number advances after the last seat."""
    st = base()
    sc.set_adventurers(st, RED, active=[0, 0], lying=[7, 18, 29])
    st, _ = _turn(st, RED, ["1", "5", "5", "5", "2"], play="play L 0")
    assert st["round"] == 1 and st["current"] == 1
    sc.set_hand(st, 1, ["1", "5", "5", "5", "2"])
    sc.begin(st, 1)
    st, _ = do(st, 1, "play L 0")
    assert st["round"] == 2 and st["current"] == 0 and st["stall"]["round"] == []


def test_scoring_components_LUX_SCORE_4_LUX_SCORE_5_LUX_SCORE_9_LUX_OPT_9():
    """LUX-SCORE-4, -5, -9, LUX-OPT-9: sarcophagi 5/3, 1 VP per key, no cap, tomb value option."""
    st = base(tomb_scarab_vp=20)
    sc.set_adventurers(st, RED, active=[43, 43, 43, 43], finished=1)
    sc.tomb_entry(st, RED)
    sc.tomb_entry(st, RED)
    sc.give_keys(st, RED, 5)
    st["seats"][RED]["score"] = 150
    row = scoring.final_breakdown(st)["breakdown"][RED]
    assert row["sarcophagi"] == 8 and row["keys"] == 5 and row["positions"] == 20 + 4 * 13
    assert row["total"] == 150 + 72 + 8 + 5


# ----------------------------------------------------------------------------- tile kinds


def test_tile_wild_LUX_TILE_WILD_1_LUX_ACT_1():
    """LUX-TILE-WILD-1, LUX-ACT-1: a wild tile gives one wild; an empty supply gives nothing."""
    for supply, got in ((18, 1), (0, 0)):
        st = base()
        sc.set_tile(st, 14, ("temple", "wild"))
        sc.set_supply(st, wilds=supply)
        sc.set_adventurers(st, RED, active=[13, 0], lying=[7, 18, 29])
        st, _ = _turn(st, RED, ["1", "5", "5", "5", "5"], play="play L 13")
        assert st["seats"][RED]["wilds"] == got


def test_temple_tiles_act_again_LUX_ACT_2_LUX_ACT_3():
    """LUX-ACT-2, LUX-ACT-3: a temple tile acts for every later arrival; actions are carried out, not offered."""
    st = base()
    sc.set_tile(st, 14, ("temple", "scarab"))
    sc.set_adventurers(st, RED, active=[13, 13], lying=[7, 18, 29])
    st, _ = _turn(st, RED, ["1", "1", "5", "5", "1"], play="play L 13")
    assert len(st["seats"][RED]["scarabs"]) == 1
    sc.set_hand(st, RED, ["1", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, _ = do(st, RED, "play L 13")
    assert len(st["seats"][RED]["scarabs"]) == 2 and tile_spec(st, 14) == ("temple", "scarab")


def test_wild_or_scarab_choice_and_exhaustion_LUX_TILE_WILDSCARAB_1_LUX_SUPPLY_1():
    """LUX-TILE-WILDSCARAB-1, LUX-SUPPLY-1: only available things are offered."""
    st = base()
    sc.set_tile(st, 14, ("temple", "wild_or_scarab"))
    sc.set_supply(st, scarabs=0)
    sc.set_adventurers(st, RED, active=[13, 0], lying=[7, 18, 29])
    st, _ev = _turn(st, RED, ["1", "5", "5", "5", "5"], play="play L 13")  # C-11 collapses to the wild
    assert st["seats"][RED]["wilds"] == 1


def test_tunnel_without_tunnel_ahead_LUX_TILE_TUNNEL_2():
    """LUX-TILE-TUNNEL-2: no tunnel nearer the tomb: nothing happens."""
    st = base()
    sc.set_tile(st, 38, ("temple", "tunnel"))
    sc.set_adventurers(st, RED, active=[37, 0, 0, 0, 0])
    st, ev = _turn(st, RED, ["1", "5", "5", "5", "5"], play="play L 37")
    assert "luxor.ev.tunnel_none" in keys_of(ev) and active(st, RED)[-1] == 38


def test_tunnel_ignores_hidden_tunnels_and_never_chains_LUX_TILE_TUNNEL_3_LUX_TILE_TUNNEL_4():
    """LUX-TILE-TUNNEL-3, LUX-TILE-TUNNEL-4: hidden tunnels do not count; arriving does not jump again."""
    st = base()
    sc.set_tile(st, 5, ("temple", "tunnel"))
    sc.set_tile(st, 28, ("temple", "tunnel"))
    sc.set_tile(st, 38, ("temple", "tunnel"))  # 17 still hides its tile under a treasure
    sc.set_adventurers(st, RED, active=[4, 0], lying=[7, 18, 29])
    st, ev = _turn(st, RED, ["1", "5", "5", "5", "5"], play="play L 4")
    assert 28 in active(st, RED) and 38 not in active(st, RED)
    assert lying(st, RED) == [29]  # passed 7 and 18 (LUX-TILE-TUNNEL-3), not 29
    assert [e.message.key for e in ev].count("luxor.ev.tunnel") == 1


def test_osiris_values_public_LUX_TILE_OSIRIS_4():
    """LUX-TILE-OSIRIS-4, LUX-INFO-1: Osiris values are in the public view and stay all game."""
    st = base()
    v = GAME.public_view(st)
    assert {sp["pos"]: sp["tile"]["value"] for sp in v["path"] if sp["kind"] == "osiris"} == {9: 2, 16: 3, 24: 1, 36: 4}


def test_tomb_entry_any_time_LUX_TOMB_6():
    """LUX-TOMB-6: the first entry is allowed at any time and does not end the game."""
    st = base()
    sc.set_adventurers(st, RED, active=[43, 0], lying=[7, 18, 29])
    sc.give_keys(st, RED, 1)
    st, _ = _turn(st, RED, ["1", "5", "5", "5", "5"], play="play L 43")
    assert finished(st, RED) == 1 and st["seats"][RED]["sarcophagi"] == [5]
    assert not st["end_triggered"] and not st["over"]


def test_supply_definition_LUX_DEF_13():
    """LUX-DEF-13: scarabs, wilds and keys start in the common supply; the view shows counts only."""
    v = GAME.public_view(GAME.new_game(2, {}, 3).state)
    assert v["supply"] == {"keys": 20, "wilds": 18, "scarabs": 22}


# ----------------------------------------------------------------------------- options


def test_option_treasure_take_optional_C12_LUX_OPT_2():
    """LUX-OPT-2 (C-12): take or leave a met treasure."""
    for choice, score in (("take", 2), ("leave", 0)):
        st = base(treasure_take_optional=True)
        sc.set_tile(st, 1, ("treasure", "vase", 1, 2))
        st, _ = _turn(st, RED, ["1", "5", "5", "5", "5"], play="play L 0")
        assert prompt(st).kind == "C-12" and actions(st) == ["take", "leave"]
        st, _ = do(st, RED, choice)
        assert st["seats"][RED]["score"] == score


def test_option_backward_to_stairs_LUX_OPT_3():
    """LUX-OPT-3: a backward step with no tile behind ends on the stairs (no action)."""
    for flag in (False, True):
        st = base(backward_to_stairs=flag)
        sc.set_adventurers(st, RED, active=[1, 1], lying=[7, 18, 29])
        st, _ = _turn(st, RED, ["+/-1", "5", "5", "5", "5"], play=None)
        acts = [a for a in actions(st) if a.startswith("play L")]
        assert acts == (["play L 1 f", "play L 1 b"] if flag else ["play L 1 f"])
        if flag:
            st, _ = do(st, RED, "play L 1 b")
            assert active(st, RED) == [0, 1]


def test_option_anubis_activation_optional_C13_LUX_OPT_4():
    """LUX-OPT-4 (C-13): wake or leave lying, asked after the movement."""
    for choice, lying_after in (("wake", [18, 29]), ("sleep", [7, 18, 29])):
        st = base(anubis_activation_optional=True)
        sc.set_adventurers(st, RED, active=[6, 0], lying=[7, 18, 29])
        st, _ = _turn(st, RED, ["1", "5", "5", "5", "5"], play="play L 6")
        assert prompt(st).kind == "C-13" and actions(st) == ["wake", "sleep"]
        st, _ = do(st, RED, choice)
        assert lying(st, RED) == lying_after


def _door_state(**options):
    st = base(**options)
    for pos in (37, 39, 41, 43):
        sc.set_tile(st, pos, None)
    sc.set_adventurers(st, RED, active=[35, 35, 0, 0, 0])
    return st


def test_option_forced_move_overshoot_LUX_OPT_5_LUX_MOVE_7():
    """LUX-OPT-5, LUX-MOVE-7, Q-08: an Osiris jump into the tomb without a key."""
    st = _door_state()
    assert movement.resolve(st, 35, 1, 0) is None  # 36 (Osiris 4) -> 38, 40, 42, tomb: keyless
    r = movement.resolve(st, 35, 1, 1)
    assert r["tomb"] and r["osiris"] == [36]  # with a key it is an exact Osiris entry
    st = _door_state(forced_move_overshoot="stop_on_last_tile")
    r = movement.resolve(st, 35, 1, 0)
    assert r["end"] == 42 and r["stopped"]
    st, _ = _turn(st, RED, ["1", "5", "5", "5", "5"], play="play L 35")
    assert 42 in active(st, RED)


def test_option_one_less_choose_steps_LUX_OPT_8():
    """LUX-OPT-8: one adventurer less with 1-3 steps to choose."""
    st = base(one_less_steps="choose_1_to_3")
    sc.set_adventurers(st, RED, active=[30, 30], lying=[7, 18, 29])
    sc.set_tile(st, 32, ("treasure", "statue", 2, 3))
    st, _ = _turn(st, RED, ["H2-7", "5", "5", "5", "5"], play=None)
    assert [a for a in actions(st) if a.startswith("play L")] == ["play L 30 1", "play L 30 2", "play L 30 3"]
    st, _ = do(st, RED, "play L 30 2")
    assert st["seats"][RED]["score"] == 3  # 1 adventurer, requirement 2 - 1


def test_option_reshuffle_immediate_LUX_OPT_11():
    """LUX-OPT-11: with `immediate`, the discard pile becomes the draw pile as soon as the last card is drawn."""
    st = base(reshuffle_timing="immediate")
    sc.set_hand(st, RED, ["1", "5", "5", "5", "5"])
    st["box"]["cards"].extend(st["draw"][:-1])
    del st["draw"][:-1]
    st["discard"] = []
    st, ev = _turn(st, RED, ["1", "5", "5", "5", "5"], play="play L 0")
    assert "luxor.ev.reshuffled" in keys_of(ev) and st["draw"] and not st["discard"]


def test_option_temple_mapping_LUX_OPT_1():
    """LUX-OPT-1: H2 puts the scarabs under the lion backs."""
    st = GAME.new_game(2, {"temple_mapping": "H2"}, 1).state
    assert {t["front"] for t in st["temple_stacks"]["lion"]} == {"scarab"}
    assert {s.name for s in GAME.option_specs} == set(data.OPTION_CLAUSES)
    assert all(s.clause == data.OPTION_CLAUSES[s.name] for s in GAME.option_specs)


def test_state_is_plain_json_LUX_STATE_1():
    """LUX-STATE-1: the state is plain JSON with the recommended parts; the RNG lives in it."""
    st = GAME.new_game(3, {}, 2).state
    assert json.loads(json.dumps(st)) == st
    for key in ("tiles", "temple_stacks", "horus_stacks", "draw", "discard", "supply", "sarcophagi", "key_space", "tomb_entries", "seats", "turn"):
        assert key in st
    assert isinstance(st["rng"], int) and Rng(st["rng"]).state == st["rng"]


def test_private_view_playable_ends_LUX_INFO_2():
    """LUX-INFO-2, LUX-INFO-5: the private view shows the hand in order, the playable ends and the scarabs."""
    st = base()
    sc.set_adventurers(st, RED, active=[43, 43, 43, 43, 43])
    h = sc.set_hand(st, RED, ["1", "5", "5", "5", "+/-1"])
    sc.give(st, RED, scarabs=[4])
    me = GAME.private_view(st, RED)["me"]
    assert [c["id"] for c in me["hand"]] == h and me["playable"] == {"L": False, "R": True}
    assert [s["vp"] for s in me["scarabs"]] == [4]
    assert "me" not in GAME.public_view(st)


def test_max_sets_matches_brute_force_LUX_SCORE_6_LUX_ALG_6():
    """LUX-ALG-6 against an exhaustive search over every way to build sets (at most 2 wilds each)."""
    from itertools import product

    @functools.cache
    def brute(v, s, j, w):
        best = 0
        for use in product((0, 1), repeat=3):
            real = sum(use)
            if real == 0 or 3 - real > w:
                continue
            if use[0] > v or use[1] > s or use[2] > j:
                continue
            best = max(best, 1 + brute(v - use[0], s - use[1], j - use[2], w - (3 - real)))
        return best

    for v in range(5):
        for s in range(5):
            for j in range(4):
                for w in range(7):
                    assert scoring.max_sets(v, s, j, w) == brute(v, s, j, w), (v, s, j, w)


def test_stall_discard_auto_when_same_type_C05_LUX_NOMOVE_1():
    """LUX-NOMOVE-1 / C-05: asked unless both end cards are the same type, then resolved automatically."""
    st = base()
    sc.set_adventurers(st, RED, active=[43, 43, 43, 43, 43])
    h = sc.set_hand(st, RED, ["3", "1", "1", "1", "3"])
    ev = sc.begin(st, RED)
    assert "luxor.ev.stalled" in keys_of(ev) and st["current"] == 1
    assert st["discard"][-1] == h[0] and st["stall"]["round"] == [True]


def test_horus_tile_key_choice_C09_LUX_TILE_HORUS_1():
    """LUX-TILE-HORUS-1 / C-09: a key goes in front of the player and the player draws normally."""
    st = base()
    sc.set_adventurers(st, RED, active=[25, 0], lying=[7, 18, 29])
    st, _ = _turn(st, RED, ["1", "5", "5", "5", "5"], play="play L 25")
    p = prompt(st)
    assert p.kind == "C-09" and [o.action for o in p.options] == ["key", "card"]
    draw = len(st["draw"])
    st, _ev = do(st, RED, "key")
    assert st["seats"][RED]["keys"] == 1 and st["supply"]["keys"] == 19 and len(st["draw"]) == draw - 1
    assert GAME.public_view(st)["seats"][RED]["keys"] == 1
