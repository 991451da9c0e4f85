"""Judge a strong computer's settings by a deeper look (prints numbers; not a test).

    .venv/bin/python scripts/judge_search.py GAME [--deals 700 701] [--limit N]
        [--variant NAME:KEY=VALUE,...]... [--deep-horizon 8] [--worlds 24] [--budget N]

An arena needs ~200 games to tell 62% from 65%; this asks a cheaper question first. It
plays ``strong`` (seat 0) against ``normal`` on each deal and keeps the positions where
strong searched among more than one candidate. Then each variant — ``strong`` with some of
its settings changed (``width``, ``horizon``, ``rung``, and for Maracaibo ``z`` and
``margin``) — decides every position at the same budget and seed, and each choice that
differs from the planner's first is judged by a deeper look: both moves played on in
``--worlds`` fresh worlds (common random numbers) through ``--deep-horizon`` turns (to the
final scoring where the game's search plays there), the mean difference of the values. It
prints, per variant, how many of its choices differ from the planner's and the points they
gain together by that look. The sums' noise is about ±0.7 points per judged choice (square
root of the count); a setting worth a few percent of wins should stand out by more.

Costly: Maracaibo at the defaults takes ~1 s per position per variant plus ~5 s per
distinct judged move — one deal's ~115 positions and 5 variants, ~15 minutes of a core.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import game_names, get_game  # noqa: E402
from rules.policy import Budget, Simulator, computer  # noqa: E402


def searched_positions(game: Any, strong: Any, deal: int) -> list[tuple[Any, int, str]]:
    """Strong (seat 0) against normal on ``deal``: the positions where strong searched."""
    normal = computer(game, "normal")
    state = game.setup(2, deal)
    kept = []
    for ply in range(5000):
        if game.result(state) is not None:
            break
        seat = game.to_act(state)[0]
        key = f"{deal}:{ply}"
        player = strong if seat == 0 else normal
        move = player.choose(game, state, seat, random.Random(key))
        if seat == 0 and player.stats.extra.get("candidates", 1) > 1:
            kept.append((state, seat, key))
        state, _ = game.apply(state, seat, move)
    return kept


def variant(strong: Any, spec: str) -> tuple[str, Any]:
    """``h5:horizon=5`` -> ("h5", strong with horizon 5)."""
    name, _, settings = spec.partition(":")
    policy = strong.configured()
    for item in filter(None, settings.split(",")):
        key, _, text = item.partition("=")
        if not hasattr(policy, key):
            raise SystemExit(f"strong has no setting {key!r}")
        setattr(policy, key, float(text) if "." in text else int(text))
    return name, policy


def deeper_look(game: Any, deep: Any, state: Any, seat: int, move: Any, base: Any,
                worlds: int) -> float:
    """Mean value of playing ``move``'s plan minus ``base``'s, over common worlds."""
    sim = Simulator(game, Budget(moves=None))
    to_the_end = getattr(deep, "to_the_end", None)
    extra = {"to_the_end": to_the_end(state)} if to_the_end is not None else {}
    rng = random.Random(7)
    total = 0.0
    for _ in range(worlds):
        seed = rng.getrandbits(64)
        world = game.determinize(state, seat, random.Random(seed))
        total += deep.rollout(game, world, seat, move, sim, random.Random(seed), **extra)
        total -= deep.rollout(game, world, seat, base, sim, random.Random(seed), **extra)
    return total / worlds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=game_names())
    parser.add_argument("--deals", type=int, nargs="+", default=[700])
    parser.add_argument("--limit", type=int, default=0,
                        help="judge at most N positions per deal (0: all)")
    parser.add_argument("--variant", action="append", default=[],
                        help="NAME:KEY=VALUE,... (today's settings are always 'now')")
    parser.add_argument("--deep-horizon", type=int, default=8)
    parser.add_argument("--worlds", type=int, default=24)
    parser.add_argument("--budget", type=int, default=None,
                        help="simulated moves per decision (default: the game's think)")
    args = parser.parse_args()
    game = get_game(args.game)
    strong = computer(game, "strong", budget=args.budget)
    variants = dict([("now", strong), *(variant(strong, s) for s in args.variant)])
    deep = strong.configured()
    deep.horizon = args.deep_horizon
    gained: Counter[str] = Counter()
    differ: Counter[str] = Counter()
    judged = 0
    for deal in args.deals:
        positions = searched_positions(game, strong, deal)
        print(f"deal {deal}: {len(positions)} positions where strong searched", flush=True)
        for state, seat, key in positions[:args.limit or None]:
            sim = Simulator(game, Budget(moves=None))
            plans = strong.planner.plans(game, state, seat, random.Random(key), sim)
            by_first = {}
            for plan in plans:
                by_first.setdefault(str(plan.first), plan)
            chosen = {name: str(policy.choose(game, state, seat, random.Random(key)))
                      for name, policy in variants.items()}
            looks: dict[str, float] = {}
            for name, move in chosen.items():
                if move == str(plans[0].first) or move not in by_first:
                    continue
                if move not in looks:
                    looks[move] = deeper_look(game, deep, state, seat, by_first[move],
                                              plans[0], args.worlds)
                gained[name] += looks[move]
                differ[name] += 1
            judged += 1
            if looks:
                step = getattr(state, "step", "")
                print(f"  {key:>9} {step:8} " + "  ".join(
                    f"{name} {looks.get(chosen[name], 0.0):+.2f}" for name in variants),
                    flush=True)
    print(f"{judged} positions judged (deep horizon {args.deep_horizon}, "
          f"{args.worlds} worlds)")
    for name in variants:
        print(f"{name:8} differs from the planner {differ[name]:4}   "
              f"points gained {gained[name]:+8.2f}")


if __name__ == "__main__":
    main()
