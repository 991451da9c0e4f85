"""Positions derived from the layout, shared by the static layer and the pieces."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable

from render.navegador.layout import Box, Layout

GOOD_ORDER = ("sugar", "gold", "spice")


def tile_box(layout: Layout, region: str) -> Box:
    x, y = layout.map.regions[region]
    w, h = layout.map.tile
    return (x - w // 2, y - h // 2, x - w // 2 + w, y - h // 2 + h)


def polar(centre: tuple[float, float], r: float, degrees: float) -> tuple[float, float]:
    """A point at ``r`` from ``centre``; 0 degrees = 3 o'clock, growing clockwise."""
    a = math.radians(degrees)
    return centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)


def space_angle(index: int, spaces: int) -> float:
    """Centre angle of rondel space ``index``; space 0 at 12 o'clock, then clockwise."""
    return -90 + index * 360 / spaces


def market_cell(layout: Layout, col: int, row: int) -> Box:
    """Ladder cell: ``col`` 0..2 = sugar, gold, spice selling, 3 = factory; ``row`` 0..8."""
    m = layout.market
    w, h = m.cell
    x = m.box[0] + m.ladder_x + col * w + (8 if col == 3 else 0)
    y = m.box[1] + m.title_h + 30 + row * h
    return (x, y, x + w, y + h)


def building_slot(layout: Layout, row: int, slot: int) -> Box:
    b = layout.buildings
    x = b.box[0] + 12 + b.label_w + slot * b.slot_w
    y = b.box[1] + b.title_h + row * b.row_h
    return (x + 3, y + 4, x + b.slot_w - 3, y + b.row_h - 4)


def gallery_column(layout: Layout, index: int, columns: int) -> Box:
    g = layout.gallery
    w = (g.box[2] - g.box[0] - 16) / columns
    x = g.box[0] + 8 + index * w
    return (round(x + 3), g.box[1] + g.title_h, round(x + w - 3), g.box[3] - 8)


def score_columns(layout: Layout) -> dict[str, tuple[int, int]]:
    """Column key -> (left, right) x of the scoreboard column."""
    x = layout.scoreboard.box[0] + 8
    out: dict[str, tuple[int, int]] = {}
    for col in layout.scoreboard.columns:
        out[col.key] = (x, x + col.width)
        x += col.width
    return out


def score_row(layout: Layout, seat: int) -> tuple[int, int]:
    s = layout.scoreboard
    top = s.box[1] + s.head_h + seat * s.row_h
    return top, top + s.row_h


def route(edges: Iterable[tuple[str, str]], origin: str, dest: str,
          open_regions: set[str]) -> list[str]:
    """Shortest chain of regions from origin to dest, passing only through open regions."""
    nbrs: dict[str, list[str]] = {}
    for a, b in edges:
        nbrs.setdefault(a, []).append(b)
        nbrs.setdefault(b, []).append(a)
    for allowed in (open_regions, None):
        prev: dict[str, str | None] = {origin: None}
        queue = deque([origin])
        while queue:
            here = queue.popleft()
            if here == dest:
                path = [here]
                while (back := prev[path[-1]]) is not None:
                    path.append(back)
                return path[::-1]
            if here != origin and allowed is not None and here not in allowed:
                continue
            for nxt in sorted(nbrs.get(here, [])):
                if nxt not in prev:
                    prev[nxt] = here
                    queue.append(nxt)
    return [origin, dest]


def clip_to_box(inside: tuple[float, float], outside: tuple[float, float], box: Box,
                margin: float = 4) -> tuple[float, float]:
    """Where the segment from ``inside`` (in ``box``) towards ``outside`` leaves the box."""
    (x0, y0), (x1, y1) = inside, outside
    dx, dy = x1 - x0, y1 - y0
    ts = []
    if dx:
        edge = box[2] + margin if dx > 0 else box[0] - margin
        ts.append((edge - x0) / dx)
    if dy:
        edge = box[3] + margin if dy > 0 else box[1] - margin
        ts.append((edge - y0) / dy)
    t = min([t for t in ts if t > 0], default=0.0)
    t = min(t, 1.0)
    return x0 + dx * t, y0 + dy * t
