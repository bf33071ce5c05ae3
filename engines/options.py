"""The one parser of game options written as ``key=value`` (Discord's ``/game new options:`` and the command
line's ``--option``), typed by the game's :class:`~engines.core.OptionSpec`.

Pure: no I/O. Every refusal is an :class:`OptionError` carrying one catalogue message that names the option
and its allowed values; nothing else is ever raised, whatever the text.

* keys are matched case-insensitively, ``-`` and ``_`` alike; an unknown key gets a did-you-mean;
* a yes/no option takes ``true/false``, ``yes/no`` or ``on/off`` in any case, never ``1``/``0``;
* a number option takes plain ASCII digits with an optional sign, at most :data:`MAX_DIGITS` of them
  (so ``--5``, ``²``, ``1e3`` or a 5000-digit number are refused), within the spec's values or range;
* a choice option takes one of its values, case-insensitively (with a did-you-mean);
* an option given twice is refused.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from typing import Any

from .core import Game, Msg, OptionSpec

TRUE_WORDS = ("true", "yes", "on")
FALSE_WORDS = ("false", "no", "off")
MAX_DIGITS = 9
_INT = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
_SHOWN = 40  # characters of a refused value repeated in the message


class OptionError(Exception):
    """A refused option text. ``message`` is the catalogue message to show."""

    def __init__(self, key: str, **params: Any) -> None:
        self.message = Msg(key, params)
        super().__init__(key)


def _show(text: str) -> str:
    text = "".join(c if c.isprintable() else "?" for c in text)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _is_bool(spec: OptionSpec) -> bool:
    return isinstance(spec.default, bool)


def _is_int(spec: OptionSpec) -> bool:
    values = (spec.default, *spec.allowed)
    return all(isinstance(v, int) and not isinstance(v, bool) for v in values)


def value_text(value: Any) -> str:
    """How a value is written in option text: ``true``/``false`` for booleans."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def allowed_text(spec: OptionSpec) -> Msg | str:
    """The allowed values of an option, for messages: ``true or false``, ``13 or more``, ``1–4``, ``a, b``."""
    if _is_bool(spec):
        return Msg("options.allowed_bool")
    if _is_int(spec):
        if spec.minimum is not None:
            return Msg("options.at_least", {"n": spec.minimum})
        values = sorted(set(spec.allowed))
        runs: list[str] = []
        i = 0
        while i < len(values):
            j = i
            while j + 1 < len(values) and values[j + 1] == values[j] + 1:
                j += 1
            runs.append(f"{values[i]}–{values[j]}" if j - i >= 2 else ", ".join(map(str, values[i : j + 1])))
            i = j + 1
        return ", ".join(runs)
    return ", ".join(value_text(v) for v in spec.allowed)


def _refuse_value(game: Game, spec: OptionSpec, raw: str, candidates: Iterable[str] = ()) -> OptionError:
    params: dict[str, Any] = {"name": spec.name, "allowed": allowed_text(spec), "value": _show(raw)}
    close = difflib.get_close_matches(raw.lower(), list(candidates), n=1, cutoff=0.6)
    if close:
        return OptionError("options.value_hint", suggestion=close[0], **params)
    return OptionError("options.value", **params)


def parse_value(game: Game, spec: OptionSpec, raw: str) -> Any:
    """One option's value text → its typed value, or :class:`OptionError`."""
    text = raw.strip()
    if _is_bool(spec):
        low = text.lower()
        if low in TRUE_WORDS:
            return True
        if low in FALSE_WORDS:
            return False
        raise _refuse_value(game, spec, raw, (*TRUE_WORDS, *FALSE_WORDS))
    if _is_int(spec):
        if not text.isascii() or not _INT.fullmatch(text):
            raise _refuse_value(game, spec, raw)
        number = int(text)
        in_range = spec.minimum is not None and number >= spec.minimum
        if number not in spec.allowed and not in_range:
            raise _refuse_value(game, spec, raw)
        return number
    by_text = {value_text(v).lower(): v for v in spec.allowed}
    if text.lower() in by_text:
        return by_text[text.lower()]
    raise _refuse_value(game, spec, raw, by_text)


def _pairs(source: str | Iterable[str] | None) -> list[str]:
    if source is None:
        return []
    if isinstance(source, str):
        return source.replace(",", " ").split()
    return [part for item in source for part in str(item).replace(",", " ").split()]


def parse_options(game: Game, source: str | Iterable[str] | None) -> dict[str, Any]:
    """``"open_hands=true start_player_tiebreak=host_choice"`` (or a list of such pairs) → typed options.

    Only the options written are returned (the game's defaults fill in the rest). Raises only
    :class:`OptionError`.
    """
    specs = {s.name: s for s in game.option_specs}
    out: dict[str, Any] = {}
    for part in _pairs(source):
        key, sep, raw = part.partition("=")
        name = key.strip().lower().replace("-", "_")
        if not sep or not name:
            raise OptionError("options.syntax", part=_show(part))
        spec = specs.get(name)
        if spec is None:
            close = difflib.get_close_matches(name, list(specs), n=1, cutoff=0.6)
            game_name = Msg(f"game.{game.id}")
            if close:
                raise OptionError("options.unknown_hint", name=_show(key), game=game_name, suggestion=close[0])
            raise OptionError("options.unknown", name=_show(key), game=game_name,
                              known=", ".join(specs) or "—")
        if name in out:
            raise OptionError("options.duplicate", name=name)
        out[name] = parse_value(game, spec, raw)
    return out


def options_text(options: Mapping[str, Any]) -> str:
    """The inverse of :func:`parse_options`: ``key=value`` pairs separated by spaces."""
    return " ".join(f"{k}={value_text(v)}" for k, v in options.items())
