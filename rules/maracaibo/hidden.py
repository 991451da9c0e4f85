"""Maracaibo's secrets, and ``determinize``: a state a seat cannot tell from the real one.

Hidden from everyone: the deck's order, the B cards left in the box, the combat-token
piles, the face-down prestige buildings (and the 4 in the box), the quest tiles under the
top of the pile, and the game's seed (it orders every later reshuffle of the deck and the
combat piles: the twin gets a seed of its own). Hidden from all but their owner: hands,
the cards dealt at setup and the choices made from them until everyone has chosen,
careers dealt, and the career kept until its first task is claimed.

Cards keep their back: an A card is dealt again only where an A card lies (setup hands,
the deck's A positions), a B card where a B card lies (the box holds only B cards), so
the resampled state keeps every count anyone could see.

Every pool of unseen values is sorted before it is shuffled, so two states a seat cannot
tell apart give the same determinisation for the same rng (computers decide from it).
"""

from __future__ import annotations

import random

from rules.contract import fresh_seed
from rules.maracaibo.state import MaracaiboState


def determinize(state: MaracaiboState, seat: int | None, rng: random.Random) -> MaracaiboState:
    # a copy to change: dump + validate is several times faster than a deep copy (as in apply)
    new = MaracaiboState.model_validate(state.model_dump())
    others = [i for i in range(state.players) if i != seat]
    _cards(new, others, rng)
    _careers(new, seat, others, rng)
    # combat piles: same sizes, tokens dealt again
    tokens = sorted(t for pile in new.tokens for t in pile)
    rng.shuffle(tokens)
    for pile in new.tokens:
        for i in range(len(pile)):
            pile[i] = tokens.pop()
    # face-down prestige buildings and the box
    hidden = sorted(new.prestige[new.prestige_open:] + new.prestige_box)
    rng.shuffle(hidden)
    new.prestige[new.prestige_open:] = hidden[: len(new.prestige) - new.prestige_open]
    new.prestige_box = sorted(hidden[len(new.prestige) - new.prestige_open:])
    # the quest pile under its face-up top
    if len(new.quest_pile) > 1:
        under = sorted(new.quest_pile[:-1])
        rng.shuffle(under)
        new.quest_pile[:-1] = under
    new.seed = fresh_seed(rng)      # it decides every later shuffle, setup's included
    return new


def _cards(new: MaracaiboState, others: list[int], rng: random.Random) -> None:
    """Deal the unseen cards again, each onto a place that shows the same back (a secret
    setup plan is one of those places: the card itself is dealt afresh)."""
    picks = {i: [new.seats[i].plan_pick] for i in others if new.seats[i].plan_pick}
    slots: list[tuple[list[str], int]] = [(new.deck, i) for i in range(len(new.deck))]
    slots += [(new.box, i) for i in range(len(new.box))]
    for i in others:
        p = new.seats[i]
        for zone in (p.hand, p.dealt, p.kept, picks.get(i, [])):
            slots += [(zone, k) for k in range(len(zone))]
    pools: dict[str, list[str]] = {"A": [], "B": []}
    for zone, k in slots:
        pools[zone[k][0]].append(zone[k])
    for pool in pools.values():
        pool.sort()
        rng.shuffle(pool)
    for zone, k in slots:
        zone[k] = pools[zone[k][0]].pop()
    for i in others:
        p = new.seats[i]
        if i in picks:
            p.plan_pick = picks[i][0]
        p.kept.sort()
        p.dealt.sort()
    new.box.sort()


def _careers(new: MaracaiboState, seat: int | None, others: list[int],
             rng: random.Random) -> None:
    """The careers ``seat`` has not seen — the other seats' careers dealt (but those shown),
    the ones they gave back, the box (less the one ``seat`` gave back itself) — dealt
    again among those places, never one design twice to a player; a secret choice among
    two dealt careers is made again."""
    own = new.seats[seat].career_returned if seat is not None else ""
    box = list(new.careers_box)
    if own in box:
        box.remove(own)
    places: list[tuple[list[str], int]] = [(box, j) for j in range(len(box))]
    returned = {i: [new.seats[i].career_returned] for i in others
                if new.seats[i].career_returned}
    for i in others:
        p = new.seats[i]
        places += [(p.careers_dealt, k) for k, c in enumerate(p.careers_dealt)
                   if not (p.career_shown and c == p.career)]
        places += [(returned[i], 0)] if i in returned else []
    values = sorted(zone[k] for zone, k in places)

    def distinct() -> bool:
        return all(len(set(new.seats[i].careers_dealt + returned.get(i, [])))
                   == len(new.seats[i].careers_dealt) + len(returned.get(i, []))
                   for i in others)

    original = list(values)
    for _ in range(50):
        rng.shuffle(values)
        for (zone, k), value in zip(places, values, strict=True):
            zone[k] = value
        if distinct():
            break
    else:  # pragma: no cover - a deal that cannot be reshuffled keeps its places
        for (zone, k), value in zip(places, original, strict=True):
            zone[k] = value
    for i in others:
        p = new.seats[i]
        if i in returned:
            p.career_returned = returned[i][0]
        if p.career and not p.career_shown:
            p.career = rng.choice(p.careers_dealt)
        p.careers_dealt.sort()
    new.careers_box = sorted(box + ([own] if own in new.careers_box else []))
