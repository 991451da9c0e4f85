"""Fill a database with games in every state a bot leaves them in — lobbies, games under
way past a snapshot, a seat handed to a computer, abandon votes, abandoned games, turn-DM
preferences, pending and claimed reminders — through the table service, as players would.
Used by the migration tests and ``scripts/bench_multi.py``.
"""

from __future__ import annotations

import random

from bot_support import random_turn

from bot.table import TableService
from bot.table.replies import TableError

GAME = "navegador"


async def fill(svc: TableService, games: int, seed: int = 0, max_turns: int = 40,
               first_channel: int = 1) -> None:
    rng = random.Random(seed)
    for i in range(games):
        channel = first_channel + i
        host, second, third = 10 * channel + 1, 10 * channel + 2, 10 * channel + 3
        await svc.open_lobby(channel, 7, host, f"H{channel}", GAME)
        await svc.join(channel, second, f"S{channel}")
        if i % 10 == 0:
            continue                                           # a lobby
        if i % 3 == 0:
            await svc.join(channel, third, f"T{channel}")
        else:
            await svc.add_computer(channel, host)
        await svc.start_game(channel, host)
        await play(svc, channel, rng.randint(1, max_turns), rng)
        if i % 10 == 1:
            await svc.abandon(channel, host)                   # one vote of several
        elif i % 10 == 2:
            await svc.abandon(channel, host, can_manage=True)  # abandoned
        elif i % 25 == 3:
            await svc.resign(channel, second)                  # a computer takes over
        if i % 7 == 0:
            await svc.set_notify(second, False)


async def play(svc: TableService, channel: int, turns: int, rng: random.Random) -> int:
    """Up to ``turns`` random whole turns by whoever is waited for; returns how many."""
    done = 0
    for _ in range(turns):
        table = await svc.table(channel)
        if table.row.status != "active" or table.state is None:
            break
        seat = table.game.waiting_on(table.state)[0]
        user = table.seats[seat].user_id
        if user is None:
            break
        try:
            await svc.move(channel, user, random_turn(table.game, table.state, seat, rng))
        except TableError:
            continue
        done += 1
    return done
