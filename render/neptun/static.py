"""The static layer: the sea, the coast, the links with their distance markers, the ports
and the panels' frames — everything that does not change during one game. Drawn once per
process for each (player count, distance markers) at twice the size, then shrunk, so the
coast and lines are smooth; every picture of that game starts from a copy."""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from render import text as tx
from render.neptun.geometry import link_points, marker_at
from render.neptun.layout import Layout, bands, load_layout
from render.neptun.pen import Pen

_LOCK = threading.Lock()


@dataclass(frozen=True)
class StaticLayer:
    image: Image.Image           # RGB, the size of the picture
    palette: Image.Image         # "P" image holding the fixed palette for encoding
    indexed: Image.Image         # the layer itself on that palette
    key: str                     # tells this layer from another game's


def static_for(players: int, links: tuple[tuple[str, str, str, int], ...],
               ports: tuple[tuple[str, str, str], ...],
               temples: tuple[tuple[str, str, str, str], ...]) -> StaticLayer:
    with _LOCK:
        return _build(players, links, ports, temples)


@lru_cache(maxsize=8)
def _build(players: int, links: tuple[tuple[str, str, str, int], ...],
           ports: tuple[tuple[str, str, str], ...],
           temples: tuple[tuple[str, str, str, str], ...]) -> StaticLayer:
    from render.neptun.quantize import build_palette

    layout = load_layout()
    k = layout.canvas.static_scale
    w, h = layout.canvas.width, bands(players).height
    big = Image.new("RGB", (w * k, h * k), layout.colors.background)
    pen = Pen(big, k)
    _sea(pen, layout)
    colours = {key: colour for key, _, _, colour in temples}
    _regions(pen, layout, temples)
    _links(pen, layout, links)
    _ports(pen, layout, ports, colours)
    image = big.resize((w, h), Image.Resampling.LANCZOS)
    _markers(Pen(image), layout, links)
    _port_labels(Pen(image), layout, ports)
    pal = build_palette(image, layout)
    indexed = image.quantize(palette=pal, dither=Image.Dither.NONE)
    key = hashlib.sha1(repr((players, links, ports, temples)).encode()).hexdigest()[:16]
    return StaticLayer(image=image, palette=pal, indexed=indexed, key=key)


def _sea(pen: Pen, layout: Layout) -> None:
    c = layout.colors
    top, bottom = layout.map.top, layout.map.top + layout.map.height
    pen.rect((0, top, layout.canvas.width, bottom), fill=c.land)
    coast = layout.coast
    for shape in (coast.sea, coast.black_sea):
        pen.polygon([layout.project(lon, lat) for lon, lat in shape], fill=c.sea,
                    outline=c.coast, width=2)
    for island in coast.islands:
        pen.polygon([layout.project(lon, lat) for lon, lat in island], fill=c.land,
                    outline=c.coast, width=2)
    # the map's frame; what the projection puts outside it is covered by the panels
    pen.rect((0, bottom, layout.canvas.width, bottom + 4), fill=c.panel_line)


def _regions(pen: Pen, layout: Layout, temples: tuple[tuple[str, str, str, str], ...]) -> None:
    for key, region, _, colour in temples:
        spot = layout.regions.get(key)
        if spot is not None:
            pen.text((spot.x, layout.map.top + spot.y), region.upper(), 22, colour,
                     anchor="mm", bold=True, halo=layout.colors.land)


def _links(pen: Pen, layout: Layout, links: tuple[tuple[str, str, str, int], ...]) -> None:
    c = layout.colors
    for a, b, kind, _ in links:
        points = link_points(layout, a, b)
        if kind == "deep":
            pen.line(points, c.deep_link, 5)
        else:
            pen.line(points, c.sea_link, 4)


def _ports(pen: Pen, layout: Layout, ports: tuple[tuple[str, str, str], ...],
           colours: dict[str, str]) -> None:
    c = layout.colors
    for code, _, temple in ports:
        x, y = layout.port(code)
        if temple:
            pen.circle((x, y), 10, fill=colours.get(temple, c.ink), outline=c.ink, width=2)
        else:                                   # Crete: the start port
            pen.circle((x, y), 13, fill="#ffffff", outline=c.ink, width=3)
            pen.circle((x, y), 6, fill=c.ink)


def _markers(pen: Pen, layout: Layout, links: tuple[tuple[str, str, str, int], ...]) -> None:
    c = layout.colors
    for a, b, kind, miles in links:
        x, y = marker_at(layout, a, b)
        deep = kind == "deep"
        pen.disc((x, y), 14, c.deep_link if deep else "#ffffff",
                 c.deep_link if deep else c.sea_link, str(miles),
                 "#ffffff" if deep else c.deep_link, 15)


LABEL_OFFSET = {"n": (0, -17, "md"), "s": (0, 18, "ma"), "e": (16, 0, "lm"),
                "w": (-16, 0, "rm")}


LABEL_SIZE = 15


def label_box(layout: Layout, code: str, name: str) -> tuple[float, float, float, float]:
    """Where a port's name is written (x0, y0, x1, y1), near enough: ships keep off it."""
    x, y = layout.port(code)
    dx, dy, anchor = LABEL_OFFSET[layout.ports[code].label]
    w, h = tx.width(f"{code} {name}", tx.face_of(True), LABEL_SIZE), LABEL_SIZE + 3
    x, y = x + dx, y + dy
    return {"md": (x - w / 2, y - h, x + w / 2, y), "ma": (x - w / 2, y, x + w / 2, y + h),
            "lm": (x, y - h / 2, x + w, y + h / 2), "rm": (x - w, y - h / 2, x, y + h / 2)}[anchor]


def _port_labels(pen: Pen, layout: Layout, ports: tuple[tuple[str, str, str], ...]) -> None:
    c = layout.colors
    for code, name, _ in ports:
        x, y = layout.port(code)
        dx, dy, anchor = LABEL_OFFSET[layout.ports[code].label]
        pen.text((x + dx, y + dy), f"{code} {name}", LABEL_SIZE, c.ink, anchor=anchor, bold=True,
                 halo=c.panel)
