"""The one key=value options parser (engines/options.py), as the command line and Discord use it."""
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.cli import main as cli_main
from bot.table.errors import ServiceError
from engines import available_games, get_game
from engines.core import Msg
from engines.options import OptionError, options_text, parse_options
from render.i18n import LOCALES, has_key, t
from tests.bot.conftest import USERS

LEFTOVER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
GAMES = available_games()

# bad inputs that every game must refuse, whatever its options are
COMMON_BAD = [
    "nonsense", "=true", "=", "  = ", "no_such_option=1", "a=b=c", "\u00b2=1", "x" * 5000 + "=1",
]


def bool_specs(game):
    return [s for s in game.option_specs if isinstance(s.default, bool)]


def int_specs(game):
    return [s for s in game.option_specs if all(type(v) is int for v in (s.default, *s.allowed))]


def choice_specs(game):
    return [s for s in game.option_specs if s not in bool_specs(game) and s not in int_specs(game)]


def bad_inputs(game):
    out = list(COMMON_BAD)
    for spec in bool_specs(game):
        out += [f"{spec.name}={v}" for v in ("1", "0", "--5", "\u00b2", "", "truee", "maybe", "9" * 5000, "t rue")]
        out += [f"{spec.name}=true {spec.name}=false", f"{spec.name.upper()}=yes {spec.name}=no"]
    for spec in int_specs(game):
        lo = spec.minimum if spec.minimum is not None else min(spec.allowed)
        out += [f"{spec.name}={v}" for v in ("--5", "-1", "\u00b2", "1e3", "3.0", "0x10", "9" * 5000, "9" * 10,
                                              "true", "", str(lo - 1), "\u0663", "+-3", " ")]
        if spec.minimum is None:
            out.append(f"{spec.name}={max(spec.allowed) + 1}")
    for spec in choice_specs(game):
        out += [f"{spec.name}={v}" for v in ("1", "true", "", "-", "\u00b2", "x" * 300)]
        out.append(f"{spec.name}={spec.allowed[0]} {spec.name}={spec.allowed[-1]}")
    return out


def rendered(message: Msg):
    return {loc: t(message, loc) for loc in LOCALES}


def assert_clear(message: Msg):
    """A refusal is a catalogue message in every language, with no placeholder left and no traceback text."""
    for loc, text in rendered(message).items():
        assert has_key(message.key, loc), (loc, message.key)
        assert not LEFTOVER.search(text), (loc, text)
        assert "Traceback" not in text and "ValueError" not in text
        assert len(text) < 1200


@pytest.mark.parametrize("title", GAMES)
def test_bad_options_get_one_clear_message_naming_the_option(title):
    game = get_game(title)
    inputs = bad_inputs(game)
    assert len(inputs) > 40
    for text in inputs:
        with pytest.raises(OptionError) as e:
            parse_options(game, text)
        assert_clear(e.value.message)
        written = text.split("=", 1)[0].split()[0].lower() if "=" in text and text.split("=", 1)[0].strip() else None
        specs = {s.name for s in game.option_specs}
        if written in specs:  # the message names the option and what it may be
            english = t(e.value.message, "en")
            assert written in english
            if e.value.message.key.startswith("options.value"):
                assert "allowed" in e.value.message.params


@pytest.mark.parametrize("title", GAMES)
def test_every_allowed_value_and_its_spellings_parse(title):
    game = get_game(title)
    for spec in game.option_specs:
        for value in spec.allowed:
            assert parse_options(game, options_text({spec.name: value})) == {spec.name: value}
        if isinstance(spec.default, bool):
            for word, value in (("TRUE", True), ("Yes", True), ("on", True), ("False", False), ("NO", False), ("oFF", False)):
                assert parse_options(game, f"{spec.name}={word}") == {spec.name: value}
    # everything written at once, comma or space separated, resolves in the engine
    all_defaults = {s.name: s.default for s in game.option_specs}
    assert game.resolve_options(parse_options(game, options_text(all_defaults).replace(" ", ", "))) == \
        game.resolve_options({})


def test_open_integer_range_and_absurd_numbers_LUX_OPT_9():
    """LUX-OPT-9: tomb_scarab_vp is any integer from the last stretch value (13) up; absurd texts are refused."""
    game = get_game("luxor")
    assert parse_options(game, "tomb_scarab_vp=150") == {"tomb_scarab_vp": 150}
    assert parse_options(game, "tomb_scarab_vp=+13") == {"tomb_scarab_vp": 13}
    for bad in ("12", "-15", "9" * 5000, "1" * 10, "15.0", "\u00b9\u00b5"):
        with pytest.raises(OptionError) as e:
            parse_options(game, f"tomb_scarab_vp={bad}")
        assert "13" in t(e.value.message, "en")


def test_unknown_option_suggests_the_nearest():
    game = get_game("alhambra")
    with pytest.raises(OptionError) as e:
        parse_options(game, "opne_hands=true")
    assert e.value.message.key == "options.unknown_hint" and e.value.message.params["suggestion"] == "open_hands"
    with pytest.raises(OptionError) as e:
        parse_options(game, "zzz=true")
    assert e.value.message.key == "options.unknown" and "open_hands" in e.value.message.params["known"]
    with pytest.raises(OptionError) as e:
        parse_options(game, "wall_ring_scoring=bgaa")
    assert e.value.message.params["suggestion"] == "bga"


@pytest.mark.parametrize("title", GAMES)
@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fuzzed_option_text_is_either_valid_or_one_clear_refusal(title, data):
    """Any text: the parser returns options the engine accepts, or raises OptionError with a clear message."""
    game = get_game(title)
    names = [s.name for s in game.option_specs]
    values = ["true", "false", "TRUE", "yes", "off", "1", "0", "-1", "--5", "\u00b2", "9" * 5000, "", "H1", "random",
              "13", "100", "2", "3"] + [str(v) for s in game.option_specs for v in s.allowed[:4]]
    pair = st.tuples(st.sampled_from(names) | st.text(max_size=12), st.sampled_from(values) | st.text(max_size=8))
    pairs = st.lists(pair, max_size=4).map(lambda ps: " ".join(f"{k}={v}" for k, v in ps))
    text = data.draw(pairs | st.text(max_size=40))
    try:
        parsed = parse_options(game, text)
    except OptionError as exc:
        assert_clear(exc.message)
        return
    resolved = game.resolve_options(parsed)
    for name, value in parsed.items():
        assert resolved[name] == value and type(resolved[name]) is type(value)


async def test_service_and_command_line_parse_the_same_way(service, capsys):
    """`/game new options:"open_hands=TRUE"` and `--option open_hands=TRUE` give the same boolean."""
    row = await service.new("c", None, USERS[0], "alhambra", "open_hands=TRUE start_player_tiebreak=HOST_CHOICE", "en")
    assert row.options["open_hands"] is True and row.options["start_player_tiebreak"] == "host_choice"
    assert parse_options(get_game("alhambra"), ["open_hands=TRUE", "start_player_tiebreak=HOST_CHOICE"]) == {
        "open_hands": True, "start_player_tiebreak": "host_choice"}
    for text in ("open_hands=1", "open_hands=--5", "open_hands=\u00b2", "two_player_money_copies=" + "9" * 5000):
        with pytest.raises(ServiceError) as e:
            await service.new("d", None, USERS[0], "alhambra", text, "en")
        assert e.value.message.key == "err.bad_option"
        assert_clear(e.value.message)
        assert await service.store.open_game("d") is None  # nothing was created
        assert cli_main(["demo", "alhambra", "--players", "2", "--option", text, "--out", "/nonexistent/never"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("referee: ") and "Traceback" not in err
        assert ("open_hands" in err) != ("two_player_money_copies" in err)
