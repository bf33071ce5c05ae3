"""The spelling every title's actions share, checked before a title reads an action.

Actions are stored in the move log exactly as accepted, so an action must be written in its one canonical
spelling: printable ASCII words separated by single spaces. Python's ``str.isdigit`` and ``int`` accept far
more than ASCII digits (``'²'.isdigit()`` is true and ``int('²')`` fails; ``int('𝟙')`` is 1), so a title that
parsed a number with them could crash on ``place 1²`` or accept ``place 4 s𝟙`` and store it verbatim. The
shared move pipeline (:meth:`engines.core.RulesGame.apply`) calls :func:`spelling_error` first, so no title
sees anything else:

* only printable ASCII (``!`` … ``~``) and spaces (the service writes a move's words with single spaces
  before the engine sees it, and each title refuses empty words in its own terms);
* a number (a run of digits standing alone in a word or between ``+`` and ``,``) has at most
  :data:`MAX_DIGITS` digits (Python refuses to convert more than 4,300, and no rule needs more than a few)
  and no leading zero (``04`` would be stored beside ``4``).
"""
from __future__ import annotations

import re

from .core import IllegalAction

#: the clause a spelling refusal names (not a rule of a game: the grammar all of them share)
CLAUSE = "ACTION-SPELLING"
#: the most digits a number in an action may have
MAX_DIGITS = 6
#: the longest action accepted (Alhambra's longest legal payment is far shorter)
MAX_LENGTH = 400

_NUMBER = re.compile(r"(?<![0-9A-Za-z-])[0-9]+(?![0-9A-Za-z])")


def _shown(action: str) -> str:
    return action if len(action) <= 40 else action[:39] + "…"


def spelling_error(action: str) -> IllegalAction | None:
    """The refusal for an action that is not canonically spelled, or ``None``."""
    bad = next((c for c in action if c != " " and not "!" <= c <= "~"), None)
    if bad is not None:
        return IllegalAction(CLAUSE, "move.err.character", action=_shown(action), char=bad, code=f"U+{ord(bad):04X}")
    for m in _NUMBER.finditer(action):
        number = m.group()
        if len(number) > MAX_DIGITS:
            return IllegalAction(CLAUSE, "move.err.number_too_long", action=_shown(action), digits=len(number),
                                 most=MAX_DIGITS)
        if len(number) > 1 and number[0] == "0":
            return IllegalAction(CLAUSE, "move.err.leading_zero", action=_shown(action), number=number)
    if len(action) > MAX_LENGTH:
        return IllegalAction(CLAUSE, "move.err.too_long", action=_shown(action), n=MAX_LENGTH)
    return None


def check_spelling(action: str) -> None:
    """Raise :class:`IllegalAction` for an action that is not canonically spelled."""
    error = spelling_error(action)
    if error is not None:
        raise error
