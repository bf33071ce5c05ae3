"""The engine's shape (issue #9): one handler per decision kind, one judge shared by offering and
explaining, the test seam kept out of production, revealing moves marked, a legal timeout action for
every pending decision."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engines.core import IllegalAction, Rng
from engines.egizia import GAME
from engines.egizia.nile import WINDOW_OF_KIND, _free_candidates, judge_free
from engines.egizia.rules import HANDLERS
from engines.egizia.sailing import judge_place, place_candidates
from engines.egizia.testing import resume, stacked_game

from .helpers import give

ROOT = Path(__file__).resolve().parents[3]
KINDS = [f"D-{k:02d}" for k in range(3, 20)]


def _playout_states(seed: int, players: int = 4, options: dict | None = None):
    """Every position of a seeded random playout, with the move that left it."""
    rng = Rng.seeded(seed)
    s = GAME.new_game(players, options or {}, seed).state
    while GAME.result(s) is None:
        ps = GAME.prompts(s)
        p = ps[rng.below(len(ps))]
        a = p.options[rng.below(len(p.options))].action
        yield s, p, a
        s = GAME.apply(s, p.seat, a).state


def test_one_handler_per_decision_kind():
    """DECISIONS D-03…D-19: every decision kind has exactly one handler in the table."""
    assert sorted(HANDLERS) == KINDS


def test_testing_seam_is_never_imported_by_production_code():
    """Stacked deals exist only for tests: no module of engines/, render/ or bot/ imports
    engines/egizia/testing.py (except the seam itself)."""
    seam = ROOT / "engines" / "egizia" / "testing.py"
    for folder in ("engines", "render", "bot"):
        for path in (ROOT / folder).rglob("*.py"):
            if path == seam:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom):
                    names = [node.module or ""] + [a.name for a in node.names]
                elif isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                else:
                    continue
                assert not any(n == "testing" or n.endswith(".testing") for n in names), path


def test_new_game_takes_no_stacking_arguments():
    """One new_game signature (players, options, seed)."""
    with pytest.raises(TypeError):
        GAME.new_game(4, {}, 0, tiles=[1, 2, 3, 4])  # type: ignore[call-arg]


@pytest.mark.parametrize("seed", [1, 2])
def test_offered_placements_and_free_actions_are_exactly_the_judged_legal_ones_EGZ_R2_NILE_12(seed):
    """EGZ-R2-NILE-12 / EGZ-TIME-2: the options offered for placements and free actions are exactly the
    candidates their single judge accepts, and every refused candidate is explained by that judge."""
    for s, p, _ in _playout_states(seed):
        offered = {o.action for o in p.options}
        if p.kind in ("D-04", "D-05") and s["stage"]["mode"] in ("menu", "n33"):
            legal = {pl.action() for pl in place_candidates(s, p.seat) if judge_place(s, p.seat, pl) is None}
            assert legal == {a for a in offered if a.startswith("place ")}
            for pl in place_candidates(s, p.seat):
                if pl.action() not in offered:
                    with pytest.raises(IllegalAction) as e:
                        GAME.apply(s, p.seat, pl.action())
                    why = judge_place(s, p.seat, pl)
                    assert why is not None and (e.value.clause, e.value.message.key) == why[:2]
        window = WINDOW_OF_KIND.get(p.kind)
        if window and p.kind != "D-05" and (p.kind != "D-10" or p.seat == s["stage"]["order"][s["stage"]["i"]]):
            cands = [" ".join(t) for t in _free_candidates(s["seats"][p.seat])]
            legal = {a for a in cands if judge_free(s, p.seat, window, a.split()) is None}
            assert legal == {a for a in offered if a.split()[0] in ("play", "improve", "crewup", "buy")
                             and not (p.kind == "D-08" and a.startswith("play N33"))}


def _cards_left_hidden(before: dict, after: dict) -> bool:
    """Whether a card left a hidden pile (was drawn, dealt or boxed from it), a face-down tomb tile was
    turned up (EGZ-BUILD-TOMB-2) or the final scoring showed the Sphinx cards (issue 21)."""
    from engines.egizia.hidden import face_down_tombs

    for deck, cards in before["decks"].items():
        if set(cards) - set(after["decks"][deck]):
            return True
    if face_down_tombs(after) < face_down_tombs(before) or (after.get("result") and not before.get("result")):
        return True
    return bool(set(before["sphinx_deck"]) - set(after["sphinx_deck"])) or before["rng"] != after["rng"]


@pytest.mark.parametrize("seed,players,options", [(3, 4, {}), (4, 2, {"setup_sphinx": "draw2_keep1"}),
                                                  (5, 3, {"sphinx_extra_requires_payment": False})])
def test_a_move_reveals_exactly_when_a_card_leaves_a_hidden_pile_EGZ_INFO_2(seed, players, options):
    """EGZ-INFO-2 (deck orders are secret): Outcome.reveals is set by the moves that deal Nile cards, draw Sphinx cards, box a
    deck, turn up a tomb tile or end the game, and only by them."""
    marked = 0
    for s, p, a in _playout_states(seed, players, options):
        out = GAME.apply(s, p.seat, a)
        assert out.reveals == _cards_left_hidden(s, out.state), (p.kind, a)
        marked += out.reveals
    assert marked >= 5  # every round deals


_OPTS = ({}, {"setup_sphinx": "draw2_keep1"}, {"take_leftover_mode": "every_round"})


def _check_timeout(s, seen):
    for q in GAME.prompts(s):
        a = GAME.timeout_action(s, q.seat)
        mine = next(x for x in GAME.prompts(s) if x.seat == q.seat)
        assert mine.find(a) is not None, (mine.kind, a)
        seen.add(mine.kind)
        for preferred in ("decline", "endturn", "stop", "leftover no", "first no", "done", "feed 0 0", "finish"):
            if mine.find(preferred):
                assert a == preferred, (mine.kind, a)
                break
        else:
            if mine.kind == "D-04":
                assert a == "pass"


def test_timeout_action_is_always_offered_and_the_documented_choice():
    """For every pending decision of many random positions (every kind D-03…D-19 occurs) the timeout
    action is one of its offered options, and the documented choice where the game.py table names one."""
    seen: set[str] = set()
    for seed in range(12):
        for s, _p, _ in _playout_states(seed, 2 + seed % 3, _OPTS[seed % 3]):
            _check_timeout(s, seen)
    # the last window (W4, D-19) needs an anytime action left at the end: N51 with stones
    s = give(stacked_game(2, {}, 0, tiles=[1, 2]).state, 0, "N51")
    s["seats"][0]["stones"] = 3
    s["round"] = 5
    s["stage"] = {"at": "prefinal", "order": [0, 1], "i": 0}
    s["todo"] = []
    s = resume(s).state
    _check_timeout(s, seen)
    assert seen == set(KINDS)


def test_timeout_action_needs_a_pending_decision():
    """A seat that has nothing to decide has no timeout action."""
    s = GAME.new_game(3, {}, 0).state
    idle = next(i for i in range(3) if i not in GAME.current_seats(s))
    with pytest.raises(ValueError):
        GAME.timeout_action(s, idle)


@pytest.mark.parametrize("players,options", [(2, {}), (3, {"two_three_player_cards": True}),
                                             (4, {"setup_sphinx": "draw2_keep1", "remove_plus10_card": True})])
def test_a_stacked_game_with_nothing_stacked_is_the_game_of_its_seed_EGZ_SETUP_8(players, options):
    """EGZ-SETUP-8: the test seam deals exactly like new_game where nothing is fixed; a fixed part is
    used as given and must hold the right cards."""
    for seed in (0, 5):
        a, b = GAME.new_game(players, options, seed), stacked_game(players, options, seed)
        assert a.state == b.state and a.events == b.events
    s = stacked_game(players, options, 1, tiles=list(range(players, 0, -1))).state
    assert [p["tile"] for p in s["seats"]] == list(range(players, 0, -1))
    with pytest.raises(ValueError):
        stacked_game(players, options, 1, sphinx=["S01"])
