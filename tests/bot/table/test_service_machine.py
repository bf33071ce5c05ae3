"""A Hypothesis state machine over the game service: random people (seated or not), legal, illegal and garbage
moves, foreign and forged game ids and move numbers, option strings for /game new, joins, leaves, starts and
abandons, bots added and removed (issue 11) and their moves. Whatever happens: no unexpected exception, the stored
state changes only on an accepted move, and it always equals the replay of the move log."""
import asyncio
import itertools
import json
import re
from concurrent.futures import ThreadPoolExecutor

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from bot.store import Store
from bot.table.botpool import BotConfig
from bot.table.errors import ServiceError
from bot.table.model import User
from bot.table.service import GameService
from engines import available_games, get_game
from engines.core import IllegalAction
from render.i18n import LOCALES, t

CHANNEL = "chan"
PEOPLE = [User(f"p{i}", f"Person {i}") for i in range(6)]
TITLES = available_games()
LEFTOVER = re.compile(r"\{[a-z_][a-z0-9_]*\}")

people = st.sampled_from(PEOPLE)
option_text = st.one_of(
    st.none(),
    st.sampled_from(["", "open_hands=true", "open_hands=TRUE", "open_hands=1", "open_hands=--5", "open_hands=\u00b2",
                     "tomb_scarab_vp=20", "tomb_scarab_vp=" + "9" * 5000, "setup_sphinx=draw2_keep1",
                     "start_player=host_choice", "a=b", "open_hands=yes open_hands=no", "nonsense", "="]),
    st.text(max_size=30),
)
garbage = st.one_of(st.text(max_size=40), st.sampled_from(["", " ", "take", "buy 9 9", "play", "move 99", "\u00b2",
                                                         "x" * 200, "place TOW-12 0,1", "end", "pass"]))


class ServiceMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.store = self.run(Store.open(":memory:"))
        seeds = itertools.count(1)
        self.executor = ThreadPoolExecutor(1)  # bot decisions (the service's own pool uses worker processes)
        self.service = GameService(self.store, clock=lambda: 0.0, seed_source=lambda: next(seeds),
                                   bots=BotConfig(level="random"), bot_executor=self.executor)
        self.ids: list[int] = []
        self.accepted = 0
        self.refused = 0
        self._open_cache: object = None
        self._checked: set[tuple[int, int]] = set()

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    def teardown(self) -> None:
        self.run(self.service.close(timeout=0))
        self.executor.shutdown(wait=True)
        self.loop.close()

    # -------------------------------------------------------------------- helpers

    def disk(self):
        """The channel's newest game as stored: id, status, version, state, seats, host, number of moves."""
        row = self.run(self.store.latest_game(CHANNEL))
        if row is None:
            return None
        moves = self.run(self.store.moves(row.id))
        return (row.id, row.status, row.version, json.dumps(row.state, sort_keys=True),
                tuple(s.user_id for s in row.seats), row.host_id, len(moves))

    def call(self, coro):
        """Run one service call. A refusal is fine and must read well in every language; anything else fails."""
        self._open_cache = None
        try:
            result = self.run(coro)
        except (ServiceError, IllegalAction) as exc:
            for loc in LOCALES:
                text = t(exc.message, loc)
                assert text != exc.message.key and not LEFTOVER.search(text), (loc, exc.message, text)
            self.refused += 1
            return False, exc
        return True, result

    def game_ids(self):
        row = self.run(self.store.latest_game(CHANNEL))
        current = [row.id] if row is not None else []
        return current + self.ids + [0, -1, 10**20]

    def open_row(self):
        if self._open_cache is None:
            self._open_cache = (self.run(self.store.open_game(CHANNEL)),)
        return self._open_cache[0]

    # -------------------------------------------------------------------- lobby

    @rule(user=people, title=st.sampled_from(TITLES + ["chess"]), options=option_text)
    def new(self, user, title, options):
        before = self.disk()
        ok, row = self.call(self.service.new(CHANNEL, None, user, title, options, "en"))
        if ok:
            self.ids.append(row.id)
            assert row.status == "lobby" and row.host_id == user.id
        else:
            assert self.disk() == before

    @rule(user=people, data=st.data())
    def join(self, user, data):
        gid = data.draw(st.sampled_from(self.game_ids()) | st.none())
        before = self.disk()
        ok, row = self.call(self.service.join(CHANNEL, user, expected_game=gid))
        after = self.disk()
        if ok:
            assert row.seat_of(user.id) is not None and after[4] == before[4] + (user.id,)
        else:
            assert after == before

    @rule(user=people)
    def leave(self, user):
        before = self.disk()
        ok, _ = self.call(self.service.leave(CHANNEL, user))
        if not ok:
            assert self.disk() == before

    @rule(user=people, data=st.data())
    def start(self, user, data):
        gid = data.draw(st.sampled_from(self.game_ids()) | st.none())
        before = self.disk()
        ok, report = self.call(self.service.start(CHANNEL, user, expected_game=gid))
        if ok:
            assert report.row.version == 0 and report.row.status == "active" and self.disk()[6] == 1
        else:
            assert self.disk() == before

    @rule(user=people, manage=st.booleans(), data=st.data())
    def abandon(self, user, manage, data):
        gid = data.draw(st.sampled_from(self.game_ids()) | st.none())
        before = self.disk()
        ok, _ = self.call(self.service.abandon(CHANNEL, user, manage, expected_game=gid))
        after = self.disk()
        if ok:
            assert after[1] == "abandoned" and after[2:4] == before[2:4]
        else:
            assert after == before

    @rule(user=people, level=st.sampled_from([None, "random", "easy", "normal", "genius", "", "RANDOM"]),
          data=st.data())
    def add_bot(self, user, level, data):
        gid = data.draw(st.sampled_from(self.game_ids()) | st.none())
        before = self.disk()
        ok, row = self.call(self.service.add_bot(CHANNEL, user, level, expected_game=gid))
        after = self.disk()
        if ok:
            bot = row.seats[-1]
            assert bot.is_bot and bot.user_id.startswith("bot:") and after[4] == before[4] + (bot.user_id,)
            assert bot.bot_level == (level or "random").lower()
        else:
            assert after == before

    @rule(user=people, bot=st.sampled_from([None, "Zoraida", "boabdil", "Nefertiti", "bot:1", "bot:2", "nobody", ""]))
    def remove_bot(self, user, bot):
        before = self.disk()
        ok, row = self.call(self.service.remove_bot(CHANNEL, user, bot))
        after = self.disk()
        if ok:
            assert len(after[4]) == len(before[4]) - 1 and [s.seat for s in row.seats] == list(range(len(row.seats)))
        else:
            assert after == before

    @precondition(lambda self: self.open_row() is None)
    @rule(title=st.sampled_from(TITLES), extra=st.integers(0, 4), first=st.integers(0, 5), bots=st.integers(0, 2))
    def open_and_start(self, title, extra, first, bots):
        """A whole lobby at once (new with some bots, joins, start), so that games get going."""
        game = get_game(title)
        n = min(game.min_players + extra, game.max_players)
        bots = min(bots, n - 1)
        seated = [PEOPLE[(first + i) % len(PEOPLE)] for i in range(n - bots)]
        ok, row = self.call(self.service.new(CHANNEL, None, seated[0], title, None, "cs", bots=bots))
        assert ok
        self.ids.append(row.id)
        for user in seated[1:]:
            assert self.call(self.service.join(CHANNEL, user, expected_game=row.id))[0]
        assert self.call(self.service.start(CHANNEL, seated[0], expected_game=row.id))[0]

    # -------------------------------------------------------------------- moves

    def _bot_move(self, row, seat):
        """The move of the bot in ``seat``, as its scheduler job makes it (the job's version: the seat's turn)."""
        before = self.disk()
        version = self.run(self.store.seat_clocks(row.id))[seat].turn_version
        assert (seat, "bot", version) in {(j.seat, j.kind, j.version) for j in self.run(self.store.game_jobs(row.id))}
        ok, report = self.call(self.service.clock_bot(CHANNEL, row.id, seat, version))
        after = self.disk()
        assert ok and report is not None and report.kind == "bot" and after[2] == before[2] + 1
        assert self.run(self.service.clock_bot(CHANNEL, row.id, seat, version)) is None  # the same job again: nothing
        self.accepted += 1
        return True

    def _move(self, user, action, version, gid):
        before = self.disk()
        ok, report = self.call(self.service.act(CHANNEL, user, action, expected_version=version, expected_game=gid))
        after = self.disk()
        if ok:
            self.accepted += 1
            assert after[0] == before[0] and after[2] == before[2] + 1 and after[6] == before[6] + 1
            assert json.dumps(report.state, sort_keys=True) == after[3]
        else:
            assert after == before  # nothing changed
        return ok

    @precondition(lambda self: (r := self.open_row()) is not None and r.status == "active")
    @rule(data=st.data())
    def legal_move(self, data):
        row = self.open_row()
        game = get_game(row.title)
        prompt = data.draw(st.sampled_from(game.prompts(row.state)))
        action = data.draw(st.sampled_from([o.action for o in prompt.options]))
        if row.seats[prompt.seat].is_bot:
            self._bot_move(row, prompt.seat)
            return
        user = PEOPLE[[p.id for p in PEOPLE].index(row.seats[prompt.seat].user_id)]
        version = data.draw(st.sampled_from([row.version, None, row.version - 1, row.version + 1]))
        gid = data.draw(st.sampled_from([row.id, None, row.id + 1, row.id - 1]))
        accepted = self._move(user, action, version, gid)
        assert accepted == (version in (row.version, None) and gid in (row.id, None))

    @precondition(lambda self: (r := self.open_row()) is not None and r.status == "active")
    @rule(data=st.data(), count=st.integers(1, 12))
    def play_on(self, data, count):
        """Several legal moves in a row, as the players would make them."""
        for _ in range(count):
            row = self.open_row()
            if row is None or row.status != "active":
                return
            self._open_cache = None
            prompt = data.draw(st.sampled_from(get_game(row.title).prompts(row.state)))
            action = data.draw(st.sampled_from([o.action for o in prompt.options]))
            if row.seats[prompt.seat].is_bot:
                self._bot_move(row, prompt.seat)
                continue
            user = PEOPLE[[p.id for p in PEOPLE].index(row.seats[prompt.seat].user_id)]
            assert self._move(user, action, row.version, row.id)

    @precondition(lambda self: (r := self.open_row()) is not None and r.status == "active")
    @rule(data=st.data(), user=people)
    def someone_elses_move(self, data, user):
        row = self.open_row()
        game = get_game(row.title)
        prompt = data.draw(st.sampled_from(game.prompts(row.state)))
        action = data.draw(st.sampled_from([o.action for o in prompt.options]))
        seat = row.seat_of(user.id)
        accepted = self._move(user, action, data.draw(st.sampled_from([row.version, None])), None)
        if seat is None or seat not in game.current_seats(row.state):
            assert not accepted

    @rule(user=people, action=garbage, version=st.one_of(st.none(), st.integers(-3, 10**30)), data=st.data())
    def garbage_move(self, user, action, version, data):
        gid = data.draw(st.sampled_from(self.game_ids()) | st.none() | st.integers())
        self._move(user, action, version, gid)

    @rule(user=people, data=st.data())
    def peek(self, user, data):
        """Read-only entry points: they refuse or answer, and change nothing."""
        gid = data.draw(st.sampled_from(self.game_ids()) | st.none())
        before = self.disk()
        self.call(self.service.options_for(CHANNEL, user.id, expected_game=gid))
        self.call(self.service.private(CHANNEL, user.id, expected_game=gid))
        self.call(self.service.current(CHANNEL))
        self.call(self.service.history(CHANNEL, 5))
        self.call(self.service.abandonable(CHANNEL))
        assert self.disk() == before

    # -------------------------------------------------------------------- invariants

    @invariant()
    def stored_state_is_the_replay_of_the_log(self):
        for gid in self.ids[-2:]:
            row = self.run(self.store.game(gid))
            if row is None or row.state is None or (gid, row.version) in self._checked:
                continue
            self._checked.add((gid, row.version))
            moves = self.run(self.store.moves(gid))
            assert [m.seq for m in moves] == list(range(row.version + 1))
            assert self.run(self.service.replay(gid)) == row.state

    @invariant()
    def at_most_one_open_game(self):
        row = self.open_row()
        if row is not None:
            assert row.status in ("lobby", "active") and any(not s.is_bot for s in row.seats)
            assert len({s.user_id for s in row.seats}) == len(row.seats)
            assert len({s.name for s in row.seats if s.is_bot}) == sum(s.is_bot for s in row.seats)
            assert all(s.user_id.startswith("bot:") == s.is_bot for s in row.seats)


ServiceMachine.TestCase.settings = settings(
    max_examples=20, stateful_step_count=25, derandomize=True, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestServiceMachine = ServiceMachine.TestCase
