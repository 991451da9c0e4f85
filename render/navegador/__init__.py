"""The Navegador board picture: the sea map, rondel, market, buildings, gallery and a
scoreboard, drawn from the public view only.

The static layer (map, tracks, labels) is drawn once per process and per player count
(``static.py``); every call copies it and draws the pieces (``pieces.py``, ``boards.py``,
``panels.py``), then converts the picture to the layer's fixed palette and encodes it.
"""

from __future__ import annotations

from PIL import Image

from render.navegador.boards import draw_buildings, draw_gallery, draw_market, draw_rondel
from render.navegador.layout import load_layout
from render.navegador.panels import draw_header, draw_log, draw_scoreboard, draw_status
from render.navegador.pen import Pen
from render.navegador.pieces import draw_sea
from render.navegador.seats import seat_styles
from render.navegador.static import static_for
from render.png import encode_png
from rules.navegador.state import LastTurn
from rules.navegador.view import NavegadorView


def board_size() -> tuple[int, int]:
    """(width, height) of every Navegador picture."""
    canvas = load_layout().canvas
    return canvas.width, canvas.height


def turns_since(view: NavegadorView, since: NavegadorView | None = None) -> list[LastTurn]:
    """The turn records to draw: every turn from the one under way (or about to start) in
    ``since`` onwards, oldest first; without ``since``, the latest turn only."""
    turns = [t for t in view.turns if t.seat is not None]
    if not turns and view.last.seat is not None:
        turns = [view.last]
    if since is None or since.turn > view.turn:
        return turns[-1:]
    return [t for t in turns if t.turn >= since.turn]


def draw_navegador(view: NavegadorView, names: list[str] | None = None,
                   colours: list[str] | None = None,
                   since: NavegadorView | None = None) -> Image.Image:
    """The finished picture (RGB), before encoding."""
    if not isinstance(view, NavegadorView):
        raise TypeError(f"expected a NavegadorView (the public view), got {type(view).__name__}")
    if since is not None and not isinstance(since, NavegadorView):
        raise TypeError(f"since must be a NavegadorView, got {type(since).__name__}")
    layout = load_layout()
    static = static_for(view)
    seats = seat_styles(view.players, names, layout, colours)
    shown = turns_since(view, since)
    image = static.image.copy()
    pen = Pen(image)
    draw_sea(image, pen, layout, static, view, seats, shown)
    draw_rondel(image, pen, layout, view, seats)
    draw_market(image, pen, layout, view)
    draw_buildings(image, pen, layout, view, seats)
    draw_gallery(image, pen, layout, view)
    draw_header(image, pen, layout, view, seats)
    draw_log(image, pen, layout, view, seats, shown)
    draw_status(image, pen, layout, view, seats)
    draw_scoreboard(image, pen, layout, view, seats)
    return image


def encode(image: Image.Image, view: NavegadorView) -> bytes:
    """PNG bytes: the picture mapped onto the static layer's fixed palette."""
    palette = static_for(view).palette
    return encode_png(image.quantize(palette=palette, dither=Image.Dither.NONE))


def render_navegador(view: NavegadorView, names: list[str] | None = None,
                     colours: list[str] | None = None,
                     since: NavegadorView | None = None) -> bytes:
    """PNG bytes of the board in ``view``. ``since``: the public view as it was just before
    the last human decision; the arrows and highlighted log lines then show every turn from
    there on (the player's own move and the computers' after it), not only the latest."""
    return encode(draw_navegador(view, names, colours, since), view)


def render(view: NavegadorView, names: list[str] | None = None,
           colours: list[str] | None = None, since: NavegadorView | None = None) -> bytes:
    """The registry's entry point (see ``render.registry``)."""
    return render_navegador(view, names, colours, since)
