"""Messages: names of cards, tiles and places, option labels and prompt titles (catalogue keys
``luxor.*``; the text is in render/locales). Pure: nothing here changes a state."""
from __future__ import annotations

from typing import Any

from engines.core import Msg, msg

from . import data
from .movement import MoveInfo, Resolution, adv_at, choose_steps, last_second_last, passed_statues

State = dict[str, Any]
STAIRS = data.STAIRS
TOMB = data.TOMB


# =========================================================================== components


def card_msg(cid: str) -> Msg:
    """The name of a card (one shared message per card: messages are immutable)."""
    m = _CARD_MSG.get(cid)
    return m if m is not None else _card_msg(cid)


def _card_msg(cid: str) -> Msg:
    c = data.CARDS[cid]
    k = c["kind"]
    if k == "range":
        return msg("luxor.card.range", lo=c.get("min", 1), hi=c["max"])
    if k in ("move", "advance_all", "one_less"):
        return msg(f"luxor.card.{k}", n=c["steps"])
    if k in ("plus_minus", "die", "range_die", "last_to_second_last"):
        return msg(f"luxor.card.{k}")
    raise ValueError(k)


_CARD_MSG: dict[str, Msg] = {cid: _card_msg(cid) for cid in data.CARDS}


def place_msg(pos: int) -> Msg:
    """The name of a place (one shared message per place, like :func:`card_msg`)."""
    m = _PLACE_MSG.get(pos)
    return m if m is not None else _place_msg(pos)


def _place_msg(pos: int) -> Msg:
    if pos == STAIRS:
        return msg("luxor.place.stairs")
    if pos == TOMB:
        return msg("luxor.place.tomb")
    return msg("luxor.place.space", n=pos)


_PLACE_MSG: dict[int, Msg] = {pos: _place_msg(pos) for pos in range(STAIRS, TOMB + 1)}


def short_place(pos: int) -> Msg:
    """A compact place name for option previews: ``S`` (stairs), ``12``, ``T`` (tomb)."""
    if pos == STAIRS:
        return msg("luxor.short.stairs")
    if pos == TOMB:
        return msg("luxor.short.tomb")
    return msg("luxor.short.space", n=pos)


def type_msg(ttype: str) -> Msg:
    return msg(f"luxor.type.{ttype}")


def tile_msg(tile: dict[str, Any] | None) -> Msg:
    if tile is None:
        return msg("luxor.tile.empty")
    kind = tile["kind"]
    if kind == "treasure":
        t = data.TREASURES[tile["id"]]
        return msg("luxor.tile.treasure", type=type_msg(t["type"]), req=t["required"], vp=t["vp"])
    if kind == "temple":
        return msg(f"luxor.tile.{tile['front']}")
    if kind == "horus":
        return msg("luxor.tile.horus", eyes=data.HORUS_TILES[tile["id"]]["eyes"])
    if kind == "osiris":
        return msg("luxor.tile.osiris", value=data.OSIRIS_TILES[tile["id"]]["value"])
    raise ValueError(kind)


def dest_msg(state: State, pos: int) -> Msg:
    """Where a move ends: ``space 12 (vase 2/3)``, ``the stairs``, ``the tomb``."""
    if pos in (STAIRS, TOMB):
        return place_msg(pos)
    return dest_msg_of(pos, state["tiles"][pos])


def dest_msg_of(pos: int, tile: dict[str, Any] | None) -> Msg:
    """:func:`dest_msg` with the ``tile`` at ``pos`` (read only on the path)."""
    if pos in (STAIRS, TOMB):
        return place_msg(pos)
    return msg("luxor.place.with_tile", place=place_msg(pos), tile=tile_msg(tile))


def dest_short(state: State, pos: int) -> Msg:
    """Like :func:`dest_msg` with a short place name: ``12 (vase 2/3)``, ``tomb``."""
    if pos in (STAIRS, TOMB):
        return short_place(pos)
    return msg("luxor.place.with_tile", place=short_place(pos), tile=tile_msg(state["tiles"][pos]))


def side_msg(side: str) -> Msg:
    m = _SIDE_MSG.get(side)
    return m if m is not None else msg(f"luxor.side.{side}")


_SIDE_MSG: dict[str, Msg] = {side: msg(f"luxor.side.{side}") for side in ("L", "R")}


# =========================================================================== option labels


def steps_msg(k: int) -> Msg:
    """The step-count prefix of a C-06 label, with the grammatical number chosen by count
    (the catalogue has no plural rules): 1 / 2-4 / 5 and more (en step/steps, cs krok/kroky/kroků)."""
    if k == 1:
        return msg("luxor.opt.steps_one")
    return msg("luxor.opt.steps_few" if 2 <= k <= 4 else "luxor.opt.steps", k=k)


def play_label(st: State, seat: int, side: str, cid: str) -> Msg:
    """A ``play L`` option (a card without a move to choose now), with where *last to second last*
    jumps as a preview, `` (S→12)``."""
    ls = last_second_last(st, seat) if data.CARDS[cid]["kind"] == "last_to_second_last" else None
    return play_msg(side, cid, ls)


def play_msg(side: str, cid: str, ls: tuple[int, int] | None) -> Msg:
    """:func:`play_label` from what it shows: ``ls``, the (L, S) jump of *last to second last*
    when that is the card and it is playable."""
    preview = msg("luxor.opt.none")
    if data.CARDS[cid]["kind"] == "last_to_second_last" and ls:
        preview = msg("luxor.opt.preview", moves=[msg("luxor.opt.hop", src=short_place(ls[0]), dst=short_place(ls[1]))])
    return msg("luxor.opt.play", side=side_msg(side), card=card_msg(cid), preview=preview)


def play_move_label(st: State, seat: int, side: str, cid: str, r: Resolution, info: MoveInfo) -> Msg:
    """A combined C-04 option: the end and its card, then the move in short, e.g.
    ``Left 1-5 · 3 steps: 5 → 20 (wild or scarab) [Osiris 9, 16, wakes statues 7, 18]``.
    Adventurers are chosen by position, so the label names positions, not figures."""
    return play_move_msg(side, cid, choose_steps(st, cid), lying_positions(st, seat), end_tile(st, r), r, info)


def play_move_msg(side: str, cid: str, choose: bool, lying: frozenset[int], tile: dict[str, Any] | None,
                  r: Resolution, info: MoveInfo) -> Msg:
    """:func:`play_move_label` from what it shows (see :func:`_move_parts`)."""
    prefix, dst, notes = _move_parts(choose, lying, tile, r, info)
    return msg(
        "luxor.opt.play_move",
        side=msg(f"luxor.end.{side}"),
        card=card_msg(cid),
        prefix=prefix,
        src=short_place(info.start),
        dst=dst,
        notes=notes,
    )


def move_label(st: State, seat: int, cid: str, r: Resolution, info: MoveInfo) -> Msg:
    """A C-06 option: steps / direction, adventurer, from, to (with the tile there), notes."""
    i = adv_at(st, seat, info.start)
    return move_msg((i or 0) + 1, choose_steps(st, cid), lying_positions(st, seat), end_tile(st, r), r, info)


def move_msg(adv: int, choose: bool, lying: frozenset[int], tile: dict[str, Any] | None, r: Resolution,
             info: MoveInfo) -> Msg:
    """:func:`move_label` from what it shows: ``adv`` is the adventurer's number (1-based)."""
    prefix, dst, notes = _move_parts(choose, lying, tile, r, info)
    return msg("luxor.opt.move", prefix=prefix, adv=adv, src=place_msg(info.start), dst=dst, notes=notes)


def lying_positions(st: State, seat: int) -> frozenset[int]:
    """Where ``seat``'s lying adventurers are (the statues a movement may wake them at)."""
    return frozenset(a["pos"] for a in st["seats"][seat]["adv"] if a["state"] == "lying")


def end_tile(st: State, r: Resolution) -> dict[str, Any] | None:
    """The tile where a movement ends (None at the stairs and the tomb; tiles are replaced, never changed)."""
    end = r["end"]
    return None if end in (STAIRS, TOMB) else st["tiles"][end]


def _move_parts(choose: bool, lying: frozenset[int], tile: dict[str, Any] | None, r: Resolution,
                info: MoveInfo) -> tuple[Msg, Msg, Msg]:
    """The parts of a movement label: the prefix (steps or direction, when the card lets the player
    choose them: ``choose``, :func:`choose_steps`), the end and its ``tile``, and the notes (Osiris,
    statues woken among the ``lying`` positions, tomb, stop)."""
    if info.dir:
        prefix = msg(f"luxor.opt.dir_{info.dir}")
    elif choose and info.k is not None:
        prefix = steps_msg(info.k)
    else:
        prefix = msg("luxor.opt.none")
    notes: list[Msg] = []
    if r["osiris"]:
        notes.append(msg("luxor.note.osiris", n=list(r["osiris"])))
    woken = [s for s in passed_statues(r["trace"]) if s in lying]
    if woken:  # one note for all statues: labels must stay within 100 characters
        notes.append(msg("luxor.note.wakes" if len(woken) == 1 else "luxor.note.wakes_many", statue=woken))
    if r["tomb"]:
        notes.append(msg("luxor.note.tomb"))
    if r["stopped"]:
        notes.append(msg("luxor.note.stopped"))
    end = r["end"]
    if end in (STAIRS, TOMB):
        dst = short_place(end)
    else:
        dst = msg("luxor.place.with_tile", place=short_place(end), tile=tile_msg(tile))
    return prefix, dst, msg("luxor.opt.notes", items=notes) if notes else msg("luxor.opt.none")


# =========================================================================== prompt titles


def title(st: State) -> Msg:
    """The title of the pending decision: who decides, and the card and roll of the turn."""
    kind = st["pending"]["kind"]
    turn = st["turn"]
    if not turn.get("card") and not turn.get("roll") and kind != "C-13":  # the title names only who decides
        key = (kind, st["pending"]["seat"])
        m = _TITLES.get(key)
        if m is None:
            m = Msg(f"luxor.title.{kind}", {"player": key[1]})
            if len(_TITLES) < 1024:
                _TITLES[key] = m
        return m
    params: dict[str, Any] = {"player": st["pending"]["seat"]}
    if turn.get("card"):
        params["card"] = card_msg(turn["card"])
    if turn.get("roll"):
        params["roll"] = turn["roll"]
    if kind == "C-13" and turn["wake_queue"]:
        params["statue"] = turn["wake_queue"][0]
    if kind == "C-06" and turn.get("roll"):
        return Msg("luxor.title.C-06-roll", params)
    return Msg(f"luxor.title.{kind}", params)


#: the titles that name only who decides, by (decision, seat): shared (messages are immutable)
_TITLES: dict[tuple[str, int], Msg] = {}
