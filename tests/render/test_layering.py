"""The renderer's imports run one way (GUIDE "Layout"): no import circle inside ``render/``; it reads the
engines only through their views and the shared messages (``engines.<title>.views``, ``engines.core``),
and never imports the bot."""
from __future__ import annotations

from tests.engines.test_layering import circle, import_graph


def test_no_import_circle_in_render() -> None:
    assert circle(import_graph("render")) is None


def test_render_reads_only_views_and_messages_of_the_engines_and_never_the_bot() -> None:
    wrong = set()
    for module, deps in import_graph("render").items():
        for dep in deps:
            top = dep.split(".")[0]
            if top == "bot" or (top == "engines" and dep != "engines.core" and not dep.endswith(".views")):
                wrong.add((module, dep))
    assert wrong == set()
