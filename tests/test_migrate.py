"""``python -m bot migrate --to postgresql://…``: a bot's SQLite file moves to PostgreSQL
whole — every game, seat, move, snapshot, preference, reminder and abandon vote — with
counts, rows and every game's replay checked; a non-empty target is refused with a
sentence; a copy that does not match is deleted again; a file still being written is
reported; the bot plays on from PostgreSQL."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest
from bot_support import Clock, make_service
from databases import require_pg, with_schema
from game_fill import fill, play

from bot import migrate as migrate_module
from bot.migrate import compare, migrate
from bot.store.copy import Tally
from bot.store.migrations import TABLES
from rules import get_game

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
async def target():
    url = with_schema(require_pg(), f"mig_{os.getpid()}_{id(object())}")
    yield url
    con = await asyncpg.connect(url)
    try:
        schema = await con.fetchval("SELECT current_schema()")
        if schema:
            await con.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await con.close()


@pytest.fixture
async def bot_file(tmp_path) -> Path:
    path = tmp_path / "bot.sqlite3"
    clock = Clock()
    svc = await make_service(path, clock=clock)
    await fill(svc, 24, seed=3, max_turns=30)
    clock.advance(30)
    await svc.due_reminders()                      # some reminders claimed (leased)
    await svc.close()
    return path


def counts(path: Path) -> dict[str, int]:
    with sqlite3.connect(path) as db:
        return {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


def run_migrate(path: Path, url: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(SAILBOT_DB=str(path), PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "bot", "migrate", "--to", url], text=True,
                          capture_output=True, env=env, cwd=path.parent, timeout=300)


async def test_python_m_bot_migrate_copies_everything_and_checks_it(bot_file, target):
    source = counts(bot_file)
    assert all(source[t] > 0 for t in TABLES), source      # every kind of row is there
    done = run_migrate(bot_file, target)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert f"games {source['games']}" in out and f"moves {source['moves']:,}" in out
    assert "counts equal, and every row equal" in out
    assert "started games from PostgreSQL in" in out and "each equals its final state" in out
    assert "Traceback" not in done.stderr

    con = await asyncpg.connect(target)
    try:
        assert {t: await con.fetchval(f"SELECT count(*) FROM {t}") for t in TABLES} == source
    finally:
        await con.close()

    # the bot plays on from PostgreSQL: loads equal the SQLite file's, moves land
    lite, pg = await make_service(bot_file), await make_service(target)
    g = get_game("navegador")
    for channel in range(1, 25):
        a, b = await lite.table(channel), await pg.table(channel)
        assert (a.row, a.seats, a.ply) == (b.row, b.seats, b.ply)
        if a.state is not None:
            assert g.dump(a.state) == g.dump(b.state)
    assert await play(pg, 2, 3, random.Random(1)) > 0
    await pg.open_lobby(999, 7, 5, "Newcomer", "navegador")   # ids go on after the copy's
    await lite.close()
    await pg.close()

    again = run_migrate(bot_file, target)                   # never over a non-empty target
    assert again.returncode == 3
    assert "Cannot migrate: The target database is not empty" in again.stderr
    assert "nothing was changed" in again.stderr and "Traceback" not in again.stderr


async def test_a_copy_that_does_not_match_is_deleted_again(bot_file, target, monkeypatch):
    async def wrong(source, target_store, say):
        return 0, 0, ["game 7: the state in PostgreSQL differs from the SQLite file's"]
    monkeypatch.setattr(migrate_module, "replay_all", wrong)
    said: list[str] = []
    assert await migrate(bot_file, target, said.append) == 1
    assert any("deleted it again" in line for line in said)
    con = await asyncpg.connect(target)
    try:
        assert [await con.fetchval(f"SELECT count(*) FROM {t}") for t in TABLES] == [0] * 7
    finally:
        await con.close()
    monkeypatch.undo()
    assert await migrate(bot_file, target, said.append) == 0       # and can be run again


def test_row_checks_name_what_differs():
    one = Tally({"games": 3, "moves": 9}, {"games": "a", "moves": "b"})
    assert compare(one, Tally({"games": 3, "moves": 9}, {"games": "a", "moves": "b"})) == []
    assert compare(one, Tally({"games": 3, "moves": 8}, {"games": "a", "moves": "b"})) == [
        "moves: 9 in SQLite, 8 in PostgreSQL"]
    assert compare(one, Tally({"games": 3, "moves": 9}, {"games": "x", "moves": "b"})) == [
        "games: as many rows, but not the same rows"]


async def test_a_file_still_being_written_is_reported(bot_file, target, monkeypatch):
    real = migrate_module.replay_all

    async def and_a_bot_moves(source, target_store, say):
        result = await real(source, target_store, say)
        svc = await make_service(bot_file)
        await play(svc, 5, 1, random.Random(2))
        await svc.close()
        return result
    monkeypatch.setattr(migrate_module, "replay_all", and_a_bot_moves)
    said: list[str] = []
    assert await migrate(bot_file, target, said.append) == 1
    assert any("changed while it was copied" in line for line in said), said


def test_migrate_refuses_a_missing_file_and_a_bad_target(tmp_path):
    done = run_migrate(tmp_path / "none.sqlite3", "postgresql://nobody@127.0.0.1:1/x")
    assert done.returncode == 3 and "There is no SQLite database at" in done.stderr
    (tmp_path / "a.sqlite3").write_bytes(b"")
    done = run_migrate(tmp_path / "a.sqlite3", "postgresql://nobody@127.0.0.1:1/x")
    assert done.returncode == 3 and "Cannot connect to the PostgreSQL server" in done.stderr
    done = run_migrate(tmp_path / "a.sqlite3", "/not/a/url")
    assert done.returncode == 2 and "needs --to with a PostgreSQL URL" in done.stderr
    assert "Traceback" not in done.stderr
