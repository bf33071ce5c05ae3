"""The speed-ups of issue #11 ("Fast") keep the engine's contract: a copied state equals the pickle
clone and shares nothing with its original (apply never mutates its input)."""
from __future__ import annotations

import contextlib
import json
import random
import re

import pytest

from engines.alhambra import GAME
from engines.alhambra.common import copy_state
from engines.core import State, clone


def _containers(x, out: list) -> list:
    if isinstance(x, (dict, list)):
        out.append(x)
        for v in x.values() if isinstance(x, dict) else x:
            _containers(v, out)
    return out


def _states(players: int, seed: int, options: dict | None = None):
    rnd = random.Random(seed)
    state: State = GAME.new_game(players, options or {}, seed).state
    while True:
        yield state
        prompts = GAME.prompts(state)
        if not prompts:
            return
        p = rnd.choice(prompts)
        state = GAME.apply(state, p.seat, rnd.choice(p.options).action).state


@pytest.mark.parametrize(("players", "seed", "options"), [(2, 1, {}), (4, 2, {"start_player_tiebreak": "host_choice"}), (6, 3, {})])
def test_copy_state_equals_clone_and_shares_nothing_ALH_DOC_1(players, seed, options):
    """ALH-DOC-1 (a pure engine: a move changes only the new state): on every state of a playout (2 players: Dirk; the
    end: the end queue, the last scoring, the result) and on information states, ``copy_state`` gives
    what ``clone`` gives, with no list or dict shared with the original."""
    for i, state in enumerate(_states(players, seed, options)):
        samples = [state] if i % 5 else [state, GAME.information_state(state, i % players), GAME.information_state(state, None)]
        for s in samples:
            c = copy_state(s)
            assert c == clone(s)
            assert {id(x) for x in _containers(c, [])}.isdisjoint(id(x) for x in _containers(s, []))


def _check_legal_by_flood(grid):
    """The brute-force ALH-ALG-1 check the engine used before (holes by a flood fill from outside)."""
    from engines.alhambra.geometry import DIRS, ORIGIN

    if ORIGIN not in grid:
        return "ALH-SETUP-3"
    for (x, y), m in grid.items():
        for dx, dy, mine, theirs in DIRS:
            nm = grid.get((x + dx, y + dy))
            if nm is not None and bool(m & mine) != bool(nm & theirs):
                return "ALH-PLACE-2"
    seen = {ORIGIN}
    todo = [ORIGIN]
    while todo:
        x, y = todo.pop()
        for dx, dy, mine, _ in DIRS:
            c = (x + dx, y + dy)
            if c in grid and c not in seen and not (grid[(x, y)] & mine):
                seen.add(c)
                todo.append(c)
    if len(seen) != len(grid):
        return "ALH-PLACE-3"
    xs, ys = [c[0] for c in grid], [c[1] for c in grid]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    out = {(x0, y0)}
    todo = [(x0, y0)]
    while todo:
        x, y = todo.pop()
        for dx, dy, _, _ in DIRS:
            c = (x + dx, y + dy)
            if x0 <= c[0] <= x1 and y0 <= c[1] <= y1 and c not in grid and c not in out:
                out.add(c)
                todo.append(c)
    return "ALH-PLACE-4" if len(out) != (x1 - x0 + 1) * (y1 - y0 + 1) - len(grid) else None


def test_check_legal_finds_what_the_flood_fill_finds_ALH_ALG_1():
    """ALH-ALG-1, ALH-PLACE-2/3/4, ALH-SETUP-3: the fast legality check (holes by the Euler
    characteristic) gives the brute-force verdict on random shapes, open ones (holes, pieces) and walled
    ones (mismatched edges, cut-off tiles)."""
    from engines.alhambra.geometry import check_legal

    rnd = random.Random(7)
    verdicts = set()
    for _ in range(4000):
        cells = {(0, 0)}
        for _ in range(rnd.randrange(0, 24)):
            x, y = rnd.choice(sorted(cells))
            cells.add((x + rnd.choice((-1, 0, 1)), y + rnd.choice((-1, 0, 1))))
        if rnd.random() < 0.1:
            cells.discard((0, 0))
        walled = rnd.random() < 0.3
        grid = {c: (rnd.randrange(16) if walled and rnd.random() < 0.3 else 0) for c in cells}
        verdict = check_legal(grid)
        assert verdict == _check_legal_by_flood(grid), grid
        verdicts.add(verdict)
    assert verdicts == {None, "ALH-SETUP-3", "ALH-PLACE-2", "ALH-PLACE-3", "ALH-PLACE-4"}


def _offered_by_levels(values, price):
    """The offer as the engine computed it before: level by level of the total paid (DECISIONS C-06)."""
    from engines.alhambra.payments import PAYMENT_OFFER_LIMIT, _counter, _multisets

    if not values or sum(values) < price:
        return ()
    counter = _counter(values)
    out = []
    for total in range(price, price + max(values)):
        level = [p for p in _multisets(counter, total, total) if total - p[-1] < price]
        out += [(p, total == price) for p in sorted(level, key=lambda p: (len(p), tuple(-v for v in p)))]
        if len(out) >= PAYMENT_OFFER_LIMIT:
            break
    return tuple(out[:PAYMENT_OFFER_LIMIT])


def test_offered_payments_match_the_level_by_level_offer_ALH_BUY_3():
    """ALH-BUY-3, ALH-BUY-6, DECISIONS C-06: the short list of payments (exact first, then minimal
    over-payments by overpayment, fewer cards, larger cards) is the one the level-by-level search gave."""
    from engines.alhambra.payments import offered_payments

    rnd = random.Random(1)
    for _ in range(5000):
        values = tuple(sorted((rnd.randint(1, 9) for _ in range(rnd.randint(0, 12))), reverse=True))
        price = rnd.randint(2, 14)
        assert offered_payments.__wrapped__(values, price) == _offered_by_levels(values, price), (values, price)


def test_removable_cells_are_those_whose_removal_keeps_every_tile_reachable_ALH_REDESIGN_2():
    """ALH-REDESIGN-2(b), ALH-ALG-3: on the grids of seeded playouts, a cell is removable exactly when it
    is not the fountain, has an empty side, and every other tile can still walk to the fountain."""
    from engines.alhambra.common import grid_masks
    from engines.alhambra.geometry import DIRS, ORIGIN, removable_cells

    def reachable(grid):
        seen, todo = {ORIGIN}, [ORIGIN]
        while todo:
            x, y = todo.pop()
            for dx, dy, mine, theirs in DIRS:
                c = (x + dx, y + dy)
                if c in grid and c not in seen and not grid[(x, y)] & mine and not grid[c] & theirs:
                    seen.add(c)
                    todo.append(c)
        return seen

    grids = {}
    for state in _states(3, 9):
        for p in state["players"]:
            grids[tuple(p["grid"].items())] = p["grid"]
    for labels in grids.values():
        grid = grid_masks(labels)
        expected = sorted(
            c for c in grid
            if c != ORIGIN and not all((c[0] + dx, c[1] + dy) in grid for dx, dy, _, _ in DIRS)
            and len(reachable({k: v for k, v in grid.items() if k != c})) == len(grid) - 1
        )
        assert removable_cells(grid) == expected


def test_projected_scores_are_the_final_scoring_held_now_ALH_END_7():
    """ALH-END-7, ALH-SCORE-2 … 9, ALH-SCORE-3 (the reserve never scores), ALH-2P-7 (Dirk ranks):
    ``projected_scores`` is what the engine's own final scoring would give if it were held now, and at
    the end it is the result's scores."""
    from engines.alhambra import flow

    for players, seed in ((2, 4), (4, 6)):
        state = None
        for i, state in enumerate(_states(players, seed)):
            if i % 7 or state["phase"] == "over":
                continue
            before = clone(state)
            projected = GAME.projected_scores(state)
            assert state == before  # reads the state only
            ended = copy_state(state)
            ended["end_queue"] = []
            flow.advance_end(ended, [])  # the final scoring, right now
            assert projected == tuple(float(v) for v in ended["result"]["scores"])
        assert state is not None and GAME.is_over(state)
        assert GAME.projected_scores(state) == tuple(float(v) for v in GAME.result(state).scores)


def test_layout_in_one_pass_is_the_geometry_functions_ALH_ALG_2_3_4():
    """ALH-ALG-2 (placement cells, ring test), ALH-ALG-3 (removable cells), ALH-ALG-4 (swap constraints),
    ALH-REDESIGN-2: the one-pass :func:`~engines.alhambra.common.layout` (cells as ints) gives what
    ``candidate_cells``, ``swap_constraints`` and ``removable_cells`` give, on every grid of seeded
    playouts."""
    from engines.alhambra.common import gkey, grid_masks, layout
    from engines.alhambra.geometry import candidate_cells, cell_label, removable_cells, swap_constraints

    grids = {}
    for players, seed in ((3, 9), (4, 12), (2, 5)):
        for state in _states(players, seed):
            for p in state["players"]:
                grids[gkey(p["grid"])] = p["grid"]
    assert len(grids) > 300
    for key, labels in grids.items():
        grid = grid_masks(labels)
        lay = layout(key)
        assert lay.cands == tuple((cell_label(c), o, r) for c, o, r in candidate_cells(grid))
        assert lay.swaps == tuple((cell_label(c), o, r) for c, o, r in swap_constraints(grid))
        assert lay.removable == tuple(cell_label(c) for c in removable_cells(grid))


def test_the_self_check_near_the_changed_cell_is_the_whole_grid_check_ALH_PLACE_7():
    """ALH-PLACE-7, ALH-ALG-1 (ALH-PLACE-2/3/4, ALH-SETUP-3): on legal grids of seeded playouts, any tile
    put on any empty cell next to the Alhambra, swapped in for any tile but the fountain, or any tile
    taken away (the fountain too) gets from ``changed_illegal`` the verdict ``check_legal`` gives on the
    whole grid."""
    from engines.alhambra import data as D
    from engines.alhambra.common import changed_illegal, grid_masks
    from engines.alhambra.geometry import DIRS, cell_label, check_legal, parse_cell

    grids = {}
    for players, seed in ((3, 9), (2, 5)):
        for state in _states(players, seed):
            for p in state["players"]:
                grids[tuple(p["grid"].items())] = p["grid"]
    rnd = random.Random(3)
    tiles = list(D.TILE_IDS)
    verdicts = set()
    for labels in grids.values():
        assert check_legal(grid_masks(labels)) is None
        empties = sorted({cell_label((x + dx, y + dy)) for x, y in map(parse_cell, labels) for dx, dy, _, _ in DIRS} - set(labels))
        for lab in empties:
            for tile in rnd.sample(tiles, 6):
                g = {**labels, lab: tile}
                verdict = changed_illegal(g, lab, "add")
                assert verdict == check_legal(grid_masks(g)), (labels, lab, tile)
                verdicts.add(verdict)
        for lab in labels:
            if lab == "0,0":
                continue
            for tile in rnd.sample(tiles, 6):
                g = {**labels, lab: tile}
                verdict = changed_illegal(g, lab, "swap")
                assert verdict == check_legal(grid_masks(g)), (labels, lab, tile)
        for lab in labels:
            g = {k: v for k, v in labels.items() if k != lab}
            verdict = changed_illegal(g, lab, "remove")
            assert verdict == check_legal(grid_masks(g)), (labels, lab)
            verdicts.add(verdict)
    assert verdicts == {None, "ALH-SETUP-3", "ALH-PLACE-2", "ALH-PLACE-3", "ALH-PLACE-4"}


def test_the_self_check_after_a_removal_finds_holes_ALH_PLACE_4():
    """ALH-PLACE-7, ALH-PLACE-3/4 (ALH-REDESIGN-2(b)): on random legal shapes of open tiles (and some
    walled ones), taking any one tile away gets from ``changed_illegal`` the whole-grid verdict, holes
    included (a tile taken from the middle of a block leaves a hole)."""
    from engines.alhambra import data as D
    from engines.alhambra.common import changed_illegal, grid_masks
    from engines.alhambra.geometry import cell_label, check_legal

    open_tiles = [t for t, m in D.MASK.items() if m == 0 and t not in D.FOUNTAINS]
    walled = [t for t, m in D.MASK.items() if m and t not in D.FOUNTAINS]
    rnd = random.Random(11)
    verdicts = set()
    block = {cell_label((x, y)): open_tiles[0] for x in range(3) for y in range(3)} | {"0,0": D.FOUNTAINS[0]}
    assert changed_illegal({k: v for k, v in block.items() if k != "1,1"}, "1,1", "remove") == "ALH-PLACE-4"
    for _ in range(3000):
        cells = {(0, 0)}
        for _ in range(rnd.randrange(1, 16)):
            x, y = rnd.choice(sorted(cells))
            cells.add((x + rnd.choice((-1, 0, 1)), y + rnd.choice((-1, 0, 1))))
        labels = {cell_label(c): rnd.choice(walled if rnd.random() < 0.15 else open_tiles) for c in cells}
        labels["0,0"] = D.FOUNTAINS[0]
        if check_legal(grid_masks(labels)) is not None:
            continue
        lab = rnd.choice(sorted(labels))
        g = {k: v for k, v in labels.items() if k != lab}
        verdict = changed_illegal(g, lab, "remove")
        assert verdict == check_legal(grid_masks(g)), (labels, lab)
        verdicts.add(verdict)
    assert verdicts == {None, "ALH-SETUP-3", "ALH-PLACE-3", "ALH-PLACE-4"}


def test_self_checks_run_in_the_tests_and_catch_a_broken_alhambra_ALH_PLACE_7():
    """ALH-PLACE-7: the self-checks that play leaves off (``flow.SELF_CHECKS``) are on in this folder's tests
    (conftest.py) and stop a move whose change breaks the Alhambra (a tile no path reaches, ALH-PLACE-3);
    turned off, the same move is carried out unchecked."""
    from engines.alhambra import flow
    from engines.alhambra.game import Answer

    assert flow.SELF_CHECKS
    state = next(s for s in _states(3, 4) if s["phase"] == "action" and s["players"][s["active"]]["reserve"])
    seat = state["active"]
    tile = state["players"][seat]["reserve"][0]
    title = GAME.prompts(state)[0].title
    answer = Answer(seat, "C-03", (), title, move=("add", (tile, "9,9")))  # far from every tile: no path reaches it
    with pytest.raises(AssertionError, match=re.escape("ALH-PLACE-7 broken (ALH-PLACE-3)")):
        GAME.dispatch(copy_state(state), seat, answer, "", [])
    flow.SELF_CHECKS = False
    GAME.dispatch(copy_state(state), seat, answer, "", [])


def test_a_layout_derived_near_the_changed_cell_is_the_layout_made_anew_ALH_ALG_2_3_4():
    """ALH-ALG-2/3/4, ALH-REDESIGN-2, ALH-PLACE-6: the layout of a grid the engine made by changing one cell (a
    placement or redesign addition on a legal cell, a removal of a removable tile, a swap that fits), derived
    from the layout before near that cell, is the one made cell by cell, and so is every part it is made of (also
    when made with the layout before: a swap's shares its swaps and removable cells)."""
    from engines.alhambra import data as D
    from engines.alhambra.common import _derived, _layout_of, _parts, gkey

    rnd = random.Random(5)
    tiles = [t for t in D.TILE_IDS if t not in D.FOUNTAINS]
    grids = {}
    for players, seed in ((3, 9), (2, 5)):
        for state in _states(players, seed):
            for p in state["players"]:
                grids[gkey(p["grid"])] = p["grid"]
    kinds = set()
    for key, labels in grids.items():
        parent = _parts(key)
        lay = _layout_of(parent)
        changes = [(lab, t) for lab, occ, req in lay.cands for t in rnd.sample(tiles, 8) if D.MASK[t] & occ == req]
        changes += [(lab, None) for lab in lay.removable]
        changes += [(lab, t) for lab, occ, req in lay.swaps for t in rnd.sample(tiles, 4) if D.MASK[t] & occ == req]
        for lab, tile in rnd.sample(changes, min(6, len(changes))):
            grid = dict(labels)
            if tile is None:
                del grid[lab]
            else:
                grid[lab] = tile
            kinds.add("remove" if tile is None else "swap" if lab in labels else "add")
            made = _parts(gkey(grid))
            derived = _derived(parent, lab, tile)
            assert derived == made, (labels, lab, tile)
            assert _layout_of(derived) == _layout_of(derived, (lay, parent)) == _layout_of(made)
    assert kinds == {"add", "remove", "swap"}


def test_the_cell_words_of_a_layout_are_read_off_the_grid_ALH_ALG_2_3_4():
    """ALH-ALG-2 (the ring of 8 cells), ALH-PLACE-2 (facing walls): the words a layout keeps per cell (made cell by
    cell, and derived near a changed cell in the test above), on every grid of seeded playouts, are what the grid
    shows around each cell: which of its 8 neighbours are occupied (ring order NW, N, NE, E, SE, S, SW, W) and
    which side neighbours have a wall facing it; kept for exactly the cells with an occupied neighbour."""
    from engines.alhambra import data as D
    from engines.alhambra.common import _CODES, _parts, gkey
    from engines.alhambra.geometry import DIRS, RING, cell_label, parse_cell

    grids = {}
    for players, seed in ((3, 9), (4, 12)):
        for state in _states(players, seed):
            for p in state["players"]:
                grids[gkey(p["grid"])] = p["grid"]
    assert len(grids) > 300
    for key, labels in grids.items():
        cells = {parse_cell(lab): D.MASK[t] for lab, t in labels.items()}
        near = {(x + dx, y + dy) for x, y in cells for dx, dy in RING}
        words = {}
        for x, y in near:
            word = sum(1 << i for i, (dx, dy) in enumerate(RING) if (x + dx, y + dy) in cells)
            for dx, dy, mine, theirs in DIRS:
                m = cells.get((x + dx, y + dy))
                if m is not None and m & theirs:
                    word |= mine << 8
            words[_CODES[cell_label((x, y))]] = word
        assert _parts(key).w == words, labels


def _marks_by_reading(before, seat, action):
    """The last move's marks as the engine read them before they were memoised per action (issue #20)."""
    from engines.alhambra import data as D

    words = action.split()
    verb = words[0] if words else ""
    marks = {"seat": seat, "turn": before["turn"], "spaces": [], "tiles": [], "cells": [], "cards": []}
    if verb == "buy" and len(words) > 1 and words[1].isdigit() and int(words[1]) in D.SPACES:
        marks["spaces"].append(int(words[1]))
        tile = before["market"][D.SPACES.index(int(words[1]))]
        if tile:
            marks["tiles"].append(tile)
    elif verb == "take" and len(words) > 1:
        marks["cards"] = [c for c in words[1].split("+") if c[:1] in D.CURRENCY_OF_LETTER and c[1:].isdigit()]
    elif verb in ("place", "reserve", "dirk", "redesign"):
        for w in words[1:]:
            if w in D.MASK:
                marks["tiles"].append(w)
            else:
                x, _, y = w.partition(",")
                with contextlib.suppress(ValueError):
                    marks["cells"].append([int(x), int(y)])
    return marks


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (5, 8)])
def test_move_marks_read_once_per_action_are_the_marks_read_anew(players, seed):
    """The public marks of every move of a playout (and of some actions no prompt offers), read once per
    action string and memoised, are the ones read from the action each time, with lists of their own."""
    from engines.alhambra.views import move_marks

    rnd = random.Random(seed)
    state = GAME.new_game(players, {}, seed).state
    while GAME.prompts(state):
        p = rnd.choice(GAME.prompts(state))
        action = rnd.choice(p.options).action
        after = GAME.apply(state, p.seat, action).state
        for a in (action, action, "redesign x 1,2", "buy 9 1", "take", "place AB 1,x", ""):
            got = move_marks(state, after, p.seat, a)
            assert got == _marks_by_reading(state, p.seat, a)
            assert list(got) == ["seat", "turn", "spaces", "tiles", "cells", "cards"]
            assert got["cells"] is not move_marks(state, after, p.seat, a)["cells"]
        state = after


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (4, 6), (6, 9)])
def test_the_marks_made_at_once_are_the_shared_merge_of_the_move_marks(players, seed):
    """The last move's marks ``apply`` stores (``marks_after``: made at once, the copy of the state not copying the
    marks before) are what ``engines.core.merge_marks`` makes of the marks before and the move's ``move_marks``
    (a turn of several actions marked as a whole), key order included, its lists new (their cells may be the
    ones before, as merge_marks' are); also for the marks of an action no prompt offers, and after marks of another shape."""
    from engines.alhambra.views import marks_after, move_marks
    from engines.core import merge_marks

    rnd = random.Random(seed)
    state = GAME.new_game(players, {}, seed).state
    merged = 0
    while GAME.prompts(state):
        p = rnd.choice(GAME.prompts(state))
        action = rnd.choice(p.options).action
        after = GAME.apply(state, p.seat, action).state
        for a in (action, "redesign x 1,2", "buy 9 1", "place AB 1,x"):
            want = merge_marks(state["last_move"], move_marks(state, after, p.seat, a))
            got = marks_after(state, p.seat, a)
            assert got == want and list(got) == list(want)
            assert not {id(v) for v in got.values() if isinstance(v, list)} & set(map(id, _containers(state, [])))
        assert after["last_move"] == merge_marks(state["last_move"], move_marks(state, after, p.seat, action))
        if state["last_move"] and state["last_move"]["seat"] == p.seat and state["last_move"]["turn"] == state["turn"]:
            merged += 1
            odd = {**state, "last_move": {"turn": state["turn"], "seat": p.seat, "spaces": [], "note": 1}}
            assert marks_after(odd, p.seat, action) == merge_marks(odd["last_move"], move_marks(odd, after, p.seat, action))
        state = after
    assert merged > 10


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 11, {}), (3, 12, {"start_player_tiebreak": "host_choice"}), (4, 13, {"exact_payment_extra_action": "mandatory"}),
    (5, 14, {"wall_ring_scoring": "bga"}), (6, 15, {"two_player_money_copies": 3, "open_hands": True}),
])
def test_apply_changes_no_state_before_it_ALH_DOC_1(players, seed, options):
    """ALH-DOC-1 (a pure engine): ``apply`` copies on write (``common.apply_copy``): the state it returns shares
    what the move left unchanged with the state before, so no change of a later move may reach an earlier state.
    A seeded playout (2 players: Dirk; scoring rounds, the end's distribution and placements) applies several
    offered actions to every third state, and every state of the playout is still as it was made at the end."""
    rnd = random.Random(seed)
    state: State = GAME.new_game(players, options, seed).state
    made: list[tuple[State, str]] = []
    while True:
        made.append((state, json.dumps(state, sort_keys=True)))
        prompts = GAME.prompts(state)
        if not prompts:
            break
        if len(made) % 3 == 0:
            for p in prompts:
                for o in rnd.sample(p.options, min(4, len(p.options))):
                    out = GAME.apply(state, p.seat, o.action).state
                    made.append((out, json.dumps(out, sort_keys=True)))
        p = rnd.choice(prompts)
        state = GAME.apply(state, p.seat, rnd.choice(p.options).action).state
    assert state["phase"] == "over"
    for s, text in made:
        assert json.dumps(s, sort_keys=True) == text


def test_two_takes_without_making_them_ALH_MONEY_1():
    """ALH-MONEY-1 (one card, or 2+ cards totalling at most 5; identical cards are one choice): ``has_two_takes``
    says what the number of :func:`take_offer`'s takes says, on every display of up to 4 cards drawn from a few
    currencies and values (repeats included)."""
    from itertools import product

    from engines.alhambra.moves import has_two_takes, take_offer

    cards = ["y1", "y2", "g2", "y3", "b5", "o9"]
    seen = set()
    for n in range(5):
        for display in product(cards, repeat=n):
            expected = len(take_offer(display).entries) >= 2
            assert has_two_takes({"display": list(display)}) == expected, display
            seen.add(expected)
    assert seen == {True, False}


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (4, 22), (6, 23)])
def test_marks_read_from_the_move_are_the_marks_read_from_the_action(players, seed):
    """``apply`` reads a move's marks from its checked move (``views.read_move``): for every offered action of
    every state of a playout (2 players: gifts to Dirk; the end's placements) that is what is read from the
    action string (``views._read_marks``)."""
    from engines.alhambra.views import _read_marks, read_move

    rnd = random.Random(seed)
    state = GAME.new_game(players, {"start_player_tiebreak": "host_choice"}, seed).state
    kinds = set()
    while True:
        prompts = GAME.prompts(state)
        if not prompts:
            break
        for p in prompts:
            for o in p.options:
                move = GAME.check(state, p.seat, o.action).move
                kinds.add(move[0])
                assert read_move(state, move) == _read_marks(o.action), o.action
        p = rnd.choice(prompts)
        state = GAME.apply(state, p.seat, rnd.choice(p.options).action).state
    assert {"take", "buy", "add", "remove", "swap", "place", "reserve", "reserve_all", "end"} <= kinds
    assert players > 2 or "dirk" in kinds


def test_hand_values_by_card_table_are_the_space_values_ALH_BUY_2():
    """ALH-BUY-2 (a payment is made of the space's currency): ``hand_values`` (one card table, per market index)
    gives each space's ``space_values`` on every hand of seeded playouts, also with hidden cards (an
    information state's ``"?"``) and a value beyond the deck's."""
    from engines.alhambra import data as D
    from engines.alhambra.common import hand_values
    from engines.alhambra.payments import space_values

    seen = 0
    for players, seed in ((4, 2), (2, 5)):
        for state in _states(players, seed):
            for p in state["players"]:
                for hand in (p["hand"], p["hand"] + ["?", "?"], p["hand"] + ["b12"]):
                    s = {"players": [{"hand": hand}]}
                    assert hand_values(tuple(hand)) == tuple(space_values(s, 0, space) for space in D.SPACES)
                    seen += 1
    assert seen > 1000
