"""Maracaibo's computer players and random-play tastes.

* ``SensibleRandom`` (the 'easy' computer): random legal moves, but never silly ones — it
  takes a main action when one is there instead of ending the turn, claims career tasks as
  soon as it can, buys at a scoring when it can afford a card, and answers every choice.
* ``explorer_weight``: weights for the 'explorer' random-play policy, so random games
  fight, explore, quest, deliver and buy — every phase and the end.
"""

from __future__ import annotations

import random
from typing import Any

from rules.contract import Game, Move
from rules.maracaibo.moves import (
    Assist,
    Buy,
    ChooseCareer,
    City,
    Claim,
    Deliver,
    Done,
    Explore,
    FightAnnex,
    FightDone,
    FightFigures,
    FightInfluence,
    FightNation,
    FightPile,
    Invest,
    Keep,
    Pass,
    Plan,
    QuestMove,
    Sail,
    Skip,
    Village,
)
from rules.maracaibo.state import MaracaiboState

MAIN = (Village, Deliver, City, QuestMove, Assist, FightPile, Explore)


def explorer_weight(state: MaracaiboState, seat: int, move: Move) -> float:
    if isinstance(move, Sail):
        return 1.0 + state.t.mp if False else 0.5 + 0.3 * len(move.dest)
    if isinstance(move, Done):
        return 0.2
    if isinstance(move, (FightPile, Explore, QuestMove, Claim, Deliver, Assist)):
        return 4.0
    if isinstance(move, (FightInfluence, FightAnnex)):
        return 6.0
    if isinstance(move, FightFigures):
        return 0.3
    if isinstance(move, FightDone):
        return 0.5
    if isinstance(move, Village) and move.action in ("buy", "invest"):
        return 3.0
    if isinstance(move, Plan):
        return 0.3 if state.step != "setup" else 1.0
    return 1.0


class SensibleRandom:
    """The 'easy' computer."""

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Move:
        moves = game.legal_moves(state, seat)
        if not moves:
            raise RuntimeError(f"seat {seat} must act but has no legal move")
        pick = _preferred(state, moves, rng)
        return pick if pick is not None else rng.choice(moves)


def _of(moves: list[Move], *kinds: type) -> list[Move]:
    return [m for m in moves if isinstance(m, kinds)]


def _preferred(state: MaracaiboState, moves: list[Move], rng: random.Random) -> Move | None:
    claims = _of(moves, Claim)
    if claims:
        return rng.choice(claims)
    if state.step == "setup":
        return rng.choice(_of(moves, Keep, Plan, ChooseCareer) or moves)
    if state.step == "scoring" and state.decision is None:
        buys = _of(moves, Buy, Invest)
        return rng.choice(buys) if buys else _of(moves, Pass)[0]
    if state.decision is not None:
        useful = [m for m in moves if not isinstance(m, Skip)]
        return rng.choice(useful or moves)
    if state.step == "sail":
        sails = _of(moves, Sail)
        return rng.choices(sails, weights=[1 + 0.2 * i for i in range(len(sails))])[0]
    if state.step == "draw":
        return rng.choice(moves)
    if state.combat is not None:
        return _fight(moves, rng)
    main = _of(moves, *MAIN)
    if main:
        buys = [m for m in main if isinstance(m, Village) and m.action in ("buy", "invest")]
        if buys and rng.random() < 0.7:
            return rng.choice(buys)
        return rng.choice(main)
    return _of(moves, Done)[0]


def _fight(moves: list[Move], rng: random.Random) -> Move:
    nations = _of(moves, FightNation)
    if nations:
        return rng.choice(nations)
    acts = _of(moves, FightInfluence, FightAnnex)
    if acts:
        return rng.choice(acts)
    return _of(moves, FightDone)[0]





def random_turn(game: Game, state: Any, seat: int, rng: random.Random, most: int = 16,
                stop_at_reveal: bool = False) -> str:
    """A random legal run of decisions as a player would type it in one command: the easy
    computer's choices, one after another, while the seat is still the one to act (with
    ``stop_at_reveal``, up to the first that turns something hidden over)."""
    policy = SensibleRandom()
    steps: list[str] = []
    for _ in range(most):
        if seat not in game.to_act(state):
            break
        move = policy.choose(game, state, seat, rng)
        steps.append(str(move))
        state, events = game.apply(state, seat, move)
        if stop_at_reveal and any(e.reveals for e in events):
            break
    return "; ".join(steps)
