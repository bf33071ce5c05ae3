"""The contract every game engine follows.

An engine is pure: no Discord, no I/O, no clock. Randomness comes only from the
seeded generator stored in the state (:class:`Rng`).

Vocabulary (after OpenSpiel and python-chess):

* A **game** (:class:`Game`) is stateless: one object per title. It creates
  states and answers questions about them.
* A **state** is plain JSON data (``dict`` with ``str`` keys, lists, ints,
  strings, bools, ``None``). ``json.dumps(state)`` must round-trip exactly.
  :meth:`Game.apply` never mutates its input: it returns a new state.
* Players are **seats** ``0 … n-1``. The bot maps seats to people.
* An **action** is a short canonical ASCII string (at most 80 characters),
  like a UCI move in python-chess: ``"take 2 5"``, ``"buy 1 3+5"``. The move
  log stores exactly these strings, so replaying them from the seed rebuilds the
  state.
* A **prompt** is a pending decision: who must choose, what kind of choice it
  is (the decision id of the game's DECISIONS.md) and every legal option. Each
  option carries the action string and a translatable label.
* An **event** says what happened, as a translatable message. An event with
  ``to=None`` is public; ``to=seat`` is seen only by that seat.
* Every text that a person reads is a :class:`Msg`: a catalogue key plus
  parameters. The message catalogue (``render/i18n.py``) turns it into English,
  Czech or Polish. Engines never produce prose.
"""
from __future__ import annotations

import pickle
import re
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

State = dict[str, Any]

MAX_ACTION_LEN = 80


# --------------------------------------------------------------------------- messages


@dataclass(frozen=True, init=False, slots=True)
class Msg:
    """A translatable message: a catalogue key and its parameters.

    Parameter values are ints, strings, lists of those, or nested ``Msg``s (a
    nested message is translated first, e.g. a building type's name).
    """

    key: str
    params: Mapping[str, Any]

    def __init__(self, key: str, params: Mapping[str, Any] | None = None) -> None:
        # the slots' own setters: engines make messages by the thousand, and a frozen dataclass's
        # generated ``__init__`` pays for ``object.__setattr__`` on every field
        _SET_MSG_KEY(self, key)
        _SET_MSG_PARAMS(self, {} if params is None else params)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": {k: _param_json(v) for k, v in self.params.items()}}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Msg:
        return Msg(data["key"], {k: _param_from_json(v) for k, v in data.get("params", {}).items()})


def _param_json(v: Any) -> Any:
    if isinstance(v, Msg):
        return {"$msg": v.to_json()}
    if isinstance(v, (list, tuple)):
        return [_param_json(x) for x in v]
    return v


def _param_from_json(v: Any) -> Any:
    if isinstance(v, dict) and "$msg" in v:
        return Msg.from_json(v["$msg"])
    if isinstance(v, list):
        return [_param_from_json(x) for x in v]
    return v


_SET_MSG_KEY = Msg.__dict__["key"].__set__
_SET_MSG_PARAMS = Msg.__dict__["params"].__set__


def msg(key: str, **params: Any) -> Msg:
    return Msg(key, params)


# --------------------------------------------------------------------------- errors


class IllegalAction(Exception):
    """A move the rules forbid. Raised by :meth:`Game.apply`; the state is unchanged.

    ``clause`` names the rule (e.g. ``"ALH-BUY-2"``), ``message`` explains it to the
    player in their language.
    """

    def __init__(self, clause: str, key: str, **params: Any) -> None:
        self.clause = clause
        self.message = Msg(key, params)
        super().__init__(f"{clause}: {key} {params}")


# --------------------------------------------------------------------------- decisions


class Option:
    """One legal choice: the action string and its translatable label.

    The label may be given ready (``Option(action, label)``) or built on first use
    (``Option.lazy(action, make, *args)``): searching bots and random playouts list thousands of options
    per second and never read a label, so an engine may defer the work of naming each one. Either way an
    option is immutable, compares by action and label, and pickles with its label built.
    """

    __slots__ = ("_args", "_label", "_make", "action")

    action: str
    _label: Msg | None
    _make: Callable[..., Msg] | None
    _args: tuple[Any, ...]

    def __init__(self, action: str, label: Msg) -> None:
        if len(action) > MAX_ACTION_LEN or not action.isascii():
            raise ValueError(f"action string too long or not ASCII: {action!r}")
        _SET_ACTION(self, action)
        _SET_LABEL(self, label)
        _SET_MAKE(self, None)
        _SET_ARGS(self, ())

    @classmethod
    def lazy(cls, action: str, make: Callable[..., Msg], *args: Any) -> Option:
        """An option whose label is ``make(*args)``, computed the first time it is read. ``make`` must be
        pure and ``args`` must not be changed afterwards (pass immutable values or private copies)."""
        if len(action) > MAX_ACTION_LEN or not action.isascii():
            raise ValueError(f"action string too long or not ASCII: {action!r}")
        self = cls.__new__(cls)
        _SET_ACTION(self, action)
        _SET_LABEL(self, None)
        _SET_MAKE(self, make)
        _SET_ARGS(self, args)
        return self

    @property
    def label(self) -> Msg:
        label = self._label
        if label is None:
            assert self._make is not None
            label = self._make(*self._args)
            _SET_LABEL(self, label)
            _SET_MAKE(self, None)
            _SET_ARGS(self, ())
        return label

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Option is immutable (cannot set {name!r})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Option):
            return NotImplemented
        return self.action == other.action and self.label == other.label

    def __hash__(self) -> int:
        return hash(self.action)

    def __repr__(self) -> str:
        return f"Option(action={self.action!r}, label={self.label!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Option, (self.action, self.label))


# The slots' own setters: an option is built without going through its refusing ``__setattr__`` (options
# are made by the thousand per second in searches, and ``object.__setattr__`` costs several times more).
_SET_ACTION = Option.__dict__["action"].__set__
_SET_LABEL = Option.__dict__["_label"].__set__
_SET_MAKE = Option.__dict__["_make"].__set__
_SET_ARGS = Option.__dict__["_args"].__set__


@dataclass(frozen=True, init=False, slots=True)
class Prompt:
    """A pending decision.

    ``seat`` must choose one of ``options``. ``kind`` is the decision id from the
    game's DECISIONS.md (``"C-03"``, ``"D-05"`` …). ``secret`` prompts (their
    options reveal hidden information) are only ever shown privately. Several
    prompts may be pending at once for a parallel choice, one per seat.
    """

    seat: int
    kind: str
    options: tuple[Option, ...]
    title: Msg
    secret: bool = False

    def __init__(self, seat: int, kind: str, options: tuple[Option, ...], title: Msg, secret: bool = False) -> None:
        # the slots' own setters (see Msg): a search builds prompts by the thousand
        _SET_PROMPT_SEAT(self, seat)
        _SET_PROMPT_KIND(self, kind)
        _SET_PROMPT_OPTIONS(self, options)
        _SET_PROMPT_TITLE(self, title)
        _SET_PROMPT_SECRET(self, secret)

    def find(self, action: str) -> Option | None:
        for o in self.options:
            if o.action == action:
                return o
        return None


@dataclass(frozen=True, init=False, slots=True)
class Event:
    message: Msg
    to: int | None  # None: public; a seat: only that player may see it

    def __init__(self, message: Msg, to: int | None = None) -> None:
        _SET_EVENT_MESSAGE(self, message)
        _SET_EVENT_TO(self, to)

    def to_json(self) -> dict[str, Any]:
        return {"message": self.message.to_json(), "to": self.to}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Event:
        return Event(Msg.from_json(data["message"]), data.get("to"))


_SET_PROMPT_SEAT = Prompt.__dict__["seat"].__set__
_SET_PROMPT_KIND = Prompt.__dict__["kind"].__set__
_SET_PROMPT_OPTIONS = Prompt.__dict__["options"].__set__
_SET_PROMPT_TITLE = Prompt.__dict__["title"].__set__
_SET_PROMPT_SECRET = Prompt.__dict__["secret"].__set__
_SET_EVENT_MESSAGE = Event.__dict__["message"].__set__
_SET_EVENT_TO = Event.__dict__["to"].__set__


@dataclass(frozen=True, init=False, slots=True)
class Outcome:
    """What :meth:`Game.apply` returns. ``reveals`` is True when the move brought information into the
    open that nobody could see before (a card or tile drawn from a hidden deck or bag, a die rolled,
    a hidden card shown or handed out): such a move cannot simply be taken back."""

    state: State
    events: tuple[Event, ...]
    reveals: bool = False

    def __init__(self, state: State, events: tuple[Event, ...], reveals: bool = False) -> None:
        # the slots' own setters (see Msg): one outcome per move applied, in searches too
        _SET_OUTCOME_STATE(self, state)
        _SET_OUTCOME_EVENTS(self, events)
        _SET_OUTCOME_REVEALS(self, reveals)


_SET_OUTCOME_STATE = Outcome.__dict__["state"].__set__
_SET_OUTCOME_EVENTS = Outcome.__dict__["events"].__set__
_SET_OUTCOME_REVEALS = Outcome.__dict__["reveals"].__set__


@dataclass(frozen=True)
class Result:
    """The end of a game. ``scores[seat]``; ``winners`` are seats (several = shared win).

    ``extra`` holds non-player lines of the result (e.g. Alhambra's Dirk).
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    extra: Mapping[str, int] = field(default_factory=dict)
    detail: tuple[Msg, ...] = ()


@dataclass(frozen=True)
class CommandGroup:
    """A kind of move as players ask for it: one slash subcommand and one board button.

    ``verbs`` are the first words of the action strings this group covers; every option a game ever
    offers falls in exactly one group (a contract test checks it). ``kinds`` are the decision kinds
    (prompt ``kind``) in which the group may be offered: the board's buttons are derived from the
    pending prompts' kinds, which are public, never from a player's legal options, which may depend on
    a hidden hand. ``description`` is the catalogue key of the subcommand's description.
    """

    name: str
    verbs: tuple[str, ...]
    kinds: tuple[str, ...]
    description: str


@dataclass(frozen=True)
class GameInfo:
    """What the platform needs to know about a title (after OpenSpiel's ``GameType``)."""

    min_players: int
    max_players: int
    #: the kinds of information some seats cannot see (for documentation and tests), e.g. ("money hands",)
    hidden: tuple[str, ...]
    #: the state holds a seeded RNG that draws cards or rolls dice during play
    chance: bool
    #: several seats may have to decide at the same time
    simultaneous: bool


@dataclass(frozen=True)
class OptionSpec:
    """A game option (a house rule or variant): its allowed values and default.

    ``minimum``: for an open integer range ("any integer from 13 up"), the least value; ``allowed`` then
    lists only the values offered for autocomplete.
    """

    name: str
    default: Any
    allowed: tuple[Any, ...]
    clause: str
    help: Msg
    minimum: int | None = None


# --------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class TextLine:
    """One line of text about a view, for a reader without pictures (the console): a catalogue message whose
    parameters may be tuples of messages, lists the reader's language joins ("a, b and c"; ``sep``: joined
    with this string instead). An empty list reads as the catalogue's ``console.hand_none``; an item whose key
    the catalogue lacks reads as its ``label`` parameter."""

    message: Msg
    sep: str | None = None


class Game:
    """Base class of a title. Subclasses implement the abstract methods."""

    id: str = ""
    #: Bumped whenever a rules change makes an old move log replay differently (the store keeps it per game).
    rules_version: int = 1
    min_players: int = 2
    max_players: int = 2
    option_specs: tuple[OptionSpec, ...] = ()
    #: the kinds of move (slash subcommands, board buttons); see :class:`CommandGroup`
    command_groups: tuple[CommandGroup, ...] = ()
    #: themed names for the seats bots play, in the order they are handed out (then with numbers: "Yusuf 2")
    bot_names: tuple[str, ...] = ("Bot",)
    #: how many options of one decision the quick ``easy`` bot weighs (a sample, drawn with its seed, when there
    #: are more); ``None``: the bots' own default (:data:`engines.bots.policies.EASY_WIDTH`). A title whose
    #: decisions are whole turns, offered a few at a time, narrows it so ``easy`` stays a quick player
    easy_width: int | None = None

    def scoring_mark(self, message: Msg) -> Msg | None:
        """If a public event's ``message`` starts or is a scoring round, the round's label (for the recap's
        score chart and for followers), else ``None``. The last move is marked for every game by the caller."""
        return None

    def private_lines(self, private: Mapping[str, Any]) -> list[TextLine]:
        """The secret part of one player's private view as a few lines of text (never the raw state)."""
        return [TextLine(Msg("console.hand_none"))]

    def typed_move(self, line: str, say: Callable[[Msg], Sequence[str]]) -> str:
        """A move typed in words, as a list of options writes it, in the game's own spelling (``say`` gives a
        message's text in each language the reader may use). The default: the line as typed."""
        return line
    #: every key :meth:`result` may put in ``Result.extra`` (each is shown as ``result.extra.<key>``)
    result_extras: tuple[str, ...] = ()

    @property
    def info(self) -> GameInfo:
        raise NotImplementedError

    def group_of(self, action: str) -> CommandGroup:
        """The command group an action belongs to (by its first word)."""
        verb = action.split(maxsplit=1)[0] if action.strip() else ""
        for group in self.command_groups:
            if verb in group.verbs:
                return group
        raise KeyError(f"{self.id}: no command group for {action!r}")

    def groups_for_kinds(self, kinds: Iterable[str]) -> list[CommandGroup]:
        """The groups that may be offered for these pending decision kinds, in declaration order."""
        wanted = set(kinds)
        return [g for g in self.command_groups if wanted.intersection(g.kinds)]

    # -- creation
    def new_game(self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Outcome:
        """A fresh state after setup, with the public setup events."""
        raise NotImplementedError

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults merged with ``options``; unknown names or values raise ``ValueError``."""
        options = dict(options or {})
        out: dict[str, Any] = {}
        specs = {s.name: s for s in self.option_specs}
        for name in options:
            if name not in specs:
                raise ValueError(f"unknown option {name!r}; known: {sorted(specs)}")
        for spec in self.option_specs:
            value = options.get(spec.name, spec.default)
            if value not in spec.allowed:
                raise ValueError(f"option {spec.name} must be one of {list(spec.allowed)}, not {value!r}")
            out[spec.name] = value
        return out

    # -- decisions
    def prompts(self, state: State) -> list[Prompt]:
        """The pending decisions; empty once the game is over."""
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> list[Option]:
        return [o for p in self.prompts(state) if p.seat == seat for o in p.options]

    def apply(self, state: State, seat: int, action: str) -> Outcome:
        """Apply ``action`` by ``seat``. Raises :class:`IllegalAction`; never mutates ``state``."""
        raise NotImplementedError

    def play(self, state: State, seat: int, action: str) -> State:
        """The state after ``action`` by ``seat``, for a search that reads only states (OpenSpiel's
        ``apply_action``): the rules, refusals and RNG of :meth:`apply`, without what only a table reads (the
        events, whether the move revealed anything, the last move's marks: the state after carries no
        :data:`LAST_MOVE` key, so no later move is marked either). Equal to ``apply(...).state`` without that key
        (tests/engines/test_play.py); a title makes it cheaper by not making what it leaves out. Never mutates
        ``state``."""
        after = self.apply(state, seat, action).state
        after.pop(LAST_MOVE, None)
        return after

    # -- views
    def public_view(self, state: State) -> Mapping[str, Any]:
        """Everything anyone may see. Holds no secret: safe to post, log and store."""
        raise NotImplementedError

    def private_view(self, state: State, seat: int) -> Mapping[str, Any]:
        """What ``seat`` sees on top of the public view (their hand, their secret cards)."""
        raise NotImplementedError

    def result(self, state: State) -> Result | None:
        """The result once the game is over, else ``None``."""
        raise NotImplementedError

    def is_over(self, state: State) -> bool:
        return self.result(state) is not None

    def current_seats(self, state: State) -> list[int]:
        """Seats that must act now (in prompt order, without repeats)."""
        return list(dict.fromkeys(p.seat for p in self.prompts(state)))

    def scores(self, state: State) -> tuple[int, ...]:
        """Each seat's score as the public score track shows it now (the final scoring may add more)."""
        raise NotImplementedError

    def projected_scores(self, state: State) -> tuple[float, ...]:
        """Each seat's score if the game ended now: the score track plus what the final scoring would add
        for what the seat already holds (sets, walls, majorities …). A heuristic for searching bots, read
        on a complete (possibly sampled) state; the default is :meth:`scores`."""
        return tuple(float(v) for v in self.scores(state))

    # -- hidden information (bot players search over sampled states; fairness tests)
    def information_state(self, state: State, seat: int | None) -> State:
        """The state as ``seat`` knows it (``None``: a spectator, who sees only what is public).

        Every part hidden from ``seat`` is replaced by a canonical form (hidden cards pooled and
        sorted, unseen deck orders sorted, the RNG state cleared), so two states that differ only in
        what ``seat`` cannot see give equal information states. Bots read only this.
        """
        raise NotImplementedError

    def determinize(self, info: State, seat: int | None, rng: Rng) -> State:
        """A complete state consistent with an information state of ``seat``: the hidden parts are
        dealt at random from ``rng`` (OpenSpiel's ``resample_from_infostate``)."""
        raise NotImplementedError

    # -- clocks
    def timeout_action(self, state: State, seat: int) -> str:
        """The deterministic action played for ``seat`` when its time runs out: the least harmful legal
        choice of its pending decision (documented per game)."""
        raise NotImplementedError


# --------------------------------------------------------------------------- the shared move pipeline


class RulesGame(Game):
    """The move pipeline every title shares: check → clone → dispatch → advance → outcome.

    A title supplies :meth:`check` (which pending decision ``action`` answers, or the reason it is
    illegal: the same code that builds the offered options, so offering and explaining cannot drift),
    :meth:`dispatch` (carry out one legal action on a private copy) and, where its turn flow needs more
    than resolving forced decisions, :meth:`advance`.
    """

    #: decision kinds that are never resolved automatically even with a single option (e.g. secret ones)
    auto_never: frozenset[str] = frozenset()

    def check(self, state: State, seat: int, action: str) -> Prompt:
        """The prompt of ``seat`` that ``action`` answers; raises :class:`IllegalAction` naming the rule."""
        raise NotImplementedError

    def dispatch(self, state: State, seat: int, prompt: Prompt, action: str, events: list[Event]) -> bool:
        """Carry out a legal ``action`` on ``state`` in place; returns whether it revealed information
        (see :attr:`Outcome.reveals`)."""
        raise NotImplementedError

    def advance(self, state: State, events: list[Event]) -> bool:
        """Move the flow on after an action: resolve forced decisions. Returns whether that revealed."""
        return auto_resolve(state, events, self.prompts, self.dispatch, self.auto_never)

    def copy_state(self, state: State) -> State:
        """The private copy a move is carried out on: a deep copy (a title may copy faster by its layout)."""
        return clone(state)

    def move_marks(self, before: State, after: State, seat: int, action: str) -> dict[str, Any] | None:
        """The public marks of one move (what the boards highlight as the last move), or ``None`` for a title
        that marks nothing. Read only from what is public in ``before`` and ``after`` and from the action's
        public verbs, never a secret; cheap, as bots apply moves in their search."""
        return None

    def apply(self, state: State, seat: int, action: str) -> Outcome:
        prompt = checked(action, lambda: self.check(state, seat, action))
        s = self.copy_state(state)
        events: list[Event] = []
        revealed = self.dispatch(s, seat, prompt, action, events)
        revealed = self.advance(s, events) or revealed
        self.mark_move(state, s, seat, action)
        return Outcome(s, tuple(events), revealed)

    def play(self, state: State, seat: int, action: str) -> State:
        """:meth:`Game.play`: the pipeline of :meth:`apply` without the outcome and the marks."""
        prompt = checked(action, lambda: self.check(state, seat, action))
        s = self.copy_state(state)
        s.pop(LAST_MOVE, None)
        events: list[Event] = []
        self.dispatch(s, seat, prompt, action, events)
        self.advance(s, events)
        return s

    def mark_move(self, before: State, after: State, seat: int, action: str) -> None:
        """Store the move's public marks in ``after`` (joined to the same turn's earlier ones).

        Only a state that carries the key (:func:`start_marks`: a game made by ``new_game``) is marked; a game
        stored before marks existed stays unmarked. (The marks are public, so information states keep them,
        and a bot's search marks its moves too: the same move must give the same public state in every world
        a player cannot tell apart. ``move_marks`` is kept cheap for that.)"""
        if LAST_MOVE not in before:
            return
        marks = self.move_marks(before, after, seat, action)
        if marks is not None:
            after[LAST_MOVE] = merge_marks(before.get(LAST_MOVE), marks)


#: the state key holding the last move's public marks (:meth:`RulesGame.move_marks`); absent in games stored
#: before it existed, whose views then mark no last move
LAST_MOVE = "last_move"


def start_marks(outcome: Outcome) -> Outcome:
    """A new game's outcome whose state will carry the last move's marks (no move yet: ``None``)."""
    outcome.state[LAST_MOVE] = None
    return outcome


def merge_marks(previous: Mapping[str, Any] | None, marks: dict[str, Any]) -> dict[str, Any]:
    """``marks`` of a move, joined to ``previous`` when it was the same seat's same turn (same ``seat`` and
    ``turn``): a turn of several actions (play a card, move, act) is marked as a whole. Lists are joined
    without repeats; other values are the newer ones."""
    if not previous or previous.get("seat") != marks.get("seat") or previous.get("turn") != marks.get("turn"):
        return marks
    out = dict(previous)
    for key, value in marks.items():
        old = out.get(key)
        if isinstance(value, list) and isinstance(old, list):
            out[key] = old + [v for v in value if v not in old]
        else:
            out[key] = value
    return out


def auto_resolve(
    state: State,
    events: list[Event],
    prompts: Callable[[State], list[Prompt]],
    dispatch: Callable[[State, int, Prompt, str, list[Event]], bool],
    never: Container[str] = (),
    limit: int = 10_000,
) -> bool:
    """Resolve, in place, pending decisions that have exactly one option (the auto-resolve column of
    DECISIONS.md): while the only pending prompt has one option and its kind is not in ``never``,
    dispatch it. Returns whether any of them revealed information."""
    revealed = False
    for _ in range(limit):
        pending = prompts(state)
        if len(pending) != 1 or len(pending[0].options) != 1 or pending[0].kind in never:
            return revealed
        p = pending[0]
        revealed = dispatch(state, p.seat, p, p.options[0].action, events) or revealed
    raise RuntimeError(f"auto_resolve: no progress after {limit} forced decisions")


# --------------------------------------------------------------------------- helpers


def clone(state: State) -> State:
    """A deep copy of plain data, several times faster than ``copy.deepcopy``."""
    copied: State = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    return copied


_MASK64 = (1 << 64) - 1


class Rng:
    """A small deterministic generator (SplitMix64) whose whole state is one int.

    Store ``rng.state`` back into the game state after use; the same state gives
    the same sequence on every machine and Python version.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    @staticmethod
    def seeded(seed: int) -> Rng:
        rng = Rng(seed ^ 0x9E3779B97F4A7C15)
        rng.next64()
        return rng

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``0 … n-1`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def between(self, lo: int, hi: int) -> int:
        """Uniform integer in ``lo … hi`` inclusive (a die is ``between(1, 6)``)."""
        return lo + self.below(hi - lo + 1)

    def choice(self, items: Sequence[Any]) -> Any:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def join_ints(values: Iterable[int], sep: str = "+") -> str:
    return sep.join(str(v) for v in values)


# --------------------------------------------------------------------------- the spelling of actions
# The spelling every title's actions share, checked before a title reads an action.
#
# The spelling every title's actions share, checked before a title reads an action.
#
# Actions are stored in the move log exactly as accepted, so an action must be written in its one canonical
# spelling: printable ASCII words separated by single spaces. Python's ``str.isdigit`` and ``int`` accept far
# more than ASCII digits (``'²'.isdigit()`` is true and ``int('²')`` fails; ``int('𝟙')`` is 1), so a title that
# parsed a number with them could crash on ``place 1²`` or accept ``place 4 s𝟙`` and store it verbatim. The
# shared move pipeline (:meth:`engines.core.RulesGame.apply`, and the titles' own ``apply``) runs each title's
# check through :func:`checked`, so no title carries out anything else:
#
# * only printable ASCII (``!`` … ``~``) and spaces (the service writes a move's words with single spaces
#   before the engine sees it, and each title refuses empty words in its own terms);
# * a number (a run of digits standing alone in a word or between ``+`` and ``,``) has at most
#   :data:`MAX_DIGITS` digits (Python refuses to convert more than 4,300, and no rule needs more than a few)
#   and no leading zero (``04`` would be stored beside ``4``).

T = TypeVar("T")

#: the clause a spelling refusal names (not a rule of a game: the grammar all of them share)
CLAUSE = "ACTION-SPELLING"
#: the most digits a number in an action may have
MAX_DIGITS = 6
#: the longest action accepted (Alhambra's longest legal payment is far shorter)
MAX_LENGTH = 400

_NUMBER = re.compile(r"(?<![0-9A-Za-z-])[0-9]+(?![0-9A-Za-z])")
#: what can make a printable ASCII action non-canonical: a number with a leading zero, or of 7 digits or more
_SUSPECT = re.compile(rf"(?<![0-9A-Za-z-])(?:0[0-9]|[0-9]{{{MAX_DIGITS + 1}}})")


def _shown(action: str) -> str:
    return action if len(action) <= 40 else action[:39] + "…"


def size_error(action: str) -> IllegalAction | None:
    """The refusal for an action too long, or holding a number of more than :data:`MAX_DIGITS` digits (no
    title's own refusal says more about that, and ``int`` would fail past 4,300 digits), or ``None``."""
    for m in _NUMBER.finditer(action):
        if len(m.group()) > MAX_DIGITS:
            return IllegalAction(CLAUSE, "move.err.number_too_long", action=_shown(action), digits=len(m.group()),
                                 most=MAX_DIGITS)
    if len(action) > MAX_LENGTH:
        return IllegalAction(CLAUSE, "move.err.too_long", action=_shown(action), n=MAX_LENGTH)
    return None


#: actions found canonically spelled lately: the same few hundred strings recur in every game, and an option's
#: action string keeps its hash, so a search's apply pays one set lookup for its spelling; emptied when large
_SPELLED: set[str] = set()
_SPELLED_MAX = 4_096


def spelling_error(action: str) -> IllegalAction | None:
    """The refusal for an action that is not canonically spelled (a character outside printable ASCII, a
    number with a leading zero, or :func:`size_error`), or ``None``."""
    if action in _SPELLED:
        return None
    if action.isascii() and action.isprintable() and len(action) <= MAX_LENGTH and _SUSPECT.search(action) is None:
        # the common case, quickly (bots apply thousands of actions a second)
        if len(_SPELLED) >= _SPELLED_MAX:
            _SPELLED.clear()
        _SPELLED.add(action)
        return None
    early = size_error(action)
    if early is not None:
        return early
    bad = next((c for c in action if c != " " and not "!" <= c <= "~"), None)
    if bad is not None:
        return IllegalAction(CLAUSE, "move.err.character", action=_shown(action), char=bad, code=f"U+{ord(bad):04X}")
    for m in _NUMBER.finditer(action):
        if len(m.group()) > 1 and m.group()[0] == "0":
            return IllegalAction(CLAUSE, "move.err.leading_zero", action=_shown(action), number=m.group())
    return None


def checked(action: str, check: Callable[[], T]) -> T:
    """Run a title's check of ``action`` (which pending decision it answers) behind the shared spelling.

    A canonically spelled action goes to the title as it is. Otherwise an oversized one is refused at once
    (:func:`size_error`); any other is still shown to the title first, so a refusal it already gave (with its
    own clause: Luxor's "garbage", Alhambra's ``start 01``) stays as it was, and only where the title would
    have accepted it (``place 4 s𝟙`` read as ``s1``) or failed on it (``int('²')``) is the spelling refusal
    raised: nothing but a canonical action is ever carried out, hence stored."""
    refusal = spelling_error(action)
    if refusal is None:
        return check()
    if refusal.message.key in ("move.err.number_too_long", "move.err.too_long"):
        raise refusal
    try:
        check()
    except IllegalAction:
        raise
    except (ValueError, KeyError, IndexError, TypeError):
        pass  # a title reading a number with int() after str.isdigit(): the spelling says what is wrong
    raise refusal


def check_spelling(action: str) -> None:
    """Raise :class:`IllegalAction` for an action that is not canonically spelled."""
    error = spelling_error(action)
    if error is not None:
        raise error
