"""How the bot copes when Discord refuses (400/403), rate-limits (429) or fails (5xx), through the real client."""
from __future__ import annotations

import random

import discord
import pytest

from bot.table.errors import ServiceError
from render.i18n import normalise_locale, t
from tests.bot.discord.double.driver import GameDriver

BOARD_POST = "POST /channels/{channel_id}/messages"
FOLLOWUP = "POST /webhooks/{webhook_id}/{webhook_token}"
CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"


def with_file(request):
    return bool(request.files)


async def a_game(env):
    d = env.double
    g = GameDriver(d, "luxor", [d.user("Ann"), d.user("Běla", "cs")], random.Random(1))
    await g.open()
    return g


async def version(env):
    return (await env.service.current(str(env.double.channel_id))).row.version


def board_posts(d):
    return [r for r in d.requests if r.route == BOARD_POST and r.files]


async def test_the_double_refuses_what_discord_refuses(discord_env):
    """A message Discord would refuse (U+1F0A0 is no emoji) gets Discord's 400 and is listed as a violation."""
    d = discord_env.double
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="hand", emoji="🂠", custom_id="x"))
    channel = discord_env.bot.get_channel(d.channel_id)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("board", view=view)
    assert refused.value.status == 400 and refused.value.code == 50035
    assert "invalid emoji" in str(refused.value)
    assert [v.path for v in d.violations] == ["components/0/components/0/emoji/name"]
    d.violations.clear()


def failure(env, reason, locale="en", move=None, game=1):
    """The private note that a board could not be posted (to the mover and the host), as the catalogue words it."""
    return t("post.failed", locale, move=move, id=game, channel=str(env.double.channel_id),
             reason=t(f"post.reason.{reason}", locale))


def any_failure(text):
    """Whether ``text`` tells of a board that could not be posted, for whatever reason, in any language."""
    return any(t("post.failed", loc, move=0, id=0, channel="", reason="").split("0")[0] in text for loc in ("en", "cs", "pl"))


async def status_of(env, user):
    return (await env.double.slash(user, "game", "status")).private_text


async def test_board_refused_with_400_the_mover_and_the_host_are_told_privately_and_the_game_goes_on(discord_env):
    """A permanent refusal: the move stands; the mover hears it on their interaction, the host by a direct
    message (once each), /game status shows it, /game board re-posts, and play goes on."""
    env, d = discord_env, discord_env.double
    g = await a_game(env)
    user, offered = await g.actor()
    before = await version(env)
    d.fail(BOARD_POST, 400, when=with_file)
    i = await d.slash(user, "game", "move", action=offered[0]["value"])
    assert 400 in i.errors and not any(m.files for m in i.public)
    assert await version(env) == before + 1, "the move stands"
    told = failure(env, "rejected", normalise_locale(user.locale), move=before + 1)
    confirm = t("ok.move", normalise_locale(user.locale), action=offered[0]["value"])
    assert i.private_text.index(confirm) < i.private_text.index(told), "recorded first, then the missing board"
    host = g.host
    if user is not host:
        assert [m.content for m in d.direct_messages(host)] == [failure(env, "rejected", "en", move=before + 1)]
    assert d.direct_messages(user) == [], "the mover is told once, on their interaction"
    assert t("post.status_failed", "en", move=before + 1, reason=t("post.reason.rejected", "en")) in await status_of(env, host)
    # /game board shows the position, and play goes on with boards again
    i = await d.slash(g.players[1], "game", "board")
    assert any(m.files for m in i.public)
    await g.step()
    assert not any_failure(await status_of(env, host))
    assert d.violations == [], d.report()


async def test_board_refused_after_a_select_pick_the_user_is_answered(discord_env):
    """The button → select path: a 403 on the board (e.g. Attach Files was taken): told in their language."""
    env, d = discord_env, discord_env.double
    g = await a_game(env)
    user, _ = await g.actor()
    board = g.board()
    before = await version(env)
    button = next(c["custom_id"] for c in board.buttons() if c["custom_id"].startswith("rf:g:"))
    i = await d.press(user, button, message=board)
    menu = next((m for m in i.private if m.selects()), None)
    if menu is None:  # this kind offers nothing to this mover: take another
        button = next(c["custom_id"] for c in board.buttons() if c["custom_id"].startswith("rf:g:") and c["custom_id"] != button)
        menu = next(m for m in (await d.press(user, button, message=board)).private if m.selects())
    select = menu.selects()[0]
    d.fail(BOARD_POST, 403, when=with_file)
    i = await d.select(user, select["custom_id"], select["options"][0]["value"], message=menu)
    assert 403 in i.errors and not any(m.files for m in i.public)
    assert failure(env, "forbidden", normalise_locale(user.locale), move=before + 1) in i.private_text, \
        "told in their language"
    assert d.violations == [], d.report()


async def test_an_unexpected_failure_in_a_button_is_answered_privately(discord_env):
    """The private menu a button opens is refused: the user still gets an answer, nothing changed."""
    env, d = discord_env, discord_env.double
    g = await a_game(env)
    user, _ = await g.actor()
    board = g.board()
    before = await version(env)
    button = next(c["custom_id"] for c in board.buttons() if c["custom_id"].startswith("rf:g:"))
    d.fail(FOLLOWUP, 400, when=lambda r: bool((r.body or {}).get("components")))
    i = await d.press(user, button, message=board)
    assert 400 in i.errors
    assert t("err.internal", "en") in i.private_text
    assert await version(env) == before
    assert d.violations == [], d.report()


@pytest.mark.parametrize("is_global", [False, True])
async def test_a_rate_limited_board_post_is_retried_and_arrives(discord_env, is_global):
    env, d = discord_env, discord_env.double
    g = await a_game(env)
    user, offered = await g.actor()
    posts = len(board_posts(d))
    fault = d.fail(BOARD_POST, 429, retry_after=0.05, is_global=is_global, when=with_file)
    i = await d.slash(user, "game", "move", action=offered[0]["value"])
    assert fault.hits == 1
    assert [r.status for r in board_posts(d)[posts:]] == [429, 200], "discord.py waited retry_after and sent it again"
    assert any(m.files for m in i.public)
    assert not any_failure(i.private_text)
    assert d.violations == [], d.report()


async def test_a_rate_limited_interaction_response_is_retried(discord_env):
    env, d = discord_env, discord_env.double
    g = await a_game(env)
    user, offered = await g.actor()
    fault = d.fail(CALLBACK, 429, retry_after=0.05)
    i = await d.slash(user, "game", "move", action=offered[0]["value"])
    assert fault.hits == 1 and i.errors == [429]
    assert any(m.files for m in i.public)
    assert d.violations == [], d.report()


async def test_a_500_on_the_board_post_is_retried_and_arrives(discord_env):
    """discord.py retries 500/502/504/524 itself (after 1 s, then longer)."""
    env, d = discord_env, discord_env.double
    g = await a_game(env)
    user, offered = await g.actor()
    posts = len(board_posts(d))
    d.fail(BOARD_POST, 500, when=with_file)
    i = await d.slash(user, "game", "move", action=offered[0]["value"])
    assert [r.status for r in board_posts(d)[posts:]] == [500, 200]
    assert any(m.files for m in i.public)
    assert d.violations == [], d.report()


async def test_a_502_on_the_private_reply_is_retried(discord_env):
    env, d = discord_env, discord_env.double
    g = await a_game(env)
    user, offered = await g.actor()
    d.fail(FOLLOWUP, 502)
    i = await d.slash(user, "game", "move", action=offered[0]["value"])
    assert i.errors == [502]
    assert t("ok.move", "en", action=offered[0]["value"]) in i.private_text
    assert d.violations == [], d.report()


async def test_a_failing_discord_503_the_board_is_retried_by_the_poster_and_arrives(discord_env):
    """503 is not among the statuses discord.py retries: the poster does, after its back-off (2 s on the
    injected clock); the mover is told only that the move is done, and the board arrives."""
    env, d = discord_env, discord_env.double
    g = await a_game(env)
    user, offered = await g.actor()
    before = await version(env)
    old = g.board()
    posts = len(board_posts(d))
    d.fail(BOARD_POST, 503, when=with_file)
    i = await d.slash(user, "game", "move", action=offered[0]["value"])
    # the move's own attempt failed (503); the poster's retry may arrive while the answer is still being sent (its
    # 2 s back-off passes at once on the fake clock, and the claim of the game's posts adds a transaction to the flow)
    assert i.errors == [503]
    assert t("ok.move", normalise_locale(user.locale), action=offered[0]["value"]) in i.private_text
    await env.posted()
    assert [r.status for r in board_posts(d)[posts:]] == [503, 200]
    assert env.clock.slept == [2.0], "one retry, after the first back-off"
    assert g.board() is not old and await version(env) == before + 1
    assert old.components == [], "the previous board was retired once the new one arrived"
    assert not any_failure(i.private_text) and not any(d.direct_messages(p) for p in g.players)
    assert not any_failure(await status_of(env, user))
    await g.step()
    assert d.violations == [], d.report()


async def test_discord_failing_for_good_the_poster_gives_up_and_tells_mover_and_host(discord_env):
    """Every attempt answered 503: eight attempts with exponential back-off (2, 4 … 128 s), then the mover
    (on their interaction, still within its 15 minutes) and the host (by DM) are told; /game status shows it."""
    env, d = discord_env, discord_env.double
    g = await a_game(env)
    user, offered = await g.actor()
    before = await version(env)
    posts = len(board_posts(d))
    d.fail(BOARD_POST, 503, times=100, when=with_file)
    i = await d.slash(user, "game", "move", action=offered[0]["value"])
    await env.posted()
    assert [r.status for r in board_posts(d)[posts:]] == [503] * 8
    assert env.clock.slept == [2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0]
    assert failure(env, "gave_up", normalise_locale(user.locale), move=before + 1) in i.private_text
    if user is not g.host:
        assert [m.content for m in d.direct_messages(g.host)] == [failure(env, "gave_up", "en", move=before + 1)]
    assert t("post.status_failed", "en", move=before + 1, reason=t("post.reason.gave_up", "en")) \
        in await status_of(env, g.host)
    d.faults.clear()
    i = await d.slash(user, "game", "board")
    assert any(m.files for m in i.public), "/game board brings the position once Discord is back"
    assert d.violations == [], d.report()


async def test_a_refused_board_at_the_start_is_told_to_the_host(discord_env):
    """The lobby's Start button (a component): the game starts, the host hears the board is missing."""
    env, d = discord_env, discord_env.double
    ann, ben = d.user("Ann"), d.user("Ben", "pl")
    i = await d.slash(ann, "game", "new", game="egizia")
    lobby = i.posts[0]
    await d.slash(ben, "game", "join")
    d.fail(BOARD_POST, 400, when=with_file)
    i = await d.press(ann, next(c for c in lobby.custom_ids() if c.endswith(":start")), message=lobby)
    assert t("ok.started", "en") in i.private_text and failure(env, "rejected", move=0) in i.private_text
    assert d.direct_messages(ann) == [], "the host is the mover here: told once"
    assert (await env.service.current(str(d.channel_id))).row.status == "active"
    assert d.violations == [], d.report()


async def test_a_lobby_that_cannot_be_posted_is_not_left_behind(discord_env):
    """/game new when the lobby message is refused (403): nobody could see or press it, so it is closed
    again and the host is told why; once the channel is fixed, /game new works."""
    env, d = discord_env, discord_env.double
    ann, ben = d.user("Ann"), d.user("Ben", "cs")
    d.fail(BOARD_POST, 403)
    i = await d.slash(ann, "game", "new", game="luxor")
    assert 403 in i.errors and not i.posts
    assert i.private_text == "⚠️ " + t("err.lobby_not_posted", "en", reason=t("post.reason.forbidden", "en"))
    i = await d.slash(ben, "game", "join")
    assert i.private_text and not i.posts, "there is no lobby to join"
    with pytest.raises(ServiceError) as none:
        await env.service.current(str(d.channel_id))
    assert none.value.message.key == "err.no_game", "no lobby is left behind"
    i = await d.slash(ann, "game", "new", game="luxor")
    assert i.posts and t("ok.created", "en") in i.private_text
    assert d.violations == [], d.report()


async def test_after_fifteen_minutes_a_reposted_board_still_loses_its_buttons(discord_env):
    """A board posted by /game board is an interaction followup; its token dies after 15 minutes,
    so its buttons are taken off through the channel, with the bot's own token."""
    env, d = discord_env, discord_env.double
    g = await a_game(env)
    i = await d.slash(g.players[1], "game", "board")
    reposted = next(m for m in i.public if m.files)
    assert reposted.components
    d.expire_tokens()
    await g.step()
    assert reposted.components == [], "the re-posted board's buttons were retired"
    assert d.violations == [], d.report()


async def test_a_network_failure_on_the_board_post_is_retried_and_the_board_arrives(discord_env):
    """The connection drops on the board post: the move stands, the poster tries again after its back-off."""
    env, d = discord_env, discord_env.double
    g = await a_game(env)
    user, offered = await g.actor()
    before = await version(env)
    posts = len(board_posts(d))
    d.fail(BOARD_POST, 0, when=with_file)
    i = await d.slash(user, "game", "move", action=offered[0]["value"])
    # the move's own attempt failed; the poster's retry may arrive while the answer is still being sent (its 2 s
    # back-off passes at once on the fake clock, and the claim of the game's posts adds a transaction to the flow)
    assert 0 in i.errors
    assert await version(env) == before + 1
    await env.posted()
    assert [r.status for r in board_posts(d)[posts:]] == [0, 200] and env.clock.slept == [2.0]
    assert not any_failure(i.private_text)
    await g.step()
    assert d.violations == [], d.report()


async def test_an_old_board_whose_buttons_could_not_be_taken_off_answers_that_the_game_moved_on(discord_env):
    """Retiring the previous board's buttons is refused: the move and the new board stand; the outdated
    buttons, pressed, say so privately and change nothing; its hand button still shows the hand."""
    env, d = discord_env, discord_env.double
    g = await a_game(env)
    old = g.board()
    d.fail("PATCH /channels/{channel_id}/messages/{message_id}", 403)
    await g.step()
    assert old.components and g.board() is not old
    before, boards = await version(env), len(d.boards())
    stale = next(c["custom_id"] for c in old.buttons() if c["custom_id"].startswith("rf:g:"))
    someone = g.players[1]
    i = await d.press(someone, stale, message=old)
    assert t("err.stale", normalise_locale(someone.locale)) in i.private_text
    assert await version(env) == before and len(d.boards()) == boards
    hand = next(c["custom_id"] for c in old.buttons() if c["custom_id"].startswith("rf:h:"))
    i = await d.press(someone, hand, message=old)
    assert any(m.files for m in i.private), "the hand picture, privately"
    assert d.violations == [], d.report()


async def test_without_attach_files_the_board_is_refused_and_the_mover_told(discord_env):
    """The bot lost Attach Files in the channel (Discord: 403 Missing Permissions on every board)."""
    from tests.bot.discord.double.server import ATTACH_FILES

    env, d = discord_env, discord_env.double
    g = await a_game(env)
    await d.deny_bot(d.channel_id, ATTACH_FILES)
    channel = env.bot.get_channel(d.channel_id)
    assert not channel.permissions_for(channel.guild.me).attach_files, "the client sees the overwrite"
    user, offered = await g.actor()
    before = await version(env)
    i = await d.slash(user, "game", "move", action=offered[0]["value"])
    assert 403 in i.errors and not any(m.files for m in i.public)
    assert failure(env, "forbidden", normalise_locale(user.locale), move=before + 1) in i.private_text
    assert int(i.payload["app_permissions"]) & ATTACH_FILES == 0, "interactions carry the bot's permissions"
    assert t("post.status_failed", "en", move=before + 1, reason=t("post.reason.forbidden", "en")) \
        in await status_of(env, g.host)
    # and /game new here is refused up front, naming what is missing
    i = await d.slash(g.host, "game", "new", game="egizia")
    assert t("perm.attach_files", "en") in i.private_text and not i.posts
    assert d.violations == [], d.report()
