"""The SQLite store (WAL): the embedded default behind ``bot.store.interface``.
Schema in ``bot.store.migrations``.

Every write to a game is one ``BEGIN IMMEDIATE`` transaction that first bumps the game's
version with ``UPDATE ... WHERE version = ?``; if another writer got there first the
transaction is rolled back and :class:`StaleVersion` raised, so two racing moves can
never both land. Several stores — or processes — may share one file.

A store has one connection, used only by a thread of its own: a whole transaction (or a
read) is one plain ``sqlite3`` function run there — one hop from the event loop, however
many statements it has. The thread runs them one after another, so one coroutine's
transaction never interleaves with another's. (Through aiosqlite's public API each
statement was a hop of its own — seven per move, ~35 µs of CPU each:
``scripts/bench_store.py`` times both.)

Opening checks the file before anything uses it (see :func:`check_file`): a damaged file,
a file of a newer bot, or a path that is no database stops the start with a sentence.
"""

from __future__ import annotations

import asyncio
import functools
import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from bot.store.interface import (
    OPEN,
    ChannelBusy,
    DiskFull,
    GameRow,
    Log,
    MoveRow,
    ReminderRow,
    SeatRow,
    Snapshot,
    StaleVersion,
    StoreError,
)
from bot.store.migrations import LATEST, MIGRATIONS, statements

T = TypeVar("T")
Db = sqlite3.Connection

_GAME_COLS = ("id, channel_id, guild_id, game, seed, players, options, status, version, "
              "host_id, board_message_id, created, updated")
_MOVE_COLS = "ply, seat, user_id, notation, reveals, summary, created, public"
RESTORE = ("Stop the bot, move the file aside (with its -wal and -shm files, if any), and "
           "copy your latest backup (`python -m bot backup` makes them) to that path, or "
           "point SAILBOT_DB at a new file to start afresh.")


def _game(row: Any) -> GameRow:
    values = list(row)
    values[6] = json.loads(values[6] or "{}")
    return GameRow(*values)


def _move(r: Any) -> MoveRow:
    return MoveRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6], r[7] or "")


def _full(exc: sqlite3.Error) -> bool:
    return getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or (
        "database or disk is full" in str(exc))


def _all(db: Db, sql: str, args: Iterable[Any] = ()) -> list[Any]:
    return db.execute(sql, tuple(args)).fetchall()


def _one(db: Db, sql: str, args: Iterable[Any] = ()) -> Any:
    rows = _all(db, sql, args)
    return rows[0] if rows else None


def _pragmas(db: Db, synchronous: str) -> None:
    for pragma in ("journal_mode=WAL", f"synchronous={synchronous}", "foreign_keys=ON",
                   "busy_timeout=30000"):
        db.execute(f"PRAGMA {pragma}")


def _transaction(db: Db, fn: Callable[[Db], T], write: bool) -> T:
    """``fn(db)`` in one transaction; rolled back whole when it raises. A full disk is
    :class:`DiskFull`."""
    try:
        db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
    except sqlite3.OperationalError as exc:
        raise (DiskFull(str(exc)) if _full(exc) else exc) from None
    try:
        result = fn(db)
    except BaseException as exc:
        _rollback(db)
        if isinstance(exc, sqlite3.OperationalError) and _full(exc):
            raise DiskFull(str(exc)) from None
        raise
    try:
        db.execute("COMMIT")
    except sqlite3.OperationalError as exc:
        _rollback(db)
        raise (DiskFull(str(exc)) if _full(exc) else exc) from None
    return result


def _rollback(db: Db) -> None:
    # SQLite has already rolled back after some errors (a full disk among them)
    if db.in_transaction:
        db.execute("ROLLBACK")


def _bump(db: Db, game_id: int, version: int, now: float, fields: dict[str, Any]) -> None:
    sets = "".join(f", {k} = ?" for k in fields)
    values = [json.dumps(v) if k == "options" else v for k, v in fields.items()]
    cur = db.execute(f"UPDATE games SET version = version + 1, updated = ?{sets} "
                     "WHERE id = ? AND version = ?", (now, *values, game_id, version))
    if cur.rowcount != 1:
        raise StaleVersion(f"game {game_id} is no longer at version {version}")


def _put_seats(db: Db, game_id: int, seats: list[SeatRow]) -> None:
    db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
    db.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES (?, ?, ?, ?, ?)",
        [(game_id, s.seat, s.user_id, s.name, s.colour) for s in seats])


def _seats(db: Db, game_id: int) -> list[SeatRow]:
    rows = _all(db, "SELECT seat, user_id, name, colour FROM seats WHERE game_id = ? "
                    "ORDER BY seat", (game_id,))
    return [SeatRow(*r) for r in rows]


def _schedule(db: Db, game_id: int, waiting: list[int], mover: int | None, now: float,
              follow_up: float, finished: bool) -> None:
    """Reminders after a change: everyone waited for gets a first reminder due now unless
    one is pending; a mover still waited for gets a follow-up; the rest are dropped."""
    if finished or not waiting:
        db.execute("DELETE FROM reminders WHERE game_id = ?", (game_id,))
        return
    marks = ",".join("?" * len(waiting))
    db.execute(f"DELETE FROM reminders WHERE game_id = ? AND user_id NOT IN ({marks})",
               (game_id, *waiting))
    for user in waiting:
        if user == mover:
            db.execute("INSERT OR REPLACE INTO reminders (user_id, game_id, due, kind, "
                       "created) VALUES (?, ?, ?, 'follow-up', ?)",
                       (user, game_id, now + follow_up, now))
        else:
            db.execute("INSERT OR IGNORE INTO reminders (user_id, game_id, due, kind, "
                       "created) VALUES (?, ?, ?, 'first', ?)", (user, game_id, now, now))


def check_file(path: Path) -> None:
    """Refuse, with a sentence, a path that cannot hold our database — before connecting,
    so that a bad file is never half-opened."""
    if path.is_dir():
        raise StoreError(f"The database path {path} is a folder, not a file. Set SAILBOT_DB "
                         "to a file path (e.g. var/sailbot.sqlite3).")
    if path.exists() and path.stat().st_size > 0:
        with path.open("rb") as handle:
            header = handle.read(16)
        if header != b"SQLite format 3\x00":
            raise StoreError(f"{path} is not an SQLite database (its header is wrong: the "
                             "file is damaged or is something else). " + RESTORE.format(path=path))


class SqliteStore:
    """The store on one SQLite file. Open with ``await SqliteStore.open(path)``."""

    def __init__(self, db: Db, thread: ThreadPoolExecutor, path: Path) -> None:
        self._db = db               # used only in ``_thread``
        self._thread = thread
        self.path = path
        self._closed = False

    @classmethod
    async def open(cls, path: str | Path, synchronous: str = "FULL") -> SqliteStore:
        """Check the file, open it (creating its folder), switch to WAL and migrate.
        Raises :class:`StoreError` with a sentence when the file cannot be used; the
        connection is closed again in that case, so the process can exit."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"Cannot create the folder for the database {path}: "
                             f"{exc.strerror or exc}.") from exc
        check_file(path)
        thread = ThreadPoolExecutor(1, thread_name_prefix="sailbot-sqlite")
        try:
            db = await asyncio.get_running_loop().run_in_executor(thread, functools.partial(
                sqlite3.connect, path, isolation_level=None, timeout=30,
                check_same_thread=False))
        except sqlite3.Error as exc:
            thread.shutdown(wait=False)
            raise StoreError(f"Cannot open the database {path}: {exc}.") from exc
        store = cls(db, thread, path)
        try:
            await store._call(_pragmas, synchronous)
            await store._call(store._check)
            await store.migrate()
        except BaseException as exc:
            await store.close()
            if isinstance(exc, sqlite3.Error):
                raise StoreError(f"The database {path} cannot be used ({exc}). "
                                 + RESTORE.format(path=path)) from exc
            raise
        return store

    def _check(self, db: Db) -> None:
        """SQLite's quick check, then the schema version: a newer bot's file is refused."""
        rows = _all(db, "PRAGMA quick_check")
        problems = [str(r[0]) for r in rows if r[0] != "ok"]
        if problems:
            raise StoreError(f"The database {self.path} is damaged (SQLite quick check: "
                             f"{'; '.join(problems[:3])[:300]}). " + RESTORE.format(path=self.path))
        tables = {r[0] for r in _all(db, "SELECT name FROM sqlite_master WHERE type='table'")}
        if tables and "schema_version" not in tables:
            raise StoreError(f"The database {self.path} has tables but no `schema_version`: it "
                             "is not ours, or it is damaged. " + RESTORE.format(path=self.path))
        if "schema_version" in tables:
            row = _one(db, "SELECT version FROM schema_version")
            version = row[0] if row else None
            if version is None:
                raise StoreError(f"The database {self.path} has an empty `schema_version`: it "
                                 "is damaged. " + RESTORE.format(path=self.path))
            if version > LATEST:
                raise StoreError(f"The database {self.path} was written by a newer version of "
                                 f"the bot (schema {version}; this bot knows up to {LATEST}). "
                                 "Run the newer bot, or restore a backup made by this one.")

    async def close(self) -> None:
        """Close the connection and end the store's thread (again: nothing happens)."""
        if self._closed:
            return
        self._closed = True
        try:
            await self._call(Db.close)
        finally:
            self._thread.shutdown(wait=False)     # its last job has run: the thread ends

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(connection, *args)`` in the store's thread: one hop, whatever it does."""
        return await asyncio.get_running_loop().run_in_executor(
            self._thread, functools.partial(fn, self._db, *args))

    async def _run(self, fn: Callable[[Db], T], write: bool = True) -> T:
        """``fn`` as one transaction, in one hop to the store's thread."""
        return await self._call(_transaction, fn, write)

    async def _read_all(self, sql: str, args: Iterable[Any] = ()) -> list[Any]:
        return await self._call(_all, sql, args)

    async def _read_one(self, sql: str, args: Iterable[Any] = ()) -> Any:
        return await self._call(_one, sql, args)

    # Schema ------------------------------------------------------------------------

    async def migrate(self) -> int:
        def go(db: Db) -> int:
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER)")
            row = _one(db, "SELECT version FROM schema_version")
            current = row[0] if row else 0
            if row is None:
                db.execute("INSERT INTO schema_version VALUES (0)")
            for number, _ in MIGRATIONS:
                if number <= current:
                    continue
                for sql in statements(number, "sqlite"):
                    db.execute(sql)
                db.execute("UPDATE schema_version SET version = ?", (number,))
                current = number
            return current
        return await self._run(go)

    async def schema_version(self) -> int:
        row = await self._read_one("SELECT version FROM schema_version")
        return row[0] if row else 0

    # Games -------------------------------------------------------------------------

    async def open_game(self, channel_id: int) -> GameRow | None:
        """The lobby or active game in this channel, if any."""
        row = await self._read_one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? AND status IN (?, ?)",
            (channel_id, *OPEN))
        return _game(row) if row else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The open game here, else the most recent one (for /board, /score after the end)."""
        row = await self._read_one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? "
            "ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1", (channel_id,))
        return _game(row) if row else None

    async def last_played(self, channel_id: int) -> GameRow | None:
        """The most recent game here that was started (``/rematch``)."""
        row = await self._read_one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = ? AND seed IS NOT NULL "
            "ORDER BY id DESC LIMIT 1", (channel_id,))
        return _game(row) if row else None

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._read_one(f"SELECT {_GAME_COLS} FROM games WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def games_in_progress(self) -> list[GameRow]:
        """Every started game not yet over, oldest first (``python -m bot check``)."""
        rows = await self._read_all(
            f"SELECT {_GAME_COLS} FROM games WHERE status = 'active' ORDER BY id")
        return [_game(r) for r in rows]

    async def open_games_of(self, user_id: int) -> list[GameRow]:
        """The lobbies and games under way in which ``user_id`` holds a seat (``/mygames``),
        the most recently changed first."""
        # the statuses as literals, so the planner walks the partial index of open games
        # (a few hundred) instead of every seat ever taken
        rows = await self._read_all(
            f"SELECT {_GAME_COLS} FROM games WHERE status IN ('lobby', 'active') AND EXISTS "
            "(SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.user_id = ?) "
            "ORDER BY updated DESC, id DESC", (user_id,))
        return [_game(r) for r in rows]

    async def games_taken_over_from(self, user_id: int) -> list[GameRow]:
        """The open games in which a computer plays a seat that was ``user_id``'s (the game
        row's options keep it under ``handed_over``, see ``bot.table.computers``) —
        ``/mygames`` offers them back; the most recently changed first."""
        # the open games only (their partial index); the text test spares parsing the
        # options of games in which nobody handed a seat over
        rows = await self._read_all(
            f"SELECT {_GAME_COLS} FROM games WHERE status IN ('lobby', 'active') "
            "AND instr(options, '\"handed_over\"') > 0 AND EXISTS (SELECT 1 FROM "
            "json_each(games.options, '$.handed_over') AS h WHERE h.type = 'object' "
            "AND json_extract(h.value, '$.user_id') = ?) ORDER BY updated DESC, id DESC",
            (user_id,))
        return [_game(r) for r in rows]

    async def waiting_since(self, user_id: int, game_ids: list[int]) -> dict[int, float]:
        """Since when each of ``game_ids`` has waited on ``user_id`` (the ``created`` of its
        reminder row, see ``_schedule``), for those that have one (``/mygames``): one query
        on the reminders' (game, user) key."""
        if not game_ids:
            return {}
        marks = ",".join("?" * len(game_ids))
        rows = await self._read_all(
            f"SELECT game_id, created FROM reminders WHERE user_id = ? AND game_id IN ({marks})",
            (user_id, *game_ids))
        return {int(g): float(c) for g, c in rows}

    async def finished_games(self, guild_id: int | None, channel_id: int,
                             limit: int) -> list[GameRow]:
        """The games played to the end in a server (``guild_id``; None: in the channel
        alone), newest first, at most ``limit`` (``/stats``)."""
        where, key = ("guild_id", guild_id) if guild_id is not None else ("channel_id",
                                                                         channel_id)
        rows = await self._read_all(
            f"SELECT {_GAME_COLS} FROM games WHERE {where} = ? AND status = 'finished' "
            "ORDER BY id DESC LIMIT ?", (key, limit))
        return [_game(r) for r in rows]

    async def create_lobby(self, channel_id: int, guild_id: int | None, game: str,
                           host: SeatRow, now: float,
                           options: dict[str, Any] | None = None,
                           others: Sequence[SeatRow] = ()) -> GameRow:
        seats = [replace(s, seat=i) for i, s in enumerate([host, *others])]

        def go(db: Db) -> GameRow:
            cur = db.execute(
                "INSERT INTO games (channel_id, guild_id, game, status, host_id, created, "
                "updated, players, options) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                (channel_id, guild_id, game, host.user_id, now, now, len(seats),
                 json.dumps(options or {})))
            game_id = int(cur.lastrowid or 0)
            _put_seats(db, game_id, seats)
            return _game(_one(db, f"SELECT {_GAME_COLS} FROM games WHERE id = ?",
                              (game_id,)))
        try:
            return await self._run(go)
        except sqlite3.IntegrityError as exc:
            raise ChannelBusy(str(exc)) from exc

    async def update_game(self, game: GameRow, now: float, seats: list[SeatRow] | None = None,
                          clear_reminders: bool = False, **fields: Any) -> int:
        """Change a game's row (and optionally replace its seats), checking its version.
        Returns the new version."""
        def go(db: Db) -> None:
            _bump(db, game.id, game.version, now, fields)
            if seats is not None:
                _put_seats(db, game.id, seats)
            if clear_reminders:
                db.execute("DELETE FROM reminders WHERE game_id = ?", (game.id,))
        await self._run(go)
        return game.version + 1

    async def seats(self, game_id: int) -> list[SeatRow]:
        return await self._call(_seats, game_id)

    async def set_board_message(self, game_id: int, message_id: int) -> None:
        # no version bump: it changes nothing in the game
        def go(db: Db) -> None:
            db.execute("UPDATE games SET board_message_id = ? WHERE id = ?",
                       (message_id, game_id))
        await self._run(go)

    async def read_log(self, game_id: int, upto: int | None = None) -> Log:
        """In one read transaction: the game row, its seats, the latest snapshot (at or
        before ply ``upto``, if given) and the moves after it (up to ``upto``)."""
        limit = upto if upto is not None else 1 << 62

        def go(db: Db) -> Log:
            row = _game(_one(db, f"SELECT {_GAME_COLS} FROM games WHERE id = ?",
                             (game_id,)))
            snap = _one(db, "SELECT ply, state FROM snapshots WHERE game_id = ? AND "
                            "ply <= ? ORDER BY ply DESC LIMIT 1", (game_id, limit))
            moves = _all(
                db, f"SELECT {_MOVE_COLS} FROM moves WHERE game_id = ? AND ply > ? AND ply <= ? "
                    "ORDER BY ply", (game_id, snap[0] if snap else 0, limit))
            return (row, _seats(db, game_id), (snap[0], snap[1]) if snap else None,
                    [_move(m) for m in moves])
        return await self._run(go, write=False)

    # Moves -------------------------------------------------------------------------

    async def append_moves(
        self, game: GameRow, moves: list[MoveRow], now: float, *,
        snapshot: Snapshot | None = None, seats: list[SeatRow] | None = None,
        waiting: Iterable[int] = (), mover: int | None = None, follow_up: float = 86400.0,
        **fields: Any,
    ) -> int:
        """Append moves (and a snapshot, new seats, changed game fields) atomically, checking
        the game's version; reschedule its reminders (see ``_schedule``). Returns the new
        version."""
        waiting = list(waiting)

        def go(db: Db) -> None:
            _bump(db, game.id, game.version, now, fields)
            db.executemany(
                "INSERT INTO moves (game_id, ply, seat, user_id, notation, reveals, summary, "
                "created, public) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(game.id, m.ply, m.seat, m.user_id, m.notation, int(m.reveals), m.summary,
                  now, m.public) for m in moves])
            if snapshot:
                db.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?)",
                           (game.id, snapshot[0], snapshot[1]))
            if seats is not None:
                _put_seats(db, game.id, seats)
            _schedule(db, game.id, waiting, mover, now, follow_up,
                      finished=fields.get("status") in ("finished", "abandoned"))
        await self._run(go)
        return game.version + 1

    async def truncate(self, game: GameRow, ply: int, now: float, *,
                       waiting: Iterable[int] = (), mover: int | None = None,
                       follow_up: float = 86400.0) -> int:
        """Undo: drop every move after ``ply`` (and later snapshots). Returns the version."""
        waiting = list(waiting)

        def go(db: Db) -> None:
            _bump(db, game.id, game.version, now, {})
            db.execute("DELETE FROM moves WHERE game_id = ? AND ply > ?", (game.id, ply))
            db.execute("DELETE FROM snapshots WHERE game_id = ? AND ply > ?",
                       (game.id, ply))
            _schedule(db, game.id, waiting, mover, now, follow_up, finished=False)
        await self._run(go)
        return game.version + 1

    async def moves(self, game_id: int, after: int = 0) -> list[MoveRow]:
        rows = await self._read_all(f"SELECT {_MOVE_COLS} FROM moves WHERE game_id = ? AND "
                                    "ply > ? ORDER BY ply", (game_id, after))
        return [_move(r) for r in rows]

    async def last_moves(self, game_id: int, count: int) -> list[MoveRow]:
        rows = await self._read_all(f"SELECT {_MOVE_COLS} FROM moves WHERE game_id = ? "
                                    "ORDER BY ply DESC LIMIT ?", (game_id, count))
        return [_move(r) for r in reversed(rows)]

    # Abandon votes -----------------------------------------------------------------

    async def vote_abandon(self, game_id: int, user_id: int, now: float) -> set[int]:
        def go(db: Db) -> set[int]:
            db.execute("INSERT OR IGNORE INTO abandon_votes VALUES (?, ?, ?)",
                       (game_id, user_id, now))
            rows = _all(db, "SELECT user_id FROM abandon_votes WHERE game_id = ?",
                        (game_id,))
            return {r[0] for r in rows}
        return await self._run(go)

    # Preferences -------------------------------------------------------------------

    async def prefs(self, user_id: int) -> tuple[bool, bool]:
        """(DMs on, DMs known closed) for a user."""
        row = await self._read_one("SELECT dms, dm_closed FROM user_prefs WHERE user_id = ?",
                                   (user_id,))
        return (bool(row[0]), bool(row[1])) if row else (True, False)

    async def set_prefs(self, user_id: int, now: float, dms: bool | None = None,
                        dm_closed: bool | None = None) -> None:
        def go(db: Db) -> None:
            row = _one(db, "SELECT dms, dm_closed FROM user_prefs WHERE user_id = ?",
                       (user_id,))
            on, closed = (bool(row[0]), bool(row[1])) if row else (True, False)
            db.execute("INSERT OR REPLACE INTO user_prefs VALUES (?, ?, ?, ?)",
                       (user_id, int(on if dms is None else dms),
                        int(closed if dm_closed is None else dm_closed), now))
        await self._run(go)

    # Reminders ---------------------------------------------------------------------

    async def claim_reminders(self, now: float, lease: float,
                              limit: int = 100) -> list[ReminderRow]:
        """Hand out the reminders due now (active games, users with DMs on and not known
        closed) to this caller only: in one write transaction each is pushed ``lease``
        seconds into the future, so no other caller — in this process or another — gets
        it until the lease runs out. Rows carry the due time they had."""
        def go(db: Db) -> list[ReminderRow]:
            rows = _all(
                db,
                "SELECT r.id, r.user_id, r.game_id, r.due, r.kind FROM reminders r "
                "JOIN games g ON g.id = r.game_id AND g.status = 'active' "
                "LEFT JOIN user_prefs p ON p.user_id = r.user_id "
                "WHERE r.due <= ? AND COALESCE(p.dms, 1) = 1 AND COALESCE(p.dm_closed, 0) = 0 "
                "ORDER BY r.due LIMIT ?", (now, limit))
            db.executemany("UPDATE reminders SET due = ? WHERE id = ?",
                           [(now + lease, r[0]) for r in rows])
            return [ReminderRow(*r) for r in rows]
        return await self._run(go)

    async def reminders(self, game_id: int | None = None) -> list[ReminderRow]:
        sql = "SELECT id, user_id, game_id, due, kind, created FROM reminders"
        rows = await (self._read_all(sql + " WHERE game_id = ? ORDER BY id", (game_id,))
                      if game_id is not None else self._read_all(sql + " ORDER BY id"))
        return [ReminderRow(*r) for r in rows]

    async def reschedule(self, reminder_id: int, due: float | None,
                         kind: str | None = None) -> None:
        """Move a reminder to ``due`` (None deletes it)."""
        def go(db: Db) -> None:
            if due is None:
                db.execute("DELETE FROM reminders WHERE id = ?", (reminder_id,))
            else:
                db.execute("UPDATE reminders SET due = ?, kind = COALESCE(?, kind) "
                           "WHERE id = ?", (due, kind, reminder_id))
        await self._run(go)
