"""The spelling every title's actions share, checked before a title reads an action.

Actions are stored in the move log exactly as accepted, so an action must be written in its one canonical
spelling: printable ASCII words separated by single spaces. Python's ``str.isdigit`` and ``int`` accept far
more than ASCII digits (``'²'.isdigit()`` is true and ``int('²')`` fails; ``int('𝟙')`` is 1), so a title that
parsed a number with them could crash on ``place 1²`` or accept ``place 4 s𝟙`` and store it verbatim. The
shared move pipeline (:meth:`engines.core.RulesGame.apply`, and the titles' own ``apply``) runs each title's
check through :func:`checked`, so no title carries out anything else:

* only printable ASCII (``!`` … ``~``) and spaces (the service writes a move's words with single spaces
  before the engine sees it, and each title refuses empty words in its own terms);
* a number (a run of digits standing alone in a word or between ``+`` and ``,``) has at most
  :data:`MAX_DIGITS` digits (Python refuses to convert more than 4,300, and no rule needs more than a few)
  and no leading zero (``04`` would be stored beside ``4``).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

from .core import IllegalAction

T = TypeVar("T")

#: the clause a spelling refusal names (not a rule of a game: the grammar all of them share)
CLAUSE = "ACTION-SPELLING"
#: the most digits a number in an action may have
MAX_DIGITS = 6
#: the longest action accepted (Alhambra's longest legal payment is far shorter)
MAX_LENGTH = 400

_NUMBER = re.compile(r"(?<![0-9A-Za-z-])[0-9]+(?![0-9A-Za-z])")
#: what can make a printable ASCII action non-canonical: a number with a leading zero, or of 7 digits or more
_SUSPECT = re.compile(rf"(?<![0-9A-Za-z-])(?:0[0-9]|[0-9]{{{MAX_DIGITS + 1}}})")


def _shown(action: str) -> str:
    return action if len(action) <= 40 else action[:39] + "…"


def size_error(action: str) -> IllegalAction | None:
    """The refusal for an action too long, or holding a number of more than :data:`MAX_DIGITS` digits (no
    title's own refusal says more about that, and ``int`` would fail past 4,300 digits), or ``None``."""
    for m in _NUMBER.finditer(action):
        if len(m.group()) > MAX_DIGITS:
            return IllegalAction(CLAUSE, "move.err.number_too_long", action=_shown(action), digits=len(m.group()),
                                 most=MAX_DIGITS)
    if len(action) > MAX_LENGTH:
        return IllegalAction(CLAUSE, "move.err.too_long", action=_shown(action), n=MAX_LENGTH)
    return None


def spelling_error(action: str) -> IllegalAction | None:
    """The refusal for an action that is not canonically spelled (a character outside printable ASCII, a
    number with a leading zero, or :func:`size_error`), or ``None``."""
    if action.isascii() and action.isprintable() and len(action) <= MAX_LENGTH and _SUSPECT.search(action) is None:
        return None  # the common case, quickly (bots apply thousands of actions a second)
    early = size_error(action)
    if early is not None:
        return early
    bad = next((c for c in action if c != " " and not "!" <= c <= "~"), None)
    if bad is not None:
        return IllegalAction(CLAUSE, "move.err.character", action=_shown(action), char=bad, code=f"U+{ord(bad):04X}")
    for m in _NUMBER.finditer(action):
        if len(m.group()) > 1 and m.group()[0] == "0":
            return IllegalAction(CLAUSE, "move.err.leading_zero", action=_shown(action), number=m.group())
    return None


def checked(action: str, check: Callable[[], T]) -> T:
    """Run a title's check of ``action`` (which pending decision it answers) behind the shared spelling.

    A canonically spelled action goes to the title as it is. Otherwise an oversized one is refused at once
    (:func:`size_error`); any other is still shown to the title first, so a refusal it already gave (with its
    own clause: Luxor's "garbage", Alhambra's ``start 01``) stays as it was, and only where the title would
    have accepted it (``place 4 s𝟙`` read as ``s1``) or failed on it (``int('²')``) is the spelling refusal
    raised: nothing but a canonical action is ever carried out, hence stored."""
    refusal = spelling_error(action)
    if refusal is None:
        return check()
    if refusal.message.key in ("move.err.number_too_long", "move.err.too_long"):
        raise refusal
    try:
        check()
    except IllegalAction:
        raise
    except (ValueError, KeyError, IndexError, TypeError):
        pass  # a title reading a number with int() after str.isdigit(): the spelling says what is wrong
    raise refusal


def check_spelling(action: str) -> None:
    """Raise :class:`IllegalAction` for an action that is not canonically spelled."""
    error = spelling_error(action)
    if error is not None:
        raise error
