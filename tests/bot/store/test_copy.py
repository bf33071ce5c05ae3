"""Issue 19: ``referee db copy SQLITE_FILE POSTGRES_URL`` moves a community to PostgreSQL: every table, ids kept
(new rows continue after them), checked by counts and by replaying games; a non-empty target is refused."""
from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from bot.cli import main
from bot.store import Store
from bot.store.copy import CopyRefused, copy_sqlite_to_postgres
from bot.store.postgres import PgStore
from bot.table.model import UserSettings
from bot.table.service import GameService
from tests.bot.conftest import USERS, started


async def community(path: Path) -> list[int]:
    """A SQLite file with a lobby, a game in play (moves, clocks, jobs, posts, a follow, an undo request) and a
    finished one; their ids."""
    store = await Store.open(str(path))
    store.outbox = True
    service = GameService(store, seed_source=itertools.count(5).__next__)
    await started(service, "alhambra", channel="c1")
    for _ in range(6):
        snap = await service.current("c1")
        prompt = snap.prompts[0]
        await service.act("c1", USERS[prompt.seat], prompt.options[0].action)
    row = await store.open_game("c1")
    assert row is not None
    await store.follow(row.id, "u9", True, 5.0)
    await store.create_undo_request(row.id, "u1", 1, row.version, 5.0, 9.0)
    await store.save_settings(UserSettings("u1", "dm", "22:00-07:00", "Europe/Prague"))
    await started(service, "luxor", channel="c2")
    done = await store.open_game("c2")
    assert done is not None
    await service.abandon("c2", USERS[0])
    await service.new("c3", "guild", USERS[0], "egizia", {}, "en")
    lobby = await store.open_game("c3")
    assert lobby is not None
    await service.close()
    return [row.id, done.id, lobby.id]


async def test_a_community_is_copied_whole_with_its_ids(tmp_path: Path, pg_url: str) -> None:
    path = tmp_path / "referee.sqlite3"
    ids = await community(path)
    counts = await copy_sqlite_to_postgres(str(path), pg_url)
    assert counts["games"] == 3 and counts["moves"] == 8 and counts["posts"] >= 7 and counts["follows"] == 1
    assert counts["seat_clocks"] and counts["user_settings"] == 1 and counts["undo_requests"] == 1

    src, dst = await Store.open(str(path)), await PgStore.open(pg_url)
    try:
        for gid in ids:
            assert await dst.game(gid) == await src.game(gid)
            assert await dst.moves(gid) == await src.moves(gid)
            assert await dst.seat_clocks(gid) == await src.seat_clocks(gid)
            assert await dst.game_jobs(gid) == await src.game_jobs(gid)
            assert await dst.pending_posts(gid) == await src.pending_posts(gid)
            assert await dst.last_post(gid) == await src.last_post(gid)
            assert await dst.undo_request(gid) == await src.undo_request(gid)
            assert await dst.followers(gid) == await src.followers(gid)
        assert await dst.settings("u1") == await src.settings("u1")
        # the abandoned game's log was packed on SQLite (issue 18): copied as rows, and its kept stats with it
        assert len(await dst.moves(ids[1])) == len(await src.moves(ids[1])) >= 1
        for user in USERS[:2]:
            assert await dst.user_stats("guild", user.id) == await src.user_stats("guild", user.id) != []
        # new rows continue after the copied ids
        row = await dst.create_game("c9", "guild", "alhambra", "u1", "Ann", {}, "en", 1.0)
        assert row.id == max(ids) + 1
    finally:
        await src.close()
        await dst.close()

    with pytest.raises(CopyRefused, match="already holds Referee data"):  # a second copy: refused, nothing doubled
        await copy_sqlite_to_postgres(str(path), pg_url)


def test_the_command_checks_the_copy_by_replaying_games(tmp_path: Path, pg_url: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from tests.bot.pgkit import blocking

    path = tmp_path / "referee.sqlite3"
    blocking(community(path))
    assert main(["db", "copy", str(path), pg_url]) == 0
    out = capsys.readouterr().out
    assert "games: 3 rows" in out and out.count("replays to its stored state") == 2
    assert main(["db", "copy", str(path), pg_url]) == 2
    assert "already holds Referee data (3 games" in capsys.readouterr().out
    assert main(["db", "copy", str(tmp_path / "none.sqlite3"), pg_url]) == 2
    assert "no such SQLite file" in capsys.readouterr().out
