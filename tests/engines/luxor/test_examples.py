"""Every scenario of shared/rules/luxor/EXAMPLES.md (EX-1 … EX-40), with its exact numbers.

Seats: Red = 0, Green = 1, Blue = 2 (3+ players) — for 2-player scenarios the opponent is seat 1.
"""
from __future__ import annotations

from engines.luxor import GAME, data, movement, scoring
from engines.luxor import testing as sc

from .helpers import BLUE, GREEN, RED, actions, active, base, do, finished, keys_of, lying, prompt, tile_spec

# ----------------------------------------------------------------------------- Part 1: the rulebook examples


def test_ex01_only_end_cards_playable_LUX_HAND_2_LUX_LEGAL_4_LUX_HAND_3():
    """EX-1 (LUX-HAND-2, LUX-LEGAL-4, LUX-HAND-3, LUX-TURN-3): only index 0 and index 4 can be played."""
    st = base()
    hand = sc.set_hand(st, RED, ["1", "5", "die", "+/-1", "3"])
    sc.begin(st, RED)
    p = prompt(st)
    assert p.kind == "C-04" and p.secret
    assert actions(st) == ["play L 0", "play R 0"]  # both adventurers on 0: one position each
    assert [o.label.params["card"].params.get("n") for o in p.options] == [1, 3]
    # both are playable: from 0, "1" ends on 1 and "3" ends on 3
    hops = [(o.label.params["src"].key, o.label.params["dst"].params["place"].params.get("n")) for o in p.options]
    assert hops == [("luxor.short.stairs", 1), ("luxor.short.stairs", 3)]
    draw_before = len(st["draw"])
    st, _ev = do(st, RED, "play R 0")  # "3" from 0
    assert active(st, RED) == [0, 3]
    assert st["seats"][RED]["hand"][:2] == [hand[0], hand[1]] and st["seats"][RED]["hand"][3:] == [hand[2], hand[3]]
    hand_after = st["seats"][RED]["hand"]
    assert hand_after[:2] == hand[:2] and hand_after[3:] == [hand[2], hand[3]]
    assert len(hand_after) == 5 and len(st["draw"]) == draw_before - 1
    assert st["discard"][-1] == hand[4]


def test_ex02_move_from_stairs_LUX_MOVE_2_LUX_MOVE_3_LUX_TILE_TREASURE_3():
    """EX-2 (LUX-MOVE-2, LUX-MOVE-3, LUX-TILE-TREASURE-1, LUX-TILE-TREASURE-3, LUX-DRAW-1)."""
    st = base()
    sc.set_tile(st, 3, ("treasure", "statue", 2, 3))
    sc.set_hand(st, RED, ["3", "1", "1", "1", "1"])
    sc.begin(st, RED)
    assert movement.resolve(st, 0, 3, 0)["trace"] == [0, 1, 2, 3]
    st, ev = do(st, RED, "play L 0")
    assert active(st, RED) == [0, 3]
    assert tile_spec(st, 3) == ("treasure", "statue", 2, 3)
    assert "luxor.ev.treasure_missed" in keys_of(ev)
    miss = next(e for e in ev if e.message.key == "luxor.ev.treasure_missed")
    assert (miss.message.params["have"], miss.message.params["need"]) == (1, 2)
    assert "luxor.ev.drew" in keys_of(ev)
    assert st["seats"][RED]["score"] == 0


def test_ex03_skip_empty_space_LUX_MOVE_1_LUX_ANUBIS_1_LUX_LEGAL_3():
    """EX-3 (LUX-MOVE-1, LUX-MOVE-2, LUX-ANUBIS-1, LUX-LEGAL-1, LUX-LEGAL-3)."""
    st = base()
    sc.set_adventurers(st, RED, active=[1, 0], lying=[7, 18, 29])
    sc.set_tile(st, 3, None)
    sc.set_tile(st, 5, ("treasure", "vase", 2, 3))
    sc.set_hand(st, RED, ["3", "1", "1", "1", "1"])
    sc.begin(st, RED)
    p = prompt(st)
    assert p.kind == "C-04"
    ends = {o.action: o.label.params["dst"].params["place"].params["n"] for o in p.options if o.action.startswith("play L")}
    assert ends == {"play L 1": 5, "play L 0": 4}  # no option for the adventurer lying at 7
    assert movement.resolve(st, 1, 3, 0)["trace"] == [1, 2, 4, 5] and movement.resolve(st, 0, 3, 0)["trace"] == [0, 1, 2, 4]
    st, ev = do(st, RED, "play L 1")
    assert "luxor.ev.woke" not in keys_of(ev)  # the statue at 7 is not passed
    miss = next(e.message.params for e in ev if e.message.key == "luxor.ev.treasure_missed")
    assert (miss["have"], miss["need"]) == (1, 2)
    assert active(st, RED) == [0, 5] and lying(st, RED) == [7, 18, 29]
    assert tile_spec(st, 5) == ("treasure", "vase", 2, 3)


def test_ex04_start_from_empty_space_LUX_MOVE_3_LUX_DEF_5():
    """EX-4 (LUX-MOVE-3, LUX-DEF-5, LUX-DEF-3)."""
    st = base()
    sc.set_adventurers(st, RED, active=[13, 0, 0], lying=[18, 29])
    sc.set_tile(st, 13, None)
    sc.set_tile(st, 15, ("treasure", "jewelry", 2, 3))
    assert movement.next_tile(st["tiles"], 13) == 14
    sc.set_hand(st, RED, ["2", "1", "1", "1", "1"])
    sc.begin(st, RED)
    assert movement.resolve(st, 13, 2, 0)["trace"] == [13, 14, 15]
    st, ev = do(st, RED, "play L 13")
    assert active(st, RED) == [0, 0, 15]
    assert tile_spec(st, 15) == ("treasure", "jewelry", 2, 3)
    miss = next(e.message.params for e in ev if e.message.key == "luxor.ev.treasure_missed")
    assert (miss["have"], miss["need"]) == (1, 2) and st["seats"][RED]["score"] == 0


def test_ex05_die_roll_passes_anubis_LUX_CARD_S03_LUX_ANUBIS_2_LUX_ANUBIS_4_LUX_DEF_8():
    """EX-5 (LUX-CARD-S03, LUX-ANUBIS-2, LUX-ANUBIS-4, LUX-DEF-8): Jan rolls a 5."""
    st = base()
    sc.set_adventurers(st, GREEN, active=[2, 0], lying=[7, 18, 29])
    sc.set_tile(st, 8, ("treasure", "vase", 2, 3))
    sc.set_hand(st, GREEN, ["die", "1", "1", "1", "1"])
    sc.begin(st, GREEN, order=[0, 1])
    sc.force_roll(st, 5)
    st, ev = do(st, GREEN, "play L")
    assert st["turn"]["roll"] == 5
    roll_ev = [e for e in ev if e.message.key == "luxor.ev.rolled"]
    assert roll_ev and roll_ev[0].to is None and roll_ev[0].message.params["roll"] == 5
    assert sorted(actions(st)) == ["move 0", "move 2"]
    dests = {o.action: o.label.params["dst"].params["place"].params["n"] for o in prompt(st).options}
    assert dests == {"move 2": 8, "move 0": 5}
    r = movement.resolve(st, 2, 5, 0)
    assert r["trace"] == [2, 3, 4, 5, 6, 8] and movement.passed_statues(r["trace"]) == [7]
    st, ev = do(st, GREEN, "move 2")
    assert active(st, GREEN) == [0, 0, 8] and lying(st, GREEN) == [18, 29]
    woke = [e.message.params for e in ev if e.message.key == "luxor.ev.woke"]
    assert len(woke) == 1 and woke[0]["statue"] == 7 and woke[0]["player"] == GREEN
    assert tile_spec(st, 8) == ("treasure", "vase", 2, 3)
    miss = next(e.message.params for e in ev if e.message.key == "luxor.ev.treasure_missed")
    assert (miss["have"], miss["need"]) == (1, 2)
    # the new adventurer is movable from Green's next turn on: it is an ordinary active adventurer on 0
    sc.set_hand(st, GREEN, ["1", "5", "5", "5", "5"])
    sc.begin(st, GREEN)
    assert sorted(a for a in actions(st) if a.startswith("play L")) == ["play L 0", "play L 8"]


def test_ex06_take_treasure_reveal_temple_LUX_TILE_TREASURE_2_LUX_TILE_TREASURE_4_LUX_SCORE_1():
    """EX-6 (LUX-TILE-TREASURE-1, LUX-TILE-TREASURE-2, LUX-TILE-TREASURE-4, LUX-SCORE-1, LUX-TILE-TEMPLE-1)."""
    st = base(3)
    sc.set_adventurers(st, RED, active=[14, 12, 0, 0], lying=[29])
    sc.set_adventurers(st, BLUE, active=[14, 0, 0, 0], lying=[29])
    sc.set_tile(st, 14, ("treasure", "vase", 2, 3))
    sc.temple_top(st, "cobra", "wild")
    st["seats"][RED]["score"] = 10
    sc.set_hand(st, RED, ["2", "1", "1", "1", "1"])
    sc.begin(st, RED, order=[0, 1, 2])
    st, ev = do(st, RED, "play L 12")
    red = st["seats"][RED]
    assert red["score"] == 13 and [data.TREASURES[t]["type"] for t in red["treasures"]] == ["vase"]
    assert tile_spec(st, 14) == ("temple", "wild")
    assert active(st, RED).count(14) == 2 and active(st, BLUE).count(14) == 1
    assert red["wilds"] == 0 and st["supply"]["wilds"] == data.WILDS
    assert len(st["temple_stacks"]["cobra"]) == 3
    assert "luxor.ev.revealed" in keys_of(ev)


def test_ex07_horus_tile_card_LUX_TILE_HORUS_1_LUX_TILE_HORUS_3_LUX_HAND_3_LUX_DRAW_1():
    """EX-7 (LUX-TILE-HORUS-1, LUX-TILE-HORUS-3, LUX-HAND-3, LUX-DRAW-1, LUX-CARD-H01)."""
    st = base()
    sc.set_adventurers(st, RED, active=[3, 0], lying=[7, 18, 29])
    hand = sc.set_hand(st, RED, ["1", "4", "3", "5", "die"])
    sc.horus_top(st, 1, "H1-1")
    sc.begin(st, RED)
    st, _ = do(st, RED, "play L 3")
    p = prompt(st)
    assert p.kind == "C-09" and sorted(actions(st)) == ["card", "key"]
    draw_before = len(st["draw"])
    st, ev = do(st, RED, "card")
    assert st["seats"][RED]["hand"] == [hand[1], hand[2], "H1-1", hand[3], hand[4]]
    assert len(st["horus_stacks"]["1"]) == 7 and st["horus_stacks"]["1"][-1] != "H1-1"
    assert st["supply"]["keys"] == 20
    assert len(st["draw"]) == draw_before and "luxor.ev.no_draw" in keys_of(ev)
    # the card taken is announced publicly (LUX-INFO-4)
    taken = next(e for e in ev if e.message.key == "luxor.ev.horus_card")
    assert taken.to is None and taken.message.params["card_id"] == "H1-1"


def test_ex08_osiris_jump_onto_scarab_LUX_TILE_OSIRIS_1_LUX_TILE_OSIRIS_2_LUX_TILE_SCARAB_1_LUX_DEF_9():
    """EX-8 (LUX-TILE-OSIRIS-1, LUX-TILE-OSIRIS-2, LUX-TILE-SCARAB-1, LUX-DEF-9)."""
    st = base()
    sc.set_adventurers(st, RED, active=[15, 25, 0, 0], lying=[29])
    sc.set_tile(st, 20, ("temple", "scarab"))
    sc.scarab_top(st, 3)
    sc.set_hand(st, RED, ["1", "2", "2", "2", "2"])
    sc.begin(st, RED)
    r = movement.resolve(st, 15, 1, 0)
    assert r["trace"] == [15, 16, 17, 19, 20] and r["end"] == 20 and r["osiris"] == [16]
    st, ev = do(st, RED, "play L 15")
    assert active(st, RED) == [0, 0, 20, 25] and lying(st, RED) == [29]
    assert "luxor.ev.woke" not in keys_of(ev)  # nobody of Red's lies at 18
    red = st["seats"][RED]
    assert len(red["scarabs"]) == 1 and data.SCARABS[red["scarabs"][0]] == 3
    assert len(st["supply"]["scarabs"]) == 21
    private = [e for e in ev if e.message.key == "luxor.ev.scarab_value"]
    assert private and private[0].to == RED and private[0].message.params["vp"] == 3
    public = [e for e in ev if e.message.key == "luxor.ev.scarab"]
    assert public[0].to is None and "vp" not in public[0].message.params


def _ex09_state(keys: int):
    st = base(3)
    # seats: Red 0, Green 1, Blue 2; turn order Blue, Red, Green
    sc.set_adventurers(st, BLUE, active=[30, 0, 0, 0], finished=1)
    sc.tomb_entry(st, BLUE)
    sc.set_adventurers(st, RED, active=[42, 30, 20, 10, 0])
    sc.give_keys(st, RED, keys)
    sc.set_hand(st, RED, ["2", "1", "1", "1", "1"])
    return st


def test_ex09_second_tomb_entry_LUX_TOMB_1_LUX_TOMB_2_LUX_TOMB_3_LUX_END_1_LUX_END_2():
    """EX-9 (LUX-TOMB-1, LUX-TOMB-2, LUX-TOMB-3, LUX-TOMB-6, LUX-END-1, LUX-END-2, LUX-TOMB-5, LUX-END-3)."""
    st = _ex09_state(2)
    sc.begin(st, RED, order=[BLUE, RED, GREEN])
    assert movement.resolve(st, 42, 2, 2)["trace"] == [42, 43, 44]
    space_before = st["key_space"]
    st, ev = do(st, RED, "play L 42")
    red = st["seats"][RED]
    assert red["keys"] == 1 and st["key_space"] == space_before + 1
    assert finished(st, RED) == 1 and red["sarcophagi"] == [3]
    assert st["seats"][BLUE]["sarcophagi"] == [5] and st["sarcophagi"] == []
    assert st["tomb_entries"] == 2 and st["end_triggered"]
    assert [e.message.params["vp"] for e in ev if e.message.key == "luxor.ev.sarcophagus"] == [3]
    assert "luxor.ev.drew" in keys_of(ev)  # no action in the tomb; Red draws
    # Green, the last player of the round, takes one more turn; Blue does not
    assert st["current"] == GREEN and not st["over"]
    while not st["over"]:
        assert st["current"] == GREEN
        st, _ = do(st, GREEN, actions(st)[0])
    assert GAME.result(st) is not None
    # counter-check: without a key "2" from 42 is not offered
    st0 = _ex09_state(0)
    sc.begin(st0, RED, order=[BLUE, RED, GREEN])
    assert prompt(st0).kind == "C-04" and "play L 42" not in actions(st0)
    assert {a for a in actions(st0) if a.startswith("play L")} == {"play L 30", "play L 20", "play L 10", "play L 0"}


def test_ex10_position_scoring_31_LUX_SCORE_3():
    """EX-10 (LUX-SCORE-3): 0 + 5 + 5 + 8 + 13 = 31."""
    st = base()
    sc.set_adventurers(st, RED, active=[0, 25, 27, 35, 42])
    assert scoring.final_breakdown(st)["breakdown"][RED]["positions"] == 31


def test_ex11_sets_with_wilds_LUX_SCORE_6():
    """EX-11 (LUX-SCORE-6): 3 V, 2 S, 1 J, 4 W -> 3 sets = 12; 6 wilds would make 4."""
    assert scoring.max_sets(3, 2, 1, 4) == 3 and data.set_vp(3) == 12
    assert scoring.max_sets(3, 2, 1, 6) == 4


def test_ex12_scarab_scoring_LUX_SCORE_7():
    """EX-12 (LUX-SCORE-7): scarabs 1, 2, 4 -> +7."""
    st = base()
    sc.give(st, RED, scarabs=[1, 2, 4])
    row = scoring.final_breakdown(st)["breakdown"][RED]
    assert row["scarabs"] == 7 and row["scarab_values"] == [1, 2, 4]
    # hidden from the other players until the end: the public view has the count only
    pub = GAME.public_view(st)
    assert pub["seats"][RED]["scarabs"] == 3 and pub["final"] is None
    assert sorted(s["vp"] for s in GAME.private_view(st, RED)["me"]["scarabs"]) == [1, 2, 4]
    assert GAME.private_view(st, 1)["me"]["scarabs"] == []


def test_ex13_tunnel_to_next_tunnel_only_LUX_TILE_TUNNEL_1_LUX_TILE_TUNNEL_2_LUX_TILE_TUNNEL_4():
    """EX-13 (LUX-TILE-TUNNEL-1, LUX-TILE-TUNNEL-4)."""
    st = base()
    for pos in (5, 17, 28):
        sc.set_tile(st, pos, ("temple", "tunnel"))
    sc.set_adventurers(st, GREEN, active=[4, 10, 0], lying=[18, 29])
    sc.set_hand(st, GREEN, ["1", "2", "2", "2", "2"])
    sc.begin(st, GREEN)
    st, ev = do(st, GREEN, "play L 4")
    assert active(st, GREEN) == [0, 10, 17] and lying(st, GREEN) == [18, 29]
    tun = [e for e in ev if e.message.key == "luxor.ev.tunnel"]
    assert len(tun) == 1 and tun[0].message.params["dst"].params["n"] == 17
    assert "luxor.ev.woke" not in keys_of(ev)


def test_ex14_horus_eye_tile_level_2_LUX_TILE_EYE_1_LUX_HAND_3():
    """EX-14 (LUX-TILE-EYE-1, LUX-HAND-3, LUX-DRAW-1)."""
    st = base()
    sc.set_tile(st, 11, ("temple", "eye_1_2"))
    sc.set_adventurers(st, GREEN, active=[10, 0, 0], lying=[18, 29])
    hand = sc.set_hand(st, GREEN, ["1", "3", "3", "5", "die"])
    sc.horus_top(st, 1, "H1-3")
    sc.horus_top(st, 2, "H2-6")
    sc.begin(st, GREEN)
    st, _ = do(st, GREEN, "play L 10")
    assert prompt(st).kind == "C-10" and actions(st) == ["level 1", "level 2"]
    draw_before = len(st["draw"])
    st, ev = do(st, GREEN, "level 2")
    assert st["seats"][GREEN]["hand"] == [hand[1], hand[2], "H2-6", hand[3], hand[4]]
    assert len(st["horus_stacks"]["2"]) == 7 and len(st["horus_stacks"]["1"]) == 8
    assert st["horus_stacks"]["1"][-1] == "H1-3"
    assert len(st["draw"]) == draw_before and "luxor.ev.no_draw" in keys_of(ev) and "luxor.ev.drew" not in keys_of(ev)


def test_ex15_wild_or_scarab_LUX_TILE_WILDSCARAB_1():
    """EX-15 (LUX-TILE-WILDSCARAB-1)."""
    st = base()
    sc.set_tile(st, 23, ("temple", "wild_or_scarab"))
    sc.set_adventurers(st, GREEN, active=[22, 0, 0, 0], lying=[29])
    sc.set_hand(st, GREEN, ["1", "2", "2", "2", "2"])
    sc.begin(st, GREEN)
    st, _ = do(st, GREEN, "play L 22")
    assert prompt(st).kind == "C-11" and sorted(actions(st)) == ["scarab", "wild"]
    st, ev = do(st, GREEN, "scarab")
    assert len(st["seats"][GREEN]["scarabs"]) == 1 and st["supply"]["wilds"] == 18
    assert len(st["supply"]["scarabs"]) == 21 and st["seats"][GREEN]["wilds"] == 0
    vp = data.SCARABS[st["seats"][GREEN]["scarabs"][0]]
    assert [(e.to, e.message.params.get("vp")) for e in ev if e.message.key == "luxor.ev.scarab_value"] == [(GREEN, vp)]
    assert all("vp" not in e.message.params for e in ev if e.to is None)
    assert GAME.public_view(st)["seats"][GREEN]["scarabs"] == 1


def test_ex16_one_to_x_card_LUX_CARD_H03_LUX_TILE_TREASURE_5():
    """EX-16 (LUX-CARD-H03, LUX-TILE-TREASURE-2, LUX-TILE-TREASURE-5)."""
    st = base()
    sc.set_adventurers(st, GREEN, active=[10, 0, 0], lying=[18, 29])
    sc.set_tile(st, 13, ("treasure", "jewelry", 1, 2))
    sc.set_hand(st, GREEN, ["H1-1", "5", "5", "5", "5"])
    sc.begin(st, GREEN)
    left = [o for o in prompt(st).options if o.action.startswith("play L")]
    dests = {o.action: movement.resolve(st, int(o.action.split()[2]), int(o.action.split()[3]), 0)["end"] for o in left}
    assert dests == {"play L 0 1": 1, "play L 0 2": 2, "play L 0 3": 3, "play L 10 1": 11, "play L 10 2": 12, "play L 10 3": 13}
    assert {o.action: o.label.params["dst"].params["place"].params["n"] for o in left} == dests
    st, _ = do(st, GREEN, "play L 10 3")
    assert st["seats"][GREEN]["score"] == 2 and st["tiles"][13] is None
    assert 13 in active(st, GREEN)
    assert "H1-1" in st["discard"]


def test_ex17_one_to_die_LUX_CARD_H04():
    """EX-17 (LUX-CARD-H04): roll 2, options 0->1, 0->2, 3->4, 3->5; follow-up takes the jewelry."""
    st = base()
    sc.set_adventurers(st, GREEN, active=[0, 3], lying=[7, 18, 29])
    sc.set_tile(st, 1, ("treasure", "vase", 2, 3))
    sc.set_tile(st, 2, ("treasure", "statue", 3, 6))
    sc.set_tile(st, 3, ("treasure", "jewelry", 2, 3))
    sc.set_hand(st, GREEN, ["H1-4", "5", "5", "5", "5"])
    sc.begin(st, GREEN, order=[0, 1])
    sc.force_roll(st, 2)
    st, _ = do(st, GREEN, "play L")
    assert sorted(actions(st)) == ["move 0 1", "move 0 2", "move 3 1", "move 3 2"]
    dests = {o.action: o.label.params["dst"].params["place"].params["n"] for o in prompt(st).options}
    assert dests == {"move 0 1": 1, "move 0 2": 2, "move 3 1": 4, "move 3 2": 5}
    st, ev = do(st, GREEN, "move 0 2")
    assert active(st, GREEN) == [2, 3] and st["seats"][GREEN]["score"] == 0
    miss = next(e.message.params for e in ev if e.message.key == "luxor.ev.treasure_missed")
    assert (miss["have"], miss["need"]) == (1, 3)
    # follow-up: a "1" from 2 lands on 3 where two Green adventurers meet the requirement
    sc.set_hand(st, GREEN, ["1", "5", "5", "5", "5"])
    sc.begin(st, GREEN)
    st, _ = do(st, GREEN, "play L 2")
    assert st["seats"][GREEN]["score"] == 3 and st["tiles"][3] is None and active(st, GREEN) == [3, 3]


def _ex18_state():
    st = base()
    sc.set_adventurers(st, GREEN, active=[26, 14, 14, 14], lying=[29])
    for pos in (28, 38):
        sc.set_tile(st, pos, ("temple", "tunnel"))
    sc.set_tile(st, 20, ("treasure", "jewelry", 3, 6))
    sc.temple_top(st, "falcon", "scarab")
    sc.set_hand(st, GREEN, ["H3-5", "5", "5", "5", "5"])
    sc.begin(st, GREEN)
    st, ev = do(st, GREEN, "play L")
    return st, ev


def test_ex18_advance_all_osiris_one_action_LUX_CARD_H05_LUX_CARD_H06_LUX_TILE_OSIRIS_2():
    """EX-18 (LUX-CARD-H05, LUX-CARD-H06, LUX-TILE-OSIRIS-2, LUX-TILE-TREASURE-4)."""
    st, ev = _ex18_state()
    moved = [e for e in ev if e.message.key.startswith("luxor.ev.moved")]
    assert [e.message.params["src"].params["n"] for e in moved] == [26, 14, 14, 14]  # nearest first
    assert active(st, GREEN) == [20, 20, 20, 28]
    assert prompt(st).kind == "C-08" and actions(st) == ["act 20", "act 28"]
    st2, _ev2 = do(st, GREEN, "act 20")
    assert st2["seats"][GREEN]["score"] == 6
    assert tile_spec(st2, 20) == ("temple", "scarab")
    assert active(st2, GREEN) == [20, 20, 20, 28] and st2["seats"][GREEN]["scarabs"] == []
    # alternative: the tunnel at 28 jumps to 38 and wakes the adventurer lying at 29
    st3, ev3 = do(st, GREEN, "act 28")
    assert active(st3, GREEN) == [0, 20, 20, 20, 38] and lying(st3, GREEN) == []
    assert [e.message.params["statue"] for e in ev3 if e.message.key == "luxor.ev.woke"] == [29]
    assert tile_spec(st3, 20) == ("treasure", "jewelry", 3, 6)


def test_ex19_last_to_second_last_LUX_CARD_H07_LUX_TILE_TREASURE_1():
    """EX-19 (LUX-CARD-H07, LUX-TILE-TREASURE-1, LUX-TILE-TREASURE-5)."""
    st = base()
    sc.set_adventurers(st, GREEN, active=[0, 0, 10, 23, 33])
    sc.set_tile(st, 10, ("treasure", "vase", 2, 3))
    sc.set_hand(st, GREEN, ["H2-6", "5", "5", "5", "5"])
    sc.begin(st, GREEN)
    assert movement.last_second_last(st, GREEN) == (0, 10)
    st, _ev = do(st, GREEN, "play L")
    assert st["seats"][GREEN]["score"] == 3 and st["tiles"][10] is None
    assert active(st, GREEN) == [0, 10, 10, 23, 33]


def test_ex20_one_adventurer_less_LUX_CARD_H08_LUX_TILE_TREASURE_6():
    """EX-20 (LUX-CARD-H08, LUX-TILE-TREASURE-6)."""
    for card, expected in (("H1-7", 6), ("1", 0)):
        st = base()
        sc.set_adventurers(st, RED, active=[30, 31, 0, 0, 0])
        sc.set_tile(st, 31, ("treasure", "statue", 3, 6))
        sc.set_hand(st, RED, [card, "5", "5", "5", "5"])
        sc.begin(st, RED)
        st, _ = do(st, RED, "play L 30")
        assert st["seats"][RED]["score"] == expected
        if expected:
            assert st["tiles"][31] is None and active(st, RED).count(31) == 2


# ----------------------------------------------------------------------------- Part 2: edge cases


def test_ex21_set_table_LUX_SCORE_6_LUX_ALG_6():
    """EX-21 (LUX-SCORE-6, LUX-ALG-6)."""
    rows = [
        (1, 0, 0, 5, 1, 3),
        (0, 0, 0, 6, 0, 0),
        (2, 2, 2, 0, 2, 7),
        (4, 4, 0, 1, 1, 3),
        (2, 1, 1, 2, 2, 7),
        (1, 1, 1, 3, 2, 7),
        (3, 2, 1, 4, 3, 12),
        (5, 0, 0, 10, 5, 25),
        (6, 0, 0, 12, 6, 33),
        (10, 10, 10, 18, 16, 52),
    ]
    for v, s, j, w, sets, vp in rows:
        assert scoring.max_sets(v, s, j, w) == sets, (v, s, j, w)
        assert data.set_vp(sets) == vp


def test_ex22_osiris_chain_passes_anubis_LUX_TILE_OSIRIS_3_LUX_ANUBIS_2():
    """EX-22 (LUX-TILE-OSIRIS-2, LUX-TILE-OSIRIS-3, LUX-ANUBIS-2, LUX-ANUBIS-4)."""
    st = base()
    sc.set_osiris(st, {9: 4, 16: 2, 24: 1, 36: 3})
    for pos in (10, 13, 15):
        sc.set_tile(st, pos, None)
    sc.set_tile(st, 19, ("treasure", "jewelry", 1, 2))
    sc.set_adventurers(st, RED, active=[8, 0, 0], lying=[18, 29])
    sc.set_hand(st, RED, ["1", "5", "5", "5", "5"])
    sc.begin(st, RED)
    r = movement.resolve(st, 8, 1, 0)
    assert r["trace"] == [8, 9, 11, 12, 14, 16, 17, 19] and r["osiris"] == [9, 16]
    assert movement.passed_statues(r["trace"]) == [18]
    st, _ev = do(st, RED, "play L 8")
    assert active(st, RED) == [0, 0, 0, 19] and lying(st, RED) == [29]
    assert st["seats"][RED]["score"] == 2 and st["tiles"][19] is None


def test_ex23_tunnel_passes_anubis_LUX_TILE_TUNNEL_3_LUX_ANUBIS_2():
    """EX-23 (LUX-TILE-TUNNEL-1, LUX-TILE-TUNNEL-3, LUX-TILE-TUNNEL-4, LUX-ANUBIS-2)."""
    st = base()
    for pos in (5, 17, 28):
        sc.set_tile(st, pos, ("temple", "tunnel"))
    sc.set_adventurers(st, RED, active=[4, 0], lying=[7, 18, 29])
    sc.set_hand(st, RED, ["1", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, _ev = do(st, RED, "play L 4")
    assert active(st, RED) == [0, 0, 17] and lying(st, RED) == [18, 29]
    assert lying(st, 1) == [7, 18, 29]  # the other colour stays lying


def _ex24_state(keys: int, hand: list[str], empty43: bool = False):
    st = base()
    sc.set_adventurers(st, RED, active=[41, 41, 41, 41], finished=1)
    sc.tomb_entry(st, RED)
    sc.give_keys(st, RED, keys)
    if empty43:
        sc.set_tile(st, 43, None)
    h = sc.set_hand(st, RED, hand)
    return st, h


def test_ex24_exact_tomb_entry_LUX_MOVE_4_LUX_TOMB_1_LUX_LEGAL_4_LUX_NOMOVE_1():
    """EX-24 (LUX-MOVE-4, LUX-TOMB-1, LUX-TOMB-2, LUX-TOMB-3, LUX-LEGAL-4, LUX-NOMOVE-1)."""
    st, h = _ex24_state(1, ["4", "1", "5", "2", "3"])
    assert movement.playable_ends(st, RED) == {"L": False, "R": True}
    space = st["key_space"]
    ev = sc.begin(st, RED)  # C-04 and C-06 collapse: "3" is played and the move is made
    assert "luxor.ev.tomb" in keys_of(ev)
    red = st["seats"][RED]
    assert red["keys"] == 0 and st["key_space"] == space + 1 and red["sarcophagi"] == [5, 3]
    assert st["end_triggered"] and finished(st, RED) == 2
    assert red["hand"][:2] == h[:2] and red["hand"][3:] == [h[2], h[3]]
    # variant b: no key -> neither end playable -> C-05, a stall turn
    st, h = _ex24_state(0, ["4", "1", "5", "2", "3"])
    sc.begin(st, RED)
    assert prompt(st).kind == "C-05" and actions(st) == ["discard L", "discard R"] and prompt(st).secret
    st, ev = do(st, RED, "discard L")
    assert st["seats"][RED]["hand"][:2] == [h[1], h[2]] and st["seats"][RED]["hand"][3:] == [h[3], h[4]]
    assert st["stall"]["round"] == [True] and active(st, RED) == [41] * 4
    # variant c: 43 empty, "2" from 41 -> 42, tomb
    st, h = _ex24_state(1, ["2", "1", "1", "1", "1"], empty43=True)
    assert movement.resolve(st, 41, 2, 1)["trace"] == [41, 42, 44]
    sc.begin(st, RED)
    st, ev = do(st, RED, "play L 41")
    assert finished(st, RED) == 2 and st["seats"][RED]["keys"] == 0
    assert st["seats"][RED]["sarcophagi"] == [5, 3] and st["end_triggered"]


def _ex25_state(trigger_seat: int, current_round_seat: int):
    st = base(3)
    # order Red (start), Blue, Green; Green entered earlier
    sc.set_adventurers(st, GREEN, active=[43, 0, 0, 0], finished=1)
    sc.tomb_entry(st, GREEN)
    for seat in (RED, BLUE):
        sc.set_adventurers(st, seat, active=[43, 0, 0, 0, 0])
    sc.give_keys(st, GREEN, 1)
    sc.give_keys(st, trigger_seat, 1)
    for seat in (RED, GREEN, BLUE):
        sc.set_hand(st, seat, ["1", "5", "5", "5", "5"])
    sc.begin(st, current_round_seat, order=[RED, BLUE, GREEN])
    return st


def test_ex25_finish_the_round_LUX_END_1_LUX_END_2_LUX_END_3():
    """EX-25 (LUX-END-1, LUX-END-2, LUX-END-3, LUX-TOMB-3)."""
    st = _ex25_state(BLUE, BLUE)  # Red has played this round
    st, ev = do(st, BLUE, "play L 43")
    assert st["seats"][BLUE]["sarcophagi"] == [3] and st["end_triggered"]
    assert "luxor.ev.drew" in keys_of(ev) and len(st["seats"][BLUE]["hand"]) == 5  # Blue completes the turn
    assert st["current"] == GREEN
    st, _ = do(st, GREEN, "play L 43")
    assert st["over"] and st["seats"][GREEN]["sarcophagi"] == [5]  # no second sarcophagus
    assert finished(st, GREEN) == 2
    row = st["final"]["breakdown"][GREEN]
    assert row["positions"] == 2 * 15
    # variant: Green (last in round) makes the 2nd entry: the game ends right after
    st = _ex25_state(GREEN, GREEN)
    st, _ = do(st, GREEN, "play L 43")
    assert st["over"]
    # variant: Red (start player) triggers: Blue and Green each get one more turn
    st = _ex25_state(RED, RED)
    st, _ = do(st, RED, "play L 43")
    assert st["end_triggered"] and st["current"] == BLUE
    seen = []
    while not st["over"]:
        seen.append(st["current"])
        st, _ = do(st, st["current"], actions(st)[0])
    assert list(dict.fromkeys(seen)) == [BLUE, GREEN]


def test_ex26_advance_all_one_action_LUX_CARD_H05_LUX_CARD_H06():
    """EX-26 (LUX-CARD-H05, LUX-CARD-H06, LUX-TILE-TREASURE-4)."""
    st = base()
    sc.set_adventurers(st, RED, active=[19, 10, 0, 0], lying=[29])
    sc.set_tile(st, 2, ("treasure", "vase", 2, 3))
    sc.temple_top(st, "falcon", "eye_1_2")
    sc.horus_top(st, 1, "H1-1")
    sc.horus_top(st, 2, "H2-1")
    sc.set_hand(st, RED, ["H3-5", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, ev = do(st, RED, "play L")
    moved = [(e.message.params["src"], e.message.params["dst"]) for e in ev if e.message.key.startswith("luxor.ev.moved")]
    assert [(a.params.get("n", 0), b.params["n"]) for a, b in moved] == [(19, 21), (10, 12), (0, 2), (0, 2)]
    assert "luxor.ev.woke" not in keys_of(ev)
    assert active(st, RED) == [2, 2, 12, 21]
    assert actions(st) == ["act 2", "act 12", "act 21"]
    draw_before = len(st["draw"])
    st, ev = do(st, RED, "act 2")
    red = st["seats"][RED]
    assert red["score"] == 3 and tile_spec(st, 2) == ("temple", "eye_1_2")
    assert red["keys"] == 0 and "H1-1" not in red["hand"] and "H2-1" not in red["hand"]
    assert len(st["draw"]) == draw_before - 1


def test_ex27_no_legal_move_discard_LUX_NOMOVE_1_LUX_NOMOVE_2():
    """EX-27 (LUX-NOMOVE-1, LUX-NOMOVE-2, LUX-HAND-3)."""
    st = base()
    sc.set_adventurers(st, RED, active=[43, 43, 43, 42, 41])
    h = sc.set_hand(st, RED, ["5", "1", "2", "3", "4"])
    sc.begin(st, RED)
    assert not movement.card_playable(st, RED, h[0]) and not movement.card_playable(st, RED, h[4])
    assert movement.card_playable(st, RED, h[1])  # "1" would be playable but is not at an end
    assert prompt(st).kind == "C-05"
    assert prompt(st).secret and actions(st) == ["discard L", "discard R"]
    st, ev = do(st, RED, "discard L")
    hand = st["seats"][RED]["hand"]
    assert hand[:2] == [h[1], h[2]] and hand[3:] == [h[3], h[4]]
    assert st["discard"][-1] == h[0] and active(st, RED) == [41, 42, 43, 43, 43] and st["seats"][RED]["score"] == 0
    assert not any(k.startswith("luxor.ev.moved") for k in keys_of(ev)) and "luxor.ev.drew" in keys_of(ev)
    assert st["stall"]["round"] == [True] and "luxor.ev.stalled" in keys_of(ev)


def test_ex28_empty_space_next_to_statue_LUX_MOVE_3_LUX_ANUBIS_2():
    """EX-28 (LUX-MOVE-3, LUX-ANUBIS-2, LUX-ANUBIS-5)."""
    st = base()
    sc.set_adventurers(st, RED, active=[6, 0], lying=[7, 18, 29])
    sc.set_tile(st, 6, None)
    sc.set_tile(st, 8, ("treasure", "statue", 2, 3))
    sc.set_hand(st, RED, ["1", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, _ = do(st, RED, "play L 6")
    assert active(st, RED) == [0, 0, 8] and lying(st, RED) == [18, 29]
    assert tile_spec(st, 8) == ("treasure", "statue", 2, 3)


def test_ex29_plus_minus_backwards_onto_osiris_LUX_CARD_S02_LUX_MOVE_5_LUX_TILE_OSIRIS_1():
    """EX-29 (LUX-CARD-S02, LUX-MOVE-5, LUX-TILE-OSIRIS-1)."""
    st = base()
    sc.set_adventurers(st, RED, active=[10, 1, 0], lying=[18, 29])
    sc.set_tile(st, 11, ("treasure", "jewelry", 1, 2))
    sc.temple_top(st, "falcon", "scarab")
    sc.set_hand(st, RED, ["+/-1", "5", "5", "5", "5"])
    sc.begin(st, RED)
    assert sorted(a for a in actions(st) if a.startswith("play L")) == ["play L 0 f", "play L 1 f", "play L 10 b", "play L 10 f"]
    assert movement.resolve_back(st, 10, 0)["end"] == 11
    assert movement.resolve_back(st, 10, 0)["trace"] == [10, 9, 10, 11]
    dests = {o.action: o.label.params["dst"].params["place"].params["n"] for o in prompt(st).options if o.action.startswith("play L")}
    assert dests == {"play L 10 f": 11, "play L 10 b": 11, "play L 1 f": 2, "play L 0 f": 1}
    st, _ = do(st, RED, "play L 10 b")
    assert active(st, RED) == [0, 1, 11]
    assert st["seats"][RED]["score"] == 2 and tile_spec(st, 11) == ("temple", "scarab")
    assert st["seats"][RED]["scarabs"] == []


def test_ex30_last_to_second_last_ties_tomb_LUX_CARD_H07_LUX_TOMB_4():
    """EX-30 (LUX-CARD-H07, LUX-TOMB-4, LUX-LEGAL-4)."""
    # (a)
    st = base()
    sc.set_adventurers(st, RED, active=[33, 20, 0, 0], finished=1)
    sc.set_tile(st, 20, ("temple", "scarab"))
    sc.set_hand(st, RED, ["H3-7", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, ev = do(st, RED, "play L")
    assert active(st, RED) == [0, 20, 20, 33] and finished(st, RED) == 1
    assert len(st["seats"][RED]["scarabs"]) == 1 and "luxor.ev.woke" not in keys_of(ev)
    # (b) everybody on one position: unplayable
    st = base()
    sc.set_adventurers(st, RED, active=[30, 30, 30, 30], finished=1)
    assert movement.last_second_last(st, RED) is None and not movement.card_playable(st, RED, "H3-7")
    # (c) S = 43, never the tomb
    st = base()
    sc.set_adventurers(st, RED, active=[43, 0, 0, 0], finished=1)
    sc.set_tile(st, 43, ("treasure", "statue", 2, 3))
    sc.set_hand(st, RED, ["H3-7", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, _ = do(st, RED, "play L")
    assert active(st, RED) == [0, 0, 43, 43] and finished(st, RED) == 1
    assert st["seats"][RED]["score"] == 3 and st["tiles"][43] is None  # the action on 43 was carried out


def _ex31(start: int, keys: int, level: int, keep: int):
    st = base()
    sc.set_adventurers(st, RED, active=[start, 0, 0, 0], lying=[29])
    sc.set_supply(st, keys=keys)
    sc.empty_horus(st, level, keep=keep)
    sc.set_hand(st, RED, ["1", "5", "5", "5", "5"])
    sc.begin(st, RED)
    draw_before = len(st["draw"])
    st, ev = do(st, RED, f"play L {start}")
    return st, ev, draw_before


def test_ex31_horus_tile_exhausted_supplies_LUX_TILE_HORUS_2_LUX_SUPPLY_1():
    """EX-31 (LUX-TILE-HORUS-2, LUX-DRAW-1, LUX-SUPPLY-1)."""
    st, ev, d = _ex31(20, 0, 2, 8)  # (a) no keys: the card is taken automatically
    assert "luxor.ev.horus_card" in keys_of(ev) and len(st["draw"]) == d and len(st["horus_stacks"]["2"]) == 7
    taken = next(e for e in ev if e.message.key == "luxor.ev.horus_card").message.params["card_id"]
    assert st["seats"][RED]["hand"][2] == taken and data.HORUS_CARDS[taken]["level"] == 2
    st, ev, d = _ex31(32, 3, 3, 0)  # (b) level 3 empty: a key
    assert st["seats"][RED]["keys"] == 1 and len(st["draw"]) == d - 1
    st, ev, d = _ex31(3, 0, 1, 0)  # (c) nothing: the player draws
    assert "luxor.ev.nothing_left" in keys_of(ev) and len(st["draw"]) == d - 1
    assert st["seats"][RED]["keys"] == 0


def test_ex32_tie_break_LUX_SCORE_8():
    """EX-32 (LUX-SCORE-8)."""
    assert scoring.winners_of([70, 70, 65], [[3], [], []]) == [0]
    assert scoring.winners_of([70, 70, 68], [[], [], [5]]) == [0, 1]
    assert scoring.winners_of([70, 70], [[5, 3], []]) == [0]
    assert scoring.winners_of([70, 70], [[5], [3]]) == [0]


def test_ex33_one_less_after_osiris_LUX_CARD_H08_LUX_OPT_7():
    """EX-33 (LUX-CARD-H08, LUX-TILE-TREASURE-6, LUX-OPT-7)."""
    for after_osiris, expected in ((True, 6), (False, 0)):
        st = base(one_less_after_osiris=after_osiris)
        sc.set_adventurers(st, RED, active=[15, 20, 0, 0], lying=[29])
        sc.set_tile(st, 20, ("treasure", "vase", 3, 6))
        sc.temple_top(st, "falcon", "eye_2_3")
        sc.set_hand(st, RED, ["H1-7", "5", "5", "5", "5"])
        sc.begin(st, RED)
        draw_before = len(st["draw"])
        st, ev = do(st, RED, "play L 15")
        assert st["seats"][RED]["score"] == expected
        assert tile_spec(st, 20) == (("temple", "eye_2_3") if expected else ("treasure", "vase", 3, 6))
        assert active(st, RED) == [0, 0, 20, 20]
        # the revealed eye tile gives no card now: Red draws normally
        assert "luxor.ev.horus_card" not in keys_of(ev) and len(st["draw"]) == draw_before - 1


def test_ex34_reshuffle_horus_cards_return_LUX_DRAW_2_LUX_CARD_H02():
    """EX-34 (LUX-DRAW-2, LUX-CARD-H02)."""
    st = base()
    sc.set_hand(st, RED, ["S12", "5", "5", "5", "5"])
    for cid in ("S05", "H3-3", "S20"):
        sc._remove_card(st, cid)
    st["box"]["cards"].extend(st["draw"])
    st["draw"] = []
    st["discard"] = ["S05", "H3-3", "S20"]
    l3 = list(st["horus_stacks"]["3"])
    sc.begin(st, RED)
    st, ev = do(st, RED, "play L 0")  # both adventurers on the stairs: one option for this card
    assert st["current"] != RED and active(st, RED) == [0, 2]
    assert "luxor.ev.reshuffled" in keys_of(ev)
    assert st["discard"] == [] and len(st["draw"]) == 3
    assert sorted(st["draw"] + [st["seats"][RED]["hand"][2]]) == sorted(["S05", "H3-3", "S20", "S12"])
    assert st["horus_stacks"]["3"] == l3


def test_ex35_advance_all_at_the_door_LUX_CARD_H05_LUX_TOMB_2_LUX_MOVE_7():
    """EX-35 (LUX-CARD-H05, LUX-TOMB-2, LUX-TOMB-3, LUX-MOVE-7, LUX-OPT-6)."""
    st = base()
    sc.set_adventurers(st, RED, active=[43, 43, 40, 35, 0])
    sc.give_keys(st, RED, 1)
    sc.set_hand(st, RED, ["H1-6", "5", "5", "5", "5"])
    plan = movement.advance_all_plan(st, RED, 1)
    assert [(st["seats"][RED]["adv"][i]["pos"], r and r["end"]) for i, r in plan] == [
        (43, 44), (43, None), (40, 41), (35, 40), (0, 1)
    ]
    assert all(r is None for i, r in movement.advance_all_plan(st, RED, 2)[:2])  # all +2 overshoots from 43
    sc.begin(st, RED)
    st, ev = do(st, RED, "play L")
    red = st["seats"][RED]
    assert red["keys"] == 0 and red["sarcophagi"] == [5] and st["tomb_entries"] == 1
    blocked = [e.message.params["src"].params["n"] for e in ev if e.message.key == "luxor.ev.blocked"]
    assert blocked == [43]
    ends = [e.message.params["dst"] for e in ev if e.message.key.startswith("luxor.ev.moved")]
    assert [d.params.get("n", "tomb") for d in ends] == ["tomb", 41, 40, 1]  # nearest first; 35 via Osiris 36
    assert active(st, RED) == [1, 40, 41, 43] and finished(st, RED) == 1
    assert actions(st) == ["act 1", "act 40", "act 41"]
    # variant: advance_all_blocked = card_unplayable
    st = base(advance_all_blocked="card_unplayable")
    sc.set_adventurers(st, RED, active=[43, 43, 40, 35, 0])
    sc.give_keys(st, RED, 1)
    assert not movement.card_playable(st, RED, "H1-6")


def test_ex36_both_sarcophagi_in_one_turn_LUX_TOMB_3_LUX_END_1():
    """EX-36 (LUX-TOMB-3, LUX-END-1, Q-24)."""
    st = base()
    sc.set_adventurers(st, RED, active=[43, 43, 30, 30, 30])
    sc.give_keys(st, RED, 2)
    sc.set_tile(st, 31, ("treasure", "statue", 3, 6))
    sc.set_hand(st, RED, ["H2-5", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, ev = do(st, RED, "play L")  # C-08 has one candidate (31): auto
    red = st["seats"][RED]
    assert red["sarcophagi"] == [5, 3] and red["keys"] == 0 and st["end_triggered"]
    assert [e.message.params["vp"] for e in ev if e.message.key == "luxor.ev.sarcophagus"] == [5, 3]
    assert [e.message.params["keys"] for e in ev if e.message.key == "luxor.ev.tomb"] == [1, 0]
    assert st["tomb_entries"] == 2 and finished(st, RED) == 2
    assert red["score"] == 6 and st["tiles"][31] is None and active(st, RED) == [31, 31, 31]
    assert st["current"] == 1 and not st["over"]


def _stall_state(**options):
    st = base(**options)
    for seat in (RED, 1):
        sc.set_adventurers(st, seat, active=[43, 43, 43, 43, 43])
    sc.set_hand(st, RED, ["2", "3", "4", "5", "3"])
    sc.set_hand(st, 1, ["3", "4", "5", "2", "4"])
    return st


def test_ex37_stall_rule_LUX_END_4_LUX_NOMOVE_3_LUX_OPT_10():
    """EX-37 (LUX-END-4, LUX-NOMOVE-1, LUX-NOMOVE-3, LUX-OPT-10)."""
    # (a) both stall in round 30: the game ends after Blue's turn
    st = _stall_state()
    sc.begin(st, RED, order=[RED, 1], round_=30)
    st, _ = do(st, RED, "discard L")
    assert st["current"] == 1 and not st["over"]
    sc.set_hand(st, 1, ["3", "4", "5", "2", "4"])
    st, ev = do(st, 1, "discard L")
    assert st["over"] and GAME.result(st) is not None
    assert "luxor.ev.game_over_stall" in keys_of(ev) and "luxor.ev.final" in keys_of(ev)
    # (b) round 29: Blue stalls; round 30: Red stalls -> play continues (full_round) …
    for mode, over in (("full_round", False), ("consecutive_turns", True)):
        st = _stall_state(stall_end=mode)
        sc.begin(st, 1, order=[RED, 1], round_=29)
        st, _ = do(st, 1, "discard L")
        assert st["round"] == 30 and st["current"] == RED
        sc.set_adventurers(st, 1, active=[43, 43, 43, 43, 0])  # Blue can move in round 30
        sc.set_hand(st, 1, ["1", "5", "5", "5", "2"])
        sc.set_hand(st, RED, ["2", "3", "4", "5", "3"])
        sc.begin(st, RED)
        st, _ = do(st, RED, "discard L")
        assert st["over"] is over
        if not over:
            assert st["current"] == 1 and prompt(st).kind == "C-04"
    # (c) Red's die roll fails, Blue stalls: play continues
    st = _stall_state()
    sc.set_adventurers(st, RED, active=[43, 43, 43, 43, 38])
    sc.set_hand(st, RED, ["die", "2", "2", "2", "2"])
    sc.begin(st, RED, order=[RED, 1], round_=30)
    sc.force_roll(st, 6)
    st, ev = do(st, RED, "play L")
    assert "luxor.ev.roll_failed" in keys_of(ev) and st["stall"]["round"] == [False]
    sc.set_hand(st, 1, ["3", "4", "5", "2", "4"])
    sc.begin(st, 1)
    st, _ = do(st, 1, "discard L")
    assert not st["over"] and st["round"] == 31


def test_ex38_complete_final_score_84_LUX_SCORE_2_LUX_SCORE_4_LUX_SCORE_5():
    """EX-38 (LUX-SCORE-2, LUX-SCORE-3, LUX-SCORE-4, LUX-SCORE-5, LUX-SCORE-6, LUX-SCORE-7)."""
    st = base()
    st["seats"][RED]["score"] = 21
    sc.set_adventurers(st, RED, active=[43, 35, 27, 0], finished=1)
    sc.tomb_entry(st, RED)
    sc.give_keys(st, RED, 1)
    sc.give(st, RED, treasures=[("vase", 1, 2), ("vase", 1, 2), ("statue", 1, 2), ("jewelry", 1, 2)], wilds=2, scarabs=[2, 3, 4])
    row = scoring.final_breakdown(st)["breakdown"][RED]
    assert (row["positions"], row["sarcophagi"], row["keys"], row["sets"], row["set_vp"], row["scarabs"]) == (41, 5, 1, 2, 7, 9)
    assert row["total"] == 84


def test_ex39_other_colours_never_help_LUX_TILE_TREASURE_1_LUX_DEF_12():
    """EX-39 (LUX-TILE-TREASURE-1, LUX-DEF-12, LUX-BOARD-5)."""
    st = base()
    sc.set_tile(st, 22, ("treasure", "jewelry", 3, 6))
    sc.set_adventurers(st, 1, active=[22, 22, 0, 0, 0])
    sc.set_adventurers(st, RED, active=[21, 0, 0, 0], lying=[29])
    sc.set_hand(st, RED, ["1", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, _ev = do(st, RED, "play L 21")
    assert tile_spec(st, 22) == ("treasure", "jewelry", 3, 6)
    assert st["seats"][RED]["score"] == 0 and st["seats"][1]["score"] == 0


def test_ex40_eye_tile_empty_stacks_LUX_TILE_EYE_1_LUX_HAND_4():
    """EX-40 (LUX-TILE-EYE-1, LUX-HAND-4, LUX-DRAW-1, LUX-TURN-5)."""
    for keep3, expect_card in ((0, False), (8, True)):
        st = base()
        sc.set_tile(st, 27, ("temple", "eye_2_3"))
        sc.empty_horus(st, 2)
        sc.empty_horus(st, 3, keep=keep3)
        sc.set_adventurers(st, GREEN, active=[26, 0, 0, 0], lying=[29])
        sc.set_hand(st, GREEN, ["1", "5", "5", "5", "5"])
        sc.begin(st, GREEN)
        draw_before = len(st["draw"])
        top3 = st["horus_stacks"]["3"][-1] if keep3 else None
        st, ev = do(st, GREEN, "play L 26")
        hand = st["seats"][GREEN]["hand"]
        assert len(hand) == 5
        if expect_card:
            assert hand[2] == top3 and len(st["draw"]) == draw_before
        else:
            assert "luxor.ev.nothing_left" in keys_of(ev) and len(st["draw"]) == draw_before - 1
