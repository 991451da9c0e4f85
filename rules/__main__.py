"""Command line for the rules engines.

    python -m rules <game> random --games 100 --players 3 --seed 1729 [--variant KEY]
    python -m rules <game> replay FILE     (a JSON log written by `random --save`)
    python -m rules <game> arena --players 3 --seats strong,normal,easy --games N --seed S
                                  [--think SECONDS] [--budget MOVES] [--jobs J]
                                  [--variant KEY]
"""

from __future__ import annotations

import argparse
import importlib
import json
import signal
import sys
import time
from pathlib import Path
from typing import Any

from rules.contract import Game
from rules.errors import RulesError
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


class UnknownVariant(Exception):
    """--variant names no variant of the game (the command exits 2, in the game's words)."""


def variant_options(game: Game, key: str | None) -> dict[str, Any] | None:
    """The setup options of the game's variant ``key``; None: the default rules."""
    if not key:
        return None
    try:
        return game.options_for(key)
    except RulesError as exc:
        raise UnknownVariant(str(exc)) from None


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
                                                "policy": policy, "seed": args.seed + n,
                                                "variant": None})
                    if cmd_random(one):
                        return 1
            # and every variant (its rules switched on), over its player counts
            for variant in game.texts.variants:
                for policy in POLICIES:
                    one = argparse.Namespace(**{**vars(args), "game": name, "players": 0,
                                                "policy": policy, "variant": variant.key})
                    if cmd_random(one):
                        return 1
        return 0
    game = get_game(args.game)
    check = _invariants(game.name)
    options = variant_options(game, args.variant)
    low, high = game.player_range(options)
    every = list(range(low, high + 1))
    players = [args.players] if args.players else every
    variant = f", variant {args.variant}" if args.variant else ""
    started = time.perf_counter()
    done = moves = 0
    for i in range(args.games):
        n = players[i % len(players)]
        seed = args.seed + i
        try:
            played = play_random(game, n, seed, check, args.policy, options)
        except Exception as exc:  # report which game broke, then fail
            print(f"FAILED game {i + 1} (players={n}, seed={seed}{variant}): "
                  f"{type(exc).__name__}: {exc}", file=sys.stderr)
            return 1
        done += 1
        moves += played.steps
        if args.save:
            out = Path(args.save)
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{game.name}-p{n}-s{seed}.json").write_text(json.dumps({
                "game": game.name, "players": n, "seed": seed, "moves": played.log,
                **({"options": options} if options else {}),
            }, ensure_ascii=False, indent=0))
        if args.verbose:
            result = game.result(played.final)
            print(f"game {i + 1}: players={n} seed={seed} moves={played.steps} "
                  f"scores={result.scores if result else None}")
    elapsed = time.perf_counter() - started
    print(f"{done} {game.name} games ({args.policy}{variant}), {moves} moves, {elapsed:.2f} s: "
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
        for seat, rank in zip(result.ranking, result.places, strict=True):
            parts = ", ".join(f"{k} {v}" for k, v in result.breakdown[seat].items() if k != "total")
            print(f"{rank}. seat {seat + 1}: {result.scores[seat]} VP ({parts})")
        if result.tie_break:
            print(result.tie_break)
    return 0


def stop_on_signals() -> None:
    """SIGINT and SIGTERM stop a long run the way Ctrl-C does, keeping its report: a
    background job of a script (``nohup python -m rules … &``) starts with SIGINT ignored,
    and SIGTERM would end it without the summary lines."""
    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, stop)


def cmd_arena(args: argparse.Namespace) -> int:
    from rules import arena

    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    players = args.players or len(seats)
    if len(seats) != players:
        print(f"--seats names {len(seats)} levels for {players} players", file=sys.stderr)
        return 2
    game = get_game(args.game)
    options = variant_options(game, args.variant)
    low, high = game.player_range(options)
    # a variant may seat another count (Neptun's two-player variant): the game's setup
    # picks it for that count
    variants = [v.players for v in game.texts.variants if v.players and not options]
    if not any(a <= players <= b for a, b in [(low, high), *variants]):
        print(f"{game.title} is for {low}–{high} players", file=sys.stderr)
        return 2
    labels = arena.labels(seats)
    done = [0]

    def tick(record: arena.GameRecord) -> None:
        done[0] += 1
        if args.verbose:
            scores = ", ".join(f"{s.label} {s.score}" + ("*" if s.won else "")
                               for s in record.seats)
            print(f"game {done[0]}: seed {record.seed}, {record.plies} plies: {scores}",
                  flush=True)

    stop_on_signals()
    started = time.perf_counter()
    try:
        records = arena.run(game.name, seats, args.games, args.seed, args.think, args.budget,
                            args.jobs, tick, cap=args.cap, options=options)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - started
    think = f"think {args.think:g} s" if args.think is not None else "default think"
    if args.budget is not None:
        think = f"budget {args.budget} simulated moves"
    if args.cap:
        think += ", wall-time cap"
    stopped = (f" (stopped after {len(records)} of {args.games})"
               if len(records) < args.games else "")
    variant = f", variant {options['variant']}" if options else ""
    print(f"{game.name}{variant}: {len(records)} games{stopped}, {players} players, "
          "seats rotated, "
          f"seed {args.seed}, {think}, {elapsed:.0f} s")
    for line in arena.report(records, labels):
        print(line)
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
    rnd.add_argument("--variant", metavar="KEY",
                     help="play with a variant's rules switched on (a lobby variant's key)")
    rnd.add_argument("--save", help="folder to write each game's move log to (JSON)")
    rnd.add_argument("-v", "--verbose", action="store_true")
    rep = sub.add_parser("replay", help="replay a saved move log and print the result")
    rep.add_argument("file")
    are = sub.add_parser("arena", help="computer levels play each other: win rates, scores, "
                                       "decision times")
    are.add_argument("--players", type=int, default=0, help="default: one per --seats level")
    are.add_argument("--seats", default="strong,normal",
                     help="levels in chair order, comma-separated (rotated game by game)")
    are.add_argument("--games", type=int, default=20)
    are.add_argument("--seed", type=int, default=1)
    are.add_argument("--think", type=float, default=None,
                     help="strong's think time per decision in seconds (default 1)")
    are.add_argument("--budget", type=int, default=None,
                     help="strong's budget in simulated moves (overrides --think's)")
    are.add_argument("--jobs", type=int, default=0, help="processes (default: every core)")
    are.add_argument("--cap", action="store_true",
                     help="cap each decision's wall time as the bot does (1.8 x think)")
    are.add_argument("--variant", default=None,
                     help="play a lobby variant's rules (its key, as `/<game> start "
                          "variant:KEY`)")
    are.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    if args.command in ("replay", "arena") and args.game == "all":
        parser.error(f"{args.command} needs one game")
    try:
        if args.command == "arena":
            return cmd_arena(args)
        return cmd_random(args) if args.command == "random" else cmd_replay(args)
    except UnknownVariant as exc:
        print(str(exc), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
