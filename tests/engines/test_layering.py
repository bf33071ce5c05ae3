"""The engines' imports run one way (GUIDE "Layout"): no import circle inside ``engines/``, and no engine
module imports the renderer, the bot, Pillow or discord.py (engines are pure rules).

:func:`import_graph` reads the imports of a package's source (also those inside functions and
``TYPE_CHECKING`` blocks: a circle that only a lazy import hides is still a circle).
"""
from __future__ import annotations

import ast
import graphlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(package: str) -> dict[str, set[str]]:
    """``{module: every module it imports}`` for the modules of ``package`` (dotted, relative imports
    resolved; ``from . import x`` counts as importing the submodule ``x`` when there is one)."""
    files = {_module_name(p): p for p in (ROOT / package).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = here.split(".")[: len(here.split(".")) - (node.level - 1)]
                    base = ".".join([*up, base] if base else up)
                subs = [f"{base}.{alias.name}" for alias in node.names]
                found.update(s for s in subs if s in files)
                if any(s not in files for s in subs):
                    found.add(base)
        graph[name] = found - {name}
    return graph


def circle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle among the graph's own modules, or None."""
    inside = {m: {d for d in deps if d in graph} for m, deps in graph.items()}
    try:
        graphlib.TopologicalSorter(inside).prepare()
    except graphlib.CycleError as e:
        found: list[str] = e.args[1]
        return found
    return None


def test_no_import_circle_in_engines() -> None:
    assert circle(import_graph("engines")) is None


def test_engines_import_no_renderer_bot_pillow_or_discord() -> None:
    banned = ("render", "bot", "PIL", "discord")
    wrong = {
        (module, dep)
        for module, deps in import_graph("engines").items()
        for dep in deps
        if dep.split(".")[0] in banned
    }
    assert wrong == set()


def test_the_checker_sees_a_circle() -> None:
    assert circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) is not None
    assert circle({"a": {"b", "os"}, "b": set()}) is None
    graph = import_graph("engines")
    assert "engines.alhambra.moves" in graph["engines.alhambra.flow"]  # flow plays forced actions
    assert "engines.alhambra.flow" not in graph["engines.alhambra.moves"]
