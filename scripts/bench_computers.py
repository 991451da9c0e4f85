"""Benchmark computer seats at the table: does a thinking computer hold up other tables?

    .venv/bin/python scripts/bench_computers.py [--level strong] [--turns 6] [--think 1]

One table where a human plays against computers of ``--level`` (each decision up to
``--think`` seconds of one core), while a heartbeat on the event loop ticks every 10 ms
and a second table's player keeps moving (a quick command every 50 ms). Prints how long
each of the human's commands took (the computers' replies included), the heartbeat's worst
lateness and the other table's worst command time, with the machine's load.

Bounded: it ends by itself; the database lives in a temporary folder.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.table import TableError, TableService  # noqa: E402
from rules.navegador.policy import random_turn  # noqa: E402

HUMAN, OTHER_A, OTHER_B = 1, 2, 3


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="strong", choices=["easy", "normal", "strong"])
    parser.add_argument("--computers", type=int, default=1)
    parser.add_argument("--turns", type=int, default=6, help="the human's commands")
    parser.add_argument("--think", type=float, default=1.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        svc = await TableService.open(Path(tmp) / "bench.sqlite3", render=False,
                                      seed_source=lambda: 12345, think=args.think)
        try:
            await svc.open_lobby(1, None, HUMAN, "Ann", "navegador")
            for _ in range(args.computers):
                await svc.add_computer(1, HUMAN, level=args.level)
            await svc.open_lobby(2, None, OTHER_A, "Bea", "navegador")
            await svc.join(2, OTHER_B, "Cid")
            await svc.start_game(2, OTHER_A)
            late: list[float] = []
            other: list[float] = []
            stop = asyncio.Event()

            async def heartbeat() -> None:
                while not stop.is_set():
                    due = time.perf_counter() + 0.01
                    await asyncio.sleep(0.01)
                    late.append(time.perf_counter() - due)

            async def other_table() -> None:
                rng = random.Random(2)
                while not stop.is_set():
                    table = await svc.table(2)
                    if table.row.status != "active":
                        return
                    seat = table.game.waiting_on(table.state)[0]
                    started = time.perf_counter()
                    await svc.move(2, table.seats[seat].user_id,
                                   random_turn(table.game, table.state, seat, rng))
                    other.append(time.perf_counter() - started)
                    await asyncio.sleep(0.05)

            beat = asyncio.create_task(heartbeat())
            elsewhere = asyncio.create_task(other_table())
            rng = random.Random(1)
            waits: list[float] = []
            started = time.perf_counter()
            await svc.start_game(1, HUMAN)
            waits.append(time.perf_counter() - started)
            for _ in range(args.turns):
                table = await svc.table(1)
                if table.row.status != "active":
                    break
                seat = table.game.waiting_on(table.state)[0]
                started = time.perf_counter()
                try:
                    await svc.move(1, HUMAN, random_turn(table.game, table.state, seat, rng))
                except TableError:
                    continue
                waits.append(time.perf_counter() - started)
            stop.set()
            await beat
            await elsewhere
        finally:
            await svc.close()
    print(f"{args.level} computers x{args.computers}, think {args.think:g} s, "
          f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"the human's commands (computers answering): mean {statistics.mean(waits):.2f} s, "
          f"max {max(waits):.2f} s over {len(waits)}")
    print(f"heartbeat every 10 ms: worst lateness {1000 * max(late):.0f} ms, "
          f"p99 {1000 * sorted(late)[int(0.99 * (len(late) - 1))]:.0f} ms "
          f"over {len(late)} beats")
    if other:
        print(f"another table meanwhile: {len(other)} commands, worst "
              f"{1000 * max(other):.0f} ms, median {1000 * statistics.median(other):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
