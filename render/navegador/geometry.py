"""Positions derived from the layout, shared by the static layer and the pieces."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

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


# The rondel: space names in the outer ring, stones inside it, never on top of each other.

MARK_SIZE = (34, 26)      # the orange deadline ship on the rim
WEDGE_MARGIN = 5          # px kept between a label and the wedge's border lines


@dataclass(frozen=True)
class RondelLabel:
    lines: tuple[str, ...]
    face: str
    size: int
    centre: tuple[float, float]
    line_h: float
    box: tuple[float, float, float, float]


def mark_centre(layout: Layout, space: int, spaces: int) -> tuple[float, float]:
    r = layout.rondel
    half = 180 / spaces
    return polar(r.center, r.mark_radius, space_angle(space, spaces) + half * r.mark_angle)


def mark_box(layout: Layout, space: int, spaces: int) -> tuple[float, float, float, float]:
    x, y = mark_centre(layout, space, spaces)
    w, h = MARK_SIZE
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def stone_places(layout: Layout, space: int, spaces: int,
                 count: int) -> list[tuple[tuple[float, float], int]]:
    """(centre, stone radius) for ``count`` stones on rondel ``space``."""
    r = layout.rondel
    places = r.stones[min(max(count, 1), 5)]
    a = space_angle(space, spaces)
    out = [(polar(r.center, rad, a + deg), size) for rad, deg, size in places]
    while len(out) < count:           # never more than 5 seats; kept safe anyway
        out.append(out[len(out) % len(places)])
    return out[:count]


def boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float],
               gap: float = 0) -> bool:
    return not (a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1]
                or b[3] + gap <= a[1])


def _inside_ring_wedge(layout: Layout, points: list[tuple[float, float]], angle: float,
                       half: float, inner: float, outer: float) -> bool:
    cx, cy = layout.rondel.center
    for x, y in points:
        dx, dy = x - cx, y - cy
        r = math.hypot(dx, dy)
        if not inner <= r <= outer:
            return False
        theta = math.degrees(math.atan2(dy, dx))
        off = (theta - angle + 180) % 360 - 180
        if abs(off) >= half:
            return False
        if r * math.sin(math.radians(half - abs(off))) < WEDGE_MARGIN:
            return False
    return True


def _outline(box: tuple[float, float, float, float]) -> list[tuple[float, float]]:
    x0, y0, x1, y1 = box
    xs = [x0 + (x1 - x0) * t / 4 for t in range(5)]
    ys = [y0 + (y1 - y0) * t / 2 for t in range(3)]
    return [(x, y0) for x in xs] + [(x, y1) for x in xs] + [(x0, y) for y in ys] + \
        [(x1, y) for y in ys]


def _wrappings(label: str) -> list[tuple[str, ...]]:
    words = label.split()
    out: list[tuple[str, ...]] = [(label,)]
    for i in range(1, len(words)):
        out.append((" ".join(words[:i]), " ".join(words[i:])))
    return out


def rondel_labels(layout: Layout, keys: list[str]) -> list[RondelLabel]:
    """Every space's label, all at the size the tightest one allows (so they read as one
    set), each placed as ``rondel_label`` does."""
    texts = [layout.rondel.labels.get(k, k.capitalize()) for k in keys]
    n = len(keys)
    best = min(rondel_label(layout, t, i, n).size for i, t in enumerate(texts))
    return [rondel_label(layout, t, i, n, best) for i, t in enumerate(texts)]


def rondel_label(layout: Layout, label: str, space: int, spaces: int,
                 max_size: int = 20) -> RondelLabel:
    """The largest way to write ``label`` inside its wedge's label ring, clear of the stone
    ring and of the deadline ship's place on the rim: bold, then condensed bold, each from
    20 px down to the layout's minimum; one line before two."""
    from render import text as tx

    r = layout.rondel
    inner, outer = r.label_ring
    a = space_angle(space, spaces)
    half = 180 / spaces
    mark = mark_box(layout, space, spaces)
    for size in range(max_size, layout.fonts.min - 1, -1):
        for lines in _wrappings(label):
            for face in ("bold", "condensed-bold"):
                shown = tuple(tx.drawable(line, face) for line in lines)
                w = max(tx.width(line, face, size) for line in shown)
                line_h = size * 1.15
                h = line_h * len(shown)
                fits = []
                for rad in range(outer, inner - 1, -2):
                    cx, cy = polar(r.center, rad, a)
                    box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                    if _inside_ring_wedge(layout, _outline(box), a, half, inner, outer) \
                            and not boxes_meet(box, mark, 3):
                        fits.append((rad, box))
                if fits:
                    rad, box = fits[len(fits) // 2]
                    return RondelLabel(shown, face, size, polar(r.center, rad, a), line_h, box)
    cx, cy = polar(r.center, (inner + outer) / 2, a)
    fitted = tx.fit(label, "condensed-bold", 2 * inner * math.sin(math.radians(half)) - 8,
                    layout.fonts.min, layout.fonts.min)
    h = layout.fonts.min * 1.15
    return RondelLabel((fitted.text,), fitted.face, fitted.size, (cx, cy), h,
                       (cx - fitted.width / 2, cy - h / 2, cx + fitted.width / 2, cy + h / 2))
