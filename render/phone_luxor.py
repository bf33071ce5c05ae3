"""Luxor's phone-first image (issue #20): whose turn, what just changed (the card, the roll, the adventurers
that moved, the tiles taken), the spaces in reach of the acting player's adventurers with their hand size, and
the standings (the real totals once the game is over), every text at least 20 px, 800 px wide."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engines.luxor.views import CardView, PublicView, SpaceView

from . import phone as P
from .common import INK, WHITE, Colour, mix, text_length
from .i18n import t
from .luxor import SEAT_COLOURS
from .luxor_icons import GOLD, TYPE_COLOURS, die_face, icon

REACH = 6  # a card or the die moves an adventurer at most 6 spaces
TOMB = 44
LABEL_W = 112
BOX_W = (P.WIDTH - 2 * P.PAD - LABEL_W) // REACH
BOX_H = 100
FLOOR = (227, 207, 159)
COLOURS: tuple[Colour, ...] = P.base_colours((*SEAT_COLOURS.values(), *TYPE_COLOURS.values(), GOLD, FLOOR,
                                              (59, 42, 26), P.MARK_EDGE))
GROUNDS: tuple[Colour, ...] = (*P.GROUNDS, FLOOR)
PALETTE: P.Palette = (COLOURS, GROUNDS)
_FRONT_ICON = {"scarab": "scarab", "wild": "wild", "wild_or_scarab": "wild", "eye_1_2": "eye", "eye_2_3": "eye",
               "tunnel": "tunnel"}


def _colours(view: PublicView) -> list[Colour]:
    return [SEAT_COLOURS.get(s["colour"], P.colour_of(i)) for i, s in enumerate(view["seats"])]


@lru_cache(maxsize=128)
def _icon(name: str, size: int) -> Image.Image:
    return icon(name, size)


def _space(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, sp: SpaceView | None, pos: int, x: float,
           y: float, colours: list[Colour], locale: str) -> None:
    tomb = pos >= TOMB
    d.rounded_rectangle((x, y, x + BOX_W - 8, y + BOX_H), 8, fill=(59, 42, 26) if tomb else FLOOR,
                        outline=P.EDGE, width=2)
    ink = WHITE if tomb else INK
    if tomb:  # the tomb: its sarcophagus, as on the board
        sarc = _icon("sarcophagus", 44)
        img.paste(sarc, (round(x + (BOX_W - 8 - 44) / 2), round(y + 10)), sarc)
        advs = view["tomb"]["adventurers"]
    else:
        P.text(img, (x + 6, y + 4), str(pos), 20, True, P.SUBTLE)
        advs = sp["adventurers"] if sp else []
        tile = sp["tile"] if sp else None
        cx = x + 6
        if tile is not None:
            if tile["kind"] == "treasure":
                img.paste(_icon(tile["type"], 38), (round(cx), round(y + 28)), _icon(tile["type"], 38))
                P.text(img, (cx + 42, y + 46), str(tile["vp"]), 26, True, ink, "lm")
                person = _icon("person", 18)  # the adventurers needed to take it, as on the board
                for k in range(tile["required"]):
                    img.paste(person, (round(x + BOX_W - 28 - 14 * k), round(y + 6)), person)
            elif tile["kind"] == "temple":
                name = _FRONT_ICON.get(tile["front"], tile["back"])
                img.paste(_icon(name, 38), (round(cx), round(y + 28)), _icon(name, 38))
                img.paste(_icon(tile["back"], 30), (round(cx + 46), round(y + 32)), _icon(tile["back"], 30))
            elif tile["kind"] == "horus":
                img.paste(_icon("eye", 38), (round(cx), round(y + 28)), _icon("eye", 38))
                P.text(img, (cx + 42, y + 46), str(tile["eyes"]), 26, True, ink, "lm")
                if tile["key"]:
                    img.paste(_icon("key", 26), (round(x + BOX_W - 40), round(y + 34)), _icon("key", 26))
            elif tile["kind"] == "osiris":
                img.paste(_icon("ankh", 38), (round(cx), round(y + 28)), _icon("ankh", 38))
                P.text(img, (cx + 42, y + 46), str(tile["value"]), 26, True, ink, "lm")
        elif sp is not None and sp["kind"] == "anubis":
            img.paste(_icon("anubis", 38), (round(cx), round(y + 28)), _icon("anubis", 38))
    ax = x + 4
    for seat, _idx in advs[:4]:
        P.seat_marker(img, seat, ax, y + BOX_H - 26, 22, colours)
        ax += 24


def _reach_rows(view: PublicView, seat: int) -> list[tuple[int, int]]:
    """(position, adventurers of ``seat`` there) of its active adventurers, the furthest first."""
    here: dict[int, int] = {}
    for adv in view["seats"][seat]["adventurers"]:
        if adv["state"] == "active" and adv["pos"] < TOMB:
            here[adv["pos"]] = here.get(adv["pos"], 0) + 1
    return sorted(here.items(), reverse=True)


def _space_key(view: PublicView, path: dict[int, SpaceView], p: int) -> tuple[Any, ...]:
    if p >= TOMB:
        return (p, tuple(map(tuple, view["tomb"]["adventurers"])))
    sp = path.get(p)
    if sp is None:
        return (p,)
    tile = sp["tile"]
    return (p, sp["kind"], tile["id"] if tile else None, tuple(map(tuple, sp["adventurers"])))


def _reach_row(view: PublicView, path: dict[int, SpaceView], seat: int, pos: int, count: int,
               colours: list[Colour], locale: str) -> P.Strip:
    """One adventurer's row: its place, then the next spaces, each box a piece of its own (a box is redrawn
    only when its tile or the adventurers on it change; the row is pasted together from them)."""
    cols = tuple(colours)

    def label(im: Image.Image, d: ImageDraw.ImageDraw) -> float:
        P.seat_marker(im, seat, P.PAD, 10, 34, colours)
        if count > 1:
            P.text(im, (P.PAD + 17, 66), f"×{count}", 20, True, INK, "ma")
        if pos == 0:  # the stairs, as on the board
            im.paste(_icon("stairs", 40), (P.PAD + 46, 8), _icon("stairs", 40))
        else:
            P.text(im, (P.PAD + 42, 27), str(pos), 26, True, INK, "lm", max_width=LABEL_W - 46)
        return BOX_H + 10

    parts = [(0, P.small_piece(PALETTE, ("lx-label", seat, pos, count, cols), P.PAD + LABEL_W, label))]
    keys: list[tuple[Any, ...]] = []
    x = P.PAD + LABEL_W
    for step in range(1, REACH + 1):
        p = min(pos + step, TOMB)
        key = _space_key(view, path, p)
        keys.append(key)

        def box(im: Image.Image, d: ImageDraw.ImageDraw, p: int = p) -> float:
            _space(im, d, view, path.get(p), p, 0, 0, colours, locale)
            return BOX_H + 10

        parts.append((x, P.small_piece(PALETTE, ("lx-box", key, cols, locale), BOX_W, box)))
        x += BOX_W
        if p >= TOMB:
            break
    return P.row_piece(PALETTE, ("lx-row", seat, pos, count, tuple(keys), cols, locale), BOX_H + 10, parts)


CHIP_H = 64
#: the last move's band: the title, then lines of chips 76 px apart (a chip's mark reaches 5 px around it)
TITLE_H = 39
LINE_H = CHIP_H + 12


def _last_move_pieces(view: PublicView, nm: list[str], colours: list[Colour], locale: str) -> list[P.Strip]:
    """The last move's band: its title, then lines of chips (the card, the die, each adventurer moved), then the
    tiles taken. Each chip is a box kept by what it shows (the lines are pasted together from them), so a move
    draws only the chips not seen before."""
    lm = view["last_move"]
    assert lm is not None
    seat = lm["seat"]
    cols = tuple(colours)
    out = [P.piece(PALETTE, ("lx-last-title", seat, nm[seat] if seat < len(nm) else "?", cols, locale),
                   lambda im, d: _last_title(im, seat, nm, colours, locale))]
    lines: list[list[tuple[int, Image.Image, Any]]] = [[]]
    x = P.PAD
    card = lm["card"]
    if card is not None:
        shown, size = P.fit(card_caption(card, locale), 30, True, 360)
        w = max(64, round(text_length(shown, size, True)) + 28)
        fill = GOLD if card["deck"] == "horus" else P.CARD_BG

        def card_chip(im: Image.Image, d: ImageDraw.ImageDraw, dx: int, w: int = w, shown: str = shown,
                      size: int = size, fill: Colour = fill) -> float:
            d.rounded_rectangle((dx, 5, dx + w, 5 + CHIP_H), 8, fill=fill, outline=INK, width=2)
            P.text(im, (dx + w / 2, 5 + CHIP_H / 2), shown, size, True, INK, "mm")
            P.mark_box(d, (dx, 5, dx + w, 5 + CHIP_H), 3)
            return LINE_H

        lines[-1].append(_chip_piece(("lx-card", shown, size, w, fill), x, w, card_chip))
        x += w + 16
    roll = lm["roll"]
    if roll:
        def die(im: Image.Image, d: ImageDraw.ImageDraw, dx: int, roll: int = roll) -> float:
            face = die_face(roll, CHIP_H)
            im.paste(face, (dx, 5), face)
            return LINE_H

        lines[-1].append(_chip_piece(("lx-die", roll), x, CHIP_H - 1, die, margin=0))
        x += CHIP_H + 16
    for s, _idx, a, b in lm["advs"]:
        label = t("phone.luxor.moved", locale, start=_place(a, locale), end=_place(b, locale))
        w = 46 + round(text_length(label, 24, True)) + 14
        if x + w > P.WIDTH - P.PAD:
            x = P.PAD
            lines.append([])
        tint = mix(colours[s], WHITE, 0.72)

        def adv(im: Image.Image, d: ImageDraw.ImageDraw, dx: int, s: int = s, w: int = w, label: str = label,
                tint: Colour = tint) -> float:
            d.rounded_rectangle((dx, 5, dx + w, 5 + CHIP_H), 8, fill=tint)
            P.mark_box(d, (dx, 5, dx + w, 5 + CHIP_H), 3)
            P.seat_marker(im, s, dx + 8, 5 + CHIP_H / 2 - 15, 30, colours)
            P.text(im, (dx + 46, 5 + CHIP_H / 2), label, 24, True, INK, "lm")
            return LINE_H

        lines[-1].append(_chip_piece(("lx-adv", s, label, w, cols), x, w, adv))
        x += w + 16
    for line in lines:
        out.append(P.row_piece(PALETTE, ("lx-chips", tuple((px, key) for px, _, key in line)), LINE_H,
                               [(px, part) for px, part, _ in line]))
    out.append(P.blank(PALETTE, 7))
    for pos in lm["taken"]:
        took = t("phone.luxor.took", locale, n=pos)

        def took_line(im: Image.Image, d: ImageDraw.ImageDraw, took: str = took) -> float:
            P.text(im, (P.PAD, 0), took, 24, False, INK, max_width=P.WIDTH - 2 * P.PAD)
            return 34

        out.append(P.piece(PALETTE, ("lx-took", took), took_line))
    out.append(P.blank(PALETTE, 6))
    return out


def _chip_piece(key: tuple[Any, ...], x: int, w: int, draw: Callable[[Image.Image, ImageDraw.ImageDraw, int], float],
                margin: int = 5) -> tuple[int, Image.Image, tuple[Any, ...]]:
    """A chip from ``x`` to ``x + w`` as a box of its line, with the ``margin`` its mark reaches around it. The box
    starts at an even x (the chip drawn ``dx`` px into it), so a centre at a half pixel rounds as in one drawing
    (Python rounds halves to even)."""
    px = (x - margin) & ~1
    dx = x - px
    part = P.small_piece(PALETTE, (*key, dx), w + dx + margin + 1, lambda im, d: draw(im, d, dx))
    return px, part, (*key, dx)


def _last_title(img: Image.Image, seat: int, nm: list[str], colours: list[Colour], locale: str) -> int:
    P.last_move_title(img, seat, nm, locale, 0, colours)
    return TITLE_H


def card_caption(card: CardView, locale: str) -> str:
    """What a card does, in the reader's language (the view's ``label`` is a short English code)."""
    steps, hi = card["steps"], card["max"]
    return t(f"luxor_render.card.{card['kind']}", locale, n=steps if steps is not None else "",
             hi=hi if hi is not None else "")


def _place(pos: int, locale: str) -> str:
    if pos <= 0:
        return t("phone.luxor.stairs", locale)
    if pos >= TOMB:
        return t("phone.luxor.tomb", locale)
    return str(pos)


def phone_drawing(view: PublicView, names: Sequence[str], locale: str = "en") -> P.Drawing:
    """The phone-first image of a Luxor position (drawn on every move; see :mod:`render.phone`): composed of
    pieces, each redrawn only when what it shows changed, on :data:`PALETTE`."""
    n = len(view["seats"])
    nm = [P.seat_name(names, s, locale) for s in range(n)]
    colours = _colours(view)
    final = view["final"]
    current = view["current"]
    if final:
        winners = list(final["winners"])
        head = P.winner_head(winners, nm, locale)
        active: set[int] = set(winners)
    else:
        pend = view["pending"]
        kind = pend["kind"] if pend else ""
        seat = pend["seat"] if pend else current
        active = {seat} if seat is not None else set()
        label = t(f"luxor_render.pending.{kind}", locale) if kind else t("phone.to_play", locale)
        head = (seat, nm[seat] if seat is not None else "", label, t("luxor_render.title", locale), "")
    pieces = [P.header_piece(PALETTE, head[0], head[1], head[2], head[3], head[4], colours)]
    lm = view["last_move"]
    if lm:
        pieces += _last_move_pieces(view, nm, colours, locale)
    if not final and current is not None:
        me = view["seats"][current]
        title = (t("phone.luxor.reach", locale, name=nm[current]), t("phone.hand", locale, n=me["hand_size"]))
        pieces.append(P.piece(PALETTE, ("reach", title), lambda im, d: _reach_title(im, title)))
        path = {sp["pos"]: sp for sp in view["path"]}
        for pos, count in _reach_rows(view, current):
            pieces.append(_reach_row(view, path, current, pos, count, colours, locale))
        pieces.append(P.blank(PALETTE, 6))
    if final:
        order = sorted(range(n), key=lambda s: -final["scores"][s])
        rows = [(s, nm[s], "", str(final["scores"][s])) for s in order]
    else:
        rows = [(s, nm[s], "", str(view["seats"][s]["score"])) for s in range(n)]
    heading = None if final else f'{t("phone.standings", locale)} · {t("phone.round", locale, n=view["round"])}'
    pieces += P.standings_pieces(PALETTE, rows, active, locale, colours, heading)[:-1]
    return P.compose(PALETTE, pieces)


def phone_image(view: PublicView, names: Sequence[str], locale: str = "en") -> Image.Image:
    """:func:`phone_drawing` put together as a palette image."""
    return phone_drawing(view, names, locale).image()


def _reach_title(img: Image.Image, title: tuple[str, str]) -> int:
    y = P.section_title(img, 0, title[0])
    P.text(img, (P.PAD, y), title[1], 24, True, INK)
    return y + 38


def encode(img: P.Drawing | Image.Image) -> bytes:
    return P.encode(img, PALETTE)
