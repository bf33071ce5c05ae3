"""A Hypothesis rule-based state machine over every engine's public contract (issue #9).

Hypothesis drives whole games through ``prompts``/``apply``: legal options chosen by it, illegal and
garbage actions, wrong seats. Whatever it does, the engine keeps its contract: a legal option is
accepted, anything else raises ``IllegalAction`` naming a clause and leaves the state untouched, states
stay plain JSON, views are JSON and the public view never changes on a refused action.
"""
from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from engines import GAME_IDS, get_game
from engines.core import Game, IllegalAction, State

GARBAGE = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", " ", "take", "buy 9 99", "place X 0,0", "play Q", "keep 99", "feed -1", "pass pass",
                     "move", "start 9", "\x00", "é", "a" * 81]),
)


def _machine(title: str) -> type[RuleBasedStateMachine]:
    game: Game = get_game(title)

    class EngineMachine(RuleBasedStateMachine):
        state: State
        players: int

        @initialize(players=st.integers(game.min_players, game.max_players), seed=st.integers(0, 2**31))
        def setup(self, players: int, seed: int) -> None:
            self.players = players
            self.state = game.new_game(players, None, seed).state
            self.moves = 0

        def _frozen(self) -> str:
            return json.dumps(self.state, sort_keys=True)

        @precondition(lambda self: not game.is_over(self.state) and self.moves < 400)
        @rule(data=st.data())
        def play_a_legal_option(self, data: Any) -> None:
            prompts = game.prompts(self.state)
            assert prompts, "a running game always has a pending decision"
            p = data.draw(st.sampled_from(prompts))
            option = data.draw(st.sampled_from(p.options))
            before = self._frozen()
            outcome = game.apply(self.state, p.seat, option.action)
            assert self._frozen() == before, "apply mutated its input"
            self.state = outcome.state
            self.moves += 1

        @precondition(lambda self: not game.is_over(self.state))
        @rule(action=GARBAGE, seat=st.integers(-2, 7))
        def garbage_is_refused_and_changes_nothing(self, action: str, seat: int) -> None:
            legal = {o.action for p in game.prompts(self.state) if p.seat == seat for o in p.options}
            if action in legal:
                return
            before, view = self._frozen(), json.dumps(game.public_view(self.state), sort_keys=True, default=str)
            try:
                game.apply(self.state, seat, action)
            except IllegalAction as exc:
                assert exc.clause and exc.message.key
            else:
                # a spelling the engine accepts must at least be one a player could type (e.g. a payment
                # outside the short list): never for a seat that has no decision pending
                assert any(p.seat == seat for p in game.prompts(self.state)), (seat, action)
            assert self._frozen() == before
            assert json.dumps(game.public_view(self.state), sort_keys=True, default=str) == view

        @precondition(lambda self: not game.is_over(self.state))
        @rule(data=st.data())
        def a_legal_option_for_the_wrong_seat_is_refused(self, data: Any) -> None:
            prompts = game.prompts(self.state)
            p = data.draw(st.sampled_from(prompts))
            waiting = {q.seat for q in prompts}
            others = [s for s in range(self.players) if s not in waiting]
            if not others:
                return
            seat = data.draw(st.sampled_from(others))
            before = self._frozen()
            try:
                game.apply(self.state, seat, p.options[0].action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"seat {seat} acted out of turn with {p.options[0].action!r}")
            assert self._frozen() == before

        @invariant()
        def state_is_plain_json_and_views_serialise(self) -> None:
            if not hasattr(self, "state"):
                return
            assert json.loads(json.dumps(self.state)) == self.state
            json.dumps(game.public_view(self.state), default=str)
            for seat in range(self.players):
                json.dumps(game.private_view(self.state, seat), default=str)
            assert bool(game.prompts(self.state)) != game.is_over(self.state)

    EngineMachine.__name__ = f"{title.capitalize()}Machine"
    return EngineMachine


_SETTINGS = settings(max_examples=10, stateful_step_count=50, deadline=None, derandomize=True,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])

for _title in GAME_IDS:
    _case = _machine(_title).TestCase
    _case.settings = _SETTINGS
    globals()[f"Test{_title.capitalize()}Machine"] = _case
del _case
