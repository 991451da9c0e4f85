"""The Neptun board picture, drawn from the public view only: the Mediterranean with its
ports, links and distance markers, the ships and this turn's voyages; the wind and the
forecast; the contracts on offer (face-down ones as backs) with the oar track or this
turn's oar cards; the temples with their point tiles and token stacks; each player's
gold, VP, hand size and contract chart in turn order; and the latest events.

The static layer (map, links, markers) is drawn once per process for each game
(``static.py``). A picture is a stack of horizontal bands — header, map, wind, contracts,
temples, players, log — each drawn on its piece of the static layer, mapped onto the
layer's fixed palette and kept, keyed by exactly what that band shows, so that the next
picture redraws only the bands that changed; each player's row and each log line is such
a piece too, kept by its content wherever it stands. The pieces are then pasted together
and encoded (``render.png``).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from PIL import Image

from render.neptun.layout import LOG_LINE, ROW, Bands, Layout, bands, load_layout
from render.neptun.panels import (
    draw_display,
    draw_header,
    draw_log_frame,
    draw_players_title,
    draw_temples,
    draw_wind,
    log_line,
    log_lines,
    player_row,
    status_line,
)
from render.neptun.pen import Pen
from render.neptun.seats import SeatStyle, seat_styles
from render.neptun.ships import draw_ships, draw_voyages
from render.neptun.static import StaticLayer, static_for
from render.png import encode_png
from rules.neptun.view import NeptunView

KEEP = 12                    # pieces of each kind kept drawn


def _static(view: NeptunView) -> StaticLayer:
    links = tuple((lk.a, lk.b, lk.kind, lk.miles) for lk in view.links)
    ports = tuple((c.code, c.name, c.temple) for c in view.cities)
    temples = tuple((t.key, t.region, t.god, t.colour) for t in view.temples)
    return static_for(view.players, links, ports, temples)


def new_lines(view: NeptunView, since: NeptunView | None) -> int:
    """How many of the view's log lines came after ``since`` (the latest one without)."""
    if since is None:
        return 1 if view.log else 0
    old = since.log
    for k in range(min(len(old), len(view.log)), 0, -1):
        if view.log[:k] == old[-k:]:
            return len(view.log) - k
    return len(view.log)


def _dump(view: NeptunView, fields: set[str] | dict[str, Any]) -> str:
    return view.model_dump_json(include=fields)


# Each band: where it is, what it shows (its key), and how it is drawn.
Drawer = Callable[[Pen, Layout, NeptunView, list[SeatStyle], Bands, NeptunView | None], None]


def _header(pen: Pen, layout: Layout, view: NeptunView, seats: list[SeatStyle], b: Bands,
            since: NeptunView | None) -> None:
    draw_header(pen, layout, view, seats, view.progress)


def _map(pen: Pen, layout: Layout, view: NeptunView, seats: list[SeatStyle], b: Bands,
         since: NeptunView | None) -> None:
    draw_voyages(pen, layout, view, seats)
    draw_ships(pen, layout, view, seats)


BANDS: list[tuple[str, Drawer, Callable[[NeptunView, list[SeatStyle], Any], str]]] = [
    ("header", _header, lambda v, s, since: json.dumps([v.progress, status_line(v, s)])),
    ("map", _map, lambda v, s, since: _dump(v, {"voyages", "cities"})),
    ("wind", lambda p, la, v, s, b, since: draw_wind(p, la, v, b),
     lambda v, s, since: _dump(v, {"wind", "forecast", "wind_next", "phase", "sail_turn",
                                   "decks"})),
    ("display", lambda p, la, v, s, b, since: draw_display(p, la, v, s, b),
     lambda v, s, since: _dump(v, {"display", "revealing", "phase", "oar_track", "order",
                                   "queue", "said_yes", "current"})
     + json.dumps([(x.revealed, x.chosen) for x in v.sheets])),
    ("temples", lambda p, la, v, s, b, since: draw_temples(p, la, v, s, b),
     lambda v, s, since: _dump(v, {"round", "temples", "gold_tiles", "gold_ranking", "order"})
     + json.dumps([x.gold for x in v.sheets])),
    ("players", lambda p, la, v, s, b, since: draw_players_title(p, la, b),
     lambda v, s, since: ""),
    ("log", lambda p, la, v, s, b, since: draw_log_frame(p, la, v, b),
     lambda v, s, since: str(bool(v.log))),
]

_DRAWN: OrderedDict[tuple[str, ...], Image.Image] = OrderedDict()
_LOCK = threading.Lock()
KEEP_TILES = KEEP * (len(BANDS) + 12)


def _tile(cache_key: tuple[str, ...], background: Callable[[], Image.Image], top: int,
          draw: Callable[[Pen], None], palette: Image.Image) -> Image.Image:
    """A piece of the picture on the fixed palette: drawn now on ``background()`` (its top
    edge at picture height ``top``), or as drawn before for the same key."""
    with _LOCK:
        tile = _DRAWN.get(cache_key)
        if tile is not None:
            _DRAWN.move_to_end(cache_key)
            return tile
    rgb = background()
    draw(Pen(rgb, top=top))
    tile = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    with _LOCK:
        _DRAWN[cache_key] = tile
        while len(_DRAWN) > KEEP_TILES:
            _DRAWN.popitem(last=False)
    return tile


def _row_key(view: NeptunView, seat: int) -> str:
    """Everything one player's row shows."""
    return json.dumps([view.sheets[seat].model_dump(mode="json"), seat in view.to_act,
                       view.result is None, view.phase])


def draw_indexed(view: NeptunView, names: list[str] | None = None,
                 colours: list[str] | None = None,
                 since: NeptunView | None = None) -> Image.Image:
    """The finished picture on its fixed palette ("P"), before encoding."""
    if not isinstance(view, NeptunView):
        raise TypeError(f"expected a NeptunView (the public view), got {type(view).__name__}")
    if since is not None and not isinstance(since, NeptunView):
        raise TypeError(f"since must be a NeptunView, got {type(since).__name__}")
    layout = load_layout()
    static = _static(view)
    seats = seat_styles(view.players, names, colours)
    who = repr(seats)
    b = bands(view.players)
    width = static.image.width
    image = static.indexed.copy()
    where = {"header": b.header, "map": b.map, "wind": b.wind, "display": b.display,
             "temples": b.temples, "players": (b.players[0], b.players[0] + 34),
             "log": b.log}
    for name, draw, key in BANDS:
        top, bottom = where[name]

        def crop(top: int = top, bottom: int = bottom) -> Image.Image:
            return static.image.crop((0, top, width, bottom))

        def paint(pen: Pen, draw: Drawer = draw) -> None:
            draw(pen, layout, view, seats, b, since)

        tile = _tile((static.key, name, key(view, seats, since), who), crop, top, paint,
                     static.palette)
        image.paste(tile, (0, top))
    # Rows and log lines look the same wherever they stand: kept by content alone.
    for i, seat in enumerate(view.order):
        y = b.players[0] + 34 + i * ROW

        def row(pen: Pen, seat: int = seat, y: int = y) -> None:
            player_row(pen, layout, view, seats[seat], seat, y)

        tile = _tile((static.key, "row", _row_key(view, seat), who),
                     lambda: Image.new("RGB", (width, ROW), layout.colors.background), y, row,
                     static.palette)
        image.paste(tile, (0, y))
    for i, (text, fresh) in enumerate(log_lines(view, seats, new_lines(view, since))):
        y = b.log[0] + 34 + i * LOG_LINE

        def line(pen: Pen, text: str = text, fresh: bool = fresh, y: int = y) -> None:
            log_line(pen, layout, text, fresh, y)

        tile = _tile((static.key, "line", text, str(fresh)),
                     lambda: Image.new("RGB", (width, LOG_LINE), layout.colors.panel), y, line,
                     static.palette)
        image.paste(tile, (0, y))
    return image


def draw_neptun(view: NeptunView, names: list[str] | None = None,
                colours: list[str] | None = None,
                since: NeptunView | None = None) -> Image.Image:
    """The finished picture in RGB (for tests and tools)."""
    return draw_indexed(view, names, colours, since).convert("RGB")


def render(view: NeptunView, names: list[str] | None = None,
           colours: list[str] | None = None, since: NeptunView | None = None) -> bytes:
    """PNG bytes of the board in the public ``view`` (the registry's entry point)."""
    return encode_png(draw_indexed(view, names, colours, since))


def forget_drawn() -> None:
    """Drop every band kept drawn (benchmarks measure a picture drawn from scratch)."""
    with _LOCK:
        _DRAWN.clear()
