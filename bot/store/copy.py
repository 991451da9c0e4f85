"""Copying the bot's SQLite file into an empty PostgreSQL database, row for row, ids kept.

The SQLite side is read in ONE read transaction (a consistent snapshot, even while a bot
still writes to the file); the PostgreSQL side is written in ONE transaction that first
locks the bot's tables and checks they are empty, so the copy is all or nothing and never
mixes with another copy or a bot already running there. Each table is read in key order
and hashed on both sides, so "equal" means every row equal, not just the counts.
``bot.migrate`` drives this and replays the games.
"""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

from bot.store.interface import StoreError
from bot.store.migrations import TABLES

CHUNK = 5000     # rows per COPY: memory stays flat however big the file is
KEYS = {"games": "id", "seats": "game_id, seat", "moves": "game_id, ply",
        "snapshots": "game_id, ply", "user_prefs": "user_id", "reminders": "id",
        "abandon_votes": "game_id, user_id"}
WITH_IDS = ("games", "reminders")       # keys the database numbers: sequences go on after
LABELS = {"games": "games", "seats": "seats", "moves": "moves", "snapshots": "snapshots",
          "user_prefs": "preferences", "reminders": "reminders",
          "abandon_votes": "abandon votes"}


@dataclass
class Tally:
    """Rows and a hash of them, per table (and, for the source, what it looked like)."""

    rows: dict[str, int] = field(default_factory=dict)
    digests: dict[str, str] = field(default_factory=dict)
    fingerprint: tuple[Any, ...] = ()


# changes whenever a bot writes anything to the file: compared after the copy to tell
# whether the bot kept running meanwhile
FINGERPRINT = ("SELECT (SELECT count(*) || ':' || COALESCE(sum(version), 0) FROM games), "
               "(SELECT count(*) FROM moves), (SELECT count(*) || ':' || "
               "COALESCE(sum(due), 0) FROM reminders), (SELECT count(*) || ':' || "
               "COALESCE(sum(updated), 0) FROM user_prefs), (SELECT count(*) FROM abandon_votes)")


def fingerprint(path: Path) -> tuple[Any, ...]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return tuple(db.execute(FINGERPRINT).fetchone())


def _digest() -> Any:
    return hashlib.sha256()


def _feed(digest: Any, columns: list[str], row: tuple[Any, ...]) -> None:
    # columns by name (their order may differ between databases); floats by repr (exact)
    named = sorted(zip(columns, row, strict=True))
    digest.update(repr([(c, repr(v) if isinstance(v, float) else v) for c, v in named])
                  .encode())


def _caster(pg_type: str) -> Callable[[Any], Any]:
    """SQLite keeps what it is given; PostgreSQL's binary COPY wants the column's type."""
    if pg_type == "double precision":
        return lambda v: None if v is None else float(v)
    if pg_type in ("bigint", "integer", "smallint"):
        return lambda v: None if v is None else int(v)
    return lambda v: v


async def target_counts(con: asyncpg.Connection) -> dict[str, int]:
    return {t: int(await con.fetchval(f"SELECT count(*) FROM {t}")) for t in TABLES}


def source_counts(path: Path) -> dict[str, int]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        return {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


async def copy_all(path: Path, con: asyncpg.Connection,
                   progress: Callable[[str, int], None] = lambda table, rows: None) -> Tally:
    """Copy every table of the SQLite file at ``path`` into the (migrated, empty) database
    of ``con``, in one transaction there. Raises StoreError (nothing written) when the
    target is not empty."""
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None,
                             check_same_thread=False)
    tally = Tally()
    try:
        await asyncio.to_thread(source.execute, "BEGIN")     # one snapshot for every table
        tally.fingerprint = tuple(source.execute(FINGERPRINT).fetchone())
        async with con.transaction():
            await con.execute(f"LOCK TABLE {', '.join(TABLES)} IN EXCLUSIVE MODE")
            held = {t: n for t, n in (await target_counts(con)).items() if n}
            if held:
                raise StoreError("The target database is not empty (it holds "
                                 + ", ".join(f"{n} {LABELS[t]}" for t, n in held.items())
                                 + "). I copy only into an empty database, so nothing was "
                                 "changed: point --to at a new one (e.g. `createdb sailbot`).")
            for table in TABLES:
                tally.rows[table], tally.digests[table] = await _copy_table(
                    source, con, table, progress)
            for table in WITH_IDS:
                await _continue_ids(source, con, table)
        await asyncio.to_thread(source.execute, "COMMIT")
    finally:
        source.close()
    return tally


async def _copy_table(source: sqlite3.Connection, con: asyncpg.Connection, table: str,
                      progress: Callable[[str, int], None]) -> tuple[int, str]:
    types = {r[0]: r[1] for r in await con.fetch(
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = $1", table)}
    columns = [r[1] for r in source.execute(f"PRAGMA table_info({table})")]
    missing = [c for c in columns if c not in types]
    if missing:
        raise StoreError(f"The target's table {table} has no column {missing[0]}: its schema "
                         "is not this bot's.")
    casts = [_caster(types[c]) for c in columns]
    cursor = source.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {KEYS[table]}")
    digest, count = _digest(), 0
    while True:
        chunk = await asyncio.to_thread(cursor.fetchmany, CHUNK)
        if not chunk:
            break
        rows = [tuple(cast(v) for cast, v in zip(casts, row, strict=True)) for row in chunk]
        for row in rows:
            _feed(digest, columns, row)
        await con.copy_records_to_table(table, records=rows, columns=columns)
        count += len(rows)
        progress(table, count)
    return count, digest.hexdigest()


async def _continue_ids(source: sqlite3.Connection, con: asyncpg.Connection,
                        table: str) -> None:
    """New rows get ids above every id SQLite ever gave (it never reuses one either)."""
    row = source.execute("SELECT seq FROM sqlite_sequence WHERE name = ?", (table,)).fetchone()
    top = max(int(row[0]) if row else 0,
              int(source.execute(f"SELECT COALESCE(max(id), 0) FROM {table}").fetchone()[0]))
    await con.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), $1, false)",
                      top + 1)


async def target_tally(con: asyncpg.Connection) -> Tally:
    """Rows and hashes of the target's tables, read back in key order."""
    tally = Tally()
    async with con.transaction(isolation="repeatable_read", readonly=True):
        for table in TABLES:
            columns = [r[0] for r in await con.fetch(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = "
                "current_schema() AND table_name = $1", table)]
            digest, count = _digest(), 0
            async for record in con.cursor(f"SELECT {', '.join(columns)} FROM {table} "
                                           f"ORDER BY {KEYS[table]}", prefetch=CHUNK):
                _feed(digest, columns, tuple(record))
                count += 1
            tally.rows[table], tally.digests[table] = count, digest.hexdigest()
    return tally


async def empty(con: asyncpg.Connection) -> None:
    """Delete every row a copy wrote (after a failed check), children first."""
    async with con.transaction():
        for table in reversed(TABLES):
            await con.execute(f"DELETE FROM {table}")
