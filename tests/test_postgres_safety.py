"""An unusable PostgreSQL database never hangs the bot and never shows a traceback: start-up
says what is wrong and what to do, and exits at once (status 3). A full disk is a
sentence to the player, as on SQLite; a deadlock is run again."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest
from bot_support import (
    ALICE,
    BOB,
    CH,
    make_service,
    started,
    to_move,
)
from databases import Databases, require_pg, with_schema

from bot.store import DiskFull, PostgresStore, StoreError, open_store
from bot.store.migrations import LATEST
from bot.table.replies import TableError

ROOT = Path(__file__).resolve().parents[1]


def other_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def other_user(url: str, user: str) -> str:
    parts = urlsplit(url)
    host = parts.netloc.split("@")[-1]
    return urlunsplit(parts._replace(netloc=f"{user}@{host}"))


async def test_nothing_listening_is_a_sentence_at_once():
    started_at = time.monotonic()
    with pytest.raises(StoreError, match="Cannot connect to the PostgreSQL server") as no:
        await open_store("postgresql://sailbot:secret@127.0.0.1:1/sailbot")
    assert time.monotonic() - started_at < 10
    assert "secret" not in str(no.value)                  # the password is never shown


async def test_a_server_that_never_answers_is_a_sentence_not_a_hang():
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    accepted: list[socket.socket] = []
    threading.Thread(target=lambda: accepted.append(listener.accept()[0]), daemon=True).start()
    port = listener.getsockname()[1]
    started_at = time.monotonic()
    try:
        with pytest.raises(StoreError, match="did not answer in time"):
            await PostgresStore.open(f"postgresql://u@127.0.0.1:{port}/db", connect_timeout=1)
    finally:
        for s in [*accepted, listener]:
            s.close()
    assert time.monotonic() - started_at < 10


async def test_a_missing_database_an_unknown_user_and_a_bad_url():
    server = require_pg()
    with pytest.raises(StoreError, match="does not exist.*Create the database"):
        await open_store(other_database(server, "no_such_database_here"))
    with pytest.raises(StoreError, match="refused the login"):
        await open_store(other_user(server, "no_such_role"))
    with pytest.raises(StoreError, match="not a PostgreSQL address I can read"):
        await open_store("postgresql://u:p@host:notaport/db")


async def test_someone_elses_tables_and_a_newer_bots_are_refused(db: Databases):
    if not db.postgres:
        pytest.skip("the SQLite cases are in test_store_safety.py")
    foreign, newer = db / "foreign", db / "newer"
    store = await open_store(newer)
    await store.close()
    con = await asyncpg.connect(db.server)
    try:
        schema = urlsplit(str(foreign)).query.split("search_path=")[1]
        await con.execute(f"CREATE SCHEMA {schema}; CREATE TABLE {schema}.orders (id int)")
        schema = urlsplit(str(newer)).query.split("search_path=")[1]
        await con.execute(f"UPDATE {schema}.schema_version SET version = {LATEST + 5}")
    finally:
        await con.close()
    with pytest.raises(StoreError, match="no `schema_version`: it is not the bot's"):
        await open_store(foreign)
    with pytest.raises(StoreError, match="newer version of the bot"):
        await open_store(newer)


@pytest.mark.parametrize("mode", ["local", "discord"])
def test_python_m_bot_exits_at_once_on_an_unreachable_database(tmp_path, mode):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(SAILBOT_DB="postgresql://sailbot:pw@127.0.0.1:1/sailbot", PYTHONPATH=str(ROOT))
    if mode == "discord":
        env["DISCORD_TOKEN"] = "not-a-real-token"       # never reached: the store fails first
    done = subprocess.run([sys.executable, "-m", "bot"], input="", text=True,
                          capture_output=True, env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 3, (done.stdout, done.stderr)
    assert "Cannot start" in done.stderr and "Cannot connect" in done.stderr
    assert "Traceback" not in done.stderr and "pw" not in done.stderr


async def test_a_full_disk_is_a_sentence_and_the_bot_goes_on(db: Databases, monkeypatch):
    if not db.postgres:
        pytest.skip("SQLite's own full-disk test is in test_store_safety.py")
    svc = await make_service(db / "full")
    await started(svc, [ALICE, BOB])
    _, user = await to_move(svc)
    store = svc.store
    real = store.append_moves

    async def full(*args, **kwargs):
        async def write(con):
            raise asyncpg.DiskFullError("could not extend file: No space left on device")
        return await store._run(write)  # type: ignore[attr-defined]
    monkeypatch.setattr(store, "append_moves", full)
    with pytest.raises(TableError, match="disk is full"):
        await svc.move(CH, user, "workers 1")
    monkeypatch.setattr(store, "append_moves", real)
    await svc.move(CH, user, "workers 1")                   # space is back: it lands
    assert (await svc.table(CH)).ply >= 1
    with pytest.raises(DiskFull):
        await full()


async def test_a_deadlock_runs_the_transaction_again(db: Databases):
    if not db.postgres:
        pytest.skip("PostgreSQL only")
    store = await open_store(db / "dead")
    tries = []

    async def once_a_victim(con):
        tries.append(1)
        if len(tries) == 1:
            raise asyncpg.DeadlockDetectedError("deadlock detected")
        return await con.fetchval("SELECT 42")
    assert await store._run(once_a_victim) == 42 and len(tries) == 2  # type: ignore[attr-defined]
    await store.close()


def test_the_test_server_url_names_its_schema():
    assert (with_schema("postgresql://u@/d?host=/tmp/x", "s")
            == "postgresql://u@/d?host=/tmp/x&search_path=s")
