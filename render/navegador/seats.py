"""How each seat looks on the Navegador board (``render/seats.py``): the layout's seat
colours by default, letters A-E, and a light tint for the scoreboard rows."""

from __future__ import annotations

from render import palette
from render import seats as shared
from render.navegador.layout import Layout
from render.seats import SeatStyle

LETTERS = "ABCDE"
TINT = 0.78         # how much white a seat's scoreboard row mixes into its colour

__all__ = ["SeatStyle", "all_seat_colours", "seat_styles", "tint_of"]


def tint_of(color: str) -> str:
    """A pale version of ``color`` for the background of that seat's scoreboard row."""
    return shared.tint_of(color, TINT)


def _defaults(layout: Layout) -> list[str]:
    return [palette.PALETTE[n] for n in layout.colors.seats]


def all_seat_colours(layout: Layout) -> list[str]:
    """Every colour a seat may have (the shared palette), the layout's defaults first."""
    return shared.all_seat_colours(_defaults(layout))


def seat_styles(players: int, names: list[str] | None, layout: Layout,
                colours: list[str] | None = None) -> list[SeatStyle]:
    """See ``render.seats.seat_styles``; ``colours`` replace the layout's seat colours."""
    return shared.seat_styles(players, names, colours, _defaults(layout), LETTERS, TINT)
