"""``python -m render navegador --demo DIR [--seed S] [--players N] [--names A,B,..]``: write
the board pictures of one seeded game (start, phase II, phase III, final scoring) and print
their paths. Seat 1 plays the human: each picture shows every turn since their last
decision, as the bot does.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from render import render_board
from render.demo import MOMENTS, demo_scenes

DEMO_NAMES = ["Ana", "Bruno", "Carla", "Duarte", "Eva"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__)
    parser.add_argument("game", choices=["navegador"])
    parser.add_argument("--demo", metavar="DIR", type=Path, required=True,
                        help="directory to write the pictures to")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=5, choices=range(2, 6))
    parser.add_argument("--names", help="comma-separated player names (default: Ana, ...)")
    parser.add_argument("--tag", default="", help="added to the file names")
    args = parser.parse_args(argv)
    args.demo.mkdir(parents=True, exist_ok=True)
    scenes = demo_scenes(args.players, args.seed)
    names = (args.names.split(",") if args.names else DEMO_NAMES)[: args.players]
    for moment in MOMENTS:
        scene = scenes.get(moment)
        if scene is None:
            print(f"{moment}: not reached in this game (try another --seed)", file=sys.stderr)
            continue
        view, since = scene
        started = time.perf_counter()
        png = render_board(view, names, since=since)
        ms = (time.perf_counter() - started) * 1000
        tag = f"-{args.tag}" if args.tag else ""
        path = args.demo / f"{args.game}-{args.players}p-seed{args.seed}{tag}-{moment}.png"
        path.write_bytes(png)
        print(f"{path}  (turn {view.turn}, {len(png) // 1024} KB, {ms:.0f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
