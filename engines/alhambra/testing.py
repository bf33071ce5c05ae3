"""The one test seam of the Alhambra engine (ALH-DOC-5): arbitrary positions and fixed hidden orders.

Tests only: no production module imports this one (a test checks it). Everything here builds states
or runs parts of the turn flow that a real game reaches only by playing:

* :func:`stacked_game` — a real setup with the top of the deck, the bag or the scoring-card slots fixed;
* :func:`setup_state` — any position (hands, market, Alhambras, reserves …), nothing auto-resolved;
* :func:`finish_turn`, :func:`finish_game`, :func:`score_now`, :func:`settle` — run the end of a turn,
  the end of the game, one scoring round, or the action phase's forced choices on such a position;
* :func:`check_invariants` — the full invariants; grid helpers on grids of tile ids
  (:func:`longest_wall`, :func:`legal_cells`, :func:`removable`, :func:`grid_legality`).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from engines.core import Event, Outcome, Rng, State, clone

from . import data as D
from . import flow, setup
from .common import norm_card
from .game import GAME
from .geometry import Cell, Grid, check_legal, longest_wall_masks, removable_cells, wall_degree_ok
from .geometry import legal_cells as _legal_cells_masks

# --------------------------------------------------------------------------- grids of tile ids


def _cell(c: Any) -> Cell:
    if isinstance(c, str):
        x, y = c.split(",")
        return int(x), int(y)
    return int(c[0]), int(c[1])


def _masks(grid: Mapping[Any, str]) -> Grid:
    out = {_cell(c): D.MASK[t] for c, t in grid.items()}
    out.setdefault((0, 0), 0)
    return out


def longest_wall(grid: Mapping[Any, str], ring_mode: str = "full") -> int:
    """ALH-WALL-5 on a grid ``{(x, y) or "x,y": tile id}`` (the fountain at (0,0) is added if missing)."""
    return longest_wall_masks(_masks(grid), ring_mode)


def legal_cells(grid: Mapping[Any, str], tile: str) -> list[Cell]:
    """ALH-PLACE-6: the cells where ``tile`` may be placed, sorted."""
    return _legal_cells_masks(_masks(grid), D.MASK[tile])


def removable(grid: Mapping[Any, str]) -> list[Cell]:
    """ALH-REDESIGN-2(b): the cells whose tile may be removed."""
    return removable_cells(_masks(grid))


def grid_legality(grid: Mapping[Any, str]) -> str | None:
    """ALH-ALG-1: None when legal, else the failing clause id."""
    return check_legal(_masks(grid))


# --------------------------------------------------------------------------- stacked setup


def stacked_game(
    players: int,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    deck: Iterable[str] = (),
    bag: Iterable[str] = (),
    slots: Iterable[int] = (),
) -> Outcome:
    """A real setup (as ``GAME.new_game``) whose hidden orders are partly fixed: ``deck`` = the top cards
    of the shuffled money deck (before the deal), ``bag`` = the first tiles drawn, ``slots`` = the slot
    indexes of the scoring cards inside piles 2 and 4. Everything not stacked is random."""
    setup.check_players(players)
    opts = GAME.resolve_options(options)
    rng = Rng.seeded(seed)
    tiles, money = setup.shuffled_components(players, opts, rng)
    prefix = list(bag)
    tiles = prefix + [t for t in tiles if t not in set(prefix)]
    top = [norm_card(c) for c in deck]
    rest = list(money)
    for c in top:
        rest.remove(c)  # ValueError if the stacked card does not exist
    s = setup.blank_state(players, opts, tiles, top + rest)
    fixed = list(slots)
    ev: list[Event] = []
    setup.lay_out(s, rng, ev, lambda pile: fixed.pop(0) if fixed else rng.below(len(pile) + 1))
    return Outcome(s, tuple(ev))


# --------------------------------------------------------------------------- arbitrary positions


def setup_state(
    players: int = 3,
    *,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    hands: Iterable[Iterable[str]] | None = None,
    market: Iterable[str | None] | Mapping[int, str] | None = None,
    bag: Iterable[str] | None = None,
    deck: Iterable[str] | None = None,
    display: Iterable[str] | None = None,
    discard: Iterable[str] | None = None,
    alhambras: Iterable[Mapping[Any, str]] | None = None,
    reserves: Iterable[Iterable[str]] | None = None,
    scores: Iterable[int] | None = None,
    dirk: Iterable[str] | None = None,
    dirk_score: int = 0,
    active: int = 0,
    phase: str = "action",
    bought: Iterable[str] = (),
    extra: bool = False,
    scorings_done: Iterable[str] = (),
    turn: int = 1,
    rest_tiles: str = "auto",
    rest_money: str | int = "deck",
) -> State:
    """Build an arbitrary position. Nothing is auto-resolved.

    Cards may be written ``"blue7"`` or ``"b7"``; scoring cards ``"SCORE-A"`` or ``"A"``. The bag
    and the deck are in draw order (front first). Components not placed anywhere go:
    tiles to the bag (shuffled, after the given ones) when ``bag`` is None, else out of the
    game (``rest_tiles="bag"`` / ``"out"`` forces it); money to the bottom of the deck
    (``rest_money="deck"``), to the discard pile (``"discard"``) or to a seat's hand (an int).
    Scoring cards missing from the deck count as already drawn (set aside).
    """
    opts = GAME.resolve_options(options)
    rng = Rng.seeded(seed)
    st = setup.blank_state(players, opts, list(bag or []), [norm_card(c) for c in (deck or [])])
    st.update(phase=phase, active=active, turn=turn, start_player=0, extra=extra, bought=list(bought),
              scorings_done=list(scorings_done), market=_market(market))
    st["display"] = [norm_card(c) for c in (display or [])]
    st["discard"] = [norm_card(c) for c in (discard or [])]
    if st["dirk"] is not None:
        st["dirk"] = {"tiles": list(dirk or []), "score": dirk_score}
    _seat_parts(st, hands, alhambras, reserves, scores)
    _rest_tiles(st, rng, rest_tiles if rest_tiles != "auto" else ("bag" if bag is None else "out"))
    _rest_money(st, rng, rest_money)
    st["rng"] = rng.state
    flow.check_invariants(st)
    for seat in range(players):
        bad = grid_legality(st["players"][seat]["grid"])
        if bad:
            raise ValueError(f"seat {seat}: illegal Alhambra ({bad})")
    return st


def _market(market: Iterable[str | None] | Mapping[int, str] | None) -> list[str | None]:
    if isinstance(market, Mapping):
        mk: list[str | None] = [market.get(sp) for sp in D.SPACES]
    else:
        mk = list(market or [None] * D.MARKET_SPACES)
    return mk + [None] * (D.MARKET_SPACES - len(mk))


def _seat_parts(st: State, hands: Iterable[Iterable[str]] | None, alhambras: Iterable[Mapping[Any, str]] | None,
                reserves: Iterable[Iterable[str]] | None, scores: Iterable[int] | None) -> None:
    n = st["n"]
    hands_l = [[norm_card(c) for c in h] for h in (hands or [])]
    alh = list(alhambras or [])
    res = [list(r) for r in (reserves or [])]
    sc = list(scores or [0] * n)
    for seat in range(n):
        cells = alh[seat] if seat < len(alh) else {}
        grid = {f"{x},{y}": t for (x, y), t in ((_cell(c), t) for c, t in cells.items())}
        grid.pop("0,0", None)
        st["players"][seat] = {
            "grid": {"0,0": D.FOUNTAINS[seat], **grid},
            "reserve": res[seat] if seat < len(res) else [],
            "hand": hands_l[seat] if seat < len(hands_l) else [],
            "score": sc[seat],
        }


def _rest_tiles(st: State, rng: Rng, mode: str) -> None:
    used = [t for t in st["market"] if t] + st["bag"] + st["bought"] + (st["dirk"]["tiles"] if st["dirk"] else [])
    for p in st["players"]:
        used += [t for c, t in p["grid"].items() if c != "0,0"] + p["reserve"]
    if len(set(used)) != len(used) or not set(used) <= set(D.TILE_IDS):
        raise ValueError("a tile is used twice or unknown")
    rest = [t for t in D.TILE_IDS if t not in set(used)]
    if mode == "bag":
        rng.shuffle(rest)
        st["bag"] += rest
    else:
        st["out"] += rest


def _rest_money(st: State, rng: Rng, rest_money: str | int) -> None:
    full = D.money_deck(st["n"] == D.NEUTRAL_WHEN, st["options"]["two_player_money_copies"])
    placed = [c for c in st["deck"] if c not in D.SCORING_CARDS] + st["display"] + st["discard"]
    for c in placed + [c for p in st["players"] for c in p["hand"]]:
        full.remove(c)  # ValueError: more copies than exist
    rng.shuffle(full)
    if rest_money == "deck":
        st["deck"] += full
    elif rest_money == "discard":
        st["discard"] += full
    else:
        st["players"][int(rest_money)]["hand"] += full
    st["aside"] = [card for card in D.SCORING_CARDS if card not in st["deck"]]


# --------------------------------------------------------------------------- parts of the flow


def finish_turn(state: State, reshuffles: Iterable[Iterable[str]] = ()) -> Outcome:
    """Run the end-of-turn phase (ALH-TURN-6 steps 2-6) on a state whose placement is done, for
    EXAMPLES.md scenarios that start "at the end of a turn". ``reshuffles`` fixes the orders the
    discard pile takes when it is reshuffled (each a permutation of the pile; then the RNG)."""
    s = clone(state)
    if s["bought"]:
        raise ValueError("bought tiles are still waiting for placement")
    ev: list[Event] = []
    s["extra"] = False
    forced = [[norm_card(c) for c in r] for r in reshuffles]

    def shuffle(pile: list[str], rng: Rng) -> None:
        if not forced:
            rng.shuffle(pile)
            return
        order = forced.pop(0)
        if sorted(order) != sorted(pile):
            raise ValueError("stacked reshuffle is not a permutation of the discard pile")
        pile[:] = order

    flow.end_of_turn(s, ev, shuffle)
    flow.check_invariants(s)
    return Outcome(s, tuple(ev))


def finish_game(state: State) -> Outcome:
    """Run ALH-END-4 steps 3-6 (distribution, C-09, final scoring) as if the end had been triggered
    at the end of the active player's turn (EX-45, EX-54)."""
    s = clone(state)
    ev: list[Event] = []
    s["end"] = True
    flow.end_game(s, ev)
    flow.check_invariants(s)
    return Outcome(s, tuple(ev))


def score_now(state: State, round_id: str) -> Outcome:
    """Hold scoring round ``round_id`` on the current layouts (EX-12)."""
    s = clone(state)
    ev: list[Event] = []
    flow.score(s, round_id, ev)
    return Outcome(s, tuple(ev))


def settle(state: State) -> Outcome:
    """Resolve a hand-built action phase that has 0 or 1 option (as ``apply`` would)."""
    s = clone(state)
    ev: list[Event] = []
    flow.advance_action(s, ev)
    return Outcome(s, tuple(ev))


# --------------------------------------------------------------------------- invariants


def check_invariants(state: Mapping[str, Any]) -> None:
    """Full invariants: ALH-PLACE-7 and ALH-WALL-7 on every Alhambra; every one of the 54 tiles,
    every money card and both scoring cards in exactly one place."""
    tiles = list(state["bag"]) + [t for t in state["market"] if t] + list(state["bought"]) + list(state["out"])
    for p in state["players"]:
        tiles += [t for c, t in p["grid"].items() if c != "0,0"] + list(p["reserve"])
        assert p["grid"]["0,0"] in D.FOUNTAINS
        bad = grid_legality(p["grid"])
        assert bad is None, f"ALH-PLACE-7: {bad}"
        assert wall_degree_ok(_masks(p["grid"])), "ALH-WALL-7"
    for e in state["end_queue"]:
        tiles += e[1]
    if state["dirk"] is not None:
        tiles += state["dirk"]["tiles"]
    assert sorted(tiles) == sorted(D.TILE_IDS), "tile conservation"
    cards = list(state["deck"]) + list(state["display"]) + list(state["discard"]) + list(state["aside"])
    for p in state["players"]:
        cards += p["hand"]
    two = state["n"] == D.NEUTRAL_WHEN
    full = D.money_deck(two, state["options"]["two_player_money_copies"]) + list(D.SCORING_CARDS)
    assert Counter(cards) == Counter(full), "money conservation"
    assert len(state["display"]) <= D.DISPLAY_SIZE
