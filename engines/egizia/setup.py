"""Setting up a game (RULES §4, EGZ-SETUP-*): the options, the deal (turn tiles, Nile decks, Sphinx deck,
tomb tiles, all shuffled with the state's seeded RNG), the start of the state and the setup Sphinx draw.

A test that needs a stacked deal builds its own :class:`Deal` (``engines/egizia/testing.py``) and starts
from it with :func:`start`; production code only ever calls :func:`new_game`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core import Event, OptionSpec, Outcome, Rng, State, msg

from . import data as D
from .board import empty_site, sphinx_msg, tile_order
from .rules import advance

_OPT_CLAUSE = {
    "setup_sphinx": "EGZ-SETUP-8",
    "score_floor_zero": "EGZ-R3-FEED-6",
    "sphinx_extra_requires_payment": "EGZ-CARD-N15",
    "two_three_player_cards": "EGZ-PC-4",
    "remove_plus10_card": "EGZ-SETUP-8",
    "take_leftover_mode": "EGZ-CARD-N39",
    "buy_strength_timing": "EGZ-CARD-N43",
    "two_each_includes_tombs": "EGZ-SPHINX-S16",
    "substitute_timing": "EGZ-R5-BUILD-7",
}


def _option_specs() -> tuple[OptionSpec, ...]:
    out = []
    for name, spec in D.OPTIONS_DATA.items():
        default = spec["default"]
        allowed = tuple(spec["values"]) if "values" in spec else (False, True)
        out.append(OptionSpec(name, default, allowed, _OPT_CLAUSE.get(name, "EGZ-OPT-1"), msg(f"egizia.option.{name}")))
    return tuple(out)


OPTION_SPECS = _option_specs()


@dataclass
class Deal:
    """The hidden and random parts of a setup: turn tile per seat, Nile decks (top first) and the cards
    left in the box, the Sphinx deck (top first) and its box, the 20 tomb tiles (the first 12 go on
    spaces 1..12)."""

    tiles: list[int]
    decks: dict[str, list[str]]
    box: list[str]
    sphinx_deck: list[str]
    sphinx_box: list[str]
    tombs: list[str]


def check_players(players: int, opts: dict[str, Any]) -> None:
    if not 2 <= players <= 4:
        raise ValueError("Egizia is for 2-4 players")
    if opts.get("two_three_player_cards") and players not in D.OPTIONS_DATA["two_three_player_cards"]["only_for_players"]:
        raise ValueError("two_three_player_cards is only for 2-3 players (EGZ-PC-4)")


def nile_cards(opts: dict[str, Any]) -> tuple[dict[str, list[str]], list[str]]:
    """The Nile decks in printed order (deck id -> cards) and the cards that stay in the box (EGZ-PC-4)."""
    base = D.base_nile_ids()
    box = [c for c in D.NILE_IDS if c not in base]
    if opts.get("two_three_player_cards"):
        for old, new in D.optional_swap("nile").items():
            if old in base and new in D.NILE:
                base[base.index(old)] = new
                box.remove(new)
                box.append(old)
    decks = {deck: [c for c in base if D.NILE[c]["deck"] == deck] for deck in sorted(set(D.DECK_BY_ROUND.values()))}
    return decks, box


def sphinx_cards(opts: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The Sphinx deck in printed order and the cards that stay in the box (EGZ-PC-4, EGZ-SETUP-8)."""
    sbase = D.base_sphinx_ids()
    sbox = [c for c in D.SPHINX_IDS if c not in sbase]
    if opts.get("two_three_player_cards"):
        for old, new in D.optional_swap("sphinx").items():
            if old in sbase and new in D.SPHINX:
                sbase[sbase.index(old)] = new
                sbox.remove(new)
                sbox.append(old)
    if opts.get("remove_plus10_card"):
        for c in list(sbase):
            if D.SPHINX[c]["points"]["kind"] == "per_full_vp":
                sbase.remove(c)
                sbox.append(c)
    return sbase, sbox


def deal(players: int, opts: dict[str, Any], rng: Rng) -> Deal:
    """Shuffle everything (in this order: tiles, each Nile deck, the Sphinx deck, the tomb tiles)."""
    tiles = list(range(1, players + 1))
    rng.shuffle(tiles)
    decks, box = nile_cards(opts)
    for cards in decks.values():
        rng.shuffle(cards)
    sdeck, sbox = sphinx_cards(opts)
    rng.shuffle(sdeck)
    tombs = list(D.TOMB_TILES)
    rng.shuffle(tombs)
    return Deal(tiles, decks, box, sdeck, sbox, tombs)


def _seat(tile: int, n: int) -> dict[str, Any]:
    return {
        "tile": tile, "score": 0, "stamp": n - tile, "stones": D.START_STONES[tile],
        "ss": D.TRACK_START["stone_sale"], "gm": D.TRACK_START["grain_market"],
        "str": dict(D.BUILDER_START), "used": {b: False for b in D.BUILDER_IDS},
        "ships": D.SHIPS, "perm": [], "any": [], "in_force": [], "improvers": {},
        "sphinx": [], "tombs": [], "flags": {}, "passed": False, "placed_max": 0,
        "coop": [], "spent": {},
    }


def start(players: int, opts: dict[str, Any], cards: Deal, rng: Rng) -> Outcome:
    """The state after setup from a deal, with the public setup events (and each seat's private Sphinx
    draw), moved on to the first decision."""
    n = players
    seats = [_seat(cards.tiles[i], n) for i in range(n)]
    s: State = {
        "game": "egizia", "data_profile": D.DATA_PROFILE, "options": dict(opts), "rng": 0,
        "round": 1, "seats": seats, "stamp_next": n,
        "river_card": [None] * (D.RIVER_LEN + 1), "river_ships": [[] for _ in range(D.RIVER_LEN + 1)],
        "sites": {sid: empty_site(sid, n) for sid in D.SITE_ORDER},
        "decks": cards.decks, "out": [], "box": cards.box,
        "sphinx_deck": cards.sphinx_deck, "sphinx_box": cards.sphinx_box, "sphinx_drawn": [],
        "obelisk": [None] * len(D.OBELISK_SEQ),
        "pyramid": [[None] * w for w in D.PYRAMID_WIDTH],
        "temple": {f: None for f in D.TEMPLE_IDS},
        "tomb_spaces": [{"tile": t, "owner": None} for t in cards.tombs[: D.TOMB_SPACES]],
        "tombs_box": cards.tombs[D.TOMB_SPACES:],
        "ring": D.RING_START, "stage": {"at": "round_start"}, "todo": [], "result": None,
    }
    ev: list[Event] = [Event(msg("egizia.ev.setup", players=n))]
    for i in tile_order(s):
        ev.append(Event(msg("egizia.ev.tile", player=i, tile=seats[i]["tile"], stones=seats[i]["stones"])))
    _setup_sphinx(s, opts, ev)
    s["rng"] = rng.state
    advance(s, ev)
    return Outcome(s, tuple(ev), reveals=True)


def _setup_sphinx(s: State, opts: dict[str, Any], ev: list[Event]) -> None:
    """EGZ-SETUP-8: each seat draws one Sphinx card in tile order, or draws two and keeps one (D-03)."""
    if opts.get("setup_sphinx", "draw1") == "draw2_keep1":
        drawn = {}
        for i in tile_order(s):
            two = [s["sphinx_deck"].pop(0) for _ in range(min(2, len(s["sphinx_deck"])))]
            drawn[str(i)] = two
            ev.append(Event(msg("egizia.ev.sphinx_setup_drawn", player=i, cards=[sphinx_msg(c) for c in two]), to=i))
        s["stage"] = {"at": "setup_keep", "drawn": drawn, "choice": {}}
        return
    for i in tile_order(s):
        c = s["sphinx_deck"].pop(0)
        s["seats"][i]["sphinx"].append(c)
        ev.append(Event(msg("egizia.ev.sphinx_setup_one", player=i, card=sphinx_msg(c)), to=i))


def new_game(players: int, opts: dict[str, Any], seed: int = 0) -> Outcome:
    """A fresh game with resolved options ``opts``: everything random is shuffled from ``seed``."""
    check_players(players, opts)
    rng = Rng.seeded(seed)
    return start(players, opts, deal(players, opts, rng), rng)
