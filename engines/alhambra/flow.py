"""The turn flow (RULES §5, §10-§12, §15; DECISIONS "turn flow"): who decides what next, and
everything that happens between decisions without anyone choosing.

::

    C-03 action phase ─ take / non-exact buy / redesign / end ─▶ C-08 placement (if tiles were bought)
         ▲  └ exact buy: C-03 again (a further action)                    │
         │                                                                ▼
    next player ◀─ money refill → market refill → [scoring A/B → Dirk draw] ─▶ [end: distribution
                                                            → C-09 placements → final scoring → over]

The flow works on ``apply``'s copy of the state, copied on write (``common.apply_copy``): a list or dict
below its top level may be the state before's, so every change puts a changed copy in its place
(``common.own_player`` for a player), never changing one in place (tests/engines/alhambra/test_speed.py).

The phase is stored in ``state["phase"]``; :func:`pending_kind` maps it to the decision kind. The
flow carries on after a decision (``game.HANDLERS`` calls :func:`set_start` after C-02 and
:func:`carry_out_action` for C-03) and plays an action phase that has only one legal action itself
(ALH-TURN-5), so it reads the candidates of ``moves.py``; ``moves.py`` never calls back into here.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import islice
from typing import Any

from engines.core import Event, Msg, Rng, State

from . import data as D
from . import moves
from .common import (
    Events,
    K,
    Move,
    card_value,
    cards_msg,
    changed_illegal,
    cur_msg,
    gkey,
    grid_illegal,
    grid_wall,
    hand_total,
    own_player,
    type_counts,
    type_msg,
)
from .scoring import score_round

#: reorders, in place, a pile that is reshuffled, drawing from the given RNG (a test may fix the order)
Shuffle = Callable[[list[str], Rng], None]


def rng_shuffle(pile: list[str], rng: Rng) -> None:
    rng.shuffle(pile)

#: phase → the decision kind (DECISIONS.md) pending in it
PHASE_KIND = {"start_choice": "C-02", "action": "C-03", "placement": "C-08", "end_placement": "C-09"}


def pending_kind(s: State) -> str | None:
    return PHASE_KIND.get(s["phase"])


def actor(s: State) -> int | None:
    """The seat that must decide now (the host's tie-break is asked of seat 0)."""
    ph = s["phase"]
    if ph in ("action", "placement"):
        seat: int | None = s["active"]
        return seat
    if ph == "end_placement":
        return s["end_queue"][0][0] if s["end_queue"] else None
    if ph == "start_choice":
        return 0  # the host decides; the engine asks seat 0 (the host's stand-in)
    return None


# --------------------------------------------------------------------------- start and turns


def set_start(s: State, start: int, ev: Events) -> None:
    """ALH-SETUP-9/14: the start player begins the first turn."""
    s["start_player"] = start
    s["start_tied"] = []
    hand = s["players"][start]["hand"]
    if ev is not None:
        ev.append(Event(Msg(K + "ev.start_player", {"player": start, "count": len(hand), "total": hand_total(hand)})))
    s["active"] = start
    begin_turn(s, ev)


def begin_turn(s: State, ev: Events) -> None:
    s["turn"] += 1
    s["phase"] = "action"
    s["extra"] = False
    s["bought"] = []
    if ev is not None:
        ev.append(Event(Msg(K + "ev.turn", {"player": s["active"], "turn": s["turn"]})))
    advance_action(s, ev)


def advance_action(s: State, ev: Events) -> None:
    """Resolve the action phase while it has 0 or 1 legal option (ALH-TURN-5, DECISIONS C-03)."""
    while s["phase"] == "action":
        if moves.has_two_takes(s):  # most turns: two takes are already two legal actions
            return
        opts = list(islice(moves.legal_actions(s), 2))
        if len(opts) >= 2:
            return
        if not opts:
            if ev is not None:
                ev.append(Event(Msg(K + ("ev.no_further_action" if s["extra"] else "ev.no_action"), {"player": s["active"]})))
            end_action_phase(s, ev)
            return
        only = opts[0]
        if ev is not None:
            ev.append(Event(Msg(K + "ev.auto", {"player": s["active"], "choice": only.label})))
        carry_out_action(s, only.move, ev)


def carry_out_action(s: State, move: Move, ev: Events) -> None:
    """An action of the action phase (C-03, chosen or the only one), then the phase ends, unless an
    exact buy lets it go on (ALH-BUY-6, ALH-TURN-3)."""
    if not moves.apply_action(s, move, ev):
        end_action_phase(s, ev)


def end_action_phase(s: State, ev: Events) -> None:
    s["extra"] = False
    if s["bought"]:
        s["phase"] = "placement"  # C-08 never auto-resolves
    else:
        end_of_turn(s, ev)


def advance(s: State, ev: Events) -> None:
    """After a decision: let the flow run on to the next decision (or the end)."""
    if s["phase"] == "action" and s["extra"]:  # an exact buy: the phase continues (ALH-BUY-6)
        advance_action(s, ev)
    elif s["phase"] == "placement" and not s["bought"]:
        end_of_turn(s, ev)
    elif s["phase"] == "end_placement":
        advance_end(s, ev)


# --------------------------------------------------------------------------- end of a turn


def end_of_turn(s: State, ev: Events, shuffle: Shuffle | None = None) -> None:
    """ALH-TURN-6 steps 2-6 (placement is done). ``shuffle`` reorders a reshuffled discard pile
    (default: the state's seeded RNG)."""
    rng = Rng(s["rng"])
    refill_money(s, ev, rng, shuffle or rng_shuffle)
    refill_market(s, ev)
    # step 4: scoring A/B, then Dirk (ALH-SCORE-1, ALH-REFILL-4, ALH-2P-4/5)
    pending = s["pending"]
    for rnd in [r for r in D.ROUNDS if r in pending] if pending else ():
        left = s["pending"][:]  # a new list: the state before may share it (common.apply_copy)
        left.remove(rnd)
        s["pending"] = left
        score(s, rnd, ev)
        if s["dirk"] is not None:
            bag_n = len(s["bag"])
            want = D.DIRK_AFTER_A if rnd == "A" else bag_n // D.DIRK_AFTER_B_DIVISOR
            bag = s["bag"]
            got = bag[:min(want, bag_n)]  # the top of the bag; the rest is a new list (common.apply_copy)
            s["bag"] = bag[len(got):]
            s["dirk"]["tiles"].extend(got)
            if ev is not None:
                ev.append(Event(Msg(K + "ev.dirk_draw", {"count": len(got), "tiles": got})))
    s["rng"] = rng.state
    # step 5/6
    if s["end"]:
        end_game(s, ev)
    else:
        s["active"] = (s["active"] + 1) % s["n"]
        begin_turn(s, ev)


def draw_card(s: State, ev: Events, rng: Rng, shuffle: Shuffle) -> str | None:
    """Draw the top deck card, reshuffling the discard when the deck is empty (ALH-REFILL-2, -5)."""
    if not s["deck"]:
        if not s["discard"]:
            return None
        pile = list(s["discard"])
        shuffle(pile, rng)
        s["deck"] = pile
        s["discard"] = []
        if ev is not None:
            ev.append(Event(Msg(K + "ev.reshuffle", {"count": len(pile)})))
    card: str = s["deck"].pop(0)
    return card


def refill_money(s: State, ev: Events, rng: Rng, shuffle: Shuffle) -> None:
    """Step 2 (ALH-REFILL-1 … 5). The public log tells the draws in their order (ALH-INFO-3): money
    cards drawn before a scoring card, a reshuffle or a shortfall are logged before it."""
    new_cards: list[str] = []
    display = s["display"]
    if len(display) < D.DISPLAY_SIZE:  # new lists: the state before may share them (common.apply_copy)
        display = s["display"] = display[:]
        s["deck"] = s["deck"][:]  # draw_card takes from it
    while len(display) < D.DISPLAY_SIZE:
        if not s["deck"]:
            _told(ev, new_cards)  # a reshuffle (or the shortfall) comes after the cards already drawn
        card = draw_card(s, ev, rng, shuffle)
        if card is None:
            if ev is not None:
                ev.append(Event(Msg(K + "ev.money_short", {"count": len(display)})))
            break
        if card in D.SCORING_CARDS:
            _told(ev, new_cards)
            s["aside"] = [*s["aside"], card]  # new lists: the state before may share them (common.apply_copy)
            s["pending"] = [*s["pending"], card]
            if ev is not None:
                ev.append(Event(Msg(K + "ev.scoring_card", {"round": card})))
            continue
        display.append(card)
        new_cards.append(card)
    _told(ev, new_cards)


def _told(ev: Events, new_cards: list[str]) -> None:
    """The money cards drawn so far, told in one event (then forgotten)."""
    if new_cards:
        if ev is not None:
            ev.append(Event(Msg(K + "ev.refill_money", {"cards": cards_msg(new_cards)})))
        new_cards.clear()


def refill_market(s: State, ev: Events) -> None:
    """Step 3 (ALH-REFILL-6 … 8): an empty bag triggers the end."""
    market = s["market"]
    if None in market:  # new lists: the state before may share them (common.apply_copy)
        market = s["market"] = market[:]
        s["bag"] = s["bag"][:]
    for i in range(D.MARKET_SPACES):
        if market[i] is None:
            if s["bag"]:
                tile = s["bag"].pop(0)
                market[i] = tile
                if ev is not None:
                    ev.append(Event(Msg(K + "ev.refill_market", {"space": D.SPACES[i], "tile": tile, "type": type_msg(tile), "price": D.PRICE[tile]})))
            else:
                s["end"] = True
    if s["end"] and ev is not None:
        ev.append(Event(Msg(K + "ev.end_trigger", {})))


# --------------------------------------------------------------------------- scoring and the end


def participants(s: State) -> tuple[dict[Any, dict[str, int]], dict[Any, int]]:
    counts: dict[Any, dict[str, int]] = {}
    walls: dict[Any, int] = {}
    for seat, p in enumerate(s["players"]):
        counts[seat] = type_counts(p["grid"].values())
        walls[seat] = grid_wall(gkey(p["grid"]), s["options"]["wall_ring_scoring"])
    if s["dirk"] is not None:
        counts["dirk"] = type_counts(s["dirk"]["tiles"])
    return counts, walls


def score(s: State, rnd: str, ev: Events) -> None:
    """A scoring round (§12) with a published breakdown per participant (ALH-SCORE-10)."""
    counts, walls = participants(s)
    rows = score_round(rnd, counts, walls)
    out_rows = []
    if ev is not None:
        ev.append(Event(Msg(K + "ev.scoring", {"round": Msg(K + "round." + rnd)})))
    for who, row in rows.items():
        holder = own_player(s, who) if isinstance(who, int) else s["dirk"]
        holder["score"] += row["total"]
        detail = [Msg(K + "type_points", {"type": Msg(K + "type." + t), "points": v}) for t, v in row["types"].items() if v]
        params: dict[str, Any] = {
            "round": Msg(K + "round." + rnd), "total": row["total"], "types": detail or "-", "wall": row["wall"],
            "score": holder["score"],
        }
        if who == "dirk":
            if ev is not None:
                ev.append(Event(Msg(K + "ev.score_row_dirk", params)))
        else:
            params["player"] = who
            if ev is not None:
                ev.append(Event(Msg(K + "ev.score_row", params)))
        out_rows.append({"who": who, "types": dict(row["types"]), "wall": row["wall"], "total": row["total"]})
    if rnd != "final":
        s["scorings_done"] = [*s["scorings_done"], rnd]  # a new list (common.apply_copy)
    s["last_scoring"] = {"round": rnd, "rows": out_rows}


def end_game(s: State, ev: Events) -> None:
    """ALH-END-4/5: distribution of the remaining market tiles, then C-09, then the final."""
    last = s["active"]
    s["active"] = None
    s["market"] = s["market"][:]  # a new list: the state before may share it (common.apply_copy)
    spaces = [i for i in range(D.MARKET_SPACES) if s["market"][i] is not None]
    currencies = [c for c in D.CURRENCIES if any(D.SPACE_CURRENCY[D.SPACES[i]] == c for i in spaces)]
    totals = [
        {c: sum(card_value(x) for x in p["hand"] if x[0] == D.LETTER[c]) for c in D.CURRENCIES} for p in s["players"]
    ]
    if spaces:  # ALH-INFO-5
        for seat in range(s["n"]):
            shown = [Msg(K + "card", {"currency": cur_msg(c), "value": totals[seat][c]}) for c in currencies]
            if ev is not None:
                ev.append(Event(Msg(K + "ev.reveal", {"player": seat, "totals": shown})))
    received: dict[int, list[str]] = {}
    for i in spaces:
        tile = s["market"][i]
        cur = D.SPACE_CURRENCY[D.SPACES[i]]
        best = max(t[cur] for t in totals)
        top = [seat for seat in range(s["n"]) if totals[seat][cur] == best]
        s["market"][i] = None
        if len(top) == 1:
            received.setdefault(top[0], []).append(tile)
            if ev is not None:
                ev.append(Event(Msg(K + "ev.distribute", {"space": D.SPACES[i], "tile": tile, "player": top[0], "total": best})))
        else:
            s["out"] = [*s["out"], tile]  # a new list (common.apply_copy)
            if ev is not None:
                ev.append(Event(Msg(K + "ev.distribute_none", {"space": D.SPACES[i], "tile": tile})))
    order = [(last + 1 + k) % s["n"] for k in range(s["n"])]
    s["end_queue"] = [[seat, received[seat]] for seat in order if seat in received]
    s["phase"] = "end_placement"
    advance_end(s, ev)


def advance_end(s: State, ev: Events) -> None:
    """ALH-END-6 … 8: the next recipient places (C-09); when none is left, the final scoring."""
    while s["end_queue"] and not s["end_queue"][0][1]:
        s["end_queue"].pop(0)
    if s["end_queue"]:
        return
    score(s, "final", ev)
    scores = [p["score"] for p in s["players"]]
    best = max(scores)
    winners = [i for i, v in enumerate(scores) if v == best]
    s["result"] = {"scores": scores, "winners": winners, "dirk": s["dirk"]["score"] if s["dirk"] is not None else None}
    s["phase"] = "over"
    s["active"] = None
    if ev is not None:
        ev.append(Event(Msg(K + "ev.game_over", {"players": winners, "score": best})))


# --------------------------------------------------------------------------- invariants and reveals


#: whether every move runs the self-checks (:func:`check_grid` on the changed Alhambra, :func:`check_invariants`
#: after the flow): off in play (they never fail on a correct engine and cost about a tenth of a move), on in the
#: engine's tests (tests/engines/alhambra/conftest.py), which also run the full invariants of ``testing.py``
SELF_CHECKS = False


@lru_cache(maxsize=8)
def _money_total(two_player: bool, copies: int) -> int:
    return len(D.money_deck(two_player, copies))


def check_grid(s: State, seat: int, changed: tuple[str, str] | None = None) -> None:
    """ALH-PLACE-7 after ``seat``'s Alhambra changed: it is still legal. ``changed``: the one cell of a
    grid that was legal and how it changed (``"add"``, ``"swap"``, ``"remove"``), judged by what that
    change can break (:func:`~.common.changed_illegal`); else the whole grid is judged."""
    grid = s["players"][seat]["grid"]
    bad = grid_illegal(gkey(grid)) if changed is None else changed_illegal(grid, *changed)
    assert bad is None, f"ALH-PLACE-7 broken ({bad})"


def check_invariants(s: State, seat: int | None = None) -> None:
    """Cheap invariants after every change: tile and money conservation, ALH-PLACE-7 for ``seat``."""
    players = s["players"]
    tiles = len(s["bag"]) + len(s["market"]) - s["market"].count(None) + len(s["bought"]) + len(s["out"])
    tiles += sum([len(p["grid"]) + len(p["reserve"]) for p in players]) - len(players)
    tiles += sum([len(e[1]) for e in s["end_queue"]])
    if s["dirk"] is not None:
        tiles += len(s["dirk"]["tiles"])
    assert tiles == D.TILES_TOTAL, f"tile conservation broken: {tiles}"
    money = len(s["deck"]) + len(s["display"]) + len(s["discard"]) + len(s["aside"])
    money += sum([len(p["hand"]) for p in players])
    expected = _money_total(s["n"] == D.NEUTRAL_WHEN, s["options"]["two_player_money_copies"]) + len(D.SCORING_CARDS)
    assert money == expected, f"money conservation broken: {money} != {expected}"
    if seat is not None and 0 <= seat < s["n"]:
        check_grid(s, seat)


def hidden_mark(s: State) -> tuple[int, int, int]:
    """What changes exactly when something hidden comes into the open: the deck and bag sizes and the
    RNG (a draw, a reshuffle)."""
    return len(s["deck"]), len(s["bag"]), s["rng"]


def revealed(s: State, before: tuple[int, int, int], events: list[Event], since: int) -> bool:
    """Whether the change from ``before`` (a :func:`hidden_mark`) drew from the deck or the bag,
    reshuffled, or showed the hands' totals (ALH-INFO-5)."""
    if hidden_mark(s) != before:
        return True
    return s["phase"] in ("end_placement", "over") and any(e.message.key == K + "ev.reveal" for e in events[since:])
