"""The quick bots: ``random`` and ``easy``.

``easy`` judges its options on the states :meth:`~engines.core.Game.play` makes (no events or marks, which it
never reads); :func:`goes_round`, which compares whole states, moves with ``apply`` as the table does."""
from __future__ import annotations

from engines.core import Game, Option, Rng, State

from .evaluate import rewards

#: ``easy`` looks at no more than this many options (a sample, when there are more), unless the title narrows it
#: (:attr:`engines.core.Game.easy_width`)
EASY_WIDTH = 40
#: what a finished game is worth to ``easy`` (:func:`own_value`): more than any score of a running game
FINISHED = 1000.0


def own_options(game: Game, state: State, seat: int) -> list[Option]:
    """The options of ``seat``'s pending decision (on any determinisation they are the same: they depend
    only on what the seat knows)."""
    options = [o for p in game.prompts(state) if p.seat == seat for o in p.options]
    if not options:
        raise ValueError(f"seat {seat} has no decision to make")
    return options


#: how many of its own decisions a bot follows greedily to see whether a move only leads round in a circle
CIRCLE_STEPS = 8


def goes_round(game: Game, state: State, seat: int, action: str, steps: int = CIRCLE_STEPS) -> bool:
    """Whether ``action`` starts a circle: following the seat's own greedy decisions (first best, no chance)
    comes back to a position already met. One-step judgement can otherwise loop for ever where a turn lets
    a choice be taken back (Egizia's "crew back" before the first item: build, crew, back, build …)."""
    seen = [state]
    after = game.apply(state, seat, action).state
    for _ in range(steps):
        if any(after == s for s in seen):
            return True
        seen.append(after)
        prompts = game.prompts(after)
        if len(prompts) != 1 or prompts[0].seat != seat:
            return False
        after = max((game.apply(after, seat, o.action).state for o in prompts[0].options),
                    key=lambda s: rewards(game, s)[seat])
    return False


def random_choice(game: Game, info: State, seat: int, rng: Rng) -> str:
    state = game.determinize(info, seat, rng)
    options = own_options(game, state, seat)
    return str(options[rng.below(len(options))].action)


def stop_here(game: Game, state: State, seat: int, steps: int = CIRCLE_STEPS) -> State:
    """``state`` after the seat, still alone to act, stops there: it plays its do-nothing choice (the title's
    :meth:`~engines.core.Game.timeout_action`) until someone else is to act (at most ``steps`` times). An
    option is judged by where it leaves the turn, not by the middle of it: without this, passing (which ends
    Egizia's sailing and brings the other player's famine in now) outscored every ship still to be sailed,
    and the bot passed with 8 ships in hand."""
    for _ in range(steps):
        if game.is_over(state):
            break
        prompts = game.prompts(state)
        if len(prompts) != 1 or prompts[0].seat != seat:
            break
        state = game.play(state, seat, game.timeout_action(state, seat))
    return state


def own_value(game: Game, state: State, seat: int) -> float:
    """What ``easy`` plays for: its own projected score (:meth:`~engines.core.Game.projected_scores`), not its
    margin over the others (the ``normal`` bot's :mod:`.evaluate`), and above any score a finished game it
    wins. Playing for its own points keeps ``easy`` the weaker level: it never spends a move to hold a rival
    back (and no longer passes Egizia's sailing to bring the other player's famine in early). A finished
    game ranks above every running position (:data:`FINISHED`, one more for a win): the end is on offer only
    with the game's last move."""
    result = game.result(state)
    if result is not None:
        return FINISHED + (1.0 if seat in result.winners else 0.0)
    return float(game.projected_scores(state)[seat])


def easy_width(game: Game) -> int:
    """How many options of one decision ``easy`` weighs: the title's :attr:`~engines.core.Game.easy_width`, else
    :data:`EASY_WIDTH`. Luxor narrows it to 3: a Luxor option is a whole turn (card, figure and its movement;
    the rest of the turn is where it stops), two to six are offered, and weighing all of them made ``easy``
    as strong as ``normal``'s 100-iteration search there (issue 23 item 14: ``normal`` won 52.0 %)."""
    return game.easy_width or EASY_WIDTH


def easy_choice(game: Game, info: State, seat: int, rng: Rng) -> str:
    """Greedy one step ahead on one sampled position: the option after which the seat's own projected score
    is highest once it stops there (:func:`stop_here`, :func:`own_value`). It weighs a sample of at most
    :func:`easy_width` options, drawn with replacement (so a repeat leaves fewer). A tie goes, at random, to any option but
    the do-nothing one (the title's timeout action): a ship on the Nile scores nothing at once, and a coin
    toss between it and passing threw most ships away. An option that only leads round in a circle gives
    way to the best one that does not (:func:`goes_round`)."""
    state = game.determinize(info, seat, rng)
    options = own_options(game, state, seat)
    width = easy_width(game)
    if len(options) > width:
        picked = sorted(rng.below(len(options)) for _ in range(width))
        options = [options[i] for i in dict.fromkeys(picked)]
    best: list[str] = []
    best_value = -1e18
    values: dict[str, float] = {}
    for option in options:
        after = stop_here(game, game.play(state, seat, option.action), seat)
        value = values[option.action] = own_value(game, after, seat)
        if value > best_value + 1e-12:
            best, best_value = [option.action], value
        elif abs(value - best_value) <= 1e-12:
            best.append(option.action)
    if len(best) > 1:  # a tie: the do-nothing choice gives way to any other (ships stay unused otherwise)
        idle = game.timeout_action(state, seat)
        best = [a for a in best if a != idle] or best
    choice = best[rng.below(len(best))]
    if goes_round(game, state, seat, choice):
        ranked = sorted(values, key=lambda a: -values[a])       # stable: the offered order breaks ties
        choice = next((a for a in ranked if a != choice and not goes_round(game, state, seat, a)), choice)
    return choice
