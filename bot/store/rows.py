"""Rows as the ports return them, built from one database row (an ``aiosqlite.Row`` or an ``asyncpg.Record``:
both are read by column name). Both stores share these, so a column added to a table is parsed in one place.

JSON documents (options, state, events, clocks, votes) are stored as text in both databases, exactly as
:func:`dumps` wrote them.
"""
from __future__ import annotations

import json
from typing import Any

from bot.table.model import Follow, GameRow, Job, MoveRow, PostRow, Seat, SeatClock, Status, UndoRequest, UserSettings

#: a database row read by column name (``aiosqlite.Row``, ``asyncpg.Record``)
Row = Any


def dumps(value: Any) -> str:
    """JSON text as both stores write it (compact, keys sorted)."""
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def game_row(r: Row, seats: list[Seat]) -> GameRow:
    """A ``games`` row with its seats."""
    return GameRow(
        id=int(r["id"]), channel_id=r["channel_id"], guild_id=r["guild_id"], title=r["title"],
        status=Status(r["status"]), host_id=r["host_id"], options=json.loads(r["options"]), seed=r["seed"],
        locale=r["locale"], version=r["version"],
        state=json.loads(r["state"]) if r["state"] is not None else None,
        created_at=r["created_at"], updated_at=r["updated_at"], rules_version=r["rules_version"],
        seats=seats, clock=json.loads(r["clock"]), timeout_policy=r["timeout_policy"], paused_since=r["paused_since"],
    )


def seat(r: Row) -> Seat:
    return Seat(r["seat"], r["user_id"], r["name"], r["bot_level"])


def move_row(r: Row) -> MoveRow:
    return MoveRow(r["seq"], r["seat"], r["user_id"], r["action"], json.loads(r["events"]), r["at"], r["kind"],
                   bool(r["reveals"]), r["undone_by"])


def post_row(r: Row) -> PostRow:
    return PostRow(int(r["id"]), int(r["game_id"]), r["version"], r["channel_id"], r["user_id"], r["status"],
                   r["attempts"], r["next_at"], r["last_error"], r["message_id"])


def seat_clock(r: Row) -> SeatClock:
    return SeatClock(r["seat"], r["bank"], r["started"], r["turn_version"], r["reminded"], r["timeouts"],
                     bool(r["overdue"]), bool(r["bot"]), json.loads(r["votes"]))


def clocks_json(clocks: list[SeatClock], votes_as_text: bool) -> str:
    """Seat clocks as one JSON array of rows (``votes_as_text``: each seat's votes as JSON text, as a
    ``seat_clocks`` row stores them; else as a list, as a log entry's ``clocks`` keeps them)."""
    return dumps([[c.seat, c.bank, c.started, c.turn_version, c.reminded, c.timeouts, int(c.overdue), int(c.bot),
                   dumps(c.votes) if votes_as_text else c.votes] for c in clocks])


def clocks_before(text: str | None) -> dict[int, SeatClock] | None:
    """A log entry's ``clocks`` column: the seats' clocks before it (``None``: not recorded)."""
    return None if text is None else clocks_of(json.loads(text))


def clocks_of(value: list[Any] | None) -> dict[int, SeatClock] | None:
    """The parsed ``clocks`` of a log entry (as :func:`clocks_before` reads them; a packed log keeps them parsed)."""
    if value is None:
        return None
    return {int(x[0]): SeatClock(int(x[0]), float(x[1]), None if x[2] is None else float(x[2]), int(x[3]),
                                 int(x[4]), int(x[5]), bool(x[6]), bool(x[7]), list(x[8]))
            for x in value}


def settings(r: Row) -> UserSettings:
    return UserSettings(r["user_id"], r["notify"], r["quiet"], r["zone"], r["vacation_from"], r["vacation_until"],
                        r["vacation_year"], r["vacation_used"])


def undo_request(r: Row) -> UndoRequest:
    return UndoRequest(int(r["id"]), int(r["game_id"]), r["user_id"], r["first_seq"], r["version"], r["status"],
                       r["created_at"], r["deadline"])


def follow(r: Row) -> Follow:
    return Follow(int(r["game_id"]), r["user_id"], bool(r["dm"]))


def job(r: Row) -> Job:
    return Job(int(r["id"]), int(r["game_id"]), None if r["seat"] is None else int(r["seat"]), str(r["kind"]),
               float(r["due"]), int(r["version"]), str(r["payload"]))
