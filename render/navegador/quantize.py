"""A fixed 256-colour palette per static layer, so a finished board converts to a small,
fast "P" PNG in a few milliseconds and always the same way.

The palette holds every named layout colour exactly, plus the colours of the static layer,
the region tiles and a swatch sheet of every piece on every background (for the
anti-aliased edges of pieces and text drawn per turn).
"""

from __future__ import annotations

from PIL import Image

from render.fixed_palette import fixed_palette
from render.navegador.layout import Layout
from render.navegador.pen import Pen
from render.navegador.seats import all_seat_colours, tint_of
from render.navegador.sprites import card, cube, disk, ship, stone
from render.palette import ink_for

LETTERS = "ABCDE"


def _hex(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def named_colors(layout: Layout) -> list[tuple[int, int, int]]:
    c = layout.colors
    out: list[str] = []
    for value in c.model_dump().values():
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            out += list(value.values())
    seats = all_seat_colours(layout)
    out += seats + [tint_of(x) for x in seats] + ["#ffffff", "#000000", "#1d1d1d"]
    seen: list[tuple[int, int, int]] = []
    for color in out:
        rgb = _hex(color)
        if rgb not in seen:
            seen.append(rgb)
    return seen


def _swatches(layout: Layout) -> Image.Image:
    c = layout.colors
    seats = all_seat_colours(layout)
    seat_inks = [ink_for(x) for x in seats]
    backgrounds = [c.background, c.panel, c.sea, c.explored, c.unexplored, c.header,
                   c.lastline, "#ffffff"] + [tint_of(x) for x in seats]
    inks = [c.ink, c.muted, c.header_ink, c.highlight, c.navegador, c.red_line] + seats
    sheet = Image.new("RGB", (60 * len(inks) + 40, 44 * len(backgrounds)), "#ffffff")
    pen = Pen(sheet)
    for i, bg in enumerate(backgrounds):
        pen.rect((0, 44 * i, sheet.width, 44 * i + 44), fill=bg)
        for j, ink in enumerate(inks):
            pen.text((60 * j + 4, 44 * i + 8), "Ag8é", 22, ink, bold=j % 2 == 0)
            if j < len(seats):
                sprite = [ship, stone][i % 2](seats[j], seat_inks[j], LETTERS[j % 5])
                sheet.paste(sprite, (60 * j + 30, 44 * i + 6), sprite)
    for j, good in enumerate(c.goods.values()):
        sprite = cube(good)
        sheet.paste(sprite, (60 * j, 0), sprite)
    for sprite in (disk(c.explorer_disk), card(c.navegador, "A")):
        sheet.paste(sprite, (sheet.width - 40, 0), sprite)
    return sheet


def build_palette(image: Image.Image, tiles: dict[str, tuple[Image.Image, Image.Image]],
                  layout: Layout) -> Image.Image:
    parts = [image, _swatches(layout)] + [t.convert("RGB") for pair in tiles.values()
                                          for t in pair]
    return fixed_palette(named_colors(layout), parts, halve=True)
