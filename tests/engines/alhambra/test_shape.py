"""The engine's common shape (issue #9): one test seam, one handler per decision kind, revealing moves
marked, a legal timeout action for every decision, typed views."""
from __future__ import annotations

import ast
import json
import random
from pathlib import Path
from typing import get_type_hints

import pytest

import engines.alhambra as pkg
from engines.alhambra import GAME
from engines.alhambra.game import HANDLERS
from engines.alhambra.payments import judge_payment
from engines.alhambra.views import PrivateView, PublicView
from engines.core import IllegalAction

PKG = Path(pkg.__file__).parent


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            out.add(("." * node.level) + (node.module or ""))
            out.update(("." * node.level) + (node.module + "." if node.module else "") + a.name for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_no_production_module_imports_the_test_seam_ALH_DOC_5():
    """ALH-DOC-5: stacked decks and arbitrary positions come only from ``testing.py``; no other module
    of the engine (nor the bot or the renderer) imports it."""
    root = PKG.parent.parent
    files = [p for p in PKG.glob("*.py") if p.name != "testing.py"]
    files += list((root / "bot").glob("*.py")) + list((root / "render").glob("*.py"))
    for path in files:
        names = _imports(path)
        assert not any(n.endswith("testing") or "alhambra.testing" in n for n in names), path


def test_new_game_takes_no_stacking_ALH_DOC_5():
    """ALH-DOC-5: ``new_game(players, options, seed)`` is the one signature; stacking is refused."""
    with pytest.raises(TypeError):
        GAME.new_game(3, {}, 1, stacked={"deck": ["y1"]})  # type: ignore[call-arg]


def test_one_handler_per_decision_kind_ALH_TURN_2():
    """ALH-TURN-2, DECISIONS (a): every kind a prompt ever has is a key of the handler table."""
    seen = set()
    for players in (2, 3):
        rnd = random.Random(players)
        state = GAME.new_game(players, {"start_player_tiebreak": "host_choice"}, 11).state
        while GAME.prompts(state):
            p = rnd.choice(GAME.prompts(state))
            seen.add(p.kind)
            assert HANDLERS[p.kind].kind == p.kind
            state = GAME.apply(state, p.seat, rnd.choice(p.options).action).state
    assert {"C-03", "C-08"} <= seen <= set(HANDLERS)


def _walk(players: int, seed: int):
    rnd = random.Random(seed)
    state = GAME.new_game(players, {}, seed).state
    while GAME.prompts(state):
        p = rnd.choice(GAME.prompts(state))
        action = rnd.choice(p.options).action
        out = GAME.apply(state, p.seat, action)
        yield state, p, action, out
        state = out.state


@pytest.mark.parametrize("players,seed", [(2, 5), (4, 6)])
def test_revealing_moves_are_marked_ALH_INFO_3_INFO_4_INFO_5(players, seed):
    """ALH-INFO-3/4/5: a move is marked revealing exactly when it drew from the hidden deck or bag,
    reshuffled (the RNG moved), or showed the hands' totals at the end."""
    marked = unmarked = 0
    for before, _, _, out in _walk(players, seed):
        after = out.state
        drew = (len(after["deck"]), len(after["bag"]), after["rng"]) != (len(before["deck"]), len(before["bag"]), before["rng"])
        shown = any(e.message.key == "alhambra.ev.reveal" for e in out.events)
        assert out.reveals == (drew or shown)
        marked += out.reveals
        unmarked += not out.reveals
    assert marked > 10 and unmarked > 10


def test_offered_payments_pass_the_one_judge_ALH_BUY_2_BUY_3():
    """ALH-BUY-2/3, DECISIONS C-06: every offered buy is a payment the judge of typed payments accepts."""
    checked = 0
    for state, p, _, _ in _walk(3, 8):
        if p.kind != "C-03":
            continue
        for o in p.options:
            if o.action.startswith("buy "):
                _, space, paid = o.action.split(" ")
                pay = tuple(int(v) for v in paid.split("+"))
                assert judge_payment(state, p.seat, int(space) - 1, pay) is None
                checked += 1
    assert checked > 50


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (5, 23)])
def test_timeout_action_is_always_legal_ALH_TURN_2(players, seed):
    """ALH-TURN-2: for every pending decision of random games the timeout action is one of the offered
    options, and the least harmful kind: no buy while money can be taken, reserve rather than build."""
    kinds = set()
    opts = {"start_player_tiebreak": "host_choice", "exact_payment_extra_action": "optional"}
    rnd = random.Random(seed)
    state = GAME.new_game(players, opts, seed).state
    while GAME.prompts(state):
        for p in GAME.prompts(state):
            action = GAME.timeout_action(state, p.seat)
            assert p.find(action) is not None
            kinds.add(p.kind)
            if p.kind == "C-03" and any(o.action.startswith("take ") for o in p.options):
                assert action.split(" ")[0] in ("take", "end")
            if p.kind in ("C-08", "C-09"):
                assert action.startswith("reserve ")
        p = rnd.choice(GAME.prompts(state))
        state = GAME.apply(state, p.seat, rnd.choice(p.options).action).state
    assert {"C-03", "C-08"} <= kinds
    with pytest.raises(ValueError):
        GAME.timeout_action(state, 0)  # the game is over: nothing is pending


def test_refused_actions_change_nothing_ALH_TURN_1():
    """ALH-TURN-1/2: a refused action raises IllegalAction and leaves the state as it was."""
    state = GAME.new_game(3, {}, 3).state
    seat = GAME.current_seats(state)[0]
    before = json.dumps(state, sort_keys=True)
    for bad in ("buy 1 9+9+9+9", "take y9+y9+y9", "place X 0,1", "redesign remove 0,0"):
        with pytest.raises(IllegalAction):
            GAME.apply(state, seat, bad)
    assert json.dumps(state, sort_keys=True) == before


def test_views_are_typed_and_complete():
    """The views carry exactly the keys their TypedDicts declare (the renderer relies on them)."""
    state = GAME.new_game(2, {}, 4).state
    assert set(GAME.public_view(state)) == set(get_type_hints(PublicView))
    assert set(GAME.private_view(state, 1)) == set(get_type_hints(PrivateView))
