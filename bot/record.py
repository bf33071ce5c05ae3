"""Game records: the complete, versioned JSON account of one game, and its replay.

A record holds the game, its rules version, options, players, every move (sequence number, seat,
player, action, time, the public events) and the result. While a game is running the record reveals
nothing hidden: actions and public events are public, and the seed — which decides every deck order —
is included only once the game is over. ``referee replay FILE --out DIR`` rebuilds a finished game from
its record, draws every board and checks that the replay reaches the recorded result.

The format has a schema version (:data:`FORMAT_VERSION`); :func:`parse_record` reads every version
written so far and refuses anything else with a clear message.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from engines import GAME_IDS, get_game
from engines.core import Event, IllegalAction, Result, State

from .storage import OVER, GameRow, MoveRow

FORMAT = "referee-game-record"
FORMAT_VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says what is wrong."""


def _iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).isoformat(timespec="seconds")


def _result_json(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"scores": list(result.scores), "winners": list(result.winners), "extra": dict(result.extra)}


def build_record(row: GameRow, moves: Sequence[MoveRow], result: Result | None) -> dict[str, Any]:
    """The record of a stored game. The seed appears only when the game is over."""
    names = row.names
    finished = row.status == OVER
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": row.title,
        "rules_version": row.rules_version,
        "status": row.status,
        "options": row.options,
        "players": [{"seat": s.seat, "name": s.name, "user_id": s.user_id} for s in sorted(row.seats, key=lambda s: s.seat)],
        "created_at": _iso(row.created_at),
        "seed": row.seed if finished else None,
        "moves": [
            {
                "seq": m.seq,
                "seat": m.seat,
                "player": names[m.seat] if m.seat is not None and m.seat < len(names) else None,
                "action": m.action,
                "at": _iso(m.at),
                # only what everyone saw: private events stay with their owner
                "events": [e for e in m.events if e.get("to") is None],
            }
            for m in moves
        ],
        "result": _result_json(result) if finished else None,
    }
    return out


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
        raise RecordError(f"not a JSON file: {exc.msg} (line {exc.lineno})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"not a Referee game record (expected \"format\": \"{FORMAT}\")")
    version = data.get("version")
    if not isinstance(version, int) or not 1 <= version <= FORMAT_VERSION:
        raise RecordError(f"record format version {version!r} is not supported (this Referee reads 1…{FORMAT_VERSION})")
    game = data.get("game")
    if game not in GAME_IDS:
        raise RecordError(f"unknown game {game!r}; known: {', '.join(GAME_IDS)}")
    players = data.get("players")
    moves = data.get("moves")
    if not isinstance(players, list) or not players or not isinstance(moves, list):
        raise RecordError("a record needs a non-empty \"players\" list and a \"moves\" list")
    try:
        names = [str(p["name"]) for p in sorted(players, key=lambda p: int(p["seat"]))]
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"malformed player entry (missing or bad {exc})") from None
    for m in moves:
        if not (isinstance(m, dict) and isinstance(m.get("seq"), int) and isinstance(m.get("action"), str)
                and (m.get("seat") is None or isinstance(m.get("seat"), int))):
            raise RecordError(f"malformed move entry: {str(m)[:80]}")
    seed = data.get("seed")
    if seed is not None and not isinstance(seed, int):
        raise RecordError("\"seed\" must be an integer")
    return Record(str(game), int(data.get("rules_version", 1)), dict(data.get("options") or {}), names, seed,
                  list(moves), data.get("result"), data)


@dataclass
class Replay:
    states: list[State]
    result: Result | None


def replay(record: Record) -> Replay:
    """Rebuild every state of a finished game from its record; checks the result it reaches."""
    if record.seed is None:
        raise RecordError("this record has no seed (the game was still running when it was written): "
                          "a game can be replayed from its record once it is over")
    game = get_game(record.game)
    if record.rules_version != game.rules_version:
        raise RecordError(f"the record was written under {record.game} rules version {record.rules_version}; "
                          f"this Referee plays version {game.rules_version}")
    try:
        state = game.new_game(len(record.names), record.options, record.seed).state
    except ValueError as exc:
        raise RecordError(f"the record's options cannot be used: {exc}") from None
    states = [state]
    for m in record.moves:
        if int(m["seq"]) == 0 or m.get("seat") is None:
            continue
        try:
            state = game.apply(state, int(m["seat"]), str(m["action"])).state
        except IllegalAction as exc:
            raise RecordError(f"move #{m['seq']} ({m['action']!r}) does not replay: rule {exc.clause}") from None
        states.append(state)
    result = game.result(state)
    if record.result is not None and _result_json(result) != record.result:
        raise RecordError(f"the replay ends with {_result_json(result)}, but the record says {record.result}")
    return Replay(states, result)


def replay_to_dir(path: Path, out: Path, locale: str = "en") -> dict[str, Any]:
    """``referee replay``: re-render every board of a record into ``out``; returns a summary."""
    from render import renderer

    try:
        record = parse_record(path.read_bytes())
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    rep = replay(record)
    game = get_game(record.game)
    out.mkdir(parents=True, exist_ok=True)
    draw = renderer(record.game).render_public
    for i, state in enumerate(rep.states):
        (out / f"{i:04d}.png").write_bytes(draw(game.public_view(state), record.names, locale))
    return {"game": record.game, "boards": len(rep.states), "result": _result_json(rep.result),
            "matches_record": record.result is not None}
