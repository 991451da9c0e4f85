"""How each seat looks on the Neptun board (``render/seats.py``): the palette's order by
default, letters A-H, and a light tint for the seat's row."""

from __future__ import annotations

from render import palette
from render import seats as shared
from render.seats import SeatStyle

LETTERS = "ABCDEFGH"
TINT = 0.8          # how much white a seat's row mixes into its colour

__all__ = ["SeatStyle", "seat_styles", "tint_of"]


def tint_of(color: str) -> str:
    """A pale version of ``color`` for the background of that seat's row."""
    return shared.tint_of(color, TINT)


def seat_styles(players: int, names: list[str] | None,
                colours: list[str] | None = None) -> list[SeatStyle]:
    """See ``render.seats.seat_styles``; by default the seats take the palette's order."""
    return shared.seat_styles(players, names, colours,
                              [c.hex for c in palette.SEAT_COLOURS], LETTERS, TINT)
