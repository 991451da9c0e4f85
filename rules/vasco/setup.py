"""Setting up the table (rulebook order), all shuffles from the seed.

Seat 0 is the start player (the table service draws the seat order at random). The
Sernigi holder's merchant ship is placed before round 1 as their first decision, after
the project display is out, so a Natal bonus has something to take.
"""

from __future__ import annotations

import random
from typing import Any

from rules.contract import Event
from rules.vasco.board import draw_sailor, note
from rules.vasco.data import load_data
from rules.vasco.flow import begin_round
from rules.vasco.state import Player, VascoState


def setup(players: int, seed: int, options: dict[str, Any] | None = None) -> VascoState:
    data = load_data()
    if not data.min_players <= players <= data.max_players:
        raise ValueError(f"Vasco da Gama takes {data.min_players}-{data.max_players} players")
    rng = random.Random(seed)
    colours = data.sailor_colours
    state = VascoState(
        players=players,
        options={k: bool(v) for k, v in (options or {}).items() if isinstance(v, bool)},
        seats=[Player(coins=data.start_coins, discs=data.action_discs,
                      sailors=dict.fromkeys(colours, 0), captains=data.start_captains)
               for _ in range(players)],
        captain_supply=[data.captains_per_player - data.start_captains] * players,
        bag=dict.fromkeys(colours, data.sailors_per_colour),
        bag_seed=rng.getrandbits(62),
        numbers=data.numbers.regular_range,
        manuel_numbers=data.numbers.extra_range,
        slots={a.key: [None] * len(a.slots) for a in data.areas},
        landings={x.key: [None] * len(x.slots) for x in data.landings},
        missionaries=data.missionaries,
        coin_spaces=[0] * data.characters.coin_spaces,
    )
    state.seats[0].vp = data.start_player_vp
    # Sailors: 5 per active section, from the rightmost section (section 1) leftwards.
    state.sections = [[] for _ in range(data.recruit.sections)]
    for s in range(players):
        for _ in range(data.recruit.initial_per_section):
            colour = draw_sailor(state)
            if colour is not None:
                state.sections[s].append(colour)
    # Vasco da Gama tiles: shuffled face down, the top one turned face up.
    vdg = [t.id for t in data.vdg]
    rng.shuffle(vdg)
    state.vdg_next, state.vdg_stack = vdg[0], vdg[1:]
    # Projects: each stack shuffled; 7 from stack I (6 display, 1 San Gabriel).
    for stack in data.projects.stack_order:
        tiles = [t.id for t in data.projects.tiles if t.stack == stack]
        rng.shuffle(tiles)
        state.stacks[stack] = tiles
    first = data.projects.stack_order[0]
    state.display = [state.stacks[first].pop(0) for _ in range(data.projects.display)]
    state.san_gabriel = state.stacks[first].pop(0)
    # Merchant ships: shuffled; the top one is the Sernigi holder's to place now.
    merchants = list(data.merchant_ids)
    rng.shuffle(merchants)
    state.merchants = merchants
    state.merchant_up = True
    # Characters by seat position from the start player.
    given = data.characters.setup[players]
    state.holders = {c: (given[c] - 1 if c in given else None) for c in data.characters.order}
    francisco = state.holders["francisco"]
    if francisco is not None:
        state.seats[francisco].missionaries += 1
        state.missionaries -= 1
    manuel = state.holders["manuel"]
    if manuel is not None:
        state.seats[manuel].extra = "hand"
    events: list[Event] = []
    note(state, events, "The table is set: seat 1 starts with Bartolomeu Dias and 2 VP",
         kind="setup")
    if state.holders["sernigi"] is None:
        begin_round(state, events)
    return state
