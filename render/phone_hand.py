"""Private hand images, phone-first (issue #20): shown in an ephemeral reply, ~400 px wide on a phone, so the
same rules as the phone board: at most 800 px wide, every text at least 20 px (render/phone.py)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from . import phone as P
from . import phone_alhambra as PA
from . import phone_egizia as PE
from . import phone_luxor as PL
from .alhambra import CURRENCY_COLOURS, money_glyph
from .common import INK, WHITE, mix
from .egizia_pieces import card_name_of, sphinx_name
from .i18n import t
from .luxor_icons import GOLD


def _canvas() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (P.WIDTH, 2400), P.BG)
    return img, ImageDraw.Draw(img)


def _done(img: Image.Image, y: int, pal: P.Palette) -> bytes:
    return P.encode(img.crop((0, 0, P.WIDTH, y + P.PAD)), pal)


def alhambra(public_view: Mapping[str, Any], private_view: Mapping[str, Any], names: Sequence[str],
             locale: str = "en") -> bytes:
    """The money in one player's hand, by currency with its total, and the tiles they hold to place."""
    seat = private_view["seat"]
    img, d = _canvas()
    y = P.header(img, d, seat, P.seat_name(names, seat, locale), t("phone.your_hand", locale),
                 t("alhambra_render.title", locale), t("phone.cards", locale, n=len(private_view["hand"]))) + 16
    hand = private_view["hand"]
    if not hand:
        P.text(img, (P.PAD, y), t("alhambra_render.no_cards", locale), 26, False, P.SUBTLE)
        y += 44
    for cur in CURRENCY_COLOURS:
        cards = [c for c in hand if c["currency"] == cur]
        if not cards:
            continue
        fill = CURRENCY_COLOURS[cur]
        d.rounded_rectangle((P.PAD - 8, y, P.WIDTH - P.PAD + 8, y + 40), 8, fill=mix(fill, WHITE, 0.5))
        P.text(img, (P.PAD, y + 20), t(f"alhambra_render.currency.{cur}", locale), 24, True, INK, "lm", max_width=400)
        P.text(img, (P.WIDTH - P.PAD, y + 20), t("phone.total", locale, n=private_view["totals"][cur]), 26, True,
               INK, "rm")
        y += 50
        x = P.PAD
        for c in cards:
            if x + PA.CARD_W > P.WIDTH - P.PAD:
                x = P.PAD
                y += PA.CARD_H + 10
            g = money_glyph(c["currency"], c["value"], PA.CARD_W, PA.CARD_H, locale)
            img.paste(g, (x, y), g)
            x += PA.CARD_W + 12
        y += PA.CARD_H + 16
    pv = public_view["players_view"][seat]
    for label, tiles in ((t("phone.alhambra.to_place", locale), pv["bought"]),
                         (t("phone.alhambra.reserve", locale), pv["reserve"])):
        if not tiles:
            continue
        P.text(img, (P.PAD, y), label, 24, True, P.SUBTLE)
        y += 34
        x = P.PAD
        for tile in tiles:
            if x + 96 > P.WIDTH - P.PAD:
                x = P.PAD
                y += 136
            PA._tile(img, tile, x, y, 96, locale)
            P.text(img, (x + 48, y + 102), tile["id"], 20, False, P.SUBTLE, "ma", max_width=120)
            x += 130
        y += 140
    return _done(img, y, PA.PALETTE)


def luxor(public_view: Mapping[str, Any], private_view: Mapping[str, Any], names: Sequence[str],
          locale: str = "en") -> bytes:
    """One player's five cards in hand order (only the two ends can be played) and their secret scarabs."""
    me = private_view["me"]
    seat = me["seat"]
    colours = PL._colours(public_view)  # type: ignore[arg-type]
    img, d = _canvas()
    y = P.header(img, d, seat, P.seat_name(names, seat, locale), t("phone.your_hand", locale),
                 t("luxor_render.title", locale), t("phone.hand", locale, n=len(me["hand"])), colours=colours) + 16
    hand = me["hand"]
    for i, card in enumerate(hand):  # one row per card, in hand order: only the two ends can be played
        end = "L" if i == 0 else ("R" if i == len(hand) - 1 else None)
        playable = end is not None and me["playable"].get(end, False)
        d.rounded_rectangle((P.PAD - 8, y, P.WIDTH - P.PAD + 8, y + 60), 10,
                            fill=GOLD if card["deck"] == "horus" else P.CARD_BG, outline=INK, width=3 if playable else 1)
        tag = t(f"luxor.end.{end}", locale) if end is not None else ""
        tw = P.text(img, (P.WIDTH - P.PAD, y + 30), tag, 22, playable, INK if playable else P.SUBTLE, "rm",
                    max_width=200) if tag else 0
        P.text(img, (P.PAD + 4, y + 30), PL.card_caption(card, locale), 28, True, INK, "lm",
               max_width=P.WIDTH - 2 * P.PAD - tw - 24)
        if playable:
            P.mark_box(d, (P.PAD - 8, y, P.WIDTH - P.PAD + 8, y + 60), 3)
        y += 72
    y += 12
    scarabs = me["scarabs"]
    P.text(img, (P.PAD, y), t("luxor_render.your_scarabs", locale), 24, True, P.SUBTLE)
    y += 36
    if scarabs:
        P.text(img, (P.PAD, y), "  ".join(str(s["vp"]) for s in scarabs), 30, True, INK,
               max_width=P.WIDTH - 2 * P.PAD)
        y += 40
        P.text(img, (P.PAD, y), t("phone.total", locale, n=sum(s["vp"] for s in scarabs)), 24, False, P.SUBTLE)
    else:
        P.text(img, (P.PAD, y), t("luxor_render.no_scarabs", locale), 24, False, P.SUBTLE)
    y += 40
    return _done(img, y, PL.PALETTE)


def egizia(public_view: Mapping[str, Any], private_view: Mapping[str, Any], names: Sequence[str],
           locale: str = "en") -> bytes:
    """One player's hidden cards: the Sphinx cards (with what each would score now), a draw to choose from,
    and the anytime cards (▶ when playable now)."""
    priv = private_view["private"]
    seat = priv["seat"]
    img, d = _canvas()
    y = P.header(img, d, seat, P.seat_name(names, seat, locale), t("phone.your_hand", locale),
                 t("egizia_render.title", locale)) + 16

    def card_row(name: str, right: str, highlight: bool = False) -> None:
        nonlocal y
        d.rounded_rectangle((P.PAD - 8, y, P.WIDTH - P.PAD + 8, y + 52), 8, fill=P.CARD_BG, outline=P.EDGE, width=2)
        rw = P.text(img, (P.WIDTH - P.PAD, y + 26), right, 24, True, INK, "rm", max_width=260) if right else 0
        P.text(img, (P.PAD, y + 26), name, 24, highlight, INK, "lm", max_width=P.WIDTH - 2 * P.PAD - rw - 16)
        if highlight:
            P.mark_box(d, (P.PAD - 8, y, P.WIDTH - P.PAD + 8, y + 52), 3)
        y += 60

    for key, cards in (("egizia_render.drawing", priv["drawing"]),):
        if cards:
            y += P.section_title(img, y, t(key, locale))
            for c in cards:
                card_row(sphinx_name(c, locale), "", True)
            y += 10
    sphinx = priv["sphinx"]
    y += P.section_title(img, y, t("egizia_render.your_sphinx", locale, n=len(sphinx)))
    for c in sphinx:
        card_row(sphinx_name(c, locale), t("egizia_render.vp", locale, n=c["vp_now"]))
    if not sphinx:
        P.text(img, (P.PAD, y), t("egizia_render.none", locale), 24, False, P.SUBTLE)
        y += 40
    y += 10
    anytime = priv["anytime"]
    y += P.section_title(img, y, t("egizia_render.your_anytime", locale, n=len(anytime)))
    playable = {a.split()[1] for a in priv["playable_now"] if len(a.split()) > 1}
    for c in anytime:
        card_row(("▶ " if c["id"] in playable else "") + card_name_of(c["id"], c["name"], locale), "",
                 c["id"] in playable)
    if not anytime:
        P.text(img, (P.PAD, y), t("egizia_render.none", locale), 24, False, P.SUBTLE)
        y += 40
    return _done(img, y, PE.PALETTE)


HANDS = {"alhambra": alhambra, "egizia": egizia, "luxor": luxor}
