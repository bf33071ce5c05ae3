"""Fixtures for end-to-end tests through the Discord double, and a closing summary of what was checked."""
from __future__ import annotations

import pytest

from .env import DiscordEnv

# (test id, requests checked, violations) of every contract run, for the terminal summary
CONTRACT_RUNS: list[tuple[str, int, int]] = []


@pytest.fixture
async def discord_env(tmp_path, request):
    """The real bot on a fresh SQLite file, connected to a running :class:`FakeDiscord`."""
    async with DiscordEnv(tmp_path / "referee.sqlite3") as env:
        yield env
        CONTRACT_RUNS.append((request.node.name, env.double.checked, len(env.double.violations)))


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if not CONTRACT_RUNS:
        return
    terminalreporter.section("Discord contract (requests checked against Discord's OpenAPI description)")
    for name, checked, violations in CONTRACT_RUNS:
        terminalreporter.write_line(f"{name}: {checked} requests checked, {violations} violations")
