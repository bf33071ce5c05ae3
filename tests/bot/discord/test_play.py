"""Every game plays through the Discord layer: boards posted, secrets only in private replies."""
import random

import pytest

from bot.config import Config
from bot.discord import Referee, compose_turn, warm_up_renderers
from engines import available_games
from tests.bot.conftest import USERS, interaction, run, started


@pytest.fixture
def bot(service):
    return Referee(service, Config(board_interval=0.0, render_processes=0))


def test_renderers_warm_up():
    warm_up_renderers()


@pytest.mark.parametrize("title", available_games())
async def test_random_moves_through_the_move_command(bot, service, title):
    snap = await started(service, title=title, n=3)
    rnd = random.Random(2)
    move = bot.tree.get_command("game").get_command("move")
    for _ in range(12):
        if not snap.prompts:
            break
        p = rnd.choice(snap.prompts)
        option = rnd.choice(p.options)
        i = interaction(bot, USERS[p.seat])
        await run(move, i, action=option.action)
        kwargs = i.channel.send.await_args.kwargs
        assert kwargs["file"].filename == "board.png"
        public_text = kwargs["content"] + (kwargs["embed"].description or "")
        snap = await service.current("chan")
        for q in snap.prompts:
            if q.secret:  # a private decision: its options never reach the channel
                for o in q.options:
                    assert o.action not in public_text
        _, _, view = compose_turn(snap, [], "en")
        labels = [getattr(getattr(c, "item", c), "label", "") for c in view.children]
        if any(q.secret for q in snap.prompts):
            assert any(label.startswith("🔒") for label in labels)
        for call in i.followup.send.await_args_list:
            assert call.kwargs.get("ephemeral") is True
