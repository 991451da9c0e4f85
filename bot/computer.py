"""Computer seats: random legal moves, seeded by the game's seed and the ply, so a replay
of the log (and an undo) sees the same choices.

Random, but not silly: a rondel step is chosen among those after which the action can do
something, free steps first; sails end at random; skipping is a last resort.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pydantic import BaseModel

from rules import Event, Game, Move, RulesError
from rules.navegador.moves import Done, Leg, Turn

MAX_STEPS = 5000   # a safety net: one command never runs computers longer than this
ENDERS = ("skip", "done")


def _useful(game: Game, state: BaseModel, seat: int, move: Move) -> bool:
    """After this rondel step, can the action do something real?"""
    try:
        after, _ = game.apply(state, seat, move)
    except RulesError:
        return False
    return any(str(m) not in ENDERS for m in game.legal_moves(after, seat))


def pick_rondel(game: Game, state: BaseModel, seat: int, moves: list[Move],
                rng: random.Random) -> Move | None:
    """A random rondel step (Navegador: a move with a ``space``) after which the action
    has a real option, free steps first; None when there is none. Tries candidates in a
    random order and stops at the first useful one, so it stays cheap."""
    rondels = [m for m in moves if hasattr(m, "space")]
    free = [m for m in rondels if not getattr(m, "pay", ())]
    paid = [m for m in rondels if getattr(m, "pay", ())]
    for group in (free, paid):
        order = list(group)
        rng.shuffle(order)
        for move in order:
            if _useful(game, state, seat, move):
                return move
    return None


def choose(game: Game, state: BaseModel, seat: int, rng: random.Random) -> Move:
    """A random legal move for a computer seat."""
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


def play_computers(
    game: Game, state: BaseModel, is_computer: Callable[[int], bool],
    waiting_on: Callable[[BaseModel], list[int]], seed: int, ply: int,
) -> list[tuple[int, Move, BaseModel, list[Event]]]:
    """Let computer seats act until a human must (or the game ends).

    Returns (seat, move, state after, events) for each step, in order; ``ply`` is the
    last ply already played.
    """
    played: list[tuple[int, Move, BaseModel, list[Event]]] = []
    for _ in range(MAX_STEPS):
        seats = [s for s in waiting_on(state) if is_computer(s)]
        if not seats:
            break
        seat = seats[0]
        rng = random.Random(f"{seed}:{ply + len(played) + 1}")
        move = choose(game, state, seat, rng)
        state, events = game.apply(state, seat, move)
        played.append((seat, move, state, events))
    return played


def random_turn(game: Game, state: BaseModel, seat: int, rng: random.Random) -> str:
    """A random legal *whole turn* as a player would type it (rondel + action, or rondel +
    a few legs + done); a single decision when the turn is already under way. For test
    players and the benchmark."""
    moves = game.legal_moves(state, seat)
    if getattr(state, "step", "") != "start":
        return str(rng.choice(moves))
    first = pick_rondel(game, state, seat, moves, rng) or rng.choice(
        [m for m in moves if hasattr(m, "space")] or moves)
    if not hasattr(first, "space"):
        return str(first)
    steps: list = [first]
    state, _ = game.apply(state, seat, first)
    if getattr(state, "step", "") == "sail":
        for _ in range(rng.randint(0, 3)):
            legs = [m for m in game.legal_moves(state, seat) if isinstance(m, Leg)]
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
