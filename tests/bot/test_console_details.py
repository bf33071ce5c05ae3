"""Issue 23 items 3 and 4: the hot-seat console's records, boards and small details."""
import json

import pytest

from bot.cli import main
from bot.console import help_text, turn_line
from bot.records.record import RecordError, parse_record, replay_to_dir
from bot.table.errors import ServiceError
from engines.core import Msg, Option
from tests.bot.consolekit import run_play


# --------------------------------------------------------------------------- item 4
async def test_hot_seat_has_no_turn_clock_and_names_the_player_once(tmp_path):
    snap, text = await run_play(tmp_path, ["quit"])
    assert "⏱" not in text and "days left" not in text
    assert snap.row.clock["kind"] == "none"  # nothing can time out while the players share a keyboard
    assert "▶ ben — take money, buy a tile or redesign" in text
    assert "▶ ben — ben:" not in text


def test_the_turn_line_keeps_a_title_without_the_name():
    assert turn_line("ann", "Choose the start player", "en") == "▶ ann — Choose the start player"
    assert turn_line("ann", "ann: play the left or the right card", "en") == "▶ ann — play the left or the right card"


async def test_a_wrong_answer_to_the_resume_question_asks_again(tmp_path):
    await run_play(tmp_path, ["quit"], names=("ann", "ben", "cy"), title="luxor")
    snap, text = await run_play(tmp_path, ["maybe", "", "n", "quit"], names=("dan", "eve"), title="luxor")
    assert text.count("is not an answer here") == 2
    assert snap is not None and snap.row.names == ["dan", "eve"]


async def test_a_name_given_twice_is_refused(tmp_path):
    with pytest.raises(ServiceError) as exc:
        await run_play(tmp_path, [], names=("ann", "Ann "))
    assert exc.value.message.key == "console.err.duplicate_name"
    assert not (tmp_path / "referee-play.sqlite3").exists()  # nothing was started
    snap, _ = await run_play(tmp_path / "bots", ["quit"], names=("ann", "bot:random", "bot:random"))
    assert snap is not None and len(snap.row.seats) == 3  # bot seats may repeat: each gets its own name


def test_a_name_given_twice_on_the_command_line(tmp_path, capsys):
    assert main(["play", "luxor", "--players", "ann,ann", "--out", str(tmp_path), "--locale", "pl"]) == 2
    assert "„ann” pojawia się dwa razy" in capsys.readouterr().err


@pytest.mark.parametrize(("title", "options", "other"), [
    ("luxor", ["play L 0", "play R 0 f"], "take y2+g3"),
    ("egizia", ["place 1", "place 4 s1", "pass"], "take y2+g3"),
    ("alhambra", ["take b3", "buy 1 7+5"], "play L 0"),
])
def test_help_gives_this_games_examples(title, options, other):
    text = help_text(title, [Option(a, Msg("console.raw", {"text": a})) for a in options], "en")
    assert other not in text and "SER-06" not in text
    assert any(a in text for a in options) and options[0].split()[0] in text


async def test_help_in_a_luxor_game(tmp_path):
    _, text = await run_play(tmp_path, ["help", "quit"], title="luxor")
    assert "Commands for Luxor" in text and "take y2+g3" not in text and "play " in text


# --------------------------------------------------------------------------- item 3
async def test_a_console_record_replays_while_the_game_runs(tmp_path):
    snap, _ = await run_play(tmp_path, ["1", "1", "record", "quit"], title="luxor")
    path = tmp_path / f"record-{snap.row.id}.json"
    record = parse_record(path.read_text(encoding="utf-8"))
    assert record.seed == 1 and record.result is None
    summary = replay_to_dir(path, tmp_path / "replay")
    assert summary["boards"] == snap.row.version + 1 and "winner" not in summary


async def test_the_record_is_written_when_the_game_ends_and_replay_names_the_winners(tmp_path):
    snap, text = await run_play(tmp_path, [], names=("bot:random", "bot:random"), title="luxor")
    assert snap.result is not None and "The game is over." in text
    path = tmp_path / f"record-{snap.row.id}.json"
    assert f"record: {path}" in text and (tmp_path / f"record-{snap.row.id}.txt").exists()
    summary = replay_to_dir(path, tmp_path / "replay")
    names = parse_record(path.read_text(encoding="utf-8")).names
    assert summary["winner"] == [names[i] for i in snap.result.winners]
    assert summary["scores"] == {names[i]: s for i, s in enumerate(snap.result.scores)}


async def test_a_new_game_never_overwrites_the_boards_of_an_earlier_one(tmp_path):
    first, _ = await run_play(tmp_path, [], names=("bot:random", "bot:random"), title="luxor")
    boards = sorted(p.name for p in tmp_path.glob("[0-9][0-9][0-9][0-9].png"))
    pictures = {name: (tmp_path / name).read_bytes() for name in boards}
    assert len(boards) == first.row.version + 1
    second, text = await run_play(tmp_path, ["quit"], names=("bot:random", "bot:random"), title="luxor", seed=2)
    assert second.row.id != first.row.id
    assert f"The boards of the earlier game were moved to {tmp_path / 'earlier-1'}." in text
    assert {p.name: p.read_bytes() for p in (tmp_path / "earlier-1").glob("*.png")} == pictures
    await run_play(tmp_path, ["quit"], names=("bot:random", "bot:random"), title="luxor", seed=3)
    assert (tmp_path / "earlier-2").is_dir() and (tmp_path / "earlier-1").is_dir()


def test_a_replay_refusal_speaks_the_chosen_language(tmp_path, capsys):
    path = tmp_path / "running.json"
    path.write_text(json.dumps({"format": "referee-game-record", "version": 2, "game": "luxor",
                                "players": [{"seat": 0, "name": "a"}, {"seat": 1, "name": "b"}],
                                "moves": [], "seed": None}))
    for locale, words in (("cs", "nemá seed"), ("pl", "nie ma seeda"), ("en", "has no seed")):
        assert main(["replay", str(path), "--out", str(tmp_path / "o"), "--locale", locale]) == 2
        assert words in capsys.readouterr().err
    with pytest.raises(RecordError) as exc:
        parse_record(b"[]")
    assert exc.value.message.key == "replay.err.not_record" and "not a Referee game record" in str(exc.value)
