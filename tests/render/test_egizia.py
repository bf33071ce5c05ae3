"""Egizia board images: real random games, hand-made corner cases, locales and catalogue keys."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from render import egizia as R
from render import egizia_pieces as pieces
from render.i18n import catalogue, has_key

from .egizia_fixtures import make_private, make_view
from .egizia_games import playout

NAMES = ["Alice", "Bořivoj Dlouhé Jméno s diakritikou", "Zofia Łukasiewicz 🐍", "Dan"]


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    im = Image.open(io.BytesIO(data))
    im.load()
    assert im.width == R.WIDTH or im.width == R.PRIV_W
    assert len(data) < 1_000_000
    return im


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13), (4, 14)])
def test_real_games_render(players: int, seed: int) -> None:
    snaps = list(playout(players, seed, snapshots=5))
    assert len(snaps) >= 2
    last, _ = snaps[-1]
    assert last["phase"] == "over" and last["final"], "the random game should reach its end"
    for k, (pub, privs) in enumerate(snaps):
        im = _png(R.render_public(pub, NAMES[:players]))
        assert im.width == R.WIDTH and im.height > 1000
        seat = k % players
        _png(R.render_private(pub, privs[seat], NAMES[:players]))


@pytest.mark.parametrize("locale", ["cs", "pl", "en-US", "de"])
def test_locales_render(locale: str) -> None:
    snaps = list(playout(3, 5, snapshots=3))
    for pub, privs in (snaps[1], snaps[-1]):
        _png(R.render_public(pub, NAMES[:3], locale))
        _png(R.render_private(pub, privs[1], NAMES[:3], locale))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fixture_corner_cases(players: int) -> None:
    for seed, progress, over, extremes in [(1, 0.0, False, False), (2, 0.6, False, True), (3, 1.0, True, True)]:
        v = make_view(players, seed, progress, over=over, extremes=extremes)
        _png(R.render_public(v, NAMES[:players]))
        _png(R.render_private(v, make_private(v, players - 1, seed, many=True), NAMES[:players], "pl"))


def test_missing_names_and_opening_board() -> None:
    """Missing player names fall back to seat labels; a fresh game's opening board and hands render."""
    v = make_view(4, 7, 0.5)
    _png(R.render_public(v, []))
    game = playout(2, 1, snapshots=1)
    pub, privs = next(game)
    _png(R.render_public(pub, ["A"]))
    _png(R.render_private(pub, privs[1], ["A", "B"]))


def test_renderer_reads_only_the_views() -> None:
    """The renderer imports no engine data and swallows no error around view reads."""
    assert "engines.egizia.data" not in _SRC and "import data" not in _SRC
    assert "except Exception" not in _SRC


def test_public_render_ignores_private_key() -> None:
    """render_public draws the public view only: a stray "private" key changes nothing."""
    snaps = list(playout(2, 3, snapshots=2))
    pub, privs = snaps[-1]
    assert R.render_public(pub, NAMES[:2]) == R.render_public(privs[0], NAMES[:2])


# ---------------------------------------------------------------- catalogue

_SRC = "".join(Path(m.__file__).read_text(encoding="utf-8") for m in (R, pieces))
_DYNAMIC = {
    "phase": ["setup", "sail", "leftover", "feed", "build", "prefinal", "over"],
    "pending": [f"D-{k:02d}" for k in range(3, 20)],
    "site": ["sphinx", "obelisk_tombs", "pyramid_temple"],
    "space": ["edfu", "selinon", "thebae", "beni_hasan", "passalon", "alyi", "heliopolis"],
    "type": ["permanent", "immediate", "anytime"],
    "field_letter": ["green", "yellow_green", "brown"],
    "ring_pos": ["left", "middle", "right"],
    "builder": ["black", "blue", "yellow", "joker"],
    "scope": ["global", "personal"],
}


def used_keys() -> set[str]:
    keys = set(re.findall(r'(?<![\w.])tr\(\s*"([a-z_.0-9-]+)"', _SRC))
    for fam in set(re.findall(r'(?<![\w.])tr\(\s*f"([a-z_]+)\.\{', _SRC)):
        assert fam in _DYNAMIC, f"dynamic key family {fam!r} not listed in the test"
        keys |= {f"{fam}.{v}" for v in _DYNAMIC[fam]}
    # keys built from variables: f"{key}_sub", f"final_{what}", row labels, track names, site names
    keys |= {"stone_sale_sub", "grain_market_sub", "final_stone_sale", "final_tombs", "winner", "winners",
             "production", "cards", "stone_sale", "grain_market"}
    keys |= {f"site.{v}" for v in _DYNAMIC["site"]}
    return keys


def test_every_used_key_exists_in_english() -> None:
    missing = sorted(k for k in used_keys() if not has_key("egizia_render." + k, "en"))
    assert not missing, missing


@pytest.mark.parametrize("locale", ["cs", "pl"])
def test_translations_complete(locale: str) -> None:
    en = {k for k in catalogue("en") if k.startswith("egizia_render.")}
    other = {k for k in catalogue(locale) if k.startswith("egizia_render.")}
    assert en - other == set(), sorted(en - other)
    assert other - en == set(), sorted(other - en)


def test_options_setup_draw_and_23_player_cards() -> None:
    """Setup with two Sphinx cards to choose from (all seats pending), PL cards N57/S30."""
    snaps = list(playout(3, 4, options={"setup_sphinx": "draw2_keep1", "two_three_player_cards": True,
                                        "score_floor_zero": True}, snapshots=4))
    pub, privs = snaps[0]
    assert pub["phase"] == "setup" and len(pub["pending"]["seats"]) == 3
    assert privs[0]["private"]["drawing"]
    _png(R.render_public(pub, NAMES[:3], "cs"))
    for seat in range(3):
        _png(R.render_private(pub, privs[seat], NAMES[:3], "pl"))
    for pub, _privs in snaps[1:]:
        _png(R.render_public(pub, NAMES[:3]))
