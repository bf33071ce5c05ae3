"""Egizia's phone-first image (issue #20): whose turn, what just changed, the Nile with its cards and the
building sites (what ships still choose from), and the standings, every text at least 20 px, 800 px wide."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from engines.egizia.views import PublicView

from . import phone as P
from .common import INK, WHITE, Colour, mix, player_colour, text_length
from .egizia_pieces import GOLD, SITE_BG, SITE_EDGE, WATER, WATER_LIGHT, card_name
from .i18n import t

COLOURS: tuple[Colour, ...] = P.base_colours((GOLD, SITE_BG, SITE_EDGE, WATER, WATER_LIGHT, P.MARK_EDGE))
GROUNDS: tuple[Colour, ...] = (*P.GROUNDS, WATER_LIGHT, SITE_BG)
PALETTE: P.Palette = (COLOURS, GROUNDS)
ROW = 84
COL_W = (P.WIDTH - 2 * P.PAD - 16) // 2


def _entry_text(e: Mapping[str, Any], locale: str) -> tuple[str, str]:
    if e["kind"] == "card":
        card = e.get("card")
        if card is None:
            return t("phone.egizia.taken", locale), ""
        return card_name(card, locale), t(f"egizia_render.type.{card['type']}", locale)
    if e["kind"] == "round":
        return t(f"egizia.space.{e['id']}", locale), t(f"egizia_render.space.{e['id']}", locale)
    return t(f"egizia_render.site.{e['id']}", locale), ""


def _wrap(label: str, size: int, bold: bool, width: float, max_lines: int) -> list[str]:
    """``label`` in at most ``max_lines`` lines of ``width`` (words kept whole; a longer one is cut)."""
    if max_lines <= 0:
        return []
    return P.wrap_words(label, size, bold, width, max_lines)


def _ships(img: Image.Image, seats: Sequence[int], x_right: float, cy: float) -> float:
    x = x_right
    for s in reversed(list(seats)):
        x -= 34
        P.seat_marker(img, s, x, cy - 15, 30)
    return x


def _nile_rows(view: PublicView) -> list[list[Mapping[str, Any]]]:
    river: list[Mapping[str, Any]] = list(view["river"])
    half = (len(river) + 1) // 2
    return [[river[r]] + ([river[r + half]] if r + half < len(river) else []) for r in range(half)]


def _entry_key(view: PublicView, e: Mapping[str, Any], marked: bool) -> tuple[Any, ...]:
    if e["kind"] == "site":
        sv = view["sites"][e["id"]]
        return (e["index"], "site", e["id"], tuple(sv["slots"]), tuple(sv["substitutes"]), marked)
    card = e.get("card")
    return (e["index"], e["kind"], e.get("id") or (card["id"] if card else None), tuple(e.get("ships", [])), marked)


def _marked(view: PublicView, e: Mapping[str, Any]) -> bool:
    lm = view["last_move"]
    if not lm:
        return False
    if e["kind"] == "site":
        return any(s == e["id"] for s, _ in lm.get("sites", []))
    return e["index"] in lm["river"]


#: a Nile row's two boxes: each column's entry with its mark (which reaches 3 px beyond the entry) in its half
BOX_W = P.WIDTH // 2


def _nile_entry(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, e: Mapping[str, Any], locale: str,
                x: int) -> int:
    """One entry of the Nile (a card, a round space or a building site) at ``x``, marked if the last move was
    there."""
    top = 0
    site = e["kind"] == "site"
    taken = e["kind"] == "card" and e.get("card") is None
    fill = SITE_BG if site else (P.BG if taken else (P.CARD_BG if e["kind"] == "card" else WATER_LIGHT))
    d.rounded_rectangle((x, top + 2, x + COL_W, top + ROW - 4), 8, fill=fill,
                        outline=SITE_EDGE if site else P.EDGE, width=2)
    cy = top + (ROW - 2) // 2
    d.ellipse((x + 6, cy - 20, x + 46, cy + 20), fill=WATER)
    P.text(img, (x + 26, cy), str(e["index"]), 22, True, WHITE, "mm")
    if site:  # the name above, the slots (taken: the ship; free: an empty ring) and the ships beside below
        sv = view["sites"][e["id"]]
        P.text(img, (x + 54, top + 12), _entry_text(e, locale)[0], 22, True, INK, max_width=COL_W - 60)
        sx = x + 54
        for s in [*sv["slots"], *sv["substitutes"]]:
            if sx + 26 > x + COL_W - 4:
                break
            if s is None:
                d.ellipse((sx + 1, top + 45, sx + 23, top + 67), outline=SITE_EDGE, width=3)
            else:
                P.seat_marker(img, s, sx, top + 44, 24)
            sx += 28
        if _marked(view, e):
            P.mark_box(d, (x + 3, top + 5, x + COL_W - 3, top + ROW - 7), 4)
        return ROW
    seats = list(e.get("ships", []))
    right = _ships(img, seats, x + COL_W - 6, top + ROW / 2 - 1) if seats else x + COL_W - 6
    name, sub = _entry_text(e, locale)
    w = right - (x + 54) - 6
    lines = [(line, 22, True) for line in _wrap(name, 22, True, w, 2)]
    lines += [(line, 20, False) for line in _wrap(sub, 20, False, w, 3 - len(lines))] if sub else []
    ly = top + (ROW - 4 - sum(26 if b else 23 for _, _, b in lines)) / 2
    for line, size, bold in lines:
        P.text(img, (x + 54, ly), line, size, bold, (INK if not taken else P.SUBTLE) if bold else P.SUBTLE,
               max_width=w)
        ly += 26 if bold else 23
    if _marked(view, e):
        P.mark_box(d, (x + 3, top + 5, x + COL_W - 3, top + ROW - 7), 4)
    return ROW


FIELD = 46


def _current_site(view: PublicView) -> str | None:
    """The site being built now (build phase): the first, in build order, with a ship yet to build."""
    if view["phase"] != "build":
        return None
    for sid, site in sorted(view["sites"].items(), key=lambda kv: kv[1]["build_order"]):
        waiting = [s for s in site["slots"] if s is not None] + list(site["substitutes"])
        if any(s not in site["done"] for s in waiting):
            return sid
    return None


def _field(img: Image.Image, d: ImageDraw.ImageDraw, x: float, y: float, owner: int | None, value: int | None,
           marked: bool) -> None:
    d.rectangle((x, y, x + FIELD - 4, y + FIELD - 4), fill=P.CARD_BG, outline=P.EDGE, width=2)
    if owner is not None:
        P.seat_marker(img, owner, x + 5, y + 5, FIELD - 14)
    elif value is not None:
        P.text(img, (x + (FIELD - 4) / 2, y + (FIELD - 4) / 2), str(value), 20, True, P.SUBTLE, "mm")
    if marked:
        P.mark_box(d, (x, y, x + FIELD - 4, y + FIELD - 4), 3)


def _site_panel(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, sid: str, locale: str) -> int:
    """The site being built: who builds there (✓ done), and its buildings' fields with their owners."""
    site = view["sites"][sid]
    y = P.section_title(img, 0, t("phone.egizia.building", locale, site=t(f"egizia_render.site.{sid}", locale)))
    x: float = P.PAD
    for s in [*site["slots"], *site["substitutes"]]:
        if s is None:
            continue
        P.seat_marker(img, s, x, y + 2, 32)
        if s in site["done"]:
            P.text(img, (x + 36, y + 18), "✓", 24, True, INK, "lm")
        x += 66
    y += 46
    lm = view["last_move"]
    marks = {("obelisk", r, f) for r, f in lm["obelisk"]} | {("pyramid", r, f) for r, f in lm["pyramid"]} if lm else set()
    temple_marks = set(lm["temple"]) if lm else set()
    tomb_marks = set(lm["tombs"]) if lm else set()
    if sid == "obelisk_tombs":
        for i, row in enumerate(view["obelisk"]["rows"]):  # row 1 at the left, its two fields one above the other
            for f, owner in enumerate(row["fields"]):
                _field(img, d, P.PAD + i * FIELD, y + f * FIELD, owner, row["value"], ("obelisk", row["row"], f) in marks)
        y += 2 * FIELD + 12
        for j, sp in enumerate(view["tombs"]["spaces"]):
            xx = P.PAD + (j % 12) * (FIELD + 16)
            if xx + FIELD > P.WIDTH - P.PAD:
                break
            _field(img, d, xx, y, sp["owner"], sp["value"] if sp["state"] == "face_up" else None,
                   sp["space"] in tomb_marks)
        y += FIELD + 12
    elif sid == "pyramid_temple":
        rows = view["pyramid"]["rows"]
        width = max(len(r["fields"]) for r in rows) * FIELD
        for k, row in enumerate(reversed(rows)):  # the top row first
            n = len(row["fields"])
            x0 = P.PAD + (width - n * FIELD) / 2
            for f, owner in enumerate(row["fields"]):
                _field(img, d, x0 + f * FIELD, y + k * FIELD, owner, row["value"], ("pyramid", row["row"], f) in marks)
        tx = P.PAD + width + 40
        fields = view["temple"]["fields"]
        per = max(1, (P.WIDTH - P.PAD - tx) // FIELD)
        for k, fl in enumerate(fields):
            _field(img, d, tx + (k % per) * FIELD, y + (k // per) * FIELD, fl["owner"], fl["value"],
                   fl["id"] in temple_marks)
        y += max(len(rows), (len(fields) + per - 1) // per) * FIELD + 12
    else:
        P.text(img, (P.PAD, y), t("egizia_render.sphinx_deck", locale, n=view["sphinx_deck"]), 24, False, INK)
        y += 40
    return y + 6


def _last_move(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, nm: list[str], locale: str, y: int) -> int:
    lm = view["last_move"]
    if not lm:
        return y
    seat = lm["seat"]
    P.last_move_title(img, seat, nm, locale, y)
    y += 42
    chips = [t("phone.egizia.river", locale, n=i) for i in lm["river"]]
    chips += [f"{t(f'egizia_render.site.{s}', locale)} · {t('phone.egizia.slot', locale, n=k + 1)}" for s, k in lm.get("sites", [])]
    chips += [t("phone.egizia.obelisk", locale, n=r) for r, _ in lm["obelisk"]]
    chips += [t("phone.egizia.pyramid", locale, n=r) for r, _ in lm["pyramid"]]
    chips += [t("phone.egizia.temple", locale, field=f) for f in lm["temple"]]
    chips += [t("phone.egizia.tomb", locale, n=n) for n in lm["tombs"]]
    if not chips:
        return y
    x: float = P.PAD
    colour = mix(player_colour(seat), WHITE, 0.72)
    for c in chips:
        label, size = P.fit(c, 22, True, P.WIDTH - 2 * P.PAD - 40)
        w = text_length(label, size, True) + 28
        if x + w > P.WIDTH - P.PAD:
            x = P.PAD
            y += 52
        d.rounded_rectangle((x, y, x + w, y + 40), 8, fill=colour)
        P.mark_box(d, (x, y, x + w, y + 40), 3)
        P.text(img, (x + 14, y + 20), label, size, True, INK, "lm")
        x += w + 18
    return y + 60


def phone_drawing(view: PublicView, names: Sequence[str], locale: str = "en") -> P.Drawing:
    """The phone-first image of an Egizia position (drawn on every move; see :mod:`render.phone`): composed of
    pieces, each redrawn only when what it shows changed, on :data:`PALETTE`."""
    n = view["players"]
    nm = [P.seat_name(names, s, locale) for s in range(n)]
    final = view["final"]
    tabs = view["tableaux"]
    if final:
        winners = list(final["winners"])
        head = P.winner_head(winners, nm, locale)
        active: set[int] = set(winners)
    else:
        pend = view["pending"]
        seats = list(pend["seats"]) if pend else []
        active = set(seats)
        kind = pend["kind"] if pend else ""
        label = t(f"egizia_render.pending.{kind}", locale) if kind else ""
        head = (seats[0] if len(seats) == 1 else None, ", ".join(nm[s] for s in seats),
                label or t("phone.to_play", locale), t("egizia_render.title", locale), "")
    pieces = [P.header_piece(PALETTE, *head)]
    lm = view["last_move"]
    if lm:
        key = ("last", lm["seat"], nm[lm["seat"]] if lm["seat"] < len(nm) else "?", tuple(lm["river"]),
               tuple(map(tuple, lm.get("sites", []))), tuple(map(tuple, lm["obelisk"])),
               tuple(map(tuple, lm["pyramid"])), tuple(lm["temple"]), tuple(lm["tombs"]), locale)
        pieces.append(P.piece(PALETTE, key, lambda im, d: _last_move(im, d, view, nm, locale, 0)))
    sid = None if final else _current_site(view)
    if sid is not None:  # building now: the site, its builders and its fields come first
        site = view["sites"][sid]
        skey = ("site", sid, tuple(site["slots"]), tuple(site["substitutes"]), tuple(site["done"]),
                tuple(tuple(r["fields"]) for r in view["obelisk"]["rows"]),
                tuple(tuple(r["fields"]) for r in view["pyramid"]["rows"]),
                tuple(f["owner"] for f in view["temple"]["fields"]),
                tuple((sp["state"], sp["value"], sp["owner"]) for sp in view["tombs"]["spaces"]), view["sphinx_deck"],
                (tuple(map(tuple, lm["obelisk"])), tuple(map(tuple, lm["pyramid"])), tuple(lm["temple"]),
                 tuple(lm["tombs"])) if lm else None, locale)
        pieces.append(P.piece(PALETTE, skey, lambda im, d: _site_panel(im, d, view, sid, locale)))
    if not final and sid is None:  # sailing (the Nile is what ships choose from; while building it is empty)
        title = t("phone.egizia.nile", locale)
        pieces.append(P.piece(PALETTE, ("title", title), lambda im, d: P.section_title(im, 0, title)))
        for entries in _nile_rows(view):
            parts: list[tuple[int, Image.Image]] = []
            keys = []
            for col, e in enumerate(entries):
                ekey = ("nile-entry", _entry_key(view, e, _marked(view, e)), col, locale)
                keys.append(ekey)

                def draw(im: Image.Image, d: ImageDraw.ImageDraw, e: Mapping[str, Any] = e, col: int = col) -> float:
                    return _nile_entry(im, d, view, e, locale, P.PAD + col * (COL_W + 16) - col * BOX_W)

                parts.append((col * BOX_W, P.small_piece(PALETTE, ekey, BOX_W, draw)))
            pieces.append(P.row_piece(PALETTE, ("nile", tuple(keys)), ROW, parts))
        pieces.append(P.blank(PALETTE, 12))
    if final:
        order = sorted(range(n), key=lambda s: -final["scores"][s])
        rows = [(s, nm[s], "", str(final["scores"][s])) for s in order]
    else:
        rows = [(s, nm[s], t("phone.egizia.stones", locale, n=tabs[s]["stones"]), str(tabs[s]["score"]))
                for s in range(n)]
    heading = None if final else f'{t("phone.standings", locale)} · {t("phone.round", locale, n=view["round"])}'
    pieces += P.standings_pieces(PALETTE, rows, active, locale, title=heading)[:-1]
    return P.compose(PALETTE, pieces)


def phone_image(view: PublicView, names: Sequence[str], locale: str = "en") -> Image.Image:
    """:func:`phone_drawing` put together as a palette image."""
    return phone_drawing(view, names, locale).image()


def encode(img: P.Drawing | Image.Image) -> bytes:
    return P.encode(img, PALETTE)
