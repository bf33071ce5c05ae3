"""Everyone in the channel does random things at once-in-a-while: the contract holds and nothing moves wrongly.

A seeded "monkey" mixes real moves with what users can send that the bot did not offer:
typed junk for ``/game move`` and the game's own subcommands (long, Unicode, mentions,
markdown, near-misses of legal actions), random autocomplete text, random options for
``/game new``, presses of any button and picks in any select the user can see (old boards,
lobby buttons, other people's menus are invisible to them), spectators included.

After every input: every interaction is answered within Discord's rules (no violation), a
board is posted exactly when the game's version moved, and a refused input changes nothing.
"""
from __future__ import annotations

import random
import string

import pytest

from tests.bot.discord.double.conftest import CONTRACT_RUNS
from tests.bot.discord.double.driver import GameDriver
from tests.bot.discord.double.env import DiscordEnv

STEPS = 150


def junk(rng: random.Random, near: str) -> str:
    kinds = [
        lambda: "".join(rng.choice(string.printable) for _ in range(rng.randint(0, 40))),
        lambda: near + " " + rng.choice(["9", "-1", "x", "0,0", "+", "99 99"]),
        lambda: " ".join(near.split()[:-1]) or "take",
        lambda: near.upper(),
        lambda: rng.choice(["<@&1> @everyone", "**bold** `code`", "\u200b", "žluťoučký kůň", "🃏" * 50]),
        lambda: "x" * rng.randint(100, 6000),
        lambda: near.replace(" ", "  "),
    ]
    return rng.choice(kinds)()


@pytest.mark.parametrize(("title", "seed"), [("alhambra", 21), ("egizia", 22), ("luxor", 23)])
async def test_random_inputs_through_discord(tmp_path, title, seed):
    rng = random.Random(seed)
    async with DiscordEnv(tmp_path / "monkey.sqlite3") as env:
        d = env.double
        players = [d.user("Ann"), d.user("Běla", "cs"), d.user("Czesław", "pl")]
        everyone = [*players, d.user("Spectator", "pl")]
        g = GameDriver(d, title, players, rng)
        await g.open()
        channel = str(d.channel_id)
        fuzzed = refused = moved = 0

        for _ in range(STEPS):
            if g.over():
                break
            before = (await env.service.current(channel)).row.version
            boards = len(d.boards())
            who = rng.choice(everyone)
            r = rng.random()
            if r < 0.25:
                await g.step()  # a real move, chosen from what the bot offers
            elif r < 0.45:
                _, offered = await g.actor()
                await d.slash(who, "game", "move", action=junk(rng, rng.choice(offered)["value"]))
            elif r < 0.55:
                await d.slash(who, title, "choose", choice=junk(rng, "play"))
            elif r < 0.65:
                choices = await d.autocomplete(who, "game", "move", focused="action", value=junk(rng, "buy")[:100])
                assert all(c["value"] for c in choices)
            elif r < 0.7:
                await d.slash(who, "game", "new", game=title, options=junk(rng, "players=3")[:200])
            else:
                visible = [m for m in d.all_messages.values()
                           if m.channel_id == d.channel_id and m.recipient in (None, who.id) and m.components]
                message = rng.choice(visible)
                c = rng.choice([c for row in message.components for c in row["components"]])
                if c["custom_id"].startswith("rf:a:") and who is players[0]:
                    continue  # the host confirming "abandon" would end the run early
                if c["type"] == 2:
                    await d.press(who, c["custom_id"], message=message)
                else:
                    await d.select(who, c["custom_id"], rng.choice(c["options"])["value"], message=message)
            fuzzed += 1
            after = (await env.service.current(channel)).row.version
            if after == before:
                refused += 1
                assert len(d.boards()) == boards, "nothing public when nothing changed"
            else:
                moved += 1
                assert after == before + 1 and len(d.boards()) == boards + 1, "one move, one board"
            assert d.violations == [], d.report()

        CONTRACT_RUNS.append((f"monkey {title}: {fuzzed} random inputs ({moved} moves, {refused} without effect)",
                              d.checked, len(d.violations)))
        assert moved and refused
