"""The engine's self-checks (``flow.SELF_CHECKS``: ALH-PLACE-7 after every change of an Alhambra, tile and
money conservation after every move) run in every test of this folder; play leaves them off for speed."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from engines.alhambra import flow


@pytest.fixture(autouse=True)
def _self_checks() -> Iterator[None]:
    flow.SELF_CHECKS = True
    try:
        yield
    finally:
        flow.SELF_CHECKS = False
