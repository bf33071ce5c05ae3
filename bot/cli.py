"""The ``referee`` command: demo, play, bench, replay, recap, arena, db, run."""
from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from bot.config import Config
from bot.table.botpool import BotConfig
from engines import GAME_IDS, get_game
from engines.core import Msg
from engines.options import OptionError, parse_options
from render.i18n import t


def _options(title: str, pairs: list[str] | None, locale: str = "en") -> dict[str, Any]:
    """``--option key=value`` pairs, typed by the game's option specs (the parser Discord uses too)."""
    try:
        return parse_options(get_game(title), pairs)
    except OptionError as exc:
        raise _Refused(t(Msg("err.bad_option", {"detail": exc.message}), locale)) from exc


class _Refused(Exception):
    """A clear, already translated reason to stop with exit status 2."""


def _storage_message(exc: Any, path: str | Path, locale: str = "en") -> str:
    return t(Msg("storage.cli", {"path": str(path), "reason": Msg(f"storage.{exc.reason}"), "detail": exc.detail}),
             locale)


def _bot_budget(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bot-level", default=None, help="the level of a plain 'bot' seat (default normal)")
    p.add_argument("--budget-ms", type=float, default=BotConfig().budget_ms,
                   help="how long a searching (normal) bot thinks per decision")
    p.add_argument("--bot-iterations", type=int, default=0,
                   help="search iterations per decision instead of a time budget (reproducible)")


def _bot_config(args: argparse.Namespace, locale: str = "en") -> BotConfig:
    from engines.bots import LEVELS

    level = args.bot_level or BotConfig().level
    if level not in LEVELS or args.budget_ms <= 0 or args.bot_iterations < 0:
        raise _Refused(t("bots.err.unknown_level", locale, level=level, known=", ".join(LEVELS))
                       if level not in LEVELS else "--budget-ms must be above 0 and --bot-iterations 0 or more")
    return BotConfig(level=level, budget_ms=args.budget_ms, iterations=args.bot_iterations)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="referee", description="Referee: board games refereed in Discord channels.")
    sub = parser.add_subparsers(dest="cmd", required=True)

    p = sub.add_parser("demo", help="play a whole game with random legal moves (or bots), one PNG per move")
    p.add_argument("game", choices=GAME_IDS)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, default=Path("demo-out"))
    p.add_argument("--locale", default="en", choices=["en", "cs", "pl"])
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option (repeatable)")
    p.add_argument("--log", action="store_true", help="print the public log lines as the game goes")
    p.add_argument("--bots", nargs="?", const="", metavar="LEVEL",
                   help="bots in every seat (random, easy, normal; default: the configured level)")
    _bot_budget(p)

    p = sub.add_parser("play", help="hot-seat play in this terminal")
    p.add_argument("game", choices=GAME_IDS)
    p.add_argument("--players", required=True,
                   help="comma-separated names in seat order: ann,ben,cy; bot or bot:LEVEL seats a bot (ann,bot,bot:easy)")
    p.add_argument("--out", type=Path, default=Path("play-out"))
    p.add_argument("--locale", default="en", choices=["en", "cs", "pl"])
    p.add_argument("--seed", type=int)
    p.add_argument("--db", type=Path, help="SQLite file (default OUT/referee-play.sqlite3); an unfinished game there is resumed")
    p.add_argument("--new", action="store_true", help="start a new game even if one can be resumed")
    p.add_argument("--resume", action="store_true", help="continue the saved game even if its players differ")
    p.add_argument("--option", action="append", metavar="KEY=VALUE")
    _bot_budget(p)

    p = sub.add_parser("bench", help="measure move latency, playouts per second and PNG size")
    p.add_argument("game", choices=GAME_IDS, nargs="?", help="the title to measure (not with --load)")
    p.add_argument("--load", type=int, metavar="N",
                   help="instead: N channels of mixed titles at once through the bot, Discord stubbed (bot/tools/load.py)")
    p.add_argument("--rate", type=float, help="with --load: moves arrive at RATE per second (open loop)")
    p.add_argument("--burst", type=int, nargs="?", const=50, default=0, metavar="K",
                   help="with --load: then K moves (default 50) in K channels within one second")
    p.add_argument("--render-processes", type=int, default=Config.render_processes, metavar="P",
                   help="with --load: worker processes drawing boards (0: threads), as [discord] render_processes")
    p.add_argument("--processes", type=int, default=1, metavar="P",
                   help="with --load: P bot processes share the database (--db), each driving its share of the channels")
    p.add_argument("--players", type=int)
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--seconds", type=float,
                   help="time for the engine-only playouts (default 5), or with --load the measured time (default 30)")
    p.add_argument("--recap", type=str, metavar="SEEDS",
                   help="instead: whole seeded games (comma-separated seeds), each measuring its recap and undo costs")
    p.add_argument("--bots", nargs="?", const="normal", metavar="LEVEL",
                   help="instead: bot decision latency end to end through the worker pool (default level normal)")
    p.add_argument("--decisions", type=int, default=40, help="bot decisions to time with --bots")
    p.add_argument("--budget-ms", type=float, default=BotConfig().budget_ms, help="a searching bot's time per decision")
    from bot.tools.history import add_arguments as history_arguments

    history_arguments(p)

    p = sub.add_parser("db", help="look after a Referee database (SQLite or PostgreSQL)")
    db_sub = p.add_subparsers(dest="db_cmd", required=True)
    q = db_sub.add_parser("rebuild-stats", help="recompute the kept results and ratings (/stats) from the stored games")
    q.add_argument("--db", help="the database: a file or a postgresql:// URL (default: the one config.toml names)")
    q.add_argument("--config", help="path to a config file (default: ./config.toml if it exists)")
    q = db_sub.add_parser("check", help="SQLite's full integrity check of the database (reads only)")
    q.add_argument("--db", help="the SQLite file (default: the configuration's [storage] path)")
    q.add_argument("--config", help="a config file to take the path from (default: ./config.toml if it exists)")
    q = db_sub.add_parser("copy", help="copy a SQLite file into an empty PostgreSQL database (ids kept), then check it")
    q.add_argument("source", help="the SQLite file (stop the bot first)")
    q.add_argument("target", help="a postgresql:// URL of an empty database")
    q.add_argument("--sample", type=int, default=5, help="games replayed to check the copy (the newest)")

    p = sub.add_parser("replay", help="re-draw every board of a game record and check its result")
    p.add_argument("record", type=Path, help="a record file from /game record")
    p.add_argument("--out", type=Path, default=Path("replay-out"))
    p.add_argument("--locale", default="en", choices=["en", "cs", "pl"])

    p = sub.add_parser("recap", help="write a game record's animated board (recap.gif) and score chart (scores.png)")
    p.add_argument("record", type=Path, help="a record file (from /game record, or the console's record-ID.json)")
    p.add_argument("--out", type=Path, default=Path("recap-out"))
    p.add_argument("--locale", default="en", choices=["en", "cs", "pl"])

    p = sub.add_parser("arena", help="bot against bot: seeded games, win rates with 95%% intervals")
    from bot.tools.arena import add_arguments as arena_arguments

    arena_arguments(p)

    p = sub.add_parser("run", help="run the Discord bot")
    p.add_argument("--config", help="path to a config file (default: ./config.toml if it exists; see config.example.toml)")
    p.add_argument("--log-level", default="INFO", type=str.upper, choices=["DEBUG", "INFO", "WARNING", "ERROR"],
                   help="the bot's log level (database and Discord payload logs stay at INFO or above)")
    p.add_argument("--shard-count", type=int, metavar="N",
                   help="run a sharded bot: N gateway shards in all (Discord: one per 2,500 servers at most)")
    p.add_argument("--shard-ids", metavar="IDS",
                   help="the shards this process runs, comma-separated (0,1); default: all N. Processes share the "
                        "database; the one running shard 0 syncs the slash commands")
    sync = p.add_mutually_exclusive_group()
    sync.add_argument("--sync-commands", dest="sync_commands", action="store_true", default=None,
                      help="sync the slash commands at start-up in this process (default: the one with shard 0)")
    sync.add_argument("--no-sync-commands", dest="sync_commands", action="store_false",
                      help="never sync the slash commands in this process")
    p.add_argument("--metrics-port", type=int, metavar="PORT",
                   help="serve /health and /metrics on 127.0.0.1:PORT (default [metrics] port; 0: off)")

    args = parser.parse_args(argv)
    if args.cmd == "bench" and sum(x is not None for x in (args.game, args.load, args.history)) > 1:
        parser.error("bench: name a game, or give --load N or --history N (one of them)")
    try:
        return _run(args)
    except _Refused as exc:
        print(f"referee: {exc}", file=sys.stderr)
        return 2


def _run_options(cfg: Any, args: argparse.Namespace) -> None:
    """``referee run``'s options over the configuration (they win)."""
    from .config import ConfigError, parse_shards

    if args.shard_ids is not None and args.shard_count is None and cfg.shard_count is None:
        raise ConfigError("--shard-ids needs --shard-count (how many shards the bot has in all)")
    if args.shard_count is not None or args.shard_ids is not None:
        cfg.shard_count, cfg.shard_ids = parse_shards(
            args.shard_count if args.shard_count is not None else cfg.shard_count,
            args.shard_ids if args.shard_ids is not None else cfg.shard_ids)
    if args.sync_commands is not None:
        cfg.sync_commands = args.sync_commands
    if args.metrics_port is not None:
        if not 0 <= args.metrics_port <= 65535:
            raise ConfigError("--metrics-port must be 0 (off) or 1–65535")
        cfg.metrics_port = args.metrics_port


def _check_level(level: str, locale: str = "en") -> None:
    from engines.bots import LEVELS

    if level not in LEVELS:
        raise _Refused(t("bots.err.unknown_level", locale, level=level, known=", ".join(LEVELS)))


def _run(args: argparse.Namespace) -> int:
    from bot.table.errors import ServiceError, StorageError

    if args.cmd == "demo":
        from .console import demo

        options = _options(args.game, args.option, args.locale)
        bots = _bot_config(args, args.locale)
        if args.bots:
            _check_level(args.bots, args.locale)
        try:
            result = asyncio.run(
                demo(args.game, args.players, args.seed, args.out, args.locale, options,
                     log=sys.stderr if args.log else None, bots=args.bots, bot_config=bots)
            )
        except ServiceError as exc:
            raise _Refused(t(exc.message, args.locale)) from exc
        except StorageError as exc:
            raise _Refused(_storage_message(exc, args.out / "referee-demo.sqlite3", args.locale)) from exc
        print(json.dumps(result, ensure_ascii=False))
        return 0
    if args.cmd == "play":
        from .console import parse_seat, play

        names = [n.strip() for n in args.players.split(",") if n.strip()]
        options = _options(args.game, args.option, args.locale)
        bots = _bot_config(args, args.locale)
        for name in names:
            level = parse_seat(name)[1]
            if level is not None:
                _check_level(level, args.locale)
        try:
            asyncio.run(play(args.game, names, args.out, args.locale, args.seed, options, args.db, args.new,
                             resume=args.resume, bot_config=bots))
        except ServiceError as exc:
            raise _Refused(t(exc.message, args.locale)) from exc
        except StorageError as exc:
            raise _Refused(_storage_message(exc, args.db or args.out / "referee-play.sqlite3", args.locale)) from exc
        return 0
    if args.cmd == "bench" and args.history is not None:
        from bot.tools.history import main as history

        return history(args)
    if args.cmd == "bench" and args.load is not None:
        from bot.tools.load import run as load_bench

        try:
            load_bench(args.load, seconds=30.0 if args.seconds is None else args.seconds, rate=args.rate,
                       burst=args.burst, render_processes=args.render_processes, db=args.db, processes=args.processes)
        except ValueError as exc:
            raise _Refused(str(exc)) from exc
        return 0
    if args.cmd == "bench" and args.game is None:
        raise _Refused("bench needs a game (or --history N, or --load N)")
    if args.cmd == "db" and args.db_cmd == "copy":
        from bot.tools.dbcopy import main as db_copy

        return db_copy(args.source, args.target, args.sample)
    if args.cmd == "db" and args.db_cmd == "rebuild-stats":
        from bot.tools.history import rebuild_stats

        path = args.db
        if path is None:
            from .config import ConfigError, load

            try:
                path = load(args.config or ("config.toml" if Path("config.toml").exists() else None)).db_path
            except ConfigError as exc:
                raise _Refused(str(exc)) from exc
        try:
            games = asyncio.run(rebuild_stats(path))
        except StorageError as exc:
            raise _Refused(_storage_message(exc, path)) from exc
        print(json.dumps({"db": str(path), "ended_games": games}))
        return 0
    if args.cmd == "bench" and args.bots:
        from bot.tools.bench import bot_latency

        _check_level(args.bots)
        bot_latency(args.game, args.players, args.bots, args.decisions, args.budget_ms)
        return 0
    if args.cmd == "bench" and args.recap:
        from bot.tools.bench import recap_and_undo

        recap_and_undo(args.game, args.players or 2, [int(x) for x in args.recap.split(",")])
        return 0
    if args.cmd == "bench":
        from bot.tools.bench import run

        run(args.game, args.players, args.games, seconds=5.0 if args.seconds is None else args.seconds)
        return 0
    if args.cmd == "replay":
        from bot.records.record import RecordError, replay_to_dir

        try:
            print(json.dumps(replay_to_dir(args.record, args.out, args.locale), ensure_ascii=False))
        except RecordError as exc:
            print(f"referee: {args.record}: {t(exc.message, args.locale)}", file=sys.stderr)
            return 2
        return 0
    if args.cmd == "recap":
        from bot.records.recap import recap_record
        from bot.records.record import RecordError

        try:
            print(json.dumps(recap_record(args.record, args.out, args.locale), ensure_ascii=False))
        except RecordError as exc:
            print(f"referee: {args.record}: {t(exc.message, args.locale)}", file=sys.stderr)
            return 2
        return 0
    if args.cmd == "arena":
        from bot.tools.arena import main as arena

        return arena(args)
    if args.cmd == "db" and args.db_cmd == "check":
        return _db(args)
    if args.cmd == "run":
        from .config import ConfigError, default_path, load

        path, note = default_path(args.config)
        print(note, file=sys.stderr)
        try:
            cfg = load(path)
            _run_options(cfg, args)
        except ConfigError as exc:
            print(f"referee: {exc}", file=sys.stderr)
            return 2
        if not cfg.token:
            print(
                "referee: no Discord bot token. Set the environment variable DISCORD_TOKEN, or put\n"
                "  [discord]\n  token = \"...\"\n"
                "in config.toml in this folder, or in a file given with --config (see config.example.toml and the README).",
                file=sys.stderr,
            )
            return 2
        from .logs import configure_logging

        configure_logging(args.log_level)  # before the adapter: its own basicConfig is then a no-op
        from .discord import run_bot
        from .store import display_target

        try:
            return run_bot(cfg)
        except StorageError as exc:
            raise _Refused(_storage_message(exc, display_target(cfg.db_path), cfg.default_locale)) from exc
    return 1


def _db_path(args: argparse.Namespace) -> str:
    """The database a ``db`` subcommand works on: ``--db``, else the configuration's ``[storage]`` setting."""
    if args.db is not None:
        return str(args.db)
    from .config import ConfigError, default_path, load

    path, note = default_path(args.config)
    print(note, file=sys.stderr)
    try:
        return load(path).db_path
    except ConfigError as exc:
        raise _Refused(str(exc)) from exc


def _db(args: argparse.Namespace) -> int:
    from bot.store import display_target, is_postgres
    from bot.table.errors import StorageError

    target = _db_path(args)
    if is_postgres(target):
        raise _Refused(f"db check: {display_target(target)} is a PostgreSQL database; "
                       "'referee db check' checks a SQLite file (PostgreSQL checks its own pages: see amcheck)")
    path = Path(target)
    if args.db_cmd == "check":
        from bot.tools.dbcheck import integrity_check

        try:
            seconds = integrity_check(path)
        except StorageError as exc:
            raise _Refused(_storage_message(exc, path)) from exc
        print(t(Msg("storage.check_ok", {"path": str(path), "seconds": f"{seconds:.1f}"}), "en"))
        return 0
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
