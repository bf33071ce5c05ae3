"""The Alhambra board renderer (render/alhambra.py) on hand-made views in the agreed format."""
from __future__ import annotations

import inspect
import io
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from PIL import Image

import render.alhambra as ra
from render.common import has_glyph
from render.i18n import catalogue, has_key, t
from tests.render import alhambra_fixtures as F

FIXTURES = {
    "6p_late": F.view_6p_late,
    "4p_mid": F.view_4p_mid,
    "2p_dirk": F.view_2p_dirk,
    "final": F.view_final,
    "2p_final_dirk": F.view_2p_final_dirk,
    "start": F.view_start,
}
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _open(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC)
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_public_render_is_a_png_of_phone_width(name):
    png = ra.render_public(FIXTURES[name](), F.NAMES_6, "en")
    im = _open(png)
    assert im.format == "PNG"
    assert 1200 <= im.width <= 1400
    assert 500 <= im.height <= 2400
    assert len(png) < 1_000_000


def test_6p_late_view_is_tall_enough_for_big_grids():
    view = F.view_6p_late()
    biggest = max(len({c["y"] for c in pv["grid"]}) for pv in view["players_view"])
    assert biggest >= 4
    im = _open(ra.render_public(view, F.NAMES_6))
    # two rows of three panels: every grid cell must get at least the minimum cell size
    assert im.height >= 56 + 2 * (biggest * ra.MIN_CELL)


@pytest.mark.parametrize("locale", ["en", "cs", "pl"])
def test_private_render(locale):
    public = F.view_6p_late()
    private = F.private_view(2, [("blue", 3), ("blue", 7), ("yellow", 2), ("orange", 9), ("green", 1)])
    im = _open(ra.render_private(public, private, F.NAMES_6, locale))
    assert im.width >= 800
    # bought tiles and the hint make it taller than the hand alone
    bare = F.view_6p_late()
    bare["players_view"][2]["bought"] = []
    bare["hint"] = None
    im2 = _open(ra.render_private(bare, private, F.NAMES_6, locale))
    assert im2.height < im.height


def test_private_render_with_empty_hand_and_missing_totals():
    public = F.view_4p_mid()
    empty = {"seat": 0, "hand": [], "totals": {"yellow": 0, "green": 0, "blue": 0, "orange": 0}}
    _open(ra.render_private(public, empty, F.NAMES_6[:4]))
    no_totals = {"seat": 1, "hand": [F.card("yellow", 1), F.card("blue", 12), F.card("orange", 9)], "totals": {}}
    _open(ra.render_private(public, no_totals, F.NAMES_6[:4], "pl"))


def test_private_render_shows_hand_values_in_image():
    """Different hands give different private pictures (the values are drawn)."""
    public = F.view_4p_mid()
    a = ra.render_private(public, F.private_view(0, [("blue", 3)]), F.NAMES_6[:4])
    b = ra.render_private(public, F.private_view(0, [("blue", 4)]), F.NAMES_6[:4])
    assert a != b


@pytest.mark.parametrize("locale", ["cs", "pl"])
def test_czech_and_polish_locales_render(locale):
    for make in FIXTURES.values():
        _open(ra.render_public(make(), F.NAMES_6, locale))
    # the translations exist, differ from English, and every character has a glyph in DejaVu
    assert t("alhambra_render.score", "cs") == "Skóre"
    assert t("alhambra_render.reserve", "pl") == "Rezerwa"
    cat = {k: v for k, v in catalogue(locale).items() if k.startswith("alhambra_render.")}
    en = {k for k in catalogue("en") if k.startswith("alhambra_render.")}
    assert set(cat) == en, "the translation must cover exactly the English keys"
    for text in cat.values():
        assert all(has_glyph(ch) for ch in text), text


def test_localised_images_differ():
    view = F.view_4p_mid()
    assert ra.render_public(view, F.NAMES_6, "en") != ra.render_public(view, F.NAMES_6, "cs")


def test_accented_and_odd_names():
    view = F.view_4p_mid()
    names = ["Řehoř Žďárský", "Źdźbło Ćma", "", "👾👾"]  # empty and emoji-only names get "Player n"
    _open(ra.render_public(view, names, "cs"))
    _open(ra.render_public(view, ["only one"], "en"))  # missing names fall back too
    assert ra._names(["👾👾", ""], 2, "en") == ["Player 1", "Player 2"]


def test_public_render_takes_only_the_public_view():
    params = list(inspect.signature(ra.render_public).parameters)
    assert params == ["view", "names", "locale"]


def test_public_image_does_not_depend_on_private_data():
    """Secret fields smuggled into a view are ignored, and rendering private views (any hand)
    leaves no trace in later public pictures (no state shared through caches)."""
    view = F.view_4p_mid()
    before = ra.render_public(view, F.NAMES_6)
    smuggled = F.view_4p_mid()
    for pv in smuggled["players_view"]:
        pv["hand"] = [F.card("blue", 9)] * 5
        pv["totals"] = {"blue": 45}
    smuggled["deck_order"] = [F.card("green", 1)] * 10
    assert ra.render_public(smuggled, F.NAMES_6) == before
    for seat in range(4):
        ra.render_private(view, F.private_view(seat, [("orange", 9), ("green", seat + 1)]), F.NAMES_6)
    assert ra.render_public(view, F.NAMES_6) == before


def test_hand_counts_drawn_but_open_hands_only_with_the_option():
    view = F.view_4p_mid()
    base = ra.render_public(view, F.NAMES_6)
    view["players_view"][0]["hand_count"] = 9
    assert ra.render_public(view, F.NAMES_6) != base
    open_view = F.view_4p_mid()
    open_view["open_hands"] = [[F.card("blue", 3)], [], [F.card("yellow", 9), F.card("orange", 2)], []]
    _open(ra.render_public(open_view, F.NAMES_6))


def test_highlights_and_hint_change_the_picture():
    view = F.view_4p_mid()
    base = ra.render_public(view, F.NAMES_6)
    other = F.view_4p_mid()
    other["active"] = 3
    assert ra.render_public(other, F.NAMES_6) != base
    no_hint = F.view_4p_mid()
    no_hint["hint"] = None
    assert ra.render_public(no_hint, F.NAMES_6) != base


def test_minimal_and_degenerate_views():
    view = {
        "game": "alhambra", "players": 3, "phase": "start_choice", "active": None, "turn": 0,
        "market": [{"space": i + 1, "currency": c, "tile": None} for i, c in enumerate(F.CURRENCIES)],
        "display": [], "deck_count": 0, "bag_count": 0, "discard_count": 0, "discard_top": [], "discard": [],
        "scorings_done": [], "dirk": None, "hint": None, "last_scoring": None, "result": None,
        "open_hands": None, "last_move": None,
        "players_view": [{"seat": s, "score": 0, "hand_count": 0, "grid": [{"x": 0, "y": 0, "tile": F.fountain(s)}],
                          "reserve": [], "bought": [], "longest_wall": 0, "counts": {}, "outer_walls": []}
                         for s in range(3)],
    }
    _open(ra.render_public(view, ["a", "b", "c"]))
    view["phase"] = "some_new_phase"  # an unknown phase is shown as is, not as a missing key
    _open(ra.render_public(view, ["a", "b", "c"]))


def test_wide_grid_shrinks_cells_to_fit_the_panel():
    view = F.view_4p_mid()
    pv = view["players_view"][0]
    row = [{"x": x, "y": 0, "tile": F.ALL_TILES[x % 54]} for x in range(1, 16)]
    pv["grid"] = [{"x": 0, "y": 0, "tile": F.fountain(0)}] + row
    pv["outer_walls"] = F.outer_walls(pv["grid"])
    im = _open(ra.render_public(view, F.NAMES_6))
    assert im.width == ra.WIDTH
    pw = (ra.WIDTH - 2 * ra.MARGIN - ra.GAP) // 2
    assert ra._cell_size(pw, ra._grid_bounds(pv, [])) * 16 <= pw


def test_rendering_is_deterministic_and_thread_safe():
    views = [make() for make in FIXTURES.values()]
    expected = [ra.render_public(v, F.NAMES_6, "en") for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda v: ra.render_public(v, F.NAMES_6, "en"), views * 2))
    assert got == expected * 2


# --------------------------------------------------------------------------- catalogue keys


def _keys_used_statically() -> set[str]:
    src = Path(ra.__file__).read_text(encoding="utf-8")
    keys = set()
    for m in re.finditer(r'_tr\(\s*(f?)"([^"]+)"', src):
        is_f, key = m.groups()
        if not is_f:
            keys.add("alhambra_render." + key)
            continue
        prefix = key.split("{")[0]
        expansions = {
            "abbr.": ra.TYPES, "type.": ra.TYPES, "cur_abbr.": ra.CURRENCIES, "currency.": ra.CURRENCIES,
            "round.": ("A", "B", "final"), "scoring_title.": ("A", "B", "final"),
            "phase.": ("action", "placement", "end_placement", "start_choice", "over"),
        }
        assert prefix in expansions, f"unknown dynamic key {key!r}: extend this test"
        keys.update(f"alhambra_render.{prefix}{v}" for v in expansions[prefix])
    return keys


def test_every_key_used_exists_in_english():
    keys = _keys_used_statically()
    assert len(keys) > 40
    missing = sorted(k for k in keys if not has_key(k, "en"))
    assert not missing, missing


def test_every_key_requested_while_rendering_exists(monkeypatch):
    seen: set[str] = set()
    real = ra.t

    def spy(key, locale="en", **params):
        seen.add(key)
        return real(key, locale, **params)

    monkeypatch.setattr(ra, "t", spy)
    ra.tile_glyph.cache_clear()
    ra.money_glyph.cache_clear()
    ra.type_chip.cache_clear()
    for make in FIXTURES.values():
        ra.render_public(make(), F.NAMES_6, "pl")
    ra.render_private(F.view_6p_late(), F.private_view(2, [("blue", 3)]), F.NAMES_6, "pl")
    assert seen
    assert all(k.startswith("alhambra_render.") for k in seen)
    missing = sorted(k for k in seen if not has_key(k, "en"))
    assert not missing, missing


def test_renderer_reads_only_the_typed_views():
    """render/alhambra.py imports only the engine's view types (never its data or rules), and the
    hand-made fixtures carry exactly the keys of the typed views."""
    import ast
    from typing import get_type_hints

    from engines.alhambra.views import PlayerView, PublicView

    tree = ast.parse(Path(ra.__file__).read_text(encoding="utf-8"))
    engine_imports = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("engines")]
    assert engine_imports == ["engines.alhambra.views"]
    for make in FIXTURES.values():
        view = make()
        assert set(view) == set(get_type_hints(PublicView))
        assert all(set(pv) == set(get_type_hints(PlayerView)) for pv in view["players_view"])
