import itertools
from types import SimpleNamespace
from unittest.mock import AsyncMock

import discord
import pytest

from bot.config import Config
from bot.store import Store
from bot.table.model import User
from bot.table.service import GameService
from tests.bot.pgkit import blocking

_ids = itertools.count(1000)


@pytest.fixture
async def store(request, tmp_path):
    """A fresh store: SQLite, or PostgreSQL where a module parametrises it (``STORES_BOTH``: both)."""
    if getattr(request, "param", "sqlite") == "postgres":
        from bot.store.postgres import PgStore

        s = await PgStore.open(request.getfixturevalue("pg_url"))
    else:
        s = await Store.open(str(tmp_path / "svc.sqlite3"))
    yield s
    await s.close()


#: a test module setting ``BOTH_STORES = True`` runs every test that uses the ``store`` fixture (or ``service``,
#: ``bot`` …) on SQLite and on PostgreSQL; ``@pytest.mark.sqlite_only``: a test that edits SQLite rows by hand
def pytest_generate_tests(metafunc):
    if ("store" in metafunc.fixturenames and getattr(metafunc.module, "BOTH_STORES", False)
            and metafunc.definition.get_closest_marker("sqlite_only") is None):
        metafunc.parametrize("store", ["sqlite", "postgres"], indirect=True)


@pytest.fixture
def service(store):
    seeds = itertools.count(11)
    return GameService(store, seed_source=lambda: next(seeds))


USERS = [User("u1", "Ann"), User("u2", "Ben"), User("u3", "Cy")]


async def started(service, title="alhambra", n=3, channel="chan", seed=5, options=None):
    await service.new(channel, "guild", USERS[0], title, options or {}, "en")
    for u in USERS[1:n]:
        await service.join(channel, u)
    return await service.start(channel, USERS[0], seed=seed)


class FakeResponse:
    def __init__(self):
        self.done = False
        self.defer = AsyncMock(side_effect=self._defer)
        self.send_message = AsyncMock(side_effect=self._send)

    async def _defer(self, **kwargs):
        self.done = True

    async def _send(self, *args, **kwargs):
        self.done = True

    def is_done(self):
        return self.done


def interaction(client, user: User, channel_id="chan", locale="en-US", manage=False):
    """A stand-in for discord.Interaction with the attributes the adapter uses."""
    channel = SimpleNamespace(send=AsyncMock(), id=channel_id)
    return SimpleNamespace(
        client=client,
        user=SimpleNamespace(id=user.id, name=user.name, display_name=user.name, mention=f"<@{user.id}>"),
        channel_id=channel_id, channel=channel, guild_id=1, locale=locale, guild_locale="en-US",
        permissions=SimpleNamespace(manage_channels=manage), app_permissions=discord.Permissions.all(), id=next(_ids),
        response=FakeResponse(), followup=SimpleNamespace(send=AsyncMock()), data={},
    )


async def run(command, inter, **kwargs):
    """Invoke a slash command's callback as discord.py does (bound to its group when the group is a class)."""
    if command.binding is not None:
        return await command.callback(command.binding, inter, **kwargs)
    return await command.callback(inter, **kwargs)


async def complete(command, param, inter, current):
    """Invoke a parameter's autocomplete as discord.py does."""
    ac = command._params[param].autocomplete
    if getattr(ac, "pass_command_binding", False):
        return await ac(command.binding, inter, current)
    return await ac(inter, current)


@pytest.fixture
def bot(service):
    """The Discord client over the test service (no connection: commands are called directly)."""
    from bot.discord import Referee

    return Referee(service, Config(board_interval=0.0, render_processes=0))  # no pace: a test never waits on the real clock


def command(bot, path):
    """A registered slash command by its path, e.g. ``"game new"`` or ``"game settings notify"``."""
    group, *names = path.split()
    found = bot.tree.get_command(group)
    for name in names:
        found = found.get_command(name)
    return found


def private_texts(inter):
    """Everything the bot answered to an interaction; every answer must have been private."""
    out = []
    for call in inter.followup.send.await_args_list + inter.response.send_message.await_args_list:
        assert call.kwargs.get("ephemeral") is True, "a private answer was sent publicly"
        out.append(call.kwargs.get("content") or "")
    return out


# ---------------------------------------------------------------------------------------------- PostgreSQL


@pytest.fixture(scope="session")
def pg_server():
    """The PostgreSQL test server (``REFEREE_TEST_PG``) with a migrated template; skipped without one (failed
    under ``CI=true``)."""
    from tests.bot.pgkit import start_server

    server = start_server()
    yield server
    blocking(server.drop_template())


@pytest.fixture
def pg_url(pg_server):
    """A fresh, migrated PostgreSQL database for one test; dropped after it."""
    url = blocking(pg_server.fresh())
    yield url
    blocking(pg_server.drop(url))
