"""The 'normal' computer: the move whose turn ends best by ``Game.evaluate``.

Where a turn is several decisions (Navegador: a rondel step, then its action; a sail leg
by leg), a half-step is judged by where the turn can end: every candidate first decision
is followed by a small beam search over the rest of the turn (``Game.turn_continues``),
and the first decision of the best finished turn is played. Among equal turns the shorter
one wins (so a sail never wanders out and back for nothing) and otherwise the rng decides,
so the player is not predictable but stays deterministic given its rng.

``Greedy.plans`` returns every candidate first decision with its best whole turn and
value; the strong computer (``rules.search``) starts from them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from rules.contract import Game, Move
from rules.errors import RulesError
from rules.policy import Budget, Simulator, Stats

TIE = 1e-9        # values closer than this are equal


@dataclass
class Plan:
    """A candidate first decision, the rest of the turn after it, the value where the
    turn ends and the state there."""

    value: float
    moves: list[Move]
    end: Any

    @property
    def first(self) -> Move:
        return self.moves[0]


class Greedy:
    """Greedy over whole turns. ``beam`` states are kept per decision inside a turn
    (1 = follow the best-looking step), at most ``depth`` decisions deep."""

    def __init__(self, beam: int = 3, depth: int = 8) -> None:
        self.beam = beam
        self.depth = depth
        self.stats = Stats()

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Move:
        state = game.determinize(state, seat, rng)
        sim = Simulator(game)
        plans = self.plans(game, state, seat, rng, sim)
        self.stats = Stats(sims=sim.budget.used)
        if not plans:
            raise RuntimeError(f"seat {seat} must act but has no legal move")
        return plans[0].first

    def plans(self, game: Game, state: Any, seat: int, rng: random.Random,
              sim: Simulator | None = None) -> list[Plan]:
        """Every candidate decision with its best turn, best first (ties in rng order)."""
        sim = sim or Simulator(game, Budget())
        moves = list(game.candidates(state, seat))
        rng.shuffle(moves)
        if len(moves) == 1:
            return [Plan(0.0, moves, None)]
        plans = []
        for move in moves:
            after = sim.step(state, seat, move)
            value, rest, end = self.finish(game, after, seat, sim)
            plans.append(Plan(value, [move, *rest], end))
        # stable: among equal values the shorter turn, then the shuffled order
        plans.sort(key=lambda p: (-p.value, len(p.moves)))
        return plans

    def finish(self, game: Game, state: Any, seat: int,
               sim: Simulator) -> tuple[float, list[Move], Any]:
        """The best way to end the turn from ``state`` (beam search): its value, the
        decisions after ``state`` and the state where the turn ends."""
        if not game.turn_continues(state, seat):
            return game.evaluate(state, seat), [], state
        best: tuple[float, list[Move], Any] | None = None
        frontier: list[tuple[Any, list[Move]]] = [(state, [])]
        for _ in range(self.depth):
            going: list[tuple[float, Any, list[Move]]] = []
            for here, path in frontier:
                for move in game.candidates(here, seat):
                    try:
                        after = sim.step(here, seat, move)
                    except RulesError:
                        continue
                    value = game.evaluate(after, seat)
                    if game.turn_continues(after, seat):
                        going.append((value, after, [*path, move]))
                    elif best is None or value > best[0] + TIE:
                        best = (value, [*path, move], after)
            if not going or sim.budget.exhausted:
                break
            going.sort(key=lambda g: -g[0])
            frontier = [(after, path) for _, after, path in going[:self.beam]]
        if best is None:
            # the turn did not end within ``depth``: judge the best half-finished one
            here, path = frontier[0]
            return game.evaluate(here, seat), path, here
        return best
