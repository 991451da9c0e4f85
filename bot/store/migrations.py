"""The database schema, as ordered migration steps. Never edit a step once released:
add a new one. ``schema_version`` holds the number of the last step applied."""

from __future__ import annotations

MIGRATIONS: list[tuple[int, list[str]]] = [
    (1, [
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            channel_id INTEGER NOT NULL,
            guild_id INTEGER,
            game TEXT NOT NULL,
            seed INTEGER,
            players INTEGER NOT NULL DEFAULT 0,
            options TEXT NOT NULL DEFAULT '{}',
            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
            version INTEGER NOT NULL DEFAULT 0,
            host_id INTEGER,
            board_message_id INTEGER,
            created REAL NOT NULL,
            updated REAL NOT NULL
        )""",
        # one open game (lobby or active) per channel or thread
        """CREATE UNIQUE INDEX games_one_open ON games(channel_id)
            WHERE status IN ('lobby', 'active')""",
        "CREATE INDEX games_by_channel ON games(channel_id, id)",
        """CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            name TEXT NOT NULL,
            colour TEXT NOT NULL,
            PRIMARY KEY (game_id, seat)
        )""",
        """CREATE TABLE moves (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            ply INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            notation TEXT NOT NULL,
            reveals INTEGER NOT NULL DEFAULT 0,
            summary TEXT NOT NULL DEFAULT '',
            created REAL NOT NULL,
            PRIMARY KEY (game_id, ply)
        )""",
        # the move log is append-only, except undo dropping a game's last moves
        """CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
            BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END""",
        """CREATE TABLE snapshots (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            ply INTEGER NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (game_id, ply)
        )""",
        """CREATE TABLE user_prefs (
            user_id INTEGER PRIMARY KEY,
            dms INTEGER NOT NULL DEFAULT 1,
            dm_closed INTEGER NOT NULL DEFAULT 0,
            updated REAL NOT NULL
        )""",
        """CREATE TABLE reminders (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id INTEGER NOT NULL,
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            due REAL NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('first', 'follow-up')),
            created REAL NOT NULL,
            UNIQUE (game_id, user_id)
        )""",
        "CREATE INDEX reminders_due ON reminders(due)",
        """CREATE TABLE abandon_votes (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            user_id INTEGER NOT NULL,
            created REAL NOT NULL,
            PRIMARY KEY (game_id, user_id)
        )""",
    ]),
    (2, [
        # how a move shows in public when its notation is secret (a secret card choice):
        # '' means the notation itself
        "ALTER TABLE moves ADD COLUMN public TEXT NOT NULL DEFAULT ''",
    ]),
]

LATEST = MIGRATIONS[-1][0]
