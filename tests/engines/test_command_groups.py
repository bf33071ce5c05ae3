"""Engines declare their command groups; every option any engine offers falls in exactly one (issue #9).

The Discord adapter builds each game's subcommands and board buttons from these declarations, so a new
verb can no longer silently drop out of its subcommand.
"""
from __future__ import annotations

import pytest

from engines import GAME_IDS, get_game
from engines.core import Rng

from .golden.record import CASES


@pytest.mark.parametrize("title", GAME_IDS)
def test_groups_are_well_formed(title: str) -> None:
    game = get_game(title)
    assert game.command_groups
    names = [g.name for g in game.command_groups]
    assert len(names) == len(set(names))
    verbs = [v for g in game.command_groups for v in g.verbs]
    assert len(verbs) == len(set(verbs)), "a verb in two groups"
    for g in game.command_groups:
        assert g.name.islower() and 1 <= len(g.name) <= 32 and g.kinds
    assert game.info.min_players == game.min_players and game.info.max_players == game.max_players


@pytest.mark.parametrize("title", GAME_IDS)
def test_every_offered_option_falls_in_exactly_one_group_for_its_kind(title: str) -> None:
    game = get_game(title)
    seen: set[str] = set()
    for players, options, base in CASES[title]:
        for seed in (base, base + 1000):
            state = game.new_game(players, options, seed).state
            chooser = Rng.seeded(seed)
            while not game.is_over(state):
                prompts = game.prompts(state)
                for p in prompts:
                    for o in p.options:
                        owners = [g for g in game.command_groups if o.action.split()[0] in g.verbs]
                        assert len(owners) == 1, (p.kind, o.action)
                        assert p.kind in owners[0].kinds, (p.kind, o.action, owners[0].name)
                        seen.add(owners[0].name)
                p = prompts[chooser.below(len(prompts))]
                state = game.apply(state, p.seat, p.options[chooser.below(len(p.options))].action).state
    assert seen == {g.name for g in game.command_groups}, "a declared group was never offered"
