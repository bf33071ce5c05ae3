"""Second-review audit: one test per discrepancy found between RULES.md / DECISIONS.md and the engine.

Each test names the clause it checks; each failed on the engine before its fix.
"""
from __future__ import annotations

import pytest

from engines.core import IllegalAction
from engines.egizia import GAME, nile
from engines.egizia import board as B
from engines.egizia import data as D
from engines.egizia.testing import stacked_game

from .helpers import (
    act,
    actions,
    at_build,
    at_feed,
    at_sail,
    give,
    kinds,
    lay,
    run,
    set_player,
)
from .test_examples import blocker, board, put

# ----------------------------------------------------------------- D-10 in parallel (EGZ-R3-FEED-7, EGZ-TIME-3)


def _feed_board():
    s = board()
    for seat, sc in ((0, 30), (1, 20), (2, 10), (3, 5)):
        set_player(s, seat, score=sc, bk=3, bl=3, ye=3, jk=3)  # need 12, start field 6: short 6
    give(s, 0, "N13")
    return s


def test_D10_early_answer_never_removes_W2_free_actions_EGZ_R3_FEED_7_EGZ_TIME_3():
    """EGZ-R3-FEED-7 EGZ-TIME-3 (DECISIONS D-10): collecting D-10 in parallel must not take away a
    W2 free action. A later seat that still has one (here an improver that would water a brown
    field) is not asked early; at its own step it gets the full W2 window."""
    s = _feed_board()
    give(s, 2, "N47")
    give(s, 2, "N08")  # brown 7: dry with the ring in the middle
    give(s, 2, "N20")  # unattached improver: attaching it in W2 waters N08
    give(s, 3, "N13")  # seat 3: a grain card and no W2 free action -> may answer early
    s = at_feed(s).state
    assert [(p.seat, p.kind) for p in GAME.prompts(s)] == [(0, "D-10"), (3, "D-10")]
    with pytest.raises(IllegalAction):
        act(s, 2, "feed 1 0")
    s, _ = run(s, (3, "feed 1 0"), (0, "feed 1 0"))
    # seat 1 has nothing to decide (auto); seat 2 now decides with its whole W2 window
    assert GAME.current_seats(s) == [2] and kinds(s) == ["D-10"]
    assert "improve N20 N08" in actions(s, 2)
    s, _ = run(s, (2, "improve N20 N08"))
    assert B.field_grain(s, 2) == 13
    o = act(s, 2, "feed 0 0")  # 13 >= 12: no loss, the grain card is kept
    assert o.state["seats"][2]["score"] == 10 and "N47" in o.state["seats"][2]["any"]
    feeds = [e.message.params["player"] for e in o.events if e.message.key == "egizia.ev.feed"]
    assert feeds == [2, 3]  # seat 3's early answer is applied in its own place in score order


@pytest.mark.parametrize("card", ["N21", "N43", "N51"])
def test_D10_no_early_answer_from_a_seat_with_window_actions_EGZ_TIME_3(card):
    """EGZ-TIME-3: N21, N43 and N51 are W2 free actions; a seat holding one answers D-10 only in its own step."""
    s = _feed_board()
    give(s, 2, "N47")
    give(s, 2, card)
    set_player(s, 2, stones=5)
    s = at_feed(s).state
    assert [p.seat for p in GAME.prompts(s)] == [0]
    s, _ = run(s, (0, "feed 0 0"))
    assert GAME.current_seats(s) == [2]
    free = [a for a in actions(s, 2) if a.split()[0] in nile.FREE_VERBS]
    assert free, "the W2 free actions are offered in the seat's own step"


# ----------------------------------------------------------------- refusals name the clause (item: IllegalAction)


def _rules_clauses():
    import pathlib
    import re
    md = pathlib.Path(__file__).resolve().parents[4] / "shared" / "rules" / "egizia" / "RULES.md"
    return set(re.findall(r"\*\*(EGZ-[A-Z0-9-]+)\*\*", md.read_text(encoding="utf-8"))) if md.exists() else None


def _refusal(s, seat, action):
    with pytest.raises(IllegalAction) as exc:
        act(s, seat, action)
    return exc.value.clause, exc.value.message.key


def _sail_board(seat=0, **kw):
    s = board()
    at_sail(s, seat)
    return s


REFUSALS = [
    # (name, setup -> (state, seat), action, clause, message key)
    ("downstream", lambda: (_placed(board(), 0, 8), 0), "place 6", "EGZ-R2-NILE-4", "egizia.err.downstream"),
    ("occupied round space", lambda: (_ship(board(), 1, 6), 0), "place 6", "EGZ-R2-NILE-5", "egizia.err.occupied"),
    ("empty card space", lambda: (_at(board(), 0), 0), "place 5", "EGZ-R2-NILE-5", "egizia.err.no_card_here"),
    ("no such space", lambda: (_at(board(), 0), 0), "place 21", "EGZ-RIVER-1", "egizia.err.no_space"),
    ("own ship at site", lambda: (_at(put(board(), "obelisk_tombs", 0, 2), 0), 0), "place 10 s1",
     "EGZ-R2-NILE-5", "egizia.err.own_ship_at_site"),
    ("slot taken", lambda: (_at(put(board(), "obelisk_tombs", 1, 2), 0), 0), "place 10 s2",
     "EGZ-R2-NILE-8", "egizia.err.slot_taken"),
    ("substitute while a slot is free", lambda: (_at(board(), 0), 0), "place 10 sub", "EGZ-R2-NILE-9", "egizia.err.slot_free"),
    ("no slot 3 with 2 players", lambda: (_at(board(2), 0), 0), "place 10 s3", "EGZ-PC-2", "egizia.err.no_slot"),
    ("site without a slot", lambda: (_at(board(), 0), 0), "place 10", "EGZ-R2-NILE-8", "egizia.err.choose_slot"),
    ("extra without N37", lambda: (_at(_full(board(), "obelisk_tombs"), 3), 3), "place 10 extra", "EGZ-CARD-N37", "egizia.err.not_held"),
    ("N42 at Heliopolis", lambda: (_at(give(_ship(board(), 1, 20), 0, "N42"), 0), 0), "place 20 occ",
     "EGZ-SPACE-HELIOPOLIS-2", "egizia.err.not_here"),
    ("N36 at Heliopolis", lambda: (_at(give(board(), 0, "N36"), 0), 0), "place 20 dbl", "EGZ-SPACE-HELIOPOLIS-2", "egizia.err.not_here"),
    ("N42 on an empty space", lambda: (_at(give(board(), 0, "N42"), 0), 0), "place 6 occ", "EGZ-CARD-N42", "egizia.err.not_occupied"),
    ("N41 not needed", lambda: (_at(give(board(), 0, "N41"), 0), 0), "place 6 up", "EGZ-CARD-N41", "egizia.err.up_not_needed"),
    ("N41 twice a round", lambda: (_flag(_placed(give(board(), 0, "N41"), 0, 12), 0, "N41"), 0), "place 6 up",
     "EGZ-TIME-8", "egizia.err.once_per_round"),
    ("grain card outside feeding", lambda: (_at(give(board(), 0, "N13"), 0), 0), "play N13", "EGZ-CARD-N13", "egizia.err.played_with"),
    ("N51 in the leftover window", lambda: (_at(give(board(), 0, "N51"), 0), 0), "play N51 0", "EGZ-CARD-N51", "egizia.err.sell_range"),
    ("N38 played twice", lambda: (_at(_in_force(give(board(), 0, "N13"), 0, "N38"), 0), 0), "play N38", "EGZ-CARD-N38", "egizia.err.not_held"),
    ("N21 twice a round", lambda: (_flag(_at(give(board(), 0, "N21"), 0), 0, "N21"), 0), "crewup bk",
     "EGZ-TIME-8", "egizia.err.once_per_round"),
    ("N43 in sailing with after_feeding_only", lambda: (_at(give(board(buy_strength_timing="after_feeding_only"), 0, "N43"), 0), 0),
     "buy bk", "EGZ-CARD-N43", "egizia.err.after_feeding_only"),
    ("N43 without stones", lambda: (_at(give(set_player(board(), 0, stones=1), 0, "N43"), 0), 0), "buy bk",
     "EGZ-CARD-N43", "egizia.err.cost"),
    ("N51 more than held stones", lambda: (_at(give(set_player(board(), 0, stones=3), 0, "N51"), 0), 0), "play N51 4",
     "EGZ-CARD-N51", "egizia.err.sell_range"),
    ("improver on the green start field", lambda: (_at(give(board(), 0, "N20"), 0), 0), "improve N20 start",
     "EGZ-CARD-N20", "egizia.err.improver_field"),
    ("N33 before a placement", lambda: (_at(give(board(), 0, "N33"), 0), 0), "play N33", "EGZ-CARD-N33", "egizia.err.n33_after_placement"),
]


def _in_force(s, seat, cid):
    s["decks"]["3/4"].remove(cid)
    s["seats"][seat]["in_force"].append(cid)
    return s


def _at(s, seat):
    return at_sail(s, seat)


def _ship(s, seat, idx):
    s["river_ships"][idx].append(seat)
    s["seats"][seat]["ships"] -= 1
    return s


def _placed(s, seat, idx):
    _ship(s, seat, idx)
    s["seats"][seat]["placed_max"] = idx
    return at_sail(s, seat)


def _flag(s, seat, cid):
    s["seats"][seat]["flags"][cid] = True
    return s


def _full(s, sid):
    for k in range(len(s["sites"][sid]["slots"])):
        put(s, sid, k, k + 1)
    return s


@pytest.mark.parametrize("name,setup,action,clause,key", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_sailing_refusals_name_the_clause_EGZ_R2_NILE_12_EGZ_TIME_2(name, setup, action, clause, key):
    """EGZ-R2-NILE-4 EGZ-R2-NILE-5 EGZ-R2-NILE-8 EGZ-R2-NILE-9 EGZ-PC-2 EGZ-SPACE-HELIOPOLIS-2 EGZ-TIME-2
    EGZ-TIME-8 and the card clauses: a refused sailing move names the clause that forbids it."""
    s, seat = setup()
    assert action not in actions(s, seat)
    assert _refusal(s, seat, action) == (clause, key)



def _crew_state(sid="obelisk_tombs", tombs=(8, 8), obelisk=0, **kw):
    from .helpers import clear_flow
    from .test_examples import tile_ids
    s = stacked_game(4, {}, 0, tiles=[1, 2, 3, 4], tombs=tile_ids(*tombs)).state
    clear_flow(s)
    s["obelisk"][:obelisk] = [2] * obelisk
    set_player(s, 0, stones=10, **kw)
    put(s, sid, 0, 1)
    blocker(s, 1, "pyramid_temple" if sid != "pyramid_temple" else "obelisk_tombs")
    return at_build(s, sid).state


BUILD_REFUSALS = [
    ("joker alone", lambda: run(_crew_state(), (0, "build"))[0], "crew jk", "EGZ-R5-BUILD-4", "egizia.err.joker_alone"),
    ("two builders without N34", lambda: run(_crew_state(), (0, "build"))[0], "crew bk bl", "EGZ-CARD-N34", "egizia.err.two_builders"),
    ("builder used", lambda: run(_used(_crew_state(), "black"), (0, "build"))[0], "crew bk", "EGZ-R5-BUILD-4", "egizia.err.builder_used"),
    ("+3 without the card", lambda: run(_crew_state(), (0, "build"))[0], "crew bk p3", "EGZ-CARD-N14", "egizia.err.not_held"),
    ("finish before any item", lambda: run(_crew_state(bk=9), (0, "build"), (0, "crew bk"))[0], "finish",
     "EGZ-R5-BUILD-5", "egizia.err.at_least_one"),
    ("obelisk beyond the strength", lambda: run(_crew_state(tombs=(1, 1), obelisk=2, bk=2), (0, "build"), (0, "crew bk"), (0, "tomb"))[0],
     "obelisk", "EGZ-R5-BUILD-5", "egizia.err.over_strength"),
    ("pyramid row not supported", lambda: run(_crew_state("pyramid_temple", bk=3), (0, "build"), (0, "crew bk"))[0], "pyr 2",
     "EGZ-BUILD-PYRAMID-3", "egizia.err.not_supported"),
    ("temple top before the columns", lambda: run(_crew_state("pyramid_temple", bk=3), (0, "build"), (0, "crew bk"))[0], "tmp T1",
     "EGZ-BUILD-TEMPLE-4", "egizia.err.temple_requires"),
    ("item of the other site", lambda: run(_crew_state("pyramid_temple", bk=3), (0, "build"), (0, "crew bk"))[0], "obelisk",
     "EGZ-BUILD-TEMPLE-5", "egizia.err.wrong_building"),
    ("market step first", lambda: run(_crew_state(bk=1), (0, "build"), (0, "crew bk"), (0, "obelisk"))[0], "tomb",
     "EGZ-BUILD-OBELISK-4", "egizia.err.market_first"),
    ("N15 outside the Sphinx", lambda: run(_give(_crew_state(), "N15"), (0, "build"))[0], "crew bk sx", "EGZ-CARD-N15", "egizia.err.sphinx_only"),
    ("keep two without N35", lambda: run(_crew_state("sphinx", bk=3), (0, "build"), (0, "crew bk"), (0, "draw 3"))[0], "keep 1 2",
     "EGZ-BUILD-SPHINX-3", "egizia.err.keep_max"),
    ("pay more cards than the strength", lambda: run(_crew_state("sphinx", bk=2), (0, "build"), (0, "crew bk"))[0], "draw 3",
     "EGZ-BUILD-SPHINX-1", "egizia.err.draw_range"),
]


def _used(s, b):
    s["seats"][0]["used"][b] = True
    return s


def _give(s, cid):
    return give(s, 0, cid)


@pytest.mark.parametrize("name,setup,action,clause,key", BUILD_REFUSALS, ids=[r[0] for r in BUILD_REFUSALS])
def test_building_refusals_name_the_clause_EGZ_R5_BUILD_4_5(name, setup, action, clause, key):
    """EGZ-R5-BUILD-3 EGZ-R5-BUILD-4 EGZ-R5-BUILD-5 EGZ-BUILD-PYRAMID-3 EGZ-BUILD-TEMPLE-4 EGZ-BUILD-OBELISK-4
    EGZ-BUILD-SPHINX-1 EGZ-BUILD-SPHINX-3 EGZ-CARD-N14 EGZ-CARD-N15 EGZ-CARD-N34"""
    s = setup()
    assert action not in actions(s, 0)
    assert _refusal(s, 0, action) == (clause, key)


def test_feeding_refusals_name_the_clause_EGZ_R3_FEED_7_EGZ_CARD_N13_N22():
    """EGZ-R3-FEED-7 EGZ-CARD-N13 EGZ-CARD-N22"""
    s = _feed_board()
    s = at_feed(s).state
    assert _refusal(s, 0, "feed 2 0") == ("EGZ-CARD-N13", "egizia.err.grain_cards")
    assert _refusal(s, 0, "feed 1 1") == ("EGZ-CARD-N22", "egizia.err.not_held")
    s = _feed_board()
    give(s, 0, "N22")
    set_player(s, 0, stones=9)
    s = at_feed(s).state
    with pytest.raises(IllegalAction) as exc:
        act(s, 0, "feed 1 3")  # 6 short, the grain card covers 4: at most 2 stones
    assert (exc.value.clause, exc.value.message.key, exc.value.message.params["max"]) == ("EGZ-R3-FEED-7", "egizia.err.convert_max", 2)


def test_every_refusal_names_a_rules_clause_and_a_catalogue_message():
    """EGZ-R2-NILE-12 EGZ-TIME-7 EGZ-ROUND-3 (fuzz): in every kind of decision, near-miss actions are refused
    with a clause of RULES.md and a message whose text exists in en, cs and pl and renders every placeholder."""
    import random
    import re

    from render.i18n import catalogue, t
    clauses = _rules_clauses()
    cats = {lang: catalogue(lang) for lang in ("en", "cs", "pl")}
    probes = ["", "x", "place 0", "place 3", "place 6", "place 6 occ", "place 6 dbl", "place 6 up", "place 10 s1",
              "place 10 s3", "place 10 sub", "place 10 extra", "place 20 occ", "place 7 s1", "play N13", "play N51 11",
              "play N33", "play N38", "crewup bk", "buy jk", "improve N20 start", "feed 3 0", "feed 0 9", "build",
              "crew jk", "crew bk bl ye", "crew bk p3", "crew bk sx", "draw 0", "draw 6", "keep 1 2 3", "keep 9",
              "obelisk", "tomb", "pyr 1", "pyr 6", "pyr 9", "tmp C1", "tmp T2", "tmp X9", "finish", "track xx",
              "leftover 99", "first maybe", "crew back", "ring up", "alyi zz", "n18 bk", "done now", "endturn", "pass", "stop"]
    kinds_seen = set()
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        rnd = random.Random(seed)
        s = GAME.new_game(players, {}, seed).state
        while GAME.prompts(s):
            ps = GAME.prompts(s)
            for p in ps:
                kinds_seen.add(p.kind)
                legal = {o.action for o in p.options}
                for bad in probes:
                    if bad in legal:
                        continue
                    with pytest.raises(IllegalAction) as exc:
                        GAME.apply(s, p.seat, bad)
                    e = exc.value
                    if clauses is not None:
                        assert e.clause in clauses, (p.kind, bad, e.clause)
                    for lang, cat in cats.items():
                        assert e.message.key in cat, (lang, e.message.key)
                        text = t(e.message, lang)
                        assert not re.search(r"{\w+}", text), (lang, text)
            p = rnd.choice(ps)
            good = [x for x in p.options if x.action not in ("pass", "decline", "finish", "stop")] or list(p.options)
            s = GAME.apply(s, p.seat, rnd.choice(good).action).state
    assert {"D-04", "D-10", "D-12", "D-13", "D-14", "D-15", "D-16", "D-17", "D-18"} <= kinds_seen


# ----------------------------------------------------------------- option labels say what the choice does


def _label(s, seat, action, lang="en"):
    from render.i18n import t
    o = next(o for p in GAME.prompts(s) if p.seat == seat for o in p.options if o.action == action)
    return t(o.label, lang)


def test_placement_labels_state_the_effect_and_notes_read_cleanly_D05_EGZ_R2_NILE_7_8():
    """DECISIONS D-05, EGZ-R2-NILE-7, EGZ-R2-NILE-8: a round-space target says what it gives, a slot says
    its build order, and the card notes (N41/N42/N36) read as one bracket."""
    s = board()
    give(s, 0, "N41")
    give(s, 0, "N42")
    give(s, 0, "N36")
    _ship(s, 1, 14)
    _placed(s, 0, 16)
    lab = _label(s, 0, "place 14 up occ dbl")
    assert lab == "14: Passalon - joker +1, may move the ring (N41 upstream, N42 occupied, doubled by N36)"
    assert ",  (" not in lab
    s = board()
    at_sail(s, 0)
    assert _label(s, 0, "place 6") == "6: Selinon - black +1, blue +1"
    assert _label(s, 0, "place 2") == "2: Edfu - both market markers 1 step down"
    assert _label(s, 0, "place 16") == "16: Alyi - one builder of choice +1, +2 stones"
    assert _label(s, 0, "place 10 s2") == "10: Obelisk/Tombs slot 2 (builds 2nd)"
    for lang in ("cs", "pl"):
        assert "{" not in _label(s, 0, "place 16", lang)


def test_market_and_keep_labels_show_the_result_D06_D15_D17_EGZ_TRACK_STEP_1():
    """D-06/D-17 (EGZ-TRACK-STEP-1): a track option shows where the marker ends and the bottom bonus;
    D-15 (EGZ-BUILD-SPHINX-4): every keep option shows the VP of the returned cards."""
    s = board()
    set_player(s, 0, ss=3, gm=4)
    lay(s, 1, "N17")
    at_sail(s, 0)
    s, _ = run(s, (0, "place 1"))
    assert kinds(s) == ["D-06"]
    assert _label(s, 0, "track ss") == "stone sale: 2 steps, field 3 -> 4 (+6 stones)"
    assert _label(s, 0, "track gm") == "grain market: 2 steps, field 4 -> 4 (+4 VP)"
    s = _crew_state(bk=1)
    s, _ = run(s, (0, "build"), (0, "crew bk"), (0, "obelisk"))  # strength 1 used up: the turn finishes by itself
    assert kinds(s) == ["D-17"]
    assert _label(s, 0, "track ss") == "stone sale: field 0 -> 1"
    s = _crew_state("sphinx", bk=3)
    s, _ = run(s, (0, "build"), (0, "crew bk"), (0, "draw 3"))
    assert _label(s, 0, "keep 1").endswith("return 2 (+2 VP)")


def test_longest_placement_labels_fit_discord_autocomplete():
    """EGZ-R2-NILE-7 EGZ-R2-NILE-8 EGZ-R2-NILE-9 EGZ-R2-NILE-10 (D-05 labels): every round space with every note
    combination, every slot, substitute and extra-position label, in en/cs/pl: <= 100 chars."""
    from engines.core import msg
    from render.i18n import t
    for lang in ("en", "cs", "pl"):
        for sid in D.ROUND_SPACES:
            idx = next(sp["index"] for sp in D.RIVER if sp.get("id") == sid)
            lab = msg("egizia.lbl.place_round", idx=idx, space=B.space_msg(idx), fx=msg(f"egizia.fx.{sid}"),
                      note=B.place_notes(up=True, occ=True, dbl=True))
            assert len(t(lab, lang)) <= 100, t(lab, lang)
        for idx in D.SITE_INDEX.values():
            for lab in (msg("egizia.lbl.place_slot", idx=idx, site=B.space_msg(idx), slot=3, order=msg("egizia.nth.3"), note=B.place_notes(up=True)),
                        msg("egizia.lbl.place_sub", idx=idx, site=B.space_msg(idx), queue=3, note=B.place_notes(up=True)),
                        msg("egizia.lbl.place_extra", idx=idx, site=B.space_msg(idx), note=B.place_notes(up=True))):
                assert len(t(lab, lang)) <= 100, t(lab, lang)


# ----------------------------------------------------------------- no forced build (DECISIONS D-12, D-16)


def test_single_crew_and_single_item_still_asks_build_or_decline_D12_EGZ_R5_BUILD_3_7():
    """DECISIONS D-12 / EGZ-R5-BUILD-3 / EGZ-R5-BUILD-7: even when exactly one crew and one item are possible,
    the player is asked to build or decline (a decline frees the slot); after "build" the single crew is
    declared by itself, but the single item still waits for the player (D-13: the crew may be taken back
    until the first item; at least one item must be built, EGZ-R5-BUILD-5, D-16)."""
    s = _crew_state(bk=1)
    for b in ("blue", "yellow", "joker"):
        s["seats"][0]["used"][b] = True
    assert kinds(s) == ["D-12"] and sorted(actions(s, 0)) == ["build", "decline"]
    d, _ = run(s, (0, "decline"))
    assert d["obelisk"][0] is None and d["sites"]["obelisk_tombs"]["slots"][0] is None
    b, _ = run(s, (0, "build"))
    assert b["obelisk"][0] is None and kinds(b) == ["D-16"] and sorted(actions(b, 0)) == ["crew back", "obelisk"]
    b, _ = run(b, (0, "obelisk"))
    assert b["obelisk"][0] == 0 and kinds(b) == ["D-17"]


def test_private_view_shows_own_early_feeding_answer_only_EGZ_INFO_1_D10():
    """EGZ-INFO-1 EGZ-R3-FEED-1 (D-10 in parallel): the seat that answered early sees its pending answer in its
    private view; the public view and the other seats do not (it is applied later, in score order)."""
    import json
    s = _feed_board()
    give(s, 3, "N13")
    s = at_feed(s).state
    s, _ = run(s, (3, "feed 1 0"))
    assert GAME.private_view(s, 3)["private"]["feed_answer"] == {"grain_cards": 1, "stones": 0}
    assert GAME.private_view(s, 0)["private"]["feed_answer"] is None
    assert "feed_answer" not in json.dumps(GAME.public_view(s)) and "buffer" not in json.dumps(GAME.public_view(s))


def test_equivalent_options_resolve_without_asking_alyi_and_n18_at_max_DECISIONS_general_EGZ_CONV_5():
    """DECISIONS (general model): decisions whose options are all equivalent resolve without asking.
    Alyi (EGZ-SPACE-ALYI-1) and N18 (EGZ-CARD-N18) with every builder at its maximum: every pick is lost
    (EGZ-CONV-5), so no D-06/D-07 question is asked; the stones of Alyi are still gained."""
    s = board()
    set_player(s, 0, bk=9, bl=9, ye=9, jk=9, stones=3)
    at_sail(s, 0)
    s, _ = run(s, (0, "place 16"))
    assert "D-07" not in kinds(s) and s["seats"][0]["stones"] == 5
    assert GAME.current_seats(s) == [1]
    s = board()
    set_player(s, 0, bk=9, bl=9, ye=9, jk=9)
    lay(s, 1, "N18")
    at_sail(s, 0)
    s, _ = run(s, (0, "place 1"))
    assert "D-06" not in kinds(s) and GAME.current_seats(s) == [1]
    # one builder below its maximum: the question is asked
    s = board()
    set_player(s, 0, bk=9, bl=9, ye=8, jk=9)
    at_sail(s, 0)
    s, _ = run(s, (0, "place 16"))
    assert kinds(s) == ["D-07"]


def _n38_owner_at_obelisk(slot):
    """Seat 0 holds N38 in force with its ship in ``slot`` (1 or 2) of Obelisk/Tombs, seat 1 in the other."""
    s = board()
    put(s, "obelisk_tombs", 0, slot)
    put(s, "obelisk_tombs", 1, 3 - slot)
    s["seats"][0]["in_force"].append("N38")
    s["decks"]["3/4"].remove("N38")
    for i in range(4):
        set_player(s, i, stones=10)
    blocker(s, 2, "pyramid_temple")
    return at_build(s, "obelisk_tombs").state


def test_build_first_not_asked_when_already_first_D11_EGZ_CARD_N38():
    """DECISIONS D-11 with the general model: when the N38 owner's ship builds first at a site anyway
    (the first slot in line), "build first?" has two equivalent answers and is not asked."""
    s = _n38_owner_at_obelisk(slot=1)
    assert kinds(s) == ["D-12"] and GAME.current_seats(s) == [0]
    # in slot 2 the claim matters and is asked
    s = _n38_owner_at_obelisk(slot=2)
    assert kinds(s) == ["D-11"] and GAME.current_seats(s) == [0]


def test_private_view_shows_what_each_own_sphinx_card_is_worth_now_EGZ_SPHINX_GEN_1():
    """EGZ-SPHINX-GEN-1 / EGZ-INFO-2: only the holder sees its Sphinx cards; the private view also says
    what each would score on the current board, so the player can plan (public view unchanged)."""
    from .helpers import give_sphinx
    s = board()
    give_sphinx(s, 0, "S18")
    give_sphinx(s, 0, "S14")
    set_player(s, 0, bk=4)
    s["obelisk"][:4] = [0] * 4
    pv = GAME.private_view(s, 0)["private"]["sphinx"]
    assert {c["id"]: c["vp_now"] for c in pv} == {"S18": 4, "S14": 6}
    assert "vp_now" not in str(GAME.public_view(s))


# ----------------------------------------------------------------- D-13: the crew is fixed only by the first item / draw


def test_crew_can_be_taken_back_until_the_first_item_D13_EGZ_R5_BUILD_4():
    """DECISIONS D-13: "The crew is fixed once the first item is built or the first card drawn." Until then
    the player may take the crew back (builders unflipped, cards returned) and choose again or decline
    (D-12); so a single affordable item is never built without the player's say (known point (b))."""
    s = _crew_state(bk=1)
    for b in ("blue", "yellow", "joker"):
        s["seats"][0]["used"][b] = True
    s, _ = run(s, (0, "build"))  # the only crew (black 1) is declared by itself ...
    assert kinds(s) == ["D-16"] and sorted(actions(s, 0)) == ["crew back", "obelisk"]  # ... but nothing is built yet
    b, ev = run(s, (0, "crew back"))
    assert kinds(b) == ["D-12"] and not b["seats"][0]["used"]["black"] and b["obelisk"][0] is None
    assert any(e.message.key == "egizia.ev.crew_back" for e in ev)
    d, _ = run(b, (0, "decline"))
    assert d["sites"]["obelisk_tombs"]["slots"][0] is None and d["seats"][0]["stones"] == 10
    s, _ = run(s, (0, "obelisk"))  # strength 1 used up: finish resolves itself; the crew is now fixed
    assert kinds(s) == ["D-17"]


def test_crew_back_returns_played_cards_and_is_refused_after_the_first_item_D13_EGZ_R5_BUILD_4():
    """D-13 / EGZ-R5-BUILD-4: taking the crew back returns N14/N34 to the hand; after the first item the crew
    is fixed and "crew back" is refused with EGZ-R5-BUILD-4."""
    s = _crew_state(tombs=(1, 1), bk=2, bl=2)
    give(s, 0, "N14")
    give(s, 0, "N34")
    s, _ = run(s, (0, "build"), (0, "crew bk bl p3"))
    assert s["seats"][0]["any"] == [] and s["stage"]["S"] == 7
    b, _ = run(s, (0, "crew back"))
    assert sorted(b["seats"][0]["any"]) == ["N14", "N34"] and "N14" not in b["out"] and "N34" not in b["out"]
    assert not b["seats"][0]["used"]["black"] and not b["seats"][0]["used"]["blue"]
    s, _ = run(s, (0, "tomb"))
    assert "crew back" not in actions(s, 0)
    assert _refusal(s, 0, "crew back") == ("EGZ-R5-BUILD-4", "egizia.err.crew_fixed")


def test_sphinx_crew_back_before_the_draw_D13_EGZ_BUILD_SPHINX_1():
    """D-13 at the Sphinx: before the first card is drawn the crew (and N15) can be taken back."""
    s = _crew_state("sphinx", bk=1)
    give(s, 0, "N15")
    s, _ = run(s, (0, "build"), (0, "crew bk sx"))
    assert kinds(s) == ["D-14"] and sorted(actions(s, 0)) == ["crew back", "draw 1"]
    b, _ = run(s, (0, "crew back"))
    assert "N15" in b["seats"][0]["any"] and kinds(b) == ["D-12"]
    s, _ = run(s, (0, "draw 1"))
    assert kinds(s) == ["D-15"] and "crew back" not in actions(s, 0)


# ----------------------------------------------------------------- secrets (EGZ-INFO-1..3)


@pytest.mark.parametrize("players,options", [(3, {"setup_sphinx": "draw2_keep1"}), (4, {})])
def test_views_never_leak_secrets_EGZ_INFO_2_EGZ_INFO_3(players, options):
    """EGZ-INFO-2 / EGZ-INFO-3: no public view ever holds a Sphinx identity (hands, setup draws, the drawn cards,
    the deck), a Nile card still in a deck, a face-down tomb value or a tomb tile id; a private view adds only the
    seat's own secrets."""
    import json
    import random
    import re
    rnd = random.Random(players)
    s = GAME.new_game(players, options, players).state
    sid = re.compile(r'"S[0-3][0-9]"')
    while GAME.prompts(s):
        pub = json.dumps(GAME.public_view(s))
        if s["result"] is None:
            assert not sid.search(pub), sid.search(pub)
        for deck in s["decks"].values():
            assert not any(f'"{c}"' in pub for c in deck)
        assert not re.search(r'"T[0-2][0-9]"', pub)
        hidden = [sp for sp in GAME.public_view(s)["tombs"]["spaces"] if sp["state"] == "face_down"]
        assert all(sp["value"] is None for sp in hidden)
        for seat in range(players):
            priv = GAME.private_view(s, seat)["private"]
            mine = set(s["seats"][seat]["sphinx"]) | set(s["sphinx_drawn"] if s["stage"].get("seat") == seat else [])
            if s["stage"]["at"] == "setup_keep":
                mine |= set(s["stage"]["drawn"].get(str(seat), []))
            assert set(sid.findall(json.dumps(priv))) <= {f'"{c}"' for c in mine}
        p = rnd.choice(GAME.prompts(s))
        good = [o for o in p.options if o.action not in ("pass", "decline", "crew back")] or list(p.options)
        s = GAME.apply(s, p.seat, rnd.choice(good).action).state


def test_card_and_space_choice_refusals_name_their_clause_EGZ_SPACE_PASSALON_1_EGZ_CARD_N18():
    """EGZ-SPACE-PASSALON-1 EGZ-SPACE-ALYI-1 EGZ-CARD-N18: D-06/D-07 refusals name the clause of the space or
    card being resolved."""
    s = board()
    s["ring"] = "right"
    at_sail(s, 0)
    s, _ = run(s, (0, "place 14"))
    assert _refusal(s, 0, "ring left") == ("EGZ-SPACE-PASSALON-1", "egizia.err.ring")
    s = board()
    lay(s, 1, "N18")
    at_sail(s, 0)
    s, _ = run(s, (0, "place 1"))
    assert _refusal(s, 0, "n18 bk bk bk")[0] == "EGZ-CARD-N18"
    s = board()
    at_sail(s, 0)
    s, _ = run(s, (0, "place 16"))
    assert _refusal(s, 0, "alyi xx")[0] == "EGZ-SPACE-ALYI-1"


def test_crew_label_names_the_cards_it_spends_D13():
    """EGZ-R5-BUILD-4 EGZ-CARD-N14 EGZ-CARD-N15 EGZ-CARD-N34 (D-13): a crew option names the builders, every
    card it uses and the strength."""
    s = _crew_state("sphinx", bk=2, bl=3, jk=2)
    for c in ("N14", "N15", "N34"):
        give(s, 0, c)
    s, _ = run(s, (0, "build"))
    assert _label(s, 0, "crew bk bl jk p3 sx") == \
        "black, blue, joker + N34, N14, N15 = strength 10"
    assert _label(s, 0, "crew bk") == "black = strength 2"
    from render.i18n import t
    for lang in ("en", "cs", "pl"):
        for o in GAME.prompts(s)[0].options:
            assert len(t(o.label, lang)) <= 100


def test_alyi_label_warns_once_about_maxed_builders_EGZ_SPACE_ALYI_1():
    """EGZ-SPACE-ALYI-1 / A-15: the choice stays free, and the label warns about builders at their maximum."""
    s = board()
    set_player(s, 0, bk=9, bl=9)
    give(s, 0, "N36")
    at_sail(s, 0)
    s, _ = run(s, (0, "place 16 dbl"))
    assert _label(s, 0, "alyi bk bl") == "+1 to black, blue (black, blue at maximum: that step is lost)"
    assert _label(s, 0, "alyi ye jk") == "+1 to yellow, joker"
