"""Discord's documented limits that its OpenAPI schemas do not encode.

Each check returns ``(path in body, rule)`` pairs; an empty list means the body is fine.
Sources: Discord's developer documentation (message components, embeds, application
commands, interactions, uploads), as summarised in ``../shared/discord-api-spec/README.md``.

* components: a non-custom emoji must be an emoji Discord renders (the ``emoji`` package's
  list of fully-qualified/component Unicode emoji; e.g. U+1F0A0 🂠 is a Unicode *character*
  but no emoji, and Discord answers 400 "Invalid emoji"), a custom one needs an ``id``;
  ≤ 5 action rows; ≤ 5 buttons a row; a select alone in its row; ≤ 25 select options with
  unique values; a button has a label or an emoji, a custom_id unless it is a link; custom_ids
  unique within a message;
* content ≤ 2000 characters; ≤ 10 embeds, 6000 characters in all; title 256, description
  4096, ≤ 25 fields, field name 256 / value 1024 (both non-empty), footer 2048, author 256;
* application commands: names 1–32, ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` and in
  lower case, descriptions 1–100, ≤ 25 options, required options first, unique names,
  ≤ 25 choices (name 1–100, string value ≤ 100), localisations keyed by Discord's locales;
* autocomplete results: ≤ 25, name 1–100, value ≤ 100;
* uploads: every ``files[n]`` is described in ``attachments`` and the request's files add up to
  at most the attachment size limit (10 MiB in a server without boosts); an embed's
  ``attachment://name`` names an uploaded file.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import emoji
import regex

from .spec import locales

Problems = list[tuple[str, str]]

NAME_RE = regex.compile(r"^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TOTAL = 6000
ACTION_ROWS_MAX = 5
BUTTONS_PER_ROW = 5
SELECT_OPTIONS_MAX = 25
CHOICES_MAX = 25
OPTIONS_MAX = 25
ATTACHMENT_LIMIT = 10 * 1024 * 1024  # bytes per request, a server without boosts
EPHEMERAL = 1 << 6
# message flags a bot may set when it sends a message (SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS,
# IS_COMPONENTS_V2); EPHEMERAL only on interaction responses and followups
SEND_FLAGS = (1 << 2) | (1 << 12) | (1 << 15)

BUTTON, STRING_SELECT = 2, 3
SELECTS = {3, 5, 6, 7, 8}
LINK_STYLE, PREMIUM_STYLE = 5, 6


def _p(*parts: Any) -> str:
    return "/".join(str(p) for p in parts if p != "")


def is_discord_emoji(name: str) -> bool:
    """A Unicode emoji Discord renders: one emoji (with its modifiers/ZWJ sequence), nothing else."""
    return bool(name) and emoji.is_emoji(name)


def check_emoji(e: Any, where: str) -> Problems:
    if not isinstance(e, dict):
        return []
    if e.get("id"):
        return [] if e.get("name") is None or isinstance(e.get("name"), str) else [(where, "custom emoji name must be a string")]
    name = e.get("name") or ""
    if not is_discord_emoji(name):
        cps = " ".join(f"U+{ord(c):04X}" for c in name)
        return [(_p(where, "name"), f"invalid emoji: {name!r} ({cps}) is not an emoji Discord knows, and no custom emoji id is given")]
    return []


def check_components(components: Any, where: str = "components") -> Problems:
    out: Problems = []
    if not isinstance(components, list):
        return out
    if len(components) > ACTION_ROWS_MAX:
        out.append((where, f"{len(components)} action rows; at most {ACTION_ROWS_MAX}"))
    custom_ids: dict[str, str] = {}
    for r, row in enumerate(components):
        rp = _p(where, r)
        if not isinstance(row, dict) or row.get("type") != 1:
            continue
        items = row.get("components") or []
        buttons = [c for c in items if isinstance(c, dict) and c.get("type") == BUTTON]
        selects = [c for c in items if isinstance(c, dict) and c.get("type") in SELECTS]
        if len(buttons) > BUTTONS_PER_ROW:
            out.append((_p(rp, "components"), f"{len(buttons)} buttons in a row; at most {BUTTONS_PER_ROW}"))
        if selects and len(items) > 1:
            out.append((_p(rp, "components"), "a select menu must be alone in its action row"))
        for i, c in enumerate(items):
            cp = _p(rp, "components", i)
            if not isinstance(c, dict):
                continue
            cid = c.get("custom_id")
            if cid is not None:
                if cid in custom_ids:
                    out.append((_p(cp, "custom_id"), f"custom_id {cid!r} is used twice in one message (also at {custom_ids[cid]})"))
                custom_ids[cid] = cp
            if c.get("type") == BUTTON:
                style = c.get("style")
                if not c.get("label") and not c.get("emoji") and style != PREMIUM_STYLE:
                    out.append((cp, "a button needs a label or an emoji"))
                if style == LINK_STYLE:
                    if not c.get("url") or cid is not None:
                        out.append((cp, "a link button has a url and no custom_id"))
                elif style != PREMIUM_STYLE and not cid:
                    out.append((cp, "a non-link button needs a custom_id"))
                out += check_emoji(c.get("emoji"), _p(cp, "emoji"))
            elif c.get("type") == STRING_SELECT:
                options = c.get("options") or []
                if len(options) > SELECT_OPTIONS_MAX:
                    out.append((_p(cp, "options"), f"{len(options)} select options; at most {SELECT_OPTIONS_MAX}"))
                values = [o.get("value") for o in options if isinstance(o, dict)]
                if len(set(values)) != len(values):
                    out.append((_p(cp, "options"), "select option values must be unique"))
                lo, hi = c.get("min_values", 1), c.get("max_values", 1)
                if lo is not None and hi is not None and (lo > hi or hi > len(options)):
                    out.append((cp, f"min_values {lo} / max_values {hi} do not fit {len(options)} options"))
                for k, o in enumerate(options):
                    if isinstance(o, dict):
                        out += check_emoji(o.get("emoji"), _p(cp, "options", k, "emoji"))
    return out


def check_embeds(embeds: Any, where: str = "embeds") -> Problems:
    out: Problems = []
    if not isinstance(embeds, list):
        return out
    if len(embeds) > EMBEDS_MAX:
        out.append((where, f"{len(embeds)} embeds; at most {EMBEDS_MAX}"))
    total = 0
    for n, e in enumerate(embeds):
        ep = _p(where, n)
        if not isinstance(e, dict):
            continue

        def field(value: Any, limit: int, path: str, required: bool = False) -> int:
            if value is None:
                if required:
                    out.append((path, "must not be empty"))
                return 0
            text = str(value)
            if required and not text.strip():
                out.append((path, "must not be empty"))
            if len(text) > limit:
                out.append((path, f"{len(text)} characters; at most {limit}"))
            return len(text)

        total += field(e.get("title"), 256, _p(ep, "title"))
        total += field(e.get("description"), 4096, _p(ep, "description"))
        total += field((e.get("footer") or {}).get("text"), 2048, _p(ep, "footer", "text"))
        total += field((e.get("author") or {}).get("name"), 256, _p(ep, "author", "name"))
        fields = e.get("fields") or []
        if len(fields) > 25:
            out.append((_p(ep, "fields"), f"{len(fields)} fields; at most 25"))
        for k, f in enumerate(fields):
            total += field(f.get("name"), 256, _p(ep, "fields", k, "name"), required=True)
            total += field(f.get("value"), 1024, _p(ep, "fields", k, "value"), required=True)
    if total > EMBED_TOTAL:
        out.append((where, f"embeds hold {total} characters in all; at most {EMBED_TOTAL}"))
    return out


def check_allowed_mentions(am: Any, where: str = "allowed_mentions") -> Problems:
    if not isinstance(am, dict):
        return []
    out: Problems = []
    parse = am.get("parse") or []
    for kind in ("users", "roles"):
        if kind in parse and am.get(kind):
            out.append((where, f"'{kind}' both in parse and as a list (Discord refuses the combination)"))
    return out


def check_message(body: Any, where: str = "", interaction_reply: bool = False) -> Problems:
    """A message body: channel message, interaction response data, webhook/followup message or edit."""
    if not isinstance(body, dict):
        return []
    out: Problems = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > CONTENT_MAX:
        out.append((_p(where, "content"), f"{len(content)} characters; at most {CONTENT_MAX}"))
    flags = body.get("flags") or 0
    allowed = SEND_FLAGS | (EPHEMERAL if interaction_reply else 0)
    if isinstance(flags, int) and flags & ~allowed:
        out.append((_p(where, "flags"), f"flags {flags} include bits a bot may not set here"))
    out += check_components(body.get("components"), _p(where, "components"))
    out += check_embeds(body.get("embeds"), _p(where, "embeds"))
    out += check_allowed_mentions(body.get("allowed_mentions"), _p(where, "allowed_mentions"))
    return out


def check_not_empty(body: Any, files: dict[str, int]) -> Problems:
    """A new message needs content, an embed, a component, a file, a sticker or a poll (Discord: 50006)."""
    b = body if isinstance(body, dict) else {}
    if b.get("content") or b.get("embeds") or b.get("components") or files or b.get("sticker_ids") or b.get("poll"):
        return []
    return [("", "an empty message: Discord refuses it (50006 Cannot send an empty message)")]


def pinged(body: Any, content: str) -> set[int]:
    """The user ids a message's content actually notifies, given its ``allowed_mentions``."""
    import re

    mentioned = {int(x) for x in re.findall(r"<@!?(\d+)>", content or "")}
    am = (body or {}).get("allowed_mentions") if isinstance(body, dict) else None
    if am is None:
        return mentioned
    if "users" in (am.get("parse") or []):
        return mentioned
    return mentioned & {int(x) for x in am.get("users") or []}


def check_uploads(body: Any, files: dict[str, int], where: str = "") -> Problems:
    """``files``: form field name (``files[0]``) → size in bytes."""
    out: Problems = []
    total = sum(files.values())
    if total > ATTACHMENT_LIMIT:
        out.append(("files", f"{total} bytes of files; at most {ATTACHMENT_LIMIT} per request"))
    described = {}
    for a in (body or {}).get("attachments") or []:
        if isinstance(a, dict):
            described[str(a.get("id"))] = a.get("filename")
    names: set[str] = set()
    for field_name in files:
        n = field_name[len("files["):-1] if field_name.startswith("files[") else field_name
        if n not in described:
            out.append((field_name, "uploaded file not described in attachments"))
        elif described[n]:
            names.add(str(described[n]))
    for k, e in enumerate((body or {}).get("embeds") or []):
        for key in ("image", "thumbnail"):
            url = ((e or {}).get(key) or {}).get("url") or ""
            if url.startswith("attachment://") and url[len("attachment://"):] not in names and files:
                out.append((_p(where, "embeds", k, key, "url"), f"{url} names no uploaded file"))
    return out


def check_localizations(loc: Any, where: str, name_rules: bool, limit: int) -> Problems:
    out: Problems = []
    if not isinstance(loc, dict):
        return out
    known = set(locales())
    for key, value in loc.items():
        if key not in known:
            out.append((_p(where, key), f"{key!r} is not one of Discord's locales"))
        if name_rules:
            out += check_name(value, _p(where, key))
        elif not isinstance(value, str) or not 1 <= len(value) <= limit:
            out.append((_p(where, key), f"must be 1–{limit} characters"))
    return out


def check_name(name: Any, where: str) -> Problems:
    if not isinstance(name, str) or not NAME_RE.match(name):
        return [(where, f"{name!r}: command and option names are 1–32 letters, digits, - _ '")]
    if name != name.lower():
        return [(where, f"{name!r}: command and option names must be lower case")]
    return []


def _check_command_like(c: dict[str, Any], where: str, chat_input: bool) -> Problems:
    out: Problems = []
    if chat_input:
        out += check_name(c.get("name"), _p(where, "name"))
        desc = c.get("description")
        if not isinstance(desc, str) or not 1 <= len(desc) <= 100:
            out.append((_p(where, "description"), "must be 1–100 characters"))
    out += check_localizations(c.get("name_localizations"), _p(where, "name_localizations"), chat_input, 32)
    out += check_localizations(c.get("description_localizations"), _p(where, "description_localizations"), False, 100)
    options = c.get("options") or []
    if len(options) > OPTIONS_MAX:
        out.append((_p(where, "options"), f"{len(options)} options; at most {OPTIONS_MAX}"))
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        out.append((_p(where, "options"), "option names must be unique"))
    subs = [o for o in options if o.get("type") in (1, 2)]
    if subs and len(subs) != len(options):
        out.append((_p(where, "options"), "subcommands cannot be mixed with other options"))
    seen_optional = False
    for k, o in enumerate(options):
        op = _p(where, "options", k)
        if o.get("type") not in (1, 2):
            if o.get("required"):
                if seen_optional:
                    out.append((op, "required options must come before optional ones"))
            else:
                seen_optional = True
        out += _check_command_like(o, op, True)
        choices = o.get("choices") or []
        if len(choices) > CHOICES_MAX:
            out.append((_p(op, "choices"), f"{len(choices)} choices; at most {CHOICES_MAX}"))
        if choices and o.get("autocomplete"):
            out.append((op, "an option has choices or autocomplete, not both"))
        for j, ch in enumerate(choices):
            out += check_choice(ch, _p(op, "choices", j))
    return out


def check_choice(ch: Any, where: str) -> Problems:
    out: Problems = []
    if not isinstance(ch, dict):
        return [(where, "not an object")]
    name = ch.get("name")
    if not isinstance(name, str) or not 1 <= len(name) <= 100:
        out.append((_p(where, "name"), "choice name must be 1–100 characters"))
    value = ch.get("value")
    if isinstance(value, str) and len(value) > 100:
        out.append((_p(where, "value"), f"{len(value)} characters; a choice value is at most 100"))
    out += check_localizations(ch.get("name_localizations"), _p(where, "name_localizations"), False, 100)
    return out


def check_commands(commands: Iterable[Any], where: str = "") -> Problems:
    out: Problems = []
    names: set[tuple[Any, Any]] = set()
    for n, c in enumerate(commands):
        if not isinstance(c, dict):
            continue
        kind = c.get("type") or 1
        key = (kind, c.get("name"))
        if key in names:
            out.append((_p(where, n, "name"), f"two commands named {c.get('name')!r}"))
        names.add(key)
        out += _check_command_like(c, _p(where, n), kind == 1)
    return out


def check_autocomplete(data: Any, where: str = "data") -> Problems:
    out: Problems = []
    choices = (data or {}).get("choices") or []
    if len(choices) > CHOICES_MAX:
        out.append((_p(where, "choices"), f"{len(choices)} autocomplete results; at most {CHOICES_MAX}"))
    for j, ch in enumerate(choices):
        out += check_choice(ch, _p(where, "choices", j))
    return out
