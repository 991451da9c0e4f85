"""Maracaibo's 'strong' computer: the framework's search (``rules.search``) with a
horizon that ends where a turn does, and the planner's choice kept unless the worlds
clearly say otherwise.

Why not the framework's as it is: its ``horizon`` counts *turns* by
``Game.turn_continues``, and in Maracaibo every draw of phase C is a decision of its own,
so two "turns" after a main action were only the seat's own draws — the search never saw
the other seat reply, and it re-ranked the planner's turns by the noise of which cards
came off the deck. Here a rollout plays the candidate's turn, its draws, and then whole
turns (sail, main action, draws, any scoring between) until ``horizon`` more turns have
*started* — 1: the position as the next player starts, 2 (two players): as the seat
starts its next turn, the other seat's whole turn played by the greedy player.
Near the end (``to_the_end`` says where) a rollout plays on to the final scoring instead
and scores the real result. Where a rollout stops short of it, ``leaf`` (when given)
scores the position in place of ``Game.evaluate``, which the greedy players keep using.

The planner (the 'normal' player, ``rules.greedy``) has ranked the candidates already. A
rival replaces its first choice only if, over the worlds both have met, it leads by more
than ``margin`` points and by more than ``z`` standard errors of the paired differences
(common random numbers: the same deal and the same tie-breaks for every candidate).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from rules.contract import Game, Move
from rules.greedy import Greedy, Plan
from rules.policy import THINK_SECONDS, Simulator
from rules.search import OutOfBudget, Search

MAX_TURNS = 40        # the framework's turns (a draw is one) in one rollout, at most
MAX_TURNS_TO_END = 400  # and in one played to the game's end


def turn_starts(state: Any) -> bool:
    """A player is about to sail: a turn (phases A-B-C) starts here."""
    return state.step == "sail" and state.decision is None and not state.t.path


class VoyageSearch(Search):
    """``Search`` whose rollouts end where whole turns start; see the module's text."""

    def __init__(self, think: float = THINK_SECONDS, budget: int | None = None, *,
                 width: int = 3, horizon: int = 2, rung: int = 4,
                 planner: Greedy | None = None, player: Greedy | None = None,
                 clock: Any = None, z: float = 1.5, margin: float = 0.5,
                 to_the_end: Callable[[Any], bool] | None = None,
                 leaf: Callable[[Any, int], float] | None = None) -> None:
        super().__init__(think, budget, width=width, horizon=horizon, rung=rung,
                         planner=planner, player=player, clock=clock)
        self.z = z
        self.margin = margin
        self.to_the_end = to_the_end
        self.leaf = leaf

    def value(self, game: Game, state: Any, seat: int) -> float:  # type: ignore[override]
        """Where a rollout stops: ``leaf`` (when given) scores an unfinished game in place
        of ``Game.evaluate``; a finished one counts as ``Search.value`` counts it."""
        if self.leaf is None or game.result(state) is not None:
            return Search.value(game, state, seat)
        return self.leaf(state, seat)

    def _search(self, game: Game, state: Any, seat: int, rng: random.Random,
                sim: Simulator, plans: list[Plan]) -> tuple[Move, int]:
        alive = list(range(min(self.width, len(plans))))
        if len(alive) == 1:
            return plans[0].first, 0
        # near the end a rollout plays to the final scoring: the evaluation's guesses
        # about it are weakest there, and it is the win that counts
        to_the_end = self.to_the_end is not None and self.to_the_end(state)
        values: dict[int, list[float]] = {i: [] for i in alive}
        done = 0
        while len(alive) > 1 and not sim.budget.exhausted:
            seed = rng.getrandbits(64)
            world = state if done == 0 else game.determinize(state, seat, random.Random(seed))
            got = []
            try:
                for i in alive:
                    got.append(self.rollout(game, world, seat, plans[i], sim,
                                            random.Random(seed), to_the_end=to_the_end))
            except OutOfBudget:
                break                  # a world cut short is dropped whole
            for i, v in zip(alive, got, strict=True):
                values[i].append(v)
            done += 1
            if done % self.rung == 0 and len(alive) > 2:
                # drop the worse half, never the planner's choice
                keep = max(2, len(alive) // 2)
                ranked = sorted(alive, key=lambda i: -sum(values[i][-done:]))
                kept = set(ranked[:keep]) | {0}
                alive = [i for i in alive if i in kept]
                values = {i: values[i] for i in alive}
        if done < 2:
            return plans[0].first, done
        best = max(alive, key=lambda i: sum(values[i][:done]))
        if best == 0:
            return plans[0].first, done
        diffs = [a - b for a, b in zip(values[best][:done], values[0][:done], strict=True)]
        mean = sum(diffs) / done
        var = sum((d - mean) ** 2 for d in diffs) / (done - 1)
        if mean > self.margin and mean > self.z * math.sqrt(var / done):
            return plans[best].first, done
        return plans[0].first, done

    def rollout(self, game: Game, world: Any, seat: int, plan: Plan, sim: Simulator,
                rng: random.Random, *, to_the_end: bool = False) -> float:
        """Play ``plan``'s turn in ``world``, then greedy turns until ``horizon`` whole
        turns have started — or, ``to_the_end``, until the game ends; the value there."""
        state = self.play_plan(game, world, seat, plan, sim, rng)
        started = 0
        for _ in range(MAX_TURNS_TO_END if to_the_end else MAX_TURNS):
            seats = game.to_act(state)
            if not seats:
                break
            if not to_the_end and turn_starts(state):
                started += 1
                if started >= self.horizon:
                    break
            state = self._turn(game, state, seats[0], sim, rng)
        return self.value(game, state, seat)
