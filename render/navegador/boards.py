"""Per-turn pieces on the rondel, the market, the building rows and the gallery."""

from __future__ import annotations

from PIL import Image

from render.navegador.geometry import (
    GOOD_ORDER,
    building_slot,
    gallery_column,
    mark_centre,
    market_cell,
    polar,
    space_angle,
    stone_places,
)
from render.navegador.layout import Layout
from render.navegador.pen import Pen
from render.navegador.seats import SeatStyle
from render.navegador.sprites import card, cube, outline, paste, ship, stone
from rules.navegador.view import NavegadorView


def draw_rondel(image: Image.Image, pen: Pen, layout: Layout, view: NavegadorView,
                seats: list[SeatStyle]) -> None:
    r, c = layout.rondel, layout.colors
    n = len(view.rondel)
    half = 180 / n
    if view.step in ("action", "sail") and view.current < len(seats):
        here = view.sheets[view.current].stone
        if here is not None:
            a = space_angle(here, n)
            steps = [a - half + 2 * half * t / 12 for t in range(13)]
            ring = [polar(r.center, r.radius - 4, d) for d in steps]
            ring += [polar(r.center, r.hub + 3, d) for d in reversed(steps)]
            outline(image, ring, seats[view.current].color, 6)
    if view.card.mark is not None:
        mark = ship(c.navegador, "#1d1d1d", "N", 34, 26)
        paste(image, mark, mark_centre(layout, view.card.mark, n))
    by_space: dict[int | None, list[int]] = {}
    for sheet in view.sheets:
        by_space.setdefault(sheet.stone, []).append(sheet.seat)
    for space, group in sorted(by_space.items(), key=lambda kv: -1 if kv[0] is None else kv[0]):
        if space is None:
            for i, seat in enumerate(group):
                style = seats[seat]
                at = polar(r.center, r.hub - 26 if len(group) > 1 else 0, -90 + 72 * i)
                paste(image, stone(style.color, style.ink, style.letter, 17), at)
            continue
        for seat, (at, size) in zip(group, stone_places(layout, space, n, len(group)),
                                    strict=True):
            style = seats[seat]
            paste(image, stone(style.color, style.ink, style.letter, size), at)
    holder = view.card.holder
    if 0 <= holder < len(seats):
        x1, y0 = r.box[2], r.box[1]
        paste(image, card(c.navegador, seats[holder].letter), (x1 - 34, y0 + 40))


def draw_market(image: Image.Image, pen: Pen, layout: Layout, view: NavegadorView) -> None:
    c, m = layout.colors, layout.market
    prices = {mv.good: mv for mv in view.market}
    at_row: dict[int, list[str]] = {}
    for col, good in enumerate(GOOD_ORDER):
        mv = prices.get(good)
        if mv is None:
            continue
        box = market_cell(layout, col, mv.row - 1)
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        paste(image, cube(c.goods[good], 32), centre)
        pen.text((centre[0] - 3, centre[1] + 3), mv.sell, 18, c.goods_ink[good], anchor="mm",
                 bold=True)
        at_row.setdefault(mv.row, []).append(good)
    for row, goods in at_row.items():
        box = market_cell(layout, 3, row - 1)
        pen.rect(box, fill="#ffffff", outline=c.ink, width=2)
        for i, good in enumerate(goods):
            pen.rect((box[0] + 3, box[1] + 2 + 11 * i, box[0] + 17, box[1] + 12 + 11 * i),
                     fill=c.goods[good], outline="#1d1d1d", width=1)
        pen.text(((box[0] + box[2]) / 2 + 8, (box[1] + box[3]) / 2), view.process_ladder[row - 1],
                 18, c.ink, anchor="mm", bold=True)
    x = m.box[0] + m.summary_x
    y = m.box[1] + m.title_h
    for i, good in enumerate(GOOD_ORDER):
        mv = prices.get(good)
        if mv is None:
            continue
        cy = y + 66 + 62 * i
        paste(image, cube(c.goods[good], 30), (x + 24, cy))
        pen.text((x + 118, cy), mv.sell, 26, c.ink, anchor="mm", bold=True)
        pen.text((x + 184, cy), mv.process, 26, c.ink, anchor="mm", bold=True)


def draw_buildings(image: Image.Image, pen: Pen, layout: Layout, view: NavegadorView,
                   seats: list[SeatStyle]) -> None:
    c, b = layout.colors, layout.buildings
    last = view.last
    just = last.built if last.action == "build" and last.seat is not None else []
    info = b.box[0] + b.info_x
    for i, row in enumerate(view.rows):
        bought = row.on_board - row.left
        fresh = just.count(row.key)
        for j in range(min(bought, len(row.costs))):
            box = building_slot(layout, i, j)
            pen.rect(box, fill=c.panel, outline=c.panel_line, width=1, radius=6)
            mid_y = (box[1] + box[3]) / 2
            pen.text(((box[0] + box[2]) / 2, mid_y), row.costs[j], 18, c.panel_line,
                     anchor="mm")
            pen.line([(box[0] + 10, mid_y), (box[2] - 10, mid_y)], c.panel_line, 2)
            if j >= bought - fresh and last.seat is not None and last.seat < len(seats):
                style = seats[last.seat]
                pen.rect((box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2), fill=style.tint,
                         outline=style.color, width=3, radius=7)
                paste(image, stone(style.color, style.ink, style.letter, 13),
                      ((box[0] + box[2]) / 2, mid_y))
        mid = b.box[1] + b.title_h + i * b.row_h + b.row_h / 2
        if row.left > 0 and bought < len(row.costs):
            box = building_slot(layout, i, bought)
            pen.rect((box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), outline=c.ink, width=3,
                     radius=8)
            pen.text((info, mid), f"{row.next_cost}", 24, c.ink, anchor="lm", bold=True)
            pen.text((info + 70, mid), row.left, 22, c.ink, anchor="mm")
        else:
            pen.text((info, mid), "gone", 22, c.red_line, anchor="lm", bold=True)


def draw_gallery(image: Image.Image, pen: Pen, layout: Layout, view: NavegadorView) -> None:
    c = layout.colors
    cols = view.gallery
    for i, col in enumerate(cols):
        x0, y0, x1, _ = gallery_column(layout, i, len(cols))
        mid = (x0 + x1) / 2
        if col.in_gallery:
            pen.text((mid, y0 + 124), col.in_gallery, 32, c.ink, anchor="mm", bold=True)
            shown = min(col.in_gallery, 3)
            for t in range(shown):
                tx = mid + (t - (shown - 1) / 2) * 26
                pen.circle((tx, y0 + 168), 11, fill="#c9a227", outline="#5a4f3c", width=2)
        else:
            pen.text((mid, y0 + 140), "none", 20, c.muted, anchor="mm")
        pen.text((mid, y0 + 206), f"supply {col.supply}", 18, c.muted, anchor="ma")
