"""Property tests: random playouts for 2-6 players (ALH-SETUP-1), conservation and ALH-PLACE-7 at
every step, every offered option accepted, illegal actions rejected, replay, secrecy, messages."""
from __future__ import annotations

import json
import random

import pytest

from engines.alhambra import GAME
from engines.alhambra import data as D
from engines.alhambra.testing import check_invariants, finish_game, settle
from engines.core import IllegalAction, Msg
from render.i18n import catalogue, t
from tests.engines.contract import assert_no_secret, json_roundtrip, random_playout, replay

ALT = {
    "exact_payment_extra_action": "mandatory",
    "wall_ring_scoring": "bga",
    "open_hands": True,
    "start_player_tiebreak": "host_choice",
}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playout_finishes_with_invariants_ALH_PLACE_7_END_1(players, seed):
    """ALH-SETUP-1, ALH-PLACE-7, ALH-WALL-7, ALH-END-1, ALH-END-5, ALH-END-8, ALH-DEF-7. Conservation of the 54 tiles, the money cards and A/B, plus ALH-PLACE-7 / ALH-WALL-7, at every step."""
    opts = {} if seed != 3 else dict(ALT)
    if players == 2 and seed == 2:
        opts["two_player_money_copies"] = 3
    state, log, rejections = random_playout(
        GAME, players, seed, opts, invariant=check_invariants, check_all_options_every=4, illegal_samples=2
    )
    assert GAME.is_over(state) and rejections > 0
    res = GAME.result(state)
    assert len(res.scores) == players and res.winners
    assert max(res.scores) == res.scores[res.winners[0]]
    assert all(res.scores[w] == max(res.scores) for w in res.winners)
    assert ("dirk" in res.extra) == (players == 2)  # ALH-2P-1
    # ALH-END-5: nothing is left on the market; the game ended on a failed refill
    assert all(t is None for t in state["market"]) and state["end"] and state["bag"] == []
    # replay from the seed reproduces the final state exactly
    assert replay(GAME, players, seed, opts, log) == state


def test_playouts_are_deterministic_from_the_seed_ALH_SETUP_4():
    """ALH-SETUP-4 (seeded draws), ALH-DOC-5."""
    a = random_playout(GAME, 4, 11)
    b = random_playout(GAME, 4, 11)
    assert a[0] == b[0] and a[1] == b[1]
    assert GAME.new_game(4, {}, 11).state != GAME.new_game(4, {}, 12).state


def _walk(players, seed, opts=None, steps=None):
    rnd = random.Random(seed)
    out = GAME.new_game(players, opts or {}, seed)
    state = out.state
    yield state, out.events
    while not GAME.is_over(state):
        p = rnd.choice(GAME.prompts(state))
        o = rnd.choice(p.options)
        out = GAME.apply(state, p.seat, o.action)
        state = out.state
        yield state, out.events


def test_public_view_holds_no_hand_ALH_INFO_1_INFO_3_INFO_4():
    """ALH-INFO-1, ALH-INFO-3, ALH-INFO-4. With open_hands false the view has no per-player card list, no deck order, no bag order."""
    for players, seed in ((2, 4), (4, 5)):
        for state, events in _walk(players, seed):
            view = GAME.public_view(state)
            text = json.dumps(view, sort_keys=True)
            assert '"hand"' not in text and view["open_hands"] is None
            for pv in view["players_view"]:
                assert set(pv) == {"seat", "score", "hand_count", "grid", "reserve", "bought", "longest_wall", "counts", "outer_walls"}
                assert pv["hand_count"] == len(state["players"][pv["seat"]]["hand"])
            secrets = []
            for p in state["players"]:
                if len(p["hand"]) >= 2:
                    secrets.append(json.dumps([{"currency": D.CURRENCY_OF_LETTER[c[0]], "value": int(c[1:])} for c in sorted(p["hand"])], sort_keys=True))
            if len(state["bag"]) >= 2:
                secrets.append(json.dumps(state["bag"][:2]))
            assert_no_secret(view, [s for s in secrets if s not in json.dumps(view["display"], sort_keys=True)])
            assert "deck" not in view and "bag" not in view
            json_roundtrip(view)
            for e in events:
                if e.to is None and e.message.key != "alhambra.ev.deal":
                    assert "hand" not in json.dumps(e.message.to_json())


def test_private_view_and_open_hands_ALH_OPT_5_INFO_3():
    """ALH-OPT-5, ALH-INFO-3, ALH-DEF-9: the private view holds the hand and its currency totals."""
    state = GAME.new_game(3, {"open_hands": True}, 2).state
    view = GAME.public_view(state)
    for seat in range(3):
        priv = GAME.private_view(state, seat)
        assert view["open_hands"][seat] == priv["hand"]
        assert priv["totals"] == {c: sum(x["value"] for x in priv["hand"] if x["currency"] == c) for c in D.CURRENCIES}
        order = [(D.CURRENCIES.index(x["currency"]), x["value"]) for x in priv["hand"]]
        assert order == sorted(order)
    assert GAME.public_view(GAME.new_game(3, {}, 2).state)["open_hands"] is None


def test_view_format_ALH_INFO_1():
    """ALH-INFO-1: market, display, counts, Alhambras, reserves, Dirk, scores (and the last move's marks) are public."""
    state = GAME.new_game(2, {}, 3).state
    v = GAME.public_view(state)
    assert set(v) == {
        "game", "players", "phase", "active", "turn", "market", "display", "deck_count", "bag_count", "discard_count",
        "discard_top", "discard", "scorings_done", "players_view", "dirk", "hint", "last_scoring", "result", "open_hands",
        "last_move"}
    assert v["last_move"] is None  # nothing played yet: no mark
    assert [m["currency"] for m in v["market"]] == ["yellow", "green", "blue", "orange"]
    assert [m["space"] for m in v["market"]] == [1, 2, 3, 4]
    tile = v["market"][0]["tile"]
    assert set(tile) == {"id", "type", "price", "walls"} and set(tile["walls"]) <= set("NESW")
    assert v["players_view"][0]["grid"] == [{"x": 0, "y": 0, "tile": {"id": "FTN-1", "type": None, "price": None, "walls": ""}}]
    assert len(v["dirk"]["tiles"]) == 6 and v["bag_count"] == 44 and v["turn"] == 1
    assert v["active"] == state["active"] and v["phase"] == "action"


def test_out_of_turn_and_garbage_rejected_state_unchanged_ALH_TURN_1_TURN_2():
    """ALH-TURN-1, ALH-TURN-2, ALH-END-3."""
    state = GAME.new_game(3, {}, 8).state
    before = json.dumps(state, sort_keys=True)
    active = state["active"]
    legal = GAME.prompts(state)[0].options[0].action
    for seat in range(3):
        if seat != active:
            with pytest.raises(IllegalAction) as e:
                GAME.apply(state, seat, legal)
            assert e.value.clause == "ALH-TURN-1"
    for bad in ("", "nonsense", "take", "take zz", "buy", "buy 5 1", "buy 1", "buy 1 x", "redesign", "redesign add",
                "redesign swap", "redesign remove 9,9", "place PAV-02 1,0", "reserve PAV-02", "end", "end now", "x" * 81, "tåke"):
        with pytest.raises(IllegalAction) as e:
            GAME.apply(state, active, bad)
        assert e.value.clause.startswith("ALH-")
    assert json.dumps(state, sort_keys=True) == before
    over = finish_game(state).state
    while not GAME.is_over(over):
        p = GAME.prompts(over)[0]
        over = GAME.apply(over, p.seat, p.options[-1].action).state
    with pytest.raises(IllegalAction) as e:
        GAME.apply(over, 0, "take y1")
    assert e.value.clause == "ALH-END-3"


def _render_all(msg: Msg, locale="en"):
    text = t(msg, locale)
    assert "alhambra." not in text, f"missing key in {msg}"
    return text


def test_every_message_has_a_text_and_labels_are_short():
    cat = catalogue("en")
    for players, seed in ((2, 21), (3, 22), (5, 23)):
        for state, events in _walk(players, seed):
            for e in events:
                for loc in ("en", "cs", "pl"):
                    _render_all(e.message, loc)
            for p in GAME.prompts(state):
                _render_all(p.title)
                for o in p.options:
                    for loc in ("en", "cs", "pl"):
                        text = _render_all(o.label, loc)
                        assert len(text) <= 100, text
    for spec in GAME.option_specs:
        assert spec.help.key in cat and spec.clause.startswith("ALH-OPT-")
    for key in ("alhambra.err.bad_action", "alhambra.err.not_your_turn", "alhambra.err.game_over"):
        assert key in cat
    # Czech and Polish cover every English key of the engine catalogue
    en = {k for k in cat if k.startswith("alhambra.")}
    for loc in ("cs", "pl"):
        assert en <= set(catalogue(loc))


def test_no_possible_action_ends_the_phase_ALH_TURN_5():
    """ALH-TURN-5, Q-26: empty display, nothing affordable, no redesign: the turn passes with an event."""
    from engines.alhambra.testing import setup_state

    s = setup_state(3, display=[], deck=[], discard=[], rest_money=2, market=["TOW-13", None, None, None])
    out = settle(s)
    assert out.events[0].message.key == "alhambra.ev.no_action"
    assert out.events[0].message.params["player"] == 0
    # P2 holds no money either: the same again; P3 holds all the money and must choose
    no_action = [e.message.params["player"] for e in out.events if e.message.key == "alhambra.ev.no_action"]
    assert no_action == [0, 1]
    assert out.state["active"] == 2 and out.state["phase"] == "action" and out.state["turn"] == 3


def test_single_option_auto_resolves_C03_ALH_TURN_2():
    """ALH-TURN-2, DECISIONS (a): a C-03 with exactly one legal option resolves itself and is logged as auto."""
    from engines.alhambra.testing import setup_state

    s = setup_state(3, display=["y7"], deck=[], discard=[], rest_money=2)
    out = settle(s)
    keys = [e.message.key for e in out.events]
    assert keys[:2] == ["alhambra.ev.auto", "alhambra.ev.take"]
    assert out.state["players"][0]["hand"] == ["y7"]


def test_options_are_validated_from_data_ALH_COMP_1_COMP_2_COMP_3_COMP_4_COMP_5_COMP_6():
    """ALH-COMP-1, ALH-COMP-2, ALH-COMP-3, ALH-COMP-4, ALH-COMP-5, ALH-COMP-6, ALH-PLACE-9 (reserve unlimited)."""
    assert len(D.TILE_IDS) == 54
    assert sum(D.PRICE[t] for t in D.TILE_IDS) == 421
    assert [sum(1 for t in D.TILE_IDS if D.TYPE_OF[t] == typ) for typ in D.TYPES] == [7, 7, 9, 9, 11, 11]
    for side in "NESW":
        assert sum(side in D.walls_string(t) for t in D.TILE_IDS) == 20
    assert max(len(D.walls_string(t)) for t in D.TILE_IDS) == 3
    assert len(D.FOUNTAINS) == 6 and all(D.MASK[f] == 0 and D.TYPE_OF[f] is None for f in D.FOUNTAINS)
    assert len(D.money_deck(False, 3)) == 108 and D.SCORING_CARDS == ("A", "B")
    assert D.SPACE_CURRENCY == {1: "yellow", 2: "green", 3: "blue", 4: "orange"}
    # ALH-COMP-6: the reserve has no capacity limit
    from engines.alhambra.testing import setup_state

    many = [t for t in D.TILE_IDS][:40]
    s = setup_state(3, reserves=[many], phase="placement", bought=["TOW-13"])
    s = GAME.apply(s, 0, "reserve TOW-13").state
    assert len(s["players"][0]["reserve"]) == 41


def test_new_game_rejects_bad_setup_ALH_SETUP_1():
    """ALH-SETUP-1."""
    for n in (1, 7):
        with pytest.raises(ValueError):
            GAME.new_game(n, {}, 0)
    with pytest.raises(ValueError):
        GAME.new_game(3, {"open_hands": "maybe"}, 0)
    with pytest.raises(ValueError):
        GAME.new_game(3, {"unknown": 1}, 0)
    assert GAME.new_game(2, {}, 0).state["dirk"] is not None  # ALH-SETUP-1: Dirk cannot be switched off


def test_fuzzed_actions_raise_only_illegal_action_ALH_TURN_2():
    """Random token soup: apply either accepts an offered action (or a legal unlisted payment,
    ALH-BUY-3) or raises IllegalAction with a clause, never anything else, never mutating."""
    rnd = random.Random(77)
    vocab = ["take", "buy", "redesign", "add", "remove", "swap", "place", "reserve", "dirk", "all", "end", "start",
             "0", "1", "2", "4", "5", "9", "-1", "0,0", "1,0", "0,-1", "-1,0", "1,1", "x,y", "9+1", "5+3", "3+5",
             "1+1", "y1", "g3", "y2+g3", "b7", "FTN-1", "A", "all"] + list(D.TILE_IDS[::6])
    for players, seed in ((2, 51), (3, 52)):
        for i, (state, _) in enumerate(_walk(players, seed)):
            if i % 3:
                continue
            before = json.dumps(state, sort_keys=True)
            offered = {(p.seat, o.action) for p in GAME.prompts(state) for o in p.options}
            legal = sorted(offered)
            for k in range(16):
                if k % 2:
                    action = " ".join(rnd.choice(vocab) for _ in range(rnd.randint(1, 4)))
                    seat = rnd.randrange(players)
                else:  # an offered action with one token swapped
                    seat, base = rnd.choice(legal)
                    toks = base.split()
                    toks[rnd.randrange(len(toks))] = rnd.choice(vocab)
                    action = " ".join(toks)
                try:
                    GAME.apply(state, seat, action)
                except IllegalAction as exc:
                    assert exc.clause.startswith("ALH-")
                else:
                    assert (seat, action) in offered or action.startswith("buy "), action
                assert json.dumps(state, sort_keys=True) == before


def test_scores_are_the_sum_of_published_rounds_ALH_SCORE_10():
    """Every point comes from a published score row (ALH-SCORE-10), rounds A, B and final."""
    for players, seed in ((2, 61), (4, 62)):
        totals = [0] * players
        dirk = 0
        rounds = []
        last = None
        for state, events in _walk(players, seed):
            for e in events:
                if e.message.key == "alhambra.ev.score_row":
                    totals[e.message.params["player"]] += e.message.params["total"]
                    assert e.message.params["score"] == totals[e.message.params["player"]]
                elif e.message.key == "alhambra.ev.score_row_dirk":
                    dirk += e.message.params["total"]
                elif e.message.key == "alhambra.ev.scoring":
                    rounds.append(e.message.params["round"].key.rsplit(".", 1)[1])
            last = state
        res = GAME.result(last)
        assert list(res.scores) == totals
        assert res.extra.get("dirk", 0) == dirk
        assert rounds[-1] == "final" and rounds[:-1] == last["scorings_done"]


def test_tiles_received_at_the_end_are_shown_as_waiting_ALH_END_6():
    """ALH-END-6 / ALH-INFO-1: during the end-of-game placement, each recipient's received tiles are public."""
    import random

    from engines import get_game

    game = get_game("alhambra")
    for seed in range(40):
        rnd = random.Random(seed)
        state = game.new_game(3, {}, seed).state
        while game.prompts(state):
            if state["phase"] == "end_placement":
                view = game.public_view(state)
                for seat, tiles in state["end_queue"]:
                    shown = [t["id"] for t in view["players_view"][seat]["bought"]]
                    assert shown == tiles
                return
            p = rnd.choice(game.prompts(state))
            state = game.apply(state, p.seat, rnd.choice(p.options).action).state
    raise AssertionError("no seed reached the end-of-game placement")


def test_whole_discard_pile_is_public_ALH_INFO_1_BUY_4():
    """ALH-INFO-1 / ALH-BUY-4: the discard pile is public, every card of it (oldest first), not
    only its top cards; the deck and the bag stay hidden (ALH-INFO-4)."""
    from engines.alhambra.testing import setup_state

    pile = ["y1", "g2", "b3", "o4", "y5", "g6", "b7", "o8", "y9", "g1", "b2"]
    s = setup_state(3, discard=pile, display=["o1", "o2", "o3", "o4"])
    view = GAME.public_view(s)
    assert view["discard"] == [{"currency": D.CURRENCY_OF_LETTER[c[0]], "value": int(c[1:])} for c in pile]
    assert view["discard_count"] == 11 and view["discard_top"] == view["discard"][-8:]
    assert "deck" not in view and "bag" not in view


def _order_keys(events):
    return [e.message.key.removeprefix("alhambra.ev.") for e in events]


@pytest.mark.parametrize("players,seed", [(2, 71), (2, 72), (3, 73)])
def test_end_of_turn_order_and_dirk_draws_in_random_games_ALH_TURN_6_2P_4_2P_5(players, seed):
    """ALH-TURN-6 in real play: placement, then the money refill (scoring cards set aside), then
    the market refill, then the pending scoring round(s), each followed by Dirk's draw of
    min(6, bag) after A (ALH-2P-4) and floor(bag / 3) after B (ALH-2P-5), then the end check
    (ALH-END-4: distribution only after all of that) or the next turn."""
    rank = {"place": 0, "reserve": 0, "gift": 0, "scoring_card": 1, "refill_money": 1, "reshuffle": 1, "money_short": 1,
            "refill_market": 2, "end_trigger": 2, "scoring": 3, "score_row": 3, "score_row_dirk": 3, "dirk_draw": 3,
            "reveal": 4, "distribute": 4, "distribute_none": 4, "turn": 4}
    rounds = []
    checked = 0
    prev = None
    for state, events in _walk(players, seed):
        keys = _order_keys(events)
        if prev is not None and "turn" in keys:  # this move's own end of turn, up to the next turn
            keys = keys[: keys.index("turn") + 1]
            ranks = [rank[k] for k in keys if k in rank]
            assert ranks == sorted(ranks), keys
            checked += 1
        if prev is not None:
            all_keys = _order_keys(events)
            own = events[: all_keys.index("turn") if "turn" in all_keys else len(events)]
            bag = len(prev["bag"]) - sum(1 for e in own if e.message.key == "alhambra.ev.refill_market")
            for e in own:
                k = e.message.key.removeprefix("alhambra.ev.")
                if k == "scoring" and e.message.params["round"].key.rsplit(".", 1)[1] != "final":
                    rounds.append(e.message.params["round"].key.rsplit(".", 1)[1])
                elif k == "dirk_draw":
                    want = 6 if rounds[-1] == "A" else bag // 3
                    assert e.message.params["count"] == min(want, bag), (rounds[-1], e.message.params["count"], bag)
                    bag -= e.message.params["count"]
        prev = state
    assert checked > 20
    assert rounds == ["A", "B"] or players != 2
