"""A board is posted once even when its process dies between sending it and marking it delivered (issue 19):
each board goes out with its post as the nonce (``enforce_nonce``), and Discord (the double, like Discord)
answers a re-send within a few minutes with the first message."""
from __future__ import annotations

import random

import discord
import pytest

from bot.discord.poster import LEASE, post_nonce
from bot.table.model import POST_DELIVERED, User
from tests.bot.discord.double.driver import GameDriver

BOARD_POST = "POST /channels/{channel_id}/messages"


class Killed(BaseException):
    """The process dies here (kill -9): nothing after this line runs, no lease is given back."""


async def test_the_double_answers_a_repeated_nonce_with_the_first_message(discord_env):
    d = discord_env.double
    channel = discord_env.bot.get_partial_messageable(d.channel_id)
    first = await channel.send("one", nonce="post-1")
    again = await channel.send("one", nonce="post-1")
    other = await channel.send("two", nonce="post-2")
    assert again.id == first.id != other.id and d.nonce_repeats == 1
    assert [m.content for m in d.messages()] == ["one", "two"]
    sent = [r for r in d.requests if r.route == BOARD_POST]
    assert all(r.body["enforce_nonce"] is True for r in sent)  # discord.py sends every nonce with enforce_nonce
    assert not d.violations
    with pytest.raises(discord.HTTPException):  # Discord's limit: a nonce is at most 25 characters
        await channel.send("three", nonce="x" * 26)


async def test_a_poster_killed_after_sending_a_board_does_not_post_it_twice(discord_env):
    env, d = discord_env, discord_env.double
    g = GameDriver(d, "luxor", [d.user("Ann"), d.user("Ben")], random.Random(1))
    await g.open()
    await env.posted()
    before = len(d.boards())
    chan = str(d.channel_id)
    snap = await env.service.current(chan)
    prompt = snap.prompts[0]
    mover = next(p for p in g.players if str(p.id) == snap.user_of(prompt.seat))
    await env.service.act(chan, User(str(mover.id), mover.name), prompt.options[0].action)
    [post] = await env.store.pending_posts(snap.row.id)

    async def killed(*args: object, **kwargs: object) -> None:
        raise Killed  # the board went out; the process dies before the outbox row says so

    async def dead(*args: object, **kwargs: object) -> None:
        return None  # (a killed process runs no ``finally``: its lease on the game's posts is not given back)

    env.store.posts_delivered = killed  # type: ignore[method-assign]
    env.store.release_posts = dead  # type: ignore[method-assign]
    with pytest.raises(Killed):
        await env.bot.poster.post_game(snap.row.id)
    assert len(d.boards()) == before + 1
    sent = d.boards()[-1]
    # a new process: the dead one's lease on the game's posts runs out (the poster looks again every second of the
    # fake clock), then it sends the pending board again with the same nonce and Discord returns the first message
    started = env.clock()
    await env.restart()
    await env.posted()
    assert env.clock() - started >= LEASE - 1
    assert len(d.boards()) == before + 1 and d.nonce_repeats == 1
    last = await env.store.last_board(snap.row.id)
    assert last is not None and last.id == post.id and last.status == POST_DELIVERED
    assert last.message_id == str(sent.id)
    repeats = [r for r in d.requests if r.route == BOARD_POST and r.body.get("nonce") == post_nonce(post.id)]
    assert len(repeats) == 2
