"""The Luxor :class:`~engines.core.RulesGame`: what the platform sees of the title.

It declares the title (players, options, command groups) and delegates: setup to ``setup.py``,
the pending decision and its options to ``rules.py``, refusals to ``explain.py``, carrying out
a choice to ``rules.HANDLERS``, views to ``views.py``. The state layout is documented in
``setup.py``.

Action grammar (one pending decision at a time; ``prompts`` lists every legal action):

    start <seat>            C-03  start player (option start_player=host_choice; asked of seat 0)
    play L|R <from>         C-04  play the left / right end card and move from <from> (secret prompt):
                                  number and fixed one-less cards
    play L|R <from> <k>     C-04  ... moving <k> steps: 1–X, one-less with one_less_steps=choose_1_to_3
    play L|R <from> f|b     C-04  ... +/−1 forward / backward
    play L | play R         C-04  a card whose movement is not known before it is played (secret prompt):
                                  die and 1–die (rolled now, then C-06), advance all, last to second last
    discard L | discard R   C-05  no end card is playable: discard one (secret prompt)
    move <from>             C-06  die (after the roll)
    move <from> <k>         C-06  1–die (after the roll)
    act <pos>               C-08  which position acts after advance all
    key | card              C-09  Horus tile: key or Horus card
    level <n>               C-10  Horus-eye temple tile: which stack
    wild | scarab           C-11  wild-or-scarab temple tile
    take | leave            C-12  treasure (option treasure_take_optional)
    wake | sleep            C-13  own lying adventurer passed (option anubis_activation_optional)

``<from>`` and ``<pos>`` are positions (adventurers are chosen by position, DECISIONS.md).
A card whose movement is known before it is played folds C-06 into C-04: one option per legal
(end card, start position, steps / direction), so such a turn is one move; applying ``play L 7``
gives the same events and state as the former ``play L`` then ``move 7``. When all of one card's
movement options are one start -> end pair with the same effects, that card offers only the first
(C-06 resolved itself then). Both ends are listed even when they hold the same card (the hands
left differ). C-06 is asked only after a roll (it still accepts ``move <from> [<k>|f|b]`` for a
game saved mid-turn under the two-step grammar). C-06e (advance all) and C-07 (last to second
last) never ask.

Decisions resolve themselves (:meth:`Luxor.advance`) when they have exactly one option, except
C-05, which does so only when both end cards are of one type (the left is discarded); C-06 also
resolves itself when all its options are one start -> end pair with the same effects.

A move reveals (``Outcome.reveals``) when it rolls the die, draws from the draw pile (or
reshuffles the discards into it), takes a face-down scarab, turns up a temple tile, takes a
Horus card (the card below becomes the visible top), or plays or discards a card from a hidden hand
(``play L|R``, C-05's discard: everyone sees the card; ``flow.hand_sizes``) or ends the game (the
scarabs' values are shown): the moves that change ``flow.hidden_sources``, shrink a hand or end the game.

Timeout actions (:meth:`Luxor.timeout_action`, ``rules.timeout_choice``), the least harmful
choice per decision:

    C-03  start 0           the seat asked (the host, seat 0) starts
    C-04  play …            the leftmost playable end card; for a card with a known movement its
                            smallest move (fewest steps, forward before backward, rearmost start)
    C-05  discard L         the left end
    C-06  move …            the smallest move (as C-04)
    C-08  act <pos>         the rearmost position
    C-09  key | card        a key when any are left, else the card
    C-10  level <n>         the lowest level offered
    C-11  wild | scarab     a wild when any are left, else a scarab
    C-12  leave             optional: declined
    C-13  sleep             optional: declined
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import (
    LAST_MOVE,
    CommandGroup,
    Event,
    GameInfo,
    Msg,
    OptionSpec,
    Outcome,
    Prompt,
    Result,
    Rng,
    RulesGame,
    TextLine,
    checked,
    msg,
    start_marks,
)

from . import data, flow, hidden, rules, setup, views
from .clone import clone_state
from .explain import explain, game_refusal
from .offers import Table
from .scoring import breakdown_msg, totals

State = dict[str, Any]

OPTION_NAMES = (
    "temple_mapping",
    "treasure_take_optional",
    "backward_to_stairs",
    "anubis_activation_optional",
    "forced_move_overshoot",
    "advance_all_blocked",
    "one_less_after_osiris",
    "one_less_steps",
    "tomb_scarab_vp",
    "stall_end",
    "reshuffle_timing",
    "start_player",
)


def _option_specs() -> tuple[OptionSpec, ...]:
    d, allowed, clauses = data.OPTION_DEFAULTS, data.OPTION_ALLOWED, data.OPTION_CLAUSES
    out = []
    for name in OPTION_NAMES:
        if name == "tomb_scarab_vp":
            lo = data.MAX_PATH_SCARAB_VP  # "integer >= highest path scarab_vp"
            values: tuple[Any, ...] = tuple(range(lo, lo + 88))
        else:
            values = tuple(allowed[name])
        minimum = data.MAX_PATH_SCARAB_VP if name == "tomb_scarab_vp" else None
        out.append(OptionSpec(name, d[name], values, clauses[name], msg(f"luxor.option.{name}"), minimum))
    return tuple(out)


def _card(c: Mapping[str, Any]) -> Msg:
    """A card in hand as a message (``label``: what it reads as if the catalogue has no such card kind)."""
    params = {"n": c.get("steps"), "lo": 1, "hi": c.get("max") or c.get("steps"), "label": c.get("label", "?")}
    return Msg(f"luxor.card.{c.get('kind')}", {k: v for k, v in params.items() if v is not None})


class Luxor(RulesGame):
    id = "luxor"
    rules_version = 2  # 2: C-06 folded into C-04 for cards whose movement is known ("play L 7")
    min_players = data.MIN_PLAYERS
    max_players = data.MAX_PLAYERS
    option_specs = _option_specs()
    #: Egyptian names for bot seats
    bot_names = ("Nefertiti", "Hatshepsut", "Imhotep", "Ramesses", "Khufu", "Ankhesenamun", "Tiye", "Thutmose",
                 "Nefertari", "Sobekneferu", "Amenhotep", "Merneith")
    #: the quick ``easy`` bot weighs a sample of this many of a decision's options (LUX-TURN-2: one option is a
    #: whole play-and-move, so two to six are offered; weighing them all made ``easy`` a match for ``normal``)
    easy_width = 3

    def private_lines(self, private: Mapping[str, Any]) -> list[TextLine]:
        """The cards in hand and the scarabs (how many, and their points)."""
        me = private.get("me", private)
        hand = [c for c in me.get("hand", []) if isinstance(c, dict)]
        scarabs = me.get("scarabs", [])
        values = [v.get("vp", v.get("value")) if isinstance(v, dict) else v for v in scarabs]
        vp = sum(v for v in values if isinstance(v, int))
        cards = tuple(_card(c) for c in hand)
        return [TextLine(Msg("console.hand_cards", {"n": len(hand), "cards": cards}), sep=" | "),
                TextLine(Msg("console.hand_scarabs", {"n": len(scarabs), "vp": vp}))]

    command_groups = (
        # "play L 7": card and move in one; die cards "play L", then "move 7" after the roll (C-06)
        CommandGroup("card", ("play", "discard"), ("C-04", "C-05"), "cmd.luxor.card"),
        CommandGroup("move", ("move",), ("C-06",), "cmd.luxor.move"),
        CommandGroup("act", ("act",), ("C-08",), "cmd.luxor.act"),
        CommandGroup("horus", ("key", "card"), ("C-09",), "cmd.luxor.horus"),
        CommandGroup("eye", ("level",), ("C-10",), "cmd.luxor.eye"),
        CommandGroup("temple", ("wild", "scarab"), ("C-11",), "cmd.luxor.temple"),
        CommandGroup("treasure", ("take", "leave"), ("C-12",), "cmd.luxor.treasure"),
        CommandGroup("anubis", ("wake", "sleep"), ("C-13",), "cmd.luxor.anubis"),
        CommandGroup("start", ("start",), ("C-03",), "cmd.luxor.start"),
    )
    #: DECISIONS.md: C-05 is never resolved by its single option (it has two); see :meth:`advance`
    auto_never = frozenset({"C-05"})

    @property
    def info(self) -> GameInfo:
        return GameInfo(data.MIN_PLAYERS, data.MAX_PLAYERS, hidden=("hands", "scarab values", "draw pile order"),
                        chance=True, simultaneous=False)

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults merged with ``options``. ``tomb_scarab_vp`` takes any integer from the highest
        path value up (LUX-OPT-9); its ``allowed`` tuple is only the range offered for autocomplete."""
        options = dict(options or {})
        for spec in self.option_specs:  # yes/no options: True/False only (1 == True would pass `in`)
            if isinstance(spec.default, bool) and spec.name in options and type(options[spec.name]) is not bool:
                raise ValueError(f"option {spec.name} must be true or false, not {options[spec.name]!r}")
        tomb = options.pop("tomb_scarab_vp", None)
        out = super().resolve_options(options)
        if tomb is not None:
            if type(tomb) is not int or tomb < data.MAX_PATH_SCARAB_VP:
                raise ValueError(f"option tomb_scarab_vp must be an integer >= {data.MAX_PATH_SCARAB_VP}, not {tomb!r}")
            out["tomb_scarab_vp"] = tomb
        return out

    # ------------------------------------------------------------------ the move pipeline

    def new_game(self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Outcome:
        st, ev = setup.setup(players, self.resolve_options(options), seed)
        self.advance(st, ev)
        return start_marks(Outcome(st, tuple(ev)))

    def prompts(self, state: State) -> list[Prompt]:
        return rules.prompts(state)

    def check(self, state: State, seat: int, action: str) -> Prompt:
        self._judge(state, seat, action)
        return self.prompts(state)[0]

    @staticmethod
    def _judge(state: State, seat: int, action: str) -> str:
        """The kind of the pending decision of ``seat`` that offers ``action``; raises the refusal
        (``explain.py``) otherwise. Only the candidates ``action`` can be among are listed."""
        return Luxor._judged(state, seat, action)[0]

    @staticmethod
    def _judged(state: State, seat: int, action: str) -> tuple[str, Table | None]:
        """:meth:`_judge`, with the table of options it read (``rules.judge``)."""
        refusal = game_refusal(state, seat, action)
        if refusal is not None:
            raise refusal
        kind: str = state["pending"]["kind"]
        offered, table = rules.judge(state, seat, kind, action)
        if not offered:
            raise explain(state, seat, action)
        return kind, table

    def apply(self, state: State, seat: int, action: str) -> Outcome:
        """The move pipeline of :class:`RulesGame` (check, copy, carry out, resolve forced
        decisions), with the check judging just ``action`` and the layout-aware copy of ``clone.py``."""
        # the shared spelling (engines.core.checked)
        kind, table = checked(action, lambda: self._judged(state, seat, action))
        s = clone_state(state, marks=False)  # mark_move below replaces the last move's marks (Luxor marks every move)
        events: list[Event] = []
        revealed = self._answer(s, seat, kind, action, events, table)  # s is an exact copy: the table holds
        revealed = self.advance(s, events) or revealed
        self.mark_move(state, s, seat, action)
        return Outcome(s, tuple(events), revealed)

    def play(self, state: State, seat: int, action: str) -> State:
        """:meth:`apply`'s state without its marks (:meth:`~engines.core.Game.play`): the action carried out
        without the look at what it revealed, and no marks."""
        kind, table = checked(action, lambda: self._judged(state, seat, action))
        s = clone_state(state, marks=False)  # shared, then dropped
        s.pop(LAST_MOVE, None)
        events: list[Event] = []
        self._carry_out(s, seat, kind, action, events, table)
        self.advance(s, events)
        return s

    def dispatch(self, state: State, seat: int, prompt: Prompt, action: str, events: list[Event]) -> bool:
        return self._answer(state, seat, prompt.kind, action, events)

    @staticmethod
    def _carry_out(state: State, seat: int, kind: str, action: str, events: list[Event],
                   table: Table | None = None) -> None:
        """Carry out ``action`` for decision ``kind`` (``table``: as :meth:`_answer`)."""
        state["pending"] = None
        if table is None:
            rules.HANDLERS[kind](state, seat, action, events)
        else:
            rules.TABLE_HANDLERS[kind](state, seat, action, events, table)

    @staticmethod
    def _answer(state: State, seat: int, kind: str, action: str, events: list[Event],
                table: Table | None = None) -> bool:
        """Carry out ``action`` for decision ``kind`` (``table``: its options in this position, when judged
        with them); whether it revealed hidden information."""
        before, hands, was_over = flow.reveal_marks(state), flow.hand_sizes(state), state["over"]
        Luxor._carry_out(state, seat, kind, action, events, table)
        # also a card shown from a hidden hand (a play or a discard), and the end: it shows every scarab's
        # value (LUX-INFO-5); issue 21
        return (flow.reveal_marks(state) != before or bool(state["over"] and not was_over)
                or any(now < then for now, then in zip(flow.hand_sizes(state), hands, strict=True)))

    def advance(self, state: State, events: list[Event]) -> bool:
        """Resolve forced decisions: single options (not C-05), and the two DECISIONS.md cases with
        several options that still resolve themselves (:func:`flow.forced_action`)."""
        revealed = False
        while True:
            pend = state["pending"]
            if state["over"] or not pend:
                return revealed
            kind, seat = pend["kind"], pend["seat"]
            # engines.core.auto_resolve (a single option), then the DECISIONS.md cases with several
            action = None if kind in self.auto_never else rules.only_option(state, seat, kind)
            if action is None:
                action = flow.forced_action(state)
                if action is None:
                    return revealed
            revealed = self._answer(state, seat, kind, action, events) or revealed

    def timeout_action(self, state: State, seat: int) -> str:
        prompt = next(p for p in self.prompts(state) if p.seat == seat)
        return rules.timeout_choice(prompt)

    # ------------------------------------------------------------------ views and result

    def public_view(self, state: State) -> views.PublicView:
        return views.public_view(state)

    def move_marks(self, before: State, after: State, seat: int, action: str) -> dict[str, Any]:
        return views.move_marks(before, after, seat, action)

    def private_view(self, state: State, seat: int) -> views.PrivateView:
        return views.private_view(state, seat)

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(int(p["score"]) for p in state["seats"])

    def projected_scores(self, state: State) -> tuple[float, ...]:
        """The final scoring applied to the state as it is (LUX-SCORE-2…7: the track plus adventurer
        positions, sarcophagi, keys, treasure sets and scarab values); at the end, the result's scores.
        Reads scarab values: call it on a complete state (a determinised one for a bot)."""
        final = state["final"]
        if final is not None:
            return tuple(float(v) for v in final["scores"])
        return tuple(float(v) for v in totals(state))

    # ------------------------------------------------------------------ hidden information (hidden.py)

    def information_state(self, state: State, seat: int | None) -> State:
        return hidden.information_state(state, seat)

    def determinize(self, info: State, seat: int | None, rng: Rng) -> State:
        return hidden.determinize(info, seat, rng)

    def result(self, state: State) -> Result | None:
        if not state["over"]:
            return None
        fb = state["final"]
        detail = tuple(breakdown_msg("luxor.result.line", row) for row in fb["breakdown"])
        return Result(tuple(fb["scores"]), tuple(fb["winners"]), {}, detail)


GAME = Luxor()
