"""Setup (ALH-SETUP-1 … 14): a fresh state, every hidden order drawn from the state's seeded RNG.

:func:`new_game` is the only way production code creates a game. Its steps are separate functions so
that ``engines/alhambra/testing.py`` can fix the hidden orders (ALH-DOC-5) without a test path here.

State layout (all keys always present)::

    game, n, seats, options, rng, phase ("start_choice"|"action"|"placement"|"end_placement"|"over"),
    active (seat or None), turn, start_player, start_tied,
    players: [{grid: {"x,y": tile id}, reserve: [tile], hand: [card], score: int}],
    dirk: None | {tiles: [tile], score: int},
    market: [tile or None] * 4  (index 0 = space 1), bag: [tile] (draw order, front first),
    deck: [card or "A"/"B"] (top first), display: [card], discard: [card] (oldest first),
    aside: [scoring cards drawn], out: [tiles out of the game],
    scorings_done, pending, extra (a further action is granted), bought, end (end triggered),
    end_queue: [[seat, [tile]]], last_scoring, result
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.core import Event, Msg, Outcome, Rng, State

from . import data as D
from . import flow
from .common import K, card_value, cards_msg, hand_total

#: picks the slot of a scoring card inside its pile (of the given length): ``0 … len``
SlotPicker = Callable[[list[str]], int]


def check_players(players: int) -> None:
    if not isinstance(players, int) or isinstance(players, bool) or not D.MIN_PLAYERS <= players <= D.MAX_PLAYERS:
        raise ValueError(f"Alhambra needs {D.MIN_PLAYERS}-{D.MAX_PLAYERS} players")


def shuffled_components(players: int, opts: Mapping[str, Any], rng: Rng) -> tuple[list[str], list[str]]:
    """The bag of the 54 tiles and the money deck (ALH-SETUP-3, -4, ALH-2P-2), each shuffled."""
    bag = list(D.TILE_IDS)
    rng.shuffle(bag)
    money = D.money_deck(players == D.NEUTRAL_WHEN, opts["two_player_money_copies"])
    rng.shuffle(money)
    return bag, money


def blank_state(players: int, opts: Mapping[str, Any], bag: list[str], deck: list[str]) -> State:
    """The state before anything is laid out: fountains only, everything else in bag and deck."""
    return {
        "game": "alhambra",
        "n": players,
        "seats": list(range(players)),
        "options": dict(opts),
        "rng": 0,
        "phase": "setup",
        "active": None,
        "turn": 0,
        "start_player": None,
        "start_tied": [],
        "players": [
            {"grid": {"0,0": D.FOUNTAINS[i]}, "reserve": [], "hand": [], "score": 0} for i in range(players)
        ],
        "dirk": {"tiles": [], "score": 0} if players == D.NEUTRAL_WHEN else None,
        "market": [None] * D.MARKET_SPACES,
        "bag": bag,
        "deck": deck,
        "display": [],
        "discard": [],
        "aside": [],
        "out": [],
        "scorings_done": [],
        "pending": [],
        "extra": False,
        "bought": [],
        "end": False,
        "end_queue": [],
        "last_scoring": None,
        "result": None,
    }


def lay_out(s: State, rng: Rng, ev: list[Event], slot_of: SlotPicker | None = None) -> None:
    """ALH-SETUP-5 … 14 on a blank state: market, Dirk, starting money, start player, display, the
    five piles with the scoring cards, and the first turn (or the host's tie-break, C-02)."""
    _market_and_dirk(s, ev)
    for seat in range(s["n"]):  # ALH-SETUP-8 starting money, public while dealt (ALH-INFO-2)
        hand = s["players"][seat]["hand"]
        while hand_total(hand) < D.START_MONEY_MIN:
            hand.append(s["deck"].pop(0))
        ev.append(Event(Msg(K + "ev.deal", {"player": seat, "cards": cards_msg(hand), "total": hand_total(hand)})))
    tied = start_candidates([p["hand"] for p in s["players"]])  # ALH-SETUP-9
    start = None
    if len(tied) == 1:
        start = tied[0]
    elif s["options"]["start_player_tiebreak"] == "random":
        start = tied[rng.below(len(tied))]
        ev.append(Event(Msg(K + "ev.start_random", {"players": tied, "chosen_player": start})))
    for _ in range(D.DISPLAY_SIZE):  # ALH-SETUP-10 display
        s["display"].append(s["deck"].pop(0))
    ev.append(Event(Msg(K + "ev.display", {"cards": cards_msg(s["display"])})))
    _piles(s, slot_of or (lambda pile: rng.below(len(pile) + 1)))
    ev.append(Event(Msg(K + "ev.deck_ready", {"count": len(s["deck"])})))
    s["rng"] = rng.state
    s["turn"] = 0
    if start is None:
        s["phase"] = "start_choice"
        s["start_tied"] = tied
        s["active"] = None
        ev.append(Event(Msg(K + "ev.start_choice", {"players": tied})))
    else:
        flow.set_start(s, start, ev)
    flow.check_invariants(s)


def _market_and_dirk(s: State, ev: list[Event]) -> None:
    """ALH-SETUP-5 the market, ALH-SETUP-6 Dirk's first tiles."""
    for i in range(D.MARKET_SPACES):
        s["market"][i] = s["bag"].pop(0)
    ev.append(Event(Msg(K + "ev.market_setup", {"tiles": list(s["market"])})))
    if s["dirk"] is not None:
        got = [s["bag"].pop(0) for _ in range(min(D.DIRK_INITIAL, len(s["bag"])))]
        s["dirk"]["tiles"].extend(got)
        ev.append(Event(Msg(K + "ev.dirk_draw", {"count": len(got), "tiles": got})))


def _piles(s: State, slot_of: SlotPicker) -> None:
    """ALH-SETUP-11/12/13: five piles, a scoring card shuffled into piles 2 and 4, stacked again."""
    n_left = len(s["deck"])
    q, r = divmod(n_left, D.MONEY_PILES)
    piles, pos = [], 0
    for i in range(D.MONEY_PILES):
        size = q + 1 if i < r else q
        piles.append(s["deck"][pos : pos + size])
        pos += size
    for card in D.SCORING_CARDS:
        pile = piles[D.SCORING_PILE[card] - 1]
        slot = slot_of(pile)
        if not 0 <= slot <= len(pile):
            raise ValueError("stacked slot out of range")
        pile.insert(slot, card)
    s["deck"] = [c for p in piles for c in p]


def start_candidates(hands: list[list[str]]) -> list[int]:
    """ALH-SETUP-9 steps 1-2: the seats with fewest cards, then lowest total among them."""
    fewest = min(len(h) for h in hands)
    tied = [i for i, h in enumerate(hands) if len(h) == fewest]
    low = min(sum(card_value(c) for c in hands[i]) for i in tied)
    return [i for i in tied if sum(card_value(c) for c in hands[i]) == low]


def new_game(players: int, opts: Mapping[str, Any], seed: int) -> Outcome:
    """Setup (ALH-SETUP-1 … 14) with resolved options ``opts``; every hidden order is random."""
    check_players(players)
    rng = Rng.seeded(seed)
    ev: list[Event] = []
    bag, money = shuffled_components(players, opts, rng)
    s = blank_state(players, opts, bag, money)
    lay_out(s, rng, ev)
    return Outcome(s, tuple(ev))
