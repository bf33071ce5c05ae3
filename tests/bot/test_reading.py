"""Issue 23 item 2: a move typed as the console's list shows it is the move; a well-formed move that the
rules refuse right now gets the rule's reason, not "Unknown command"."""

from functools import partial

import pytest

from bot.console import interpret, known_words
from bot.reading import typed_words
from engines.core import Msg, Option
from tests.bot.consolekit import run_play as consolekit_run_play


def opts(*actions: str) -> list[Option]:
    return [Option(a, Msg("console.raw", {"text": a})) for a in actions]


run_play = partial(consolekit_run_play, seed=3)  # seed 3: the money display of the examples below


async def test_money_typed_as_the_list_shows_it_is_taken(tmp_path):
    """ALH-MONEY-1: seed 3 opens with the display b3, y9, g2, b7; the list shows "Take green 2"."""
    snap, text = await run_play(tmp_path, ["Take green 2", "quit"])
    assert snap.row.version == 1 and "took green 2" in text
    assert "Not allowed" not in text and "Unknown command" not in text


@pytest.mark.parametrize("typed", ["take b3, g2", "take g2, b3", "Take blue 3, green 2", "take blue 3 green 2",
                                   "take b3 g2"])
async def test_several_cards_totalling_at_most_5_typed_with_commas_or_words(tmp_path, typed):
    snap, text = await run_play(tmp_path, [typed, "quit"])
    assert snap.row.version == 1, text
    assert "took blue 3, green 2" in text or "took green 2, blue 3" in text


async def test_a_card_not_on_display_gets_the_rules_reason(tmp_path):
    _, text = await run_play(tmp_path, ["take green 3", "quit"])
    assert "Not allowed (ALH-MONEY-1): Those cards are not all in the money display: take g3" in text


async def test_a_well_formed_move_illegal_now_gets_the_rules_reason(tmp_path):
    """ALH-PLACE-10: placing belongs to the placement step, so ``place`` in the action phase is a rules
    refusal naming the clause, not an unknown command."""
    _, text = await run_play(tmp_path, ["place CHA-09a 5,5", "quit"])
    assert "Not allowed (ALH-PLACE-10)" in text and "Unknown command" not in text


def test_money_words_in_the_consoles_language():
    assert typed_words("alhambra", "take zelená 3, modrá 2", "cs") == "take g3+b2"
    assert typed_words("alhambra", "take zelená 3", "cs") == "take g3"
    assert typed_words("alhambra", "take y2+g3", "en") == "take y2+g3"
    assert typed_words("alhambra", "buy 1 9", "en") == "buy 1 9"
    assert typed_words("alhambra", "take purple 3", "en") == "take purple 3"  # left for the rules to refuse


@pytest.mark.parametrize("typed", ["place CHA-09a 5,5", "place cha-09a 5,5", "PLACE Cha-09A 5,5"])
def test_tile_ids_keep_their_suffix_case(typed):
    """Half of Alhambra's tile ids end in a lower-case a/b/c: ``CHA-09a`` is never written ``cha-09a``
    or ``CHA-09A``, whether the id is among the listed moves or only on the board."""
    listed = opts("place CHA-09a 1,0", "place SER-06 0,1", "reserve CHA-09a")
    assert interpret(typed, listed, []).action == "place CHA-09a 5,5"
    on_board = known_words({"market": ["CHA-09a", None, "SER-06"], "grid": {"0,0": "FOUNTAIN"}})
    assert interpret(typed, opts("take b3"), [], verbs=["place"], known=on_board).action == "place CHA-09a 5,5"


def test_a_label_typed_is_its_move():
    options = [Option("take g3", Msg("console.raw", {"text": "Take green 3"}))]
    labels = {"take green 3": "take g3"}
    assert interpret("Take  green 3", options, [], labels=labels).action == "take g3"
