"""Issue 23 item 13 (and issue 21 item 7): every title refuses anything but its canonical spelling and so
stores only canonical action strings (engines/grammar.py, called first by every title's ``apply``).

The sweep takes every legal action of every title along seeded playouts and replaces each character in turn
with digits of other scripts, full-width forms, confusable letters and other spaces: each variant must be
refused with :class:`IllegalAction` (never another exception, never accepted and stored verbatim)."""
from __future__ import annotations

import random

import pytest

from engines import GAME_IDS, get_game
from engines.core import CLAUSE, MAX_DIGITS, IllegalAction, spelling_error
from render.i18n import t

#: digits that ``str.isdigit`` accepts and ``int`` may read: Arabic-Indic, Extended Arabic-Indic, Devanagari,
#: Bengali, full-width, mathematical bold and double-struck, superscript, circled
OTHER_DIGITS = {
    str(d): [chr(0x0660 + d), chr(0x06F0 + d), chr(0x0966 + d), chr(0x09E6 + d), chr(0xFF10 + d),
             chr(0x1D7CE + d), chr(0x1D7D8 + d), "⁰¹²³⁴⁵⁶⁷⁸⁹"[d]] + ([chr(0x2460 + d - 1)] if d else [])
    for d in range(10)
}
#: letters that look like (or case-fold to) ASCII ones
CONFUSABLE = {"a": "аɑα", "c": "сϲ", "e": "еε", "i": "іıι", "o": "оοσ", "p": "рρ", "s": "ѕſ", "x": "х", "y": "уγ",
              "k": "\u212aκ", "l": "Ⅰӏ", "b": "Ь", "h": "һ", "j": "ј", "d": "ԁ", "n": "ո", "g": "ɡ", "r": "г"}
SPACES = ["\u00a0", "\t", "\u3000", "\u2009", "\u200b"]


def variants(ch: str) -> list[str]:
    out = list(OTHER_DIGITS.get(ch, []))
    if "!" <= ch <= "~":
        out.append(chr(ord(ch) + 0xFEE0))  # the full-width form
    out += list(CONFUSABLE.get(ch.lower(), ""))
    if ch == " ":
        out += SPACES
    return out


def legal_actions_along_playouts(title: str, seeds: range, every: int) -> list[tuple[object, int, list[str]]]:
    """(state, seat, the seat's legal actions) at every ``every``-th decision of seeded random playouts."""
    game = get_game(title)
    out = []
    for seed in seeds:
        rnd = random.Random(seed)
        state = game.new_game(game.min_players + seed % 2, None, seed).state
        n = 0
        while not game.is_over(state):
            prompt = rnd.choice(game.prompts(state))
            actions = [o.action for o in prompt.options]
            if n % every == 0:
                out.append((state, prompt.seat, actions))
            state = game.apply(state, prompt.seat, rnd.choice(actions)).state
            n += 1
    return out


@pytest.mark.parametrize("title", GAME_IDS)
def test_every_legal_action_is_canonically_spelled(title: str) -> None:
    for _, _, actions in legal_actions_along_playouts(title, range(1, 4), 1):
        for action in actions:
            assert spelling_error(action) is None, action


@pytest.mark.parametrize("title", GAME_IDS)
def test_a_legal_action_with_any_character_replaced_is_refused(title: str) -> None:
    game = get_game(title)
    tried = 0
    for state, seat, actions in legal_actions_along_playouts(title, range(1, 3), 7):
        for action in actions[:12]:
            for i, ch in enumerate(action):
                for other in variants(ch):
                    typed = action[:i] + other + action[i + 1:]
                    with pytest.raises(IllegalAction) as exc:  # never accepted, never another exception
                        game.apply(state, seat, typed)
                    assert t(exc.value.message, "en"), typed
                    tried += 1
    assert tried > 2000


@pytest.mark.parametrize("typed", ["place 1²", "place 4 s𝟙", "place ４", "place 1\u00a0", "place ١", "place\t1"])
def test_egizia_refuses_digits_that_are_not_ascii(typed: str) -> None:
    """``place 1²`` crashed (``'²'.isdigit()`` is true, ``int('²')`` fails); ``place 4 s𝟙`` was played as
    ``place 4 s1`` and stored verbatim."""
    game = get_game("egizia")
    state = game.new_game(2, None, 1).state
    seat = game.prompts(state)[0].seat
    with pytest.raises(IllegalAction) as exc:
        game.apply(state, seat, typed)
    if typed == "place 4 s𝟙":  # read as "place 4 s1" by the rules: the shared spelling refuses it
        assert exc.value.clause == CLAUSE and "U+1D7D9" in t(exc.value.message, "en")
    else:  # the rules' own refusal where they had one; the shared spelling's where they crashed
        assert exc.value.clause in (CLAUSE, "EGZ-R2-NILE-1", "EGZ-R2-NILE-8") or exc.value.clause.startswith("EGZ")


@pytest.mark.parametrize(("title", "verb"), [("egizia", "place"), ("luxor", "play"), ("luxor", "move"),
                                             ("alhambra", "buy 1")])
@pytest.mark.parametrize("digits", [7, 4301, 5000])
def test_a_huge_number_is_a_clear_refusal(title: str, verb: str, digits: int) -> None:
    """Issue 21 item 7: past 4,300 digits ``int`` raises its own ValueError; the refusal names the number's
    length instead, in every language."""
    game = get_game(title)
    state = game.new_game(2, None, 1).state
    seat = game.prompts(state)[0].seat
    with pytest.raises(IllegalAction) as exc:
        game.apply(state, seat, f"{verb} {'7' * digits}")
    assert exc.value.clause == CLAUSE and exc.value.message.key == "move.err.number_too_long"
    assert f"at most {MAX_DIGITS} digits" in t(exc.value.message, "en")
    for locale in ("cs", "pl"):
        assert str(MAX_DIGITS) in t(exc.value.message, locale)


def test_a_leading_zero_is_refused_and_tile_ids_are_not_numbers() -> None:
    assert spelling_error("place 04") is not None
    assert spelling_error("place CHA-09a 0,0") is None and spelling_error("place SER-06 -1,0") is None
    assert spelling_error("buy 1 7+5") is None and spelling_error("buy 1 07+5") is not None



def test_spelling_memo_keeps_only_canonical_actions_and_stays_bounded() -> None:
    """The memo of canonically spelled actions (``core._SPELLED``) answers a repeated action without reading it
    again; a refused spelling never enters it, so it is refused every time; it is emptied when full."""
    from engines import core

    core._SPELLED.clear()
    assert spelling_error("place 12 a3") is None
    assert "place 12 a3" in core._SPELLED
    for bad in ("place 012 a3", "place 1\u00b2 a3", "take " + "1" * (MAX_DIGITS + 1)):
        for _ in range(2):
            err = spelling_error(bad)
            assert err is not None and err.clause == CLAUSE
        assert bad not in core._SPELLED
    for i in range(core._SPELLED_MAX + 5):
        assert spelling_error(f"take g{i}") is None
        assert len(core._SPELLED) <= core._SPELLED_MAX
    assert spelling_error("place 12 a3") is None
