"""Building the 'Given' of a seed example: a real game, adjusted to the situation."""

from __future__ import annotations

from rules import get_game
from rules.navegador.data import load_data
from rules.navegador.state import NavegadorState

G = get_game("navegador")
DATA = load_data()
A, B, C, D = 0, 1, 2, 3


def space_of(key: str) -> int:
    return [s.key for s in DATA.rondel].index(key)


def table(players: int = 3, seed: int = 1) -> NavegadorState:
    """A fresh game where seat 0 (A) starts and the first round is over, so the
    rondel costs and the card work as in mid-game."""
    state = G.setup(players, seed)
    state.current = A
    state.card.holder = players - 1
    state.first_turn_done = [True] * players
    for sheet in state.sheets:
        sheet.stone = space_of("privilege")   # one step before Workers
    state.card.mark = state.sheets[players - 1].stone
    return state


def ready(state: NavegadorState, seat: int, key: str, steps: int = 1) -> NavegadorState:
    """Seat is to move, with its stone ``steps`` spaces before ``key``."""
    state.current = seat
    state.step = "start"
    state.sheets[seat].stone = (space_of(key) - steps) % len(DATA.rondel)
    return state


def explore_all(state: NavegadorState, *regions: str) -> NavegadorState:
    for rid in regions:
        state.regions[rid].explorer = False
        state.regions[rid].revealed = True
    return state


def put_ships(state: NavegadorState, seat: int, **where: int) -> NavegadorState:
    """Place exactly these ships on the board for seat; the rest in the supply."""
    sheet = state.sheets[seat]
    sheet.ships = {r: n for r, n in where.items() if n}
    sheet.supply = DATA.ship_pieces - sum(where.values())
    return state


def play(state: NavegadorState, seat: int, text: str):
    return G.play(state, seat, text)
