"""The shared board: the navigation routes and their ships, the sequence numbers with the
free-action marker and the Vasco da Gama tiles, the action slots, the characters."""

from __future__ import annotations

from render.vasco import geometry as geo
from render.vasco import sprites
from render.vasco.canvas import Canvas
from render.vasco.layout import Layout
from render.vasco.seats import SeatStyle
from rules.vasco.data import load_data
from rules.vasco.view import VascoView

SHIP_W, SHIP_H = geo.SLOT_W - 6, geo.SLOT_H - geo.STRIP - 5


def draw_navigation(cv: Canvas, layout: Layout, view: VascoView,
                    seats: list[SeatStyle]) -> None:
    c = layout.colors
    for key, row in geo.landing_rows():
        for slot, ship in enumerate(view.landings[key], 1):
            box = geo.ship_box(geo.landing_slot(row, slot))
            if ship is None:
                continue
            if ship.owner is None:
                sprite = sprites.ship(c.merchant, c.merchant_ink, "M", ship.strength,
                                      "", SHIP_W, SHIP_H, c.slot)
                sprites.note(cv, "M", False, 15)
            else:
                s = seats[ship.owner]
                sprite = sprites.ship(s.color, s.ink, s.letter, ship.strength, ship.tile,
                                      SHIP_W, SHIP_H, c.slot)
                sprites.note(cv, f"{s.letter} {ship.tile}", False, 15)
            sprites.note(cv, str(ship.strength), True, 26)
            cv.paste(sprite, box[0], box[1])


def draw_numbers(cv: Canvas, layout: Layout, view: VascoView) -> None:
    c = layout.colors
    data = load_data()
    placed = {d.number: d.seat for slots in view.slots.values() for d in slots if d}
    cells = geo.number_cells()
    for n, (x, y) in cells.items():
        free_here = view.phase in ("place", "act") and n == view.free
        bg = c.marker if free_here else c.panel
        if free_here:
            cv.fill((x - 23, y - 23, x + 23, y + 23), c.marker)
        available = n in view.numbers or n in view.manuel_numbers
        called = view.phase == "act" and n == view.called
        if available:
            fill, ink = c.slot, c.ink
        elif n in placed:
            fill, ink = c.closed, c.muted
        else:
            fill, ink = bg, c.closed_ink
        ring = c.highlight if called else ""
        sprite = sprites.disc(fill, ink, str(n), geo.NUMBER_D, bg, ring, 17)
        sprites.note(cv, str(n), True, 17)
        cv.paste(sprite, x - sprite.width // 2, y - sprite.height // 2)
    x, y = geo.marker_line()
    if view.phase in ("place", "act"):
        text = f"Free-action marker on {view.free}: a lower number pays the difference to act."
    elif view.phase == "setup":
        text = "Before round 1: the Sernigi holder places a merchant ship."
    elif view.phase == "over":
        text = "Game over: the player panels show the final scores."
    else:
        text = "Phase 3: merchant ship, income, full landings score and move up."
    cv.text((x, y), text, 15, c.ink, c.panel, max_width=geo.vdg_box()[0] - x - 10,
            min_size=14)
    _vdg(cv, layout, view, data)


def _vdg(cv: Canvas, layout: Layout, view: VascoView, data) -> None:
    c, f = layout.colors, layout.fonts
    x0, y0, x1, y1 = geo.vdg_box()
    w = x1 - x0 - 16
    cv.text((x0 + 8, y0 + 6), "Vasco da Gama tile", f.small, c.ink, c.tile, bold=True,
            max_width=w)
    lines = []
    if view.phase == "setup" and view.vdg_next:
        t = data.vdg_tiles[view.vdg_next]
        coins = " + ".join(str(v) for v in t.coins)
        lines += [f"round 1: {t.id}, start {t.initial}", f"coins {coins}"]
    else:
        if view.vdg_current:
            t = data.vdg_tiles[view.vdg_current]
            coins = " + ".join(str(v) for v in t.coins)
            lines.append(f"now {t.id}: start {t.initial}, coins {coins}")
        if view.vdg_next:
            t = data.vdg_tiles[view.vdg_next]
            sign = f"{t.variation:+d}" if t.variation else "±0"
            lines.append(f"turned up {t.id}: {sign}")
        else:
            lines.append("next: face down (−3…+3)")
    lines.append(f"{view.vdg_left} face down")
    for i, line in enumerate(lines):
        cv.text((x0 + 8, y0 + 32 + i * 24), line, 16, c.ink if i < 2 else c.muted, c.tile,
                max_width=w, min_size=14)


def draw_areas(cv: Canvas, layout: Layout, view: VascoView, seats: list[SeatStyle]) -> None:
    c = layout.colors
    data = load_data()
    for key, row in geo.area_rows():
        for slot, need in enumerate(data.area_of[key].slots, 1):
            if need > view.players:
                continue
            box = geo.area_slot(row, slot)
            x0, y0, x1, y1 = box
            disc = view.slots[key][slot - 1]
            mid = (y0 + y1) / 2
            if disc is None:
                cv.text((x0 + 8, mid + 1), f"{key}-{slot}", 15, c.closed_ink, c.slot,
                        anchor="lm", max_width=x1 - x0 - 14, min_size=14)
                continue
            s = seats[disc.seat]
            called = view.phase == "act" and disc.number == view.called
            if called:
                cv.fill((x0 + 2, y0 + 2, x1 - 2, y1 - 2), c.since)
            bg = c.since if called else c.slot
            sprite = sprites.pill(s.color, s.ink, disc.number, s.letter, bg,
                                  c.highlight if called else "")
            sprites.note(cv, str(disc.number), True, 19)
            sprites.note(cv, s.letter, False, 14)
            cv.paste(sprite, x0 + 4, mid - sprite.height / 2)
            cv.text((x0 + 70, mid + 1), s.name, 16, c.ink, bg, anchor="lm",
                    max_width=x1 - x0 - 74, min_size=14)


def draw_characters(cv: Canvas, layout: Layout, view: VascoView,
                    seats: list[SeatStyle]) -> None:
    c = layout.colors
    data = load_data()
    for key, box in geo.character_cards():
        x0, y0, x1, y1 = box
        w = x1 - x0 - 12
        holder = view.holders.get(key)
        if holder is None:
            cv.text((x0 + 6, y0 + 54), "on the board", 16, c.muted, c.tile, max_width=w)
        else:
            s = seats[holder]
            sprite = sprites.disc(s.color, s.ink, s.letter, 24, c.tile, "", 14)
            sprites.note(cv, s.letter, True, 14)
            cv.paste(sprite, x0 + 5, y0 + 52)
            cv.text((x0 + 34, y0 + 65), s.name, 16, c.ink, c.tile, anchor="lm",
                    max_width=w - 30, min_size=14)
        blocked = view.blocked.get(key)
        if blocked is not None:
            cv.text((x0 + 6, y0 + 84), f"chosen by {seats[blocked].letter}", 15,
                    c.highlight, c.tile, max_width=w, min_size=14)
        extra = ""
        if key == "manuel":
            numbers = "/".join(str(n) for n in view.manuel_numbers) or "—"
            on_space = [seats[i].letter for i, p in enumerate(view.seats) if p.extra == "board"]
            extra = f"{numbers} · discs {' '.join(on_space) or '—'}"
        elif key == "francisco":
            extra = f"{view.missionaries} missionaries left"
        elif key == "sernigi":
            # the card's title already says "merchant ship"; a longer line gets cut
            top = (f"merchant {data.strength(view.merchant_top)} up" if view.merchant_top
                   else "face down" if view.merchants_left else "no merchants")
            extra = f"{top} · {view.merchants_left} left"
        if extra:
            cv.text((x0 + 6, y1 - 26), extra, 15, c.ink, c.tile, max_width=w, min_size=14)
    for i, box in enumerate(geo.coin_spaces()):
        x0, y0, x1, y1 = box
        amount = view.coin_spaces[i] if i < len(view.coin_spaces) else 0
        cv.text((x0 + 8, (y0 + y1) / 2 + 1), f"Coins {i + 1}: {amount}", layout.fonts.normal,
                c.ink if amount else c.muted, c.tile, bold=True, anchor="lm",
                max_width=x1 - x0 - 16)
