"""Per-turn pieces on the sea map: tiles, colony tokens, fleets and the last turn's wake."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.navegador.geometry import clip_to_box, route, tile_box
from render.navegador.layout import Layout
from render.navegador.pen import Pen, font
from render.navegador.seats import SeatStyle
from render.navegador.sprites import paste, ship
from render.navegador.static import StaticLayer, draw_stack
from rules.navegador.view import NavegadorView, RegionView

PATH_RE = re.compile(r"([A-Z]{3})>([A-Z]{3})(?: x(\d+))?")
Point = tuple[float, float]


def draw_sea(image: Image.Image, pen: Pen, layout: Layout, static: StaticLayer,
             view: NavegadorView, seats: list[SeatStyle]) -> None:
    last = view.last
    style = seats[last.seat] if last.seat is not None and last.seat < len(seats) else None
    if style is not None:
        _wakes(image, layout, view, [*last.card_legs, *last.legs], style)  # under the tiles
    for region in view.regions:
        tile = static.tiles[region.id][1 if region.explored else 0]
        box = tile_box(layout, region.id)
        image.paste(tile, box[:2], tile)
        _tokens(pen, layout, region)
        _fleets(image, pen, layout, region, seats)
    if style is not None and last.action == "colony":
        for rid in last.regions:
            if rid in layout.map.regions:
                x0, y0, x1, y1 = tile_box(layout, rid)
                pen.rect((x0 - 4, y0 - 4, x1 + 4, y1 + 4), outline=style.color, width=5,
                         radius=14)


def _tokens(pen: Pen, layout: Layout, region: RegionView) -> None:
    if not region.good:
        return
    c = layout.colors
    x0, y0, _, _ = tile_box(layout, region.id)
    y = y0 + layout.map.strip + 19
    if region.tokens is None:
        if region.stack:
            draw_stack(pen, (x0 + 20, y), region.stack)
            pen.text((x0 + 42, y), f"x{region.stack}", 20, c.ink, anchor="lm", bold=True)
        return
    if not region.tokens:
        pen.text((x0 + 10, y), "all colonised", 18, c.muted, anchor="lm")
        return
    fill, ink = c.goods[region.good], c.goods_ink[region.good]
    for i, value in enumerate(region.tokens[:4]):
        bx = x0 + 8 + 41 * i
        pen.rect((bx, y - 13, bx + 37, y + 13), fill=fill, outline="#3b3b3b", width=1,
                 radius=4)
        pen.text((bx + 19, y + 1), value, 18, ink, anchor="mm", bold=True)


def _fleets(image: Image.Image, pen: Pen, layout: Layout, region: RegionView,
            seats: list[SeatStyle]) -> None:
    x0, y0, _, _ = tile_box(layout, region.id)
    cw, ch = layout.map.chip
    top = y0 + layout.map.strip + 37
    fleet = [(s, n) for s, n in sorted(region.ships.items()) if n > 0 and s < len(seats)]
    for i, (seat, count) in enumerate(fleet):
        cx = x0 + 2 + (i % 3) * cw
        cy = top + (i // 3) * (ch + 1)
        style = seats[seat]
        paste(image, ship(style.color, style.ink, style.letter), (cx + 20, cy + ch / 2))
        pen.text((cx + 41, cy + ch / 2 + 1), count, 22, layout.colors.ink, anchor="lm",
                 bold=True)


def legs_of(texts: Sequence[str]) -> Counter[tuple[str, str]]:
    """("POR>GUI x2", "POR>BAH + GUI>BAH") -> ships per (origin, destination)."""
    moves: Counter[tuple[str, str]] = Counter()
    for text in texts:
        for origin, dest, count in PATH_RE.findall(text):
            moves[(origin, dest)] += int(count or 1)
    return moves


def _wakes(image: Image.Image, layout: Layout, view: NavegadorView, legs: Sequence[str],
           style: SeatStyle) -> None:
    edges = [(e.a, e.b) for e in view.edges]
    open_regions = {r.id for r in view.regions if r.explored}
    pairs = Counter(frozenset(k) for k in legs_of(legs))
    for (origin, dest), count in sorted(legs_of(legs).items()):
        if origin not in layout.map.regions or dest not in layout.map.regions:
            continue
        chain = route(edges, origin, dest, open_regions)
        points: list[Point] = [layout.map.regions[r] for r in chain]
        if pairs[frozenset((origin, dest))] > 1:
            points = _offset(points, 12 if origin < dest else -12)
        first_in = clip_to_box(points[1], points[0], tile_box(layout, chain[1]), 2)
        points[0] = clip_to_box(points[0], points[1], tile_box(layout, origin), 2)
        points[-1] = clip_to_box(points[-1], points[-2], tile_box(layout, dest), 2)
        label_at = ((points[0][0] + first_in[0]) / 2, (points[0][1] + first_in[1]) / 2)
        if len(chain) == 2:
            label_at = _along([points[0], points[1]], 0.4)
        arrow(image, points, style.color, f"x{count}" if count > 1 else "", label_at)


def _offset(points: list[Point], d: float) -> list[Point]:
    (ax, ay), (bx, by) = points[0], points[-1]
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    nx, ny = -(by - ay) / length * d, (bx - ax) / length * d
    return [(x + nx, y + ny) for x, y in points]


def arrow(image: Image.Image, points: list[Point], color: str, label: str,
          label_at: Point | None = None, ss: int = 3) -> None:
    """A thick arrow along ``points`` with an outlined head and an optional count label,
    drawn anti-aliased in a small overlay."""
    pad = 30
    bx = int(min(p[0] for p in points)) - pad
    by = int(min(p[1] for p in points)) - pad
    bw = int(max(p[0] for p in points)) + pad - bx
    bh = int(max(p[1] for p in points)) + pad - by
    over = Image.new("RGBA", (bw * ss, bh * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(over)
    pts = [((x - bx) * ss, (y - by) * ss) for x, y in points]
    (px, py), (tx, ty) = pts[-2], pts[-1]
    length = max(1.0, ((tx - px) ** 2 + (ty - py) ** 2) ** 0.5)
    ux, uy = (tx - px) / length, (ty - py) / length
    head = min(20 * ss, length * 0.6)
    base = (tx - ux * head, ty - uy * head)
    shaft = pts[:-1] + [base]
    d.line(shaft, fill="#1d1d1d", width=11 * ss, joint="curve")
    d.line(shaft, fill=color, width=7 * ss, joint="curve")
    wing = 13 * ss
    tri = [(tx, ty), (base[0] - uy * wing, base[1] + ux * wing),
           (base[0] + uy * wing, base[1] - ux * wing)]
    d.polygon(tri, fill=color, outline="#1d1d1d", width=2 * ss)
    if label:
        lx, ly = label_at or _along(points, 0.4)
        mx, my = (lx - bx) * ss, (ly - by) * ss
        r = 15 * ss
        d.ellipse((mx - r, my - r, mx + r, my + r), fill="#ffffff", outline=color, width=3 * ss)
        d.text((mx, my), label, font=font(18 * ss), fill="#1d1d1d", anchor="mm",
               stroke_width=ss, stroke_fill="#1d1d1d")
    small = over.resize((bw, bh), Image.Resampling.LANCZOS)
    image.paste(small, (bx, by), small)


def _along(points: list[Point], share: float) -> Point:
    """The point at ``share`` of the polyline's length."""
    lengths = [((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5
               for a, b in zip(points, points[1:], strict=False)]
    half = sum(lengths) * share
    for (a, b), seg in zip(zip(points, points[1:], strict=False), lengths, strict=True):
        if half <= seg and seg > 0:
            t = half / seg
            return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        half -= seg
    return points[-1]
