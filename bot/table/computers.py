"""Computer seats: each plays its game's policy (``Game.policy``), seeded by the game's
seed and the ply, so the log — which records every computer move like any other — and
an undo see the same choices."""

from __future__ import annotations

import random
from collections.abc import Callable

from pydantic import BaseModel

from rules import Event, Game, Move

MAX_STEPS = 5000   # a safety net: one command never runs computers longer than this
Step = tuple[int, Move, BaseModel, list[Event]]


def play_computers(game: Game, state: BaseModel, is_computer: Callable[[int], bool],
                   seed: int, ply: int, level: Callable[[int], str] = lambda s: "easy",
                   ) -> list[Step]:
    """Let computer seats act until a human must (or the game ends).

    Returns (seat, move, state after, events) for each step, in order; ``ply`` is the
    last ply already played."""
    played: list[Step] = []
    for _ in range(MAX_STEPS):
        seats = [s for s in game.waiting_on(state) if is_computer(s)]
        if not seats:
            break
        seat = seats[0]
        rng = random.Random(f"{seed}:{ply + len(played) + 1}")
        move = game.policy(level(seat)).choose(game, state, seat, rng)
        state, events = game.apply(state, seat, move)
        played.append((seat, move, state, events))
    return played
