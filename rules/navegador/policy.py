"""Weights for the 'explorer' random-play policy (and a computer seat's taste).

Uniform random play rarely leaves Portugal, so it never tests phases II and III or the
Nagasaki ending. This policy still plays only legal moves, at random, but prefers
sailing east, exploring and using the card, and builds less, so games reach the far seas.
"""

from __future__ import annotations

from functools import cache

from rules.contract import Move
from rules.navegador.data import load_data
from rules.navegador.moves import Build, CardSail, Done, Leg, Rondel, Skip
from rules.navegador.state import NavegadorState


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
