"""Behaviour fingerprint of the Alhambra engine, for the speed work (issue #11 "Fast").

For a few seeded random playouts it digests, at every step: the pending prompts in full (seat, kind,
title, every option's action AND label, read eagerly), the outcome of the chosen move (events, reveals,
the whole next state) and the verdicts on a sample of other actions (accepted → the outcome's digest;
refused → clause, key and params). ``python3 -m tests.engines.alhambra.equivalence`` prints the digests that
``equivalence.json`` records (recorded before the speed-ups, never re-recorded to make a change pass).
"""
from __future__ import annotations

import hashlib
import json
import random
from typing import Any

from engines.alhambra import GAME
from engines.core import IllegalAction, Outcome, State, _param_json
from tests.engines.golden.record import without_later_keys

#: (players, seed, options) of the fingerprinted games
GAMES: tuple[tuple[int, int, dict[str, Any]], ...] = (
    (2, 1, {}),
    (3, 2, {"exact_payment_extra_action": "mandatory", "wall_ring_scoring": "bga"}),
    (4, 3, {}),
    (4, 4, {"open_hands": True, "start_player_tiebreak": "host_choice"}),
    (6, 5, {}),
)


def _dump(x: Any) -> str:
    # without the last move's marks (issue #20, added after the recording; tests/render/test_phone.py checks them)
    return json.dumps(without_later_keys(x), sort_keys=True, separators=(",", ":"), default=str)


def _outcome(out: Outcome) -> Any:
    return [[e.to_json() for e in out.events], out.reveals, out.state]


def _refusal(e: IllegalAction) -> Any:
    return ["refused", e.clause, e.message.key, {k: _param_json(v) for k, v in e.message.params.items()}]


def _probe(state: State, seat: int, action: str) -> Any:
    try:
        return ["ok", hashlib.sha256(_dump(_outcome(GAME.apply(state, seat, action))).encode()).hexdigest()]
    except IllegalAction as e:
        return _refusal(e)


def _probes(state: State, seat: int, rnd: random.Random) -> list[str]:
    """Other actions to judge: typos, other spellings, illegal cells, every payment of a hand …"""
    p = state["players"][seat]
    out = ["end", "reserve all", "take", "take y9", "buy 9 1", "buy 1 9+9+9", "redesign remove 0,0", "redesign", "place", "hello"]
    disp = state["display"]
    if disp:
        out.append("take " + "+".join(disp))
        out.append("take " + "+".join(reversed(disp)))
        out.append("take " + disp[-1])
    for space, letter in ((1, "b"), (2, "y"), (3, "o"), (4, "g")):
        vals = sorted((int(c[1:]) for c in p["hand"] if c[0] == letter), reverse=True)
        if vals:
            out.append(f"buy {space} " + "+".join(map(str, vals)))
            out.append(f"buy {space} " + "+".join(map(str, reversed(vals))))
            k = rnd.randrange(1, len(vals) + 1)
            out.append(f"buy {space} " + "+".join(map(str, sorted(rnd.sample(vals, k), reverse=True))))
    cells = list(p["grid"])
    tiles = list(p["reserve"]) + list(state["bought"]) + ["TOW-07"]
    for _ in range(4):
        c = rnd.choice(cells)
        x, y = map(int, c.split(","))
        near = f"{x + rnd.choice((-1, 0, 1))},{y + rnd.choice((-1, 0, 1))}"
        t = rnd.choice(tiles)
        out += [f"redesign add {t} {near}", f"redesign swap {t} {c}", f"redesign remove {c}", f"place {t} {near}",
                f"reserve {t}", f"dirk {t}"]
    return out


def fingerprint(players: int, seed: int, options: dict[str, Any], trace: list[str] | None = None) -> tuple[str, int]:
    """(sha256 of the whole walk, number of moves); ``trace`` collects the running digest per move
    (to find the first step where two versions differ)."""
    h = hashlib.sha256()
    rnd = random.Random(seed)
    out = GAME.new_game(players, options, seed)
    h.update(_dump(_outcome(out)).encode())
    state = out.state
    moves = 0
    while True:
        prompts = GAME.prompts(state)
        h.update(_dump([[p.seat, p.kind, p.title.to_json(), p.secret, [[o.action, o.label.to_json()] for o in p.options]]
                        for p in prompts]).encode())
        h.update(_dump(GAME.information_state(state, moves % players)).encode())
        if not prompts:
            break
        p = rnd.choice(prompts)
        h.update(GAME.timeout_action(state, p.seat).encode())
        if moves % 3 == 0:
            for a in _probes(state, p.seat, rnd):
                h.update(_dump([a, _probe(state, p.seat, a)]).encode())
            h.update(_dump(_probe(state, (p.seat + 1) % players, p.options[0].action)).encode())
        action = rnd.choice(p.options).action
        out = GAME.apply(state, p.seat, action)
        h.update(_dump(_outcome(out)).encode())
        state = out.state
        moves += 1
        if trace is not None:
            trace.append(h.copy().hexdigest())
    h.update(_dump([GAME.result(state).scores, GAME.result(state).winners, GAME.scores(state)]).encode())
    return h.hexdigest(), moves


def main() -> None:
    import sys

    if sys.argv[1:] == ["trace"]:  # per-move digests, to diff two versions
        for n, s, o in GAMES:
            trace: list[str] = []
            fingerprint(n, s, o, trace)
            print(n, s, *trace)
        return
    rows = [{"players": n, "seed": s, "options": o, "sha256": d, "moves": m}
            for n, s, o in GAMES for d, m in [fingerprint(n, s, o)]]
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
