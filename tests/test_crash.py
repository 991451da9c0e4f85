"""Crash safety, on SQLite and on PostgreSQL: a process applying moves through the service
is killed with SIGKILL in the middle of a stream of moves, three times over. After each
restart every move it acknowledged is in the store, the log is whole, and the loaded state
equals a replay of the log from the seed."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

from bot_support import (
    make_service,
)
from databases import Databases

from rules import get_game

ROOT = Path(__file__).resolve().parents[1]
CHANNEL = 1

CHILD = """
import asyncio, random, sys
sys.path[:0] = [{root!r}, {tests!r}]
from bot.table.replies import TableError
from bot.table import TableService
from bot_support import random_turn

async def main(path, run):
    svc = await TableService.open(path, render=False, seed_source=lambda: 4242)
    try:
        await svc.table(1)
    except TableError:
        await svc.open_lobby(1, None, 1, "Ann", "navegador")
        await svc.join(1, 2, "Ben")
        await svc.add_computer(1, 1)
        await svc.start_game(1, 1)
    rng = random.Random(run)
    while True:
        table = await svc.table(1)
        if table.row.status != "active":
            print("OVER", flush=True)
            return
        seat = table.game.waiting_on(table.state)[0]
        text = random_turn(table.game, table.state, seat, rng)
        await svc.move(1, table.seats[seat].user_id, text)
        print("ACK", (await svc.table(1)).ply, flush=True)

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


def run_and_kill(path: Path | str, run: int, acks_before_kill: int) -> tuple[int, bool]:
    """Start the child, read acknowledgements, SIGKILL it. Returns (last ply acked, over)."""
    code = CHILD.format(root=str(ROOT), tests=str(ROOT / "tests"))
    proc = subprocess.Popen([sys.executable, "-c", code, str(path), str(run)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    last, over, seen = 0, False, 0
    watchdog = threading.Timer(120, proc.kill)    # a stuck child fails the test, not CI
    watchdog.start()
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("OVER"):
                over = True
                break
            assert line.startswith("ACK "), line
            last = int(line.split()[1])
            seen += 1
            if seen >= acks_before_kill:
                time.sleep(random.Random(run).uniform(0, 0.01))   # land mid-move
                break
    finally:
        watchdog.cancel()
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    if not seen and not over:
        raise AssertionError(f"the child acknowledged nothing: {proc.stderr.read()}")
    return last, over


async def test_kill_mid_stream_loses_no_acknowledged_move(db: Databases):
    path = db / "crash.sqlite3"
    g = get_game("navegador")
    acked = 0
    for run, count in enumerate((12, 25, 18)):
        last, over = run_and_kill(path, run, count)
        assert last >= acked                 # each run goes on from where the last stopped
        acked = last
        if not db.postgres:
            with sqlite3.connect(path) as con:
                assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        svc = await make_service(path)
        table = await svc.table(CHANNEL)
        moves = await svc.store.moves(table.row.id)
        plies = [m.ply for m in moves]
        assert plies == list(range(1, len(plies) + 1))       # whole, nothing duplicated
        assert len(moves) >= acked, f"acknowledged ply {acked}, stored {len(moves)}"
        replayed = g.replay(table.row.players, table.row.seed,
                            [(m.seat, m.notation) for m in moves])
        assert g.dump(table.state) == g.dump(replayed)
        print(f"run {run}: killed after ply {last} was acknowledged; {len(moves)} stored")
        await svc.close()
        if over:
            break
    assert acked > 30
