"""Where games live: one narrow interface (``bot.store.interface``), its embedded SQLite
implementation (``bot.store.sqlite``, the default) and its PostgreSQL one
(``bot.store.postgres``, for several bot processes on one database)."""

from __future__ import annotations

from pathlib import Path

from bot.store.backup import backup_sqlite
from bot.store.interface import (
    ChannelBusy,
    DiskFull,
    GameRow,
    MoveRow,
    ReminderRow,
    SeatRow,
    StaleVersion,
    Store,
    StoreError,
)
from bot.store.pg_connect import is_postgres, redact
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore

__all__ = [
    "backup_sqlite",
    "ChannelBusy",
    "DiskFull",
    "GameRow",
    "MoveRow",
    "PostgresStore",
    "ReminderRow",
    "SeatRow",
    "SqliteStore",
    "StaleVersion",
    "Store",
    "StoreError",
    "describe",
    "is_postgres",
    "open_store",
]


async def open_store(where: str | Path) -> Store:
    """The store at ``where`` (``SAILBOT_DB``): a ``postgresql://`` URL, else a SQLite
    file path."""
    if is_postgres(where):
        return await PostgresStore.open(str(where))
    return await SqliteStore.open(where)


def describe(where: str | Path) -> str:
    """``where`` fit to show: a URL without its password, or the file path."""
    return redact(str(where)) if is_postgres(where) else str(where)
