"""Property tests: random legal playouts (contract harness) with Egizia invariants.

Clauses: EGZ-ROUND-1 (phases run to the end of round 5), EGZ-CONV-4 / EGZ-R4-PROD-2 (stones 0-25),
EGZ-CONV-5 (builders within start..max), EGZ-COMP-3 / EGZ-COMP-4 (every card in one place),
EGZ-INFO-1 / EGZ-INFO-2 (no Sphinx identity in a public view), EGZ-SCORE-1 (score from events).
"""
from __future__ import annotations

import json
import random

import pytest

from engines.core import IllegalAction
from engines.egizia import GAME
from engines.egizia import data as D
from tests.engines.contract import assert_no_secret, check_rejects_illegal, json_roundtrip, random_playout, replay

from .helpers import nile_places, sphinx_places

ALL_NILE = sorted(D.NILE_IDS)
ALL_SPHINX = sorted(D.SPHINX_IDS)


def invariant(s):
    assert sorted(nile_places(s)) == ALL_NILE, "a Nile card is missing or duplicated"
    assert sorted(sphinx_places(s)) == ALL_SPHINX, "a Sphinx card is missing or duplicated"
    for p in s["seats"]:
        assert 0 <= p["stones"] <= D.STONE_MAX
        for b in D.BUILDER_IDS:
            assert D.BUILDER_START[b] <= p["str"][b] <= D.BUILDER_MAX[b]
        assert 0 <= p["ships"] <= D.SHIPS
        assert 0 <= p["ss"] <= D.TRACK_BOTTOM["stone_sale"] and 0 <= p["gm"] <= D.TRACK_BOTTOM["grain_market"]
    # ships conservation: supply + river + sites == 8 per player
    for i, p in enumerate(s["seats"]):
        on = sum(sh.count(i) for sh in s["river_ships"])
        for site in s["sites"].values():
            on += site["slots"].count(i) + site["subs"].count(i) + site["first_done"].count(i) + (site["extra"] == i)
        assert p["ships"] + on == D.SHIPS


def secrets_of(s):
    out = []
    for p in s["seats"]:
        out += [f'"{c}"' for c in p["sphinx"]]
    out += [f'"{c}"' for c in s["sphinx_drawn"]]
    return out


def biased_playout(n, seed, options=None, check_every=0, illegal=0):
    """Random legal moves that mostly avoid pass/decline, so the whole board gets used."""
    avoid = ("pass", "back", "decline", "finish", "stop", "endturn", "done", "leftover no", "first no")
    rnd = random.Random(seed)
    o = GAME.new_game(n, options or {}, seed)
    s = o.state
    log, events = [], list(o.events)
    for step in range(6000):
        invariant(s)
        if s["result"] is None:
            assert_no_secret(GAME.public_view(s), secrets_of(s))
        ps = GAME.prompts(s)
        if not ps:
            assert GAME.result(s) is not None
            return s, log, events
        if check_every and step % check_every == 0:
            for p in ps:
                for opt in p.options:
                    GAME.apply(s, p.seat, opt.action)
        if illegal:
            check_rejects_illegal(GAME, s, rnd, illegal)
        p = rnd.choice(ps)
        good = [x for x in p.options if x.action not in avoid] or list(p.options)
        x = rnd.choice(good) if rnd.random() < 0.92 else rnd.choice(p.options)
        before = json.dumps(s, sort_keys=True)
        out = GAME.apply(s, p.seat, x.action)
        assert json.dumps(s, sort_keys=True) == before
        s = json_roundtrip(out.state)
        log.append((p.seat, x.action))
        events.extend(out.events)
    raise AssertionError("game did not finish")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_playout_finishes_EGZ_ROUND_1(players, seed):
    state, log, _rejections = random_playout(GAME, players, seed, invariant=invariant, check_all_options_every=5, illegal_samples=2)
    assert GAME.result(state) is not None
    assert replay(GAME, players, seed, {}, log) == state


OPTION_SETS = [
    {},
    {"setup_sphinx": "draw2_keep1", "score_floor_zero": True, "take_leftover_mode": "every_round"},
    {"sphinx_extra_requires_payment": False, "buy_strength_timing": "after_feeding_only",
     "two_each_includes_tombs": False, "substitute_timing": "after_all_slots", "remove_plus10_card": True},
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("opts", range(len(OPTION_SETS)))
def test_biased_playout_invariants_and_score_from_events_EGZ_SCORE_1(players, opts):
    options = dict(OPTION_SETS[opts])
    if players < 4 and opts == 1:
        options["two_three_player_cards"] = True
    seed = 10 * players + opts
    s, log, events = biased_playout(players, seed, options, check_every=7, illegal=2 if opts == 0 else 0)
    res = GAME.result(s)
    # final score = recomputation from the event log
    totals = [0] * players
    for e in events:
        if e.message.key == "egizia.ev.score":
            totals[e.message.params["player"]] += e.message.params["amount"]
    assert list(res.scores) == totals
    assert replay(GAME, players, seed, options, log) == s
    # EGZ-END-5 winner: highest score, earliest arrival
    best = max(res.scores)
    assert res.scores[res.winners[0]] == best
    # public events never show a Sphinx identity (EGZ-INFO-3) until final scoring
    for e in events:
        if e.to is None and e.message.key not in ("egizia.ev.sphinx_scored", "egizia.ev.score"):
            assert "egizia.sphinx.S" not in json.dumps(e.to_json()), e


def test_private_view_shows_own_sphinx_only_EGZ_INFO_2():
    s = GAME.new_game(3, {}, 5).state
    for seat in range(3):
        v = GAME.private_view(s, seat)
        assert [c["id"] for c in v["private"]["sphinx"]] == s["seats"][seat]["sphinx"]
        others = [c for i, p in enumerate(s["seats"]) if i != seat for c in p["sphinx"]]
        assert_no_secret({k: v[k] for k in v if k != "private"}, [f'"{c}"' for c in others])
    pub = GAME.public_view(s)
    assert [t["sphinx_count"] for t in pub["tableaux"]] == [1, 1, 1]


def test_illegal_actions_rejected_state_unchanged_EGZ_R2_NILE_12():
    s = GAME.new_game(4, {}, 3).state
    before = json.dumps(s, sort_keys=True)
    seat = GAME.current_seats(s)[0]
    for bad in ["", "garbage", "place 99", "place 4 s9", "crew bk", "sail extra"]:
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(s, seat, bad)
        assert exc.value.clause.startswith("EGZ-")
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, (seat + 1) % 4, "pass")
    assert exc.value.clause == "EGZ-ROUND-3"
    assert json.dumps(s, sort_keys=True) == before


def test_option_specs_stored_EGZ_OPT_1():
    names = {o.name for o in GAME.option_specs}
    assert names == {"setup_sphinx", "score_floor_zero", "sphinx_extra_requires_payment", "two_three_player_cards",
                     "remove_plus10_card", "take_leftover_mode", "buy_strength_timing", "two_each_includes_tombs",
                     "substitute_timing"}
    s = GAME.new_game(2, {"score_floor_zero": True}, 0).state
    assert s["options"]["score_floor_zero"] is True and s["options"]["setup_sphinx"] == "draw1"
    assert s["data_profile"] == D.DATA_PROFILE
    with pytest.raises(ValueError):
        GAME.new_game(4, {"two_three_player_cards": True}, 0)  # EGZ-PC-4
