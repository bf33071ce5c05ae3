"""``normal``: single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

One tree is grown over the bot's information sets, identified by the actions played from the root.
Every iteration deals a fresh determinisation of the hidden information, walks down the tree using
only the children whose action is legal in that determinisation (UCB1 with *availability* counts: a
child's exploration term counts the iterations in which it could have been chosen, not the parent's
visits), expands one untried action, plays a short random playout and scores the position for every
seat (:mod:`.evaluate`). Each node's reward is taken from the point of view of the seat that chose its
action, so opponents in the tree play to win for themselves.

Chance is part of the determinisation (the sampled state carries its own RNG), so dice and draws inside
one iteration are fixed; over many iterations the tree averages over them.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from engines.core import Game, Prompt, Rng, State

from .evaluate import rewards
from .policies import own_options

#: exploration constant of UCB1 (rewards are in [0, 1])
EXPLORATION = 0.7
#: moves of random play after the tree before the position is scored
PLAYOUT_DEPTH = 16


class Node:
    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat                      # who chose the action leading here
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0

    def ucb(self) -> float:
        return self.reward / self.visits + EXPLORATION * math.sqrt(math.log(max(1, self.avail)) / self.visits)


def _next_prompt(prompts: list[Prompt]) -> Prompt:
    """The decision to expand next. Simultaneous decisions are taken one seat after the other, lowest
    seat first: each seat's choice does not depend on the others' (they are hidden until all chose)."""
    return min(prompts, key=lambda p: p.seat)


def _playout(game: Game, state: State, rng: Rng, depth: int) -> State:
    for _ in range(depth):
        prompts = game.prompts(state)
        if not prompts:
            break
        p = prompts[rng.below(len(prompts))]
        state = game.apply(state, p.seat, p.options[rng.below(len(p.options))].action).state
    return state


def search(game: Game, info: State, seat: int, rng: Rng, stop: Callable[[int], bool],
           playout_depth: int = PLAYOUT_DEPTH) -> str:
    """The most visited root action after the search; a single legal option is returned at once."""
    first = game.determinize(info, seat, rng)
    root_options = [o.action for o in own_options(game, first, seat)]
    if len(root_options) == 1:
        return str(root_options[0])
    root = Node(None)
    done = 0
    state = first
    while not stop(done):
        if done:
            state = game.determinize(info, seat, rng)
        path: list[Node] = []
        node = root
        # selection and expansion; at the root it is always the bot's own decision
        prompt: Prompt | None = next((p for p in game.prompts(state) if p.seat == seat), None)
        while prompt is not None:
            legal = [o.action for o in prompt.options]
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.avail += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                action = untried[rng.below(len(untried))]
                child = node.children[action] = Node(prompt.seat)
                child.avail = 1
            else:
                action = max(legal, key=lambda a: node.children[a].ucb())
                child = node.children[action]
            state = game.apply(state, prompt.seat, action).state
            path.append(child)
            node = child
            if untried:
                break
            prompts = game.prompts(state)
            prompt = _next_prompt(prompts) if prompts else None
        state = _playout(game, state, rng, playout_depth)
        values = rewards(game, state)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.reward += values[n.seat]
        done += 1
    if not root.children:
        return str(root_options[0])
    best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))
    return best[0]
