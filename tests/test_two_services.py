"""Two bot processes (two services, each with its own cache and connections) on one
database: a move, an undo, a resign, an abandon or a lobby change made in one is what the
other acts on next — a cached table is never trusted over the stored version, on every
path of bot/table that writes (commit, update, truncate, lobby saves)."""

from __future__ import annotations

import pytest
from bot_support import (
    ALICE,
    BOB,
    CAROL,
    CH,
    GUILD,
    make_service,
    started,
    to_move,
)
from databases import Databases

from bot.store import SeatRow
from bot.table import TableService
from bot.table.replies import RaceError, TableError
from bot.table.tables import Play
from rules import get_game

g = get_game("navegador")


@pytest.fixture
async def pair(db: Databases):
    where = db / "pair.sqlite3"
    one = await make_service(where)
    two = await make_service(where)
    yield one, two
    await one.close()
    await two.close()


def replayed(table, moves):
    return g.dump(g.replay(table.row.players, table.row.seed,
                           [(m.seat, m.notation) for m in moves]))


async def same_as_replay(svc: TableService) -> None:
    table = await svc.table(CH)
    assert g.dump(table.state) == replayed(table, await svc.store.moves(table.row.id))


async def test_a_move_in_one_is_the_state_the_other_moves_from(pair):
    one, two = pair
    await started(one, [ALICE, BOB])
    await two.table(CH)                                   # two caches the table
    _, first = await to_move(one)
    await one.move(CH, first, "workers 1")
    _, second = await to_move(two)                        # two sees one's move
    assert second != first
    await two.move(CH, second, "workers 1")
    await one.move(CH, first, "ships 1")                  # and one sees two's
    for svc in pair:
        assert (await svc.table(CH)).ply == 3
        await same_as_replay(svc)


async def test_an_undo_in_one_is_seen_by_the_other(pair):
    one, two = pair
    await started(one, [ALICE, BOB])
    _, first = await to_move(one)
    await one.move(CH, first, "workers 1")
    assert (await one.table(CH)).ply == 1                 # one caches ply 1
    await two.undo(CH, first)                             # a button on another shard
    assert (await one.table(CH)).ply == 0
    await one.move(CH, first, "ships 1")
    moves = await two.store.moves((await two.table(CH)).row.id)
    assert [m.notation for m in moves] == ["ships 1"]
    await same_as_replay(one)
    await same_as_replay(two)


async def test_a_stale_undo_is_refused(pair):
    one, two = pair
    await started(one, [ALICE, BOB])
    _, first = await to_move(one)
    await one.move(CH, first, "workers 1")
    _, second = await to_move(one)
    await two.move(CH, second, "workers 1")               # the other player moved since
    with pytest.raises(TableError, match="has acted since"):
        await one.undo(CH, first)
    assert (await two.table(CH)).ply == 2


async def test_a_stale_commit_and_a_stale_lobby_save_write_nothing(pair):
    one, two = pair
    await one.open_lobby(CH, GUILD, ALICE, "Alice", "navegador")
    stale = await one.table(CH)
    await two.join(CH, BOB, "Bob")                        # the lobby moved on in two
    with pytest.raises(TableError, match="lobby changed"):
        await one.lobbies._save(stale, [*stale.seats, SeatRow(1, CAROL, "Carol", "red")])
    await one.join(CH, CAROL, "Carol")                    # from the stored lobby: all three
    assert [s.user_id for s in (await two.table(CH)).seats] == [ALICE, BOB, CAROL]
    await two.start_game(CH, ALICE)
    stale = await one.table(CH)
    _, user = await to_move(two)
    await two.move(CH, user, "workers 1")
    after, events = g.play(stale.state, g.waiting_on(stale.state)[0], "ships 1")
    with pytest.raises(RaceError):
        await one.tables.commit(stale, [Play(g.waiting_on(stale.state)[0], user, "ships 1",
                                             events)], after, mover=user)
    assert [m.notation for m in await one.store.moves(stale.row.id)] == ["workers 1"]
    with pytest.raises(TableError, match="changed at that very moment"):
        await one.tables.update(stale, status="abandoned")    # stale update: refused
    assert (await one.table(CH)).row.status == "active"


async def test_resign_and_abandon_in_one_bind_the_other(pair):
    one, two = pair
    await started(one, [ALICE, BOB, CAROL])
    await two.table(CH)
    seat, user = await to_move(one)
    await one.resign(CH, user)                            # a computer takes the seat
    table = await two.table(CH)
    assert table.seats[seat].user_id is None
    with pytest.raises(TableError, match=r"seat is played by .* \(computer\) now; `/join`"):
        await two.move(CH, user, "workers 1")
    await same_as_replay(two)
    await two.abandon(CH, ALICE, can_manage=True)
    with pytest.raises(TableError, match="The Navegador game in this channel was abandoned"):
        await one.move(CH, BOB, "workers 1")
    assert (await one.table(CH)).row.status == "abandoned"
