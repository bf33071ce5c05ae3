"""``referee bench --history N [--active M]``: do the reads stay flat as the database grows? (issue 18)

It builds (or reuses) a database of ``N`` finished and ``M`` active games, then times the reads users make in a
fresh process, and prints a table, then one JSON line::

    {"finished": N, "active": M, "startup_s": …, "bytes_per_finished_game": …, "rss_mb": …,
     "ops": {"stats_me": {"p50_ms": …, "p95_ms": …, "cpu_p50_ms": …, "cpu_p95_ms": …}, …}}

How the database is built, quickly: a handful of real seeded games are played through the project's own
service (finished ones, an abandoned one, and games stopped halfway under a clock), then their rows (game,
seats, move log, board posts, seat clocks) are copied with bulk inserts under new ids, channels and users,
spread over a few servers; a tenth of the copies seat a bot. The copies' results and ratings are computed
game by game with :func:`bot.table.stats.rebuild` (as a rebuild of the stats would). A seat clock of an
active copy began up to 1.1 days ago with one day to go, so about one active game in eleven is overdue.

The reads (``--repeat`` times each, on varied users, servers and channels): ``/stats me`` and ``/stats user``,
``/stats leaderboard``, ``/game mine`` (on a server, and everywhere), ``/game overdue``, the database part of
``/game status``/``board``/``hand`` (finding the channel's game and loading it) and ``/game history`` (the same
and its last moves), a move (``/game move`` through the service), and start-up (``Store.open``). Also the
bytes on disk per finished game and the peak memory of the measuring process.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import resource
import sqlite3
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.store import Store, is_postgres, open_store
from bot.table.errors import StorageError
from bot.table.model import ABANDONED, ACTIVE, OVER, GameRow, Seat, User
from bot.table.service import GameService
from bot.table.stats import StatsTable, rebuild, result_of
from engines import available_games, get_game
from engines.core import Result

from .bench import percentile

#: the bench's "now": a Tuesday, 12:00 UTC (every copied game ended or started before it)
NOW = 1_795_003_200.0
DAY = 86400.0
GUILDS = ("g1", "g2", "g3", "g4", "g5")
#: people per server (some play on two servers)
PEOPLE = 400


def templates() -> list[tuple[str, int, bool | None]]:
    """The template games: (title, players, finished?) — for every title, finished games of its fewest players
    and one more, and one stopped halfway under a clock; and one abandoned halfway (``None``)."""
    out: list[tuple[str, int, bool | None]] = []
    for title in available_games():
        game = get_game(title)
        low = game.min_players
        out += [(title, low, True), (title, min(low + 1, game.max_players), True),
                (title, min(low + 1, game.max_players), False)]
    first = available_games()[0]
    return [*out, (first, get_game(first).min_players, None)]


OPS = ("stats_me", "stats_user", "stats_leaderboard", "mine", "mine_everywhere", "overdue", "status", "history",
       "move")


def default_path(finished: int, active: int) -> Path:
    return Path(os.environ.get("TMPDIR", "/tmp")) / f"referee-bench-history-{finished}-{active}.sqlite3"


# ------------------------------------------------------------------------------------------------ building


@dataclass
class Template:
    id: int
    title: str
    players: int
    status: str
    result: Result | None
    movers: dict[int, set[str]]
    seats: list[Seat]
    clock: dict[str, Any]


async def _play_templates(path: Path, seed: int) -> list[Template]:
    """Play the template games through the service; returns what the copies need of them."""
    now = [NOW - 400 * DAY]
    store = await Store.open(str(path))
    service = GameService(store, clock=lambda: now[0], seed_source=lambda: seed)
    rnd = random.Random(seed)
    out: list[Template] = []
    try:
        for i, (title, players, finished) in enumerate(templates()):
            channel = f"template-{i}"
            users = [User(f"t{k}", f"Template {k}") for k in range(players)]
            await service.new(channel, "template", users[0], title, {}, "en", clock="1d" if not finished else None)
            for u in users[1:]:
                await service.join(channel, u)
            snap = await service.start(channel, users[0], seed=rnd.randrange(1 << 30))
            total = 0
            while snap.prompts and (finished or total < 60):
                p = rnd.choice(snap.prompts)
                now[0] += rnd.uniform(60, 4 * 3600)
                snap = await service.act(channel, users[p.seat], rnd.choice(p.options).action)
                total += 1
            if finished is None:
                await service.abandon(channel, users[0])
            row = await store.latest_game(channel)
            assert row is not None
            movers = (await store.move_users([row.id])).get(row.id, {})
            out.append(Template(row.id, title, players, row.status, result_of(row), movers, row.seats, row.clock))
    finally:
        await service.close()
    return out


def _people(guild: str) -> list[str]:
    base = GUILDS.index(guild) * (PEOPLE * 3 // 4)  # a quarter of each server's people also play on the next one
    return [f"p{base + k}" for k in range(PEOPLE)]


def _clone(db: sqlite3.Connection, tpl: Template, status: str, channel: str, guild: str, users: list[str],
           ended: float, rnd: random.Random) -> tuple[int, list[Seat]]:
    """Copy a template game under a new id, channel, server and users; the copy's id and seats."""
    shift = ended - NOW
    cur = db.execute(
        "INSERT INTO games(channel_id, guild_id, title, status, host_id, options, seed, locale, version, state,"
        " created_at, updated_at, rules_version, clock, timeout_policy, paused_since)"
        " SELECT ?, ?, title, ?, ?, options, seed, locale, version, state, created_at + ?, ?, rules_version, clock,"
        " timeout_policy, paused_since FROM games WHERE id=?",
        (channel, guild, status, users[0], shift, ended, tpl.id))
    gid = cur.lastrowid
    assert gid is not None
    # template user tK becomes users[K] (in the seats and in the move log alike)
    who = [users[int(s.user_id[1:])] for s in tpl.seats]
    seats = [Seat(s.seat, u, "Bot" if u.startswith("bot:") else u, "easy" if u.startswith("bot:") else None)
             for s, u in zip(tpl.seats, who, strict=True)]
    db.executemany("INSERT INTO seats(game_id, seat, user_id, name, bot_level) VALUES (?,?,?,?,?)",
                   [(gid, s.seat, s.user_id, s.name, s.bot_level) for s in seats])
    case = " ".join(f"WHEN 't{k}' THEN ?" for k in range(len(users)))
    db.execute(
        f"INSERT INTO moves(game_id, seq, seat, user_id, action, events, at, kind, reveals, undone_by, clocks)"
        f" SELECT ?, seq, seat, CASE user_id {case} ELSE user_id END, action, events, at + ?, kind, reveals,"
        f" undone_by, clocks FROM moves WHERE game_id=?", (gid, *users, shift, tpl.id))
    db.execute(
        "INSERT INTO posts(game_id, version, channel_id, user_id, status, attempts, next_at, last_error, message_id,"
        " created_at, updated_at) SELECT ?, version, ?, user_id, status, attempts, next_at + ?, last_error,"
        " message_id, created_at + ?, updated_at + ? FROM posts WHERE game_id=?",
        (gid, channel, shift, shift, shift, tpl.id))
    if status == ACTIVE:
        db.execute(
            "INSERT INTO seat_clocks(game_id, seat, bank, started, turn_version, reminded, timeouts, overdue, bot,"
            " votes) SELECT ?, seat, bank, CASE WHEN started IS NULL THEN NULL ELSE ? END, turn_version, reminded,"
            " timeouts, overdue, bot, votes FROM seat_clocks WHERE game_id=?",
            (gid, NOW - rnd.uniform(0, 1.1 * DAY), tpl.id))
    return gid, seats


def build(path: Path, finished: int, active: int, seed: int = 1, log: Callable[[str], None] = print) -> None:
    """Make the bench database at ``path`` (replacing one there)."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    t0 = time.perf_counter()
    templates = asyncio.run(_play_templates(path, seed))
    log(f"history: {len(templates)} template games played through the service in {time.perf_counter() - t0:.1f} s")
    ended_tpl = [t for t in templates if t.status in (OVER, ABANDONED)]
    done_tpl = [t for t in ended_tpl if t.status == OVER]
    active_tpl = [t for t in templates if t.status == ACTIVE]
    rnd = random.Random(seed)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA foreign_keys=ON")
    db.execute("PRAGMA journal_mode=OFF")
    db.execute("PRAGMA synchronous=OFF")
    db.execute("PRAGMA cache_size=-200000")
    db.execute("BEGIN")
    table: StatsTable = {}
    games: list[tuple[GameRow, Result | None, dict[int, set[str]]]] = []
    channels = max(1, finished // 25)  # a channel holds about 25 finished games
    step = 365 * DAY / max(1, finished)
    for i in range(finished):
        tpl = done_tpl[i % len(done_tpl)] if i % 40 else next(t for t in ended_tpl if t.status == ABANDONED)
        guild = GUILDS[i % len(GUILDS)]
        users = rnd.sample(_people(guild), tpl.players)
        if i % 10 == 3:
            users[-1] = "bot:easy"
        ended = NOW - 2 * DAY - (finished - i) * step
        gid, seats = _clone(db, tpl, tpl.status, f"ch{i % channels}", guild, users, ended, rnd)
        movers = {seat: {users[int(u[1:])] if u.startswith("t") else u for u in who}
                  for seat, who in tpl.movers.items()}
        row = GameRow(gid, f"ch{i % channels}", guild, tpl.title, tpl.status, users[0], {}, 1, "en", 0, None,
                      ended, ended, seats=seats)
        games.append((row, tpl.result, movers))
        if len(games) >= 2000:
            _write_stats(db, rebuild(games, table))
            games = []
        if (i + 1) % 10000 == 0:
            log(f"history: {i + 1} finished games copied ({time.perf_counter() - t0:.0f} s)")
    _write_stats(db, rebuild(games, table))
    for j in range(active):
        tpl = active_tpl[j % len(active_tpl)]
        guild = GUILDS[j % len(GUILDS)]
        users = rnd.sample(_people(guild), tpl.players)
        # every active game has its own channel; a third of them are channels with finished games
        channel = f"ch{j % channels}" if j % 3 == 0 and j < channels else f"active{j}"
        _clone(db, tpl, ACTIVE, channel, guild, users, NOW - rnd.uniform(0, 30 * DAY), rnd)
    for t in templates:  # the templates themselves are not part of the bench
        db.execute("DELETE FROM games WHERE id=?", (t.id,))
    db.execute("DELETE FROM results WHERE game_id NOT IN (SELECT id FROM games)")
    db.execute("DELETE FROM ratings")
    db.executemany(
        "INSERT INTO ratings(guild, title, user_id, name, mu, sigma, played, wins, abandoned, replaced, score_total,"
        " place_total, rated) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
        [(guild or "", title, p.user_id, p.name, p.mu, p.sigma, p.played, p.wins, p.abandoned, p.replaced,
          p.score_total, p.place_total, p.rated) for (guild, title), lines in table.items() for p in lines.values()])
    db.execute("COMMIT")
    db.execute("PRAGMA journal_mode=WAL")
    db.close()
    Path(f"{path}.json").write_text(json.dumps({"finished": finished, "active": active, "seed": seed}))
    log(f"history: database of {finished} finished and {active} active games built in "
        f"{time.perf_counter() - t0:.1f} s ({Path(path).stat().st_size / 1e6:.0f} MB)")


def _write_stats(db: sqlite3.Connection, results: Any) -> None:
    db.executemany(
        "INSERT INTO results(game_id, seat, user_id, guild, title, name, status, score, place, win, ended_at)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        [(r.game_id, ln.seat, ln.user_id, r.guild_id or "", r.title, ln.name, ln.status, ln.score, ln.place,
          int(ln.win), r.ended_at) for r in results for ln in r.lines])


def reusable(path: Path, finished: int, active: int) -> bool:
    try:
        meta = json.loads(Path(f"{path}.json").read_text())
    except (OSError, ValueError):
        return False
    return bool(path.exists() and meta.get("finished") == finished and meta.get("active") == active)


# ------------------------------------------------------------------------------------------------ measuring


async def _time(samples: dict[str, list[tuple[float, float]]], op: str, call: Awaitable[Any]) -> Any:
    t0, c0 = time.perf_counter(), time.process_time()
    out = await call
    samples.setdefault(op, []).append(((time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000))
    return out


async def measure(path: Path, repeat: int, seed: int = 2) -> dict[str, Any]:
    """Time the reads on the database at ``path`` (in this process: run it in a fresh one)."""
    t0, c0 = time.perf_counter(), time.process_time()
    store = await Store.open(str(path))
    startup_s, startup_cpu = time.perf_counter() - t0, time.process_time() - c0
    service = GameService(store, clock=lambda: NOW)
    rnd = random.Random(seed)
    samples: dict[str, list[tuple[float, float]]] = {}
    try:
        db = store.db
        async with db.execute("SELECT COUNT(*) FROM games WHERE status IN ('over','abandoned')") as cur:
            finished = int((await cur.fetchone() or [0])[0])
        async with db.execute("SELECT id, channel_id FROM games WHERE status='active' ORDER BY id") as cur:
            active = [(int(r[0]), str(r[1])) async for r in cur]
        channels = sorted({c for _, c in active if c.startswith("ch")} | {f"ch{k}" for k in range(0, 50)})
        titles = available_games()
        await service.user_stats("g1", "p1")  # first use of the connection's caches, not measured
        for k in range(repeat):
            guild = GUILDS[k % len(GUILDS)]
            me, other = rnd.sample(_people(guild), 2)
            await _time(samples, "stats_me", service.user_stats(guild, me))
            await _time(samples, "stats_user", service.user_stats(guild, other))
            title = titles[k % len(titles)]
            await _time(samples, "stats_leaderboard", service.leaderboard(guild, title))
            await _time(samples, "mine", service.mine(me, guild))
            await _time(samples, "mine_everywhere", service.mine(me, None))
            await _time(samples, "overdue", service.overdue(guild))
            channel = rnd.choice(channels) if k % 2 else rnd.choice(active)[1]
            await _time(samples, "status", store.latest_game(channel))

            await _time(samples, "history", _history(store, channel))
            await _move(service, store, rnd.choice(active)[0], samples)
    finally:
        await service.close()
    size = sum(Path(f"{path}{s}").stat().st_size for s in ("", "-wal") if Path(f"{path}{s}").exists())
    return {
        "finished": finished, "active": len(active), "startup_s": round(startup_s, 3),
        "startup_cpu_s": round(startup_cpu, 3),
        "bytes_per_finished_game": round(size / max(1, finished)), "db_mb": round(size / 1e6, 1),
        "rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "ops": {op: {"p50_ms": round(percentile([w for w, _ in v], 0.5), 2),
                     "p95_ms": round(percentile([w for w, _ in v], 0.95), 2),
                     "cpu_p50_ms": round(percentile([c for _, c in v], 0.5), 2),
                     "cpu_p95_ms": round(percentile([c for _, c in v], 0.95), 2), "n": len(v)}
                for op, v in samples.items()},
    }


async def _history(store: Store, channel: str) -> None:
    row = await store.latest_game(channel)
    if row is not None:
        await store.moves(row.id, limit=10, newest=True)


async def _move(service: GameService, store: Store, game_id: int, samples: dict[str, list[tuple[float, float]]]) -> None:
    """One legal move in an active game through the service (the first legal option of a seat to act)."""
    row = await store.game(game_id)
    if row is None or row.status != ACTIVE or row.state is None:
        return
    game = get_game(row.title)
    seats = [s for s in game.current_seats(row.state) if not row.seats[s].is_bot]
    if not seats:
        return
    seat = seats[0]
    action = game.legal_actions(row.state, seat)[0].action
    user = User(row.seats[seat].user_id, row.seats[seat].name)
    await _time(samples, "move", service.act(row.channel_id, user, action))


def table(result: dict[str, Any]) -> str:
    lines = [f"{result['finished']} finished, {result['active']} active games: start-up {result['startup_s']:.2f} s "
             f"(CPU {result['startup_cpu_s']:.2f} s), {result['db_mb']} MB on disk, "
             f"{result['bytes_per_finished_game']} bytes per finished game, peak RSS {result['rss_mb']} MB",
             f"{'read':<20}{'p50 ms':>9}{'p95 ms':>9}{'CPU p50':>9}{'CPU p95':>9}{'n':>6}"]
    for op in OPS:
        v = result["ops"].get(op)
        if v:
            lines.append(f"{op:<20}{v['p50_ms']:>9.2f}{v['p95_ms']:>9.2f}{v['cpu_p50_ms']:>9.2f}"
                         f"{v['cpu_p95_ms']:>9.2f}{v['n']:>6}")
    return "\n".join(lines)


def run(finished: int, active: int = 0, db: Path | None = None, repeat: int = 60, rebuild_db: bool = False,
        log: Callable[[str], None] = print) -> dict[str, Any]:
    """``referee bench --history``: build or reuse the database, measure in a fresh process, print."""
    path = db or default_path(finished, active)
    if rebuild_db or not reusable(path, finished, active):
        build(path, finished, active, log=log)
    else:
        log(f"history: reusing {path}")
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-m", "bot.tools.history", str(path), str(repeat)], env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the measuring process failed: {done.stderr.strip()[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    print(table(result))
    print(json.dumps(result))
    return result


async def rebuild_stats(path: str) -> int:
    """``referee db rebuild-stats``: recompute the results and ratings tables of the database at ``path`` (a
    SQLite file or a ``postgresql://`` URL)."""
    if not is_postgres(path) and not Path(path).exists():
        raise StorageError("unavailable", f"{path}: no such file")
    store = await open_store(path)
    try:
        return await store.rebuild_stats()
    finally:
        await store.close()


def add_arguments(p: Any) -> None:
    """``referee bench --history N [--active M]`` (on the bench parser)."""
    p.add_argument("--history", type=int, metavar="N",
                   help="instead: reads on a database of N finished games (built once, then reused)")
    p.add_argument("--active", type=int, default=0, metavar="M", help="active games in that database")
    p.add_argument("--db", help="with --history: where its database is kept (default: in the temp folder); with --load: "
                                "the database, a SQLite file or a postgresql:// URL (default: a new temporary file)")
    p.add_argument("--repeat", type=int, default=60, help="calls of each read with --history")
    p.add_argument("--rebuild", action="store_true", help="build the --history database again even if it exists")


def main(args: Any) -> int:
    if args.history < 1 or args.active < 0 or args.repeat < 1:
        print("referee: --history must be 1 or more, --active 0 or more, --repeat 1 or more", file=sys.stderr)
        return 2
    run(args.history, args.active, Path(args.db) if args.db else None, args.repeat, args.rebuild)
    return 0


if __name__ == "__main__":  # the measuring process: PATH REPEAT → one JSON line
    print(json.dumps(asyncio.run(measure(Path(sys.argv[1]), int(sys.argv[2])))))
