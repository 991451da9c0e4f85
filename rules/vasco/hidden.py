"""Vasco da Gama's secrets: the order of the face-down project stacks, of the merchant
ships under a face-down top, of the face-down Vasco da Gama tiles, and what the bag gives
next. (What is *in* each stack and the bag can be counted by anyone, so it stays.)

``determinize`` deals all of these afresh, so a computer can reason over a state it cannot
tell from the real one, and tests can build two states that differ only in what nobody
may see.
"""

from __future__ import annotations

import random

from rules.vasco.copying import copy_state
from rules.vasco.state import VascoState


def determinize(state: VascoState, rng: random.Random) -> VascoState:
    # Each pool is sorted before it is shuffled, so two states that differ only in a
    # hidden order deal alike (and a computer decides alike in both).
    new = copy_state(state)
    for tiles in new.stacks.values():
        tiles.sort()
        rng.shuffle(tiles)
    keep = 1 if new.merchant_up and new.merchants else 0
    hidden = sorted(new.merchants[keep:])
    rng.shuffle(hidden)
    new.merchants = new.merchants[:keep] + hidden
    new.vdg_stack.sort()
    rng.shuffle(new.vdg_stack)
    new.bag_seed = rng.getrandbits(62)
    return new
