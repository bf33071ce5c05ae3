"""Bot seats through the real client and the strict Discord double (issue 11).

The lobby: ``/game new … bots:N bot_level:…``, the lobby's 🤖 button, ``/game addbot [level]``,
``/game removebot [bot]`` (autocompleted with the lobby's bots) and the lobby's remove button; refusals (a
full table, a started game, an unknown bot) answered privately in the user's language. Then whole games of
each title with one person and bots: the person moves by buttons, selects and commands, the bots by
themselves (the scheduler's jobs, through the one move path), and the channel is not flooded — a board
that only bots must answer waits for them, so each of the person's turns shows one board with every move
since; boards are never closer than the channel's pace; a bot is never mentioned, always named with 🤖.

Time is the double's fake clock; the poster's waits pass only once the bots have nothing left to do (a
bot thinks in real time, in the pool, while the fake clock stands still), so no test depends on timing.
"""
from __future__ import annotations

import asyncio
import itertools
import random
import re
import threading
from typing import Any

import pytest

from render.i18n import t
from tests.bot.discord.double.conftest import CONTRACT_RUNS
from tests.bot.discord.double.driver import GameDriver
from tests.bot.discord.double.env import DiscordEnv
from tests.bot.discord.double.server import FakeDiscord, Interaction

PACE = 1.5
BOT_NAME = re.compile(r"🤖 [^,\n(]+ \((?:bot|robot)")


async def bots_busy(env: DiscordEnv) -> bool:
    """Whether a bot has a decision to make now (a due job: waiting, or being decided), or its move's work is
    still being done (a job's row goes with its move's transaction: the board comes after), or a finished
    game's recap is still to be posted (its job, stored by the final move, goes once the recap is out)."""
    assert env.store is not None
    if env.bot is not None and env.bot.scheduler.firing:
        return True
    due = await env.store.jobs.next_due()
    if due is not None and due <= env.clock():
        return True
    row = await env.store.latest_game(str(env.double.channel_id))
    return row is not None and any(j.kind == "recap" for j in await env.store.game_jobs(row.id))


async def settled(env: DiscordEnv) -> None:
    """Wait until every bot has moved and every board is out (no timing: conditions only)."""
    for _ in range(20_000):
        if not await bots_busy(env):
            await env.posted()
            if not await bots_busy(env):
                return
        await asyncio.sleep(0.005)
    raise AssertionError("the bots never settled")


def bot_env(tmp_path, seed: int, **kw: Any) -> DiscordEnv:
    return DiscordEnv(tmp_path / "referee.sqlite3", seeds=itertools.count(seed), board_interval=PACE, **kw)


async def start_env(env: DiscordEnv) -> None:
    """The poster's loop waits for its next due post only once the bots have finished: the fake clock jumps
    ahead only when nothing else can happen first (a discrete-event clock)."""
    assert env.bot is not None
    poster = env.bot.poster

    async def after_the_bots(seconds: float) -> None:
        while await bots_busy(env):
            await asyncio.sleep(0.005)
        await poster.sleep(seconds)

    poster._sleep = after_the_bots  # type: ignore[method-assign]


def board_times(d: FakeDiscord) -> list[float]:
    return [m.at for m in d.boards() if m.at is not None]


def no_bot_mention(d: FakeDiscord) -> None:
    for m in d.all_messages.values():
        text = m.text()
        assert "<@bot" not in text and "bot:" not in text, text
        for c in m.buttons() + m.selects():
            assert "bot:" not in (c.get("label") or ""), c


def private_refusal(i: Interaction) -> str:
    assert not i.posts, "a refusal posts nothing in the channel"
    return i.private_text


class BotTableDriver(GameDriver):
    """Plays the person's moves only; the board comes once the bots have answered (see :func:`settled`)."""

    def _moved(self, i: Interaction, user, how: str, action: str) -> None:
        self.last = i
        self.moves += 1
        self.counts[how] += 1
        self.last_actor = user


async def test_seating_and_removing_bots_in_the_lobby(tmp_path):
    """``bots:1`` at /game new, the 🤖 button, /game addbot with a level, removebot by autocomplete, the remove
    button, and every refusal privately with the reason in the user's language; nothing changes on a refusal."""
    async with bot_env(tmp_path, 3) as env:
        await start_env(env)
        d = env.double
        ann, bela = d.user("Ann"), d.user("Běla", "cs")
        i = await d.slash(ann, "game", "new", game="luxor", bots=1, bot_level="easy")
        lobby = i.posts[-1]
        assert BOT_NAME.search(lobby.content), lobby.content
        assert t("lobbybot.seated", "en", names="")[:6] in lobby.content
        ids = lobby.custom_ids()
        add, rm = (next(c for c in ids if c.endswith(what)) for what in (":addbot", ":rmbot"))
        assert [b["label"] for b in lobby.buttons()][2:] == [t("lobbybot.add_button", "en"),
                                                              t("lobbybot.remove_button", "en")]
        # a stranger may not add bots: only the host and the seated players (told in her language)
        i = await d.press(bela, add, message=lobby)
        assert private_refusal(i) == "⚠️ " + t("bots.err.seated_only", "cs")
        await d.slash(bela, "game", "join")
        i = await d.press(bela, add, message=lobby)           # the default level
        assert i.posts and BOT_NAME.search(i.posts[-1].content)
        assert t("lobbybot.ok_added", "cs", bot="")[:10] in i.private_text
        i = await d.slash(ann, "game", "addbot", level="random")
        row = (await env.service.current(str(d.channel_id))).row
        assert [s.bot_level for s in row.seats] == [None, "easy", None, "normal"], "a full table: 4 seats"
        assert private_refusal(i) == "⚠️ " + t("err.lobby_full", "en", max=4), "the table is full"
        # removebot: its autocomplete lists the bots seated here; an unknown bot is refused
        choices = await d.autocomplete(ann, "game", "removebot", focused="bot", value="")
        assert [c["value"] for c in choices] == [s.user_id for s in row.seats if s.bot_level]
        assert all(c["name"].startswith("🤖 ") for c in choices)
        i = await d.slash(bela, "game", "removebot", bot="Cleopatra the Ninth")
        known = ", ".join(s.name for s in row.seats if s.bot_level)
        assert private_refusal(i) == "⚠️ " + t("bots.err.no_such_bot", "cs", bot="Cleopatra the Ninth", known=known)
        assert len((await env.service.current(str(d.channel_id))).row.seats) == 4, "nothing changed"
        i = await d.slash(bela, "game", "removebot", bot=choices[0]["value"])
        assert i.posts and choices[0]["name"] in i.posts[-1].content
        i = await d.slash(ann, "game", "addbot", level="random")
        assert i.posts
        i = await d.press(ann, rm, message=lobby)              # the last bot seated goes
        row = (await env.service.current(str(d.channel_id))).row
        assert [s.bot_level for s in row.seats] == [None, None, "normal"]
        # once started, the lobby's bot controls refuse politely
        i = await d.press(ann, next(c for c in ids if c.endswith(":start")), message=lobby)
        await settled(env)
        for i, locale in ((await d.slash(ann, "game", "addbot"), "en"), (await d.slash(bela, "game", "removebot"), "cs"),
                          (await d.press(ann, add, message=lobby), "en")):
            assert private_refusal(i) == "⚠️ " + t("bots.err.lobby_only", locale)
        assert await d.autocomplete(ann, "game", "removebot", focused="bot", value="") == []
        no_bot_mention(d)
        assert d.violations == [], d.report()


async def test_player_settings_live_in_their_own_group(discord_env):
    """/game settings notify · quiet · vacation (the group that makes room for the bot commands)."""
    d = discord_env.double
    ann = d.user("Ann", "pl")
    i = await d.slash(ann, "game", "settings", "notify", mode="dm")
    assert i.private_text == t("clock.ok.notify", "pl", mode=t("clock.notify.dm", "pl"))
    i = await d.slash(ann, "game", "settings", "quiet", hours="22:00-07:00", zone="Europe/Warsaw")
    assert i.private_text == t("clock.ok.quiet", "pl", hours="22:00-07:00", zone="Europe/Warsaw")
    game = next(c for cs in d.commands.values() for c in cs if c["name"] == "game")
    assert len(game["options"]) <= 25
    assert d.violations == [], d.report()


GAMES = {
    # title: (seed, seats (one person, the rest bots), the bots' level, channel language, most moves of the person)
    "alhambra": (5, 3, "random", "cs", 400),
    "egizia": (7, 3, "easy", "pl", 300),
    "luxor": (3, 4, "easy", None, 300),
}


@pytest.mark.parametrize("title", sorted(GAMES))
async def test_one_person_and_bots_play_a_whole_game(tmp_path, title):
    seed, seats, level, language, max_moves = GAMES[title]
    async with bot_env(tmp_path, seed) as env:
        await start_env(env)
        d = env.double
        ann = d.user("Ann", "en-US")
        extra = {"language": language} if language else {}
        i = await d.slash(ann, "game", "new", game=title, bots=seats - 1, bot_level=level, **extra)
        lobby = i.posts[-1]
        assert len(BOT_NAME.findall(lobby.content)) == seats - 1, lobby.content
        await d.press(ann, next(c for c in lobby.custom_ids() if c.endswith(":start")), message=lobby)
        await settled(env)

        g = BotTableDriver(d, title, [ann], random.Random(seed),
                           modes={"command": 0.5, "sub": 0.1, "button": 0.35, "hand": 0.05})

        async def after(g: GameDriver) -> None:
            await settled(env)
            if g.moves % 25 == 3:  # a button offered to the person never acts for a bot seat
                row = (await env.service.current(str(d.channel_id))).row
                assert all(s.user_id.startswith("bot:") == (s.bot_level is not None) for s in row.seats)

        await g.play(max_moves, after)

        row = (await env.service.current(str(d.channel_id))).row
        boards = d.boards()
        final = boards[-1]
        assert row.status == "over" and not final.components and final.embeds[0].get("fields")
        # no flooding: one board per turn of the person (plus the first), however many moves the bots made
        assert row.version > 2 * g.moves, (row.version, g.moves)
        assert len(boards) <= g.moves + 2, (len(boards), g.moves)
        times = board_times(d)
        assert len(times) == len(boards) and all(b - a >= PACE for a, b in itertools.pairwise(times)), times
        # a combined board: the bots' moves with their names, before the person's turn
        assert any(len(BOT_NAME.findall(b.embeds[0].get("description") or "")) >= 2 for b in boards[1:-1])
        # only the person is ever pinged; the bots are named with their marker in the result
        assert all(b.pinged <= {ann.id} for b in boards)
        assert len(BOT_NAME.findall(final.text())) >= seats - 1, final.text()
        no_bot_mention(d)
        assert sorted(d.messages()[-1].files) == [f"recap-{row.id}.gif", f"scores-{row.id}.png"]
        i = await d.slash(ann, "game", "status")
        assert len(BOT_NAME.findall(i.private_text)) >= seats - 1
        i = await d.slash(ann, "game", "history", count=10)
        assert "🤖" in i.private_text

        CONTRACT_RUNS.append((f"{title} with bots: {g.moves} moves by the person, {row.version} in all, "
                              f"{len(boards)} boards", d.checked, len(d.violations)))
        assert d.violations == [], d.report()


async def test_a_table_of_bots_plays_to_the_end_without_flooding(tmp_path):
    """The host opens a table without a seat (``watch:True``) and three bots play Luxor to the end by
    themselves. Each bot decision takes 0.7 s of (fake) time here; a board that only bots must answer waits up
    to the hold (10 s), so the channel sees about one board per 10 s of play, each summarising every move since
    the previous one, never two closer than the pace, and nobody is pinged."""
    think, hold = 0.7, 10.0
    async with bot_env(tmp_path, 21, bot_board_hold=hold) as env:
        await start_env(env)
        assert env.bot is not None and env.bot.scheduler is not None
        scheduler = env.bot.scheduler
        fire = scheduler.handler

        async def thinking(job):  # a bot's decision takes time; the clock moves on meanwhile
            if job.kind == "bot":
                env.clock.now += think
            await fire(job)

        scheduler.handler = thinking
        d = env.double
        host = d.user("Hana", "cs")
        i = await d.slash(host, "game", "new", game="luxor", bots=3, bot_level="random", watch=True)
        lobby = i.posts[-1]
        assert len(BOT_NAME.findall(lobby.content)) == 3
        i = await d.slash(host, "game", "move", action="anything")
        assert private_refusal(i).startswith("⚠️")
        await d.press(host, next(c for c in lobby.custom_ids() if c.endswith(":start")), message=lobby)
        await settled(env)

        row = (await env.service.current(str(d.channel_id))).row
        boards = d.boards()
        assert row.status == "over" and row.version > 60
        played = row.version * think
        assert 2 <= len(boards) <= played / hold + 3, (len(boards), row.version)
        times = board_times(d)
        assert all(b - a >= PACE for a, b in itertools.pairwise(times)), times
        assert all(not b.pinged for b in boards), "nobody to ping: the host does not play"
        to_act = t("board.bots_thinking", "en", players="", what="").split(":")[0]
        assert all(b.content.startswith(to_act) for b in boards[:-1]), [b.content for b in boards]
        summaries = [len(BOT_NAME.findall(b.embeds[0].get("description") or "")) for b in boards[:-1]]
        assert max(summaries) >= 5, summaries  # one message for many moves
        assert len(BOT_NAME.findall(boards[-1].text())) >= 3
        assert sorted(d.messages()[-1].files) == [f"recap-{row.id}.gif", f"scores-{row.id}.png"]
        no_bot_mention(d)
        CONTRACT_RUNS.append((f"luxor, bots only: {row.version} moves, {len(boards)} boards", d.checked,
                              len(d.violations)))
        assert d.violations == [], d.report()



async def test_a_person_never_acts_for_a_bot_seat(tmp_path):
    """While a bot is deciding (its thinking held up here), the people's buttons and commands cannot move for
    it: refused privately, naming the bot with its marker; then the bot moves by itself."""
    async with bot_env(tmp_path, 4) as env:
        await start_env(env)
        d = env.double
        ann = d.user("Ann")
        i = await d.slash(ann, "game", "new", game="egizia", bots=1, bot_level="random")
        lobby = i.posts[-1]
        await d.press(ann, next(c for c in lobby.custom_ids() if c.endswith(":start")), message=lobby)
        await settled(env)
        g = BotTableDriver(d, "egizia", [ann], random.Random(4))
        thinking, release = asyncio.Event(), threading.Event()  # (no task on the loop: the double waits for those)
        loop = asyncio.get_running_loop()
        for _ in range(30):
            board = g.board()
            bot_next = (await env.service.current(str(d.channel_id))).row.seats[1]
            assert env.executor is not None
            # the bot's next decision waits behind this one in the single worker thread
            gate = env.executor.submit(lambda: (loop.call_soon_threadsafe(thinking.set), release.wait(60)))
            await g.step()
            snap = await env.service.current(str(d.channel_id))
            if snap.row.status != "active" or snap.waiting_for != [1]:  # the person goes on: try again
                release.set()
                await asyncio.wrap_future(gate)
                thinking.clear()
                release.clear()
                await settled(env)
                continue
            await thinking.wait()
            assert await d.autocomplete(ann, "game", "move", focused="action", value="") == []
            i = await d.slash(ann, "game", "move", action=snap.prompts[0].options[0].action)
            bot = t("bots.seat", "en", name=bot_next.name, level=t("bots.level.random", "en"))
            assert private_refusal(i) == "⚠️ " + t("err.not_your_turn", "en", players=bot)
            buttons = [c["custom_id"] for c in board.buttons() if c["custom_id"].startswith("rf:g:")]
            if buttons:
                i = await d.press(ann, buttons[0], message=board)
                assert private_refusal(i)
            assert (await env.service.current(str(d.channel_id))).row.version == snap.row.version, "nothing moved"
            release.set()
            await asyncio.wrap_future(gate)
            await settled(env)
            assert (await env.service.current(str(d.channel_id))).row.version > snap.row.version, "the bot moved"
            break
        else:
            raise AssertionError("the bot was never to act")
        no_bot_mention(d)
        assert d.violations == [], d.report()


async def test_a_table_of_bots_survives_a_restart_mid_game(tmp_path):
    """The process stops while a bot is deciding (its decision cut off, nothing committed for it) and a new
    one starts on the same database: the bots' durable jobs resume, the game plays to the end, and the move
    log has every move once, in order — nothing lost, nothing doubled; boards keep their pace and nobody is
    pinged."""
    async with bot_env(tmp_path, 33) as env:
        await start_env(env)
        assert env.bot is not None and env.bot.scheduler is not None
        scheduler = env.bot.scheduler
        fire = scheduler.handler
        reached, never = asyncio.Event(), asyncio.Event()
        decided = 0

        async def cut_off(job):  # the 12th bot decision never finishes: the process stops during it
            nonlocal decided
            if job.kind == "bot":
                decided += 1
                if decided == 12:
                    reached.set()
                    await never.wait()
            await fire(job)

        scheduler.handler = cut_off
        d = env.double
        host = d.user("Hana")
        i = await d.slash(host, "game", "new", game="luxor", bots=3, bot_level="random", watch=True)
        lobby = i.posts[-1]
        await d.press(host, next(c for c in lobby.custom_ids() if c.endswith(":start")), message=lobby)
        await asyncio.wait_for(reached.wait(), 60)
        before = (await env.service.current(str(d.channel_id))).row
        assert before.status == "active" and before.version >= 11

        env.clock.now += 3600  # the stopped process's lease on the cut-off job has long run out
        await env.restart()
        await start_env(env)
        await settled(env)

        row = (await env.service.current(str(d.channel_id))).row
        assert row.status == "over" and row.version > before.version
        assert env.store is not None
        seqs = [m.seq for m in await env.store.moves(row.id)]
        assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), "every move once, in order"
        assert seqs[-1] == row.version
        times = board_times(d)
        assert all(b - a >= PACE for a, b in itertools.pairwise(times)), times
        assert all(not b.pinged for b in d.boards())
        no_bot_mention(d)
        CONTRACT_RUNS.append((f"luxor, bots only, restart mid-game: {row.version} moves", d.checked,
                              len(d.violations)))
        assert d.violations == [], d.report()
