"""Following a game (issue 12): a notice when it reaches a scoring round or ends."""
from __future__ import annotations

import pytest

from bot.table.errors import ServiceError
from bot.table.model import User
from bot.table.service import GameService
from engines.core import Rng
from tests.bot.conftest import USERS, started

#: the tests using the ``store`` fixture run on SQLite and on PostgreSQL (issue 19; tests/bot/conftest.py)
BOTH_STORES = True

WATCHER = User("w1", "Wanda")


async def test_followers_hear_of_scoring_rounds_and_the_end(service: GameService) -> None:
    """Alhambra's scoring rounds (ALH-SCORE-1) and the end of the game reach the followers, nothing else."""
    snap = await started(service, "alhambra", 2, channel="f", seed=6)
    assert await service.follow_notice(snap) is None  # nobody follows
    row = await service.follow("f", WATCHER, dm=True)
    await service.follow("f", USERS[1])  # a player may follow too (a mention instead of a DM)
    rng = Rng.seeded(6)
    notices = []
    while snap.prompts:
        p = snap.prompts[rng.below(len(snap.prompts))]
        snap = await service.act("f", USERS[p.seat], p.options[rng.below(len(p.options))].action)
        notice = await service.follow_notice(snap)
        if notice is not None:
            message, followers = notice
            assert [(f.user_id, f.dm) for f in followers] == [("w1", True), ("u2", False)]
            notices.append(message)
    keys = [m.key for m in notices]
    assert keys[-1] == "follow.ended" and notices[-1].params["id"] == row.id
    scoring = [m.params["what"].params["round"].key for m in notices if m.key == "follow.scoring"]
    assert scoring[:2] == ["alhambra.round.A", "alhambra.round.B"]
    # issue 23 item 8: following after the end says the game has ended (not "there is no game here")
    with pytest.raises(ServiceError) as e:
        await service.follow("f", User("w2", "Xena"))
    assert e.value.message.key == "follow.err.ended" and e.value.message.params["id"] == row.id


async def test_unfollow_and_refusals(service: GameService) -> None:
    with pytest.raises(ServiceError) as e:
        await service.follow("nothing-here", WATCHER)
    assert e.value.message.key == "err.no_game"
    await started(service, "luxor", 2, channel="f", seed=1)
    await service.follow("f", WATCHER)
    await service.unfollow("f", WATCHER)
    with pytest.raises(ServiceError) as e:
        await service.unfollow("f", WATCHER)
    assert e.value.message.key == "follow.err.not_following"
