"""Checks every engine must pass; each game's tests call these with its own game.

* ``random_playout`` plays random legal moves to the end, checking on every step
  that the state round-trips through JSON, that every prompt's options are
  accepted, that sampled illegal actions are rejected without touching the state,
  and any game-specific ``invariant``.
* ``assert_public_view_has_no_secret`` checks that a view holds none of the given
  secret strings.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from engines.core import Game, IllegalAction, Msg, Outcome, State

Invariant = Callable[[State], None]


def json_roundtrip(state: State) -> State:
    text = json.dumps(state, sort_keys=True)
    back = json.loads(text)
    assert json.dumps(back, sort_keys=True) == text
    return back


def _mutations(action: str, rnd: random.Random) -> list[str]:
    """Plausible-looking but mostly illegal variants of a legal action."""
    toks = action.split()
    out = ["", "nonsense", action + " extra", "x" * 10]
    if toks:
        out.append(" ".join(toks[:-1]))
        for i, tok in enumerate(toks):
            for repl in ("99", "-1", "0", "zz", tok + "9"):
                out.append(" ".join(toks[:i] + [repl] + toks[i + 1 :]))
    rnd.shuffle(out)
    return out


def check_rejects_illegal(game: Game, state: State, rnd: random.Random, samples: int = 4) -> int:
    """Sampled actions that are not offered must raise IllegalAction and leave the state alone.

    Returns how many rejections were checked.
    """
    before = json.dumps(state, sort_keys=True)
    prompts = game.prompts(state)
    checked = 0
    offered: dict[int, set[str]] = {}
    for p in prompts:
        offered.setdefault(p.seat, set()).update(o.action for o in p.options)
    n_seats = len(state.get("seats", [])) or 6
    for p in prompts:
        legal = offered[p.seat]
        base = rnd.choice(p.options).action
        for cand in _mutations(base, rnd)[:samples]:
            if cand in legal:
                continue
            try:
                game.apply(state, p.seat, cand)
            except IllegalAction as exc:
                assert exc.clause and isinstance(exc.message, Msg)
                checked += 1
            else:
                raise AssertionError(f"{cand!r} was accepted but not offered to seat {p.seat}")
            assert json.dumps(state, sort_keys=True) == before, "a rejected action changed the state"
        # a seat that is not asked may not act
        for other in range(n_seats):
            if other in offered:
                continue
            try:
                game.apply(state, other, base)
            except IllegalAction:
                checked += 1
            else:
                raise AssertionError(f"seat {other} acted out of turn with {base!r}")
            assert json.dumps(state, sort_keys=True) == before
            break
    return checked


def random_playout(
    game: Game,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    invariant: Invariant | None = None,
    check_all_options_every: int = 0,
    illegal_samples: int = 0,
    max_moves: int = 20000,
) -> tuple[State, list[tuple[int, str]], int]:
    """Play random legal moves until the game ends. Returns (final state, move log, rejections checked).

    ``check_all_options_every=k`` applies *every* offered option on every k-th step
    (each must be accepted); ``illegal_samples`` sampled bad actions per step.
    """
    rnd = random.Random(seed)
    outcome: Outcome = game.new_game(players, options or {}, seed)
    state = outcome.state
    log: list[tuple[int, str]] = []
    rejections = 0
    for step in range(max_moves):
        if invariant:
            invariant(state)
        prompts = game.prompts(state)
        if not prompts:
            assert game.result(state) is not None, "no prompt but no result"
            return state, log, rejections
        assert game.result(state) is None
        for p in prompts:
            assert p.options, f"prompt {p.kind} for seat {p.seat} has no option"
            assert len({o.action for o in p.options}) == len(p.options), f"duplicate options in {p.kind}"
        if check_all_options_every and step % check_all_options_every == 0:
            for p in prompts:
                for o in p.options:
                    game.apply(state, p.seat, o.action)  # must not raise
        if illegal_samples:
            rejections += check_rejects_illegal(game, state, rnd, illegal_samples)
        p = rnd.choice(prompts)
        o = rnd.choice(p.options)
        before = json.dumps(state, sort_keys=True)
        outcome = game.apply(state, p.seat, o.action)
        assert json.dumps(state, sort_keys=True) == before, "apply mutated its input"
        state = json_roundtrip(outcome.state)
        log.append((p.seat, o.action))
    raise AssertionError(f"game did not finish in {max_moves} moves")


def replay(game: Game, players: int, seed: int, options: dict[str, Any] | None, log: list[tuple[int, str]]) -> State:
    state = game.new_game(players, options or {}, seed).state
    for seat, action in log:
        state = game.apply(state, seat, action).state
    return state


def assert_no_secret(view: Any, secrets: list[str]) -> None:
    text = json.dumps(view, sort_keys=True)
    for s in secrets:
        assert s not in text, f"secret {s!r} leaked into a public view"
