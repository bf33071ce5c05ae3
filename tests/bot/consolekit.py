"""Driving a hot-seat console game in a test: typed lines in, the printed text out."""
from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bot.console import play


async def run_play(tmp_path: Path, lines: Iterable[str], names: Iterable[str] = ("ann", "ben"),
                   title: str = "alhambra", seed: int = 1, **kw: Any) -> tuple[Any, str]:
    """Play ``title`` at one keyboard, answering each prompt with the next of ``lines`` (then end of input);
    returns the last snapshot and everything the console printed."""
    answers = iter(lines)

    def read(_prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    out = io.StringIO()
    snap = await play(title, list(names), tmp_path, read=read, write=out, seed=seed, **kw)
    return snap, out.getvalue()
