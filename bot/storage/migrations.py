"""The database schema as numbered migrations: ``MIGRATIONS[n]`` is migration ``n + 1``; a
migration written apart from that sequence (by number, e.g. while others write the numbers
before it) sits in :data:`NUMBERED`. Never edit a released step; add a new one.

Numbers may have gaps: the runner (:meth:`bot.storage.sqlite.SqliteStorage.migrate`) records each
number it applied, so a database that got migration 9 before 7 and 8 existed still gets 7 and 8
later. Every migration therefore touches only its own tables."""

from __future__ import annotations

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: matches, their command logs (with the interaction that caused each entry), other processed
    # interactions, posted boards.
    (
        """CREATE TABLE matches (
            match_id    TEXT PRIMARY KEY,
            guild_id    INTEGER,
            channel_id  INTEGER NOT NULL,
            creator_id  INTEGER NOT NULL,
            map_id      TEXT NOT NULL,
            scenario_id TEXT NOT NULL,
            format      TEXT NOT NULL DEFAULT '{}',
            seed        INTEGER NOT NULL,
            status      TEXT NOT NULL DEFAULT 'active',
            created_at  REAL NOT NULL
        )""",
        "CREATE UNIQUE INDEX matches_one_active_per_channel ON matches(channel_id) WHERE status = 'active'",
        """CREATE TABLE log (
            match_id       TEXT NOT NULL REFERENCES matches(match_id),
            seq            INTEGER NOT NULL,
            player         TEXT NOT NULL,
            text           TEXT NOT NULL,
            interaction_id INTEGER,
            at             REAL NOT NULL,
            PRIMARY KEY (match_id, seq)
        )""",
        "CREATE UNIQUE INDEX log_interaction ON log(interaction_id) WHERE interaction_id IS NOT NULL",
        """CREATE TABLE interactions (
            interaction_id INTEGER PRIMARY KEY,
            match_id       TEXT NOT NULL,
            at             REAL NOT NULL
        )""",
        """CREATE TABLE boards (
            match_id   TEXT NOT NULL,
            channel_id INTEGER NOT NULL,
            message_id INTEGER NOT NULL,
            version    INTEGER NOT NULL,
            PRIMARY KEY (match_id, message_id)
        )""",
    ),
    # 2: a round's secret picks not yet locked in (so a restart loses nothing); named "drafts"
    # here, renamed by migration 6 (nothing to do with drafting armies), and again by 12.
    (
        """CREATE TABLE drafts (
            match_id TEXT NOT NULL,
            player   TEXT NOT NULL,
            markers  TEXT NOT NULL,
            PRIMARY KEY (match_id, player)
        )""",
    ),
    # 3: snapshots of a match's position (a cache for fast restarts; the log stays the truth),
    # private lines owed to players whose DMs are closed, and a small key/value table (the hash of
    # the slash commands last registered with Discord).
    (
        """CREATE TABLE snapshots (
            match_id TEXT NOT NULL,
            seq      INTEGER NOT NULL,
            version  TEXT NOT NULL,
            state    BLOB NOT NULL,
            at       REAL NOT NULL,
            PRIMARY KEY (match_id, seq)
        )""",
        """CREATE TABLE owed (
            id       INTEGER PRIMARY KEY AUTOINCREMENT,
            match_id TEXT NOT NULL,
            player   TEXT NOT NULL,
            kind     TEXT NOT NULL,
            text     TEXT NOT NULL DEFAULT '',
            at       REAL NOT NULL
        )""",
        "CREATE INDEX owed_by_player ON owed(match_id, player)",
        """CREATE TABLE kv (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )""",
    ),
    # 4: the channel a match's thread belongs to (so the channel points at it even when Discord no
    # longer lists the thread as active, after a restart).
    (
        "ALTER TABLE matches ADD COLUMN parent_id INTEGER",
    ),
    # 5: the outbox of messages a match owes its channel (a command's public result, a round's
    # opening), written in the same transaction as the command that owes them and marked sent once
    # Discord took them, so a restart delivers what a crash cut off; and each match's last change of
    # turn (when, and in words), so that a command issued before it is refused, not applied to the
    # next turn.
    (
        """CREATE TABLE outbox (
            match_id TEXT NOT NULL,
            key      TEXT NOT NULL,
            seq      INTEGER NOT NULL,
            kind     TEXT NOT NULL,
            text     TEXT NOT NULL DEFAULT '',
            version  INTEGER NOT NULL DEFAULT 0,
            at       REAL NOT NULL,
            sent     REAL,
            PRIMARY KEY (match_id, key)
        )""",
        "CREATE INDEX outbox_unsent ON outbox(match_id) WHERE sent IS NULL",
        """CREATE TABLE turn_marks (
            match_id TEXT PRIMARY KEY,
            version  INTEGER NOT NULL,
            at_ms    INTEGER NOT NULL,
            what     TEXT NOT NULL
        )""",
    ),
    # 6: the table of secret picks not yet locked in takes its own name ("drafts" read as
    # army drafting, DEC-13); its rows stay.
    (
        "ALTER TABLE drafts RENAME TO marker_picks",
    ),
    # 7: each Discord server's own maps (uploaded with /map upload), in the project's map format,
    # with the uploaded file's name and who added it; keyed by server, so servers never share.
    (
        """CREATE TABLE server_maps (
            guild_id INTEGER NOT NULL,
            map_id   TEXT NOT NULL,
            name     TEXT NOT NULL,
            doc      TEXT NOT NULL,
            source   TEXT NOT NULL,
            added_by INTEGER NOT NULL,
            added_at REAL NOT NULL,
            PRIMARY KEY (guild_id, map_id)
        )""",
    ),
    # 8: each server's own Army Card files (``/cards upload``): the JSON text as uploaded and
    # checked, by server and file name; never read by another server.
    (
        """CREATE TABLE server_cards (
            guild_id    INTEGER NOT NULL,
            name        TEXT NOT NULL,
            body        TEXT NOT NULL,
            uploaded_by INTEGER,
            at          REAL NOT NULL,
            PRIMARY KEY (guild_id, name)
        )""",
    ),
)

#: Migrations by number, outside the sequence above (play by post, issue 16: 9; leagues, issue 17: 10).
NUMBERED: dict[int, tuple[str, ...]] = {
    # 9: play by post (issue 16): each match's pace, deadlines (one row per player waited on),
    # reminders before them, players' own settings (quiet hours, away, reminders, DMs), how long
    # players took to act, what caused a logged command the player did not send (a passed
    # deadline), and undo requests waiting for the other players' answers. Every row that work is
    # due on carries a ``version`` so that a loop claims it with a compare-and-set.
    9: (
        """CREATE TABLE pace (
            match_id TEXT PRIMARY KEY,
            settings TEXT NOT NULL
        )""",
        """CREATE TABLE deadlines (
            id       INTEGER PRIMARY KEY AUTOINCREMENT,
            match_id TEXT NOT NULL,
            player   TEXT NOT NULL,
            kind     TEXT NOT NULL,
            mark     TEXT NOT NULL,
            expected TEXT NOT NULL DEFAULT '',
            started  REAL NOT NULL,
            due      REAL NOT NULL,
            extended INTEGER NOT NULL DEFAULT 0,
            told     INTEGER NOT NULL DEFAULT 0,
            state    TEXT NOT NULL DEFAULT 'open',
            version  INTEGER NOT NULL DEFAULT 0,
            lease    REAL NOT NULL DEFAULT 0,
            closed   REAL
        )""",
        "CREATE INDEX deadlines_due ON deadlines(due) WHERE state = 'open'",
        "CREATE INDEX deadlines_match ON deadlines(match_id, state)",
        # Two processes seeing the same new wait open one deadline, not two.
        "CREATE UNIQUE INDEX deadlines_one_open ON deadlines(match_id, player, mark) WHERE state = 'open'",
        """CREATE TABLE reminders (
            id          INTEGER PRIMARY KEY AUTOINCREMENT,
            deadline_id INTEGER NOT NULL,
            due         REAL NOT NULL,
            state       TEXT NOT NULL DEFAULT 'open',
            version     INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX reminders_due ON reminders(due) WHERE state = 'open'",
        """CREATE TABLE pace_players (
            user_id     TEXT PRIMARY KEY,
            settings    TEXT NOT NULL DEFAULT '{}',
            away_until  REAL NOT NULL DEFAULT 0,
            away_reason TEXT NOT NULL DEFAULT '',
            dm_note     INTEGER NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE turn_times (
            match_id TEXT NOT NULL,
            player   TEXT NOT NULL,
            kind     TEXT NOT NULL,
            seconds  REAL NOT NULL,
            at       REAL NOT NULL
        )""",
        "CREATE INDEX turn_times_match ON turn_times(match_id, player)",
        """CREATE TABLE log_causes (
            match_id TEXT NOT NULL,
            seq      INTEGER NOT NULL,
            cause    TEXT NOT NULL,
            PRIMARY KEY (match_id, seq)
        )""",
        """CREATE TABLE undo_requests (
            id       INTEGER PRIMARY KEY AUTOINCREMENT,
            match_id TEXT NOT NULL,
            player   TEXT NOT NULL,
            cut      INTEGER NOT NULL,
            log_len  INTEGER NOT NULL,
            expires  REAL NOT NULL,
            votes    TEXT NOT NULL DEFAULT '{}',
            state    TEXT NOT NULL DEFAULT 'open',
            version  INTEGER NOT NULL DEFAULT 0
        )""",
    ),
    # 10: leagues (issue 17): each league of a server (settings as JSON), its members (players with
    # their hidden season army, organisers), seasons, games (pairings with their results) and the
    # record of every change with who made it. ``round_due`` is the current round's deadline (Unix
    # seconds; NULL: none), ``round_told`` whether the organisers were told it passed.
    10: (
        """CREATE TABLE leagues (
            league_id  INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id   INTEGER NOT NULL,
            name       TEXT NOT NULL,
            settings   TEXT NOT NULL,
            created_by INTEGER NOT NULL,
            created_at REAL NOT NULL,
            season     INTEGER NOT NULL DEFAULT 0,
            round      INTEGER NOT NULL DEFAULT 0,
            status     TEXT NOT NULL DEFAULT 'open',
            round_due  REAL,
            round_told INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE UNIQUE INDEX leagues_name ON leagues(guild_id, name COLLATE NOCASE)",
        """CREATE TABLE league_members (
            league_id INTEGER NOT NULL,
            user_id   TEXT NOT NULL,
            role      TEXT NOT NULL,
            name      TEXT NOT NULL DEFAULT '',
            army      TEXT,
            joined_at REAL NOT NULL,
            PRIMARY KEY (league_id, user_id, role)
        )""",
        """CREATE TABLE league_games (
            id         INTEGER PRIMARY KEY AUTOINCREMENT,
            league_id  INTEGER NOT NULL,
            season     INTEGER NOT NULL,
            round      INTEGER NOT NULL,
            stage      TEXT NOT NULL DEFAULT 'season',
            players    TEXT NOT NULL,
            ranks      TEXT,
            state      TEXT NOT NULL,
            map_id     TEXT NOT NULL DEFAULT '',
            match_id   TEXT,
            channel_id INTEGER,
            forfeit    TEXT NOT NULL DEFAULT '[]',
            armies     TEXT NOT NULL DEFAULT '{}',
            reported_by TEXT,
            version    INTEGER NOT NULL DEFAULT 0
        )""",
        "CREATE INDEX league_games_by_league ON league_games(league_id, season, round)",
        "CREATE UNIQUE INDEX league_games_match ON league_games(match_id) WHERE match_id IS NOT NULL",
        """CREATE TABLE league_events (
            id        INTEGER PRIMARY KEY AUTOINCREMENT,
            league_id INTEGER NOT NULL,
            game_id   INTEGER,
            actor     TEXT NOT NULL,
            kind      TEXT NOT NULL,
            detail    TEXT NOT NULL DEFAULT '',
            at        REAL NOT NULL
        )""",
    ),
    # 11: each match records its game (issue 18, the seam); rows stored before are of the game the
    # bot played alone until then. A frozen step: the literal is that game's registry name.
    11: (
        "ALTER TABLE matches ADD COLUMN ruleset TEXT NOT NULL DEFAULT 'heroscape'",
    ),
    # 12: the secret picks not yet locked in, of any game's secret phase, take a game-neutral name
    # (issue 18: storage names no game's terms); the rows stay.
    12: (
        "ALTER TABLE marker_picks RENAME TO secret_picks",
        "ALTER TABLE secret_picks RENAME COLUMN markers TO picks",
    ),
}

#: Every migration by number (the sequence and :data:`NUMBERED`).
ALL: dict[int, tuple[str, ...]] = {**{n + 1: step for n, step in enumerate(MIGRATIONS)}, **NUMBERED}
assert len(ALL) == len(MIGRATIONS) + len(NUMBERED), "a numbered migration collides with the sequence"

#: The highest schema number (``PRAGMA user_version`` once every migration ran).
LATEST = max(ALL)
