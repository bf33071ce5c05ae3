"""The board message a phone shows (issue 20), through the real client and the strict Discord double.

The embed's image is the phone-first picture (≤ 800 px wide); the embed lists the standings with the player
to act marked; the 🔍 button answers privately with the full board (a wider image, the same for whoever
asks: public information only), and a press on an older board says the game has moved on and shows the
current board. ``/game hand`` and the hand button send the phone-first private image. Every request is checked against Discord's OpenAPI description.
"""
from __future__ import annotations

import io
import random

from PIL import Image

from render.i18n import normalise_locale, t
from tests.bot.discord.double.driver import GameDriver

RETIRE = "PATCH /channels/{channel_id}/messages/{message_id}"


def width(png: bytes) -> int:
    with Image.open(io.BytesIO(png)) as img:
        return img.width


def zoom_id(board) -> str:
    return next(c["custom_id"] for c in board.buttons() if c["custom_id"].startswith("rf:z:"))


async def test_the_board_shows_the_phone_image_the_standings_and_the_full_board_one_tap_away(discord_env):
    env, d = discord_env, discord_env.double
    ann, bela = d.user("Ann"), d.user("Běla", "cs")
    g = GameDriver(d, "luxor", [ann, bela], random.Random(4))
    await g.open()
    for _ in range(3):
        await g.step()
    board = g.board()
    phone = board.files["board.png"]
    assert width(phone) <= 800, "the embed shows the phone-first image"
    embed = board.embeds[0]
    assert embed["image"]["url"] == "attachment://board.png"
    field = next(f for f in embed["fields"] if f["name"] == t("board.standings", "en"))
    lines = field["value"].splitlines()
    assert len(lines) == 2 and all(any(p.name in line for line in lines) for p in (ann, bela))
    snap = await env.service.current(str(d.channel_id))
    acting = {snap.row.seats[s].name for s in snap.waiting_for}
    marked = {line.removeprefix("▶ ").split(":")[0] for line in lines if line.startswith("▶ ")}
    assert marked == acting, (lines, acting)
    scores = snap.game.scores(snap.state)
    for s, seat in enumerate(snap.row.seats):  # each line says the seat's score on the public track
        mark = "▶ " if s in snap.waiting_for else ""
        assert t("board.standing", "en", mark=mark, player=seat.name, score=scores[s]) in lines
    button = next(c for c in board.buttons() if c["custom_id"].startswith("rf:z:"))
    assert button["label"] == t("button.zoom", "en") and button["emoji"]["name"] == "🔍"
    assert button["custom_id"] == f"rf:z:{snap.row.id}:{snap.row.version}"

    # 🔍: privately, the full board, wider than the phone image; nothing in the channel
    posts = len(d.messages())
    full = {}
    for who in (ann, bela, d.user("Dana", "en-US")):  # a player with a hand, another, a spectator
        i = await d.press(who, zoom_id(board), message=board)
        assert not i.public and len(d.messages()) == posts
        reply = next(m for m in i.private if m.files)
        png = reply.files["full-board.png"]
        assert width(png) > width(phone)
        locale = normalise_locale(who.locale)
        assert t("board.zoom", locale, game=t("game.luxor", locale), id=snap.row.id, move=snap.row.version) \
            in i.private_text
        assert t("board.zoom_stale", locale, then=0, now=0).split("(")[0] not in i.private_text
        full.setdefault(locale, set()).add(png)
    # the same picture for whoever asks in a language: drawn from the public view only, no hand in it
    assert len(full["en"]) == 1, "the full board does not depend on who asks"

    # /game board re-posts the same kind of message: the phone image, the standings, the clock line
    i = await d.slash(bela, "game", "board")
    again = i.public[-1]
    assert width(again.files["board.png"]) <= 800
    assert {f["name"] for f in again.embeds[0]["fields"]} >= {t("board.standings", "en"), "⏱"}

    # /game hand and the hand button: the phone-first private image, privately
    for i in (await d.slash(ann, "game", "hand"), await d.press(bela, next(
            c["custom_id"] for c in again.buttons() if c["custom_id"].startswith("rf:h:")), message=again)):
        assert not i.public
        hand = next(m for m in i.private if m.files).files["hand.png"]
        assert width(hand) <= 800
    assert d.violations == [], d.report()


async def test_a_stale_zoom_press_is_answered_with_the_current_board(discord_env):
    env, d = discord_env, discord_env.double
    ann, bela = d.user("Ann", "pl"), d.user("Běla", "cs")
    g = GameDriver(d, "egizia", [ann, bela], random.Random(2))
    await g.open()
    old = g.board()
    old_version = int(zoom_id(old).split(":")[3])
    d.fail(RETIRE, 403)  # the old board keeps its buttons (the retire is best effort): a press can come late
    await g.step()
    assert g.board() is not old and old.buttons(), "the old board still shows its buttons"
    now = (await env.service.current(str(d.channel_id))).row.version
    assert now > old_version
    i = await d.press(bela, zoom_id(old), message=old)
    assert not i.public
    assert t("board.zoom_stale", "cs", then=old_version, now=now) in i.private_text
    reply = next(m for m in i.private if m.files)
    assert width(reply.files["full-board.png"]) > 800, "the current full board comes with the apology"
    # the move buttons of the old board still refuse (the position changed), privately
    move = next(c["custom_id"] for c in old.buttons() if c["custom_id"].startswith("rf:g:"))
    i = await d.press(ann, move, message=old)
    assert not i.public and i.private_text
    assert [v for v in d.violations if v.route != RETIRE] == [], d.report()
