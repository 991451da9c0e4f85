"""Write ``schema2.sqlite3``: a bot database as the code of commit bd1196c (store schema 2,
before PostgreSQL) left it — lobbies, active games past a snapshot, a finished and an
abandoned game, abandon votes, preferences and pending reminders.

Run once with that commit's code; the file is committed, so tests can check that a file
an earlier bot wrote keeps working (``tests/test_store_schema.py``).

    .venv/bin/python tests/data/make_schema2.py
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1]), str(HERE.parent)]

from bot_support import Clock, random_turn  # noqa: E402

from bot.table import TableService  # noqa: E402

OUT = HERE / "schema2.sqlite3"


async def play(svc: TableService, channel: int, users: list[int], turns: int,
               rng: random.Random) -> None:
    await svc.open_lobby(channel, 77, users[0], f"U{users[0]}", "navegador")
    for user in users[1:]:
        await svc.join(channel, user, f"U{user}")
    await svc.add_computer(channel, users[0])
    await svc.start_game(channel, users[0])
    for _ in range(turns):
        table = await svc.table(channel)
        if table.state is None or table.row.status != "active":
            return
        seat = table.game.waiting_on(table.state)[0]
        await svc.move(channel, table.seats[seat].user_id,
                       random_turn(table.game, table.state, seat, rng))


async def main() -> None:
    OUT.unlink(missing_ok=True)
    clock = Clock()
    seeds = iter(range(100, 200))
    svc = await TableService.open(OUT, clock=clock, render=False,
                                  seed_source=lambda: next(seeds))
    rng = random.Random(2)
    await play(svc, 1, [11, 12], 30, rng)            # past a snapshot (every 20 plies)
    await play(svc, 2, [21, 22, 23], 8, rng)
    await play(svc, 3, [31, 32], 4, rng)
    await svc.abandon(3, 31)                          # one vote of two
    await play(svc, 4, [41, 42], 3, rng)
    await svc.abandon(4, 41, can_manage=True)         # abandoned
    await svc.open_lobby(5, 77, 51, "U51", "navegador")
    await svc.join(5, 52, "U52")                      # a lobby
    await svc.set_notify(12, False)
    await svc.set_notify(22, True)
    clock.advance(30)
    await svc.due_reminders()                         # claimed: leases in the table
    await svc.close()
    with sqlite3.connect(OUT) as db:                  # one file, no -wal beside it
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.execute("PRAGMA journal_mode=DELETE")
        db.execute("VACUUM")
    print(OUT, OUT.stat().st_size, "bytes")


if __name__ == "__main__":
    asyncio.run(main())
