"""The static layer: everything that does not change during a game, drawn once per process.

The layer depends only on the game's fixed facts (player count, the map, the ladders, the
rows), which are read from the view into a *signature*; the cache is keyed on it, so the
same view always meets the same layer, whichever view built it first.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image

from render.navegador import static_boards
from render.navegador.geometry import clip_to_box, tile_box
from render.navegador.layout import Layout, load_layout
from render.navegador.pen import Pen
from render.navegador.quantize import build_palette
from render.navegador.seats import all_seat_colours
from render.navegador.sprites import colony_chip, disk, gate, paste, ship
from render.palette import ink_for
from rules.navegador.data import ROMAN

SIGNATURE_FIELDS: dict[str, Any] = {
    "game": True, "players": True, "edges": True, "rondel": True, "rondel_actions": True,
    "sell_ladder": True, "process_ladder": True, "market_rows": True,
    "regions": {"__all__": {"id", "name", "good", "loss", "phase_trigger"}},
    "rows": {"__all__": {"key", "kind", "good", "costs", "on_board", "workers"}},
    "gallery": {"__all__": {"key", "figure", "base_vp", "token_vp", "cash"}},
}
TILE_LINE = "#46586a"


@dataclass(frozen=True)
class StaticLayer:
    image: Image.Image                         # RGB, the size of the picture
    tiles: dict[str, tuple[Image.Image, Image.Image]]  # region -> (unexplored, explored)
    palette: Image.Image                       # "P" image carrying the fixed palette


_LOCK = threading.Lock()


def signature(view: Any) -> str:
    return str(view.model_dump_json(include=SIGNATURE_FIELDS))


def static_for(view: Any) -> StaticLayer:
    sig = signature(view)
    with _LOCK:
        return _build(sig)


@lru_cache(maxsize=8)
def _build(sig: str) -> StaticLayer:
    facts = json.loads(sig)
    layout = load_layout()
    k = layout.canvas.static_scale
    w, h = layout.canvas.width, layout.canvas.height
    big = Image.new("RGB", (w * k, h * k), layout.colors.background)
    pen = Pen(big, k)
    _draw_map(pen, layout, facts)
    static_boards.draw_all(pen, layout, facts)
    image = big.resize((w, h), Image.Resampling.LANCZOS)
    _draw_legend_pieces(image, layout)
    paste_gates(image, layout, [(r["id"], r["phase_trigger"]) for r in facts["regions"]],
                [(e["a"], e["b"], e["red"]) for e in facts["edges"]])
    tiles = {r["id"]: (_tile(layout, r, explored=False), _tile(layout, r, explored=True))
             for r in facts["regions"]}
    return StaticLayer(image=image, tiles=tiles, palette=build_palette(image, tiles, layout))


def _centre(layout: Layout, region: str) -> tuple[int, int]:
    return layout.map.regions[region]


def edge_ends(layout: Layout, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The visible part of a border line: from tile edge to tile edge."""
    ca, cb = _centre(layout, a), _centre(layout, b)
    return (clip_to_box(ca, cb, tile_box(layout, a), 0),
            clip_to_box(cb, ca, tile_box(layout, b), 0))


def _draw_map(pen: Pen, layout: Layout, facts: dict[str, Any]) -> None:
    c, m = layout.colors, layout.map
    x0, y0, x1, y1 = m.box
    pen.rect((x0 + 8, y0 + 6, x1 - 8, y1 - 2), fill=c.sea, outline=c.sea_line, width=2,
             radius=16)
    for zone in m.zones:
        pen.text(zone.xy, zone.label, 26, c.sea_line, anchor="mm", bold=True)
    for edge in facts["edges"]:
        if not edge["red"]:
            pen.line([_centre(layout, edge["a"]), _centre(layout, edge["b"])], c.edge, 6)
    for edge in facts["edges"]:
        if edge["red"]:
            pen.line([_centre(layout, edge["a"]), _centre(layout, edge["b"])], c.red_line, 8)
    _draw_legend(pen, layout)


def gates(layout: Layout, regions: list[tuple[str, int | None]],
          edges: list[tuple[str, str, bool]]) -> list[tuple[tuple[float, float], str]]:
    """(centre, numeral) of the badge on every red phase line."""
    triggers = {rid: phase for rid, phase in regions if phase}
    out = []
    for a, b, red in edges:
        if red:
            ea, eb = edge_ends(layout, a, b)
            phase = triggers.get(b) or triggers.get(a) or 0
            out.append((((ea[0] + eb[0]) / 2, (ea[1] + eb[1]) / 2), ROMAN.get(phase, "!")))
    return out


def paste_gates(image: Image.Image, layout: Layout, regions: list[tuple[str, int | None]],
                edges: list[tuple[str, str, bool]]) -> None:
    for centre, numeral in gates(layout, regions, edges):
        paste(image, gate(layout.colors.red_line, numeral), centre)


LEGEND_W = 380
LEGEND_STEP = 30
LEGEND = [
    ("disk", "unexplored (explorer disk)"),
    ("loss", "ships lost when exploring"),
    ("stack", "face-down colonies: how many"),
    ("red", "phase line: first entry starts II / III"),
    ("ship", "ships of player A"),
    ("colony", "colony founded by player A"),
]


def legend_box(layout: Layout) -> tuple[int, int, int, int]:
    x, y = layout.map.legend
    return (x, y, x + LEGEND_W, y + 40 + LEGEND_STEP * len(LEGEND))


def _draw_legend(pen: Pen, layout: Layout) -> None:
    c = layout.colors
    x, y = layout.map.legend
    pen.rect(legend_box(layout), fill="#e6f1f8", outline=c.sea_line, width=1, radius=10)
    pen.text((x + 12, y + 10), "Sea map  (codes are what you type)", 18, c.ink, bold=True,
             max_width=LEGEND_W - 24)
    for i, (kind, label) in enumerate(LEGEND):
        cy = y + 52 + LEGEND_STEP * i
        if kind == "loss":
            _loss_badge(pen, (x + 30, cy), 2, c.double_loss, c.muted)
        elif kind == "stack":
            draw_stack(pen, (x + 22, cy), 3)
        elif kind == "red":
            pen.line([(x + 14, cy), (x + 46, cy)], c.red_line, 8)
        pen.text((x + 60, cy), label, 18, c.ink, anchor="lm", max_width=LEGEND_W - 72)


def _draw_legend_pieces(image: Image.Image, layout: Layout) -> None:
    """Sprites in the legend, pasted after the reduction so they stay crisp."""
    c = layout.colors
    x, y = layout.map.legend
    paste(image, disk(c.explorer_disk), (x + 30, y + 52))
    first = all_seat_colours(layout)[0]
    paste(image, ship(first, ink_for(first), "A"), (x + 30, y + 52 + LEGEND_STEP * 4))
    paste(image, colony_chip(first, ink_for(first), "A"), (x + 30, y + 52 + LEGEND_STEP * 5))


def _loss_badge(pen: Pen, centre: tuple[float, float], loss: int, red: str, muted: str) -> None:
    x, y = centre
    if loss >= 2:
        pen.rect((x - 16, y - 12, x + 16, y + 12), fill=red, outline="#1d1d1d", width=1,
                 radius=4)
        pen.text((x, y), f"-{loss}", 18, "#ffffff", anchor="mm", bold=True)
    else:
        pen.text((x, y), f"-{loss}", 18, muted, anchor="mm", bold=True)


def draw_stack(pen: Pen, at: tuple[float, float], count: int, size: int = 22) -> None:
    """A face-down stack drawn as offset squares, the top one marked '?'."""
    x, y = at
    for i in range(min(count, 4) - 1, -1, -1):
        ox = x + 3 * i - size / 2
        oy = y - 3 * i - size / 2
        pen.rect((ox, oy, ox + size, oy + size), fill="#5d4b3b", outline="#f5eddc", width=1,
                 radius=3)
    pen.text((x, y), "?", 18, "#ffffff", anchor="mm", bold=True)




def _tile(layout: Layout, region: dict[str, Any], explored: bool) -> Image.Image:
    c, m = layout.colors, layout.map
    k = layout.canvas.static_scale
    w, h = m.tile
    img = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    pen = Pen(img, k)
    good = region["good"]
    strip = c.goods.get(good, "#d8cfbd")
    ink = c.goods_ink.get(good, c.ink)
    body = c.explored if explored else c.unexplored
    pen.rect((1, 1, w - 1, h - 1), fill=strip, outline=TILE_LINE, width=2, radius=12)
    pen.draw.rounded_rectangle([2 * k, m.strip * k, (w - 2) * k, (h - 2) * k], 11 * k,
                               fill=body, corners=(False, False, True, True))
    pen.line([(2, m.strip), (w - 2, m.strip)], TILE_LINE, 1)
    name = m.names.get(region["id"], region["name"])
    code_w = pen.text((w - 7, m.strip / 2 + 1), region["id"], 17, ink, anchor="rm")
    pen.text((8, m.strip / 2 + 1), name, 18, ink, anchor="lm", bold=True,
             max_width=w - 8 - code_w - 14, min_size=layout.fonts.min)
    row = m.strip + 19
    if region["id"] and not good:
        pen.text((8, row), "new ships start here", 18, c.muted, anchor="lm",
                 max_width=w - 14)
    if not explored and region["loss"]:
        _loss_badge(pen, (w - 58, row), region["loss"], c.double_loss, c.muted)
        if region["phase_trigger"]:
            # the lower half of an unexplored tile is free: no ship is there yet
            below = row + 38
            numeral = ROMAN[region["phase_trigger"]]
            pen.circle((22, below), 14, fill=c.red_line, outline="#ffffff", width=2)
            pen.text((22, below), numeral, 16, "#ffffff", anchor="mm", bold=True,
                     max_width=24, min_size=11)
            pen.text((42, below), f"starts phase {numeral}", 17, c.ink,
                     anchor="lm", max_width=w - 48, min_size=layout.fonts.min)
    tile = img.resize((w, h), Image.Resampling.LANCZOS)
    if not explored and region["loss"]:
        paste(tile, disk(c.explorer_disk), (w - 21, row))
    return tile
