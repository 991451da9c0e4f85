"""Benchmark: does a strong computer thinking at one table hold up the others? (prints
numbers; not a test)

    .venv/bin/python scripts/bench_thinking.py [--strong 2] [--quiet 20] [--rate 20]
                                               [--seconds 20] [--rounds 2]

``--strong`` tables each have one human and a strong computer: the human moves again as
soon as the computer has answered, so those computers think all the time. ``--quiet``
tables have two humans and no computer: their commands arrive at random (a Poisson
process, ``--rate`` per second over all of them), and each one's latency counts from its
arrival to its reply (no pictures: the bot's own work only). The quiet load runs with the
strong tables idle, then with their computers thinking in a thread of the bot process
(``SAILBOT_THINK_WORKERS=0``) and in worker processes (the default), alternating
``--rounds`` times. It prints p50/p99/max of the quiet tables' commands in each phase and
how many strong decisions were made.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_service import mb, memory, pct, play  # noqa: E402 — its helpers, same folder

from bot.pictures.pool import machine_cores  # noqa: E402
from bot.table import TableService  # noqa: E402
from bot.table.thinkers import NICE, ProcessThinkers, Thinkers, ThreadThinkers  # noqa: E402

STRONG, QUIET = 20_000, 30_000      # channel numbers


async def setup(svc: TableService, strong: int, quiet: int) -> None:
    for g in range(strong):
        ch, a = STRONG + g, 2_000_000 + g
        await svc.open_lobby(ch, 1, a, f"Ann{g}", "navegador")
        await svc.add_computer(ch, a, level="strong")
        await svc.start_game(ch, a)
    for g in range(quiet):
        ch, a, b = QUIET + g, 3_000_000 + 2 * g, 3_000_001 + 2 * g
        await svc.open_lobby(ch, 1, a, f"Cat{g}", "navegador")
        await svc.join(ch, b, f"Dan{g}")
        await svc.start_game(ch, a)


async def keep_thinking(svc: TableService, channel: int, stop: asyncio.Event,
                        turns: list[int]) -> None:
    """The strong table's human moves as soon as the computer has answered."""
    rng = random.Random(channel)
    while not stop.is_set() and await play(svc, channel, 1, rng):
        turns[0] += 1


async def quiet_load(svc: TableService, quiet: int, rate: float, seconds: float,
                     seed: int) -> list[float]:
    rng = random.Random(seed)
    locks = [asyncio.Lock() for _ in range(quiet)]
    latencies: list[float] = []

    async def command(game: int, arrival: float, choices: random.Random) -> None:
        async with locks[game]:
            done = await play(svc, QUIET + game, 1, choices)
        if done:
            latencies.append(time.perf_counter() - arrival)

    tasks = []
    started = time.perf_counter()
    at = 0.0
    while True:
        at += rng.expovariate(rate)
        if at > seconds:
            break
        await asyncio.sleep(max(0.0, started + at - time.perf_counter()))
        tasks.append(asyncio.ensure_future(command(rng.randrange(quiet), started + at,
                                                   random.Random(rng.getrandbits(32)))))
    await asyncio.gather(*tasks)
    return latencies


async def phase(svc: TableService, name: str, thinkers: Thinkers | None,
                args: argparse.Namespace, seed: int) -> None:
    stop = asyncio.Event()
    turns = [0]
    strong = []
    if thinkers is not None:
        svc.tables.thinkers = thinkers
        strong = [asyncio.ensure_future(keep_thinking(svc, STRONG + g, stop, turns))
                  for g in range(args.strong)]
        await asyncio.sleep(0.5)            # the computers are thinking
    cpu, wall = time.process_time(), time.perf_counter()
    latencies = await quiet_load(svc, args.quiet, args.rate, args.seconds, seed)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    stop.set()
    await asyncio.gather(*strong)
    print(f"{name:<32} quiet tables: {len(latencies)} commands, p50 "
          f"{statistics.median(latencies) * 1000:6.1f} ms, p99 {pct(latencies, 99) * 1000:6.1f} "
          f"ms, max {max(latencies) * 1000:6.1f} ms; strong tables: {turns[0]} turns; bot "
          f"process CPU {cpu / wall:.0%} of a core", flush=True)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--strong", type=int, default=2, help="tables with a strong computer")
    parser.add_argument("--quiet", type=int, default=20, help="tables of two humans")
    parser.add_argument("--rate", type=float, default=20.0,
                        help="commands/s over the quiet tables (default 20)")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each phase")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--nice", type=int, default=NICE,
                        help=f"the thinking processes' nice below the bot (default {NICE})")
    parser.add_argument("--no-thread", action="store_true",
                        help="skip the phases with thinking in a thread")
    args = parser.parse_args()
    cores = machine_cores()
    print(f"machine: {cores} cores; {args.strong} strong tables, {args.quiet} quiet tables "
          f"at {args.rate:g} commands/s, {args.seconds:g} s a phase; thinking processes at "
          f"nice {args.nice}")
    processes = ProcessThinkers(cores, nice=args.nice)
    await processes.start()
    thread = ThreadThinkers()
    with tempfile.TemporaryDirectory() as folder:
        svc = await TableService.open(Path(folder) / "t.sqlite3", render=False,
                                      seed_source=iter(range(1, 10**6)).__next__)
        try:
            await setup(svc, args.strong, args.quiet)
            await phase(svc, "no computer thinking", None, args, 0)
            for r in range(args.rounds):
                if not args.no_thread:
                    await phase(svc, "strong thinking in a thread", thread, args, 1 + 2 * r)
                await phase(svc, f"strong thinking in {cores} processes", processes, args,
                            2 + 2 * r)
            pids = await processes.pids()
            for pid in pids:
                m = memory(pid)
                print(f"thinking process {pid}: RSS {mb(m['Rss']):.0f} MB, own (USS) "
                      f"{mb(m['Private']):.0f} MB")
        finally:
            await svc.close()
            await processes.close()


if __name__ == "__main__":
    asyncio.run(main())
