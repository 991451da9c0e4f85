"""Maracaibo's secrets, and ``determinize``: a state a seat cannot tell from the real one.

Hidden from everyone: the deck's order, the B cards left in the box, the combat-token
piles, the face-down prestige buildings (and the 4 in the box), the quest tiles under the
top of the pile. Hidden from all but their owner: hands, the cards dealt at setup and the
choices made from them until everyone has chosen, careers dealt, and the career kept
until its first task is claimed.

Cards keep their back: an A card is dealt again only where an A card lies (setup hands,
the deck's A positions), a B card where a B card lies (the box holds only B cards), so
the resampled state keeps every count anyone could see.
"""

from __future__ import annotations

import random

from rules.maracaibo.data import load_data
from rules.maracaibo.state import MaracaiboState


def determinize(state: MaracaiboState, seat: int | None, rng: random.Random) -> MaracaiboState:
    new = state.model_copy(deep=True)
    others = [i for i in range(state.players) if i != seat]
    _cards(new, others, rng)
    _careers(new, seat, others, rng)
    # combat piles: same sizes, tokens dealt again
    tokens = [t for pile in new.tokens for t in pile]
    rng.shuffle(tokens)
    for pile in new.tokens:
        for i in range(len(pile)):
            pile[i] = tokens.pop()
    # face-down prestige buildings and the box
    hidden = new.prestige[new.prestige_open:] + new.prestige_box
    rng.shuffle(hidden)
    new.prestige[new.prestige_open:] = hidden[: len(new.prestige) - new.prestige_open]
    new.prestige_box = sorted(hidden[len(new.prestige) - new.prestige_open:])
    # the quest pile under its face-up top
    if len(new.quest_pile) > 1:
        under = new.quest_pile[:-1]
        rng.shuffle(under)
        new.quest_pile[:-1] = under
    return new


def _cards(new: MaracaiboState, others: list[int], rng: random.Random) -> None:
    """Deal the unseen cards again, each onto a place that shows the same back."""
    slots: list[tuple[list[str], int]] = [(new.deck, i) for i in range(len(new.deck))]
    slots += [(new.box, i) for i in range(len(new.box))]
    for i in others:
        p = new.seats[i]
        for zone in (p.hand, p.dealt, p.kept):
            slots += [(zone, k) for k in range(len(zone))]
    pools: dict[str, list[str]] = {"A": [], "B": []}
    for zone, k in slots:
        pools[zone[k][0]].append(zone[k])
    for pool in pools.values():
        rng.shuffle(pool)
    for zone, k in slots:
        zone[k] = pools[zone[k][0]].pop()
    for i in others:
        p = new.seats[i]
        if p.plan_pick:                 # a secret plan at setup: any of that seat's cards
            choices = [*p.dealt, p.plan_pick]
            rng.shuffle(choices)
            p.plan_pick = choices.pop()
            p.dealt = sorted(choices)
        p.kept.sort()
        p.dealt.sort()
    new.box.sort()


def _careers(new: MaracaiboState, seat: int | None, others: list[int],
             rng: random.Random) -> None:
    """Careers not yet shown are dealt again, consistently with the ones shown."""
    designs = [c.id for c in load_data().careers]
    known = set()
    if seat is not None:
        known |= set(new.seats[seat].careers_dealt)
    for i in others:
        p = new.seats[i]
        if p.career_shown:
            known.add(p.career)
    free = [c for c in designs if c not in known]
    rng.shuffle(free)
    need = 0
    for i in others:
        p = new.seats[i]
        need += len(p.careers_dealt) - (1 if p.career_shown else 0)
    pool = list(free)
    while len(pool) < need:       # more careers dealt than designs: dealt with replacement
        extra = list(designs)
        rng.shuffle(extra)
        pool += extra
    for i in others:
        p = new.seats[i]
        keep = [p.career] if p.career_shown else []
        fresh = []
        while len(keep) + len(fresh) < len(p.careers_dealt):
            pick = next(c for c in pool if c not in keep and c not in fresh)
            pool.remove(pick)
            fresh.append(pick)
        chosen = bool(p.career) and not p.career_shown
        p.careers_dealt = keep + fresh
        if chosen:
            p.career = fresh[0]
        p.careers_dealt.sort()
    box_size = len(new.careers_box)
    leftover = sorted(pool)[:box_size]
    while len(leftover) < box_size:
        leftover.append(designs[len(leftover) % len(designs)])
    new.careers_box = sorted(leftover)
