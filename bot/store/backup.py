"""``python -m bot backup FILE``: a copy of the SQLite database, consistent even while the
bot runs on it (SQLite's online backup, the same as ``sqlite3 … ".backup FILE"``), made
with nothing but the bot installed — the Docker image has no ``sqlite3`` program.

The copy is a file of its own (journal mode DELETE: no ``-wal`` file must travel with it),
checked with SQLite's quick check. Restoring it is copying it back to ``SAILBOT_DB``'s
path while the bot is stopped (README, *Backups*).
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from bot.store.interface import StoreError


def backup_sqlite(source: Path, target: Path) -> str:
    """Copy ``source`` into the new file ``target``; a sentence saying what was copied.
    Raises :class:`StoreError` with a sentence when it cannot (``target`` is then not
    left behind half-written)."""
    if not source.is_file():
        raise StoreError(f"There is no database at {source} (SAILBOT_DB) to back up.")
    if target.exists():
        raise StoreError(f"{target} already exists: I never overwrite a file. Name a new "
                         "one (e.g. with the date in it).")
    if not target.parent.is_dir():
        raise StoreError(f"The folder {target.parent} does not exist: create it first.")
    started = time.monotonic()
    try:
        src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    except sqlite3.Error as exc:
        raise StoreError(f"Cannot open the database {source}: {exc}.") from None
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")
            check = dst.execute("PRAGMA quick_check").fetchone()[0]
            games = _games(dst)
        finally:
            dst.close()
    except sqlite3.Error as exc:
        target.unlink(missing_ok=True)
        raise StoreError(f"Cannot back up {source} to {target}: {exc}.") from None
    finally:
        src.close()
    if check != "ok":
        target.unlink(missing_ok=True)
        raise StoreError(f"The copy of {source} fails SQLite's quick check ({check}): the "
                         "database itself may be damaged. Nothing was kept.")
    size = target.stat().st_size
    return (f"Backed up {source} to {target}: {games} game{'' if games == 1 else 's'}, "
            f"{size / 1e6:.1f} MB, in "
            f"{time.monotonic() - started:.1f} s.")


def _games(db: sqlite3.Connection) -> int:
    try:
        return int(db.execute("SELECT count(*) FROM games").fetchone()[0])
    except sqlite3.OperationalError:     # a database no game was ever stored in
        return 0
