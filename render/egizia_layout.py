"""Egizia's board layout and its static layer: where the river, the buildings, the right column and the
score track go for a player count, and the parts of the board that never change in a game (frames,
fixed labels, round spaces, track fields), drawn once per (players, locale) and cached.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import INK, Colour, rounded_box
from render.egizia_pieces import (
    ALERT,
    BG,
    CELL_W,
    EDGE,
    GAP,
    GOLD,
    HEAD_BG,
    MARK,
    PANEL,
    SAND,
    SITE_BG,
    SITE_EDGE,
    STONE,
    STONE_DARK,
    SUBTLE,
    WATER,
    WATER_LIGHT,
    WIDTH,
    M,
    cat,
    fit_size,
    fit_wrap,
    light,
    lines_centred,
    site_name,
    tr,
    tx,
)

RIVER_Y = 108


CELL_H = 160


CELL_GAP = 6


RIVER_PAD = (WIDTH - 2 * M - (10 * CELL_W + 9 * CELL_GAP)) // 2


ROW_GAP = 12


class Layout:
    """Positions of the board parts (they depend only on the player count)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.header_h = 68
        self.river_title_y = 76
        self.river_y = RIVER_Y
        self.river_h = 2 * CELL_H + ROW_GAP + 16
        y = self.river_y + self.river_h + GAP
        self.mid_y = y
        self.mid_h = 330
        self.left_x, self.left_w = M, 600
        self.right_x = M + self.left_w + GAP
        self.right_w = WIDTH - M - self.right_x
        y += self.mid_h + GAP
        self.score_y = y
        self.stack = max(2, min(players, 4))  # markers that can share a score-track space
        self.score_h = 122 + self.stack * (MARK - 1)
        y += self.score_h + GAP
        self.board_h = y

    def cell(self, index: int) -> tuple[int, int, int, int]:
        row, col = divmod(index - 1, 10)
        x = M + RIVER_PAD + col * (CELL_W + CELL_GAP)
        y = self.river_y + 8 + row * (CELL_H + ROW_GAP)
        return x, y, x + CELL_W, y + CELL_H


def building_geo(L: Layout) -> dict[str, Any]:
    base = L.mid_y + L.mid_h - 16  # bottom of the lowest row
    g: dict[str, Any] = {"label_y": L.mid_y + 38}
    g["ob_fw"], g["ob_fh"] = 40, 26  # obelisk: 9 rows of 2, row 1 at the bottom
    g["ob_x0"] = L.left_x + 18
    g["ob_cx"] = g["ob_x0"] + g["ob_fw"] + 1
    g["ob_base"] = base
    g["py_bw"], g["py_bh"] = 44, 36  # pyramid: rows of 6..1 fields
    g["py_x0"] = L.left_x + 124
    g["py_cx"] = g["py_x0"] + 3 * g["py_bw"]
    g["py_base"] = base
    g["te_fw"], g["te_fh"] = 50, 33  # temple: two pillars of 4, two columns, two top fields
    g["te_x0"] = L.left_x + 424
    g["te_gap"] = 48
    g["te_x1"] = g["te_x0"] + 2 * g["te_fw"] + g["te_gap"]
    g["te_cx"] = (g["te_x0"] + g["te_x1"]) / 2
    g["te_base"] = base
    g["te_top"] = base - 6 * (g["te_fh"] + 2) + 2
    return g


def right_geo(L: Layout) -> dict[str, Any]:
    rx, rw, y = L.right_x, L.right_w, L.mid_y
    g: dict[str, Any] = {"tomb_title_y": y + 8}
    g["tomb_y"] = y + 38
    g["tomb_w"] = (rw - 24 - 11 * 4) / 12
    g["tomb_h"] = 56
    g["track_x"] = rx + 176
    g["track_fw"] = (rx + rw - 12 - g["track_x"]) / 5
    g["track_h"] = 60
    g["ss_y"] = y + 106
    g["gm_y"] = y + 174
    g["ring_y"] = y + 244
    g["deck_y"] = y + 296
    return g


def score_geo(L: Layout) -> dict[str, Any]:
    g: dict[str, Any] = {}
    g["neg_x"], g["neg_w"] = M + 12, 36
    g["x0"] = g["neg_x"] + g["neg_w"] + 6
    g["cw"] = (WIDTH - M - 12 - g["x0"]) / 50
    g["strip_h"] = 16
    g["strip_y"] = L.score_y + 38 + L.stack * (MARK - 1) + 8
    g["order_y"] = g["strip_y"] + g["strip_h"] + 30
    return g


def panel(d: ImageDraw.ImageDraw, box: Sequence[float], title: str | None = None, fill: Colour = PANEL) -> None:
    rounded_box(d, box, 10, fill=fill, outline=EDGE, width=2)
    if title:
        tx(d, (box[0] + 12, box[1] + 8), title, 20, True)


@lru_cache(maxsize=24)
def static_board(players: int, locale: str, river: tuple[tuple[int, str, str, str], ...]) -> Image.Image:
    L = Layout(players)
    img = Image.new("RGB", (WIDTH, L.board_h), BG)
    d = ImageDraw.Draw(img)
    # header band
    d.rectangle((0, 0, WIDTH, L.header_h), fill=HEAD_BG)
    tx(d, (M, 12), tr("title", locale), 32, True, GOLD)
    _static_river(d, L, locale, river)
    _static_panels(d, L, locale)
    _static_score(d, L, locale)
    return img


def _static_river(d: ImageDraw.ImageDraw, L: Layout, locale: str, river: tuple[tuple[int, str, str, str], ...]) -> None:
    """The water, the flow arrows and the 20 spaces (round spaces with their effect, the sites)."""
    tx(d, (M, L.river_title_y), tr("river", locale), 21, True)
    rounded_box(d, (M, L.river_y, WIDTH - M, L.river_y + L.river_h), 12, fill=WATER)
    ay = L.river_y + 8 + CELL_H + ROW_GAP / 2
    d.line([(M + 20, ay), (WIDTH - M - 20, ay)], fill=light(WATER, 0.35), width=2)
    for k in range(6):
        ax = M + 100 + k * 210
        d.polygon([(ax, ay - 5), (ax + 10, ay), (ax, ay + 5)], fill=light(WATER, 0.35))
    for idx, kind, sid, vname in river:
        if not 1 <= idx <= 20:
            continue
        x0, y0, x1, y1 = L.cell(idx)
        cx = (x0 + x1) / 2
        if kind == "round":
            rounded_box(d, (x0, y0, x1, y1), 8, fill=STONE, outline=STONE_DARK, width=2)
            tx(d, (x0 + 6, y0 + 4), str(idx), 17, True, SUBTLE)
            name = cat(f"egizia.space.{sid}", locale, vname or sid)
            tx(d, (cx, y0 + 22), name, fit_size(name, CELL_W - 10, 20, 14, True), True, INK, "ma")
            eff = tr(f"space.{sid}", locale)
            size, lines = fit_wrap(eff, CELL_W - 12, 3, 18, 15)
            lines_centred(d, cx, y0 + 50, lines, size, False, SUBTLE)
        elif kind == "site":
            rounded_box(d, (x0, y0, x1, y1), 8, fill=SITE_BG, outline=SITE_EDGE, width=3)
            tx(d, (x0 + 6, y0 + 4), str(idx), 17, True, SUBTLE)
            name = site_name(sid, locale)
            size, lines = fit_wrap(name, CELL_W - 10, 2, 18, 14, True)
            lines_centred(d, cx, y0 + 22, lines, size, True)
        else:
            rounded_box(d, (x0, y0, x1, y1), 8, fill=WATER_LIGHT, outline=light(WATER, 0.3), width=2)
            tx(d, (x0 + 6, y0 + 3), str(idx), 17, True, SUBTLE)


def _static_panels(d: ImageDraw.ImageDraw, L: Layout, locale: str) -> None:
    """The buildings panel and the right column (tombs, tracks with their fields, ring label)."""
    lx, y = L.left_x, L.mid_y
    panel(d, (lx, y, lx + L.left_w, y + L.mid_h), tr("buildings", locale))
    g = building_geo(L)
    tx(d, (g["ob_cx"], g["label_y"]), tr("obelisk", locale), 18, True, INK, "ma")
    tx(d, (g["py_cx"], g["label_y"]), tr("pyramid", locale), 18, True, INK, "ma")
    tx(d, (g["te_cx"], g["label_y"]), tr("temple", locale), 18, True, INK, "ma")
    tx0, tx1, ty = g["te_x0"] - 8, g["te_x1"] + 8, g["te_top"]
    d.polygon([(tx0, ty - 4), (tx1, ty - 4), ((tx0 + tx1) / 2, ty - 24)], fill=STONE_DARK)  # temple roof
    # tombs, tracks, ring, decks panel
    rx, rw = L.right_x, L.right_w
    panel(d, (rx, y, rx + rw, y + L.mid_h))
    rg = right_geo(L)
    tx(d, (rx + 12, rg["tomb_title_y"]), tr("tombs", locale), 20, True)
    hint = tr("tombs_hint", locale)
    tx(d, (rx + rw - 12, rg["tomb_title_y"] + 3), hint, fit_size(hint, rw - 120, 17, 13), False, SUBTLE, "ra")
    for key, ty in (("stone_sale", rg["ss_y"]), ("grain_market", rg["gm_y"])):
        lab = tr(key, locale)
        tx(d, (rx + 12, ty + 6), lab, fit_size(lab, rg["track_x"] - rx - 18, 19, 14, True), True)
        sub = tr(f"{key}_sub", locale)
        tx(d, (rx + 12, ty + 32), sub, fit_size(sub, rg["track_x"] - rx - 18, 17, 13), False, SUBTLE)
        for k in range(5):
            bx = rg["track_x"] + k * rg["track_fw"]
            fill = SAND
            if key == "stone_sale" and k >= 3:
                fill = light(GOLD, 0.6)
            if k == 4:
                fill = light(GOLD, 0.3)
            d.rectangle((bx, ty, bx + rg["track_fw"] - 4, ty + rg["track_h"]), fill=fill, outline=STONE_DARK, width=1)
            if key == "grain_market":
                tx(d, (bx + 4, ty + 2), tr("penalty", locale, n=(3, 2, 2, 1, 1)[k]), 16, True, ALERT)
            elif k >= 3:
                tx(d, (bx + 4, ty + 2), tr("sale", locale), 16, True, SUBTLE)
    ring_lab = tr("ring", locale)
    tx(d, (rx + 12, rg["ring_y"] + 2), ring_lab, fit_size(ring_lab, rg["track_x"] - rx - 18, 19, 14, True), True)


def _static_score(d: ImageDraw.ImageDraw, L: Layout, locale: str) -> None:
    """The score track: 50 fields, the field for negative scores, the 'order' label."""
    sy = L.score_y
    panel(d, (M, sy, WIDTH - M, sy + L.score_h), tr("score_track", locale))
    sg = score_geo(L)
    for k in range(50):
        x0 = sg["x0"] + k * sg["cw"]
        fill = STONE_DARK if k % 5 == 0 else (STONE if k % 10 < 5 else SAND)
        d.rectangle((x0, sg["strip_y"], x0 + sg["cw"] - 1, sg["strip_y"] + sg["strip_h"]), fill=fill)
        if k % 5 == 0:
            tx(d, (x0 + sg["cw"] / 2, sg["strip_y"] + sg["strip_h"] + 3), str(k), 17, True, INK, "ma")
    d.rectangle((sg["neg_x"], sg["strip_y"], sg["neg_x"] + sg["neg_w"], sg["strip_y"] + sg["strip_h"]),
                fill=light(ALERT, 0.6))
    tx(d, (sg["neg_x"] + sg["neg_w"] / 2, sg["strip_y"] + sg["strip_h"] + 3), "<0", 17, True, ALERT, "ma")
    tx(d, (M + 14, sg["order_y"]), tr("order", locale), 18, True)


