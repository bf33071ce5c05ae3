"""The engine's common shape (issue #9): reveals, timeout actions, one code path for offering and
refusing, and the test seam.

Clauses: LUX-TURN-2 (only offered actions are accepted; a refusal names the rule), LUX-INFO-1
(hidden draw pile, scarabs and temple stacks), LUX-DRAW-1 (drawing), LUX-CARD-S03 (die rolls).
"""
from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from engines.core import IllegalAction
from engines.luxor import GAME, rules

from .test_properties import VARIANTS

ROOT = Path(__file__).resolve().parents[3]
GAMES = [(2, 5, {}), (3, 6, {}), (4, 7, {})] + [(2 + i % 3, 40 + i, v) for i, v in enumerate(VARIANTS)]


def _playout(players: int, seed: int, options: dict, pick=None):
    """Random legal games: yields (state, seat, action, outcome) for every move."""
    rnd = random.Random(seed)
    st = GAME.new_game(players, options, seed).state
    while not GAME.is_over(st):
        p = GAME.prompts(st)[0]
        action = pick(st, p) if pick else rnd.choice(p.options).action
        out = GAME.apply(st, p.seat, action)
        yield st, p.seat, action, out
        st = out.state


def _hidden(st: dict) -> tuple:
    """Everything nobody can see (engines/luxor/hidden.py): the RNG, the draw pile (order), the
    face-down scarab supply and temple stacks, the Horus cards under each stack's top."""
    return (
        st["rng"],
        list(st["draw"]),
        list(st["supply"]["scarabs"]),
        {b: list(s) for b, s in st["temple_stacks"].items()},
        {lvl: list(s[:-1]) for lvl, s in st["horus_stacks"].items()},
    )


@pytest.mark.parametrize("players,seed,options", GAMES)
def test_a_move_reveals_exactly_when_it_takes_from_hidden_places_LUX_INFO_1_LUX_DRAW_1(players, seed, options):
    """Outcome.reveals: a move that rolled the die, drew or reshuffled, took a face-down scarab,
    turned up a temple tile or the next Horus card, showed a card from a hidden hand (LUX-HAND-5: a card
    played or discarded) or ended the game (LUX-INFO-5: the scarabs' values) is marked revealing, and a
    move marked revealing did one of those (issue 21)."""
    revealing = quiet = 0
    for st, _seat, action, out in _playout(players, seed, options):
        shown = action.startswith(("play ", "discard "))  # the card leaves the hidden hand face up
        changed = _hidden(st) != _hidden(out.state) or shown or bool(out.state["over"] and not st["over"])
        assert out.reveals == changed, (action, out.reveals)
        revealing += changed
        quiet += not changed
    assert revealing and quiet


def test_die_roll_reveals_even_before_the_draw_LUX_CARD_S03():
    """A die card is rolled when played (C-06 then waits): that move alone reveals."""
    seen = 0
    for st, _seat, action, out in _playout(3, 9, {}):
        if out.state["pending"] and out.state["pending"]["kind"] == "C-06" and action.startswith("play"):
            assert out.reveals and out.state["rng"] != st["rng"] and out.state["draw"] == st["draw"]
            seen += 1
    assert seen


@pytest.mark.parametrize("players,seed,options", GAMES)
def test_timeout_action_is_always_legal_LUX_TURN_2(players, seed, options):
    """timeout_action: for every position of random games it names an offered option of the
    pending decision, as documented (declines C-12/C-13, the left end for C-04/C-05)."""
    kinds = set()
    for st, seat, _action, _out in _playout(players, seed, options):
        choice = GAME.timeout_action(st, seat)
        p = GAME.prompts(st)[0]
        assert p.find(choice) is not None, (p.kind, choice)
        kinds.add(p.kind)
        if p.kind in ("C-12", "C-13"):
            assert choice in ("leave", "sleep")
        if p.kind in ("C-04", "C-05"):
            assert choice.split()[1] == p.options[0].action.split()[1]
    assert {"C-04", "C-06"} <= kinds


def test_timeout_play_is_the_smallest_move_of_the_leftmost_playable_card_C04():
    """C-04: among the options of the leftmost playable card, the fewest steps."""
    for st, seat, _action, _out in _playout(4, 3, {"one_less_steps": "choose_1_to_3"}):
        p = GAME.prompts(st)[0]
        if p.kind != "C-04":
            continue
        choice = GAME.timeout_action(st, seat)
        side = p.options[0].action.split()[1]
        same = [o.action.split() for o in p.options if o.action.split()[1] == side]
        steps = [int(w[3]) for w in same if len(w) == 4 and w[3].isdigit()]
        if steps:
            assert int(choice.split()[3]) == min(steps)


def test_whole_games_finish_on_timeouts_alone_LUX_TURN_1():
    """Every seat timing out every decision still plays legal moves to the end of the game."""
    for players in (2, 3, 4):
        moves = list(_playout(players, players, {}, pick=lambda st, p: GAME.timeout_action(st, p.seat)))
        assert GAME.is_over(moves[-1][3].state)


@pytest.mark.parametrize("players,seed,options", GAMES[:6])
def test_every_candidate_is_offered_or_refused_with_its_verdict_LUX_TURN_2(players, seed, options):
    """Offering and explaining share one code path: each candidate of the pending decision is
    either an offered option (verdict None) or refused with exactly its verdict's clause and key."""
    checked = 0
    for st, seat, _action, _out in _playout(players, seed, options):
        kind = st["pending"]["kind"]
        offered = {o.action for o in GAME.prompts(st)[0].options}
        for c in rules.CANDIDATES[kind](st, seat):
            if c.reason is None:
                assert c.action in offered
                continue
            assert c.action not in offered
            with pytest.raises(IllegalAction) as exc:
                GAME.apply(st, seat, c.action)
            assert (exc.value.clause, exc.value.message.key) == c.reason[:2], c.action
            checked += 1
    assert checked


def _imports(path: Path) -> set[str]:
    """Module names a source file imports (``from .testing import x`` counts as ``testing``)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            out.add(base)
            out.update(f"{base}.{a.name}" if base else a.name for a in node.names)
    return out


def test_no_production_module_imports_the_test_seam():
    """engines/luxor/testing.py (the scenario builder) is for tests only."""
    production = [*ROOT.glob("engines/**/*.py"), *ROOT.glob("render/**/*.py"), *ROOT.glob("bot/**/*.py")]
    assert len(production) > 10
    for path in production:
        if path.name == "testing.py":
            continue
        names = _imports(path)
        assert not any(n == "testing" or n.endswith(".testing") or ".testing." in n for n in names), path
