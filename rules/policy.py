"""Computer players: a policy picks one legal move for a seat.

Every policy is deterministic given its ``rng``, so a computer's moves replay exactly from
the game's seed and the ply (the bot seeds ``rng`` that way). A game offers its own
policies through ``Game.policy(level)``; this module holds what every game can use:

* ``easy`` — ``WeightedRandom``: a random legal move weighted by ``Game.weight``;
* ``normal`` — ``rules.greedy.Greedy``: the best move by ``Game.evaluate``, judged where
  the turn ends (through every decision of a compound turn);
* ``strong`` — ``rules.search.Search``: the greedy player's best few turns, each played
  forward by greedy players for every seat over several determinisations, within a
  budget of simulated moves (``think`` seconds x ``Game.sim_rate``).

Every level decides from its own seat's knowledge only: the first thing a policy does is
``state = game.determinize(state, seat, rng)``, so two states that differ only in what
the seat cannot see give the same decision for the same rng.

Whoever runs a policy may set ``GIVE_UP`` (a context variable) to a check that says when
to stop: every few simulated moves the ``Simulator`` asks it, and raises ``GaveUp`` when
it says yes. A decision is then abandoned whole, never cut short — it is either the same
decision as without the check or none at all — so the check (the bot's: "this has taken
more than a few milliseconds of this thread") can never change what a computer plays.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Protocol

from rules.contract import Game, Move

LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"
THINK_SECONDS = 1.0      # strong's default think time per decision (one core)
GIVE_UP: ContextVar[Callable[[], bool] | None] = ContextVar("give_up", default=None)
GIVE_UP_EVERY = 16       # simulated moves between two asks of GIVE_UP (~0.5 ms of thinking)


class GaveUp(Exception):
    """``GIVE_UP`` said stop: the decision was abandoned, nothing of it was played."""


class Policy(Protocol):
    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Move:
        """One legal move for ``seat``."""
        ...


class WeightedRandom:
    """A random legal move, weighted by ``Game.weight`` (uniform by default)."""

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Move:
        state = game.determinize(state, seat, rng)
        moves = game.legal_moves(state, seat)
        if not moves:
            raise RuntimeError(f"seat {seat} must act but has no legal move")
        weights = [game.weight(state, seat, m) for m in moves]
        return rng.choices(moves, weights=weights)[0]


def standard_policy(level: str) -> Policy:
    """The framework's player for a level; ``Game.policy`` returns it by default."""
    if level == "easy":
        return WeightedRandom()
    if level == "normal":
        from rules.greedy import Greedy

        return Greedy()
    if level == "strong":
        from rules.search import Search

        return Search()
    raise ValueError(f"unknown computer level {level!r}; levels: {', '.join(LEVELS)}")


def computer(game: Game, level: str, think: float | None = None,
             clock: Callable[[], float] | None = None, budget: int | None = None) -> Policy:
    """``game.policy(level)``, with a searching player's think time set (seconds of one
    core, counted as ``think x game.sim_rate`` simulated moves, or ``budget`` moves
    exactly) and, given a ``clock``, a safety cap on its wall time. Without a clock a
    decision depends on nothing but its rng."""
    policy = game.policy(level)
    configure = getattr(policy, "configured", None)
    if configure is not None and (think is not None or clock is not None or
                                  budget is not None):
        policy = configure(think=think, clock=clock, budget=budget)
    return policy


@dataclass
class Budget:
    """Simulated moves a decision may spend (None: no limit), and an optional safety cap
    on wall time (``deadline`` on ``clock``). The count alone decides where a search
    stops unless the machine is far slower than ``Game.sim_rate`` says."""

    moves: int | None = None
    clock: Callable[[], float] | None = None
    deadline: float | None = None
    used: int = 0
    capped: bool = False

    def spend(self, n: int = 1) -> None:
        self.used += n

    @property
    def exhausted(self) -> bool:
        if self.moves is not None and self.used >= self.moves:
            return True
        if self.clock is not None and self.deadline is not None and \
                self.clock() >= self.deadline:
            self.capped = True
            return True
        return False


@dataclass
class Stats:
    """What the last decision cost: simulated moves, and whether the wall-time cap cut
    it short. The arena reads it for moves/s."""

    sims: int = 0
    capped: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


class Simulator:
    """``game.simulate`` with a count of simulated moves against a budget; raises
    ``GaveUp`` when the caller's ``GIVE_UP`` check says stop."""

    def __init__(self, game: Game, budget: Budget | None = None) -> None:
        self.game = game
        self.budget = budget or Budget()
        self.give_up = GIVE_UP.get()

    def step(self, state: Any, seat: int, move: Move) -> Any:
        self.budget.spend()
        if (self.give_up is not None and self.budget.used % GIVE_UP_EVERY == 0
                and self.give_up()):
            raise GaveUp(f"abandoned after {self.budget.used} simulated moves")
        return self.game.simulate(state, seat, move)
