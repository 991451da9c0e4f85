"""A fixed 256-colour palette per static layer, so a finished picture converts to a small,
fast "P" PNG in a few milliseconds, always the same way.

The palette holds every named colour exactly (layout colours, seat colours and their
tints, temple colours), plus colours sampled from the static layer and from a swatch
sheet of text and pieces in every ink on every background (their anti-aliased edges).
"""

from __future__ import annotations

from PIL import Image

from render import palette as seat_palette
from render.fixed_palette import fixed_palette
from render.neptun.layout import Layout
from render.neptun.pen import Pen
from render.neptun.seats import tint_of
from render.pen import rgb
from rules.neptun.data import load_data

EXTRA = ["#ffffff", "#000000", "#1d1d1d", "#e6f0e3", "#fdecc8", "#f6d7d2"]


def named_colors(layout: Layout) -> list[str]:
    seats = [c.hex for c in seat_palette.SEAT_COLOURS]
    temples = [t.colour for t in load_data().temples]
    out = [*layout.colors.model_dump().values(), *seats, *(tint_of(x) for x in seats),
           *temples, *(tint_of(x) for x in temples), *EXTRA]
    return list(dict.fromkeys(c.lower() for c in out))


def _swatches(layout: Layout) -> Image.Image:
    c = layout.colors
    seats = [s.hex for s in seat_palette.SEAT_COLOURS]
    temples = [t.colour for t in load_data().temples]
    backgrounds = [c.background, c.panel, c.sea, c.land, c.header, c.done, c.failed,
                   "#ffffff", c.card_back, *(tint_of(x) for x in seats + temples), *temples]
    inks = [c.ink, c.muted, c.header_ink, c.highlight, c.gold_ink, c.wind, *seats]
    sheet = Image.new("RGB", (64 * len(inks), 40 * len(backgrounds)), "#ffffff")
    pen = Pen(sheet)
    for i, bg in enumerate(backgrounds):
        pen.rect((0, 40 * i, sheet.width, 40 * i + 40), fill=bg)
        for j, ink in enumerate(inks):
            pen.text((64 * j + 3, 40 * i + 8), "Ag8é", 18, ink, bold=j % 2 == 0)
            if j < len(seats):
                pen.disc((64 * j + 52, 40 * i + 20), 12, seats[j], c.ink, "A",
                         seat_palette.ink_for(seats[j]), 14)
    return sheet


def build_palette(image: Image.Image, layout: Layout) -> Image.Image:
    exact = [rgb(h) for h in named_colors(layout)]
    return fixed_palette(exact, [image, _swatches(layout)])
