import itertools
from types import SimpleNamespace
from unittest.mock import AsyncMock

import discord
import pytest

from bot.config import Config
from bot.store import Store
from bot.table.model import User
from bot.table.service import GameService

_ids = itertools.count(1000)


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(str(tmp_path / "svc.sqlite3"))
    yield s
    await s.close()


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
