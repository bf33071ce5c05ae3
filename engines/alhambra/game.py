"""The Alhambra :class:`~engines.core.Game`: a thin class over the modules of this package.

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

Timeout actions (:meth:`AlhambraGame.timeout_action`), the least harmful legal choice per kind:

======  ==========================================================================================
kind    action played when the seat's time runs out
======  ==========================================================================================
C-02    ``start <seat>`` for the first tied seat
C-03    ``end`` when the phase may end; else the take with the highest total (the first of equals);
        else (no money on display) the first offered action
C-08    ``reserve all`` when several tiles wait, else ``reserve <tile>``: nothing is built or given
C-09    as C-08
======  ==========================================================================================
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
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
    State,
    TextLine,
    checked,
    spelling_error,
    start_marks,
)

from . import data as D
from . import flow, hidden, moves, setup
from .common import Candidate, Events, K, Move, apply_copy, copy_state, refuse
from .moves import Handler
from .scoring import score_round
from .views import PrivateView, PublicView, marks_after, move_marks, private_view, public_view, read_move


def _carry_out_start(s: State, seat: int, move: Move, ev: Events) -> None:
    moves.start_carry_out(s, seat, move, ev)
    flow.set_start(s, move[1], ev)


def _carry_out_action(s: State, seat: int, move: Move, ev: Events) -> None:
    flow.carry_out_action(s, move, ev)


#: one handler per decision kind: the candidates, finding and carrying out of ``moves.py``; the flow goes
#: on from C-02 and C-03 (``flow.py``)
HANDLERS: dict[str, Handler] = {
    "C-02": Handler("C-02", moves.start_options, moves.start_find, _carry_out_start, moves.start_title,
                    moves.start_timeout),
    "C-03": Handler("C-03", moves.action_options, moves.action_find, _carry_out_action, moves.action_title,
                    moves.action_timeout),
    "C-08": Handler("C-08", moves.place_options, moves.place_find, moves.placement_carry_out, moves.place_title,
                    moves.placement_timeout),
    "C-09": Handler("C-09", moves.end_place_options, moves.end_place_find, moves.placement_carry_out,
                    moves.end_place_title, moves.placement_timeout),
}


def _check_change(s: State, seat: int, move: Move) -> None:
    """The self-check after a move that changed the seat's Alhambra at one cell (ALH-PLACE-7)."""
    kind, arg = move
    if kind in ("place", "add", "swap"):
        flow.check_grid(s, seat, (arg[1], "swap" if kind == "swap" else "add"))
    elif kind == "remove":
        flow.check_grid(s, seat, (arg, "remove"))


def _move_on(s: State, seat: int, h: Handler, move: Move, ev: Events) -> None:
    """A checked move carried out on ``s`` (the state's own copy) and the flow run on to the next decision, with
    the self-checks when they are on (``apply`` and ``play``)."""
    h.carry_out(s, seat, move, ev)
    if flow.SELF_CHECKS:
        _check_change(s, seat, move)
    flow.advance(s, ev)
    if flow.SELF_CHECKS:
        flow.check_invariants(s)


@dataclass(frozen=True)
class Answer(Prompt):
    """The pending prompt narrowed to the one option an action answers, with its checked move."""

    move: Move = ("", None)


def _card(currency: Any, value: Any) -> Msg:
    return Msg("alhambra.card", {"currency": Msg(f"alhambra.currency.{currency}"), "value": value})


class AlhambraGame(RulesGame):
    id = "alhambra"
    min_players = D.MIN_PLAYERS
    max_players = D.MAX_PLAYERS
    option_specs = tuple(
        OptionSpec(name, D.OPTION_DEFAULTS[name], D.OPTION_ALLOWED[name], D.OPTION_CLAUSE[name], Msg(K + "option." + name))
        for name in D.OPTION_DEFAULTS
    )
    #: Andalusian (Nasrid) names for bot seats
    bot_names = ("Zoraida", "Boabdil", "Yusuf", "Aixa", "Ibn Zamrak", "Fátima", "Ismail", "Maryam", "Muhammad",
                 "Ibn al-Khatib", "Nasr", "Abu l-Hasan")

    def scoring_mark(self, message: Msg) -> Msg | None:
        """The scoring rounds A and B (``alhambra.ev.scoring``)."""
        return message if message.key == "alhambra.ev.scoring" else None

    def typed_move(self, line: str, say: Callable[[Msg], Sequence[str]]) -> str:
        """Money typed as the list writes it: ``Take green 3`` → ``take g3``, ``take b2, g3`` → ``take b2+g3`` (the
        currency names in each language ``say`` gives; commas or spaces between cards). Anything else: as typed."""
        flat = re.sub(r"\s*\+\s*", "+", re.sub(r"\s*,\s*", ",", line.strip()))
        toks = " ".join(flat.split()).replace(",", " ").split()
        if len(toks) < 2 or toks[0].lower() != "take":
            return line
        names: dict[str, str] = {}
        for cur in ("yellow", "green", "blue", "orange"):
            for text in say(Msg(f"alhambra.currency.{cur}")):
                names[text.casefold()] = cur[0]
        cards: list[str] = []
        rest = [x for tok in toks[1:] for x in tok.split("+") if x]
        i = 0
        while i < len(rest):
            word = rest[i].casefold()
            if word in names and i + 1 < len(rest) and rest[i + 1].isascii() and rest[i + 1].isdigit():
                cards.append(names[word] + rest[i + 1])
                i += 2
            elif re.fullmatch(r"[a-z][0-9]+", word) and word.isascii():
                cards.append(word)
                i += 1
            else:
                return line
        return "take " + "+".join(cards) if cards else line

    def private_lines(self, private: Mapping[str, Any]) -> list[TextLine]:
        """The money in hand, card by card, and its totals per currency."""
        hand = [c for c in private.get("hand", []) if isinstance(c, dict)]
        cards = tuple(_card(c.get("currency"), c.get("value")) for c in hand)
        lines = [TextLine(Msg("console.hand_money", {"n": len(hand), "cards": cards}))]
        totals = private.get("totals") or {}
        if totals:
            parts = tuple(_card(cur, v) for cur, v in totals.items() if v)
            lines.append(TextLine(Msg("console.hand_totals", {"totals": parts}), sep=", "))
        return lines

    result_extras = ("dirk",)  # Dirk, the neutral player of the two-player game
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

    def new_game(self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Outcome:
        """Setup (ALH-SETUP-1 … 14)."""
        setup.check_players(players)
        return start_marks(setup.new_game(players, self.resolve_options(options), seed))

    # ------------------------------------------------------------------ decisions

    def prompts(self, state: State) -> list[Prompt]:
        kind = flow.pending_kind(state)
        seat = flow.actor(state)
        if kind is None or seat is None:
            return []
        h = HANDLERS[kind]
        return [Prompt(seat, kind, h.options(state, seat), h.title(state, seat))]

    def check(self, state: State, seat: int, action: str) -> Prompt:
        h, cand = self._checked(state, seat, action)
        return Answer(seat, h.kind, (cand.option(),), h.title(state, seat), move=cand.move)

    def _checked(self, state: State, seat: int, action: str) -> tuple[Handler, Candidate]:
        """The handler of the pending decision and the legal candidate ``action`` is, or the refusal."""
        if state["phase"] == "over":
            raise refuse("ALH-END-3", "err.game_over")
        if not isinstance(action, str) or not action or len(action) > 80 or not action.isascii():
            raise refuse("ALH-TURN-2", "err.bad_action", action=str(action)[:40])
        actor = flow.actor(state)
        if seat != actor or isinstance(seat, bool):
            raise refuse("ALH-TURN-1", "err.not_your_turn", player=actor)
        kind = flow.pending_kind(state)
        assert kind is not None
        h = HANDLERS[kind]
        cand = h.find(state, seat, action)
        if cand.verdict is not None:
            raise cand.verdict.error()
        return h, cand

    def _judged(self, state: State, seat: int, action: str) -> tuple[Handler, Candidate]:
        """:meth:`_checked` behind the shared spelling (:func:`~engines.core.checked`), its common case (a
        canonically spelled action) without making the closure."""
        if spelling_error(action) is None:
            return self._checked(state, seat, action)
        return checked(action, lambda: self._checked(state, seat, action))

    def apply(self, state: State, seat: int, action: str) -> Outcome:
        """:meth:`RulesGame.apply` (check → copy → dispatch → advance → marks, the same refusals, events and
        state), with the checked candidate's move carried straight to the carry-out: no prompt is made for it
        (bots apply thousands of moves a second)."""
        h, cand = self._judged(state, seat, action)
        s = apply_copy(state)  # copied on write; the marks are made anew (mark_move)
        events: list[Event] = []
        # the move and the flow, with one look at what was revealed: what flow.revealed reads of the state only
        # moves on (the RNG advances, the deck grows only by a reshuffle, which draws from it, the bag only
        # shrinks), and the hands are shown only as the phase becomes end_placement, which then stays or
        # becomes over; so it is the "or" of the two looks
        before = flow.hidden_mark(s)
        _move_on(s, seat, h, cand.move, events)
        revealed = flow.revealed(s, before, events, 0)
        if LAST_MOVE in state:  # mark_move, the marks read from the checked move
            s[LAST_MOVE] = marks_after(state, seat, action, read_move(state, cand.move))
        return Outcome(s, tuple(events), revealed)

    def play(self, state: State, seat: int, action: str) -> State:
        """:meth:`apply`'s state without its marks (:meth:`~engines.core.Game.play`): the same check, copy,
        carry-out and flow, none of which makes an event here; no marks, no look at what was revealed, no
        outcome."""
        h, cand = self._judged(state, seat, action)
        s = apply_copy(state)
        s.pop(LAST_MOVE, None)
        _move_on(s, seat, h, cand.move, None)  # no events made (common.Events)
        return s

    def copy_state(self, state: State) -> State:
        """:func:`~.common.copy_state`: equal to ``clone``, several times faster."""
        return copy_state(state)

    def move_marks(self, before: State, after: State, seat: int, action: str) -> dict[str, Any]:
        return move_marks(before, after, seat, action)

    def mark_move(self, before: State, after: State, seat: int, action: str) -> None:
        """:meth:`RulesGame.mark_move` (the marks before joined to the move's), the marks made at once."""
        if LAST_MOVE in before:
            after[LAST_MOVE] = marks_after(before, seat, action)

    def dispatch(self, state: State, seat: int, prompt: Prompt, action: str, events: list[Event]) -> bool:
        h = HANDLERS[prompt.kind]
        move = prompt.move if isinstance(prompt, Answer) else h.find(state, seat, action).move
        return self._carry_out(state, seat, h, move, events)

    def _carry_out(self, state: State, seat: int, h: Handler, move: Move, events: list[Event]) -> bool:
        before, since = flow.hidden_mark(state), len(events)
        h.carry_out(state, seat, move, events)
        if flow.SELF_CHECKS:
            _check_change(state, seat, move)
        return flow.revealed(state, before, events, since)

    def advance(self, state: State, events: list[Event]) -> bool:
        before, since = flow.hidden_mark(state), len(events)
        flow.advance(state, events)
        if flow.SELF_CHECKS:
            flow.check_invariants(state)
        return flow.revealed(state, before, events, since)

    def timeout_action(self, state: State, seat: int) -> str:
        for p in self.prompts(state):
            if p.seat == seat:
                return HANDLERS[p.kind].timeout(p.options)
        raise ValueError(f"seat {seat} has no pending decision")

    # ------------------------------------------------------------------ views and result

    def public_view(self, state: State) -> PublicView:
        return public_view(state)

    def private_view(self, state: State, seat: int) -> PrivateView:
        return private_view(state, seat)

    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(int(p["score"]) for p in state["players"])

    def projected_scores(self, state: State) -> tuple[float, ...]:
        """The score track plus the final scoring round held now (ALH-END-7: ALH-SCORE-2 … 9, the final
        column, walls included; in two-player games Dirk ranks too, ALH-SCORE-8, ALH-2P-7), counted by
        the engine's own final scoring (``flow.participants``, ``scoring.score_round``) on the Alhambras
        as they stand: reserve tiles never score (ALH-SCORE-3), and tiles still on the market or waiting
        to be placed are not anticipated (ALH-END-5/6 depend on choices). Once the game is over the final
        round is already on the track, so this is the result's scores."""
        track = [p["score"] for p in state["players"]]
        if state["phase"] == "over":
            return tuple(float(v) for v in track)
        counts, walls = flow.participants(state)
        rows = score_round("final", counts, walls)
        return tuple(float(v + rows[seat]["total"]) for seat, v in enumerate(track))

    # ------------------------------------------------------------------ hidden information (hidden.py)

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


GAME = AlhambraGame()
