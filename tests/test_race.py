"""Fifty moves racing for one game, through five services with their own connections to
one database (a SQLite file; a PostgreSQL server): exactly one lands, every other one gets
a clear error, nothing is duplicated, and the stored game replays to the same state."""

from __future__ import annotations

import asyncio
import random

from bot_support import (
    ALICE,
    BOB,
    CAROL,
    CH,
    make_service,
    started,
    to_move,
)
from databases import Databases

from bot.table.replies import RaceError, TableError
from rules import get_game

g = get_game("navegador")


async def test_fifty_concurrent_moves_one_lands(db: Databases):
    path = db / "race.sqlite3"
    first = await make_service(path)
    await started(first, [ALICE, BOB, CAROL])
    services = [first] + [await make_service(path) for _ in range(4)]
    try:
        await race(services)
    finally:
        for svc in services:
            await svc.close()


async def race(services) -> None:
    first = services[0]
    for svc in services:
        await svc.table(CH)                      # every service has read the game
    seat, mover = await to_move(first)
    version = (await first.table(CH)).row.version
    others = [u for u in (ALICE, BOB, CAROL) if u != mover]
    rng = random.Random(5)
    texts = ["workers 1", "workers 2", "ships 1", "ships 2", "colony skip", "build skip"]
    calls = []
    for i in range(50):
        svc = services[i % len(services)]
        if i % 10 == 9:                              # a few from players out of turn
            calls.append(svc.move(CH, others[i % 2], "workers 1"))
        else:
            calls.append(svc.move(CH, mover, rng.choice(texts)))
    results = await asyncio.gather(*calls, return_exceptions=True)

    landed = [r for r in results if not isinstance(r, BaseException)]
    errors = [r for r in results if isinstance(r, BaseException)]
    assert len(landed) == 1, results
    assert all(isinstance(e, TableError) for e in errors), errors
    races = [e for e in errors if isinstance(e, RaceError)]
    assert all("Someone moved first — here is the board now" in str(e) for e in races)
    assert all("not your turn" in str(e) or isinstance(e, RaceError) for e in errors)

    table = await first.table(CH)
    moves = await first.store.moves(table.row.id)
    assert len(moves) == 1 and moves[0].user_id == mover and moves[0].ply == 1
    assert f"`{moves[0].notation}`" in landed[0].text
    assert table.row.version == version + 1
    replayed = g.replay(table.row.players, table.row.seed, [(m.seat, m.notation) for m in moves])
    for svc in services:
        fresh = await svc.table(CH)
        assert g.dump(fresh.state) == g.dump(replayed)
    print(f"{len(races)} race errors, {len(errors) - len(races)} other refusals")
