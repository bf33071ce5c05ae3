"""``normal``: single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

One tree is grown over the bot's information sets, identified by the actions played from the root.
Every iteration deals a determinisation of the hidden information, walks down the tree using only the
children whose action is legal in that determinisation (UCB1 with *availability* counts: a child's
exploration term counts the iterations in which it could have been chosen, not the parent's visits),
expands one untried action, finishes the turn of the seat that chose it greedily (a bought tile is
judged once it is placed), and scores the position for every seat by its projected margin
(:mod:`.evaluate`). Each node's reward is taken from the point of view of
the seat that chose its action, so opponents in the tree play to win for themselves.

The search moves with :meth:`~engines.core.Game.play`: the states alone, without the events and marks a table
reads (the same rules and RNG, so the same choices as with ``apply``, at less cost per move).

Chance is part of the determinisation (the sampled state carries its own RNG), so dice and draws inside
one iteration are fixed; over many iterations the tree averages over them.

The knobs below were tuned with short ``referee arena`` runs (20-40 games, 40-100 iterations; see the
README's "Bot players"). Against ``easy`` in two-player Alhambra, finishing the turn took ``normal`` from
about 35 % to about 90 % (one-step judgement sees no gain in buying a tile that is not yet placed); a
UCB constant of 0.35 beat 0.7 (88 % against 77 %); random playouts after the leaf (PLAYOUT_DEPTH 4 or 8)
cost several times as much per iteration for no clear gain; greedy answers of the opponents before
scoring did not help in Luxor.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from engines.core import Game, Prompt, Rng, State

from .evaluate import rewards
from .policies import goes_round, own_options

#: exploration constant of UCB1 (rewards are in [0, 1])
EXPLORATION = 0.35
#: moves of random play after the tree before the position is scored (0: score the leaf itself)
PLAYOUT_DEPTH = 0
#: when a leaf leaves the same seat to decide again (the rest of its turn), it takes more decisions
#: greedily, trying at most FINISH_WIDTH options each and FINISH_BUDGET moves in all (0: score the leaf)
FINISH_BUDGET = 16
FINISH_WIDTH = 8


class Node:
    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int | None) -> None:
        self.seat = seat                      # who chose the action leading here
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


def _select(children: dict[str, Node], legal: list[str], c: float) -> str:
    """UCB1 over the legal children, their mean rewards rescaled to [0, 1] between the worst and the best
    of them: projected margins often differ by a few hundredths, which plain UCB would drown in its
    exploration term."""
    means = {a: children[a].reward / children[a].visits for a in legal}
    lo, hi = min(means.values()), max(means.values())
    span = hi - lo if hi > lo else 1.0
    return max(legal, key=lambda a: (means[a] - lo) / span
               + c * math.sqrt(math.log(max(1, children[a].avail)) / children[a].visits))


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
        state = game.play(state, p.seat, p.options[rng.below(len(p.options))].action)
    return state


def _finish_turn(game: Game, state: State, seat: int, rng: Rng, budget: int, width: int) -> State:
    """Play on while ``seat`` alone is to decide (the rest of its turn: placing what it bought, ...), each
    time the option that leaves it best placed, so a move is judged by the turn it starts, not by its
    first step (buying a tile scores nothing until it is placed). ``budget`` bounds the moves tried: a
    long run of one seat's decisions is a run of turns (the others have passed), which the tree explores."""
    while budget > 0:
        prompts = game.prompts(state)
        if len(prompts) != 1 or prompts[0].seat != seat:
            break
        options = prompts[0].options
        if len(options) > min(width, budget):
            options = tuple(options[i] for i in dict.fromkeys(rng.below(len(options))
                                                              for _ in range(min(width, budget))))
        budget -= len(options)
        best, best_value = state, -1.0
        for o in options:
            after = game.play(state, seat, o.action)
            value = rewards(game, after)[seat]
            if value > best_value:
                best, best_value = after, value
        state = best
    return state


def search(game: Game, info: State, seat: int, rng: Rng, stop: Callable[[int], bool],
           playout_depth: int | None = None) -> str:
    """The most visited root action after the search; a single legal option is returned at once."""
    depth = PLAYOUT_DEPTH if playout_depth is None else playout_depth
    c = EXPLORATION
    dealt = first = game.determinize(info, seat, rng)
    root_options = [o.action for o in own_options(game, dealt, seat)]
    if len(root_options) == 1:
        return str(root_options[0])
    root = Node(None)
    done = 0
    while not stop(done):
        if done:
            dealt = game.determinize(info, seat, rng)
        state = dealt
        path: list[Node] = []
        node = root
        # selection and expansion; at the root it is always the bot's own decision
        prompt: Prompt | None = next((p for p in game.prompts(state) if p.seat == seat), None)
        while prompt is not None:
            untried = []
            for o in prompt.options:
                child = node.children.get(o.action)
                if child is None:
                    untried.append(o.action)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.below(len(untried))]
                child = node.children[action] = Node(prompt.seat)
                child.avail = 1
            else:
                action = _select(node.children, [o.action for o in prompt.options], c)
                child = node.children[action]
            state = game.play(state, prompt.seat, action)
            path.append(child)
            node = child
            if untried:
                break
            prompts = game.prompts(state)
            prompt = _next_prompt(prompts) if prompts else None
        if FINISH_BUDGET and path and path[-1].seat is not None:
            state = _finish_turn(game, state, path[-1].seat, rng, FINISH_BUDGET, FINISH_WIDTH)
        if depth:
            state = _playout(game, state, rng, depth)
        values = rewards(game, state)
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.reward += values[n.seat]
        done += 1
    if not root.children:
        return str(root_options[0])
    ranked = sorted(root.children.items(), key=lambda kv: (-kv[1].visits, -kv[1].reward))
    if goes_round(game, first, seat, ranked[0][0]):   # a move that only leads round in a circle gives way
        return next((a for a, _ in ranked[1:] if not goes_round(game, first, seat, a)), ranked[0][0])
    return ranked[0][0]
