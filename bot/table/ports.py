"""What the table needs from the world around it, as protocols of plain data: storage (:class:`Repository`,
its timed jobs :class:`JobStore` and its board outbox :class:`PostStore`) and people (:class:`Notifier`).

No member takes or returns SQL, and none runs caller-built statements: each says what it stores, in one
transaction, so another database can implement the same ports: :mod:`bot.store` implements them on SQLite and
(:mod:`bot.store.postgres`) on PostgreSQL; ``tests/bot/store/test_contract.py`` runs one contract suite against
both.

Every write that belongs to a move (the move row, the game's new state, the move's clock changes, its board
post, and for the final move the game's results and ratings) is one call, hence one transaction. Database
failures reach the caller as :class:`~bot.table.errors.StorageError` after a rollback; a write based on a
stale version raises :class:`~bot.table.errors.VersionConflict` (:class:`~bot.table.errors.RatingsMoved` when
it is a rating another game's end changed meanwhile); a second open game in a channel (or a second pending
undo request) raises :class:`~bot.table.errors.ChannelBusy`.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from engines.core import Msg

from .model import (
    ClockWrite,
    Follow,
    GameResults,
    GameRow,
    Job,
    MoveReport,
    MoveRow,
    PlayerStats,
    PostRow,
    PostsTaken,
    RowGuard,
    SeatClock,
    SeatSpec,
    UndoRequest,
    UserSettings,
)


class JobStore(Protocol):
    """Durable timed jobs, claimed under a lease so that several processes never fire one twice."""

    async def add(self, game_id: int, seat: int | None, kind: str, due: float, version: int,
                  payload: str = "{}") -> int:
        """Add one job (``payload``: JSON text); returns its id."""
        ...

    async def cancel(self, game_id: int, seat: int | None = None, kinds: tuple[str, ...] = ()) -> int:
        """Delete a game's jobs (of one seat, of some kinds); returns how many."""
        ...

    async def next_due(self) -> float | None:
        """The earliest due time of any job (claimed or not), ``None`` when there is none."""
        ...

    async def claim_due(self, now: float, owner: str, lease: float, limit: int) -> list[Job]:
        """Lease up to ``limit`` jobs due at ``now`` (the caller's time; due times are planned on it) and not
        leased by anyone else to ``owner`` for ``lease`` seconds, in due order. Leases are reckoned on the
        database's clock (never the caller's): a lease whose time ran out there may be taken over."""
        ...

    async def finish(self, job_id: int, owner: str) -> None:
        """Delete a job ``owner`` holds (its handler is done)."""
        ...

    async def claim(self, game_id: int, kind: str, owner: str, lease: float) -> int | None:
        """Lease a game's job of ``kind`` (due or not, not leased by anyone else) to ``owner`` for ``lease``
        seconds of the database's clock; its id, or ``None`` when there is none free (another took it)."""
        ...

    async def renew(self, job_ids: Sequence[int], owner: str, lease: float) -> list[int]:
        """Extend ``owner``'s leases of ``job_ids`` to ``lease`` seconds from now (the database's clock), while
        their handlers run; the ids ``owner`` still holds (a job done or taken over meanwhile is left out)."""
        ...

    async def release(self, job_id: int, owner: str, due: float) -> None:
        """Give a held job back, due again at ``due``."""
        ...

    async def watch(self, wake: Callable[[float | None], None]) -> None:
        """Until cancelled: call ``wake(due)`` whenever any process sharing the database commits a job planned
        (or moved sooner) with ``due`` its earliest due time (``None``: look again, e.g. after a reconnection).
        Returns at once where the store has no such channel (SQLite: a process's own jobs poke its scheduler
        directly, and the scheduler polls at least once per lease)."""
        ...


class PostStore(Protocol):
    """The outbox of board posts: a pending post is written with the move whose board it asks for."""

    async def pending_posts(self, game_id: int) -> list[PostRow]:
        """A game's posts still to deliver, oldest first."""
        ...

    async def due_games(self, now: float) -> list[int]:
        """Games with a pending post whose time has come, in the order their posts were written."""
        ...

    async def next_post_at(self) -> float | None:
        """When the next pending post falls due (``None``: nothing pending)."""
        ...

    async def last_post(self, game_id: int) -> PostRow | None:
        """The newest post of a game, whatever became of it."""
        ...

    async def last_board(self, game_id: int) -> PostRow | None:
        """The newest board message of a game that reached the channel."""
        ...

    async def posts_delivered(self, game_id: int, upto: int, version: int, message_id: str, now: float,
                              release: str | None = None) -> None:
        """The board of ``version`` is posted as ``message_id``: post ``upto`` becomes delivered and the pending
        posts it covers (older ones, and any for a version it already shows) are superseded. ``release``: an
        owner whose lease of the game's posts ends in the same transaction (:meth:`release_posts`)."""
        ...

    async def posts_retry(self, game_id: int, upto: int, attempts: int, next_at: float, error: str,
                          now: float) -> None:
        """Try the game's pending posts (up to ``upto``) again at ``next_at``."""
        ...

    async def posts_failed(self, game_id: int, upto: int, error: str, now: float) -> None:
        """The game's pending posts (up to ``upto``) cannot be delivered."""
        ...

    async def record_board(self, game_id: int, version: int, channel_id: str, message_id: str, now: float) -> None:
        """A board posted outside the outbox becomes the game's newest board message; pending posts of
        positions it shows are superseded."""
        ...

    async def claim_posts(self, game_id: int, owner: str, lease: float) -> bool:
        """Lease the delivery of a game's posts to ``owner`` (a process) for ``lease`` seconds of the database's
        clock: granted when nobody holds it, its holder's lease ran out, or ``owner`` holds it (renewed).
        Whether ``owner`` holds it now; so two processes never post one game's board at once."""
        ...

    async def take_posts(self, game_id: int, owner: str, lease: float) -> PostsTaken | None:
        """:meth:`claim_posts`, and when granted what delivering needs, read at once: the pending posts, the pace
        of the newest one's channel and the last board (one trip to the database instead of four). ``None``:
        another process holds the game's posts."""
        ...

    async def release_posts(self, game_id: int, owner: str) -> None:
        """Give up ``owner``'s lease of a game's posts (nothing if another process holds it)."""
        ...

    async def channel_pace(self, channel_id: str) -> float:
        """The time before which no board goes to this channel (the board interval, a rate limit), shared by
        every process; ``0.0`` when none was stored."""
        ...

    async def pace_channel(self, channel_id: str, until: float) -> None:
        """No board to this channel before ``until`` (an already later time stays)."""
        ...


class Repository(PostStore, Protocol):
    """Everything the game service stores: games, seats, the move log, undo requests, follows, turn clocks,
    user settings, timed jobs (:attr:`jobs`) and the board outbox (the :class:`PostStore` members)."""

    #: write a pending board post with every start, move and undo (an adapter that posts boards turns it on)
    outbox: bool

    @property
    def jobs(self) -> JobStore:
        """The timed jobs, in the same database (so a move's jobs are written in its transaction)."""
        ...

    def hold_channel(self, channel_id: str) -> AbstractAsyncContextManager[None]:
        """Hold a channel for one request (read, compute, store) against other processes sharing the database;
        the service takes it inside its own per-channel lock. A store one process uses alone holds nothing;
        PostgreSQL takes an advisory lock, waiting at most its lock timeout (then
        :class:`~bot.table.errors.StorageError` ``busy``)."""
        ...

    # -- games

    async def open_game(self, channel_id: str) -> GameRow | None:
        """The lobby or active game of a channel (with its seats), or ``None``."""
        ...

    async def latest_game(self, channel_id: str) -> GameRow | None:
        """The open game of a channel, or else its most recent finished one."""
        ...

    async def game(self, game_id: int) -> GameRow | None:
        """One game by id, or ``None``."""
        ...

    async def moves(self, game_id: int, since: int = -1, limit: int | None = None,
                    newest: bool = False) -> list[MoveRow]:
        """A game's move log after seq ``since``, oldest first (``newest``: the last ``limit`` moves)."""
        ...

    async def create_game(self, channel_id: str, guild_id: str | None, title: str, host_id: str, host_name: str,
                          options: dict[str, Any], locale: str, now: float, clock: dict[str, Any] | None = None,
                          timeout_policy: str = "wait", seats: Sequence[SeatSpec] | None = None) -> GameRow:
        """Open a lobby with ``seats`` seated in order (default: the host alone). Raises
        :class:`~bot.table.errors.ChannelBusy` if the channel has an open game."""
        ...

    async def set_seats(self, game_id: int, seats: Sequence[SeatSpec], now: float,
                        host_id: str | None = None, expected: Sequence[str] | None = None) -> None:
        """Replace a lobby's seat list (in seat order), optionally with a new host. ``expected``: the seated
        user ids (in seat order) the new list was computed from. Raises :class:`~bot.table.errors.VersionConflict`
        and stores nothing if the game is no lobby any more or its seats are not ``expected`` (another process
        changed them meanwhile: two joins at once never lose one)."""
        ...

    async def delete_lobby(self, game_id: int) -> None:
        """Remove a lobby nobody is left in (a started game is never deleted)."""
        ...

    async def start_game(self, game_id: int, seed: int, state: dict[str, Any], events: list[dict[str, Any]],
                         now: float, rules_version: int = 1, clocks: ClockWrite | None = None) -> None:
        """Lobby → active with the set-up state as move 0, the seats' first clocks and jobs, and (outbox on)
        the first board's post, in one transaction. Raises :class:`~bot.table.errors.VersionConflict` if the
        game is no lobby any more."""
        ...

    async def append_move(self, game_id: int, expected_version: int, seat: int, user_id: str | None, action: str,
                          state: dict[str, Any], events: list[dict[str, Any]], finished: bool, now: float,
                          kind: str = "player", clocks: ClockWrite | None = None, reveals: bool = True,
                          results: GameResults | None = None, guard: RowGuard | None = None) -> int:
        """Store one accepted move in one transaction: the new state and version (guarded by
        ``expected_version``, and by ``guard``: the seats' users and the pause it was computed with), the log row (``kind``: who decided; ``reveals``: it showed hidden information),
        the clock changes, the board post; a pending undo request is superseded. The final move (``finished``)
        stores the game's ``results`` with it (see :meth:`set_status`). Returns the new version."""
        ...

    async def append_undo(self, game_id: int, expected_version: int, seat: int | None, user_id: str | None,
                          first: int, state: dict[str, Any], events: list[dict[str, Any]], now: float,
                          request_id: int | None = None, clocks: ClockWrite | None = None) -> int:
        """Store an undo in one transaction: an ``undo FIRST-LAST`` log entry, the moves it takes back marked
        ``undone_by`` (never deleted), the restored state, the clocks, the board post; ``request_id`` is
        closed as done (other pending requests superseded). Returns the new version."""
        ...

    async def set_status(self, game_id: int, status: str, now: float, results: GameResults | None = None) -> None:
        """Set a game's status (e.g. abandoned); a pending undo request is superseded. ``results``: what the
        game's end adds to the stats, in the same transaction: a ``results`` line each, each person's counters
        (and latest name) in the ratings of the game's server and title, and the new ratings, each only if the
        person's ``rated`` count is still ``rated_before`` (else nothing is stored and
        :class:`~bot.table.errors.RatingsMoved` is raised)."""
        ...

    async def active_games_of(self, user_id: str, guild_id: str | None = None) -> list[GameRow]:
        """The active games a user sits in (on one server, or everywhere), oldest first."""
        ...

    async def active_games(self, guild_id: str | None = None) -> list[GameRow]:
        """Every active game (on one server, or everywhere), oldest first."""
        ...

    async def finished_games(self, guild_id: str | None, title: str | None = None) -> list[GameRow]:
        """Every game of a server that ended after its start (over or abandoned), oldest first."""
        ...

    async def overdue_games(self, now: float, guild_id: str | None = None) -> list[GameRow]:
        """The active games (on one server, or everywhere) that may have a seat out of time at ``now``, oldest
        first: a seat clock marked overdue, or, in a game under a clock (kind ``move`` or ``bank``), a seat
        clock with ``started + bank <= now``. Without reading every active game."""
        ...

    async def move_users(self, game_ids: list[int]) -> dict[int, dict[int, set[str]]]:
        """Who made the (not undone) moves of each seat: ``{game: {seat: {user ids}}}``."""
        ...

    # -- stats kept as games end

    async def player_stats(self, guild_id: str | None, title: str, user_ids: Sequence[str]) -> dict[str, PlayerStats]:
        """The stats lines of some people for one server and title (someone without one is missing)."""
        ...

    async def user_stats(self, guild_id: str | None, user_id: str) -> list[PlayerStats]:
        """A person's stats lines on one server (``None``: outside any server), one per title, by title."""
        ...

    async def leaderboard(self, guild_id: str | None, title: str, limit: int = 10) -> list[PlayerStats]:
        """The ``limit`` best rated players of a title on a server: rating (mu - 3·sigma) first, then more wins,
        then name (case-folded), as :func:`bot.table.stats.leaderboard`."""
        ...

    async def rebuild_stats(self) -> int:
        """Recompute the results and ratings from the stored games (every ended game, in the order they ended,
        as :func:`bot.table.stats.rebuild`), in one transaction; how many ended games were counted."""
        ...

    # -- undo requests

    async def undo_request(self, game_id: int, pending_only: bool = True) -> UndoRequest | None:
        """The pending undo request of a game (``pending_only=False``: its latest), with its answers."""
        ...

    async def create_undo_request(self, game_id: int, user_id: str, first_seq: int, version: int, now: float,
                                  deadline: float) -> UndoRequest:
        """A new pending request; :class:`~bot.table.errors.ChannelBusy` if the game already has one."""
        ...

    async def answer_undo(self, request_id: int, user_id: str, accepted: bool,
                          now: float) -> dict[str, bool] | None:
        """Store one answer to a pending request and return all its answers, read in the same transaction (so
        of two last consents stored at once, exactly one sees them all). ``None``: the request is no longer
        pending (declined, lapsed, done or superseded meanwhile); nothing was stored."""
        ...

    async def close_undo_request(self, request_id: int, status: str) -> bool:
        """Close a pending request with ``status`` (declined, lapsed …); ``False``: it was no longer pending
        (closed or carried out meanwhile), and stays as it was."""
        ...

    # -- following

    async def follow(self, game_id: int, user_id: str, dm: bool, now: float) -> None:
        """Follow a game (again: ``dm`` is updated)."""
        ...

    async def unfollow(self, game_id: int, user_id: str) -> bool:
        """Stop following; whether the user followed."""
        ...

    async def followers(self, game_id: int) -> list[Follow]:
        """Who follows a game, in the order they started."""
        ...

    # -- turn clocks and user settings

    async def seat_clocks(self, game_id: int) -> dict[int, SeatClock]:
        """The stored seat clocks of a game by seat (a seat never written is missing)."""
        ...

    async def seat_clocks_of(self, game_ids: Sequence[int]) -> dict[int, dict[int, SeatClock]]:
        """The stored seat clocks of several games in one read: ``{game: {seat: clock}}`` (a game without any
        is missing)."""
        ...

    async def write_clocks(self, game_id: int, clocks: ClockWrite, version: int | None = None) -> None:
        """Store clock changes outside a move (a replan, a reminder sent, an overdue mark, a skip vote) in one
        transaction. With ``version``: only if the game is still active at that version (the changes were
        computed from it); a targeted update that no longer applies stores nothing either. Both raise
        :class:`~bot.table.errors.VersionConflict`."""
        ...

    async def set_paused(self, game_id: int, paused_since: float | None, now: float, clocks: ClockWrite,
                         version: int | None = None) -> None:
        """Pause (``paused_since``: when) or resume (``None``) a game, with the clocks replanned for it (guarded
        by ``version`` as :meth:`write_clocks`)."""
        ...

    async def replace_seat(self, game_id: int, seat: int, user_id: str, name: str, clocks: ClockWrite,
                           version: int | None = None) -> None:
        """Give a seat (its score and hidden information) to another person, with its clock afresh (guarded by
        ``version`` as :meth:`write_clocks`)."""
        ...

    async def clocks_before(self, game_id: int, seq: int) -> dict[int, SeatClock] | None:
        """The seats' clocks as they were before log entry ``seq`` (``None``: not recorded, an older entry)."""
        ...

    async def game_jobs(self, game_id: int) -> list[Job]:
        """A game's timed jobs in due order (for checks and status)."""
        ...

    async def settings(self, user_id: str) -> UserSettings:
        """A user's settings (the defaults for a user who never set any)."""
        ...

    async def settings_of(self, user_ids: Sequence[str]) -> dict[str, UserSettings]:
        """Several users' settings in one read (defaults for those who never set any)."""
        ...

    async def save_settings(self, settings: UserSettings) -> None:
        """Store a user's settings (insert or replace)."""
        ...

    async def counts(self) -> dict[str, int]:
        """What ``/metrics`` shows of the database, in one cheap read: ``active_games`` (games in play),
        ``pending_posts`` (board posts not yet delivered) and ``jobs`` (timed jobs stored). Also ``/health``'s
        probe: it raises :class:`~bot.table.errors.StorageError` when the database does not answer."""
        ...

    async def close(self) -> None:
        """Close the connection; later calls raise :class:`~bot.table.errors.StorageError` (``closed``)."""
        ...


class Notifier(Protocol):
    """How the table reaches people (the Discord adapter implements it; the console collects; tests record)."""

    async def to_channel(self, game: GameRow, user_ids: Sequence[str], message: Msg, nonce: str | None = None) -> None:
        """Post ``message`` in the game's channel, pinging ``user_ids``. ``nonce`` (≤ 25 characters; a timed
        job's notice): a second send with the same nonce within a few minutes (the job fired again after its
        process died) must not post a second message."""
        ...

    async def to_user(self, game: GameRow, user_id: str, message: Msg, nonce: str | None = None) -> None:
        """Send ``message`` to ``user_id`` directly (``nonce`` as for :meth:`to_channel`); raises
        :class:`~bot.table.errors.DirectRefused` when that is impossible."""
        ...

    async def board(self, report: MoveReport) -> None:
        """Show the board after a move the table made by itself (a timeout action, a bot's move)."""
        ...

    async def recap(self, game: GameRow) -> None:
        """Draw and post the recap of a game that ended (a timed job, planned by the final move)."""
        ...

    async def board_link(self, game: GameRow, version: int | None = None) -> str | None:
        """A link to the game's latest board (or to its channel). With ``version``: to the board showing that
        version or a later one, ``None`` while it is not posted yet."""
        ...


class SilentNotifier:
    """Tells nobody (the default until an adapter sets its own notifier)."""

    async def to_channel(self, game: GameRow, user_ids: Sequence[str], message: Msg, nonce: str | None = None) -> None:
        return None

    async def to_user(self, game: GameRow, user_id: str, message: Msg, nonce: str | None = None) -> None:
        return None

    async def board(self, report: MoveReport) -> None:
        return None

    async def recap(self, game: GameRow) -> None:
        return None

    async def board_link(self, game: GameRow, version: int | None = None) -> str | None:
        return f"#{game.channel_id}"
