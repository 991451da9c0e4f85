"""Checks that hold after every move of every Navegador game (used by random play)."""

from __future__ import annotations

from rules.fuzz import InvariantError
from rules.navegador.data import GOODS, load_data
from rules.navegador.state import NavegadorState


def check(state: NavegadorState) -> None:  # type: ignore[override]
    data = load_data()
    problems: list[str] = []
    for seat, sheet in enumerate(state.sheets):
        who = f"seat {seat + 1}"
        if sheet.cash < 0:
            problems.append(f"{who} has negative cash {sheet.cash}")
        if sheet.cash % 10:
            problems.append(f"{who} cash {sheet.cash} is not a multiple of 10")
        if not data.worker_min <= sheet.workers <= data.worker_max:
            problems.append(f"{who} has {sheet.workers} workers")
        if sheet.ships_on_board + sheet.supply != data.ship_pieces:
            problems.append(f"{who} ships: {sheet.ships_on_board} out + {sheet.supply} supply")
        if any(n <= 0 for n in sheet.ships.values()):
            problems.append(f"{who} has an empty ship entry {sheet.ships}")
        for col, n in sheet.privileges.items():
            if n + (sheet.king == col) > data.privilege_rules.slots_per_column:
                problems.append(f"{who} has {n} {col} privileges")
    for good in GOODS:
        in_play = len(data.colonies.values(good)) - data.colonies.removed_per_good
        owned = sum(len(s.colonies[good]) for s in state.sheets)
        on_map = sum(len(r.tokens) for rid, r in state.regions.items()
                     if data.region(rid).good == good)
        if owned + on_map != in_play:
            problems.append(f"{good} colonies: {owned} owned + {on_map} on the map != {in_play}")
        if not 1 <= state.market[good] <= data.market.rows:
            problems.append(f"{good} cube off the ladder: {state.market[good]}")
    for row in data.buildings:
        owned = sum(_owned(s, row.kind, row.good) for s in state.sheets)
        start = row.per_player_start * state.players
        bought = state.bought[row.key]
        if owned - start != bought or bought > row.on_board(state.players):
            problems.append(f"{row.key} row: bought {state.bought[row.key]}, owned {owned}")
    for col in data.privileges:
        placed = sum(s.privileges[col.key] for s in state.sheets)
        total = placed + state.gallery[col.key] + state.privilege_supply[col.key]
        if total != data.privilege_rules.supply_per_type:
            problems.append(f"{col.key} privileges: {total} accounted for")
    explorers = sum(s.explorers for s in state.sheets)
    disks = sum(1 for r in data.regions if r.explorer)
    if explorers + sum(r.explorer for r in state.regions.values()) != disks:
        problems.append("explorer disks not conserved")
    if not 1 <= state.phase <= 3:
        problems.append(f"phase {state.phase}")
    if problems:
        raise InvariantError("; ".join(problems))


def _owned(sheet, kind: str, good: str) -> int:
    if kind == "factory":
        return sheet.factories[good]
    return sheet.shipyards if kind == "shipyard" else sheet.churches
