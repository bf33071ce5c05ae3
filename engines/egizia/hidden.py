"""Egizia's hidden information: information states and determinisation (pure functions).

What a seat cannot see (RULES.md §14a, EGZ-INFO-2/3, EGZ-SPHINX-GEN-1):

* the Sphinx cards the other players hold (only how many is public; all are revealed at final
  scoring, EGZ-END-4);
* the cards another player is looking at during a Sphinx draw (``sphinx_drawn``, EGZ-BUILD-SPHINX-2)
  and during the setup draw of option ``draw2_keep1`` (``stage.drawn``), and which of them another
  player chose to keep (``stage.choice``);
* the order of the Sphinx deck and of each Nile deck;
* the face-down tomb tiles and the 8 tiles left in the box (EGZ-SETUP-9);
* another player's feeding answer given early in parallel and not applied yet (D-10, ``stage.buffer``:
  the answer stays private until its turn in score order);
* the RNG state.

:func:`information_state` turns each hidden card or tile into the placeholder ``"?"`` in place
(sizes stay; a hidden keep choice or buffered feeding answer becomes ``None``) and pools the hidden
items, sorted, under ``"hidden"``: ``sphinx`` (every Sphinx card ``seat`` cannot locate), ``nile``
(per deck) and ``tombs``. ``seat=None`` is a spectator.

The information state depends on the current state only: a player who returned Sphinx cards under
the deck remembers them; here they are pooled with the unknown cards (coarser than the rules
allow, never finer).
"""
from __future__ import annotations

from engines.core import Rng, State

from . import data as D
from .board import copy_state, tomb_next
from .feeding import feed_options

HIDDEN = "?"


def face_down_tombs(s: State) -> int:
    """How many tomb tiles lie face down on the board (a move that lowers it has shown one)."""
    return len(_face_down(s))


def _face_down(s: State) -> list[int]:
    """Tomb spaces whose tile nobody has seen (EGZ-SETUP-9, EGZ-BUILD-TOMB-2)."""
    nxt = tomb_next(s)
    return [
        j
        for j, t in enumerate(s["tomb_spaces"])
        if t["owner"] is None and (nxt is None or j >= nxt + D.TOMB_FACE_UP)
    ]


def _drawer(s: State) -> int | None:
    """The seat looking at ``sphinx_drawn`` (the builder at the Sphinx site)."""
    st = s["stage"]
    return st.get("seat") if st.get("at") == "build" else None


def information_state(state: State, seat: int | None) -> State:
    """The state as ``seat`` knows it (``None``: a spectator). Two states that differ only in what
    ``seat`` cannot see give equal information states."""
    n = len(state["seats"])
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"no seat {seat} in a {n}-player game")
    s = copy_state(state)
    s["rng"] = 0
    revealed = bool(s.get("result"))  # final scoring shows every Sphinx card
    sphinx: list[str] = []
    for owner, p in enumerate(s["seats"]):
        if owner != seat and not revealed:
            sphinx += p["sphinx"]
            p["sphinx"] = [HIDDEN] * len(p["sphinx"])
    if s["sphinx_drawn"] and _drawer(s) != seat:
        sphinx += s["sphinx_drawn"]
        s["sphinx_drawn"] = [HIDDEN] * len(s["sphinx_drawn"])
    st = s["stage"]
    if st.get("at") == "setup_keep":
        for key, pair in st["drawn"].items():
            if key != str(seat):
                sphinx += pair
                st["drawn"][key] = [HIDDEN] * len(pair)
        st["choice"] = {k: (v if k == str(seat) else None) for k, v in st["choice"].items()}
    if st.get("at") == "feed" and st.get("buffer"):
        st["buffer"] = {k: (v if k == str(seat) else None) for k, v in st["buffer"].items()}
    sphinx += s["sphinx_deck"]
    s["sphinx_deck"] = [HIDDEN] * len(s["sphinx_deck"])
    nile = {}
    for deck, cards in s["decks"].items():
        nile[deck] = sorted(cards)
        s["decks"][deck] = [HIDDEN] * len(cards)
    tombs: list[str] = []
    for j in _face_down(s):
        tombs.append(s["tomb_spaces"][j]["tile"])
        s["tomb_spaces"][j]["tile"] = HIDDEN
    tombs += s["tombs_box"]
    s["tombs_box"] = [HIDDEN] * len(s["tombs_box"])
    s["hidden"] = {"seat": seat, "sphinx": sorted(sphinx), "nile": nile, "tombs": sorted(tombs)}
    return s


def determinize(info: State, seat: int | None, rng: Rng) -> State:
    """A complete, valid state consistent with ``info`` (an information state of ``seat``): hidden
    cards and tiles dealt at random from ``rng``, hidden choices drawn among the legal ones, and a
    fresh RNG state."""
    hidden = info.get("hidden")
    if not isinstance(hidden, dict) or hidden.get("seat", -1) != seat:
        raise ValueError(f"not an information state of seat {seat!r}")
    s = copy_state(info)
    del s["hidden"]
    _deal_sphinx(s, list(hidden["sphinx"]), rng)
    _deal_nile(s, hidden["nile"], rng)
    _deal_tombs(s, list(hidden["tombs"]), rng)
    _hidden_feed_answers(s, rng)
    s["rng"] = rng.next64()
    return s


def _deal_sphinx(s: State, pool: list[str], rng: Rng) -> None:
    """The pooled Sphinx cards, shuffled, to the hidden hands, the draw being decided, the setup draws
    (with a random keep choice where it is hidden), and the rest to the deck."""
    rng.shuffle(pool)

    def deal(cards: list[str]) -> list[str]:
        nonlocal pool
        if not cards or cards[0] != HIDDEN:
            return cards
        if len(pool) < len(cards):
            raise ValueError("information state is inconsistent: too few Sphinx cards in the pool")
        out, pool = pool[: len(cards)], pool[len(cards) :]
        return out

    for p in s["seats"]:
        p["sphinx"] = deal(p["sphinx"])
    s["sphinx_drawn"] = deal(s["sphinx_drawn"])
    st = s["stage"]
    if st.get("at") == "setup_keep":
        for key in sorted(st["drawn"]):
            st["drawn"][key] = deal(st["drawn"][key])
        for key, v in st["choice"].items():
            if v is None:
                st["choice"][key] = rng.below(len(st["drawn"][key]))
    if len(pool) != len(s["sphinx_deck"]):
        raise ValueError("information state is inconsistent: the Sphinx pool does not fill the deck")
    s["sphinx_deck"] = pool


def _deal_nile(s: State, nile: dict[str, list[str]], rng: Rng) -> None:
    for deck, cards in nile.items():
        order = list(cards)
        if len(order) != len(s["decks"][deck]):
            raise ValueError(f"information state is inconsistent: Nile deck {deck}")
        rng.shuffle(order)
        s["decks"][deck] = order


def _deal_tombs(s: State, tiles: list[str], rng: Rng) -> None:
    rng.shuffle(tiles)
    for t in s["tomb_spaces"]:
        if t["tile"] == HIDDEN:
            t["tile"] = tiles.pop()
    if len(tiles) != len(s["tombs_box"]):
        raise ValueError("information state is inconsistent: the tomb tiles do not fill the spaces and the box")
    s["tombs_box"] = tiles


def _hidden_feed_answers(s: State, rng: Rng) -> None:
    """A hidden early answer: any legal one (nothing changes a waiting seat's feeding choice, D-10)."""
    st = s["stage"]
    if st.get("at") != "feed":
        return
    for key in sorted(st.get("buffer", {})):
        if st["buffer"][key] is None:
            options = feed_options(s, int(key))
            toks = options[rng.below(len(options))].action.split()
            st["buffer"][key] = [int(toks[1]), int(toks[2])]
