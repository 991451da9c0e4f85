"""``python -m bot backup FILE``: a consistent copy of the SQLite file while the bot runs,
with nothing but the bot installed (the Docker image has no ``sqlite3`` program, which the
README's backup line needed)."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot import __main__ as entry
from bot.table import TableService

ROOT = Path(__file__).resolve().parents[1]


def backup(monkeypatch, capsys, db: Path, *args: str) -> tuple[int, str, str]:
    monkeypatch.setenv("SAILBOT_DB", str(db))
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    status = entry.main(["backup", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


async def test_backup_copies_the_database_while_it_is_open(tmp_path, monkeypatch, capsys):
    db = tmp_path / "var" / "sailbot.sqlite3"
    svc = await TableService.open(db, render=False)       # the bot runs on it (WAL)
    try:
        target = tmp_path / "backups" / "sailbot-2026-12-03.sqlite3"
        target.parent.mkdir()
        status, out, err = backup(monkeypatch, capsys, db, str(target))
        assert status == 0, err
        assert f"Backed up {db} to {target}" in out
        copy = sqlite3.connect(target)
        try:
            assert copy.execute("PRAGMA quick_check").fetchone()[0] == "ok"
            assert copy.execute("SELECT version FROM schema_version").fetchone()[0] >= 1
            # a file that stands alone: not in WAL mode, so no -wal file must travel with it
            assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        finally:
            copy.close()
        # an existing file is never overwritten
        status, out, err = backup(monkeypatch, capsys, db, str(target))
        assert status == 2 and "already exists" in err and "Traceback" not in err
    finally:
        await svc.close()


def test_backup_refuses_what_it_cannot_copy_with_a_sentence(tmp_path, monkeypatch, capsys):
    status, _, err = backup(monkeypatch, capsys, tmp_path / "none.sqlite3",
                            str(tmp_path / "b.sqlite3"))
    assert status == 2 and "There is no database" in err
    assert not (tmp_path / "none.sqlite3").exists(), "a backup never creates the database"
    status, _, err = backup(monkeypatch, capsys, tmp_path / "none.sqlite3")
    assert status == 2 and "usage: python -m bot backup" in err
    monkeypatch.setenv("SAILBOT_DB", "postgresql://u:secret@db-host/sailbot")
    assert entry.main(["backup", str(tmp_path / "b.sqlite3")]) == 2
    err = capsys.readouterr().err
    assert "pg_dump" in err and "secret" not in err


async def opened_and_closed(db: Path) -> None:
    await (await TableService.open(db, render=False)).close()


def test_python_m_bot_backup_runs_as_the_readme_says(tmp_path):
    db = tmp_path / "sailbot.sqlite3"
    asyncio.run(opened_and_closed(db))
    env = {"SAILBOT_DB": str(db), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "bot", "backup", str(tmp_path / "b.sqlite3")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "b.sqlite3").exists()
