"""Random play: complete games with uniformly random legal moves, checking invariants.

Used by ``python -m rules <game> random`` and by the tests; the fastest way to find a
broken rule, a dead end or an endless game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from rules.contract import Event, Game

MAX_STEPS = 20_000


class InvariantError(AssertionError):
    pass


@dataclass
class Played:
    """One random game: the seed, its log of (seat, notation) and the final state."""

    players: int
    seed: int
    log: list[tuple[int, str]] = field(default_factory=list)
    final: BaseModel | None = None
    steps: int = 0


POLICIES = ("uniform", "explorer")


def choose(game: Game, rng: random.Random, state: BaseModel, seat: int, moves: list,
           policy: str = "uniform"):
    """A random legal move: uniform, or weighted by ``game.weight`` ('explorer')."""
    if policy == "uniform":
        return rng.choice(moves)
    weights = [game.weight(state, seat, m) for m in moves]
    return rng.choices(moves, weights=weights)[0]


def random_game(
    game: Game, players: int, seed: int,
    check: Callable[[BaseModel], None] | None = None, policy: str = "uniform",
    options: dict[str, Any] | None = None,
) -> Iterator[tuple[BaseModel, int | None, str | None, list[Event]]]:
    """Yield (state, seat, move text, events) after setup and after every move;
    ``options``: a variant's setup options (``Game.options_for``)."""
    rng = random.Random(seed)
    state = game.setup(players, seed, options)
    yield state, None, None, []
    for _ in range(MAX_STEPS):
        seats = game.to_act(state)
        if not seats:
            return
        seat = rng.choice(seats)
        moves = game.legal_moves(state, seat)
        if not moves:
            raise InvariantError(f"dead end: seat {seat} must act but has no legal move")
        move = choose(game, rng, state, seat, moves, policy)
        text = str(move)
        state, events = game.apply(state, seat, move)
        if check:
            check(state)
        yield state, seat, text, events
    raise InvariantError(f"game did not end within {MAX_STEPS} moves")


def play_random(game: Game, players: int, seed: int,
                check: Callable[[BaseModel], None] | None = None,
                policy: str = "uniform", options: dict[str, Any] | None = None) -> Played:
    played = Played(players=players, seed=seed)
    for state, seat, text, _ in random_game(game, players, seed, check, policy, options):
        if seat is not None and text is not None:
            played.log.append((seat, text))
            played.steps += 1
        played.final = state
    return played
