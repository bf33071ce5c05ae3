"""The contract checker itself: it must refuse what Discord refuses, and accept what the bot sends."""
import discord
import pytest

from bot.discord import GroupButton, HandButton, LobbyButton, OptionSelect
from tests.bot.discord.double import rules, spec
from tests.bot.discord.double.server import Violation, discord_error


def row(*components):
    return {"type": 1, "components": list(components)}


def button(custom_id="b", label="x", **kw):
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label, **kw}


def select(custom_id="s", n=2):
    return {"type": 3, "custom_id": custom_id, "options": [{"label": f"o{i}", "value": f"v{i}"} for i in range(n)]}


def problems(body, route=("POST", "/channels/1/messages")):
    op = spec.match_route(*route)
    assert op is not None
    return spec.validate_body(op, body) + rules.check_message(body)


# ---------------------------------------------------------------------------------------- routes


@pytest.mark.parametrize(("method", "path", "template"), [
    ("POST", "/channels/9/messages", "/channels/{channel_id}/messages"),
    ("POST", "/channels/9/messages/bulk-delete", "/channels/{channel_id}/messages/bulk-delete"),
    ("PATCH", "/channels/9/messages/77", "/channels/{channel_id}/messages/{message_id}"),
    ("POST", "/interactions/5/tok/callback", "/interactions/{interaction_id}/{interaction_token}/callback"),
    ("POST", "/webhooks/1/tok", "/webhooks/{webhook_id}/{webhook_token}"),
    ("PATCH", "/webhooks/1/tok/messages/@original", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("PUT", "/applications/1/guilds/2/commands", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("PUT", "/applications/1/commands", "/applications/{application_id}/commands"),
])
def test_routes_match_discords_templates(method, path, template):
    op = spec.match_route(method, path)
    assert op is not None and op.template == template


def test_an_unknown_route_or_method_has_no_operation():
    assert spec.match_route("POST", "/channels/1/nonsense") is None
    assert spec.match_route("PUT", "/channels/1/messages") is None


def test_schema_errors_name_the_field():
    errs = problems({"content": 5, "components": [row(button(label="x" * 81))]})
    paths = {p for p, _ in errs}
    assert "content" in paths
    assert "components/0/components/0/label" in paths


def test_a_select_without_options_is_refused_by_the_schema():
    assert ("components/0/components/0/options", "[] should be non-empty") in problems({"components": [row(select(n=0))]})


# ---------------------------------------------------------------------------------------- emoji


@pytest.mark.parametrize("name", ["🃏", "🔒", "🎴", "✅", "👍🏽", "🏳️‍🌈"])
def test_real_unicode_emoji_are_accepted(name):
    assert rules.check_emoji({"name": name}, "emoji") == []


@pytest.mark.parametrize("name", ["🂠", "A", "", "🃏🃏", ":joker:"])
def test_characters_that_are_no_emoji_are_refused(name):
    """U+1F0A0 PLAYING CARD BACK is a Unicode character, but Discord answers 400 "Invalid emoji"."""
    assert rules.check_emoji({"name": name}, "emoji")


def test_a_custom_emoji_needs_its_id():
    assert rules.check_emoji({"id": "123456789012345678", "name": "meeple"}, "emoji") == []
    assert rules.check_emoji({"name": "meeple"}, "emoji")


def test_the_bots_components_pass_the_contract():
    """Every kind of component the adapter draws, as discord.py serialises it (the 🂠 hand button did not)."""
    view = discord.ui.View(timeout=None)
    view.add_item(GroupButton(1, 3, "buy", "Buy a building"))
    view.add_item(GroupButton(1, 3, "*", "🔒 Private choice"))
    view.add_item(HandButton(1, "My hand"))
    view.add_item(LobbyButton(1, "join", "Join"))
    view.add_item(OptionSelect(1, 3, 0, [("x" * 150, "buy 1 5+3")], "Choose"))
    body = {"content": "x", "components": view.to_components()}
    assert problems(body) == []


# ---------------------------------------------------------------------------------------- components


def test_at_most_five_rows_and_five_buttons_a_row():
    assert problems({"components": [row(button(f"r{i}")) for i in range(5)]}) == []
    assert any("action rows" in r for _, r in rules.check_components([row(button(f"r{i}")) for i in range(6)]))
    assert any("buttons in a row" in r for _, r in rules.check_components([row(*[button(f"b{i}") for i in range(6)])]))


def test_a_select_is_alone_in_its_row():
    assert any("alone" in r for _, r in rules.check_components([row(select(), button())]))


def test_custom_ids_are_unique_within_a_message():
    assert any("used twice" in r for _, r in rules.check_components([row(button("a")), row(button("a"))]))


def test_select_limits():
    assert any("26 select options" in r for _, r in rules.check_components([row(select(n=26))]))
    dup = select()
    dup["options"][1]["value"] = dup["options"][0]["value"]
    assert any("unique" in r for _, r in rules.check_components([row(dup)]))


def test_a_button_needs_a_label_or_an_emoji_and_a_custom_id():
    assert rules.check_components([row({"type": 2, "style": 1, "custom_id": "a"})])
    assert rules.check_components([row({"type": 2, "style": 1, "label": "x"})])
    assert rules.check_components([row({"type": 2, "style": 2, "custom_id": "a", "emoji": {"name": "🃏"}})]) == []


# ---------------------------------------------------------------------------------------- content, embeds


def test_content_is_at_most_2000_characters():
    assert rules.check_message({"content": "x" * 2000}) == []
    assert rules.check_message({"content": "x" * 2001})


def test_embed_limits():
    assert rules.check_embeds([{"title": "t" * 257}])
    assert rules.check_embeds([{"description": "d" * 4097}])
    assert rules.check_embeds([{"fields": [{"name": "n", "value": "v"}] * 26}])
    assert rules.check_embeds([{"fields": [{"name": "", "value": "v"}]}])
    assert rules.check_embeds([{"fields": [{"name": "n", "value": "v" * 1025}]}])
    assert rules.check_embeds([{"footer": {"text": "f" * 2049}}])
    assert rules.check_embeds([{"author": {"name": "a" * 257}}])
    assert rules.check_embeds([{}] * 11)
    two = [{"description": "d" * 3500}, {"description": "d" * 3000}]
    assert any("6500 characters in all" in r for _, r in rules.check_embeds(two))


def test_ephemeral_only_on_interaction_replies():
    assert rules.check_message({"flags": 64})
    assert rules.check_message({"flags": 64}, interaction_reply=True) == []


# ---------------------------------------------------------------------------------------- commands


def command(**kw):
    return {"name": "game", "description": "Play", "type": 1, **kw}


def test_command_names():
    assert rules.check_commands([command()]) == []
    assert rules.check_commands([command(name="Game")])          # lower case
    assert rules.check_commands([command(name="new game")])      # no spaces
    assert rules.check_commands([command(name="x" * 33)])
    assert rules.check_commands([command(name="hra-č")]) == []   # letters of any script
    assert rules.check_commands([command(name="खेल")]) == []     # Devanagari


def test_command_descriptions_options_and_choices():
    assert rules.check_commands([command(description="")])
    assert rules.check_commands([command(description="d" * 101)])
    opts = [{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)]
    assert rules.check_commands([command(options=opts)])
    many = [{"name": f"c{i}", "value": f"v{i}"} for i in range(26)]
    assert rules.check_commands([command(options=[{"type": 3, "name": "o", "description": "d", "choices": many}])])
    order = [{"type": 3, "name": "a", "description": "d"}, {"type": 3, "name": "b", "description": "d", "required": True}]
    assert any("before optional" in r for _, r in rules.check_commands([command(options=order)]))


def test_localisation_keys_come_from_discords_locale_list():
    assert "cs" in spec.locales() and "pl" in spec.locales() and "en-US" in spec.locales()
    assert rules.check_commands([command(description_localizations={"cs": "Hrát", "pl": "Graj"})]) == []
    assert rules.check_commands([command(description_localizations={"cz": "Hrát"})])
    assert rules.check_commands([command(name_localizations={"cs": "Hra"})])  # names stay lower case


def test_autocomplete_results():
    ok = {"choices": [{"name": "n", "value": "v"}] * 25}
    assert rules.check_autocomplete(ok) == []
    assert rules.check_autocomplete({"choices": [{"name": "n", "value": "v"}] * 26})
    assert rules.check_autocomplete({"choices": [{"name": "", "value": "v"}]})
    assert rules.check_autocomplete({"choices": [{"name": "n", "value": "v" * 101}]})


# ---------------------------------------------------------------------------------------- uploads, errors


def test_uploads():
    body = {"attachments": [{"id": 0, "filename": "board.png"}], "embeds": [{"image": {"url": "attachment://board.png"}}]}
    assert rules.check_uploads(body, {"files[0]": 1000}) == []
    assert rules.check_uploads(body, {"files[0]": rules.ATTACHMENT_LIMIT + 1})
    assert rules.check_uploads({"attachments": []}, {"files[0]": 10})
    wrong = {**body, "embeds": [{"image": {"url": "attachment://other.png"}}]}
    assert rules.check_uploads(wrong, {"files[0]": 10})


def test_discords_error_shape():
    body = discord_error(400, 50035, "Invalid Form Body",
                         [Violation("POST /channels/{channel_id}/messages", "components/0/components/1/emoji/name", "bad")])
    assert body["code"] == 50035
    assert body["errors"]["components"]["0"]["components"]["1"]["emoji"]["name"]["_errors"][0]["message"] == "bad"


def test_an_empty_message_is_refused():
    assert rules.check_not_empty({"content": ""}, {})
    assert rules.check_not_empty({"content": "", "attachments": [{"id": 0}]}, {"files[0]": 3}) == []
    assert rules.check_not_empty({"embeds": [{"title": "x"}]}, {}) == []


def test_who_a_message_notifies():
    assert rules.pinged({}, "<@1> and <@!2>") == {1, 2}
    assert rules.pinged({"allowed_mentions": {"parse": ["users"]}}, "<@1>") == {1}
    assert rules.pinged({"allowed_mentions": {"parse": []}}, "<@1>") == set()
    assert rules.pinged({"allowed_mentions": {"parse": [], "users": ["2"]}}, "<@1> <@2>") == {2}
