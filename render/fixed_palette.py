"""A fixed 256-colour palette for a board, built once per process: every named colour of
its layout exactly, then the colours sampled from its static layer and a sheet of its
pieces and texts on every background (for the anti-aliased edges drawn per turn). A
finished board maps onto it in a few milliseconds, always the same way, and makes a
small PNG."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

RGB = tuple[int, int, int]


def fixed_palette(exact: Sequence[RGB], parts: Sequence[Image.Image], *,
                  halve: bool = False, apart: int = 0) -> Image.Image:
    """A 1x1 "P" image holding the palette: ``exact`` first, then up to the rest of 256
    sampled from ``parts`` stacked on a white sheet (``halve``: sampled at half size, for
    a large layer). A sampled colour is kept only if it differs from every colour already
    in by more than ``apart`` in some channel (Pillow maps colours through a cache of
    4-unit cells, so a sampled colour that close to a named one could take its place)."""
    width = max(p.width for p in parts)
    sheet = Image.new("RGB", (width, sum(p.height for p in parts)), "#ffffff")
    y = 0
    for part in parts:
        sheet.paste(part, (0, y))
        y += part.height
    if halve:
        sheet = sheet.resize((sheet.width // 2, sheet.height // 2), Image.Resampling.NEAREST)
    free = 256 - len(exact)
    sampled = sheet.quantize(colors=free, method=Image.Quantize.FASTOCTREE,
                             dither=Image.Dither.NONE)
    flat = (sampled.getpalette() or [])[: 3 * free]
    colors = list(exact)
    for i in range(0, len(flat), 3):
        rgb = (flat[i], flat[i + 1], flat[i + 2])
        if all(max(abs(a - b) for a, b in zip(rgb, c, strict=True)) > apart for c in colors):
            colors.append(rgb)
    colors = colors[:256]
    colors += [colors[-1]] * (256 - len(colors))
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for rgb in colors for v in rgb])
    ImageDraw.Draw(pal)  # make sure the palette is attached before sharing the image
    return pal
