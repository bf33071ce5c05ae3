"""Every text a person reads comes from the catalogue: no missing key, no unfilled placeholder."""
import random
import re
from pathlib import Path

import pytest

from engines import available_games, get_game
from engines.core import IllegalAction, Msg
from render.i18n import LOCALES, catalogue, has_key, t

ROOT = Path(__file__).resolve().parents[2]
LEFTOVER = re.compile(r"\{[a-z_][a-z0-9_]*\}")


def bot_keys():
    keys = set()
    for path in (ROOT / "bot").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        # a literal followed by "+" starts a key built at run time (tests/platform/test_runtime_keys.py)
        keys |= set(re.findall(r'\bt\(\s*"([a-z_][\w.]*)"(?!\s*\+)', text))
        keys |= set(re.findall(r'(?:ServiceError|StaleMove)\(\s*"([a-z_][\w.]*)"', text))
    return keys


def test_every_bot_key_exists_in_english():
    keys = bot_keys()
    assert len(keys) > 40
    missing = sorted(k for k in keys if not has_key(k))
    assert not missing, missing


@pytest.mark.parametrize("locale", ["cs", "pl"])
def test_translations_use_the_same_placeholders_as_english(locale):
    en, other = catalogue("en"), catalogue(locale)
    for key, text in other.items():
        assert key in en, f"{locale} has a key English lacks: {key}"
        assert set(re.findall(r"\{(\w+)\}", text)) == set(re.findall(r"\{(\w+)\}", en[key])), (locale, key)


def test_bot_catalogue_is_translated_to_czech_and_polish():
    for locale in ("cs", "pl"):
        missing = [k for k in bot_keys() if not has_key(k, locale)]
        assert not missing, (locale, missing[:10])


def all_msgs(m: Msg):
    yield m
    for v in m.params.values():
        if isinstance(v, Msg):
            yield from all_msgs(v)
        elif isinstance(v, (list, tuple)):
            for x in v:
                if isinstance(x, Msg):
                    yield from all_msgs(x)


@pytest.mark.parametrize("title", available_games())
def test_engine_messages_exist_and_fill_their_placeholders(title, caplog):
    caplog.set_level("WARNING", logger="render.i18n")
    game = get_game(title)
    rnd = random.Random(4)
    seen: set[str] = set()
    problems: list[str] = []

    def check(m: Msg):
        for sub in all_msgs(m):
            if sub.key in seen:
                continue
            seen.add(sub.key)
            if not has_key(sub.key):
                problems.append(f"missing {sub.key}")
        for loc in LOCALES:
            text = t(m, loc)
            if LEFTOVER.search(text):
                problems.append(f"{loc}: unfilled placeholder in {m.key}: {text}")

    for players in (game.min_players, game.max_players):
        out = game.new_game(players, {}, rnd.randrange(1000))
        state = out.state
        for e in out.events:
            check(e.message)
        for _ in range(3000):
            prompts = game.prompts(state)
            if not prompts:
                break
            for p in prompts:
                check(p.title)
                for o in p.options[:40]:
                    check(o.label)
            p = rnd.choice(prompts)
            try:
                game.apply(state, p.seat, "no such move")
            except IllegalAction as exc:
                check(exc.message)
            out = game.apply(state, p.seat, rnd.choice(p.options).action)
            state = out.state
            for e in out.events:
                check(e.message)
        res = game.result(state)
        if res is not None:
            for m in res.detail:
                check(m)
    # Fluent reports an unfilled variable or a missing translation; t() logs it
    problems += [r.getMessage() for r in caplog.records if r.name == "render.i18n"]
    assert not problems, sorted(set(problems))[:20]
