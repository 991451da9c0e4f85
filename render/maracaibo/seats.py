"""Seat colours, letters and names for one picture: the table's colours (any "#rrggbb" or
a palette name), else the palette's order; a letter on every piece, so colour is never
the only cue — the players' initials when they all differ, as on the other boards
(``render/seats.py``), else A, B, C …"""

from __future__ import annotations

from dataclasses import dataclass

from render import seats as shared
from render.maracaibo.ink import index, palette
from render.palette import SEAT_COLOURS, ink_for

LETTERS = "ABCDEFGH"


@dataclass(frozen=True)
class Seats:
    fills: tuple[str, ...]
    names: tuple[str, ...]
    letters: tuple[str, ...]

    def fill(self, seat: int) -> str:
        return self.fills[seat]

    def ink(self, seat: int) -> str:
        return ink_for(self.fills[seat])

    def letter(self, seat: int) -> str:
        return self.letters[seat]

    def name(self, seat: int) -> str:
        return self.names[seat]


def seat_styles(players: int, names: list[str] | None = None,
                colours: list[str] | None = None) -> Seats:
    fills = []
    for seat in range(players):
        default = SEAT_COLOURS[seat % len(SEAT_COLOURS)].hex
        wanted = colours[seat] if colours and seat < len(colours) else None
        hexa = shared.wanted_colour(wanted) or default  # unknown: the seat's usual one
        # a colour outside the palette is drawn as the nearest palette colour
        r, g, b = palette()[0][index(hexa)]
        fills.append(f"#{r:02x}{g:02x}{b:02x}")
    shown = [(names[s] if names and s < len(names) and names[s] else f"Seat {s + 1}")
             for s in range(players)]
    # the letters as every board picks them (the computer tag is no initial)
    letters = shared.piece_letters(shared.display_names(players, names)[0], LETTERS)
    return Seats(tuple(fills), tuple(shown), tuple(letters))
