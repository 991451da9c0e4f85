"""Geometry of the map: where a link's marker sits, the points of a (bent) link, and
where the ships in a port go."""

from __future__ import annotations

import math
from collections.abc import Sequence

from render.neptun.layout import Layout

Point = tuple[float, float]


def bend_of(layout: Layout, a: str, b: str) -> float:
    """The link's bend (px to the left of a -> b), whichever way round it is listed."""
    if f"{a}-{b}" in layout.bends:
        return layout.bends[f"{a}-{b}"]
    return -layout.bends.get(f"{b}-{a}", 0.0)


def link_points(layout: Layout, a: str, b: str, steps: int = 16) -> list[Point]:
    """Points along the link a -> b (a quadratic curve when it is bent)."""
    (x1, y1), (x2, y2) = layout.port(a), layout.port(b)
    bend = bend_of(layout, a, b)
    if not bend:
        return [(x1, y1), (x2, y2)]
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    # left of the direction a -> b, doubled so that the curve's middle is ``bend`` away
    cx, cy = mx + dy / length * bend * 2, my - dx / length * bend * 2
    out = []
    for i in range(steps + 1):
        t = i / steps
        out.append(((1 - t) ** 2 * x1 + 2 * (1 - t) * t * cx + t * t * x2,
                    (1 - t) ** 2 * y1 + 2 * (1 - t) * t * cy + t * t * y2))
    return out


def marker_at(layout: Layout, a: str, b: str) -> Point:
    points = link_points(layout, a, b)
    if len(points) == 2:
        (x1, y1), (x2, y2) = points
        return (x1 + x2) / 2, (y1 + y2) / 2
    return points[len(points) // 2]


Box = tuple[float, float, float, float]
SHIP_R = 13.0
CLEAR = 4.0          # px between a ship and what it must not cover that is clear enough
RIM = 4.0            # px of a distance marker's rim a ship may cover: its number still shows


def ship_rows(centre: Point, count: int, label: str, gap: float = 27.0) -> list[list[Point]]:
    """Ways to place ``count`` ships at a port, the usual one first: a row on the side away
    from its label; then a row on each other side, a column centred on, hanging from or
    standing on the port."""
    x, y = centre
    away = {"n": "s", "s": "n", "e": "w", "w": "e"}[label]
    out = []
    for side in (away, *(s for s in "nsew" if s not in (away, label))):
        if side in ("n", "s"):
            dy = 27.0 if side == "s" else -27.0
            first = x - gap * (count - 1) / 2
            out.append([(first + i * gap, y + dy) for i in range(count)])
            continue
        dx = 27.0 if side == "e" else -27.0
        for first in (y - gap * (count - 1) / 2, y, y - gap * (count - 1)):
            out.append([(x + dx, first + i * gap) for i in range(count)])
    return out


def _clearance(spots: list[Point], discs: Sequence[tuple[Point, float]],
               boxes: Sequence[Box]) -> float:
    """The smallest gap (px; below 0: overlap) between a ship and a disc or box."""
    gaps = [math.dist(s, c) - r - SHIP_R for s in spots for c, r in discs]
    for sx, sy in spots:
        for x0, y0, x1, y1 in boxes:
            near = (min(max(sx, x0), x1), min(max(sy, y0), y1))
            gaps.append(math.dist((sx, sy), near) - SHIP_R)
    return min(gaps, default=CLEAR)


def ship_spots(centre: Point, count: int, label: str,
               markers: Sequence[tuple[Point, float]] = (),
               discs: Sequence[tuple[Point, float]] = (), boxes: Sequence[Box] = (),
               gap: float = 27.0) -> list[Point]:
    """Places for ``count`` ships at a port: the usual row (away from its label) unless it
    would cover a distance marker (``markers``) or, less bad, another port or a port's
    name (``discs``, ``boxes``); then the way that covers least, markers first."""
    rows = ship_rows(centre, count, label, gap)
    return max(rows, key=lambda row: (min(_clearance(row, markers, ()) + RIM, 0.0),
                                      min(_clearance(row, discs, boxes), CLEAR)))
