"""Shared vocabulary of the Egizia rules: abbreviations, message helpers, questions about the board and
the small state changes every section uses (stones, score, builders, tracks).

State layout (plain JSON; see also :mod:`engines.egizia.setup`):

* ``seats``: one record per player (tile, score, stamp, stones, markers ``ss``/``gm``, builders ``str``/
  ``used``, cards ``perm``/``any``/``in_force``/``improvers``, Sphinx hand, tomb tiles, per-round flags).
* ``river_card`` / ``river_ships``: lists indexed by river index 0..20 (0 unused).
* ``sites``: per site id ``{"slots", "subs", "extra", "done", "late", "first_done"}``.
* ``decks`` (top first), ``sphinx_deck`` (top first), ``out`` (Nile cards that left the game), ``box``
  (never used), ``sphinx_box``, ``sphinx_drawn``, ``tomb_spaces``, ``tombs_box``.
* ``stage``: the macro position of the game flow (:mod:`engines.egizia.flow`); ``todo``: queued
  sub-decisions (card/space choices D-06/D-07) that come before the stage continues.
"""
from __future__ import annotations

import marshal
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from engines.core import Event, Msg, Option, Prompt, State, msg

from . import data as D

Seat = dict[str, Any]
#: why an action is refused: (clause, catalogue key, parameters)
Reason = tuple[str, str, dict[str, Any]]
#: a judge's answer for one candidate action: None = legal, else the reason it is not
Verdict = Reason | None

B_ABBR = {"black": "bk", "blue": "bl", "yellow": "ye", "joker": "jk"}
ABBR_B = {v: k for k, v in B_ABBR.items()}
T_ABBR = {"stone_sale": "ss", "grain_market": "gm"}
ABBR_T = {v: k for k, v in T_ABBR.items()}

#: the clause named by a generic refusal of each decision kind (DECISIONS.md)
KIND_CLAUSE = {
    "D-03": "EGZ-SETUP-8", "D-04": "EGZ-R2-NILE-2", "D-05": "EGZ-R2-NILE-12", "D-06": "EGZ-R2-NILE-6",
    "D-07": "EGZ-R2-NILE-7", "D-08": "EGZ-CARD-N33", "D-09": "EGZ-CARD-N39", "D-10": "EGZ-R3-FEED-7",
    "D-11": "EGZ-CARD-N38", "D-12": "EGZ-R5-BUILD-3", "D-13": "EGZ-R5-BUILD-4", "D-14": "EGZ-BUILD-SPHINX-1",
    "D-15": "EGZ-BUILD-SPHINX-3", "D-16": "EGZ-BUILD-OBELISK-3", "D-17": "EGZ-BUILD-OBELISK-4",
    "D-18": "EGZ-BUILD-TEMPLE-5", "D-19": "EGZ-TIME-6",
}


@dataclass(frozen=True)
class Handler:
    """Everything the engine knows about one decision kind (DECISIONS.md D-nn).

    ``prompt`` builds the pending decision of ``seat`` (its options are the candidates the kind's judge
    finds legal); ``explain`` gives the reason a typed action that is not among the options is refused
    (None: the generic refusal of the kind; a reason with the key ``egizia.err.illegal`` gets the typed
    action as its ``action`` parameter); ``apply`` carries out an offered action in place and returns
    whether it revealed hidden information; ``timeout`` picks the least harmful offered action.

    Two optional shortcuts spare building every option (with the same judges the prompt uses):
    ``offers(s, seat, action)`` says whether ``action`` is among the prompt's options, and
    ``several(s, seat)`` whether the prompt has more than one option (so it is no forced decision).
    """

    prompt: Callable[[State, int], Prompt]
    explain: Callable[[State, int, list[str]], Verdict]
    apply: Callable[[State, int, list[str], list[Event]], bool]
    timeout: Callable[[State, Prompt], str]
    offers: Callable[[State, int, str], bool] | None = None
    several: Callable[[State, int], bool] | None = None


def no_reason(s: State, seat: int, toks: list[str]) -> Verdict:
    """``explain`` of a kind whose refusals are all the generic one."""
    return None


def first_of(*preferred: str) -> Callable[[State, Prompt], str]:
    """``timeout``: the first offered of ``preferred`` actions, else the prompt's first option."""

    def pick(s: State, prompt: Prompt) -> str:
        for a in preferred:
            if prompt.find(a) is not None:
                return a
        return prompt.options[0].action

    return pick


def copy_state(s: State, last_move: bool = True) -> State:
    """A deep copy of a plain-JSON state (dicts, lists, strings, ints, bools, None), equal to
    :func:`engines.core.clone`'s and sharing nothing with ``s``; with ``last_move`` false, sharing the last
    move's marks, for a caller that replaces them (a move: :meth:`engines.egizia.game.Egizia.apply`).

    Speed (issue #24: a copy per move was a third of a random game): the parts whose shape the rules fix
    (seats, river, sites, buildings, decks; :mod:`engines.egizia.setup`) are copied level by level with the
    lists' and dicts' own ``copy`` methods; the parts whose shape varies (``stage``, ``todo``, the last move,
    the result) go through marshal's C round trip, in one call, and so does a seat or site record of another
    shape, or a whole state with other keys (an information state's ``hidden``). A state without the last move's
    marks (after :meth:`~engines.egizia.game.Egizia.play`, or a game stored before marks existed) is copied the
    quick way too. A test compares the copy with :func:`engines.core.clone`'s along
    games of every player count and option, and checks that they share no container."""
    keys = s.keys()
    if keys != _TOP_KEYS:
        if keys != _UNMARKED_KEYS:
            return _copy_other(s)
        last_move = False  # a state without marks (made by Egizia.play): nothing to copy or share
    c = s.copy()
    if last_move:
        c["stage"], c["todo"], c["last_move"], c["result"] = _round_trip((s["stage"], s["todo"], s["last_move"],
                                                                          s["result"]))
    else:
        c["stage"], c["todo"], c["result"] = _round_trip((s["stage"], s["todo"], s["result"]))
    c["options"] = s["options"].copy()
    c["seats"] = [_copy_seat(p) for p in s["seats"]]
    c["river_card"] = s["river_card"].copy()
    c["river_ships"] = [x.copy() for x in s["river_ships"]]
    c["sites"] = {sid: _copy_site(site) for sid, site in s["sites"].items()}
    c["decks"] = {deck: cards.copy() for deck, cards in s["decks"].items()}
    c["out"] = s["out"].copy()
    c["box"] = s["box"].copy()
    c["sphinx_deck"] = s["sphinx_deck"].copy()
    c["sphinx_box"] = s["sphinx_box"].copy()
    c["sphinx_drawn"] = s["sphinx_drawn"].copy()
    c["obelisk"] = s["obelisk"].copy()
    c["pyramid"] = [row.copy() for row in s["pyramid"]]
    c["temple"] = s["temple"].copy()
    c["tomb_spaces"] = [t.copy() for t in s["tomb_spaces"]]
    c["tombs_box"] = s["tombs_box"].copy()
    return c


def _round_trip(v: Any) -> Any:
    """A deep copy of plain data by marshal's C round trip."""
    return marshal.loads(marshal.dumps(v))


#: the keys of a state made by :func:`engines.egizia.setup.start` and moved on by the rules
_TOP_KEYS = frozenset((
    "game", "data_profile", "options", "rng", "round", "seats", "stamp_next", "river_card", "river_ships", "sites",
    "decks", "out", "box", "sphinx_deck", "sphinx_box", "sphinx_drawn", "obelisk", "pyramid", "temple",
    "tomb_spaces", "tombs_box", "ring", "stage", "todo", "result", "last_move"))
#: the same without the last move's marks (a state after ``Egizia.play``, or stored before marks existed)
_UNMARKED_KEYS = _TOP_KEYS - {"last_move"}
#: the keys of a seat record (``setup._seat``)
_SEAT_KEYS = frozenset((
    "tile", "score", "stamp", "stones", "ss", "gm", "str", "used", "ships", "perm", "any", "in_force", "improvers",
    "sphinx", "tombs", "flags", "passed", "placed_max", "coop", "spent"))
_SITE_KEYS = frozenset(("slots", "subs", "extra", "done", "late", "first_done"))
#: a seat's and a site's dicts and lists of plain values, copied one level down (the other keys hold plain values)
_SEAT_PARTS = ("str", "used", "improvers", "flags", "spent", "perm", "any", "in_force", "sphinx", "tombs", "coop")
_SITE_PARTS = ("slots", "subs", "done", "late", "first_done")


def _copy_seat(p: Seat) -> Seat:
    """A seat record: its dicts map to plain values (builder strengths and uses, improver fields, card
    flags), its lists hold card, tile and site ids."""
    if p.keys() != _SEAT_KEYS:
        copy: Seat = _round_trip(p)
        return copy
    c = p.copy()
    for k in _SEAT_PARTS:
        c[k] = p[k].copy()
    return c


def _copy_site(site: dict[str, Any]) -> dict[str, Any]:
    """A building site: lists of seats and a seat or None."""
    if site.keys() != _SITE_KEYS:
        copy: dict[str, Any] = _round_trip(site)
        return copy
    c = site.copy()
    for k in _SITE_PARTS:
        c[k] = site[k].copy()
    return c


def _copy_other(s: State) -> State:
    """A state with other keys than the rules' (an information state, a game stored before a key existed):
    marshal's round trip of the whole."""
    c: State = _round_trip(s)
    return c


# ------------------------------------------------------------------ messages
# (messages of fixed things are built once: a Msg is never changed after it is made)


@lru_cache(maxsize=8192)
def lazy_option(action: str, make: Callable[..., Msg], *args: Any) -> Option:
    """``Option.lazy(action, make, *args)``, one object per distinct option: options are immutable and a
    label is a pure function of its arguments, so the prompts that offer the same option share it (and
    its label is built at most once). ``args`` must be hashable and immutable."""
    return Option.lazy(action, make, *args)


def place_notes(**flags: bool) -> list[Msg]:
    """The cards a placement uses, as one bracket: " (N41 upstream, doubled by N36)"; or nothing."""
    items = [msg(f"egizia.note.{k}") for k, v in flags.items() if v]
    return [msg("egizia.note.wrap", items=items)] if items else []


@cache
def card_msg(cid: str) -> Msg:
    return msg(f"egizia.card.{cid}")


@cache
def sphinx_msg(sid: str) -> Msg:
    return msg(f"egizia.sphinx.{sid}")


@cache
def b_msg(b: str) -> Msg:
    return msg(f"egizia.builder.{b}")


@cache
def t_msg(t: str) -> Msg:
    return msg(f"egizia.track.{t}")


@cache
def site_msg(sid: str) -> Msg:
    return msg(f"egizia.site.{sid}")


@cache
def space_msg(idx: int) -> Msg:
    sp = D.SPACE[idx]
    if sp["kind"] == "round":
        return msg(f"egizia.space.{sp['id']}")
    if sp["kind"] == "site":
        return msg(f"egizia.site.{sp['id']}")
    return msg("egizia.space.card", idx=idx)


def card_clause(cid: str) -> str:
    return f"EGZ-CARD-{cid}"


def as_int(tok: str | None) -> int | None:
    return int(tok) if tok is not None and tok.isascii() and tok.isdigit() else None  # '²'.isdigit() is true


# ------------------------------------------------------------------ cards held


def eff(cid: str) -> dict[str, Any]:
    effect: dict[str, Any] = D.NILE[cid]["effect"]
    return effect


_KIND: dict[str, str] = {c["id"]: c["effect"]["kind"] for c in D.NILE_LIST}
#: per Nile card: the kind of its effect
CARD_KIND = _KIND


def held_of_kind(p: Seat, kind: str, where: str = "any") -> list[str]:
    cards = p[where]
    return sorted([c for c in cards if _KIND[c] == kind]) if cards else []


def holds_kind(p: Seat, kind: str, where: str = "any") -> bool:
    """Whether :func:`held_of_kind` finds any card (without sorting them)."""
    return any(_KIND[c] == kind for c in p[where])


def has_card(p: Seat, kind: str) -> str | None:
    """The first anytime card of ``kind`` the seat holds (the least id, as :func:`held_of_kind` sorts)."""
    cards = p["any"]
    return min((c for c in cards if _KIND[c] == kind), default=None) if cards else None


def perm_card(p: Seat, kind: str) -> str | None:
    """The first permanent card of ``kind`` the seat has laid out (in the order taken)."""
    return next((c for c in p["perm"] if eff(c)["kind"] == kind), None)


def discard(s: State, seat: int, cid: str, ev: list[Event]) -> None:
    """Play an anytime card out of the hand: it leaves the game."""
    s["seats"][seat]["any"].remove(cid)
    s["out"].append(cid)
    ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(cid))))


def opt(s: State, name: str) -> Any:
    return s["options"][name]


# ------------------------------------------------------------------ state changes


def gain_stones(s: State, seat: int, n: int, ev: list[Event], why: str) -> None:
    p = s["seats"][seat]
    new = min(D.STONE_MAX, p["stones"] + n)
    lost = p["stones"] + n - new
    p["stones"] = new
    ev.append(Event(msg("egizia.ev.stones", player=seat, amount=n, total=new, lost=lost, why=msg(f"egizia.why.{why}"))))


def pay_stones(s: State, seat: int, n: int) -> None:
    p = s["seats"][seat]
    assert 0 <= n <= p["stones"]
    p["stones"] -= n


def add_score(s: State, seat: int, amount: int, ev: list[Event], why: str, floor_zero: bool = False) -> None:
    """Score change with the arrival stamp (EGZ-SCORE-3). Emits the amount actually applied."""
    p = s["seats"][seat]
    new = p["score"] + amount
    if floor_zero and amount < 0:
        new = max(0, new) if p["score"] >= 0 else p["score"]
    delta = new - p["score"]
    if delta == 0:
        if amount:
            ev.append(Event(msg("egizia.ev.score", player=seat, amount=0, total=p["score"], why=msg(f"egizia.why.{why}"))))
        return
    p["score"] = new
    p["stamp"] = s["stamp_next"]
    s["stamp_next"] += 1
    ev.append(Event(msg("egizia.ev.score", player=seat, amount=delta, total=new, why=msg(f"egizia.why.{why}"))))


def builder_up(s: State, seat: int, b: str, n: int, ev: list[Event], why: str) -> None:
    p = s["seats"][seat]
    new = min(D.BUILDER_MAX[b], p["str"][b] + n)
    lost = p["str"][b] + n - new
    p["str"][b] = new
    ev.append(Event(msg("egizia.ev.builder", player=seat, builder=b_msg(b), amount=n, total=new, lost=lost,
                        why=msg(f"egizia.why.{why}"))))


def track_preview(p: Seat, track: str, k: int) -> tuple[int, Msg | str]:
    """Where ``k`` steps down on ``track`` end and the bottom bonus they give (EGZ-TRACK-STEP-1)."""
    pos = p[T_ABBR[track]]
    bottom = D.TRACK_BOTTOM[track]
    bonuses = 0
    for _ in range(k):
        if pos < bottom:
            pos += 1
            if pos < bottom:
                continue
        bonuses += 1
    if not bonuses:
        return pos, ""
    if track == "stone_sale":
        return pos, msg("egizia.note.bonus_stones", n=bonuses * D.STONE_BOTTOM_STONES)
    return pos, msg("egizia.note.bonus_vp", n=bonuses * D.GRAIN_BOTTOM_VP)


def track_steps(s: State, seat: int, track: str, k: int, ev: list[Event], why: str) -> None:
    """EGZ-TRACK-STEP-1: k single steps down, bottom bonus on arriving and on every blocked step."""
    p = s["seats"][seat]
    key = T_ABBR[track]
    bottom = D.TRACK_BOTTOM[track]
    for _ in range(k):
        if p[key] < bottom:
            p[key] += 1
            ev.append(Event(msg("egizia.ev.track", player=seat, track=t_msg(track), pos=p[key])))
            if p[key] < bottom:
                continue
        if track == "stone_sale":
            gain_stones(s, seat, D.STONE_BOTTOM_STONES, ev, "bottom_stone_sale")
        else:
            add_score(s, seat, D.GRAIN_BOTTOM_VP, ev, "bottom_grain_market")


# ------------------------------------------------------------------ orders


def score_order(s: State) -> list[int]:
    """EGZ-SCORE-2: score descending, earlier arrival first."""
    return sorted(range(len(s["seats"])), key=lambda i: (-s["seats"][i]["score"], s["seats"][i]["stamp"]))


def tile_order(s: State) -> list[int]:
    return sorted(range(len(s["seats"])), key=lambda i: s["seats"][i]["tile"])


# ------------------------------------------------------------------ fields and production


def fields_of(p: Seat) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [
        {"id": "start", "color": D.START_FIELD["color"], "grain": D.START_FIELD["grain"], "improvers": []}]
    for c in p["perm"]:
        e = eff(c)
        if e["kind"] == "grain_field":
            imps = sorted(i for i, f in p["improvers"].items() if f == c)
            out.append({"id": c, "color": e["color"], "grain": e["grain"], "improvers": imps})
    lad = D.COLOR_LADDER
    for f in out:
        f["effective"] = lad[min(len(lad) - 1, lad.index(f["color"]) + len(f["improvers"]))]
    return out


def field_grain(s: State, seat: int) -> int:
    irr = D.IRRIGATED[s["ring"]]
    return sum(f["grain"] for f in fields_of(s["seats"][seat]) if f["effective"] in irr)


def need_of(p: Seat) -> int:
    return sum(p["str"].values())


def quarry_total(p: Seat) -> int:
    cards: int = sum(eff(c)["stones"] for c in p["perm"] if eff(c)["kind"] == "quarry")
    return D.START_QUARRY + cards


# ------------------------------------------------------------------ buildings and sites


def obelisk_next(s: State) -> int | None:
    for i, o in enumerate(s["obelisk"]):
        if o is None:
            return i
    return None


def tomb_next(s: State) -> int | None:
    for i, t in enumerate(s["tomb_spaces"]):
        if t["owner"] is None:
            return i
    return None


def pyramid_open(pyr: list[list[int | None]], r: int) -> bool:
    """Whether the next field of row ``r`` (0-based) is buildable (EGZ-BUILD-PYRAMID-2/3): the row is not
    full and, above the bottom row, both fields below it are built."""
    row = pyr[r]
    p = len(row) - row.count(None)
    if p >= len(row):
        return False
    return r == 0 or (pyr[r - 1][p] is not None and pyr[r - 1][p + 1] is not None)


def pyramid_candidates(s: State) -> list[int]:
    """Rows (0-based) whose next field is buildable (EGZ-BUILD-PYRAMID-2/3)."""
    pyr = s["pyramid"]
    return [r for r in range(len(pyr)) if pyramid_open(pyr, r)]


_TEMPLE_REQUIRES: list[tuple[str, tuple[str, ...]]] = [(f, tuple(D.TEMPLE[f]["requires"])) for f in D.TEMPLE_IDS]


def temple_candidates(s: State) -> list[str]:
    t = s["temple"]
    return [f for f, req in _TEMPLE_REQUIRES if t[f] is None and all(t[r] is not None for r in req)]


def bricks(s: State, seat: int, building: str) -> int:
    if building == "obelisk":
        return sum(1 for x in s["obelisk"] if x == seat)
    if building == "pyramid":
        return sum(1 for row in s["pyramid"] for x in row if x == seat)
    if building == "temple":
        return sum(1 for x in s["temple"].values() if x == seat)
    if building == "tombs":
        return sum(1 for t in s["tomb_spaces"] if t["owner"] == seat)
    raise KeyError(building)


def empty_site(sid: str, n: int) -> dict[str, Any]:
    return {"slots": [None] * D.site_slots(sid, n), "subs": [], "extra": None, "done": [], "late": [], "first_done": []}


def seat_at_site(site: dict[str, Any], seat: int) -> str | None:
    if seat in site["slots"]:
        return "slot"
    if seat in site["subs"] or seat in site["first_done"]:
        return "sub"
    if site["extra"] == seat:
        return "extra"
    return None
