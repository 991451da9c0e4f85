"""Drawing straight into a 256-colour ("P") picture, so encoding is the only heavy step.

The palette is fixed: every layout colour, every seat colour, and for each pair of
(text or piece colour, background) that the picture uses, three blends between them —
the anti-aliased edges. A text is rasterised once (its coverage mask, cached), turned into
palette indices for its ink and background through a lookup table (cached), and then only
pasted; pieces are drawn once, large and smooth, reduced and mapped to the palette
(cached per colour and background). Every text goes through ``render.text``: the shipped
font, legible fallbacks for characters it lacks, fitting to a width.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from render import text as tx
from render.maracaibo.layout import load_layout
from render.palette import SEAT_COLOURS, ink_for
from render.pen import rgb

RGB = tuple[int, int, int]
LEVELS = (0.25, 0.5, 0.75)


def blend(fg: RGB, bg: RGB, t: float) -> RGB:
    return tuple(round(b + (f - b) * t) for f, b in zip(fg, bg, strict=True))  # type: ignore


def seat_hexes() -> list[str]:
    return [c.hex for c in SEAT_COLOURS]


def pairs() -> list[tuple[str, str]]:
    """(foreground, background) pairs whose anti-aliased edges the palette carries."""
    c = load_layout().colors
    light = [c.background, c.panel, c.sea, c.village, c.city, c.home, c.card, c.card_a,
             c.card_b, c.slot, c.done, c.lastline, c.highlight, c.white,
             c.goods["SUGAR"], c.goods["TOBACCO"], c.nations["ES"]]
    dark = [c.header, c.red_hand, c.arrow, c.goods["COFFEE"], c.goods["COCOA"],
            c.nations["FR"], c.nations["EN"], c.line_red, c.line_blue, c.line_green,
            c.muted, c.ink]
    out = [(c.ink, bg) for bg in light]
    out += [(c.muted, bg) for bg in light[:11]]
    out += [(c.white, bg) for bg in dark]
    out += [(c.highlight, c.header), (c.red_hand, c.home), (c.arrow, c.sea),
            (c.sea_line, c.sea), (c.panel_line, c.background), (c.panel_line, c.panel)]
    for seat in seat_hexes():
        out += [(ink_for(seat), seat), (seat, c.ink)]
    return out


@cache
def palette() -> tuple[tuple[RGB, ...], dict[RGB, int]]:
    c = load_layout().colors
    base = [*c.named().values(), *c.goods.values(), *c.nations.values(), *seat_hexes(),
            "#1d1d1d", "#000000"]
    colors: list[RGB] = []
    for col in base:
        if rgb(col) not in colors:
            colors.append(rgb(col))
    for fg, bg in pairs():
        for t in LEVELS:
            mix = blend(rgb(fg), rgb(bg), t)
            if mix not in colors:
                colors.append(mix)
    if len(colors) > 256:
        raise ValueError(f"the Maracaibo palette needs {len(colors)} colours (at most 256)")
    colors += [colors[-1]] * (256 - len(colors))
    return tuple(colors), {col: i for i, col in reversed(list(enumerate(colors)))}


@cache
def palette_image() -> Image.Image:
    img = Image.new("P", (1, 1))
    img.putpalette([v for col in palette()[0] for v in col])
    ImageDraw.Draw(img)
    return img


@lru_cache(maxsize=512)
def index(color: str) -> int:
    """The palette index of ``color`` (the nearest colour if it is not in the palette)."""
    colors, where = palette()
    key = rgb(color)
    if key in where:
        return where[key]
    return min(range(len(colors)),
               key=lambda i: sum((a - b) ** 2 for a, b in zip(colors[i], key, strict=True)))


@lru_cache(maxsize=512)
def ramp(fg: str, bg: str) -> tuple[int, ...]:
    """Coverage 0..255 -> palette index of the blend of ``fg`` over ``bg``."""
    steps = [index(bg)]
    for t in LEVELS:
        mix = blend(rgb(fg), rgb(bg), t)
        steps.append(palette()[1].get(mix, index(fg) if t >= 0.5 else index(bg)))
    steps.append(index(fg))
    return tuple(steps[min(4, round(v / 255 * 4))] for v in range(256))


def to_palette(img: Image.Image) -> Image.Image:
    """An RGB picture mapped onto the palette (nearest colours, no dithering)."""
    return img.convert("RGB").quantize(palette=palette_image(), dither=Image.Dither.NONE)


# Text -------------------------------------------------------------------------------------


@lru_cache(maxsize=8192)
def _mask(text: str, face: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    f = tx.font(face, size)
    left, top, right, bottom = f.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


@lru_cache(maxsize=16384)
def text_sprite(text: str, face: str, size: int, anchor: str, fg: str,
                bg: str) -> tuple[Image.Image, int, int]:
    mask, left, top = _mask(text, face, size, anchor)
    sprite = Image.frombytes("P", mask.size, mask.point(list(ramp(fg, bg))).tobytes())
    return sprite, left, top


class Canvas:
    """A "P" picture with the fixed palette, drawn in picture coordinates.

    A picture takes a few hundred pastes of palette sprites onto a palette image; they go
    straight to Pillow's core (``Image.im.paste``), skipping the per-call checks of
    ``Image.paste`` that the same mode and a full box make moot."""

    def __init__(self, image: Image.Image) -> None:
        if image.mode != "P":
            raise ValueError("a Canvas draws on a palette ('P') picture")
        self.image = image
        self.draw = ImageDraw.Draw(image)
        image.load()
        self.core = image.im

    def _paste(self, source: object, box: tuple[int, int, int, int]) -> None:
        self.core.paste(source, box)

    def fill(self, box: tuple[int, int, int, int], color: str) -> None:
        self._paste(index(color), tuple(round(v) for v in box))  # type: ignore[arg-type]

    def outline(self, box: tuple[int, int, int, int], color: str, width: int = 1) -> None:
        x0, y0, x1, y1 = box
        i = index(color)
        for k in range(width):
            self.draw.rectangle((x0 + k, y0 + k, x1 - 1 - k, y1 - 1 - k), outline=i)

    def line(self, points: list[tuple[int, int]], color: str, width: int = 1) -> None:
        self.draw.line(points, fill=index(color), width=width)

    def paste(self, sprite: Image.Image, x: int, y: int) -> None:
        x, y = round(x), round(y)
        self._paste(sprite.im, (x, y, x + sprite.width, y + sprite.height))

    def text(self, xy: tuple[float, float], text: object, size: int, color: str, bg: str,
             bold: bool = False, anchor: str = "la", width: float | None = None,
             min_size: int | None = None) -> float:
        """Draw ``text`` (fitted into ``width`` px if given) on a ``bg`` background;
        returns the width drawn."""
        face = tx.face_of(bold)
        if width is not None:
            floor = min_size or load_layout().fonts.min
            fitted = fit(str(text), face, max(1.0, width), size, min(size, floor))
            shown, face, size = fitted.text, fitted.face, fitted.size
        else:
            shown = plain(str(text)) or tx.drawable(str(text), face)
        if not shown:
            return 0.0
        wide = tx.width(shown, face, size)
        tx.note_drawn(shown, face, size, wide, width)
        sprite, left, top = text_sprite(shown, face, size, anchor, color, bg)
        self.paste(sprite, round(xy[0]) + left, round(xy[1]) + top)
        return wide


@lru_cache(maxsize=8192)
def fit(text: str, face: str, width: float, size: int, min_size: int) -> tx.Fitted:
    """``render.text.fit``, with a quicker path for plain ASCII (which needs no fallback
    characters): the same sizes and faces are tried in the same order."""
    shown = plain(text)
    if not shown:
        return tx.fit(text, face, width, size, min_size)
    faces = [face] + ([tx.CONDENSED[face]] if face in tx.CONDENSED else [])
    for s in range(size, min_size - 1, -1):
        for f in faces:
            w = tx.width(shown, f, s)
            if w <= width:
                return tx.Fitted(shown, f, s, w)
    return tx.fit(text, face, width, size, min_size)


def plain(text: str) -> str:
    """Printable ASCII needs no fallbacks (the font has every such glyph): the text with
    its spaces collapsed, as ``drawable`` would give it, without its per-character work."""
    if text.isascii() and text.isprintable():
        return " ".join(text.split())
    return ""


def measure(text: object, size: int, bold: bool = False) -> float:
    face = tx.face_of(bold)
    return tx.width(tx.drawable(str(text), face), face, size)
