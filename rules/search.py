"""The 'strong' computer: rollouts of the greedy player over several determinisations.

A decision goes:

1. ``state = game.determinize(state, seat, rng)``: the seat's own view, hidden values
   dealt at random consistently with it (so a decision never depends on what the seat
   cannot see);
2. the greedy player (``rules.greedy``) ranks every candidate decision by the best whole
   turn it starts; the best ``width`` go on;
3. each survivor's turn is played out in a *world* — a fresh determinisation of the same
   view — followed by ``horizon`` more turns in which every seat plays the greedy
   player's best turn, and the position there is scored with ``Game.evaluate`` (exact
   when the game ends). All candidates meet the same worlds and the same tie-breaks
   (common random numbers), so their differences are not noise from the deal;
4. successive halving: after every ``rung`` worlds the worse half of the candidates is
   dropped, so the budget goes to the close calls; the best mean over the worlds every
   finalist has met wins.

The budget is counted in simulated moves — ``think`` seconds times ``Game.sim_rate`` —
never on the clock, so a decision depends on its rng alone; a ``clock`` (given by the bot
and the arena, never by the rules) only caps a decision that runs far slower than the
rate promised. A world cut short by the budget is dropped whole.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Self

from rules.contract import Game, Move
from rules.errors import RulesError
from rules.greedy import Greedy, Plan
from rules.policy import THINK_SECONDS, Budget, Simulator, Stats

CAP = 1.8        # the safety cap on wall time, as a multiple of the think time
MAX_DECISIONS = 64   # decisions of one turn in a rollout, at most
WIN = 10.0           # what winning is worth, in points, on top of the margin


class OutOfBudget(Exception):
    pass


class Search:
    def __init__(self, think: float = THINK_SECONDS, budget: int | None = None, *,
                 width: int = 6, horizon: int = 4, rung: int = 2,
                 planner: Greedy | None = None, player: Greedy | None = None,
                 clock: Any = None) -> None:
        self.think = think
        self.budget = budget           # simulated moves; None: think x game.sim_rate
        self.width = width
        self.horizon = horizon
        self.rung = rung
        self.planner = planner or Greedy()
        self.player = player or Greedy(beam=1)
        self.clock = clock
        self.stats = Stats()

    def configured(self, think: float | None = None, clock: Any = None,
                   budget: int | None = None) -> Self:
        """A copy with another think time, safety-cap clock or budget in moves, and stats
        of its own (every other setting, a subclass's too, is kept)."""
        new = copy.copy(self)
        new.think = self.think if think is None else think
        new.budget = self.budget if budget is None else budget
        new.clock = clock if clock is not None else self.clock
        new.stats = Stats()
        return new

    def moves_budget(self, game: Game) -> int:
        if self.budget is not None:
            return self.budget
        return max(1, int(self.think * game.sim_rate))

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Move:
        state = game.determinize(state, seat, rng)
        budget = Budget(moves=self.moves_budget(game), clock=self.clock,
                        deadline=self.clock() + CAP * self.think if self.clock else None)
        sim = Simulator(game, budget)
        plans = self.planner.plans(game, state, seat, rng, sim)
        if not plans:
            raise RuntimeError(f"seat {seat} must act but has no legal move")
        move, worlds = self._search(game, state, seat, rng, sim, plans)
        self.stats = Stats(sims=budget.used, capped=budget.capped,
                           extra={"worlds": worlds, "candidates": min(len(plans), self.width)})
        return move

    def _search(self, game: Game, state: Any, seat: int, rng: random.Random,
                sim: Simulator, plans: list[Plan]) -> tuple[Move, int]:
        alive = plans[:self.width]
        if len(alive) == 1:
            return alive[0].first, 0
        totals = [0.0] * len(alive)
        done = 0                       # worlds every alive candidate has met
        while len(alive) > 1 and not sim.budget.exhausted:
            seed = rng.getrandbits(64)
            world = state if done == 0 else game.determinize(state, seat, random.Random(seed))
            values = []
            try:
                for plan in alive:
                    values.append(self.rollout(game, world, seat, plan, sim,
                                               random.Random(seed)))
            except OutOfBudget:
                break                  # a world cut short is dropped whole
            totals = [t + v for t, v in zip(totals, values, strict=True)]
            done += 1
            if done % self.rung == 0 and len(alive) > 2:
                keep = max(2, len(alive) // 2)
                order = sorted(range(len(alive)), key=lambda i: -totals[i])[:keep]
                order.sort()           # keep the planner's order among the kept
                alive = [alive[i] for i in order]
                totals = [totals[i] for i in order]
        if done == 0:
            return alive[0].first, 0
        best = max(range(len(alive)), key=lambda i: totals[i])   # first of equals: planner's
        return alive[best].first, done

    def rollout(self, game: Game, world: Any, seat: int, plan: Plan, sim: Simulator,
                rng: random.Random) -> float:
        """Play ``plan``'s turn in ``world``, then ``horizon`` greedy turns; the value."""
        state = self.play_plan(game, world, seat, plan, sim, rng)
        return self.value(game, self.greedy_turns(game, state, sim, rng, self.horizon), seat)

    def play_plan(self, game: Game, world: Any, seat: int, plan: Plan, sim: Simulator,
                  rng: random.Random) -> Any:
        """``plan``'s turn played in ``world`` (greedily to its end where the plan does not
        fit this world or stops short of it)."""
        state = world
        for move in plan.moves:
            try:
                state = sim.step(state, seat, move)
            except RulesError:         # the plan does not fit this world: play on greedily
                break
        self._check(sim)
        if game.turn_continues(state, seat):
            state = self._turn(game, state, seat, sim, rng)
        return state

    def greedy_turns(self, game: Game, state: Any, sim: Simulator, rng: random.Random,
                     turns: int) -> Any:
        """``turns`` more turns, each seat playing the greedy player's (or fewer: the end)."""
        for _ in range(turns):
            seats = game.to_act(state)
            if not seats:
                break
            state = self._turn(game, state, seats[0], sim, rng)
        return state

    @staticmethod
    def value(game: Game, state: Any, seat: int) -> float:
        """``Game.evaluate``; a finished game counts a win or a loss on top of the margin,
        since it is games, not points, that a player wants to win."""
        value = game.evaluate(state, seat)
        result = game.result(state)
        if result is not None:
            value += WIN if result.ranking[0] == seat else -WIN
        return value

    def _turn(self, game: Game, state: Any, actor: int, sim: Simulator,
              rng: random.Random) -> Any:
        """``actor``'s whole turn as the greedy player plays it."""
        for _ in range(MAX_DECISIONS):
            plans = self.player.plans(game, state, actor, rng, sim)
            self._check(sim)
            if not plans:
                raise RuntimeError(f"seat {actor} must act but has no legal move")
            for move in plans[0].moves:
                state = sim.step(state, actor, move)
            if not game.turn_continues(state, actor):
                break
        return state

    @staticmethod
    def _check(sim: Simulator) -> None:
        if sim.budget.exhausted:
            raise OutOfBudget
