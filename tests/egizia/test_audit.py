"""Second-review audit: one test per discrepancy found between RULES.md / DECISIONS.md and the engine.

Each test names the clause it checks; each failed on the engine before its fix.
"""
from __future__ import annotations

import pytest

from engines.core import IllegalAction
from engines.egizia import GAME, data as D, rules as R

from .helpers import act, actions, at_build, at_feed, at_sail, give, kinds, lay, run, set_player
from .test_examples import blocker, board, put


# ----------------------------------------------------------------- D-10 in parallel (EGZ-R3-FEED-7, EGZ-TIME-3)


def _feed_board():
    s = board()
    for seat, sc in ((0, 30), (1, 20), (2, 10), (3, 5)):
        set_player(s, seat, score=sc, bk=3, bl=3, ye=3, jk=3)  # need 12, start field 6: short 6
    give(s, 0, "N13")
    return s


def test_D10_early_answer_never_removes_W2_free_actions_EGZ_R3_FEED_7_EGZ_TIME_3():
    """EGZ-R3-FEED-7 EGZ-TIME-3 (DECISIONS D-10): collecting D-10 in parallel must not take away a
    W2 free action. A later seat that still has one (here an improver that would water a brown
    field) is not asked early; at its own step it gets the full W2 window."""
    s = _feed_board()
    give(s, 2, "N47")
    give(s, 2, "N08")  # brown 7: dry with the ring in the middle
    give(s, 2, "N20")  # unattached improver: attaching it in W2 waters N08
    give(s, 3, "N13")  # seat 3: a grain card and no W2 free action -> may answer early
    s = at_feed(s).state
    assert [(p.seat, p.kind) for p in GAME.prompts(s)] == [(0, "D-10"), (3, "D-10")]
    with pytest.raises(IllegalAction):
        act(s, 2, "feed 1 0")
    s, _ = run(s, (3, "feed 1 0"), (0, "feed 1 0"))
    # seat 1 has nothing to decide (auto); seat 2 now decides with its whole W2 window
    assert GAME.current_seats(s) == [2] and kinds(s) == ["D-10"]
    assert "improve N20 N08" in actions(s, 2)
    s, _ = run(s, (2, "improve N20 N08"))
    assert R.field_grain(s, 2) == 13
    o = act(s, 2, "feed 0 0")  # 13 >= 12: no loss, the grain card is kept
    assert o.state["seats"][2]["score"] == 10 and "N47" in o.state["seats"][2]["any"]
    feeds = [e.message.params["player"] for e in o.events if e.message.key == "egizia.ev.feed"]
    assert feeds == [2, 3]  # seat 3's early answer is applied in its own place in score order


@pytest.mark.parametrize("card", ["N21", "N43", "N51"])
def test_D10_no_early_answer_from_a_seat_with_window_actions_EGZ_TIME_3(card):
    """EGZ-TIME-3: N21, N43 and N51 are W2 free actions; a seat holding one answers D-10 only in its own step."""
    s = _feed_board()
    give(s, 2, "N47")
    give(s, 2, card)
    set_player(s, 2, stones=5)
    s = at_feed(s).state
    assert [p.seat for p in GAME.prompts(s)] == [0]
    s, _ = run(s, (0, "feed 0 0"))
    assert GAME.current_seats(s) == [2]
    free = [a for a in actions(s, 2) if a.split()[0] in R.FREE_VERBS]
    assert free, "the W2 free actions are offered in the seat's own step"
