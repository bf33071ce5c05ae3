"""``Luxor.projected_scores``: the final scoring applied to the state as it stands (for searching bots)."""
from __future__ import annotations

import copy
import random

from engines.core import Rng
from engines.luxor import GAME, data
from engines.luxor.scoring import final_breakdown

from .test_equivalence import CASES


def _playout(players: int, options: dict, seed: int) -> list[dict]:
    rnd = random.Random(seed)
    st = GAME.new_game(players, options, seed).state
    out = [st]
    while GAME.prompts(st):
        (p,) = GAME.prompts(st)
        st = GAME.apply(st, p.seat, rnd.choice(p.options).action).state
        out.append(st)
    return out


def test_at_the_end_it_is_the_results_scores_LUX_SCORE_2():
    """LUX-SCORE-2…7 at the end: exactly the result's scores, under every option set."""
    for players, options, seed in CASES:
        st = _playout(players, options, seed)[-1]
        result = GAME.result(st)
        assert result is not None
        assert GAME.projected_scores(st) == tuple(float(v) for v in result.scores)


def test_just_before_the_end_it_is_what_the_final_scoring_gives_LUX_SCORE_3():
    """The last decision's state, scored as if the game ended there, is the final breakdown of that
    state: same function, nothing counted twice (the end-of-game move itself may still score)."""
    for players, options, seed in CASES[:3]:
        states = _playout(players, options, seed)
        before = states[-2]
        assert GAME.projected_scores(before) == tuple(float(v) for v in final_breakdown(before)["scores"])


def test_mid_game_parts_LUX_SCORE_3_TO_7():
    """Positions (LUX-SCORE-3), sarcophagi (-4), keys (-5), sets (-6) and scarabs (-7) on top of the track."""
    st = GAME.new_game(2, {}, 3).state
    p = st["seats"][0]
    p["score"] = 11
    vase, statue, jewel = (next(t for t, v in data.TREASURES.items() if v["type"] == kind) for kind in data.TREASURE_TYPES)
    p["treasures"] = [vase, statue, jewel]  # one set
    p["wilds"] = 0
    p["keys"] = 2
    p["sarcophagi"] = [5]
    p["scarabs"] = ["SC-01", "SC-02"]
    for a in p["adv"]:
        a["state"], a["pos"] = "lying", 0
    p["adv"][0] = {"state": "active", "pos": 10}
    p["adv"][1] = {"state": "finished", "pos": data.TOMB}
    before = copy.deepcopy(st)
    expected = (11 + data.SCARAB_VP[10] + st["options"]["tomb_scarab_vp"] + 5 + 2 * data.KEY_END_VP + data.set_vp(1)
                + data.SCARABS["SC-01"] + data.SCARABS["SC-02"])
    assert GAME.projected_scores(st)[0] == float(expected)
    assert st == before  # reads the state only


def test_never_below_the_track_and_on_determinised_states():
    """Every part the final scoring adds is >= 0; a bot's sampled state scores too (LUX-SCORE-7 values)."""
    for i, st in enumerate(_playout(3, {}, 21)):
        proj = GAME.projected_scores(st)
        assert all(pv >= sc for pv, sc in zip(proj, GAME.scores(st), strict=True))
        if i % 25 == 0 and not st["over"]:
            info = GAME.information_state(st, 1)
            assert len(GAME.projected_scores(GAME.determinize(info, 1, Rng(i)))) == 3
