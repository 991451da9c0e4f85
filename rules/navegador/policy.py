"""Navegador's computer players and random-play tastes.

* ``SensibleRandom`` (the 'easy' computer): random legal moves, but not silly — a rondel
  step is chosen among those after which the action can do something, free steps first;
  sails end at random; skipping is a last resort.
* ``explorer_weight``: weights for the 'explorer' random-play policy. Uniform random play
  rarely leaves Portugal, so it never tests phases II and III or the Nagasaki ending; this
  still plays only legal moves, at random, but prefers sailing east, exploring and using
  the card, and builds less, so games reach the far seas.
* ``random_turn``: a random whole turn as a player would type it, for test players.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from rules.contract import Game, Move
from rules.errors import RulesError
from rules.navegador.data import load_data
from rules.navegador.moves import Build, CardSail, Done, Leg, Rondel, Skip, Turn
from rules.navegador.state import NavegadorState

ENDERS = ("skip", "done")


@cache
def _eastward() -> dict[str, int]:
    """Regions in the data file's order, Portugal first, Nagasaki last."""
    return {r.id: i for i, r in enumerate(load_data().regions)}


def explorer_weight(state: NavegadorState, seat: int, move: Move) -> float:
    data = load_data()
    order = _eastward()
    if isinstance(move, (Skip, Done)):
        return 0.3
    if isinstance(move, CardSail):
        return 5.0
    if isinstance(move, Rondel):
        weight = 0.1 if move.pay else 1.0
        return weight * (4.0 if data.rondel[move.space].action == "sail" else 1.0)
    if isinstance(move, Leg):
        path = move.paths[0]
        if state.regions[path.dest].explorer:
            return 8.0
        return 2.0 if order[path.dest] > order[path.origin] else 0.5
    if isinstance(move, Build):
        return 0.3
    return 1.0


def _useful(game: Game, state: Any, seat: int, move: Move) -> bool:
    """After this rondel step, can the action do something real?"""
    try:
        after, _ = game.apply(state, seat, move)
    except RulesError:
        return False
    return any(str(m) not in ENDERS for m in game.legal_moves(after, seat))


def pick_rondel(game: Game, state: Any, seat: int, moves: list[Move],
                rng: random.Random) -> Move | None:
    """A random rondel step after which the action has a real option, free steps first;
    None when there is none. Tries candidates in a random order and stops at the first
    useful one, so it stays cheap."""
    rondels = [m for m in moves if isinstance(m, Rondel)]
    free = [m for m in rondels if not m.pay]
    paid = [m for m in rondels if m.pay]
    for group in (free, paid):
        order = list(group)
        rng.shuffle(order)
        for move in order:
            if _useful(game, state, seat, move):
                return move
    return None


class SensibleRandom:
    """The 'easy' computer: random, but every rondel step leads to a real action."""

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Move:
        state = game.determinize(state, seat, rng)      # its own view only
        moves = game.legal_moves(state, seat)
        if not moves:
            raise RuntimeError(f"seat {seat} must act but has no legal move")
        rondel = pick_rondel(game, state, seat, moves, rng)
        if rondel is not None:
            return rondel
        acting = [m for m in moves if str(m) not in ENDERS]
        if not acting:
            return rng.choice(moves)
        if any(str(m) == "done" for m in moves) and rng.random() < 0.3:
            return next(m for m in moves if str(m) == "done")     # a sail ends at random
        return rng.choice(acting)


def random_turn(game: Game, state: Any, seat: int, rng: random.Random) -> str:
    """A random legal *whole turn* as a player would type it (rondel + action, or rondel +
    a few legs + done); a single decision when the turn is already under way. For test
    players and the benchmark."""
    moves = game.legal_moves(state, seat)
    if getattr(state, "step", "") != "start":
        return str(rng.choice(moves))
    first = pick_rondel(game, state, seat, moves, rng) or rng.choice(
        [m for m in moves if isinstance(m, Rondel)] or moves)
    if not isinstance(first, Rondel):
        return str(first)
    steps: list[Move] = [first]
    state, _ = game.apply(state, seat, first)
    if getattr(state, "step", "") == "sail":
        wanted = rng.randint(0, 3)
        for n in range(wanted + 10):
            moves = game.legal_moves(state, seat)
            # a sail may end only with a ship in the region it explored: sail on until then
            if n >= wanted and any(isinstance(m, Done) for m in moves):
                break
            legs = [m for m in moves if isinstance(m, Leg)]
            if not legs:
                break
            leg = rng.choice(legs)
            steps.append(leg)
            state, _ = game.apply(state, seat, leg)
        steps.append(Done())
    else:
        options = game.legal_moves(state, seat)
        acting = [m for m in options if str(m) != "skip"]
        steps.append(rng.choice(acting or options))
    return str(Turn(steps=tuple(steps)))
