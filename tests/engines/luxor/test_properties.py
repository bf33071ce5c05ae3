"""Property tests over random legal games (tests/engines/contract.py harness).

Clauses: LUX-TURN-1, LUX-TURN-5, LUX-END-2, LUX-END-4, LUX-SUPPLY-2, LUX-SUPPLY-3, LUX-SUPPLY-4,
LUX-INFO-1, LUX-INFO-2, LUX-INFO-3, LUX-INFO-5, LUX-HAND-5, LUX-SETUP-12, LUX-ANUBIS-6.
"""
from __future__ import annotations

import json
import random

import pytest

from engines.core import IllegalAction
from engines.luxor import GAME, data
from render.i18n import catalogue, t
from tests.engines.contract import assert_no_secret, check_rejects_illegal, json_roundtrip, random_playout, replay

from .invariants import check_invariants

PLAYOUTS = [(2, 11), (2, 12), (3, 21), (3, 22), (4, 31), (4, 32)]

VARIANTS = [
    {"temple_mapping": "H2"},
    {"temple_mapping": "H3", "tomb_scarab_vp": 20},
    {"treasure_take_optional": True, "anubis_activation_optional": True},
    {"backward_to_stairs": True, "forced_move_overshoot": "stop_on_last_tile"},
    {"advance_all_blocked": "card_unplayable", "one_less_after_osiris": False, "one_less_steps": "choose_1_to_3"},
    {"stall_end": "consecutive_turns", "reshuffle_timing": "immediate"},
    {"start_player": "host_choice"},
]


def _secrets(st, seat=None):
    out = []
    for s, p in enumerate(st["seats"]):
        if s == seat:
            continue
        out += p["hand"] + p["scarabs"]
    return [json.dumps(x) for x in out]  # as JSON strings: "S02" must not match inside "T-S02"


def _check_views(st):
    pub = GAME.public_view(st)
    json_roundtrip(pub)
    if not st["over"]:
        assert pub["final"] is None  # scarab values are revealed only at the end (LUX-INFO-5)
    assert_no_secret(pub, _secrets(st))
    for s in range(len(st["seats"])):
        priv = GAME.private_view(st, s)
        assert_no_secret(priv, _secrets(st, s))
        assert [c["id"] for c in priv["me"]["hand"]] == st["seats"][s]["hand"]


def _invariant(st):
    check_invariants(st)
    _check_views(st)


@pytest.mark.parametrize("players,seed", PLAYOUTS)
def test_random_playout_finishes_with_invariants_LUX_TURN_1_LUX_END_2(players, seed):
    """Random legal games finish; components conserved at every step; replay is exact."""
    state, log, rejections = random_playout(
        GAME, players, seed, invariant=_invariant, check_all_options_every=3, illegal_samples=2
    )
    assert GAME.result(state) is not None and rejections > 0
    again = replay(GAME, players, seed, None, log)
    assert json.dumps(again, sort_keys=True) == json.dumps(state, sort_keys=True)


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_random_playout_every_option_LUX_OPT_1_to_12(options):
    """LUX-OPT-1 … LUX-OPT-12: every game option plays to the end under the invariants."""
    for players, seed in ((2, 5), (4, 6)):
        state, log, _ = random_playout(GAME, players, seed, options=options, invariant=check_invariants, illegal_samples=1, check_all_options_every=5)
        assert GAME.result(state) is not None
        assert state["options"] == GAME.resolve_options(options)
        again = replay(GAME, players, seed, options, log)
        assert json.dumps(again, sort_keys=True) == json.dumps(state, sort_keys=True)


def _play_collect(players, seed, options=None):
    """A random game; returns the final state and every event (setup included)."""
    rnd = random.Random(seed)
    out = GAME.new_game(players, options or {}, seed)
    st, events = out.state, list(out.events)
    while GAME.prompts(st):
        p = rnd.choice(GAME.prompts(st))
        o = rnd.choice(p.options)
        out = GAME.apply(st, p.seat, o.action)
        st = out.state
        events += out.events
    return st, events


def _place_pos(m):
    if m.key == "luxor.place.stairs":
        return 0
    if m.key == "luxor.place.tomb":
        return data.TOMB
    return m.params["n"]


def recompute_scores(players, events, tomb_vp):
    """Final scores from the public event log alone (LUX-SCORE-1 … LUX-SCORE-7)."""
    track = [0] * players
    pos = [[0, 0] + [None] * 3 for _ in range(players)]  # None = lying (adventurers 3-5)
    keys = [0] * players
    sarc = [0] * players
    types = [{t: 0 for t in data.TREASURE_TYPES} for _ in range(players)]
    wilds = [0] * players
    scarab_count = [0] * players
    scarab_values = [None] * players
    for e in events:
        if e.to is not None:
            continue
        m = e.message
        k, p = m.key, m.params
        if k == "luxor.ev.treasure":
            track[p["player"]] += p["vp"]
            types[p["player"]][p["ttype"]] += 1
        elif k in ("luxor.ev.moved", "luxor.ev.moved_osiris", "luxor.ev.jumped", "luxor.ev.tunnel"):
            pos[p["player"]][p["adv"] - 1] = _place_pos(p["dst"])
        elif k == "luxor.ev.woke":
            pos[p["player"]][p["adv"] - 1] = 0
        elif k == "luxor.ev.tomb":
            pos[p["player"]][p["adv"] - 1] = data.TOMB
            keys[p["player"]] -= 1
            assert keys[p["player"]] == p["keys"]
        elif k == "luxor.ev.key":
            keys[p["player"]] += 1
        elif k == "luxor.ev.sarcophagus":
            sarc[p["player"]] += p["vp"]
        elif k == "luxor.ev.wild":
            wilds[p["player"]] += 1
        elif k == "luxor.ev.scarab":
            scarab_count[p["player"]] += 1
        elif k == "luxor.ev.final":
            scarab_values[p["player"]] = p["scarab_values"]
    from engines.luxor.scoring import max_sets

    totals = []
    for s in range(players):
        assert len(scarab_values[s]) == scarab_count[s]
        positions = sum(0 if x is None else (tomb_vp if x == data.TOMB else data.SCARAB_VP[x]) for x in pos[s])
        v, st_, j = (types[s][t] for t in data.TREASURE_TYPES)
        sets = data.set_vp(max_sets(v, st_, j, wilds[s]))
        totals.append(track[s] + positions + sarc[s] + keys[s] * data.KEY_END_VP + sets + sum(scarab_values[s]))
    return totals


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (3, 4)])
def test_final_scores_recomputed_from_event_log_LUX_SCORE_2_LUX_SCORE_8(players, seed):
    """LUX-SCORE-2 … LUX-SCORE-8: the public events carry everything that scores."""
    st, events = _play_collect(players, seed)
    res = GAME.result(st)
    assert list(res.scores) == recompute_scores(players, events, st["options"]["tomb_scarab_vp"])
    # no public event tells a hand card or a scarab value (LUX-INFO-2, LUX-HAND-5)
    for e in events:
        if e.to is None:
            assert e.message.key not in ("luxor.ev.scarab_value", "luxor.ev.drew_card")


def test_catalogue_has_every_key_and_labels_are_short_LUX_INFO_1():
    """Every message the engine produces exists in the English catalogue; option labels <= 100 chars."""
    cat = catalogue("en")
    missing = set()

    def walk(m):
        if m.key not in cat:
            missing.add(m.key)
        for v in m.params.values():
            for x in v if isinstance(v, list) else [v]:
                if hasattr(x, "key"):
                    walk(x)

    for spec in GAME.option_specs:
        walk(spec.help)
    for players, seed, options in ((2, 8, {}), (4, 9, VARIANTS[2]), (3, 10, VARIANTS[3]), (3, 11, VARIANTS[6])):
        rnd = random.Random(seed)
        out = GAME.new_game(players, options, seed)
        st = out.state
        for e in out.events:
            walk(e.message)
        while GAME.prompts(st):
            for p in GAME.prompts(st):
                walk(p.title)
                for o in p.options:
                    walk(o.label)
                    for loc in ("en", "cs", "pl"):
                        assert len(t(o.label, loc)) <= 100, t(o.label, loc)
            p = rnd.choice(GAME.prompts(st))
            out = GAME.apply(st, p.seat, rnd.choice(p.options).action)
            st = out.state
            for e in out.events:
                walk(e.message)
        for m in GAME.result(st).detail:
            walk(m)
    assert not missing, sorted(missing)


def test_rejects_out_of_turn_and_garbage_LUX_DEF_10():
    """Garbage and out-of-turn actions raise IllegalAction with a clause and leave the state alone."""
    st = GAME.new_game(3, {}, 3).state
    before = json.dumps(st, sort_keys=True)
    seat = GAME.prompts(st)[0].seat
    for bad in ("", "play", "play M", "play L L", "move 0", "key", "discard L", "x" * 200):
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(st, seat, bad)
        assert exc.value.clause.startswith("LUX-")
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(st, (seat + 1) % 3, "play L")
    assert exc.value.clause == "LUX-DEF-10"
    assert json.dumps(st, sort_keys=True) == before
    assert check_rejects_illegal(GAME, st, random.Random(1), samples=8) > 0


def test_setup_per_player_count_LUX_SETUP_1_to_11():
    """LUX-SETUP-1 … LUX-SETUP-11 (LUX-COMP-*): the set-up state for 2, 3 and 4 players."""
    for n in (2, 3, 4):
        st = GAME.new_game(n, {"start_player": "host_choice"}, 42).state
        check_invariants(st)
        assert GAME.prompts(st)[0].kind == "C-03" and GAME.prompts(st)[0].seat == 0
        assert st["sarcophagi"] == [5, 3] and st["key_space"] == 0  # LUX-SETUP-1
        assert len(st["supply"]["scarabs"]) == 22 and st["supply"]["keys"] == 20 and st["supply"]["wilds"] == 18
        assert {k: len(v) for k, v in st["horus_stacks"].items()} == {"1": 8, "2": 8, "3": 8}  # LUX-SETUP-3
        assert len(st["box"]["osiris"]) == 2  # LUX-SETUP-4
        assert {b: len(s) for b, s in st["temple_stacks"].items()} == {"cobra": 4, "falcon": 6, "lion": 4}
        for p in st["seats"]:
            assert len(p["hand"]) == 5 and p["score"] == 0
            assert sorted(a["pos"] for a in p["adv"] if a["state"] == "active") == [0, 0]
            assert sorted(a["pos"] for a in p["adv"] if a["state"] == "lying") == list(data.ANUBIS)
        assert len(st["draw"]) == 31 - 5 * n
        st2 = GAME.apply(st, 0, f"start {n - 1}").state
        assert st2["order"][0] == n - 1 and st2["current"] == n - 1
        # the same seed gives the same game (LUX-SETUP-12)
        assert GAME.new_game(n, {}, 42).state == GAME.new_game(n, {}, 42).state


def test_translations_match_english_fields_LUX_INFO_1():
    """cs and pl catalogues: every Luxor key of English, with the same format fields."""
    import string

    en = {k: v for k, v in catalogue("en").items() if k.startswith("luxor.")}
    for loc in ("cs", "pl"):
        other = {k: v for k, v in catalogue(loc).items() if k.startswith("luxor.")}
        assert set(other) == set(en), loc
        for k, v in other.items():
            fields = {f[1] for f in string.Formatter().parse(v) if f[1]}
            assert fields == {f[1] for f in string.Formatter().parse(en[k]) if f[1]}, (loc, k)


def test_illegal_actions_name_real_clauses_and_messages_LUX_DOC_3():
    """Every IllegalAction names a clause of RULES.md and a catalogue message, in every kind of decision."""
    import pathlib
    import re

    rules_md = (pathlib.Path(__file__).resolve().parents[4] / "shared" / "rules" / "luxor" / "RULES.md")
    clause_ids = set(re.findall(r"\*\*(LUX-[A-Z0-9-]+)", rules_md.read_text(encoding="utf-8"))) if rules_md.exists() else None
    cat = catalogue("en")
    seen_kinds = set()
    for players, seed, options in ((2, 1, {}), (3, 2, VARIANTS[2]), (4, 3, VARIANTS[6])):
        rnd = random.Random(seed)
        st = GAME.new_game(players, options, seed).state
        while GAME.prompts(st):
            p = GAME.prompts(st)[0]
            seen_kinds.add(p.kind)
            legal = {o.action for o in p.options}
            for bad in ("", "zz", "play X", "discard Q", "move 99", "move 0 9", "move 0 x", "act 77", "level 9", "start 9", "key key"):
                if bad in legal:
                    continue
                try:
                    GAME.apply(st, p.seat, bad)
                except IllegalAction as exc:
                    assert exc.message.key in cat, exc.message.key
                    if clause_ids is not None:
                        assert exc.clause in clause_ids, exc.clause
                else:
                    raise AssertionError(bad)
            st = GAME.apply(st, p.seat, rnd.choice(p.options).action).state
    assert {"C-03", "C-04", "C-06", "C-12", "C-13"} <= seen_kinds
