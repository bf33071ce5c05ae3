"""Records with undo entries, transcripts and the end-of-game recap (issue 12)."""
from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

from bot.records.recap import make_recap
from bot.records.record import build_record, dumps, parse_record, replay, transcript
from bot.table.errors import ServiceError
from bot.table.model import User, scoring_mark
from bot.table.service import GameService
from engines import get_game
from engines.core import Rng
from render.recap import DEFAULT_BUDGET
from tests.bot.conftest import USERS, started
from tests.bot.table.test_undo import quiet_option


async def play_with_an_undo(service: GameService, title: str, n: int = 3, seed: int = 4) -> int:
    """A whole seeded game in which the first quiet move is taken back at once and play goes on."""
    snap = await started(service, title, n, channel="rec", seed=seed)
    chooser = Rng.seeded(seed)
    game = get_game(title)
    undone = False
    while snap.prompts:
        quiet = None if undone else quiet_option(game, snap.state)
        if quiet is not None:
            await service.act("rec", USERS[quiet[0]], quiet[1])
            out = await service.undo("rec", USERS[quiet[0]])
            assert out.status == "done" and out.report is not None
            snap, undone = out.report, True
            continue
        p = snap.prompts[chooser.below(len(snap.prompts))]
        snap = await service.act("rec", USERS[p.seat], p.options[chooser.below(len(p.options))].action)
    assert undone
    return snap.row.id


@pytest.mark.parametrize("title", ["alhambra", "egizia", "luxor"])
async def test_a_record_with_an_undo_replays_skipping_the_taken_back_move(service: GameService, title: str) -> None:
    game_id = await play_with_an_undo(service, title)
    row, moves, result = await service.record_source("rec", USERS[0].id)
    assert row.id == game_id and result is not None
    record = build_record(row, moves, result)
    assert record["version"] == 2
    entries = [m for m in record["moves"] if "takes_back" in m]
    assert len(entries) == 1
    first, last = entries[0]["takes_back"]
    assert [m["undone_by"] for m in record["moves"] if "undone_by" in m] == [entries[0]["seq"]]
    assert first == last == entries[0]["seq"] - 1
    rep = replay(parse_record(dumps(record)))
    assert rep.states[-1] == row.state and list(rep.result.scores) == record["result"]["scores"]  # type: ignore[union-attr]


async def test_record_access_and_a_readable_transcript_in_the_channels_language(service: GameService) -> None:
    await started(service, "luxor", 2, channel="rec", seed=2)
    with pytest.raises(ServiceError) as e:
        await service.record_source("rec", "spectator")
    assert e.value.message.key == "record.running_only_players"
    with pytest.raises(ServiceError) as e:
        await service.recap_source("rec")
    assert e.value.message.key == "recap.not_finished"
    row, moves, result = await service.record_source("rec", USERS[1].id)
    text = transcript(row, moves, result, "cs")
    assert text.startswith(f"Luxor — hra č. {row.id} (Ann, Ben)") and "Hra stále běží." in text
    await service.abandon("rec", USERS[0])
    row, moves, result = await service.record_source("rec", "spectator")  # anybody, once it has ended
    assert "Gra została przerwana bez wyniku." in transcript(row, moves, result, "pl")


async def test_transcript_marks_taken_back_moves_and_names_the_winner(service: GameService) -> None:
    await play_with_an_undo(service, "luxor", 2)
    row, moves, result = await service.record_source("rec", "spectator")
    assert result is not None
    text = transcript(row, moves, result, "en")
    undo_seq = next(m.seq for m in moves if m.action.startswith("undo"))
    assert f"(taken back by #{undo_seq})" in text
    assert "took back" in text  # the undo entry's public event
    assert text.rstrip().endswith("Winner: " + ", ".join(row.names[s] for s in result.winners))
    assert "Final scores:" in text


async def test_recap_of_a_finished_game_is_an_animation_within_the_limit_and_a_chart(service: GameService) -> None:
    await play_with_an_undo(service, "luxor", 2)
    row, moves = await service.recap_source("rec")
    recap = await asyncio.to_thread(make_recap, row, moves, "cs", 12)
    assert 2 <= recap.frames <= 12 and len(recap.gif) <= DEFAULT_BUDGET
    with Image.open(io.BytesIO(recap.gif)) as im:
        assert im.format == "GIF" and im.n_frames == recap.frames
    with Image.open(io.BytesIO(recap.chart)) as im:
        assert im.format == "PNG"
    assert recap.moves == len([m for m in moves if m.seq > 0 and m.undone_by is None and not m.action.startswith("undo")])


def test_scoring_rounds_are_found_from_public_events() -> None:
    """Alhambra's scoring rounds A and B (ALH-SCORE-1) and the end of each Egizia round are marked."""
    for title, players in (("alhambra", 3), ("egizia", 3)):
        game = get_game(title)
        state = game.new_game(players, game.resolve_options({}), 7).state
        rng = Rng.seeded(7)
        marks = []
        while not game.is_over(state):
            p = game.prompts(state)[0]
            out = game.apply(state, p.seat, p.options[rng.below(len(p.options))].action)
            state = out.state
            mark = scoring_mark(title, [e.to_json() for e in out.events])
            if mark is not None:
                marks.append(mark)
        if title == "alhambra":
            assert [m.params["round"].key for m in marks][:2] == ["alhambra.round.A", "alhambra.round.B"]
        else:
            assert [m.params["round"] for m in marks] == [1, 2, 3, 4]
    private = [{"message": {"key": "alhambra.ev.scoring", "params": {}}, "to": 1}]
    assert scoring_mark("alhambra", private) is None


async def test_spectators_can_see_the_record_of_a_finished_game(service: GameService) -> None:
    await play_with_an_undo(service, "luxor", 2, seed=3)
    row, _, result = await service.record_source("rec", User("watcher", "W").id)
    assert row.status == "over" and result is not None
