"""Write the stored-games corpus that tests/test_stored_games.py replays.

A game may run for weeks, across bot restarts and upgrades. The store keeps each game as
its seed and options, a snapshot every few plies (``Game.dump``) and the notation of every
move since; an upgraded bot loads a game by reading the latest snapshot back and playing
the moves after it. So what an upgrade must never break is: old notation still reads as
the same move, an old snapshot still loads, and the moves still play out the same way.

This script records, for every registered game and every lobby variant, random complete
games (the fuzzer's seeded players, at the fewest and the most seats) as the store would:
seed, options, each move's notation, a snapshot half-way, and the final scores. Run it
again only on purpose — after a rule fix that changes how games play out — and say in the
commit what happens to games already in progress.

    python scripts/stored_games.py            # rewrites tests/data/stored_games/*.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import Game, game_names, get_game  # noqa: E402
from rules.fuzz import random_game  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "stored_games"
SEED = 20261203


def record(game: Game, players: int, seed: int, variant: str | None) -> dict[str, Any]:
    options = game.options_for(variant)
    moves: list[tuple[int, str]] = []
    final = None
    for state, seat, text, _ in random_game(game, players, seed, policy="explorer",
                                            options=options):
        final = state
        if seat is not None and text is not None:
            moves.append((seat, text))
    result = game.result(final) if final is not None else None
    assert result is not None, "a recorded game must reach its final score"
    half = len(moves) // 2          # the snapshot: the state after the first half, replayed
    snapshot = game.replay(players, seed, moves[:half], options)
    return {"players": players, "seed": seed, "variant": variant, "options": options,
            "moves": moves, "snapshot_after": half, "snapshot": game.dump(snapshot),
            "scores": list(result.scores)}


def corpus(game: Game) -> list[dict[str, Any]]:
    games = [record(game, players, SEED + players, None)
             for players in sorted({game.min_players, game.max_players})]
    for variant in game.texts.variants:
        low = (variant.players or (game.min_players, game.max_players))[0]
        games.append(record(game, low, SEED + 10 + low, variant.key))
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="default: every registered game")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    for name in args.games or game_names():
        if name.startswith("toy"):
            continue
        games = corpus(get_game(name))
        path = OUT / f"{name}.json"
        path.write_text(json.dumps({"game": name, "games": games}, ensure_ascii=False,
                                   separators=(",", ":")) + "\n")
        plies = sum(len(g["moves"]) for g in games)
        print(f"{name}: {len(games)} games, {plies} moves, {path.stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
