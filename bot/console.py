"""Local play without Discord: the same GameService and SQLite storage, a terminal instead of a channel.

``demo``  plays a whole game with random legal moves (or, with ``bots``, bots in every seat) and writes
          one PNG per accepted move.
``play``  hot-seat: people take turns at one keyboard, with the board image written after each move.
          Seats named ``bot`` / ``bot:LEVEL`` are bots: they play through the same scheduler jobs and
          service method as in Discord, and their boards are written like anyone's.
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bot.store import Store
from bot.table.botpool import BotConfig
from bot.table.errors import ServiceError
from bot.table.model import GameRow, MoveReport, Snapshot, UndoOutcome, User, effective_moves
from bot.table.ports import SilentNotifier
from bot.table.service import GameService
from engines import get_game
from engines.core import IllegalAction, Msg, Option
from render import renderer
from render.i18n import has_key, join_list, t

from .reading import Reading, interpret, known_words, label_key, normalise, typed_words
from .text import event_lines_from_json, image_names, is_bot_user, say, say_events, seat_names

CHANNEL = "local"
#: the host of a table where only bots sit (the all-bot demo): runs the table, has no seat
DEMO_HOST = User("local:host", "Host")


def parse_seat(text: str) -> tuple[str, str | None, bool]:
    """One entry of ``--players``: ``ann`` → a person; ``bot`` → a bot of the default level;
    ``bot:easy`` → a bot of that level. Returns (name, level, is a bot)."""
    word = text.strip()
    head, colon, level = word.partition(":")
    if head.lower() == "bot" and (not colon or level.strip()):
        return "", (level.strip().lower() or None), True
    return word, None, False


async def _setup(service: GameService, title: str, names: list[str], options: dict[str, Any] | None,
                 locale: str, seed: int | None) -> tuple[list[User], MoveReport]:
    """Seat the table in the order given (people and ``bot``/``bot:LEVEL`` seats) and start it. The first
    person hosts; the bots are seated through the service's lobby (:meth:`GameService.add_bot`)."""
    people = [i for i, n in enumerate(names) if not parse_seat(n)[2]]
    host = User(f"local:{people[0]}", names[people[0]]) if people else DEMO_HOST
    # no turn clock: the players share one keyboard, and "3 days left" means nothing there (issue 23)
    await service.new(CHANNEL, None, host, title, options or {}, locale, clock="none", seat_host=False)
    for i, text in enumerate(names):
        name, level, bot = parse_seat(text)
        if bot:
            await service.add_bot(CHANNEL, host, level)
        else:
            await service.join(CHANNEL, User(f"local:{i}", name))
    report = await service.start(CHANNEL, host, seed=seed)
    return _users(report.row), report


def _users(row: GameRow) -> list[User]:
    return [User(s.user_id, s.name) for s in sorted(row.seats, key=lambda s: s.seat)]


def render_board(snap: Snapshot, locale: str) -> bytes:
    assert snap.public_view is not None
    return renderer(snap.row.title).render_public(snap.public_view, image_names(snap.row), locale)


@dataclass
class BoardCollector(SilentNotifier):
    """The console's notifier: keeps the reports of moves the scheduler made (the bots'), to show them."""

    reports: list[MoveReport] = field(default_factory=list)

    async def board(self, report: MoveReport) -> None:
        self.reports.append(report)


class BotDriver:
    """Plays the bots of a local table the way the Discord bot does: the scheduler fires their jobs (due as
    soon as a bot is to act) and :meth:`GameService.clock_bot` commits each move through the one move path."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.notes = BoardCollector()
        service.set_notifier(self.notes)
        self.scheduler = service.scheduler()

    async def run(self) -> list[MoveReport]:
        """Fire every due job until no bot is to act; returns the bots' moves in order."""
        self.notes.reports.clear()
        while await self.scheduler.run_due():
            pass
        out = list(self.notes.reports)
        self.notes.reports.clear()
        return out


def _service(store: Store, bots: BotConfig | None, executor: Executor | None) -> GameService:
    return GameService(store, bots=bots, bot_executor=executor)


def result_json(snap: Snapshot, moves: int) -> dict[str, Any]:
    names = snap.row.names
    res = snap.result
    out: dict[str, Any] = {"game": snap.row.title, "moves": moves, "scores": {}, "winner": []}
    bots = {s.name: s.bot_level for s in snap.row.seats if s.bot_level is not None}
    if bots:
        out["bots"] = bots
    if res is not None:
        out["scores"] = {names[i]: s for i, s in enumerate(res.scores)}
        out["winner"] = [names[i] for i in res.winners]
        if res.extra:
            out["extra"] = dict(res.extra)
    return out


async def demo(title: str, players: int, seed: int, out: Path, locale: str = "en",
               options: dict[str, Any] | None = None, images: bool = True, log: TextIO | None = None,
               bots: str | None = None, bot_config: BotConfig | None = None,
               executor: Executor | None = None) -> dict[str, Any]:
    """Play one whole game through the service; one PNG per accepted move. Without ``bots``: random legal
    moves for seats P1…Pn. With ``bots`` (a level, or ``""`` for the default one): a bot in every seat,
    each move made by the scheduler's job and the service's bot path, as in Discord."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("[0-9][0-9][0-9][0-9].png"):
        old.unlink()
    store = await Store.open(str(_fresh_db(out / "referee-demo.sqlite3")))
    service = _service(store, bot_config, executor)
    try:
        if bots is not None:
            return await _bot_demo(service, title, players, seed, out, locale, options, images, log, bots or None)
        names = [f"P{i + 1}" for i in range(players)]
        users, report = await _setup(service, title, names, options, locale, seed)
        rnd = random.Random(seed)
        moves = 0
        snap: Snapshot = report
        while snap.prompts:
            prompt = rnd.choice(snap.prompts)
            option = rnd.choice(prompt.options)
            snap = await service.act(CHANNEL, users[prompt.seat], option.action)
            moves += 1
            if log is not None:
                for line in say_events(snap.events, locale, names):
                    print(line, file=log)
            if images:
                png = await asyncio.to_thread(render_board, snap, locale)
                (out / f"{moves:04d}.png").write_bytes(png)
        return result_json(snap, moves)
    finally:
        await service.close(timeout=0)  # closes the store and the bot workers


async def _bot_demo(service: GameService, title: str, players: int, seed: int, out: Path, locale: str,
                    options: dict[str, Any] | None, images: bool, log: TextIO | None, level: str | None) -> dict[str, Any]:
    await service.new(CHANNEL, None, DEMO_HOST, title, options or {}, locale, bots=players, bot_level=level,
                      seat_host=False)
    snap: Snapshot = await service.start(CHANNEL, DEMO_HOST, seed=seed)
    names = seat_names(snap.row, locale)
    driver = BotDriver(service)
    moves = 0
    while snap.prompts:
        reports = await driver.run()
        if not reports:
            raise RuntimeError("the bots stopped although the game is not over")
        for report in reports:
            moves += 1
            if log is not None:
                for line in say_events(report.events, locale, names):
                    print(line, file=log)
            if images:
                png = await asyncio.to_thread(render_board, report, locale)
                (out / f"{moves:04d}.png").write_bytes(png)
        snap = reports[-1]
    return result_json(snap, moves)


def _fresh_db(path: Path) -> Path:
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    return path


# ---------------------------------------------------------------------- hot-seat

def _next_image_number(out: Path) -> int:
    numbers = [int(p.stem) for p in out.glob("[0-9][0-9][0-9][0-9].png")]
    return max(numbers, default=0)


def turn_line(player: str, title: str, locale: str) -> str:
    """"▶ ann — take money, buy a tile or redesign": the player's name once, even where the decision's
    title already starts with it ("ann: take money …" printed "▶ ann — ann: …")."""
    for sep in (": ", " — ", " - "):
        if title.startswith(player + sep):
            title = title[len(player) + len(sep):]
            break
    return t("console.turn", locale, player=player) + " — " + title


def help_text(title: str, options: Sequence[Option], locale: str) -> str:
    """The console's help with examples from the game being played: a move of the current list written
    out, and the first word of one to list those (Alhambra's ``take y2+g3`` meant nothing in Luxor)."""
    examples = [o.action for o in options if " " in o.action] or [o.action for o in options]
    move = examples[len(examples) // 2] if examples else ""
    verbs = list(dict.fromkeys(o.action.split()[0] for o in options if o.action.strip()))
    return t("console.help_game", locale, game=t(f"game.{title}", locale), move=move or "—",
             prefix=", ".join(verbs[:3]) or "—")


class HotSeat:
    """A terminal session: read commands, drive the service, print what a channel would show."""

    def __init__(self, service: GameService, users: list[User], out: Path, locale: str,
                 read: Callable[[str], str] = input, write: TextIO = sys.stdout) -> None:
        self.service, self.users, self.out, self.locale = service, users, out, locale
        self.read, self.write = read, write
        self.names: list[str] = [u.name for u in users]  # display names ("🤖 Zoraida (bot, easy)"), set by run
        self.bots: set[int] = set()
        self.driver = BotDriver(service)
        self.shown: list[Option] = []
        self.image_no = _next_image_number(out)  # a resumed game continues the numbering

    def say(self, text: str = "") -> None:
        print(text, file=self.write)

    def tr(self, key: str, **params: Any) -> str:
        return t(key, self.locale, **params)

    async def board(self, snap: Snapshot, new: bool = True) -> None:
        """Write the board: a new numbered image after a move; ``board`` rewrites the current one."""
        if new or self.image_no == 0:
            self.image_no += 1
        path = self.out / f"{self.image_no:04d}.png"
        path.write_bytes(await asyncio.to_thread(render_board, snap, self.locale))
        self.say(self.tr("console.board_written", path=str(path)))

    def list_options(self, options: list[Option], filtered: bool = False) -> None:
        """Print options with numbers (those numbers are what a number typed next means)."""
        if not filtered and len(options) > 30:
            groups: dict[str, list[Option]] = {}
            for o in options:
                groups.setdefault(o.action.split()[0], []).append(o)
            self.shown = []
            for g, opts in groups.items():
                self.say(f"  {g} … ({len(opts)})")
            self.say(self.tr("console.filter_hint"))
            return
        self.shown = list(options)
        for i, o in enumerate(options, 1):
            self.say(f"  {i:>3}. {say(o.label, self.locale, self.names)}   [{o.action}]")

    async def hand(self, snap: Snapshot, actor: int) -> None:
        _, seat, private = await self.service.private(CHANNEL, self.users[actor].id)
        path = self.out / f"hand-{self.users[seat].name}.png"
        png = await asyncio.to_thread(
            renderer(snap.row.title).render_private, snap.public_view, private, image_names(snap.row), self.locale
        )
        path.write_bytes(png)
        self.say(self.tr("console.hand_title", player=self.names[seat], seat=seat + 1))
        for line in describe_private(snap.row.title, private, self.locale):
            self.say("  " + line)
        self.say(self.tr("console.hand_written", path=str(path)))

    async def undo(self, snap: Snapshot) -> Snapshot:
        """The last move's player takes it back (the solo rule: nobody acted since, nothing revealed)."""
        _, moves, _ = await self.service.record_source(CHANNEL, self.users[0].id)
        # the last move a person made (the bots' moves after it go with it: bots consent at once)
        last = next((m for m in reversed(effective_moves(moves)) if m.user_id and not is_bot_user(m.user_id)), None)
        user = next((u for u in self.users if last is not None and u.id == last.user_id), None)
        if user is None:
            self.say(self.tr("undo.err.nothing"))
            return snap
        try:
            out = await self.service.undo(CHANNEL, user)
        except ServiceError as exc:
            self.say(say(exc.message, self.locale, self.names))
            return snap
        if out.status == "requested":
            out = await self.ask_consent(out)
        if out.report is None:  # declined: nothing changed
            return snap
        for text in say_events(out.report.public_events, self.locale, self.names):
            self.say("  " + text)
        await self.board(out.report)
        return await self.bots_play(out.report)

    async def ask_consent(self, out: UndoOutcome) -> UndoOutcome:
        """An undo that needs the other people's consent (a bot moved after the undoer, and another person
        sits at the table): at a hot seat they are at the keyboard, so each is asked in turn (issue 21)."""
        assert out.request is not None
        by_id = {u.id: u for u in self.users}
        self.say(self.tr("undo.requested", player=out.requester, first=out.first, last=out.last,
                         moves=", ".join(m.action for m in out.taken_back),
                         waiting=", ".join(by_id[u].name for u in out.waiting if u in by_id),
                         minutes=max(1, round(self.service.undo_ttl / 60))))
        agree, decline = self.tr("undo.accept_button"), self.tr("undo.decline_button")
        for user_id in list(out.waiting):
            user = by_id[user_id]
            try:
                answer = self.read(f"{user.name} [{agree}/{decline}]> ").strip().casefold()
            except EOFError:
                answer = ""
            accept = answer in ("y", "yes", agree.casefold()) or (bool(answer) and answer[0] == agree.casefold()[0])
            try:
                out = await self.service.answer_undo(CHANNEL, user, out.request.id, accept)
            except ServiceError as exc:
                self.say(say(exc.message, self.locale, self.names))
                return out
            if out.status == "declined":
                self.say(self.tr("undo.declined", player=user.name))
                return out
            if out.status == "done":
                return out
        return out

    async def bots_play(self, snap: Snapshot) -> Snapshot:
        """Let the bots that are to act play (their scheduler jobs are due at once), showing each move."""
        thinking = [seat for seat in snap.waiting_for if seat in self.bots]
        if not thinking:
            return snap
        for seat in thinking:
            self.say(self.tr("bots.console.thinking", player=self.names[seat]))
        reports = await self.driver.run()
        for report in reports:
            for text in say_events(report.public_events, self.locale, self.names):
                self.say("  " + text)
            await self.board(report)
        return reports[-1] if reports else snap

    async def record(self) -> None:
        """Write the game record (JSON) and a transcript in the console's language."""
        from bot.records.record import build_record, dumps, transcript

        row, moves, result = await self.service.record_source(CHANNEL, self.users[0].id)
        json_path = self.out / f"record-{row.id}.json"
        text_path = self.out / f"record-{row.id}.txt"
        # the players' own game on their own machine: the record keeps the seed, so `referee replay` and
        # `referee recap` read it even before the game is over (a Discord record keeps it secret until then)
        json_path.write_text(dumps(build_record(row, moves, result, with_seed=True)), encoding="utf-8")
        text_path.write_text(transcript(row, moves, result, self.locale), encoding="utf-8")
        self.say(self.tr("console.record_written", json=str(json_path), text=str(text_path)))

    def read_line(self, line: str, snap: Snapshot, options: list[Option]) -> Reading:
        """:func:`interpret` with what this game knows: its verbs, the options' labels as printed, the board's
        words (tile ids in their spelling) and moves typed in words as the game declares (:func:`typed_words`)."""
        title = snap.row.title
        line = typed_words(title, line, self.locale)
        verbs = [v for g in get_game(title).command_groups for v in g.verbs]
        labels = {label_key(say(o.label, self.locale, self.names)): o.action for o in options}
        known = known_words(snap.public_view) if snap.public_view is not None else {}
        return interpret(line, options, self.shown, verbs, labels, known)

    async def run(self, snap: Snapshot) -> Snapshot:
        self.names = seat_names(snap.row, self.locale)
        self.bots = {s.seat for s in snap.row.seats if s.is_bot}
        self.say(self.tr("console.welcome"))
        await self.board(snap)
        snap = await self.bots_play(snap)  # at the start (or a resumed bot decision)
        fresh = True
        while snap.prompts:
            people = [seat for seat in snap.waiting_for if seat not in self.bots]
            if not people:  # a bot is to act but made no move (its decision failed): do not spin
                self.say(self.tr("bots.console.stuck"))
                return snap
            actor = people[0]
            prompt = next(p for p in snap.prompts if p.seat == actor)
            options = [o for p in snap.prompts if p.seat == actor for o in p.options]
            if fresh:
                self.say("")
                self.say(turn_line(self.names[actor], say(prompt.title, self.locale, self.names), self.locale))
                self.list_options(options)
                fresh = False
            try:
                line = self.read("> ")
            except EOFError:
                self.say(self.tr("console.bye"))
                return snap
            reading = self.read_line(line, snap, options)
            if reading.kind == "empty":
                continue
            if reading.kind == "command":
                word = reading.action
                if word in ("quit", "exit"):
                    self.say(self.tr("console.bye"))
                    return snap
                if word == "help":
                    self.say(help_text(snap.row.title, options, self.locale))
                    self.say(self.tr("console.help_undo"))
                elif word == "undo":
                    snap = await self.undo(snap)
                    fresh = True
                elif word == "record":
                    await self.record()
                elif word == "list":
                    fresh = True
                elif word == "board":
                    await self.board(snap, new=False)
                elif word == "hand":
                    await self.hand(snap, actor)
                elif word == "history":
                    _, moves = await self.service.history(CHANNEL, 10)
                    for m in moves:
                        for text in event_lines_from_json(m.events, self.locale, self.names):
                            self.say(f"  #{m.seq} {text}")
                continue
            if reading.kind == "bad_number":
                self.say(self.tr("console.bad_number", n=len(self.shown)) if self.shown
                         else self.tr("console.no_numbers"))
                continue
            if reading.kind == "list":
                self.list_options(list(reading.options), filtered=True)
                continue
            if reading.kind == "unknown":
                hint = ", ".join(reading.suggestions)
                self.say(self.tr("console.unknown", text=normalise(line), hint=hint) if hint
                         else self.tr("console.unknown_nohint", text=normalise(line)))
                continue
            try:
                snap = await self.service.act(CHANNEL, self.users[actor], reading.action)
            except IllegalAction as exc:
                self.say(self.tr("console.illegal", clause=exc.clause, reason=say(exc.message, self.locale, self.names)))
                continue
            except ServiceError as exc:
                self.say(say(exc.message, self.locale, self.names))
                continue
            for text in say_events(snap.public_events, self.locale, self.names):
                self.say("  " + text)
            await self.board(snap)
            snap = await self.bots_play(snap)
            fresh = True
        self.say(self.tr("console.game_over"))
        await self.record()  # the console exits now, so "record" could not be typed any more (issue 23)
        self.say(json.dumps(result_json(snap, snap.row.version), ensure_ascii=False))
        return snap


# ---------------------------------------------------------------------- a private view as text


def _item(m: Msg, locale: str) -> str:
    """One item of a line: a catalogue message, or (a key the catalogue lacks) its ``label`` as given."""
    return t(m, locale) if has_key(m.key) else t(Msg("console.raw", {"text": m.params.get("label", "?")}), locale)


def describe_private(title: str, private: Mapping[str, Any], locale: str) -> list[str]:
    """The secret part of one player's view as a few translated lines (never the raw state): the lines each
    game declares (:meth:`engines.core.Game.private_lines`)."""
    out = []
    for line in get_game(title).private_lines(private):
        params: dict[str, Any] = {}
        for name, value in line.message.params.items():
            if isinstance(value, tuple) and all(isinstance(m, Msg) for m in value):
                texts = [_item(m, locale) for m in value]
                if line.sep is not None:
                    value = line.sep.join(texts)
                else:
                    value = join_list(texts, locale) if texts else t("console.hand_none", locale)
            params[name] = value
        out.append(t(line.message.key, locale, **params))
    return out


# ---------------------------------------------------------------------- starting or resuming


def _same_table(row: GameRow, names: Sequence[str]) -> bool:
    """Whether a saved game has the seats ``--players`` asks for (bots by level, people by name)."""
    if len(row.seats) != len(names):
        return False
    for seat, text in zip(sorted(row.seats, key=lambda s: s.seat), names, strict=True):
        name, level, bot = parse_seat(text)
        if bot != seat.is_bot or (bot and level is not None and level != seat.bot_level) or (not bot and name != seat.name):
            return False
    return True


def duplicate_name(names: Sequence[str]) -> str | None:
    """The first person's name given twice in ``--players`` (case and spacing ignored; bot seats may
    repeat: each gets its own name), or ``None``. Two "ann" seats could not be told apart in any message."""
    seen: set[str] = set()
    for text in names:
        name, _, bot = parse_seat(text)
        key = " ".join(name.casefold().split())
        if bot:
            continue
        if key in seen:
            return name
        seen.add(key)
    return None


#: answers to "resume (r) or new (n)?" in every console language: resume / pokračovat / wznów; new / nová / nowa
RESUME_WORDS = ("r", "resume", "p", "pokračovat", "pokracovat", "w", "wznów", "wznow")
NEW_WORDS = ("n", "new", "nová", "nova", "nowa")


def ask_resume(read: Callable[[str], str], write: TextIO, locale: str) -> str:
    """"resume", "new", or "" (no answer: end of input). A wrong answer asks again instead of ending the
    command (issue 23)."""
    while True:
        try:
            answer = read(t("console.resume_or_new", locale) + " ").strip().casefold()
        except EOFError:
            return ""
        if answer in RESUME_WORDS:
            return "resume"
        if answer in NEW_WORDS:
            return "new"
        print(t("console.resume_again", locale, answer=answer), file=write)


def keep_earlier_boards(out: Path) -> Path | None:
    """Move the numbered boards of an earlier game in ``out`` into the first free ``out/earlier-N/`` (with
    its hand images), so a new game never overwrites them; returns that folder, or ``None`` if there were
    none. (Chosen over asking, which a script cannot answer, and over numbering on, which mixes two games
    in one sequence.)"""
    boards = sorted(out.glob("[0-9][0-9][0-9][0-9].png"))
    if not boards:
        return None
    n = 1
    while (out / f"earlier-{n}").exists():
        n += 1
    folder = out / f"earlier-{n}"
    folder.mkdir()
    for path in [*boards, *out.glob("hand-*.png")]:
        path.rename(folder / path.name)
    return folder


async def play(title: str, names: list[str], out: Path, locale: str = "en", seed: int | None = None,
               options: dict[str, Any] | None = None, db: Path | None = None, fresh: bool = False,
               read: Callable[[str], str] = input, write: TextIO = sys.stdout, resume: bool = False,
               bot_config: BotConfig | None = None, executor: Executor | None = None) -> Snapshot | None:
    """Hot-seat play. The game lives in ``db``: run again to resume it after a restart.

    A saved game of the same title and the same players resumes. A saved game of other people, of
    another player count or of another title is never resumed or replaced silently: ``resume`` continues
    it, ``fresh`` starts over, and otherwise the player is asked (no answer: nothing happens).
    """
    twice = duplicate_name(names)
    if twice is not None:
        raise ServiceError("console.err.duplicate_name", name=twice)
    out.mkdir(parents=True, exist_ok=True)
    db = db or out / "referee-play.sqlite3"
    store = await Store.open(str(_fresh_db(db) if fresh else db))
    service = _service(store, bot_config, executor)
    try:
        try:
            existing: GameRow | None = (await service.current(CHANNEL)).row
        except ServiceError:  # no game in this file yet
            existing = None
        if existing is not None and existing.status == "active":
            saved = seat_names(existing, locale)
            same = existing.title == title and _same_table(existing, names)
            if not same and not resume:
                print(t("console.other_game", locale, game=t(f"game.{existing.title}", locale),
                        names=join_list(saved, locale), n=len(saved), version=existing.version), file=write)
                answer = ask_resume(read, write, locale)
                if answer == "resume":
                    resume = True
                elif answer == "new":
                    await service.abandon(CHANNEL, User(existing.host_id, ""), expected_game=existing.id)
                    existing = None
                else:
                    print(t("console.choose_resume_or_new", locale), file=write)
                    return None
            if existing is not None:
                users = _users(existing)
                print(t("console.resumed", locale, version=existing.version), file=write)
                return await HotSeat(service, users, out, locale, read, write).run(service.snapshot(existing))
        kept = keep_earlier_boards(out)  # a new game numbers its boards from 0001, never over an earlier game's
        if kept is not None:
            print(t("console.boards_kept", locale, path=str(kept)), file=write)
        users, snap = await _setup(service, title, names, options, locale, seed)
        return await HotSeat(service, users, out, locale, read, write).run(snap)
    finally:
        await service.close(timeout=0)  # closes the store and the bot workers
