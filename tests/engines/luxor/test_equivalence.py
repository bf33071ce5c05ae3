"""The engine behaves exactly as recorded before the speed work of issue #11 (LUX-LEGAL-1…4, LUX-ALG-2).

The golden test (tests/engines/golden) replays move logs and compares states and views; this one also pins
what a move log does not show: at every step of a few seeded random playouts, the pending prompt
(kind, seat, secret, title) with every option's action AND label (read, so lazily built labels are
built), the timeout action, the events and ``reveals`` of the chosen move, the refusal (clause, key,
params) of a sample of illegal actions, and now and then the information states and a determinised
state. Each step's digest is compared with ``equivalence.json``, recorded from the engine before the
optimisation: ``python3 -m tests.engines.luxor.test_equivalence`` rewrites it (only for a deliberate rules
change, with a bump of ``rules_version``).
"""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from engines.core import IllegalAction, Rng
from engines.luxor import GAME
from tests.engines.golden.record import without_later_keys

HERE = Path(__file__).parent
RECORD = HERE / "equivalence.json"
MAX_STEPS = 5000

#: (players, options, seed): every player count with the printed rules, and every variant option
CASES: list[tuple[int, dict[str, Any], int]] = [
    (2, {}, 11),
    (3, {}, 12),
    (4, {}, 13),
    (4, {}, 14),
    (3, {"temple_mapping": "H2", "treasure_take_optional": True, "backward_to_stairs": True,
         "anubis_activation_optional": True, "forced_move_overshoot": "stop_on_last_tile",
         "one_less_steps": "choose_1_to_3", "start_player": "host_choice"}, 15),
    (4, {"temple_mapping": "H3", "advance_all_blocked": "card_unplayable", "one_less_after_osiris": False,
         "reshuffle_timing": "immediate", "stall_end": "consecutive_turns", "tomb_scarab_vp": 20,
         "anubis_activation_optional": True, "backward_to_stairs": True}, 16),
    (2, {"forced_move_overshoot": "stop_on_last_tile", "one_less_steps": "choose_1_to_3",
         "treasure_take_optional": True}, 17),
]

_WORDS = ["", "play", "play L", "play R", "play Q", "play L x", "discard L", "discard R", "discard", "move",
          "move x", "key", "card", "wild", "scarab", "take", "leave", "wake", "sleep", "start 0", "start 9",
          "level 1", "level 2", "level 3", "act 0", "act 44", " play L", "play  L", "move ²"]


def _canon(obj: Any) -> str:
    # without the last move's marks (issue #20, added after the recording; tests/render/test_phone.py checks them)
    return json.dumps(without_later_keys(obj), sort_keys=True, separators=(",", ":"))


def _sha(obj: Any) -> str:
    return hashlib.sha256(_canon(obj).encode()).hexdigest()


def _probes(st: dict[str, Any], seat: int, rnd: random.Random) -> list[str]:
    """Illegal-action candidates: fixed words, and typed movements from every place an adventurer of
    ``seat`` stands (active, lying, finished) and a few others."""
    places = sorted({a["pos"] for a in st["seats"][seat]["adv"]} | {0, 13, 44, rnd.randrange(45)})
    out = list(_WORDS)
    for p in places:
        for tail in ("", " f", " b", " 0", " 1", " 2", " 3", " 4", " 5", " 6", " 7", " 9"):
            out += [f"play L {p}{tail}", f"play R {p}{tail}", f"move {p}{tail}"]
        out.append(f"act {p}")
    return out


def _refusal(st: dict[str, Any], seat: int, action: str) -> Any:
    try:
        GAME.apply(st, seat, action)
    except IllegalAction as e:
        return [e.clause, e.message.to_json()]
    return None


def playout(players: int, options: dict[str, Any], seed: int) -> list[str]:
    """One digest per step of a seeded random playout (see the module docstring)."""
    rnd = random.Random(seed)
    out = GAME.new_game(players, options, seed)
    st = out.state
    digests = [_sha([[e.to_json() for e in out.events], st])]
    for step in range(MAX_STEPS):
        prompts = GAME.prompts(st)
        if not prompts:
            break
        (p,) = prompts
        rec: list[Any] = [p.kind, p.seat, p.secret, p.title.to_json(),
                          [[o.action, o.label.to_json()] for o in p.options], GAME.timeout_action(st, p.seat)]
        legal = {o.action for o in p.options}
        probes = [a for a in _probes(st, p.seat, rnd) if a not in legal]
        rec.append([[a, _refusal(st, p.seat, a)] for a in rnd.sample(probes, min(len(probes), 24))])
        rec.append(_refusal(st, (p.seat + 1) % players, p.options[0].action))  # not their turn
        if step % 10 == 0:
            infos = [GAME.information_state(st, s) for s in [None, *range(players)]]
            rec.append([_sha(i) for i in infos])
            rec.append(_sha(GAME.determinize(infos[p.seat + 1], p.seat, Rng(step + seed))))
        action = rnd.choice(p.options).action
        res = GAME.apply(st, p.seat, action)
        rec += [action, [e.to_json() for e in res.events], res.reveals]
        st = res.state
        rec.append(st)
        digests.append(_sha(rec))
    assert GAME.result(st) is not None, "the playout did not finish"
    r = GAME.result(st)
    assert r is not None
    digests.append(_sha([list(r.scores), list(r.winners), [m.to_json() for m in r.detail]]))
    return [d[:16] for d in digests]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_playout_matches_the_recording(index: int) -> None:
    """Prompts, labels, titles, events, refusals and hidden-information states step by step."""
    recorded = json.loads(RECORD.read_text())["cases"][index]
    players, options, seed = CASES[index]
    assert [recorded["players"], recorded["options"], recorded["seed"]] == [players, options, seed]
    got = playout(players, options, seed)
    for i, (a, b) in enumerate(zip(got, recorded["steps"], strict=False)):
        assert a == b, f"case {index}: step {i} differs"
    assert len(got) == len(recorded["steps"])


def record() -> None:
    cases = [{"players": n, "options": o, "seed": s, "steps": playout(n, o, s)} for n, o, s in CASES]
    RECORD.write_text(json.dumps({"cases": cases}, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    record()
