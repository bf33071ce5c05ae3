"""The message catalogue: every text a person reads goes through here.

Texts are `Project Fluent <https://projectfluent.org>`_ files in
``render/locales/<lang>/*.ftl`` (one file per domain: ``bot``, ``alhambra``,
``egizia``, ``luxor`` and the ``*_render`` texts drawn on the images), read with
``fluent.runtime``. Fluent lets a translation choose its own grammar: CLDR plural
categories (``{ $n -> [one] … [few] … [many] … *[other] … }``, Czech and Polish
have four), and any other selector a language needs.

The engines keep speaking in :class:`~engines.core.Msg` (a dotted key such as
``alhambra.ev.buy`` plus parameters). Fluent ids cannot contain dots, so a key
maps to an id by writing ``.`` as ``-`` and doubling a ``-`` inside a key part
(``egizia.title.D-03`` ↔ ``egizia-title-D--03``); :func:`message_id` and
:func:`catalogue_key` convert both ways.

Parameters: a nested ``Msg`` is translated first (same locale); a list is joined
with ", " (lists are notes as often as conjunctions; :func:`join_list` gives the
reader's "a, b and c" where that is meant); ints and floats stay numbers, so Fluent formats them for the reader's locale and selects plural
forms with Babel's CLDR rules. ``SIGNED($n)`` writes a
number with its sign (``+3``, ``-2``).

Grammatical case: a message may ask for a nested message in a case with an
attribute, ``.case-item = acc``; the nested message then gets ``$case`` (``"acc"``)
and can select its form (``{ $case -> [acc] pyramidu *[nom] pyramida }``). Every
message is given ``$case = "nom"`` unless asked otherwise.

Every shipped locale has every key (tests/platform/test_fluent.py forbids gaps);
should one still be missing at run time, the English text is shown and a warning
is logged, and a key missing everywhere shows itself.
"""
from __future__ import annotations

import contextlib
import datetime as _dt
import logging
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, Literal

from babel.lists import format_list
from babel.numbers import format_decimal
from babel.units import format_unit
from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import FluentParser
from fluent.syntax import ast as fa

from engines.core import Msg

LOCALES = ("en", "cs", "pl")
DEFAULT_LOCALE = "en"
_DIR = Path(__file__).parent / "locales"
log = logging.getLogger(__name__)


# ------------------------------------------------------------------ key <-> Fluent id
def message_id(key: str) -> str:
    """``egizia.title.D-03`` → ``egizia-title-D--03`` (Fluent ids have no dots)."""
    return "-".join(part.replace("-", "--") for part in key.split("."))


def catalogue_key(ident: str) -> str:
    """The inverse of :func:`message_id`."""
    return ".".join(part.replace("\0", "-") for part in ident.replace("--", "\0").split("-"))


# ------------------------------------------------------------------ loading
def _files(locale: str) -> list[Path]:
    folder = _DIR / locale
    return sorted(folder.glob("*.ftl")) if folder.is_dir() else []


@cache
def messages(locale: str) -> dict[str, fa.Message]:
    """The parsed messages of one locale (``fluent.syntax`` AST), by catalogue key."""
    out: dict[str, fa.Message] = {}
    parser = FluentParser(with_spans=False)
    for path in _files(locale):
        resource = parser.parse(path.read_text(encoding="utf-8"))
        for entry in resource.body:
            if isinstance(entry, fa.Junk):
                raise ValueError(f"{path}: cannot parse {(entry.content or '')[:80]!r}")
            if isinstance(entry, fa.Message):
                key = catalogue_key(entry.id.name)
                if key in out:
                    raise ValueError(f"{path}: {key} is defined twice")
                out[key] = entry
    return out


def _signed(value: Any, *_: Any, **__: Any) -> Any:
    """``SIGNED($n)``: ``+3`` / ``-2`` (the sign always shown)."""
    number = int(value)
    return ("+" if number >= 0 else "-") + str(abs(number))


@cache
def _bundle(locale: str) -> FluentBundle:
    bundle = FluentBundle([locale], functions={"SIGNED": _signed}, use_isolating=False)
    for path in _files(locale):
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return bundle


# ------------------------------------------------------------------ a str.format-like preview
def _preview(node: Any, terms: Mapping[str, fa.Message]) -> str:
    if isinstance(node, fa.Pattern):
        return "".join(_preview(e, terms) for e in node.elements)
    if isinstance(node, fa.TextElement):
        return node.value
    if isinstance(node, fa.Placeable):
        return _preview(node.expression, terms)
    if isinstance(node, fa.StringLiteral):
        return node.parse()["value"]
    if isinstance(node, fa.NumberLiteral):
        return node.value
    if isinstance(node, fa.VariableReference):
        return "{" + node.id.name + "}"
    if isinstance(node, fa.FunctionReference):
        args = node.arguments.positional
        inner = _preview(args[0], terms) if args else ""
        if node.id.name == "SIGNED" and inner.startswith("{"):
            return inner[:-1] + ":+d}"
        return inner
    if isinstance(node, fa.SelectExpression):
        default = next(v for v in node.variants if v.default)
        return _preview(default.value, terms)
    if isinstance(node, fa.MessageReference):
        ref = terms.get(catalogue_key(node.id.name))
        return _preview(ref.value, terms) if ref is not None and ref.value is not None else ""
    if isinstance(node, fa.Placeable | fa.TermReference):
        return ""
    return ""


@cache
def catalogue(locale: str) -> dict[str, str]:
    """Every key of one locale with a ``str.format``-like preview of its text.

    Variables appear as ``{name}`` and a selector shows its default variant; it is
    meant for listing keys and checking placeholders, :func:`t` does the real work.
    """
    msgs = messages(locale)
    return {k: _preview(m.value, msgs) for k, m in msgs.items() if m.value is not None}


def has_key(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return key in messages(normalise_locale(locale))


def normalise_locale(locale: str | None) -> str:
    """Map a Discord locale (``"cs"``, ``"pl"``, ``"en-US"`` …) to one of ours."""
    if not locale:
        return DEFAULT_LOCALE
    base = str(locale).split("-")[0].split("_")[0].lower()
    return base if base in LOCALES else DEFAULT_LOCALE


# ------------------------------------------------------------------ translating
_MEMO: dict[tuple[Any, ...], str] = {}
_MEMO_MAX = 50_000


def _freeze(value: Any) -> Any:
    """A hashable stand-in for a parameter value (types kept apart: ``True`` is not ``1``)."""
    if isinstance(value, Msg):
        return ("msg", value.key, tuple(sorted((k, _freeze(v)) for k, v in value.params.items())))
    if isinstance(value, list | tuple):
        return ("seq", *(_freeze(v) for v in value))
    if isinstance(value, dict):
        raise TypeError("unhashable parameter")
    return (type(value).__name__, value)


def t(message: Msg | str, locale: str = DEFAULT_LOCALE, **params: Any) -> str:
    """Translate a :class:`Msg` (or a bare key with ``params``). Results are remembered (the same
    message in the same language is formatted once: boards and option lists repeat a lot of text)."""
    if isinstance(message, Msg):
        key, raw = message.key, dict(message.params)
        raw.update(params)
    else:
        key, raw = message, params
    locale = normalise_locale(locale)
    memo: tuple[Any, ...] | None = None
    with contextlib.suppress(TypeError):  # a parameter that cannot be remembered (a dict): format every time
        memo = (key, locale, tuple(sorted((k, _freeze(v)) for k, v in raw.items())))
    if memo is not None:
        hit = _MEMO.get(memo)
        if hit is not None:
            return hit
    text, clean = _translate(key, raw, locale)
    if memo is not None and clean:
        if len(_MEMO) >= _MEMO_MAX:
            _MEMO.clear()
        _MEMO[memo] = text
    return text


def _translate(key: str, raw: dict[str, Any], locale: str) -> tuple[str, bool]:
    """The text, and whether it came out clean (only clean texts are remembered, so a problem is
    logged every time it happens)."""
    lang = locale
    bundle = _bundle(lang)
    ident = message_id(key)
    if not bundle.has_message(ident):
        if lang != DEFAULT_LOCALE and _bundle(DEFAULT_LOCALE).has_message(ident):
            log.warning("catalogue: %s has no %r, showing English", lang, key)
            lang, bundle = DEFAULT_LOCALE, _bundle(DEFAULT_LOCALE)
        else:
            log.warning("catalogue: no message %r", key)
            return key, False
    message = bundle.get_message(ident)
    pattern = message.value
    if pattern is None:
        return key, False
    clean = lang == locale
    cases = _cases_of(lang, ident)
    args: dict[str, Any] = {"case": "nom"}  # a message that declines itself gets its case; default nominative
    for k, v in raw.items():
        if k in cases and isinstance(v, Msg):
            v = Msg(v.key, {**v.params, "case": cases[k]})
        value, ok = _param(v, locale)
        args[k] = value
        clean = clean and ok
    text, errors = bundle.format_pattern(pattern, args)
    if errors:
        log.warning("catalogue: %s %r: %s", lang, key, "; ".join(map(str, errors)))
    return str(text), clean and not errors


@cache
def _cases_of(locale: str, ident: str) -> dict[str, str]:
    """``.case-item = acc`` on a message: its nested message ``$item`` is rendered with ``$case = acc``."""
    bundle = _bundle(locale)
    out = {}
    for name, pat in bundle.get_message(ident).attributes.items():
        if name.startswith("case-"):
            text, _ = bundle.format_pattern(pat, {})
            out[name[len("case-"):]] = str(text).strip()
    return out


def _param(value: Any, locale: str) -> tuple[Any, bool]:
    if isinstance(value, Msg):
        return _translate(value.key, dict(value.params), locale)
    if isinstance(value, list | tuple):
        parts = [_param(v, locale) for v in value]
        return ", ".join(str(p) for p, _ in parts), all(ok for _, ok in parts)
    if isinstance(value, bool) or value is None:
        return str(value), True
    if isinstance(value, int | float | str | _dt.date):
        return value, True
    return str(value), True


# ------------------------------------------------------------------ numbers, lists, durations
def format_number(value: float, locale: str = DEFAULT_LOCALE) -> str:
    """``12345`` → ``12,345`` (en), ``12 345`` (cs, pl)."""
    return format_decimal(value, locale=normalise_locale(locale))


def join_list(items: Iterable[str], locale: str = DEFAULT_LOCALE) -> str:
    """``a, b and c`` / ``a, b a c`` / ``a, b i c`` in the reader's language."""
    return format_list(list(items), locale=normalise_locale(locale))


_UNITS = (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1))


def format_duration(value: float | _dt.timedelta, locale: str = DEFAULT_LOCALE, *, parts: int = 2,
                    width: Literal["short", "long", "narrow"] = "short") -> str:
    """A duration in the reader's language: the largest unit and up to ``parts - 1`` after it.

    ``format_duration(100800, "cs")`` → ``1 den 4 h``, ``"pl"`` → ``1 dzień 4 godz.``,
    ``"en"`` → ``1 day 4 hr``; ``width`` is Babel's ``long``/``short``/``narrow``.
    """
    seconds = max(0, int(value.total_seconds() if isinstance(value, _dt.timedelta) else value))
    loc = normalise_locale(locale)
    amounts = []
    rest = seconds
    for unit, size in _UNITS:
        amount, rest = divmod(rest, size)
        amounts.append((unit, amount))
    first = next((i for i, (_, a) in enumerate(amounts) if a), len(amounts) - 1)
    chosen = [(u, a) for u, a in amounts[first:first + parts] if a] or [amounts[first]]
    return " ".join(format_unit(a, f"duration-{u}", length=width, locale=loc) for u, a in chosen)


def format_datetime(value: _dt.datetime, locale: str = DEFAULT_LOCALE, *,
                    width: Literal["full", "long", "medium", "short"] = "medium") -> str:
    """A date and time in the reader's format (``24. 11. 2026 22:08:07`` in Czech)."""
    from babel.dates import format_datetime as _fmt

    return _fmt(value, format=width, locale=normalise_locale(locale))
