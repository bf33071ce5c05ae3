"""Rules audit: regression tests for discrepancies found in review (each names its clause).

Seats: Red = 0, Green = 1, Blue = 2.
"""
from __future__ import annotations

from engines.core import clone
from engines.luxor import GAME, data, rules
from engines.luxor import scenario as sc
from render.i18n import t

from .helpers import RED, actions, base, do, prompt

LOCALES = ("en", "cs", "pl")


def _c06_options(st, card: str, roll: int | None = None):
    """The C-06 options Red would get for ``card`` in this position (without playing it)."""
    st = clone(st)
    st["turn"] = rules.new_turn(RED)
    st["turn"]["card"], st["turn"]["roll"] = card, roll
    st["current"] = RED
    st["pending"] = {"kind": "C-06", "seat": RED}
    return GAME._options(st)


def _double_osiris_state():
    """Osiris 9 = 4 and 16 = 2 with empty spaces between: a move from 5 or 6 runs through both
    Osiris tiles, passes statues 7 and 18 (Red lies at both) and ends on a wild-or-scarab tile."""
    st = base()
    sc.set_osiris(st, {9: 4, 16: 2, 24: 1, 36: 3})
    for pos in (10, 13, 15, 19):
        sc.set_tile(st, pos, None)
    sc.set_tile(st, 20, ("temple", "wild_or_scarab"))
    sc.set_adventurers(st, RED, active=[0, 6, 5], lying=[7, 18])
    return st


def test_move_labels_fit_discord_autocomplete_C06_LUX_LEGAL_1():
    """C-06 / LUX-LEGAL-1: every movement option label fits Discord's 100 characters in every
    locale, even for a move through two Osiris tiles that wakes two lying adventurers."""
    st = _double_osiris_state()
    opts = _c06_options(st, "H3-1")  # 1-5
    long_move = [o for o in opts if o.action in ("move 5 3", "move 6 2")]
    assert len(long_move) == 2
    r = rules.resolve(st, 5, 3, 0)
    assert r["osiris"] == [9, 16] and rules.passed_statues(r["trace"]) == [7, 18] and r["end"] == 20
    for o in opts:
        for loc in LOCALES:
            text = t(o.label, loc)
            assert len(text) <= 100, (loc, len(text), text)
    # the label still names both Osiris tiles and both statues
    en = t(long_move[0].label, "en")
    assert "9" in en and "16" in en and "7" in en and "18" in en and "20" in en


def test_step_count_label_is_grammatical_C06_LUX_CARD_H03():
    """C-06 / LUX-CARD-H03: a 1-X option for one step does not say "1 steps" (or "1 kroků", "1 kroków")."""
    st = base()
    sc.set_adventurers(st, RED, active=[10, 0], lying=[7, 18, 29])
    opts = {o.action: o for o in _c06_options(st, "H1-1")}
    one = opts["move 10 1"].label
    assert t(one, "en").startswith("1 step:")
    assert t(one, "cs").startswith("1 krok:")
    assert t(one, "pl").startswith("1 krok:")
    three = opts["move 10 3"].label
    assert t(three, "en").startswith("3 steps:")
    assert t(three, "cs").startswith("3 kroky:")
    assert t(three, "pl").startswith("3 kroki:")
    five = _c06_options(st, "H3-1")
    five = next(o for o in five if o.action == "move 10 5").label
    assert t(five, "cs").startswith("5 kroků:") and t(five, "pl").startswith("5 kroków:")
