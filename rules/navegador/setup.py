"""Setting up the table (spec §1.3)."""

from __future__ import annotations

import random
from typing import Any

from rules.errors import IllegalMoveError
from rules.navegador.data import GOODS, load_data
from rules.navegador.state import NavegadorCard, NavegadorState, PlayerSheet, SeaRegion


def new_sheet() -> PlayerSheet:
    data = load_data()
    return PlayerSheet(
        cash=data.start_cash,
        workers=data.worker_start,
        ships={data.start_region: data.ships_start_on_board},
        supply=data.ship_pieces - data.ships_start_on_board,
        factories=dict.fromkeys(GOODS, 0),
        orange=data.start_sheet.orange_factories,
        shipyards=data.row("shipyard").per_player_start,
        churches=data.row("church").per_player_start,
        colonies={good: [] for good in GOODS},
        privileges={col.key: 0 for col in data.privileges},
    )


def setup(players: int, seed: int, options: dict[str, Any] | None = None) -> NavegadorState:
    data = load_data()
    if not data.min_players <= players <= data.max_players:
        raise IllegalMoveError(
            f"Navegador is for {data.min_players} to {data.max_players} players, not {players}."
        )
    rng = random.Random(seed)

    # Colonies: one random token of each good leaves the game unseen; the rest are
    # shuffled per good and dealt face down onto the stacks.
    pools: dict[str, list[int]] = {}
    for good in GOODS:
        tokens = data.colonies.values(good)
        rng.shuffle(tokens)
        pools[good] = tokens[data.colonies.removed_per_good:]
    regions: dict[str, SeaRegion] = {}
    for info in data.regions:
        stack = [pools[info.good].pop() for _ in range(info.stack)] if info.stack else []
        regions[info.id] = SeaRegion(id=info.id, explorer=info.explorer, tokens=stack)

    start_player = rng.randrange(players)
    gallery_start = data.phases.gallery_level[players][0]
    supply = data.privilege_rules.supply_per_type
    sheets = [new_sheet() for _ in range(players)]
    # Play passes clockwise: seat s is followed by seat s + 1. The start player's
    # right-hand neighbour, last in turn order, takes the Navegador card.
    holder = (start_player - 1) % players
    return NavegadorState(
        seed=seed,
        players=players,
        options=dict(options or {}),
        phase=data.start_phase,
        current=start_player,
        regions=regions,
        market={good: data.market.start_row for good in GOODS},
        bought={row.key: 0 for row in data.buildings},
        gallery={col.key: gallery_start for col in data.privileges},
        privilege_supply={col.key: supply - gallery_start for col in data.privileges},
        sheets=sheets,
        card=NavegadorCard(holder=holder),
        start_player=start_player,
        first_turn_done=[False] * players,
    )
