"""``Game.play``: the state ``apply`` makes, without the marks, for searches (issue 24).

Every title's ``play`` is checked against its ``apply`` on seeded random games: the same state after every move
(the last move's marks aside: ``play`` leaves no ``last_move`` key), the state before never changed, the same
refusals for illegal actions, and a whole game played with ``play`` alone ends as with ``apply``.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from engines import get_game
from engines.core import LAST_MOVE, Game, IllegalAction, RulesGame, State, clone

CASES = [("alhambra", 2), ("alhambra", 4), ("egizia", 3), ("luxor", 2), ("luxor", 4)]


def _bare(state: State) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != LAST_MOVE}


def _refusal(call: Any) -> tuple[str, str, Any]:
    with pytest.raises(IllegalAction) as err:
        call()
    return err.value.clause, err.value.message.key, dict(err.value.message.params)


@pytest.mark.parametrize(("title", "players"), CASES)
def test_play_makes_apply_s_state_without_the_marks(title: str, players: int) -> None:
    game = get_game(title)
    rnd = random.Random(f"{title}{players}")
    state = game.new_game(players, {}, rnd.randrange(1 << 30)).state
    assert LAST_MOVE in state
    moves = 0
    while (prompts := game.prompts(state)) and moves < 400:
        p = rnd.choice(prompts)
        action = rnd.choice(p.options).action
        before = clone(state)
        played = game.play(state, p.seat, action)
        applied = game.apply(state, p.seat, action).state
        assert state == before, "play never changes the state it is given"
        assert LAST_MOVE not in played
        assert played == _bare(applied)
        # a state without marks stays without them, under apply too, and plays on the same
        bare = _bare(state)
        assert game.play(bare, p.seat, action) == played
        assert _bare(game.apply(bare, p.seat, action).state) == played
        assert LAST_MOVE not in game.apply(bare, p.seat, action).state
        state = applied
        moves += 1
    assert moves > 20


@pytest.mark.parametrize(("title", "players"), CASES)
def test_play_refuses_what_apply_refuses(title: str, players: int) -> None:
    game = get_game(title)
    rnd = random.Random(7)
    state = game.new_game(players, {}, rnd.randrange(1 << 30)).state
    for _ in range(30):
        prompts = game.prompts(state)
        p = prompts[0]
        other = next(s for s in range(players) if s not in game.current_seats(state))
        before = clone(state)
        for seat, action in ((p.seat, "nonsense 1"), (p.seat, "take ５"), (p.seat, "x" * 200),
                             (other, p.options[0].action)):
            assert _refusal(lambda st=state, s=seat, a=action: game.play(st, s, a)) == \
                _refusal(lambda st=state, s=seat, a=action: game.apply(st, s, a))
        assert state == before
        state = game.apply(state, p.seat, rnd.choice(p.options).action).state


@pytest.mark.parametrize(("title", "players"), CASES)
def test_a_game_played_with_play_alone_ends_as_with_apply(title: str, players: int) -> None:
    game = get_game(title)
    seed = random.Random(title).randrange(1 << 30)
    ends = []
    for by_play in (False, True):
        rnd = random.Random(3)
        state = game.new_game(players, {}, seed).state
        while prompts := game.prompts(state):
            p = rnd.choice(prompts)
            action = rnd.choice(p.options).action
            state = game.play(state, p.seat, action) if by_play else game.apply(state, p.seat, action).state
        ends.append((_bare(state), game.result(state)))
    assert ends[0] == ends[1]
    assert ends[1][1] is not None


def test_the_shared_pipeline_s_play_is_apply_s_state_without_the_marks() -> None:
    """:meth:`RulesGame.play` (the pipeline a title gets unless it makes ``play`` cheaper itself)."""
    game = get_game("alhambra")
    rnd = random.Random(11)
    state = game.new_game(3, {}, 5).state
    for _ in range(60):
        p = rnd.choice(game.prompts(state))
        action = rnd.choice(p.options).action
        before = clone(state)
        played = RulesGame.play(game, state, p.seat, action)
        assert state == before
        assert played == _bare(game.apply(state, p.seat, action).state)
        assert Game.play(game, state, p.seat, action) == played  # the base class's: apply's state, marks dropped
        assert state == before
        state = game.apply(state, p.seat, action).state
