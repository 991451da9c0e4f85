"""What nobody — or only one player — may see, and twins that differ only there.

Hidden from everyone: the order of the three decks, the face-down contract columns and the
game's seed (it orders every later reshuffle: the twin gets a seed of its own).
Hidden from all but their owner: the drafted oar cards in a hand and the card chosen for
this turn — its value, and whether it is a starting card. (Starting cards are the same for
every colour and are shown as starting cards when played, so which of them a player still
holds, in hand or chosen, is not a secret; which one of its cards it chose is.)

``determinize`` deals every value hidden from a seat afresh from the cards that seat
cannot see, keeping every count and everything it can see, so tests can build two tables
that differ only in hidden values and computers can reason without peeking. Every pool is
sorted before it is shuffled, so two states a seat cannot tell apart give the same
determinisation for the same rng.
"""

from __future__ import annotations

import random

from rules.contract import fresh_seed
from rules.neptun.state import Column, NeptunState, OarCard, copy_state


def determinize(state: NeptunState, seat: int | None, rng: random.Random) -> NeptunState:
    new = copy_state(state)
    down = [i for i, c in enumerate(new.display) if c is not None and not c.face_up]
    # City and goods cards: the decks and the face-down columns.
    for deck in ("city", "goods"):
        names = sorted(list(getattr(new.decks, deck)) +
                       [getattr(new.display[i], deck) for i in down])
        rng.shuffle(names)
        setattr(new.decks, deck, names[: len(getattr(new.decks, deck))])
        for k, i in enumerate(down, start=len(getattr(new.decks, deck))):
            column = new.display[i]
            assert isinstance(column, Column)
            setattr(column, deck, names[k])
    # Oar cards: the deck, the face-down columns, and other players' drafted cards (in hand
    # or chosen), dealt back into the same places.
    others = [s for s in range(new.players) if s != seat]
    pool: list[OarCard] = list(new.decks.oar)
    for i in down:
        column = new.display[i]
        assert column is not None
        pool.append(column.oar)
    for s in others:
        player = new.seats[s]
        pool += [c for c in player.hand if not c.start]
        if player.choice is not None and not player.choice.start:
            pool.append(player.choice)
    pool.sort(key=OarCard.sort_key)
    rng.shuffle(pool)
    new.decks.oar = [pool.pop() for _ in new.decks.oar]
    for i in down:
        column = new.display[i]
        assert column is not None
        column.oar = pool.pop()
    for s in others:
        player = new.seats[s]
        cards = player.hand + ([player.choice] if player.choice is not None else [])
        # the starting cards it holds are known, which of its cards are drafted is not
        held = sorted((c for c in cards if c.start), key=OarCard.sort_key)
        held += [pool.pop() for c in cards if not c.start]
        if player.choice is not None:
            # Any of the cards it holds may be the one it chose, a starting card or not.
            player.choice = held.pop(rng.randrange(len(held)))
        player.hand = sorted(held, key=OarCard.sort_key)
    assert not pool
    new.seed = fresh_seed(rng)      # it decides every later shuffle, setup's included
    return new
