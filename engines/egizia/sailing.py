"""Phase 2, sailing (EGZ-R2-NILE-*): placing ships on the Nile (D-04 with D-05 folded in, the N33 extra
placement D-05/D-08) and taking a leftover card with N39 (D-09).

Placements have ONE judge, :func:`judge_place`: :func:`place_candidates` spells every placement that could
be legal (the ``up`` and ``occ`` flags follow from the position, the judge checks everything),
:func:`placement_options` offers the ones the judge accepts, :func:`placement_offered` asks the judge about
one typed placement (a move is checked without listing the others), and a refused ``place`` gets the judge's
reason. For speed (issue #24) the options are listed by :func:`_legal`, which works the judge's verdicts out
space by space in one pass; a test holds it to the judge's verdict on every candidate. Labels are built only when read (searching bots and random playouts never read them).

Action grammar: ``place <idx> [s<k>|sub|extra] [up] [occ] [dbl]`` (``up`` = N41, ``occ`` = N42, ``dbl`` =
N36, ``extra`` = N37), ``pass``, ``endturn``, ``play N33``, ``stop``, ``leftover <idx>|no``.
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from typing import NamedTuple

from engines.core import Event, Msg, Option, Prompt, State, msg

from . import data as D
from .board import (
    Handler,
    Reason,
    Seat,
    Verdict,
    as_int,
    card_clause,
    card_msg,
    discard,
    first_of,
    has_card,
    held_of_kind,
    holds_kind,
    lazy_option,
    opt,
    perm_card,
    place_notes,
    seat_at_site,
    space_msg,
    tile_order,
)
from .nile import apply_round_space, free_offered, free_options, has_free, take_card

_FLAGS = ("up", "occ", "dbl")
_BAD_ACTION: Reason = ("EGZ-R2-NILE-12", "egizia.err.bad_action", {})
_ONE_PLACEMENT: Reason = ("EGZ-R2-NILE-2", "egizia.err.one_placement", {})
# options and titles that never change (an Option and its Msg are never changed once made)
_PASS = Option("pass", msg("egizia.lbl.pass"))
_ENDTURN = Option("endturn", msg("egizia.lbl.endturn"))
_STOP = Option("stop", msg("egizia.lbl.stop"))
_TITLE = {k: msg(f"egizia.title.{k}") for k in ("D-04", "D-05", "D-08")}


# ------------------------------------------------------------------ placements: candidates and the judge


class Placement(NamedTuple):
    """A placement: river index, slot at a site (``s<k>``, ``sub``, ``extra``), and the cards it uses."""

    idx: int
    slot: str | None = None
    up: bool = False  # N41: upstream of the last placement
    occ: bool = False  # N42: an occupied round space
    dbl: bool = False  # N36: the round space twice

    def action(self) -> str:
        return _action(self)


@lru_cache(maxsize=1024)
def _action(pl: Placement) -> str:
    flags = [f for f, on in (("up", pl.up), ("occ", pl.occ), ("dbl", pl.dbl)) if on]
    return " ".join(["place", str(pl.idx), *([pl.slot] if pl.slot else []), *flags])


#: per river index, in river order: (index, kind, round space or site id)
_RIVER: tuple[tuple[int, str, str], ...] = tuple((sp["index"], sp["kind"], sp.get("id", "")) for sp in D.RIVER)
#: per river index: (kind, round space or site id)
_AT: dict[int, tuple[str, str]] = {i: (kind, sid) for i, kind, sid in _RIVER}
#: per round space index: (most ships, N36 forbidden, N42 forbidden) (EGZ-RIVER-3, EGZ-SPACE-HELIOPOLIS-2)
_ROUND_AT: dict[int, tuple[int, bool, bool]] = {
    i: (D.ROUND_SPACES[sid]["max_ships"], "double_round_space" in D.ROUND_SPACES[sid].get("forbidden_cards", ()),
        "occupied_round_space" in D.ROUND_SPACES[sid].get("forbidden_cards", ()))
    for i, kind, sid in _RIVER if kind == "round"}


def _space_candidates(s: State, i: int, kind: str, sid: str, up: bool) -> tuple[Placement, ...]:
    """The placements on one river space that might be legal (the judge decides)."""
    if kind == "card":
        return _candidates(i, "card", up, False, 0)
    if kind == "round":
        return _candidates(i, "round", up, bool(s["river_ships"][i]), 0)  # an occupied space needs N42
    return _candidates(i, "site", up, False, len(s["sites"][sid]["slots"]))


@cache  # of the river's spaces and site sizes only: a few hundred at most
def _candidates(i: int, kind: str, up: bool, occ: bool, slots: int) -> tuple[Placement, ...]:
    if kind == "card":
        return (Placement(i, up=up),)
    if kind == "round":
        return Placement(i, up=up, occ=occ), Placement(i, up=up, occ=occ, dbl=True)
    return tuple(Placement(i, slot, up=up) for slot in [*(f"s{k + 1}" for k in range(slots)), "sub", "extra"])


def place_candidates(s: State, seat: int) -> Iterator[Placement]:
    """Every placement that might be legal, in offering order (the judge decides)."""
    m = s["seats"][seat]["placed_max"]
    for i, kind, sid in _RIVER:
        yield from _space_candidates(s, i, kind, sid, i <= m)  # upstream of the last placement needs N41


def legal_placements(s: State, seat: int) -> Iterator[Placement]:
    """The candidates :func:`judge_place` accepts, in offering order (:func:`_legal`)."""
    return (pl for pl, _ in _legal(s, seat))


def _legal(s: State, seat: int, first: bool = False) -> list[tuple[Placement, str | int | None]]:
    """The candidates :func:`judge_place` accepts, in offering order, each with its label's argument
    (:func:`_label_arg`); with ``first``, at most the first space's.

    Speed (issue #24): the judge's verdicts worked out per space in one pass, with what they read from the
    seat (N36, N37, N41, N42 held and usable) found once; a test compares the result with the judge's
    verdict on every candidate along games. The judge's order of checks gives, per candidate:

    * any space: a ship left (EGZ-R2-NILE-11); downstream of the last placement, or upstream with N41 held
      and not used this round, the same verdict for every upstream space (EGZ-R2-NILE-4, EGZ-CARD-N41);
    * a card space: a card on it (EGZ-R2-NILE-5);
    * a round space: empty, or occupied with N42 held, not used this round, where the space allows it and
      not full (EGZ-R2-NILE-5, EGZ-CARD-N42, EGZ-RIVER-3); doubled only with N36 held, where the space
      allows it (EGZ-CARD-N36, EGZ-SPACE-HELIOPOLIS-2);
    * a site without the seat's ship (EGZ-R2-NILE-5): each free slot (EGZ-R2-NILE-8); a substitute once no
      slot is free (EGZ-R2-NILE-9); N37's extra position with N37 held, no slot free and the extra position
      empty (EGZ-R2-NILE-10)."""
    p = s["seats"][seat]
    if p["ships"] <= 0:
        return []
    m = p["placed_max"]
    upstream_ok = m == 0 or _judge_reach(p, m, True) is None
    river_card, river_ships, sites = s["river_card"], s["river_ships"], s["sites"]
    n36 = n37 = n42 = None  # whether the seat may use N36, N37, N42 (found when first needed)
    out: list[tuple[Placement, str | int | None]] = []
    for i, kind, sid in _RIVER:
        up = i <= m
        if up and not upstream_ok:
            continue
        if kind == "card":
            card = river_card[i]
            if card is not None:
                out.append((_candidates(i, "card", up, False, 0)[0], card))
        elif kind == "round":
            ships = river_ships[i]
            max_ships, no_dbl, no_occ = _ROUND_AT[i]
            if ships:
                if no_occ or len(ships) >= max_ships + 1:
                    continue
                if n42 is None:
                    c = perm_card(p, "occupied_round_space")
                    n42 = c is not None and not p["flags"].get(c)
                if not n42:
                    continue
            pls = _candidates(i, "round", up, bool(ships), 0)
            out.append((pls[0], None))
            if not no_dbl:
                if n36 is None:
                    n36 = holds_kind(p, "double_round_space")
                if n36:
                    out.append((pls[1], None))
        else:
            site = sites[sid]
            if seat_at_site(site, seat):
                continue
            slots = site["slots"]
            pls = _candidates(i, "site", up, False, len(slots))
            free = False
            for k, occupant in enumerate(slots):
                if occupant is None:
                    free = True
                    out.append((pls[k], None))
            if not free:
                out.append((pls[-2], len(site["subs"]) + 1))
                if site["extra"] is None:
                    if n37 is None:
                        n37 = holds_kind(p, "extra_site_position")
                    if n37:
                        out.append((pls[-1], None))
        if first and out:
            return out
    return out


def parse_place(s: State, seat: int, toks: list[str]) -> Placement | Reason:
    """A typed ``place`` action as a placement, or why it cannot be one."""
    i = as_int(toks[1] if len(toks) > 1 else None)
    if i is None or i not in D.SPACE:
        return "EGZ-RIVER-1", "egizia.err.no_space", {"what": (toks[1] if len(toks) > 1 else "")[:10]}
    flags = toks[2:]
    slot_flags = [f for f in flags if f in ("sub", "extra") or (f.startswith("s") and f[1:].isdigit())]
    if any(f not in _FLAGS and f not in slot_flags for f in flags) or len(slot_flags) > 1 or len(set(flags)) < len(flags):
        return _no_ships(s, seat) or _BAD_ACTION
    return Placement(i, slot_flags[0] if slot_flags else None, "up" in flags, "occ" in flags, "dbl" in flags)


def _no_ships(s: State, seat: int) -> Verdict:
    return ("EGZ-R2-NILE-11", "egizia.err.no_ships", {}) if s["seats"][seat]["ships"] <= 0 else None


def judge_place(s: State, seat: int, pl: Placement) -> Verdict:
    """The one judge of placements (EGZ-R2-NILE-4/5/8/9/10/11/12, the N36/N37/N41/N42 clauses): None when
    the placement is legal."""
    return _judge_reach(s["seats"][seat], pl.idx, pl.up) or _judge_target(s, seat, pl)


def _judge_reach(p: Seat, i: int, up: bool) -> Verdict:
    """A ship left, and the space downstream of the last placement or upstream with N41 (EGZ-R2-NILE-4/11)."""
    if p["ships"] <= 0:
        return "EGZ-R2-NILE-11", "egizia.err.no_ships", {}
    return _judge_upstream(p, i, up)


def _judge_target(s: State, seat: int, pl: Placement) -> Verdict:
    """What the placement asks of its space: a card to take, a free round space, a site slot."""
    idx, slot, _, occ, dbl = pl
    kind = _AT[idx][0]
    if kind != "round" and (occ or dbl):
        c = "N42" if occ else "N36"
        return card_clause(c), "egizia.err.round_space_only", {"card": card_msg(c)}
    if kind != "site" and slot:
        return "EGZ-R2-NILE-12", "egizia.err.site_only", {"idx": idx}
    if kind == "card":
        if s["river_card"][idx] is not None:
            return None
        return "EGZ-R2-NILE-5", "egizia.err.no_card_here", {"idx": idx}
    if kind == "round":
        return _judge_round(s, seat, idx, occ, dbl)
    return _judge_site(s, seat, idx, slot)


def _judge_upstream(p: Seat, i: int, up: bool) -> Verdict:
    """EGZ-R2-NILE-4: downstream of the last placement, or upstream once per round with N41."""
    m = p["placed_max"]
    if not up:
        return ("EGZ-R2-NILE-4", "egizia.err.downstream", {"idx": i, "last": m}) if i <= m else None
    c = perm_card(p, "upstream_placement")
    if c is None:
        return "EGZ-CARD-N41", "egizia.err.not_held", {"card": card_msg("N41")}
    if p["flags"].get(c):
        return "EGZ-TIME-8", "egizia.err.once_per_round", {"card": card_msg(c)}
    if i > m:
        return "EGZ-CARD-N41", "egizia.err.up_not_needed", {"idx": i, "card": card_msg(c)}
    return None


def _judge_round(s: State, seat: int, i: int, occ: bool, dbl: bool) -> Verdict:
    """A round space: empty, or occupied with N42; doubled with N36 (not where a space forbids it)."""
    p = s["seats"][seat]
    max_ships, no_dbl, no_occ = _ROUND_AT[i]
    ships = s["river_ships"][i]
    if dbl:
        if no_dbl:
            return "EGZ-SPACE-HELIOPOLIS-2", "egizia.err.not_here", {"card": card_msg("N36"), "space": space_msg(i)}
        if not holds_kind(p, "double_round_space"):
            return "EGZ-CARD-N36", "egizia.err.not_held", {"card": card_msg("N36")}
    if not occ:
        if ships:
            clause = "EGZ-SPACE-HELIOPOLIS-2" if no_occ else "EGZ-R2-NILE-5"
            return clause, "egizia.err.occupied", {"space": space_msg(i)}
        return None
    c = perm_card(p, "occupied_round_space")
    if no_occ:
        return "EGZ-SPACE-HELIOPOLIS-2", "egizia.err.not_here", {"card": card_msg(c or "N42"), "space": space_msg(i)}
    if c is None:
        return "EGZ-CARD-N42", "egizia.err.not_held", {"card": card_msg("N42")}
    if p["flags"].get(c):
        return "EGZ-TIME-8", "egizia.err.once_per_round", {"card": card_msg(c)}
    if not ships:
        return "EGZ-CARD-N42", "egizia.err.not_occupied", {"space": space_msg(i), "card": card_msg(c)}
    if len(ships) < max_ships + 1:
        return None
    return "EGZ-RIVER-3", "egizia.err.round_full", {"space": space_msg(i)}


def _judge_site(s: State, seat: int, i: int, flag: str | None) -> Verdict:
    """A building site: a free slot; a substitute once all are taken; N37's extra position."""
    site = s["sites"][_AT[i][1]]
    if seat_at_site(site, seat):
        return "EGZ-R2-NILE-5", "egizia.err.own_ship_at_site", {"site": space_msg(i)}
    free = None in site["slots"]
    if flag is None:
        return "EGZ-R2-NILE-8", "egizia.err.choose_slot", {"site": space_msg(i)}
    if flag == "sub":
        return ("EGZ-R2-NILE-9", "egizia.err.slot_free", {"site": space_msg(i)}) if free else None
    if flag == "extra":
        if not holds_kind(s["seats"][seat], "extra_site_position"):
            return "EGZ-CARD-N37", "egizia.err.not_held", {"card": card_msg("N37")}
        if free:
            return "EGZ-R2-NILE-10", "egizia.err.slot_free", {"site": space_msg(i)}
        if site["extra"] is not None:
            return "EGZ-R2-NILE-10", "egizia.err.extra_taken", {"site": space_msg(i)}
        return None
    k = int(flag[1:])
    if not 1 <= k <= len(site["slots"]):
        return "EGZ-PC-2", "egizia.err.no_slot", {"site": space_msg(i), "slot": k}
    if site["slots"][k - 1] is not None:
        return "EGZ-R2-NILE-8", "egizia.err.slot_taken", {"site": space_msg(i), "slot": k}
    return None


def _label_arg(s: State, pl: Placement) -> str | int | None:
    """What a placement's label reads from the state, taken when the option is made (labels are lazy):
    the card on a card space, the queue position of a substitute."""
    sp = D.SPACE[pl.idx]
    if sp["kind"] == "card":
        card: str | None = s["river_card"][pl.idx]
        return card
    if pl.slot == "sub":
        return len(s["sites"][sp["id"]]["subs"]) + 1
    return None


def _place_label(pl: Placement, arg: str | int | None) -> Msg:
    i = pl.idx
    sp = D.SPACE[i]
    if sp["kind"] == "card":
        return msg("egizia.lbl.place_card", idx=i, card=card_msg(str(arg)), note=place_notes(up=pl.up))
    if sp["kind"] == "round":
        return msg("egizia.lbl.place_round", idx=i, space=space_msg(i), fx=msg(f"egizia.fx.{sp['id']}"),
                   note=place_notes(up=pl.up, occ=pl.occ, dbl=pl.dbl))
    if pl.slot == "sub":
        return msg("egizia.lbl.place_sub", idx=i, site=space_msg(i), queue=arg, note=place_notes(up=pl.up))
    if pl.slot == "extra":
        return msg("egizia.lbl.place_extra", idx=i, site=space_msg(i), note=place_notes(up=pl.up))
    k = int((pl.slot or "s0")[1:])
    return msg("egizia.lbl.place_slot", idx=i, site=space_msg(i), slot=k, order=msg(f"egizia.nth.{k}"),
               note=place_notes(up=pl.up))


def placement_options(s: State, seat: int) -> list[Option]:
    """Every legal placement of ``seat`` (the candidates the judge accepts), labelled when read."""
    options = _OPTIONS
    return [options.get((pl, arg)) or _option(pl, arg) for pl, arg in _legal(s, seat)]


#: per legal placement and its label's argument (a card id, a queue position: a few thousand at most), its
#: option (immutable, its label built when read)
_OPTIONS: dict[tuple[Placement, str | int | None], Option] = {}


def _option(pl: Placement, arg: str | int | None) -> Option:
    option = _OPTIONS[pl, arg] = lazy_option(_action(pl), _place_label, pl, arg)
    return option


def placement_offered(s: State, seat: int, action: str) -> bool:
    """Whether :func:`placement_options` offers ``action``: a candidate (spelled canonically) the judge
    accepts. Every placement the judge accepts is a candidate: the judge refuses the ``up``/``occ`` flags
    where the position does not call for them, a slot off a site and a site without a slot."""
    toks = action.split()
    if not toks or toks[0] != "place":
        return False
    pl = parse_place(s, seat, toks)
    return isinstance(pl, Placement) and _action(pl) == action and judge_place(s, seat, pl) is None


def can_place(s: State, seat: int) -> bool:
    return bool(_legal(s, seat, True))


def _place_reason(s: State, seat: int, toks: list[str]) -> Reason:
    pl = parse_place(s, seat, toks)
    if not isinstance(pl, Placement):
        return pl
    # a legal placement that was not offered is spelled differently from the canonical action
    return judge_place(s, seat, pl) or _BAD_ACTION


# ------------------------------------------------------------------ placing a ship


def use_perm(p: Seat, kind: str) -> str:
    """Use the seat's permanent card of ``kind`` for this round (N41, N42); returns its id."""
    c = perm_card(p, kind)
    assert c is not None, kind
    p["flags"][c] = True
    return c


def place(s: State, seat: int, toks: list[str], ev: list[Event]) -> None:
    """EGZ-R2-NILE-6..12: put a ship on the river and resolve the space."""
    p = s["seats"][seat]
    i = int(toks[1])
    flags = set(toks[2:])
    sp = D.SPACE[i]
    p["ships"] -= 1
    if "up" in flags:
        c = use_perm(p, "upstream_placement")
        ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
    else:
        p["placed_max"] = max(p["placed_max"], i)
    if sp["kind"] == "card":
        cid = s["river_card"][i]
        s["river_card"][i] = None
        s["river_ships"][i].append(seat)
        ev.append(Event(msg("egizia.ev.place", player=seat, idx=i, where=card_msg(cid))))
        take_card(s, seat, cid, ev)
    elif sp["kind"] == "round":
        _place_round(s, seat, i, flags, ev)
    else:
        _place_site(s, seat, i, flags, ev)


def _place_round(s: State, seat: int, i: int, flags: set[str], ev: list[Event]) -> None:
    p = s["seats"][seat]
    s["river_ships"][i].append(seat)
    ev.append(Event(msg("egizia.ev.place", player=seat, idx=i, where=space_msg(i))))
    if "occ" in flags:
        c = use_perm(p, "occupied_round_space")
        ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
    mult = 1
    if "dbl" in flags:
        discard(s, seat, held_of_kind(p, "double_round_space")[0], ev)
        mult = 2
    apply_round_space(s, seat, D.SPACE[i]["id"], mult, ev)


def _place_site(s: State, seat: int, i: int, flags: set[str], ev: list[Event]) -> None:
    site = s["sites"][D.SPACE[i]["id"]]
    if "sub" in flags:
        site["subs"].append(seat)
        where = msg("egizia.pos.sub", site=space_msg(i))
    elif "extra" in flags:
        discard(s, seat, held_of_kind(s["seats"][seat], "extra_site_position")[0], ev)
        site["extra"] = seat
        where = msg("egizia.pos.extra", site=space_msg(i))
    else:
        k = int(next(t for t in flags if t.startswith("s") and t[1:].isdigit())[1:]) - 1
        site["slots"][k] = seat
        where = msg("egizia.pos.slot", site=space_msg(i), slot=k + 1)
    ev.append(Event(msg("egizia.ev.place", player=seat, idx=i, where=where)))


# ------------------------------------------------------------------ D-04 / D-05 / D-08: the sailing turn


def n33_playable(s: State, seat: int) -> bool:
    """After a placement: may N33 (extra placement) be played now?"""
    return has_card(s["seats"][seat], "extra_placement") is not None and can_place(s, seat)


def _post_menu(s: State, seat: int) -> list[Option]:
    """After the placement (W1 goes on, EGZ-TIME-2): N33, end the turn, free actions."""
    ops = []
    c = _n33_card(s, seat)
    if c is not None:
        ops.append(Option(f"play {c}", msg("egizia.lbl.n33", card=card_msg(c))))
    ops.append(_ENDTURN)
    return ops + free_options(s, seat, "W1")


def _turn_prompt(s: State, seat: int) -> Prompt:
    """D-04 with D-05 folded in: every legal target is offered at once, so a sailing turn is one move."""
    if s["stage"]["mode"] == "post":
        return Prompt(seat, "D-04", tuple(_post_menu(s, seat)), _TITLE["D-04"])
    ops = placement_options(s, seat)
    ops.append(_PASS)
    ops += free_options(s, seat, "W1")
    return Prompt(seat, "D-04", tuple(ops), _TITLE["D-04"])


def _n33_card(s: State, seat: int) -> str | None:
    """The N33 offered after a placement (``play <card>``), if it may be played now."""
    c = has_card(s["seats"][seat], "extra_placement")
    return c if c is not None and can_place(s, seat) else None


def _post_offers(s: State, seat: int, action: str) -> bool:
    if action == "endturn":
        return True
    c = _n33_card(s, seat) if action.startswith("play ") else None
    return (c is not None and action == f"play {c}") or free_offered(s, seat, "W1", action)


def _post_several(s: State, seat: int) -> bool:
    return _n33_card(s, seat) is not None or has_free(s, seat, "W1")


def _turn_offers(s: State, seat: int, action: str) -> bool:
    if s["stage"]["mode"] == "post":
        return _post_offers(s, seat, action)
    if action == "pass":
        return True
    if action.startswith("place"):
        return placement_offered(s, seat, action)
    return free_offered(s, seat, "W1", action)


def _turn_several(s: State, seat: int) -> bool:
    """``pass`` (or ``endturn``) is always offered: several options once anything else is."""
    if s["stage"]["mode"] == "post":
        return _post_several(s, seat)
    return can_place(s, seat) or has_free(s, seat, "W1")


def _next_seat(s: State) -> None:
    st = s["stage"]
    st["mode"] = None
    st["pos"] = (st["pos"] + 1) % len(st["order"])
    st["seat"] = None


def _apply_turn(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    if toks[0] == "place":
        place(s, seat, toks, ev)
        s["stage"]["mode"] = "after"
    elif toks[0] == "pass":
        s["seats"][seat]["passed"] = True
        ev.append(Event(msg("egizia.ev.pass", player=seat)))
        _next_seat(s)
    else:  # endturn
        _next_seat(s)
    return False


def _explain_turn(s: State, seat: int, toks: list[str]) -> Verdict:
    if toks[0] != "place":
        return None
    return _ONE_PLACEMENT if s["stage"].get("mode") == "post" else _place_reason(s, seat, toks)


def _extra_prompt(s: State, seat: int) -> Prompt:
    """D-05 after N33: the targets again, or stop."""
    ops = placement_options(s, seat)
    ops.append(_STOP)
    return Prompt(seat, "D-05", tuple(ops), _TITLE["D-05"])


def _extra_offers(s: State, seat: int, action: str) -> bool:
    return action == "stop" or placement_offered(s, seat, action)


def _extra_several(s: State, seat: int) -> bool:
    return can_place(s, seat)


def _apply_extra(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    if toks[0] != "stop":
        place(s, seat, toks, ev)
    s["stage"]["mode"] = "after"
    return False


def _explain_extra(s: State, seat: int, toks: list[str]) -> Verdict:
    return _place_reason(s, seat, toks) if toks[0] == "place" else None


def _n33_prompt(s: State, seat: int) -> Prompt:
    return Prompt(seat, "D-08", tuple(_post_menu(s, seat)), _TITLE["D-08"])


def _apply_n33(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    if toks[0] == "endturn":
        _next_seat(s)
    else:  # play N33
        discard(s, seat, toks[1], ev)
        s["stage"]["mode"] = "n33"
    return False


def _explain_n33(s: State, seat: int, toks: list[str]) -> Verdict:
    return _ONE_PLACEMENT if toks[0] == "place" else None


# ------------------------------------------------------------------ D-09: N39 takes a leftover card


def leftover_owner(s: State) -> int | None:
    """The next seat (tile order) that may take a leftover card with N39, if any card is left."""
    if not any(s["river_card"][i] for i in D.CARD_SPACES):
        return None
    asked = s["stage"]["asked"]
    every_round = opt(s, "take_leftover_mode") == "every_round"
    for seat in tile_order(s):
        if seat in asked:
            continue
        p = s["seats"][seat]
        if every_round:
            if any(not p["flags"].get(c) for c in held_of_kind(p, "take_leftover_card", "perm")):
                return seat
        elif has_card(p, "take_leftover_card"):
            return seat
    return None


def _leftover_prompt(s: State, seat: int) -> Prompt:
    ops = [Option(f"leftover {i}", msg("egizia.lbl.leftover", idx=i, card=card_msg(s["river_card"][i])))
           for i in D.CARD_SPACES if s["river_card"][i]]
    ops.append(Option("leftover no", msg("egizia.lbl.leftover_no")))
    return Prompt(seat, "D-09", tuple(ops), msg("egizia.title.D-09"))


def _apply_leftover(s: State, seat: int, toks: list[str], ev: list[Event]) -> bool:
    st = s["stage"]
    p = s["seats"][seat]
    st["asked"].append(seat)
    st["seat"] = None
    if toks[1] == "no":
        return False
    i = int(toks[1])
    cid = s["river_card"][i]
    s["river_card"][i] = None
    if opt(s, "take_leftover_mode") == "every_round":
        c = held_of_kind(p, "take_leftover_card", "perm")[0]
        p["flags"][c] = True
        ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
    else:
        discard(s, seat, held_of_kind(p, "take_leftover_card")[0], ev)
    take_card(s, seat, cid, ev)
    return False


def _explain_leftover(s: State, seat: int, toks: list[str]) -> Verdict:
    if toks[0] != "leftover":
        return None
    return "EGZ-CARD-N39", "egizia.err.no_card_here", {"idx": (toks[1] if len(toks) > 1 else "")[:10]}


HANDLERS = {
    "D-04": Handler(_turn_prompt, _explain_turn, _apply_turn, first_of("endturn", "pass"), _turn_offers, _turn_several),
    "D-05": Handler(_extra_prompt, _explain_extra, _apply_extra, first_of("stop"), _extra_offers, _extra_several),
    "D-08": Handler(_n33_prompt, _explain_n33, _apply_n33, first_of("endturn"), _post_offers, _post_several),
    "D-09": Handler(_leftover_prompt, _explain_leftover, _apply_leftover, first_of("leftover no")),
}
