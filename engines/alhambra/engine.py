"""The Alhambra rules engine (RULES.md, DECISIONS.md). State is plain JSON data.

State layout (all keys always present)::

    game, n, seats, options, rng, phase ("start_choice"|"action"|"placement"|"end_placement"|"over"),
    active (seat or None), turn, start_player, start_tied,
    players: [{grid: {"x,y": tile id}, reserve: [tile], hand: [card], score: int}],
    dirk: None | {tiles: [tile], score: int},
    market: [tile or None] * 4  (index 0 = space 1), bag: [tile] (draw order, front first),
    deck: [card or "A"/"B"] (top first), display: [card], discard: [card] (oldest first),
    aside: [scoring cards drawn], out: [tiles out of the game],
    scorings_done, pending, extra (a further action is granted), bought, end (end triggered),
    end_queue: [[seat, [tile]]], last_scoring, result, stack (test-only overrides, ALH-DOC-5)

A money card is ``"<letter><value>"`` with letters y g b o (``"b7"`` = blue 7).

Action grammar (one canonical string per distinct choice; cells are ``"x,y"``, y grows south):

* C-02 (host tie-break, asked of seat 0): ``start <seat>``
* C-03 (the whole action phase in one prompt, C-04 … C-07 folded in):
  ``take y2+g3`` (cards in display order, identical cards collapse), ``buy <space> <values>``
  (values of the space's currency, descending, e.g. ``buy 1 5+3``; exact payments first, labelled
  "exact: extra action"), ``redesign add <tile> <x,y>``, ``redesign remove <x,y>``,
  ``redesign swap <tile> <x,y>``, ``end`` (only after an exact buy, option ``optional``)
* C-08 (placement step): ``place <tile> <x,y>``, ``reserve <tile>``, ``dirk <tile>`` (2 players),
  ``reserve all`` (when 2+ tiles wait)
* C-09 (end-of-game placement): ``place <tile> <x,y>``, ``reserve <tile>``, ``reserve all``
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from itertools import combinations, islice
from typing import Any

from engines.core import (
    CommandGroup,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Msg,
    Option,
    OptionSpec,
    Outcome,
    Prompt,
    Result,
    Rng,
    State,
    clone,
)

from . import data as D
from . import hidden
from .geometry import (
    candidate_cells,
    cell_label,
    cells_for,
    check_legal,
    longest_wall_masks,
    outer_segments,
    removable_cells,
    swap_fits,
)
from .scoring import score_round

K = "alhambra."
CUR_LETTERS = tuple(D.LETTER[c] for c in D.CURRENCIES)  # y g b o


# --------------------------------------------------------------------------- small helpers


def card_value(card: str) -> int:
    return int(card[1:])


def card_currency(card: str) -> str:
    return D.CURRENCY_OF_LETTER[card[0]]


def card_msg(card: str) -> Msg:
    return Msg(K + "card", {"currency": Msg(K + "currency." + card_currency(card)), "value": card_value(card)})


def cards_msg(cards: list[str]) -> list[Msg]:
    return [card_msg(c) for c in cards]


def type_msg(tile: str) -> Msg:
    return Msg(K + "type." + (D.TYPE_OF[tile] or "fountain"))


def cur_msg(currency: str) -> Msg:
    return Msg(K + "currency." + currency)


def is_money_card(tok: str) -> bool:
    return len(tok) >= 2 and tok[0] in D.CURRENCY_OF_LETTER and tok[1:].isdigit() and 1 <= int(tok[1:]) <= 9 and str(int(tok[1:])) == tok[1:]


def card_sort_key(card: str) -> tuple[int, int]:
    return CUR_LETTERS.index(card[0]), card_value(card)


def grid_masks(grid: Mapping[str, str]) -> dict[tuple[int, int], int]:
    out = {}
    for label, tile in grid.items():
        x, y = label.split(",")
        out[(int(x), int(y))] = D.MASK[tile]
    return out


# Geometry results depend only on the grid; prompts() may be called many times on one state, so
# they are memoised here, keyed by the grid's items (the state itself holds no cache).
@lru_cache(maxsize=1024)
def _masks_of(key: tuple[tuple[str, str], ...]) -> dict[tuple[int, int], int]:
    return grid_masks(dict(key))


@lru_cache(maxsize=1024)
def grid_candidates(key: tuple[tuple[str, str], ...]) -> tuple:
    return tuple(candidate_cells(_masks_of(key)))


@lru_cache(maxsize=1024)
def grid_removable(key: tuple[tuple[str, str], ...]) -> tuple:
    return tuple(removable_cells(_masks_of(key)))


@lru_cache(maxsize=1024)
def grid_illegal(key: tuple[tuple[str, str], ...]) -> str | None:
    return check_legal(_masks_of(key))


@lru_cache(maxsize=1024)
def grid_wall(key: tuple[tuple[str, str], ...], ring: str) -> int:
    return longest_wall_masks(_masks_of(key), ring)


def gkey(grid: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(grid.items())


def type_counts(tiles) -> dict[str, int]:
    counts = {t: 0 for t in D.TYPES}
    for tile in tiles:
        typ = D.TYPE_OF[tile]
        if typ:
            counts[typ] += 1
    return counts


PAYMENT_OTHER_CAP = 200  # at most this many "other" (non-exact, non-minimal) payments listed per space


@lru_cache(maxsize=4096)
def payments(values: tuple[int, ...], price: int) -> tuple[tuple[tuple[int, ...], bool], ...]:
    """The payments offered for a tile of ``price`` from ``values`` (the hand's cards of one currency).

    Value multisets (identical cards are interchangeable), each sorted descending, ordered as
    DECISIONS C-06 recommends: every exact one, then every minimal over-payment (no card can be
    dropped), then the other legal ones (Q-06). The other ones are capped at
    ``PAYMENT_OTHER_CAP`` so that a hoarded hand cannot blow the option list up; ``apply``
    accepts every legal payment, listed or not. Returns ``((multiset, exact), …)``.
    """
    counter: dict[int, int] = {}
    for v in values:
        counter[v] = counter.get(v, 0) + 1
    vals = sorted(counter, reverse=True)
    total_all = sum(values)
    if total_all < price:
        return ()

    def gen(lo: int, hi: int):
        """Multisets with lo <= sum <= hi (hi=None: unbounded), larger cards first."""

        def rec(i: int, chosen: list[int], s: int, remaining: int):
            if s + remaining < lo or (hi is not None and s > hi):
                return
            if i == len(vals):
                if chosen:
                    yield tuple(chosen)
                return
            v = vals[i]
            c = counter[v]
            rest = remaining - v * c
            for k in range(c, -1, -1):
                if hi is not None and s + v * k > hi:
                    continue
                yield from rec(i + 1, chosen + [v] * k, s + v * k, rest)

        yield from rec(0, [], 0, total_all)

    exact: list[tuple[int, ...]] = []
    minimal: list[tuple[int, ...]] = []
    for p in gen(price, price + max(vals) - 1):
        total = sum(p)
        if total == price:
            exact.append(p)
        elif total - p[-1] < price:
            minimal.append(p)
    listed = set(exact) | set(minimal)
    other: list[tuple[int, ...]] = []
    for p in gen(price, None):
        if p not in listed:
            other.append(p)
            if len(other) >= PAYMENT_OTHER_CAP:
                break
    key = lambda p: (len(p), tuple(-v for v in p))  # noqa: E731
    return tuple((p, True) for p in sorted(exact, key=key)) + tuple(
        (p, False) for p in sorted(minimal, key=key) + sorted(other, key=key)
    )


def take_options(display: list[str]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """ALH-MONEY-1, Q-34: one card of any value, or 2+ cards totalling <= 5; as value descriptions.

    One option per distinct multiset of cards (identical cards are interchangeable), written in
    display order; returns ``((action, display indexes), …)``.
    """
    return _take_options(tuple(display))


@lru_cache(maxsize=4096)
def _take_options(display: tuple[str, ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    seen = set()
    out = []
    n = len(display)
    for r in range(1, n + 1):
        for idx in combinations(range(n), r):
            cards = [display[i] for i in idx]
            if r > 1 and sum(card_value(c) for c in cards) > D.TAKE_MULTI_MAX:
                continue
            key = tuple(sorted(cards))
            if key in seen:
                continue
            seen.add(key)
            out.append(("take " + "+".join(cards), idx))
    return tuple(out)


@lru_cache(maxsize=8)
def _money_total(two_player: bool, copies: int) -> int:
    return len(D.money_deck(two_player, copies))


def start_candidates(hands: list[list[str]]) -> list[int]:
    """ALH-SETUP-9 steps 1-2: the seats with fewest cards, then lowest total among them."""
    fewest = min(len(h) for h in hands)
    tied = [i for i, h in enumerate(hands) if len(h) == fewest]
    low = min(sum(card_value(c) for c in hands[i]) for i in tied)
    return [i for i in tied if sum(card_value(c) for c in hands[i]) == low]


def draw_card(s: State, rng: Rng, ev: list[Event]) -> str | None:
    """Draw the top deck card, reshuffling the discard when the deck is empty (ALH-REFILL-2, -5)."""
    if not s["deck"]:
        if not s["discard"]:
            return None
        pile = list(s["discard"])
        forced = s.get("stack", {}).get("reshuffles") or []
        if forced:
            order = list(forced.pop(0))
            if sorted(order) != sorted(pile):
                raise ValueError("stacked reshuffle is not a permutation of the discard pile")
            pile = order
        else:
            rng.shuffle(pile)
        s["deck"] = pile
        s["discard"] = []
        ev.append(Event(Msg(K + "ev.reshuffle", {"count": len(pile)})))
    return s["deck"].pop(0)


# --------------------------------------------------------------------------- the game


class AlhambraGame(Game):
    id = "alhambra"
    min_players = D.MIN_PLAYERS
    max_players = D.MAX_PLAYERS
    option_specs = tuple(
        OptionSpec(name, D.OPTION_DEFAULTS[name], D.OPTION_ALLOWED[name], D.OPTION_CLAUSE[name], Msg(K + "option." + name))
        for name in D.OPTION_DEFAULTS
    )
    command_groups = (
        CommandGroup("take", ("take",), ("C-03",), "cmd.alhambra.take"),
        CommandGroup("buy", ("buy",), ("C-03",), "cmd.alhambra.buy"),
        CommandGroup("redesign", ("redesign",), ("C-03",), "cmd.alhambra.redesign"),
        CommandGroup("place", ("place", "reserve", "dirk"), ("C-08", "C-09"), "cmd.alhambra.place"),
        CommandGroup("end", ("end",), ("C-03",), "cmd.alhambra.end"),
        CommandGroup("start", ("start",), ("C-02",), "cmd.alhambra.start"),
    )

    @property
    def info(self) -> GameInfo:
        return GameInfo(D.MIN_PLAYERS, D.MAX_PLAYERS, hidden=("money hands", "deck order", "bag order"),
                         chance=True, simultaneous=False)

    # ------------------------------------------------------------------ creation

    def new_game(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        stacked: Mapping[str, Any] | None = None,
    ) -> Outcome:
        """Setup (ALH-SETUP-1 … 14).

        ``stacked`` (tests only, ALH-DOC-5) fixes hidden orders: ``deck`` = the top cards of the
        shuffled money deck (before the deal), ``bag`` = the first tiles drawn, ``slots`` =
        ``(a, b)`` slot indexes of the scoring cards inside piles 2 and 4, ``reshuffles`` = the
        orders the discard pile takes when reshuffled. Everything not stacked is random.
        """
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"Alhambra needs {self.min_players}-{self.max_players} players")
        opts = self.resolve_options(options)
        stacked = dict(stacked or {})
        rng = Rng.seeded(seed)
        ev: list[Event] = []
        two = players == D.NEUTRAL_WHEN

        bag = list(D.TILE_IDS)
        rng.shuffle(bag)
        if stacked.get("bag"):
            prefix = list(stacked["bag"])
            bag = prefix + [t for t in bag if t not in set(prefix)]
        money = D.money_deck(two, opts["two_player_money_copies"])
        rng.shuffle(money)
        if stacked.get("deck"):
            prefix = [norm_card(c) for c in stacked["deck"]]
            rest = list(money)
            for c in prefix:
                rest.remove(c)  # ValueError if the stacked card does not exist
            money = prefix + rest

        s: State = {
            "game": "alhambra",
            "n": players,
            "seats": list(range(players)),
            "options": opts,
            "rng": 0,
            "phase": "setup",
            "active": None,
            "turn": 0,
            "start_player": None,
            "start_tied": [],
            "players": [
                {"grid": {"0,0": D.FOUNTAINS[i]}, "reserve": [], "hand": [], "score": 0} for i in range(players)
            ],
            "dirk": {"tiles": [], "score": 0} if two else None,
            "market": [None] * D.MARKET_SPACES,
            "bag": bag,
            "deck": money,
            "display": [],
            "discard": [],
            "aside": [],
            "out": [],
            "scorings_done": [],
            "pending": [],
            "extra": False,
            "bought": [],
            "end": False,
            "end_queue": [],
            "last_scoring": None,
            "result": None,
        }
        if stacked.get("reshuffles"):
            s["stack"] = {"reshuffles": [list(map(norm_card, r)) for r in stacked["reshuffles"]]}

        # ALH-SETUP-5 market, ALH-SETUP-6 Dirk
        for i in range(D.MARKET_SPACES):
            s["market"][i] = s["bag"].pop(0)
        ev.append(Event(Msg(K + "ev.market_setup", {"tiles": list(s["market"])})))
        if two:
            got = [s["bag"].pop(0) for _ in range(min(D.DIRK_INITIAL, len(s["bag"])))]
            s["dirk"]["tiles"].extend(got)
            ev.append(Event(Msg(K + "ev.dirk_draw", {"count": len(got), "tiles": got})))
        # ALH-SETUP-8 starting money, public while dealt (ALH-INFO-2)
        for seat in range(players):
            hand = s["players"][seat]["hand"]
            while sum(card_value(c) for c in hand) < D.START_MONEY_MIN:
                hand.append(s["deck"].pop(0))
            ev.append(
                Event(Msg(K + "ev.deal", {"player": seat, "cards": cards_msg(hand), "total": sum(card_value(c) for c in hand)}))
            )
        # ALH-SETUP-9 start player
        tied = start_candidates([p["hand"] for p in s["players"]])
        start = None
        if len(tied) == 1:
            start = tied[0]
        elif opts["start_player_tiebreak"] == "random":
            start = tied[rng.below(len(tied))]
            ev.append(Event(Msg(K + "ev.start_random", {"players": tied, "chosen_player": start})))
        # ALH-SETUP-10 display
        for _ in range(D.DISPLAY_SIZE):
            s["display"].append(s["deck"].pop(0))
        ev.append(Event(Msg(K + "ev.display", {"cards": cards_msg(s["display"])})))
        # ALH-SETUP-11/12/13 five piles with the scoring cards
        n_left = len(s["deck"])
        q, r = divmod(n_left, D.MONEY_PILES)
        piles, pos = [], 0
        for i in range(D.MONEY_PILES):
            size = q + 1 if i < r else q
            piles.append(s["deck"][pos : pos + size])
            pos += size
        slots = list(stacked.get("slots") or [])
        for card in D.SCORING_CARDS:
            pile = piles[D.SCORING_PILE[card] - 1]
            slot = slots.pop(0) if slots else rng.below(len(pile) + 1)
            if not 0 <= slot <= len(pile):
                raise ValueError("stacked slot out of range")
            pile.insert(slot, card)
        s["deck"] = [c for p in piles for c in p]
        ev.append(Event(Msg(K + "ev.deck_ready", {"count": len(s["deck"])})))
        s["rng"] = rng.state
        s["turn"] = 0
        if start is None:
            s["phase"] = "start_choice"
            s["start_tied"] = tied
            s["active"] = None
            ev.append(Event(Msg(K + "ev.start_choice", {"players": tied})))
        else:
            self._set_start(s, start, ev)
        self._check(s)
        return Outcome(s, tuple(ev))

    def _set_start(self, s: State, start: int, ev: list[Event]) -> None:
        s["start_player"] = start
        s["start_tied"] = []
        hand = s["players"][start]["hand"]
        ev.append(
            Event(Msg(K + "ev.start_player", {"player": start, "count": len(hand), "total": sum(card_value(c) for c in hand)}))
        )
        s["active"] = start
        self._begin_turn(s, ev)

    # ------------------------------------------------------------------ turn flow

    def _begin_turn(self, s: State, ev: list[Event]) -> None:
        s["turn"] += 1
        s["phase"] = "action"
        s["extra"] = False
        s["bought"] = []
        ev.append(Event(Msg(K + "ev.turn", {"player": s["active"], "turn": s["turn"]})))
        self._advance_action(s, ev)

    def _advance_action(self, s: State, ev: list[Event]) -> None:
        """Resolve the action phase while it has 0 or 1 legal option (ALH-TURN-5, DECISIONS C-03)."""
        while s["phase"] == "action":
            opts = list(islice(self._action_iter(s), 2))
            if len(opts) >= 2:
                return
            if not opts:
                ev.append(Event(Msg(K + ("ev.no_further_action" if s["extra"] else "ev.no_action"), {"player": s["active"]})))
                self._end_action_phase(s, ev)
                return
            action, label, payload = opts[0]
            ev.append(Event(Msg(K + "ev.auto", {"player": s["active"], "choice": label})))
            self._execute_action(s, action, payload, ev)

    def _end_action_phase(self, s: State, ev: list[Event]) -> None:
        s["extra"] = False
        if s["bought"]:
            s["phase"] = "placement"  # C-08 never auto-resolves
        else:
            self._end_of_turn(s, ev)

    def _end_of_turn(self, s: State, ev: list[Event]) -> None:
        """ALH-TURN-6 steps 2-6 (placement is done)."""
        rng = Rng(s["rng"])
        # step 2: money refill (ALH-REFILL-1 … 5)
        # the public log tells the draws in their order (ALH-INFO-3): money cards drawn before a
        # scoring card, a reshuffle or a shortfall are logged before it
        new_cards: list[str] = []

        def flush() -> None:
            if new_cards:
                ev.append(Event(Msg(K + "ev.refill_money", {"cards": cards_msg(new_cards)})))
                new_cards.clear()

        while len(s["display"]) < D.DISPLAY_SIZE:
            if not s["deck"]:
                flush()  # a reshuffle (or the shortfall) comes after the cards already drawn
            card = draw_card(s, rng, ev)
            if card is None:
                ev.append(Event(Msg(K + "ev.money_short", {"count": len(s["display"])})))
                break
            if card in D.SCORING_CARDS:
                flush()
                s["aside"].append(card)
                s["pending"].append(card)
                ev.append(Event(Msg(K + "ev.scoring_card", {"round": card})))
                continue
            s["display"].append(card)
            new_cards.append(card)
        flush()
        # step 3: market refill (ALH-REFILL-6 … 8)
        for i in range(D.MARKET_SPACES):
            if s["market"][i] is None:
                if s["bag"]:
                    tile = s["bag"].pop(0)
                    s["market"][i] = tile
                    ev.append(Event(Msg(K + "ev.refill_market", {"space": D.SPACES[i], "tile": tile, "type": type_msg(tile), "price": D.PRICE[tile]})))
                else:
                    s["end"] = True
        if s["end"]:
            ev.append(Event(Msg(K + "ev.end_trigger", {})))
        # step 4: scoring A/B, then Dirk (ALH-SCORE-1, ALH-REFILL-4, ALH-2P-4/5)
        for rnd in [r for r in D.ROUNDS if r in s["pending"]]:
            s["pending"].remove(rnd)
            self._score(s, rnd, ev)
            if s["dirk"] is not None:
                bag_n = len(s["bag"])
                want = D.DIRK_AFTER_A if rnd == "A" else bag_n // D.DIRK_AFTER_B_DIVISOR
                got = [s["bag"].pop(0) for _ in range(min(want, bag_n))]
                s["dirk"]["tiles"].extend(got)
                ev.append(Event(Msg(K + "ev.dirk_draw", {"count": len(got), "tiles": got})))
        s["rng"] = rng.state
        # step 5/6
        if s["end"]:
            self._end_game(s, ev)
        else:
            s["active"] = (s["active"] + 1) % s["n"]
            self._begin_turn(s, ev)

    def _participants(self, s: State) -> tuple[dict, dict]:
        counts: dict[Any, dict[str, int]] = {}
        walls: dict[Any, int] = {}
        for seat, p in enumerate(s["players"]):
            counts[seat] = type_counts(p["grid"].values())
            walls[seat] = grid_wall(gkey(p["grid"]), s["options"]["wall_ring_scoring"])
        if s["dirk"] is not None:
            counts["dirk"] = type_counts(s["dirk"]["tiles"])
        return counts, walls

    def _score(self, s: State, rnd: str, ev: list[Event]) -> None:
        """A scoring round (§12) with a published breakdown per participant (ALH-SCORE-10)."""
        counts, walls = self._participants(s)
        rows = score_round(rnd, counts, walls)
        out_rows = []
        ev.append(Event(Msg(K + "ev.scoring", {"round": Msg(K + "round." + rnd)})))
        for who, row in rows.items():
            if who == "dirk":
                s["dirk"]["score"] += row["total"]
                new = s["dirk"]["score"]
            else:
                s["players"][who]["score"] += row["total"]
                new = s["players"][who]["score"]
            detail = [
                Msg(K + "type_points", {"type": Msg(K + "type." + t), "points": v}) for t, v in row["types"].items() if v
            ]
            params = {"round": Msg(K + "round." + rnd), "total": row["total"], "types": detail or "-", "wall": row["wall"], "score": new}
            if who == "dirk":
                ev.append(Event(Msg(K + "ev.score_row_dirk", params)))
            else:
                params["player"] = who
                ev.append(Event(Msg(K + "ev.score_row", params)))
            out_rows.append({"who": who, "types": dict(row["types"]), "wall": row["wall"], "total": row["total"]})
        if rnd != "final":
            s["scorings_done"].append(rnd)
        s["last_scoring"] = {"round": rnd, "rows": out_rows}

    def _end_game(self, s: State, ev: list[Event]) -> None:
        """ALH-END-4/5: distribution of the remaining market tiles, then C-09, then the final."""
        last = s["active"]
        s["active"] = None
        spaces = [i for i in range(D.MARKET_SPACES) if s["market"][i] is not None]
        currencies = [c for c in D.CURRENCIES if any(D.SPACE_CURRENCY[D.SPACES[i]] == c for i in spaces)]
        totals = [
            {c: sum(card_value(x) for x in p["hand"] if x[0] == D.LETTER[c]) for c in D.CURRENCIES} for p in s["players"]
        ]
        if spaces:  # ALH-INFO-5
            for seat in range(s["n"]):
                ev.append(
                    Event(Msg(K + "ev.reveal", {"player": seat, "totals": [Msg(K + "card", {"currency": cur_msg(c), "value": totals[seat][c]}) for c in currencies]}))
                )
        received: dict[int, list[str]] = {}
        for i in spaces:
            tile = s["market"][i]
            cur = D.SPACE_CURRENCY[D.SPACES[i]]
            best = max(t[cur] for t in totals)
            top = [seat for seat in range(s["n"]) if totals[seat][cur] == best]
            s["market"][i] = None
            if len(top) == 1:
                received.setdefault(top[0], []).append(tile)
                ev.append(Event(Msg(K + "ev.distribute", {"space": D.SPACES[i], "tile": tile, "player": top[0], "total": best})))
            else:
                s["out"].append(tile)
                ev.append(Event(Msg(K + "ev.distribute_none", {"space": D.SPACES[i], "tile": tile})))
        order = [(last + 1 + k) % s["n"] for k in range(s["n"])]
        s["end_queue"] = [[seat, received[seat]] for seat in order if seat in received]
        s["phase"] = "end_placement"
        self._advance_end(s, ev)

    def _advance_end(self, s: State, ev: list[Event]) -> None:
        while s["end_queue"] and not s["end_queue"][0][1]:
            s["end_queue"].pop(0)
        if s["end_queue"]:
            return
        self._score(s, "final", ev)
        scores = [p["score"] for p in s["players"]]
        best = max(scores)
        winners = [i for i, v in enumerate(scores) if v == best]
        s["result"] = {"scores": scores, "winners": winners, "dirk": s["dirk"]["score"] if s["dirk"] is not None else None}
        s["phase"] = "over"
        s["active"] = None
        ev.append(Event(Msg(K + "ev.game_over", {"players": winners, "score": best})))

    # ------------------------------------------------------------------ options of the action phase

    def _action_iter(self, s: State) -> Iterator[tuple[str, Msg, Any]]:
        """Every concrete action of the action phase, in prompt order (C-03 … C-07)."""
        seat = s["active"]
        p = s["players"][seat]
        for action, idx in take_options(s["display"]):
            cards = [s["display"][i] for i in idx]
            yield action, Msg(K + "opt.take", {"cards": cards_msg(cards), "total": sum(card_value(c) for c in cards)}), ("take", idx)
        for i in range(D.MARKET_SPACES):
            yield from self._buy_iter(s, seat, i)
        yield from self._redesign_iter(p)
        if s["extra"] and s["options"]["exact_payment_extra_action"] == "optional":
            yield "end", Msg(K + "opt.end", {}), ("end", None)

    def _buy_iter(self, s: State, seat: int, i: int) -> Iterator[tuple[str, Msg, Any]]:
        tile = s["market"][i]
        if tile is None:
            return
        space = D.SPACES[i]
        cur = D.SPACE_CURRENCY[space]
        letter = D.LETTER[cur]
        values = tuple(sorted((card_value(c) for c in s["players"][seat]["hand"] if c[0] == letter), reverse=True))
        price = D.PRICE[tile]
        for pay, exact in payments(values, price):
            paid = "+".join(map(str, pay))
            # a long over-payment is summarised so that the label stays short
            shown: str | Msg = paid if len(pay) <= 10 else Msg(K + "paid_many", {"count": len(pay), "total": sum(pay)})
            label = Msg(
                K + ("opt.buy_exact" if exact else "opt.buy"),
                {"space": space, "tile": tile, "type": type_msg(tile), "price": price, "currency": cur_msg(cur), "paid": shown},
            )
            yield f"buy {space} {paid}", label, ("buy", (i, pay, exact))

    def _redesign_iter(self, p: dict) -> Iterator[tuple[str, Msg, Any]]:
        reserve = p["reserve"]
        grid_labels = p["grid"]
        if len(grid_labels) <= 1 and not reserve:
            return
        key = gkey(grid_labels)
        grid = _masks_of(key)
        if reserve:
            cands = grid_candidates(key)
            for tile in reserve:
                for c in cells_for(D.MASK[tile], cands):
                    lab = cell_label(c)
                    yield (
                        f"redesign add {tile} {lab}",
                        Msg(K + "opt.add", {"tile": tile, "type": type_msg(tile), "cell": lab}),
                        ("add", (tile, lab)),
                    )
        for c in grid_removable(key):
            lab = cell_label(c)
            tile = grid_labels[lab]
            yield f"redesign remove {lab}", Msg(K + "opt.remove", {"tile": tile, "type": type_msg(tile), "cell": lab}), ("remove", lab)
        if reserve and len(grid) > 1:
            cells = sorted(c for c in grid if c != (0, 0))
            for tile in reserve:
                m = D.MASK[tile]
                for c in cells:
                    if swap_fits(grid, c, m):
                        lab = cell_label(c)
                        yield (
                            f"redesign swap {tile} {lab}",
                            Msg(K + "opt.swap", {"tile": tile, "old": grid_labels[lab], "cell": lab}),
                            ("swap", (tile, lab)),
                        )

    def _execute_action(self, s: State, action: str, payload: Any, ev: list[Event]) -> None:
        kind, arg = payload
        seat = s["active"]
        p = s["players"][seat]
        if kind == "take":  # ALH-MONEY-1/2
            cards = [s["display"][i] for i in arg]
            for i in sorted(arg, reverse=True):
                s["display"].pop(i)
            p["hand"].extend(cards)
            ev.append(Event(Msg(K + "ev.take", {"player": seat, "cards": cards_msg(cards)})))
            self._end_action_phase(s, ev)
        elif kind == "buy":  # ALH-BUY-1 … 6
            i, pay, exact = arg
            tile = s["market"][i]
            space = D.SPACES[i]
            letter = D.LETTER[D.SPACE_CURRENCY[space]]
            paid = []
            for v in pay:
                c = f"{letter}{v}"
                p["hand"].remove(c)
                paid.append(c)
            s["discard"].extend(paid)
            s["market"][i] = None
            s["bought"].append(tile)
            ev.append(
                Event(Msg(K + ("ev.buy_exact" if exact else "ev.buy"), {"player": seat, "space": space, "tile": tile, "type": type_msg(tile), "price": D.PRICE[tile], "cards": cards_msg(paid)}))
            )
            if exact:
                s["extra"] = True  # ALH-BUY-6, ALH-TURN-3
            else:
                self._end_action_phase(s, ev)
        elif kind == "end":
            ev.append(Event(Msg(K + "ev.end_actions", {"player": seat})))
            self._end_action_phase(s, ev)
        else:  # redesign (ALH-REDESIGN-1 … 4)
            if kind == "add":
                tile, lab = arg
                p["reserve"].remove(tile)
                p["grid"][lab] = tile
                ev.append(Event(Msg(K + "ev.redesign_add", {"player": seat, "tile": tile, "type": type_msg(tile), "cell": lab})))
            elif kind == "remove":
                lab = arg
                tile = p["grid"].pop(lab)
                p["reserve"].append(tile)
                ev.append(Event(Msg(K + "ev.redesign_remove", {"player": seat, "tile": tile, "type": type_msg(tile), "cell": lab})))
            else:
                tile, lab = arg
                old = p["grid"][lab]
                p["reserve"].remove(tile)
                p["grid"][lab] = tile
                p["reserve"].append(old)
                ev.append(Event(Msg(K + "ev.redesign_swap", {"player": seat, "tile": tile, "old": old, "cell": lab})))
            self._end_action_phase(s, ev)

    # ------------------------------------------------------------------ placement options (C-08, C-09)

    def _placement_iter(self, s: State, seat: int, tiles: list[str], dirk: bool) -> Iterator[tuple[str, Msg, Any]]:
        cands = grid_candidates(gkey(s["players"][seat]["grid"]))
        for tile in tiles:
            for c in cells_for(D.MASK[tile], cands):
                lab = cell_label(c)
                yield f"place {tile} {lab}", Msg(K + "opt.place", {"tile": tile, "type": type_msg(tile), "cell": lab}), ("place", (tile, lab))
            yield f"reserve {tile}", Msg(K + "opt.reserve", {"tile": tile, "type": type_msg(tile)}), ("reserve", tile)
            if dirk:
                yield f"dirk {tile}", Msg(K + "opt.dirk", {"tile": tile, "type": type_msg(tile)}), ("dirk", tile)
        if len(tiles) > 1:
            yield "reserve all", Msg(K + "opt.reserve_all", {"count": len(tiles)}), ("reserve_all", None)

    def _placement_lookup(self, s: State, seat: int, tiles: list[str], dirk: bool, action: str, clause: str):
        toks = action.split(" ")
        if len(toks) < 2 or toks[0] not in ("place", "reserve", "dirk"):
            raise IllegalAction(clause, K + "err.bad_action", action=action[:40])
        if toks[0] == "dirk" and not dirk:
            raise IllegalAction("ALH-2P-8" if s["dirk"] is not None else "ALH-2P-1", K + "err.no_dirk")
        if (toks[1] != "all" or toks[0] == "place") and toks[1] not in tiles:
            raise IllegalAction(clause, K + "err.not_pending_tile", tile=toks[1][:12])
        if toks[0] == "place" and len(toks) == 3:
            tile = toks[1]
            lab = toks[2]
            if lab in s["players"][seat]["grid"]:
                raise IllegalAction("ALH-PLACE-6", K + "err.cell_occupied", cell=lab[:12])
            cells = [cell_label(c) for c in cells_for(D.MASK[tile], grid_candidates(gkey(s["players"][seat]["grid"])))]
            if lab not in cells:
                raise IllegalAction("ALH-PLACE-6", K + "err.illegal_cell", tile=tile, cell=lab[:12])
            return ("place", (tile, lab))
        if len(toks) == 2 and toks[0] != "place":
            if toks[1] == "all":
                if toks[0] == "reserve" and len(tiles) > 1:
                    return ("reserve_all", None)
            else:
                return (toks[0], toks[1])
        raise IllegalAction(clause, K + "err.bad_action", action=action[:40])

    def _do_place(self, s: State, seat: int, tiles: list[str], payload: Any, ev: list[Event]) -> None:
        kind, arg = payload
        p = s["players"][seat]
        if kind == "place":
            tile, lab = arg
            tiles.remove(tile)
            p["grid"][lab] = tile
            ev.append(Event(Msg(K + "ev.place", {"player": seat, "tile": tile, "type": type_msg(tile), "cell": lab})))
        elif kind == "reserve":
            tiles.remove(arg)
            p["reserve"].append(arg)
            ev.append(Event(Msg(K + "ev.reserve", {"player": seat, "tile": arg, "type": type_msg(arg)})))
        elif kind == "dirk":
            tiles.remove(arg)
            s["dirk"]["tiles"].append(arg)
            ev.append(Event(Msg(K + "ev.gift", {"player": seat, "tile": arg, "type": type_msg(arg)})))
        else:
            moved = list(tiles)
            tiles.clear()
            p["reserve"].extend(moved)
            for t in moved:
                ev.append(Event(Msg(K + "ev.reserve", {"player": seat, "tile": t, "type": type_msg(t)})))

    # ------------------------------------------------------------------ decisions

    def _actor(self, s: State) -> int | None:
        ph = s["phase"]
        if ph in ("action", "placement"):
            return s["active"]
        if ph == "end_placement":
            return s["end_queue"][0][0] if s["end_queue"] else None
        if ph == "start_choice":
            return 0  # the host decides; the engine asks seat 0 (the host's stand-in)
        return None

    def prompts(self, state: State) -> list[Prompt]:
        s = state
        ph = s["phase"]
        if ph == "over":
            return []
        if ph == "start_choice":
            opts = tuple(Option(f"start {t}", Msg(K + "opt.start", {"player": t})) for t in s["start_tied"])
            return [Prompt(0, "C-02", opts, Msg(K + "prompt.start", {"players": list(s["start_tied"])}))]
        if ph == "action":
            seat = s["active"]
            opts = tuple(Option(a, lab) for a, lab, _ in self._action_iter(s))
            title = Msg(K + ("prompt.extra" if s["extra"] else "prompt.action"), {"player": seat})
            return [Prompt(seat, "C-03", opts, title)]
        if ph == "placement":
            seat = s["active"]
            opts = tuple(Option(a, lab) for a, lab, _ in self._placement_iter(s, seat, s["bought"], s["dirk"] is not None))
            return [Prompt(seat, "C-08", opts, Msg(K + "prompt.place", {"player": seat, "count": len(s["bought"])}))]
        if ph == "end_placement":
            seat, tiles = s["end_queue"][0]
            opts = tuple(Option(a, lab) for a, lab, _ in self._placement_iter(s, seat, tiles, False))
            return [Prompt(seat, "C-09", opts, Msg(K + "prompt.end_place", {"player": seat, "count": len(tiles)}))]
        return []

    def apply(self, state: State, seat: int, action: str) -> Outcome:
        ph = state["phase"]
        if ph == "over":
            raise IllegalAction("ALH-END-3", K + "err.game_over")
        if not isinstance(action, str) or not action or len(action) > 80 or not action.isascii():
            raise IllegalAction("ALH-TURN-2", K + "err.bad_action", action=str(action)[:40])
        actor = self._actor(state)
        if seat != actor or isinstance(seat, bool):
            raise IllegalAction("ALH-TURN-1", K + "err.not_your_turn", player=actor)
        s = clone(state)
        ev: list[Event] = []
        if ph == "start_choice":
            # only the offered strings ("start <seat>"), never another spelling of a seat
            chosen = {f"start {t}": t for t in s["start_tied"]}.get(action)
            if chosen is None:
                raise IllegalAction("ALH-SETUP-9", K + "err.bad_start", action=action[:40])
            ev.append(Event(Msg(K + "ev.start_chosen", {"player": chosen})))
            self._set_start(s, chosen, ev)
        elif ph == "action":
            payload = self._lookup_action(s, action)
            self._execute_action(s, action, payload, ev)
            if s["extra"] and s["phase"] == "action":  # an exact buy: the phase continues
                self._advance_action(s, ev)
        elif ph == "placement":
            payload = self._placement_lookup(s, seat, s["bought"], s["dirk"] is not None, action, "ALH-PLACE-10")
            self._do_place(s, seat, s["bought"], payload, ev)
            if not s["bought"]:
                self._end_of_turn(s, ev)
        elif ph == "end_placement":
            entry = s["end_queue"][0]
            payload = self._placement_lookup(s, seat, entry[1], False, action, "ALH-END-6")
            self._do_place(s, seat, entry[1], payload, ev)
            self._advance_end(s, ev)
        else:  # pragma: no cover - no other phase is ever stored
            raise IllegalAction("ALH-TURN-1", K + "err.bad_action", action=action[:40])
        self._check(s, seat if action.startswith(("place", "redesign")) else None)
        return Outcome(s, tuple(ev))

    def _lookup_action(self, s: State, action: str) -> Any:
        """Parse and validate one action-phase action; raises IllegalAction naming the clause
        and a message that says what exactly is wrong."""
        toks = action.split(" ")
        head = toks[0]
        seat = s["active"]
        if head == "take":
            if not s["display"]:
                raise IllegalAction("ALH-MONEY-3", K + "err.display_empty")
            for a, idx in take_options(s["display"]):
                if a == action:
                    return ("take", idx)
            self._explain_take(s, toks)
        if head == "buy":
            if len(toks) != 3 or toks[1] not in {str(sp) for sp in D.SPACES}:
                raise IllegalAction("ALH-BUY-1", K + "err.bad_action", action=action[:40])
            space = int(toks[1])
            i = D.SPACES.index(space)
            if s["market"][i] is None:
                raise IllegalAction("ALH-BUY-8" if s["bought"] else "ALH-BUY-1", K + "err.space_empty", space=space)
            cur = D.SPACE_CURRENCY[space]
            letter = D.LETTER[cur]
            hand = [card_value(c) for c in s["players"][seat]["hand"] if c[0] == letter]
            parts = toks[2].split("+")
            if not all(len(x) == 1 and x in "123456789" for x in parts):
                raise IllegalAction("ALH-BUY-2", K + "err.bad_payment", action=action[:40])
            pay = tuple(sorted((int(x) for x in parts), reverse=True))  # the canonical order
            paid = "+".join(map(str, pay))
            for v in pay:  # ALH-BUY-2: cards of the space's currency from the hand
                if v not in hand:
                    raise IllegalAction("ALH-BUY-2", K + "err.not_held", paid=paid, currency=cur_msg(cur), space=space)
                hand.remove(v)
            price = D.PRICE[s["market"][i]]
            if sum(pay) < price:  # ALH-BUY-3
                raise IllegalAction("ALH-BUY-3", K + "err.underpaid", total=sum(pay), price=price, tile=s["market"][i])
            if paid != toks[2]:  # a legal payment, written in another order: only canonical strings
                raise IllegalAction("ALH-BUY-2", K + "err.write_as", action=f"buy {space} {paid}")
            return ("buy", (i, pay, sum(pay) == price))
        if head == "redesign":
            variant = toks[1] if len(toks) > 1 else ""
            if variant not in ("add", "remove", "swap") or len(toks) != (3 if variant == "remove" else 4):
                raise IllegalAction("ALH-REDESIGN-1", K + "err.bad_action", action=action[:40])
            p = s["players"][seat]
            cell = toks[-1]
            if variant in ("remove", "swap") and cell == "0,0":
                raise IllegalAction("ALH-REDESIGN-3", K + "err.fountain")
            if variant in ("add", "swap") and toks[2] not in p["reserve"]:
                raise IllegalAction("ALH-REDESIGN-5" if toks[2] in s["bought"] else "ALH-REDESIGN-1", K + "err.not_in_reserve", tile=toks[2][:12])
            if variant in ("remove", "swap") and cell not in p["grid"]:
                raise IllegalAction("ALH-REDESIGN-1", K + "err.no_tile", cell=cell[:12])
            if variant == "add" and cell in p["grid"]:
                raise IllegalAction("ALH-REDESIGN-1", K + "err.cell_occupied", cell=cell[:12])
            for a, _, payload in self._redesign_iter(p):
                if a == action:
                    return payload
            raise IllegalAction("ALH-REDESIGN-2", K + "err.bad_redesign", action=action[:40])
        if head == "end" and len(toks) == 1:
            if not s["extra"]:
                raise IllegalAction("ALH-TURN-2", K + "err.end_only_after_exact")
            if s["options"]["exact_payment_extra_action"] != "optional":
                raise IllegalAction("ALH-OPT-3", K + "err.extra_mandatory")
            return ("end", None)
        if head in ("place", "reserve", "dirk"):  # bought tiles wait for the placement step
            raise IllegalAction("ALH-PLACE-10", K + "err.place_later")
        raise IllegalAction("ALH-TURN-2", K + "err.bad_action", action=action[:40])

    def _explain_take(self, s: State, toks: list[str]) -> None:
        """Raise the ALH-MONEY-1 refusal of a take that is not offered, saying why."""
        action = " ".join(toks)
        cards = toks[1].split("+") if len(toks) == 2 else []
        if not cards or not all(is_money_card(c) for c in cards):
            raise IllegalAction("ALH-MONEY-1", K + "err.bad_take", action=action[:40])
        rest = list(s["display"])
        for c in cards:
            if c not in rest:
                raise IllegalAction("ALH-MONEY-1", K + "err.not_on_display", action=action[:40])
            rest.remove(c)
        if len(cards) > 1 and sum(card_value(c) for c in cards) > D.TAKE_MULTI_MAX:
            raise IllegalAction("ALH-MONEY-1", K + "err.bad_take", action=action[:40])
        for a, idx in take_options(s["display"]):  # a legal take written in another order
            if sorted(s["display"][i] for i in idx) == sorted(cards):
                raise IllegalAction("ALH-MONEY-1", K + "err.write_as", action=a)
        raise IllegalAction("ALH-MONEY-1", K + "err.bad_take", action=action[:40])  # pragma: no cover

    # ------------------------------------------------------------------ invariants

    def _check(self, s: State, seat: int | None = None) -> None:
        """Cheap invariants after every change: tile and money conservation, ALH-PLACE-7."""
        tiles = len(s["bag"]) + sum(1 for t in s["market"] if t) + len(s["bought"]) + len(s["out"])
        tiles += sum(len(p["grid"]) - 1 + len(p["reserve"]) for p in s["players"])
        tiles += sum(len(e[1]) for e in s["end_queue"])
        if s["dirk"] is not None:
            tiles += len(s["dirk"]["tiles"])
        assert tiles == D.TILES_TOTAL, f"tile conservation broken: {tiles}"
        money = len(s["deck"]) + len(s["display"]) + len(s["discard"]) + len(s["aside"]) + sum(len(p["hand"]) for p in s["players"])
        expected = _money_total(s["n"] == D.NEUTRAL_WHEN, s["options"]["two_player_money_copies"]) + len(D.SCORING_CARDS)
        assert money == expected, f"money conservation broken: {money} != {expected}"
        if seat is not None and 0 <= seat < s["n"]:
            bad = grid_illegal(gkey(s["players"][seat]["grid"]))
            assert bad is None, f"ALH-PLACE-7 broken ({bad})"

    # ------------------------------------------------------------------ views

    def public_view(self, state: State) -> dict[str, Any]:
        s = state
        ring = s["options"]["wall_ring_scoring"]
        pv = []
        waiting: dict[int, list[str]] = {}  # tiles bought (or received at the end) and not yet placed
        if s["phase"] in ("action", "placement") and s["active"] is not None:
            waiting[s["active"]] = s["bought"]
        elif s["phase"] == "end_placement":
            waiting.update({seat: tiles for seat, tiles in s["end_queue"]})
        for seat, p in enumerate(s["players"]):
            key = gkey(p["grid"])
            grid = _masks_of(key)
            cells = sorted(grid, key=lambda c: (c[1], c[0]))
            pv.append(
                {
                    "seat": seat,
                    "score": p["score"],
                    "hand_count": len(p["hand"]),
                    "grid": [{"x": c[0], "y": c[1], "tile": tile_view(p["grid"][cell_label(c)])} for c in cells],
                    "reserve": [tile_view(t) for t in p["reserve"]],
                    "bought": [tile_view(t) for t in waiting.get(seat, [])],
                    "longest_wall": grid_wall(key, ring),
                    "counts": type_counts(p["grid"].values()),
                    "outer_walls": [[a[0], a[1], b[0], b[1]] for a, b in sorted(outer_segments(grid))],
                }
            )
        hint = None
        if s["phase"] in ("placement", "end_placement"):
            if s["phase"] == "placement":
                seat, tiles = s["active"], s["bought"]
            else:
                seat, tiles = s["end_queue"][0]
            if tiles:
                cands = grid_candidates(gkey(s["players"][seat]["grid"]))
                hint = {"seat": seat, "tile": tiles[0], "cells": [list(c) for c in cells_for(D.MASK[tiles[0]], cands)]}
        return {
            "game": "alhambra",
            "players": s["n"],
            "phase": s["phase"],
            "active": self._actor(s) if s["phase"] != "over" else None,
            "turn": s["turn"],
            "market": [
                {"space": D.SPACES[i], "currency": D.SPACE_CURRENCY[D.SPACES[i]], "tile": tile_view(t) if t else None}
                for i, t in enumerate(s["market"])
            ],
            "display": [card_view(c) for c in s["display"]],
            "deck_count": len(s["deck"]),
            "bag_count": len(s["bag"]),
            "discard_count": len(s["discard"]),
            "discard_top": [card_view(c) for c in s["discard"][-8:]],
            "discard": [card_view(c) for c in s["discard"]],  # the whole pile is public (ALH-INFO-1)
            "scorings_done": list(s["scorings_done"]),
            "players_view": pv,
            "dirk": None
            if s["dirk"] is None
            else {"score": s["dirk"]["score"], "tiles": [tile_view(t) for t in s["dirk"]["tiles"]], "counts": type_counts(s["dirk"]["tiles"])},
            "hint": hint,
            "last_scoring": s["last_scoring"],
            "result": s["result"],
            "open_hands": [[card_view(c) for c in sorted(p["hand"], key=card_sort_key)] for p in s["players"]]
            if s["options"]["open_hands"]
            else None,
        }

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        hand = sorted(state["players"][seat]["hand"], key=card_sort_key)
        totals = {c: sum(card_value(x) for x in hand if x[0] == D.LETTER[c]) for c in D.CURRENCIES}
        return {"seat": seat, "hand": [card_view(c) for c in hand], "totals": totals}

    # -- hidden information (engines/alhambra/hidden.py)
    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(int(p["score"]) for p in state["players"])

    def information_state(self, state: State, seat: int | None) -> State:
        return hidden.information_state(state, seat)

    def determinize(self, info: State, seat: int | None, rng: Rng) -> State:
        return hidden.determinize(info, seat, rng)

    def result(self, state: State) -> Result | None:
        r = state["result"]
        if r is None:
            return None
        extra = {"dirk": r["dirk"]} if r["dirk"] is not None else {}
        detail = tuple(Msg(K + "result.line", {"player": i, "score": v}) for i, v in enumerate(r["scores"]))
        if r["dirk"] is not None:
            detail += (Msg(K + "result.dirk", {"score": r["dirk"]}),)
        return Result(tuple(r["scores"]), tuple(r["winners"]), extra, detail)

    # ------------------------------------------------------------------ test-facing helpers

    def finish_turn(self, state: State) -> Outcome:
        """Run the end-of-turn phase (ALH-TURN-6 steps 2-6) on a state whose placement is done.

        Test helper for EXAMPLES.md scenarios that start "at the end of a turn".
        """
        s = clone(state)
        if s["bought"]:
            raise ValueError("bought tiles are still waiting for placement")
        ev: list[Event] = []
        s["extra"] = False
        self._end_of_turn(s, ev)
        self._check(s)
        return Outcome(s, tuple(ev))

    def finish_game(self, state: State) -> Outcome:
        """Run ALH-END-4 steps 3-6 (distribution, C-09, final scoring) as if the end had been
        triggered at the end of the active player's turn. Test helper (EX-45, EX-54)."""
        s = clone(state)
        ev: list[Event] = []
        s["end"] = True
        self._end_game(s, ev)
        self._check(s)
        return Outcome(s, tuple(ev))

    def score_now(self, state: State, round_id: str) -> Outcome:
        """Hold scoring round ``round_id`` on the current layouts (test helper, EX-12)."""
        s = clone(state)
        ev: list[Event] = []
        self._score(s, round_id, ev)
        return Outcome(s, tuple(ev))

    def advance(self, state: State) -> Outcome:
        """Resolve a hand-built action phase that has 0 or 1 option (as ``apply`` would)."""
        s = clone(state)
        ev: list[Event] = []
        self._advance_action(s, ev)
        return Outcome(s, tuple(ev))


def tile_view(tile: str) -> dict[str, Any]:
    return {"id": tile, "type": D.TYPE_OF[tile], "price": D.PRICE[tile], "walls": D.walls_string(tile)}


def card_view(card: str) -> dict[str, Any]:
    return {"currency": card_currency(card), "value": card_value(card)}


_LONG = {c: D.LETTER[c] for c in D.CURRENCIES}


def norm_card(card: str) -> str:
    """``"blue7"``/``"b7"`` → ``"b7"``; ``"SCORE-A"``/``"A"`` → ``"A"``."""
    card = card.strip()
    if card.startswith("SCORE-"):
        card = card[6:]
    if card in D.SCORING_CARDS:
        return card
    for name, letter in _LONG.items():
        if card.startswith(name):
            card = letter + card[len(name):]
            break
    if not is_money_card(card):
        raise ValueError(f"not a money card: {card!r}")
    return card


GAME = AlhambraGame()
