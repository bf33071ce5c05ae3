"""Alhambra (Queen Games 2003), base game for 2-6 players, with Dirk for two players.

Exports ``GAME`` (the engine) and test-facing helpers:

* :func:`setup_state` builds an arbitrary position (stacked deck/bag, hands, market, Alhambras …)
  so that EXAMPLES.md scenarios can be set up exactly (ALH-DOC-5);
* :func:`score_round` scores one round from counts and walls (ALH-SCORE-*);
* :func:`longest_wall` and :func:`legal_cells` work on grids ``{(x, y) or "x,y": tile id}``;
* ``GAME.new_game(n, options, seed, stacked={...})`` fixes the hidden orders of a real setup.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from . import data
from .engine import GAME, AlhambraGame, norm_card, payments, start_candidates, take_options
from .geometry import check_legal, longest_wall_masks, removable_cells, swap_fits
from .geometry import legal_cells as _legal_cells_masks
from .scoring import score_round, score_type

__all__ = [
    "GAME",
    "AlhambraGame",
    "check_invariants",
    "grid_legality",
    "legal_cells",
    "longest_wall",
    "payments",
    "removable",
    "score_round",
    "score_type",
    "setup_state",
    "start_candidates",
    "take_options",
]


def _cell(c: Any) -> tuple[int, int]:
    if isinstance(c, str):
        x, y = c.split(",")
        return int(x), int(y)
    return int(c[0]), int(c[1])


def _masks(grid: Mapping[Any, str]) -> dict[tuple[int, int], int]:
    out = {_cell(c): data.MASK[t] for c, t in grid.items()}
    out.setdefault((0, 0), 0)
    return out


def longest_wall(grid: Mapping[Any, str], ring_mode: str = "full") -> int:
    """ALH-WALL-5 on a grid of tile ids (the fountain at (0,0) is added if missing)."""
    return longest_wall_masks(_masks(grid), ring_mode)


def legal_cells(grid: Mapping[Any, str], tile: str) -> list[tuple[int, int]]:
    """ALH-PLACE-6: the cells where ``tile`` may be placed, sorted."""
    return _legal_cells_masks(_masks(grid), data.MASK[tile])


def removable(grid: Mapping[Any, str]) -> list[tuple[int, int]]:
    """ALH-REDESIGN-2(b): the cells whose tile may be removed."""
    return removable_cells(_masks(grid))


def grid_legality(grid: Mapping[Any, str]) -> str | None:
    """ALH-ALG-1: None when legal, else the failing clause id."""
    return check_legal(_masks(grid))


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
    reshuffles: Iterable[Iterable[str]] | None = None,
) -> dict[str, Any]:
    """Build an arbitrary position (tests only, ALH-DOC-5). Nothing is auto-resolved.

    Cards may be written ``"blue7"`` or ``"b7"``; scoring cards ``"SCORE-A"`` or ``"A"``. The bag
    and the deck are in draw order (front first). Components not placed anywhere go:
    tiles to the bag (shuffled, after the given ones) when ``bag`` is None, else out of the
    game (``rest_tiles="bag"`` / ``"out"`` forces it); money to the bottom of the deck
    (``rest_money="deck"``), to the discard pile (``"discard"``) or to a seat's hand (an int).
    Scoring cards missing from the deck count as already drawn (set aside).
    """
    from engines.core import Rng

    opts = GAME.resolve_options(options)
    rng = Rng.seeded(seed)
    two = players == data.NEUTRAL_WHEN
    hands_l = [[norm_card(c) for c in h] for h in (hands or [[] for _ in range(players)])]
    hands_l += [[] for _ in range(players - len(hands_l))]
    alh = list(alhambras or [])
    alh += [{} for _ in range(players - len(alh))]
    res = [list(r) for r in (reserves or [])]
    res += [[] for _ in range(players - len(res))]
    sc = list(scores or [0] * players)
    if isinstance(market, Mapping):
        mk: list[str | None] = [market.get(sp) for sp in data.SPACES]
    else:
        mk = list(market or [None] * data.MARKET_SPACES)
    mk += [None] * (data.MARKET_SPACES - len(mk))
    st: dict[str, Any] = {
        "game": "alhambra",
        "n": players,
        "seats": list(range(players)),
        "options": opts,
        "rng": rng.state,
        "phase": phase,
        "active": active,
        "turn": turn,
        "start_player": 0,
        "start_tied": [],
        "players": [],
        "dirk": {"tiles": list(dirk or []), "score": dirk_score} if two else None,
        "market": mk,
        "bag": list(bag or []),
        "deck": [norm_card(c) for c in (deck or [])],
        "display": [norm_card(c) for c in (display or [])],
        "discard": [norm_card(c) for c in (discard or [])],
        "aside": [],
        "out": [],
        "scorings_done": list(scorings_done),
        "pending": [],
        "extra": extra,
        "bought": list(bought),
        "end": False,
        "end_queue": [],
        "last_scoring": None,
        "result": None,
    }
    if reshuffles:
        st["stack"] = {"reshuffles": [[norm_card(c) for c in r] for r in reshuffles]}
    for seat in range(players):
        grid = {f"{x},{y}": t for (x, y), t in ((_cell(c), t) for c, t in alh[seat].items())}
        grid.pop("0,0", None)
        grid = {"0,0": data.FOUNTAINS[seat], **grid}
        st["players"].append({"grid": grid, "reserve": res[seat], "hand": hands_l[seat], "score": sc[seat]})
    # tiles
    used = [t for t in mk if t] + st["bag"] + st["bought"] + (st["dirk"]["tiles"] if st["dirk"] else [])
    for p in st["players"]:
        used += [t for c, t in p["grid"].items() if c != "0,0"] + p["reserve"]
    if len(set(used)) != len(used) or not set(used) <= set(data.TILE_IDS):
        raise ValueError("a tile is used twice or unknown")
    rest = [t for t in data.TILE_IDS if t not in set(used)]
    mode = rest_tiles if rest_tiles != "auto" else ("bag" if bag is None else "out")
    if mode == "bag":
        rng.shuffle(rest)
        st["bag"] += rest
    else:
        st["out"] += rest
    # money
    full = data.money_deck(two, opts["two_player_money_copies"])
    for c in [c for c in st["deck"] if c not in data.SCORING_CARDS] + st["display"] + st["discard"] + [c for h in hands_l for c in h]:
        full.remove(c)  # ValueError: more copies than exist
    rng.shuffle(full)
    if rest_money == "deck":
        st["deck"] += full
    elif rest_money == "discard":
        st["discard"] += full
    else:
        st["players"][int(rest_money)]["hand"] += full
    for card in data.SCORING_CARDS:
        if card not in st["deck"]:
            st["aside"].append(card)
    st["rng"] = rng.state
    GAME._check(st)
    for seat in range(players):
        bad = grid_legality(st["players"][seat]["grid"])
        if bad:
            raise ValueError(f"seat {seat}: illegal Alhambra ({bad})")
    return st


def check_invariants(state: Mapping[str, Any]) -> None:
    """Full invariants (tests): ALH-PLACE-7 and ALH-WALL-7 on every Alhambra; every one of the
    54 tiles, every money card and both scoring cards in exactly one place."""
    from collections import Counter

    tiles = list(state["bag"]) + [t for t in state["market"] if t] + list(state["bought"]) + list(state["out"])
    for p in state["players"]:
        tiles += [t for c, t in p["grid"].items() if c != "0,0"] + list(p["reserve"])
        assert p["grid"]["0,0"] in data.FOUNTAINS
        bad = grid_legality(p["grid"])
        assert bad is None, f"ALH-PLACE-7: {bad}"
        from .geometry import wall_degree_ok

        assert wall_degree_ok(_masks(p["grid"])), "ALH-WALL-7"
    for e in state["end_queue"]:
        tiles += e[1]
    if state["dirk"] is not None:
        tiles += state["dirk"]["tiles"]
    assert sorted(tiles) == sorted(data.TILE_IDS), "tile conservation"
    cards = [c for c in state["deck"]] + list(state["display"]) + list(state["discard"]) + list(state["aside"])
    for p in state["players"]:
        cards += p["hand"]
    full = data.money_deck(state["n"] == data.NEUTRAL_WHEN, state["options"]["two_player_money_copies"]) + list(data.SCORING_CARDS)
    assert Counter(cards) == Counter(full), "money conservation"
    assert len(state["display"]) <= data.DISPLAY_SIZE
