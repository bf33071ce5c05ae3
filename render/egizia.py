"""Board images for Egizia.

Two entry points, both pure (safe in a worker thread):

* :func:`render_public` — the board everyone sees: round, phase and who must act,
  turn-order tiles, the Nile with its 20 spaces (cards by name, type and value, round
  spaces with their effect, the three construction sites with slots, substitutes, the
  N37 extra position and who has built), obelisk, pyramid, temple and the tomb row
  (bricks in the owner's colour and shape), the stone-sale and grain-market tracks, the
  water ring, deck sizes, the score track (arrival order on shared spaces, 50-point
  scarabs), every player's tableau and, once the game is over, the final result.
* :func:`render_private` — one player's hidden cards (Sphinx cards, cards being drawn)
  and anytime cards, with their own tableau; sent only to that player.

Both take the typed views of ``engines/egizia`` (:class:`engines.egizia.views.PublicView`,
:class:`~engines.egizia.views.PrivateView`; nothing else of the engine is read) and return PNG
bytes. Seats always carry a colour AND a shape; field colours also carry a letter, card types a
word. The static board (frames, fixed labels, round spaces) is drawn once per (players, locale)
and cached (:mod:`render.egizia_layout`); each render draws the game state on a copy, pasting
cached pieces (:mod:`render.egizia_pieces`). Text is drawn from cached glyph masks (see
:func:`render.egizia_pieces.tx`), which is about 4× faster than rendering it again on every call.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engines.egizia.views import (
    CardRef,
    DrawnSphinxView,
    FinalView,
    PrivateView,
    PublicView,
    RiverEntry,
    SiteView,
    TableauView,
)
from render.common import (
    INK,
    WHITE,
    encode_png,
    ink_for,
    paste_marker,
    player_colour,
    rgb,
    rounded_box,
)
from render.egizia_layout import (
    Layout,
    building_geo,
    right_geo,
    score_geo,
    static_board,
)
from render.egizia_pieces import (
    ALERT,
    BG,
    BUILDERS,
    CELL_W,
    FACE_H,
    FIELD_COLOURS,
    GAP,
    GOLD,
    HEAD_BG,
    HEAD_TEXT,
    HIDDEN,
    IRRIGATION,
    MARK,
    OK_GREEN,
    PANEL,
    SAND,
    SCARD_H,
    SCARD_W,
    SITE_EDGE,
    STONE_DARK,
    SUBTLE,
    TAB_W,
    TYPE_COLOURS,
    WATER,
    WATER_LIGHT,
    WIDTH,
    M,
    brick,
    builder_img,
    card_face,
    card_icon,
    card_name,
    cat,
    check_mark,
    chip,
    ellipsize,
    field_img,
    fit_size,
    light,
    quarry_img,
    scarab_icon,
    seat_names,
    ship_icon,
    site_name,
    sphinx_card_img,
    sphinx_name,
    sphinx_points,
    stone_icon,
    text_width,
    tr,
    tx,
    wrap,
)
from render.phone import mark_box

# --------------------------------------------------------------------------- constants




# river geometry
SHIP = 28  # ship marker size in the river






# --------------------------------------------------------------------------- text (cached masks)
















# --------------------------------------------------------------------------- small helpers


















# --------------------------------------------------------------------------- icons
















# --------------------------------------------------------------------------- layout












def _river_static(view: PublicView) -> tuple[tuple[int, str, str, str], ...]:
    """(index, kind, id, name) of the 20 spaces (the static layer is keyed on it)."""
    return tuple((e["index"], e["kind"], "", "") if e["kind"] == "card" else (e["index"], e["kind"], e["id"], e["name"])
                 for e in view["river"])


# --------------------------------------------------------------------------- static board




# --------------------------------------------------------------------------- river (dynamic)






def _draw_river(img: Image.Image, d: ImageDraw.ImageDraw, L: Layout, view: PublicView, locale: str) -> None:
    lm = view["last_move"]
    marked = set(lm["river"]) | {sid for sid, _ in lm.get("sites", [])} if lm else set()
    for e in view["river"]:
        x0, y0, x1, y1 = L.cell(e["index"])
        if e["index"] in marked or (e["kind"] == "site" and e["id"] in marked):  # the last move's ships (#20)
            mark_box(d, (x0 + 2, y0 + 2, x1 - 2, y1 - 2), 3)
        if e["kind"] == "site":
            _draw_site(img, d, (x0, y0, x1, y1), view["sites"][e["id"]], locale)
            continue
        if e["kind"] == "card" and e["card"] is not None:
            if _draw_card(img, d, (x0, y0, x1, y1), e, locale):
                continue
        elif e["kind"] == "card":
            tx(d, ((x0 + x1) / 2, y0 + 70), "—", 26, True, light(WATER, 0.2), "mm")
        _ships_row(img, e["ships"], (x0 + x1) / 2, y1 - SHIP / 2 - 6)


def _draw_card(img: Image.Image, d: ImageDraw.ImageDraw, box: Sequence[int], e: RiverEntry, locale: str) -> bool:
    """A Nile card in the river; with a value badge its ships go to the left of it (returns True then)."""
    assert e["kind"] == "card" and e["card"] is not None
    x0, y0, x1, y1 = box
    card = e["card"]
    v = card["value"]
    colour = card["color"] if card["color"] in FIELD_COLOURS else None
    face = card_face(card_name(card, locale), card["type"], "" if v is None else str(v), locale, colour)
    img.paste(face, (x0 + 4, y0 + 24))
    if v is None or str(v) == "":
        return False
    vs, tcol = str(v), TYPE_COLOURS.get(card["type"], SUBTLE)
    r = max(15, (text_width(vs, 20, True) + 10) / 2)
    bx, by = x1 - 6 - r, y0 + 24 + FACE_H - 2
    d.rounded_rectangle((bx - r, by - 15, bx + r, by + 15), radius=15, fill=WHITE, outline=tcol, width=3)
    tx(d, (bx, by), vs, 20, True, INK, "mm")
    _ships_row(img, e["ships"], (x0 + x1 - 2 * r - 8) / 2, y1 - SHIP / 2 - 6)
    return True


def _ships_row(img: Image.Image, ships: list[int], cx: float, cy: float, size: int = SHIP) -> None:
    step = size + 4
    x = cx - (len(ships) - 1) * step / 2
    for k, s in enumerate(ships):
        paste_marker(img, s, x + k * step, cy, size)


def _draw_site(img: Image.Image, d: ImageDraw.ImageDraw, box: Sequence[int], site: SiteView, locale: str) -> None:
    x0, y0, x1, _y1 = box
    slots = site["slots"]
    done = set(site["done"])
    extra = site["extra"]
    subs = site["substitutes"]
    n = len(slots) + (1 if extra is not None else 0)
    sw, gap = (32, 3) if n <= 3 else (26, 2)
    total = n * sw + (n - 1) * gap
    sx = (x0 + x1) / 2 - total / 2
    sy = y0 + 68
    for k, occ in enumerate(slots):
        bx = sx + k * (sw + gap)
        d.rectangle((bx, sy, bx + sw, sy + sw), fill=WHITE, outline=SITE_EDGE, width=2)
        if occ is None:
            tx(d, (bx + sw / 2, sy + sw / 2), str(k + 1), 17, True, STONE_DARK, "mm")
        else:
            paste_marker(img, occ, bx + sw / 2, sy + sw / 2, sw - 6)
            if occ in done:
                check_mark(d, bx + sw - 2, sy + 2, 8)
    if extra is not None:  # the N37 position after the last slot
        bx = sx + len(slots) * (sw + gap)
        d.rectangle((bx, sy, bx + sw, sy + sw), fill=light(GOLD, 0.5), outline=ALERT, width=2)
        paste_marker(img, extra, bx + sw / 2, sy + sw / 2, sw - 6)
        tx(d, (bx + sw / 2, sy + sw + 1), "+", 15, True, ALERT, "ma")
        if extra in done:
            check_mark(d, bx + sw - 2, sy + 2, 8)
    if subs:  # beside the site, first in line first
        ty = sy + sw + 4
        tx(d, (x0 + 6, ty), tr("subs", locale), fit_size(tr("subs", locale), CELL_W - 12, 16, 12, True), True, SUBTLE)
        ty += 19
        size = 22 if len(subs) <= 4 else 18
        step = size + 3
        per_row = max(1, int((CELL_W - 8) // step))
        for k, s in enumerate(subs[: per_row * 2]):
            r, c = divmod(k, per_row)
            cx = x0 + 6 + size / 2 + c * step
            cy = ty + size / 2 + r * step
            paste_marker(img, s, cx, cy, size)
            if s in done:
                check_mark(d, cx + size / 2 - 2, cy - size / 2 + 2, 6)


# --------------------------------------------------------------------------- buildings, tombs, tracks, ring


def _draw_buildings(img: Image.Image, d: ImageDraw.ImageDraw, L: Layout, view: PublicView) -> None:
    g = building_geo(L)
    for row in view["obelisk"]["rows"]:
        r = row["row"]
        y1 = g["ob_base"] - (r - 1) * (g["ob_fh"] + 2)
        for j, owner in enumerate(row["fields"][:2]):
            x0 = g["ob_x0"] + j * (g["ob_fw"] + 2)
            brick(img, d, (x0, y1 - g["ob_fh"], x0 + g["ob_fw"], y1), owner, str(row["value"]))
    bw, bh = g["py_bw"], g["py_bh"]
    for row in view["pyramid"]["rows"]:
        r = row["row"]
        y1 = g["py_base"] - (r - 1) * (bh + 2)
        xoff = g["py_x0"] + (r - 1) * (bw / 2)
        for j, owner in enumerate(row["fields"][: 7 - r]):
            x0 = xoff + j * bw
            brick(img, d, (x0 + 1, y1 - bh, x0 + bw - 1, y1), owner, str(row["value"]))
    fw, fh = g["te_fw"], g["te_fh"]
    for f in view["temple"]["fields"]:
        pos = _temple_pos(f["id"])
        if pos is None:
            continue
        col, r = pos
        y1 = g["te_base"] - r * (fh + 2)
        if col == 0:
            x0, x1 = g["te_x0"], g["te_x0"] + fw
        elif col == 2:
            x0, x1 = g["te_x1"] - fw, g["te_x1"]
        elif col == 3:
            x0, x1 = g["te_x0"], g["te_cx"] - 1
        else:
            x0, x1 = g["te_cx"] + 1, g["te_x1"]
        brick(img, d, (x0, y1 - fh, x1, y1), f["owner"], str(f["value"]))


def _temple_pos(fid: str) -> tuple[int, int] | None:
    """(column, row from the bottom) of a temple field: left pillar 0, right pillar 2, C/T halves 3 and 4."""
    if len(fid) != 2 or not fid[1].isdigit():
        return None
    k = int(fid[1])
    if fid[0] == "L" and 1 <= k <= 4:
        return 0, k - 1
    if fid[0] == "R" and 1 <= k <= 4:
        return 2, k - 1
    if fid[0] == "C" and k in (1, 2):
        return (3 if k == 1 else 4), 4
    if fid[0] == "T" and k in (1, 2):
        return (3 if k == 1 else 4), 5
    return None


def _draw_right(img: Image.Image, d: ImageDraw.ImageDraw, L: Layout, view: PublicView, locale: str) -> None:
    g = right_geo(L)
    rx, rw = L.right_x, L.right_w
    _draw_tombs(img, d, L, view)
    _draw_tracks(img, L, view)
    _draw_ring(d, L, view, locale)
    # decks
    dy = g["deck_y"]
    parts = [f"{k} ×{v}" for k, v in view["nile_decks"].items()]
    txt = tr("nile_decks", locale, decks="  ".join(parts))
    card_icon(d, rx + 22, dy + 11, 11, TYPE_COLOURS["permanent"])
    tx(d, (rx + 38, dy), ellipsize(txt, 18, False, rw / 2 + 60), 18)
    sx = rx + rw / 2 + 120
    card_icon(d, sx, dy + 11, 11, GOLD)
    tx(d, (sx + 16, dy), ellipsize(tr("sphinx_deck", locale, n=view["sphinx_deck"]), 18, False, rx + rw - sx - 24), 18)


def _draw_tombs(img: Image.Image, d: ImageDraw.ImageDraw, L: Layout, view: PublicView) -> None:
    """The tomb row: space 1 (at the Nile) on the left."""
    g = right_geo(L)
    rx = L.right_x
    tw, th = g["tomb_w"], g["tomb_h"]
    first_up = True
    for k, sp in enumerate(view["tombs"]["spaces"][:12]):
        x0, y0 = rx + 12 + k * (tw + 4), g["tomb_y"]
        box = (x0, y0, x0 + tw, y0 + th)
        val = sp["value"]
        owner = sp["owner"]
        if sp["state"] == "taken" or owner is not None:
            col = player_colour(owner)
            d.rectangle(box, fill=col, outline=INK, width=1)
            paste_marker(img, owner, x0 + tw / 2, y0 + 19, 26)
            if val is not None:
                tx(d, (x0 + tw / 2, y0 + th - 2), str(val), 17, True, ink_for(col), "md")
        elif sp["state"] == "face_up":
            d.rectangle(box, fill=WHITE, outline=INK, width=2)
            if first_up:  # the next tile to take
                d.rectangle((x0 - 3, y0 - 3, x0 + tw + 3, y0 + th + 3), outline=rgb("#d08c00"), width=4)
                first_up = False
            tx(d, (x0 + tw / 2, y0 + th / 2), str(val if val is not None else "?"), 28, True, INK, "mm")
        else:
            d.rectangle(box, fill=HIDDEN, outline=INK, width=1)
            tx(d, (x0 + tw / 2, y0 + th / 2), "?", 24, True, light(HIDDEN, 0.5), "mm")


def _draw_tracks(img: Image.Image, L: Layout, view: PublicView) -> None:
    """The markers on the stone-sale and grain-market tracks."""
    g = right_geo(L)
    for key, ty in (("stone_sale", g["ss_y"]), ("grain_market", g["gm_y"])):
        for k, seats in enumerate(view["tracks"][key]["markers"][:5]):
            bx = g["track_x"] + k * g["track_fw"]
            size = 24 if len(seats) <= 3 else 20
            step = size + 2
            x = bx + (g["track_fw"] - 4) / 2 - (len(seats) - 1) * step / 2
            for j, s in enumerate(seats):
                paste_marker(img, s, x + j * step, ty + 42, size)


def _draw_ring(d: ImageDraw.ImageDraw, L: Layout, view: PublicView, locale: str) -> None:
    """The water ring's three positions and the colours each waters."""
    g = right_geo(L)
    rx, rw = L.right_x, L.right_w
    ring = view["ring"]
    positions = view["ring_positions"]
    y = g["ring_y"]
    px0 = g["track_x"]
    pw = (rx + rw - 12 - px0) / max(1, len(positions))
    for k, pos in enumerate(positions):
        bx = px0 + k * pw
        active = pos == ring
        d.rounded_rectangle((bx, y, bx + pw - 6, y + 40), radius=8, fill=WATER_LIGHT if active else SAND,
                            outline=WATER if active else STONE_DARK, width=4 if active else 1)
        for j, c in enumerate(IRRIGATION.get(pos, ())):
            cx = bx + 22 + j * 30
            d.rectangle((cx - 12, y + 8, cx + 12, y + 32), fill=FIELD_COLOURS[c], outline=INK)
            tx(d, (cx, y + 20), tr(f"field_letter.{c}", locale), 14, True, ink_for(FIELD_COLOURS[c]), "mm")
        if active:
            d.ellipse((bx + pw - 42, y + 6, bx + pw - 14, y + 34), outline=WATER, width=5)
    if ring in IRRIGATION:
        txt = tr(f"ring_pos.{ring}", locale)
        tx(d, (rx + 12, y + 26), txt, fit_size(txt, px0 - rx - 18, 17, 13), False, SUBTLE)


# --------------------------------------------------------------------------- score track


def _draw_score(img: Image.Image, d: ImageDraw.ImageDraw, L: Layout, view: PublicView, names: list[str],
                locale: str) -> None:
    g = score_geo(L)
    st = view["score_track"]
    every = st["scarab_every"]
    tabs = view["tableaux"]
    stacks: dict[int, int] = {}
    for sp in st["spaces"]:
        score = sp["score"]
        pos = -1 if score < 0 else score % every
        cx = g["neg_x"] + g["neg_w"] / 2 if score < 0 else g["x0"] + pos * g["cw"] + g["cw"] / 2
        for s in sp["players"]:  # first to arrive nearest the track
            k = stacks.get(pos, 0)
            stacks[pos] = k + 1
            if k >= L.stack:
                continue
            cy = g["strip_y"] - MARK / 2 - 2 - k * (MARK - 1)
            paste_marker(img, s, cx, cy, MARK)
            if score >= every:
                scarab_icon(d, cx + MARK / 2, cy - MARK / 2 + 4, 5)
    order = st["order"]
    x = M + 14 + text_width(tr("order", locale), 18, True) + 12
    y = g["order_y"]
    slot = (WIDTH - M - 10 - x) / max(1, len(order))
    for rank, s in enumerate(order):
        score = tabs[s]["score"]
        sc = tabs[s]["scarabs"]
        bx = x + rank * slot
        tx(d, (bx, y), f"{rank + 1}.", 18, True)
        paste_marker(img, s, bx + 36, y + 11, 24)
        label = str(score)
        tail = text_width(label, 18, True) + (text_width(f"×{sc}", 16, True) + 30 if sc else 0)
        nm = ellipsize(names[s] if s < len(names) else "?", 18, False, max(24, slot - 56 - tail - 16))
        tx(d, (bx + 52, y), nm, 18)
        lx = bx + 52 + text_width(nm, 18) + 8
        tx(d, (lx, y), label, 18, True)
        if sc:
            sx = lx + text_width(label, 18, True) + 12
            scarab_icon(d, sx, y + 11, 7)
            tx(d, (sx + 9, y + 2), f"×{sc}", 16, True, SUBTLE)


# --------------------------------------------------------------------------- header


def _draw_header(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, names: list[str], locale: str) -> None:
    rnd = view["round"]
    phase = view["phase"]
    x = M + text_width(tr("title", locale), 32, True) + 24
    head = tr("round", locale, n=rnd, of=5)
    tx(d, (x, 8), head, 22, True, WHITE)
    if phase:
        tx(d, (x + text_width(head, 22, True) + 14, 8), tr(f"phase.{phase}", locale), 22, False, HEAD_TEXT)
    # who must act
    pend = view["pending"]
    y = 38
    order = view["turn_order"]
    tw = 64
    tiles_x = WIDTH - M - len(order) * (tw + 6) + 6
    limit = tiles_x - 24
    fin = view["final"]
    if fin is not None and fin["winners"]:
        wn = [names[s] for s in fin["winners"] if s < len(names)]
        wt = tr("winner" if len(wn) == 1 else "winners", locale, names=", ".join(wn))
        tx(d, (x, y), ellipsize("★ " + wt, 19, True, limit - x), 19, True, GOLD)
    elif phase == "over":
        tx(d, (x, y), tr("game_over", locale), 19, True, GOLD)
    elif pend is not None and pend["seats"]:
        kind = pend["kind"]
        lead = tr("waiting", locale)
        tx(d, (x, y), lead, 19, False, HEAD_TEXT)
        px = x + text_width(lead, 19) + 8
        seats = pend["seats"]
        for s in seats:
            if px > limit - 60:
                tx(d, (px, y), "…", 19, True, WHITE)
                px += 20
                break
            paste_marker(img, s, px + 11, y + 11, 22)
            nm = ellipsize(names[s] if s < len(names) else "?", 19, True, 220 if len(seats) == 1 else 110)
            tx(d, (px + 26, y), nm, 19, True, WHITE)
            px += 26 + text_width(nm, 19, True) + 12
        what = tr(f"pending.{kind}", locale) if kind else ""
        if what.startswith("egizia_render."):
            what = ""
        if what and px < limit - 40:
            tx(d, (px, y), ellipsize("— " + what, 19, False, limit - px), 19, False, HEAD_TEXT)
    # turn-order tiles
    if order:
        tx(d, (tiles_x - 10, 24), tr("turn_order", locale), 18, True, HEAD_TEXT, "ra")
    for k, s in enumerate(order):
        bx = tiles_x + k * (tw + 6)
        rounded_box(d, (bx, 11, bx + tw, 57), 6, fill=SAND, outline=GOLD, width=2)
        tx(d, (bx + 16, 34), str(k + 1), 24, True, INK, "mm")
        paste_marker(img, s, bx + 44, 34, 28)


# --------------------------------------------------------------------------- tableaux

TAB_HEAD = 48
TAB_INFO = 36
TAB_BUILDERS = 58
LINE_H = 36
LABEL_W = 112






def _item_text(kind: str, item: Mapping[str, Any], locale: str, maxw: float) -> str:
    name = card_name(item, locale)
    if kind == "perm" and item["used_this_round"]:
        name = "✓ " + name
    elif kind == "in_force":
        name = "★ " + name
    elif kind == "anytime":
        name = "⚡ " + name
    return ellipsize(name, 18, False, maxw - 16)


def _item_w(kind: str, item: Mapping[str, Any], locale: str, maxw: float) -> float:
    if kind == "field":
        return 78 + (20 if item["improvers"] else 0)
    if kind == "quarry":
        return 58
    return text_width(_item_text(kind, item, locale, maxw), 18) + 16


Item = Mapping[str, Any]  # a field, quarry or card view of a tableau


def _tableau_rows(tab: TableauView, locale: str) -> list[tuple[str, list[list[tuple[str, Item, float]]]]]:
    """The wrapped item rows below the builders: (label key, lines of (kind, item, width))."""
    fields = tab["fields"]
    quarries = tab["quarries"]
    skip = {f["id"] for f in fields} | {q["id"] for q in quarries}
    cards: list[tuple[str, Item]] = [("perm", p) for p in tab["permanents"] if p["id"] not in skip]
    cards += [("anytime", c) for c in tab["anytime"]]
    cards += [("in_force", c) for c in tab["in_force"]]
    production: list[tuple[str, Item]] = [("field", f) for f in fields] + [("quarry", q) for q in quarries]
    groups = [("production", production), ("cards", cards)]
    avail = TAB_W - 24 - LABEL_W
    out = []
    for label, items in groups:
        lines: list[list[tuple[str, Item, float]]] = [[]]
        x = 0.0
        for kind, item in items:
            iw = _item_w(kind, item, locale, avail)
            if lines[-1] and x + iw > avail:
                lines.append([])
                x = 0.0
            lines[-1].append((kind, item, iw))
            x += iw + 6
        out.append((label, lines))
    return out


def _tableau_height(tab: TableauView, locale: str) -> int:
    h = TAB_HEAD + TAB_INFO + TAB_BUILDERS + 8
    for _, lines in _tableau_rows(tab, locale):
        h += max(1, len(lines)) * LINE_H
    if tab["cooperated"]:
        h += 28
    return h + 6


def _draw_tableau(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, h: float, tab: TableauView, seat: int,
                  name: str, locale: str, view: PublicView, acting: bool = False) -> None:
    w = TAB_W
    col = player_colour(seat)
    rounded_box(d, (x, y, x + w, y + h), 10, fill=PANEL, outline=col, width=5 if acting else 3)
    d.rounded_rectangle((x + 3, y + 3, x + w - 3, y + TAB_HEAD), radius=8, fill=light(col, 0.78))
    paste_marker(img, seat, x + 26, y + 26, 32)
    _tableau_band(img, d, x, y, tab, seat, name, locale, view["phase"], acting)
    _tableau_info(d, x, y + TAB_HEAD + 8, tab, locale)
    # builders (colour + name; used ones faded, struck through and labelled)
    yb = y + TAB_HEAD + TAB_INFO + 2
    bxw = (w - 28 - 3 * 8) // 4
    bx = x + 14
    builders = {b["id"]: b for b in tab["builders"]}
    for bid in BUILDERS:
        b = builders[bid]
        img.paste(builder_img(bid, b["strength"], b["used"], bxw, locale), (round(bx), round(yb)))
        bx += bxw + 8
    # production (fields, quarries) and cards (permanent, anytime, in force)
    yy = yb + TAB_BUILDERS
    for label, lines in _tableau_rows(tab, locale):
        lab = tr(label, locale)
        tx(d, (x + 14, yy + 6), lab, fit_size(lab, LABEL_W - 8, 18, 12, True), True, SUBTLE)
        if not lines[0]:
            tx(d, (x + 14 + LABEL_W, yy + 4), "—", 18, False, SUBTLE)
        for line in lines:
            ix = x + 14 + LABEL_W
            for kind, item, iw in line:
                _draw_item(img, d, ix, yy, kind, item, iw, locale)
                ix += iw + 6
            yy += LINE_H
    if tab["cooperated"]:
        txt = tr("cooperated", locale, sites=", ".join(site_name(c, locale) for c in tab["cooperated"]))
        tx(d, (x + 14, yy + 3), ellipsize(txt, 18, False, w - 28), 18, False, SUBTLE)


def _tableau_band(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, tab: TableauView, seat: int,
                  name: str, locale: str, phase: str, acting: bool) -> None:
    """The name band: name (▶ when acting), then from the right score, scarabs, tile and 'passed'."""
    col = player_colour(seat)
    sc_txt = tr("vp", locale, n=tab["score"])
    rx = x + TAB_W - 12 - text_width(sc_txt, 22, True)
    tx(d, (rx, y + 13), sc_txt, 22, True)
    if tab["scarabs"]:
        st = f"×{tab['scarabs']}"
        rx -= text_width(st, 17, True) + 30
        scarab_icon(d, rx + 10, y + 25, 9)
        tx(d, (rx + 22, y + 16), st, 17, True)
    tt = tr("tile", locale, n=tab["tile"])
    tw = round(text_width(tt, 18, True) + 16)
    rx -= tw + 12
    chip(img, rx, y + 11, tt, SAND, 18, True, GOLD, 28, light(col, 0.78))
    if tab["passed"] and phase in ("sail", "leftover"):
        pt = tr("passed", locale)
        pw = round(text_width(pt, 17, True) + 16)
        rx -= pw + 10
        chip(img, rx, y + 12, pt, SUBTLE, 17, True, SUBTLE, 26, light(col, 0.78))
    nx = x + 48
    if acting:
        d.polygon([(nx, y + 16), (nx + 12, y + 25), (nx, y + 34)], fill=INK)
        nx += 18
    tx(d, (nx, y + 12), ellipsize(name, 23, True, rx - nx - 10), 23, True)


def _tableau_info(d: ImageDraw.ImageDraw, x: float, y2: float, tab: TableauView, locale: str) -> None:
    """The info line: stones, ships, Sphinx cards, feeding, tombs (as many as fit)."""
    cx = x + 14
    parts: list[tuple[str, str, bool]] = [
        ("stone", tr("stones", locale, n=tab["stones"], max=25), True),
        ("ship", tr("ships", locale, n=tab["ships"]), False),
        ("sphinx", tr("sphinx_cards", locale, n=tab["sphinx_count"]), False),
        ("grain", tr("feed", locale, grain=tab["grain_now"], need=tab["need"]), False),
    ]
    tombs = tab["tomb_tiles"]
    if tombs:
        parts.append(("tomb", tr("tombs_held", locale, n=len(tombs), total=sum(tombs)), False))
    right_limit = x + TAB_W - 10
    for icon, txt, bold in parts:
        tw = text_width(txt, 19, bold)
        if cx + 24 + tw > right_limit:
            break
        _INFO_ICONS[icon](d, cx, y2)
        tx(d, (cx + 23, y2 + 1), txt, 19, bold)
        cx += 23 + tw + 14


_INFO_ICONS: dict[str, Callable[[ImageDraw.ImageDraw, float, float], None]] = {
    "stone": lambda d, cx, y2: stone_icon(d, cx + 9, y2 + 12, 9),
    "ship": lambda d, cx, y2: ship_icon(d, cx + 10, y2 + 9, 10),
    "sphinx": lambda d, cx, y2: card_icon(d, cx + 9, y2 + 12, 11, GOLD),
    "tomb": lambda d, cx, y2: d.rectangle((cx + 1, y2 + 3, cx + 17, y2 + 21), fill=HIDDEN),
    "grain": lambda d, cx, y2: d.ellipse((cx + 2, y2 + 4, cx + 16, y2 + 20), fill=FIELD_COLOURS["yellow_green"],
                                         outline=INK),
}








def _draw_item(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, kind: str, item: Item, iw: float,
               locale: str) -> None:
    pos = (round(x), round(y))
    if kind == "field":
        im = field_img(item["effective_color"], item["color"], item["grain"], len(item["improvers"]),
                        item["watered"], round(iw), locale)
        img.paste(im, pos)
        return
    if kind == "quarry":
        img.paste(quarry_img(item["stones"], round(iw)), pos)
        return
    text = _item_text(kind, item, locale, TAB_W - 24 - LABEL_W)
    if kind == "perm":
        fill = light(TYPE_COLOURS["permanent"], 0.85 if item["used_this_round"] else 0.55)
        chip(img, x, y, text, fill, 18, False, TYPE_COLOURS["permanent"])
    elif kind == "in_force":
        chip(img, x, y, text, GOLD, 18, False, TYPE_COLOURS["anytime"])
    else:
        chip(img, x, y, text, light(TYPE_COLOURS["anytime"], 0.6), 18, False, TYPE_COLOURS["anytime"])


# --------------------------------------------------------------------------- final result


FINAL_TEXT_X = M + 400
FINAL_TEXT_W = WIDTH - M - 14 - FINAL_TEXT_X


def _final_rows(fin: FinalView, locale: str) -> list[tuple[int, tuple[str, ...], str, int]]:
    """Per seat, best first: (seat, wrapped scoring lines, Sphinx cards not in the lines, row height)."""
    scores = fin["scores"]
    out = []
    for s in sorted(range(len(scores)), key=lambda s: -scores[s]):
        parts, whats = [], set()
        for seat, what, vp in fin["lines"]:
            if seat == s:
                whats.add(what)
                parts.append(f"{_what_name(what, locale)} {vp:+d}")
        lines = wrap(" · ".join(parts), 18, False, FINAL_TEXT_W, 3) if parts else ()
        rev = [c for c in fin["sphinx_revealed"][str(s)] if c not in whats]
        rtxt = tr("sphinx_revealed", locale, cards=", ".join(sphinx_name(c, locale) for c in rev)) if rev else ""
        out.append((s, lines, rtxt, max(30, 22 * len(lines)) + (24 if rtxt else 0) + 10))
    return out


def _final_height(view: PublicView, locale: str = "en") -> int:
    fin = view["final"]
    if fin is None:
        return 0
    return 50 + sum(r[3] for r in _final_rows(fin, locale)) + 4


def _what_name(what: str, locale: str) -> str:
    if what in ("stone_sale", "tombs"):
        return cat(f"egizia.final.{what}", locale, tr(f"final_{what}", locale))
    return sphinx_name(what, locale)


def _draw_final(img: Image.Image, d: ImageDraw.ImageDraw, y: float, fin: FinalView, h: int, names: list[str],
                locale: str) -> None:
    rounded_box(d, (M, y, WIDTH - M, y + h), 10, fill=rgb("#fff6d8"), outline=GOLD, width=3)
    tx(d, (M + 14, y + 10), tr("final", locale), 22, True)
    scores = fin["scores"]
    winners = set(fin["winners"])
    wn = [names[s] for s in sorted(winners) if s < len(names)]
    if wn:
        wt = tr("winner" if len(wn) == 1 else "winners", locale, names=", ".join(wn))
        x = M + 30 + text_width(tr("final", locale), 22, True)
        tx(d, (x, y + 12), ellipsize("★ " + wt, 20, True, WIDTH - M - 20 - x), 20, True, OK_GREEN)
    yy = y + 48
    for s, lines, rtxt, rh in _final_rows(fin, locale):
        paste_marker(img, s, M + 30, yy + 14, 26)
        tx(d, (M + 50, yy + 3), ellipsize(names[s] if s < len(names) else "?", 20, True, 230), 20, True)
        vp = tr("vp", locale, n=scores[s])
        tx(d, (M + 300, yy + 3), vp, 20, True)
        if s in winners:
            tx(d, (M + 306 + text_width(vp, 20, True), yy + 2), "★", 22, True, GOLD)
        for k, ln in enumerate(lines):
            tx(d, (FINAL_TEXT_X, yy + 4 + 22 * k), ln, 18)
        if rtxt:
            ry = yy + max(30, 22 * len(lines)) + 2
            tx(d, (M + 50, ry), ellipsize(rtxt, 17, False, WIDTH - 2 * M - 70), 17, False, SUBTLE)
        yy += rh


# --------------------------------------------------------------------------- public entry point


def _compose(view: PublicView, names: list[str], locale: str) -> Image.Image:
    tabs = view["tableaux"]
    n = view["players"]
    L = Layout(n)
    base = static_board(n, locale, _river_static(view))
    heights = [_tableau_height(tb, locale) for tb in tabs]
    pairs = [max(heights[i:i + 2]) for i in range(0, len(heights), 2)]
    fh = _final_height(view, locale)
    total = L.board_h + (fh + GAP if fh else 0) + sum(h + GAP for h in pairs) + M - GAP
    img = Image.new("RGB", (WIDTH, max(total, L.board_h)), BG)
    img.paste(base, (0, 0))
    d = ImageDraw.Draw(img)
    _draw_header(img, d, view, names, locale)
    _draw_river(img, d, L, view, locale)
    _draw_buildings(img, d, L, view)
    _draw_right(img, d, L, view, locale)
    _draw_score(img, d, L, view, names, locale)
    y = L.board_h
    if view["final"] is not None:
        _draw_final(img, d, y, view["final"], fh, names, locale)
        y += fh + GAP
    pend = view["pending"]
    acting = set(pend["seats"]) if pend is not None else set()
    for k, tb in enumerate(tabs):
        row, colm = divmod(k, 2)
        seat = tb["seat"]
        _draw_tableau(img, d, M + colm * (TAB_W + GAP), y + sum(h + GAP for h in pairs[:row]), pairs[row], tb, seat,
                      names[seat] if seat < len(names) else "?", locale, view, seat in acting)
    return img


def render_public_image(view: PublicView, names: Sequence[str], locale: str = "en") -> Image.Image:
    """The public board as a PIL image (see :func:`render_public`)."""
    return _compose(view, seat_names(list(names), view["players"], locale), locale)


def render_public(view: PublicView, names: list[str], locale: str = "en") -> bytes:
    """PNG of the public board. Only ``view`` (the public view, which holds no secret) is drawn."""
    return encode_png(render_public_image(view, names, locale))


# --------------------------------------------------------------------------- private view

PRIV_W = 2 * M + TAB_W  # narrow: it is read on a phone in an ephemeral reply






def _chip_lines(anytime: list[CardRef], playable: set[str], locale: str) -> list[list[tuple[str, int, bool]]]:
    """The anytime cards as wrapped chips: (text, width, playable now)."""
    lines: list[list[tuple[str, int, bool]]] = [[]]
    cx = 0.0
    for c in anytime:
        now = c["id"] in playable
        txt = ellipsize(("▶ " if now else "") + card_name(c, locale), 19, True, TAB_W - 40)
        cw = round(text_width(txt, 19, True) + 16)
        if lines[-1] and cx + cw > TAB_W:
            lines.append([])
            cx = 0.0
        lines[-1].append((txt, cw, now))
        cx += cw + 8
    return lines


def _grid_h(k: int) -> int:
    return ((k + 1) // 2) * (SCARD_H + 10)


def _sphinx_grid(img: Image.Image, y: float, cards: Sequence[DrawnSphinxView], locale: str, drawing: bool) -> None:
    for k, c in enumerate(cards):
        r, col = divmod(k, 2)
        im = sphinx_card_img(sphinx_name(c, locale), c["scope"], sphinx_points(c, locale), locale, drawing)
        img.paste(im, (M + col * (SCARD_W + 10), round(y) + r * (SCARD_H + 10)))


def render_private(public_view: PublicView, private_view: PrivateView, names: list[str], locale: str = "en") -> bytes:
    """PNG of one player's hidden cards and anytime cards, with their tableau (only for that player)."""
    priv = private_view["private"]
    view = public_view
    seat = priv["seat"]
    names = seat_names(names, view["players"], locale)
    sphinx, drawing = priv["sphinx"], priv["drawing"]
    playable = {a.split()[1] for a in priv["playable_now"] if len(a.split()) > 1 and a.split()[0] == "play"}
    tab = view["tableaux"][seat]
    chip_lines = _chip_lines(priv["anytime"], playable, locale)
    any_now = any(now for line in chip_lines for _, _, now in line)
    th = _tableau_height(tab, locale)
    h = 78 + 38 + max(_grid_h(len(sphinx)), 36) + 8
    if drawing:
        h += 38 + _grid_h(len(drawing)) + 8
    h += 38 + max(1, len(chip_lines)) * 42 + 8 + (24 if any_now else 0)
    h += th + GAP + M
    img = Image.new("RGB", (PRIV_W, h), BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, PRIV_W, 70), fill=HEAD_BG)
    paste_marker(img, seat, M + 20, 35, 36)
    who = names[seat]
    title = tr("private_title", locale, name=who)
    tx(d, (M + 48, 8), ellipsize(title, 24, True, PRIV_W - M - 60), 24, True, GOLD)
    sub = tr("round", locale, n=view["round"], of=5) + "  ·  " + tr(f"phase.{view['phase']}", locale)
    tx(d, (M + 48, 40), ellipsize(sub, 19, False, PRIV_W - M - 60), 19, False, HEAD_TEXT)
    y = 80
    tx(d, (M, y), tr("your_sphinx", locale, n=len(sphinx)), 22, True)
    y += 36
    if not sphinx:
        tx(d, (M + 4, y + 4), tr("none", locale), 19, False, SUBTLE)
    _sphinx_grid(img, y, sphinx, locale, False)
    y += max(_grid_h(len(sphinx)), 36) + 8
    if drawing:
        tx(d, (M, y), ellipsize(tr("drawing", locale), 22, True, TAB_W), 22, True, ALERT)
        y += 36
        _sphinx_grid(img, y, drawing, locale, True)
        y += _grid_h(len(drawing)) + 8
    tx(d, (M, y), tr("your_anytime", locale, n=len(priv["anytime"])), 22, True)
    y += 38
    if not priv["anytime"]:
        tx(d, (M + 4, y + 4), tr("none", locale), 19, False, SUBTLE)
    for line in chip_lines:
        x = M
        for txt, cw, now in line:
            fill = GOLD if now else light(TYPE_COLOURS["anytime"], 0.6)
            chip(img, x, y, txt, fill, 19, True, TYPE_COLOURS["anytime"], 34, BG)
            x += cw + 8
        y += 42
    if any_now:
        tx(d, (M, y - 2), ellipsize(tr("playable_hint", locale), 17, False, TAB_W), 17, False, SUBTLE)
        y += 24
    _draw_tableau(img, d, M, y + 8, th, tab, seat, who, locale, view)
    return encode_png(img)
