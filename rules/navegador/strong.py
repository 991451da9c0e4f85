"""Navegador's 'strong' computer: the framework's search (``rules.search``), deepening
instead of re-dealing.

Navegador hides only the values of the face-down colony stacks, and the rollout players
are deterministic, so the framework's *worlds* of a decision play out nearly alike: in a
two-player game the second and later worlds mostly repeat the first, and the budget buys
little. This player spends it on depth instead, in one world (the seat's own
determinisation, so a decision still depends on nothing the seat cannot see):

1. the greedy player's best ``width`` turns, as in ``Search``;
2. each is played out for ``horizon`` more turns by greedy players for every seat (the
   same rollouts as ``Search``) and scored with ``Game.evaluate`` (±``WIN`` when the game
   ends);
3. the better half (``keep``, at least two) is played out again to twice the horizon, and
   so on, until one is left, every line reaches the end of the game or the budget runs
   out; the deepest finished round decides (ties: the planner's order).

The budget is counted in simulated moves like ``Search``'s; a round cut short by the
budget is dropped whole.
"""

from __future__ import annotations

import random
from typing import Any

from rules.contract import Game, Move
from rules.greedy import Greedy, Plan
from rules.policy import THINK_SECONDS
from rules.search import OutOfBudget, Search


class Deepening(Search):
    def __init__(self, think: float = THINK_SECONDS, budget: int | None = None, *,
                 width: int = 6, horizon: int = 4, keep: float = 0.5,
                 planner: Greedy | None = None, player: Greedy | None = None,
                 clock: Any = None) -> None:
        super().__init__(think, budget, width=width, horizon=horizon, planner=planner,
                         player=player, clock=clock)
        self.keep = keep

    def _search(self, game: Game, state: Any, seat: int, rng: random.Random,
                sim: Any, plans: list[Plan]) -> tuple[Move, int]:
        """The move, and the rounds of deepening finished (reported as ``worlds``)."""
        alive = plans[:self.width]
        if len(alive) == 1:
            return alive[0].first, 0
        best = 0
        rounds = 0
        horizon = self.horizon
        seed = rng.getrandbits(64)     # every line meets the same tie-breaks
        while len(alive) > 1 and not sim.budget.exhausted:
            try:
                lines = [self.line(game, state, seat, plan, sim, random.Random(seed), horizon)
                         for plan in alive]
            except OutOfBudget:
                break                  # a round cut short is dropped whole
            rounds += 1
            order = sorted(range(len(alive)), key=lambda i: -lines[i][0])   # stable
            best = order[0]
            if all(ended for _, ended in lines):
                break                  # deeper sees nothing more
            kept = sorted(order[:max(2, int(len(alive) * self.keep + 0.5))])
            alive = [alive[i] for i in kept]
            best = kept.index(best)
            horizon *= 2
        return alive[best].first, rounds

    def line(self, game: Game, world: Any, seat: int, plan: Plan, sim: Any,
             rng: random.Random, horizon: int) -> tuple[float, bool]:
        """``Search.rollout`` to a given horizon: the value, and whether the game ended."""
        state = self.play_plan(game, world, seat, plan, sim, rng)
        state = self.greedy_turns(game, state, sim, rng, horizon)
        return self.value(game, state, seat), game.result(state) is not None
