"""Local play without Discord: the demo and the hot-seat console use the same service and storage."""
import io
import json
import subprocess
import sys

import pytest
from PIL import Image

from bot.cli import main
from bot.console import demo, interpret, normalise, play
from engines.core import Msg, Option
from tests.bot.consolekit import run_play


async def test_demo_writes_one_png_per_accepted_move_and_a_result(tmp_path):
    result = await demo("alhambra", 2, 3, tmp_path)
    pngs = sorted(tmp_path.glob("[0-9][0-9][0-9][0-9].png"))
    assert result["game"] == "alhambra" and result["moves"] == len(pngs) > 20
    assert set(result["scores"]) == {"P1", "P2"} and result["winner"]
    assert max(result["scores"].values()) == result["scores"][result["winner"][0]]
    with Image.open(pngs[-1]) as img:
        assert img.width >= 800


def test_demo_cli_prints_one_json_line(tmp_path, capsys):
    assert main(["demo", "alhambra", "--players", "3", "--seed", "2", "--out", str(tmp_path)]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    data = json.loads(line)
    assert data["game"] == "alhambra" and data["moves"] > 0 and data["winner"]


async def test_hot_seat_rejects_bad_input_plays_and_resumes(tmp_path):
    answers = iter(["help", "nonsense move", "take q99", "1", "hand", "quit"])
    out = io.StringIO()
    snap = await play("alhambra", ["ann", "ben"], tmp_path, read=lambda _: next(answers), write=out)
    text = out.getvalue()
    assert "Unknown command “nonsense move”" in text  # not a rules violation
    assert "Not allowed (ALH-" in text  # a move the rules refuse names its clause
    assert "⏱" not in text and "days left" not in text  # hot-seat has no turn clock (issue 23; was issue 10's)
    assert snap.row.version == 1
    assert (tmp_path / "0002.png").exists()  # the start board and the board after the move
    assert list(tmp_path.glob("hand-*.png"))

    answers = iter(["quit"])
    out = io.StringIO()
    snap = await play("alhambra", ["ann", "ben"], tmp_path, read=lambda _: next(answers), write=out)
    assert "Resumed" in out.getvalue() and snap.row.version == 1


def test_run_without_token_is_a_clear_message_not_a_traceback(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "bot.cli", "run"], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}, cwd=tmp_path.parent)
    assert proc.returncode == 2
    assert "DISCORD_TOKEN" in proc.stderr and "Traceback" not in proc.stderr


# --------------------------------------------------------------------------- reading what people type
def opts(*actions: str) -> list[Option]:
    return [Option(a, Msg("console.raw", {"text": a})) for a in actions]


EGZ = opts("place 1", "place 2", "place 10", "place 12", "place 20", "pass")
ALH = opts("take o2+g1", "take y3", "buy 1 9", "buy 1 7+5", "place SER-06 1,0", "place SER-06 0,1", "end")


def test_prefixes_match_whole_words():
    r = interpret("place 2", EGZ, [])
    assert r.kind == "action" and r.action == "place 2"  # not a list with place 20
    r = interpret("place 1", EGZ, [])
    assert r.kind == "action" and r.action == "place 1"
    r = interpret("place", EGZ, [])
    assert r.kind == "list" and [o.action for o in r.options] == ["place 1", "place 2", "place 10", "place 12", "place 20"]
    r = interpret("place SER-06", ALH, [])
    assert r.kind == "list" and [o.action for o in r.options] == ["place SER-06 1,0", "place SER-06 0,1"]


def test_numbers_pick_from_the_list_shown_last():
    sub = interpret("buy", ALH, []).options
    assert interpret("2", ALH, list(sub)).action == "buy 1 7+5"
    assert interpret("2", ALH, ALH).action == "take y3"
    assert interpret("9", ALH, list(sub)).kind == "bad_number"
    assert interpret("1", ALH, []).kind == "bad_number"  # nothing numbered is on screen


@pytest.mark.parametrize("typed", ["place ser-06 1,0", "Place SER-06 1, 0", "PLACE  ser-06  1 ,0", "place SER-06 1,0"])
def test_case_and_spacing_do_not_matter(typed):
    assert interpret(typed, ALH, []) .action == "place SER-06 1,0"


def test_plus_parts_in_any_order_name_the_same_move():
    assert interpret("take g1+o2", ALH, []).action == "take o2+g1"
    assert interpret("buy 1 5+7", ALH, []).action == "buy 1 7+5"
    assert normalise(" take  g1 + o2 ") == "take g1+o2"


def test_an_unlisted_move_goes_to_the_rules_in_the_engines_spelling():
    r = interpret("BUY 1 9+5", ALH, [])  # a payment not in the short list is still a move
    assert r.kind == "action" and r.action == "buy 1 9+5"
    r = interpret("place ser-06 5,5", ALH, [])
    assert r.kind == "action" and r.action == "place SER-06 5,5"


def test_a_typo_is_an_unknown_command_with_suggestions():
    r = interpret("plce SER-06 1,0", ALH, [])
    assert r.kind == "unknown" and r.suggestions[0] == "place SER-06 1,0"
    r = interpret("hnad", ALH, [])
    assert r.kind == "unknown" and "hand" in r.suggestions
    assert interpret("xyzzy", ALH, []).kind == "unknown"
    assert interpret("HAND", ALH, []).kind == "command"


# --------------------------------------------------------------------------- the hot-seat session


async def test_a_number_after_a_prefix_picks_from_the_sub_list(tmp_path):
    snap, text = await run_play(tmp_path, ["buy", "2", "quit"])
    assert snap.row.version == 1
    # the 2nd of the buy list (7+5), not the 2nd of the full list (take blue 4)
    assert "ben bought TOW-09c (tower, 9) from space 1, paying yellow 7, yellow 5" in text


async def test_board_keeps_its_number_and_a_resumed_game_continues_the_numbering(tmp_path):
    await run_play(tmp_path, ["take b3", "board", "quit"])
    assert sorted(p.name for p in tmp_path.glob("0*.png")) == ["0001.png", "0002.png"]
    _, text = await run_play(tmp_path, ["board", "quit"])
    assert "Resumed" in text
    assert sorted(p.name for p in tmp_path.glob("0*.png")) == ["0001.png", "0002.png", "0003.png"]


async def test_hand_is_readable_text(tmp_path):
    _, text = await run_play(tmp_path, ["hand", "quit"])
    assert "Private view of ben (seat 2):" in text
    assert "Money: " in text and "cards:" in text
    assert "currency=" not in text and "'seat'" not in text and "{" not in text
    _, text = await run_play(tmp_path / "lx", ["hand", "quit"], names=("dan", "eve"), title="luxor")
    assert "Hand, left to right (5 cards):" in text and "Scarabs: 0 scarabs" in text
    _, text = await run_play(tmp_path / "eg", ["hand", "quit"], names=("dan", "eve"), title="egizia", locale="cs")
    assert "Karty Sfingy (1): S" in text


async def test_a_saved_game_of_other_people_is_not_resumed_silently(tmp_path):
    await run_play(tmp_path, ["quit"], names=("ann", "ben", "cy"), title="luxor")
    snap, text = await run_play(tmp_path, [], names=("dan", "eve"), title="luxor")
    assert snap is None
    assert "A saved game of Luxor with 3 players (ann, ben, and cy)" in text and "--resume" in text
    snap, text = await run_play(tmp_path, ["quit"], names=("dan", "eve"), title="luxor", resume=True)
    assert snap.row.names == ["ann", "ben", "cy"] and "Resumed" in text
    snap, text = await run_play(tmp_path, ["n", "quit"], names=("dan", "eve"), title="luxor")
    assert snap.row.names == ["dan", "eve"]
    snap, text = await run_play(tmp_path, ["quit"], names=("dan", "eve"), title="luxor")
    assert snap.row.names == ["dan", "eve"] and "Resumed" in text  # the same people resume without a question


# --------------------------------------------------------------------------- Alhambra's payment list
async def test_the_console_shows_short_payment_lists_and_accepts_any_payment(tmp_path):
    """ALH-BUY-2: the offered payments are a short list (the engine's), and any legal payment can be typed."""
    _, text = await run_play(tmp_path, ["buy", "buy 1 9+7+5", "quit"])
    assert 0 < sum("[buy " in ln for ln in text.splitlines()) <= 2 * 6
    assert "[buy 1 9+7+5]" not in text  # 7+5 and 9 cover the price: 9+7+5 spends a card for nothing…
    assert "paying yellow 9, yellow 7, yellow 5" in text  # …and is still a legal move when typed


async def test_hot_seat_undo_and_record(tmp_path):
    """`undo` takes the last quiet move back (the solo rule); `record` writes the record and a transcript."""
    import json as _json

    from bot.records.record import parse_record
    from bot.store import Store
    from bot.table.service import GameService
    from engines import get_game
    from tests.bot.table.test_undo import quiet_option

    # find a quiet first move of this seeded game without playing it
    store = await Store.open(str(tmp_path / "probe.sqlite3"))
    try:
        probe = GameService(store)
        from tests.bot.conftest import USERS

        await probe.new("p", None, USERS[0], "alhambra", {}, "en")
        await probe.join("p", USERS[1])
        snap = await probe.start("p", USERS[0], seed=9)
        _, action = quiet_option(get_game("alhambra"), snap.state)
    finally:
        await store.close()
    start_state = snap.state
    answers = iter(["undo", action, "undo", "record", "quit"])
    out = io.StringIO()
    snap = await play("alhambra", ["ann", "ben"], tmp_path, seed=9, read=lambda _: next(answers), write=out)
    text = out.getvalue()
    assert "You have no move to take back." in text
    assert "took back 1 move (#1)" in text and "#1–#1" not in text  # a one-move undo reads "#1" (issue 22)
    assert snap.row.version == 2 and snap.state == start_state
    record = parse_record((tmp_path / f"record-{snap.row.id}.json").read_text(encoding="utf-8"))
    assert [m["action"] for m in record.moves] == ["setup", action, "undo 1-1"]
    assert _json.loads((tmp_path / f"record-{snap.row.id}.json").read_text())["moves"][1]["undone_by"] == 2
    assert "(taken back by #2)" in (tmp_path / f"record-{snap.row.id}.txt").read_text(encoding="utf-8")
