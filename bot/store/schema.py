"""The SQLite schema as numbered migrations: ``MIGRATIONS[n-1]`` takes a database from version ``n-1`` to ``n``
(``PRAGMA user_version``). A migration is never edited once released: a change is a new one at the end, so an
existing ``referee.sqlite3`` opens and plays on.

Tables: ``games`` (one row per game: channel, title, options, seed, status, the current state as JSON and its
``version`` = number of accepted moves), ``seats``, ``moves`` (the append-only log; replaying its actions from
the seed rebuilds ``games.state``), ``posts`` (the outbox of board posts), ``seat_clocks``, ``user_settings``,
``jobs`` (timed jobs), ``undo_requests``/``undo_answers``, ``follows``, ``move_logs`` (the packed logs of
ended games: :mod:`bot.store.movelog`), and the stats kept as games end:
``results`` (one line per ended game and person) and ``ratings`` (per server, title and person: the rating
and the counters ``/stats`` shows; ``guild`` is ``''`` for games outside a server).
"""
from __future__ import annotations

#: the jobs table (part of migration 4; the scheduler's tests create it alone)
JOBS_SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id       INTEGER NOT NULL,
    seat          INTEGER,
    kind          TEXT    NOT NULL,
    due           REAL    NOT NULL,
    version       INTEGER NOT NULL,
    payload       TEXT    NOT NULL DEFAULT '{}',
    claimed_by    TEXT,
    claimed_until REAL
);
CREATE INDEX IF NOT EXISTS jobs_due ON jobs(due);
CREATE INDEX IF NOT EXISTS jobs_game ON jobs(game_id);
"""

MIGRATIONS: list[str] = [
    # 1: the initial schema
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id  TEXT    NOT NULL,
        guild_id    TEXT,
        title       TEXT    NOT NULL,
        status      TEXT    NOT NULL,
        host_id     TEXT    NOT NULL,
        options     TEXT    NOT NULL,
        seed        INTEGER,
        locale      TEXT    NOT NULL DEFAULT 'en',
        version     INTEGER NOT NULL DEFAULT 0,
        state       TEXT,
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );
    CREATE UNIQUE INDEX games_one_open_per_channel ON games(channel_id) WHERE status IN ('lobby', 'active');
    CREATE TABLE seats (
        game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat     INTEGER NOT NULL,
        user_id  TEXT    NOT NULL,
        name     TEXT    NOT NULL,
        PRIMARY KEY (game_id, seat),
        UNIQUE (game_id, user_id)
    );
    CREATE TABLE moves (
        game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq      INTEGER NOT NULL,
        seat     INTEGER,
        user_id  TEXT,
        action   TEXT    NOT NULL,
        events   TEXT    NOT NULL,
        at       REAL    NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    # 2: the engine's rules version, so a replay knows which rules wrote a move log
    """
    ALTER TABLE games ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1
    """,
    # 3: the outbox of board posts, written in the same transaction as the move it shows
    """
    CREATE TABLE posts (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        version     INTEGER NOT NULL,
        channel_id  TEXT    NOT NULL,
        user_id     TEXT,
        status      TEXT    NOT NULL,
        attempts    INTEGER NOT NULL DEFAULT 0,
        next_at     REAL    NOT NULL,
        last_error  TEXT,
        message_id  TEXT,
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );
    CREATE INDEX posts_due ON posts(status, next_at);
    CREATE INDEX posts_of_game ON posts(game_id, id)
    """,
    # 4: turn clocks (issue 10): the table's clock and timeout policy, a game-wide pause, per-seat clock
    # state, who made a move (a player, the timeout rule or a bot), timed jobs and per-user settings
    """
    ALTER TABLE games ADD COLUMN clock TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE games ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'wait';
    ALTER TABLE games ADD COLUMN paused_since REAL;
    ALTER TABLE moves ADD COLUMN kind TEXT NOT NULL DEFAULT 'player';
    CREATE TABLE seat_clocks (
        game_id       INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat          INTEGER NOT NULL,
        bank          REAL    NOT NULL,
        started       REAL,
        turn_version  INTEGER NOT NULL DEFAULT 0,
        reminded      INTEGER NOT NULL DEFAULT 0,
        timeouts      INTEGER NOT NULL DEFAULT 0,
        overdue       INTEGER NOT NULL DEFAULT 0,
        bot           INTEGER NOT NULL DEFAULT 0,
        votes         TEXT    NOT NULL DEFAULT '[]',
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE user_settings (
        user_id         TEXT PRIMARY KEY,
        notify          TEXT NOT NULL DEFAULT 'channel',
        quiet           TEXT,
        zone            TEXT NOT NULL DEFAULT 'UTC',
        vacation_from   REAL,
        vacation_until  REAL,
        vacation_year   INTEGER NOT NULL DEFAULT 0,
        vacation_used   REAL    NOT NULL DEFAULT 0
    );
    """ + JOBS_SCHEMA,
    # 5: undo (issue 12). ``moves.reveals``: the move brought hidden information into the open (from the engine's
    # Outcome.reveals; rows written before this migration count as revealing, to be safe). ``moves.undone_by``:
    # the seq of the undo entry that took the move back (the log keeps it: nothing is erased). Undo requests
    # that need the other players' consent, their answers, and who follows a game.
    """
    ALTER TABLE moves ADD COLUMN reveals INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE moves ADD COLUMN undone_by INTEGER;
    CREATE TABLE undo_requests (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id     TEXT    NOT NULL,
        first_seq   INTEGER NOT NULL,
        version     INTEGER NOT NULL,
        status      TEXT    NOT NULL,
        created_at  REAL    NOT NULL,
        deadline    REAL    NOT NULL
    );
    CREATE UNIQUE INDEX undo_requests_one_pending ON undo_requests(game_id) WHERE status = 'pending';
    CREATE TABLE undo_answers (
        request_id  INTEGER NOT NULL REFERENCES undo_requests(id) ON DELETE CASCADE,
        user_id     TEXT    NOT NULL,
        accepted    INTEGER NOT NULL,
        at          REAL    NOT NULL,
        PRIMARY KEY (request_id, user_id)
    );
    CREATE TABLE follows (
        game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id     TEXT    NOT NULL,
        dm          INTEGER NOT NULL DEFAULT 0,
        at          REAL    NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX games_by_guild ON games(guild_id, title, status)
    """,
    # 6: bot seats (issue 11): the level of a seat the referee plays itself (NULL: a person sits there)
    """
    ALTER TABLE seats ADD COLUMN bot_level TEXT
    """,
    # 7: the seats' clocks as they were before each log entry (issue 21: an undo puts them back exactly as
    # before the taken-back move; NULL for entries written before this migration)
    """
    ALTER TABLE moves ADD COLUMN clocks TEXT
    """,
    # 8: stats kept as games end (issue 18): each ended game's results and every player's rating and counters,
    # written in the transaction that ends the game (filled here from the games that ended before: see
    # ``Store._after_migration``); and the indexes the commands' lookups need: a channel's games and the
    # active games (/game mine finds a user's seats in them, /game overdue their seat clocks, by primary keys)
    """
    CREATE TABLE results (
        game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        user_id   TEXT    NOT NULL,
        guild     TEXT    NOT NULL,
        title     TEXT    NOT NULL,
        name      TEXT    NOT NULL,
        status    TEXT    NOT NULL,
        score     INTEGER NOT NULL DEFAULT 0,
        place     INTEGER NOT NULL DEFAULT 0,
        win       INTEGER NOT NULL DEFAULT 0,
        ended_at  REAL    NOT NULL,
        PRIMARY KEY (game_id, seat, user_id)
    );
    CREATE TABLE ratings (
        guild        TEXT    NOT NULL,
        title        TEXT    NOT NULL,
        user_id      TEXT    NOT NULL,
        name         TEXT    NOT NULL,
        mu           REAL    NOT NULL,
        sigma        REAL    NOT NULL,
        played       INTEGER NOT NULL DEFAULT 0,
        wins         INTEGER NOT NULL DEFAULT 0,
        abandoned    INTEGER NOT NULL DEFAULT 0,
        replaced     INTEGER NOT NULL DEFAULT 0,
        score_total  INTEGER NOT NULL DEFAULT 0,
        place_total  INTEGER NOT NULL DEFAULT 0,
        rated        INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (guild, title, user_id)
    );
    CREATE INDEX ratings_of_user ON ratings(guild, user_id, title);
    CREATE INDEX ratings_board ON ratings(guild, title, (mu - 3 * sigma)) WHERE rated > 0;
    CREATE INDEX games_of_channel ON games(channel_id, id);
    CREATE INDEX games_by_status ON games(status, guild_id, id)
    """,
    # 9: the compact move log (issue 18): an ended game's whole log packed into one row (bot/store/movelog.py).
    # After this SQL, the migration packs every ended game's log and prunes the delivered board posts nothing
    # reads any more, in batches (each its own transaction); the version is set only once all is done, and
    # this SQL may run again (a migration stopped midway resumes).
    """
    CREATE TABLE IF NOT EXISTS move_logs (
        game_id  INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        format   INTEGER NOT NULL,
        moves    INTEGER NOT NULL,
        log      BLOB    NOT NULL
    )
    """,
    # 10 (issue 19): several processes share the outbox. A game's pending posts are delivered by the one process
    # holding its lease (``post_claims``; a killed holder's lease runs out on the database's clock), and each channel's pace (no board before ``not_before``: the board
    # interval, a rate limit) is kept here for every process to honour (this SQL may run again, as 9's)
    """
    CREATE TABLE IF NOT EXISTS post_claims (
        game_id     INTEGER PRIMARY KEY,
        owner       TEXT    NOT NULL,
        until       REAL    NOT NULL
    );
    CREATE TABLE IF NOT EXISTS channel_pace (
        channel_id  TEXT    PRIMARY KEY,
        not_before  REAL    NOT NULL
    )
    """,
]
