"""Keys the code builds while it runs (issue 22): declared, enumerated, and present in every locale.

``t("err.no_game")`` is checked by reading the code (tests/bot/test_catalogue.py); ``f"none.{title}.{group}"``
is not. Every such family is either declared (render/keys.py from the games' own declarations, or the bot's
constants below) and enumerated here in every locale, or emitted by the engines and renderers and reached by the
seeded games of tests/bot/test_fluent.py and test_catalogue.py. A family the code builds that is in neither
list fails :func:`test_every_family_built_at_run_time_is_declared`.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from bot.discord.compose import NEEDED
from bot.table.clocks import NOTIFY_MODES, POLICIES
from bot.table.model import ABANDONED, ACTIVE, LOBBY, OVER
from engines import available_games, get_game
from engines.bots import LEVELS
from render.i18n import LOCALES, messages
from render.keys import runtime_keys

ROOT = Path(__file__).resolve().parents[2]
GAMES = [get_game(title) for title in available_games()]

#: the bot's own run-time families, from its constants (render does not import bot)
BOT_FAMILIES: dict[str, tuple[str, ...]] = {
    "status.": (LOBBY, ACTIVE, OVER, ABANDONED),
    "clock.choice.": POLICIES,
    "clock.policy.": POLICIES,
    "clock.notify.": NOTIFY_MODES,
    "perm.": (*NEEDED, "send_messages_in_threads"),
    "bots.level.": LEVELS,
    "cmd.addbot.level.": LEVELS,
    # bot/discord/errors.py send_failure and bot/discord/poster.py (gave_up)
    "post.reason.": ("forbidden", "not_found", "rejected", "unavailable", "gave_up"),
    # bot/storage.py StorageError.reason
    "storage.": ("full", "readonly", "corrupt", "unavailable", "unreachable", "busy", "closed", "failed"),
    # bot/discord/records.py: the extra /game subcommands
    "cmd.extra.": ("undo", "record", "recap", "follow"),
}

#: families declared by render/keys.py (from the games' command groups, decision kinds and result extras)
DECLARED = ("game.", "rules.", "cmd.", "group.", "none.", "result.extra.", "egizia_render.pending.",
            "luxor_render.pending.")

#: families the engines emit as Msg keys or the renderers look up from a view's data: every one is reached by
#: the seeded random games of test_fluent.py (dynamic_params, which also spies on the renderers' lookups) and
#: test_catalogue.py (test_engine_messages_exist_and_fill_their_placeholders), in every locale
VIA_GAMES = {
    "egizia.": ("why", "site", "final", "card", "sphinx", "space", "ring", "reason", "option", "nth", "note",
                "how", "fx", "builder", "track", "title", "window"),
    "luxor.": ("card", "type", "title", "tile", "side", "option", "end", "back"),
    "alhambra.": ("currency", "round"),
    # render/<game>*.py: tr("phase." …) is <game>_render.phase. …
    "render": ("phase", "currency", "cur_abbr", "abbr", "type", "scoring_title", "scope", "space", "ring_pos",
               "pending", "field_letter", "col", "card", "builder", "round", "site"),
}

BUILT = re.compile(r"""\b(?:t|tr|_tr|L|Msg|msg|cat)\(\s*f["']([a-z_]+(?:\.[a-z_]+)*)\.\{""")
CONCAT = re.compile(r"""\b(?:t|tr|_tr|L|Msg|msg|cat)\(\s*["']([a-z_]+(?:\.[a-z_]+)*\.)["']\s*\+""")


def built_families() -> set[tuple[str, str]]:
    """(folder/module, family prefix) for every key the code puts together at run time."""
    out = set()
    for folder in ("bot", "render", "engines"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            for m in BUILT.finditer(text):
                out.add((str(path.relative_to(ROOT)), m.group(1) + "."))
            for m in CONCAT.finditer(text):
                out.add((str(path.relative_to(ROOT)), m.group(1)))
    return out


def test_every_family_built_at_run_time_is_declared():
    found = built_families()
    assert len(found) > 40, found
    undeclared = []
    for path, family in sorted(found):
        if family in BOT_FAMILIES or family in DECLARED or any(family.startswith(d) for d in DECLARED):
            continue
        top, _, rest = family.partition(".")
        if f"{top}." in VIA_GAMES and rest.rstrip(".").split(".")[0] in VIA_GAMES[f"{top}."]:
            continue
        if path.startswith("render/") and top in VIA_GAMES["render"]:
            continue
        if path.startswith("render/") and family == f"{top}." and (top.endswith("_render") or top == "phone"):
            continue  # the renderers' tr(key) helpers: "<game>_render." + key / "phone." + key, the families above
        if path.startswith("render/") and top.endswith("_render") and rest.split(".")[0] in VIA_GAMES["render"]:
            continue  # the phone boards name the renderers' families in full: "egizia_render.space." …
        undeclared.append(f"{path}: {family}*")
    assert not undeclared, "declare these run-time key families (render/keys.py or BOT_FAMILIES): " + str(undeclared)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_declared_run_time_key_exists_in_every_locale(locale):
    keys = set(runtime_keys(GAMES)) | {f + v for f, values in BOT_FAMILIES.items() for v in values}
    assert len(keys) > 100, len(keys)
    missing = sorted(k for k in keys if k not in messages(locale))
    assert not missing, (locale, missing)


def test_the_declared_keys_cover_what_the_games_declare():
    keys = runtime_keys(GAMES)
    for title in available_games():
        game = get_game(title)
        for group in game.command_groups:
            assert f"none.{title}.{group.name}" in keys and f"group.{title}.{group.name}" in keys
        for extra in game.result_extras:
            assert keys[f"result.extra.{extra}"] == {"value"}
    assert "none.egizia.play" in keys and "none.alhambra.redesign" in keys and "result.extra.tie_break_used" in keys


@pytest.mark.parametrize("title", available_games())
def test_a_result_puts_only_declared_extras(title):
    """Seeded random games to their end: ``Result.extra`` keys are the game's ``result_extras``."""
    game = get_game(title)
    seen: set[str] = set()
    for players in (game.min_players, game.max_players):
        rnd = random.Random(players)
        state = game.new_game(players, {}, players).state
        for _ in range(5000):
            prompts = game.prompts(state)
            if not prompts:
                break
            p = rnd.choice(prompts)
            state = game.apply(state, p.seat, rnd.choice(p.options).action).state
        result = game.result(state)
        assert result is not None, (title, players)
        assert set(result.extra) <= set(game.result_extras), (title, dict(result.extra))
        seen |= set(result.extra)
    if title == "egizia":
        assert seen == {"tie_break_used"}
