"""The Neptun board picture, drawn from the public view only: the Mediterranean with its
ports, links and distance markers, the ships and this turn's voyages; the wind and the
forecast; the contracts on offer (face-down ones as backs) with the oar track or this
turn's oar cards; the temples with their point tiles and token stacks; each player's
gold, VP, hand size and contract chart in turn order; and the latest events.

The static layer (map, links, markers) is drawn once per process for each game
(``static.py``). A picture is a stack of horizontal bands — header, map, wind, contracts,
temples, players, log — each drawn on its piece of the static layer, mapped onto the
layer's fixed palette and kept, keyed by exactly what that band shows, so that the next
picture redraws only the bands that changed. The bands are then pasted together and
encoded (PNG, compress level 1).
"""

from __future__ import annotations

import io
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from PIL import Image

from render.neptun.layout import Bands, Layout, bands, load_layout
from render.neptun.panels import (
    draw_display,
    draw_header,
    draw_log,
    draw_players,
    draw_temples,
    draw_wind,
    status_line,
)
from render.neptun.pen import Pen
from render.neptun.seats import SeatStyle, seat_styles
from render.neptun.ships import draw_ships, draw_voyages
from render.neptun.static import StaticLayer, static_for
from rules.neptun.view import NeptunView

COMPRESS_LEVEL = 1
KEEP = 12                    # bands of each kind kept drawn


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


def _log(pen: Pen, layout: Layout, view: NeptunView, seats: list[SeatStyle], b: Bands,
         since: NeptunView | None) -> None:
    draw_log(pen, layout, view, seats, b, new_lines(view, since))


BANDS: list[tuple[str, Drawer, Callable[[NeptunView, list[SeatStyle], Any], str]]] = [
    ("header", _header, lambda v, s, since: json.dumps([v.progress, status_line(v, s)])),
    ("map", _map, lambda v, s, since: _dump(v, {"voyages", "cities"})),
    ("wind", lambda p, la, v, s, b, since: draw_wind(p, la, v, b),
     lambda v, s, since: _dump(v, {"wind", "forecast", "wind_next", "phase", "sail_turn",
                                   "decks"})),
    ("display", lambda p, la, v, s, b, since: draw_display(p, la, v, s, b),
     lambda v, s, since: _dump(v, {"display", "revealing", "phase", "oar_track", "order",
                                   "queue"})
     + json.dumps([(x.revealed, x.chosen) for x in v.sheets])),
    ("temples", lambda p, la, v, s, b, since: draw_temples(p, la, v, s, b),
     lambda v, s, since: _dump(v, {"round", "temples", "gold_tiles", "gold_ranking", "order"})
     + json.dumps([x.gold for x in v.sheets])),
    ("players", lambda p, la, v, s, b, since: draw_players(p, la, v, s, b),
     lambda v, s, since: _dump(v, {"order", "sheets", "to_act", "phase", "result"})),
    ("log", _log, lambda v, s, since: json.dumps([v.log, new_lines(v, since)])),
]

_DRAWN: OrderedDict[tuple[str, ...], Image.Image] = OrderedDict()
_LOCK = threading.Lock()


def _band(name: str, top: int, bottom: int, draw: Drawer, key: str, static: StaticLayer,
          view: NeptunView, seats: list[SeatStyle], since: NeptunView | None) -> Image.Image:
    """One band on the fixed palette: drawn now, or as drawn before for the same key."""
    cache_key = (static.key, name, key, repr(seats))
    with _LOCK:
        tile = _DRAWN.get(cache_key)
        if tile is not None:
            _DRAWN.move_to_end(cache_key)
            return tile
    layout = load_layout()
    rgb = static.image.crop((0, top, static.image.width, bottom))
    draw(Pen(rgb, top=top), layout, view, seats, bands(view.players), since)
    tile = rgb.quantize(palette=static.palette, dither=Image.Dither.NONE)
    with _LOCK:
        _DRAWN[cache_key] = tile
        while len(_DRAWN) > KEEP * len(BANDS):
            _DRAWN.popitem(last=False)
    return tile


def draw_indexed(view: NeptunView, names: list[str] | None = None,
                 colours: list[str] | None = None,
                 since: NeptunView | None = None) -> Image.Image:
    """The finished picture on its fixed palette ("P"), before encoding."""
    if not isinstance(view, NeptunView):
        raise TypeError(f"expected a NeptunView (the public view), got {type(view).__name__}")
    if since is not None and not isinstance(since, NeptunView):
        raise TypeError(f"since must be a NeptunView, got {type(since).__name__}")
    static = _static(view)
    seats = seat_styles(view.players, names, colours)
    b = bands(view.players)
    image = static.indexed.copy()
    where = {"header": b.header, "map": b.map, "wind": b.wind, "display": b.display,
             "temples": b.temples, "players": b.players, "log": b.log}
    for name, draw, key in BANDS:
        top, bottom = where[name]
        tile = _band(name, top, bottom, draw, key(view, seats, since), static, view, seats,
                     since)
        image.paste(tile, (0, top))
    return image


def draw_neptun(view: NeptunView, names: list[str] | None = None,
                colours: list[str] | None = None,
                since: NeptunView | None = None) -> Image.Image:
    """The finished picture in RGB (for tests and tools)."""
    return draw_indexed(view, names, colours, since).convert("RGB")


def encode(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=COMPRESS_LEVEL)
    return buf.getvalue()


def render(view: NeptunView, names: list[str] | None = None,
           colours: list[str] | None = None, since: NeptunView | None = None) -> bytes:
    """PNG bytes of the board in the public ``view`` (the registry's entry point)."""
    return encode(draw_indexed(view, names, colours, since))


def forget_drawn() -> None:
    """Drop every band kept drawn (benchmarks measure a picture drawn from scratch)."""
    with _LOCK:
        _DRAWN.clear()
