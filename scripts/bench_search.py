"""Benchmark a game's computers on fixed positions (prints numbers; not a test).

    .venv/bin/python scripts/bench_search.py GAME [--level strong] [--every 4]
                                                  [--budget 1500] [--games 3]

The positions: every third ply of seat 0 in ``--games`` two-player games between two
``normal`` computers (deals 500, 501, …), so they are the same on every machine. It
prints the CPU time of one decision of ``--level`` on every ``--every``-th position, at a
fixed budget of simulated moves (``--budget``; the bot's is think × ``sim_rate``), and two
digests: of the decisions, and of ``evaluate`` for both seats over every position. A
speed-up that leaves both digests unchanged decides exactly as before.

CPU time on a shared virtual machine swings by a third within minutes; for a steady
count, run it under ``valgrind --tool=cachegrind --cache-sim=no`` (instructions, ~50×
slower: use ``--every 8 --budget 800``) and subtract a run with ``--every 0`` (loading and
the evaluate digest only).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import game_names, get_game  # noqa: E402
from rules.policy import computer  # noqa: E402


def positions(game: Any, games: int) -> list[Any]:
    out = []
    for g in range(games):
        state = game.setup(2, 500 + g)
        normal = computer(game, "normal")
        for ply in range(3000):
            if game.result(state) is not None:
                break
            seat = game.to_act(state)[0]
            if seat == 0 and ply % 3 == 0:
                out.append(state)
            move = normal.choose(game, state, seat, random.Random(f"{g}:{ply}"))
            state, _ = game.apply(state, seat, move)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=game_names())
    parser.add_argument("--level", default="strong", choices=("easy", "normal", "strong"))
    parser.add_argument("--every", type=int, default=4,
                        help="decide on every N-th position (0: none, only the digests)")
    parser.add_argument("--budget", type=int, default=1500,
                        help="simulated moves per decision (default 1500)")
    parser.add_argument("--games", type=int, default=3, help="games the positions come from")
    args = parser.parse_args()
    game = get_game(args.game)
    started = time.process_time()
    states = positions(game, args.games)
    h = hashlib.sha256()
    for state in states:
        for seat in range(2):
            h.update(repr(game.evaluate(state, seat)).encode())
    print(f"{len(states)} positions ({time.process_time() - started:.1f} s CPU to play "
          f"them); evaluate digest {h.hexdigest()[:12]}")
    if args.every <= 0:
        return
    player = computer(game, args.level, budget=args.budget)
    h = hashlib.sha256()
    chosen = states[::args.every]
    started = time.process_time()
    for i, state in enumerate(chosen):
        move = player.choose(game, state, game.to_act(state)[0], random.Random(i))
        h.update(str(move).encode())
    took = time.process_time() - started
    print(f"{len(chosen)} {args.level} decisions at a budget of {args.budget} moves: "
          f"{took / len(chosen) * 1000:.1f} ms CPU each; digest {h.hexdigest()[:12]}")


if __name__ == "__main__":
    main()
