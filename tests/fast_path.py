"""The check every game's fast path (``Game.simulate``) is held to, for the tests."""

from __future__ import annotations

import random
from typing import Any

from rules import Game


def walk_both_ways(game: Game, start: Any, rng: random.Random, steps: int,
                   every_earlier_state: bool = False) -> Any:
    """A random walk from ``start`` of at most ``steps`` moves, played twice: by ``apply``
    and by ``simulate`` on ``simulate``'s own results, with up to three side branches
    compared at every step. Asserts the same state at every step, and that no step changes
    a state before it: every earlier state after every step (``every_earlier_state``), or
    the last 30 after a tenth of the steps. Returns the last state ``apply`` gave."""
    pure = fast = start
    seen: list[tuple[Any, str]] = []
    for _ in range(steps):
        acting = game.to_act(pure)
        if not acting:
            break
        seat = rng.choice(acting)
        moves = game.legal_moves(pure, seat)
        for other in rng.sample(moves, min(3, len(moves))):   # side branches from here
            assert game.dump(game.simulate(fast, seat, other)) == \
                game.dump(game.apply(pure, seat, other)[0])
        move = rng.choice(moves)
        pure = game.apply(pure, seat, move)[0]
        fast = game.simulate(fast, seat, move)
        assert game.dump(fast) == game.dump(pure)
        seen.append((fast, game.dump(fast)))
        if every_earlier_state or rng.random() < 0.1:
            for state, dump in (seen if every_earlier_state else seen[-30:]):
                assert game.dump(state) == dump, "simulate changed an earlier state"
    return pure
