"""``referee replay`` on bad and on very long records (issue 21, items 6 and 7).

Each kind of bad record gets one clear line and exit status 2 (before: a traceback); a record with 10^5 undo
entries replays (before: the undo check compared every move with every undo entry, 10^10 steps).
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.record import parse_record, replay

DATA = Path(__file__).parent / "data"
BASE = json.loads((DATA / "record-v1-luxor.json").read_text())


def record(**fields: object) -> bytes:
    data = copy.deepcopy(BASE)
    data.update(fields)
    return json.dumps(data).encode()


def with_move(i: int, **fields: object) -> bytes:
    data = copy.deepcopy(BASE)
    data["moves"][i].update(fields)
    return json.dumps(data).encode()


BAD = {
    "binary junk": bytes(range(256)) * 4,
    "not UTF-8": b'{"format": "\xff\xfe"}',
    "a non-integer rules_version": record(rules_version="abc"),
    "non-dict options": record(options=[1, 2]),
    "a 20 MB number": b'{"format": "referee-game-record", "version": ' + b"9" * 20_000_000 + b"}",
    "JSON nested 100,000 deep": b"[" * 100_000 + b"]" * 100_000,
    "a move by a seat that does not exist": with_move(1, seat=7),
    "a result too long to print": record(options={**BASE["options"], "tomb_scarab_vp": 10**4000}),
}


@pytest.mark.parametrize("kind", list(BAD))
def test_a_bad_record_gets_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(BAD[kind])
    assert main(["replay", str(path), "--out", str(tmp_path / "out")]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"referee: {path}: "), captured.err[:300]
    assert "Traceback" not in captured.err and len(lines[0]) < 400
    assert captured.out == ""


def test_a_record_with_100000_undo_entries_replays() -> None:
    """10^5 move + undo pairs before the game's real moves: the replay reaches the recorded result."""
    data = copy.deepcopy(BASE)
    data["version"] = 2
    n = 100_000
    extra: list[dict[str, object]] = []
    for i in range(n):
        seq = 2 * i + 1
        extra.append({"seq": seq, "seat": 0, "action": "play L", "undone_by": seq + 1})
        extra.append({"seq": seq + 1, "seat": 0, "action": f"undo {seq}-{seq}", "takes_back": [seq, seq]})
    moves = data["moves"]
    for m in moves[1:]:
        m["seq"] += 2 * n
    data["moves"] = [moves[0], *extra, *moves[1:]]
    rec = parse_record(data)
    rep = replay(rec)
    assert len(rep.states) == len(moves)
    assert rep.result is not None and list(rep.result.scores) == BASE["result"]["scores"]


def test_covered_agrees_with_checking_every_range() -> None:
    """The linear undo check gives the same answer as the quadratic one it replaced, on random logs."""
    import random

    from bot.storage import covered

    rng = random.Random(21)
    for _ in range(300):
        seqs = sorted(rng.sample(range(60), rng.randint(0, 40)))
        ranges = [(a, a + rng.randint(-2, 8)) for a in (rng.randint(-3, 62) for _ in range(rng.randint(0, 8)))]
        assert covered(seqs, ranges) == [any(a <= s <= b for a, b in ranges) for s in seqs]
