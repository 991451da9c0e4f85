"""What the store's transactions cost (prints numbers; not a test).

    .venv/bin/python scripts/bench_store.py [--moves 2000]

The SQLite store runs each transaction as one plain sqlite3 function in its own thread (one
hop from the event loop). For reference it times a bare transaction of the same statements
run the same way, without the store's methods around it. Both on a real file with WAL and
synchronous=FULL, like the bot. (Through aiosqlite's public API, as the store did until
December 2026, every statement was a hop: 0.48 ms of CPU per transaction against 0.21.)
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.store import MoveRow, SeatRow, SqliteStore  # noqa: E402


def ms(samples: list[float]) -> str:
    samples = sorted(samples)
    p99 = samples[min(len(samples) - 1, int(0.99 * len(samples)))]
    return f"p50 {statistics.median(samples):5.2f} ms  p99 {p99:5.2f} ms"


async def store_path(folder: Path, moves: int) -> list[float]:
    store = await SqliteStore.open(folder / "public.sqlite3")
    game = await store.create_lobby(1, None, "navegador", SeatRow(0, 1, "Ann", "blue"), 0.0)
    await store.update_game(game, 0.0, status="active", seed=1, players=2)
    game = await store.game(game.id)
    out = []
    for ply in range(1, moves + 1):
        started = time.perf_counter()
        await store.append_moves(game, [MoveRow(ply, 0, 1, "workers 1", summary="x")], 0.0,
                                 waiting=[2], mover=1)
        out.append((time.perf_counter() - started) * 1000)
        game = await store.game(game.id)
    await store.close()
    return out


def one_hop_transaction(conn: sqlite3.Connection, game_id: int, version: int, ply: int) -> None:
    conn.execute("BEGIN IMMEDIATE")
    cur = conn.execute("UPDATE games SET version = version + 1, updated = ? WHERE id = ? AND "
                       "version = ?", (0.0, game_id, version))
    assert cur.rowcount == 1
    conn.execute("INSERT INTO moves (game_id, ply, seat, user_id, notation, reveals, summary, "
                 "created, public) VALUES (?, ?, 0, 1, 'workers 1', 0, 'x', 0, '')",
                 (game_id, ply))
    conn.execute("DELETE FROM reminders WHERE game_id = ? AND user_id NOT IN (?)", (game_id, 2))
    conn.execute("INSERT OR IGNORE INTO reminders (user_id, game_id, due, kind, created) "
                 "VALUES (2, ?, 0, 'first', 0)", (game_id,))
    conn.execute("COMMIT")


async def one_hop(folder: Path, moves: int) -> list[float]:
    path = folder / "onehop.sqlite3"
    store = await SqliteStore.open(path)          # the same schema
    game = await store.create_lobby(1, None, "navegador", SeatRow(0, 1, "Ann", "blue"), 0.0)
    await store.close()
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
        conn.execute(f"PRAGMA {pragma}")
    out = []
    for ply in range(1, moves + 1):
        started = time.perf_counter()
        await asyncio.to_thread(one_hop_transaction, conn, game.id, ply - 1, ply)
        out.append((time.perf_counter() - started) * 1000)
    conn.close()
    return out


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        public = await store_path(folder, args.moves)
        single = await one_hop(folder, args.moves)
    print(f"append_moves, {args.moves} transactions each (WAL, synchronous=FULL):")
    print(f"  the store's append_moves        : {ms(public)}  "
          f"({1000 / statistics.mean(public):6.0f} writes/s)")
    print(f"  a bare transaction (ref.)       : {ms(single)}  "
          f"({1000 / statistics.mean(single):6.0f} writes/s)")
    print(f"store transaction cost: {statistics.median(public) / statistics.median(single):.2f}x"
          " the bare reference (median)")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
