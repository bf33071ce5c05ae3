"""A stand-in for Discord on 127.0.0.1: HTTP API v10 and gateway, checking every request.

See the package docstring (``tests/bot/discord/double/__init__.py``) for how to use it.
"""
from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import web
from aiohttp.test_utils import TestServer

from . import rules, spec

JSON = dict[str, Any]
EPHEMERAL = 1 << 6
#: how long Discord remembers a message nonce sent with enforce_nonce ("a few minutes")
NONCE_WINDOW = 5 * 60.0
ATTACHMENT_LIMIT = rules.ATTACHMENT_LIMIT
# permissions the bot and users have in the test guild: View Channel, Send Messages, Send Messages in
# Threads, Embed Links, Attach Files, Read Message History, Use Application Commands (and Manage Channels
# for the users who are given it)
BOT_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 38) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)
MANAGE_CHANNELS = 1 << 4
SEND_MESSAGES, EMBED_LINKS, ATTACH_FILES = 1 << 11, 1 << 14, 1 << 15
_AIOHTTP_DIR = str(Path(web.__file__).parent)


@dataclass(frozen=True)
class Violation:
    route: str   # "POST /channels/{channel_id}/messages", or "INTERACTION" for the interaction protocol
    path: str    # where in the body ("components/0/components/5/emoji/name"), "" for the whole request
    rule: str

    def __str__(self) -> str:
        return f"{self.route}: {self.path or '(body)'}: {self.rule}"


@dataclass
class FakeUser:
    id: int
    name: str
    locale: str = "en-US"
    manage_channels: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> JSON:
        return {"id": str(self.id), "username": self.name.lower(), "global_name": self.name, "discriminator": "0",
                "avatar": None, "bot": False, "public_flags": 0}


@dataclass
class Message:
    """A message as the double holds it. ``recipient`` is set for an ephemeral one (only they see it)."""

    id: int
    channel_id: int
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)  # filename → bytes
    flags: int = 0
    recipient: int | None = None
    interaction_id: int | None = None
    loading: bool = False
    edits: int = 0
    pinged: set[int] = field(default_factory=set)  # users the message notified (mentions allowed to ping)
    author: JSON = field(default_factory=dict)
    at: float | None = None  # when it was posted, on the double's ``clock`` (if it has one)

    @property
    def ephemeral(self) -> bool:
        return self.recipient is not None

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for row in self.components for c in row.get("components", []) if c.get("custom_id")]

    def component(self, custom_id: str) -> JSON | None:
        for row in self.components:
            for c in row.get("components", []):
                if c.get("custom_id") == custom_id:
                    return c
        return None

    def buttons(self) -> list[JSON]:
        return [c for row in self.components for c in row.get("components", []) if c.get("type") == 2]

    def selects(self) -> list[JSON]:
        return [c for row in self.components for c in row.get("components", []) if c.get("type") == 3]

    def text(self) -> str:
        """Content and embed text together (what a reader sees, apart from the picture)."""
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or ""]
            parts += [f"{f.get('name')}\n{f.get('value')}" for f in e.get("fields") or []]
        return "\n".join(p for p in parts if p)

    def payload(self, guild_id: int | None) -> JSON:
        attachments = [
            {"id": str(self.id + n + 1), "filename": name, "size": len(data), "content_type": "image/png",
             "url": f"http://127.0.0.1/attachments/{self.channel_id}/{self.id}/{name}",
             "proxy_url": f"http://127.0.0.1/attachments/{self.channel_id}/{self.id}/{name}"}
            for n, (name, data) in enumerate(self.files.items())
        ]
        return {
            "id": str(self.id), "channel_id": str(self.channel_id), **({"guild_id": str(guild_id)} if guild_id else {}),
            "author": self.author,
            "content": self.content, "timestamp": "2025-01-01T12:00:00.000000+00:00",
            "edited_timestamp": "2025-01-01T12:00:01.000000+00:00" if self.edits else None,
            "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": attachments,
            "embeds": self.embeds, "pinned": False, "type": 0 if self.interaction_id is None else 20,
            "flags": self.flags | (EPHEMERAL if self.ephemeral else 0) | (1 << 7 if self.loading else 0),
            "components": self.components,
        }


@dataclass
class Request:
    """One HTTP request the bot sent, what the double made of it and what it answered."""

    method: str
    path: str
    route: str
    query: dict[str, str]
    body: Any
    files: dict[str, tuple[str, bytes]]  # form field → (filename, bytes)
    violations: list[Violation] = field(default_factory=list)
    status: int = 0


@dataclass
class Interaction:
    """One interaction the double sent, and everything the bot did about it."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    payload: JSON
    callbacks: list[JSON] = field(default_factory=list)
    original: Message | None = None
    replies: list[Message] = field(default_factory=list)   # original response and followups
    # channel messages sent / messages edited while it was handled (with interactions handled at once,
    # a channel request is listed under each of them: it carries nothing that tells them apart)
    posts: list[Message] = field(default_factory=list)
    edits: list[Message] = field(default_factory=list)
    requests: list[Request] = field(default_factory=list)
    errors: list[int] = field(default_factory=list)        # non-2xx statuses the bot was answered
    expired: bool = False                                  # its token is past Discord's 15 minutes

    @property
    def acknowledged(self) -> bool:
        return bool(self.callbacks)

    @property
    def choices(self) -> list[JSON]:
        """Autocomplete results."""
        for cb in self.callbacks:
            if cb.get("type") == 8:
                return list((cb.get("data") or {}).get("choices") or [])
        return []

    @property
    def private(self) -> list[Message]:
        return [m for m in self.replies if m.ephemeral]

    @property
    def public(self) -> list[Message]:
        return [m for m in self.replies if not m.ephemeral] + self.posts

    @property
    def private_text(self) -> str:
        return "\n".join(m.text() for m in self.private)


@dataclass
class Fault:
    """An answer the double gives instead of the normal one, to matching requests."""

    route: str                 # "POST /channels/{channel_id}/messages" (an OpenAPI template), or "*"
    status: int                # an HTTP status, or 0: the connection drops without an answer
    times: int = 1             # how many matching requests get it
    retry_after: float = 0.05  # 429 only
    is_global: bool = False    # 429 only
    code: int | None = None
    message: str | None = None
    when: Callable[[Request], bool] | None = None
    hits: int = 0

    def matches(self, req: Request) -> bool:
        return self.hits < self.times and self.route in ("*", req.route) and (self.when is None or self.when(req))


def discord_error(status: int, code: int, message: str, violations: list[Violation] = ()) -> JSON:  # type: ignore[assignment]
    """Discord's JSON error shape: ``{"code", "message", "errors": {path…: {"_errors": [{code, message}]}}}``."""
    body: JSON = {"code": code, "message": message}
    if violations:
        errors: JSON = {}
        for v in violations:
            node = errors
            for part in [p for p in v.path.split("/") if p]:
                node = node.setdefault(part, {})
            node.setdefault("_errors", []).append({"code": "CONTRACT_VIOLATION", "message": v.rule})
        body["errors"] = errors
    return body


BOARD_FILE = "board.png"  # what the bot names a board's picture

# tasks the bot starts on purpose to outlive an interaction (a background poster, say) are named
# with one of these prefixes, so the double does not wait for them to finish
LONG_LIVED_TASK_PREFIXES = ["referee-background"]


def _long_lived(task: asyncio.Task[Any]) -> bool:
    """Tasks that outlive an interaction on purpose: the double's HTTP connections, view timeouts
    (discord.py gives an ephemeral followup's view the token's 15 minutes), named background tasks."""
    if task.get_name().startswith(tuple(LONG_LIVED_TASK_PREFIXES)):
        return True
    coro: Any = task.get_coro()
    code = getattr(coro, "cr_code", None)
    if code is None:
        return False
    return code.co_filename.startswith(_AIOHTTP_DIR) or "timeout_task" in code.co_name


class FakeDiscord:
    """The stand-in. ``async with FakeDiscord() as double:`` serves on 127.0.0.1 and points discord.py at it."""

    def __init__(self, *, reject_invalid: bool = True, guild_locale: str = "en-US") -> None:
        self._ids = itertools.count(1_200_000_000_000_000_000, 1_000)
        self.reject_invalid = reject_invalid
        # a channel request while the only interaction in hand is not yet acknowledged is flagged; a bot
        # that also posts from background tasks (retries, clocks) may need this off for such a test
        self.check_ack_first = True
        # the time messages are stamped with (``Message.at``): the bot's fake clock, set by DiscordEnv
        self.clock: Callable[[], float] | None = None
        self.application_id = self._id()
        self.bot_user = {"id": str(self.application_id), "username": "referee", "global_name": None,
                         "discriminator": "0000", "avatar": None, "bot": True, "public_flags": 0}
        self.guild_id = self._id()
        self.guild_locale = guild_locale
        self.token = "test-token." + str(self.application_id)
        self.channels: dict[int, str] = {}
        #: the guilds (the first is :attr:`guild_id`; :meth:`add_guild` adds more) and the guild of each channel
        #: that is not in the first one
        self.guilds: list[int] = [self.guild_id]
        self.channel_guild: dict[int, int] = {}
        self.denied: dict[int, int] = {}  # channel → permissions the bot lacks there
        self.dm_channels: dict[int, FakeUser] = {}  # direct-message channel → the user it reaches
        self.channel_id = self.add_channel("games")
        self.users: dict[str, FakeUser] = {}
        self.requests: list[Request] = []
        self.violations: list[Violation] = []
        self.commands: dict[int | None, list[JSON]] = {}  # guild id (None: global) → registered commands
        self.all_messages: dict[int, Message] = {}
        # ``enforce_nonce``: (channel, nonce) → the message it created and when; a second message with the same
        # nonce within NONCE_WINDOW seconds is not created: the first is returned (Discord: "a few minutes")
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}
        self.nonce_repeats = 0
        self.interactions: dict[int, Interaction] = {}
        self._by_token: dict[str, Interaction] = {}
        self.faults: list[Fault] = []
        self.identifies: list[JSON] = []
        self.resumes: list[JSON] = []
        self._session = ""
        self.client: discord.Client | None = None
        self._client_task: asyncio.Task[None] | None = None
        self._ws: web.WebSocketResponse | None = None
        #: more clients at once (:meth:`start_another`: other bot processes, each with its shards) and their tasks
        self.others: list[tuple[discord.Client, asyncio.Task[None]]] = []
        #: every open gateway connection and the guilds it serves (its shard's)
        self._conns: dict[web.WebSocketResponse, list[int]] = {}
        #: (client, interaction id) for every interaction a client received
        self.received: list[tuple[discord.Client, int]] = []
        self._seq = 0
        self._active: list[Interaction] = []
        self._server: TestServer | None = None
        self._saved: tuple[str, yarl.URL] | None = None

    # ------------------------------------------------------------------ life cycle

    def _id(self) -> int:
        return next(self._ids)

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._http)
        self._server = TestServer(app, host="127.0.0.1", port=0)
        await self._server.start_server()
        self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = f"http://127.0.0.1:{self._server.port}/api/v10"
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    async def close(self) -> None:
        await self.stop_bot()
        if self._server is not None:
            await self._server.close()
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    @property
    def gateway_url(self) -> str:
        assert self._server is not None
        return f"ws://127.0.0.1:{self._server.port}/gateway"

    async def start_bot(self, client: discord.Client) -> None:
        """Run ``client.start()`` against the double and wait until it is ready (commands synced)."""
        await self.stop_bot()
        self.client = client
        # discord.py waits this long after the last GUILD_CREATE before READY; the double sends them all at once
        client._connection.guild_ready_timeout = 0.05
        self._client_task = asyncio.create_task(client.start(self.token))
        ready = asyncio.create_task(client.wait_until_ready())
        done, _ = await asyncio.wait({ready, self._client_task}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if self._client_task.done():
                self._client_task.result()  # raises what stopped it
            raise TimeoutError("the bot did not become ready")

    async def start_another(self, client: discord.Client) -> None:
        """Run one more client at once (another bot process, with its own shards), ready when this returns.
        Every client's interactions are recorded in :attr:`received`; an interaction goes to the connection of
        the shard its guild belongs to."""
        client._connection.guild_ready_timeout = 0.05
        task = asyncio.create_task(client.start(self.token))
        self.others.append((client, task))
        ready = asyncio.create_task(client.wait_until_ready())
        done, _ = await asyncio.wait({ready, task}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if task.done():
                task.result()
            raise TimeoutError("the bot did not become ready")

    def _clients(self) -> list[discord.Client]:
        return ([self.client] if self.client is not None else []) + [c for c, _ in self.others]

    async def stop_bot(self) -> None:
        """Stop the running client(s) (like stopping the process: nothing in memory survives)."""
        client, task = self.client, self._client_task
        self.client, self._client_task = None, None
        others, self.others = self.others, []
        for c, t in [(client, task), *others]:
            if c is not None:
                await c.close()
            if t is not None:
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.wait_for(t, timeout=30)
        if self._ws is not None:
            await self._ws.close()
            self._ws = None

    # ------------------------------------------------------------------ world

    def add_channel(self, name: str) -> int:
        """A text channel in the guild, before the bot connects (it arrives with GUILD_CREATE)."""
        if getattr(self, "_ws", None) is not None:
            raise RuntimeError("the bot is connected: use `await double.create_channel(name)`")
        cid = self._id()
        self.channels[cid] = name
        return cid

    async def create_channel(self, name: str) -> int:
        """A text channel created while the bot runs (CHANNEL_CREATE; returns once the client has it)."""
        assert self._ws is not None and self.client is not None
        cid = self._id()
        self.channels[cid] = name
        created = self.client.wait_for("guild_channel_create", timeout=30)
        await self._dispatch("CHANNEL_CREATE", self._channel_payload(cid))
        await created
        return cid

    def add_guild(self, shard: int, shard_count: int, name: str = "games") -> int:
        """Another guild, on shard ``shard`` of ``shard_count`` (its id is picked so: Discord's
        ``(guild_id >> 22) % shard_count``), with a text channel ``name``; the channel's id. Before the bots
        connect (they get it with GUILD_CREATE on that shard)."""
        if self._conns:
            raise RuntimeError("add guilds before the bots connect")
        gid = ((self._id() >> 22) + 1) << 22
        while (gid >> 22) % shard_count != shard or gid in self.guilds:
            gid += 1 << 22
        self.guilds.append(gid)
        cid = self.add_channel(name)
        self.channel_guild[cid] = gid
        return cid

    def guild_of(self, channel_id: int) -> int:
        """The guild of a channel (the first guild for its own channels and for direct messages)."""
        return self.channel_guild.get(channel_id, self.guild_id)

    def user(self, name: str, locale: str = "en-US", manage_channels: bool = False) -> FakeUser:
        """A guild member (created on first use)."""
        if name not in self.users:
            self.users[name] = FakeUser(self._id(), name, locale, manage_channels)
        return self.users[name]

    async def deny_bot(self, channel_id: int, permissions: int) -> None:
        """Take permissions away from the bot in one channel (a member overwrite), e.g. ``ATTACH_FILES``.

        Interactions from that channel carry the reduced ``app_permissions``; a post that needs a
        missing permission is answered 403 "Missing Permissions" (50013), as Discord does.
        """
        self.denied[channel_id] = self.denied.get(channel_id, 0) | permissions
        if self._ws is not None and self.client is not None:  # the running bot sees the change (CHANNEL_UPDATE)
            updated = self.client.wait_for("guild_channel_update", timeout=30)
            await self._dispatch("CHANNEL_UPDATE", self._channel_payload(channel_id))
            await updated

    def bot_permissions(self, channel_id: int) -> int:
        return BOT_PERMISSIONS & ~self.denied.get(channel_id, 0)

    def _channel_payload(self, cid: int) -> JSON:
        overwrites = ([{"id": str(self.application_id), "type": 1, "allow": "0", "deny": str(self.denied[cid])}]
                      if self.denied.get(cid) else [])
        return {"id": str(cid), "type": 0, "guild_id": str(self.guild_of(cid)), "name": self.channels[cid], "position": 0,
                "permission_overwrites": overwrites, "nsfw": False, "parent_id": None, "last_message_id": None,
                "rate_limit_per_user": 0, "topic": None, "flags": 0}

    def _member_payload(self, user: FakeUser) -> JSON:
        perms = BOT_PERMISSIONS | (MANAGE_CHANNELS if user.manage_channels else 0)
        return {"user": user.payload(), "roles": [], "joined_at": "2025-01-01T00:00:00+00:00", "deaf": False,
                "mute": False, "flags": 0, "pending": False, "nick": None, "avatar": None, "premium_since": None,
                "permissions": str(perms)}

    def _guild_payload(self, gid: int | None = None) -> JSON:
        gid = gid or self.guild_id
        return {
            "id": str(gid), "name": "Referee test server", "icon": None, "owner_id": str(self._id()),
            "unavailable": False, "member_count": 1 + len(self.users), "large": False,
            "joined_at": "2025-01-01T00:00:00+00:00", "preferred_locale": self.guild_locale, "features": [],
            "channels": [{k: v for k, v in self._channel_payload(c).items() if k != "guild_id"} for c in self.channels
                         if self.guild_of(c) == gid],
            "threads": [], "members": [{"user": self.bot_user, "roles": [], "joined_at": "2025-01-01T00:00:00+00:00",
                                        "deaf": False, "mute": False, "flags": 0}],
            "roles": [{"id": str(gid), "name": "@everyone", "permissions": str(BOT_PERMISSIONS), "position": 0,
                       "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}],
            "emojis": [], "stickers": [], "voice_states": [], "presences": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [], "premium_tier": 0, "afk_timeout": 300,
            "verification_level": 0, "default_message_notifications": 0, "explicit_content_filter": 0,
            "mfa_level": 0, "nsfw_level": 0, "system_channel_flags": 0,
        }

    # ------------------------------------------------------------------ faults and reading back

    def fail(self, route: str, status: int, **kwargs: Any) -> Fault:
        """Answer the next matching request(s) with ``status`` (400, 403, 404, 429, 5xx) the way Discord does.

        ``route`` is the OpenAPI template with its method, e.g. ``"POST /channels/{channel_id}/messages"``.
        """
        fault = Fault(route, status, **kwargs)
        self.faults.append(fault)
        return fault

    def messages(self, channel_id: int | None = None) -> list[Message]:
        """The public messages of a channel (default: the main one), oldest first."""
        cid = channel_id or self.channel_id
        return [m for m in self.all_messages.values() if m.channel_id == cid and not m.ephemeral and not m.loading]

    def private_messages(self, user: FakeUser) -> list[Message]:
        return [m for m in self.all_messages.values() if m.recipient == user.id]

    def direct_messages(self, user: FakeUser) -> list[Message]:
        """What the bot sent ``user`` in a direct message, oldest first."""
        return [m for m in self.all_messages.values()
                if m.channel_id in self.dm_channels and self.dm_channels[m.channel_id] is user]

    def boards(self, channel_id: int | None = None) -> list[Message]:
        """The bot's board posts: public messages with the picture ``board.png`` (a recap at the end of a game
        attaches other files)."""
        return [m for m in self.messages(channel_id) if BOARD_FILE in m.files]

    def expire_tokens(self) -> None:
        """Every interaction so far is past its 15 minutes: its token no longer answers, edits or follows up
        (Discord: 401 "Invalid Webhook Token", 50027). No clock: a test calls this where time has passed."""
        for i in self.interactions.values():
            i.expired = True

    @property
    def checked(self) -> int:
        return len(self.requests)

    def report(self) -> str:
        lines = [f"{self.checked} requests checked, {len(self.violations)} violations"]
        lines += [f"  {v}" for v in self.violations]
        return "\n".join(lines)

    # ------------------------------------------------------------------ the gateway

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        previous, self._ws = self._ws, ws
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}))
        async for msg in ws:
            if msg.type.name != "TEXT":
                continue
            data = json.loads(msg.data)
            op = data.get("op")
            if op == 1:  # heartbeat
                await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
            elif op == 2:  # identify
                self.identifies.append(data["d"])
                if data["d"].get("token") != self.token:
                    await ws.close(code=4004, message=b"Authentication failed.")
                    break
                # a sharded bot identifies once per shard ([id, count]); the guild, its events and its interactions
                # belong to shard (guild_id >> 22) % count, as on Discord: the other shards get no guild
                shard = data["d"].get("shard")
                guilds = [g for g in self.guilds if shard is None or shard[0] == (g >> 22) % shard[1]]
                mine = self.guild_id in guilds
                self._conns[ws] = guilds
                if not mine and self._ws is ws:
                    self._ws = previous
                self._seq = 0
                self._session = f"session-{self._id()}"
                ready: JSON = {
                    "v": 10, "user": self.bot_user,
                    "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                    "session_id": self._session, "resume_gateway_url": self.gateway_url,
                    "application": {"id": str(self.application_id), "flags": 0}, "private_channels": [],
                    "relationships": [],
                }
                if shard is not None:
                    ready["shard"] = shard
                await self._send_on(ws, "READY", ready)
                for g in guilds:
                    await self._send_on(ws, "GUILD_CREATE", self._guild_payload(g))
            elif op == 6:  # resume
                self.resumes.append(data["d"])
                if data["d"].get("token") != self.token or data["d"].get("session_id") != self._session:
                    await ws.send_str(json.dumps({"op": 9, "d": False, "s": None, "t": None}))  # invalid session
                    continue
                await self._send_on(ws, "RESUMED", {})
        self._conns.pop(ws, None)
        if self._ws is ws:
            self._ws = None
        return ws

    async def _dispatch(self, event: str, data: JSON, guild: int | None = None) -> None:
        """Send an event on the connection of the shard of ``guild`` (default: the first guild's)."""
        ws = self._ws if guild in (None, self.guild_id) else next(
            (w for w, gs in self._conns.items() if guild in gs and not w.closed), None)
        assert ws is not None, "the bot is not connected to the gateway"
        await self._send_on(ws, event, data)

    async def _send_on(self, ws: web.WebSocketResponse, event: str, data: JSON) -> None:
        self._seq += 1
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": self._seq, "d": data}))

    async def reconnect(self) -> None:
        """Ask the bot to reconnect (op 7 RECONNECT), as Discord does now and then; returns once it has
        resumed the session (op 6 RESUME → RESUMED) on a new connection."""
        assert self._ws is not None and self.client is not None
        resumed = self.client.wait_for("resumed", timeout=30)
        old = self._ws
        await old.send_str(json.dumps({"op": 7, "d": None, "s": None, "t": None}))
        await resumed
        assert self._ws is not old

    # ------------------------------------------------------------------ driving the bot like users do

    def _registered(self, name: str) -> tuple[JSON, int | None]:
        for gid in (self.guild_id, None):
            for c in self.commands.get(gid, []):
                if c["name"] == name and (c.get("type") or 1) == 1:
                    return c, gid
        raise LookupError(f"no slash command /{name} is registered (registered: "
                          f"{sorted({c['name'] for cs in self.commands.values() for c in cs})})")

    def _options_payload(self, command: JSON, path: tuple[str, ...], values: dict[str, Any],
                         focused: str | None) -> list[JSON]:
        where = [command["name"]]
        defs = command.get("options") or []
        for sub in path:
            match = next((o for o in defs if o["name"] == sub and o["type"] in (1, 2)), None)
            if match is None:
                raise LookupError(f"/{' '.join(where)} has no subcommand {sub!r}")
            where.append(sub)
            defs = match.get("options") or []
        chosen: list[JSON] = []
        for name, value in values.items():
            d = next((o for o in defs if o["name"] == name), None)
            if d is None:
                raise LookupError(f"/{' '.join(where)} has no option {name!r}")
            if (d["type"] == 3 and not isinstance(value, str)) or (d["type"] == 4 and not isinstance(value, int)):
                raise TypeError(f"option {name!r} of /{' '.join(where)} has type {d['type']}, got {value!r}")
            if d["type"] == 3 and len(value) > (d.get("max_length") or 6000):
                raise ValueError(f"Discord does not let anyone type {len(value)} characters into {name!r}")
            if d.get("choices") and name != focused and value not in [c["value"] for c in d["choices"]]:
                raise ValueError(f"{value!r} is not one of the choices of {name!r}")
            if d["type"] == 4 and ((d.get("min_value") is not None and value < d["min_value"])
                                   or (d.get("max_value") is not None and value > d["max_value"])):
                raise ValueError(f"{value!r} is out of range for {name!r}")
            if name == focused and not d.get("autocomplete"):
                raise ValueError(f"option {name!r} has no autocomplete")
            opt: JSON = {"type": d["type"], "name": name, "value": value}
            if name == focused:
                opt["focused"] = True
            chosen.append(opt)
        if focused is None:
            missing = [o["name"] for o in defs if o.get("required") and o["name"] not in values]
            if missing:
                raise ValueError(f"/{' '.join(where)} needs {missing}")
        # nest inside the subcommands, innermost last
        for depth in range(len(path), 0, -1):
            parent_defs = command.get("options") or []
            for sub in path[: depth - 1]:
                parent_defs = next(o for o in parent_defs if o["name"] == sub).get("options") or []
            kind = next(o for o in parent_defs if o["name"] == path[depth - 1])["type"]
            chosen = [{"type": kind, "name": path[depth - 1], "options": chosen}]
        return chosen

    async def slash(self, user: FakeUser, name: str, *subcommands: str, channel: int | None = None,
                    **options: Any) -> Interaction:
        """``/name sub … option=value``, as ``user`` types it. Returns when the bot has finished handling it."""
        command, gid = self._registered(name)
        data: JSON = {"id": command["id"], "name": name, "type": 1,
                      "options": self._options_payload(command, subcommands, options, None)}
        if gid is not None:
            data["guild_id"] = str(gid)
        return await self._interact(user, 2, data, channel)

    async def autocomplete(self, user: FakeUser, name: str, *subcommands: str, focused: str, value: str = "",
                           channel: int | None = None, **options: Any) -> list[JSON]:
        """The autocomplete results the bot offers for option ``focused`` while ``value`` is typed."""
        command, gid = self._registered(name)
        data: JSON = {"id": command["id"], "name": name, "type": 1,
                      "options": self._options_payload(command, subcommands, {**options, focused: value}, focused)}
        if gid is not None:
            data["guild_id"] = str(gid)
        interaction = await self._interact(user, 4, data, channel)
        return interaction.choices

    def find_component(self, user: FakeUser, custom_id: str, channel: int | None = None) -> Message:
        """The newest message ``user`` can see that carries ``custom_id``."""
        cid = channel or self.channel_id
        for m in reversed(list(self.all_messages.values())):
            if m.channel_id == cid and (m.recipient in (None, user.id)) and not m.loading and m.component(custom_id):
                return m
        raise LookupError(f"{user.name} sees no component {custom_id!r}")

    async def press(self, user: FakeUser, custom_id: str, message: Message | None = None) -> Interaction:
        """``user`` presses the button ``custom_id`` (on ``message``, default the newest one showing it)."""
        message = message or self.find_component(user, custom_id)
        c = message.component(custom_id)
        if c is None or c.get("type") != 2:
            raise LookupError(f"no button {custom_id!r} on message {message.id}")
        if c.get("disabled"):
            raise LookupError(f"button {custom_id!r} is disabled")
        return await self._interact(user, 3, {"custom_id": custom_id, "component_type": 2}, message.channel_id, message)

    async def select(self, user: FakeUser, custom_id: str, *values: str, message: Message | None = None) -> Interaction:
        """``user`` picks ``values`` in the select menu ``custom_id``."""
        message = message or self.find_component(user, custom_id)
        c = message.component(custom_id)
        if c is None or c.get("type") != 3:
            raise LookupError(f"no select {custom_id!r} on message {message.id}")
        offered = [o["value"] for o in c.get("options", [])]
        if not all(v in offered for v in values) or not (c.get("min_values", 1) <= len(values) <= c.get("max_values", 1)):
            raise ValueError(f"{values} cannot be picked from {offered}")
        return await self._interact(user, 3, {"custom_id": custom_id, "component_type": 3, "values": list(values)},
                                    message.channel_id, message)

    async def _interact(self, user: FakeUser, kind: int, data: JSON, channel: int | None,
                        message: Message | None = None) -> Interaction:
        clients = self._clients()
        assert clients, "start_bot() first"
        cid = channel or self.channel_id
        gid = self.guild_of(cid)
        iid = self._id()
        token = f"itoken-{iid}"
        payload: JSON = {
            "id": str(iid), "application_id": str(self.application_id), "type": kind, "data": data, "token": token,
            "version": 1, "guild_id": str(gid),
            "guild": {"id": str(gid), "locale": self.guild_locale, "features": []},
            "channel_id": str(cid), "channel": {**self._channel_payload(cid), "permissions": str(self.bot_permissions(cid))},
            "member": self._member_payload(user), "locale": user.locale, "guild_locale": self.guild_locale,
            "app_permissions": str(self.bot_permissions(cid)), "entitlements": [], "context": 0,
            "authorizing_integration_owners": {"0": str(gid)}, "attachment_size_limit": ATTACHMENT_LIMIT,
        }
        if message is not None:
            payload["message"] = message.payload(gid)
        record = Interaction(iid, token, kind, user, cid, payload)
        self.interactions[iid] = record
        self._by_token[token] = record
        self._active.append(record)
        try:
            # whichever client's shard has the guild receives it; every client listens until the bot has finished
            # with it, so one that also got it is seen (:attr:`received`)
            seen = [asyncio.ensure_future(c.wait_for("interaction", check=lambda i: i.id == iid, timeout=30))
                    for c in clients]
            try:
                before = asyncio.all_tasks()
                await self._dispatch("INTERACTION_CREATE", payload, gid)
                done, _ = await asyncio.wait(seen, return_when=asyncio.FIRST_COMPLETED)
                for f in done:
                    f.result()
                await self._settle(before)
                self.received += [(c, iid) for c, f in zip(clients, seen, strict=True)
                                  if f.done() and not f.cancelled() and f.exception() is None]
            finally:
                for f in seen:
                    f.cancel()
        finally:
            self._active.remove(record)
        self._check_answered(record)
        return record

    async def _settle(self, before: set[asyncio.Task[Any]], timeout: float = 120) -> None:
        """Wait until every task the bot started for the interaction has finished."""
        me = asyncio.current_task()
        for _ in range(100):
            pending = [t for t in asyncio.all_tasks() if t not in before and t is not me and not t.done()
                       and not _long_lived(t)]
            if not pending:
                return
            _, still = await asyncio.wait(pending, timeout=timeout)
            if still:
                raise TimeoutError(f"the bot is still busy with {still}")

    def _check_answered(self, record: Interaction) -> None:
        if not record.callbacks:
            self.violations.append(Violation("INTERACTION", f"type {record.type} {record.payload['data']}",
                                             "never acknowledged: Discord shows the user 'This interaction failed'"))
        elif record.original is not None and record.original.loading:
            self.violations.append(Violation("INTERACTION", f"type {record.type} {record.payload['data']}",
                                             "deferred ('thinking…') but never followed up: the user waits forever"))

    # ------------------------------------------------------------------ HTTP

    async def _http(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        op = spec.match_route(request.method, path)
        route = op.route if op else f"{request.method} {path}"
        body: Any = None
        files: dict[str, tuple[str, bytes]] = {}
        ctype = request.headers.get("Content-Type", "")
        problems: list[tuple[str, str]] = []
        if ctype.startswith("multipart/form-data"):
            reader = await request.multipart()
            async for part in reader:
                name = part.name or ""  # type: ignore[union-attr]
                raw = await part.read()  # type: ignore[union-attr]
                if name == "payload_json":
                    body = json.loads(raw)
                elif name.startswith("files["):
                    files[name] = (part.filename or "", bytes(raw))  # type: ignore[union-attr]
                else:
                    problems.append((name, "unexpected form field (Discord takes payload_json and files[n])"))
        elif request.can_read_body:
            raw = await request.read()
            if raw:
                try:
                    body = json.loads(raw)
                except ValueError:
                    problems.append(("", "body is not JSON"))
        req = Request(request.method, path, route, dict(request.query), body, files)
        self.requests.append(req)
        interaction = self._interaction_of(op)
        for i in [interaction] if interaction else list(self._active):
            i.requests.append(req)
        if self.check_ack_first and interaction is None and len(self._active) == 1 and not self._active[0].callbacks:
            # Discord allows 3 s to acknowledge: a bot that posts or edits first risks "interaction failed"
            problems.append(("", f"sent while handling an interaction that is not acknowledged yet "
                                 f"(type {self._active[0].type}); acknowledge (defer) first"))

        if op is None:
            problems.append(("", "no such route in Discord's API description"))
        else:
            problems += spec.validate_query(op, req.query)
            problems += spec.validate_body(op, body, ctype)
            problems += self._extra_rules(op, body, files)
            needs_auth = "{interaction_token}" not in op.template and "{webhook_token}" not in op.template
            if needs_auth and request.headers.get("Authorization") != f"Bot {self.token}":
                problems.append(("", "missing or wrong Authorization: Bot <token>"))
        req.violations = [Violation(route, p, r) for p, r in problems]
        self.violations += req.violations

        for fault in self.faults:
            if fault.matches(req):
                fault.hits += 1
                return self._fault_response(req, fault, interaction, request)
        if op is None:
            return self._answer(req, interaction, 404, {"message": "404: Not Found", "code": 0})
        if req.violations and self.reject_invalid:
            return self._answer(req, interaction, 400, discord_error(400, 50035, "Invalid Form Body", req.violations))
        if self._expired(op):
            return self._answer(req, interaction, 401, {"code": 50027, "message": "Invalid Webhook Token"})
        handler = self._handlers().get(op.route)
        if handler is None:
            v = Violation(route, "", "the double does not implement this route yet: add it to FakeDiscord._handlers")
            req.violations.append(v)
            self.violations.append(v)
            return self._answer(req, interaction, 404, {"message": "404: Not Found", "code": 0})
        status, data = handler(op, req)
        return self._answer(req, interaction, status, data)

    def _answer(self, req: Request, interaction: Interaction | None, status: int, data: Any,
                headers: dict[str, str] | None = None) -> web.Response:
        req.status = status
        if status >= 300:
            for i in [interaction] if interaction else list(self._active):
                i.errors.append(status)
        if status == 204:
            return web.Response(status=204, headers=headers)
        # exactly "application/json", as Discord sends it (discord.py compares the header literally)
        return web.Response(body=json.dumps(data).encode(), status=status,
                            headers={**(headers or {}), "Content-Type": "application/json"})

    def _fault_response(self, req: Request, fault: Fault, interaction: Interaction | None,
                        request: web.Request | None = None) -> web.StreamResponse:
        s = fault.status
        if s == 0:  # the connection drops before an answer (a network failure)
            req.status = 0
            for i in [interaction] if interaction else list(self._active):
                i.errors.append(0)
            if request is not None and request.transport is not None:
                request.transport.abort()
            return web.Response(status=503)  # never reaches the client: the connection is gone
        if s == 429:
            headers = {
                "Retry-After": str(math.ceil(fault.retry_after)), "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": f"{time.time() + fault.retry_after:.3f}",
                "X-RateLimit-Reset-After": f"{fault.retry_after:.3f}", "X-RateLimit-Bucket": "fake-bucket",
                "X-RateLimit-Scope": "shared" if not fault.is_global else "global", "Via": "1.1 google",
            }
            if fault.is_global:
                headers["X-RateLimit-Global"] = "true"
            body = {"message": fault.message or "You are being rate limited.", "retry_after": fault.retry_after,
                    "global": fault.is_global, "code": fault.code or 0}
            return self._answer(req, interaction, 429, body, headers)
        defaults = {400: (50035, "Invalid Form Body"), 401: (0, "401: Unauthorized"), 403: (50013, "Missing Permissions"),
                    404: (10003, "Unknown Channel")}
        code, message = defaults.get(s, (0, f"{s}: Internal Server Error" if s == 500 else f"{s}: Server Error"))
        return self._answer(req, interaction, s, {"code": fault.code if fault.code is not None else code,
                                                  "message": fault.message or message})

    def _expired(self, op: spec.Operation) -> bool:
        token = op.params.get("interaction_token") or op.params.get("webhook_token")
        i = self._by_token.get(token or "")
        return i is not None and i.expired

    def _interaction_of(self, op: spec.Operation | None) -> Interaction | None:
        if op is None:
            return None
        token = op.params.get("interaction_token") or op.params.get("webhook_token")
        return self._by_token.get(token or "")

    def _extra_rules(self, op: spec.Operation, body: Any, files: dict[str, tuple[str, bytes]]) -> list[tuple[str, str]]:
        t = op.template
        out: list[tuple[str, str]] = []
        sizes = {k: len(v[1]) for k, v in files.items()}
        if t.endswith("/commands") and op.method in ("PUT",):
            out += rules.check_commands(body or [])
        elif t.endswith("/commands") and op.method == "POST":
            out += rules.check_commands([body])
        elif t.endswith("/callback"):
            kind = (body or {}).get("type")
            if kind == 8:
                out += rules.check_autocomplete((body or {}).get("data"))
            elif kind in (4, 7):
                out += rules.check_message((body or {}).get("data"), "data", interaction_reply=True)
                out += rules.check_uploads((body or {}).get("data"), sizes, "data")
                if kind == 4:
                    out += [("data", r) for _, r in rules.check_not_empty((body or {}).get("data"), sizes)]
            elif kind == 5:
                out += rules.check_message((body or {}).get("data"), "data", interaction_reply=True)
        elif (t.startswith(("/webhooks/", "/channels/{channel_id}/messages"))) and op.method in ("POST", "PATCH"):
            out += rules.check_message(body, "", interaction_reply=t.startswith("/webhooks/"))
            out += rules.check_uploads(body, sizes)
            if op.method == "POST":
                out += rules.check_not_empty(body, sizes)
        return out

    # ------------------------------------------------------------------ route behaviour

    def _handlers(self) -> dict[str, Callable[[spec.Operation, Request], tuple[int, Any]]]:
        return {
            "GET /users/@me": lambda op, r: (200, self.bot_user),
            "GET /oauth2/applications/@me": lambda op, r: (200, self._application()),
            "GET /applications/@me": lambda op, r: (200, self._application()),
            "GET /gateway": lambda op, r: (200, {"url": self.gateway_url}),
            "GET /gateway/bot": lambda op, r: (200, {"url": self.gateway_url, "shards": 1, "session_start_limit": {
                "total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1}}),
            "PUT /applications/{application_id}/commands": self._put_commands,
            "PUT /applications/{application_id}/guilds/{guild_id}/commands": self._put_commands,
            "GET /channels/{channel_id}": lambda op, r: (200, self._channel_payload(int(op.params["channel_id"]))),
            "GET /users/{user_id}": self._get_user,
            "POST /users/@me/channels": self._open_dm,
            "POST /channels/{channel_id}/messages": self._post_message,
            "PATCH /channels/{channel_id}/messages/{message_id}": self._edit_message,
            "GET /channels/{channel_id}/messages/{message_id}": self._get_message,
            "DELETE /channels/{channel_id}/messages/{message_id}": self._delete_message,
            "POST /interactions/{interaction_id}/{interaction_token}/callback": self._callback,
            "POST /webhooks/{webhook_id}/{webhook_token}": self._followup,
            "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original": self._edit_webhook_message,
            "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": self._edit_webhook_message,
            "GET /webhooks/{webhook_id}/{webhook_token}/messages/@original": self._get_webhook_message,
            "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/@original": self._delete_webhook_message,
            "DELETE /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": self._delete_webhook_message,
        }

    def _application(self) -> JSON:
        return {"id": str(self.application_id), "name": "Referee", "icon": None, "description": "", "summary": "",
                "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64, "flags": 0,
                "owner": {**self.bot_user, "bot": False, "id": str(self._id()), "username": "owner"}, "team": None,
                "rpc_origins": [], "interactions_endpoint_url": None, "tags": [], "redirect_uris": [],
                "bot": self.bot_user}

    def _put_commands(self, op: spec.Operation, req: Request) -> tuple[int, Any]:
        gid = int(op.params["guild_id"]) if "guild_id" in op.params else None
        out = []
        for c in req.body or []:
            cmd = {"type": 1, "default_member_permissions": None, "dm_permission": True, "nsfw": False,
                   "contexts": None, "integration_types": [0], **c, "id": str(self._id()),
                   "application_id": str(self.application_id), "version": str(self._id())}
            if gid is not None:
                cmd["guild_id"] = str(gid)
            out.append(cmd)
        self.commands[gid] = out
        return 200, out

    def _new_message(self, channel_id: int, body: JSON, files: dict[str, tuple[str, bytes]], *,
                     recipient: int | None = None, interaction: Interaction | None = None) -> Message:
        m = Message(self._id(), channel_id, author=self.bot_user, recipient=recipient,
                    interaction_id=interaction.id if interaction else None,
                    at=self.clock() if self.clock is not None else None)
        self._apply(m, body, files)
        self.all_messages[m.id] = m
        return m

    def _apply(self, m: Message, body: JSON | None, files: dict[str, tuple[str, bytes]], edit: bool = False) -> None:
        body = body or {}
        if "content" in body:
            m.content = body.get("content") or ""
            if not edit:  # an edit does not notify anyone again
                m.pinged = rules.pinged(body, m.content)
        if "embeds" in body:
            m.embeds = list(body.get("embeds") or [])
        if "components" in body:
            m.components = list(body.get("components") or [])
        if "flags" in body and body["flags"] is not None:
            m.flags = body["flags"] & ~EPHEMERAL
        by_id = {str(a.get("id")): a.get("filename") for a in body.get("attachments") or [] if isinstance(a, dict)}
        if files or "attachments" in body:
            kept = {} if not edit else {n: d for n, d in m.files.items() if n in by_id.values()}
            for field_name, (filename, data) in files.items():
                n = field_name[len("files["):-1]
                kept[by_id.get(n) or filename] = data
            m.files = kept
        if edit:
            m.edits += 1
        m.loading = False

    def _known_user(self, user_id: Any) -> FakeUser | None:
        return next((u for u in self.users.values() if str(u.id) == str(user_id)), None)

    def _get_user(self, op: spec.Operation, req: Request) -> tuple[int, Any]:
        user = self._known_user(op.params["user_id"])
        return (200, user.payload()) if user else (404, {"code": 10013, "message": "Unknown User"})

    def _open_dm(self, op: spec.Operation, req: Request) -> tuple[int, Any]:
        """A direct-message channel with a guild member (the same one each time, as Discord does)."""
        user = self._known_user((req.body or {}).get("recipient_id"))
        if user is None:
            return 400, {"code": 50033, "message": "Invalid Recipient(s)"}
        cid = next((c for c, u in self.dm_channels.items() if u is user), None)
        if cid is None:
            cid = self._id()
            self.dm_channels[cid] = user
        return 200, {"id": str(cid), "type": 1, "last_message_id": None, "flags": 0, "recipients": [user.payload()]}

    def _now(self) -> float:
        return self.clock() if self.clock is not None else time.monotonic()

    def _same_nonce(self, cid: int, body: JSON) -> Message | None:
        """The message a request with ``enforce_nonce`` repeats (same channel and nonce, a few minutes ago)."""
        nonce = body.get("nonce")
        if nonce is None or not body.get("enforce_nonce"):
            return None
        first = self.nonces.get((cid, str(nonce)))
        if first is None or self._now() - first[1] > NONCE_WINDOW or first[0] not in self.all_messages:
            return None
        self.nonce_repeats += 1
        return self.all_messages[first[0]]

    def _remember_nonce(self, m: Message, body: JSON) -> None:
        if body.get("nonce") is not None and body.get("enforce_nonce"):
            self.nonces[(m.channel_id, str(body["nonce"]))] = (m.id, self._now())

    def _post_message(self, op: spec.Operation, req: Request) -> tuple[int, Any]:
        cid = int(op.params["channel_id"])
        repeated = self._same_nonce(cid, req.body or {})
        if repeated is not None:
            return 200, repeated.payload(None if cid in self.dm_channels else self.guild_of(cid))
        if cid in self.dm_channels:  # a direct message: private, not part of any channel's conversation
            m = self._new_message(cid, req.body or {}, req.files)
            self._remember_nonce(m, req.body or {})
            return 200, m.payload(None)
        if cid not in self.channels:
            return 404, {"code": 10003, "message": "Unknown Channel"}
        perms = self.bot_permissions(cid)
        if not perms & SEND_MESSAGES or (req.files and not perms & ATTACH_FILES):
            return 403, {"code": 50013, "message": "Missing Permissions"}
        if not perms & EMBED_LINKS and (req.body or {}).get("embeds"):
            req.body = {**req.body, "embeds": []}  # Discord posts the message without its embeds
        m = self._new_message(cid, req.body or {}, req.files)
        self._remember_nonce(m, req.body or {})
        for i in self._active:
            i.posts.append(m)
        return 200, m.payload(self.guild_of(m.channel_id))

    def _message(self, op: spec.Operation) -> Message | None:
        m = self.all_messages.get(int(op.params["message_id"]))
        if m is None or m.channel_id != int(op.params["channel_id"]) or m.ephemeral:
            return None
        return m

    def _edit_message(self, op: spec.Operation, req: Request) -> tuple[int, Any]:
        m = self._message(op)
        if m is None:
            return 404, {"code": 10008, "message": "Unknown Message"}
        self._apply(m, req.body, req.files, edit=True)
        for i in self._active:
            i.edits.append(m)
        return 200, m.payload(self.guild_of(m.channel_id))

    def _get_message(self, op: spec.Operation, req: Request) -> tuple[int, Any]:
        m = self._message(op)
        return (200, m.payload(self.guild_of(m.channel_id))) if m else (404, {"code": 10008, "message": "Unknown Message"})

    def _delete_message(self, op: spec.Operation, req: Request) -> tuple[int, Any]:
        m = self._message(op)
        if m is None:
            return 404, {"code": 10008, "message": "Unknown Message"}
        del self.all_messages[m.id]
        return 204, None

    def _callback(self, op: spec.Operation, req: Request) -> tuple[int, Any]:
        i = self._by_token.get(op.params["interaction_token"])
        if i is None or str(i.id) != op.params["interaction_id"]:
            return 404, {"code": 10062, "message": "Unknown interaction"}
        body = req.body or {}
        kind = body.get("type")
        if i.callbacks:
            self._protocol(req, "an interaction can be acknowledged only once (Discord: 40060 already acknowledged)")
            return 400, {"code": 40060, "message": "Interaction has already been acknowledged."}
        allowed = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}[i.type]
        if kind not in allowed:
            self._protocol(req, f"callback type {kind} is not allowed for interaction type {i.type}")
            return 400, {"code": 50035, "message": "Invalid Form Body"}
        i.callbacks.append(body)
        data = body.get("data") or {}
        ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
        message: Message | None = None
        if kind in (4, 5):
            message = self._new_message(i.channel_id, data if kind == 4 else {}, req.files,
                                        recipient=i.user.id if ephemeral else None, interaction=i)
            message.loading = kind == 5
            i.original = message
            i.replies.append(message)
        elif kind == 7:
            target = self.all_messages.get(int(i.payload["message"]["id"])) if "message" in i.payload else None
            if target is not None:
                self._apply(target, data, req.files, edit=True)
                i.edits.append(target)
                message = target
        answer: JSON = {"interaction": {"id": str(i.id), "type": i.type, "response_message_loading": kind == 5,
                                        "response_message_ephemeral": ephemeral}}
        if message is not None:
            answer["interaction"]["response_message_id"] = str(message.id)
            answer["resource"] = {"type": kind, "message": message.payload(self.guild_of(message.channel_id))}
        return 200, answer

    def _protocol(self, req: Request, rule: str) -> None:
        v = Violation(req.route, "", rule)
        req.violations.append(v)
        self.violations.append(v)

    def _webhook_interaction(self, op: spec.Operation, req: Request) -> Interaction | None:
        i = self._by_token.get(op.params["webhook_token"])
        if i is None or op.params["webhook_id"] != str(self.application_id):
            return None
        return i

    def _followup(self, op: spec.Operation, req: Request) -> tuple[int, Any]:
        i = self._webhook_interaction(op, req)
        if i is None:
            return 404, {"code": 10015, "message": "Unknown Webhook"}
        if not i.callbacks:
            self._protocol(req, "a followup before the interaction was acknowledged")
            return 404, {"code": 10015, "message": "Unknown Webhook"}
        body = req.body or {}
        if i.original is not None and i.original.loading:
            # the first followup after a deferred response replaces the "thinking…" message,
            # and keeps the deferral's visibility (Discord ignores the followup's own ephemeral flag)
            m = i.original
            wanted = bool((body.get("flags") or 0) & EPHEMERAL)
            if wanted and not m.ephemeral:
                self._protocol(req, "sent as ephemeral, but it completes a public deferral: everyone sees it")
            elif not wanted and m.ephemeral:
                self._protocol(req, "sent as public, but it completes an ephemeral deferral: only the user sees it")
            self._apply(m, body, req.files)
        else:
            ephemeral = bool((body.get("flags") or 0) & EPHEMERAL)
            m = self._new_message(i.channel_id, body, req.files, recipient=i.user.id if ephemeral else None, interaction=i)
            i.replies.append(m)
        return 200, m.payload(self.guild_of(m.channel_id))

    def _webhook_message(self, op: spec.Operation) -> tuple[Interaction | None, Message | None]:
        i = self._by_token.get(op.params["webhook_token"])
        if i is None:
            return None, None
        mid = op.params.get("message_id")
        if mid is None:
            return i, i.original
        m = self.all_messages.get(int(mid))
        return i, m if m is not None and m.interaction_id == i.id else None

    def _edit_webhook_message(self, op: spec.Operation, req: Request) -> tuple[int, Any]:
        i, m = self._webhook_message(op)
        if i is None or m is None:
            return 404, {"code": 10008, "message": "Unknown Message"}
        self._apply(m, req.body, req.files, edit=True)
        i.edits.append(m)
        return 200, m.payload(self.guild_of(m.channel_id))

    def _get_webhook_message(self, op: spec.Operation, req: Request) -> tuple[int, Any]:
        _, m = self._webhook_message(op)
        return (200, m.payload(self.guild_of(m.channel_id))) if m else (404, {"code": 10008, "message": "Unknown Message"})

    def _delete_webhook_message(self, op: spec.Operation, req: Request) -> tuple[int, Any]:
        _, m = self._webhook_message(op)
        if m is None:
            return 404, {"code": 10008, "message": "Unknown Message"}
        del self.all_messages[m.id]
        return 204, None
