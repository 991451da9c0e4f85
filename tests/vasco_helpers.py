"""Helpers for the Vasco da Gama tests: build a table at a given moment by editing a set-up
state the way the rulebook's examples describe it."""

from __future__ import annotations

from rules import get_game
from rules.vasco.data import load_data
from rules.vasco.game import VascoDaGama
from rules.vasco.state import Disc, Ship, VascoState

G: VascoDaGama = get_game("vasco")  # type: ignore[assignment]
DATA = load_data()


def ready(players: int = 3, seed: int = 1) -> VascoState:
    """A game after setup, the setup merchant ship placed: phase 1 of round 1."""
    state = G.setup(players, seed)
    holder = state.holders["sernigi"]
    assert holder is not None
    moves = [str(m) for m in G.legal_moves(state, holder)]
    # a landing whose bonus takes nothing from the display or the sections
    move = next((m for key in ("mombasa", "malindi", "mozambique", "terra")
                 for m in moves if m.startswith(f"merchant {key}") and "from" not in m),
                moves[0])
    state, _ = G.play(state, holder, move)
    assert state.phase == "place"
    return state


def edit(state: VascoState) -> VascoState:
    return state.model_copy(deep=True)


def calling(state: VascoState, seat: int, number: int, area: str, free: int,
            slot: int = 1) -> VascoState:
    """Phase 2 with ``seat``'s disc carrying ``number`` on ``area``-``slot`` just called
    (every other disc cleared) and the free-action marker on ``free``."""
    s = edit(state)
    s.phase = "act"
    for key in s.slots:
        s.slots[key] = [None] * len(s.slots[key])
    s.slots[area][slot - 1] = Disc(seat=seat, number=number)
    if number in s.numbers:
        s.numbers.remove(number)
    s.called = number
    s.free = free
    s.expedition = None
    return s


def empty_board(state: VascoState) -> VascoState:
    """The navigation board cleared (its ships out of the game, captains home)."""
    s = edit(state)
    for info in DATA.landings:
        for ship_ in s.landings[info.key]:
            if ship_ is not None:
                s.removed.append(ship_.tile)
                if ship_.owner is not None:
                    s.seats[ship_.owner].captains += 1
        s.landings[info.key] = [None] * len(info.slots)
    return s


def ship(tile: str, owner: int | None) -> Ship:
    return Ship(tile=tile, owner=owner, strength=DATA.strength(tile))


def merchant_of(strength: int) -> str:
    return DATA.merchant_ids[DATA.merchant_strengths.index(strength)]


def take_out(state: VascoState, tile: str) -> None:
    """Remove a tile from wherever it is (stacks, display, San Gabriel, merchants), so it
    can be placed somewhere else without breaking the tile count."""
    for stack in state.stacks.values():
        if tile in stack:
            stack.remove(tile)
    state.display = [None if t == tile else t for t in state.display]
    if state.san_gabriel == tile:
        state.san_gabriel = None
    if tile in state.merchants:
        state.merchants.remove(tile)
    for key, slots in state.landings.items():
        state.landings[key] = [None if s is not None and s.tile == tile else s for s in slots]
    for p in state.seats:
        for pile in (p.projects, p.ships):
            if tile in pile:
                pile.remove(tile)
    if tile in state.removed:
        state.removed.remove(tile)


def give_sailors(state: VascoState, seat: int, **counts: int) -> None:
    """Move sailors from the bag into a player's supply."""
    for colour, n in counts.items():
        assert state.bag[colour] >= n
        state.bag[colour] -= n
        state.seats[seat].sailors[colour] += n


def play(state: VascoState, seat: int, text: str) -> tuple[VascoState, list]:
    return G.play(state, seat, text)
