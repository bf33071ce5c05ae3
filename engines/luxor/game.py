"""The Luxor :class:`~engines.core.Game`: setup, prompts, apply, result.

State layout (plain JSON; positions 0 = stairs, 1…43 = path, 44 = tomb)::

    {
      "game": "luxor", "options": {...}, "rng": int,
      "order": [seat, …]  (turn order, order[0] = start player; [] until C-03),
      "round": int, "current": seat | None,
      "tiles": [None, tile|None × 43, None]     (index = position; None = no tile)
          tile = {"kind": "treasure"|"horus"|"osiris", "id"} | {"kind": "temple", "id", "back", "front"}
      "temple_stacks": {back: [tile, …]}        (top = last)
      "horus_stacks": {"1": [card id, …], …}    (top = last, face up)
      "draw": [card id, …] (top = last), "discard": [card id, …] (top = last),
      "supply": {"keys": int, "wilds": int, "scarabs": [scarab id, …]},
      "sarcophagi": [5, 3]  (still in the tomb), "key_space": int, "tomb_entries": int,
      "box": {"osiris": [ids], "treasures": [ids], "temple": [tiles], "scarabs": [ids],
              "keys": int, "wilds": int}      (out of the game: the 2 unused Osiris tiles;
                                               the rest is used only by test scenarios)
      "seats": [{"hand": [card id, …], "adv": [{"state": "active"|"lying"|"finished", "pos": int} × 5],
                 "keys": int, "wilds": int, "treasures": [ids], "scarabs": [ids],
                 "sarcophagi": [vp, …], "score": int}, …],
      "turn": {see rules.new_turn}, "pending": {"kind": "C-xx", "seat": int} | None,
      "end_triggered": bool, "stall": {"round": [bool, …], "streak": int},
      "last_roll": int | None, "over": bool,
      "final": {"scores", "winners", "breakdown", "reason": "tomb"|"stall"} | None
    }

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
last) never ask. Decisions with exactly one option resolve themselves inside ``apply`` (C-05 only
when both end cards are the same type; C-06 also when all its options are one start -> end pair
with the same effects).
"""
from __future__ import annotations

from collections.abc import Mapping
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
    clone,
    msg,
)

from . import data, hidden, rules, views
from .rules import card_msg, dest_msg, place_msg, tile_msg

State = dict[str, Any]

_AUTO_NEVER = {"C-05"}  # DECISIONS.md: never auto, unless both ends are the same card type


def _option_specs() -> tuple[OptionSpec, ...]:
    d, allowed, clauses = data.OPTION_DEFAULTS, data.OPTION_ALLOWED, data.OPTION_CLAUSES
    out = []
    for name in (
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
    ):
        if name == "tomb_scarab_vp":
            lo = data.MAX_PATH_SCARAB_VP  # "integer >= highest path scarab_vp"
            values: tuple[Any, ...] = tuple(range(lo, lo + 88))
        else:
            values = tuple(allowed[name])
        minimum = data.MAX_PATH_SCARAB_VP if name == "tomb_scarab_vp" else None
        out.append(OptionSpec(name, d[name], values, clauses[name], msg(f"luxor.option.{name}"), minimum))
    return tuple(out)


def _is_number(tok: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts '²' (which ``int`` refuses) and other scripts."""
    return tok.isascii() and tok.isdigit()


def steps_msg(k: int) -> Msg:
    """The step-count prefix of a C-06 label, with the grammatical number chosen by count
    (the catalogue has no plural rules): 1 / 2-4 / 5 and more (en step/steps, cs krok/kroky/kroků)."""
    if k == 1:
        return msg("luxor.opt.steps_one")
    return msg("luxor.opt.steps_few" if 2 <= k <= 4 else "luxor.opt.steps", k=k)


class Luxor(Game):
    id = "luxor"
    rules_version = 2  # 2: C-06 folded into C-04 for cards whose movement is known ("play L 7")
    min_players = data.MIN_PLAYERS
    max_players = data.MAX_PLAYERS
    option_specs = _option_specs()
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

    # ------------------------------------------------------------------ setup

    def new_game(self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> Outcome:
        st, ev = self.setup(players, options, seed)
        self._auto(st, ev)
        return Outcome(st, tuple(ev))

    def setup(self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> tuple[State, list[Event]]:
        """The state after setup (LUX-SETUP-1…12) and its events, before any auto-resolution."""
        if not (self.min_players <= players <= self.max_players):
            raise ValueError(f"Luxor needs {self.min_players}-{self.max_players} players")
        opts = self.resolve_options(options)
        rng = Rng.seeded(seed)
        ev: list[Event] = []
        tiles: list[Any] = [None] * (data.TOMB + 1)
        box: dict[str, Any] = {"osiris": [], "treasures": [], "temple": [], "scarabs": [], "keys": 0, "wilds": 0}
        # LUX-SETUP-4: Osiris tiles
        osiris = sorted(data.OSIRIS_TILES)
        rng.shuffle(osiris)
        for pos, oid in zip(data.OSIRIS_SPACES, osiris):
            tiles[pos] = {"kind": "osiris", "id": oid}
        box["osiris"] = osiris[len(data.OSIRIS_SPACES) :]
        # LUX-SETUP-5: Horus tiles by eyes
        free = sorted(data.HORUS_TILES)
        for pos in data.HORUS_SPACES:
            hid = next(h for h in free if data.HORUS_TILES[h]["eyes"] == data.HORUS_EYES[pos])
            free.remove(hid)
            tiles[pos] = {"kind": "horus", "id": hid}
        # LUX-SETUP-6: treasures
        treasures = sorted(data.TREASURES)
        rng.shuffle(treasures)
        for pos, tid in zip(data.TREASURE_SPACES, treasures):
            tiles[pos] = {"kind": "treasure", "id": tid}
        # LUX-SETUP-7: temple stacks
        temple: dict[str, list] = {b: [] for b in data.TEMPLE_BACKS}
        for t in data.temple_tiles(opts["temple_mapping"]):
            temple[t["back"]].append({"kind": "temple", **t})
        for b in data.TEMPLE_BACKS:
            rng.shuffle(temple[b])
        # LUX-SETUP-2: scarabs
        scarabs = sorted(data.SCARABS)
        rng.shuffle(scarabs)
        # LUX-SETUP-3: Horus stacks (face up)
        horus = {str(lvl): sorted(c for c, v in data.HORUS_CARDS.items() if v["level"] == lvl) for lvl in data.HORUS_LEVELS}
        for lvl in horus:
            rng.shuffle(horus[lvl])
        # LUX-SETUP-11: starter deck, 5 cards each, deal order = hand order
        deck = sorted(data.STARTER)
        rng.shuffle(deck)
        seats = []
        for s in range(players):
            hand = [deck.pop() for _ in range(data.HAND_SIZE)]
            adv = [{"state": "active", "pos": data.STAIRS} for _ in range(data.ON_STAIRS)]  # LUX-SETUP-9
            for statue in data.ANUBIS:
                adv += [{"state": "lying", "pos": statue} for _ in range(data.LYING_PER_STATUE)]
            seats.append(
                {"hand": hand, "adv": adv, "keys": 0, "wilds": 0, "treasures": [], "scarabs": [], "sarcophagi": [], "score": 0}
            )
        st: State = {
            "game": "luxor",
            "options": opts,
            "rng": 0,
            "order": [],
            "round": 1,
            "current": None,
            "tiles": tiles,
            "temple_stacks": temple,
            "horus_stacks": horus,
            "draw": deck,
            "discard": [],
            "supply": {"keys": data.KEYS, "wilds": data.WILDS, "scarabs": scarabs},
            "sarcophagi": list(data.SARCOPHAGI),
            "key_space": 0,
            "tomb_entries": 0,
            "box": box,
            "seats": seats,
            "turn": rules.new_turn(-1),
            "pending": None,
            "end_triggered": False,
            "stall": {"round": [], "streak": 0},
            "last_roll": None,
            "over": False,
            "final": None,
        }
        ev.append(
            Event(
                msg(
                    "luxor.ev.setup",
                    players=list(range(players)),
                    osiris=[f"{pos}={data.OSIRIS_TILES[tiles[pos]['id']]['value']}" for pos in data.OSIRIS_SPACES],
                )
            )
        )
        # LUX-SETUP-10: start player
        if opts["start_player"] == "random":
            start = rng.below(players)
            st["rng"] = rng.state
            rules.dispatch(st, ev, "C-03", f"start {start}")
        else:
            st["rng"] = rng.state
            st["pending"] = {"kind": "C-03", "seat": 0}
        return st, ev

    # ------------------------------------------------------------------ decisions

    def prompts(self, state: State) -> list[Prompt]:
        pend = state.get("pending")
        if state["over"] or not pend:
            return []
        kind, seat = pend["kind"], pend["seat"]
        return [Prompt(seat, kind, tuple(self._options(state)), self._title(state), secret=kind in ("C-04", "C-05"))]

    def _title(self, st: State) -> Msg:
        kind = st["pending"]["kind"]
        turn = st["turn"]
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

    def _options(self, st: State) -> list[Option]:
        kind, seat = st["pending"]["kind"], st["pending"]["seat"]
        turn = st["turn"]
        p = st["seats"][seat]
        out: list[Option] = []
        if kind == "C-03":
            for s in range(len(st["seats"])):
                out.append(Option(f"start {s}", msg("luxor.opt.start", player=s)))
        elif kind in ("C-04", "C-05"):
            ends = rules.playable_ends(st, seat)
            for side, cid in (("L", p["hand"][0]), ("R", p["hand"][-1])):
                if kind == "C-04" and ends[side] and rules.move_known_before_play(cid):
                    for action, r, info in rules.play_moves(st, seat, cid):
                        out.append(Option(f"play {side} {action[len('move '):]}", self._play_move_label(st, seat, side, cid, r, info)))
                elif kind == "C-04" and ends[side]:
                    out.append(
                        Option(
                            f"play {side}",
                            msg("luxor.opt.play", side=msg(f"luxor.side.{side}"), card=card_msg(cid), preview=self._preview(st, seat, cid)),
                        )
                    )
                elif kind == "C-05":
                    out.append(
                        Option(f"discard {side}", msg("luxor.opt.discard", side=msg(f"luxor.side.{side}"), card=card_msg(cid)))
                    )
        elif kind == "C-06":
            for action, r, info in rules.movement_options(st, seat, turn["card"], turn["roll"]):
                out.append(Option(action, self._move_label(st, seat, turn["card"], r, info)))
        elif kind == "C-08":
            for pos in rules.actor_candidates(st):
                out.append(Option(f"act {pos}", msg("luxor.opt.act", dst=dest_msg(st, pos), n=rules.count_at(st, seat, pos))))
        elif kind == "C-09":
            pos = turn["action_pos"]
            eyes = data.HORUS_TILES[st["tiles"][pos]["id"]]["eyes"]
            for c in rules.horus_choices(st, pos):
                if c == "key":
                    out.append(Option("key", msg("luxor.opt.key", left=st["supply"]["keys"])))
                else:
                    top = st["horus_stacks"][str(eyes)][-1]
                    out.append(Option("card", msg("luxor.opt.horus_card", level=eyes, card=card_msg(top))))
        elif kind == "C-10":
            for lvl in rules.eye_choices(st, turn["action_pos"]):
                top = st["horus_stacks"][str(lvl)][-1]
                out.append(Option(f"level {lvl}", msg("luxor.opt.horus_card", level=lvl, card=card_msg(top))))
        elif kind == "C-11":
            for c in rules.wildscarab_choices(st):
                out.append(Option(c, msg(f"luxor.opt.{c}")))
        elif kind == "C-12":
            pos = turn["action_pos"]
            out.append(Option("take", msg("luxor.opt.take", tile=tile_msg(st["tiles"][pos]))))
            out.append(Option("leave", msg("luxor.opt.leave", tile=tile_msg(st["tiles"][pos]))))
        elif kind == "C-13":
            statue = turn["wake_queue"][0]
            out.append(Option("wake", msg("luxor.opt.wake", statue=statue)))
            out.append(Option("sleep", msg("luxor.opt.sleep", statue=statue)))
        return out

    def _preview(self, st: State, seat: int, cid: str) -> Msg:
        """For a ``play L`` option (a card without a move to choose now): where *last to second
        last* jumps, `` (S→12)``; empty for other cards."""
        card = data.CARDS[cid]
        if card["kind"] == "last_to_second_last":
            ls = rules.last_second_last(st, seat)
            if ls:
                return msg("luxor.opt.preview", moves=[msg("luxor.opt.hop", src=rules.short_place(ls[0]), dst=rules.short_place(ls[1]))])
        return msg("luxor.opt.none")

    def _play_move_label(self, st: State, seat: int, side: str, cid: str, r: dict[str, Any], info: dict[str, Any]) -> Msg:
        """A combined C-04 option: the end and its card, then the move in short, e.g.
        ``Left 1-5 · 3 steps: 5 → 20 (wild or scarab) [Osiris 9, 16, wakes statues 7, 18]``.
        Adventurers are chosen by position, so the label names positions, not figures."""
        parts = self._move_parts(st, seat, cid, r, info)
        return msg(
            "luxor.opt.play_move",
            side=msg(f"luxor.end.{side}"),
            card=card_msg(cid),
            prefix=parts["prefix"],
            src=rules.short_place(info["from"]),
            dst=parts["dst"],
            notes=parts["notes"],
        )

    def _move_label(self, st: State, seat: int, cid: str, r: dict[str, Any], info: dict[str, Any]) -> Msg:
        """A C-06 option: steps / direction, adventurer, from, to (with the tile there), notes."""
        i = rules.adv_at(st, seat, info["from"])
        parts = self._move_parts(st, seat, cid, r, info)
        return msg(
            "luxor.opt.move",
            prefix=parts["prefix"],
            adv=(i or 0) + 1,
            src=place_msg(info["from"]),
            dst=parts["dst"],
            notes=parts["notes"],
        )

    def _move_parts(self, st: State, seat: int, cid: str, r: dict[str, Any], info: dict[str, Any]) -> dict[str, Msg]:
        """The parts of a movement label: ``prefix`` (steps or direction, when the card lets the
        player choose them), ``dst`` (end and its tile) and ``notes`` (Osiris, statues woken, tomb, stop)."""
        kind = data.CARDS[cid]["kind"]
        if info["dir"]:
            prefix = msg(f"luxor.opt.dir_{info['dir']}")
        elif kind in ("range", "range_die") or (kind == "one_less" and st["options"]["one_less_steps"] != "fixed"):
            prefix = steps_msg(info["k"])
        else:
            prefix = msg("luxor.opt.none")
        notes: list[Msg] = []
        if r["osiris"]:
            notes.append(msg("luxor.note.osiris", n=list(r["osiris"])))
        lying = {a["pos"] for a in st["seats"][seat]["adv"] if a["state"] == "lying"}
        woken = [s for s in rules.passed_statues(r["trace"]) if s in lying]
        if woken:  # one note for all statues: labels must stay within 100 characters
            notes.append(msg("luxor.note.wakes" if len(woken) == 1 else "luxor.note.wakes_many", statue=woken))
        if r["tomb"]:
            notes.append(msg("luxor.note.tomb"))
        if r.get("stopped"):
            notes.append(msg("luxor.note.stopped"))
        return {
            "prefix": prefix,
            "dst": rules.dest_short(st, r["end"]),
            "notes": msg("luxor.opt.notes", items=notes) if notes else msg("luxor.opt.none"),
        }

    # ------------------------------------------------------------------ apply

    def apply(self, state: State, seat: int, action: str) -> Outcome:
        if state["over"]:
            reason = (state.get("final") or {}).get("reason")
            raise IllegalAction("LUX-END-4" if reason == "stall" else "LUX-END-2", "luxor.err.over")
        pend = state.get("pending")
        if not pend or seat != pend["seat"]:
            raise IllegalAction("LUX-DEF-10", "luxor.err.not_your_turn")
        if not isinstance(action, str):
            raise IllegalAction("LUX-TURN-2", "luxor.err.garbage")
        kind = pend["kind"]
        legal = [o.action for o in self._options(state)]
        if action not in legal:
            raise self._reject(state, kind, action)
        st = clone(state)
        ev: list[Event] = []
        rules.dispatch(st, ev, kind, action)
        self._auto(st, ev)
        return Outcome(st, tuple(ev))

    def _auto(self, st: State, ev: list[Event]) -> None:
        """Resolve decisions that have exactly one option (DECISIONS.md, auto-resolve column)."""
        for _ in range(10000):
            pend = st.get("pending")
            if st["over"] or not pend:
                return
            kind = pend["kind"]
            opts = self._options(st)
            if kind == "C-05":
                hand = st["seats"][pend["seat"]]["hand"]
                if rules.same_card_type(hand[0], hand[-1]):
                    rules.dispatch(st, ev, kind, "discard L")
                    continue
                return
            if len(opts) == 1 and kind not in _AUTO_NEVER:
                rules.dispatch(st, ev, kind, opts[0].action)
                continue
            if kind == "C-06" and len(opts) > 1:
                # DECISIONS C-06: auto-resolve when exactly one (start -> end) pair is legal, e.g.
                # +/-1 forward and backward-then-Osiris onto the same tile with the same effects
                seat, turn = pend["seat"], st["turn"]
                moves = rules.movement_options(st, seat, turn["card"], turn["roll"])
                if len({rules.move_outcome(st, seat, turn["card"], r, info) for _, r, info in moves}) == 1:
                    rules.dispatch(st, ev, kind, moves[0][0])
                    continue
            return
        raise AssertionError("auto-resolution did not settle")  # pragma: no cover

    def _reject(self, st: State, kind: str, action: str) -> IllegalAction:
        toks = action.split() if isinstance(action, str) else []
        if not toks or " ".join(toks) != action:  # not in the action grammar (e.g. stray spaces)
            return IllegalAction("LUX-TURN-2", "luxor.err.garbage")
        head = toks[0]
        if kind == "C-04":
            return self._reject_play(st, toks)
        if kind == "C-05":
            return IllegalAction("LUX-NOMOVE-1", "luxor.err.discard_only")
        if kind == "C-06":
            turn = st["turn"]
            return self._reject_move(st, st["pending"]["seat"], turn["card"], turn["roll"], toks)
        if kind == "C-08" and head == "act":
            return IllegalAction("LUX-CARD-H06", "luxor.err.not_actor")
        clause = {
            "C-03": "LUX-SETUP-10",
            "C-08": "LUX-CARD-H06",
            "C-09": "LUX-TILE-HORUS-2",
            "C-10": "LUX-TILE-EYE-1",
            "C-11": "LUX-TILE-WILDSCARAB-1",
            "C-12": "LUX-OPT-2",
            "C-13": "LUX-OPT-4",
        }[kind]
        return IllegalAction(clause, "luxor.err.not_an_option")

    def _reject_play(self, st: State, toks: list[str]) -> IllegalAction:
        """A refused C-04 action: not a play, not an end, an unplayable end, a move given to a card
        that takes none now, a move missing, or a move its card does not allow (as in C-06)."""
        head = toks[0]
        if head == "discard":
            return IllegalAction("LUX-NOMOVE-2", "luxor.err.must_play")
        if head != "play":
            return IllegalAction("LUX-TURN-3", "luxor.err.play_first")
        if len(toks) < 2 or toks[1] not in ("L", "R"):
            return IllegalAction("LUX-HAND-2", "luxor.err.ends_only")
        seat, side = st["pending"]["seat"], toks[1]
        hand = st["seats"][seat]["hand"]
        cid = hand[0] if side == "L" else hand[-1]
        if not rules.playable_ends(st, seat)[side]:
            return IllegalAction("LUX-LEGAL-4", "luxor.err.unplayable")
        kind = data.CARDS[cid]["kind"]
        if kind in rules.ROLL_KINDS:  # len(toks) > 2: "play L" alone is offered
            return IllegalAction("LUX-CARD-S03" if kind == "die" else "LUX-CARD-H04", "luxor.err.roll_first")
        if kind in rules.SELF_MOVING_KINDS:
            return IllegalAction("LUX-CARD-H05" if kind == "advance_all" else "LUX-CARD-H07", "luxor.err.moves_itself")
        if len(toks) == 2:
            return IllegalAction("LUX-LEGAL-1", "luxor.err.play_with_move")
        move = ["move"] + toks[2:]
        if " ".join(move) in {a for a, _, _ in rules.movement_options(st, seat, cid, None)}:
            # legal, but all of this card's moves are one start -> end pair and another one is offered
            return IllegalAction("LUX-LEGAL-3", "luxor.err.not_an_option")
        return self._reject_move(st, seat, cid, None, move)

    def _reject_move(self, st: State, seat: int, cid: str, roll: int | None, toks: list[str]) -> IllegalAction:
        """A refused movement (C-06, or the move part of a C-04 ``play L …``), naming the clause that
        forbids it (LUX-LEGAL-1 … LUX-MOVE-7). ``toks`` is ``["move", <from>, <k>|f|b?]``."""
        card = data.CARDS[cid]
        kind = card["kind"]
        if len(toks) not in (2, 3) or toks[0] != "move" or not _is_number(toks[1]):
            return IllegalAction("LUX-LEGAL-1", "luxor.err.garbage")
        pos = int(toks[1])
        if pos not in rules.active_positions(st, seat):
            advs = st["seats"][seat]["adv"]
            if any(a["state"] == "lying" and a["pos"] == pos for a in advs):
                return IllegalAction("LUX-ANUBIS-1", "luxor.err.lying", pos=pos)
            if pos == data.TOMB and any(a["state"] == "finished" for a in advs):
                return IllegalAction("LUX-TOMB-4", "luxor.err.finished")
            return IllegalAction("LUX-MOVE-1", "luxor.err.no_adventurer", pos=pos)
        keys = st["seats"][seat]["keys"]
        extra = toks[2] if len(toks) == 3 else None
        if kind == "plus_minus":
            if extra not in ("f", "b"):
                return IllegalAction("LUX-CARD-S02", "luxor.err.direction")
            problem = rules.move_problem(st, pos, 1, keys) if extra == "f" else rules.back_problem(st, pos, keys)
        elif kind in ("range", "range_die") or (kind == "one_less" and st["options"]["one_less_steps"] != "fixed"):
            clause = {"range": "LUX-CARD-H03", "range_die": "LUX-CARD-H04", "one_less": "LUX-OPT-8"}[kind]
            lo = card.get("min", 1) if kind == "range" else 1
            hi = {"range": card.get("max"), "range_die": roll, "one_less": data.ONE_LESS_MAX}[kind]
            if extra is None or not _is_number(extra) or not lo <= int(extra) <= hi:
                return IllegalAction(clause, "luxor.err.steps_range", lo=lo, hi=hi)
            problem = rules.move_problem(st, pos, int(extra), keys)
        else:  # a fixed count: number card, die after the roll, one adventurer less (printed steps)
            n = roll if kind == "die" else card["steps"]
            if extra is not None:
                clause = {"move": "LUX-CARD-S01", "die": "LUX-CARD-S03", "one_less": "LUX-CARD-H08"}[kind]
                return IllegalAction(clause, "luxor.err.fixed_steps", n=n)
            problem = rules.move_problem(st, pos, n, keys)
        if problem == "overshoot":
            return IllegalAction("LUX-MOVE-4", "luxor.err.overshoot")
        if problem == "no_key":
            return IllegalAction("LUX-TOMB-2", "luxor.err.no_key")
        if problem == "osiris":
            return IllegalAction("LUX-MOVE-7", "luxor.err.osiris")
        if problem == "no_tile_behind":
            return IllegalAction("LUX-MOVE-5", "luxor.err.no_tile_behind", place=place_msg(pos))
        return IllegalAction("LUX-LEGAL-3", "luxor.err.illegal_move")

    # ------------------------------------------------------------------ views and result

    def public_view(self, state: State) -> dict[str, Any]:
        return views.public_view(state)

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        return views.private_view(state, seat)

    # -- hidden information (engines/luxor/hidden.py)
    def scores(self, state: State) -> tuple[int, ...]:
        return tuple(int(p["score"]) for p in state["seats"])

    def information_state(self, state: State, seat: int | None) -> State:
        return hidden.information_state(state, seat)

    def determinize(self, info: State, seat: int | None, rng: Rng) -> State:
        return hidden.determinize(info, seat, rng)

    def result(self, state: State) -> Result | None:
        if not state["over"]:
            return None
        fb = state["final"]
        detail = tuple(rules.breakdown_msg("luxor.result.line", row) for row in fb["breakdown"])
        return Result(tuple(fb["scores"]), tuple(fb["winners"]), {}, detail)


GAME = Luxor()
