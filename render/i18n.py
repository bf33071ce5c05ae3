"""The message catalogue: every text a person reads goes through here.

Catalogues live in ``render/locales/<lang>/*.toml`` (one file per domain: ``bot``,
``alhambra``, ``egizia``, ``luxor``). Nested TOML tables become dotted keys.
English is complete; Czech and Polish fall back to English key by key.
Texts use ``str.format`` fields: ``"{player} bought {tile}"``.
"""
from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from engines.core import Msg

LOCALES = ("en", "cs", "pl")
DEFAULT_LOCALE = "en"
_DIR = Path(__file__).parent / "locales"


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for k, v in table.items():
        key = f"{prefix}.{k}" if prefix else k
        if isinstance(v, dict):
            _flatten(key, v, out)
        else:
            out[key] = str(v)


@cache
def catalogue(locale: str) -> dict[str, str]:
    out: dict[str, str] = {}
    folder = _DIR / locale
    if folder.is_dir():
        for path in sorted(folder.glob("*.toml")):
            with path.open("rb") as fh:
                _flatten("", tomllib.load(fh), out)
    return out


def normalise_locale(locale: str | None) -> str:
    """Map a Discord locale (``"cs"``, ``"pl"``, ``"en-US"`` …) to one of ours."""
    if not locale:
        return DEFAULT_LOCALE
    base = str(locale).split("-")[0].split("_")[0].lower()
    return base if base in LOCALES else DEFAULT_LOCALE


class _Params(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(message: Msg | str, locale: str = DEFAULT_LOCALE, **params: Any) -> str:
    """Translate a :class:`Msg` (or a bare key with ``params``)."""
    if isinstance(message, Msg):
        key, raw = message.key, dict(message.params)
        raw.update(params)
    else:
        key, raw = message, params
    locale = normalise_locale(locale)
    text = catalogue(locale).get(key)
    if text is None:
        text = catalogue(DEFAULT_LOCALE).get(key)
    if text is None:
        return key  # a missing key shows itself; tests check that none is missing
    values = _Params({k: _render_param(v, locale) for k, v in raw.items()})
    try:
        return text.format_map(values)
    except (ValueError, IndexError, AttributeError):
        return text


def _render_param(value: Any, locale: str) -> Any:
    if isinstance(value, Msg):
        return t(value, locale)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(_render_param(v, locale)) for v in value)
    return value


def has_key(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return key in catalogue(locale)
