"""The payments offered per market space (DECISIONS C-06, issue #13 item 7): a short, useful list —
exact payments first, then the least over-payments with fewer cards first, at most a handful — while
every other legal payment can still be typed and is accepted."""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from engines.alhambra import GAME
from engines.alhambra.payments import PAYMENT_OFFER_LIMIT, legal_payments, offered_payments
from engines.alhambra.testing import settle, setup_state

from .helpers import ev_keys, options, play


def _oracle(values: tuple[int, ...], price: int) -> list[tuple[tuple[int, ...], bool]]:
    """Brute force over card subsets: the minimal payments (no card can be dropped), by overpayment,
    then card count, then larger cards first; the first PAYMENT_OFFER_LIMIT."""
    found = set()
    for r in range(1, len(values) + 1):
        for idx in combinations(range(len(values)), r):
            pay = tuple(sorted((values[i] for i in idx), reverse=True))
            if sum(pay) >= price and sum(pay) - pay[-1] < price:
                found.add(pay)
    ranked = sorted(found, key=lambda p: (sum(p) - price, len(p), tuple(-v for v in p)))
    return [(p, sum(p) == price) for p in ranked[:PAYMENT_OFFER_LIMIT]]


def test_issue_example_is_short_exact_first_ALH_BUY_3_BUY_6():
    """ALH-BUY-3, ALH-BUY-6, C-06: a hand 9+6+3+1+1 for a 10 once gave 22 variants; now the two exact
    payments (a further action) come first, then the over-payments by how much they overpay."""
    assert offered_payments((9, 6, 3, 1, 1), 10) == (
        ((9, 1), True), ((6, 3, 1), True), ((9, 3), False), ((9, 6), False))
    assert len(list(legal_payments((9, 6, 3, 1, 1), 10))) == 13  # every legal multiset, all still accepted


def test_exact_first_then_least_overpayment_then_fewer_cards_ALH_BUY_3():
    """ALH-BUY-3, Q-06: the order is exact first, then by overpayment, then fewer cards."""
    offered = offered_payments((8, 5, 4, 3, 2, 2), 7)
    assert [p for p, _ in offered] == [(5, 2), (4, 3), (3, 2, 2), (8,), (5, 3), (4, 2, 2)]  # 8, 5+3 overpay 1
    assert [e for _, e in offered] == [True, True, True, False, False, False]


@pytest.mark.parametrize("seed", range(6))
def test_offered_list_matches_a_brute_force_oracle_ALH_BUY_2_BUY_3(seed):
    """ALH-BUY-2/3: for random hands and prices the offered list is exactly the oracle's: at most
    PAYMENT_OFFER_LIMIT minimal payments, exact ones first, overpayment never decreasing."""
    rnd = random.Random(seed)
    for _ in range(60):
        values = tuple(sorted((rnd.randint(1, 9) for _ in range(rnd.randint(0, 10))), reverse=True))
        price = rnd.randint(2, 13)
        offered = offered_payments(values, price)
        assert list(offered) == _oracle(values, price), (values, price)
        assert len(offered) <= PAYMENT_OFFER_LIMIT
        overs = [sum(p) - price for p, _ in offered]
        assert overs == sorted(overs)
        assert bool(offered) == (sum(values) >= price)


def test_hoarded_hand_offers_a_handful_ALH_BUY_3():
    """ALH-BUY-3: 27 cards of one currency still give at most PAYMENT_OFFER_LIMIT options per space."""
    hand = [f"y{v}" for v in range(1, 10)] * 3
    s = setup_state(3, hands=[hand], market=["TOW-12"], display=["o1", "o2", "o3", "o4"])
    buys = [a for a in options(s) if a.startswith("buy 1 ")]
    assert len(buys) == PAYMENT_OFFER_LIMIT
    assert buys[:4] == ["buy 1 9+3", "buy 1 8+4", "buy 1 7+5", "buy 1 6+6"]  # exact, two cards each


def test_typed_payment_outside_the_list_is_accepted_ALH_BUY_2_BUY_3():
    """ALH-BUY-2/3, Q-06: a legal payment that is not offered (9+6+3+1+1 for a 10) is accepted when
    typed, and the cards go to the discard pile."""
    hand = ["y9", "y6", "y3", "y1", "y1"]
    s = setup_state(3, hands=[hand], market=["TOW-10"], display=["o1", "o2", "o3", "o4"])
    assert "buy 1 9+6+3+1+1" not in options(s)
    s2, ev = play(s, 0, "buy 1 9+6+3+1+1")
    assert ev_keys(ev)[0] == "ev.buy"
    assert s2["players"][0]["hand"] == [] and sorted(s2["discard"]) == sorted(hand)


def test_a_phase_with_two_legal_payments_is_not_auto_resolved_ALH_TURN_5():
    """ALH-TURN-5, DECISIONS (a): a decision resolves itself only when one action is *legal*. Here the
    list offers one payment (9 for a 5) but 9+1 is legal too, so the player still decides."""
    s = setup_state(3, hands=[["y9", "y1"]], market=["PAV-05"], display=[], deck=[], discard=[], rest_money=1)
    out = settle(s)
    assert out.events == () and GAME.prompts(out.state)[0].kind == "C-03"
    assert options(out.state) == ["buy 1 9"]
    alone = setup_state(3, hands=[["y9"]], market=["PAV-05"], display=[], deck=[], discard=[], rest_money=1)
    assert ev_keys(settle(alone).events)[:2] == ["ev.auto", "ev.buy"]
