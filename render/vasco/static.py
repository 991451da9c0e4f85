"""The static layer: panels, titles, the navigation board's landings and slots, the number
track, the action areas (closed slots marked), the character cards and the frames of the
market and the player panels. Drawn once per process and player count, then kept as a "P"
image on the fixed palette (built here too, once)."""

from __future__ import annotations

import threading
from functools import lru_cache

from PIL import Image, ImageDraw

from render import text as tx
from render.fixed_palette import fixed_palette
from render.palette import SEAT_COLOURS, ink_for
from render.pen import ScaledPen
from render.vasco import canvas as cv
from render.vasco import geometry as geo
from render.vasco.layout import Layout, load_layout
from render.vasco.seats import all_seat_colours, tint_of
from rules.vasco.data import load_data

_LOCK = threading.RLock()   # re-entered: a layer may build the palette first

AREA_TITLES = {"recruit": "Recruit", "project": "Projects", "character": "Characters",
               "navigation": "Navigation"}
CHARACTER_TEXT = {
    "manuel": ("Manuel I", "extra disc with 21/22"),
    "bartolomeu": ("Bartolomeu Dias", "+2 VP, start player"),
    "francisco": ("Francisco Alvares", "+1 missionary"),
    "sernigi": ("Girolamo Sernigi", "merchant ship"),
}


class Pen(ScaledPen):
    """RGB drawing at ``k`` times the picture's scale (the static layer is reduced later)."""

    def __init__(self, image: Image.Image, k: int) -> None:
        super().__init__(image, k)
        self.placed: list[tuple[str, tuple[int, int, int, int]]] = []   # texts, for tests

    def text(self, xy, text, size, fill, bold=False, anchor="la", max_width=None,
             min_size=15) -> float:
        face = tx.face_of(bold)
        content, face, size, drawn = cv.fitted(text, face, size, max_width, min_size)
        if not content:
            return 0.0
        tx.note_drawn(content, face, size, drawn, max_width)
        self.draw.text((xy[0] * self.k, xy[1] * self.k), content,
                       font=tx.font(face, size * self.k), fill=fill, anchor=anchor)
        x0, y0, x1, y1 = tx.font(face, size).getbbox(content, anchor=anchor)
        self.placed.append((f"text:{content}", (round(xy[0] + x0), round(xy[1] + y0),
                                                round(xy[0] + x1), round(xy[1] + y1))))
        return drawn


def _panel(pen: Pen, layout: Layout, box, title: str, fill: str | None = None) -> None:
    c = layout.colors
    pen.rect(box, fill=fill or c.panel, outline=c.panel_line, width=2, radius=8)
    x0, y0, x1, _ = box
    pen.rect((x0 + 2, y0 + 2, x1 - 2, y0 + geo.TITLE), fill=c.header, radius=6)
    pen.text((x0 + 12, y0 + geo.TITLE // 2 + 2), title, layout.fonts.normal, c.header_ink,
             bold=True, anchor="lm", max_width=x1 - x0 - 24)


def _navigation(pen: Pen, layout: Layout) -> None:
    c, f = layout.colors, layout.fonts
    data = load_data()
    _panel(pen, layout, layout.boxes.navigation,
           "Navigation — full landings score per ship and move up to Calicut", c.sea)
    arrow = f"▲{data.arrow_min}+"
    for key, row in geo.landing_rows():
        info = data.landing_of[key]
        x0, y0, x1, y1 = row
        pen.rect((x0, y1 - 1, x1, y1), fill=c.sea_line)
        if key == "calicut":    # the key, right of Calicut's one slot
            kx = geo.landing_slot(row, len(info.slots))[2] + 16
            for i, line in enumerate((
                    "Slot number: the strength needed and the VP scored",
                    f"{arrow}: only a player's ship of strength {data.arrow_min}+",
                    "A ship: its strength, owner and tile (M: merchant)")):
                pen.text((kx, y0 + 12 + i * 24), line, 16, c.muted, max_width=x1 - kx - 8,
                         min_size=14)
        pen.text((x0 + 8, y0 + 10), info.name, f.normal, c.ink, bold=True,
                 max_width=geo.LABEL_W - 14)
        full = f"full: {info.complete_vp} VP/ship" if info.complete_vp else "full: —"
        pen.text((x0 + 8, y0 + 38), full, f.small, c.muted, max_width=geo.LABEL_W - 14)
        bonus = {"project": "bonus: a project", "sailor": "bonus: a sailor",
                 "captain": "bonus: a captain", "coins": f"bonus: {info.bonus_coins} Real"
                 + ("es" if info.bonus_coins != 1 else ""), "none": "no bonus"}[info.bonus]
        pen.text((x0 + 8, y0 + 62), bonus, f.small, c.muted, max_width=geo.LABEL_W - 14)
        for slot, need in enumerate(info.slots, 1):
            box = geo.landing_slot(row, slot)
            sx0, sy0, sx1, _ = box
            pen.rect(box, fill=c.slot, outline=c.slot_line, width=2, radius=6)
            pen.rect((sx0 + 2, sy0 + 2, sx1 - 2, sy0 + geo.STRIP), fill=c.sea_line, radius=4)
            label = f"{need}" + (f"  {arrow}" if slot in info.arrows else "")
            pen.text(((sx0 + sx1) / 2, sy0 + geo.STRIP / 2 + 2), label, f.small, c.arrow,
                     bold=True, anchor="mm", max_width=geo.SLOT_W - 6)


def _numbers(pen: Pen, layout: Layout) -> None:
    c = layout.colors
    _panel(pen, layout, layout.boxes.numbers, "Sequence numbers")
    vx0, vy0, vx1, vy1 = geo.vdg_box()
    pen.rect((vx0, vy0, vx1, vy1), fill=c.tile, outline=c.panel_line, width=2, radius=6)


def _areas(pen: Pen, layout: Layout, players: int) -> None:
    c, f = layout.colors, layout.fonts
    data = load_data()
    _panel(pen, layout, layout.boxes.areas, "Action slots (a disc + a number each)")
    for key, row in geo.area_rows():
        x0, y0, _, y1 = row
        pen.text((x0 + 4, (y0 + y1) / 2 + 1), AREA_TITLES[key], f.normal, c.ink, bold=True,
                 anchor="lm", max_width=geo.AREA_LABEL - 8)
        for slot, need in enumerate(data.area_of[key].slots, 1):
            box = geo.area_slot(row, slot)
            if need > players:
                pen.rect(box, fill=c.closed, radius=6)
                pen.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1),
                         f"{need}+ players" if need < 4 else "4 players", f.small,
                         c.closed_ink, anchor="mm",
                         max_width=box[2] - box[0] - 8)
            else:
                pen.rect(box, fill=c.slot, outline=c.slot_line, width=2, radius=6)


def _characters(pen: Pen, layout: Layout) -> None:
    c, f = layout.colors, layout.fonts
    _panel(pen, layout, layout.boxes.characters, "Characters")
    for key, box in geo.character_cards():
        pen.rect(box, fill=c.tile, outline=c.panel_line, width=2, radius=6)
        name, effect = CHARACTER_TEXT[key]
        pen.text((box[0] + 6, box[1] + 6), name, f.small, c.ink, bold=True,
                 max_width=box[2] - box[0] - 12)
        pen.text((box[0] + 6, box[1] + 30), effect, 15, c.muted, max_width=box[2] - box[0] - 12,
                 min_size=14)
    for box in geo.coin_spaces():
        pen.rect(box, fill=c.tile, outline=c.panel_line, width=2, radius=6)


def _recruit(pen: Pen, layout: Layout, players: int) -> None:
    c, f = layout.colors, layout.fonts
    _panel(pen, layout, layout.boxes.recruit, "Recruiting — 1/3/6/10 Reales for 1/2/3/4 colours;"
           " a captain costs 1 per sailor taken")
    for i, box in enumerate(geo.sections()):
        open_ = i < players
        pen.rect(box, fill=c.slot if open_ else c.closed, outline=c.panel_line, width=2,
                 radius=6)
        title = f"Section {i + 1}" if open_ else f"Section {i + 1} (closed)"
        pen.text((box[0] + 8, box[1] + 8), title, f.small, c.ink if open_ else c.closed_ink,
                 bold=True, max_width=box[2] - box[0] - 16)
        if open_:
            for x, y in geo.sailor_spots(box):      # an empty circle: a faint grey spot
                pen.circle((x, y), 9, fill=c.closed)


def _projects(pen: Pen, layout: Layout) -> None:
    c = layout.colors
    _panel(pen, layout, layout.boxes.projects, "Projects — 1 for 1 Real, 2 for 4 Reales; "
           "San Gabriel at its crew number")
    for box in geo.display_tiles():
        pen.rect(box, fill=c.slot, outline=c.panel_line, width=2, radius=6)
    pen.rect(geo.san_gabriel_box(), fill=c.slot, outline=c.panel_line, width=2, radius=6)


def _frames(pen: Pen, layout: Layout, players: int) -> None:
    c = layout.colors
    pen.rect(layout.boxes.header, fill=c.header)
    for box in geo.player_panels(players):
        pen.rect(box, fill=c.panel, outline=c.panel_line, width=2, radius=8)
    _panel(pen, layout, layout.boxes.log, "What happened (highlighted: since your last move)")


def static_texts(players: int) -> list[tuple[str, tuple[int, int, int, int]]]:
    """Every text of the static layer with its box (for tests)."""
    return list(_rgb_layer(players)[1])


@lru_cache(maxsize=4)
def _rgb_layer(players: int) -> tuple[Image.Image, list]:
    layout = load_layout()
    k = layout.canvas.static_scale
    w, h = layout.canvas.width, layout.canvas.height
    big = Image.new("RGB", (w * k, h * k), layout.colors.background)
    pen = Pen(big, k)
    _frames(pen, layout, players)
    _navigation(pen, layout)
    _numbers(pen, layout)
    _areas(pen, layout, players)
    _characters(pen, layout)
    _recruit(pen, layout, players)
    _projects(pen, layout)
    return big.resize((w, h), Image.Resampling.LANCZOS), pen.placed


def static_layer(players: int) -> Image.Image:
    """The static layer for this many players, as a "P" image on the fixed palette."""
    with _LOCK:
        return _p_layer(players)


@lru_cache(maxsize=4)
def _p_layer(players: int) -> Image.Image:
    return cv.to_p(_rgb_layer(players)[0])


# The fixed palette -----------------------------------------------------------------------


def exact_colours(layout: Layout) -> list[str]:
    c = layout.colors
    out = [v for v in c.model_dump().values() if isinstance(v, str)]
    out += list(c.crew.values())
    seats = all_seat_colours(layout) + [s.hex for s in SEAT_COLOURS]
    out += seats + [tint_of(s) for s in seats] + [ink_for(s) for s in seats]
    out += ["#ffffff", "#000000", "#1d1d1d", "#3a3a3a", "#2b2b2b"]
    seen: list[str] = []
    for colour in out:
        if colour.lower() not in seen:
            seen.append(colour.lower())
    return seen


def _swatches(layout: Layout) -> Image.Image:
    from render.vasco import sprites

    c = layout.colors
    seats = all_seat_colours(layout)
    backgrounds = [c.panel, c.sea, c.slot, c.tile, c.ship_side, c.closed, c.header, c.since,
                   c.background, *[tint_of(s) for s in seats]]
    inks = [c.ink, c.muted, c.highlight, c.header_ink, c.closed_ink, *seats]
    sheet = Image.new("RGB", (64 * len(inks) + 64, 48 * len(backgrounds)), "#ffffff")
    draw = ImageDraw.Draw(sheet)
    font = tx.font("bold", 22)
    for i, bg in enumerate(backgrounds):
        draw.rectangle((0, 48 * i, sheet.width, 48 * i + 48), fill=bg)
        for j, ink in enumerate(inks):
            draw.text((64 * j + 4, 48 * i + 10), "Ag8é", font=font, fill=ink)
    # pieces, drawn without the palette (it does not exist yet)
    for j, colour in enumerate(seats + list(c.crew.values()) + [c.merchant]):
        big = Image.new("RGB", (40 * sprites.SUPER, 40 * sprites.SUPER), c.slot)
        ImageDraw.Draw(big).ellipse((0, 0, big.width - 1, big.height - 1), fill=colour,
                                    outline="#3a3a3a", width=sprites.SUPER)
        sheet.paste(big.resize((40, 40), Image.Resampling.LANCZOS), (64 * j, 4))
    return sheet


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    layout = load_layout()
    exact = [cv.rgb(x) for x in exact_colours(layout)]
    layer = _rgb_layer(load_data().max_players)[0]
    return fixed_palette(exact, [layer, _swatches(layout)], apart=6)


def build_palette_once() -> None:
    with _LOCK:
        cv.set_palette(_palette())
