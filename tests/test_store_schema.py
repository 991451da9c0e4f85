"""One schema for both databases, and files written before PostgreSQL came keep working.

The migrations are run on SQLite and on PostgreSQL and both schemas are read back from
the databases themselves (tests/schema_shape.py) and compared: tables, columns, types,
keys, checks, indexes and triggers. ``tests/data/schema2.sqlite3`` was written by the bot
of commit bd1196c (store schema 2): it opens, its games load and replay, play goes on,
its schema equals a new file's, and it migrates to PostgreSQL whole.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
from pathlib import Path

import asyncpg
import pytest
from bot_support import make_service, random_turn
from databases import require_pg, with_schema
from schema_shape import postgres_shape, sqlite_shape

from bot.migrate import migrate
from bot.store import SqliteStore, open_store
from bot.store.migrations import LATEST, MIGRATIONS, statements
from rules import get_game

OLD_FILE = Path(__file__).resolve().parent / "data" / "schema2.sqlite3"


@pytest.fixture
async def pg_schema():
    """A PostgreSQL URL on a schema of this test's own (dropped afterwards)."""
    url = with_schema(require_pg(), f"shape_{id(object())}")
    yield url
    con = await asyncpg.connect(url)
    try:
        await con.execute(f"DROP SCHEMA IF EXISTS {await con.fetchval('SELECT current_schema()')}"
                          " CASCADE")
    finally:
        await con.close()


async def shape_of_url(url: str) -> dict:
    con = await asyncpg.connect(url)
    try:
        return await postgres_shape(con)
    finally:
        await con.close()


async def test_both_databases_get_the_same_schema(tmp_path, pg_schema):
    store = await open_store(tmp_path / "new.sqlite3")
    await store.close()
    store = await open_store(pg_schema)
    await store.close()
    lite, pg = sqlite_shape(tmp_path / "new.sqlite3"), await shape_of_url(pg_schema)
    assert set(lite) == set(pg) == {"schema_version", "games", "seats", "moves", "snapshots",
                                    "user_prefs", "reminders", "abandon_votes"}
    for table in lite:
        assert lite[table] == pg[table], table
    # the comparison sees a difference when there is one
    con = await asyncpg.connect(pg_schema)
    await con.execute("ALTER TABLE seats ALTER colour DROP NOT NULL")
    await con.execute("DROP INDEX reminders_due")
    await con.close()
    changed = await shape_of_url(pg_schema)
    assert changed["seats"]["columns"]["colour"] != lite["seats"]["columns"]["colour"]
    assert "reminders_due" not in changed["reminders"]["indexes"]


def test_every_step_is_spelled_for_both_databases():
    for number, _ in MIGRATIONS:
        for dialect in ("sqlite", "postgres"):
            assert all("%" not in sql for sql in statements(number, dialect))
    assert [n for n, _ in MIGRATIONS] == list(range(1, LATEST + 1))


async def test_a_file_written_before_postgresql_keeps_working(tmp_path):
    path = tmp_path / "old.sqlite3"
    shutil.copy(OLD_FILE, path)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version FROM schema_version").fetchone()[0] == 2
    store = await SqliteStore.open(path)
    assert await store.schema_version() == LATEST
    await store.close()
    (tmp_path / "fresh").mkdir()
    fresh = await SqliteStore.open(tmp_path / "fresh" / "new.sqlite3")
    await fresh.close()
    assert sqlite_shape(path) == sqlite_shape(tmp_path / "fresh" / "new.sqlite3")

    svc = await make_service(path)
    g = get_game("navegador")
    for channel in (1, 2, 3):
        table = await svc.table(channel)
        moves = await svc.store.moves(table.row.id)
        replayed = g.replay(table.row.players, table.row.seed,
                            [(m.seat, m.notation) for m in moves])
        assert g.dump(table.state) == g.dump(replayed)
    assert (await svc.table(4)).row.status == "abandoned"
    assert (await svc.table(5)).row.status == "lobby"
    assert await svc.store.prefs(12) == (False, False)
    before = (await svc.table(1)).ply
    table = await svc.table(1)
    seat = g.waiting_on(table.state)[0]
    await svc.move(1, table.seats[seat].user_id,                    # play goes on
                   random_turn(g, table.state, seat, random.Random(1)))
    assert (await svc.table(1)).ply > before
    await svc.join(5, 53, "U53")
    await svc.close()


async def test_a_file_written_before_postgresql_migrates_whole(tmp_path, pg_schema):
    path = tmp_path / "old.sqlite3"
    shutil.copy(OLD_FILE, path)
    said: list[str] = []
    assert await migrate(path, pg_schema, said.append) == 0, said
    assert any("replayed 4 started games" in line for line in said), said
    svc = await make_service(pg_schema)
    table = await svc.table(1)
    g = table.game
    seat = g.waiting_on(table.state)[0]
    await svc.move(1, table.seats[seat].user_id,
                   random_turn(g, table.state, seat, random.Random(1)))
    await svc.open_lobby(9, 77, 90, "New", "navegador")        # new ids after the copied ones
    assert (await svc.table(9)).row.id == 6
    await svc.close()
