"""A strict stand-in for Discord, for end-to-end tests of the real bot client.

The bot under test is the real ``bot.discord.Referee`` (a ``discord.Client``): discord.py's own
HTTP client and gateway connection, not Interaction mocks. :class:`FakeDiscord` serves on
127.0.0.1 only (aiohttp's test server) and points discord.py at itself while it runs
(``discord.http.Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY``, restored on close; a plain
``Client`` connects to the default gateway without asking ``GET /gateway/bot``, which the double
answers too).

What it speaks
  * the gateway: HELLO, heartbeats and ACKs, IDENTIFY → READY (the application id, the bot user)
    and GUILD_CREATE (one guild, its text channels, the bot's member), RESUME → RESUMED; then
    INTERACTION_CREATE for every command, autocomplete, button press and select pick it drives;
  * HTTP API v10: login (``/users/@me``, ``/oauth2/applications/@me``), command sync (global and
    guild ``PUT …/commands``), channel messages (post, edit, get, delete), interaction callbacks
    (``with_response``), followups and edits of the original response. A route Discord has but
    the double does not implement yet is reported as a violation naming it: add it to
    ``FakeDiscord._handlers``.

What it checks, on every request (see ``spec.py`` and ``rules.py``)
  * the route exists in Discord's OpenAPI description (``openapi.json``, vendored with its MIT
    licence ``LICENSE-openapi``), the query parameters are declared, and the body (the JSON, or
    the ``payload_json`` part of a multipart upload) validates against the operation's request
    schema (jsonschema, Draft 2020-12);
  * the documented limits the schema does not encode (component emoji, rows, buttons, selects,
    custom_ids, content 2000, embed limits, command names/descriptions/options/choices,
    localisation keys, autocomplete results, uploads ≤ 10 MiB, ephemeral only on interaction
    replies);
  * the interaction protocol: every interaction acknowledged exactly once with a callback type
    allowed for it, no followup before the acknowledgement, no "thinking…" left forever.
  Each problem is a :class:`Violation` (route, path in body, rule) in ``double.violations``; by
  default the request is also answered 400 with Discord's JSON error shape, as Discord would.

How Discord behaves, as the double models it
  * ``double.reconnect()`` sends op 7 RECONNECT and returns once the bot has resumed the session;
    ``double.expire_tokens()`` makes every interaction so far 15 minutes old (its token answers
    401 "Invalid Webhook Token"), with no clock involved;
  * channels: ``double.channel_id`` (the first), ``double.add_channel(name)`` before the bot starts,
    ``await double.create_channel(name)`` while it runs; ``slash(…, channel=id)`` uses another one;
  * ``await double.deny_bot(channel_id, ATTACH_FILES)`` takes permissions from the bot in a channel
    (a member overwrite the client sees via CHANNEL_UPDATE; interactions carry the reduced
    ``app_permissions``); posts needing them get 403 "Missing Permissions" (50013), and embeds
    without Embed Links are dropped;
  * the first followup after a deferred response replaces the "thinking…" message and keeps the
    deferral's visibility; ephemeral messages are visible to their recipient only (``press``
    finds components only on messages the user can see);
  * ``double.fail(route, status, times=1, …)`` answers the next matching request(s) with 400,
    403, 404 (Discord's JSON error bodies), 429 (``retry_after`` in the body, ``Retry-After``,
    ``X-RateLimit-*`` and ``Via`` headers, as discord.py expects), 5xx, or 0 (the connection
    drops without an answer, as in a network failure). ``route`` is the
    OpenAPI template with its method (``"POST /channels/{channel_id}/messages"``) or ``"*"``;
    ``when=lambda request: …`` narrows it to particular requests.

Using it::

    from tests.bot.discord.double.env import DiscordEnv

    async def test_something(tmp_path):            # or use the ``discord_env`` fixture here
        async with DiscordEnv(tmp_path / "referee.sqlite3") as env:
            double = env.double
            ann, ben = double.user("Ann"), double.user("Ben", locale="cs")
            await double.slash(ann, "game", "new", game="luxor")
            await double.slash(ben, "game", "join")
            lobby = double.messages()[-1]
            await double.press(ann, "rf:l:1:start")           # or a custom_id read from lobby.custom_ids()
            choices = await double.autocomplete(ben, "game", "move", focused="action", value="")
            i = await double.slash(ben, "game", "move", action=choices[0]["value"])
            i.private_text, i.public, i.callbacks, i.errors   # what the bot answered to that interaction
            double.boards()[-1].files["board.png"]             # the picture as uploaded
            await env.restart()                                 # a new bot process on the same SQLite file
            assert double.violations == [], double.report()

``slash``/``autocomplete``/``press``/``select`` return when every task the bot started for the
interaction has finished, so a test reads the outcome straight after (no sleeps, no timing). Tasks
meant to outlive an interaction are named ``referee-background…`` (the board poster and its waits)
and are not waited for: a board the poster retries after its back-off arrives later, and
``await env.posted()`` returns once the poster has nothing pending. The bot runs on ``env.clock``
(a fake clock that moves only when the bot sleeps: a back-off passes at once and is recorded in
``env.clock.slept``). Direct messages (``POST /users/@me/channels``) are kept per user:
``double.direct_messages(user)``.
:class:`tests.bot.discord.double.driver.GameDriver` plays whole games by what the bot offers.
"""
from .server import FakeDiscord, FakeUser, Fault, Interaction, Message, Request, Violation

__all__ = ["FakeDiscord", "FakeUser", "Fault", "Interaction", "Message", "Request", "Violation"]
