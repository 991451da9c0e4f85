"""Navegador's one secret: the values in the face-down colony stacks (and the token of
each good that left the game unseen at setup), and the game's seed that dealt them (the
twin gets a seed of its own).

``determinize`` deals those values afresh, consistently with everything public — the
stacks' sizes, the tokens already face up or owned — so a computer can reason over a
state it cannot tell from the real one, and tests can build two states that differ only
in what nobody may see.
"""

from __future__ import annotations

import random

from rules.contract import fresh_seed
from rules.navegador.data import GOODS, load_data
from rules.navegador.state import NavegadorState


def unseen_pool(state: NavegadorState, good: str) -> list[int]:
    """Values of ``good`` nobody has seen: the face-down stacks and the removed token."""
    data = load_data()
    seen: list[int] = []
    for info in data.regions:
        sea = state.regions[info.id]
        if info.good == good and sea.revealed:
            seen += sea.tokens
    for sheet in state.sheets:
        seen += sheet.colonies.get(good, [])
    pool = data.colonies.values(good)
    for value in seen:
        pool.remove(value)
    return pool


def determinize(state: NavegadorState, rng: random.Random) -> NavegadorState:
    """A copy of ``state`` with the face-down stacks dealt again from the unseen values."""
    from rules.navegador.computer import copy_state

    data = load_data()
    new = copy_state(state)
    for good in GOODS:
        pool = unseen_pool(state, good)
        rng.shuffle(pool)
        for info in data.regions:
            sea = new.regions[info.id]
            if info.good == good and not sea.revealed and sea.tokens:
                sea.tokens = [pool.pop() for _ in sea.tokens]
    new.seed = fresh_seed(rng)      # it decides every later shuffle, setup's included
    return new
