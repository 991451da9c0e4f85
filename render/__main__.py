"""``python -m render <game> --demo DIR [--seed S] [--players N] [--names A,B,..]``: write
the board pictures of one seeded game (its start, middle, late game and final position, or
the game's own moments) and print their paths. Seat 1 plays the human: each picture shows
every turn since their last decision, as the bot does.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from render import render_board
from render.demo import demo_scenes
from rules import game_names, get_game

DEMO_NAMES = ["Ana", "Bruno", "Carla", "Duarte", "Eva"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__)
    parser.add_argument("game", choices=game_names())
    parser.add_argument("--demo", metavar="DIR", type=Path, required=True,
                        help="directory to write the pictures to")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=0,
                        help="number of players (default: the most the game allows)")
    parser.add_argument("--names", help="comma-separated player names (default: Ana, ...)")
    parser.add_argument("--tag", default="", help="added to the file names")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    players = args.players or game.max_players
    if not game.min_players <= players <= game.max_players:
        parser.error(f"{game.title} takes {game.min_players}-{game.max_players} players")
    args.demo.mkdir(parents=True, exist_ok=True)
    moments, scenes = demo_scenes(game.name, players, args.seed)
    names = (args.names.split(",") if args.names else DEMO_NAMES)[:players]
    for moment in moments:
        scene = scenes.get(moment)
        if scene is None:
            print(f"{moment}: not reached in this game (try another --seed)", file=sys.stderr)
            continue
        view, since = scene
        started = time.perf_counter()
        png = render_board(view, names, since=since)
        ms = (time.perf_counter() - started) * 1000
        tag = f"-{args.tag}" if args.tag else ""
        path = args.demo / f"{game.name}-{players}p-seed{args.seed}{tag}-{moment}.png"
        path.write_bytes(png)
        print(f"{path}  ({len(png) // 1024} KB, {ms:.0f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
