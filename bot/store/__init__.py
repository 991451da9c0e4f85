"""Where games live: one narrow interface (``bot.store.interface``) and its embedded
SQLite implementation (``bot.store.sqlite``)."""

from __future__ import annotations

from pathlib import Path

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
from bot.store.sqlite import SqliteStore

__all__ = [
    "ChannelBusy",
    "DiskFull",
    "GameRow",
    "MoveRow",
    "ReminderRow",
    "SeatRow",
    "SqliteStore",
    "StaleVersion",
    "Store",
    "StoreError",
    "open_store",
]


async def open_store(where: str | Path) -> Store:
    """The store at ``where``: a SQLite file path (the default kind)."""
    return await SqliteStore.open(where)
