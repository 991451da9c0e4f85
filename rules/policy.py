"""Computer players: a policy picks one legal move for a seat.

Every policy is deterministic given its ``rng``, so a computer's moves replay exactly from
the game's seed and the ply (the bot seeds ``rng`` that way). A game offers its own
policies through ``Game.policy(level)``; this module holds what every game can use.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from rules.contract import Game, Move

LEVELS = ("easy", "normal", "strong")


class Policy(Protocol):
    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Move:
        """One legal move for ``seat``."""
        ...


class WeightedRandom:
    """A random legal move, weighted by ``Game.weight`` (uniform by default)."""

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Move:
        moves = game.legal_moves(state, seat)
        if not moves:
            raise RuntimeError(f"seat {seat} must act but has no legal move")
        weights = [game.weight(state, seat, m) for m in moves]
        return rng.choices(moves, weights=weights)[0]
