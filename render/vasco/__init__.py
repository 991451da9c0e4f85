"""The Vasco da Gama picture: the navigation routes with every ship, the sequence numbers
with the free-action marker and the Vasco da Gama tiles, the action slots, characters,
recruiting sections, the project market, a panel per player and the log — drawn from the
public view only.

The static layer is drawn once per process and player count (``static.py``); a picture is
a copy of it with cached sprites pasted on (``canvas.py``), encoded as a palette PNG.
"""

from __future__ import annotations

from PIL import Image

from render.png import encode_png
from render.vasco.board import draw_areas, draw_characters, draw_navigation, draw_numbers
from render.vasco.canvas import Canvas
from render.vasco.layout import load_layout
from render.vasco.market import draw_projects, draw_recruit
from render.vasco.panels import draw_header, draw_log, draw_players
from render.vasco.seats import seat_styles
from render.vasco.static import static_layer
from rules.vasco.view import VascoView


def board_size() -> tuple[int, int]:
    canvas = load_layout().canvas
    return canvas.width, canvas.height


def draw_vasco(view: VascoView, names: list[str] | None = None,
               colours: list[str] | None = None, since: VascoView | None = None
               ) -> Image.Image:
    """The finished picture ("P" mode), before encoding."""
    if not isinstance(view, VascoView):
        raise TypeError(f"expected a VascoView (the public view), got {type(view).__name__}")
    if since is not None and not isinstance(since, VascoView):
        raise TypeError(f"since must be a VascoView, got {type(since).__name__}")
    layout = load_layout()
    seats = seat_styles(view.players, names, layout, colours)
    cv = Canvas(static_layer(view.players), layout.fonts.min)
    draw_header(cv, layout, view, seats)
    draw_navigation(cv, layout, view, seats)
    draw_numbers(cv, layout, view)
    draw_areas(cv, layout, view, seats)
    draw_characters(cv, layout, view, seats)
    draw_recruit(cv, layout, view, seats)
    draw_projects(cv, layout, view)
    draw_players(cv, layout, view, seats)
    draw_log(cv, layout, view, seats, since)
    return cv.image


def render(view: VascoView, names: list[str] | None = None, colours: list[str] | None = None,
           since: VascoView | None = None) -> bytes:
    """PNG bytes of the board in ``view`` (the registry's entry point)."""
    return encode_png(draw_vasco(view, names, colours, since))
