"""One handler per decision kind of DECISIONS.md, put together in ``game.HANDLERS``.

A handler knows, for its kind:

* ``candidates(s, seat)`` — every candidate action with its verdict (:class:`~.common.Candidate`);
  the prompt offers the legal ones, in this order;
* ``find(s, seat, action)`` — the candidate a typed action is (looked up among the candidates, or,
  for payments, parsed and judged by the same judge); an action that is not even a candidate is
  explained by ``explain.py``, which raises the refusal;
* ``carry_out(s, seat, move, ev)`` — the move itself, on the engine's private copy; the flow then
  runs on to the next decision (``flow.set_start`` after C-02, ``flow.carry_out_action`` around C-03's
  :func:`apply_action`, ``flow.advance``); nothing here calls into the flow. That copy is copied on write
  (``common.apply_copy``): its lists and dicts below the top level may be the state before's, so a change
  puts a changed copy in place (``common.own_player`` for a player) and never changes one in place;
* ``title(s, seat)`` — the prompt's title; ``timeout(options)`` — the action played when the
  seat's time runs out (documented in ``game.py``).

Kinds: C-02 (host's start-player tie-break), C-03 (the action phase, with C-04 … C-07 folded in:
take / buy + payment / redesign / end), C-08 (placing bought tiles), C-09 (placing tiles received
at the end).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, NamedTuple

from engines.core import Event, Msg, Option, State

from . import data as D
from . import explain
from .common import (
    Candidate,
    Events,
    GridKey,
    K,
    Move,
    Refusal,
    _new,
    active_seat,
    card_value,
    cards_msg,
    changed_cell,
    cur_msg,
    given,
    gkey,
    hand_values,
    layout,
    own_player,
    refuse,
    takes,
    type_msg,
    who_places,
)
from .payments import Payment, judge_payment, legal_payments, offered_payments, space_values


@dataclass(frozen=True)
class Handler:
    kind: str
    options: Callable[[State, int], tuple[Option, ...]]
    find: Callable[[State, int, str], Candidate]
    carry_out: Callable[[State, int, Move, Events], None]
    title: Callable[[State, int], Msg]
    timeout: Callable[[Sequence[Option]], str]


def first_match(cands: Iterable[Candidate], action: str) -> Candidate | None:
    for c in cands:
        if c.action == action:
            return c
    return None


Entry = tuple[str, Callable[..., Msg], tuple[Any, ...], Move]
"""A legal candidate as a plain tuple: action, label maker, its arguments, move."""


class Offer(NamedTuple):
    """The legal candidates of one part of a prompt, computed once per distinct input (memoised:
    everything in it is immutable): the entries in prompt order, their options and their action
    strings (an action is looked up by the first entry with that string)."""

    entries: tuple[Entry, ...]
    options: tuple[Option, ...]
    actions: tuple[str, ...]

    @property
    def cands(self) -> tuple[Candidate, ...]:
        return tuple(Candidate(*e) for e in self.entries)

    def find(self, action: str) -> Candidate | None:
        try:
            i = self.actions.index(action)
        except ValueError:
            return None
        return Candidate(*self.entries[i])


#: options already made, by action and label arguments (an option is immutable, so prompts share
#: them; the action's verb fixes the label maker); emptied when it grows large
_OPTIONS: dict[tuple[str, tuple[Any, ...]], Option] = {}
_OPTIONS_MAX = 4_000


def _option(action: str, make: Callable[..., Msg], args: tuple[Any, ...]) -> Option:
    key = (action, args)
    o = _OPTIONS.get(key)
    if o is None:
        if len(_OPTIONS) >= _OPTIONS_MAX:
            _OPTIONS.clear()
        o = _OPTIONS[key] = Option.lazy(action, make, *args)
    return o


#: the entries of grid-dependent parts (redesigns, placements) with their options, made once per
#: (tile, cell[, old tile]) and shared by every part that offers them: a prompt part made again for a
#: new grid makes no new strings or tuples for the entries it had before; a table is emptied when it has
#: made many (only the swaps' table, by tile, cell and old tile, grows that large: the others stay filled)
_MADE: dict[str, dict[str, Any]] = {"add": {}, "swap": {}, "remove": {}, "place": {}}
_MADE_MAX = 10_000
_MADE_COUNT = dict.fromkeys(_MADE, 0)


#: an entry with its option and its action: an offer is made of these at once (:func:`_offer_from`)
Made = tuple[Entry, Option, str]


def _made(kind: str, action: str, make: Callable[..., Msg], args: tuple[Any, ...], move: Move) -> Made:
    """A new entry of the :data:`_MADE` table ``kind`` with its option and action (the table is emptied first
    when it has made many). The option is not put in :data:`_OPTIONS`: the table keeps it."""
    n = _MADE_COUNT[kind] = _MADE_COUNT[kind] + 1
    if n > _MADE_MAX:
        _MADE_COUNT[kind] = 0
        _MADE[kind].clear()
    return (action, make, args, move), Option.lazy(action, make, *args), action


def _made_swap(olds: dict[str, Made], tile: str, old: str, lab: str) -> Made:
    """A new swap entry of ``tile`` for ``old`` on ``lab`` (a :func:`_made` of the table ``"swap"``), sharing its
    action and move with the entries of the same tile and cell held in ``olds`` (only the label differs)."""
    args = (tile, old, lab)
    if not olds:
        return _made("swap", f"redesign swap {tile} {lab}", _swap_label, args, ("swap", (tile, lab)))
    e, _, action = next(iter(olds.values()))
    return _made("swap", action, _swap_label, args, e[3])


def _row(table: dict[str, Any], key: str) -> dict[str, Any]:
    row = table.get(key)
    if row is None:
        row = table[key] = {}
    return row


def _tile_on_cells(row: dict[str, Made], tile: str, mask: int, cands: tuple[tuple[str, int, int], ...], verb: str,
                   make: Callable[..., Msg], kind: str, add: Callable[[Made], None]) -> None:
    """Offer ``tile`` on every candidate cell its walls fit (``mask & occ == req``), as ``"VERB TILE CELL"``
    (a redesign's add, a placement), reusing the entries made before (``row``: this tile's, by cell)."""
    get = row.get
    for lab, occ, req in cands:
        if mask & occ == req:
            eo = get(lab)
            if eo is None:
                args = (tile, lab)
                eo = row[lab] = _made(kind, f"{verb} {tile} {lab}", make, args, (kind, args))
            add(eo)


_EMPTY_OFFER = Offer((), (), ())


def _offer_from(made: list[Made]) -> Offer:
    """The offer of these entries, options and actions, in this order (the three tuples made at once)."""
    if not made:
        return _EMPTY_OFFER
    return _new(Offer, zip(*made, strict=False))  # (every one has 3 parts; strict costs a check per column)


# =========================================================================== C-02 start player


def _start_label(t: int) -> Msg:
    return Msg(K + "opt.start", {"player": t})


def start_candidates(s: State, seat: int) -> Iterator[Candidate]:
    for t in s["start_tied"]:
        yield Candidate(f"start {t}", _start_label, (t,), ("start", t))


def start_options(s: State, seat: int) -> tuple[Option, ...]:
    return tuple(c.option() for c in start_candidates(s, seat))


def start_find(s: State, seat: int, action: str) -> Candidate:
    # only the offered strings ("start <seat>"), never another spelling of a seat
    return first_match(start_candidates(s, seat), action) or explain.start(action)


def start_carry_out(s: State, seat: int, move: Move, ev: Events) -> None:
    """The host's choice is told; the flow then gives that seat the first turn (``flow.set_start``)."""
    chosen = move[1]
    if ev is not None:
        ev.append(Event(Msg(K + "ev.start_chosen", {"player": chosen})))


def start_title(s: State, seat: int) -> Msg:
    return Msg(K + "prompt.start", {"players": list(s["start_tied"])})


def start_timeout(options: Sequence[Option]) -> str:
    return options[0].action  # the first tied seat in seat order


# =========================================================================== C-03 the action phase


def _take_label(cards: tuple[str, ...]) -> Msg:
    return Msg(K + "opt.take", {"cards": cards_msg(list(cards)), "total": sum(card_value(c) for c in cards)})


@lru_cache(maxsize=64)
def take_offer(display: tuple[str, ...]) -> Offer:
    """The takes of a display (ALH-MONEY-1), as candidates (a one-card take's entry and option made once per
    card and display index: :data:`_ONE_TAKE`)."""
    made: list[Made] = []
    get = _OPTIONS.get
    one = _ONE_TAKE
    for action, idx, cards in takes(display):
        if len(idx) == 1:
            made.append(one[idx[0], cards[0]])
        else:
            args = (cards,)
            made.append(((action, _take_label, args, ("take", idx)),
                         get((action, args)) or _option(action, _take_label, args), action))
    return _offer_from(made)


class _OneTake(dict[tuple[int, str], Made]):
    """(display index, card) → the entry, option and action of taking that one card, made on first use."""

    def __missing__(self, key: tuple[int, str]) -> Made:
        i, card = key
        cards = (card,)
        action = "take " + card
        made = self[key] = ((action, _take_label, (cards,), ("take", (i,))), Option.lazy(action, _take_label, cards),
                            action)
        return made


_ONE_TAKE = _OneTake()


def buy_label(tile: str, space: int, pay: Payment, exact: bool) -> Msg:
    paid = "+".join(map(str, pay))
    # a long over-payment is summarised so that the label stays short
    shown: str | Msg = paid if len(pay) <= 10 else Msg(K + "paid_many", {"count": len(pay), "total": sum(pay)})
    return Msg(
        K + ("opt.buy_exact" if exact else "opt.buy"),
        {"space": space, "tile": tile, "type": type_msg(tile), "price": D.PRICE[tile],
         "currency": cur_msg(D.SPACE_CURRENCY[space]), "paid": shown},
    )


def _buy_entry(i: int, tile: str, pay: Payment, exact: bool) -> Entry:
    space = D.SPACES[i]
    return (f"buy {space} {'+'.join(map(str, pay))}", buy_label, (tile, space, pay, exact), ("buy", (i, pay, exact)))


@lru_cache(maxsize=64)
def buy_offer(i: int, tile: str, values: tuple[int, ...]) -> Offer:
    """The offered payments (C-05/C-06: the short list) for ``tile`` on market index ``i`` from the
    seat's ``values`` of that space's currency."""
    price = D.PRICE[tile]
    assert price is not None
    offered = offered_payments(values, price)
    if not offered:
        return _EMPTY_OFFER
    made = _BUYS.get((i, tile))
    if made is None:
        if len(_BUYS) >= _BUYS_MAX:
            _BUYS.clear()
        made = _BUYS[(i, tile)] = {}
    out: list[Made] = []
    for pay, exact in offered:
        eo = made.get(pay)
        if eo is None:
            e = _buy_entry(i, tile, pay, exact)
            eo = made[pay] = (e, Option.lazy(e[0], e[1], *e[2]), e[0])  # kept here, not in _OPTIONS
        out.append(eo)
    return _offer_from(out)


#: the entries of :func:`buy_offer` with their options, by market index and tile, then by payment (whether a
#: payment is exact follows from the tile's price): a hand that changes makes no new strings or tuples for the
#: payments it had offered before; emptied when large
_BUYS: dict[tuple[int, str], dict[Payment, Made]] = {}
_BUYS_MAX = 512


def buy_candidates(s: State, seat: int, i: int, every: bool = False) -> Iterable[Candidate]:
    """The offered payments for market index ``i`` (C-05/C-06: the short list), or with ``every``
    all legal ones; each passes ``judge_payment``."""
    tile = s["market"][i]
    if tile is None:
        return ()
    values = space_values(s, seat, D.SPACES[i])
    if not every:
        return buy_offer(i, tile, values).cands
    price = D.PRICE[tile]
    assert price is not None
    return (Candidate(*_buy_entry(i, tile, p, sum(p) == price)) for p in legal_payments(values, price))


def parse_buy(s: State, seat: int, action: str) -> Candidate:
    """A typed ``buy <space> <values>`` as a candidate judged by :func:`judge_payment` (there are too
    many payments to enumerate: any legal one is accepted, listed or not)."""
    toks = action.split(" ")
    if len(toks) != 3 or toks[1] not in _SPACE_WORDS:
        raise refuse("ALH-BUY-1", "err.bad_action", action=action[:40])
    space = int(toks[1])
    i = D.SPACES.index(space)
    tile = s["market"][i]
    if tile is None:
        raise refuse("ALH-BUY-8" if s["bought"] else "ALH-BUY-1", "err.space_empty", space=space)
    parts = toks[2].split("+")
    if not all(len(x) == 1 and x in "123456789" for x in parts):
        raise refuse("ALH-BUY-2", "err.bad_payment", action=action[:40])
    pay = tuple(sorted((int(x) for x in parts), reverse=True))  # the canonical order
    exact = sum(pay) == D.PRICE[tile]
    verdict = judge_payment(s, seat, i, pay)
    paid = "+".join(map(str, pay))
    if verdict is None and paid != toks[2]:  # a legal payment, written in another order: only canonical strings
        raise refuse("ALH-BUY-2", "err.write_as", action=f"buy {space} {paid}")
    return Candidate(action, buy_label, (tile, space, pay, exact), ("buy", (i, pay, exact)), verdict)


_SPACE_WORDS = frozenset(str(sp) for sp in D.SPACES)


def _add_label(tile: str, lab: str) -> Msg:
    return Msg(K + "opt.add", {"tile": tile, "type": type_msg(tile), "cell": lab})


def _remove_label(tile: str, lab: str) -> Msg:
    return Msg(K + "opt.remove", {"tile": tile, "type": type_msg(tile), "cell": lab})


def _swap_label(tile: str, old: str, lab: str) -> Msg:
    return Msg(K + "opt.swap", {"tile": tile, "old": old, "cell": lab})


def redesign_candidates(p: dict[str, Any]) -> tuple[Candidate, ...]:
    """ALH-REDESIGN-2 (a) add, (b) remove, (c) swap; only legal instances."""
    return _redesigns(p).cands


def _redesigns(p: dict[str, Any]) -> Offer:
    return redesign_offer(gkey(p["grid"]), tuple(p["reserve"]))


@lru_cache(maxsize=32)
def redesign_offer(key: GridKey, reserve: tuple[str, ...]) -> Offer:
    """:func:`redesign_candidates` of a grid and reserve (swaps: ALH-ALG-4): (a) add each reserve tile
    on each legal cell, (b) remove each removable tile, (c) swap each reserve tile in where it fits."""
    if len(key[0]) <= 1 and not reserve:
        return _EMPTY_OFFER
    lay = layout(key)
    made: list[Made] = []
    add = made.append
    mask = D.MASK
    if reserve:
        cands = lay.cands
        table = _MADE["add"]
        for tile in reserve:
            _tile_on_cells(_row(table, tile), tile, mask[tile], cands, "redesign add", _add_label, "add", add)
    # (the removal and swap rows looked up in place, without _row: a call costs as much as a few cells' loop)
    tile_at = dict(zip(key[0], key[1], strict=True))
    table = _MADE["remove"]
    for lab in lay.removable:
        old = tile_at[lab]
        row = table.get(lab)
        eo = row.get(old) if row is not None else None
        if eo is None:
            eo = _row(table, lab)[old] = _made(
                "remove", f"redesign remove {lab}", _remove_label, (old, lab), ("remove", lab))
        add(eo)
    if reserve and len(key[0]) > 1:
        swaps = lay.swaps
        table = _MADE["swap"]
        for tile in reserve:
            m = mask[tile]
            by_cell = _row(table, tile)
            get = by_cell.get
            for lab, occ, req in swaps:
                if m & occ == req:
                    old = tile_at[lab]
                    olds: dict[str, Made] | None = get(lab)
                    eo = olds.get(old) if olds is not None else None
                    if eo is None:
                        olds = _row(by_cell, lab)
                        eo = olds[old] = _made_swap(olds, tile, old, lab)
                    add(eo)
    return _offer_from(made)


_END = Candidate("end", given, (Msg(K + "opt.end", {}),), ("end", None))
_END_OPTION = _END.option()
_END_NOT_NOW = _END._replace(verdict=Refusal("ALH-TURN-2", "err.end_only_after_exact"))
_END_MANDATORY = _END._replace(verdict=Refusal("ALH-OPT-3", "err.extra_mandatory"))


def end_candidate(s: State) -> Candidate:
    """Ending the action phase after an exact buy (ALH-TURN-3, option ``exact_payment_extra_action``)."""
    if not s["extra"]:
        return _END_NOT_NOW
    if s["options"]["exact_payment_extra_action"] != "optional":
        return _END_MANDATORY
    return _END


def action_candidates(s: State, seat: int, every: bool = False) -> Iterator[Candidate]:
    """The candidates of the action phase, in prompt order (C-03 … C-07); payments are the offered
    short list, or with ``every`` all legal ones (too many to offer, counted by the flow)."""
    yield from take_offer(tuple(s["display"])).cands
    for i in range(D.MARKET_SPACES):
        yield from buy_candidates(s, seat, i, every)
    yield from redesign_candidates(s["players"][seat])
    yield end_candidate(s)


def action_options(s: State, seat: int) -> tuple[Option, ...]:
    """The options of the action phase: the legal :func:`action_candidates` (made of memoised parts)."""
    out = list(take_offer(tuple(s["display"])).options)
    p = s["players"][seat]
    hand = tuple(p["hand"])
    spaces = _HAND_BUYS.get(hand)
    if spaces is None:
        spaces = _hand_buys(hand)
    for i, tile in enumerate(s["market"]):
        if tile is not None:
            values, by_tile, total = spaces[i]
            opts = by_tile.get(tile)
            if opts is None:
                # (C-05: a tile dearer than the space's money offers no payment)
                opts = by_tile[tile] = buy_offer(i, tile, values).options if total >= _PRICE[tile] else ()
            out += opts
    out += _redesigns(p).options
    if s["extra"] and end_candidate(s).verdict is None:
        out.append(_END_OPTION)
    return tuple(out)


#: per hand (its cards in hand order), per market index: the values of the space's currency and the offered buy
#: options by tile (:func:`buy_offer`'s), so that a prompt looks its hand up once; emptied when large (few hands
#: come back after long)
_HAND_BUYS: dict[tuple[str, ...], tuple[tuple[tuple[int, ...], dict[str, tuple[Option, ...]], int], ...]] = {}
_HAND_BUYS_MAX = 32
_PRICE: dict[str, int] = {t: p for t, p in D.PRICE.items() if p is not None}


def _hand_buys(hand: tuple[str, ...]) -> tuple[tuple[tuple[int, ...], dict[str, tuple[Option, ...]], int], ...]:
    """The entry of :data:`_HAND_BUYS` for ``hand``: per market index, the values, the options by tile (none
    yet) and the values' total."""
    if len(_HAND_BUYS) >= _HAND_BUYS_MAX:
        _HAND_BUYS.clear()
    spaces = _HAND_BUYS[hand] = tuple((values, {}, sum(values)) for values in hand_values(hand))
    return spaces


def has_two_takes(s: State) -> bool:
    """Whether the display offers at least two takes (then the action phase has two legal actions:
    :func:`legal_actions` lists the takes first): without making the takes (ALH-MONEY-1: every card is a take
    of its own, identical cards one take, so two different cards are two takes; two or more copies of one card
    are a second take when two of them total at most ``TAKE_MULTI_MAX``). tests/engines/alhambra/test_speed.py
    checks it against :func:`take_offer`."""
    display = s["display"]
    if len(display) < 2:
        return False
    first = display[0]
    for c in display:
        if c != first:
            return True
    return 2 * card_value(first) <= D.TAKE_MULTI_MAX


def legal_actions(s: State) -> Iterator[Candidate]:
    """Every legal action of the action phase, lazily: the flow resolves the phase by itself when
    there is at most one (ALH-TURN-5), whatever the prompt would list."""
    seat = active_seat(s)
    for e in take_offer(tuple(s["display"])).entries:  # most turns end the search here
        yield Candidate(*e)
    for i in range(D.MARKET_SPACES):
        yield from buy_candidates(s, seat, i, every=True)
    for e in _redesigns(s["players"][seat]).entries:
        yield Candidate(*e)
    end = end_candidate(s)
    if end.verdict is None:
        yield end


def action_find(s: State, seat: int, action: str) -> Candidate:
    head = action.split(" ")[0]
    found: Candidate | None = None
    if head == "take":
        found = take_offer(tuple(s["display"])).find(action)
    elif head == "buy":
        return parse_buy(s, seat, action)
    elif head == "redesign":
        found = _redesigns(s["players"][seat]).find(action)
    elif action == "end":
        return end_candidate(s)
    return found or explain.action(s, seat, action)


def apply_action(s: State, move: Move, ev: Events) -> bool:
    """Carry out an action of the action phase; returns whether the phase goes on (an exact buy), else
    the flow ends it (``flow.carry_out_action``)."""
    kind, arg = move
    seat = active_seat(s)
    if kind == "take":  # ALH-MONEY-1/2
        display = s["display"] = s["display"][:]  # a new list (common.apply_copy)
        cards = [display[i] for i in arg]
        for i in sorted(arg, reverse=True):
            display.pop(i)
        p = own_player(s, seat)
        p["hand"] = p["hand"] + cards  # a new list (common.apply_copy)
        if ev is not None:
            ev.append(Event(Msg(K + "ev.take", {"player": seat, "cards": cards_msg(cards)})))
    elif kind == "buy":  # ALH-BUY-1 … 6
        if _buy(s, seat, arg, ev):
            s["extra"] = True  # ALH-BUY-6, ALH-TURN-3: the phase goes on
            return True
    elif kind == "end":
        if ev is not None:
            ev.append(Event(Msg(K + "ev.end_actions", {"player": seat})))
    else:  # redesign (ALH-REDESIGN-1 … 4)
        _redesign(own_player(s, seat), seat, kind, arg, ev)
    return False


def _buy(s: State, seat: int, arg: tuple[int, Payment, bool], ev: Events) -> bool:
    """Pay and take the tile; returns whether the payment was exact."""
    i, pay, exact = arg
    tile = s["market"][i]
    space = D.SPACES[i]
    letter = D.LETTER[D.SPACE_CURRENCY[space]]
    p = own_player(s, seat)
    hand = p["hand"] = p["hand"][:]  # a new list (common.apply_copy)
    paid = []
    for v in pay:
        c = f"{letter}{v}"
        hand.remove(c)
        paid.append(c)
    s["discard"] = s["discard"] + paid  # new lists: the state before may share them (common.apply_copy)
    market = s["market"] = s["market"][:]
    market[i] = None
    s["bought"] = [*s["bought"], tile]
    if ev is not None:
        params = {"player": seat, "space": space, "tile": tile, "type": type_msg(tile), "price": D.PRICE[tile],
                  "cards": cards_msg(paid)}
        ev.append(Event(Msg(K + ("ev.buy_exact" if exact else "ev.buy"), params)))
    return exact


def _redesign(p: dict[str, Any], seat: int, kind: str, arg: Any, ev: Events) -> None:
    """A redesign of ``p``, the state's own player dict (``common.own_player``): its grid and reserve are
    replaced by changed copies (they may be shared with the state before)."""
    before = gkey(p["grid"])
    grid = p["grid"] = p["grid"].copy()
    reserve = p["reserve"] = p["reserve"][:]
    if kind == "add":
        tile, lab = arg
        reserve.remove(tile)
        grid[lab] = tile
        changed_cell(before, grid, lab)
        if ev is not None:
            ev.append(Event(Msg(K + "ev.redesign_add", {"player": seat, "tile": tile, "type": type_msg(tile), "cell": lab})))
    elif kind == "remove":
        lab = arg
        tile = grid.pop(lab)
        changed_cell(before, grid, lab)
        reserve.append(tile)
        if ev is not None:
            ev.append(Event(Msg(K + "ev.redesign_remove", {"player": seat, "tile": tile, "type": type_msg(tile), "cell": lab})))
    else:
        tile, lab = arg
        old = grid[lab]
        reserve.remove(tile)
        grid[lab] = tile
        changed_cell(before, grid, lab)
        reserve.append(old)
        if ev is not None:
            ev.append(Event(Msg(K + "ev.redesign_swap", {"player": seat, "tile": tile, "old": old, "cell": lab})))


def action_title(s: State, seat: int) -> Msg:
    return _action_title(bool(s["extra"]), seat)


@cache
def _action_title(extra: bool, seat: int) -> Msg:
    return Msg(K + ("prompt.extra" if extra else "prompt.action"), {"player": seat})  # shared: never changed


def action_timeout(options: Sequence[Option]) -> str:
    """End the phase if allowed; else take the most money (the first such take); else the first
    offered action (a buy with the first listed payment, or a redesign, when no money lies out)."""
    acts = [o.action for o in options]
    if "end" in acts:
        return "end"
    takes = [a for a in acts if a.startswith("take ")]
    if takes:
        return max(takes, key=lambda a: sum(int(c[1:]) for c in a.split(" ")[1].split("+")))
    return acts[0]


# =========================================================================== C-08 / C-09 placement


def _place_label(tile: str, lab: str) -> Msg:
    return Msg(K + "opt.place", {"tile": tile, "type": type_msg(tile), "cell": lab})


def _reserve_label(tile: str) -> Msg:
    return Msg(K + "opt.reserve", {"tile": tile, "type": type_msg(tile)})


def _dirk_label(tile: str) -> Msg:
    return Msg(K + "opt.dirk", {"tile": tile, "type": type_msg(tile)})


def _reserve_all_label(count: int) -> Msg:
    return Msg(K + "opt.reserve_all", {"count": count})


@lru_cache(maxsize=16)
def placement_offer(key: GridKey, tiles: tuple[str, ...], dirk_allowed: bool) -> Offer:
    """The placement candidates (C-08 / C-09) of a grid for the waiting ``tiles``: each tile on each
    legal cell, to the reserve, to Dirk (when allowed); all to the reserve when 2+ wait."""
    cands = layout(key).cands
    made: list[Made] = []
    add = made.append
    table = _MADE["place"]
    for tile in tiles:
        _tile_on_cells(_row(table, tile), tile, D.MASK[tile], cands, "place", _place_label, "place", add)
        add(_PLACE_EXTRA["reserve", tile])
        if dirk_allowed:
            add(_PLACE_EXTRA["dirk", tile])
    if len(tiles) > 1:
        add(_PLACE_EXTRA["reserve all", len(tiles)])
    return _offer_from(made)


class _PlaceExtra(dict[tuple[str, Any], Made]):
    """(verb, tile or count) → the placement entry of ``reserve TILE``, ``dirk TILE`` or ``reserve all`` (for that
    many tiles), with its option and action, made on first use."""

    def __missing__(self, key: tuple[str, Any]) -> Made:
        verb, arg = key
        e: Entry
        if verb == "reserve all":
            e = ("reserve all", _reserve_all_label, (arg,), ("reserve_all", None))
        else:
            e = (f"{verb} {arg}", _reserve_label if verb == "reserve" else _dirk_label, (arg,), (verb, arg))
        made = self[key] = (e, Option.lazy(e[0], e[1], *e[2]), e[0])
        return made


_PLACE_EXTRA = _PlaceExtra()


def _placement(s: State, seat: int, dirk_allowed: bool) -> Offer:
    placing = who_places(s)
    assert placing is not None
    return placement_offer(gkey(s["players"][seat]["grid"]), tuple(placing[1]), dirk_allowed)


def place_candidates(s: State, seat: int) -> tuple[Candidate, ...]:
    """C-08 (ALH-PLACE-10/11, ALH-2P-8): a legal cell, the reserve, or Dirk (2 players)."""
    return _placement(s, seat, s["dirk"] is not None).cands


def end_place_candidates(s: State, seat: int) -> tuple[Candidate, ...]:
    """C-09 (ALH-END-6): a legal cell or the reserve; no Dirk."""
    return _placement(s, seat, False).cands


def place_options(s: State, seat: int) -> tuple[Option, ...]:
    return _placement(s, seat, s["dirk"] is not None).options


def end_place_options(s: State, seat: int) -> tuple[Option, ...]:
    return _placement(s, seat, False).options


def place_find(s: State, seat: int, action: str) -> Candidate:
    dirk = s["dirk"] is not None
    return _placement(s, seat, dirk).find(action) or explain.placement(
        s, seat, s["bought"], dirk, action, "ALH-PLACE-10")


def end_place_find(s: State, seat: int, action: str) -> Candidate:
    return _placement(s, seat, False).find(action) or explain.placement(
        s, seat, s["end_queue"][0][1], False, action, "ALH-END-6")


def placement_carry_out(s: State, seat: int, move: Move, ev: Events) -> None:
    placing = who_places(s)
    assert placing is not None
    # the tiles waiting: a new list of bought tiles (the state before may share them, common.apply_copy), or the
    # end queue's own
    tiles = placing[1]
    if s["phase"] == "placement":
        tiles = s["bought"] = tiles[:]
    kind, arg = move
    if kind == "place":
        tile, lab = arg
        tiles.remove(tile)
        p = own_player(s, seat)
        before = gkey(p["grid"])
        grid = p["grid"] = p["grid"].copy()  # a new dict (common.apply_copy)
        grid[lab] = tile
        changed_cell(before, grid, lab)
        if ev is not None:
            ev.append(Event(Msg(K + "ev.place", {"player": seat, "tile": tile, "type": type_msg(tile), "cell": lab})))
    elif kind == "reserve":
        tiles.remove(arg)
        p = own_player(s, seat)
        p["reserve"] = [*p["reserve"], arg]  # a new list (common.apply_copy)
        if ev is not None:
            ev.append(Event(Msg(K + "ev.reserve", {"player": seat, "tile": arg, "type": type_msg(arg)})))
    elif kind == "dirk":
        tiles.remove(arg)
        s["dirk"]["tiles"].append(arg)
        if ev is not None:
            ev.append(Event(Msg(K + "ev.gift", {"player": seat, "tile": arg, "type": type_msg(arg)})))
    else:
        moved = list(tiles)
        tiles.clear()
        p = own_player(s, seat)
        p["reserve"] = p["reserve"] + moved  # a new list (common.apply_copy)
        if ev is not None:
            for t in moved:
                ev.append(Event(Msg(K + "ev.reserve", {"player": seat, "tile": t, "type": type_msg(t)})))


def place_title(s: State, seat: int) -> Msg:
    return _place_title(seat, len(s["bought"]))


@cache
def _place_title(seat: int, count: int) -> Msg:
    return Msg(K + "prompt.place", {"player": seat, "count": count})  # shared: never changed


def end_place_title(s: State, seat: int) -> Msg:
    return Msg(K + "prompt.end_place", {"player": seat, "count": len(s["end_queue"][0][1])})


def placement_timeout(options: Sequence[Option]) -> str:
    """Everything to the reserve: nothing is built, nothing given away (``reserve all`` when offered)."""
    acts = [o.action for o in options]
    return "reserve all" if "reserve all" in acts else next(a for a in acts if a.startswith("reserve "))
