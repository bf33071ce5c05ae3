"""Alhambra's phone-first image (issue #20): whose turn, what just changed, the market and money to choose
from, the acting player's Alhambra, and the standings, every text at least 20 px on an 800-px-wide image."""
from __future__ import annotations

from collections.abc import Container, Hashable, Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engines.alhambra.views import MarketSpaceView, PlayerView, PublicView, TileView

from . import phone as P
from .alhambra import CURRENCY_COLOURS, FOUNTAIN, TYPE_COLOURS, UNKNOWN, WALL, money_glyph, tile_glyph
from .common import INK, Colour, ink_for, mix, player_colour
from .i18n import t

#: the tile glyph writes its letter at 0.30 × its size: from this size on that letter is at least 20 px
LETTERED = 68
MARKET_TILE = 124
CARD_W, CARD_H = 76, 104  # the money glyph writes its currency letter at 0.2 × its height: 20 px
BAND_TILE = 84
COLOURS: tuple[Colour, ...] = P.base_colours((*TYPE_COLOURS.values(), *CURRENCY_COLOURS.values(), FOUNTAIN,
                                              UNKNOWN, WALL, P.MARK_EDGE))
PALETTE: P.Palette = (COLOURS, P.GROUNDS)


def _key(tile: TileView) -> tuple[str, str | None, int | None, str]:
    return (tile["id"], tile["type"], tile["price"], tile["walls"])


@lru_cache(maxsize=256)
def _plain_tile(ttype: str | None, walls: str, size: int) -> Image.Image:
    """A tile too small for its letter: its type colour and walls (the type letter needs 68 px)."""
    fill = FOUNTAIN if ttype is None else TYPE_COLOURS.get(ttype, UNKNOWN)
    im = Image.new("RGB", (size, size), fill)
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, size - 1, size - 1), outline=mix(fill, INK, 0.45), width=1)
    wt = max(3, round(size * 0.12))
    for side, box in (("N", (0, 0, size - 1, wt - 1)), ("S", (0, size - wt, size - 1, size - 1)),
                      ("W", (0, 0, wt - 1, size - 1)), ("E", (size - wt, 0, size - 1, size - 1))):
        if side in walls:
            d.rectangle(box, fill=WALL)
    return im


def _tile(img: Image.Image, tile: TileView, x: float, y: float, size: int, locale: str) -> None:
    glyph = tile_glyph(_key(tile), size, locale) if size >= LETTERED else _plain_tile(tile["type"], tile["walls"], size)
    img.paste(glyph, (round(x), round(y)))


def _names(view: PublicView, names: Sequence[str], locale: str) -> list[str]:
    return [P.seat_name(names, s, locale) for s in range(view["players"])]


def _last_move(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, nm: list[str], locale: str, y: int) -> int:
    lm = view["last_move"]
    if not lm:
        return y
    seat = lm["seat"]
    P.last_move_title(img, seat, nm, locale, y)
    y += 42
    x: float = P.PAD
    tiles = {tile["id"]: tile for pv in view["players_view"] for tile in (*pv["reserve"], *pv["bought"])}
    for pv in view["players_view"]:
        for c in pv["grid"]:
            tiles[c["tile"]["id"]] = c["tile"]
    cells = lm["cells"]
    if not lm["tiles"] and not lm["cards"]:
        return y
    for k, tid in enumerate(lm["tiles"]):
        space = lm["spaces"][k] if k < len(lm["spaces"]) else None
        cell = cells[k] if k < len(cells) else None
        tile = tiles.get(tid)
        caption = f"{cell[0]},{cell[1]}" if cell else (t("phone.alhambra.space", locale, n=space) if space else "")
        if x + BAND_TILE > P.WIDTH - P.PAD:
            break
        if tile is not None:
            _tile(img, tile, x, y, BAND_TILE, locale)
        P.mark_box(d, (x, y, x + BAND_TILE - 1, y + BAND_TILE - 1), 4)
        if caption:
            P.text(img, (x + BAND_TILE / 2, y + BAND_TILE + 8), caption, 22, False, P.SUBTLE, "ma",
                   max_width=BAND_TILE + 40)
        x += BAND_TILE + 48
    for card in lm["cards"]:
        if x + CARD_W > P.WIDTH - P.PAD:
            break
        g = money_glyph(card["currency"], card["value"], CARD_W, CARD_H, locale)
        img.paste(g, (round(x), y - 6), g)
        P.mark_box(d, (x, y - 6, x + CARD_W - 1, y - 6 + CARD_H - 1), 4)
        x += CARD_W + 22
    return y + BAND_TILE + 42


MARKET_COL = (P.WIDTH - 2 * P.PAD) // 4
MARKET_H = 50 + MARKET_TILE + 16


def _market_column(img: Image.Image, d: ImageDraw.ImageDraw, sp: MarketSpaceView, marked: bool, locale: str,
                   x: int, y: int) -> None:
    """One space of the market: its currency, its tile (marked if the last move filled it)."""
    col = MARKET_COL
    cur = CURRENCY_COLOURS.get(sp["currency"], UNKNOWN)
    d.rounded_rectangle((x + 4, y, x + col - 8, y + 40), 8, fill=cur)
    P.text(img, (x + col / 2 - 2, y + 20), t(f"alhambra_render.currency.{sp['currency']}", locale), 22, True,
           ink_for(cur), "mm", max_width=col - 20)
    tx = x + (col - 4 - MARKET_TILE) / 2
    ty = y + 50
    tile = sp["tile"]
    if tile is not None:
        _tile(img, tile, tx, ty, MARKET_TILE, locale)
        if marked:
            P.mark_box(d, (tx, ty, tx + MARKET_TILE - 1, ty + MARKET_TILE - 1), 4)
    else:
        d.rectangle((tx, ty, tx + MARKET_TILE - 1, ty + MARKET_TILE - 1), outline=P.EDGE, width=2)


def _market_pieces(view: PublicView, locale: str) -> list[P.Strip]:
    """The market: its title and a row of one box per space (each within its column, marks included), kept by
    what it shows: taking a tile redraws that space, not the market."""
    title = t("phone.alhambra.market", locale)
    lm = view["last_move"]
    new = set(lm["spaces"]) if lm else set()
    parts: list[tuple[int, Image.Image]] = []
    keys = []
    for k, sp in enumerate(view["market"]):
        marked = sp["space"] in new
        key = ("al-space", sp["currency"], sp["tile"]["id"] if sp["tile"] else None, marked, locale)
        keys.append(key)

        def draw(im: Image.Image, d: ImageDraw.ImageDraw, sp: MarketSpaceView = sp, marked: bool = marked) -> float:
            _market_column(im, d, sp, marked, locale, 0, 0)
            return MARKET_H

        parts.append((P.PAD + k * MARKET_COL, P.small_piece(PALETTE, key, MARKET_COL, draw)))
    row_key = ("al-market", tuple(keys), locale)
    return [P.piece(PALETTE, ("title", title), lambda im, d: P.section_title(im, 0, title)),
            P.row_piece(PALETTE, row_key, MARKET_H, parts)]


CARD_STEP = CARD_W + 14
MONEY_H = CARD_H + 16


def _money_card(img: Image.Image, currency: str, value: int, locale: str, x: int, y: int) -> None:
    g = money_glyph(currency, value, CARD_W, CARD_H, locale)
    img.paste(g, (x, y), g)


def _deck_count(img: Image.Image, n: int, locale: str, x: int, y: int, x0: int = 0) -> None:
    """The cards left in the deck, at the right of the money display (``x``: the display's right end), on an
    image whose left edge is at ``x0`` of the phone image."""
    P.text(img, (P.WIDTH - P.PAD - x0, y + CARD_H / 2), t("phone.alhambra.deck", locale, n=n), 24, False,
           P.SUBTLE, "rm", max_width=P.WIDTH - P.PAD - x - 10)


def _money_pieces(view: PublicView, locale: str) -> list[P.Strip]:
    """The money to take: its title and a row of one box per card and one for the deck's count, kept by what they
    show: a card taken or laid redraws no other card (a card's box is kept for good: there are 36 of them)."""
    title = t("phone.alhambra.money", locale)
    parts: list[tuple[int, Image.Image]] = []
    x = P.PAD
    for card in view["display"]:
        cur, value = card["currency"], card["value"]

        def draw(im: Image.Image, d: ImageDraw.ImageDraw, cur: str = cur, value: int = value) -> float:
            _money_card(im, cur, value, locale, 0, 0)
            return MONEY_H

        parts.append((x, P.small_piece(PALETTE, ("al-card", cur, value, locale), CARD_STEP, draw)))
        x += CARD_STEP
    n, left = view["deck_count"], x

    def deck(im: Image.Image, d: ImageDraw.ImageDraw) -> float:
        _deck_count(im, n, locale, left, 0, left)
        return MONEY_H

    parts.append((left, P.small_piece(PALETTE, ("al-deck", n, left, locale), P.WIDTH - left, deck)))
    row_key = ("al-money", tuple((c["currency"], c["value"]) for c in view["display"]), n, locale)
    return [P.piece(PALETTE, ("title", title), lambda im, d: P.section_title(im, 0, title)),
            P.row_piece(PALETTE, row_key, MONEY_H, parts)]


class _Layout(NamedTuple):
    """Where the acting player's Alhambra is drawn: its corner cell, size in cells, cell size and left edge."""

    minx: int
    miny: int
    cols: int
    rows: int
    cell: int
    gx: int


def _hint_cells(view: PublicView, pv: PlayerView) -> list[list[int]]:
    hint = view["hint"]
    return hint["cells"] if hint is not None and hint["seat"] == pv["seat"] else []


def _layout(view: PublicView, pv: PlayerView) -> _Layout:
    hint_cells = _hint_cells(view, pv)
    xs = [c["x"] for c in pv["grid"]] + [c[0] for c in hint_cells]
    ys = [c["y"] for c in pv["grid"]] + [c[1] for c in hint_cells]
    minx, maxx, miny, maxy = min(xs), max(xs), min(ys), max(ys)
    cols, rows = maxx - minx + 1, maxy - miny + 1
    cell = max(36, min(96, (P.WIDTH - 2 * P.PAD) // cols, 560 // rows))
    return _Layout(minx, miny, cols, rows, cell, P.PAD + (P.WIDTH - 2 * P.PAD - cols * cell) // 2)


def _marks(view: PublicView, pv: PlayerView, lay: _Layout) -> list[tuple[int, int]]:
    """The cells of the last move marked on this Alhambra (the player's own last move, within the drawn area)."""
    lm = view["last_move"]
    if not lm or lm["seat"] != pv["seat"]:
        return []
    return [(mx, my) for mx, my in lm["cells"]
            if lay.minx <= mx <= lay.minx + lay.cols - 1 and lay.miny <= my <= lay.miny + lay.rows - 1]


GRID_TOP = 34  # the section title's height (phone.section_title)


def _grid(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, pv: PlayerView, name: str, locale: str,
          y: int, rows: Container[int] | None = None) -> int:
    """The title and the acting player's Alhambra (its tiles, outer walls, the hint's free cells, the last move's
    marks); returns the ``y`` below it. ``rows``: only what reaches these rows of cells (counted from the top one,
    the title with row 0) is drawn; all when ``None``."""
    lay = _layout(view, pv)
    minx, miny, cell, gx = lay.minx, lay.miny, lay.cell, lay.gx

    def near(r: int) -> bool:  # what is in row r reaches at most into the rows beside it
        return rows is None or r in rows or r - 1 in rows or r + 1 in rows

    if rows is None or 0 in rows:
        P.section_title(img, y, t("phone.alhambra.alhambra", locale, name=name))
    y += GRID_TOP
    for c in pv["grid"]:
        if near(c["y"] - miny):
            _tile(img, c["tile"], gx + (c["x"] - minx) * cell, y + (c["y"] - miny) * cell, cell, locale)
    ow = max(4, round(cell * 0.14))
    for x1, y1, x2, y2 in pv["outer_walls"]:
        lo, hi = min(y1, y2) - miny, max(y1, y2) - miny
        if rows is not None and not any(k in rows for k in range(lo - 2, hi + 2)):
            continue  # the rows it reaches: lo - 1 … hi (as in _grid_strips' keys)
        px1, py1 = gx + (min(x1, x2) - minx) * cell, y + lo * cell
        px2, py2 = gx + (max(x1, x2) - minx) * cell, y + hi * cell
        d.rectangle((px1 - ow // 2, py1 - ow // 2, px2 + ow - ow // 2 - 1, py2 + ow - ow // 2 - 1), fill=WALL)
    for hx, hy in _hint_cells(view, pv):
        if near(hy - miny):
            cx, cy = gx + (hx - minx) * cell, y + (hy - miny) * cell
            d.rectangle((cx + 2, cy + 2, cx + cell - 3, cy + cell - 3), fill=P.CARD_BG, outline=P.SUBTLE, width=2)
            P.text(img, (cx + cell / 2, cy + cell / 2), f"{hx},{hy}", 22, True, INK, "mm", max_width=cell - 6)
    for mx, my in _marks(view, pv, lay):
        if near(my - miny):
            cx, cy = gx + (mx - minx) * cell, y + (my - miny) * cell
            P.mark_box(d, (cx + 4, cy + 4, cx + cell - 5, cy + cell - 5), 4)
    return y + lay.rows * cell + 14


def _grid_strips(view: PublicView, pv: PlayerView, name: str, locale: str) -> list[P.Strip]:
    """:func:`_grid` as one strip per row of cells (the title with the first), each kept by what is drawn in it
    and in the rows beside it (walls and marks reach a few pixels across a row's edge): placing a tile or
    moving a mark redraws the rows around it, not the whole Alhambra."""
    lay = _layout(view, pv)
    cells: dict[int, list[tuple[int, str]]] = {}
    for c in pv["grid"]:
        cells.setdefault(c["y"] - lay.miny, []).append((c["x"], c["tile"]["id"]))
    walls: dict[int, list[tuple[int, ...]]] = {}  # by strip: the walls whose rectangles may reach its rows
    for w in pv["outer_walls"]:
        lo, hi = min(w[1], w[3]) - lay.miny, max(w[1], w[3]) - lay.miny
        for k in range(lo - 2, hi + 2):  # it reaches rows lo - 1 … hi; strip k shows rows k - 1 … k + 1
            walls.setdefault(k, []).append(tuple(w))
    hints: dict[int, list[tuple[int, int]]] = {}
    for hx, hy in _hint_cells(view, pv):
        hints.setdefault(hy - lay.miny, []).append((hx, hy))
    marks: dict[int, list[tuple[int, int]]] = {}
    for mx, my in _marks(view, pv, lay):
        marks.setdefault(my - lay.miny, []).append((mx, my))

    def around(k: int) -> tuple[object, ...]:
        near = range(k - 1, k + 2)
        return (tuple(tuple(cells.get(r, ())) for r in near), tuple(walls.get(k, ())),
                tuple(tuple(hints.get(r, ())) for r in near), tuple(tuple(marks.get(r, ())) for r in near))

    geometry = (lay, locale)
    cuts: list[tuple[int, Hashable]] = [(0, ("al-grid", geometry, name, 0, around(0)))]
    cuts += [(GRID_TOP + k * lay.cell, ("al-grid", geometry, k, around(k))) for k in range(1, lay.rows)]
    height = GRID_TOP + lay.rows * lay.cell + 14
    return P.strips(PALETTE, cuts, height, lambda im, d, new: _grid(im, d, view, pv, name, locale, 0, new))


def _tile_line(img: Image.Image, label: str, tiles: Sequence[TileView], locale: str) -> int:
    """A row of the tiles bought and not yet placed, or of the reserve."""
    lw = P.text(img, (P.PAD, 36), label, 24, True, P.SUBTLE, "lm", max_width=260)
    x = P.PAD + lw + 16
    for tile in tiles:
        if x + 72 > P.WIDTH - P.PAD:
            P.text(img, (x, 36), t("phone.more", locale, n=len(tiles)), 22, False, P.SUBTLE, "lm")
            break
        _tile(img, tile, x, 0, 72, locale)
        x += 80
    return 84


def _grid_pieces(view: PublicView, pv: PlayerView, name: str, locale: str) -> list[P.Strip]:
    """The acting player's Alhambra (:func:`_grid_strips`), then the tiles to place and the reserve, a piece each."""
    out = _grid_strips(view, pv, name, locale)
    for label, tiles in ((t("phone.alhambra.to_place", locale), pv["bought"]),
                         (t("phone.alhambra.reserve", locale), pv["reserve"])):
        if tiles:
            def line(im: Image.Image, d: ImageDraw.ImageDraw, label: str = label,
                     tiles: Sequence[TileView] = tiles) -> float:
                return _tile_line(im, label, tiles, locale)

            out.append(P.piece(PALETTE, ("al-tiles", label, _tiles_key(tiles), locale), line))
    out.append(P.blank(PALETTE, 4))
    return out


def _tiles_key(tiles: Sequence[TileView]) -> tuple[str, ...]:
    return tuple(tile["id"] for tile in tiles)  # a tile id names its type, price and walls


def phone_drawing(view: PublicView, names: Sequence[str], locale: str = "en") -> P.Drawing:
    """The phone-first image of an Alhambra position (drawn on every move; see :mod:`render.phone`): composed of
    pieces, each redrawn only when what it shows changed, on :data:`PALETTE`."""
    nm = _names(view, names, locale)
    res = view["result"]
    pvs = view["players_view"]
    pieces: list[P.Strip] = []
    if res:
        winners = res["winners"]
        head = P.winner_head(winners, nm, locale)
    else:
        active = view["active"]
        phase = view["phase"]
        label = t("phone.to_play", locale) if phase == "action" else t(f"alhambra_render.phase.{phase}", locale)
        head = (active, nm[active] if active is not None and active < len(nm) else "", label,
                t("alhambra_render.title", locale), "")
    pieces.append(P.header_piece(PALETTE, *head))
    lm = view["last_move"]
    if lm:
        known = {c["tile"]["id"]: c["tile"] for pv in pvs for c in pv["grid"]}
        known.update({tile["id"]: tile for pv in pvs for tile in (*pv["reserve"], *pv["bought"])})
        key = ("last", lm["seat"], nm[lm["seat"]] if lm["seat"] < len(nm) else "?", tuple(lm["spaces"]),
               tuple(tid for tid in lm["tiles"] if tid in known), tuple(tuple(c) for c in lm["cells"]),
               tuple((c["currency"], c["value"]) for c in lm["cards"]), locale)
        pieces.append(P.piece(PALETTE, key, lambda im, d: _last_move(im, d, view, nm, locale, 0)))
    if not res:
        pieces += _market_pieces(view, locale)
        pieces += _money_pieces(view, locale)
        active = view["active"]
        if active is not None and 0 <= active < len(pvs):
            pieces += _grid_pieces(view, pvs[active], nm[active], locale)
    rows: list[tuple[int, str, str, str]] = []
    order = list(range(len(pvs)))
    if res:
        gains = {r["who"]: r["total"] for r in (view["last_scoring"] or {"rows": []})["rows"]}
        order.sort(key=lambda s: -res["scores"][s])
        for s in order:
            g = gains.get(s)
            rows.append((s, nm[s], f"+{g}" if g else "", str(res["scores"][s])))
    else:
        for s in order:
            rows.append((s, nm[s], t("phone.cards", locale, n=pvs[s]["hand_count"]), str(pvs[s]["score"])))
    active_set = set(res["winners"]) if res else ({view["active"]} if view["active"] is not None else set())
    # at the end: the final scoring's gain (+66) beside each total, under that heading
    heading = (t("phone.alhambra.final_gain", locale) if res
               else f'{t("phone.standings", locale)} · {t("phone.turn", locale, n=view["turn"])}')
    pieces += P.standings_pieces(PALETTE, rows, active_set, locale, title=heading)[:-1]
    dirk = view["dirk"]
    if dirk is not None:
        score = str(res["dirk"] if res and res["dirk"] is not None else dirk["score"])
        pieces.append(P.piece(PALETTE, ("dirk", score, locale), lambda im, d: _dirk_row(im, d, score, locale)))
    return P.compose(PALETTE, pieces)


def phone_image(view: PublicView, names: Sequence[str], locale: str = "en") -> Image.Image:
    """:func:`phone_drawing` put together as a palette image."""
    return phone_drawing(view, names, locale).image()


def _dirk_row(img: Image.Image, d: ImageDraw.ImageDraw, score: str, locale: str) -> int:
    d.rectangle((P.PAD, 8, P.PAD + 30, 38), fill=player_colour(None))
    P.text(img, (P.PAD + 46, 23), t("alhambra_render.dirk", locale), 28, False, INK, "lm")
    P.text(img, (P.WIDTH - P.PAD, 23), score, 30, True, INK, "rm")
    return P.ROW_H


def encode(img: P.Drawing | Image.Image) -> bytes:
    return P.encode(img, PALETTE)
