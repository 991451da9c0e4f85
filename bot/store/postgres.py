"""The PostgreSQL store (asyncpg): the same interface and guarantees as the SQLite store,
for several bot processes sharing one database. Chosen by ``SAILBOT_DB=postgresql://…``.

Every write is one transaction that first bumps the game's version with
``UPDATE ... WHERE version = $n``. Under READ COMMITTED a second writer of the same game
waits for the first's row lock, then finds the version moved on and writes nothing
(:class:`StaleVersion`): two racing moves — in one process or in several — never both
land. Due reminders are claimed with ``FOR UPDATE SKIP LOCKED``, so concurrent claimers
get disjoint sets and no DM goes out twice. The move log refuses UPDATEs by trigger.

A transaction that PostgreSQL ends for a deadlock or a serialization failure has written
nothing, so it is run again (a few times): it re-checks the version like the first try.
Connections come from a pool; every query has a time limit, so a stuck server is an error,
never a hang.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

import asyncpg

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
from bot.store.pg_connect import connect_pool, named_schema, redact, unusable

T = TypeVar("T")
Con = asyncpg.Connection

_GAME_COLS = ("id, channel_id, guild_id, game, seed, players, options, status, version, "
              "host_id, board_message_id, created, updated")
_MOVE_COLS = "ply, seat, user_id, notation, reveals, summary, created, public"
# the game fields a write may change (column names go into SQL text: only these)
_FIELDS = {"guild_id", "game", "seed", "players", "options", "status", "host_id",
           "board_message_id"}
RETRIES = 5                  # deadlock / serialization failure: run the transaction again
ACQUIRE_TIMEOUT = 30.0       # seconds to wait for a free connection of the pool
MIGRATION_LOCK = 0x5A11B07   # pg_advisory_xact_lock key: one process migrates at a time


def _game(row: Any) -> GameRow:
    values = list(row)
    values[6] = json.loads(values[6] or "{}")
    return GameRow(*values)


def _move(r: Any) -> MoveRow:
    return MoveRow(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6], r[7] or "")


def _count(status: str) -> int:
    """Rows touched, from a command status such as ``UPDATE 1``."""
    return int(status.rsplit(" ", 1)[-1])


async def _bump(con: Con, game_id: int, version: int, now: float,
                fields: dict[str, Any]) -> None:
    unknown = set(fields) - _FIELDS
    if unknown:
        raise ValueError(f"not a game field: {', '.join(sorted(unknown))}")
    names = list(fields)
    sets = "".join(f", {k} = ${i + 2}" for i, k in enumerate(names))
    values = [json.dumps(v) if k == "options" else v for k, v in fields.items()]
    n = len(names)
    status = await con.execute(
        f"UPDATE games SET version = version + 1, updated = $1{sets} "
        f"WHERE id = ${n + 2} AND version = ${n + 3}", float(now), *values, game_id, version)
    if _count(status) != 1:
        raise StaleVersion(f"game {game_id} is no longer at version {version}")


async def _put_seats(con: Con, game_id: int, seats: list[SeatRow]) -> None:
    await con.execute("DELETE FROM seats WHERE game_id = $1", game_id)
    await con.executemany(
        "INSERT INTO seats (game_id, seat, user_id, name, colour) VALUES ($1, $2, $3, $4, $5)",
        [(game_id, s.seat, s.user_id, s.name, s.colour) for s in seats])


async def _seats(con: Con | asyncpg.Pool, game_id: int) -> list[SeatRow]:
    rows = await con.fetch("SELECT seat, user_id, name, colour FROM seats WHERE game_id = $1 "
                           "ORDER BY seat", game_id)
    return [SeatRow(*r) for r in rows]


async def _schedule(con: Con, game_id: int, waiting: list[int], mover: int | None,
                    now: float, follow_up: float, finished: bool) -> None:
    """Reminders after a change, as in the SQLite store: everyone waited for gets a first
    reminder due now unless one is pending; a mover still waited for gets a follow-up (a
    new row, so a DM being sent for the old one cannot reschedule it); the rest go. Two
    statements, whatever the number of players."""
    if finished or not waiting:
        await con.execute("DELETE FROM reminders WHERE game_id = $1", game_id)
        return
    await con.execute("DELETE FROM reminders WHERE game_id = $1 AND "
                      "(NOT (user_id = ANY($2::bigint[])) OR user_id = $3::bigint)",
                      game_id, waiting, mover)
    await con.execute(
        "INSERT INTO reminders (user_id, game_id, due, kind, created) "
        "SELECT u, $1, CASE WHEN u = $3 THEN $4::float8 + $5::float8 ELSE $4 END, "
        "CASE WHEN u = $3::bigint THEN 'follow-up' ELSE 'first' END, $4 "
        "FROM (SELECT DISTINCT unnest($2::bigint[]) AS u) AS w "
        "ON CONFLICT (game_id, user_id) DO NOTHING",
        game_id, waiting, mover, now, follow_up)


class PostgresStore:
    """The store on one PostgreSQL database. Open with ``await PostgresStore.open(url)``."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url
        self.where = redact(url)

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 10,
                   connect_timeout: float = 10.0) -> PostgresStore:
        """Connect, check the database is ours (or empty) and migrate it. Raises
        :class:`StoreError` with a sentence when it cannot be used; nothing stays open."""
        pool = await connect_pool(url, pool_size, connect_timeout)
        store = cls(pool, url)
        try:
            await store._check()
            await store.migrate()
        except BaseException as exc:
            pool.terminate()
            if isinstance(exc, asyncpg.PostgresError | asyncpg.InterfaceError | OSError
                          | TimeoutError):
                raise unusable(store.where, exc) from exc
            raise
        return store

    async def _check(self) -> None:
        """Refuse a database that holds someone else's tables, or a newer bot's."""
        schema = await self._pool.fetchval("SELECT current_schema()")
        wanted = named_schema(self.url)
        if schema is None and wanted:
            # as the SQLite store creates its file: the schema the URL names, if missing
            with contextlib.suppress(asyncpg.UniqueViolationError):  # another process did
                await self._pool.execute(f'CREATE SCHEMA IF NOT EXISTS "{wanted}"')
            schema = await self._pool.fetchval("SELECT current_schema()")
        if schema is None:
            raise StoreError(f"The database {self.where} has no schema to keep the bot's "
                             "tables in (its search_path names none that exists). Create "
                             "one, or fix the search_path in SAILBOT_DB.")
        tables = {r[0] for r in await self._pool.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = $1",
            schema)}
        if tables and "schema_version" not in tables:
            raise StoreError(f"The database {self.where} (schema {schema}) has tables but no "
                             "`schema_version`: it is not the bot's. Point SAILBOT_DB at an "
                             "empty database (createdb sailbot) or at the bot's own.")
        if "schema_version" in tables:
            version = await self._pool.fetchval("SELECT max(version) FROM schema_version")
            if version is None:
                raise StoreError(f"The database {self.where} has an empty `schema_version`: "
                                 "it is damaged. Restore your latest backup (docs/deploy.md).")
            if version > LATEST:
                raise StoreError(f"The database {self.where} was written by a newer version "
                                 f"of the bot (schema {version}; this bot knows up to "
                                 f"{LATEST}). Run the newer bot, or restore a backup made by "
                                 "this one.")

    def acquire(self) -> Any:
        """A connection of the pool for tools (``python -m bot migrate``), as
        ``async with store.acquire() as con``. The bot itself uses the methods below."""
        return self._pool.acquire()

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self._pool.close(), 10)
        except TimeoutError:        # a connection still busy: do not wait for it
            self._pool.terminate()

    async def _run(self, fn: Callable[[Con], Awaitable[T]], *,
                   isolation: str = "read_committed", readonly: bool = False) -> T:
        """``fn`` in one transaction (run again after a deadlock or serialization failure:
        PostgreSQL rolled it back whole). A full disk is :class:`DiskFull`."""
        for attempt in range(RETRIES):
            try:
                async with self._pool.acquire(timeout=ACQUIRE_TIMEOUT) as con, con.transaction(
                        isolation=isolation, readonly=readonly):
                    return await fn(con)
            except (asyncpg.DeadlockDetectedError, asyncpg.SerializationError):
                if attempt == RETRIES - 1:
                    raise
                await asyncio.sleep(random.uniform(0.005, 0.02) * (attempt + 1))
            except asyncpg.DiskFullError as exc:
                raise DiskFull(str(exc)) from None
        raise AssertionError("unreachable")

    async def _read(self, sql: str, *args: Any) -> list[Any]:
        return await self._pool.fetch(sql, *args)

    async def _read_one(self, sql: str, *args: Any) -> Any:
        return await self._pool.fetchrow(sql, *args)

    # Schema ------------------------------------------------------------------------

    async def migrate(self) -> int:
        async def go(con: Con) -> int:
            # several processes may start at once: one migrates, the others then see it
            await con.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await con.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER)")
            current = await con.fetchval("SELECT max(version) FROM schema_version")
            if current is None:
                await con.execute("INSERT INTO schema_version VALUES (0)")
                current = 0
            for number, _ in MIGRATIONS:
                if number <= current:
                    continue
                for sql in statements(number, "postgres"):
                    await con.execute(sql)
                await con.execute("UPDATE schema_version SET version = $1", number)
                current = number
            return int(current)
        return await self._run(go)

    async def schema_version(self) -> int:
        return int(await self._pool.fetchval("SELECT max(version) FROM schema_version") or 0)

    # Games -------------------------------------------------------------------------

    async def open_game(self, channel_id: int) -> GameRow | None:
        row = await self._read_one(f"SELECT {_GAME_COLS} FROM games WHERE channel_id = $1 "
                                   "AND status = ANY($2::text[])", channel_id, list(OPEN))
        return _game(row) if row else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        row = await self._read_one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = $1 "
            "ORDER BY status IN ('lobby', 'active') DESC, id DESC LIMIT 1", channel_id)
        return _game(row) if row else None

    async def last_played(self, channel_id: int) -> GameRow | None:
        """The most recent game here that was started (``/rematch``)."""
        row = await self._read_one(
            f"SELECT {_GAME_COLS} FROM games WHERE channel_id = $1 AND seed IS NOT NULL "
            "ORDER BY id DESC LIMIT 1", channel_id)
        return _game(row) if row else None

    async def game(self, game_id: int) -> GameRow | None:
        row = await self._read_one(f"SELECT {_GAME_COLS} FROM games WHERE id = $1", game_id)
        return _game(row) if row else None

    async def games_in_progress(self) -> list[GameRow]:
        """Every started game not yet over, oldest first (``python -m bot check``)."""
        rows = await self._read(
            f"SELECT {_GAME_COLS} FROM games WHERE status = 'active' ORDER BY id")
        return [_game(r) for r in rows]

    async def open_games_of(self, user_id: int) -> list[GameRow]:
        """The lobbies and games under way in which ``user_id`` holds a seat (``/mygames``),
        the most recently changed first."""
        # the statuses as literals, so the planner can walk the partial index of open games
        rows = await self._read(
            f"SELECT {_GAME_COLS} FROM games WHERE status IN ('lobby', 'active') AND EXISTS "
            "(SELECT 1 FROM seats s WHERE s.game_id = games.id AND s.user_id = $1) "
            "ORDER BY updated DESC, id DESC", user_id)
        return [_game(r) for r in rows]

    async def games_taken_over_from(self, user_id: int) -> list[GameRow]:
        """The open games in which a computer plays a seat that was ``user_id``'s, as in
        the SQLite store (the options are text: read as JSON only where they mention a
        seat handed over)."""
        rows = await self._read(
            f"SELECT {_GAME_COLS} FROM games WHERE status IN ('lobby', 'active') "
            "AND strpos(options, '\"handed_over\"') > 0 AND jsonb_path_exists("
            "options::jsonb, '$.handed_over.*.user_id ? (@ == $u)', "
            "jsonb_build_object('u', $1::bigint)) ORDER BY updated DESC, id DESC", user_id)
        return [_game(r) for r in rows]

    async def waiting_since(self, user_id: int, game_ids: list[int]) -> dict[int, float]:
        """Since when each of ``game_ids`` has waited on ``user_id`` (the ``created`` of its
        reminder row), for those that have one (``/mygames``), as in the SQLite store."""
        if not game_ids:
            return {}
        rows = await self._read(
            "SELECT game_id, created FROM reminders WHERE user_id = $1 "
            "AND game_id = ANY($2::bigint[])", user_id, list(game_ids))
        return {int(g): float(c) for g, c in rows}

    async def finished_games(self, guild_id: int | None, channel_id: int,
                             limit: int) -> list[GameRow]:
        """The games played to the end in a server (``guild_id``; None: in the channel
        alone), newest first, at most ``limit`` (``/stats``)."""
        where, key = ("guild_id", guild_id) if guild_id is not None else ("channel_id",
                                                                         channel_id)
        rows = await self._read(
            f"SELECT {_GAME_COLS} FROM games WHERE {where} = $1 AND status = 'finished' "
            "ORDER BY id DESC LIMIT $2", key, limit)
        return [_game(r) for r in rows]

    async def create_lobby(self, channel_id: int, guild_id: int | None, game: str,
                           host: SeatRow, now: float,
                           options: dict[str, Any] | None = None,
                           others: Sequence[SeatRow] = ()) -> GameRow:
        seats = [replace(s, seat=i) for i, s in enumerate([host, *others])]

        async def go(con: Con) -> GameRow:
            row = await con.fetchrow(
                "INSERT INTO games (channel_id, guild_id, game, status, host_id, created, "
                "updated, players, options) VALUES ($1, $2, $3, 'lobby', $4, $5, $5, $6, $7) "
                f"RETURNING {_GAME_COLS}",
                channel_id, guild_id, game, host.user_id, float(now), len(seats),
                json.dumps(options or {}))
            await _put_seats(con, row[0], seats)
            return _game(row)
        try:
            return await self._run(go)
        except asyncpg.UniqueViolationError as exc:
            if exc.constraint_name != "games_one_open":
                raise
            raise ChannelBusy(str(exc)) from exc

    async def update_game(self, game: GameRow, now: float, seats: list[SeatRow] | None = None,
                          clear_reminders: bool = False, **fields: Any) -> int:
        async def go(con: Con) -> None:
            await _bump(con, game.id, game.version, now, fields)
            if seats is not None:
                await _put_seats(con, game.id, seats)
            if clear_reminders:
                await con.execute("DELETE FROM reminders WHERE game_id = $1", game.id)
        await self._run(go)
        return game.version + 1

    async def seats(self, game_id: int) -> list[SeatRow]:
        return await _seats(self._pool, game_id)

    async def set_board_message(self, game_id: int, message_id: int) -> None:
        # no version bump: it changes nothing in the game
        async def go(con: Con) -> None:
            await con.execute("UPDATE games SET board_message_id = $1 WHERE id = $2",
                              message_id, game_id)
        await self._run(go)

    async def read_log(self, game_id: int, upto: int | None = None) -> Log:
        """One consistent read (REPEATABLE READ): the game row, its seats, the latest
        snapshot at or before ``upto`` and the moves after it, up to ``upto``."""
        limit = upto if upto is not None else 2**31 - 1     # ply is an INTEGER

        async def go(con: Con) -> Log:
            row = _game(await con.fetchrow(f"SELECT {_GAME_COLS} FROM games WHERE id = $1",
                                           game_id))
            snap = await con.fetchrow("SELECT ply, state FROM snapshots WHERE game_id = $1 AND "
                                      "ply <= $2 ORDER BY ply DESC LIMIT 1", game_id, limit)
            moves = await con.fetch(
                f"SELECT {_MOVE_COLS} FROM moves WHERE game_id = $1 AND ply > $2 AND "
                "ply <= $3 ORDER BY ply", game_id, snap[0] if snap else 0, limit)
            return (row, await _seats(con, game_id), (snap[0], snap[1]) if snap else None,
                    [_move(m) for m in moves])
        return await self._run(go, isolation="repeatable_read", readonly=True)

    # Moves -------------------------------------------------------------------------

    async def append_moves(
        self, game: GameRow, moves: list[MoveRow], now: float, *,
        snapshot: Snapshot | None = None, seats: list[SeatRow] | None = None,
        waiting: Iterable[int] = (), mover: int | None = None, follow_up: float = 86400.0,
        **fields: Any,
    ) -> int:
        waiting = list(waiting)
        now = float(now)

        async def go(con: Con) -> None:
            await _bump(con, game.id, game.version, now, fields)
            await con.executemany(
                "INSERT INTO moves (game_id, ply, seat, user_id, notation, reveals, summary, "
                "created, public) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                [(game.id, m.ply, m.seat, m.user_id, m.notation, int(m.reveals), m.summary,
                  now, m.public) for m in moves])
            if snapshot:
                await con.execute("INSERT INTO snapshots VALUES ($1, $2, $3) ON CONFLICT "
                                  "(game_id, ply) DO UPDATE SET state = EXCLUDED.state",
                                  game.id, snapshot[0], snapshot[1])
            if seats is not None:
                await _put_seats(con, game.id, seats)
            await _schedule(con, game.id, waiting, mover, now, follow_up,
                            finished=fields.get("status") in ("finished", "abandoned"))
        await self._run(go)
        return game.version + 1

    async def truncate(self, game: GameRow, ply: int, now: float, *,
                       waiting: Iterable[int] = (), mover: int | None = None,
                       follow_up: float = 86400.0) -> int:
        waiting = list(waiting)
        now = float(now)

        async def go(con: Con) -> None:
            await _bump(con, game.id, game.version, now, {})
            await con.execute("DELETE FROM moves WHERE game_id = $1 AND ply > $2", game.id, ply)
            await con.execute("DELETE FROM snapshots WHERE game_id = $1 AND ply > $2",
                              game.id, ply)
            await _schedule(con, game.id, waiting, mover, now, follow_up, finished=False)
        await self._run(go)
        return game.version + 1

    async def moves(self, game_id: int, after: int = 0) -> list[MoveRow]:
        rows = await self._read(f"SELECT {_MOVE_COLS} FROM moves WHERE game_id = $1 AND "
                                "ply > $2 ORDER BY ply", game_id, after)
        return [_move(r) for r in rows]

    async def last_moves(self, game_id: int, count: int) -> list[MoveRow]:
        rows = await self._read(f"SELECT {_MOVE_COLS} FROM moves WHERE game_id = $1 "
                                "ORDER BY ply DESC LIMIT $2", game_id, count)
        return [_move(r) for r in reversed(rows)]

    # Abandon votes and preferences -----------------------------------------------------

    async def vote_abandon(self, game_id: int, user_id: int, now: float) -> set[int]:
        async def go(con: Con) -> set[int]:
            await con.execute("INSERT INTO abandon_votes VALUES ($1, $2, $3) "
                              "ON CONFLICT DO NOTHING", game_id, user_id, float(now))
            rows = await con.fetch("SELECT user_id FROM abandon_votes WHERE game_id = $1",
                                   game_id)
            return {r[0] for r in rows}
        return await self._run(go)

    async def prefs(self, user_id: int) -> tuple[bool, bool]:
        row = await self._read_one("SELECT dms, dm_closed FROM user_prefs WHERE user_id = $1",
                                   user_id)
        return (bool(row[0]), bool(row[1])) if row else (True, False)

    async def set_prefs(self, user_id: int, now: float, dms: bool | None = None,
                        dm_closed: bool | None = None) -> None:
        # one upsert changing only the given columns: two processes setting different
        # preferences of one user at once both land
        async def go(con: Con) -> None:
            await con.execute(
                "INSERT INTO user_prefs VALUES ($1, COALESCE($2::integer, 1), "
                "COALESCE($3::integer, 0), $4) ON CONFLICT (user_id) DO UPDATE SET "
                "dms = COALESCE($2::integer, user_prefs.dms), "
                "dm_closed = COALESCE($3::integer, user_prefs.dm_closed), updated = $4",
                user_id, None if dms is None else int(dms),
                None if dm_closed is None else int(dm_closed), float(now))
        await self._run(go)

    # Reminders ---------------------------------------------------------------------

    async def claim_reminders(self, now: float, lease: float,
                              limit: int = 100) -> list[ReminderRow]:
        """Hand out the reminders due now to this caller only: the due rows are locked
        (skipping rows another claimer holds) and pushed ``lease`` seconds on, in one
        statement. Rows carry the due time they had."""
        async def go(con: Con) -> list[ReminderRow]:
            rows = await con.fetch(
                "WITH due AS ("
                " SELECT r.id, r.due FROM reminders r"
                " JOIN games g ON g.id = r.game_id AND g.status = 'active'"
                " LEFT JOIN user_prefs p ON p.user_id = r.user_id"
                " WHERE r.due <= $1 AND COALESCE(p.dms, 1) = 1 AND COALESCE(p.dm_closed, 0) = 0"
                " ORDER BY r.due LIMIT $3 FOR UPDATE OF r SKIP LOCKED) "
                "UPDATE reminders SET due = $2 FROM due WHERE reminders.id = due.id "
                "RETURNING reminders.id, reminders.user_id, reminders.game_id, due.due, "
                "reminders.kind", float(now), float(now + lease), limit)
            return sorted((ReminderRow(*r) for r in rows), key=lambda r: (r.due, r.id))
        return await self._run(go)

    async def reminders(self, game_id: int | None = None) -> list[ReminderRow]:
        sql = "SELECT id, user_id, game_id, due, kind, created FROM reminders"
        rows = await (self._read(sql + " WHERE game_id = $1 ORDER BY id", game_id)
                      if game_id is not None else self._read(sql + " ORDER BY id"))
        return [ReminderRow(*r) for r in rows]

    async def reschedule(self, reminder_id: int, due: float | None,
                         kind: str | None = None) -> None:
        async def go(con: Con) -> None:
            if due is None:
                await con.execute("DELETE FROM reminders WHERE id = $1", reminder_id)
            else:
                await con.execute("UPDATE reminders SET due = $1, kind = COALESCE($2, kind) "
                                  "WHERE id = $3", float(due), kind, reminder_id)
        await self._run(go)
