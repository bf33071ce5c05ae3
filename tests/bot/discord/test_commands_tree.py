"""The command tree stays within Discord's limits, in every language we ship."""
import re

import pytest
from discord import app_commands

from bot.discord import Referee
from bot.table.service import GameService
from render.i18n import LOCALES, t

NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.fixture
def bot(store):
    return Referee(GameService(store))


def walk(cmds):
    for c in cmds:
        yield c
        if isinstance(c, app_commands.Group):
            yield from walk(c.commands)


def test_names_descriptions_and_counts_within_discord_limits(bot):
    top = bot.tree.get_commands()
    assert len(top) <= 100
    assert {c.name for c in top} >= {"game", "alhambra"}
    for c in walk(top):
        assert NAME.match(c.name) and c.name == c.name.lower(), c.name
        assert 1 <= len(c.description) <= 100, (c.qualified_name, c.description)
        key = c._locale_description.extras.get("key") if c._locale_description else None
        assert key, f"{c.qualified_name} has no catalogue key"
        for loc in LOCALES:
            assert len(t(key, loc)) <= 100, (c.qualified_name, loc)
        if isinstance(c, app_commands.Group):
            assert len(c.commands) <= 25, c.qualified_name
        else:
            assert len(c.parameters) <= 25
            for p in c.parameters:
                assert NAME.match(p.name)
                assert 1 <= len(p.description) <= 100, (c.qualified_name, p.name)
                assert len(p.choices) <= 25


def test_game_group_has_every_lobby_command(bot):
    game = bot.tree.get_command("game")
    assert {c.name for c in game.commands} == {
        "new", "join", "leave", "start", "status", "board", "hand", "history", "rules", "abandon", "move",
        "addbot", "removebot",  # bot seats (#11)
        "settings", "pause", "resume", "skip", "replace", "mine", "overdue",  # the clock (#10)
        "undo", "record", "recap", "follow",  # issue 12
    }
    # a player's own settings, in a group: /game holds at most 25 subcommands and groups
    assert {c.name for c in game.get_command("settings").commands} == {"notify", "quiet", "vacation"}
    assert {c.name for c in bot.tree.get_command("stats").commands} == {"me", "user", "leaderboard"}


def test_every_game_has_a_choose_command_with_autocomplete(bot):
    for title in ("alhambra", "egizia", "luxor"):
        group = bot.tree.get_command(title)
        move = group.get_command("choose")
        assert move is not None and move.parameters[0].autocomplete


def test_tree_serialises_like_a_sync_payload(bot):
    payload = [c.to_dict(bot.tree) for c in bot.tree.get_commands()]
    assert all(p["name"] for p in payload)


def test_options_autocomplete_offers_only_allowed_pairs():
    """ALH-OPT-3: the lobby's option helper lists exactly the allowed values, marking the default."""
    from bot.discord import option_choices

    choices = option_choices("alhambra", "exact_pay", "en")
    assert [c.value for c in choices] == ["exact_payment_extra_action=optional", "exact_payment_extra_action=mandatory"]
    assert "(default)" in choices[0].name
    more = option_choices("alhambra", "open_hands=true ", "en")
    assert more and all(c.value.startswith("open_hands=true ") for c in more)
    assert not any("open_hands=false" in c.value for c in more)


def test_lobby_names_only_the_options_that_differ_from_the_rules():
    """ALH-OPT-5: a lobby shows the house rules in force, not every default."""
    from bot.discord import options_summary
    from engines import get_game

    defaults = get_game("alhambra").resolve_options({})
    assert options_summary("alhambra", defaults, "en") == "standard rules"
    assert options_summary("alhambra", {**defaults, "open_hands": True}, "en") == "open_hands=true"


async def test_command_descriptions_are_translated_for_czech_and_polish_clients(bot):
    import discord

    from bot.discord import CatalogueTranslator, L

    tr = CatalogueTranslator()
    text = L("cmd.join")
    assert await tr.translate(text, discord.Locale.czech, None) == t("cmd.join", "cs") != t("cmd.join", "en")
    assert await tr.translate(text, discord.Locale.polish, None) == t("cmd.join", "pl")
    assert await tr.translate(text, discord.Locale.american_english, None) is None  # English is the default text


def test_each_game_group_has_one_subcommand_per_declared_command_group(bot):
    """The engines declare their kinds of move; the adapter copies none of them."""
    from engines import available_games, get_game

    for title in available_games():
        group = bot.tree.get_command(title)
        declared = [g.name for g in get_game(title).command_groups]
        assert [c.name for c in group.commands] == [*declared, "choose"]
        for g in get_game(title).command_groups:
            assert group.get_command(g.name)._locale_description.extras["key"] == g.description
