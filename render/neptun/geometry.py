"""Geometry of the map: where a link's marker sits, the points of a (bent) link, and
where the ships in a port go."""

from __future__ import annotations

import math

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


def ship_spots(centre: Point, count: int, label: str, gap: float = 27.0) -> list[Point]:
    """Places for ``count`` ships at a port: a row on the side away from its label."""
    x, y = centre
    if label in ("n", "s"):
        dy = 27.0 if label == "n" else -27.0
        first = x - gap * (count - 1) / 2
        return [(first + i * gap, y + dy) for i in range(count)]
    dx = 27.0 if label == "w" else -27.0
    first = y - gap * (count - 1) / 2
    return [(x + dx, first + i * gap) for i in range(count)]


def route_points(layout: Layout, route: list[str]) -> list[Point]:
    points: list[Point] = []
    for a, b in zip(route, route[1:], strict=False):
        leg = link_points(layout, a, b)
        points += leg if not points else leg[1:]
    return points
