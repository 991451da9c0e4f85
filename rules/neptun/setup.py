"""Setting up the table (spec §1.5): tiles on the temples, distance markers dealt onto the
links, three shuffled decks, the wind at 5, and each player's chart, starting oar cards,
gold, temple tokens on 0 and ship in Crete."""

from __future__ import annotations

import random
from typing import Any

from rules.errors import IllegalMoveError
from rules.neptun import draft
from rules.neptun.cards import full_decks, starting_hand
from rules.neptun.data import load_data
from rules.neptun.options import check_options
from rules.neptun.state import NeptunState, Player, TempleTrack

TWO_PLAYER = "two-player"


def deal_markers(seed: int) -> dict[str, int]:
    """"A-B" -> sea miles. Deep-sea markers are shuffled and dealt first, then the sea ones,
    each set only onto links of its own kind (the seed's order)."""
    data = load_data()
    rng = random.Random(f"{seed}:markers")
    out: dict[str, int] = {}
    for links in (data.deep, data.sea):
        markers = list(links.markers)
        rng.shuffle(markers)
        for link, miles in zip(links.links, markers, strict=True):
            out[link] = miles
    return out


def setup(players: int, seed: int, options: dict[str, Any] | None = None) -> NeptunState:
    data = load_data()
    options = dict(options or {})
    try:
        check_options(options)
    except ValueError as exc:
        raise IllegalMoveError(f"{exc}.") from None
    if players == 2:
        # The only way two can play: the variant of spec §8 (3 display columns).
        options.setdefault("variant", TWO_PLAYER)
    if not (data.min_players <= players <= data.max_players or players == 2):
        raise IllegalMoveError(f"Neptun is for {data.min_players} to {data.max_players} "
                               f"players (2 with the two-player variant), not {players}.")
    rng = random.Random(seed)
    decks = full_decks()
    for deck in ("city", "goods"):
        rng.shuffle(getattr(decks, deck))
    rng.shuffle(decks.oar)
    temples = {t.key: TempleTrack(pos=[0] * players, order=list(range(players)),
                                  tiles=data.tiles(t.key, 1)) for t in data.temples}
    state = NeptunState(
        seed=seed, players=players, options=options,
        # Seats are numbered in the random turn order the lobby drew (the contract's
        # convention), so the first drafting turn goes seat 1, 2, 3, ...
        order=list(range(players)),
        wind=data.wind_start,
        miles=deal_markers(seed),
        decks=decks,
        seats=[Player(gold=data.start_gold, ship=data.start_city, hand=starting_hand(),
                      chart=[None] * data.chart_slots) for _ in range(players)],
        temples=temples,
        gold_tiles=data.tiles("gold", 1),
        display=[None] * (players + 1),
        revealed=[None] * players,
    )
    draft.refill(state)
    return state
