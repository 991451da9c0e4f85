"""The SQLite store (aiosqlite, WAL): games, seats, the move log, snapshots, preferences,
reminder schedules. Schema in ``bot.migrations``.

Every write to a game is one ``BEGIN IMMEDIATE`` transaction that first bumps the game's
version with ``UPDATE ... WHERE version = ?``; if another writer got there first the
transaction is rolled back and :class:`StaleVersion` raised, so two racing moves can
never both land. Each operation runs as one function in aiosqlite's connection thread
(one hop per operation, transactions never interleave); several stores — or processes —
may share one file.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.migrations import MIGRATIONS

OPEN = ("lobby", "active")
T = TypeVar("T")


class StaleVersion(Exception):
    """The game changed since it was read; nothing was written."""


class ChannelBusy(Exception):
    """This channel already has an open game."""


@dataclass(frozen=True)
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    seed: int | None
    players: int
    options: dict[str, Any]
    status: str
    version: int
    host_id: int | None
    board_message_id: int | None
    created: float
    updated: float


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int | None      # None: a computer seat
    name: str
    colour: str

    @property
    def human(self) -> bool:
        return self.user_id is not None


@dataclass(frozen=True)
class MoveRow:
    ply: int
    seat: int
    user_id: int | None
    notation: str
    reveals: bool = False
    summary: str = ""
    created: float = 0.0


@dataclass(frozen=True)
class ReminderRow:
    id: int
    user_id: int
    game_id: int
    due: float
    kind: str


_GAME_COLS = ("id, channel_id, guild_id, game, seed, players, options, status, version, "
              "host_id, board_message_id, created, updated")
_MOVE_COLS = "ply, seat, user_id, notation, reveals, summary, created"
Conn = sqlite3.Connection


def _game(row: Any) -> GameRow:
    values = list(row)
    values[6] = json.loads(values[6] or "{}")
    return GameRow(*values)


def _move(r: Any) -> MoveRow:
    return MoveRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6])


def _in_tx(conn: Conn, immediate: bool, fn: Callable[..., T], *args: Any) -> T:
    """Run ``fn(conn, *args)`` in one transaction (in the connection's thread)."""
    conn.execute("BEGIN IMMEDIATE" if immediate else "BEGIN")
    try:
        out = fn(conn, *args)
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return out


def _bump(conn: Conn, game_id: int, version: int, now: float, fields: dict[str, Any]) -> None:
    sets = "".join(f", {k} = ?" for k in fields)
    values = [json.dumps(v) if k == "options" else v for k, v in fields.items()]
    cur = conn.execute(f"UPDATE games SET version = version + 1, updated = ?{sets} "
                       "WHERE id = ? AND version = ?", (now, *values, game_id, version))
    if cur.rowcount != 1:
        raise StaleVersion(f"game {game_id} is no longer at version {version}")


def _put_seats(conn: Conn, game_id: int, seats: list[SeatRow]) -> None:
    conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
    conn.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES (?, ?, ?, ?, ?)",
        [(game_id, s.seat, s.user_id, s.name, s.colour) for s in seats])


def _seats(conn: Conn, game_id: int) -> list[SeatRow]:
    return [SeatRow(*r) for r in conn.execute(
        "SELECT seat, user_id, name, colour FROM seats WHERE game_id = ? ORDER BY seat",
        (game_id,))]


def _schedule(conn: Conn, game_id: int, waiting: list[int], mover: int | None, now: float,
              follow_up: float, finished: bool) -> None:
    """Reminders after a change: everyone waited for gets a first reminder due now unless
    one is pending; a mover still waited for gets a follow-up; the rest are dropped."""
    if finished or not waiting:
        conn.execute("DELETE FROM reminders WHERE game_id = ?", (game_id,))
        return
    marks = ",".join("?" * len(waiting))
    conn.execute(f"DELETE FROM reminders WHERE game_id = ? AND user_id NOT IN ({marks})",
                 (game_id, *waiting))
    for user in waiting:
        if user == mover:
            conn.execute("INSERT OR REPLACE INTO reminders (user_id, game_id, due, kind, "
                         "created) VALUES (?, ?, ?, 'follow-up', ?)",
                         (user, game_id, now + follow_up, now))
        else:
            conn.execute("INSERT OR IGNORE INTO reminders (user_id, game_id, due, kind, "
                         "created) VALUES (?, ?, ?, 'first', ?)", (user, game_id, now, now))


class Store:
    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self.path = path

    @classmethod
    async def open(cls, path: str | Path, synchronous: str = "FULL") -> Store:
        """Open the file (creating its folder), switch to WAL and apply migrations."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, isolation_level=None, timeout=30)
        for pragma in ("journal_mode=WAL", f"synchronous={synchronous}", "foreign_keys=ON",
                       "busy_timeout=30000"):
            await db.execute(f"PRAGMA {pragma}")
        store = cls(db, path)
        await store.migrate()
        return store

    async def close(self) -> None:
        await self._db.close()

    async def _run(self, fn: Callable[..., T], *args: Any, write: bool = True) -> T:
        """``fn(conn, *args)`` as one transaction in the connection's thread.

        aiosqlite has no public way to run a function in its thread; ``_execute`` is what
        its own methods use."""
        return await self._db._execute(_in_tx, self._db._conn, write, fn, *args)

    async def _all(self, sql: str, args: Iterable[Any] = ()) -> list[Any]:
        return await self._run(lambda c: c.execute(sql, tuple(args)).fetchall(), write=False)

    async def _one(self, sql: str, args: Iterable[Any] = ()) -> Any:
        rows = await self._all(sql, args)
        return rows[0] if rows else None

    # Schema ------------------------------------------------------------------------

    async def migrate(self) -> int:
        def go(conn: Conn) -> int:
            conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER)")
            row = conn.execute("SELECT version FROM schema_version").fetchone()
            current = row[0] if row else 0
            if row is None:
                conn.execute("INSERT INTO schema_version VALUES (0)")
            for number, statements in MIGRATIONS:
                if number <= current:
                    continue
                for sql in statements:
                    conn.execute(sql)
                conn.execute("UPDATE schema_version SET version = ?", (number,))
                current = number
            return current
        return await self._run(go)

    async def schema_version(self) -> int:
        row = await self._one("SELECT version FROM schema_version")
        return row[0] if row else 0

    # Games -------------------------------------------------------------------------

    async def open_game(self, channel_id: int) -> GameRow | None:
        """The lobby or active game in this channel, if any."""
        row = await self._one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? AND status IN (?, ?)",
            (channel_id, *OPEN))
        return _game(row) if row else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The open game here, else the most recent one (for /board, /score after the end)."""
        row = await self._one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? "
            "ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1", (channel_id,))
        return _game(row) if row else None

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._one(f"SELECT {_GAME_COLS} FROM games WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def create_lobby(self, channel_id: int, guild_id: int | None, game: str,
                           host: SeatRow, now: float) -> GameRow:
        def go(conn: Conn) -> GameRow:
            cur = conn.execute(
                "INSERT INTO games (channel_id, guild_id, game, status, host_id, created, "
                "updated, players) VALUES (?, ?, ?, 'lobby', ?, ?, ?, 1)",
                (channel_id, guild_id, game, host.user_id, now, now))
            _put_seats(conn, int(cur.lastrowid or 0), [host])
            return _game(conn.execute(f"SELECT {_GAME_COLS} FROM games WHERE id = ?",
                                      (cur.lastrowid,)).fetchone())
        try:
            return await self._run(go)
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy(str(exc)) from exc

    async def update_game(self, game: GameRow, now: float, seats: list[SeatRow] | None = None,
                          clear_reminders: bool = False, **fields: Any) -> int:
        """Change a game's row (and optionally replace its seats), checking its version.
        Returns the new version."""
        def go(conn: Conn) -> None:
            _bump(conn, game.id, game.version, now, fields)
            if seats is not None:
                _put_seats(conn, game.id, seats)
            if clear_reminders:
                conn.execute("DELETE FROM reminders WHERE game_id = ?", (game.id,))
        await self._run(go)
        return game.version + 1

    async def seats(self, game_id: int) -> list[SeatRow]:
        return await self._run(_seats, game_id, write=False)

    async def set_board_message(self, game_id: int, message_id: int) -> None:
        # no version bump: it changes nothing in the game
        await self._run(lambda c: c.execute(
            "UPDATE games SET board_message_id = ? WHERE id = ?", (message_id, game_id)))

    async def read_log(self, game_id: int, upto: int | None = None) -> tuple[
            GameRow, list[SeatRow], tuple[int, str] | None, list[MoveRow]]:
        """In one read transaction: the game row, its seats, the latest snapshot (at or
        before ply ``upto``, if given) and the moves after it (up to ``upto``)."""
        limit = upto if upto is not None else 1 << 62

        def go(conn: Conn) -> tuple[GameRow, list[SeatRow], tuple[int, str] | None,
                                    list[MoveRow]]:
            row = _game(conn.execute(f"SELECT {_GAME_COLS} FROM games WHERE id = ?",
                                     (game_id,)).fetchone())
            snap = conn.execute("SELECT ply, state FROM snapshots WHERE game_id = ? AND "
                                "ply <= ? ORDER BY ply DESC LIMIT 1", (game_id, limit)).fetchone()
            moves = conn.execute(
                f"SELECT {_MOVE_COLS} FROM moves WHERE game_id = ? AND ply > ? AND ply <= ? "
                "ORDER BY ply", (game_id, snap[0] if snap else 0, limit)).fetchall()
            return (row, _seats(conn, game_id), (snap[0], snap[1]) if snap else None,
                    [_move(m) for m in moves])
        return await self._run(go, write=False)

    # Moves -------------------------------------------------------------------------

    async def append_moves(
        self, game: GameRow, moves: list[MoveRow], now: float, *,
        snapshot: tuple[int, str] | None = None, seats: list[SeatRow] | None = None,
        waiting: Iterable[int] = (), mover: int | None = None, follow_up: float = 86400.0,
        **fields: Any,
    ) -> int:
        """Append moves (and a snapshot, new seats, changed game fields) atomically, checking
        the game's version; reschedule its reminders (see ``_schedule``). Returns the new
        version."""
        waiting = list(waiting)

        def go(conn: Conn) -> None:
            _bump(conn, game.id, game.version, now, fields)
            conn.executemany(
                "INSERT INTO moves (game_id, ply, seat, user_id, notation, reveals, summary, "
                "created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(game.id, m.ply, m.seat, m.user_id, m.notation, int(m.reveals), m.summary, now)
                 for m in moves])
            if snapshot:
                conn.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?)",
                             (game.id, snapshot[0], snapshot[1]))
            if seats is not None:
                _put_seats(conn, game.id, seats)
            _schedule(conn, game.id, waiting, mover, now, follow_up,
                      finished=fields.get("status") in ("finished", "abandoned"))
        await self._run(go)
        return game.version + 1

    async def truncate(self, game: GameRow, ply: int, now: float, *,
                       waiting: Iterable[int] = (), mover: int | None = None,
                       follow_up: float = 86400.0) -> int:
        """Undo: drop every move after ``ply`` (and later snapshots). Returns the version."""
        waiting = list(waiting)

        def go(conn: Conn) -> None:
            _bump(conn, game.id, game.version, now, {})
            conn.execute("DELETE FROM moves WHERE game_id = ? AND ply > ?", (game.id, ply))
            conn.execute("DELETE FROM snapshots WHERE game_id = ? AND ply > ?", (game.id, ply))
            _schedule(conn, game.id, waiting, mover, now, follow_up, finished=False)
        await self._run(go)
        return game.version + 1

    async def moves(self, game_id: int, after: int = 0) -> list[MoveRow]:
        rows = await self._all(f"SELECT {_MOVE_COLS} FROM moves WHERE game_id = ? AND ply > ? "
                               "ORDER BY ply", (game_id, after))
        return [_move(r) for r in rows]

    async def last_moves(self, game_id: int, count: int) -> list[MoveRow]:
        rows = await self._all(f"SELECT {_MOVE_COLS} FROM moves WHERE game_id = ? "
                               "ORDER BY ply DESC LIMIT ?", (game_id, count))
        return [_move(r) for r in reversed(rows)]

    async def ply_count(self, game_id: int) -> int:
        row = await self._one("SELECT COALESCE(MAX(ply), 0) FROM moves WHERE game_id = ?",
                              (game_id,))
        return int(row[0])

    async def snapshot(self, game_id: int, max_ply: int) -> tuple[int, str] | None:
        row = await self._one(
            "SELECT ply, state FROM snapshots WHERE game_id = ? AND ply <= ? "
            "ORDER BY ply DESC LIMIT 1", (game_id, max_ply))
        return (row[0], row[1]) if row else None

    # Abandon votes -----------------------------------------------------------------

    async def vote_abandon(self, game_id: int, user_id: int, now: float) -> set[int]:
        def go(conn: Conn) -> set[int]:
            conn.execute("INSERT OR IGNORE INTO abandon_votes VALUES (?, ?, ?)",
                         (game_id, user_id, now))
            return {r[0] for r in conn.execute(
                "SELECT user_id FROM abandon_votes WHERE game_id = ?", (game_id,))}
        return await self._run(go)

    # Preferences -------------------------------------------------------------------

    async def prefs(self, user_id: int) -> tuple[bool, bool]:
        """(DMs on, DMs known closed) for a user."""
        row = await self._one("SELECT dms, dm_closed FROM user_prefs WHERE user_id = ?",
                              (user_id,))
        return (bool(row[0]), bool(row[1])) if row else (True, False)

    async def set_prefs(self, user_id: int, now: float, dms: bool | None = None,
                        dm_closed: bool | None = None) -> None:
        def go(conn: Conn) -> None:
            row = conn.execute("SELECT dms, dm_closed FROM user_prefs WHERE user_id = ?",
                               (user_id,)).fetchone()
            on, closed = (bool(row[0]), bool(row[1])) if row else (True, False)
            conn.execute("INSERT OR REPLACE INTO user_prefs VALUES (?, ?, ?, ?)",
                         (user_id, int(on if dms is None else dms),
                          int(closed if dm_closed is None else dm_closed), now))
        await self._run(go)

    # Reminders ---------------------------------------------------------------------

    async def due_reminders(self, now: float, limit: int = 100) -> list[ReminderRow]:
        """Reminders due for active games, users with DMs on and not known closed."""
        rows = await self._all(
            "SELECT r.id, r.user_id, r.game_id, r.due, r.kind FROM reminders r "
            "JOIN games g ON g.id = r.game_id AND g.status = 'active' "
            "LEFT JOIN user_prefs p ON p.user_id = r.user_id "
            "WHERE r.due <= ? AND COALESCE(p.dms, 1) = 1 AND COALESCE(p.dm_closed, 0) = 0 "
            "ORDER BY r.due LIMIT ?", (now, limit))
        return [ReminderRow(*r) for r in rows]

    async def reminders(self, game_id: int | None = None) -> list[ReminderRow]:
        sql = "SELECT id, user_id, game_id, due, kind FROM reminders"
        rows = await (self._all(sql + " WHERE game_id = ? ORDER BY id", (game_id,))
                      if game_id is not None else self._all(sql + " ORDER BY id"))
        return [ReminderRow(*r) for r in rows]

    async def reschedule(self, reminder_id: int, due: float | None,
                         kind: str | None = None) -> None:
        """Move a reminder to ``due`` (None deletes it)."""
        if due is None:
            await self._run(lambda c: c.execute("DELETE FROM reminders WHERE id = ?",
                                                (reminder_id,)))
        else:
            await self._run(lambda c: c.execute(
                "UPDATE reminders SET due = ?, kind = COALESCE(?, kind) WHERE id = ?",
                (due, kind, reminder_id)))

    async def drop_user_reminders(self, user_id: int) -> None:
        await self._run(lambda c: c.execute("DELETE FROM reminders WHERE user_id = ?",
                                            (user_id,)))
