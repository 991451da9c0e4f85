"""``python -m render navegador --demo DIR [--seed S] [--players N]``: write the board
pictures of one seeded game (start, phase II, phase III, final scoring) and print their paths.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from render import render_board
from render.demo import MOMENTS, demo_moments

DEMO_NAMES = ["Ana", "Bruno", "Carla", "Duarte", "Eva"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__)
    parser.add_argument("game", choices=["navegador"])
    parser.add_argument("--demo", metavar="DIR", type=Path, required=True,
                        help="directory to write the pictures to")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=5, choices=range(2, 6))
    args = parser.parse_args(argv)
    args.demo.mkdir(parents=True, exist_ok=True)
    views = demo_moments(args.players, args.seed)
    names = DEMO_NAMES[: args.players]
    for moment in MOMENTS:
        view = views.get(moment)
        if view is None:
            print(f"{moment}: not reached in this game (try another --seed)", file=sys.stderr)
            continue
        started = time.perf_counter()
        png = render_board(view, names)
        ms = (time.perf_counter() - started) * 1000
        path = args.demo / f"{args.game}-{args.players}p-seed{args.seed}-{moment}.png"
        path.write_bytes(png)
        print(f"{path}  (turn {view.turn}, {len(png) // 1024} KB, {ms:.0f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
