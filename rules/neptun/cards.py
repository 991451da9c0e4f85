"""The three decks: building them, drawing, reshuffling, and how a contract reads.

Every shuffle is seeded from the game's seed and the moment it happens (round, turn, deck),
so a replay of the move log repeats it exactly; the decks' order is hidden information.
"""

from __future__ import annotations

import random

from rules.neptun.data import Reward, load_data
from rules.neptun.state import Decks, NeptunState, OarCard

GOOD_NAMES = {"wine": "Wine", "oil": "Oil", "grain": "Grain", "marble": "Marble",
              "cloth": "Cloth", "spice": "Spice"}


def full_decks() -> Decks:
    """Every city, goods and oar card of the game (starting cards excluded), sorted."""
    data = load_data()
    oars = [OarCard(power=row.power, forecast=f) for row in data.oars.deck
            for f in row.forecasts]
    goods = [kind for kind in data.goods.kinds for _ in range(data.goods.copies)]
    return Decks(city=sorted(c.id for c in data.city_cards), goods=goods,
                 oar=sorted(oars, key=OarCard.sort_key))


def starting_hand() -> list[OarCard]:
    return sorted((OarCard(power=c.power, forecast=c.forecast, start=True)
                   for c in load_data().oars.start), key=OarCard.sort_key)


def shuffle_rng(state: NeptunState, what: str) -> random.Random:
    """The seeded generator for one shuffle at this moment of the game."""
    return random.Random(f"{state.seed}:{state.round}:{state.draft_turn}:{what}")


def reshuffle(state: NeptunState, deck: str, why: str) -> None:
    """Shuffle a deck together with its discards (sorted first, so that the result
    depends only on which cards there are and the seed)."""
    if deck == "oar":
        cards = sorted(state.decks.oar + state.discards.oar, key=OarCard.sort_key)
        shuffle_rng(state, f"{why}:{deck}").shuffle(cards)
        state.decks.oar, state.discards.oar = cards, []
        return
    names = sorted(getattr(state.decks, deck) + getattr(state.discards, deck))
    shuffle_rng(state, f"{why}:{deck}").shuffle(names)
    setattr(state.decks, deck, names)
    setattr(state.discards, deck, [])


def draw(state: NeptunState, deck: str) -> str | OarCard:
    """The top card of a deck; an empty deck is first rebuilt from its discards (A12)."""
    if not getattr(state.decks, deck):
        reshuffle(state, deck, "refill")
    cards = getattr(state.decks, deck)
    if not cards:
        raise RuntimeError(f"the {deck} deck and its discards are empty")
    return cards.pop()


def reward(city_card: str, goods: str) -> Reward:
    return load_data().reward(city_card, goods)


def city_of(city_card: str) -> str:
    return city_card.split("-", 1)[0]


def city_name(code: str) -> str:
    return load_data().city(code).name


def temple_name(key: str) -> str:
    if key == "gold":
        return load_data().gold_temple.name
    return load_data().temple(key).god


def reward_text(city_card: str, goods: str) -> str:
    """'4 gold' or '3 steps on Minerva'."""
    r = reward(city_card, goods)
    if r.kind == "G":
        return f"{r.n} gold"
    return f"{r.n} {'step' if r.n == 1 else 'steps'} on {temple_name(r.temple)}"


def contract_text(city_card: str, goods: str) -> str:
    """'Athenae · Wine → 3 steps on Minerva'."""
    return (f"{city_name(city_of(city_card))} · {GOOD_NAMES.get(goods, goods)} → "
            f"{reward_text(city_card, goods)}")
