"""The recruiting sections (sailors, the captain supply, the bag) and the project market."""

from __future__ import annotations

from render.vasco import geometry as geo
from render.vasco import sprites
from render.vasco.canvas import Canvas
from render.vasco.layout import Layout
from render.vasco.seats import SeatStyle
from rules.vasco.data import load_data
from rules.vasco.view import VascoView

MISSIONARY_KEY = "missionary (5th crew colour)"


def income_text(tile: str) -> str:
    t = load_data().tiles[tile]
    parts = [f"+{t.vp} VP" if t.vp else "", f"+{t.coins} R" if t.coins else ""]
    return " ".join(p for p in parts if p) or "no income"


def draw_recruit(cv: Canvas, layout: Layout, view: VascoView, seats: list[SeatStyle]) -> None:
    c, f = layout.colors, layout.fonts
    order = load_data().sailor_colours
    for i, box in enumerate(geo.sections()):
        if i >= view.players:
            continue
        sailors = sorted(view.sections[i], key=order.index)
        for (x, y), colour in zip(geo.sailor_spots(box), sailors, strict=False):
            sprite = sprites.dot(c.crew[colour], 28, c.slot)
            cv.paste(sprite, x - 14, y - 14)
    x, y_cap, y_bag = geo.recruit_lines()
    box = layout.boxes.recruit
    # the key to the players' white dots stands apart from the bag: no missionary is in it
    right = box[2] - 16
    drawn = cv.text((right, y_cap), MISSIONARY_KEY, 16, c.ink, c.panel, anchor="ra")
    cv.paste(sprites.dot(c.crew["missionary"], 20, c.panel), right - drawn - 26, y_cap + 1)
    parts = [f"{s.letter} {view.captain_supply[s.seat]}" for s in seats]
    cv.text((x + 4, y_cap), "Captain supply: " + " · ".join(parts), f.small, c.ink, c.panel,
            max_width=right - drawn - 40 - x)
    total = sum(view.bag.values())
    cv.text((x + 4, y_bag), f"Bag: {total} sailor{'s' if total != 1 else ''}", f.small, c.ink,
            c.panel, bold=True)
    bx = x + 170
    for colour in order:
        sprite = sprites.dot(c.crew[colour], 20, c.panel)
        cv.paste(sprite, bx, y_bag + 1)
        bx += 26 + cv.text((bx + 26, y_bag), f"{view.bag.get(colour, 0)} {colour}", 16, c.ink,
                           c.panel) + 18


def _tile(cv: Canvas, layout: Layout, box, tile: str, head: str, price: str) -> None:
    c, f = layout.colors, layout.fonts
    data = load_data()
    t = data.tiles[tile]
    x0, y0, x1, y1 = box
    w = x1 - x0 - 12
    cv.fill((x0 + 3, y0 + 3, x1 - 3, y1 - 3), c.tile)
    cv.text((x0 + 6, y0 + 6), head, f.normal, c.highlight, c.tile, bold=True, max_width=w)
    cv.text((x0 + 6, y0 + 34), tile, f.small, c.ink, c.tile, bold=True, max_width=w)
    cv.text((x0 + 6, y0 + 58), f"str {t.strength}", f.small, c.ink, c.tile, max_width=w)
    cv.text((x0 + 6, y0 + 80), f"crew {t.crew}", f.small, c.ink, c.tile, max_width=w)
    cv.text((x0 + 6, y0 + 102), income_text(tile), 15, c.muted, c.tile, max_width=w,
            min_size=14)
    if price:
        cv.text((x0 + 6, y1 - 24), price, 15, c.ink, c.tile, max_width=w, min_size=14)


def draw_projects(cv: Canvas, layout: Layout, view: VascoView) -> None:
    c = layout.colors
    gone = "taken" if view.display else "not yet"   # dealt after the setup merchant
    for i, box in enumerate(geo.display_tiles()):
        tile = view.display[i] if i < len(view.display) else None
        if tile is None:
            cv.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), f"{i + 1}: {gone}", 16,
                    c.closed_ink, c.slot, anchor="mm", max_width=box[2] - box[0] - 8)
            continue
        _tile(cv, layout, box, tile, str(i + 1), "")
    box = geo.san_gabriel_box()
    if view.san_gabriel:
        crew = load_data().tiles[view.san_gabriel].crew
        _tile(cv, layout, box, view.san_gabriel, "San Gabriel", f"{crew} R, launched")
    else:
        for dy, line in ((-12, "San Gabriel:"), (12, gone)):
            cv.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + dy), line, 16,
                    c.closed_ink, c.slot, anchor="mm", max_width=box[2] - box[0] - 8)
    x, y = geo.stacks_line()
    stacks = " · ".join(f"{k}: {n}" for k, n in view.stacks.items())
    cv.text((x + 4, y), f"Face-down stacks {stacks} (buy: /buy 3,5)", 16, c.muted,
            c.panel, max_width=layout.boxes.projects[2] - x - 16)
