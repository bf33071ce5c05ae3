"""Every word drawn on a board image fits its box, in English, Czech and Polish (no text cut with …)."""
import importlib
import random
import sys

import pytest

import render.common as rc
from engines import get_game
from render import renderer

NAMES = ["Ann", "Ben", "Cyril", "Dana", "Eve", "Filip"]

# Texts known to be cut, per title (none today: a label too long for its box is first drawn smaller, see
# render.common.shrink_to_fit). The test fails on any other cut text, and when a listed one starts to fit.
KNOWN_CUTS: dict[str, set[str]] = {}


def _clear_caches():
    """Forget every cached drawing (backgrounds, cards, fitted sizes), so that all text is drawn again."""
    for name in ("common", "alhambra", "egizia", "luxor"):
        importlib.import_module(f"render.{name}")
    for name, module in list(sys.modules.items()):
        if not name.startswith("render.") or module is None:
            continue
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def _positions(title: str, players: int, every: int = 40):
    game = get_game(title)
    rnd = random.Random(players)
    state = game.new_game(players, {}, players).state
    yield state
    step = 0
    while game.prompts(state) and step < 3000:
        p = rnd.choice(game.prompts(state))
        state = game.apply(state, p.seat, rnd.choice(p.options).action).state
        step += 1
        if step % every == 0 or not game.prompts(state):
            yield state


@pytest.fixture
def overflows(monkeypatch):
    monkeypatch.setattr(rc, "OVERFLOWS", [])
    _clear_caches()
    yield rc.OVERFLOWS
    _clear_caches()


@pytest.mark.parametrize("title", ["alhambra", "egizia", "luxor"])
def test_board_and_hand_texts_fit_in_every_language(title, overflows):
    game = get_game(title)
    draw = renderer(title)
    found = set()
    for players in (game.min_players, game.max_players):
        names = NAMES[:players]
        for state in _positions(title, players):
            view = game.public_view(state)
            for locale in ("en", "cs", "pl"):
                overflows.clear()
                draw.render_public(view, names, locale)
                draw.render_private(view, game.private_view(state, 0), names, locale)
                found |= {(locale, text) for text in overflows}
    known = KNOWN_CUTS.get(title, set())
    unexpected = sorted((loc, text) for loc, text in found if not any(text.startswith(k) for k in known))
    assert not unexpected, unexpected[:20]
    stale = sorted(k for k in known if not any(text.startswith(k) for _, text in found))
    assert not stale, f"these texts fit now, remove them from KNOWN_CUTS: {stale}"


@pytest.mark.parametrize("title", ["alhambra", "egizia", "luxor"])
def test_the_check_sees_a_text_that_does_not_fit(title, overflows):
    game = get_game(title)
    state = game.new_game(2, {}, 1).state
    long = "Bartholomew Montgomery-Fitzwilliam of Castle Whatever, the Third, Duke of Everywhere" * 2
    renderer(title).render_private(game.public_view(state), game.private_view(state, 0), [long, long], "cs")
    assert overflows, "a name far too long for any box must be recorded as cut"
