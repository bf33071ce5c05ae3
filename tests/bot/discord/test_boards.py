"""An accepted move always reaches the channel (#8.3): the board post is written with the move, delivered with
retries and back-off (fake clock), collapsed to the newest board, resumed after a restart, and a permanent
failure is told privately and shown in /game status. And /game new checks the bot's permissions."""
import asyncio
from types import SimpleNamespace
from unittest.mock import AsyncMock

import discord
import pytest

from bot.config import Config
from bot.discord import Referee
from bot.discord.boards import CannotPost, Delivered, Poster, RetryLater
from bot.discord.compose import NEEDED, missing_permissions
from bot.store import Store
from bot.table.service import GameService
from render.i18n import LOCALES, has_key, t
from tests.bot.conftest import USERS, interaction, run, started


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now

    async def sleep(self, seconds):
        self.now += seconds
        await asyncio.sleep(0)


class Sender:
    """A fake transport: answers each delivery with the next scripted outcome (an exception or a message id)."""

    def __init__(self, *script):
        self.script = list(script)
        self.calls = []
        self.lasts = []  # the board before each delivery, as the poster handed it on: (version, message id)
        self.delivered = asyncio.Event()

    async def __call__(self, post, last=None):
        self.calls.append(post.version)
        self.lasts.append(None if last is None else (last.version, last.message_id))
        outcome = self.script.pop(0) if self.script else "m"
        if isinstance(outcome, Exception):
            raise outcome
        self.delivered.set()
        return Delivered(post.version, f"{outcome}{len(self.calls)}")


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def service(store, clock):
    """The service on the same fake clock as the poster (it stamps the posts' times)."""
    return GameService(store, clock=clock, seed_source=lambda: 11)


async def outbox_game(store, service, moves=0):
    store.outbox = True
    snap = await started(service, n=2)
    for _ in range(moves):
        p = snap.prompts[0]
        snap = await service.act("chan", USERS[p.seat], p.options[0].action)
    return snap


def make_poster(store, clock, sender, **kw):
    notify, retire = AsyncMock(), AsyncMock()
    return Poster(store, sender, notify, retire, clock=clock, sleep=clock.sleep, **kw), notify, retire


async def test_the_post_is_written_in_the_moves_transaction(store, service):
    snap = await outbox_game(store, service, moves=1)
    pending = await store.pending_posts(snap.row.id)
    assert [(p.version, p.user_id, p.channel_id) for p in pending] == [(0, None, "chan"), (1, USERS[snap.actor].id, "chan")]


async def test_retries_back_off_exponentially_then_deliver(store, service, clock):
    snap = await outbox_game(store, service)
    sender = Sender(RetryLater("503"), RetryLater("network"))
    poster, notify, _ = make_poster(store, clock, sender)
    assert await poster.run_due() == 1002.0          # first attempt failed: again after 2 s
    clock.now = 1001.0
    await poster.run_due()
    assert sender.calls == [0]                       # not due yet
    clock.now = 1002.0
    assert await poster.run_due() == 1006.0          # second failure: 4 s
    clock.now = 1006.0
    assert await poster.run_due() is None            # delivered, nothing pending
    assert sender.calls == [0, 0, 0]
    last = await store.last_post(snap.row.id)
    assert (last.status, last.attempts, last.message_id) == ("delivered", 2, "m3")
    notify.assert_not_awaited()


async def test_a_rate_limit_waits_at_least_as_long_as_discord_asks(store, service, clock):
    await outbox_game(store, service)
    poster, _, _ = make_poster(store, clock, Sender(RetryLater("429", retry_after=30.0)))
    assert await poster.run_due() == 1030.0


async def test_pending_boards_collapse_into_the_newest(store, service, clock):
    snap = await outbox_game(store, service, moves=3)
    sender = Sender()
    poster, _, retire = make_poster(store, clock, sender)
    await poster.run_due()
    assert sender.calls == [3]                       # one board, of the newest position
    async with store.db.execute("SELECT version, status FROM posts WHERE game_id=? ORDER BY id", (snap.row.id,)) as cur:
        rows = [tuple(r) async for r in cur]
    # the covered posts were superseded, then deleted with the delivery (issue 18): only the newest board stays
    assert rows == [(3, "delivered")]
    retire.assert_not_awaited()                      # there was no earlier board
    p = snap.prompts[0]
    await service.act("chan", USERS[p.seat], p.options[0].action)
    await poster.run_due()
    assert sender.calls == [3, 4]
    assert sender.lasts == [None, (3, "m1")]         # the board to tell what happened since
    (previous,) = retire.await_args.args
    assert previous.version == 3 and previous.message_id == "m1"


async def test_a_permanent_failure_is_told_and_not_retried(store, service, clock):
    snap = await outbox_game(store, service, moves=1)
    sender = Sender(CannotPost("forbidden"))
    poster, notify, _ = make_poster(store, clock, sender)
    assert await poster.run_due() is None
    post, reason = notify.await_args.args
    assert reason == "forbidden" and post.version == 1
    last = await store.last_post(snap.row.id)
    assert (last.status, last.last_error) == ("failed", "forbidden")


async def test_after_max_attempts_the_poster_gives_up(store, service, clock):
    await outbox_game(store, service)
    poster, notify, _ = make_poster(store, clock, Sender(*[RetryLater("503")] * 3), max_attempts=3)
    for _ in range(3):
        next_at = await poster.run_due()
        if next_at is not None:
            clock.now = next_at
    assert notify.await_args.args[1] == "gave_up"


async def test_an_unexpected_error_is_retried_like_a_transient_one(store, service, clock):
    await outbox_game(store, service)
    sender = Sender(ValueError("render bug"))
    poster, notify, _ = make_poster(store, clock, sender)
    assert await poster.run_due() == 1002.0
    notify.assert_not_awaited()


async def test_pending_posts_resume_after_a_restart(tmp_path, clock):
    path = str(tmp_path / "restart.sqlite3")
    store = await Store.open(path)
    service = GameService(store, clock=clock, seed_source=lambda: 3)
    snap = await outbox_game(store, service, moves=2)
    await store.close()                              # the process dies before posting

    store = await Store.open(path)
    try:
        sender = Sender()
        poster, _, _ = make_poster(store, clock, sender)
        assert await poster.run_due() is None
        assert sender.calls == [2]
        assert (await store.last_post(snap.row.id)).status == "delivered"
    finally:
        await store.close()


async def test_the_run_loop_waits_with_the_injected_sleep(store, service, clock):
    await outbox_game(store, service)
    sender = Sender(RetryLater("503"), RetryLater("503"))
    poster, _, _ = make_poster(store, clock, sender)
    task = asyncio.create_task(poster.run())
    try:
        await asyncio.wait_for(sender.delivered.wait(), 30)
    finally:
        task.cancel()
    assert sender.calls == [0, 0, 0]
    assert clock.now == 1000.0 + 2 + 4               # it slept exactly the back-off, on the fake clock


# ------------------------------------------------------------------------------------------ through the client

def http_error(cls, status):
    return cls(SimpleNamespace(status=status, reason="x"), {"code": 0, "message": "x"})


@pytest.fixture
def bot(service, clock):
    return Referee(service, Config(render_processes=0), clock=clock, sleep=clock.sleep)


async def test_missing_permission_tells_mover_and_host_privately_and_status_shows_it(bot, service, store):
    snap = await started(service, n=2)
    p = snap.prompts[0]
    mover = USERS[p.seat]
    bot.direct_message = AsyncMock()
    i = interaction(bot, mover)
    i.channel.send = AsyncMock(side_effect=http_error(discord.Forbidden, 403))
    await run(bot.tree.get_command("game").get_command("move"), i, action=p.options[0].action)
    texts = [c.kwargs["content"] for c in i.followup.send.await_args_list]
    assert all(c.kwargs["ephemeral"] for c in i.followup.send.await_args_list)
    assert texts[0].startswith("✅")                                     # recorded first
    assert "could not be posted" in texts[1] and t("post.reason.forbidden", "en") in texts[1]
    if mover.id != USERS[0].id:                                          # the host hears by DM
        (user_id, text), _ = bot.direct_message.await_args
        assert user_id == USERS[0].id and "could not be posted" in text
    assert (await store.open_game("chan")).version == 1                  # the move stands

    s = interaction(bot, USERS[1])
    await run(bot.tree.get_command("game").get_command("status"), s)
    status = s.followup.send.await_args.kwargs["content"]
    assert t("post.status_failed", "en", move=1, reason=t("post.reason.forbidden", "en")) in status


async def test_a_server_error_is_retried_later_and_then_posted(bot, service, store, clock):
    snap = await started(service, n=2)
    p = snap.prompts[0]
    i = interaction(bot, USERS[p.seat])
    message = AsyncMock(id=555)
    i.channel.send = AsyncMock(side_effect=[http_error(discord.DiscordServerError, 503), message])
    await run(bot.tree.get_command("game").get_command("move"), i, action=p.options[0].action)
    assert [c.kwargs["content"][:1] for c in i.followup.send.await_args_list] == ["✅"]  # nothing alarming yet
    s = interaction(bot, USERS[1])
    await run(bot.tree.get_command("game").get_command("status"), s)
    assert t("post.status_pending", "en", move=1, n=2) in s.followup.send.await_args.kwargs["content"]
    clock.now += 2
    await bot.poster.run_due()
    assert i.channel.send.await_count == 2
    assert (await store.last_post(snap.row.id)).message_id == "555"


async def test_a_deleted_channel_or_a_refused_message_is_permanent(bot, service, store):
    for cls, status, reason in ((discord.NotFound, 404, "not_found"), (discord.HTTPException, 400, "rejected")):
        snap = await started(service, n=2, channel=f"c{status}")
        p = snap.prompts[0]
        i = interaction(bot, USERS[p.seat], channel_id=f"c{status}")
        i.channel.send = AsyncMock(side_effect=http_error(cls, status))
        bot.direct_message = AsyncMock()
        await run(bot.tree.get_command("game").get_command("move"), i, action=p.options[0].action)
        assert (await store.last_post(snap.row.id)).last_error == reason


# ------------------------------------------------------------------------------------------ permissions

def test_permissions_needed_in_a_channel_and_in_a_thread():
    everything = discord.Permissions.all()
    assert missing_permissions(everything, in_thread=True) == []
    perms = discord.Permissions(view_channel=True, send_messages=True, read_message_history=True)
    assert missing_permissions(perms, in_thread=False) == ["attach_files", "embed_links"]
    assert missing_permissions(perms, in_thread=True) == ["attach_files", "embed_links", "send_messages_in_threads"]
    for name in (*NEEDED, "send_messages_in_threads"):
        assert all(has_key(f"perm.{name}", loc) for loc in LOCALES), name
    for reason in ("forbidden", "not_found", "rejected", "gave_up"):
        assert all(has_key(f"post.reason.{reason}", loc) for loc in LOCALES), reason


async def test_new_game_refuses_with_the_translated_list_of_missing_permissions(bot, store):
    i = interaction(bot, USERS[0], locale="cs")
    i.app_permissions = discord.Permissions(view_channel=True, send_messages=True, read_message_history=True)
    i.channel.type = discord.ChannelType.public_thread
    await run(bot.tree.get_command("game").get_command("new"), i, game="alhambra", language="en", options=None)
    (call,) = i.followup.send.await_args_list
    text = call.kwargs["content"]
    assert call.kwargs["ephemeral"] is True
    for name in ("attach_files", "embed_links", "send_messages_in_threads"):
        assert t(f"perm.{name}", "cs") in text
    assert t("perm.view_channel", "cs") not in text and t("perm.read_message_history", "cs") not in text
    i.channel.send.assert_not_awaited()
    assert await store.open_game("chan") is None


async def test_a_start_whose_board_cannot_be_posted_is_told_to_the_host_on_the_interaction(bot, service, store):
    await service.new("chan", "guild", USERS[0], "alhambra", {}, "en")
    await service.join("chan", USERS[1])
    bot.direct_message = AsyncMock()
    i = interaction(bot, USERS[0])
    i.channel.send = AsyncMock(side_effect=http_error(discord.Forbidden, 403))
    await run(bot.tree.get_command("game").get_command("start"), i)
    texts = [c.kwargs["content"] for c in i.followup.send.await_args_list]
    assert texts[0] == t("ok.started", "en") and "could not be posted" in texts[1]
    bot.direct_message.assert_not_awaited()  # the host was told on the interaction already


async def test_game_board_reposts_and_supersedes_a_pending_post(bot, service, store, clock):
    snap = await started(service, n=2)
    p = snap.prompts[0]
    i = interaction(bot, USERS[p.seat])
    i.channel.send = AsyncMock(side_effect=http_error(discord.DiscordServerError, 503))
    await run(bot.tree.get_command("game").get_command("move"), i, action=p.options[0].action)
    assert (await store.last_post(snap.row.id)).status == "pending"
    b = interaction(bot, USERS[0])
    b.followup.send = AsyncMock(return_value=AsyncMock(id=77))
    await run(bot.tree.get_command("game").get_command("board"), b)
    assert await store.pending_posts(snap.row.id) == []
    assert (await store.last_board(snap.row.id)).message_id == "77"
    clock.now += 10
    await bot.poster.run_due()
    assert i.channel.send.await_count == 1  # the stale retry was not posted again


async def test_the_board_goes_out_even_if_the_mover_cannot_be_answered(bot, service, store):
    snap = await started(service, n=2)
    p = snap.prompts[0]
    i = interaction(bot, USERS[p.seat])
    i.followup.send = AsyncMock(side_effect=http_error(discord.NotFound, 404))  # the interaction expired
    await run(bot.tree.get_command("game").get_command("move"), i, action=p.options[0].action)
    assert i.channel.send.await_args.kwargs["file"].filename == "board.png"
    assert (await store.last_post(snap.row.id)).status == "delivered"
