"""Game records (bot/record.py): complete, versioned, secret-free while running, and replayable."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.records.record import FORMAT_VERSION, RecordError, build_record, dumps, parse_record, replay, replay_to_dir
from bot.table.service import GameService
from engines.core import Rng
from tests.bot.conftest import USERS, started

DATA = Path(__file__).parent / "data"


async def _play(service: GameService, title: str, n: int, seed: int, limit: int | None = None) -> int:
    snap = await started(service, title, n, channel="rec", seed=seed)
    chooser = Rng.seeded(seed)
    moves = 0
    while snap.prompts and (limit is None or moves < limit):
        p = snap.prompts[chooser.below(len(snap.prompts))]
        snap = await service.act("rec", USERS[p.seat], p.options[chooser.below(len(p.options))].action)
        moves += 1
    return snap.row.id


async def _record(service: GameService, game_id: int) -> dict:
    row = await service.store.game(game_id)
    assert row is not None
    snap = await service.snapshot_async(row)
    return build_record(row, await service.store.moves(game_id), snap.result)


@pytest.mark.parametrize("title", ["alhambra", "egizia", "luxor"])
async def test_a_finished_game_record_replays_to_its_result(service: GameService, title: str, tmp_path: Path) -> None:
    game_id = await _play(service, title, 3, 4)
    record = await _record(service, game_id)
    assert record["version"] == FORMAT_VERSION and record["status"] == "over"
    assert record["seed"] is not None and record["result"] is not None
    assert [p["name"] for p in record["players"]] == ["Ann", "Ben", "Cy"]
    assert record["moves"][0]["action"] == "setup"
    parsed = parse_record(dumps(record))
    rep = replay(parsed)
    assert rep.result is not None and list(rep.result.scores) == record["result"]["scores"]
    assert rep.states[-1] == (await service.store.game(game_id)).state  # type: ignore[union-attr]


@pytest.mark.parametrize("title", ["alhambra", "egizia", "luxor"])
async def test_a_running_game_record_reveals_nothing_hidden(service: GameService, title: str) -> None:
    game_id = await _play(service, title, 3, 8, limit=25)
    record = await _record(service, game_id)
    assert record["status"] == "active" and record["seed"] is None and record["result"] is None
    assert all(e.get("to") is None for m in record["moves"] for e in m["events"])
    stored = await service.store.moves(game_id)
    private = [e for m in stored for e in m.events if e.get("to") is not None]
    text = dumps(record)
    for e in private:  # no private event made it into the record
        assert json.dumps(e["message"], sort_keys=True) not in json.dumps(record["moves"], sort_keys=True)
    with pytest.raises(RecordError, match="no seed"):
        replay(parse_record(text))


def test_a_record_written_by_format_version_1_still_loads_and_replays() -> None:
    """tests/bot/records/data/record-v1-luxor.json was written by this code's first format version."""
    record = parse_record((DATA / "record-v1-luxor.json").read_bytes())
    assert record.data["version"] == 1 and record.game == "luxor"
    rep = replay(record)
    assert rep.result is not None and list(rep.result.scores) == record.result["scores"]  # type: ignore[index]


def test_replay_to_dir_draws_every_board(tmp_path: Path) -> None:
    """``referee replay FILE --out DIR``: one board per position, from the setup to the end."""
    summary = replay_to_dir(DATA / "record-v1-luxor.json", tmp_path / "boards", "cs")
    record = json.loads((DATA / "record-v1-luxor.json").read_text())
    assert summary["boards"] == len(record["moves"]) and summary["matches_record"]
    assert summary["result"] == record["result"]
    assert len(list((tmp_path / "boards").glob("*.png"))) == len(record["moves"])
    assert (tmp_path / "boards" / "0000.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("raw,why", [
    (b"{not json", "not a JSON file"),
    (b'{"format": "other"}', "not a Referee game record"),
    (b'{"format": "referee-game-record", "version": 99}', "not supported"),
    (b'{"format": "referee-game-record", "version": 1, "game": "chess"}', "unknown game"),
    (b'{"format": "referee-game-record", "version": 1, "game": "luxor", "players": [], "moves": []}', "players"),
    (b'{"format": "referee-game-record", "version": 1, "game": "luxor", "players": [{"seat": 0}], "moves": []}',
     "malformed player"),
    (b'{"format": "referee-game-record", "version": 1, "game": "luxor", "players": [{"seat": 0, "name": "a"}], '
     b'"moves": [{"seq": "x", "action": "a"}]}', "malformed move"),
])
def test_bad_records_are_refused_with_the_reason(raw: bytes, why: str) -> None:
    with pytest.raises(RecordError, match=why):
        parse_record(raw)


def test_a_tampered_record_does_not_replay() -> None:
    data = json.loads((DATA / "record-v1-luxor.json").read_text())
    data["result"]["scores"][0] += 1
    with pytest.raises(RecordError, match="record says"):
        replay(parse_record(data))
    data = json.loads((DATA / "record-v1-luxor.json").read_text())
    data["moves"][3]["action"] = "play X 99"
    with pytest.raises(RecordError, match="does not replay"):
        replay(parse_record(data))


def test_referee_replay_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bot.cli import main

    assert main(["replay", str(DATA / "record-v1-luxor.json"), "--out", str(tmp_path / "b")]) == 0
    assert json.loads(capsys.readouterr().out)["matches_record"] is True
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    assert main(["replay", str(bad)]) == 2
    assert "not a Referee game record" in capsys.readouterr().err
