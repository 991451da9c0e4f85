"""A damaged or unusable database never hangs the bot: start-up checks the file and exits
at once, non-zero, with a sentence saying what is wrong and how to restore a backup; a
full disk is a sentence to the player and the bot goes on when space returns."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from bot_support import (
    ALICE,
    BOB,
    CH,
    make_service,
    started,
    to_move,
)

from bot.store import SqliteStore, StoreError
from bot.store.migrations import LATEST
from bot.table.replies import TableError
from rules.navegador.policy import random_turn

ROOT = Path(__file__).resolve().parents[1]


async def a_database(path: Path, games: int = 3) -> None:
    svc = await make_service(path)
    for channel in range(games):
        await started(svc, [ALICE, BOB], channel=100 + channel)
        _, user = await to_move(svc, channel=100 + channel)
        await svc.move(100 + channel, user, "workers 1")
    await svc.close()


def damage_truncated(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def damage_header(path: Path) -> None:
    with path.open("r+b") as handle:
        handle.write(b"this is no db!!!")


def damage_text(path: Path) -> None:
    path.write_text("hello, I am a text file\n" * 100)


def damage_no_schema_version(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE schema_version")


def damage_newer(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("UPDATE schema_version SET version = ?", (LATEST + 5,))


def damage_index_page(path: Path) -> None:
    """Scribble over the root page of an index (the table data stays readable)."""
    with sqlite3.connect(path) as db:
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE type = 'index' AND "
                          "name = 'games_by_channel'").fetchone()[0]
    with path.open("r+b") as handle:
        handle.seek((root - 1) * page_size)
        handle.write(b"\x0d\xff\xff\xff" + b"\xab" * (page_size - 4))


DAMAGE = {
    "truncated": (damage_truncated, "damaged|cannot be used|malformed"),
    "overwritten header": (damage_header, "not an SQLite database"),
    "a text file": (damage_text, "not an SQLite database"),
    "no schema_version": (damage_no_schema_version, "no `schema_version`"),
    "newer schema": (damage_newer, "newer version of the bot"),
    "corrupt index page": (damage_index_page, "damaged|malformed"),
}


def checkpoint(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.execute("PRAGMA journal_mode=DELETE")


@pytest.mark.parametrize("kind", list(DAMAGE))
async def test_a_damaged_file_is_refused_at_open_with_a_sentence(tmp_path, kind):
    path = tmp_path / "bot.sqlite3"
    await a_database(path)
    checkpoint(path)
    damage, words = DAMAGE[kind]
    damage(path)
    with pytest.raises(StoreError, match=words) as refused:
        await SqliteStore.open(path)
    assert "backup" in str(refused.value) or "newer" in str(refused.value)


async def test_a_folder_is_no_database(tmp_path):
    (tmp_path / "db").mkdir()
    with pytest.raises(StoreError, match="is a folder"):
        await SqliteStore.open(tmp_path / "db")


@pytest.mark.parametrize("mode", ["local", "discord"])
def test_python_m_bot_exits_at_once_on_a_damaged_file(tmp_path, mode):
    path = tmp_path / "bad.sqlite3"
    damage_text(path)
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(SAILBOT_DB=str(path), PYTHONPATH=str(ROOT))
    if mode == "discord":
        env["DISCORD_TOKEN"] = "not-a-real-token"       # never reached: the store fails first
    done = subprocess.run([sys.executable, "-m", "bot"], input="", text=True,
                          capture_output=True, env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 3, (done.stdout, done.stderr)
    assert "Cannot start" in done.stderr and "not an SQLite database" in done.stderr
    assert "Traceback" not in done.stderr


async def test_a_full_disk_is_a_sentence_and_the_bot_goes_on(tmp_path):
    svc = await make_service(tmp_path / "full.sqlite3")
    await started(svc, [ALICE, BOB])
    sql = svc.store._read_all  # type: ignore[attr-defined]
    pages = (await sql("PRAGMA page_count"))[0][0]
    await sql(f"PRAGMA max_page_count = {pages}")            # no room for one more page
    rng = random.Random(2)
    refused = text = None
    for _ in range(300):                                      # until a write needs a page
        table = await svc.table(CH)
        seat, user = await to_move(svc)
        text = random_turn(table.game, table.state, seat, rng)
        try:
            await svc.move(CH, user, text)
        except TableError as exc:
            refused = str(exc)
            break
    assert refused is not None and "disk is full" in refused, refused
    svc.tables.forget(table.row.id)
    assert (await svc.table(CH)).ply == table.ply             # nothing half-written
    await sql("PRAGMA max_page_count = 1073741823")          # space returns
    await svc.move(CH, user, text)                            # the same move now lands
    assert (await svc.table(CH)).ply > table.ply
