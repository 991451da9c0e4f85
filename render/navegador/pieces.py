"""Per-turn pieces on the sea map: tiles, colony tokens and their owners, fleets, and the
wakes of the turns being shown (one arrow per route, in the seat's colour, badged with the
seat's letter). Phase badges and every label stay legible above the arrows."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render.navegador.geometry import boxes_meet, clip_to_box, route, tile_box
from render.navegador.layout import Layout
from render.navegador.pen import Pen
from render.navegador.seats import SeatStyle
from render.navegador.sprites import colony_chip, paste, ship
from render.navegador.static import StaticLayer, draw_stack, gates, legend_box, paste_gates
from render.pen import rgb
from rules.navegador.state import LastTurn
from rules.navegador.view import NavegadorView, RegionView

PATH_RE = re.compile(r"([A-Z]{3})>([A-Z]{3})(?: x(\d+))?")
Point = tuple[float, float]
Box = tuple[float, float, float, float]
LANES = (0, 11, -11, 22, -22, 33, -33)
BADGE_H = 26
GATE_CLEARANCE = 22


def draw_sea(image: Image.Image, pen: Pen, layout: Layout, static: StaticLayer,
             view: NavegadorView, seats: list[SeatStyle], shown: Sequence[LastTurn]) -> None:
    """The map's pieces, with the wakes of the turns in ``shown`` (oldest first)."""
    records = [t for t in shown if t.seat is not None and t.seat < len(seats)]
    badges = _wakes(image, layout, view, records, seats)       # arrows under the tiles
    for region in view.regions:
        tile = static.tiles[region.id][1 if region.explored else 0]
        box = tile_box(layout, region.id)
        image.paste(tile, box[:2], tile)
        _tokens(image, pen, layout, region, seats)
        _fleets(image, pen, layout, region, seats)
    if badges:
        paste_gates(image, layout, [(r.id, r.phase_trigger) for r in view.regions],
                    [(e.a, e.b, e.red) for e in view.edges])   # phase badges stay on top
    for at, text, style in badges:
        _badge(pen, at, text, style)
    ring: Counter[str] = Counter()
    for record in records:
        if record.action != "colony":
            continue
        style = seats[record.seat]  # type: ignore[index]
        for rid in record.regions:
            if rid in layout.map.regions:
                pad = 4 + 6 * ring[rid]
                ring[rid] += 1
                x0, y0, x1, y1 = tile_box(layout, rid)
                pen.rect((x0 - pad, y0 - pad, x1 + pad, y1 + pad), outline=style.color,
                         width=5, radius=14)


def _tokens(image: Image.Image, pen: Pen, layout: Layout, region: RegionView,
            seats: list[SeatStyle]) -> None:
    """The colony row: colonies founded (owner's colour and letter), then the tokens left
    (face up with their price, or a face-down stack with its count)."""
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
    slot = 0
    for seat in region.colonists:
        if seat < len(seats) and slot < 4:
            style = seats[seat]
            paste(image, colony_chip(style.color, style.ink, style.letter),
                  (x0 + 8 + 41 * slot + 18.5, y))
            slot += 1
    fill, ink = c.goods[region.good], c.goods_ink[region.good]
    for value in region.tokens[: max(0, 4 - slot)]:
        bx = x0 + 8 + 41 * slot
        pen.rect((bx, y - 13, bx + 37, y + 13), fill=fill, outline="#3b3b3b", width=1,
                 radius=4)
        pen.text((bx + 19, y + 1), value, 18, ink, anchor="mm", bold=True, max_width=34)
        slot += 1
    if slot == 0:
        pen.text((x0 + 10, y), "no colonies left", 18, c.muted, anchor="lm",
                 max_width=layout.map.tile[0] - 16)


def _fleets(image: Image.Image, pen: Pen, layout: Layout, region: RegionView,
            seats: list[SeatStyle]) -> None:
    x0, y0, _, _ = tile_box(layout, region.id)
    cw, ch = layout.map.chip
    top = y0 + layout.map.strip + 37
    fleet = [(s, n) for s, n in sorted(region.ships.items()) if n > 0 and s < len(seats)]
    for i, (seat, count) in enumerate(fleet):
        cx = x0 + 4 + (i % 3) * cw
        cy = top + (i // 3) * (ch + 1)
        style = seats[seat]
        paste(image, ship(style.color, style.ink, style.letter), (cx + 20, cy + ch / 2))
        pen.text((cx + 41, cy + ch / 2 + 1), count, 22, layout.colors.ink, anchor="lm",
                 bold=True, max_width=cw - 42, min_size=14)


def legs_of(texts: Sequence[str]) -> Counter[tuple[str, str]]:
    """("POR>GUI x2", "POR>BAH + GUI>BAH") -> ships per (origin, destination)."""
    moves: Counter[tuple[str, str]] = Counter()
    for text in texts:
        for origin, dest, count in PATH_RE.findall(text):
            moves[(origin, dest)] += int(count or 1)
    return moves


def _wakes(image: Image.Image, layout: Layout, view: NavegadorView,
           records: Sequence[LastTurn], seats: list[SeatStyle]
           ) -> list[tuple[Point, str, SeatStyle]]:
    """Draw every route sailed in ``records``; return where each one's badge goes."""
    edges = [(e.a, e.b) for e in view.edges]
    open_regions = {r.id for r in view.regions if r.explored}
    used: Counter[frozenset[str]] = Counter()
    gate_boxes: list[Box] = [_around(centre, GATE_CLEARANCE) for centre, _ in gates(
        layout, [(r.id, r.phase_trigger) for r in view.regions],
        [(e.a, e.b, e.red) for e in view.edges])]
    blocked = gate_boxes + [tile_box(layout, rid) for rid in layout.map.regions]
    blocked.append(legend_box(layout))
    badges: list[tuple[Point, str, SeatStyle]] = []
    for record in records:
        style = seats[record.seat]  # type: ignore[index]
        for (origin, dest), count in sorted(legs_of([*record.card_legs,
                                                      *record.legs]).items()):
            if origin not in layout.map.regions or dest not in layout.map.regions:
                continue
            chain = route(edges, origin, dest, open_regions)
            segments = [frozenset(p) for p in zip(chain, chain[1:], strict=False)]
            lane = max((used[s] for s in segments), default=0)
            for s in segments:
                used[s] += 1
            points: list[Point] = [layout.map.regions[r] for r in chain]
            points = _offset(points, LANES[lane % len(LANES)])
            points[0] = clip_to_box(points[0], points[1], tile_box(layout, origin), 2)
            points[-1] = clip_to_box(points[-1], points[-2], tile_box(layout, dest), 2)
            arrow(image, points, style.color)
            text = style.letter + (f"×{count}" if count > 1 else "")
            at = _badge_place(layout, points, chain, text, blocked, gate_boxes)
            blocked.append(_badge_box(at, text))
            gate_boxes.append(_badge_box(at, text))
            badges.append((at, text, style))
    return badges


def _around(centre: Point, r: float) -> Box:
    return (centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r)


def _badge_box(at: Point, text: str) -> Box:
    w = 14 + 13 * len(text)
    return (at[0] - w / 2, at[1] - BADGE_H / 2, at[0] + w / 2, at[1] + BADGE_H / 2)


def _badge_place(layout: Layout, points: list[Point], chain: list[str], text: str,
                 blocked: list[Box], gate_boxes: list[Box]) -> Point:
    """A point on (or, failing that, beside) the arrow's visible part where its badge hides
    no phase badge, tile or other badge. Phase badges are never covered."""
    shares = (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8)
    for side in (0, 26, -26, 44, -44, 62, -62):
        for share in shares:
            at = _beside(points, share, side)
            if not any(boxes_meet(_badge_box(at, text), b, 2) for b in blocked):
                return at
    for side in (0, 26, -26, 44, -44, 64, -64):
        for share in shares:
            at = _beside(points, share, side)
            if not any(boxes_meet(_badge_box(at, text), b, 2) for b in gate_boxes):
                return at
    return _along(points, 0.5)


def _beside(points: list[Point], share: float, side: float) -> Point:
    """The point at ``share`` of the polyline, moved ``side`` px square to its direction."""
    x, y = _along(points, share)
    if not side:
        return x, y
    (ax, ay), (bx, by) = points[0], points[-1]
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    return x - (by - ay) / length * side, y + (bx - ax) / length * side


def _badge(pen: Pen, at: Point, text: str, style: SeatStyle) -> None:
    x0, y0, x1, y1 = _badge_box(at, text)
    pen.rect((x0, y0, x1, y1), fill="#ffffff", outline=style.color, width=3, radius=12)
    pen.text((at[0], at[1] + 1), text, 17, "#1d1d1d", anchor="mm", bold=True,
             max_width=x1 - x0 - 8, min_size=12)


def _offset(points: list[Point], d: float) -> list[Point]:
    if not d:
        return list(points)
    (ax, ay), (bx, by) = points[0], points[-1]
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    nx, ny = -(by - ay) / length * d, (bx - ax) / length * d
    return [(x + nx, y + ny) for x, y in points]


def arrow(image: Image.Image, points: list[Point], color: str) -> None:
    """A thick arrow along ``points`` with an outlined head, anti-aliased: its two coverage
    masks (outline, fill) are drawn supersampled once per route and reused."""
    key = tuple((round(x), round(y)) for x, y in points)
    x, y, outer, inner = _arrow_masks(key)
    box = (x, y, x + outer.width, y + outer.height)
    image.paste(rgb("#1d1d1d"), box, outer)
    image.paste(rgb(color), box, inner)


@lru_cache(maxsize=256)
def _arrow_masks(points: tuple[tuple[int, int], ...], ss: int = 3
                 ) -> tuple[int, int, Image.Image, Image.Image]:
    pad = 30
    bx = min(p[0] for p in points) - pad
    by = min(p[1] for p in points) - pad
    bw = max(p[0] for p in points) + pad - bx
    bh = max(p[1] for p in points) + pad - by
    outer = Image.new("L", (bw * ss, bh * ss), 0)
    inner = Image.new("L", (bw * ss, bh * ss), 0)
    do, di = ImageDraw.Draw(outer), ImageDraw.Draw(inner)
    pts = [((x - bx) * ss, (y - by) * ss) for x, y in points]
    (px, py), (tx, ty) = pts[-2], pts[-1]
    length = max(1.0, ((tx - px) ** 2 + (ty - py) ** 2) ** 0.5)
    ux, uy = (tx - px) / length, (ty - py) / length
    head = min(20 * ss, length * 0.6)
    base = (tx - ux * head, ty - uy * head)
    shaft = pts[:-1] + [base]
    wing = 13 * ss
    tri = [(tx, ty), (base[0] - uy * wing, base[1] + ux * wing),
           (base[0] + uy * wing, base[1] - ux * wing)]
    do.line(shaft, fill=255, width=11 * ss, joint="curve")
    do.polygon(tri, fill=255, outline=255, width=4 * ss)
    di.line(shaft, fill=255, width=7 * ss, joint="curve")
    di.polygon(tri, fill=255)
    edge = Image.new("L", inner.size, 0)
    ImageDraw.Draw(edge).polygon(tri, outline=255, width=2 * ss)
    inner.paste(0, (0, 0), edge)       # the head keeps a thin dark rim
    return bx, by, outer.reduce(ss), inner.reduce(ss)


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
