"""Benchmark the table service: many concurrent games on one SQLite file.

    .venv/bin/python scripts/bench_service.py [--games 100] [--turns 30] [--render-turns 8]
                                              [--paced-turns 3] [--rate 40]

1. Throughput without pictures: every game plays ``--turns`` commands (two humans typing
   random whole turns, one computer seat answering), all games at once. Prints commands/s
   and moves/s (a move = one logged decision, computers' included).
2. Latency with pictures: ``--render-turns`` more commands per game, all games at once,
   rendering every board in worker threads. Prints p50/p99 of one command as the player
   waits for it (load, apply, computers, commit, render).
   Then ``--paced-turns`` commands per game arriving at random (``--rate`` commands/s over
   all games): the latency a player sees under a steady load rather than a stampede.
3. Autocomplete latency (``suggestions``) at turn starts.

Bounded: it ends by itself; the database lives in a temporary folder unless --db is given.
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.table import TableService  # noqa: E402
from render.registry import renderer_for
from rules.navegador.policy import random_turn  # noqa: E402


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def setup_games(svc: TableService, games: int) -> None:
    for g in range(games):
        ch, a, b = 10_000 + g, 1_000_000 + 2 * g, 1_000_001 + 2 * g
        await svc.open_lobby(ch, 1, a, f"Ann{g}", "navegador")
        await svc.join(ch, b, f"Ben{g}")
        await svc.add_computer(ch, a)
        await svc.start_game(ch, a)


THINKING: list[float] = []   # seconds the simulated players spent choosing their turns


async def play(svc: TableService, channel: int, turns: int, rng: random.Random,
               latencies: list[float] | None = None) -> int:
    done = 0
    for _ in range(turns):
        table = await svc.table(channel)
        if table.row.status != "active" or table.state is None:
            break
        seat = table.game.waiting_on(table.state)[0]
        user = table.seats[seat].user_id
        started = time.perf_counter()
        text = random_turn(table.game, table.state, seat, rng)
        THINKING.append(time.perf_counter() - started)
        started = time.perf_counter()
        await svc.move(channel, user, text)
        if latencies is not None:
            latencies.append(time.perf_counter() - started)
        done += 1
    return done


async def paced(svc: TableService, channel: int, turns: int, rng: random.Random,
                mean_gap: float, latencies: list[float]) -> int:
    """Like ``play`` but waiting a random (exponential) time before each command: an
    open-loop load, closer to people moving whenever they have a minute."""
    done = 0
    for _ in range(turns):
        await asyncio.sleep(min(rng.expovariate(1 / mean_gap), 3 * mean_gap))
        done += await play(svc, channel, 1, rng, latencies)
    return done


async def plies(svc: TableService, games: int) -> int:
    total = 0
    for g in range(games):
        table = await svc.table(10_000 + g)
        total += table.ply
    return total


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--render-turns", type=int, default=8)
    parser.add_argument("--paced-turns", type=int, default=3)
    parser.add_argument("--rate", type=float, default=40.0,
                        help="commands/s over all games for the paced (open-loop) run")
    parser.add_argument("--db", help="SQLite file (default: a temporary one)")
    args = parser.parse_args()
    folder = tempfile.TemporaryDirectory()
    path = Path(args.db) if args.db else Path(folder.name) / "bench.sqlite3"
    svc = await TableService.open(path, render=False, seed_source=iter(range(1, 10**6)).__next__)
    print(f"{args.games} concurrent games (2 humans + 1 computer each), SQLite WAL at {path}")

    started = time.perf_counter()
    await setup_games(svc, args.games)
    print(f"setup: {args.games} lobbies opened, joined and started in "
          f"{time.perf_counter() - started:.2f} s")

    before = await plies(svc, args.games)
    started = time.perf_counter()
    counts = await asyncio.gather(*(play(svc, 10_000 + g, args.turns, random.Random(g))
                                    for g in range(args.games)))
    elapsed = time.perf_counter() - started
    moves = await plies(svc, args.games) - before
    service = elapsed - sum(THINKING)
    print(f"without rendering: {sum(counts)} commands, {moves} moves in {elapsed:.2f} s, of "
          f"which {sum(THINKING):.2f} s the simulated players choosing their turns")
    print(f"  through the service: {sum(counts) / service:.0f} commands/s, "
          f"{moves / service:.0f} moves/s (wall clock incl. players: "
          f"{moves / elapsed:.0f} moves/s)")

    timings: list[float] = []
    for g in range(args.games):
        table = await svc.table(10_000 + g)
        if table.state is None or not table.game.to_act(table.state):
            continue
        seat = table.game.waiting_on(table.state)[0]
        user = table.seats[seat].user_id or 0
        for verb in ("hire", None, "sail", "build"):
            t0 = time.perf_counter()
            await svc.suggestions(10_000 + g, user, verb, "")
            timings.append(time.perf_counter() - t0)
    print(f"autocomplete: {len(timings)} calls, p50 {pct(timings, 50) * 1000:.1f} ms, "
          f"p99 {pct(timings, 99) * 1000:.1f} ms")

    if renderer_for("navegador") is None:
        print("with rendering: skipped (render package not available)")
    else:
        svc.render = True
        await play(svc, 10_000, 1, random.Random(0))      # warm up (fonts, first draw)
        latencies: list[float] = []
        started = time.perf_counter()
        counts = await asyncio.gather(*(
            play(svc, 10_000 + g, args.render_turns, random.Random(1000 + g), latencies)
            for g in range(args.games)))
        elapsed = time.perf_counter() - started
        print(f"with rendering, all {args.games} games moving flat out (closed loop): "
              f"{sum(counts)} commands in {elapsed:.2f} s ({sum(counts) / elapsed:.0f} "
              f"commands/s); turn latency p50 {pct(latencies, 50) * 1000:.0f} ms, "
              f"p99 {pct(latencies, 99) * 1000:.0f} ms, "
              f"mean {statistics.mean(latencies or [0]) * 1000:.0f} ms")
        latencies = []
        gap = args.games / args.rate
        started = time.perf_counter()
        counts = await asyncio.gather(*(
            paced(svc, 10_000 + g, args.paced_turns, random.Random(2000 + g), gap, latencies)
            for g in range(args.games)))
        elapsed = time.perf_counter() - started
        print(f"with rendering, {args.games} games paced at ~{args.rate:.0f} commands/s in "
              f"all (open loop): {sum(counts)} commands in {elapsed:.2f} s; turn latency p50 "
              f"{pct(latencies, 50) * 1000:.0f} ms, p99 {pct(latencies, 99) * 1000:.0f} ms")
        single: list[float] = []
        for g in range(min(args.games, 20)):
            await play(svc, 10_000 + g, 1, random.Random(g), single)
        print(f"one table alone (no contention): p50 {pct(single, 50) * 1000:.0f} ms, "
              f"p99 {pct(single, 99) * 1000:.0f} ms")
    await svc.close()
    folder.cleanup()


if __name__ == "__main__":
    asyncio.run(main())
