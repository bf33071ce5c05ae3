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
ROW = 66
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


def _ships(img: Image.Image, seats: Sequence[int], x_right: float, cy: float) -> float:
    x = x_right
    for s in reversed(list(seats)):
        x -= 34
        P.seat_marker(img, s, x, cy - 15, 30)
    return x


def _nile(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, locale: str, y: int) -> int:
    y += P.section_title(img, y, t("phone.egizia.nile", locale))
    lm = view.get("last_move")
    marked = set(lm["river"]) if lm else set()
    marked_sites = {s for s, _ in lm.get("sites", [])} if lm else set()
    river = view["river"]
    half = (len(river) + 1) // 2
    for k, entry in enumerate(river):
        e: Mapping[str, Any] = entry
        col, row = divmod(k, half)
        x = P.PAD + col * (COL_W + 16)
        top = y + row * ROW
        site = e["kind"] == "site"
        taken = e["kind"] == "card" and e.get("card") is None
        fill = SITE_BG if site else (P.BG if taken else (P.CARD_BG if e["kind"] == "card" else WATER_LIGHT))
        d.rounded_rectangle((x, top + 2, x + COL_W, top + ROW - 4), 8, fill=fill,
                            outline=SITE_EDGE if site else P.EDGE, width=2)
        d.ellipse((x + 6, top + 11, x + 46, top + 51), fill=WATER)
        P.text(img, (x + 26, top + 31), str(e["index"]), 22, True, WHITE, "mm")
        if site:
            sv = view["sites"][e["id"]]
            seats: list[int] = [s for s in sv["slots"] if s is not None] + list(sv["substitutes"])
        else:
            seats = list(e.get("ships", []))
        right = _ships(img, seats, x + COL_W - 6, top + ROW / 2 - 1) if seats else x + COL_W
        if site:
            for j, s in enumerate(sv["slots"]):
                if s is None:
                    ox = right - 34 * (len([v for v in sv["slots"][j:] if v is None]))
                    d.ellipse((ox + 2, top + 19, ox + 28, top + 45), outline=SITE_EDGE, width=3)
            right -= 34 * sum(1 for s in sv["slots"] if s is None)
        name, sub = _entry_text(e, locale)
        w = right - (x + 54) - 6
        if sub:
            P.text(img, (x + 54, top + 6), name, 22, True, INK if not taken else P.SUBTLE, max_width=w)
            P.text(img, (x + 54, top + 34), sub, 20, False, P.SUBTLE, max_width=w)
        else:
            P.text(img, (x + 54, top + ROW / 2 - 1), name, 22, True, INK if not taken else P.SUBTLE, "lm", max_width=w)
        if e["index"] in marked or (site and e["id"] in marked_sites):
            P.mark_box(d, (x + 3, top + 5, x + COL_W - 3, top + ROW - 7), 4)
    return y + half * ROW + 12


def _last_move(img: Image.Image, d: ImageDraw.ImageDraw, view: PublicView, nm: list[str], locale: str, y: int) -> int:
    lm = view.get("last_move")
    if not lm:
        return y
    seat = lm["seat"]
    P.seat_marker(img, seat, P.PAD, y + 2, 30)
    P.text(img, (P.PAD + 40, y), t("phone.last_move", locale, name=nm[seat] if seat < len(nm) else "?"), 26, True,
           max_width=P.WIDTH - 2 * P.PAD - 40)
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


def phone_image(view: PublicView, names: Sequence[str], locale: str = "en") -> Image.Image:
    """The phone-first image of an Egizia position (drawn on every move; see :mod:`render.phone`)."""
    n = view["players"]
    nm = [P.seat_name(names, s, locale) for s in range(n)]
    img = Image.new("RGB", (P.WIDTH, 2400), P.BG)
    d = ImageDraw.Draw(img)
    final = view["final"]
    tabs = view["tableaux"]
    if final:
        winners = list(final["winners"])
        label = t("phone.winner" if len(winners) == 1 else "phone.winners", locale)
        y = P.header(img, d, winners[0] if len(winners) == 1 else None, ", ".join(nm[w] for w in winners), label,
                     t("phone.game_over", locale))
        active: set[int] = set(winners)
    else:
        pend = view["pending"]
        seats = list(pend["seats"]) if pend else []
        active = set(seats)
        kind = pend["kind"] if pend else ""
        label = t(f"egizia_render.pending.{kind}", locale) if kind else ""
        who = ", ".join(nm[s] for s in seats)
        y = P.header(img, d, seats[0] if len(seats) == 1 else None, who, label or t("phone.to_play", locale),
                     t("egizia_render.title", locale), t("phone.round", locale, n=view["round"]))
    y += 16
    y = _last_move(img, d, view, nm, locale, y)
    if not final:
        y = _nile(img, d, view, locale, y)
    rows: list[tuple[int, str, str, str]] = []
    if final:
        order = sorted(range(n), key=lambda s: -final["scores"][s])
        rows = [(s, nm[s], "", str(final["scores"][s])) for s in order]
    else:
        rows = [(s, nm[s], t("phone.egizia.stones", locale, n=tabs[s]["stones"]), str(tabs[s]["score"]))
                for s in range(n)]
    y = P.standings(img, d, y, rows, active, locale)
    return img.crop((0, 0, P.WIDTH, y + P.PAD))


def encode(img: Image.Image) -> bytes:
    return P.encode(img, COLOURS, GROUNDS)
