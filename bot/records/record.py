"""Game records: the complete, versioned JSON account of one game, and its replay.

A record holds the game, its rules version, options, players, every move (sequence number, seat,
player, action, time, the public events) and the result. While a game is running the record reveals
nothing hidden: actions and public events are public, and the seed — which decides every deck order —
is included only once the game is over. ``referee replay FILE --out DIR`` rebuilds a finished game from
its record, draws every board and checks that the replay reaches the recorded result.

The format has a schema version (:data:`FORMAT_VERSION`); :func:`parse_record` reads every version
written so far and refuses anything else with a clear message.

Versions: 1 — the first; 2 — undo (issue 12): an undo is a move entry with ``"action": "undo FIRST-LAST"``
and ``"takes_back": [FIRST, LAST]``; a move it took back stays in the record with ``"undone_by": SEQ``.
A replay skips both (a version-1 record has neither, so it reads as before).
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.table.model import OVER, GameRow, MoveRow, Seat, covered, undo_range
from bot.text import BOT_MARK
from engines import GAME_IDS, get_game
from engines.core import Event, IllegalAction, Msg, Result, State

FORMAT = "referee-game-record"
FORMAT_VERSION = 2


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says what is wrong (``message``: in any
    language, catalogue keys ``replay.err.*``; ``str()``: in English)."""

    def __init__(self, key: str, **params: Any) -> None:
        from render.i18n import t

        self.message = Msg(key, params)
        super().__init__(t(self.message, "en"))


def _iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).isoformat(timespec="seconds")


def _result_json(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"scores": list(result.scores), "winners": list(result.winners), "extra": dict(result.extra)}


def build_record(row: GameRow, moves: Sequence[MoveRow], result: Result | None,
                 with_seed: bool = False) -> dict[str, Any]:
    """The record of a stored game. The seed appears only when the game is over, or with ``with_seed``
    (the console: the players' own game on their own machine, replayable while it runs)."""
    names = row.names
    finished = row.status == OVER
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": row.title,
        "rules_version": row.rules_version,
        "status": row.status,
        "options": row.options,
        "players": [_player_json(s) for s in sorted(row.seats, key=lambda s: s.seat)],
        "created_at": _iso(row.created_at),
        "seed": row.seed if finished or with_seed else None,
        "moves": [_move_json(m, names) for m in moves],
        "result": _result_json(result) if finished else None,
    }
    return out


def _player_json(s: Seat) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": s.seat, "name": s.name, "user_id": s.user_id}
    if s.bot_level is not None:  # a bot seat (issue 11): its level; readers of older records ignore it
        out["bot_level"] = s.bot_level
    return out


def _move_json(m: MoveRow, names: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seq": m.seq,
        "seat": m.seat,
        "player": names[m.seat] if m.seat is not None and m.seat < len(names) else None,
        "action": m.action,
        "at": _iso(m.at),
        # only what everyone saw: private events stay with their owner
        "events": [e for e in m.events if e.get("to") is None],
    }
    taken = undo_range(m.action)
    if taken is not None:
        out["takes_back"] = list(taken)
    if m.undone_by is not None:
        out["undone_by"] = m.undone_by
    return out


def live_moves(moves: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The record's moves that count for a replay: not set-up, not undo entries, not taken back by one."""
    ranges = [undo_range(str(m["action"])) for m in moves]
    candidates = [m for m, r in zip(moves, ranges, strict=True)
                  if r is None and int(m["seq"]) > 0 and m.get("seat") is not None]
    gone = covered([int(m["seq"]) for m in candidates], (r for r in ranges if r is not None))  # linear: issue 21
    return [m for m, g in zip(candidates, gone, strict=True) if not g]


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


@dataclass(frozen=True)
class Record:
    game: str
    rules_version: int
    options: dict[str, Any]
    names: list[str]
    seed: int | None
    moves: list[dict[str, Any]]
    result: dict[str, Any] | None
    data: dict[str, Any]

    def events(self, index: int) -> list[Event]:
        return [Event.from_json(e) for e in self.moves[index].get("events", [])]


def parse_record(raw: str | bytes | dict[str, Any]) -> Record:
    """Read and check a record; raises :class:`RecordError` naming what is wrong."""
    try:
        data = json.loads(raw) if isinstance(raw, (str, bytes)) else raw
    except json.JSONDecodeError as exc:
        raise RecordError("replay.err.not_json", detail=exc.msg, line=exc.lineno) from None
    except UnicodeDecodeError:
        raise RecordError("replay.err.not_utf8") from None
    except ValueError as exc:  # e.g. a number longer than Python converts (4,300 digits)
        raise RecordError("replay.err.unusable", detail=_short(str(exc))) from None
    except RecursionError:
        raise RecordError("replay.err.nested") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("replay.err.not_record", format=FORMAT)
    version = data.get("version")
    if not isinstance(version, int) or not 1 <= version <= FORMAT_VERSION:
        raise RecordError("replay.err.version", version=repr(version), latest=FORMAT_VERSION)
    game = data.get("game")
    if game not in GAME_IDS:
        raise RecordError("replay.err.unknown_game", game=repr(game), known=", ".join(GAME_IDS))
    players = data.get("players")
    moves = data.get("moves")
    if not isinstance(players, list) or not players or not isinstance(moves, list):
        raise RecordError("replay.err.players")
    try:
        # the names drawn on the boards: a bot seat's with its marker (as on the live boards)
        names = [str(p["name"]) + (f" {BOT_MARK}" if p.get("bot_level") else "")
                 for p in sorted(players, key=lambda p: int(p["seat"]))]
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError("replay.err.player", field=str(exc)) from None
    for m in moves:
        if not (isinstance(m, dict) and isinstance(m.get("seq"), int) and isinstance(m.get("action"), str)
                and (m.get("seat") is None or isinstance(m.get("seat"), int))):
            raise RecordError("replay.err.move", entry=str(m)[:80])
        try:
            undo_range(m["action"])
        except ValueError:
            raise RecordError("replay.err.undo", action=repr(m["action"][:80])) from None
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("replay.err.seed_type")
    rules_version = data.get("rules_version", 1)
    if not isinstance(rules_version, int) or isinstance(rules_version, bool):
        raise RecordError("replay.err.rules_version_type", value=_short(repr(rules_version)))
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise RecordError("replay.err.options_type")
    for m in moves:
        if m.get("seat") is not None and not 0 <= m["seat"] < len(names):
            raise RecordError("replay.err.seat", seq=_short(str(m["seq"])), seat=_short(str(m["seat"])),
                              players=len(names))
    return Record(str(game), rules_version, dict(options), names, seed, list(moves), data.get("result"), data)


def _short(text: str, limit: int = 80) -> str:
    """At most ``limit`` characters of a record's value, for a one-line refusal."""
    return text if len(text) <= limit else text[:limit] + "…"


@dataclass
class Replay:
    states: list[State]
    result: Result | None


def replay(record: Record) -> Replay:
    """Rebuild every state of a finished game from its record; checks the result it reaches."""
    if record.seed is None:
        raise RecordError("replay.err.no_seed")
    game = get_game(record.game)
    if record.rules_version != game.rules_version:
        raise RecordError("replay.err.rules_version", game=record.game, stored=record.rules_version, current=game.rules_version)
    try:
        state = game.new_game(len(record.names), record.options, record.seed).state
    except (ValueError, TypeError, OverflowError) as exc:
        raise RecordError("replay.err.options", detail=_short(str(exc), 200)) from None
    states = [state]
    for m in live_moves(record.moves):
        try:
            state = game.apply(state, int(m["seat"]), str(m["action"])).state
        except IllegalAction as exc:
            raise RecordError("replay.err.move_fails", seq=str(m["seq"]), action=_short(repr(m["action"])),
                              clause=exc.clause) from None
        except (ValueError, TypeError, LookupError, ArithmeticError, RecursionError) as exc:
            raise RecordError("replay.err.move_error", seq=str(m["seq"]), action=_short(repr(m["action"])),
                              error=type(exc).__name__) from None
        states.append(state)
    result = game.result(state)
    if record.result is not None and _result_json(result) != record.result:
        try:
            want, got = _short(str(record.result)), _short(str(_result_json(result)))
        except ValueError:  # a number too long to print
            raise RecordError("replay.err.result_unprintable") from None
        raise RecordError("replay.err.result", got=got, want=want)
    return Replay(states, result)


def replay_to_dir(path: Path, out: Path, locale: str = "en") -> dict[str, Any]:
    """``referee replay``: re-render every board of a record into ``out``; returns a summary."""
    from render import renderer

    try:
        record = parse_record(path.read_bytes())
    except OSError as exc:
        raise RecordError("replay.err.read", path=str(path), reason=str(exc.strerror)) from None
    rep = replay(record)
    game = get_game(record.game)
    out.mkdir(parents=True, exist_ok=True)
    draw = renderer(record.game).render_public
    for i, state in enumerate(rep.states):
        (out / f"{i:04d}.png").write_bytes(draw(game.public_view(state), record.names, locale))
    return {"game": record.game, "boards": len(rep.states), "result": _result_json(rep.result),
            "matches_record": record.result is not None, **result_by_name(record.names, rep.result)}


def result_by_name(names: Sequence[str], result: Result | None) -> dict[str, Any]:
    """Scores and winners by the players' names, as ``referee demo`` and ``arena`` report them (an empty
    dict while the game runs)."""
    if result is None:
        return {}
    return {"scores": {names[i]: s for i, s in enumerate(result.scores) if i < len(names)},
            "winner": [names[i] for i in result.winners if i < len(names)]}


def transcript(row: GameRow, moves: Sequence[MoveRow], result: Result | None, locale: str) -> str:
    """A readable account of a game in one language: one paragraph per move with its public events
    (taken-back moves marked), then the result. Holds nothing hidden (public events only)."""
    from bot.text import event_lines_from_json, seat_names
    from render.i18n import t

    names = seat_names(row, locale)  # a bot seat as "🤖 Nefertiti (bot, normal)"
    lines = [
        t(Msg("record.header", {"game": Msg(f"game.{row.title}"), "id": row.id, "names": ", ".join(names)}), locale),
        t(Msg("record.started", {"at": _iso(row.created_at).replace("T", " ").removesuffix("+00:00")}), locale),
        "",
    ]
    for m in moves:
        who = names[m.seat] if m.seat is not None and m.seat < len(names) else t("record.setup", locale)
        head = f"#{m.seq} {who}: {m.action}" if m.seq else f"#0 {t('record.setup', locale)}"
        if m.undone_by is not None:
            head += " " + t(Msg("record.undone", {"by": m.undone_by}), locale)
        lines.append(head)
        lines += ["    " + line for line in event_lines_from_json(m.events, locale, names)]
    lines.append("")
    if row.status == OVER and result is not None:
        ranked = sorted(range(len(result.scores)), key=lambda s: -result.scores[s])
        lines.append(t("record.result", locale))
        lines += [f"  {names[s]}: {result.scores[s]}" for s in ranked if s < len(names)]
        lines.append(t(Msg("record.winners", {"names": ", ".join(names[s] for s in result.winners)}), locale))
    elif row.status == "abandoned":
        lines.append(t("record.abandoned", locale))
    else:
        lines.append(t("record.running", locale))
    return "\n".join(lines) + "\n"
