"""Bots at a local table (issue 11): ``referee play --players ann,bot,bot`` and ``referee demo --bots``
drive the same service, scheduler jobs and bot path as Discord."""
from __future__ import annotations

import io
import json
import random
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.cli import main
from bot.console import demo, parse_seat, play
from bot.store import Store
from bot.table.botpool import BotConfig
from bot.table.model import OVER
from engines import available_games, get_game

TITLES = available_games()


def _scripted(tmp_path: Path, title: str, seed: int):
    """Answers for the person in seat 0: a random legal move each time (typed as the move itself)."""
    rng = random.Random(seed)
    db = tmp_path / "referee-play.sqlite3"

    def read(_prompt: str) -> str:
        con = sqlite3.connect(db)
        try:
            raw = con.execute("SELECT state FROM games WHERE status='active' ORDER BY id DESC LIMIT 1").fetchone()
        finally:
            con.close()
        assert raw is not None, "asked for a move after the game ended"
        game_state = json.loads(raw[0])
        options = get_game(title).legal_actions(game_state, 0)
        return rng.choice(options).action

    return read


def test_seats_typed_on_the_command_line():
    assert parse_seat("ann") == ("ann", None, False)
    assert parse_seat("bot") == ("", None, True)
    assert parse_seat("Bot:Easy") == ("", "easy", True)
    assert parse_seat("bot:normal") == ("", "normal", True)
    assert parse_seat("bot:") == ("bot:", None, False)  # not a level: a (strange) person's name
    assert parse_seat("botond") == ("botond", None, False)


@pytest.mark.parametrize("title", TITLES)
async def test_one_person_and_two_bots_play_to_the_end_in_the_console(tmp_path, title):
    read = _scripted(tmp_path, title, 3)
    out = io.StringIO()
    with ThreadPoolExecutor(1) as pool:
        snap = await play(title, ["ann", "bot:random", "bot:easy"], tmp_path, read=read, write=out, seed=5,
                          executor=pool)
    text = out.getvalue()
    assert snap is not None and snap.row.status == OVER
    assert [(s.name, s.bot_level) for s in snap.row.seats][1:] == [
        (n, lvl) for n, lvl in zip(("Zoraida", "Boabdil") if title == "alhambra" else ("Nefertiti", "Hatshepsut"),
                                   ("random", "easy"), strict=True)]
    assert "(bot, easy) is thinking…" in text and "The game is over." in text
    store = await Store.open(str(tmp_path / "referee-play.sqlite3"))
    try:
        moves = [m for m in await store.moves(snap.row.id) if m.seq > 0]
    finally:
        await store.close()
    assert {m.kind for m in moves if m.seat != 0} == {"bot"} and {m.kind for m in moves if m.seat == 0} == {"player"}
    # every move's board is written, the bots' too
    assert len(list(tmp_path.glob("[0-9][0-9][0-9][0-9].png"))) == len(moves) + 1
    assert json.loads(text.strip().splitlines()[-1])["bots"] == {s.name: s.bot_level for s in snap.row.seats[1:]}


async def test_a_normal_bot_with_a_small_search_budget_plays_a_console_game(tmp_path):
    read = _scripted(tmp_path, "luxor", 4)
    out = io.StringIO()
    with ThreadPoolExecutor(1) as pool:
        snap = await play("luxor", ["ann", "bot"], tmp_path, read=read, write=out, seed=6,
                          bot_config=BotConfig(level="normal", iterations=8), executor=pool)
    assert snap is not None and snap.row.status == OVER
    assert snap.row.seats[1].bot_level == "normal"
    assert "🤖 Nefertiti (bot, normal) is thinking…" in out.getvalue()


async def test_a_bot_game_resumes_with_the_same_seats_and_in_czech(tmp_path):
    moves = iter(["1", "quit"])
    out = io.StringIO()
    with ThreadPoolExecutor(1) as pool:
        first = await play("alhambra", ["ann", "bot:random"], tmp_path, read=lambda _: next(moves), write=out,
                           seed=2, executor=pool, locale="cs")
        assert first is not None and "🤖 Zoraida (bot, náhodný) přemýšlí…" in out.getvalue()
        again = io.StringIO()
        snap = await play("alhambra", ["ann", "bot:random"], tmp_path, read=lambda _: "quit", write=again,
                          executor=pool, locale="cs")
    assert snap is not None and snap.row.version >= first.row.version
    assert "Uložená hra pokračuje" in again.getvalue()  # the same seats: resumed without asking


@pytest.mark.parametrize("title", TITLES)
async def test_demo_with_bots_plays_a_whole_game(tmp_path, title):
    with ThreadPoolExecutor(1) as pool:
        result = await demo(title, get_game(title).min_players, 3, tmp_path, bots="random", images=False,
                            executor=pool)
    assert result["moves"] > 10 and result["winner"]
    assert set(result["bots"].values()) == {"random"} and set(result["scores"]) == set(result["bots"])


def test_demo_bots_from_the_command_line_through_the_worker_process(tmp_path, capsys):
    """The real process pool (spawn): one whole game of easy bots, one PNG per move."""
    assert main(["demo", "egizia", "--players", "2", "--seed", "4", "--out", str(tmp_path), "--bots", "easy"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["winner"] and set(data["bots"].values()) == {"easy"}
    assert len(list(tmp_path.glob("[0-9][0-9][0-9][0-9].png"))) == data["moves"]


def test_unknown_bot_level_on_the_command_line_is_refused_clearly(tmp_path, capsys):
    assert main(["demo", "luxor", "--out", str(tmp_path), "--bots", "genius"]) == 2
    assert "genius" in capsys.readouterr().err
    assert main(["play", "luxor", "--players", "ann,bot:hard", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "hard" in err and "normal" in err


def test_bench_times_bot_decisions_through_the_worker_pool(capsys):
    from bot.tools.bench import bot_latency

    out = bot_latency("egizia", 2, "random", decisions=6)
    assert out["decisions"] == 6 and out["bot_p95_ms"] >= out["bot_p50_ms"] > 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["level"] == "random"
