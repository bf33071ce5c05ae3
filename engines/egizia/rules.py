"""Egizia rules engine (RULES.md clause ids EGZ-*; decisions D-nn from DECISIONS.md).

State layout (plain JSON):

* ``seats``: one record per player (tile, score, stamp, stones, markers, builders,
  cards, Sphinx hand, tomb tiles, per-round flags).
* ``river_card`` / ``river_ships``: lists indexed by river index 0..20 (0 unused).
* ``sites``: per site id ``{"slots", "subs", "extra", "done", "late", "first_done"}``.
* ``decks`` (top first), ``sphinx_deck`` (top first), ``out`` (Nile cards that left the
  game), ``box`` (never used), ``sphinx_box``, ``tomb_spaces``, ``tombs_box``.
* ``stage``: the macro position of the game flow; ``todo``: queued sub-decisions
  (card/space choices) that come before the stage continues.

Action grammar (space-separated, ASCII):

* setup ``keep <i>`` (D-03, secret, parallel)
* sailing: the D-04 turn menu lists every legal target ``place <idx> [s<k>|sub|extra] [up] [occ] [dbl]``
  directly (D-05 folded in, so placing a ship is one move), ``pass`` and the W1 free actions; after N33
  the D-05 prompt offers the targets again and ``stop``. ``up`` = N41, ``occ`` = N42, ``dbl`` = N36,
  ``extra`` = N37. After a placement the turn menu offers ``endturn`` (+ W1 free actions) or, with
  N33, ``play N33`` (D-08).
* card choices ``track ss|gm`` (D-06, D-17), ``n18 <b> <b>``, ``improve <imp> <field>`` / ``keep`` (D-06)
* ``alyi <b> [<b>]``, ``ring left|middle|right`` (D-07); ``leftover <idx>`` / ``leftover no`` (D-09)
* ``feed <grain4 cards> <stones>`` (D-10: the seat in score order decides with its W2 free actions;
  later seats with grain cards/N22 and no W2 free action may answer in parallel, buffered and applied
  in score order); ``first yes|no`` (D-11); ``build`` / ``decline`` (D-12)
* ``crew <b> [<b>] [jk] [p3] [sx]`` (D-13; 2nd regular = N34/N54, p3 = N14/N53, sx = N15/N57);
  ``crew back`` (D-13: before the first item or draw the crew is not fixed: unflip it, back to D-12);
  ``draw <n>`` (D-14); ``keep [<i> [<j>]] [n35]`` (D-15, secret: positions in the drawn cards)
* ``obelisk`` / ``tomb`` / ``finish`` (D-16); ``pyr <row>`` / ``tmp <field>`` / ``finish`` (D-18)
* free actions in the own windows: ``play N51 <k>`` (sell), ``play N38`` (build first), ``improve <imp>
  <field>`` (N20/N44), ``crewup <b>`` (N21), ``buy <b>`` (N43); ``done`` ends W4 (D-19)

Builders are abbreviated ``bk bl ye jk``; tracks ``ss`` (stone sale) and ``gm`` (grain market).
"""
from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations, combinations_with_replacement
from typing import Any

from engines.core import Event, IllegalAction, Msg, Option, OptionSpec, Outcome, Prompt, Rng, State, clone, msg

from . import data as D

B_ABBR = {"black": "bk", "blue": "bl", "yellow": "ye", "joker": "jk"}
ABBR_B = {v: k for k, v in B_ABBR.items()}
T_ABBR = {"stone_sale": "ss", "grain_market": "gm"}
ABBR_T = {v: k for k, v in T_ABBR.items()}

# ------------------------------------------------------------------ options

_OPT_CLAUSE = {
    "setup_sphinx": "EGZ-SETUP-8",
    "score_floor_zero": "EGZ-R3-FEED-6",
    "sphinx_extra_requires_payment": "EGZ-CARD-N15",
    "two_three_player_cards": "EGZ-PC-4",
    "remove_plus10_card": "EGZ-SETUP-8",
    "take_leftover_mode": "EGZ-CARD-N39",
    "buy_strength_timing": "EGZ-CARD-N43",
    "two_each_includes_tombs": "EGZ-SPHINX-S16",
    "substitute_timing": "EGZ-R5-BUILD-7",
}


def _option_specs() -> tuple[OptionSpec, ...]:
    out = []
    for name, spec in D.OPTIONS_DATA.items():
        default = spec["default"]
        allowed = tuple(spec["values"]) if "values" in spec else (False, True)
        out.append(OptionSpec(name, default, allowed, _OPT_CLAUSE.get(name, "EGZ-OPT-1"), msg(f"egizia.option.{name}")))
    return tuple(out)


OPTION_SPECS = _option_specs()

KIND_CLAUSE = {
    "D-03": "EGZ-SETUP-8", "D-04": "EGZ-R2-NILE-2", "D-05": "EGZ-R2-NILE-12", "D-06": "EGZ-R2-NILE-6",
    "D-07": "EGZ-R2-NILE-7", "D-08": "EGZ-CARD-N33", "D-09": "EGZ-CARD-N39", "D-10": "EGZ-R3-FEED-7",
    "D-11": "EGZ-CARD-N38", "D-12": "EGZ-R5-BUILD-3", "D-13": "EGZ-R5-BUILD-4", "D-14": "EGZ-BUILD-SPHINX-1",
    "D-15": "EGZ-BUILD-SPHINX-3", "D-16": "EGZ-BUILD-OBELISK-3", "D-17": "EGZ-BUILD-OBELISK-4",
    "D-18": "EGZ-BUILD-TEMPLE-5", "D-19": "EGZ-TIME-6",
}

# ------------------------------------------------------------------ small helpers


def place_notes(**flags: bool) -> list[Msg]:
    """The cards a placement uses, as one bracket: " (N41 upstream, doubled by N36)"; or nothing."""
    items = [msg(f"egizia.note.{k}") for k, v in flags.items() if v]
    return [msg("egizia.note.wrap", items=items)] if items else []


def track_preview(p: dict, track: str, k: int) -> tuple[int, Msg | str]:
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


def card_msg(cid: str) -> Msg:
    return msg(f"egizia.card.{cid}")


def sphinx_msg(sid: str) -> Msg:
    return msg(f"egizia.sphinx.{sid}")


def b_msg(b: str) -> Msg:
    return msg(f"egizia.builder.{b}")


def t_msg(t: str) -> Msg:
    return msg(f"egizia.track.{t}")


def space_msg(idx: int) -> Msg:
    sp = D.SPACE[idx]
    if sp["kind"] == "round":
        return msg(f"egizia.space.{sp['id']}")
    if sp["kind"] == "site":
        return msg(f"egizia.site.{sp['id']}")
    return msg("egizia.space.card", idx=idx)


def eff(cid: str) -> dict[str, Any]:
    return D.NILE[cid]["effect"]


def held_of_kind(p: dict, kind: str, where: str = "any") -> list[str]:
    return sorted(c for c in p[where] if eff(c)["kind"] == kind)


def opt(s: State, name: str) -> Any:
    return s["options"][name]


def gain_stones(s: State, seat: int, n: int, ev: list, why: str) -> None:
    p = s["seats"][seat]
    new = min(D.STONE_MAX, p["stones"] + n)
    lost = p["stones"] + n - new
    p["stones"] = new
    ev.append(Event(msg("egizia.ev.stones", player=seat, amount=n, total=new, lost=lost, why=msg(f"egizia.why.{why}"))))


def pay_stones(s: State, seat: int, n: int) -> None:
    p = s["seats"][seat]
    assert 0 <= n <= p["stones"]
    p["stones"] -= n


def add_score(s: State, seat: int, amount: int, ev: list, why: str, floor_zero: bool = False) -> None:
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


def builder_up(s: State, seat: int, b: str, n: int, ev: list, why: str) -> None:
    p = s["seats"][seat]
    new = min(D.BUILDER_MAX[b], p["str"][b] + n)
    lost = p["str"][b] + n - new
    p["str"][b] = new
    ev.append(Event(msg("egizia.ev.builder", player=seat, builder=b_msg(b), amount=n, total=new, lost=lost, why=msg(f"egizia.why.{why}"))))


def track_steps(s: State, seat: int, track: str, k: int, ev: list, why: str) -> None:
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


def score_order(s: State) -> list[int]:
    """EGZ-SCORE-2: score descending, earlier arrival first."""
    return sorted(range(len(s["seats"])), key=lambda i: (-s["seats"][i]["score"], s["seats"][i]["stamp"]))


def tile_order(s: State) -> list[int]:
    return sorted(range(len(s["seats"])), key=lambda i: s["seats"][i]["tile"])


# ------------------------------------------------------------------ fields


def fields_of(p: dict) -> list[dict[str, Any]]:
    out = [{"id": "start", "color": D.START_FIELD["color"], "grain": D.START_FIELD["grain"], "improvers": []}]
    for c in p["perm"]:
        e = eff(c)
        if e["kind"] == "grain_field":
            imps = sorted(i for i, f in p["improvers"].items() if f == c)
            out.append({"id": c, "color": e["color"], "grain": e["grain"], "improvers": imps})
    for f in out:
        lad = D.COLOR_LADDER
        f["effective"] = lad[min(len(lad) - 1, lad.index(f["color"]) + len(f["improvers"]))]
    return out


def field_grain(s: State, seat: int) -> int:
    irr = D.IRRIGATED[s["ring"]]
    return sum(f["grain"] for f in fields_of(s["seats"][seat]) if f["effective"] in irr)


def need_of(p: dict) -> int:
    return sum(p["str"].values())


def quarry_total(p: dict) -> int:
    return D.START_QUARRY + sum(eff(c)["stones"] for c in p["perm"] if eff(c)["kind"] == "quarry")


# ------------------------------------------------------------------ buildings


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


def pyramid_candidates(s: State) -> list[int]:
    """Rows (0-based) whose next field is buildable (EGZ-BUILD-PYRAMID-2/3)."""
    out = []
    pyr = s["pyramid"]
    for r, row in enumerate(pyr):
        p = sum(1 for x in row if x is not None)
        if p >= len(row):
            continue
        if r == 0 or (pyr[r - 1][p] is not None and pyr[r - 1][p + 1] is not None):
            out.append(r)
    return out


def temple_candidates(s: State) -> list[str]:
    t = s["temple"]
    return [f for f in D.TEMPLE_IDS if t[f] is None and all(t[r] is not None for r in D.TEMPLE[f]["requires"])]


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


# ------------------------------------------------------------------ setup


def setup_state(
    players: int,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    *,
    tiles: list[int] | None = None,
    nile: Mapping[str, list[str]] | None = None,
    sphinx: list[str] | None = None,
    tombs: list[str] | None = None,
    resolved: dict[str, Any] | None = None,
) -> Outcome:
    """Set up a game. Test-only stacking: ``tiles`` (turn tile per seat), ``nile`` (deck id ->
    card order, top first, must hold that deck's cards), ``sphinx`` (Sphinx deck order, top
    first), ``tombs`` (the 20 tomb tile ids; the first 12 go on spaces 1..12)."""
    opts = resolved if resolved is not None else dict(options or {})
    if not 2 <= players <= 4:
        raise ValueError("Egizia is for 2-4 players")
    if opts.get("two_three_player_cards") and players not in D.OPTIONS_DATA["two_three_player_cards"]["only_for_players"]:
        raise ValueError("two_three_player_cards is only for 2-3 players (EGZ-PC-4)")
    rng = Rng.seeded(seed)
    ev: list[Event] = []
    n = players
    if tiles is None:
        tl = list(range(1, n + 1))
        rng.shuffle(tl)
    else:
        tl = list(tiles)
    seats = []
    for i in range(n):
        t = tl[i]
        seats.append({
            "tile": t, "score": 0, "stamp": n - t, "stones": D.START_STONES[t],
            "ss": D.TRACK_START["stone_sale"], "gm": D.TRACK_START["grain_market"],
            "str": dict(D.BUILDER_START), "used": {b: False for b in D.BUILDER_IDS},
            "ships": D.SHIPS, "perm": [], "any": [], "in_force": [], "improvers": {},
            "sphinx": [], "tombs": [], "flags": {}, "passed": False, "placed_max": 0,
            "coop": [], "spent": {},
        })
    swap = D.optional_swap("nile")
    base = D.base_nile_ids()
    box: list[str] = [c for c in D.NILE_IDS if c not in base]
    if opts.get("two_three_player_cards"):
        for old, new in swap.items():
            if old in base and new in D.NILE:
                base[base.index(old)] = new
                box.remove(new)
                box.append(old)
    decks: dict[str, list[str]] = {}
    for deck in sorted(set(D.DECK_BY_ROUND.values())):
        cards = [c for c in base if D.NILE[c]["deck"] == deck]
        if nile and deck in nile:
            assert sorted(nile[deck]) == sorted(cards), f"stacked deck {deck} must hold its cards"
            cards = list(nile[deck])
        else:
            rng.shuffle(cards)
        decks[deck] = cards
    sbase = D.base_sphinx_ids()
    sbox = [c for c in D.SPHINX_IDS if c not in sbase]
    if opts.get("two_three_player_cards"):
        for old, new in swap.items():
            if old in sbase and new in D.SPHINX:
                sbase[sbase.index(old)] = new
                sbox.remove(new)
                sbox.append(old)
    if opts.get("remove_plus10_card"):
        for c in list(sbase):
            if D.SPHINX[c]["points"]["kind"] == "per_full_vp":
                sbase.remove(c)
                sbox.append(c)
    if sphinx is not None:
        assert sorted(sphinx) == sorted(sbase)
        sdeck = list(sphinx)
    else:
        sdeck = list(sbase)
        rng.shuffle(sdeck)
    if tombs is not None:
        tt = list(tombs)
    else:
        tt = list(D.TOMB_TILES)
        rng.shuffle(tt)
    s: State = {
        "game": "egizia", "data_profile": D.DATA_PROFILE, "options": dict(opts), "rng": 0,
        "round": 1, "seats": seats, "stamp_next": n,
        "river_card": [None] * (D.RIVER_LEN + 1), "river_ships": [[] for _ in range(D.RIVER_LEN + 1)],
        "sites": {sid: _empty_site(sid, n) for sid in D.SITE_ORDER},
        "decks": decks, "out": [], "box": box,
        "sphinx_deck": sdeck, "sphinx_box": sbox, "sphinx_drawn": [],
        "obelisk": [None] * len(D.OBELISK_SEQ),
        "pyramid": [[None] * w for w in D.PYRAMID_WIDTH],
        "temple": {f: None for f in D.TEMPLE_IDS},
        "tomb_spaces": [{"tile": t, "owner": None} for t in tt[: D.TOMB_SPACES]],
        "tombs_box": tt[D.TOMB_SPACES:],
        "ring": D.RING_START, "stage": {"at": "round_start"}, "todo": [], "result": None,
    }
    ev.append(Event(msg("egizia.ev.setup", players=n)))
    for i in tile_order(s):
        ev.append(Event(msg("egizia.ev.tile", player=i, tile=seats[i]["tile"], stones=seats[i]["stones"])))
    # EGZ-SETUP-8: Sphinx draw in tile order
    if opts.get("setup_sphinx", "draw1") == "draw2_keep1":
        drawn = {}
        for i in tile_order(s):
            two = [s["sphinx_deck"].pop(0) for _ in range(min(2, len(s["sphinx_deck"])))]
            drawn[str(i)] = two
            ev.append(Event(msg("egizia.ev.sphinx_setup_drawn", player=i, cards=[sphinx_msg(c) for c in two]), to=i))
        s["stage"] = {"at": "setup_keep", "drawn": drawn, "choice": {}}
    else:
        for i in tile_order(s):
            c = s["sphinx_deck"].pop(0)
            seats[i]["sphinx"].append(c)
            ev.append(Event(msg("egizia.ev.sphinx_setup_one", player=i, card=sphinx_msg(c)), to=i))
    s["rng"] = rng.state
    _advance(s, ev)
    return Outcome(s, tuple(ev))


def _empty_site(sid: str, n: int) -> dict[str, Any]:
    return {"slots": [None] * D.site_slots(sid, n), "subs": [], "extra": None, "done": [], "late": [], "first_done": []}


# ------------------------------------------------------------------ sailing: legal targets


def seat_at_site(site: dict, seat: int) -> str | None:
    if seat in site["slots"]:
        return "slot"
    if seat in site["subs"] or seat in site["first_done"]:
        return "sub"
    if site["extra"] == seat:
        return "extra"
    return None


def placement_targets(s: State, seat: int) -> list[tuple[str, Msg]]:
    """Every legal placement (EGZ-R2-NILE-4/5/12) as (action, label)."""
    p = s["seats"][seat]
    if p["ships"] <= 0:
        return []
    out: list[tuple[str, Msg]] = []
    m = p["placed_max"]
    up_card = next((c for c in p["perm"] if eff(c)["kind"] == "upstream_placement"), None)
    occ_card = next((c for c in p["perm"] if eff(c)["kind"] == "occupied_round_space"), None)
    up_ok = up_card is not None and not p["flags"].get(up_card)
    occ_ok = occ_card is not None and not p["flags"].get(occ_card)
    dbl_ok = bool(held_of_kind(p, "double_round_space"))
    extra_ok = bool(held_of_kind(p, "extra_site_position"))
    for sp in D.RIVER:
        i = sp["index"]
        ups = [""] if i > m else ([" up"] if up_ok else [])
        if not ups:
            continue
        for up in ups:
            if sp["kind"] == "card":
                c = s["river_card"][i]
                if c is not None:
                    out.append((f"place {i}{up}", msg("egizia.lbl.place_card", idx=i, card=card_msg(c), note=place_notes(up=bool(up)))))
            elif sp["kind"] == "round":
                rs = D.ROUND_SPACES[sp["id"]]
                forb = rs.get("forbidden_cards", [])
                ships = s["river_ships"][i]
                occs = []
                if not ships:
                    occs.append("")
                elif occ_ok and "occupied_round_space" not in forb and len(ships) < rs["max_ships"] + 1:
                    occs.append(" occ")
                for oc in occs:
                    out.append((f"place {i}{up}{oc}", msg("egizia.lbl.place_round", idx=i, space=space_msg(i), fx=msg(f"egizia.fx.{sp['id']}"), note=place_notes(up=bool(up), occ=bool(oc)))))
                    if dbl_ok and "double_round_space" not in forb:
                        out.append((f"place {i}{up}{oc} dbl", msg("egizia.lbl.place_round", idx=i, space=space_msg(i), fx=msg(f"egizia.fx.{sp['id']}"), note=place_notes(up=bool(up), occ=bool(oc), dbl=True))))
            else:
                site = s["sites"][sp["id"]]
                if seat_at_site(site, seat):
                    continue
                free = [k for k, o in enumerate(site["slots"]) if o is None]
                if free:
                    for k in free:
                        out.append((f"place {i} s{k + 1}{up}", msg("egizia.lbl.place_slot", idx=i, site=space_msg(i), slot=k + 1, order=msg(f"egizia.nth.{k + 1}"), note=place_notes(up=bool(up)))))
                elif not free:
                    out.append((f"place {i} sub{up}", msg("egizia.lbl.place_sub", idx=i, site=space_msg(i), queue=len(site["subs"]) + 1, note=place_notes(up=bool(up)))))
                    if extra_ok and site["extra"] is None:
                        out.append((f"place {i} extra{up}", msg("egizia.lbl.place_extra", idx=i, site=space_msg(i), note=place_notes(up=bool(up)))))
    return out


# ------------------------------------------------------------------ free actions (windows W1-W4)


def free_options(s: State, seat: int, window: str) -> list[Option]:
    p = s["seats"][seat]
    out: list[Option] = []
    for c in held_of_kind(p, "sell_stones"):
        if window in eff(c)["windows"] and p["stones"] > 0:
            for k in range(1, min(eff(c)["max_stones"], p["stones"]) + 1):
                out.append(Option(f"play {c} {k}", msg("egizia.lbl.sell", card=card_msg(c), n=k, vp=k * eff(c)["vp_per_stone"])))
            break
    for c in held_of_kind(p, "build_first"):
        if window in eff(c)["windows"]:
            out.append(Option(f"play {c}", msg("egizia.lbl.build_first", card=card_msg(c))))
    for imp, fld in sorted(p["improvers"].items()):
        if fld is None:
            for f in fields_of(p):
                if f["effective"] != D.COLOR_LADDER[-1]:
                    out.append(Option(f"improve {imp} {f['id']}", msg("egizia.lbl.improve", card=card_msg(imp), field=card_msg(f["id"]))))
    for c in held_of_kind(p, "crew_improver", "perm"):
        if window in eff(c)["windows"] and not p["flags"].get(c):
            for b in D.BUILDER_IDS:
                out.append(Option(f"crewup {B_ABBR[b]}", msg("egizia.lbl.crewup", card=card_msg(c), builder=b_msg(b), now=p["str"][b], max=D.BUILDER_MAX[b])))
    for c in held_of_kind(p, "buy_strength", "perm"):
        wins = list(eff(c)["windows"])
        if opt(s, "buy_strength_timing") == "after_feeding_only":
            wins = [w for w in wins if w not in ("W1", "W2")]
        if window in wins and not p["flags"].get(c) and p["stones"] >= eff(c)["cost_stones"]:
            for b in D.BUILDER_IDS:
                out.append(Option(f"buy {B_ABBR[b]}", msg("egizia.lbl.buy", card=card_msg(c), builder=b_msg(b), cost=eff(c)["cost_stones"], now=p["str"][b], max=D.BUILDER_MAX[b])))
    return out


def do_free(s: State, seat: int, toks: list[str], ev: list) -> None:
    p = s["seats"][seat]
    if toks[0] == "play" and eff(toks[1])["kind"] == "build_first":
        c = toks[1]
        p["any"].remove(c)
        p["in_force"].append(c)
        ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
    elif toks[0] == "play":
        c = toks[1]
        k = int(toks[2])
        pay_stones(s, seat, k)
        p["any"].remove(c)
        s["out"].append(c)
        ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
        add_score(s, seat, k * eff(c)["vp_per_stone"], ev, "sell_card")
    elif toks[0] == "improve":
        p["improvers"][toks[1]] = toks[2]
        ev.append(Event(msg("egizia.ev.improve", player=seat, card=card_msg(toks[1]), field=card_msg(toks[2]))))
    elif toks[0] == "crewup":
        c = held_of_kind(p, "crew_improver", "perm")[0]
        p["flags"][c] = True
        builder_up(s, seat, ABBR_B[toks[1]], eff(c)["amount"], ev, "card")
    elif toks[0] == "buy":
        c = held_of_kind(p, "buy_strength", "perm")[0]
        p["flags"][c] = True
        pay_stones(s, seat, eff(c)["cost_stones"])
        builder_up(s, seat, ABBR_B[toks[1]], eff(c)["amount"], ev, "card")


FREE_VERBS = ("play", "improve", "crewup", "buy")


# ------------------------------------------------------------------ taking Nile cards


def take_card(s: State, seat: int, cid: str, ev: list) -> None:
    """EGZ-R2-NILE-6 / EGZ-CARD-*: resolve a card taken from the Nile (or via N39)."""
    p = s["seats"][seat]
    card = D.NILE[cid]
    e = card["effect"]
    k = e["kind"]
    ev.append(Event(msg("egizia.ev.take", player=seat, card=card_msg(cid))))
    typ = card["type"]
    if k == "take_leftover_card" and opt(s, "take_leftover_mode") == "every_round":
        typ = "permanent"
    if typ == "immediate":
        s["out"].append(cid)
        if k == "gain_stones":
            gain_stones(s, seat, e["stones"], ev, "card")
        elif k == "track_down":
            s["todo"].append({"kind": "D-06", "seat": seat, "what": "track", "steps": e["steps"], "card": cid})
        elif k == "builder_up":
            for b in e["builders"]:
                builder_up(s, seat, b, e["amount"], ev, "card")
        elif k == "builder_up_split":
            s["todo"].append({"kind": "D-06", "seat": seat, "what": "n18", "card": cid})
        elif k == "vp_per_own_brick":
            n = sum(bricks(s, seat, b) for b in e["buildings"])
            add_score(s, seat, n * e["vp_per_brick"], ev, "card")
        else:  # pragma: no cover - data error
            raise ValueError(k)
        return
    if typ == "permanent":
        p["perm"].append(cid)
        if k == "grain_field":
            tb = e.get("take_bonus") or {}
            if tb.get("market_steps"):
                s["todo"].append({"kind": "D-06", "seat": seat, "what": "track", "steps": tb["market_steps"], "card": cid})
            if tb.get("vp"):
                add_score(s, seat, tb["vp"], ev, "field_bonus")
            if tb.get("stones"):
                gain_stones(s, seat, tb["stones"], ev, "field_bonus")
        elif k == "field_improver":
            p["improvers"][cid] = None
            if any(f["effective"] != D.COLOR_LADDER[-1] for f in fields_of(p)):
                s["todo"].append({"kind": "D-06", "seat": seat, "what": "improve", "card": cid})
        return
    p["any"].append(cid)


def apply_round_space(s: State, seat: int, sid: str, mult: int, ev: list) -> None:
    for e in D.ROUND_SPACES[sid]["effect"]:
        k = e["kind"]
        if k == "track_down":
            track_steps(s, seat, e["track"], e["steps"] * mult, ev, "space")
        elif k == "builder_up":
            for _ in range(mult):
                for b in e["builders"]:
                    builder_up(s, seat, b, e["amount"], ev, "space")
        elif k == "builder_up_choice":
            s["todo"].append({"kind": "D-07", "seat": seat, "what": "alyi", "picks": e["picks"] * mult, "amount": e["amount"], "from": e["from"]})
        elif k == "gain_stones":
            gain_stones(s, seat, e["stones"] * mult, ev, "space")
        elif k == "ring_move":
            s["todo"].append({"kind": "D-07", "seat": seat, "what": "ring", "steps": e["max_steps"] * mult})


# ------------------------------------------------------------------ building helpers


def has_card(p: dict, kind: str) -> str | None:
    h = held_of_kind(p, kind)
    return h[0] if h else None


def crew_options(s: State, seat: int, sid: str) -> list[tuple[str, Msg, int]]:
    """Legal crews (EGZ-R5-BUILD-4) with which at least one item can be built."""
    p = s["seats"][seat]
    unused = [b for b in D.REGULAR if not p["used"][b]]
    regs: list[tuple[str, ...]] = [(b,) for b in unused]
    if has_card(p, "second_builder"):
        regs += list(combinations(unused, 2))
    jks = [False, True] if not p["used"][D.JOKER] else [False]
    p3s = [False, True] if has_card(p, "crew_strength_bonus") else [False]
    sxs = [False, True] if (sid == "sphinx" and has_card(p, "sphinx_extra_draw")) else [False]
    out = []
    for r in regs:
        for jk in jks:
            for p3 in p3s:
                for sx in sxs:
                    S = sum(p["str"][b] for b in r) + (p["str"][D.JOKER] if jk else 0)
                    if p3:
                        S += eff(has_card(p, "crew_strength_bonus"))["amount"]
                    if not _buildable(s, seat, sid, S, sx):
                        continue
                    toks = ["crew"] + [B_ABBR[b] for b in r] + (["jk"] if jk else []) + (["p3"] if p3 else []) + (["sx"] if sx else [])
                    parts = [b_msg(b) for b in r] + ([b_msg(D.JOKER)] if jk else [])
                    used = ([has_card(p, "second_builder")] if len(r) == 2 else []) + \
                        ([has_card(p, "crew_strength_bonus")] if p3 else []) + ([has_card(p, "sphinx_extra_draw")] if sx else [])
                    note = [msg("egizia.note.plus", items=list(used))] if used else []  # card ids keep it short
                    out.append((" ".join(toks), msg("egizia.lbl.crew", builders=parts, note=note, strength=S), S))
    return out


def sphinx_n_range(s: State, seat: int, S: int, sx: bool) -> range:
    p = s["seats"][seat]
    deck = len(s["sphinx_deck"])
    lo = 0 if (sx and not opt(s, "sphinx_extra_requires_payment")) else 1
    hi = min(S, D.SPHINX_DRAW["max_cards_per_action"], p["stones"] // D.SPHINX_DRAW["stones_per_paid_card"], deck)
    if lo == 0 and deck == 0:
        return range(0)
    return range(lo, hi + 1)


def _buildable(s: State, seat: int, sid: str, S: int, sx: bool = False) -> bool:
    p = s["seats"][seat]
    cap = min(S, p["stones"])
    if sid == "sphinx":
        return len(sphinx_n_range(s, seat, S, sx)) > 0
    return any(v <= cap for v in _item_values(s, sid))


def _item_values(s: State, sid: str) -> list[int]:
    vals = []
    if sid == "obelisk_tombs":
        o = obelisk_next(s)
        if o is not None:
            vals.append(D.OBELISK_SEQ[o])
        t = tomb_next(s)
        if t is not None:
            vals.append(D.TOMB_TILES[s["tomb_spaces"][t]["tile"]])
    else:
        vals += [D.PYRAMID_VALUE[r] for r in pyramid_candidates(s)]
        vals += [D.TEMPLE[f]["value"] for f in temple_candidates(s)]
    return vals


def item_options(s: State, seat: int) -> list[Option]:
    st = s["stage"]
    p = s["seats"][seat]
    room = min(st["S"] - st["total"], p["stones"])
    out = []
    if st["sid"] == "obelisk_tombs":
        o = obelisk_next(s)
        if o is not None and D.OBELISK_SEQ[o] <= room:
            out.append(Option("obelisk", msg("egizia.lbl.obelisk", row=D.OBELISK_ROW_OF[o], value=D.OBELISK_SEQ[o])))
        t = tomb_next(s)
        if t is not None and D.TOMB_TILES[s["tomb_spaces"][t]["tile"]] <= room:
            out.append(Option("tomb", msg("egizia.lbl.tomb", space=t + 1, value=D.TOMB_TILES[s["tomb_spaces"][t]["tile"]])))
    else:
        for r in pyramid_candidates(s):
            if D.PYRAMID_VALUE[r] <= room:
                pos = sum(1 for x in s["pyramid"][r] if x is not None)
                out.append(Option(f"pyr {r + 1}", msg("egizia.lbl.pyramid", row=r + 1, pos=pos + 1, value=D.PYRAMID_VALUE[r])))
        for f in temple_candidates(s):
            if D.TEMPLE[f]["value"] <= room:
                out.append(Option(f"tmp {f}", msg("egizia.lbl.temple", field=f, value=D.TEMPLE[f]["value"])))
    if st["built"] > 0:
        out.append(Option("finish", msg("egizia.lbl.finish", total=st["total"], strength=st["S"])))
    elif "crew" in st:  # D-13: not fixed before the first item (states saved before "crew back" existed lack the record)
        out.append(Option("crew back", msg("egizia.lbl.crew_back")))
    return out


def build_item(s: State, seat: int, toks: list[str], ev: list) -> None:
    st = s["stage"]
    if toks[0] == "obelisk":
        o = obelisk_next(s)
        v = D.OBELISK_SEQ[o]
        s["obelisk"][o] = seat
        what = msg("egizia.item.obelisk", row=D.OBELISK_ROW_OF[o], value=v)
    elif toks[0] == "tomb":
        t = tomb_next(s)
        tile = s["tomb_spaces"][t]["tile"]
        v = D.TOMB_TILES[tile]
        s["tomb_spaces"][t]["owner"] = seat
        s["seats"][seat]["tombs"].append(tile)
        what = msg("egizia.item.tomb", space=t + 1, value=v)
    elif toks[0] == "pyr":
        r = int(toks[1]) - 1
        pos = sum(1 for x in s["pyramid"][r] if x is not None)
        s["pyramid"][r][pos] = seat
        v = D.PYRAMID_VALUE[r]
        what = msg("egizia.item.pyramid", row=r + 1, pos=pos + 1, value=v)
    else:
        f = toks[1]
        s["temple"][f] = seat
        v = D.TEMPLE[f]["value"]
        what = msg("egizia.item.temple", field=f, value=v)
    pay_stones(s, seat, v)
    st["total"] += v
    st["built"] += 1
    st["spent"] += v
    ev.append(Event(msg("egizia.ev.built", player=seat, item=what, cost=v)))
    add_score(s, seat, v, ev, "build")
    if toks[0] == "tomb":
        t = tomb_next(s)
        if t is not None and t + D.TOMB_FACE_UP - 1 < len(s["tomb_spaces"]):
            nt = s["tomb_spaces"][t + D.TOMB_FACE_UP - 1]["tile"]
            ev.append(Event(msg("egizia.ev.tomb_reveal", space=t + D.TOMB_FACE_UP, value=D.TOMB_TILES[nt])))
    if toks[0] == "pyr":
        r = int(toks[1]) - 1
        row = s["pyramid"][r]
        if all(x is not None for x in row):
            _row_bonus(s, r, ev)


def _row_bonus(s: State, r: int, ev: list) -> None:
    """EGZ-BUILD-PYRAMID-4: most bricks scores 1 per brick; tie -> leftmost brick among the tied."""
    row = s["pyramid"][r]
    counts: dict[int, int] = {}
    for x in row:
        counts[x] = counts.get(x, 0) + 1
    best = max(counts.values())
    tied = [x for x in counts if counts[x] == best]
    winner = min(tied, key=lambda x: row.index(x))
    ev.append(Event(msg("egizia.ev.row_bonus", player=winner, row=r + 1, bricks=best)))
    add_score(s, winner, best, ev, "row_bonus")


# ------------------------------------------------------------------ the flow


def _advance(s: State, ev: list) -> None:
    """Run automatic steps until a decision is pending (or the game is over).

    A pending decision with a single prompt holding a single option resolves itself.
    """
    for _ in range(100000):
        if s["todo"]:
            pass
        else:
            at = s["stage"]["at"]
            step = _STEPS.get(at)
            if step is not None:
                if step(s, ev):
                    continue
        ps = prompts_of(s)
        if len(ps) == 1 and len(ps[0].options) == 1:
            _dispatch(s, ps[0].seat, ps[0], ps[0].options[0].action, ev, auto=True)
            continue
        return
    raise RuntimeError("egizia: flow did not settle")


def _st_setup_keep(s: State, ev: list) -> bool:
    st = s["stage"]
    if len(st["choice"]) < len(st["drawn"]):
        return False
    for i in tile_order(s):  # resolve in tile order (deterministic deck order)
        two = st["drawn"][str(i)]
        k = st["choice"][str(i)]
        s["seats"][i]["sphinx"].append(two[k])
        for j, c in enumerate(two):
            if j != k:
                s["sphinx_deck"].append(c)
        ev.append(Event(msg("egizia.ev.sphinx_setup_kept", player=i, kept=1, returned=len(two) - 1)))
    s["stage"] = {"at": "round_start"}
    return True


def _st_round_start(s: State, ev: list) -> bool:
    r = s["round"]
    for p in s["seats"]:
        p["used"] = {b: False for b in D.BUILDER_IDS}
        p["flags"] = {}
        p["passed"] = False
        p["placed_max"] = 0
        p["coop"] = []
        p["spent"] = {}
    deck = s["decks"][D.DECK_BY_ROUND[r]]
    for i in D.CARD_SPACES[: D.CARDS_PER_ROUND]:
        s["river_card"][i] = deck.pop(0) if deck else None
    ev.append(Event(msg("egizia.ev.round", round=r, cards=[card_msg(c) for c in s["river_card"] if c])))
    s["stage"] = {"at": "sail", "order": tile_order(s), "pos": 0, "seat": None, "mode": None}
    return True


def _st_sail(s: State, ev: list) -> bool:
    st = s["stage"]
    if st["mode"] == "after":
        seat = st["seat"]
        p = s["seats"][seat]
        if (has_card(p, "extra_placement") and placement_targets(s, seat)) or free_options(s, seat, "W1"):
            st["mode"] = "post"  # W1 continues after the placement (EGZ-TIME-2), N33 (D-08)
            return False
        st["mode"] = None
        st["pos"] = (st["pos"] + 1) % len(st["order"])
        st["seat"] = None
    if st["mode"] is not None:
        return False
    order = st["order"]
    for k in range(len(order)):
        j = (st["pos"] + k) % len(order)
        seat = order[j]
        p = s["seats"][seat]
        if p["passed"]:
            continue
        if p["ships"] <= 0 or not placement_targets(s, seat):
            p["passed"] = True
            ev.append(Event(msg("egizia.ev.auto_pass", player=seat)))
            continue
        st["pos"] = j
        st["seat"] = seat
        st["mode"] = "menu"
        return False
    s["stage"] = {"at": "leftover", "asked": []}
    return True


def _leftover_owner(s: State) -> int | None:
    if not any(s["river_card"][i] for i in D.CARD_SPACES):
        return None
    asked = s["stage"]["asked"]
    for seat in tile_order(s):
        if seat in asked:
            continue
        p = s["seats"][seat]
        if opt(s, "take_leftover_mode") == "every_round":
            for c in held_of_kind(p, "take_leftover_card", "perm"):
                if not p["flags"].get(c):
                    return seat
        elif has_card(p, "take_leftover_card"):
            return seat
    return None


def _st_leftover(s: State, ev: list) -> bool:
    st = s["stage"]
    if st.get("seat") is not None:
        return False
    owner = _leftover_owner(s)
    if owner is not None:
        st["seat"] = owner
        return False
    # EGZ-R2-NILE-13 steps 2-3
    for sp in D.RIVER:
        i = sp["index"]
        if sp["kind"] != "site":
            for seat in s["river_ships"][i]:
                s["seats"][seat]["ships"] += 1
            s["river_ships"][i] = []
        if s["river_card"][i] is not None:
            s["out"].append(s["river_card"][i])
            s["river_card"][i] = None
    ev.append(Event(msg("egizia.ev.sail_end")))
    s["stage"] = {"at": "feed", "order": score_order(s), "i": 0, "asked": False, "buffer": {}}
    return True


def _feed_needs_decision(s: State, seat: int) -> bool:
    p = s["seats"][seat]
    short = need_of(p) - field_grain(s, seat)
    if short <= 0:
        return False
    if held_of_kind(p, "grain") or (held_of_kind(p, "feed_with_stones", "perm") and p["stones"] > 0):
        return True
    return bool(free_options(s, seat, "W2"))


def _feed_can_preanswer(s: State, seat: int) -> bool:
    """A later seat may answer D-10 in parallel (DECISIONS D-10) when it has a real feeding choice
    (grain cards or N22) **and no W2 free action** (EGZ-TIME-3). An early answer is the whole feeding
    step, so a seat that still has a window action (improver, N21, N43, N51) waits for its own step:
    answering early must never cost a right the rules give. Nothing another seat does before this
    seat's step changes its need, grain, cards or free actions, so the early answer stays exact."""
    p = s["seats"][seat]
    if need_of(p) - field_grain(s, seat) <= 0:
        return False
    if free_options(s, seat, "W2"):
        return False
    return bool(held_of_kind(p, "grain")) or (bool(held_of_kind(p, "feed_with_stones", "perm")) and p["stones"] > 0)


def feed_options(s: State, seat: int) -> list[Option]:
    p = s["seats"][seat]
    need = need_of(p)
    grain = field_grain(s, seat)
    g4 = held_of_kind(p, "grain")
    n22 = bool(held_of_kind(p, "feed_with_stones", "perm"))
    pen = D.GRAIN_PENALTY[p["gm"]]
    out = []
    for g in range(len(g4) + 1):
        gg = grain + sum(eff(c)["grain"] for c in g4[:g])
        short = max(0, need - gg)
        smax = min(p["stones"], short) if n22 else 0
        for st in range(smax + 1):
            loss = (short - st) * pen
            out.append(Option(f"feed {g} {st}", msg("egizia.lbl.feed", cards=g, stones=st, need=need, grain=gg + st, loss=loss)))
    return out


def do_feed(s: State, seat: int, g: int, stones: int, ev: list) -> None:
    """EGZ-R3-FEED-2..7."""
    p = s["seats"][seat]
    g4 = held_of_kind(p, "grain")[:g]
    grain = field_grain(s, seat)
    for c in g4:
        grain += eff(c)["grain"]
        p["any"].remove(c)
        s["out"].append(c)
        ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
    if stones:
        pay_stones(s, seat, stones)
        grain += stones
    need = need_of(p)
    short = max(0, need - grain)
    loss = short * D.GRAIN_PENALTY[p["gm"]]
    ev.append(Event(msg("egizia.ev.feed", player=seat, need=need, grain=grain, short=short, loss=loss)))
    if loss:
        add_score(s, seat, -loss, ev, "feeding", floor_zero=bool(opt(s, "score_floor_zero")))


def _st_feed(s: State, ev: list) -> bool:
    st = s["stage"]
    buf = st.setdefault("buffer", {})
    while st["i"] < len(st["order"]):
        seat = st["order"][st["i"]]
        if str(seat) in buf:  # answered in parallel earlier: applied now, in score order
            g, n = buf.pop(str(seat))
            do_feed(s, seat, g, n, ev)
            st["i"] += 1
            st["asked"] = False
            continue
        if st["asked"]:
            return False
        if _feed_needs_decision(s, seat):
            st["asked"] = True
            return False
        do_feed(s, seat, 0, 0, ev)
        st["i"] += 1
    # phase 4: production (EGZ-R4-PROD-1/2)
    for seat in tile_order(s):
        gain_stones(s, seat, quarry_total(s["seats"][seat]), ev, "production")
    s["stage"] = {"at": "build", "si": 0, "seat": None, "step": None, "asked": [], "first": None}
    return True


def _site_next(s: State, site: dict) -> int | None:
    done = site["done"]
    for occ in site["slots"]:
        if occ is not None and occ not in done and occ not in site["late"]:
            return occ
    for occ in site["late"]:
        if occ in site["slots"] and occ not in done:
            return occ
    if site["extra"] is not None and site["extra"] not in done:
        return site["extra"]
    return None


def decline(s: State, seat: int, sid: str, ev: list, reason: str) -> None:
    """EGZ-R5-BUILD-7: remove the ship; a freed slot goes to the first waiting substitute."""
    site = s["sites"][sid]
    ev.append(Event(msg("egizia.ev.decline", player=seat, site=msg(f"egizia.site.{sid}"), reason=msg(f"egizia.reason.{reason}"))))
    site["done"].append(seat)
    s["seats"][seat]["ships"] += 1
    if seat in site["slots"]:
        k = site["slots"].index(seat)
        site["slots"][k] = None
        if seat in site["late"]:
            site["late"].remove(seat)
        if site["subs"]:
            sub = site["subs"].pop(0)
            site["slots"][k] = sub
            if opt(s, "substitute_timing") == "after_all_slots":
                site["late"].append(sub)
            ev.append(Event(msg("egizia.ev.promoted", player=sub, site=msg(f"egizia.site.{sid}"), slot=k + 1)))
    elif seat in site["subs"]:
        site["subs"].remove(seat)
    elif seat in site["first_done"]:
        site["first_done"].remove(seat)
    elif site["extra"] == seat:
        site["extra"] = None


def _begin_turn(s: State, seat: int, sid: str, ev: list) -> bool:
    """Start a building turn; auto-decline when nothing can be built (D-12 auto)."""
    st = s["stage"]
    if not crew_options(s, seat, sid) and not free_options(s, seat, "W3"):
        p = s["seats"][seat]
        reason = "no_builder" if all(p["used"][b] for b in D.REGULAR) else ("no_stones" if p["stones"] == 0 else "nothing_affordable")
        decline(s, seat, sid, ev, reason)
        return True
    st.update({"seat": seat, "sid": sid, "step": "menu"})
    return False


def _st_build(s: State, ev: list) -> bool:
    st = s["stage"]
    if st["seat"] is not None:
        return False
    if st["si"] >= len(D.SITE_ORDER):
        # EGZ-R5-BUILD-8: N38 leaves the game
        for p in s["seats"]:
            s["out"].extend(p["in_force"])
            p["in_force"] = []
        s["stage"] = {"at": "coop"}
        return True
    sid = D.SITE_ORDER[st["si"]]
    site = s["sites"][sid]
    # D-11: build-first claim (N38)
    if st["first"] is None:
        for seat in tile_order(s):
            p = s["seats"][seat]
            if seat in st["asked"] or not any(eff(c)["kind"] == "build_first" for c in p["in_force"]):
                continue
            if _site_next(s, site) == seat:
                continue  # first in line anyway: "build first?" has equivalent answers (DECISIONS general model)
            if seat_at_site(site, seat) and seat not in site["done"] and crew_options(s, seat, sid):
                st["asked"].append(seat)
                st.update({"seat": seat, "sid": sid, "step": "claim"})
                return False
    else:
        seat = st["first"]
        st["first"] = None
        if seat in site["subs"]:
            site["subs"].remove(seat)
            site["first_done"].append(seat)
        return _begin_turn(s, seat, sid, ev) or True
    nxt = _site_next(s, site)
    if nxt is None:
        st["si"] += 1
        st["asked"] = []
        return True
    _begin_turn(s, nxt, sid, ev)
    return True


def _end_turn(s: State, seat: int, ev: list) -> None:
    st = s["stage"]
    sid = st["sid"]
    site = s["sites"][sid]
    if st.get("spent", 0) > 0 and sid not in s["seats"][seat]["coop"]:
        s["seats"][seat]["coop"].append(sid)
    site["done"].append(seat)
    for k in ("S", "total", "built", "spent", "sx", "sx_card", "n_range", "crew"):
        st.pop(k, None)
    st.update({"seat": None, "step": None})


def _st_coop(s: State, ev: list) -> bool:
    for seat in score_order(s):
        n = len(s["seats"][seat]["coop"])
        vp = D.COOP_VP.get(n, 0)
        ev.append(Event(msg("egizia.ev.coop", player=seat, sites=n, vp=vp)))
        if vp:
            add_score(s, seat, vp, ev, "cooperation")
    for sid, site in s["sites"].items():
        for seat in list(site["slots"]) + site["subs"] + site["first_done"] + [site["extra"]]:
            if seat is not None:
                s["seats"][seat]["ships"] += 1
        s["sites"][sid] = _empty_site(sid, len(s["seats"]))
    # phase 7 (EGZ-R7-ORDER-1)
    order = sorted(range(len(s["seats"])), key=lambda i: (s["seats"][i]["score"], -s["seats"][i]["stamp"]))
    for t, seat in enumerate(order, start=1):
        s["seats"][seat]["tile"] = t
    ev.append(Event(msg("egizia.ev.turn_order", players=order)))
    r = s["round"]
    for deck, last in D.DECK_DISCARD_AFTER.items():
        if r == last and s["decks"][deck]:
            s["box"].extend(s["decks"][deck])
            s["decks"][deck] = []
    if r >= D.ROUNDS:
        s["stage"] = {"at": "prefinal", "order": sorted(range(len(s["seats"])), key=lambda i: -s["seats"][i]["tile"]), "i": 0}
    else:
        s["round"] = r + 1
        s["stage"] = {"at": "round_start"}
    return True


def _st_prefinal(s: State, ev: list) -> bool:
    st = s["stage"]
    while st["i"] < len(st["order"]):
        seat = st["order"][st["i"]]
        if free_options(s, seat, "W4"):
            return False
        st["i"] += 1
    final_scoring(s, ev)
    return True


def final_scoring(s: State, ev: list) -> None:
    """EGZ-END-1..5."""
    order = sorted(range(len(s["seats"])), key=lambda i: -s["seats"][i]["tile"])
    lines = []
    for seat in order:
        p = s["seats"][seat]
        if D.SALE_FIELDS[p["ss"]]:
            vp = p["stones"] // D.SALE_STONES_PER_VP
            lines.append([seat, "stone_sale", vp])
            add_score(s, seat, vp, ev, "final_stone_sale")
        total = tomb_total(p)
        vp = D.tomb_vp(total)
        lines.append([seat, "tombs", vp])
        add_score(s, seat, vp, ev, "final_tombs")
        for sc in sorted(p["sphinx"], key=lambda c: (D.SPHINX[c]["points"]["kind"] == "per_full_vp", c)):
            vp = sphinx_points(s, seat, sc)
            lines.append([seat, sc, vp])
            ev.append(Event(msg("egizia.ev.sphinx_scored", player=seat, card=sphinx_msg(sc), vp=vp)))
            add_score(s, seat, vp, ev, "final_sphinx")
    scores = [p["score"] for p in s["seats"]]
    best = max(scores)
    tied = [i for i in range(len(scores)) if scores[i] == best]
    winner = min(tied, key=lambda i: s["seats"][i]["stamp"])
    s["result"] = {"scores": scores, "winners": [winner], "lines": lines, "tie": len(tied) > 1}
    ev.append(Event(msg("egizia.ev.winner_tie" if len(tied) > 1 else "egizia.ev.winner", player=winner, score=best)))
    s["stage"] = {"at": "over"}


def tomb_total(p: dict) -> int:
    return sum(D.TOMB_TILES[t] for t in p["tombs"]) + sum(eff(c)["value"] for c in p["perm"] if eff(c)["kind"] == "tomb_value_bonus")


def production(p: dict, category: str) -> int:
    """Printed production totals for S22-S25 (improvers ignored, start cards included)."""
    if category == "quarry":
        return quarry_total(p)
    tot = D.START_FIELD["grain"] if (D.START_FIELD["color"] == category and D.START_CARDS_COUNT_IN_MAJORITY) else 0
    return tot + sum(eff(c)["grain"] for c in p["perm"] if eff(c)["kind"] == "grain_field" and eff(c)["color"] == category)


def permanent_count(s: State, p: dict, excludes: list[str]) -> int:
    n = 0
    for c in p["perm"]:
        if eff(c)["kind"] in excludes:
            continue
        n += 1
    return n


def sphinx_points(s: State, seat: int, sc: str) -> int:
    card = D.SPHINX[sc]
    cond = card["condition"]
    pts = card["points"]
    p = s["seats"][seat]
    k = cond["kind"]
    ok = True
    if k == "obelisk_row_complete":
        ok = all(s["obelisk"][i] is not None for i, r in enumerate(D.OBELISK_ROW_OF) if r == cond["row"])
    elif k == "pyramid_row_complete":
        ok = all(x is not None for x in s["pyramid"][cond["row"] - 1])
    elif k == "temple_group_complete":
        ok = all(s["temple"][f] is not None for f in D.TEMPLE_GROUPS[cond["group"]])
    elif k == "own_bricks_at_least":
        ok = bricks(s, seat, cond["building"]) >= cond["min"]
    elif k == "own_bricks_each_at_least":
        blds = [b for b in cond["buildings"] if b != "tombs" or opt(s, "two_each_includes_tombs")]
        ok = all(bricks(s, seat, b) >= cond["min"] for b in blds)
    elif k == "production_majority":
        mine = production(p, cond["category"])
        ok = mine > 0 and all(production(q, cond["category"]) <= mine for q in s["seats"])
    elif k == "own_marker_at_bottom":
        ok = p[T_ABBR[cond["track"]]] == D.TRACK_BOTTOM[cond["track"]]
    elif k == "players_at_track_bottom":
        pass
    if not ok:
        return 0
    pk = pts["kind"]
    if pk == "fixed":
        return pts["vp"]
    if pk == "table":
        tr = cond["track"]
        n = sum(1 for q in s["seats"] if q[T_ABBR[tr]] == D.TRACK_BOTTOM[tr])
        keys = sorted(int(x) for x in pts["by_count"])
        return pts["by_count"][str(min(n, keys[-1]))]
    if pk == "per_own_brick":
        return pts["vp_per_brick"] * bricks(s, seat, pts["building"])
    if pk == "builder_strength":
        return pts["vp_per_strength"] * p["str"][pts["builder"]]
    if pk == "per_own_permanent_card":
        excl = list(pts["excludes"])
        n = sum(1 for c in p["perm"] if eff(c)["kind"] not in excl)
        return pts["vp_per_card"] * n
    if pk == "per_full_vp":
        return pts["vp"] * (max(0, p["score"]) // pts["divisor"])
    raise ValueError(pk)


_STEPS = {
    "setup_keep": _st_setup_keep,
    "round_start": _st_round_start,
    "sail": _st_sail,
    "leftover": _st_leftover,
    "feed": _st_feed,
    "build": _st_build,
    "coop": _st_coop,
    "prefinal": _st_prefinal,
}


# ------------------------------------------------------------------ prompts


def prompts_of(s: State) -> list[Prompt]:
    if s["stage"]["at"] == "over":
        return []
    if s["todo"]:
        return [_todo_prompt(s, s["todo"][0])]
    st = s["stage"]
    at = st["at"]
    if at == "setup_keep":
        out = []
        for seat in tile_order(s):
            if str(seat) in st["choice"]:
                continue
            two = st["drawn"][str(seat)]
            ops = tuple(Option(f"keep {j + 1}", msg("egizia.lbl.keep_setup", card=sphinx_msg(c))) for j, c in enumerate(two))
            out.append(Prompt(seat, "D-03", ops, msg("egizia.title.D-03"), secret=True))
        return out
    if at == "sail":
        seat = st["seat"]
        if seat is None:
            return []
        mode = st["mode"]
        if mode == "menu":
            # D-04 with D-05 folded in: every legal target is offered at once, so a sailing turn is one move
            ops = [Option(a, l) for a, l in placement_targets(s, seat)]
            ops.append(Option("pass", msg("egizia.lbl.pass")))
            ops += free_options(s, seat, "W1")
            return [Prompt(seat, "D-04", tuple(ops), msg("egizia.title.D-04"))]
        if mode == "n33":  # the extra placement of N33: the targets again, or stop
            ops = [Option(a, l) for a, l in placement_targets(s, seat)]
            ops.append(Option("stop", msg("egizia.lbl.stop")))
            return [Prompt(seat, "D-05", tuple(ops), msg("egizia.title.D-05"))]
        if mode == "post":
            c = has_card(s["seats"][seat], "extra_placement")
            ops = []
            if c and placement_targets(s, seat):
                ops.append(Option(f"play {c}", msg("egizia.lbl.n33", card=card_msg(c))))
            ops.append(Option("endturn", msg("egizia.lbl.endturn")))
            ops += free_options(s, seat, "W1")
            kind = "D-08" if c and ops[0].action == f"play {c}" else "D-04"
            return [Prompt(seat, kind, tuple(ops), msg(f"egizia.title.{kind}"))]
        return []
    if at == "leftover":
        seat = st.get("seat")
        if seat is None:
            return []
        ops = [Option(f"leftover {i}", msg("egizia.lbl.leftover", idx=i, card=card_msg(s["river_card"][i]))) for i in D.CARD_SPACES if s["river_card"][i]]
        ops.append(Option("leftover no", msg("egizia.lbl.leftover_no")))
        return [Prompt(seat, "D-09", tuple(ops), msg("egizia.title.D-09"))]
    if at == "feed":
        if not st["asked"] or st["i"] >= len(st["order"]):
            return []
        seat = st["order"][st["i"]]
        p = s["seats"][seat]
        ops = feed_options(s, seat) + free_options(s, seat, "W2")
        out = [Prompt(seat, "D-10", tuple(ops), msg("egizia.title.D-10", need=need_of(p), grain=field_grain(s, seat), penalty=D.GRAIN_PENALTY[p["gm"]]))]
        # D-10 collected in parallel: later seats with a real choice and no W2 free action may answer
        # now (_feed_can_preanswer); answers are buffered and applied in score order (EGZ-R3-FEED-1).
        buf = st.get("buffer", {})
        for later in st["order"][st["i"] + 1:]:
            if str(later) not in buf and _feed_can_preanswer(s, later):
                q = s["seats"][later]
                out.append(Prompt(later, "D-10", tuple(feed_options(s, later)),
                                  msg("egizia.title.D-10", need=need_of(q), grain=field_grain(s, later), penalty=D.GRAIN_PENALTY[q["gm"]])))
        return out
    if at == "build":
        seat = st["seat"]
        if seat is None:
            return []
        step = st["step"]
        sitem = msg(f"egizia.site.{st['sid']}")
        if step == "claim":
            ops = (Option("first yes", msg("egizia.lbl.first_yes", site=sitem)), Option("first no", msg("egizia.lbl.first_no")))
            return [Prompt(seat, "D-11", ops, msg("egizia.title.D-11", site=sitem))]
        if step == "menu":
            ops = [Option("build", msg("egizia.lbl.build", site=sitem))] if crew_options(s, seat, st["sid"]) else []
            ops.append(Option("decline", msg("egizia.lbl.decline")))
            ops += free_options(s, seat, "W3")
            return [Prompt(seat, "D-12", tuple(ops), msg("egizia.title.D-12", site=sitem))]
        if step == "crew":
            ops = tuple(Option(a, l) for a, l, _ in crew_options(s, seat, st["sid"]))
            return [Prompt(seat, "D-13", ops, msg("egizia.title.D-13", site=sitem))]
        if step == "sphinx_n":
            rng = sphinx_n_range(s, seat, st["S"], st["sx"])
            ops = tuple(Option(f"draw {n}", msg("egizia.lbl.draw", n=n, d=_draw_count(s, n, st["sx"]))) for n in rng)
            if "crew" in st:  # D-13: not fixed before the first draw
                ops += (Option("crew back", msg("egizia.lbl.crew_back")),)
            return [Prompt(seat, "D-14", ops, msg("egizia.title.D-14"))]
        if step == "keep":
            return [Prompt(seat, "D-15", tuple(keep_options(s, seat)), msg("egizia.title.D-15"), secret=True)]
        if step == "items":
            kind = "D-16" if st["sid"] == "obelisk_tombs" else "D-18"
            return [Prompt(seat, kind, tuple(item_options(s, seat)), msg(f"egizia.title.{kind}", left=st["S"] - st["total"]))]
        if step == "market":
            ops = tuple(Option(f"track {T_ABBR[t]}", msg("egizia.lbl.track", track=t_msg(t), pos=s["seats"][seat][T_ABBR[t]],
                                                         to=track_preview(s["seats"][seat], t, 1)[0],
                                                         bonus=track_preview(s["seats"][seat], t, 1)[1])) for t in D.TRACK_IDS)
            return [Prompt(seat, "D-17", ops, msg("egizia.title.D-17"))]
        return []
    if at == "prefinal":
        seat = st["order"][st["i"]]
        ops = [Option("done", msg("egizia.lbl.done"))] + free_options(s, seat, "W4")
        return [Prompt(seat, "D-19", tuple(ops), msg("egizia.title.D-19"))]
    return []


def _draw_count(s: State, n: int, sx: bool) -> int:
    extra = 0
    if sx:
        p = s["seats"][s["stage"]["seat"]]
        c = s["stage"].get("sx_card") or has_card(p, "sphinx_extra_draw")
        extra = eff(c)["extra"]
        cap = eff(c)["max_total"]
    else:
        cap = D.SPHINX_DRAW["max_cards_per_action"]
    return min(n + extra, cap, len(s["sphinx_deck"]))


def keep_options(s: State, seat: int) -> list[Option]:
    drawn = s["sphinx_drawn"]
    p = s["seats"][seat]
    out = [Option("keep", msg("egizia.lbl.keep_none", returned=len(drawn), vp=len(drawn) * D.SPHINX_DRAW["vp_per_returned_card"]))]
    for j, c in enumerate(drawn):
        out.append(Option(f"keep {j + 1}", msg("egizia.lbl.keep_one", card=sphinx_msg(c), returned=len(drawn) - 1, vp=(len(drawn) - 1) * D.SPHINX_DRAW["vp_per_returned_card"])))
    n35 = has_card(p, "sphinx_keep_extra")
    if n35 and len(drawn) >= 2:
        for a, b in combinations(range(len(drawn)), 2):
            out.append(Option(f"keep {a + 1} {b + 1} n35", msg("egizia.lbl.keep_two", cards=[sphinx_msg(drawn[a]), sphinx_msg(drawn[b])], card=card_msg(n35), returned=len(drawn) - 2, vp=(len(drawn) - 2) * D.SPHINX_DRAW["vp_per_returned_card"])))
    return out


def _at_max_note(p: dict, builders: Any) -> list[Msg]:
    """EGZ-SPACE-ALYI-1 / A-15: warn once about every chosen builder already at its maximum."""
    maxed = [b_msg(b) for b in dict.fromkeys(builders) if p["str"][b] >= D.BUILDER_MAX[b]]
    return [msg("egizia.note.at_max", builder=maxed)] if maxed else []


def _todo_prompt(s: State, t: dict) -> Prompt:
    seat = t["seat"]
    p = s["seats"][seat]
    w = t["what"]
    if w == "track":
        ops = tuple(Option(f"track {T_ABBR[tr]}", msg("egizia.lbl.track_steps", track=t_msg(tr), steps=t["steps"], pos=p[T_ABBR[tr]],
                                                       to=track_preview(p, tr, t["steps"])[0], bonus=track_preview(p, tr, t["steps"])[1]))
                    for tr in D.TRACK_IDS)
        return Prompt(seat, "D-06", ops, msg("egizia.title.D-06.track", card=card_msg(t["card"]), steps=t["steps"]))
    if w == "n18":
        ops = []
        if all(p["str"][b] >= D.BUILDER_MAX[b] for b in D.BUILDER_IDS):
            # every pick is lost (EGZ-CONV-5): all options are equivalent, so it resolves itself (DECISIONS)
            a, b = D.BUILDER_IDS[:2]
            return Prompt(seat, "D-06", (Option(f"n18 {B_ABBR[a]} {B_ABBR[b]}", msg("egizia.lbl.n18_two", a=b_msg(a), b=b_msg(b))),),
                          msg("egizia.title.D-06.n18"))
        for a, b in combinations(D.BUILDER_IDS, 2):
            ops.append(Option(f"n18 {B_ABBR[a]} {B_ABBR[b]}", msg("egizia.lbl.n18_two", a=b_msg(a), b=b_msg(b))))
        for a in D.BUILDER_IDS:
            ops.append(Option(f"n18 {B_ABBR[a]} {B_ABBR[a]}", msg("egizia.lbl.n18_one", a=b_msg(a), now=p["str"][a], max=D.BUILDER_MAX[a])))
        return Prompt(seat, "D-06", tuple(ops), msg("egizia.title.D-06.n18"))
    if w == "improve":
        ops = [Option(f"improve {t['card']} {f['id']}", msg("egizia.lbl.improve", card=card_msg(t["card"]), field=card_msg(f["id"])))
               for f in fields_of(p) if f["effective"] != D.COLOR_LADDER[-1]]
        ops.append(Option("keep", msg("egizia.lbl.improve_keep")))
        return Prompt(seat, "D-06", tuple(ops), msg("egizia.title.D-06.improve", card=card_msg(t["card"])))
    if w == "alyi":
        combos = list(combinations_with_replacement(t["from"], t["picks"]))
        if all(p["str"][b] >= D.BUILDER_MAX[b] for b in t["from"]):
            combos = combos[:1]  # every pick is lost (EGZ-CONV-5): equivalent options resolve themselves
        ops = tuple(Option("alyi " + " ".join(B_ABBR[b] for b in combo),
                           msg("egizia.lbl.alyi", builders=[b_msg(b) for b in combo],
                               note=_at_max_note(p, combo)))
                    for combo in combos)
        return Prompt(seat, "D-07", ops, msg("egizia.title.D-07.alyi", picks=t["picks"]))
    if w == "ring":
        cur = D.RING_POSITIONS.index(s["ring"])
        ops = tuple(Option(f"ring {pos}", msg("egizia.lbl.ring_stay" if k == cur else "egizia.lbl.ring", pos=msg(f"egizia.ring.{pos}")))
                    for k, pos in enumerate(D.RING_POSITIONS) if abs(k - cur) <= t["steps"])
        return Prompt(seat, "D-07", ops, msg("egizia.title.D-07.ring"))
    raise ValueError(w)


# ------------------------------------------------------------------ apply


# ------------------------------------------------------------------ why an action is refused

_WINDOW_OF_KIND = {"D-04": "W1", "D-05": "W1", "D-08": "W1", "D-10": "W2", "D-12": "W3", "D-19": "W4"}
_WINDOW_CLAUSE = {"W1": "EGZ-TIME-2", "W2": "EGZ-TIME-3", "W3": "EGZ-TIME-4", "W4": "EGZ-TIME-6", "W5": "EGZ-TIME-5"}
_FREE_KIND_CARD = {"crewup": "crew_improver", "buy": "buy_strength"}
#: anytime cards that are not played with "play <card>" but as part of another choice
_PLAYED_WITH = {"grain": "feed", "crew_strength_bonus": "crew", "second_builder": "crew", "sphinx_extra_draw": "crew",
                "sphinx_keep_extra": "keep", "double_round_space": "place", "extra_site_position": "place",
                "take_leftover_card": "leftover"}


def _card_clause(cid: str) -> str:
    return f"EGZ-CARD-{cid}"


def _windows_msg(windows: list[str]) -> list[Msg]:
    return [msg(f"egizia.window.{w}") for w in windows if w in _WINDOW_CLAUSE]


def _int(tok: str | None) -> int | None:
    return int(tok) if tok is not None and tok.isdigit() else None


def _why_free(s: State, seat: int, kind: str, toks: list[str]) -> tuple[str, str, dict[str, Any]]:
    """A refused free action (EGZ-TIME-2..8, the card clauses)."""
    p = s["seats"][seat]
    window = _WINDOW_OF_KIND.get(kind)
    verb = toks[0]
    if verb == "play":
        cid = toks[1] if len(toks) > 1 else ""
        if cid not in D.NILE:
            return "EGZ-TIME-1", "egizia.err.no_such_card", {"what": cid[:20]}
        if cid not in p["any"]:
            return _card_clause(cid), "egizia.err.not_held", {"card": card_msg(cid)}
        e = eff(cid)
        if e["kind"] == "extra_placement":
            return _card_clause(cid), "egizia.err.n33_after_placement", {"card": card_msg(cid)}
        how = _PLAYED_WITH.get(e["kind"])
        if how:
            return _card_clause(cid), "egizia.err.played_with", {"card": card_msg(cid), "how": msg(f"egizia.how.{how}")}
        wins = [w for w in e.get("windows", []) if w in _WINDOW_CLAUSE]
        play_verb = e["kind"] in ("sell_stones", "build_first")
        if window is None or window not in wins or not play_verb:
            return _card_clause(cid), "egizia.err.window", {"card": card_msg(cid), "windows": _windows_msg(wins)}
        if e["kind"] == "sell_stones":
            top = min(e["max_stones"], p["stones"])
            if top <= 0:
                return _card_clause(cid), "egizia.err.no_stones", {}
            return _card_clause(cid), "egizia.err.sell_range", {"card": card_msg(cid), "max": top}
        return _card_clause(cid), "egizia.err.window", {"card": card_msg(cid), "windows": _windows_msg(wins)}
    if verb in _FREE_KIND_CARD:
        held = held_of_kind(p, _FREE_KIND_CARD[verb], "perm")
        if not held:
            c = D.nile_ids_of_kind(_FREE_KIND_CARD[verb])[0]
            return _card_clause(c), "egizia.err.not_held", {"card": card_msg(c)}
        c = held[0]
        e = eff(c)
        wins = list(e["windows"])
        if verb == "buy" and opt(s, "buy_strength_timing") == "after_feeding_only":
            wins = [w for w in wins if w not in ("W1", "W2")]
            if window in ("W1", "W2"):
                return _card_clause(c), "egizia.err.after_feeding_only", {"card": card_msg(c)}
        if window is None or window not in wins:
            return _WINDOW_CLAUSE.get(window or "", "EGZ-TIME-7"), "egizia.err.window", {"card": card_msg(c), "windows": _windows_msg(wins)}
        if p["flags"].get(c):
            return "EGZ-TIME-8", "egizia.err.once_per_round", {"card": card_msg(c)}
        if verb == "buy" and p["stones"] < e["cost_stones"]:
            return _card_clause(c), "egizia.err.cost", {"card": card_msg(c), "cost": e["cost_stones"], "stones": p["stones"]}
        return _card_clause(c), "egizia.err.bad_builder", {}
    if verb == "improve":
        imp = toks[1] if len(toks) > 1 else ""
        if imp not in p["improvers"]:
            c = imp if imp in D.NILE and eff(imp)["kind"] == "field_improver" else D.nile_ids_of_kind("field_improver")[0]
            return _card_clause(c), "egizia.err.not_held", {"card": card_msg(c)}
        if p["improvers"][imp] is not None:
            return _card_clause(imp), "egizia.err.improver_attached", {"card": card_msg(imp)}
        if window is None and kind != "D-06":
            return "EGZ-TIME-7", "egizia.err.no_window", {}
        return _card_clause(imp), "egizia.err.improver_field", {"card": card_msg(imp)}
    return "EGZ-TIME-7", "egizia.err.no_window", {}


def _why_place(s: State, seat: int, toks: list[str]) -> tuple[str, str, dict[str, Any]]:
    """A refused placement (EGZ-R2-NILE-4/5/8/9/10/11/12, the N36/N37/N41/N42 clauses)."""
    p = s["seats"][seat]
    i = _int(toks[1] if len(toks) > 1 else None)
    if i is None or i not in D.SPACE:
        return "EGZ-RIVER-1", "egizia.err.no_space", {"what": (toks[1] if len(toks) > 1 else "")[:10]}
    if p["ships"] <= 0:
        return "EGZ-R2-NILE-11", "egizia.err.no_ships", {}
    sp = D.SPACE[i]
    flags = toks[2:]
    where = space_msg(i)
    slot_flags = [f for f in flags if f in ("sub", "extra") or (f.startswith("s") and f[1:].isdigit())]
    known = {"up", "occ", "dbl"}
    if any(f not in known and f not in slot_flags for f in flags) or len(slot_flags) > 1 or len(set(flags)) < len(flags):
        return "EGZ-R2-NILE-12", "egizia.err.bad_action", {}
    m = p["placed_max"]
    if "up" in flags:
        c = next((c for c in p["perm"] if eff(c)["kind"] == "upstream_placement"), None)
        if c is None:
            return "EGZ-CARD-N41", "egizia.err.not_held", {"card": card_msg("N41")}
        if p["flags"].get(c):
            return "EGZ-TIME-8", "egizia.err.once_per_round", {"card": card_msg(c)}
        if i > m:
            return "EGZ-CARD-N41", "egizia.err.up_not_needed", {"idx": i, "card": card_msg(c)}
    elif i <= m:
        return "EGZ-R2-NILE-4", "egizia.err.downstream", {"idx": i, "last": m}
    if sp["kind"] != "round" and ("occ" in flags or "dbl" in flags):
        c = "N42" if "occ" in flags else "N36"
        return _card_clause(c), "egizia.err.round_space_only", {"card": card_msg(c)}
    if sp["kind"] != "site" and slot_flags:
        return "EGZ-R2-NILE-12", "egizia.err.site_only", {"idx": i}
    if sp["kind"] == "card":
        if s["river_card"][i] is None:
            return "EGZ-R2-NILE-5", "egizia.err.no_card_here", {"idx": i}
        return "EGZ-R2-NILE-12", "egizia.err.bad_action", {}
    if sp["kind"] == "round":
        rs = D.ROUND_SPACES[sp["id"]]
        forb = rs.get("forbidden_cards", [])
        ships = s["river_ships"][i]
        if "dbl" in flags:
            if "double_round_space" in forb:
                return "EGZ-SPACE-HELIOPOLIS-2", "egizia.err.not_here", {"card": card_msg("N36"), "space": where}
            if not held_of_kind(p, "double_round_space"):
                return "EGZ-CARD-N36", "egizia.err.not_held", {"card": card_msg("N36")}
        if "occ" in flags:
            c = next((c for c in p["perm"] if eff(c)["kind"] == "occupied_round_space"), None)
            if "occupied_round_space" in forb:
                return "EGZ-SPACE-HELIOPOLIS-2", "egizia.err.not_here", {"card": card_msg(c or "N42"), "space": where}
            if c is None:
                return "EGZ-CARD-N42", "egizia.err.not_held", {"card": card_msg("N42")}
            if p["flags"].get(c):
                return "EGZ-TIME-8", "egizia.err.once_per_round", {"card": card_msg(c)}
            if not ships:
                return "EGZ-CARD-N42", "egizia.err.not_occupied", {"space": where, "card": card_msg(c)}
            return "EGZ-RIVER-3", "egizia.err.round_full", {"space": where}
        if ships:
            clause = "EGZ-SPACE-HELIOPOLIS-2" if "occupied_round_space" in forb else "EGZ-R2-NILE-5"
            return clause, "egizia.err.occupied", {"space": where}
        return "EGZ-R2-NILE-12", "egizia.err.bad_action", {}
    site = s["sites"][sp["id"]]
    if seat_at_site(site, seat):
        return "EGZ-R2-NILE-5", "egizia.err.own_ship_at_site", {"site": where}
    free = [k for k, o in enumerate(site["slots"]) if o is None]
    if not slot_flags:
        return "EGZ-R2-NILE-8", "egizia.err.choose_slot", {"site": where}
    f = slot_flags[0]
    if f == "sub":
        return "EGZ-R2-NILE-9", "egizia.err.slot_free", {"site": where}
    if f == "extra":
        if not held_of_kind(p, "extra_site_position"):
            return "EGZ-CARD-N37", "egizia.err.not_held", {"card": card_msg("N37")}
        if free:
            return "EGZ-R2-NILE-10", "egizia.err.slot_free", {"site": where}
        return "EGZ-R2-NILE-10", "egizia.err.extra_taken", {"site": where}
    k = int(f[1:])
    if not 1 <= k <= len(site["slots"]):
        return "EGZ-PC-2", "egizia.err.no_slot", {"site": where, "slot": k}
    return "EGZ-R2-NILE-8", "egizia.err.slot_taken", {"site": where, "slot": k}


def _why_crew(s: State, seat: int, toks: list[str]) -> tuple[str, str, dict[str, Any]]:
    """A refused crew (EGZ-R5-BUILD-3/4, N14/N15/N34)."""
    p = s["seats"][seat]
    sid = s["stage"]["sid"]
    body = toks[1:]
    regs = [ABBR_B[t] for t in body if t in ("bk", "bl", "ye")]
    extra = [t for t in body if t not in ("bk", "bl", "ye", "jk", "p3", "sx")]
    if extra or len(set(body)) < len(body):
        return "EGZ-R5-BUILD-4", "egizia.err.bad_builder", {}
    if not regs:
        return "EGZ-R5-BUILD-4", "egizia.err.joker_alone", {}
    for b in regs:
        if p["used"][b]:
            return "EGZ-R5-BUILD-4", "egizia.err.builder_used", {"builder": b_msg(b)}
    if "jk" in body and p["used"][D.JOKER]:
        return "EGZ-R5-BUILD-4", "egizia.err.builder_used", {"builder": b_msg(D.JOKER)}
    if len(regs) > 2:
        return "EGZ-R5-BUILD-4", "egizia.err.two_builders", {}
    if len(regs) == 2 and not has_card(p, "second_builder"):
        return "EGZ-CARD-N34", "egizia.err.two_builders", {}
    if "p3" in body and not has_card(p, "crew_strength_bonus"):
        return "EGZ-CARD-N14", "egizia.err.not_held", {"card": card_msg("N14")}
    if "sx" in body:
        c = has_card(p, "sphinx_extra_draw")
        if c is None:
            c = "N57" if opt(s, "two_three_player_cards") else "N15"
            return _card_clause(c), "egizia.err.not_held", {"card": card_msg(c)}
        if sid != "sphinx":
            return _card_clause(c), "egizia.err.sphinx_only", {"card": card_msg(c)}
    return "EGZ-R5-BUILD-3", "egizia.err.crew_useless", {}


def _why_item(s: State, seat: int, kind: str, toks: list[str]) -> tuple[str, str, dict[str, Any]]:
    """A refused building item (EGZ-R5-BUILD-5, the building clauses)."""
    st = s["stage"]
    p = s["seats"][seat]
    left = st["S"] - st["total"]
    verb = toks[0]
    if verb == "finish":
        return "EGZ-R5-BUILD-5", "egizia.err.at_least_one", {}

    def cost_check(v: int, clause_ok: str) -> tuple[str, str, dict[str, Any]]:
        if v > left:
            return "EGZ-R5-BUILD-5", "egizia.err.over_strength", {"value": v, "left": left}
        if v > p["stones"]:
            return "EGZ-R5-BUILD-5", "egizia.err.over_stones", {"value": v, "stones": p["stones"]}
        return clause_ok, "egizia.err.bad_action", {}

    if kind == "D-16" and verb == "obelisk":
        o = obelisk_next(s)
        if o is None:
            return "EGZ-BUILD-OBELISK-2", "egizia.err.obelisk_full", {}
        return cost_check(D.OBELISK_SEQ[o], "EGZ-BUILD-OBELISK-2")
    if kind == "D-16" and verb == "tomb":
        t = tomb_next(s)
        if t is None:
            return "EGZ-BUILD-TOMB-1", "egizia.err.tombs_empty", {}
        return cost_check(D.TOMB_TILES[s["tomb_spaces"][t]["tile"]], "EGZ-BUILD-TOMB-1")
    if kind == "D-18" and verb == "pyr":
        r = _int(toks[1] if len(toks) > 1 else None)
        if r is None or not 1 <= r <= len(D.PYRAMID_WIDTH) or len(toks) != 2:
            return "EGZ-BUILD-PYRAMID-1", "egizia.err.no_such_field", {"what": " ".join(toks)[:20]}
        row = s["pyramid"][r - 1]
        pos = sum(1 for x in row if x is not None)
        if pos >= len(row):
            return "EGZ-BUILD-PYRAMID-2", "egizia.err.row_full", {"row": r}
        if r - 1 not in pyramid_candidates(s):
            return "EGZ-BUILD-PYRAMID-3", "egizia.err.not_supported", {"row": r, "pos": pos + 1}
        return cost_check(D.PYRAMID_VALUE[r - 1], "EGZ-BUILD-PYRAMID-2")
    if kind == "D-18" and verb == "tmp":
        f = toks[1] if len(toks) == 2 else ""
        if f not in D.TEMPLE:
            return "EGZ-BUILD-TEMPLE-1", "egizia.err.no_such_field", {"what": " ".join(toks)[:20]}
        if s["temple"][f] is not None:
            return "EGZ-BUILD-TEMPLE-2", "egizia.err.temple_taken", {"field": f}
        need = [r for r in D.TEMPLE[f]["requires"] if s["temple"][r] is None]
        if need:
            group = next((g for g, ids in D.TEMPLE_GROUPS.items() if f in ids), "")
            clause = {"columns": "EGZ-BUILD-TEMPLE-3", "top": "EGZ-BUILD-TEMPLE-4"}.get(group, "EGZ-BUILD-TEMPLE-2")
            return clause, "egizia.err.temple_requires", {"field": f, "needs": need}
        return cost_check(D.TEMPLE[f]["value"], "EGZ-BUILD-TEMPLE-5")
    other = "EGZ-BUILD-OBELISK-3" if kind == "D-16" else "EGZ-BUILD-TEMPLE-5"
    return other, "egizia.err.wrong_building", {}


def _why_illegal(s: State, seat: int, prompt: Prompt, action: str) -> IllegalAction:
    """The clause and a specific message for an action that is not among the prompt's options."""
    toks = action.split()
    kind = prompt.kind
    try:
        if not toks:
            return IllegalAction("EGZ-ROUND-3", "egizia.err.bad_action")
        verb = toks[0]
        is_n33 = verb == "play" and len(toks) == 2 and toks[1] in D.NILE and eff(toks[1])["kind"] == "extra_placement"
        if verb in FREE_VERBS and not (kind == "D-06" and verb == "improve") and not (kind == "D-08" and is_n33):
            if kind in ("D-04", "D-05", "D-08", "D-10", "D-12", "D-19"):
                return _ia(_why_free(s, seat, kind, toks))
            return IllegalAction("EGZ-TIME-7", "egizia.err.no_window")
        if kind in ("D-04", "D-05") and verb == "place":
            if kind == "D-04" and s["stage"].get("mode") == "post":
                return IllegalAction("EGZ-R2-NILE-2", "egizia.err.one_placement")
            return _ia(_why_place(s, seat, toks))
        if kind == "D-08" and verb == "place":
            return IllegalAction("EGZ-R2-NILE-2", "egizia.err.one_placement")
        if kind == "D-10" and verb == "feed" and len(toks) == 3 and all(t.isdigit() for t in toks[1:]):
            p = s["seats"][seat]
            g, n = int(toks[1]), int(toks[2])
            held = len(held_of_kind(p, "grain"))
            if g > held:
                return IllegalAction("EGZ-CARD-N13", "egizia.err.grain_cards", held=held)
            if n and not held_of_kind(p, "feed_with_stones", "perm"):
                return IllegalAction("EGZ-CARD-N22", "egizia.err.not_held", card=card_msg("N22"))
            short = max(0, need_of(p) - field_grain(s, seat) - sum(eff(c)["grain"] for c in held_of_kind(p, "grain")[:g]))
            return IllegalAction("EGZ-R3-FEED-7", "egizia.err.convert_max", max=min(p["stones"], short))
        if verb == "crew" and toks[1:] == ["back"] and kind in ("D-15", "D-16", "D-17", "D-18"):
            return IllegalAction("EGZ-R5-BUILD-4", "egizia.err.crew_fixed")
        if kind == "D-12" and verb == "build":
            return IllegalAction("EGZ-R5-BUILD-3", "egizia.err.cannot_build")
        if kind == "D-13" and verb == "crew":
            return _ia(_why_crew(s, seat, toks))
        if kind == "D-14" and verb == "draw":
            st = s["stage"]
            rng = sphinx_n_range(s, seat, st["S"], st["sx"])
            if rng and _int(toks[1] if len(toks) > 1 else None) == 0:
                return IllegalAction("EGZ-CARD-N15", "egizia.err.draw_range", lo=rng.start, hi=rng.stop - 1)
            return IllegalAction("EGZ-BUILD-SPHINX-1", "egizia.err.draw_range", lo=rng.start, hi=max(rng.start, rng.stop - 1))
        if kind == "D-15" and verb == "keep":
            mx = 2 if has_card(s["seats"][seat], "sphinx_keep_extra") else 1
            if len([t for t in toks[1:] if t.isdigit()]) > mx or ("n35" in toks and mx < 2):
                return IllegalAction("EGZ-BUILD-SPHINX-3", "egizia.err.keep_max", max=mx)
            return IllegalAction("EGZ-BUILD-SPHINX-3", "egizia.err.keep_pick", n=len(s["sphinx_drawn"]))
        if kind in ("D-16", "D-18") and verb in ("obelisk", "tomb", "pyr", "tmp", "finish"):
            return _ia(_why_item(s, seat, kind, toks))
        if kind == "D-17":
            return IllegalAction("EGZ-BUILD-OBELISK-4", "egizia.err.market_first")
        if kind in ("D-06", "D-07") and s["todo"]:
            w = s["todo"][0]["what"]
            if w == "ring":
                return IllegalAction("EGZ-SPACE-PASSALON-1", "egizia.err.ring", steps=s["todo"][0]["steps"])
            clause = {"alyi": "EGZ-SPACE-ALYI-1", "n18": "EGZ-CARD-N18", "improve": "EGZ-CARD-N20",
                      "track": "EGZ-TRACK-STEP-2"}.get(w, KIND_CLAUSE[kind])
            return IllegalAction(clause, "egizia.err.illegal", action=action[:80])
        if kind == "D-09" and verb == "leftover":
            return IllegalAction("EGZ-CARD-N39", "egizia.err.no_card_here", idx=(toks[1] if len(toks) > 1 else "")[:10])
    except (KeyError, IndexError, ValueError, TypeError):  # garbage tokens: fall back to the generic refusal
        pass
    return IllegalAction(KIND_CLAUSE.get(kind, "EGZ-ROUND-3"), "egizia.err.illegal", action=action[:80])


def _ia(why: tuple[str, str, dict[str, Any]]) -> IllegalAction:
    clause, key, params = why
    return IllegalAction(clause, key, **params)


def apply_action(s0: State, seat: int, action: str) -> Outcome:
    if not isinstance(action, str) or not isinstance(seat, int):
        raise IllegalAction("EGZ-ROUND-3", "egizia.err.bad_action")
    ps = [p for p in prompts_of(s0) if p.seat == seat]
    if not ps:
        if s0["stage"]["at"] == "over":
            raise IllegalAction("EGZ-END-1", "egizia.err.game_over")
        raise IllegalAction("EGZ-ROUND-3", "egizia.err.not_your_turn", player=seat)
    prompt = ps[0]
    if prompt.find(action) is None:
        raise _why_illegal(s0, seat, prompt, action)
    s = clone(s0)
    ev: list[Event] = []
    _dispatch(s, seat, prompt, action, ev)
    _advance(s, ev)
    return Outcome(s, tuple(ev))


def _dispatch(s: State, seat: int, prompt: Prompt, action: str, ev: list, auto: bool = False) -> None:
    toks = action.split()
    kind = prompt.kind
    p = s["seats"][seat]
    is_n33 = kind == "D-08" and toks[0] == "play" and eff(toks[1])["kind"] == "extra_placement"
    if toks[0] in FREE_VERBS and not (kind == "D-06" and toks[0] == "improve") and not is_n33:
        do_free(s, seat, toks, ev)
        return
    if s["todo"] and kind in ("D-06", "D-07"):
        t = s["todo"].pop(0)
        w = t["what"]
        if w == "track":
            track_steps(s, seat, ABBR_T[toks[1]], t["steps"], ev, "card")
        elif w == "n18":
            for b in toks[1:]:
                builder_up(s, seat, ABBR_B[b], 1, ev, "card")
        elif w == "improve":
            if toks[0] == "improve":
                do_free(s, seat, toks, ev)
        elif w == "alyi":
            for b in toks[1:]:
                builder_up(s, seat, ABBR_B[b], t["amount"], ev, "space")
        elif w == "ring":
            if toks[1] != s["ring"]:
                s["ring"] = toks[1]
                ev.append(Event(msg("egizia.ev.ring", player=seat, pos=msg(f"egizia.ring.{toks[1]}"))))
        return
    st = s["stage"]
    if kind == "D-03":
        st["choice"][str(seat)] = int(toks[1]) - 1
    elif kind in ("D-04", "D-08") and toks[0] == "endturn":
        st["mode"] = None
        st["pos"] = (st["pos"] + 1) % len(st["order"])
        st["seat"] = None
    elif kind == "D-04" and toks[0] == "place":
        _place(s, seat, toks, ev)
        st["mode"] = "after"
    elif kind == "D-04" and toks[0] == "pass":
        p["passed"] = True
        ev.append(Event(msg("egizia.ev.pass", player=seat)))
        st["mode"] = None
        st["pos"] = (st["pos"] + 1) % len(st["order"])
        st["seat"] = None
    elif kind == "D-05":
        if toks[0] == "stop":
            st["mode"] = "after"
        else:
            _place(s, seat, toks, ev)
            st["mode"] = "after"
    elif kind == "D-08":
        if is_n33:
            c = has_card(p, "extra_placement")
            p["any"].remove(c)
            s["out"].append(c)
            ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
            st["mode"] = "n33"
    elif kind == "D-09":
        st["asked"].append(seat)
        st["seat"] = None
        if toks[1] != "no":
            i = int(toks[1])
            cid = s["river_card"][i]
            s["river_card"][i] = None
            if opt(s, "take_leftover_mode") == "every_round":
                c = held_of_kind(p, "take_leftover_card", "perm")[0]
                p["flags"][c] = True
            else:
                c = has_card(p, "take_leftover_card")
                p["any"].remove(c)
                s["out"].append(c)
            ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
            take_card(s, seat, cid, ev)
    elif kind == "D-10":
        if seat != st["order"][st["i"]]:
            st.setdefault("buffer", {})[str(seat)] = [int(toks[1]), int(toks[2])]
            ev.append(Event(msg("egizia.ev.feed_ready", player=seat)))
        else:
            do_feed(s, seat, int(toks[1]), int(toks[2]), ev)
            st["i"] += 1
            st["asked"] = False
    elif kind == "D-11":
        if toks[1] == "yes":
            st["first"] = seat
            ev.append(Event(msg("egizia.ev.build_first", player=seat, site=msg(f"egizia.site.{st['sid']}"))))
        st.update({"seat": None, "step": None})
    elif kind == "D-12":
        if toks[0] == "decline":
            decline(s, seat, st["sid"], ev, "chose")
            st.update({"seat": None, "step": None})
        else:
            st["step"] = "crew"
    elif kind in ("D-14", "D-16", "D-18") and toks == ["crew", "back"]:
        _crew_back(s, seat, ev)
    elif kind == "D-13":
        _set_crew(s, seat, toks, ev)
    elif kind == "D-14":
        _sphinx_draw(s, seat, int(toks[1]), ev)
    elif kind == "D-15":
        _sphinx_keep(s, seat, toks, ev)
    elif kind in ("D-16", "D-18"):
        if toks[0] == "finish":
            if kind == "D-16":
                st["step"] = "market"
            else:
                _end_turn(s, seat, ev)
        else:
            build_item(s, seat, toks, ev)
    elif kind == "D-17":
        track_steps(s, seat, ABBR_T[toks[1]], 1, ev, "obelisk")
        _end_turn(s, seat, ev)
    elif kind == "D-19":
        st["i"] += 1
    else:  # pragma: no cover
        raise ValueError(kind)


def _place(s: State, seat: int, toks: list[str], ev: list) -> None:
    p = s["seats"][seat]
    i = int(toks[1])
    flags = set(toks[2:])
    sp = D.SPACE[i]
    p["ships"] -= 1
    if "up" in flags:
        c = next(c for c in p["perm"] if eff(c)["kind"] == "upstream_placement")
        p["flags"][c] = True
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
        s["river_ships"][i].append(seat)
        ev.append(Event(msg("egizia.ev.place", player=seat, idx=i, where=space_msg(i))))
        if "occ" in flags:
            c = next(c for c in p["perm"] if eff(c)["kind"] == "occupied_round_space")
            p["flags"][c] = True
            ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
        mult = 1
        if "dbl" in flags:
            c = has_card(p, "double_round_space")
            p["any"].remove(c)
            s["out"].append(c)
            ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
            mult = 2
        apply_round_space(s, seat, sp["id"], mult, ev)
    else:
        site = s["sites"][sp["id"]]
        if "sub" in flags:
            site["subs"].append(seat)
            where = msg("egizia.pos.sub", site=space_msg(i))
        elif "extra" in flags:
            c = has_card(p, "extra_site_position")
            p["any"].remove(c)
            s["out"].append(c)
            ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
            site["extra"] = seat
            where = msg("egizia.pos.extra", site=space_msg(i))
        else:
            k = int(next(t for t in flags if t.startswith("s") and t[1:].isdigit())[1:]) - 1
            site["slots"][k] = seat
            where = msg("egizia.pos.slot", site=space_msg(i), slot=k + 1)
        ev.append(Event(msg("egizia.ev.place", player=seat, idx=i, where=where)))


def _set_crew(s: State, seat: int, toks: list[str], ev: list) -> None:
    st = s["stage"]
    p = s["seats"][seat]
    regs = [ABBR_B[t] for t in toks[1:] if t in ("bk", "bl", "ye")]
    S = sum(p["str"][b] for b in regs)
    cards = []
    if len(regs) == 2:
        cards.append(has_card(p, "second_builder"))
    if "jk" in toks:
        regs.append(D.JOKER)
        S += p["str"][D.JOKER]
    if "p3" in toks:
        c = has_card(p, "crew_strength_bonus")
        cards.append(c)
        S += eff(c)["amount"]
    sx = "sx" in toks
    if sx:
        c = has_card(p, "sphinx_extra_draw")
        cards.append(c)
        st["sx_card"] = c
    n_ok = sphinx_n_range(s, seat, S, sx) if st["sid"] == "sphinx" else None
    for b in regs:
        p["used"][b] = True
    for c in cards:
        p["any"].remove(c)
        s["out"].append(c)
        ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
    ev.append(Event(msg("egizia.ev.crew", player=seat, builders=[b_msg(b) for b in regs], strength=S)))
    st.update({"S": S, "total": 0, "built": 0, "spent": 0, "sx": sx, "crew": {"builders": regs, "cards": cards}})
    if st["sid"] == "sphinx":
        st["step"] = "sphinx_n"
        st["n_range"] = [n_ok.start, n_ok.stop] if n_ok is not None else None
    else:
        st["step"] = "items"


def _crew_back(s: State, seat: int, ev: list) -> None:
    """DECISIONS D-13: until the first item is built or the first card drawn the crew is not fixed; taking
    it back unflips its builders, returns its cards to the hand and reopens the D-12 menu (W3)."""
    st = s["stage"]
    p = s["seats"][seat]
    crew = st.get("crew") or {"builders": [], "cards": []}
    for b in crew["builders"]:
        p["used"][b] = False
    for c in crew["cards"]:
        s["out"].remove(c)
        p["any"].append(c)
    for k in ("S", "total", "built", "spent", "sx", "sx_card", "n_range", "crew"):
        st.pop(k, None)
    st["step"] = "menu"
    ev.append(Event(msg("egizia.ev.crew_back", player=seat)))


def _sphinx_draw(s: State, seat: int, n: int, ev: list) -> None:
    st = s["stage"]
    d = _draw_count(s, n, st["sx"])
    pay_stones(s, seat, n * D.SPHINX_DRAW["stones_per_paid_card"])
    st["spent"] = n * D.SPHINX_DRAW["stones_per_paid_card"]
    drawn = [s["sphinx_deck"].pop(0) for _ in range(d)]
    s["sphinx_drawn"] = drawn
    ev.append(Event(msg("egizia.ev.sphinx_draw", player=seat, paid=n, drawn=d)))
    ev.append(Event(msg("egizia.ev.sphinx_seen", player=seat, cards=[sphinx_msg(c) for c in drawn]), to=seat))
    st["step"] = "keep"


def _sphinx_keep(s: State, seat: int, toks: list[str], ev: list) -> None:
    p = s["seats"][seat]
    drawn = s["sphinx_drawn"]
    idx = [int(t) - 1 for t in toks[1:] if t.isdigit()]
    if "n35" in toks:
        c = has_card(p, "sphinx_keep_extra")
        p["any"].remove(c)
        s["out"].append(c)
        ev.append(Event(msg("egizia.ev.play", player=seat, card=card_msg(c))))
    kept = [drawn[j] for j in idx]
    back = [c for j, c in enumerate(drawn) if j not in idx]
    p["sphinx"].extend(kept)
    s["sphinx_deck"].extend(back)
    s["sphinx_drawn"] = []
    ev.append(Event(msg("egizia.ev.sphinx_kept", player=seat, kept=len(kept), returned=len(back))))
    if kept:
        ev.append(Event(msg("egizia.ev.sphinx_kept_private", player=seat, cards=[sphinx_msg(c) for c in kept]), to=seat))
    if back:
        add_score(s, seat, len(back) * D.SPHINX_DRAW["vp_per_returned_card"], ev, "sphinx_return")
    _end_turn(s, seat, ev)


def resume(state: State) -> Outcome:
    """Test/tool helper: run the automatic flow from a hand-built ``state`` (not mutated)
    until the next decision. Used by tests to start from a stacked position."""
    s = clone(state)
    ev: list[Event] = []
    _advance(s, ev)
    return Outcome(s, tuple(ev))
