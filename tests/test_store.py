"""The store, on SQLite and on PostgreSQL alike: schema migrations, one open game per
channel, version checks, an append-only move log, snapshots, preferences and reminder
schedules."""

from __future__ import annotations

import asyncio
import sqlite3

import asyncpg
import pytest
from databases import Databases

from bot.store import ChannelBusy, MoveRow, SeatRow, SqliteStore, StaleVersion, Store, open_store
from bot.store.migrations import LATEST, TABLES

NOW = 1_700_000_000.0
# a write the database itself refuses (a duplicate key, the append-only trigger)
INTEGRITY = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)


@pytest.fixture
async def store(db: Databases):
    s = await open_store(db / "deep/folder/s.sqlite3")
    yield s
    await s.close()


async def raw(store: Store, sql: str) -> None:
    """Run SQL past the store's methods, as a bug or a person at a console might."""
    if isinstance(store, SqliteStore):
        await store._read_all(sql)
    else:
        await store._pool.execute(sql)  # type: ignore[attr-defined]


async def tables(store: Store) -> set[str]:
    if isinstance(store, SqliteStore):
        rows = await store._read_all("SELECT name FROM sqlite_master WHERE type='table'")
    else:
        rows = await store._read(  # type: ignore[attr-defined]
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = current_schema()")
    return {r[0] for r in rows}


async def lobby(store: Store, channel: int = 1):
    return await store.create_lobby(channel, 9, "navegador", SeatRow(0, 11, "Ann", "orange"), NOW)


async def test_migrations_and_reopen(db: Databases):
    where = db / "m.sqlite3"
    s = await open_store(where)
    assert await s.schema_version() == LATEST
    await lobby(s)
    await s.close()
    s = await open_store(where)                           # reopening migrates nothing twice
    assert await s.schema_version() == LATEST
    assert (await s.open_game(1)) is not None
    assert {"schema_version", *TABLES} <= await tables(s)
    await s.close()
    if not db.postgres:
        with sqlite3.connect(where) as con:
            assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_discord_ids_and_times_keep_every_digit(store: Store):
    """Discord ids are 64-bit; times are seconds with a fraction."""
    big = 1_234_567_890_123_456_789
    game = await store.create_lobby(big, big + 1, "navegador", SeatRow(0, big + 2, "A", "red"),
                                    NOW + 0.123456)
    again = await store.game(game.id)
    assert again is not None
    assert (again.channel_id, again.guild_id, again.host_id) == (big, big + 1, big + 2)
    assert again.created == NOW + 0.123456
    assert (await store.seats(game.id))[0].user_id == big + 2


async def test_one_open_game_per_channel(store: Store):
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


async def test_every_write_checks_the_version(store: Store):
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


async def test_the_move_log_is_append_only(store: Store):
    game = await lobby(store)
    await store.append_moves(game, [MoveRow(1, 0, 11, "workers 1")], NOW)
    game = await store.game(game.id)
    with pytest.raises(INTEGRITY):                  # a ply is never written twice
        await store.append_moves(game, [MoveRow(1, 0, 11, "workers 2")], NOW)
    with pytest.raises(INTEGRITY, match="append-only"):   # the database itself refuses
        await raw(store, "UPDATE moves SET notation = 'x'")
    assert (await store.game(game.id)).version == game.version    # rolled back
    assert [m.notation for m in await store.moves(game.id)] == ["workers 1"]


async def test_snapshots_and_truncate(store: Store):
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


async def test_prefs_and_reminder_schedules(store: Store):
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


async def test_since_when_games_wait_on_a_player_is_read_in_one_go(store: Store):
    """``waiting_since``: a game's reminder row for the player keeps when the wait on them
    began — another player's move does not reset it, the player's own move (still waited
    on) does; a game with no row for them is left out."""
    one, two = await lobby(store, 1), await lobby(store, 2)
    for game in (one, two):
        await store.update_game(game, NOW, status="active", seed=1, players=2)
    one, two = await store.game(one.id), await store.game(two.id)
    await store.append_moves(one, [], NOW, waiting=[11, 12])           # both choose at once
    await store.append_moves(two, [], NOW + 1, waiting=[12])
    one, two = await store.game(one.id), await store.game(two.id)
    await store.append_moves(one, [], NOW + 50, waiting=[11, 12], mover=12)  # 12 chose a part
    assert await store.waiting_since(11, [one.id, two.id]) == {one.id: NOW}
    assert await store.waiting_since(12, [one.id, two.id]) == {one.id: NOW + 50,
                                                                 two.id: NOW + 1}
    assert await store.waiting_since(12, [two.id]) == {two.id: NOW + 1}
    assert await store.waiting_since(11, []) == {}


async def test_the_open_games_whose_seat_a_computer_took_over_from_a_player(store: Store):
    """``games_taken_over_from``: the open games whose options keep a seat that was the
    player's (written as the bot writes them) — a Discord-sized id matched in full, not a
    finished game, not another player's seat, not a game with none."""
    from bot.table.computers import taken_over

    big = 1_234_567_890_123_456_789
    games = [await lobby(store, channel) for channel in (1, 2, 3, 4, 5)]
    options = [taken_over({"computers": {"Ann (computer)": "normal"}}, 0, big, "Ann"),
               taken_over(taken_over({}, 1, 7, "Bo"), 0, big, "Ann"),
               taken_over({}, 0, big + 1, "Cy"), {"variant": "handed_over"},
               taken_over({}, 0, big, "Ann")]
    for i, (game, opts) in enumerate(zip(games, options, strict=True)):
        await store.update_game(game, NOW + i, status="active", seed=1, players=2,
                                options=opts)
    game = await store.game(games[4].id)
    await store.update_game(game, NOW + 9, status="finished")
    assert [g.id for g in await store.games_taken_over_from(big)] == [games[1].id,
                                                                     games[0].id]
    assert [g.id for g in await store.games_taken_over_from(7)] == [games[1].id]
    assert await store.games_taken_over_from(11) == []


async def test_racing_writers_on_several_connections_one_lands(db: Databases):
    """Twenty appends of ply 1 from four stores (connections, as four processes have) at
    once: one lands, the rest are StaleVersion, and nothing else is written."""
    where = db / "race.sqlite3"
    stores = [await open_store(where) for _ in range(4)]
    try:
        game = await lobby(stores[0])
        await stores[0].update_game(game, NOW, status="active", seed=1, players=2)
        game = await stores[0].game(game.id)
        results = await asyncio.gather(
            *(stores[i % 4].append_moves(game, [MoveRow(1, 0, 11, f"m{i}")], NOW,
                                         waiting=[12], mover=11) for i in range(20)),
            return_exceptions=True)
        landed = [r for r in results if not isinstance(r, BaseException)]
        assert landed == [game.version + 1], results
        assert all(isinstance(r, StaleVersion) for r in results if r not in landed)
        assert len(await stores[3].moves(game.id)) == 1
        assert len(await stores[2].reminders(game.id)) == 1
    finally:
        for s in stores:
            await s.close()


async def test_concurrent_claims_hand_each_reminder_out_once(db: Databases):
    where = db / "claims.sqlite3"
    stores = [await open_store(where) for _ in range(3)]
    try:
        for channel in range(40):
            game = await lobby(stores[0], channel)
            await stores[0].update_game(game, NOW, status="active", seed=1, players=2)
            game = await stores[0].game(game.id)
            await stores[0].append_moves(game, [], NOW, waiting=[11, 12])
        batches = await asyncio.gather(*(stores[i % 3].claim_reminders(NOW, lease=60, limit=7)
                                         for i in range(15)))
        ids = [r.id for batch in batches for r in batch]
        assert len(ids) == 80 and len(set(ids)) == 80
        assert all(r.due == NOW for batch in batches for r in batch)   # the due they had
        assert await stores[1].claim_reminders(NOW + 59, lease=60) == []
        assert len(await stores[2].claim_reminders(NOW + 61, lease=60)) == 80  # lease ran out
    finally:
        for s in stores:
            await s.close()


async def test_preferences_set_at_once_from_two_places_both_land(db: Databases):
    where = db / "prefs.sqlite3"
    one, two = await open_store(where), await open_store(where)
    try:
        for user in range(20):
            await asyncio.gather(one.set_prefs(user, NOW, dms=False),
                                 two.set_prefs(user, NOW, dm_closed=True))
        assert {await one.prefs(user) for user in range(20)} == {(False, True)}
    finally:
        await one.close()
        await two.close()


async def test_a_sqlite_store_closes_once_and_then_quietly(tmp_path):
    """Its connection lives in a thread of its own: closing ends both; a second close (a
    shutdown path and a test's clean-up both closing) changes nothing and raises nothing."""
    store = await SqliteStore.open(tmp_path / "s.sqlite3")
    game = await store.create_lobby(1, None, "navegador", SeatRow(0, 7, "Ann", "blue"), 0.0)
    await store.close()
    await store.close()
    again = await SqliteStore.open(tmp_path / "s.sqlite3")
    assert (await again.game(game.id)) == game
    await again.close()


async def test_a_servers_finished_games_are_read_from_their_own_index(tmp_path):
    """``/stats`` reads a server's finished games through the partial index of finished
    games, not a scan of every game the bot ever held."""
    s = await open_store(tmp_path / "f.sqlite3")
    asked: list[tuple[str, tuple]] = []
    read_all = s._read_all

    async def spy(sql, args=()):
        asked.append((sql, tuple(args)))
        return await read_all(sql, args)

    s._read_all = spy                               # type: ignore[method-assign]
    await s.finished_games(9, 1, 500)
    await s.close()
    (sql, args), = asked
    with sqlite3.connect(tmp_path / "f.sqlite3") as db:
        plan = " ".join(str(row) for row in db.execute(f"EXPLAIN QUERY PLAN {sql}", args))
    assert "games_finished_by_guild" in plan and "SCAN games" not in plan, plan


async def test_a_lobby_opens_with_its_computers_in_one_write(store: Store):
    """A rematch's lobby is created with the host and the computers at once (a ``/join``
    between two writes made the second fail, and the lobby lost its computers)."""
    game = await store.create_lobby(1, 9, "navegador", SeatRow(5, 11, "Ann", "orange"), NOW,
                                    {"levels": {"Vasco": "strong"}},
                                    [SeatRow(0, None, "Vasco", "blue"),
                                     SeatRow(0, None, "Bruno", "red")])
    assert game.players == 3 and game.version == 0 and game.host_id == 11
    assert await store.seats(game.id) == [SeatRow(0, 11, "Ann", "orange"),
                                          SeatRow(1, None, "Vasco", "blue"),
                                          SeatRow(2, None, "Bruno", "red")]
