"""Three bot processes on one PostgreSQL, racing for the same tables and reminders for 60 s
(the long version of tests/test_processes.py), and the checks afterwards: acknowledged
moves lost, applied twice, duplicate DMs, states unlike their replay — all must be 0.

    .venv/bin/python scripts/bench_race.py [--seconds 60] [--processes 3] [--tables 6]
                                           [--db postgresql://…]

Without --db it starts the test server (scripts/pg_test_server.sh) and uses a schema of
its own there, dropped at the end. Bounded: it ends by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import asyncpg  # noqa: E402
from databases import pg_server, with_schema  # noqa: E402
from process_race import run  # noqa: E402


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--processes", type=int, default=3)
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--db", help="a PostgreSQL URL or a SQLite path (default: the test "
                                     "server, on a schema of its own)")
    args = parser.parse_args()
    schema = f"bench_race_{os.getpid()}"
    if args.db:
        url = args.db
    else:
        server, why = pg_server()
        if server is None:
            print(why, file=sys.stderr)
            return 2
        url = with_schema(server, schema)
    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    print(f"machine load before: {load}")
    try:
        outcome = await run(url, args.seconds, tables=args.tables, processes=args.processes)
    finally:
        if not args.db:
            con = await asyncpg.connect(server)
            await con.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
            await con.close()
    print(outcome.summary())
    for problem in (outcome.lost + outcome.twice + outcome.unacknowledged
                    + outcome.duplicate_dms + outcome.state_mismatches + outcome.errors)[:20]:
        print("  •", problem)
    after = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    print(f"machine load after: {after}")
    return 0 if outcome.clean else 1


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
