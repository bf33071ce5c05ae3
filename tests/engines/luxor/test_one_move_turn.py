"""One move per turn: C-06 folded into C-04 for cards whose movement is known before playing.

A number, +/-1, 1-X or one-adventurer-less card is played and moved in one action
(``play L 7``, ``play L 7 3``, ``play R 12 f``); die cards keep two steps (``play L`` rolls,
then C-06 asks ``move …``); advance all and last to second last stay ``play L``.

Clauses: LUX-TURN-3, LUX-HAND-2, LUX-LEGAL-1, LUX-LEGAL-3, LUX-LEGAL-4, LUX-CARD-S01 … LUX-CARD-H08,
LUX-NOMOVE-3; decisions C-04, C-05, C-06 of DECISIONS.md.
"""
from __future__ import annotations

import json
import random

import pytest

from engines.core import IllegalAction, clone
from engines.luxor import GAME, data, movement, rules
from engines.luxor import testing as sc
from engines.luxor.labels import tile_msg
from render.i18n import catalogue, t
from tests.engines.golden.record import without_later_keys

from .helpers import RED, actions, active, base, do, keys_of, prompt

LOCALES = ("en", "cs", "pl")


def _reject(st, seat, action):
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(st, seat, action)
    return exc.value.clause, exc.value.message.key


def _turn(hand, active_=(0, 0), lying_=(7, 18, 29), keys=0, **options):
    st = base(**options)
    sc.set_adventurers(st, RED, active=list(active_), lying=list(lying_))
    sc.give_keys(st, RED, keys)
    sc.set_hand(st, RED, hand)
    sc.begin(st, RED)
    return st


# ----------------------------------------------------------------------------- the oracle: the former two steps


def _answer(st, kind, action, ev):
    """One decision's handler alone, without the auto-resolution after it (the former ``rules.dispatch``)."""
    st["pending"] = None
    rules.HANDLERS[kind](st, st["current"], action, ev)


def _two_step_options(st, seat):
    """The C-04 options as the former two steps give them: per playable end, ``play S`` for a card
    with a roll or without a move to choose; otherwise ``play S`` + each C-06 option that the old
    C-06 prompt offered after playing it (only the first when C-06 resolved itself)."""
    out = []
    hand = st["seats"][seat]["hand"]
    ends = movement.playable_ends(st, seat)
    for side, cid in (("L", hand[0]), ("R", hand[-1])):
        if not ends[side]:
            continue
        if data.CARDS[cid]["kind"] in ("die", "range_die", "advance_all", "last_to_second_last"):
            out.append(f"play {side}")
            continue
        s2 = clone(st)
        _answer(s2, "C-04", f"play {side}", [])  # the former step 1
        assert s2["pending"] == {"kind": "C-06", "seat": seat}
        moves = [o.action for o in GAME.prompts(s2)[0].options]
        for m in moves[:1] if _c06_resolved_itself(s2) else moves:
            out.append(f"play {side} {m[len('move '):]}")
    return out


def _c06_resolved_itself(st):
    """Whether the former C-06 (pending in ``st``) resolved itself: auto-resolution moved someone."""
    probe, ev = clone(st), []
    GAME.advance(probe, ev)
    return any(e.message.key.startswith("luxor.ev.moved") for e in ev)


def _two_step_apply(st, seat, action):
    """State and events of ``play S`` then ``move …``, with the auto-resolution after each step
    (when C-06 resolved itself, it made the first move, which the combined option must name)."""
    toks = action.split()
    s2 = clone(st)
    ev: list = []
    _answer(s2, "C-04", " ".join(toks[:2]), ev)
    if len(toks) > 2:
        assert s2["pending"] == {"kind": "C-06", "seat": seat}
        move = " ".join(["move"] + toks[2:])
        if _c06_resolved_itself(s2):
            assert move == GAME.prompts(s2)[0].options[0].action
        _answer(s2, "C-06", move, ev)
    GAME.advance(s2, ev)
    return s2, ev


def _check_against_two_steps(st):
    p = prompt(st)
    assert p.kind == "C-04" and p.secret
    assert [o.action for o in p.options] == _two_step_options(st, p.seat)
    for o in p.options:
        out = GAME.apply(st, p.seat, o.action)
        old_state, old_events = _two_step_apply(st, p.seat, o.action)
        # the rules' state is the same; the last move's marks are made by ``apply`` alone (checked below)
        assert json.dumps(without_later_keys(out.state), sort_keys=True) == json.dumps(
            without_later_keys(old_state), sort_keys=True), o.action
        if "last_move" in st:  # a game made by new_game (a built scenario carries no marks)
            marks = out.state["last_move"]
            assert marks["seat"] == p.seat, o.action
        assert [e.to_json() for e in out.events] == [e.to_json() for e in old_events], o.action
        public = [e.to_json() for e in out.events if e.to is None]
        assert public == [e.to_json() for e in old_events if e.to is None], o.action
        if len(o.action.split()) > 2:  # a combined option: played and moved in this one apply
            assert keys_of(list(out.events))[0] == "luxor.ev.played"
            assert keys_of(list(out.events))[1] in ("luxor.ev.moved", "luxor.ev.moved_osiris")


# ----------------------------------------------------------------------------- one apply per turn


@pytest.mark.parametrize(
    "hand,action,end",
    [
        (["3", "5", "5", "5", "5"], "play L 10", 13),  # LUX-CARD-S01
        (["+/-1", "5", "5", "5", "5"], "play L 10 f", 11),  # LUX-CARD-S02 forward
        (["+/-1", "5", "5", "5", "5"], "play L 14 b", 13),  # LUX-CARD-S02 backward
        (["H1-1", "5", "5", "5", "5"], "play L 10 3", 13),  # LUX-CARD-H03 (1-3)
        (["H1-7", "5", "5", "5", "5"], "play L 10", 11),  # LUX-CARD-H08 (one less, printed 1 step)
        (["5", "5", "5", "5", "H3-1"], "play R 14 1", 15),  # LUX-CARD-H03 (1-5) from the right end
    ],
)
def test_non_die_card_turn_is_one_apply_LUX_TURN_3_C04_C06(hand, action, end):
    """LUX-TURN-3 / C-04, C-06: a card whose movement is known before playing is played and moved
    by one action; the turn then goes on with the action and the draw (here: the next player)."""
    st = _turn(hand, active_=(10, 14, 0), lying_=(18, 29))
    # treasures one adventurer cannot take (even with one less): no action, no further decision
    for pos, spec in {11: ("statue", 3, 6), 13: ("vase", 3, 6), 15: ("vase", 2, 4)}.items():
        sc.set_tile(st, pos, ("treasure", *spec))
    p = prompt(st)
    assert p.kind == "C-04" and p.secret and action in actions(st)
    side = action.split()[1]
    card = st["seats"][RED]["hand"][0 if side == "L" else -1]
    draw_before = len(st["draw"])
    st, ev = do(st, RED, action)
    assert st["current"] == 1  # one apply: Red's turn is over
    assert end in active(st, RED) and st["discard"][-1] == card and len(st["draw"]) == draw_before - 1
    assert keys_of(ev)[:2] == ["luxor.ev.played", "luxor.ev.moved"] and "luxor.ev.rolled" not in keys_of(ev)
    assert "luxor.ev.treasure_missed" in keys_of(ev) and "luxor.ev.drew" in keys_of(ev) and "luxor.ev.turn" in keys_of(ev)


def test_combined_options_are_exactly_the_legal_combinations_C04_LUX_HAND_2_LUX_LEGAL_3():
    """C-04 / LUX-HAND-2, LUX-LEGAL-3: one option per end card and legal (start, steps or direction),
    nothing for an illegal count (overshoot, tomb without a key); the same list, states and events
    as the former ``play S`` then ``move …``."""
    st = _turn(["H1-1", "5", "5", "5", "+/-1"], active_=(0, 10, 42, 0, 0), lying_=())
    # 1-3 from 0, 10 and 42 (42 -> 43, tomb without a key: only 1 step); +/-1 from 0 (forward only),
    # 10 (back via Osiris 9 = 2 to 11, like forward: listed, since the card has other pairs) and 42
    assert actions(st) == [
        "play L 0 1", "play L 0 2", "play L 0 3",
        "play L 10 1", "play L 10 2", "play L 10 3",
        "play L 42 1",
        "play R 0 f",
        "play R 10 f", "play R 10 b",
        "play R 42 f", "play R 42 b",
    ]
    ends = {o.action: o.label.params["dst"].params["place"].params["n"] for o in prompt(st).options}
    assert ends == {
        "play L 0 1": 1, "play L 0 2": 2, "play L 0 3": 3,
        "play L 10 1": 11, "play L 10 2": 12, "play L 10 3": 13,
        "play L 42 1": 43,
        "play R 0 f": 1, "play R 10 f": 11, "play R 10 b": 11, "play R 42 f": 43, "play R 42 b": 41,
    }
    _check_against_two_steps(st)


def test_only_one_end_playable_with_several_moves_asks_C04_LUX_LEGAL_4():
    """C-04 / LUX-LEGAL-4: when only one end is playable but its card allows several moves, the
    secret C-04 prompt offers that card's moves (the card is no longer played on its own first)."""
    st = _turn(["3", "5", "5", "5", "+/-1"], active_=(42, 43, 43, 43, 43), lying_=())
    assert movement.playable_ends(st, RED) == {"L": False, "R": True}
    p = prompt(st)
    assert p.kind == "C-04" and p.secret and st["turn"]["card"] is None
    assert actions(st) == ["play R 42 f", "play R 42 b", "play R 43 b"]
    assert _reject(st, RED, "play L 42") == ("LUX-LEGAL-4", "luxor.err.unplayable")
    _check_against_two_steps(st)
    st, ev = do(st, RED, "play R 43 b")
    assert active(st, RED) == [42, 42, 43, 43, 43] and keys_of(ev)[:2] == ["luxor.ev.played", "luxor.ev.moved"]


def test_one_option_resolves_itself_C04_C06_LUX_HAND_2():
    """C-04 + C-06 auto-resolution: a single playable end whose moves are one start -> end pair is
    played and moved inside the previous apply, as before (EX-24 a)."""
    st = base()
    sc.set_adventurers(st, RED, active=[41, 41, 41, 41], finished=1)
    sc.tomb_entry(st, RED)
    sc.give_keys(st, RED, 1)
    sc.set_hand(st, RED, ["4", "1", "5", "2", "3"])
    ev = sc.begin(st, RED)
    assert keys_of(ev)[:3] == ["luxor.ev.turn", "luxor.ev.played", "luxor.ev.moved"]
    assert "luxor.ev.tomb" in keys_of(ev) and st["current"] == 1


def test_identical_end_cards_list_both_ends_C04_LUX_HAND_2():
    """C-04 / LUX-HAND-2: two equal end cards are both offered (as "play L" / "play R" were):
    the moves are the same but the hands left differ."""
    st = _turn(["3", "1", "2", "4", "3"], active_=(0, 0, 10), lying_=(18, 29))
    assert actions(st) == ["play L 0", "play L 10", "play R 0", "play R 10"]
    h = st["seats"][RED]["hand"]
    a, _ = do(st, RED, "play L 10")
    b, _ = do(st, RED, "play R 10")
    assert active(a, RED) == active(b, RED) == [0, 0, 13]
    assert a["seats"][RED]["hand"][:2] == h[1:3] and b["seats"][RED]["hand"][:2] == h[0:2]
    labels = [t(o.label, "en") for o in prompt(st).options]
    assert labels[0].startswith("Left 3 · ") and labels[2].startswith("Right 3 · ") and labels[0][4:] == labels[2][5:]


def test_collapsed_pair_is_offered_once_C06_LUX_CARD_S02():
    """DECISIONS C-06 (auto when one start -> end pair): +/-1 whose forward and backward steps end on
    the same tile with the same effects is offered once, as the forward option C-06 chose itself."""
    st = base()
    sc.set_adventurers(st, RED, active=[10], lying=[18, 29], finished=2)
    sc.tomb_entry(st, RED)
    sc.tomb_entry(st, RED)
    sc.set_hand(st, RED, ["+/-1", "5", "5", "5", "5"])
    sc.begin(st, RED)
    assert actions(st) == ["play L 10 f", "play R 10"]
    assert _reject(st, RED, "play L 10 b") == ("LUX-LEGAL-3", "luxor.err.not_an_option")
    _check_against_two_steps(st)


# ----------------------------------------------------------------------------- die cards keep two steps


@pytest.mark.parametrize("card,roll,clause,moves", [
    ("die", 3, "LUX-CARD-S03", ["move 0", "move 10"]),
    ("H1-4", 2, "LUX-CARD-H04", ["move 0 1", "move 0 2", "move 10 1", "move 10 2"]),
])
def test_die_card_still_rolls_first_C04_C06_LUX_CARD_S03_LUX_CARD_H04(card, roll, clause, moves):
    """C-04 then C-06 (LUX-CARD-S03, LUX-CARD-H04, Q-05): a die card is played alone, the die is
    rolled (public), and only then C-06 asks the move; naming a move with it is refused."""
    st = _turn([card, "5", "5", "5", "2"], active_=(0, 0, 10), lying_=(18, 29))
    assert actions(st) == ["play L", "play R 0", "play R 10"]
    assert _reject(st, RED, "play L 10") == (clause, "luxor.err.roll_first")
    sc.force_roll(st, roll)
    st, ev = do(st, RED, "play L")
    assert keys_of(ev) == ["luxor.ev.played", "luxor.ev.rolled"]
    assert [e.to for e in ev] == [None, None] and ev[1].message.params["roll"] == roll
    p = prompt(st)
    assert p.kind == "C-06" and not p.secret and p.title.key == "luxor.title.C-06-roll"
    assert actions(st) == moves
    st, ev = do(st, RED, moves[-1])
    assert keys_of(ev)[0] == "luxor.ev.moved" and 10 not in active(st, RED)


def test_failed_roll_still_spends_the_card_LUX_NOMOVE_3_C04():
    """LUX-NOMOVE-3 / C-04: a die card is still playable before the roll; a roll with no move spends it."""
    st = _turn(["die", "5", "4", "3", "2"], active_=(43, 43, 43, 43, 38), lying_=())
    assert actions(st) == ["play L", "play R 38"]
    sc.force_roll(st, 6)  # from 38 only 1-4 steps are legal
    st, ev = do(st, RED, "play L")
    assert keys_of(ev)[:3] == ["luxor.ev.played", "luxor.ev.rolled", "luxor.ev.roll_failed"]
    assert active(st, RED) == [38, 43, 43, 43, 43] and st["stall"]["round"] == [False] and st["current"] == 1


def test_self_moving_cards_are_played_alone_C04_LUX_CARD_H05_LUX_CARD_H07():
    """C-04 (C-06e, C-07): advance all and last to second last ask no move; naming one is refused."""
    st = _turn(["H1-6", "5", "5", "5", "H3-7"], active_=(3, 11, 0), lying_=(18, 29))
    assert actions(st) == ["play L", "play R"]
    assert _reject(st, RED, "play L 3") == ("LUX-CARD-H05", "luxor.err.moves_itself")
    assert _reject(st, RED, "play R 3") == ("LUX-CARD-H07", "luxor.err.moves_itself")
    _check_against_two_steps(st)


# ----------------------------------------------------------------------------- refusals and texts


def test_play_without_the_move_is_refused_LUX_LEGAL_1_C04():
    """LUX-LEGAL-1 / C-04: a card with a move to choose needs it ("play L" alone is refused, with
    a message saying so); other C-04 refusals keep their clauses."""
    st = _turn(["3", "5", "5", "5", "2"], active_=(0, 0, 10), lying_=(18, 29))
    assert _reject(st, RED, "play L") == ("LUX-LEGAL-1", "luxor.err.play_with_move")
    assert _reject(st, RED, "play M 0") == ("LUX-HAND-2", "luxor.err.ends_only")
    assert _reject(st, RED, "move 0") == ("LUX-TURN-3", "luxor.err.play_first")
    assert _reject(st, RED, "discard L") == ("LUX-NOMOVE-2", "luxor.err.must_play")
    assert _reject(st, RED, "play L 0 3") == ("LUX-CARD-S01", "luxor.err.fixed_steps")
    for key in ("luxor.err.play_with_move", "luxor.err.roll_first", "luxor.err.moves_itself", "luxor.opt.play_move",
                "luxor.end.L", "luxor.end.R"):
        for loc in LOCALES:
            assert key in catalogue(loc), (loc, key)


def test_combined_labels_say_card_move_and_destination_C04_LUX_LEGAL_1():
    """C-04 labels name the end and card, the steps or direction, start -> end with the tile there,
    and the notes (Osiris, statues woken, tomb), in every locale."""
    st = _turn(["+/-1", "5", "5", "5", "H1-1"], active_=(0, 0, 8), lying_=(18, 29))
    sc.set_tile(st, 11, ("treasure", "vase", 2, 3))
    labels = {o.action: o.label for o in prompt(st).options}
    assert t(labels["play L 8 f"], "en") == "Left +/-1 · forward: 8→11 (vase 2/3) [Osiris 9]"  # 9 = Osiris 2
    assert t(labels["play L 8 f"], "cs") == "Levá +/-1 · vpřed: 8→11 (váza 2/3) [Usir 9]"
    assert t(labels["play L 8 f"], "pl") == "Lewa +/-1 · naprzód: 8→11 (waza 2/3) [Ozyrys 9]"
    assert t(labels["play R 0 1"], "en") == "Right 1-3 · 1 step: S→1 (" + t(tile_msg(st["tiles"][1]), "en") + ")"
    assert t(labels["play R 8 3"], "cs").startswith("Pravá 1-3 · 3 kroky: 8→")
    st = _turn(["2", "5", "5", "5", "5"], active_=(42, 0, 0, 0, 0), lying_=(), keys=1)
    assert t(prompt(st).find("play L 42").label, "en") == "Left 2 · 42→tomb [enters the tomb, pays a key]"
    assert t(prompt(st).find("play L 42").label, "pl") == "Lewa 2 · 42→grób [wchodzi do grobowca za klucz]"


def _double_osiris_state(**options):
    """Osiris 9 = 4 and 16 = 2 with empty spaces between: a move from 5 or 6 runs through both
    Osiris tiles, passes statues 7 and 18 (Red lies at both) and ends on a wild-or-scarab tile."""
    st = base(**options)
    sc.set_osiris(st, {9: 4, 16: 2, 24: 1, 36: 3})
    for pos in (10, 13, 15, 19):
        sc.set_tile(st, pos, None)
    sc.set_tile(st, 20, ("temple", "wild_or_scarab"))
    sc.set_adventurers(st, RED, active=[0, 6, 5], lying=[7, 18])
    return st


@pytest.mark.parametrize("hand,options,long_moves", [
    (["H3-1", "5", "5", "5", "H3-3"], {}, ("play L 5 3", "play L 6 2", "play R 5 3", "play R 6 2")),  # 1-5, 1-6
    (["H1-7", "5", "5", "5", "H3-8"], {"one_less_steps": "choose_1_to_3"}, ("play L 5 3", "play L 6 2", "play R 5 3", "play R 6 2")),
    (["+/-1", "5", "5", "5", "H2-7"], {}, ("play R 6",)),  # one less, printed 2 steps
])
def test_combined_labels_fit_discord_C04_LUX_LEGAL_1(hand, options, long_moves):
    """C-04 / LUX-LEGAL-1: every combined label fits Discord's 100 characters in en, cs and pl, even
    for a move through two Osiris tiles that wakes two lying adventurers, and still names them."""
    st = _double_osiris_state(**options)
    sc.set_hand(st, RED, hand)
    sc.begin(st, RED)
    opts = {o.action: o for o in prompt(st).options}
    assert set(long_moves) <= set(opts)
    r = movement.resolve(st, 5, 3, 0)
    assert r["osiris"] == [9, 16] and movement.passed_statues(r["trace"]) == [7, 18] and r["end"] == 20
    for o in opts.values():
        for loc in LOCALES:
            text = t(o.label, loc)
            assert len(text) <= 100, (loc, len(text), text)
            assert len(o.action) <= 80 and o.action.isascii()
    for a in long_moves:
        en = t(opts[a].label, "en")
        assert all(x in en for x in ("9", "16", "7", "18", "20"))


# ----------------------------------------------------------------------------- random games: same as two steps


@pytest.mark.parametrize("players,seed,options", [
    (2, 41, {}),
    (3, 42, {"one_less_steps": "choose_1_to_3", "backward_to_stairs": True}),
    (4, 43, {"anubis_activation_optional": True, "treasure_take_optional": True}),
    (2, 44, {"forced_move_overshoot": "stop_on_last_tile", "one_less_after_osiris": False}),
])
def test_combined_move_equals_the_two_steps_in_random_games_C04_C06_LUX_TURN_3(players, seed, options):
    """C-04 / C-06, LUX-TURN-3: at every C-04 of random games the options are the former two-step
    choices, and each combined option gives the same state and the same events (public and
    private, in order) as ``play S`` then ``move …``; labels fit 100 characters in every locale."""
    rnd = random.Random(seed)
    st = GAME.new_game(players, options, seed).state
    seen = combined = 0
    while GAME.prompts(st):
        p = GAME.prompts(st)[0]
        if p.kind == "C-04":
            seen += 1
            _check_against_two_steps(st)
            combined += sum(1 for o in p.options if len(o.action.split()) > 2)
            for o in p.options:
                for loc in LOCALES:
                    assert len(t(o.label, loc)) <= 100, t(o.label, loc)
        st = GAME.apply(st, p.seat, rnd.choice(p.options).action).state
    assert seen > 10 and combined > 10


def test_game_saved_mid_turn_under_two_steps_goes_on_C06_LUX_TURN_3():
    """C-06 (rules version 1 → 2): a stored state where a number card was played and C-06 waits
    (the former two-step grammar) still offers and accepts ``move …``."""
    st = _turn(["3", "5", "5", "5", "2"], active_=(0, 0, 10), lying_=(18, 29))
    _answer(st, "C-04", "play L", [])  # what "play L" did before the change
    p = prompt(st)
    assert p.kind == "C-06" and actions(st) == ["move 0", "move 10"]
    assert GAME.rules_version == 2
    st, ev = do(st, RED, "move 10")
    assert keys_of(ev)[0] == "luxor.ev.moved" and active(st, RED) == [0, 0, 13]
