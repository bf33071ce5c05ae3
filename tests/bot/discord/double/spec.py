"""Discord's OpenAPI document: route matching and request-body validation.

``openapi.json`` beside this file is Discord's own description of its HTTP API v10
(discord/discord-api-spec, ``specs/openapi.json`` at commit
74fda0fad044407ea280043a03ffc9bc64c4e49e; MIT, see ``LICENSE-openapi``). It is vendored
whole, unmodified, so a fresh clone runs the contract tests without ``../shared``; to
update it, copy the newer file over it (the tests then check against the new description).

* :func:`match_route` finds the operation for a method and a concrete path
  (``/channels/123/messages`` → ``/channels/{channel_id}/messages``); literal segments win
  over parameters, as in Discord's router (``…/messages/bulk-delete`` is not a message id).
* :func:`validate_body` validates a JSON body against the operation's request schema with
  ``jsonschema`` (Draft 2020-12; ``$ref`` s resolve inside the document).
* :func:`validate_query` checks query parameters against the operation's parameters.
"""
from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

SPEC_PATH = Path(__file__).with_name("openapi.json")
SPEC_URI = "urn:discord-openapi"
API_PREFIX = "/api/v10"


@dataclass(frozen=True)
class Operation:
    method: str          # upper case
    template: str        # "/channels/{channel_id}/messages"
    params: dict[str, str]
    spec: dict[str, Any]  # the operation object
    path_item: dict[str, Any]

    @property
    def route(self) -> str:
        return f"{self.method} {self.template}"


@functools.cache
def spec() -> dict[str, Any]:
    """The document, with one documented relaxation.

    ``SnowflakeType`` is a decimal string in the document, but Discord accepts a snowflake as a JSON
    integer too; its own upload documentation sends ``"attachments": [{"id": 0, …}]`` (the index of
    ``files[0]``), and so does discord.py. The copy used here therefore also allows a non-negative integer.
    """
    document = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    schemas = document["components"]["schemas"]
    schemas["SnowflakeType"] = {"oneOf": [schemas["SnowflakeType"], {"type": "integer", "minimum": 0}]}
    return document


@functools.cache
def _registry() -> Registry:
    return Registry().with_resource(SPEC_URI, DRAFT202012.create_resource(spec()))


@functools.cache
def _templates() -> list[tuple[int, int, re.Pattern[str], str, list[str]]]:
    out = []
    for template in spec()["paths"]:
        names: list[str] = []
        parts = []
        literals = 0
        for seg in template.strip("/").split("/"):
            m = re.fullmatch(r"\{(\w+)\}", seg)
            if m:
                names.append(m.group(1))
                parts.append(r"([^/]+)")
            else:
                literals += 1
                parts.append(re.escape(seg))
        pattern = re.compile("/" + "/".join(parts))
        out.append((-literals, len(names), pattern, template, names))
    out.sort(key=lambda x: (x[0], x[1]))
    return out


def locales() -> list[str]:
    """Discord's locale list (``AvailableLocalesEnum``)."""
    return [o["const"] for o in spec()["components"]["schemas"]["AvailableLocalesEnum"]["oneOf"]]


def match_route(method: str, path: str) -> Operation | None:
    """The OpenAPI operation for ``method path`` (path without ``/api/v10``), or None if Discord has none."""
    method = method.upper()
    for _, _, pattern, template, names in _templates():
        m = pattern.fullmatch(path)
        if m is None:
            continue
        item = spec()["paths"][template]
        op = item.get(method.lower())
        if op is None:
            continue
        return Operation(method, template, dict(zip(names, m.groups(), strict=True)), op, item)
    return None


@functools.cache
def _validator(pointer: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"{SPEC_URI}#{pointer}"}, registry=_registry())


def _pointer_escape(s: str) -> str:
    return s.replace("~", "~0").replace("/", "~1")


def body_schema_pointer(op: Operation, content_type: str) -> str | None:
    body = op.spec.get("requestBody")
    if body is None:
        return None
    kind = "multipart/form-data" if content_type.startswith("multipart/") else "application/json"
    if kind not in body["content"]:
        kind = next(iter(body["content"]))
    return "/".join(["", "paths", _pointer_escape(op.template), op.method.lower(), "requestBody", "content",
                     _pointer_escape(kind), "schema"])


def validate_body(op: Operation, body: Any, content_type: str = "application/json") -> list[tuple[str, str]]:
    """Schema errors of a request body as ``(path in body, message)`` pairs (empty: valid)."""
    pointer = body_schema_pointer(op, content_type)
    if pointer is None:
        return [("", "this operation takes no request body")] if body not in (None, b"", "") else []
    if body is None and op.spec["requestBody"].get("required"):
        return [("", "a request body is required")]
    errors = []
    for err in _validator(pointer).iter_errors(body):
        for leaf in _leaves(err):
            message = leaf.message if len(leaf.message) <= 200 else leaf.message[:200] + "…"
            if leaf.context:  # no branch can be told apart: name the deepest problem as an example
                deepest = max(leaf.context, key=lambda e: len(e.absolute_path))
                message = (f"not valid under any of the allowed schemas, e.g. at "
                           f"{'/'.join(str(p) for p in deepest.absolute_path)}: {deepest.message[:120]}")
            errors.append(("/".join(str(p) for p in leaf.absolute_path), message))
    return errors


def _leaves(err: Any) -> list[Any]:
    """The errors that name the real problem.

    A ``oneOf``/``anyOf`` failure holds every branch's errors; branches whose ``type``
    discriminator does not match are not what the sender meant, so only the others are
    reported (recursively). If no branch or every branch matches, the union error itself is.
    """
    if err.validator not in ("oneOf", "anyOf") or not err.context:
        return [err]
    branches: dict[Any, list[Any]] = {}
    for e in err.context:
        branches.setdefault(e.relative_schema_path[0], []).append(e)
    meant = [b for b in branches.values()
             if not any(list(e.relative_path) == ["type"] and e.validator in ("enum", "const") for e in b)]
    if not meant or len(meant) == len(branches):
        return [err]
    return [leaf for b in meant for e in b for leaf in _leaves(e)]


def validate_query(op: Operation, query: dict[str, str]) -> list[tuple[str, str]]:
    """Query parameters that the operation does not declare, or whose value does not fit."""
    declared: dict[str, Any] = {}
    for p in [*op.path_item.get("parameters", []), *op.spec.get("parameters", [])]:
        if p.get("in") == "query":
            declared[p["name"]] = p.get("schema", {})
    errors = []
    for name, value in query.items():
        if name not in declared:
            errors.append((f"?{name}", "query parameter not in Discord's description of this route"))
            continue
        schema = declared[name]
        if schema.get("type") == "boolean" and value.lower() not in ("true", "false", "1", "0"):
            errors.append((f"?{name}", f"not a boolean: {value!r}"))
    return errors
