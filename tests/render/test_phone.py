"""The phone-first images (issue #20): at most 800 px wide, no text under 20 px, the player to act in their
colour, the last move marked, the longest Czech and Polish labels fitting their boxes, no secret (the
secrecy tests in tests/test_hidden_info.py and tests/test_no_secret_public.py cover the images too)."""
from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import render.common as rc
from engines import get_game
from engines.core import State
from render import api
from render import phone as P
from render.phone_luxor import _colours

from .test_text_fits import _clear_caches

NAMES = ["Ann", "Ben", "Cyril", "Dana", "Eve", "Filip"]
TITLES = ("alhambra", "egizia", "luxor")


def _game_positions(title: str, players: int, seed: int, every: int) -> Iterator[State]:
    """A seeded random game: its start, every ``every``-th position and its end."""
    game = get_game(title)
    rnd = random.Random(seed)
    state = game.new_game(players, {}, seed).state
    yield state
    step = 0
    while game.prompts(state):
        p = rnd.choice(game.prompts(state))
        state = game.apply(state, p.seat, rnd.choice(p.options).action).state
        step += 1
        if step % every == 0 or not game.prompts(state):
            yield state


def _png(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[list[int], list[str]]]:
    """Every text size and every cut text drawn, with all pieces and caches forgotten first."""
    sizes: list[int] = []
    cuts: list[str] = []
    monkeypatch.setattr(P, "SIZES", sizes)
    monkeypatch.setattr(rc, "OVERFLOWS", cuts)
    P.clear_pieces()
    _clear_caches()
    yield sizes, cuts
    P.clear_pieces()
    _clear_caches()


@pytest.mark.parametrize("title", TITLES)
def test_no_text_on_the_phone_image_or_hand_is_under_20_px(title: str, recorded: Any) -> None:
    """Every text the phone image and the private hand image draw is at least 20 px tall (#20)."""
    sizes, _ = recorded
    game = get_game(title)
    for players in (game.min_players, game.max_players):
        for state in _game_positions(title, players, players, every=25):
            view = game.public_view(state)
            for locale in ("en", "cs", "pl"):
                img = _png(api.phone(view, NAMES[:players], locale))
                assert img.width <= 800
                seat = next(iter(game.current_seats(state)), 0)
                hand = _png(api.hand(view, game.private_view(state, seat), NAMES[:players], locale))
                assert hand.width <= 800
    assert len(sizes) > 500
    assert min(sizes) >= P.MIN_TEXT, sorted(set(sizes))[:5]


def test_a_text_drawn_smaller_would_be_seen() -> None:
    """The size check is real: :func:`render.phone.text` raises a smaller size to 20 px and records it."""
    img = Image.new("RGB", (800, 100))
    P.SIZES = []
    try:
        P.text(img, (0, 0), "tiny", 9)
        P.text(img, (0, 40), "a label far too long for its box, shrunk to the smallest size", 40, max_width=200)
        assert P.SIZES == [20, 20]
    finally:
        P.SIZES = None


@pytest.mark.parametrize("title", TITLES)
def test_the_longest_czech_and_polish_labels_fit_the_phone_image(title: str, recorded: Any) -> None:
    """No label of the phone image or the hand is cut with "…" in en, cs or pl (names are short here)."""
    _, cuts = recorded
    game = get_game(title)
    found: set[tuple[str, str]] = set()
    for players in (game.min_players, game.max_players):
        for state in _game_positions(title, players, players + 10, every=15):
            view = game.public_view(state)
            for locale in ("en", "cs", "pl"):
                cuts.clear()
                api.phone(view, NAMES[:players], locale)
                seat = next(iter(game.current_seats(state)), 0)
                api.hand(view, game.private_view(state, seat), NAMES[:players], locale)
                found |= {(locale, text) for text in cuts}
    assert not found, sorted(found)[:20]


def _colour_of(view: Any, seat: int) -> tuple[int, int, int]:
    if view["game"] == "luxor":
        return _colours(view)[seat]
    return P.colour_of(seat)


@pytest.mark.parametrize("title", TITLES)
def test_start_middle_and_end_of_a_seeded_game(title: str) -> None:
    """Structure of the phone image at the start, the middle and the end of one seeded 4-player game: the
    band of the player to act in their colour (the winner's at the end), one standings row per player,
    ≤ 800 px wide and ≤ 150 KB."""
    game = get_game(title)
    states = list(_game_positions(title, 4, 3, every=10))
    for state in (states[0], states[len(states) // 2], states[-1]):
        view = game.public_view(state)
        data = api.phone(view, NAMES[:4], "en")
        img = _png(data).convert("RGB")
        assert img.width == 800 and 400 <= img.height <= 2000
        assert len(data) <= 150_000
        result = game.result(state)
        if result is None:
            seats = game.current_seats(state)
            if len(seats) == 1:
                assert img.getpixel((400, 4)) == _colour_of(view, seats[0])
        elif len(result.winners) == 1:
            assert img.getpixel((400, 4)) == _colour_of(view, result.winners[0])
        # the standings: every seat's marker colour appears in the left column below the header
        column = {img.getpixel((36, y)) for y in range(P.HEADER_H + 10, img.height - 10)}
        for seat in range(4):
            assert _colour_of(view, seat) in column, (title, seat)


def _mark_pixels(img: Image.Image) -> int:
    rgb = img.convert("RGB")
    return sum(1 for px in rgb.getdata() if px == P.MARK)


def _apply(title: str, players: int, seed: int, actions: list[tuple[int, str]]) -> State:
    game = get_game(title)
    state = game.new_game(players, {}, seed).state
    for seat, action in actions:
        state = game.apply(state, seat, action).state
    return state


def _first(game: Any, state: State, verb: str) -> tuple[int, str]:
    for p in game.prompts(state):
        for o in p.options:
            if o.action.split()[0] == verb:
                return p.seat, o.action
    raise AssertionError(f"no {verb!r} move offered")


def test_alhambra_marks_the_bought_space_and_the_placed_cell() -> None:
    """A tile bought from a market space (ALH C-03) and placed (C-08): the view names the space, the tile
    and the cell; the phone image and the full board draw the mark; before any move nothing is marked."""
    game = get_game("alhambra")
    state = game.new_game(3, {}, 5).state
    assert game.public_view(state)["last_move"] is None
    assert _mark_pixels(_png(api.phone(game.public_view(state), NAMES[:3]))) == 0
    seat, buy = _first(game, state, "buy")
    space = int(buy.split()[1])
    tile = state["market"][[1, 2, 3, 4].index(space)]
    state = game.apply(state, seat, buy).state
    lm = game.public_view(state)["last_move"]
    assert lm is not None and lm["seat"] == seat and lm["spaces"] == [space] and lm["tiles"] == [tile]
    seat2, place = _first(game, state, "place")
    assert seat2 == seat
    state = game.apply(state, seat, place).state
    x, y = (int(v) for v in place.split()[2].split(","))
    lm = game.public_view(state)["last_move"]
    assert lm is not None and lm["cells"] == [[x, y]] and lm["spaces"] == [space]  # one turn, marked as a whole
    view = game.public_view(state)
    assert _mark_pixels(_png(api.phone(view, NAMES[:3]))) > 200
    assert _mark_pixels(_png(api.board(view, NAMES[:3]))) > 200


def test_egizia_marks_the_ship_placed_on_the_nile() -> None:
    """A ship placed on a Nile space (EGZ sailing, D-05): the view names that river index and the phone image
    draws the mark."""
    game = get_game("egizia")
    state = game.new_game(3, {}, 5).state
    view = game.public_view(state)
    assert view["last_move"] is None and _mark_pixels(_png(api.phone(view, NAMES[:3]))) == 0
    seat, place = next((p.seat, o.action) for p in game.prompts(state) for o in p.options
                       if o.action.split()[0] == "place" and len(o.action.split()) == 2)
    state = game.apply(state, seat, place).state
    view = game.public_view(state)
    assert view["last_move"] is not None
    assert view["last_move"]["seat"] == seat and view["last_move"]["river"] == [int(place.split()[1])]
    assert _mark_pixels(_png(api.phone(view, NAMES[:3]))) > 200
    assert _mark_pixels(_png(api.board(view, NAMES[:3]))) > 200


def test_luxor_marks_the_adventurer_that_moved_and_the_card_played() -> None:
    """A card played and an adventurer moved (LUX C-04, C-06): the view names the adventurer with where it
    came from and where it went, and the card; the phone image and the full board draw the mark."""
    game = get_game("luxor")
    state = game.new_game(2, {}, 7).state
    while True:  # play until a turn moved an adventurer
        p = game.prompts(state)[0]
        before = [[a["pos"] for a in s["adv"]] for s in state["seats"]]
        state = game.apply(state, p.seat, p.options[0].action).state
        lm = game.public_view(state)["last_move"]
        if lm and lm["advs"]:
            break
    s, idx, a, b = lm["advs"][0]
    assert before[s][idx - 1] == a and state["seats"][s]["adv"][idx - 1]["pos"] == b and a != b
    assert lm["card"] is not None
    view = game.public_view(state)
    assert _mark_pixels(_png(api.phone(view, NAMES[:2]))) > 200
    assert _mark_pixels(_png(api.board(view, NAMES[:2]))) > 200


@pytest.mark.parametrize("title", TITLES)
def test_a_game_stored_before_marks_existed_still_draws(title: str) -> None:
    """A state without the ``last_move`` key (stored before #20) gives a view without marks, and moves
    from it stay unmarked (the stored game is not changed in shape)."""
    game = get_game(title)
    state = game.new_game(2, {}, 3).state
    del state["last_move"]
    p = game.prompts(state)[0]
    state = game.apply(state, p.seat, p.options[0].action).state
    assert "last_move" not in state
    view = game.public_view(state)
    assert view["last_move"] is None
    assert _png(api.phone(view, NAMES[:2])).width == 800
