"""Moves/s and turn latency, with pictures, for 1, 2 and 3 bot processes on one PostgreSQL,
and for one process on SQLite, side by side (prints numbers; not a test).

    .venv/bin/python scripts/bench_multi.py [--games 24] [--turns 8] [--rounds 2]
                                            [--db postgresql://…]

The same work every time: ``--games`` tables (two humans and a computer each), each
playing ``--turns`` more commands; every command draws the board picture in the process
that committed it, as the Discord adapter does. With several processes the tables are
split between them (as shards split guilds); all processes start together once each has
drawn a first picture (fonts loaded). A move is one logged decision, computers' included;
latency is one command as its player waits for it (load, apply, computers, commit,
picture); CPU is the bot processes' own (the database server's is not in it). Every setup
runs ``--rounds`` times, taking turns with the others, and the rounds are added up.
Without --db it uses the test server (scripts/pg_test_server.sh), on schemas of its own
that it drops at the end. Bounded: it ends by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import asyncpg  # noqa: E402

from bot.table import TableService  # noqa: E402
from rules.navegador.policy import random_turn  # noqa: E402


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


# One process ---------------------------------------------------------------------------

async def worker(where: str, turns: int, channels: list[int]) -> None:
    svc = await TableService.open(where, render=True)
    table = await svc.table(channels[0])
    await svc.board(channels[0])                 # warm up: fonts, the first picture
    del table
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)  # "go"
    latencies: list[float] = []

    async def play(channel: int) -> None:
        rng = random.Random(channel)
        for _ in range(turns):
            table = await svc.table(channel)
            if table.row.status != "active" or table.state is None:
                return
            seat = table.game.waiting_on(table.state)[0]
            user = table.seats[seat].user_id
            text = random_turn(table.game, table.state, seat, rng)
            started = time.perf_counter()
            reply = await svc.move(channel, user, text)
            latencies.append(time.perf_counter() - started)
            assert reply.image, "every command draws its picture"

    started, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(play(c) for c in channels))
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    await svc.close()
    print(json.dumps({"elapsed": elapsed, "cpu": cpu, "latencies": latencies}), flush=True)


# The parent ------------------------------------------------------------------------------

async def setup(where: str, games: int) -> list[int]:
    svc = await TableService.open(where, render=False, seed_source=iter(range(1, 10**6)).__next__)
    channels = []
    for g in range(games):
        ch, a, b = 10_000 + g, 1_000_000 + 2 * g, 1_000_001 + 2 * g
        await svc.open_lobby(ch, 1, a, f"Ann{g}", "navegador")
        await svc.join(ch, b, f"Ben{g}")
        await svc.add_computer(ch, a)
        await svc.start_game(ch, a)
        channels.append(ch)
    await svc.close()
    return channels


async def plies(where: str, channels: list[int]) -> int:
    svc = await TableService.open(where, render=False)
    total = sum([(await svc.table(c)).ply for c in channels])
    await svc.close()
    return total


async def measure(where: str, processes: int, games: int, turns: int) -> dict[str, float]:
    channels = await setup(where, games)
    before = await plies(where, channels)
    parts = [channels[p::processes] for p in range(processes)]
    procs = [subprocess.Popen([sys.executable, __file__, "--worker", where, str(turns),
                               *map(str, part)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
             for part in parts]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    started = time.perf_counter()
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    results = []
    for proc in procs:
        out, _ = proc.communicate(timeout=900)
        results.append(json.loads(out.strip().splitlines()[-1]))
    wall = time.perf_counter() - started
    latencies = [x for r in results for x in r["latencies"]]
    moves = await plies(where, channels) - before
    return {"commands": len(latencies), "moves": moves, "wall": wall,
            "cpu": sum(r["cpu"] for r in results), "latencies": latencies}


def load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=2,
                        help="runs of every setup, taking turns (the machine's load drifts)")
    parser.add_argument("--db", help="a PostgreSQL server URL (default: the test server)")
    args = parser.parse_args()
    if args.db:
        server = args.db
    else:
        from databases import pg_server
        server, why = pg_server()
        if server is None:
            print(why, file=sys.stderr)
            return 2
    from databases import with_schema

    print(f"{args.games} tables × {args.turns} commands, a picture per command, "
          f"{args.rounds} round(s) taking turns; machine load before: {load()}")
    setups = [("SQLite (WAL, synchronous=FULL)", 1), ("PostgreSQL", 1), ("PostgreSQL", 2),
              ("PostgreSQL", 3)]
    runs: dict[tuple[str, int], list[dict]] = {k: [] for k in setups}
    schemas = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            for r in range(args.rounds):       # interleaved, so a change of load hits all
                for name, processes in setups:
                    tag = f"{os.getpid()}_{r}_{processes}"
                    if name.startswith("SQLite"):
                        where = str(Path(folder) / f"bench-{tag}.sqlite3")
                    else:
                        schemas.append(f"bench_multi_{tag}")
                        where = with_schema(server, schemas[-1])
                    runs[(name, processes)].append(
                        await measure(where, processes, args.games, args.turns))
    finally:
        con = await asyncpg.connect(server)
        for schema in schemas:
            await con.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await con.close()
    print(f"{'database':31} {'procs':>5} {'commands':>8} {'moves':>6} {'moves/s':>8} "
          f"{'cmds/s':>7} {'p50 ms':>7} {'p99 ms':>7} {'CPU ms/cmd':>10}")
    for (name, processes), results in runs.items():
        commands = sum(x["commands"] for x in results)
        moves = sum(x["moves"] for x in results)
        wall = sum(x["wall"] for x in results)
        latencies = [v for x in results for v in x["latencies"]]
        cpu = sum(x["cpu"] for x in results)
        print(f"{name:31} {processes:>5} {commands:>8} {moves:>6} {moves / wall:>8.1f} "
              f"{commands / wall:>7.1f} {pct(latencies, 50) * 1000:>7.0f} "
              f"{pct(latencies, 99) * 1000:>7.0f} {cpu / commands * 1000:>10.1f}")
    print(f"machine load after: {load()}")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        asyncio.run(worker(sys.argv[2], int(sys.argv[3]), [int(c) for c in sys.argv[4:]]))
    else:
        raise SystemExit(asyncio.run(main()))
