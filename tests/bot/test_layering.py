"""The bot's rooms and the one direction of their imports (issue 17).

adapters (``bot.discord``, ``bot.console``, ``bot.cli``, ``bot.tools``) → ``bot.table`` and ``bot.records`` →
engines and render; ``bot.store`` implements ``bot.table.ports``. Every import counts, also one inside a
function or under ``TYPE_CHECKING``: a circle a type checker must untangle is a circle for a reader too.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "engines", "render")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources(package: str) -> dict[str, Path]:
    return {module_name(p): p for p in sorted((ROOT / package).rglob("*.py"))}


MODULES = {name: path for package in PACKAGES for name, path in sources(package).items()}


def imports(name: str) -> set[str]:
    """The project modules ``name`` imports (``from pkg import mod`` counts as ``pkg.mod`` when that is one)."""
    path = MODULES[name]
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in MODULES else mod for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(target + "."):  # a package's own __init__
                out.add(target)
    return out


GRAPH = {name: imports(name) for name in MODULES}


def room(name: str) -> str:
    """``bot.table.moves`` → ``bot.table``; ``bot.console`` → ``bot.console``; ``engines.x`` → ``engines``."""
    parts = name.split(".")
    if parts[0] != "bot":
        return parts[0]
    return ".".join(parts[:2]) if len(parts) > 1 else "bot"


#: what each room of the bot may import (besides itself, the standard library and third-party packages)
ALLOWED = {
    "bot.table": {"engines", "render"},
    "bot.store": {"bot.table"},
    "bot.records": {"bot.table", "bot.text", "engines", "render"},
    "bot.text": {"bot.table", "engines", "render"},
    "bot.config": {"bot.table"},
    "bot.logs": set(),
    "bot.discord": {"bot.table", "bot.records", "bot.text", "bot.config", "bot.store", "engines", "render"},
    "bot.reading": {"engines", "render"},
    "bot.console": {"bot.table", "bot.records", "bot.text", "bot.reading", "bot.store", "engines", "render"},
    "bot.tools": {"bot.table", "bot.records", "bot.text", "bot.console", "bot.store", "engines", "render"},
    "bot.cli": {"bot.table", "bot.records", "bot.text", "bot.config", "bot.logs", "bot.console", "bot.tools",
                "bot.discord", "bot.store", "engines", "render"},
    "bot": set(),
    "engines": set(),
    "render": {"engines"},
}
#: the table's store side: ``bot.store`` sees the model, the errors and the ports, never the service
#: (and the stats rules, pure functions over plain data: the store fills its stats tables with them when a
#: migration makes them and on ``rebuild_stats``, issue 18)
STORE_SEES = {"bot.table.model", "bot.table.errors", "bot.table.ports", "bot.table.clock", "bot.table.stats"}
#: the only adapter modules that open a store (the composition roots); everything else goes through the service
OPENS_STORES = {"bot.discord.app", "bot.console", "bot.cli", "bot.tools.bench", "bot.tools.history",
                "bot.tools.storebench", "bot.tools.dbcopy"}


def test_every_import_runs_with_the_direction() -> None:
    wrong = []
    for name, targets in GRAPH.items():
        for target in targets:
            if room(target) != room(name) and room(target) not in ALLOWED[room(name)]:
                wrong.append(f"{name} -> {target}")
            if room(name) == "bot.store" and room(target) == "bot.table" and target not in STORE_SEES:
                wrong.append(f"{name} -> {target} (the store implements the ports; it does not use the service)")
            if room(target) == "bot.store" and room(name) != "bot.store" and name not in OPENS_STORES:
                wrong.append(f"{name} -> {target} (only a composition root opens a store)")
            if target == "bot.discord.app" and name != "bot.discord":
                wrong.append(f"{name} -> {target} (the client's start-up module)")
    assert not wrong, "imports against the direction:\n" + "\n".join(sorted(wrong))


def test_no_import_circle_in_the_bot() -> None:
    """Tarjan's strongly connected components over the bot's modules: each must be a single module."""
    bot = {n: {t for t in ts if t.startswith("bot")} for n, ts in GRAPH.items() if n.startswith("bot")}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(bot[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                circles.append(sorted(part))

    for v in sorted(bot):
        if v not in index:
            visit(v)
    assert not circles, f"import circles: {circles}"


def test_adapters_use_the_services_api_not_its_insides() -> None:
    """Nobody outside the table reaches into ``service.store`` or ``service.timekeeper``."""
    pattern = re.compile(r"service\.(store|timekeeper)\b")
    found = [f"{name}:{i}" for name, path in MODULES.items() if name.startswith("bot.") and room(name) != "bot.table"
             for i, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line)]
    assert not found, found


def test_the_bot_names_no_game() -> None:
    """Per-game knowledge lives in the engines (themed bot names, scoring rounds, private views as text)."""
    pattern = re.compile(r"[\"'](alhambra|egizia|luxor)[\"'.]", re.IGNORECASE)
    found = [f"{name}:{i}: {line.strip()}" for name, path in MODULES.items() if name.startswith("bot")
             for i, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line)]
    assert not found, "\n".join(found)


def test_no_module_over_600_lines() -> None:
    long = {name: n for name, path in MODULES.items() if name.startswith("bot")
            if (n := len(path.read_text().splitlines())) > 600}
    assert not long, long


def _defined(path: Path) -> set[str]:
    """The names a module defines at its top level (assignments, functions, classes, imports)."""
    out: set[str] = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            out.add(node.name)
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                out |= {e.id for e in (t.elts if isinstance(t, ast.Tuple) else [t]) if isinstance(e, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.add(node.target.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            out |= {(a.asname or a.name).split(".")[0] for a in node.names}
    return out


def test_every_import_of_the_bot_names_a_module_that_exists() -> None:
    """An import of a module that moved (``bot.service``, ``from bot import bench``) must fail here: an editable
    install elsewhere on the machine would otherwise quietly supply an old copy of it."""
    wrong = []
    for path in sorted([*(ROOT / "bot").rglob("*.py"), *(ROOT / "tests").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                wrong += [f"{path.relative_to(ROOT)}: import {a.name}" for a in node.names
                          if a.name.split(".")[0] == "bot" and a.name not in MODULES]
            elif isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] == "bot":
                mod = node.module or ""
                if mod not in MODULES:
                    wrong.append(f"{path.relative_to(ROOT)}: from {mod}")
                    continue
                names = _defined(MODULES[mod])
                wrong += [f"{path.relative_to(ROOT)}: from {mod} import {a.name}" for a in node.names
                          if f"{mod}.{a.name}" not in MODULES and a.name not in names and a.name != "*"]
    assert not wrong, "\n".join(wrong)
