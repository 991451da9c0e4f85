"""Command line for the rules engines.

    python -m rules <game> random --games 100 --players 3 --seed 1729
    python -m rules <game> replay FILE     (a JSON log written by `random --save`)
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path

from rules.fuzz import POLICIES, play_random
from rules.registry import game_names, get_game


def _invariants(name: str):
    """A game's invariant checker: ``rules/<game>/invariants.py`` with ``check(state)``."""
    try:
        module = importlib.import_module(f"rules.{name}.invariants")
    except ModuleNotFoundError as exc:
        if exc.name != f"rules.{name}.invariants":
            raise
        return None
    return getattr(module, "check", None)


def cmd_random(args: argparse.Namespace) -> int:
    if args.game == "all":
        # every game, every player count, both policies: what CI runs
        for name in game_names():
            game = get_game(name)
            counts = set(range(game.min_players, game.max_players + 1))
            for variant in game.texts.variants:      # a variant may allow other counts
                if variant.players:
                    counts |= set(range(variant.players[0], variant.players[1] + 1))
            for n in sorted(counts):
                for policy in POLICIES:
                    one = argparse.Namespace(**{**vars(args), "game": name, "players": n,
                                                "policy": policy, "seed": args.seed + n})
                    if cmd_random(one):
                        return 1
        return 0
    game = get_game(args.game)
    check = _invariants(game.name)
    every = list(range(game.min_players, game.max_players + 1))
    players = [args.players] if args.players else every
    started = time.perf_counter()
    done = moves = 0
    for i in range(args.games):
        n = players[i % len(players)]
        seed = args.seed + i
        try:
            played = play_random(game, n, seed, check, args.policy)
        except Exception as exc:  # report which game broke, then fail
            print(f"FAILED game {i + 1} (players={n}, seed={seed}): {type(exc).__name__}: {exc}",
                  file=sys.stderr)
            return 1
        done += 1
        moves += played.steps
        if args.save:
            out = Path(args.save)
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{game.name}-p{n}-s{seed}.json").write_text(json.dumps({
                "game": game.name, "players": n, "seed": seed, "moves": played.log,
            }, ensure_ascii=False, indent=0))
        if args.verbose:
            result = game.result(played.final)
            print(f"game {i + 1}: players={n} seed={seed} moves={played.steps} "
                  f"scores={result.scores if result else None}")
    elapsed = time.perf_counter() - started
    print(f"{done} {game.name} games ({args.policy}), {moves} moves, {elapsed:.2f} s: "
          f"{done / elapsed:.2f} games/s, {moves / elapsed:.0f} moves/s — all invariants held")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    record = json.loads(Path(args.file).read_text())
    moves = [(int(seat), str(text)) for seat, text in record["moves"]]
    try:
        state = game.replay(int(record["players"]), int(record["seed"]), moves,
                            record.get("options"))
    except ValueError as exc:
        print(f"replay failed: {exc}", file=sys.stderr)
        return 1
    print(game.summary(state))
    result = game.result(state)
    if result:
        for rank, seat in enumerate(result.ranking, 1):
            parts = ", ".join(f"{k} {v}" for k, v in result.breakdown[seat].items() if k != "total")
            print(f"{rank}. seat {seat + 1}: {result.scores[seat]} VP ({parts})")
        if result.tie_break:
            print(result.tie_break)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=[*game_names(), "all"],
                        help="a game, or `all` (random: every game, player count and policy)")
    sub = parser.add_subparsers(dest="command", required=True)
    rnd = sub.add_parser("random", help="play complete random games, checking invariants")
    rnd.add_argument("--games", type=int, default=10)
    rnd.add_argument("--players", type=int, default=0, help="0 = cycle through every count")
    rnd.add_argument("--seed", type=int, default=1)
    rnd.add_argument("--policy", choices=POLICIES, default="uniform",
                     help="uniform: every legal move equally likely (default); explorer: "
                          "weighted by the game (Game.weight) so games reach every phase")
    rnd.add_argument("--save", help="folder to write each game's move log to (JSON)")
    rnd.add_argument("-v", "--verbose", action="store_true")
    rep = sub.add_parser("replay", help="replay a saved move log and print the result")
    rep.add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "replay" and args.game == "all":
        parser.error("replay needs one game")
    return cmd_random(args) if args.command == "random" else cmd_replay(args)


if __name__ == "__main__":
    sys.exit(main())
