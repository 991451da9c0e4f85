"""Phase 3, after the merchant ship: income, landing-complete VP and moving up.

Landings are processed from the top (Calicut) down, so a landing emptied by moving up can
take the ships of the landing below in the same phase (the seed's Mombasa -> Malindi,
Mozambique -> Mombasa example).
"""

from __future__ import annotations

from rules.contract import Event
from rules.vasco.board import note, plural, reales, switch
from rules.vasco.data import load_data
from rules.vasco.ships import slot_allows, tile_text
from rules.vasco.state import Ship, VascoState


def complete(state: VascoState, landing: str) -> bool:
    return all(ship is not None for ship in state.landings[landing])


def income(state: VascoState, events: list[Event]) -> None:
    """Every player ship on the board pays its owner its shields (VP) and coins."""
    data = load_data()
    vp = [0] * state.players
    coins = [0] * state.players
    for slots in state.landings.values():
        for ship in slots:
            if ship is None or ship.owner is None:
                continue
            tile = data.tiles[ship.tile]
            vp[ship.owner] += tile.vp
            coins[ship.owner] += tile.coins
    for seat in range(state.players):
        if vp[seat] or coins[seat]:
            state.seats[seat].vp += vp[seat]
            state.seats[seat].coins += coins[seat]
            parts = [f"{vp[seat]} VP"] if vp[seat] else []
            parts += [reales(coins[seat])] if coins[seat] else []
            note(state, events, f"earned {' and '.join(parts)} from ships at sea", seat,
                 kind="income")


def landing_vp(state: VascoState, events: list[Event]) -> None:
    """Each player ship on a complete landing scores that landing's value."""
    for info in load_data().landings:
        if not info.complete_vp or not complete(state, info.key):
            continue
        per_seat = [0] * state.players
        for ship in state.landings[info.key]:
            if ship is not None and ship.owner is not None:
                per_seat[ship.owner] += 1
        for seat, n in enumerate(per_seat):
            if n:
                gain = n * info.complete_vp
                state.seats[seat].vp += gain
                note(state, events, f"scored {gain} VP for {plural(n, 'ship')} at {info.name}, "
                                    f"whose landing is complete", seat, kind="landing")


def _remove(state: VascoState, ship: Ship, events: list[Event], why: str) -> None:
    state.removed.append(ship.tile)
    if ship.owner is not None:
        state.seats[ship.owner].captains += 1
        note(state, events, f"takes {tile_text(ship.tile)} off the board: it {why}; the "
                            "captain comes home", ship.owner, kind="removed")
    else:
        note(state, events, f"The {tile_text(ship.tile)} {why} and leaves the game",
             kind="removed")


def advance(state: VascoState, events: list[Event]) -> None:
    """Complete landings send their ships one landing up, left to right, each to the
    leftmost free slot it may take; a ship that fits nowhere leaves the game. Ships on a
    complete top landing leave the game. Captains of removed ships go home."""
    landings = load_data().landings
    arrows = switch(state, "arrow_rule_on_advance")
    for i in range(len(landings) - 1, -1, -1):
        info = landings[i]
        if not complete(state, info.key):
            continue
        ships = [s for s in state.landings[info.key] if s is not None]
        state.landings[info.key] = [None] * len(info.slots)
        if i == len(landings) - 1:
            for ship in ships:
                _remove(state, ship, events, f"completes the voyage to {info.name}")
            continue
        upper = landings[i + 1]
        target = state.landings[upper.key]
        for ship in ships:
            spot = next((j for j, here in enumerate(target) if here is None and slot_allows(
                upper, j + 1, ship.strength, ship.owner is None, arrows)), None)
            if spot is None:
                _remove(state, ship, events, f"finds no free slot at {upper.name}")
                continue
            target[spot] = ship
            who = ship.owner
            text = f"moves {tile_text(ship.tile)} up from {info.name} to {upper.name} slot " \
                   f"{spot + 1}"
            if who is None:
                note(state, events, f"The {tile_text(ship.tile)} moves up from {info.name} to "
                                    f"{upper.name} slot {spot + 1}", kind="advance")
            else:
                note(state, events, text, who, kind="advance")
