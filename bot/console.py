"""Local play without Discord: the same GameService and SQLite storage, a terminal instead of a channel.

``demo``  plays a whole game with random legal moves and writes one PNG per accepted move.
``play``  hot-seat: people take turns at one keyboard, with the board image written after each move.
"""
from __future__ import annotations

import asyncio
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from engines.core import IllegalAction, Option
from render import renderer
from render.i18n import t

from .service import GameService, MoveReport, ServiceError, Snapshot, User
from .storage import Store
from .text import event_lines_from_json, say, say_events

CHANNEL = "local"


async def _setup(service: GameService, title: str, names: list[str], options: dict[str, Any] | None,
                 locale: str, seed: int | None) -> tuple[list[User], MoveReport]:
    users = [User(f"local:{i}", name) for i, name in enumerate(names)]
    await service.new(CHANNEL, None, users[0], title, options or {}, locale)
    for u in users[1:]:
        await service.join(CHANNEL, u)
    report = await service.start(CHANNEL, users[0], seed=seed)
    return users, report


def render_board(snap: Snapshot, locale: str) -> bytes:
    assert snap.public_view is not None
    return renderer(snap.row.title).render_public(snap.public_view, snap.row.names, locale)


def result_json(snap: Snapshot, moves: int) -> dict[str, Any]:
    names = snap.row.names
    res = snap.result
    out: dict[str, Any] = {"game": snap.row.title, "moves": moves, "scores": {}, "winner": []}
    if res is not None:
        out["scores"] = {names[i]: s for i, s in enumerate(res.scores)}
        out["winner"] = [names[i] for i in res.winners]
        if res.extra:
            out["extra"] = dict(res.extra)
    return out


async def demo(title: str, players: int, seed: int, out: Path, locale: str = "en",
               options: dict[str, Any] | None = None, images: bool = True, log: TextIO | None = None) -> dict[str, Any]:
    """Play one whole game with random legal moves through the service; one PNG per accepted move."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("[0-9][0-9][0-9][0-9].png"):
        old.unlink()
    store = await Store.open(str(_fresh_db(out / "referee-demo.sqlite3")))
    try:
        service = GameService(store)
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
        await store.close()


def _fresh_db(path: Path) -> Path:
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    return path


# ---------------------------------------------------------------------- hot-seat


def describe(value: Any, indent: str = "  ") -> str:
    """A private view as readable lines (keys and values; small records on one line)."""
    lines: list[str] = []

    def flat(v: Any) -> str:
        if isinstance(v, dict):
            return " ".join(f"{k}={flat(x)}" for k, x in v.items())
        if isinstance(v, list):
            return ", ".join(flat(x) for x in v) or "—"
        return str(v)

    if isinstance(value, dict):
        for k, v in value.items():
            lines.append(f"{indent}{k}: {flat(v)}")
    else:
        lines.append(indent + flat(value))
    return "\n".join(lines)


class HotSeat:
    """A terminal session: read commands, drive the service, print what a channel would show."""

    def __init__(self, service: GameService, users: list[User], out: Path, locale: str,
                 read: Callable[[str], str] = input, write: TextIO = sys.stdout) -> None:
        self.service, self.users, self.out, self.locale = service, users, out, locale
        self.read, self.write = read, write
        self.names = [u.name for u in users]
        self.shown: list[Option] = []
        self.image_no = 0

    def say(self, text: str = "") -> None:
        print(text, file=self.write)

    def tr(self, key: str, **params: Any) -> str:
        return t(key, self.locale, **params)

    async def board(self, snap: Snapshot) -> None:
        self.image_no += 1
        path = self.out / f"{self.image_no:04d}.png"
        path.write_bytes(await asyncio.to_thread(render_board, snap, self.locale))
        self.say(self.tr("console.board_written", path=str(path)))

    def list_options(self, options: list[Option], prefix: str = "") -> None:
        groups: dict[str, list[Option]] = {}
        for o in options:
            groups.setdefault(o.action.split()[0], []).append(o)
        chosen = [o for o in options if o.action.startswith(prefix)] if prefix else options
        if not prefix and len(options) > 30:
            self.shown = []
            for g, opts in groups.items():
                self.say(f"  {g} … ({len(opts)})")
            self.say(self.tr("console.filter_hint"))
            return
        self.shown = chosen
        for i, o in enumerate(chosen, 1):
            self.say(f"  {i:>3}. {say(o.label, self.locale, self.names)}   [{o.action}]")

    async def run(self, snap: Snapshot) -> Snapshot:
        self.say(self.tr("console.welcome"))
        await self.board(snap)
        while snap.prompts:
            seats = snap.waiting_for
            actor = seats[0]
            prompt = next(p for p in snap.prompts if p.seat == actor)
            self.say("")
            self.say(self.tr("console.turn", player=self.names[actor]) + " — " + say(prompt.title, self.locale, self.names))
            options = [o for p in snap.prompts if p.seat == actor for o in p.options]
            self.list_options(options)
            try:
                line = self.read("> ").strip()
            except EOFError:
                self.say(self.tr("console.bye"))
                return snap
            if not line:
                continue
            word = line.split()[0].lower()
            if word in ("quit", "exit"):
                self.say(self.tr("console.bye"))
                return snap
            if word == "help":
                self.say(self.tr("console.help"))
                continue
            if word == "board":
                await self.board(snap)
                continue
            if word == "hand":
                _, seat, private = await self.service.private(CHANNEL, self.users[actor].id)
                path = self.out / f"hand-{self.names[seat]}.png"
                png = await asyncio.to_thread(
                    renderer(snap.row.title).render_private, snap.public_view, private, self.names, self.locale
                )
                path.write_bytes(png)
                self.say(describe(private))
                self.say(self.tr("console.hand_written", path=str(path)))
                continue
            if word == "history":
                _, moves = await self.service.history(CHANNEL, 10)
                for m in moves:
                    for text in event_lines_from_json(m.events, self.locale, self.names):
                        self.say(f"  #{m.seq} {text}")
                continue
            action = line
            if line.isdigit() and self.shown and 1 <= int(line) <= len(self.shown):
                action = self.shown[int(line) - 1].action
            elif not any(o.action == line for o in options):
                matching = [o for o in options if o.action.startswith(line)]
                if matching:
                    self.list_options(options, line)
                    continue
            try:
                snap = await self.service.act(CHANNEL, self.users[actor], action)
            except IllegalAction as exc:
                self.say(self.tr("console.illegal", clause=exc.clause, reason=say(exc.message, self.locale, self.names)))
                continue
            except ServiceError as exc:
                self.say(say(exc.message, self.locale, self.names))
                continue
            for text in say_events(snap.public_events, self.locale, self.names):
                self.say("  " + text)
            await self.board(snap)
        self.say(self.tr("console.game_over"))
        self.say(json.dumps(result_json(snap, snap.row.version), ensure_ascii=False))
        return snap


async def play(title: str, names: list[str], out: Path, locale: str = "en", seed: int | None = None,
               options: dict[str, Any] | None = None, db: Path | None = None, fresh: bool = False,
               read: Callable[[str], str] = input, write: TextIO = sys.stdout) -> Snapshot:
    """Hot-seat play. The game lives in ``db``: run again without ``fresh`` to resume it after a restart."""
    out.mkdir(parents=True, exist_ok=True)
    db = db or out / "referee-play.sqlite3"
    store = await Store.open(str(_fresh_db(db) if fresh else db))
    try:
        service = GameService(store)
        existing = await store.open_game(CHANNEL)
        if existing is not None and existing.status == "active" and existing.title == title:
            users = [User(s.user_id, s.name) for s in existing.seats]
            print(t("console.resumed", locale, version=existing.version), file=write)
            snap = service.snapshot(existing)
        else:
            if existing is not None:
                await store.set_status(existing.id, "abandoned", service.clock())
            users, snap = await _setup(service, title, names, options, locale, seed)
        return await HotSeat(service, users, out, locale, read, write).run(snap)
    finally:
        await store.close()
