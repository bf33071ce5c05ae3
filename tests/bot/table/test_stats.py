"""Stats and ratings per server (issue 12): played, wins, averages, abandoned and replaced games, bots."""
from __future__ import annotations

import pytest

from bot.table.errors import ServiceError
from bot.table.model import ABANDONED, OVER, GameRow, Seat
from bot.table.service import GameService
from bot.table.stats import compute, is_bot, leaderboard, places
from engines.core import Result, Rng
from tests.bot.conftest import USERS, started


def row(gid: int, seats: list[tuple[str, str]], status: str = OVER, title: str = "luxor") -> GameRow:
    return GameRow(id=gid, channel_id="c", guild_id="g", title=title, status=status, host_id=seats[0][0], options={},
                   seed=1, locale="en", version=10, state={}, created_at=0.0, updated_at=float(gid),
                   seats=[Seat(i, uid, name) for i, (uid, name) in enumerate(seats)])


def test_places_share_ties_and_winners_come_first() -> None:
    assert places(Result((10, 30, 30, 5), (1, 2))) == [3, 1, 1, 4]
    assert places(Result((20, 20, 7), (1,))) == [2, 1, 3]  # a tie-break decided the winner


def test_counts_abandoned_replaced_and_bots_and_rates_the_humans() -> None:
    ann, ben, cy, bot = ("a", "Ann"), ("b", "Ben"), ("c", "Cy"), ("bot:normal", "Bot")
    rows = [
        row(1, [ann, ben, cy]),                       # Ann wins
        row(2, [ann, ben]),                           # Ann wins again
        row(3, [ann, ben, cy], status=ABANDONED),     # abandoned: not a loss
        row(4, [ann, bot, cy]),                       # Cy took over seat 2 from Ben; a bot plays seat 1
        row(5, [ann, ben], title="alhambra"),         # another title
    ]
    results = {1: Result((50, 30, 20), (0,)), 2: Result((40, 20), (0,)), 4: Result((10, 60, 30), (1,)),
               5: Result((5, 70), (1,))}
    movers = {4: {0: {"a"}, 1: {"bot:normal"}, 2: {"b", "c"}}}
    stats = compute(rows, results, movers)
    lux = stats["luxor"]
    assert "bot:normal" not in lux and is_bot("bot:normal")
    a, b, c = lux["a"], lux["b"], lux["c"]
    assert (a.played, a.wins, a.abandoned, a.replaced) == (3, 2, 1, 0)
    assert (b.played, b.wins, b.abandoned, b.replaced) == (2, 0, 1, 1)  # game 4 counts as replaced, not lost
    assert (c.played, c.wins, c.abandoned) == (2, 0, 1)
    assert a.avg_score == pytest.approx((50 + 40 + 10) / 3)
    assert a.avg_place == pytest.approx((1 + 1 + 3) / 3)  # behind the bot and Cy in game 4
    assert c.avg_place == pytest.approx((3 + 2) / 2)
    # ratings: game 4 is rated among the humans only (Cy ahead of Ann)
    assert (a.rated, b.rated, c.rated) == (3, 2, 2)
    assert a.rating > b.rating
    assert next(p.user_id for p in leaderboard(lux)) == "a"
    assert stats["alhambra"]["b"].wins == 1 and stats["alhambra"]["a"].played == 1


def test_a_game_with_one_human_is_counted_but_not_rated() -> None:
    stats = compute([row(1, [("a", "Ann"), ("bot:easy", "Bot")])], {1: Result((5, 9), (1,))}, {})
    a = stats["luxor"]["a"]
    assert a.played == 1 and a.rated == 0 and leaderboard(stats["luxor"]) == []


async def _finish(service: GameService, channel: str, seed: int) -> None:
    snap = await started(service, "luxor", 2, channel=channel, seed=seed)
    rng = Rng.seeded(seed)
    while snap.prompts:
        p = snap.prompts[rng.below(len(snap.prompts))]
        snap = await service.act(channel, USERS[p.seat], p.options[rng.below(len(p.options))].action)


async def test_stats_from_stored_games_of_one_server(service: GameService) -> None:
    await _finish(service, "c1", 1)
    await _finish(service, "c1", 2)
    await started(service, "luxor", 2, channel="c2", seed=3)
    await service.abandon("c2", USERS[0])
    await started(service, "alhambra", 2, channel="c3", seed=3)  # running: not counted yet
    await service.new("c4", "another-guild", USERS[0], "luxor", {}, "en")
    stats = await service.stats("guild")
    assert set(stats) == {"luxor"}
    ann, ben = stats["luxor"]["u1"], stats["luxor"]["u2"]
    assert ann.played == ben.played == 2 and ann.abandoned == ben.abandoned == 1
    assert ann.wins + ben.wins >= 2 and ann.rated == 2
    assert await service.stats("another-guild") == {}
    only = await service.stats("guild", "luxor")
    assert only["luxor"]["u1"].played == 2
    with pytest.raises(ServiceError) as e:
        await service.stats("guild", "chess")
    assert e.value.message.key == "err.unknown_game"
