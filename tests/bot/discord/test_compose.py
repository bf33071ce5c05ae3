"""Board messages are functions of public information only (#8.8): buttons come from the pending decisions'
kinds, never from a player's legal options; what a hidden hand allows is said privately."""
import copy
import json

import pytest

from bot.config import Config
from bot.discord import GroupButton, Referee, compose_turn
from bot.discord.compose import board_groups
from engines import available_games, get_game
from render.i18n import t
from tests.bot.conftest import USERS, interaction, started

RICH = ["y9", "y8", "g9", "g8", "b9", "b8", "o9", "o8"]


@pytest.fixture
def bot(service):
    return Referee(service, Config(board_interval=0.0, render_processes=0))


def public_message(snap):
    content, embed, view = compose_turn(snap, ["a line"], "en")
    return content, embed.to_dict(), [c.item.to_component_dict() for c in view.children]


def with_hand(service, snap, seat, hand):
    row = copy.deepcopy(snap.row)
    row.state["players"][seat]["hand"] = list(hand)
    return service.snapshot(row)


async def test_alhambra_buttons_do_not_depend_on_the_movers_hand(service):
    """ALH-BUY-1: whether the mover can pay for a building is hidden; the board's buttons must not tell."""
    snap = await started(service, n=2)
    seat = snap.prompts[0].seat
    rich, poor = with_hand(service, snap, seat, RICH), with_hand(service, snap, seat, [])
    assert any(o.action.startswith("buy") for o in rich.prompts[0].options)
    assert not any(o.action.startswith("buy") for o in poor.prompts[0].options)
    assert public_message(rich) == public_message(poor)
    ids = [c["custom_id"] for c in public_message(poor)[2]]
    assert f"rf:g:{snap.row.id}:0:buy" in ids


@pytest.mark.parametrize("title", available_games())
async def test_board_buttons_are_the_groups_of_the_pending_kinds(service, title):
    snap = await started(service, title=title, n=3)
    game = get_game(title)
    _, _, view = compose_turn(snap, [], "en")
    groups = [c.item.custom_id.split(":")[-1] for c in view.children if isinstance(c, GroupButton)]
    public_kinds = [p.kind for p in snap.prompts if not p.secret]
    expected = [g.name for g in game.groups_for_kinds(public_kinds)]
    if any(p.secret for p in snap.prompts):
        expected.insert(0, "*")
    assert groups == expected == board_groups(game, snap.prompts)


async def test_pressing_buy_with_a_hand_that_cannot_pay_says_so_privately(bot, service, store):
    snap = await started(service, n=2)
    seat = snap.prompts[0].seat
    state = copy.deepcopy(snap.row.state)
    state["players"][seat]["hand"] = []
    await store.db.execute("UPDATE games SET state=? WHERE id=?", (json.dumps(state), snap.row.id))
    i = interaction(bot, USERS[seat])
    await GroupButton(snap.row.id, 0, "buy").callback(i)
    (call,) = i.followup.send.await_args_list
    assert call.kwargs["ephemeral"] is True
    assert call.kwargs["content"] == t("none.alhambra.buy", "en")
    i.channel.send.assert_not_awaited()
    assert (await store.open_game("chan")).version == 0

    other = interaction(bot, USERS[1 - seat])
    await GroupButton(snap.row.id, 0, "buy").callback(other)
    assert other.followup.send.await_args.kwargs["content"] == t("err.no_options", "en")


async def test_pressing_a_group_button_lists_that_groups_options_privately(bot, service):
    snap = await started(service, n=2)
    seat = snap.prompts[0].seat
    i = interaction(bot, USERS[seat])
    await GroupButton(snap.row.id, 0, "take").callback(i)
    call = i.followup.send.await_args
    assert call.kwargs["ephemeral"] is True
    values = [o.value for item in call.kwargs["view"].children for o in item.item.options]
    assert values and all(v.startswith("take") for v in values)


def test_every_group_has_its_own_private_line_and_an_unknown_one_the_generic_line():
    from bot.discord.compose import none_text

    # every command group of every game says in its own words why it offers nothing (issue 22: none.<title>.<group>
    # is declared in render/keys.py and present in every locale); only a group no game declares gets the generic line
    assert none_text("luxor", "treasure", "en") == t("none.luxor.treasure", "en") == "No treasure is waiting for your choice now."
    assert none_text("luxor", "nosuch", "en") == t("err.no_group_options", "en", group="nosuch")
    assert none_text("alhambra", "buy", "cs") == t("none.alhambra.buy", "cs") != t("none.alhambra.buy", "en")


@pytest.mark.parametrize(("locale", "words"), [("en", ("points", "point", "points")), ("cs", ("bodů", "bod", "body")),
                                               ("pl", ("punktów", "punkt", "punkty"))])
async def test_the_embed_lists_the_standings_with_the_player_to_act_marked(service, locale, words):
    """#20: every player with their public score, highest first, ▶ before the one to act, with plural forms."""
    snap = await started(service, title="luxor", n=3)
    names = [s.name for s in snap.row.seats]
    row = copy.deepcopy(snap.row)
    for seat, score in zip(row.state["seats"], (1, 3, 0), strict=True):  # LUX: the public score track
        seat["score"] = score
    snap = service.snapshot(row)
    _, embed, _ = compose_turn(snap, [], locale)
    field = next(f for f in embed.to_dict()["fields"] if f["name"] == t("board.standings", locale))
    lines = field["value"].splitlines()
    assert [line.removeprefix("▶ ").split(":")[0] for line in lines] == [names[1], names[0], names[2]]
    assert [line.startswith("▶ ") for line in lines] == [s in snap.waiting_for for s in (1, 0, 2)]
    assert lines[0].endswith(f"3 {words[-1]}") and lines[1].endswith(f"1 {words[1]}")
    assert lines[2].endswith(f"0 {words[0]}")
