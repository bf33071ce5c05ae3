"""Behaviour fingerprints of seeded random Egizia games, to prove a speed-up changed nothing (issue #11).

``python3 -m tests.engines.egizia.equivalence`` (re)writes ``tests/engines/egizia/equivalence.json``; record it only from
code whose behaviour is the reference. :mod:`tests.engines.egizia.test_equivalence` replays the games and demands
the same fingerprint at every step. One step's fingerprint covers, beyond what the golden test checks:

* every pending prompt in full: seat, kind, title, secret flag and every option WITH its label (forced);
* the timeout action of every pending seat;
* a sample of typed actions (mostly illegal ones, drawn from a pool of near misses and garbage) and what
  ``apply`` makes of each: the refusal (clause, key, parameters) or the resulting state and events;
* the chosen move's events, ``reveals`` flag and resulting state;
* every few steps, each seat's information state and a determinisation of it.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from engines import get_game
from engines.core import Game, IllegalAction, Prompt, Rng, State
from tests.engines.golden.record import without_later_keys

HERE = Path(__file__).parent
FILE = HERE / "equivalence.json"

#: (players, options, seed)
CASES: list[tuple[int, dict[str, Any], int]] = [
    (4, {}, 1), (4, {}, 2), (4, {}, 3), (3, {}, 4), (2, {}, 5), (2, {}, 6),
    (3, {"setup_sphinx": "draw2_keep1", "score_floor_zero": True, "two_three_player_cards": True,
         "take_leftover_mode": "every_round"}, 7),
    (4, {"sphinx_extra_requires_payment": False, "remove_plus10_card": True,
         "buy_strength_timing": "after_feeding_only", "two_each_includes_tombs": False,
         "substitute_timing": "after_all_slots"}, 8),
    (2, {"take_leftover_mode": "every_round", "two_three_player_cards": True}, 9),
    *[(2 + k % 3, {}, 10 + k) for k in range(18)],
]

_FIXED = (
    "", "   ", "foo", "foo bar", "pass", "endturn", "stop", "done", "build", "decline", "finish", "keep",
    "keep 1", "keep 2", "keep 1 2 n35", "keep 9", "keep 1 n35", "play N33", "play N51 1", "play N51 9",
    "play N38", "play N13", "play N36", "play XX", "play", "crewup bk", "crewup jk", "crewup zz", "buy ye", "buy",
    "improve N20 start", "improve N44 N01", "improve", "feed 0 0", "feed 1 0", "feed 0 3", "feed 9 9", "feed x",
    "feed 0", "crew bk", "crew bk bl", "crew bk jk p3", "crew bk sx", "crew jk", "crew bk bk", "crew back",
    "crew bk bl ye", "draw 0", "draw 1", "draw 3", "draw 9", "draw x", "obelisk", "tomb", "pyr 1", "pyr 4", "pyr 9",
    "pyr x", "tmp a", "tmp c1", "tmp zz", "track ss", "track gm", "track xx", "leftover 3", "leftover no",
    "leftover 99", "first yes", "first no", "ring 0", "ring x", "alyi bk", "alyi bk bl", "n18 bk bk", "n18 bk bl",
    "place", "place x", "place 0", "place 99", "place 1 up up", "place 3 s1 sub",
)
_PLACE_FLAGS = ("", " s1", " s2", " s3", " s4", " s9", " sub", " extra", " up", " occ", " dbl", " occ dbl",
                " s1 up", " sub up", " extra up", " up occ", " up dbl", " bogus")


def digest(data: Any) -> str:
    # without the last move's marks (issue #20, added after the recording; tests/render/test_phone.py checks them)
    raw = json.dumps(without_later_keys(data), sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


def _prompt_json(p: Prompt) -> Any:
    return [p.seat, p.kind, p.title.to_json(), p.secret, [[o.action, o.label.to_json()] for o in p.options]]


def _probe(game: Game, state: State, seat: int, action: str) -> Any:
    try:
        out = game.apply(state, seat, action)
    except IllegalAction as e:
        return [e.clause, e.message.to_json()]
    return ["ok", digest(out.state), [e.to_json() for e in out.events], out.reveals]


def _probes(state: State, prompts: list[Prompt], rnd: Rng, n_seats: int) -> list[tuple[int, str]]:
    p = prompts[rnd.below(len(prompts))]
    pool = list(_FIXED)
    for _ in range(3):
        i = rnd.below(22)
        pool += [f"place {i}{f}" for f in _PLACE_FLAGS]
    for o in p.options:
        pool += [o.action + " x", o.action.rsplit(" ", 1)[0], o.action.upper()]
    picks = [(p.seat, pool[rnd.below(len(pool))]) for _ in range(10)]
    picks += [(p.seat, p.options[rnd.below(len(p.options))].action)]
    pending = {q.seat for q in prompts}
    idle = [s for s in range(n_seats) if s not in pending]
    if idle:
        picks.append((idle[rnd.below(len(idle))], p.options[0].action))
    return picks


def play(players: int, options: dict[str, Any], seed: int) -> list[str]:
    """The per-step fingerprints of one seeded random game."""
    game = get_game("egizia")
    out = game.new_game(players, options, seed)
    state = out.state
    rnd = Rng.seeded(seed * 104729 + 17)
    steps = [digest([digest(state), [e.to_json() for e in out.events]])]
    n = 0
    while True:
        prompts = game.prompts(state)
        rec: list[Any] = [[_prompt_json(p) for p in prompts]]
        if not prompts:
            rec.append(digest(state))
            steps.append(digest(rec))
            return steps
        rec.append([game.timeout_action(state, p.seat) for p in prompts])
        rec.append([[seat, a, _probe(game, state, seat, a)] for seat, a in _probes(state, prompts, rnd, players)])
        if n % 15 == 0:
            for seat in [None, *range(players)]:
                info = game.information_state(state, seat)
                det = game.determinize(info, seat, Rng.seeded(n + 3))
                rec.append([digest(info), digest(det)])
        p = prompts[rnd.below(len(prompts))]
        action = p.options[rnd.below(len(p.options))].action
        out = game.apply(state, p.seat, action)
        rec.append([p.seat, action, [e.to_json() for e in out.events], out.reveals, digest(out.state)])
        state = out.state
        steps.append(digest(rec))
        n += 1


def record() -> None:
    data = {"cases": [[n, o, s] for n, o, s in CASES], "games": [play(n, o, s) for n, o, s in CASES]}
    FILE.write_text(json.dumps(data, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    record()
