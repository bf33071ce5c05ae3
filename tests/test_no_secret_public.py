"""No secret in anything public (issue 8.8): everything posted in the channel is a function of public
information only.

For each game and player count, along a random game, the real position and two others that differ
from it only in what nobody but the hands' owners can see (determinised from the spectator's
information state, ``information_state(state, None)``) must give byte-identical

(a) public views (``game.public_view``),
(b) board PNGs (``render.renderer(title).render_public``) and the phone-first images (``render.api.phone``,
    the image a board message shows first, with the last move's marks),
(c) the channel message: text, embed and the board's components (buttons: custom ids, labels,
    emoji, styles) from the adapter's ``compose_turn``,
(d) public event lines of the next move, for a move legal in all three positions (when that move
    brings nothing hidden into the open, e.g. a card drawn from the deck).

Clauses: ALH-INFO-1 … 4, EGZ-INFO-1 … 3, LUX-INFO-1 … 5.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from bot.discord import compose_turn
from bot.table.model import GameRow, Seat, Snapshot
from bot.text import say_events
from engines import get_game
from engines.core import Game, IllegalAction, Rng, State
from render import api, renderer

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
CASES = [("alhambra", 2), ("alhambra", 4), ("alhambra", 6), ("egizia", 2), ("egizia", 4), ("luxor", 2), ("luxor", 4)]
EVERY = {"alhambra": 40, "egizia": 12, "luxor": 18}
STATS: Counter[str] = Counter()


def positions(game: Game, n: int, seed: int) -> list[State]:
    rnd = random.Random(seed)
    state = game.new_game(n, {}, seed).state
    out, k = [], 0
    while not game.is_over(state):
        if k % EVERY[game.id] == 0:
            out.append(state)
        p = rnd.choice(game.prompts(state))
        state = game.apply(state, p.seat, rnd.choice(p.options).action).state
        k += 1
    out.append(state)
    return out


def worlds(game: Game, state: State, k: int) -> list[State]:
    """The real state and two that differ from it only in secrets (same spectator information)."""
    info = game.information_state(state, None)
    return [state, game.determinize(info, None, Rng.seeded(2 * k + 1)), game.determinize(info, None, Rng.seeded(2 * k + 2))]


def snapshot(game: Game, state: State, version: int) -> Snapshot:
    n = len(state["players"]) if "players" in state else len(state["seats"])
    row = GameRow(
        id=7, channel_id="chan", guild_id="guild", title=game.id, status="active", host_id="u0", options={},
        seed=1, locale="en", version=version, state=state, created_at=0.0, updated_at=0.0,
        seats=[Seat(i, f"u{i}", NAMES[i]) for i in range(n)],
    )
    return Snapshot(row, game, game.prompts(state), game.public_view(state), game.result(state))


def channel_message(game: Game, state: State, version: int, locale: str) -> str:
    content, embed, view = compose_turn(snapshot(game, state, version), ["line one", "line two"], locale)
    return json.dumps({"content": content, "embed": embed.to_dict(), "components": view.to_components()}, sort_keys=True)


def _cases(game_filter: str | None = None) -> list[Any]:
    out = []
    for name, n in CASES:
        if game_filter is None or name == game_filter:
            out.append(pytest.param(name, n, id=f"{name}-{n}"))
    return out


@pytest.mark.parametrize(("name", "n"), _cases())
def test_public_view_and_board_image_hold_no_secret(name: str, n: int) -> None:
    """(a) and (b): positions that differ only in secrets give identical public views and PNGs."""
    game = get_game(name)
    draw = renderer(name)
    for k, state in enumerate(positions(game, n, n)):
        views = [json.dumps(game.public_view(w), sort_keys=True) for w in worlds(game, state, k)]
        assert views[1] == views[0] and views[2] == views[0]
        pngs = {draw.render_public(game.public_view(w), NAMES[:n], "en") for w in worlds(game, state, k)}
        assert len(pngs) == 1, f"{name}: the board image depends on a secret at position {k}"
        phone = {api.phone(game.public_view(w), NAMES[:n], "cs") for w in worlds(game, state, k)}
        assert len(phone) == 1, f"{name}: the phone image depends on a secret at position {k}"
        STATS["positions (a, b)"] += 1


def _check_channel(name: str, n: int) -> None:
    game = get_game(name)
    for k, state in enumerate(positions(game, n, n + 1)):
        for locale in ("en", "cs"):
            msgs = {channel_message(game, w, k + 1, locale) for w in worlds(game, state, k)}
            assert len(msgs) == 1, f"{name}: the channel message or its buttons depend on a secret at position {k}"
        STATS["positions (c)"] += 1


@pytest.mark.parametrize(("name", "n"), _cases("egizia") + _cases("luxor"))
def test_channel_message_and_buttons_hold_no_secret(name: str, n: int) -> None:
    """(c): the channel message (text, embed, buttons) is identical across positions that differ only
    in secrets."""
    _check_channel(name, n)


@pytest.mark.parametrize(("name", "n"), _cases("alhambra"))
def test_alhambra_channel_buttons_hold_no_secret(name: str, n: int) -> None:
    """(c) for Alhambra: the board's buttons must not tell whether the mover's hidden hand can pay for
    a market tile (ALH-INFO-3): the Buy button is offered whenever the action phase is (C-03)."""
    _check_channel(name, n)


def mover_worlds(game: Game, state: State, seat: int, k: int) -> list[State]:
    """The real state and two that differ from it only in what ``seat`` cannot see."""
    info = game.information_state(state, seat)
    return [state, game.determinize(info, seat, Rng.seeded(2 * k + 1)), game.determinize(info, seat, Rng.seeded(2 * k + 2))]


@pytest.mark.parametrize(("name", "n"), _cases())
def test_next_move_public_events_hold_no_secret(name: str, n: int) -> None:
    """(d): the same move in positions that differ only in secrets gives the same public event lines,
    unless the move brings hidden things into the open (then the spectator's information states after
    the move differ, and so may the lines). The positions differ in everything a spectator cannot see
    when the move is legal in all of them, else (the move depends on the mover's own hand) in
    everything the mover cannot see."""
    game = get_game(name)
    rnd = random.Random(n)
    compared = 0
    for k, state in enumerate(positions(game, n, n + 2)):
        if game.is_over(state):
            continue
        options = [(p.seat, o.action) for p in game.prompts(state) for o in p.options]
        rnd.shuffle(options)
        for seat, action in options[:20]:
            for ws in (worlds(game, state, k), mover_worlds(game, state, seat, k)):
                try:
                    outs = [game.apply(w, seat, action) for w in ws]
                except IllegalAction:
                    continue  # depends on the mover's hand, which differs between these worlds
                after = {json.dumps(game.information_state(o.state, None), sort_keys=True) for o in outs}
                if len(after) > 1:
                    STATS["moves that reveal (skipped)"] += 1
                    break
                lines = {json.dumps(say_events(o.events, "en", NAMES[:n])) for o in outs}
                assert len(lines) == 1, f"{name}: the public lines of {action!r} depend on a secret"
                compared += 1
                STATS["moves compared (d)"] += 1
                break
    assert compared >= 3


def test_report_numbers() -> None:
    """Not a check: prints what the tests above counted (run with -s)."""
    print("no-secret stats:", dict(STATS))
