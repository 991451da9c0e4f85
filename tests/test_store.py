"""The SQLite store: schema migrations, WAL, one open game per channel, version checks,
an append-only move log, snapshots, preferences and reminder schedules."""

from __future__ import annotations

import sqlite3

import aiosqlite
import pytest

from bot.store import ChannelBusy, MoveRow, SeatRow, SqliteStore, StaleVersion
from bot.store.migrations import LATEST

NOW = 1_700_000_000.0


@pytest.fixture
async def store(tmp_path):
    s = await SqliteStore.open(tmp_path / "deep" / "folder" / "s.sqlite3")
    yield s
    await s.close()


async def lobby(store: SqliteStore, channel: int = 1):
    return await store.create_lobby(channel, 9, "navegador", SeatRow(0, 11, "Ann", "orange"), NOW)


async def test_migrations_wal_and_reopen(tmp_path):
    path = tmp_path / "m.sqlite3"
    s = await SqliteStore.open(path)
    assert await s.schema_version() == LATEST
    await lobby(s)
    await s.close()
    s = await SqliteStore.open(path)                      # reopening migrates nothing twice
    assert await s.schema_version() == LATEST
    assert (await s.open_game(1)) is not None
    await s.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"schema_version", "games", "seats", "moves", "snapshots", "user_prefs",
            "reminders", "abandon_votes"} <= tables


async def test_one_open_game_per_channel(store: SqliteStore):
    game = await lobby(store)
    assert game.status == "lobby" and game.version == 0
    with pytest.raises(ChannelBusy):
        await lobby(store)
    await lobby(store, channel=2)                   # another channel (or thread) is fine
    await store.update_game(game, NOW, status="finished")
    again = await lobby(store)
    assert again.id != game.id
    latest = await store.latest_game(1)
    assert latest is not None and latest.id == again.id


async def test_every_write_checks_the_version(store: SqliteStore):
    game = await lobby(store)
    await store.update_game(game, NOW, status="active", seed=5, players=2)
    game = await store.game(game.id)
    assert game.version == 1
    version = await store.append_moves(game, [MoveRow(1, 0, 11, "workers 1")], NOW)
    assert version == 2
    with pytest.raises(StaleVersion):               # written against version 1: refused
        await store.append_moves(game, [MoveRow(2, 1, 12, "ships 1")], NOW)
    with pytest.raises(StaleVersion):
        await store.update_game(game, NOW, status="abandoned")
    assert [m.notation for m in await store.moves(game.id)] == ["workers 1"]
    assert (await store.game(game.id)).status == "active"


async def test_the_move_log_is_append_only(store: SqliteStore):
    game = await lobby(store)
    await store.append_moves(game, [MoveRow(1, 0, 11, "workers 1")], NOW)
    game = await store.game(game.id)
    with pytest.raises(aiosqlite.IntegrityError):   # a ply is never written twice
        await store.append_moves(game, [MoveRow(1, 0, 11, "workers 2")], NOW)
    with pytest.raises(aiosqlite.IntegrityError, match="append-only"):
        await store._db.execute("UPDATE moves SET notation = 'x'")
    assert (await store.game(game.id)).version == game.version    # rolled back


async def test_snapshots_and_truncate(store: SqliteStore):
    game = await lobby(store)
    moves = [MoveRow(i, 0, 11, f"m{i}") for i in range(1, 6)]
    await store.append_moves(game, moves[:3], NOW, snapshot=(3, '{"s": 3}'))
    game = await store.game(game.id)
    await store.append_moves(game, moves[3:], NOW, snapshot=(5, '{"s": 5}'))
    game = await store.game(game.id)
    row, seats, snap, after = await store.read_log(game.id)
    assert snap == (5, '{"s": 5}') and after == [] and seats[0].name == "Ann"
    row, _, snap, after = await store.read_log(game.id, upto=4)
    assert snap == (3, '{"s": 3}') and [m.ply for m in after] == [4]
    await store.truncate(game, 3, NOW)
    assert [m.ply for m in await store.moves(game.id)] == [1, 2, 3]
    _, _, snap, after = await store.read_log(game.id)
    assert snap == (3, '{"s": 3}') and after == []


async def test_prefs_and_reminder_schedules(store: SqliteStore):
    assert await store.prefs(42) == (True, False)
    await store.set_prefs(42, NOW, dms=False)
    await store.set_prefs(42, NOW, dm_closed=True)
    assert await store.prefs(42) == (False, True)
    game = await lobby(store)
    await store.update_game(game, NOW, status="active", seed=1, players=2)
    game = await store.game(game.id)
    await store.append_moves(game, [], NOW, waiting=[11])
    game = await store.game(game.id)
    (r,) = await store.reminders(game.id)
    assert (r.user_id, r.kind, r.due) == (11, "first", NOW)
    # the same player still to act after their own move: a follow-up, not a new DM
    await store.append_moves(game, [], NOW + 5, waiting=[11], mover=11, follow_up=100)
    game = await store.game(game.id)
    (r,) = await store.reminders(game.id)
    assert (r.kind, r.due) == ("follow-up", NOW + 105)
    await store.append_moves(game, [], NOW + 6, waiting=[12], mover=11)
    game = await store.game(game.id)
    assert [(r.user_id, r.kind) for r in await store.reminders(game.id)] == [(12, "first")]
    assert [r.user_id for r in await store.claim_reminders(NOW + 6, lease=60)] == [12]
    assert await store.claim_reminders(NOW + 6, lease=60) == []     # claimed: not again
    assert [r.user_id for r in await store.claim_reminders(NOW + 70, lease=60)] == [12]
    await store.append_moves(game, [], NOW + 7, status="finished")
    assert await store.reminders(game.id) == []
