"""Golden move logs: complete games recorded before a refactor, replayed after it.

``python3 -m tests.engines.golden.record`` (re)writes ``tests/engines/golden/<game>.json``: for every game, player
count and a few option sets, one seeded random playout with its move log, the SHA-256 of the final
state, the result, and one digest per move of the public view and of every private view.
:mod:`tests.engines.golden.test_golden` replays them and demands identical states, results and views, so a
behaviour-preserving change (issue #9) can prove it preserved behaviour.

Re-record only for a deliberate rules change (and bump that game's ``rules_version``).
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from engines import get_game
from engines.core import Game, Rng, State

HERE = Path(__file__).parent
MAX_MOVES = 5000

#: (players, options, seed) per game: every player count with the printed rules, plus option sets
CASES: dict[str, list[tuple[int, dict[str, Any], int]]] = {
    "alhambra": [(n, {}, 100 + n) for n in range(2, 7)] + [
        (2, {"two_player_money_copies": 3, "wall_ring_scoring": "bga"}, 7),
        (4, {"exact_payment_extra_action": "mandatory", "open_hands": True,
             "start_player_tiebreak": "host_choice"}, 8),
    ],
    "egizia": [(n, {}, 200 + n) for n in range(2, 5)] + [
        (3, {"setup_sphinx": "draw2_keep1", "score_floor_zero": True, "two_three_player_cards": True,
             "take_leftover_mode": "every_round"}, 9),
        (4, {"sphinx_extra_requires_payment": False, "remove_plus10_card": True,
             "buy_strength_timing": "after_feeding_only", "two_each_includes_tombs": False,
             "substitute_timing": "after_all_slots"}, 10),
    ],
    "luxor": [(n, {}, 300 + n) for n in range(2, 5)] + [
        (3, {"temple_mapping": "H2", "treasure_take_optional": True, "backward_to_stairs": True,
             "anubis_activation_optional": True, "forced_move_overshoot": "stop_on_last_tile",
             "one_less_steps": "choose_1_to_3", "tomb_scarab_vp": 20}, 11),
        (2, {"temple_mapping": "H3", "advance_all_blocked": "card_unplayable", "one_less_after_osiris": False,
             "stall_end": "consecutive_turns", "reshuffle_timing": "immediate", "start_player": "host_choice"}, 12),
    ],
}


#: keys added after the recordings, each checked by its own tests: the last move's public marks (issue #20,
#: tests/render/test_last_move.py) are left out of the digests, so the recordings still prove the rest unchanged
LATER_KEYS = ("last_move",)


def without_later_keys(data: Any) -> Any:
    """``data`` without :data:`LATER_KEYS` at any depth (for the recorded digests of tests/*/equivalence)."""
    if isinstance(data, dict):
        return {k: without_later_keys(v) for k, v in data.items() if k not in LATER_KEYS}
    if isinstance(data, list):
        return [without_later_keys(v) for v in data]
    return data


def digest(data: Any) -> str:
    """A short, stable digest of plain JSON data (without :data:`LATER_KEYS`)."""
    data = without_later_keys(data)
    raw = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


def views_digest(game: Game, state: State, players: int) -> str:
    return digest([game.public_view(state)] + [game.private_view(state, s) for s in range(players)])


def result_json(game: Game, state: State) -> Any:
    r = game.result(state)
    if r is None:
        return None
    return {"scores": list(r.scores), "winners": list(r.winners), "extra": dict(r.extra)}


def play(title: str, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    game = get_game(title)
    state = game.new_game(players, options, seed).state
    chooser = Rng.seeded(seed * 7919 + 1)
    moves: list[list[Any]] = []
    views = [views_digest(game, state, players)]
    while not game.is_over(state) and len(moves) < MAX_MOVES:
        prompts = game.prompts(state)
        prompt = prompts[chooser.below(len(prompts))]
        action = prompt.options[chooser.below(len(prompt.options))].action
        state = game.apply(state, prompt.seat, action).state
        moves.append([prompt.seat, action])
        views.append(views_digest(game, state, players))
    return {
        "players": players, "options": options, "seed": seed, "moves": moves,
        "final_state": digest(state), "result": result_json(game, state), "views": views,
    }


def main() -> None:
    for title, cases in CASES.items():
        records = [play(title, n, opts, seed) for n, opts, seed in cases]
        path = HERE / f"{title}.json"
        path.write_text(json.dumps({"game": title, "records": records}, separators=(",", ":")) + "\n")
        print(title, [len(r["moves"]) for r in records], [r["result"] and r["result"]["scores"] for r in records])


if __name__ == "__main__":
    main()
