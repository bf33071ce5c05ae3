"""Rules audit: regression tests for discrepancies found in review (each names its clause).

Seats: Red = 0, Green = 1, Blue = 2.
"""
from __future__ import annotations

from engines.core import clone
from engines.luxor import GAME, data, flow, movement
from engines.luxor import testing as sc
from render.i18n import t

from .helpers import RED, actions, base, do, prompt

LOCALES = ("en", "cs", "pl")


def _c06_options(st, card: str, roll: int | None = None):
    """The C-06 options Red would get for ``card`` in this position (without playing it)."""
    st = clone(st)
    st["turn"] = flow.new_turn(RED)
    st["turn"]["card"], st["turn"]["roll"] = card, roll
    st["current"] = RED
    st["pending"] = {"kind": "C-06", "seat": RED}
    return list(GAME.prompts(st)[0].options)


def _double_osiris_state():
    """Osiris 9 = 4 and 16 = 2 with empty spaces between: a move from 5 or 6 runs through both
    Osiris tiles, passes statues 7 and 18 (Red lies at both) and ends on a wild-or-scarab tile."""
    st = base()
    sc.set_osiris(st, {9: 4, 16: 2, 24: 1, 36: 3})
    for pos in (10, 13, 15, 19):
        sc.set_tile(st, pos, None)
    sc.set_tile(st, 20, ("temple", "wild_or_scarab"))
    sc.set_adventurers(st, RED, active=[0, 6, 5], lying=[7, 18])
    return st



def _stalled_game():
    """Both players have every adventurer on 43 and no card that moves: a whole round of discards."""
    st = base()
    for seat in (RED, 1):
        sc.set_adventurers(st, seat, active=[43] * 5)
        sc.set_hand(st, seat, ["2", "3", "4", "5", "3"])
    sc.begin(st, RED, order=[RED, 1])
    st, _ = do(st, RED, "discard L")
    sc.set_hand(st, 1, ["3", "4", "5", "2", "4"])
    sc.begin(st, 1)
    st, _ = do(st, 1, "discard L")
    return st

def test_move_labels_fit_discord_autocomplete_C06_LUX_LEGAL_1():
    """C-06 / LUX-LEGAL-1: every movement option label fits Discord's 100 characters in every
    locale, even for a move through two Osiris tiles that wakes two lying adventurers."""
    st = _double_osiris_state()
    opts = _c06_options(st, "H3-1")  # 1-5
    long_move = [o for o in opts if o.action in ("move 5 3", "move 6 2")]
    assert len(long_move) == 2
    r = movement.resolve(st, 5, 3, 0)
    assert r["osiris"] == [9, 16] and movement.passed_statues(r["trace"]) == [7, 18] and r["end"] == 20
    for o in opts:
        for loc in LOCALES:
            text = t(o.label, loc)
            assert len(text) <= 100, (loc, len(text), text)
    # the label still names both Osiris tiles and both statues
    en = t(long_move[0].label, "en")
    assert "9" in en and "16" in en and "7" in en and "18" in en and "20" in en


def test_step_count_label_is_grammatical_C06_LUX_CARD_H03():
    """C-06 / LUX-CARD-H03: a 1-X option for one step does not say "1 steps" (or "1 kroků", "1 kroków")."""
    st = base()
    sc.set_adventurers(st, RED, active=[10, 0], lying=[7, 18, 29])
    opts = {o.action: o for o in _c06_options(st, "H1-1")}
    one = opts["move 10 1"].label
    assert t(one, "en").startswith("1 step:")
    assert t(one, "cs").startswith("1 krok:")
    assert t(one, "pl").startswith("1 krok:")
    three = opts["move 10 3"].label
    assert t(three, "en").startswith("3 steps:")
    assert t(three, "cs").startswith("3 kroky:")
    assert t(three, "pl").startswith("3 kroki:")
    five = _c06_options(st, "H3-1")
    five = next(o for o in five if o.action == "move 10 5").label
    assert t(five, "cs").startswith("5 kroků:") and t(five, "pl").startswith("5 kroków:")


# ----------------------------------------------------------------------------- rejections name the precise clause


def _reject(st, seat, action):
    import pytest

    from engines.core import IllegalAction

    with pytest.raises(IllegalAction) as exc:
        GAME.apply(st, seat, action)
    return exc.value.clause, exc.value.message.key


def _begin(hand, active=(), lying=(), finished=0, keys=0, roll=None, tiles=None, **options):
    st = base(**options)
    sc.set_adventurers(st, RED, active=list(active), lying=list(lying), finished=finished)
    if finished:
        for _ in range(finished):
            sc.tomb_entry(st, RED)
    sc.give_keys(st, RED, keys)
    for pos, spec in (tiles or {}).items():
        sc.set_tile(st, pos, spec)
    sc.set_hand(st, RED, hand)
    sc.begin(st, RED)
    if roll is not None:
        sc.force_roll(st, roll)
    return st


def _c04(hand, **kw):
    """Red's turn begun with ``hand``: the C-04 prompt, where a card without a roll names its move."""
    st = _begin(hand, **kw)
    assert prompt(st).kind == "C-04", prompt(st).kind
    return st


def _c06(hand, **kw):
    """Red has played the left card, a die card (rolled ``roll``): the C-06 prompt."""
    st = _begin(hand, **kw)
    st, _ = do(st, RED, "play L")
    assert prompt(st).kind == "C-06", prompt(st).kind
    return st


def test_rejected_moves_name_the_rule_that_forbids_them_LUX_MOVE_4_LUX_TOMB_2_LUX_MOVE_7_LUX_MOVE_5():
    """A refused move names the clause that forbids it, not a generic one:
    overshoot LUX-MOVE-4, keyless tomb LUX-TOMB-2, impossible Osiris continuation LUX-MOVE-7,
    no tile behind LUX-MOVE-5, lying LUX-ANUBIS-1, finished LUX-TOMB-4, no adventurer LUX-MOVE-1.
    C-04 names the move with the card (``play L 42``); after a roll C-06 asks it (``move 42``)."""
    # "3" from 42: 43, tomb, then one step too many
    st = _c04(["3", "5", "5", "5", "5"], active=[42, 3, 0, 0, 0], keys=1)
    assert _reject(st, RED, "play L 42") == ("LUX-MOVE-4", "luxor.err.overshoot")
    st = _c06(["die", "5", "5", "5", "5"], active=[42, 3, 0, 0, 0], keys=1, roll=3)
    assert _reject(st, RED, "move 42") == ("LUX-MOVE-4", "luxor.err.overshoot")
    # "2" from 42 reaches the tomb exactly, but Red has no key
    st = _c04(["2", "5", "5", "5", "5"], active=[42, 3, 0, 0, 0])
    assert _reject(st, RED, "play L 42") == ("LUX-TOMB-2", "luxor.err.no_key")
    st = _c06(["die", "5", "5", "5", "5"], active=[42, 3, 0, 0, 0], roll=2)
    assert _reject(st, RED, "move 42") == ("LUX-TOMB-2", "luxor.err.no_key")
    # "1" from 35 onto Osiris 36 (value 4): 38, 40, 42, tomb without a key
    st = _c04(["1", "5", "5", "5", "5"], active=[35, 3, 0, 0, 0], tiles={37: None, 39: None, 41: None, 43: None})
    assert movement.resolve(st, 35, 1, 0) is None
    assert _reject(st, RED, "play L 35") == ("LUX-MOVE-7", "luxor.err.osiris")
    # +/-1 back from the first tile: nothing behind, the stairs are no target
    st = _c04(["+/-1", "5", "5", "5", "5"], active=[1, 3], lying=[7, 18, 29])
    assert _reject(st, RED, "play L 1 b") == ("LUX-MOVE-5", "luxor.err.no_tile_behind")
    # lying and finished adventurers, and a space without an adventurer
    st = _c04(["1", "5", "5", "5", "5"], active=[5, 0, 0], lying=[18, 29])
    assert _reject(st, RED, "play L 18") == ("LUX-ANUBIS-1", "luxor.err.lying")
    assert _reject(st, RED, "play L 12") == ("LUX-MOVE-1", "luxor.err.no_adventurer")
    st = _c04(["1", "5", "5", "5", "5"], active=[5, 0, 0, 0], finished=1)
    assert _reject(st, RED, "play L 44") == ("LUX-TOMB-4", "luxor.err.finished")
    st = _c06(["die", "5", "5", "5", "5"], active=[5, 0, 0], lying=[18, 29], roll=1)
    assert _reject(st, RED, "move 18") == ("LUX-ANUBIS-1", "luxor.err.lying")
    assert _reject(st, RED, "move 12") == ("LUX-MOVE-1", "luxor.err.no_adventurer")


def test_rejected_step_counts_name_the_card_rule_LUX_CARD_H03_LUX_CARD_H04_LUX_CARD_S01_LUX_OPT_8():
    """A step count outside the card's range names the card's clause; a count given to a
    fixed-step card, or a missing count, is refused with the card's clause too."""
    st = _c04(["H1-1", "5", "5", "5", "5"], active=[10, 0], lying=[7, 18, 29])  # 1-3
    assert _reject(st, RED, "play L 10 4") == ("LUX-CARD-H03", "luxor.err.steps_range")
    assert _reject(st, RED, "play L 10") == ("LUX-CARD-H03", "luxor.err.steps_range")
    st = _c06(["H1-4", "5", "5", "5", "5"], active=[10, 0], lying=[7, 18, 29], roll=2)  # 1-die, rolled 2
    assert _reject(st, RED, "move 10 3") == ("LUX-CARD-H04", "luxor.err.steps_range")
    st = _c04(["2", "5", "5", "5", "5"], active=[10, 0], lying=[7, 18, 29])
    assert _reject(st, RED, "play L 10 2") == ("LUX-CARD-S01", "luxor.err.fixed_steps")
    st = _c06(["die", "5", "5", "5", "5"], active=[10, 0], lying=[7, 18, 29], roll=3)
    assert _reject(st, RED, "move 10 3") == ("LUX-CARD-S03", "luxor.err.fixed_steps")
    st = _c04(["H1-7", "5", "5", "5", "5"], active=[10, 0], lying=[7, 18, 29])
    assert _reject(st, RED, "play L 10 1") == ("LUX-CARD-H08", "luxor.err.fixed_steps")
    st = _c04(["H1-7", "5", "5", "5", "5"], active=[10, 0], lying=[7, 18, 29], one_less_steps="choose_1_to_3")
    assert _reject(st, RED, "play L 10 4") == ("LUX-OPT-8", "luxor.err.steps_range")
    st = _c04(["+/-1", "5", "5", "5", "5"], active=[10, 0], lying=[7, 18, 29])
    assert _reject(st, RED, "play L 10") == ("LUX-CARD-S02", "luxor.err.direction")
    assert _reject(st, RED, "play L 10 x") == ("LUX-CARD-S02", "luxor.err.direction")


def test_rejections_outside_movement_name_their_clause_LUX_TURN_3_LUX_CARD_H06_LUX_END_4():
    """C-04 before any card is played: LUX-TURN-3; an acting position that no moved adventurer
    reached: LUX-CARD-H06 with its own message; a game that ended by the stall rule: LUX-END-4."""
    st = base()
    sc.set_hand(st, RED, ["1", "5", "5", "5", "2"])
    sc.begin(st, RED)
    assert prompt(st).kind == "C-04"
    assert _reject(st, RED, "move 0") == ("LUX-TURN-3", "luxor.err.play_first")
    assert _reject(st, RED, "play M") == ("LUX-HAND-2", "luxor.err.ends_only")
    # advance all: 3 -> 4 and 11 -> 12; 3 was left by the mover and is not a candidate
    st = base()
    sc.set_adventurers(st, RED, active=[3, 11], lying=[7, 18, 29])
    sc.set_hand(st, RED, ["H1-6", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, _ = do(st, RED, "play L")
    assert actions(st) == ["act 4", "act 12"]
    assert _reject(st, RED, "act 3") == ("LUX-CARD-H06", "luxor.err.not_actor")
    # the stall rule ended the game
    st = _stalled_game()
    assert st["over"]
    assert _reject(st, RED, "play L") == ("LUX-END-4", "luxor.err.over")


# ----------------------------------------------------------------------------- labels say what a choice does


def test_advance_all_prompt_says_one_space_acts_C08_LUX_CARD_H06():
    """C-08 / LUX-CARD-H06: the prompt says that exactly one space acts (it said "which adventurers act")."""
    st = base()
    sc.set_adventurers(st, RED, active=[3, 11], lying=[7, 18, 29])
    sc.set_hand(st, RED, ["H1-6", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, _ = do(st, RED, "play L")
    p = prompt(st)
    assert p.kind == "C-08"
    assert t(p.title, "en") == "0: everyone moved; choose the one space whose tile acts"
    assert t(p.options[0].label, "en") == "Act at space 4 (Horus 1) (1 of yours there)"


def test_horus_card_option_says_no_draw_C09_C10_LUX_TILE_HORUS_3_LUX_TILE_EYE_1():
    """C-09 / C-10 (LUX-TILE-HORUS-3, LUX-TILE-EYE-1): taking a Horus card replaces this turn's draw;
    the option says so in every locale."""
    st = base()
    sc.set_adventurers(st, RED, active=[3, 0], lying=[7, 18, 29])
    sc.horus_top(st, 1, "H1-1")
    sc.set_hand(st, RED, ["1", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, _ = do(st, RED, "play L 3")
    card = prompt(st).find("card")
    assert t(card.label, "en") == "Take the level-1 Horus card: 1-3 (no draw this turn)"
    assert "bez dobírání" in t(card.label, "cs") and "bez dobierania" in t(card.label, "pl")


def test_anubis_choice_labels_C13_LUX_ANUBIS_3_LUX_OPT_4():
    """C-13 (LUX-ANUBIS-3, LUX-OPT-4): wake says where the adventurer goes; sleep names whose adventurer."""
    st = base(anubis_activation_optional=True)
    sc.set_adventurers(st, RED, active=[6, 0], lying=[7, 18, 29])
    sc.set_hand(st, RED, ["1", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, _ = do(st, RED, "play L 6")
    p = prompt(st)
    assert [t(o.label, "en") for o in p.options] == [
        "Wake your adventurer at statue 7: it stands on the stairs",
        "Leave your adventurer lying at statue 7",
    ]


def test_stall_streak_end_has_its_own_message_LUX_END_4_LUX_OPT_10():
    """LUX-END-4 / LUX-OPT-10: with stall_end = consecutive_turns the game-over event does not claim
    a whole round was stalled; it names the number of stall turns in a row."""
    st = base(stall_end="consecutive_turns")
    for seat in (RED, 1):
        sc.set_adventurers(st, seat, active=[43] * 5)
    sc.set_hand(st, 1, ["3", "4", "5", "2", "4"])
    sc.begin(st, 1, order=[RED, 1])  # Blue (last in round) stalls, then Red (start) stalls
    st, _ = do(st, 1, "discard L")
    sc.set_hand(st, RED, ["2", "3", "4", "5", "3"])
    sc.begin(st, RED)
    st, ev = do(st, RED, "discard L")
    assert st["over"]
    over = [e.message for e in ev if e.message.key.startswith("luxor.ev.game_over")]
    assert [(m.key, dict(m.params)) for m in over] == [("luxor.ev.game_over_stall_turns", {"n": 2})]


# ----------------------------------------------------------------------------- auto-resolution


def test_one_start_end_pair_resolves_itself_C06_LUX_CARD_S02():
    """DECISIONS C-06: auto-resolve when exactly one (start position -> movement end) pair is legal.
    Red's only adventurer on 10 plays +/-1: forward 10 -> 11, backward 10 -> 9 (Osiris 2) -> 11.
    Both options end on 11 with the same consequences, so no question is asked."""
    st = base()
    sc.set_adventurers(st, RED, active=[10], lying=[18, 29], finished=2)
    sc.tomb_entry(st, RED)
    sc.tomb_entry(st, RED)
    sc.set_tile(st, 11, ("treasure", "jewelry", 2, 3))
    sc.set_hand(st, RED, ["+/-1", "5", "5", "5", "5"])
    sc.begin(st, RED)
    assert {a for a, _, _ in movement.movement_options(st, RED, st["seats"][RED]["hand"][0], None)} == {"move 10 f", "move 10 b"}
    # C-04 offers the card once: the pair C-06 resolved by itself (forward, the first option)
    assert [a for a in actions(st) if a.startswith("play L")] == ["play L 10 f"]
    assert _reject(st, RED, "play L 10 b") == ("LUX-LEGAL-3", "luxor.err.not_an_option")
    st, ev = do(st, RED, "play L 10 f")
    assert st["current"] == 1 and [a["pos"] for a in st["seats"][RED]["adv"] if a["state"] == "active"] == [11]
    assert "luxor.ev.moved" in [e.message.key for e in ev]


def test_same_end_different_consequences_are_not_merged_C06_LUX_OPT_7():
    """DECISIONS C-06: two routes to one end count as one pair only when nothing else differs.
    One adventurer less 1 or 2 steps from 23 both end on 25 (1 step via Osiris 24 = 1). With
    one_less_after_osiris = false only the 2-step route lowers the requirement, so they differ."""
    for after_osiris, same in ((True, True), (False, False)):
        st = base(one_less_after_osiris=after_osiris, one_less_steps="choose_1_to_3")
        sc.set_adventurers(st, RED, active=[23, 0], lying=[29], finished=2)
        opts = {a: (r, info) for a, r, info in movement.movement_options(st, RED, "H1-7", None)}
        r1, r2 = opts["move 23 1"], opts["move 23 2"]
        assert r1[0]["end"] == r2[0]["end"] == 25 and r1[0]["osiris"] == [24] and r2[0]["osiris"] == []
        k1, k2 = (movement.move_outcome(st, RED, "H1-7", *o) for o in (r1, r2))
        assert (k1 == k2) is same


# ----------------------------------------------------------------------------- known points, pinned


def test_advance_all_wakes_when_passing_and_the_woken_one_stays_put_LUX_ANUBIS_2_LUX_ANUBIS_4_LUX_CARD_H05():
    """LUX-ANUBIS-2 / -4, LUX-CARD-H05 step 5, Q-11: an advance-all mover that passes a statue wakes
    the player's adventurer lying there; the woken one stands on the stairs, is not moved by this
    card and is no C-08 candidate (the stairs are not where any mover ended)."""
    st = base()
    sc.set_adventurers(st, RED, active=[17, 6], lying=[7, 18, 29])
    sc.set_hand(st, RED, ["H1-6", "5", "5", "5", "5"])  # advance all 1
    sc.begin(st, RED)
    st, ev = do(st, RED, "play L")
    # 17 -> 19 passes 18; 6 -> 8 passes 7: two adventurers wake, both on the stairs, neither moves
    assert sorted(a["pos"] for a in st["seats"][RED]["adv"] if a["state"] == "active") == [0, 0, 8, 19]
    assert sorted(a["pos"] for a in st["seats"][RED]["adv"] if a["state"] == "lying") == [29]
    assert [e.message.params["statue"] for e in ev if e.message.key == "luxor.ev.woke"] == [18, 7]
    assert len([e for e in ev if e.message.key.startswith("luxor.ev.moved")]) == 2
    assert actions(st) == ["act 8", "act 19"]


def test_last_to_second_last_jump_passes_statues_LUX_CARD_H07_LUX_ANUBIS_2_LUX_OPT_4():
    """LUX-CARD-H07 step 3, LUX-ANUBIS-2: the last-to-second-last jump passes statues. With optional
    activation a player may have left an adventurer lying behind; the jump then asks C-13 again."""
    st = base(anubis_activation_optional=True)
    sc.set_adventurers(st, RED, active=[0, 10, 12], lying=[7, 18])
    sc.set_tile(st, 10, ("treasure", "vase", 2, 3))
    sc.set_hand(st, RED, ["H2-6", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, _ = do(st, RED, "play L")
    assert prompt(st).kind == "C-13" and prompt(st).title.params["statue"] == 7
    st, _ = do(st, RED, "wake")
    # the woken adventurer stands on the stairs; the jumper joined the one on 10 and, after the
    # C-13 answer, the action on 10 counts both: the vase 2/3 is taken
    assert sorted(a["pos"] for a in st["seats"][RED]["adv"] if a["state"] == "active") == [0, 10, 10, 12]
    assert sorted(a["pos"] for a in st["seats"][RED]["adv"] if a["state"] == "lying") == [18]
    assert st["seats"][RED]["score"] == 3 and st["tiles"][10] is None


def test_osiris_continuation_enters_the_tomb_exactly_with_a_key_LUX_TILE_OSIRIS_3_LUX_TOMB_1_Q08():
    """LUX-TILE-OSIRIS-3, LUX-TOMB-1, Q-08: an Osiris continuation that reaches the tomb exactly
    is a normal entry: the key is paid and the first entrant takes the 5."""
    st = base()
    for pos in (37, 39, 41, 43):
        sc.set_tile(st, pos, None)
    sc.set_adventurers(st, RED, active=[35, 0, 0, 0, 0])
    sc.give_keys(st, RED, 1)
    sc.set_hand(st, RED, ["1", "5", "5", "5", "5"])
    sc.begin(st, RED)
    assert prompt(st).kind == "C-04" and [a for a in actions(st) if a.startswith("play L")] == ["play L 0", "play L 35"]
    st, _ = do(st, RED, "play L 35")  # 36 (Osiris 4) -> 38, 40, 42, tomb
    red = st["seats"][RED]
    assert red["keys"] == 0 and red["sarcophagi"] == [5] and st["tomb_entries"] == 1 and st["key_space"] == 1
    assert sum(1 for a in red["adv"] if a["state"] == "finished") == 1 and not st["end_triggered"]


def test_tunnel_never_leads_backwards_LUX_TILE_TUNNEL_1_LUX_TILE_TUNNEL_2_Q17():
    """LUX-TILE-TUNNEL-1 / -2, Q-17: only tunnels at a higher position count; with tunnels only
    behind, nothing happens."""
    st = base()
    for pos in (5, 17):
        sc.set_tile(st, pos, ("temple", "tunnel"))
    sc.set_tile(st, 28, ("temple", "tunnel"))
    sc.set_adventurers(st, RED, active=[27, 0, 0, 0], lying=[29])
    sc.set_hand(st, RED, ["1", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, ev = do(st, RED, "play L 27")
    assert "luxor.ev.tunnel_none" in [e.message.key for e in ev]
    assert sorted(a["pos"] for a in st["seats"][RED]["adv"] if a["state"] == "active") == [0, 0, 0, 28]


def test_public_events_and_view_never_hold_scarab_values_LUX_INFO_2_LUX_TILE_SCARAB_1():
    """LUX-INFO-2, LUX-TILE-SCARAB-1: a scarab's value goes only to its owner; public events and the
    public view carry counts. (Scarab ids encode the value, so no id may appear either.)"""
    st = base()
    sc.set_tile(st, 14, ("temple", "scarab"))
    sc.set_adventurers(st, RED, active=[13, 0], lying=[7, 18, 29])
    sc.set_hand(st, RED, ["1", "5", "5", "5", "5"])
    sc.begin(st, RED)
    st, ev = do(st, RED, "play L 13")
    sid = st["seats"][RED]["scarabs"][0]
    import json

    public = [e.message.to_json() for e in ev if e.to is None]
    assert not any("vp" in m["params"] for m in public if m["key"].startswith("luxor.ev.scarab"))
    assert sid not in json.dumps(public) and sid not in json.dumps(GAME.public_view(st))
    private = [e for e in ev if e.to is not None]
    assert [(e.to, e.message.key, e.message.params["vp"]) for e in private if "vp" in e.message.params] == [
        (RED, "luxor.ev.scarab_value", data.SCARABS[sid])
    ]
    assert GAME.private_view(st, RED)["me"]["scarabs"] == [{"id": sid, "vp": data.SCARABS[sid]}]
    assert GAME.private_view(st, 1)["me"]["scarabs"] == []


def test_non_canonical_action_is_not_called_unplayable_LUX_TURN_2():
    """A playable card sent as "play L " (stray space) was refused as "that card gives no legal move"
    (LUX-LEGAL-4), which is false. Non-canonical strings are refused as not a move of the game."""
    st = base()
    sc.set_hand(st, RED, ["1", "5", "5", "5", "2"])
    sc.begin(st, RED)
    assert "play L 0" in actions(st)
    for bad in ("play L ", " play L", "play  L", "play L 0 ", " play L 0", "play L  0", "play  L 0"):
        assert _reject(st, RED, bad) == ("LUX-TURN-2", "luxor.err.garbage")


def test_failed_roll_spends_the_card_and_draws_into_the_middle_LUX_NOMOVE_3_LUX_HAND_3():
    """LUX-NOMOVE-3, LUX-DRAW-1, LUX-HAND-3: a die card whose roll allows no move is spent (on the
    discard pile, nobody moves, no action); the player draws into the middle; not a stall turn."""
    st = base()
    sc.set_adventurers(st, RED, active=[43, 43, 43, 43, 38])  # from 38 only 1-4 steps are legal
    h = sc.set_hand(st, RED, ["die", "5", "4", "3", "2"])
    sc.set_draw_top(st, "S01")
    sc.begin(st, RED)
    sc.force_roll(st, 6)
    st, ev = do(st, RED, "play L")
    assert "luxor.ev.roll_failed" in [e.message.key for e in ev]
    assert st["discard"][-1] == h[0] and st["seats"][RED]["hand"] == [h[1], h[2], "S01", h[3], h[4]]
    assert sorted(a["pos"] for a in st["seats"][RED]["adv"]) == [38, 43, 43, 43, 43]
    assert st["stall"]["round"] == [False] and st["current"] == 1


def test_tomb_value_option_accepts_any_integer_from_the_last_stretch_LUX_OPT_9():
    """LUX-OPT-9: tomb_scarab_vp is "any integer >= last stretch value" (13); it was capped at 100."""
    assert GAME.resolve_options({"tomb_scarab_vp": 150})["tomb_scarab_vp"] == 150
    assert GAME.resolve_options({"tomb_scarab_vp": 13})["tomb_scarab_vp"] == 13
    assert GAME.resolve_options({})["tomb_scarab_vp"] == 15
    import pytest

    for bad in (12, 0, True, 15.5, "15"):
        with pytest.raises(ValueError):
            GAME.resolve_options({"tomb_scarab_vp": bad})
    st = GAME.new_game(2, {"tomb_scarab_vp": 150}, 1).state
    assert GAME.public_view(st)["tomb"]["scarab_vp"] == 150


def test_unicode_digits_are_refused_not_crashing_LUX_LEGAL_1():
    """"move ²" made apply raise ValueError (str.isdigit accepts '²', int() does not) instead of
    IllegalAction; the bot only answers IllegalAction. Non-ASCII digits are not part of the grammar."""
    st = _c04(["H1-1", "5", "5", "5", "5"], active=[10, 0], lying=[7, 18, 29])
    assert _reject(st, RED, "play L ²") == ("LUX-LEGAL-1", "luxor.err.garbage")
    assert _reject(st, RED, "play L \u0663 1") == ("LUX-LEGAL-1", "luxor.err.garbage")
    assert _reject(st, RED, "play L 10 ²") == ("LUX-CARD-H03", "luxor.err.steps_range")
    assert _reject(st, RED, "play L 10 \u0663") == ("LUX-CARD-H03", "luxor.err.steps_range")
    st = _c06(["H1-4", "5", "5", "5", "5"], active=[10, 0], lying=[7, 18, 29], roll=3)  # 1-die, rolled 3
    assert _reject(st, RED, "move ²") == ("LUX-LEGAL-1", "luxor.err.garbage")
    assert _reject(st, RED, "move \u0663 1") == ("LUX-LEGAL-1", "luxor.err.garbage")
    assert _reject(st, RED, "move 10 ²") == ("LUX-CARD-H04", "luxor.err.steps_range")
    assert _reject(st, RED, "move 10 \u0663") == ("LUX-CARD-H04", "luxor.err.steps_range")


def test_public_view_says_why_the_game_ended_LUX_END_2_LUX_END_4():
    """LUX-END-2 / LUX-END-4: the final part of the public view says whether the round after the
    second tomb entry ("tomb") or a fully stalled round ("stall") ended the game."""
    st = _stalled_game()
    assert GAME.public_view(st)["final"]["reason"] == "stall"
    st = base()
    sc.set_adventurers(st, RED, active=[43, 0, 0, 0], finished=1)
    sc.tomb_entry(st, RED)
    sc.give_keys(st, RED, 1)
    sc.set_hand(st, RED, ["1", "5", "5", "5", "5"])
    sc.begin(st, RED, order=[1, RED])  # Red is last in the round: the game ends after this turn
    st, _ = do(st, RED, "play L 43")
    assert st["over"] and GAME.public_view(st)["final"]["reason"] == "tomb"


def test_boolean_options_take_booleans_only_LUX_DOC_4():
    """LUX-DOC-4 / §20: yes/no options are booleans. 1 and 0 were accepted (1 == True) and stored
    as integers in the state and the move log's options."""
    import pytest

    for name in ("treasure_take_optional", "backward_to_stairs", "anubis_activation_optional", "one_less_after_osiris"):
        assert GAME.resolve_options({name: True})[name] is True
        for bad in (1, 0, "true"):
            with pytest.raises(ValueError):
                GAME.resolve_options({name: bad})
