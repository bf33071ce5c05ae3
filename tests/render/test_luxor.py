"""Luxor board images: real random games, every player count, private hands, locales, catalogue keys."""
from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from PIL import Image

from engines import get_game
from render import luxor, luxor_pieces
from render.i18n import catalogue

GAME = get_game("luxor")
NAMES = ["Alice", "Bob the very long named Builder of Things", "Čeněk Łukasz Żółć", "Dana 🐍"]


def _playout(players: int, seed: int, stops: int = 4):
    """Play random legal moves; yield (state, label) at the start, several points and the end."""
    state = GAME.new_game(players, seed=seed).state
    rng = random.Random(seed)
    moves = 0
    snapshots = [(state, "start")]
    every = rng.randint(25, 60)
    while GAME.prompts(state):
        prompt = GAME.prompts(state)[0]
        option = rng.choice(prompt.options)
        state = GAME.apply(state, prompt.seat, option.action).state
        moves += 1
        if moves % every == 0 and len(snapshots) < stops:
            snapshots.append((state, f"move {moves}"))
    snapshots.append((state, "end"))
    assert GAME.result(state) is not None
    return snapshots


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) < 1_000_000
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 7), (3, 2), (3, 8), (4, 3), (4, 9)])
def test_random_games_render(players, seed):
    for state, label in _playout(players, seed):
        view = GAME.public_view(state)
        im = _png(luxor.render_public(view, NAMES[:players]))
        assert 1200 <= im.width <= 1400, label
        for seat in range(players):
            priv = GAME.private_view(state, seat)
            pim = _png(luxor.render_private(view, priv, NAMES[:players]))
            assert 1200 <= pim.width <= 1400


def test_end_of_game_shows_final_and_is_taller():
    snaps = _playout(3, 5)
    start, end = GAME.public_view(snaps[0][0]), GAME.public_view(snaps[-1][0])
    assert end["over"] and end["final"]
    assert _png(luxor.render_public(end, NAMES)).height > _png(luxor.render_public(start, NAMES)).height


@pytest.mark.parametrize("locale", ["cs", "pl", "en", "de", "en-US"])
def test_locales_render(locale):
    snaps = _playout(4, 4, stops=2)
    for state, _ in (snaps[1], snaps[-1]):
        view = GAME.public_view(state)
        _png(luxor.render_public(view, NAMES, locale))
        _png(luxor.render_private(view, GAME.private_view(state, 1), NAMES, locale))


def test_public_render_ignores_private_part():
    """render_public draws nothing from a private view: with or without "me" the image is the same."""
    state = _playout(3, 6, stops=2)[1][0]
    public = GAME.public_view(state)
    private = GAME.private_view(state, 0)
    assert "me" in private
    assert luxor.render_public(private, NAMES[:3]) == luxor.render_public(public, NAMES[:3])


def test_shared_win_and_many_winners():
    state = _playout(3, 12, stops=1)[-1][0]
    view = GAME.public_view(state)
    view["final"]["winners"] = [0, 1, 2]
    _png(luxor.render_public(view, NAMES[:3]))


def test_names_missing_or_odd():
    state = _playout(4, 10, stops=2)[1][0]
    view = GAME.public_view(state)
    _png(luxor.render_public(view, []))
    _png(luxor.render_public(view, ["", "🙂🙂", "x" * 200]))
    _png(luxor.render_private(view, GAME.private_view(state, 3), []))


def test_private_edge_cases():
    state = GAME.new_game(2, seed=3).state
    view = GAME.public_view(state)
    priv = GAME.private_view(state, 0)
    priv["me"]["hand"] = priv["me"]["hand"][:4]  # a 4-card hand (mid-turn)
    priv["me"]["scarabs"] = [{"id": f"SC-{i:02d}", "vp": 1 + i % 4} for i in range(12)]
    _png(luxor.render_private(view, priv, NAMES[:2]))
    priv["me"]["hand"] = []
    priv["me"]["scarabs"] = []
    _png(luxor.render_private(view, priv, NAMES[:2]))


def test_crowded_spaces():
    """Many adventurers on one space (more than fit one by one) still render, grouped per seat."""
    state = GAME.new_game(4, seed=1).state
    view = GAME.public_view(state)
    view["stairs"]["adventurers"] = [[s, i] for s in range(4) for i in range(1, 6)]
    view["path"][10]["adventurers"] = [[s, i] for s in range(4) for i in range(1, 4)]
    view["tomb"]["adventurers"] = [[s, i] for s in range(4) for i in range(1, 4)]
    for p in view["seats"]:
        p["score"] = 104
    _png(luxor.render_public(view, NAMES))


# --------------------------------------------------------------------------- catalogue

SRC = [Path(luxor.__file__)] + sorted(Path(luxor.__file__).parent.glob("luxor_*.py"))


def _used_keys(monkeypatch) -> set[str]:
    seen: set[str] = set()
    real = luxor.t

    def spy(key, locale="en", **params):
        seen.add(key)
        return real(key, locale, **params)

    monkeypatch.setattr(luxor, "t", spy)
    monkeypatch.setattr(luxor_pieces, "t", spy)
    luxor._board_bg.cache_clear()
    luxor._track_bg.cache_clear()
    luxor_pieces.card_image.cache_clear()
    for players, seed in ((2, 21), (3, 22), (4, 23)):
        for state, _ in _playout(players, seed, stops=6):
            view = GAME.public_view(state)
            luxor.render_public(view, NAMES)
            luxor.render_private(view, GAME.private_view(state, 0), NAMES)
    luxor._board_bg.cache_clear()
    luxor._track_bg.cache_clear()
    luxor_pieces.card_image.cache_clear()
    return seen


def test_every_used_key_exists_in_english(monkeypatch):
    en = catalogue("en")
    used = _used_keys(monkeypatch)
    assert any(k.startswith("luxor_render.") for k in used)
    missing = sorted(k for k in used if k not in en)
    assert not missing, missing
    # literal keys in the source too (also those a short game may not reach)
    literal = set()
    for path in SRC:
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r'\btr\(\s*"([a-z0-9_.]+)"(?:\s+if [^,]*? else\s+"([a-z0-9_.]+)")?', text):
            literal.update("luxor_render." + g for g in m.groups() if g)
    assert {"luxor_render.winners", "luxor_render.winner", "luxor_render.right_end"} <= literal
    missing = sorted(k for k in literal if k not in en)
    assert not missing, missing


def test_dynamic_keys_complete():
    en = catalogue("en")
    for kind in ("move", "plus_minus", "die", "range", "range_die", "advance_all", "last_to_second_last", "one_less"):
        assert f"luxor_render.card.{kind}" in en
    for kind in ("C-03", "C-04", "C-05", "C-06", "C-08", "C-09", "C-10", "C-11", "C-12", "C-13"):
        assert f"luxor_render.pending.{kind}" in en
    for col in luxor.FINAL_COLS:
        assert f"luxor_render.col.{col}" in en


@pytest.mark.parametrize("locale", ["cs", "pl"])
def test_translations_complete(locale):
    en = {k for k in catalogue("en") if k.startswith("luxor_render.")}
    other = {k for k in catalogue(locale) if k.startswith("luxor_render.")}
    assert en - other == set()
    assert other - en == set()


def test_opening_board_renders_in_every_language():
    """What the bot draws to warm the caches at start-up: the real opening board, en/cs/pl."""
    for players in (2, 4):
        view = GAME.public_view(GAME.new_game(players, None, 0).state)
        for locale in ("en", "cs", "pl"):
            _png(luxor.render_public(view, [""] * players, locale))


def test_renderer_reads_only_the_views():
    """render/luxor.py imports nothing of the engine but its typed views, and reads no view field
    with a fallback (the types guarantee them)."""
    for path in (Path(luxor.__file__), Path(luxor_pieces.__file__)):  # the modules that read views
        src = path.read_text(encoding="utf-8")
        engine_imports = re.findall(r"^from (engines[.\w]*) import", src, re.M)
        assert set(engine_imports) <= {"engines.luxor.views"}, path
        assert ".get(" not in src and "except Exception" not in src, path
