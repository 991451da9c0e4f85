"""One bot process of the multi-process race (tests/process_race.py): the table service on
a shared database, players pressing moves on random tables as fast as they can and a
reminder loop sending DMs — Discord left out, everything below it real.

    python tests/race_worker.py URL SECONDS SEED CHANNEL [CHANNEL ...]

Prints one JSON line per event: {"ack": [...]} for each acknowledged command (the plies it
committed), {"dm": [...]} for each DM sent, and at the end {"done": {...}} with its
counters and, per game, the state it loads (through its own cache) as a hash.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import hashlib
import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from bot_support import random_turn  # noqa: E402

from bot.table import TableService  # noqa: E402
from bot.table.replies import RaceError, TableError  # noqa: E402

FOLLOW_UP = 1.5          # seconds before the follow-up DM: several rounds in a short race
committed: contextvars.ContextVar[list | None] = contextvars.ContextVar("committed",
                                                                       default=None)


def emit(kind: str, value: object) -> None:
    print(json.dumps({kind: value}), flush=True)


def watch_commits(svc: TableService) -> None:
    """Note what each command committed (per task), to print with its acknowledgement."""
    real = svc.tables.commit

    async def commit(table, plays, state, **kwargs):
        done = await real(table, plays, state, **kwargs)
        first = table.ply + 1
        committed.set([done.row.id, [[first + i, p.seat, p.user, p.notation]
                                     for i, p in enumerate(plays)]])
        return done
    svc.tables.commit = commit  # type: ignore[method-assign]


async def player(svc: TableService, channels: list[int], deadline: float,
                 rng: random.Random, counts: dict[str, int], kick: asyncio.Event) -> None:
    while time.monotonic() < deadline:
        channel = rng.choice(channels)
        table = await svc.table(channel)
        if table.row.status != "active" or table.state is None:
            await asyncio.sleep(0.01)
            continue
        seat = table.game.waiting_on(table.state)[0]
        user = table.seats[seat].user_id
        if user is None:
            continue
        text = random_turn(table.game, table.state, seat, rng)
        committed.set(None)
        try:
            await svc.move(channel, user, text)
        except RaceError:
            counts["races"] += 1
            continue
        except TableError:
            counts["refused"] += 1
            continue
        emit("ack", committed.get())
        counts["acks"] += 1
        kick.set()                          # as the adapter does: turn DMs go out at once


async def reminders(svc: TableService, deadline: float, kick: asyncio.Event,
                    counts: dict[str, int]) -> None:
    while time.monotonic() < deadline:
        for r in await svc.due_reminders():
            emit("dm", [r.id, r.kind, r.user_id, r.game_id])
            counts["dms"] += 1
            await svc.reminder_done(r, delivered=True)
        kick.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(kick.wait(), 0.05)


async def main(url: str, seconds: float, seed: int, channels: list[int]) -> None:
    svc = await TableService.open(url, render=False, reminder_hours=FOLLOW_UP / 3600,
                                  seed_source=lambda: seed)
    watch_commits(svc)
    counts = {"acks": 0, "races": 0, "refused": 0, "dms": 0}
    deadline = time.monotonic() + seconds
    kick = asyncio.Event()
    players = [player(svc, channels, deadline, random.Random(seed * 100 + i), counts, kick)
               for i in range(3)]
    await asyncio.gather(*players, reminders(svc, deadline, kick, counts))
    states = {}
    for channel in channels:
        table = await svc.table(channel)
        states[table.row.id] = [table.ply, table.row.version, hashlib.sha256(
            table.game.dump(table.state).encode()).hexdigest()]
    await svc.close()
    emit("done", {"counts": counts, "states": states})


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2]), int(sys.argv[3]),
                     [int(c) for c in sys.argv[4:]]))
