"""Issue 23 item 12: the README's first command works without an activated venv and the test time is stated."""
import re
from pathlib import Path

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def first_block() -> str:
    start = README.index("```sh") + len("```sh")
    return README[start:README.index("```", start)]


def test_the_first_commands_run_the_venvs_own_programs() -> None:
    block = first_block()
    assert "python3 -m venv .venv" in block
    assert ".venv/bin/python -m pip install" in block and ".venv/bin/referee demo" in block
    assert all(not line.startswith("referee ") for line in block.splitlines())  # never a bare `referee`, which an unactivated venv does not put on PATH


def test_the_readme_says_how_long_the_tests_take() -> None:
    head = README[: README.index("## Local play without Discord")]
    # the figure itself is measured and kept up to date by hand; the README must state one (issue 23, item 12)
    assert re.search(r"takes about\s+\d+ minutes on a 2-core machine", head) and "pytest" in head
