"""Time ``python -m bot migrate`` on a 1,000-game SQLite database (prints numbers; not a test).

    .venv/bin/python scripts/bench_migrate.py [--games 1000] [--file var/bench-1000.sqlite3]
                                              [--db postgresql://…]

Builds the SQLite file through the table service (games in every state: lobbies, games
under way past snapshots, abandon votes, abandoned games, resigned seats, preferences,
reminders — tests/game_fill.py), unless --file names one that exists; then migrates it
to PostgreSQL (the test server, on a schema of its own dropped at the end, unless --db)
exactly as the command does: copy, counts, row hashes, every game replayed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import asyncpg  # noqa: E402
from databases import pg_server, with_schema  # noqa: E402
from game_fill import fill  # noqa: E402

from bot.migrate import migrate  # noqa: E402
from bot.store.migrations import TABLES  # noqa: E402
from bot.table import TableService  # noqa: E402


async def build(path: Path, games: int) -> None:
    svc = await TableService.open(path, render=False, seed_source=iter(range(1, 10**7)).__next__)
    started = time.perf_counter()
    step = 100
    for first in range(0, games, step):
        await fill(svc, min(step, games - first), seed=first, max_turns=40,
                   first_channel=1 + first)
        print(f"  built {min(first + step, games)} games "
              f"({time.perf_counter() - started:.0f} s)", flush=True)
    await svc.close()


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--file", default=str(ROOT / "var" / "bench-1000.sqlite3"))
    parser.add_argument("--db", help="an empty PostgreSQL database (default: the test server)")
    args = parser.parse_args()
    path = Path(args.file)
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        print(f"building {args.games} games in {path} …")
        await build(path, args.games)
    with sqlite3.connect(path) as db:
        counts = {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}
    print(f"{path}: {path.stat().st_size / 1e6:.1f} MB; "
          + ", ".join(f"{t} {n:,}" for t, n in counts.items()))
    schema = f"bench_migrate_{os.getpid()}"
    if args.db:
        url = args.db
    else:
        server, why = pg_server()
        if server is None:
            print(why, file=sys.stderr)
            return 2
        url = with_schema(server, schema)
    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    print(f"machine load: {load}")
    started = time.perf_counter()
    try:
        status = await migrate(path, url)
        elapsed = time.perf_counter() - started
    finally:
        if not args.db:
            con = await asyncpg.connect(server)
            await con.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
            await con.close()
    print(f"migration of {counts['games']:,} games ({counts['moves']:,} moves): "
          f"{elapsed:.1f} s, exit status {status}")
    return status


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
