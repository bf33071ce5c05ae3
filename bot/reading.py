"""How a line typed at the console becomes a move: numbers from the list shown, console commands, moves in
any case and spacing, moves typed as the list writes them, and suggestions for what is not understood."""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engines import get_game
from engines.core import Option
from render.i18n import t

COMMANDS = ("help", "list", "board", "hand", "history", "undo", "record", "quit", "exit")


def normalise(line: str) -> str:
    """One space between words, none after a comma or around a plus: ``place ser-06 1, 0`` → ``place ser-06 1,0``."""
    line = re.sub(r"\s*,\s*", ",", line.strip())
    line = re.sub(r"\s*\+\s*", "+", line)
    return " ".join(line.split())


def action_key(action: str) -> tuple[Any, ...]:
    """What an action means regardless of case and of the order of ``+``-joined parts."""
    return tuple(tuple(sorted(tok.split("+"))) if "+" in tok else tok
                 for tok in normalise(action).lower().split())


def _recase(line: str, options: list[Option], known: Mapping[str, str] | None = None) -> str:
    """Write each typed token as the game spells it: a word the game knows (a token of a legal action, or a
    name on the board such as a tile id ``CHA-09a``) in its own spelling; otherwise in the case the legal
    actions use at that position (``ser-06`` → ``SER-06``)."""
    toks = line.split()
    same_verb = [o.action.split() for o in options if o.action.split()[0].lower() == toks[0].lower()]
    spelled = dict(known or {})
    for action in same_verb:
        for tok in action:
            spelled.setdefault(tok.lower(), tok)
    out = []
    for i, tok in enumerate(toks):
        if tok.lower() in spelled:
            out.append(spelled[tok.lower()])
            continue
        seen = [a[i] for a in same_verb if len(a) > i and any(c.isalpha() for c in a[i])]
        upper = bool(seen) and all(x == x.upper() for x in seen)
        out.append(tok.upper() if upper else tok.lower())
    return " ".join(out)


def known_words(view: Any) -> dict[str, str]:
    """The words on a public view (tile ids, card names …), lower-cased → their spelling: a token typed in
    another case is written back as the board writes it (half of Alhambra's tile ids end in a/b/c)."""
    out: dict[str, str] = {}
    stack = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if 1 < len(item) <= 16 and " " not in item and any(c.isalpha() for c in item):
                out.setdefault(item.lower(), item)
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return out


def label_key(text: str) -> str:
    """A label or a typed line compared regardless of case, spacing and spacing after commas."""
    return normalise(text).casefold()


def typed_words(title: str, line: str, locale: str) -> str:
    """A move typed in words as the list writes it, in the game's own spelling (``Take green 3`` → ``take g3``
    in Alhambra): each game declares how (:meth:`engines.core.Game.typed_move`), in English and ``locale``."""
    return get_game(title).typed_move(line, lambda m: [t(m, loc) for loc in dict.fromkeys(("en", locale))])


@dataclass
class Reading:
    """What a typed line means: a console command, an action, a sub-list to show, or nothing known."""

    kind: str  # "empty" | "command" | "action" | "list" | "bad_number" | "unknown"
    action: str = ""
    options: tuple[Option, ...] = ()
    suggestions: tuple[str, ...] = ()


def interpret(line: str, options: list[Option], shown: list[Option], verbs: Iterable[str] = (),
              labels: Mapping[str, str] | None = None, known: Mapping[str, str] | None = None) -> Reading:
    """Read a line typed at the hot-seat prompt.

    A number picks from the list shown last. A command is any of :data:`COMMANDS`. A move may be written
    in any case, with any spacing after commas, and with ``+``-joined parts in any order: it is the legal
    move it names when exactly one matches. A move may also be typed as the list shows it (``labels``:
    each option's label as printed → its action; ``Take green 3``). Whole leading words (``place``,
    ``place SER-06``) list the moves that start with them. A line starting with a verb of the legal moves,
    or with any verb of the game (``verbs``: a move well formed but not allowed right now), goes to the
    rules (which accept any legal move, listed or not, and name the rule a wrong one breaks), each word
    spelled as the game spells it (``known``: the board's words, such as tile ids); anything else is an
    unknown command, with the closest moves and commands suggested.
    """
    text = normalise(line)
    if not text:
        return Reading("empty")
    toks = text.split()
    low = [x.lower() for x in toks]
    if low[0] in COMMANDS and len(toks) == 1:
        return Reading("command", low[0])
    if text.isascii() and text.isdigit():
        i = int(text)
        if 1 <= i <= len(shown):
            return Reading("action", shown[i - 1].action)
        return Reading("bad_number", options=tuple(shown))
    key = action_key(text)
    exact = [o for o in options if action_key(o.action) == key]
    if len(exact) == 1:
        return Reading("action", exact[0].action)
    if labels and label_key(text) in labels:
        return Reading("action", labels[label_key(text)])
    prefix = [o for o in options if [x.lower() for x in o.action.split()[: len(low)]] == low]
    if prefix:
        return Reading("list", options=tuple(prefix))
    verbs = {o.action.split()[0].lower() for o in options} | {v.lower() for v in verbs}
    if low[0] in verbs:
        return Reading("action", _recase(text, options, known))
    pool = {o.action.lower(): o.action for o in options} | {c: c for c in COMMANDS}
    near = difflib.get_close_matches(text.lower(), list(pool), n=3, cutoff=0.5)
    if not near:  # the verb alone: "plce" → "place …"
        verb_near = difflib.get_close_matches(low[0], sorted(verbs | set(COMMANDS)), n=2, cutoff=0.6)
        near = [v if v in COMMANDS else f"{v} …" for v in verb_near]
        return Reading("unknown", suggestions=tuple(near))
    return Reading("unknown", suggestions=tuple(pool[n] for n in near))
