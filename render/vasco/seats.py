"""How each seat looks on the Vasco da Gama board (``render/seats.py``): the layout's
seat colours by default, letters A-D, and a light tint for the player panels."""

from __future__ import annotations

from render import palette
from render import seats as shared
from render.seats import SeatStyle
from render.vasco.layout import Layout

LETTERS = "ABCD"
TINT = 0.8          # how much white a seat's panel mixes into its colour

__all__ = ["SeatStyle", "all_seat_colours", "seat_styles", "tint_of"]


def tint_of(colour: str) -> str:
    """A pale version of ``colour`` for the background of that seat's panel."""
    return shared.tint_of(colour, TINT)


def _defaults(layout: Layout) -> list[str]:
    return [palette.PALETTE[n] for n in layout.colors.seats]


def all_seat_colours(layout: Layout) -> list[str]:
    """Every colour a seat may have (the shared palette), the layout's defaults first."""
    return shared.all_seat_colours(_defaults(layout))


def seat_styles(players: int, names: list[str] | None, layout: Layout,
                colours: list[str] | None = None) -> list[SeatStyle]:
    """See ``render.seats.seat_styles``; ``colours`` replace the layout's seat colours."""
    return shared.seat_styles(players, names, colours, _defaults(layout), LETTERS, TINT)
