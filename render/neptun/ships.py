"""The moving pieces on the map: every ship (a disc with its seat's letter, grouped
around its port) and this sailing turn's voyages as arrows in the sailor's colour."""

from __future__ import annotations

import math

from render.neptun.geometry import Point, link_points, marker_at, ship_spots
from render.neptun.layout import Layout
from render.neptun.pen import Pen
from render.neptun.seats import SeatStyle
from render.neptun.static import label_box
from rules.neptun.view import NeptunView

LANE = 8.0           # px between two voyages sailed along the same link


def _shifted(points: list[Point], by: float) -> list[Point]:
    """The polyline moved ``by`` px to the left of its direction, point by point."""
    if not by:
        return points
    out = []
    for i, (x, y) in enumerate(points):
        (ax, ay), (bx, by_) = points[max(0, i - 1)], points[min(len(points) - 1, i + 1)]
        length = math.hypot(bx - ax, by_ - ay) or 1.0
        out.append((x + (by_ - ay) / length * by, y - (bx - ax) / length * by))
    return out


def voyage_lines(layout: Layout, view: NeptunView) -> list[tuple[int, list[Point]]]:
    """(seat, points) of each voyage with a route; where voyages share a link, each keeps
    a lane of its own beside the others, so none hides another."""
    sharing: dict[frozenset[str], list[int]] = {}
    for i, voyage in enumerate(view.voyages):
        for pair in zip(voyage.route, voyage.route[1:], strict=False):
            sharing.setdefault(frozenset(pair), []).append(i)
    out = []
    for i, voyage in enumerate(view.voyages):
        if len(voyage.route) < 2:
            continue
        points: list[Point] = []
        for a, b in zip(voyage.route, voyage.route[1:], strict=False):
            users = sharing[frozenset((a, b))]
            lane = (users.index(i) - (len(users) - 1) / 2) * LANE
            if a > b:                 # the same side whichever way the link is sailed
                lane = -lane
            leg = _shifted(link_points(layout, a, b), lane)
            points += leg if not points else leg[1:]
        out.append((voyage.seat, points))
    return out


def draw_voyages(pen: Pen, layout: Layout, view: NeptunView, seats: list[SeatStyle]) -> None:
    c = layout.colors
    for seat, points in voyage_lines(layout, view):
        s = seats[seat]
        pen.line(points, c.ink, 9)
        pen.line(points, s.color, 5)
        (x1, y1), (x2, y2) = points[-2], points[-1]
        angle = math.atan2(y2 - y1, x2 - x1)
        tip = (x2 - 15 * math.cos(angle), y2 - 15 * math.sin(angle))
        wing = [(tip[0] - 16 * math.cos(angle + a), tip[1] - 16 * math.sin(angle + a))
                for a in (0.45, -0.45)]
        pen.polygon([tip, *wing], fill=s.color, outline=c.ink, width=2)
    _markers_on_top(pen, layout, view)


def _markers_on_top(pen: Pen, layout: Layout, view: NeptunView) -> None:
    """The distance markers of every link a voyage took, drawn again over its arrow."""
    used = {frozenset(pair) for v in view.voyages
            for pair in zip(v.route, v.route[1:], strict=False)}
    c = layout.colors
    for link in view.links:
        if frozenset((link.a, link.b)) in used:
            deep = link.kind == "deep"
            pen.disc(marker_at(layout, link.a, link.b), 14, c.deep_link if deep else "#ffffff",
                     c.deep_link if deep else c.sea_link, str(link.miles),
                     "#ffffff" if deep else c.deep_link, 15)


def ship_places(layout: Layout, view: NeptunView) -> dict[str, list[tuple[float, float]]]:
    """Where each port's ships are drawn (in the order of ``city.ships``): off the distance
    markers, and as far as they can off other ports and the ports' names."""
    markers = [(marker_at(layout, link.a, link.b), 14.0) for link in view.links]
    names = [label_box(layout, city.code, city.name) for city in view.cities]
    places = {}
    for city in view.cities:
        if not city.ships:
            continue
        ports = [(layout.port(other.code), 13.0) for other in view.cities
                 if other.code != city.code]
        places[city.code] = ship_spots(layout.port(city.code), len(city.ships),
                                       layout.ports[city.code].label, markers, ports, names)
    return places


def draw_ships(pen: Pen, layout: Layout, view: NeptunView, seats: list[SeatStyle]) -> None:
    c = layout.colors
    places = ship_places(layout, view)
    for city in view.cities:
        for seat, spot in zip(city.ships, places.get(city.code, []), strict=False):
            s = seats[seat]
            pen.disc(spot, 13, s.color, c.ink, s.letter, s.ink, 15)
