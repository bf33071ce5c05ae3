"""Game-flow clauses not covered by a worked example: river order, sailing turns, passing,
slots, feeding order, layouts, score track, windows, options, and the message catalogue."""
from __future__ import annotations

import random

import pytest

from engines.core import IllegalAction, Msg
from engines.egizia import GAME, scoring
from engines.egizia import board as B
from engines.egizia import data as D
from engines.egizia.testing import resume, stacked_game
from render.i18n import catalogue, t

from .helpers import act, actions, at_build, at_feed, at_sail, clear_flow, fresh, give, kinds, lay, run, set_player
from .test_examples import blocker, board, put


def test_river_order_EGZ_RIVER_1_EGZ_RIVER_2():
    """EGZ-RIVER-1 EGZ-RIVER-2 EGZ-COMP-1"""
    kinds_ = [sp["kind"] for sp in D.RIVER]
    assert len(D.RIVER) == 20 and kinds_.count("card") == 10 and kinds_.count("round") == 7 and kinds_.count("site") == 3
    assert [sp["index"] for sp in D.RIVER if sp["kind"] == "site"] == [4, 10, 18]
    assert D.SITE_ORDER == ["sphinx", "obelisk_tombs", "pyramid_temple"]
    assert D.RIVER[-1]["id"] == "heliopolis"
    v = GAME.public_view(fresh())
    assert [e["index"] for e in v["river"]] == list(range(1, 21))
    assert all(e["card"] is not None for e in v["river"] if e["kind"] == "card")


def test_sail_turn_order_and_passing_EGZ_R2_NILE_1_2_3():
    """EGZ-R2-NILE-1 EGZ-R2-NILE-2 EGZ-R2-NILE-3 EGZ-TIME-7"""
    s = fresh(3, tiles=[2, 3, 1])
    assert GAME.current_seats(s) == [2] and kinds(s) == ["D-04"]
    with pytest.raises(IllegalAction) as exc:
        act(s, 0, "place 2")
    assert exc.value.clause == "EGZ-ROUND-3"
    s, _ = run(s, (2, "pass"))
    assert GAME.current_seats(s) == [0]
    # D-05 is folded into the D-04 menu: the targets are offered directly, beside pass
    assert kinds(s) == ["D-04"] and "place 2" in actions(s) and "pass" in actions(s) and "sail" not in actions(s)
    s, _ = run(s, (0, "place 2"))
    assert GAME.current_seats(s) == [1]
    s, _ = run(s, (1, "pass"))
    # seat 2 has passed: skipped; seat 0 again
    assert GAME.current_seats(s) == [0]
    assert s["seats"][2]["passed"] and s["seats"][2]["ships"] == 8


def test_auto_pass_without_ships_EGZ_R2_NILE_11_EGZ_R2_NILE_3():
    """EGZ-R2-NILE-11 EGZ-R2-NILE-3: at most 8 ships; a player without ships passes automatically."""
    s = fresh(2)
    s["seats"][1]["ships"] = 0
    s["river_ships"][2] = [1] * 8
    at_sail(s, 0, "menu")
    s, ev = run(s, (0, "place 4 s1"))
    assert any(e.message.key == "egizia.ev.auto_pass" and e.message.params["player"] == 1 for e in ev)
    assert GAME.current_seats(s) == [0]


def test_slot_of_choice_and_substitute_only_when_full_EGZ_R2_NILE_8_EGZ_R2_NILE_5():
    """EGZ-R2-NILE-8 EGZ-R2-NILE-5 EGZ-R2-NILE-9 EGZ-PC-1"""
    s = board()
    at_sail(s, 0)
    acts = actions(s)
    assert {"place 4 s1", "place 4 s2", "place 4 s3"} <= set(acts) and "place 4 sub" not in acts
    s, _ = run(s, (0, "place 4 s3"))
    assert s["sites"]["sphinx"]["slots"] == [None, None, 0]
    at_sail(s, 0)
    assert not any(a.startswith("place 4") for a in actions(s))  # one ship per site (and downstream)
    put(s, "sphinx", 1, 1)
    put(s, "sphinx", 2, 2)
    at_sail(s, 3)
    assert [a for a in actions(s) if a.startswith("place 4")] == ["place 4 sub"]
    s, _ = run(s, (3, "place 4 sub"))
    assert s["sites"]["sphinx"]["subs"] == [3]


def test_only_legal_placements_EGZ_R2_NILE_12():
    """EGZ-R2-NILE-12 EGZ-R2-NILE-4 EGZ-R2-NILE-5"""
    s = board()
    lay(s, 5, "N16")
    s["river_ships"][8] = [1]
    s["seats"][0]["placed_max"] = 4
    at_sail(s, 0)
    acts = actions(s)
    assert "place 5" in acts and "place 3" not in acts and "place 8" not in acts and "place 7" not in acts
    for bad, clause in (("place 3", "EGZ-R2-NILE-4"), ("place 8 occ", "EGZ-CARD-N42"), ("place 6 dbl", "EGZ-CARD-N36"), ("place 2 up", "EGZ-CARD-N41")):
        with pytest.raises(IllegalAction) as exc:
            act(s, 0, bad)
        assert exc.value.clause == clause


@pytest.mark.parametrize("idx,sid,ups", [(8, "thebae", ("black", "yellow")), (12, "beni_hasan", ("blue", "yellow"))])
def test_thebae_and_beni_hasan_EGZ_SPACE_THEBAE_1_EGZ_SPACE_BENIHASAN_1(idx, sid, ups):
    """EGZ-SPACE-THEBAE-1 EGZ-SPACE-BENIHASAN-1"""
    assert D.SPACE[idx]["id"] == sid
    s = board()
    at_sail(s, 0)
    s, _ = run(s, (0, f"place {idx}"))
    for b in D.BUILDER_IDS:
        assert s["seats"][0]["str"][b] == D.BUILDER_START[b] + (1 if b in ups else 0)


def test_feeding_in_score_order_EGZ_R3_FEED_1():
    """EGZ-R3-FEED-1 EGZ-ROUND-3"""
    s = board()
    for seat, sc in ((0, 5), (1, 9), (2, 9), (3, 1)):
        set_player(s, seat, score=sc)
    s["seats"][1]["stamp"], s["seats"][2]["stamp"] = 7, 3
    o = at_feed(s)
    order = [e.message.params["player"] for e in o.events if e.message.key == "egizia.ev.feed"]
    assert order == [2, 1, 0, 3]


def test_sphinx_cost_rule_EGZ_R5_BUILD_6():
    """EGZ-R5-BUILD-6 EGZ-BUILD-SPHINX-1: at the Sphinx a paid card costs 1 stone whatever the strength."""
    s = board()
    set_player(s, 0, bk=5, stones=3, score=0)
    put(s, "sphinx", 0, 1)
    blocker(s, 1, "obelisk_tombs")
    s = at_build(s).state
    s, _ = run(s, (0, "build"), (0, "crew bk"))
    assert actions(s) == ["draw 1", "draw 2", "draw 3", "crew back"]
    with pytest.raises(IllegalAction) as exc:
        act(s, 0, "draw 4")
    assert exc.value.clause == "EGZ-BUILD-SPHINX-1"


def test_obelisk_layout_and_row_complete_EGZ_BUILD_OBELISK_1_EGZ_BUILD_OBELISK_5():
    """EGZ-BUILD-OBELISK-1 EGZ-BUILD-OBELISK-5"""
    assert [r for r in range(1, 10) for _ in range(2)] == D.OBELISK_SEQ and sum(D.OBELISK_SEQ) == 90
    s = board()
    s["obelisk"][12] = 0  # row 7 field A
    assert scoring.sphinx_points(s, 0, "S01") == 0
    s["obelisk"][13] = 1
    assert scoring.sphinx_points(s, 0, "S01") == 4
    v = GAME.public_view(s)
    assert v["obelisk"]["rows"][6] == {"row": 7, "value": 7, "fields": [0, 1]}


def test_initial_stamps_and_scarabs_EGZ_SCORE_4_EGZ_SCORE_5():
    """EGZ-SCORE-4 EGZ-SCORE-5 EGZ-SETUP-4"""
    s = fresh(3, tiles=[1, 3, 2])
    assert B.score_order(s) == [1, 2, 0]
    set_player(s, 0, score=117)
    v = GAME.public_view(s)
    assert v["tableaux"][0]["scarabs"] == 2 and v["score_track"]["scarab_every"] == 50
    assert v["score_track"]["spaces"][0] == {"score": 117, "players": [0]}


def test_no_window_for_inactive_player_EGZ_TIME_7():
    """EGZ-TIME-7: free actions only in the own window."""
    s = board()
    give(s, 1, "N51")
    set_player(s, 1, stones=5)
    at_sail(s, 0, "menu")
    with pytest.raises(IllegalAction) as exc:
        act(s, 1, "play N51 2")
    assert exc.value.clause == "EGZ-ROUND-3"
    at_sail(s, 1, "menu")
    assert "play N51 2" in actions(s, 1)


def test_options_stored_with_game_EGZ_OPT_1():
    """EGZ-OPT-1 EGZ-PC-4"""
    o = GAME.new_game(3, {"substitute_timing": "after_all_slots"}, 9)
    assert o.state["options"]["substitute_timing"] == "after_all_slots"
    assert o.state["data_profile"] == D.DATA_PROFILE
    assert len(GAME.option_specs) == 9
    with pytest.raises(ValueError):
        GAME.new_game(3, {"nonsense": 1}, 0)


def _walk(m, out):
    if isinstance(m, Msg):
        out.append(m)
        for v in m.params.values():
            _walk(v, out)
    elif isinstance(m, (list, tuple)):
        for x in m:
            _walk(x, out)


@pytest.mark.parametrize("players", [2, 4])
def test_catalogue_complete_and_labels_short(players):
    """Every message key exists in render/locales/en/egizia.toml; option labels render to <= 100 chars."""
    cat = catalogue("en")
    rnd = random.Random(players)
    o = GAME.new_game(players, {}, players)
    s = o.state
    msgs: list[Msg] = []
    for e in o.events:
        _walk(e.message, msgs)
    while GAME.prompts(s):
        ps = GAME.prompts(s)
        for p in ps:
            _walk(p.title, msgs)
            for x in p.options:
                _walk(x.label, msgs)
                assert len(t(x.label)) <= 100, t(x.label)
        p = rnd.choice(ps)
        good = [x for x in p.options if x.action not in ("pass", "decline", "back", "finish")] or list(p.options)
        o = GAME.apply(s, p.seat, rnd.choice(good).action)
        s = o.state
        for e in o.events:
            _walk(e.message, msgs)
            t(e.message)
    for d in GAME.result(s).detail:
        _walk(d, msgs)
    for spec in GAME.option_specs:
        _walk(spec.help, msgs)
    missing = {m.key for m in msgs if m.key not in cat}
    assert not missing
    for cid in D.NILE_IDS:
        assert f"egizia.card.{cid}" in cat
    for sid in D.SPHINX_IDS:
        assert f"egizia.sphinx.{sid}" in cat


def test_w3_free_action_can_enable_a_build_EGZ_TIME_4_EGZ_R5_BUILD_3():
    """EGZ-TIME-4 EGZ-R5-BUILD-3: no auto-decline while a W3 free action (N21) could still help."""
    from .test_examples import tile_ids
    s = stacked_game(4, {}, 0, tiles=[1, 2, 3, 4], tombs=tile_ids(8, 8)).state
    clear_flow(s)
    s["obelisk"][:2] = [1, 1]  # next obelisk field has value 2
    set_player(s, 0, stones=10)
    p = s["seats"][0]
    p["used"].update({"blue": True, "yellow": True, "joker": True})
    give(s, 0, "N21")
    put(s, "obelisk_tombs", 0, 1)
    blocker(s, 1)
    s = at_build(s, "obelisk_tombs").state
    assert kinds(s) == ["D-12"] and "build" not in actions(s) and "decline" in actions(s)
    s, _ = run(s, (0, "crewup bk"))
    assert "build" in actions(s)
    s, _ev = run(s, (0, "build"), (0, "obelisk"))  # the single crew resolves itself; the item waits (D-13)
    assert s["obelisk"][2] == 0 and kinds(s) == ["D-17"]
    # without the card the same position is declined automatically, with the reason logged
    s2 = stacked_game(4, {}, 0, tiles=[1, 2, 3, 4], tombs=tile_ids(8, 8)).state
    clear_flow(s2)
    s2["obelisk"][:2] = [1, 1]
    set_player(s2, 0, stones=10)
    s2["seats"][0]["used"].update({"blue": True, "yellow": True, "joker": True})
    put(s2, "obelisk_tombs", 0, 1)
    blocker(s2, 1)
    o = at_build(s2, "obelisk_tombs")
    dec = [e.message for e in o.events if e.message.key == "egizia.ev.decline"]
    assert dec and dec[0].params["reason"].key == "egizia.reason.nothing_affordable"


def test_cs_pl_catalogues_match_english_placeholders():
    """Czech and Polish texts use the same {fields} as English and cover every key."""
    import re
    en = {k: v for k, v in catalogue("en").items() if k.startswith("egizia.")}
    for lang in ("cs", "pl"):
        loc = {k: v for k, v in catalogue(lang).items() if k.startswith("egizia.")}
        assert set(en) <= set(loc), sorted(set(en) - set(loc))[:5]
        for k, v in loc.items():
            assert set(re.findall(r"{(\w+)", v)) == set(re.findall(r"{(\w+)", en[k])), k


@pytest.mark.parametrize("lang", ["cs", "pl"])
def test_translated_labels_short(lang):
    rnd = random.Random(7)
    s = GAME.new_game(3, {}, 7).state
    while GAME.prompts(s):
        ps = GAME.prompts(s)
        for p in ps:
            for x in p.options:
                assert len(t(x.label, lang)) <= 100, t(x.label, lang)
        p = rnd.choice(ps)
        good = [x for x in p.options if x.action not in ("pass", "decline", "back", "finish")] or list(p.options)
        s = GAME.apply(s, p.seat, rnd.choice(good).action).state


def test_extra_position_builds_last_and_frees_nothing_EGZ_R5_BUILD_7_EGZ_R2_NILE_10():
    """EGZ-R2-NILE-10 EGZ-R5-BUILD-2: the extra position builds after all slots; declining there
    frees nothing. (A substitute and an extra position can never meet: each player has one ship
    per site and every other player already holds a slot.)"""
    s = board(substitute_timing="after_all_slots")
    put(s, "sphinx", 0, 1)
    put(s, "sphinx", 1, 2)
    put(s, "sphinx", 2, 3)
    put(s, "sphinx", 3, extra=True)
    for i in range(4):
        set_player(s, i, stones=5)
    blocker(s, 0, "obelisk_tombs")
    s = at_build(s).state
    s, _ = run(s, (0, "decline"))
    assert s["sites"]["sphinx"]["slots"][0] is None
    s, _ = run(s, (1, "decline"), (2, "decline"))
    assert GAME.current_seats(s) == [3]
    s, _ = run(s, (3, "decline"))
    assert s["sites"]["sphinx"]["extra"] is None and GAME.current_seats(s) == [0]  # next site


def test_leftover_field_gets_take_bonus_EGZ_CARD_N39_EGZ_CARD_FIELD_2():
    """EGZ-CARD-N39 EGZ-CARD-FIELD-2 (ruling A-39: the take bonus applies via N39)."""
    s = board()
    give(s, 0, "N39")
    lay(s, 7, "N08")
    for p in s["seats"]:
        p["passed"] = True
    s["stage"] = {"at": "sail", "order": [0, 1, 2, 3], "pos": 0, "seat": None, "mode": None}
    s = resume(s).state
    s, _ = run(s, (0, "leftover 7"))
    assert kinds(s) == ["D-06"] and s["river_card"][7] is None
    s, _ = run(s, (0, "track ss"))
    assert s["seats"][0]["ss"] == 1 and "N08" in s["seats"][0]["perm"]


def test_deck_rest_to_box_after_rounds_2_4_5_EGZ_R1_LAYOUT_3():
    """EGZ-R1-LAYOUT-3 EGZ-R1-LAYOUT-1"""
    s = board()
    s["round"] = 2
    s["decks"]["1/2"] = s["decks"]["1/2"][:2]
    rest = list(s["decks"]["1/2"])
    s["stage"] = {"at": "coop"}
    t = resume(s).state
    assert t["round"] == 3 and t["decks"]["1/2"] == [] and all(c in t["box"] for c in rest)
    assert all(D.NILE[c]["deck"] == "3/4" for c in t["river_card"] if c)


def test_feeding_collected_in_parallel_applied_in_score_order_D10_EGZ_R3_FEED_1():
    """EGZ-R3-FEED-1 EGZ-R3-FEED-7 EGZ-SCORE-3: D-10 may be answered in parallel; answers are
    buffered and applied in score order, so the arrival order follows the rules."""
    s = board()
    for seat, sc in ((0, 30), (1, 20), (2, 10), (3, 5)):
        set_player(s, seat, score=sc, bk=3, bl=3, ye=3, jk=3)  # need 12, grain 6: short 6
    give(s, 0, "N13")
    give(s, 2, "N47")
    s = at_feed(s).state
    ps = GAME.prompts(s)
    # seat 0 (leader) decides now; seat 2 may already answer; seat 1 has nothing to decide yet
    assert [(p.seat, p.kind) for p in ps] == [(0, "D-10"), (2, "D-10")]
    o = act(s, 2, "feed 1 0")
    assert [e.message.key for e in o.events] == ["egizia.ev.feed_ready"]
    s = o.state
    assert s["seats"][2]["score"] == 10 and [p.seat for p in GAME.prompts(s)] == [0]
    o = act(s, 0, "feed 0 0")
    feeds = [e.message.params["player"] for e in o.events if e.message.key == "egizia.ev.feed"]
    assert feeds == [0, 1, 2, 3]
    t = o.state
    pen = D.GRAIN_PENALTY[0]
    assert [t["seats"][i]["score"] for i in range(4)] == [30 - 6 * pen, 20 - 6 * pen, 10 - 2 * pen, 5 - 6 * pen]
    assert "N47" in t["out"] and "N13" in t["seats"][0]["any"]
