"""Issue 23 item 5: ``referee recap RECORD --out DIR`` and a readable score chart."""
from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.cli import main
from bot.records import recap as recap_module
from render.recap import nice_tick, place_labels, score_chart

DATA = Path(__file__).parent / "data"
LUXOR = DATA / "record-v1-luxor.json"  # a finished 2-player Luxor game with its seed


def test_recap_command_writes_the_gif_and_the_chart(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["recap", str(LUXOR), "--out", str(tmp_path / "r"), "--locale", "pl"]) == 0
    summary = json.loads(capsys.readouterr().out)
    record = json.loads(LUXOR.read_text())
    names = [p["name"] for p in record["players"]]
    assert summary["game"] == "luxor" and summary["winner"] == [names[i] for i in record["result"]["winners"]]
    with Image.open(tmp_path / "r" / "recap.gif") as im:
        assert im.format == "GIF" and im.n_frames == summary["frames"] >= 2
    with Image.open(tmp_path / "r" / "scores.png") as im:
        assert im.format == "PNG"


def test_recap_command_refuses_a_bad_record_in_the_chosen_language(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    assert main(["recap", str(bad), "--out", str(tmp_path / "r"), "--locale", "cs"]) == 2
    assert "není to záznam hry Referee" in capsys.readouterr().err
    assert main(["recap", str(tmp_path / "missing.json"), "--out", str(tmp_path / "r")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_the_final_scoring_jump_gets_a_column_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Luxor scores almost everything at the end: drawn on one axis, the game before the jump sat in the
    bottom fifth of the chart. The line now ends with the last move's track, and the final scores stand apart."""
    seen: dict[str, Any] = {}
    real = recap_module.score_chart

    def spy(names: Any, series: Any, marks: Any = (), **kw: Any) -> bytes:
        seen.update(series=series, marks=marks, **kw)
        return real(names, series, marks, **kw)

    monkeypatch.setattr(recap_module, "score_chart", spy)
    recap_module.recap_record(LUXOR, tmp_path / "r", "cs")
    record = json.loads(LUXOR.read_text())
    assert seen["final"] == record["result"]["scores"]
    top_in_game = max(max(s) for s in seen["series"])
    assert top_in_game < 0.5 * max(seen["final"])  # the jump the column keeps off the game's scale
    assert seen["final_label"] == "závěrečné bodování"
    assert all(len(s) == len(seen["series"][0]) for s in seen["series"])


def test_labels_of_close_scoring_rounds_go_in_separate_rows() -> None:
    # "konec 4. kola" and "závěrečné bodování" a few moves apart: they once ran together
    rows = place_labels([(700.0, 110.0), (760.0, 150.0)])
    assert rows[0] != rows[1]
    assert place_labels([(100.0, 50.0), (200.0, 50.0)]) == [0, 0]  # apart: one row
    assert place_labels([(100.0, 50.0), (120.0, 50.0), (140.0, 50.0), (300.0, 20.0)]) == [0, 1, 2, 0]


def test_x_axis_ticks_are_round_numbers() -> None:
    assert nice_tick(123, 10) == 20 and nice_tick(9, 10) == 1 and nice_tick(480, 10) == 50


def test_a_chart_with_marks_at_the_end_and_a_final_column_is_drawn() -> None:
    series = [[0, 1, 2, 3, 5], [0, 0, 1, 4, 4]]
    png = score_chart(["ann", "ben"], series, [(3, "end of round 4"), (4, "final scoring")], title="t",
                      x_label="moves", final=[40, 31], final_label="final scoring")
    with Image.open(io.BytesIO(png)) as im:
        assert im.size == (1200, 700)
    with pytest.raises(ValueError):
        score_chart(["ann", "ben"], series, final=[1])
