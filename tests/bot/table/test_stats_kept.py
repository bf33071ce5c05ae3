"""Stats kept as games end (issue 18): the results and ratings the final move (or the abandon) stores equal the
whole computation over the stored games (``bot.table.stats.compute``), and so does ``referee db rebuild-stats``."""
from __future__ import annotations

import random
from collections.abc import Sequence

import aiosqlite
import pytest

from bot.store import Store
from bot.table.clocks import TimeConfig
from bot.table.errors import RatingsMoved, ServiceError
from bot.table.model import ABANDONED, ACTIVE, OVER, GameRow, PlayerStats, Seat, User
from bot.table.stats import StatsTable, compute, leaderboard, rebuild
from engines import get_game
from engines.core import Result
from tests.bot.clockkit import USERS, FakeTime, Table, silent

GUILDS = ("guild", "other", None)


def row(gid: int, seats: list[tuple[str, str]], status: str = OVER, title: str = "luxor",
        guild: str | None = "g") -> GameRow:
    return GameRow(id=gid, channel_id=f"c{gid}", guild_id=guild, title=title, status=status, host_id=seats[0][0],
                   options={}, seed=1, locale="en", version=10, state={}, created_at=0.0, updated_at=float(gid),
                   seats=[Seat(i, uid, name) for i, (uid, name) in enumerate(seats)])


def as_dicts(stats: dict[str, dict[str, PlayerStats]]) -> dict[str, dict[str, tuple[object, ...]]]:
    return {title: {u: _key(p) for u, p in per.items()} for title, per in stats.items()}


def _key(p: PlayerStats) -> tuple[object, ...]:
    return (p.user_id, p.name, p.title, p.played, p.wins, p.abandoned, p.replaced, p.score_total, p.place_total,
            p.rated, p.mu, p.sigma)


def by_title(table: StatsTable, guild: str | None) -> dict[str, dict[str, PlayerStats]]:
    return {title: per for (g, title), per in table.items() if g == guild and per}


def test_game_by_game_equals_the_whole_computation_with_ties_bots_replaced_and_abandoned() -> None:
    """Rule: bot.table.stats (issue 12) — places are competition ranks (ties share), bots have no line and are not
    rated, a replaced player counts 'replaced', an abandoned game 'abandoned', fewer than two humans: not rated."""
    ann, ben, cy, dee, bot = ("a", "Ann"), ("b", "Ben"), ("c", "Cy"), ("d", "Dee"), ("bot:normal", "Bot")
    rows = [
        row(1, [ann, ben, cy]),
        row(2, [ann, ben], guild="h"),
        row(3, [ann, ben, cy], status=ABANDONED),
        row(4, [ann, bot, cy]),                            # Cy took over seat 2 from Ben; a bot in seat 1
        row(5, [ann, ben], title="alhambra"),
        row(6, [ben, cy, dee]),                            # a tie for second place
        row(7, [dee, bot]),                                # one human: counted, not rated
        row(8, [cy, ann, ben, dee]),                       # two winners (a shared win)
        row(9, [ann, ("b", "Benjamin")], guild=None),      # outside a server; Ben's new name
        row(10, [cy, dee], title="alhambra", status=ABANDONED, guild="h"),
        row(11, [ann, ben, cy], guild="h"),                # a three-way tie
    ]
    results = {1: Result((50, 30, 20), (0,)), 2: Result((40, 20), (0,)), 4: Result((10, 60, 30), (1,)),
               5: Result((5, 70), (1,)), 6: Result((40, 20, 20), (0,)), 7: Result((5, 9), (1,)),
               8: Result((30, 30, 10, 5), (0, 1)), 9: Result((1, 2), (1,)), 11: Result((7, 7, 7), (0,))}
    movers = {4: {0: {"a"}, 1: {"bot:normal"}, 2: {"b", "c"}}, 3: {1: {"b"}}, 10: {0: {"c", "a"}}}
    table: StatsTable = {}
    done = list(rebuild([(r, results.get(r.id), movers.get(r.id, {})) for r in rows], table))
    assert [r.game_id for r in done] == [r.id for r in rows]
    for guild in ("g", "h", None):
        mine = [r for r in rows if r.guild_id == guild]
        assert as_dicts(by_title(table, guild)) == as_dicts(compute(mine, results, movers))
    lux = table[("g", "luxor")]
    assert (lux["b"].replaced, lux["c"].rated, lux["d"].rated) == (1, 4, 2)
    assert "bot:normal" not in lux
    assert [(ln.user_id, ln.status) for ln in done[3].lines][:1] == [("b", "replaced")]
    assert [ln.place for ln in done[5].lines] == [1, 2, 2]
    assert [ln.win for ln in done[7].lines] == [True, True, False, False]
    assert table[(None, "luxor")]["b"].name == "Benjamin"


# ----------------------------------------------------------------------------------- through the service


async def finish(table: Table, channel: str, rng: random.Random, users: Sequence[User], max_moves: int = 3000) -> None:
    """Every human to act plays a random legal move; bots' moves are fired by the scheduler."""
    for _ in range(max_moves):
        r = await table.store.latest_game(channel)
        assert r is not None
        if r.status != ACTIVE or r.state is None:
            return
        game = get_game(r.title)
        humans = [s for s in game.current_seats(r.state) if not r.seats[s].is_bot]
        if humans:
            seat = humans[0]
            holder = r.seats[seat]
            user = next((u for u in users if u.id == holder.user_id), User(holder.user_id, holder.name))
            await table.service.act(channel, user, rng.choice(game.legal_actions(r.state, seat)).action)
        else:
            assert await table.next_job()
    raise AssertionError("the game did not end")


async def begin(table: Table, channel: str, guild: str | None, title: str, users: Sequence[User], seed: int,
                bots: int = 0, clock: str | None = None, timeout: str = "wait") -> None:
    await table.service.new(channel, guild, users[0], title, {}, "en", clock=clock, timeout=timeout)
    for u in users[1:]:
        await table.service.join(channel, u)
    for _ in range(bots):
        await table.service.add_bot(channel, users[0], "random")
    await table.service.start(channel, users[0], seed=seed)


async def kept(store: Store, guilds: Sequence[str | None], users: Sequence[str]) -> dict[object, object]:
    """What /stats shows from the kept tables: every user's lines and every title's leaderboard."""
    out: dict[object, object] = {}
    for g in guilds:
        for u in users:
            out[(g, u)] = [_key(p) for p in await store.user_stats(g, u)]
        for title in ("luxor", "alhambra", "egizia"):
            out[(g, title)] = [_key(p) for p in await store.leaderboard(g, title)]
    return out


async def computed(table: Table, guilds: Sequence[str | None], users: Sequence[str]) -> dict[object, object]:
    """The same from today's whole computation over the stored games."""
    out: dict[object, object] = {}
    for g in guilds:
        stats = await table.service.stats(g)
        for u in users:
            out[(g, u)] = [_key(per[u]) for _, per in sorted(stats.items()) if u in per]
        for title in ("luxor", "alhambra", "egizia"):
            out[(g, title)] = [_key(p) for p in leaderboard(stats.get(title, {}))]
    return out


async def dump(store: Store) -> list[tuple[object, ...]]:
    async with aiosqlite.connect(store.path) as db:
        rows = await (await db.execute("SELECT * FROM ratings ORDER BY guild, title, user_id")).fetchall()
        rows += await (await db.execute("SELECT * FROM results ORDER BY game_id, seat, user_id")).fetchall()
    return [tuple(r) for r in rows]


@pytest.fixture
async def table(tmp_path):
    t = await Table.open(tmp_path / "s.sqlite3", FakeTime(), TimeConfig(bot_level="random", bot_grace=600))
    yield t
    await t.close()


async def test_kept_stats_equal_the_computation_and_a_rebuild_over_real_games(table: Table) -> None:
    """Several servers, two titles, an abandoned game, a bot seat and a replaced player, played through the
    service: the tables the ends wrote equal today's computation, and rebuilding them changes nothing."""
    ann, ben, cy, dee = USERS
    rng = random.Random(3)
    await begin(table, "c1", "guild", "luxor", [ann, ben], seed=1)
    await finish(table, "c1", rng, USERS)
    await begin(table, "c1", "guild", "luxor", [ben, ann, cy], seed=2)
    await finish(table, "c1", rng, USERS)
    await begin(table, "c2", "guild", "alhambra", [ann, cy], seed=3, bots=1)   # a bot seat
    await finish(table, "c2", rng, USERS)
    await begin(table, "c3", "guild", "luxor", [cy, dee], seed=4)
    await table.service.abandon("c3", cy)                                        # abandoned
    await begin(table, "c4", "other", "luxor", [dee, ann], seed=5)
    await finish(table, "c4", rng, USERS)
    await begin(table, "c5", None, "alhambra", [ben, dee], seed=6)               # outside a server
    await finish(table, "c5", rng, USERS)
    # a replaced player: Ben moves twice, then stops answering under the skip policy; the host gives his seat
    # to Gus, who finishes the game
    gus = User("u7", "Gus")
    await begin(table, "c6", "guild", "luxor", [ann, ben], seed=7, clock="1d", timeout="skip")
    moved = 0
    while moved < 2:
        waiting = await table.waiting("c6")
        await table.play(1 if 1 in waiting else waiting[0], rng, "c6")
        moved += 1 in waiting
    gid = (await table.row("c6")).id
    while (await table.row("c6")).status == ACTIVE and (await table.store.seat_clocks(gid))[1].timeouts < 3:
        await silent(table, 1, rng, max_moves=1, channel="c6")
    assert (await table.row("c6")).status == ACTIVE
    await table.service.replace("c6", ann, ben.id, gus)
    await finish(table, "c6", rng, [*USERS, gus])
    users = [u.id for u in USERS] + [gus.id, "bot:x"]
    kept_now = await kept(table.store, GUILDS, users)
    assert kept_now == await computed(table, GUILDS, users)
    assert sum(1 for v in kept_now.values() if v) >= 8
    before = await dump(table.store)
    lines = [r for r in before if len(r) == 11]  # results rows (game, seat, user, guild, title, name, status, …)
    assert {r[6] for r in lines} == {"played", "abandoned", "replaced"}
    assert ("u2", "replaced") in {(r[2], r[6]) for r in lines} and not any(str(r[2]).startswith("bot:") for r in lines)
    assert {r[3] for r in lines} == {"guild", "other", ""}
    assert await table.store.rebuild_stats() == 7
    assert await dump(table.store) == before
    assert await kept(table.store, GUILDS, users) == kept_now


async def test_a_migrated_database_has_the_same_stats(table: Table, tmp_path) -> None:
    """Migration 8 fills the tables from the games that ended before it: dropping them and migrating again
    gives the same rows."""
    rng = random.Random(4)
    await begin(table, "c1", "guild", "luxor", USERS[:3], seed=11)
    await finish(table, "c1", rng, USERS)
    await begin(table, "c2", "guild", "luxor", USERS[1:3], seed=12)
    await table.service.abandon("c2", USERS[1])
    before = await dump(table.store)
    path = table.store.path
    async with aiosqlite.connect(path) as db:
        await db.executescript("DROP TABLE results; DROP TABLE ratings; DROP INDEX games_of_channel;"
                               " DROP INDEX games_by_status; PRAGMA user_version=7;")
    again = await Store.open(path)
    try:
        assert await again.schema_version() == 8
        assert await dump(again) == before
        assert [p.played for p in await again.user_stats("guild", "u2")] == [1]
    finally:
        await again.close()


async def test_a_rating_changed_by_another_games_end_is_computed_again(table: Table, monkeypatch) -> None:
    """Two games of the same players ending at once: the second end was computed from ratings the first has
    changed, so the store refuses it (nothing stored) and the service computes it again."""
    rng = random.Random(5)
    await begin(table, "c1", "guild", "luxor", USERS[:2], seed=21)
    await begin(table, "c2", "guild", "luxor", USERS[:2], seed=22)
    await finish(table, "c1", rng, USERS)
    stale = await table.store.player_stats("guild", "luxor", ["u1", "u2"])
    assert {p.rated for p in stale.values()} == {1}
    real = table.service.ended_results
    calls = []

    async def first_stale(r, status, result, now, last=None):  # the first try sees the ratings before game 1
        out = await real(r, status, result, now, last)
        calls.append(out)
        if len(calls) == 1 and out is not None and out.ratings:
            from dataclasses import replace as dc_replace
            out = dc_replace(out, ratings=tuple(dc_replace(x, rated_before=0) for x in out.ratings))
        return out

    monkeypatch.setattr(table.service, "ended_results", first_stale)
    await finish(table, "c2", rng, USERS)
    assert len(calls) == 2
    assert {p.rated for p in (await table.store.player_stats("guild", "luxor", ["u1", "u2"])).values()} == {2}
    g = await table.row("c2")
    assert g.status == OVER
    assert await kept(table.store, ["guild"], ["u1", "u2"]) == await computed(table, ["guild"], ["u1", "u2"])


async def test_the_store_refuses_results_from_a_moved_rating(table: Table) -> None:
    rng = random.Random(6)
    await begin(table, "c1", "guild", "luxor", USERS[:2], seed=31)
    await finish(table, "c1", rng, USERS)
    await begin(table, "c2", "guild", "luxor", USERS[:2], seed=32)
    g = await table.row("c2")
    results = await table.service.ended_results(g, ABANDONED, None, 5.0)
    assert results is not None and not results.ratings  # an abandoned game rates nobody
    r1 = await table.row("c1")
    final = await table.service.ended_results(r1, OVER, get_game("luxor").result(r1.state), 5.0)
    assert final is not None and final.ratings and all(x.rated_before == 1 for x in final.ratings)
    from dataclasses import replace as dc_replace
    stale = dc_replace(final, game_id=g.id, ratings=tuple(dc_replace(x, rated_before=0) for x in final.ratings))
    before = await dump(table.store)
    with pytest.raises(RatingsMoved):
        await table.store.set_status(g.id, ABANDONED, 6.0, results=stale)
    assert await dump(table.store) == before and (await table.row("c2")).status == ACTIVE


async def test_leaderboard_refuses_an_unknown_title(table: Table) -> None:
    with pytest.raises(ServiceError) as e:
        await table.service.leaderboard("guild", "chess")
    assert e.value.message.key == "err.unknown_game"
    assert await table.service.leaderboard("guild", "luxor") == []
    assert await table.service.user_stats("guild", "u1") == []
