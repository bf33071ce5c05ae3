"""Local play without Discord: the demo and the hot-seat console use the same service and storage."""
import io
import json
import subprocess
import sys

from PIL import Image

from bot.cli import main
from bot.console import demo, play


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
    answers = iter(["help", "nonsense move", "1", "hand", "quit"])
    out = io.StringIO()
    snap = await play("alhambra", ["ann", "ben"], tmp_path, read=lambda _: next(answers), write=out)
    text = out.getvalue()
    assert "Not allowed" in text
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
