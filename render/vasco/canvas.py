"""Drawing in palette ("P") mode with cached sprites: why the picture is fast.

The bench holds a picture to at most twice the time of encoding it, so nothing may be
converted per picture. Every colour comes from one fixed 256-colour palette (built once per
process from the static layer and a swatch sheet of every piece on every background), the
static layer is kept as a "P" image, and every dynamic element — a text, a disc, a ship —
is rendered once in RGB on the flat colour it sits on, quantized to that palette, cached,
and afterwards only pasted. A picture is then a copy, a few hundred pastes and the encode.

Every text goes through ``render.text`` (the shipped DejaVu fonts, ``drawable`` fallbacks,
``fit``), and is reported to ``render.text.note_drawn`` for the tests.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from PIL import Image, ImageDraw

from render import text as tx
from render.pen import rgb

Anchor = str
SUPER = 3           # sprites are drawn this many times larger, then reduced (smooth edges)
_LOCK = threading.Lock()
_PALETTE: list[Image.Image] = []


def set_palette(palette: Image.Image) -> None:
    with _LOCK:
        if not _PALETTE:
            _PALETTE.append(palette)


def palette() -> Image.Image:
    if not _PALETTE:
        from render.vasco.static import build_palette_once

        build_palette_once()
    return _PALETTE[0]


def to_p(image: Image.Image) -> Image.Image:
    """An RGB image mapped onto the fixed palette (no dithering: flat colours stay flat)."""
    return image.convert("RGB").quantize(palette=palette(), dither=Image.Dither.NONE)


@lru_cache(maxsize=512)
def index_of(colour: str) -> int:
    """The palette index nearest to ``colour`` (exact for every colour the layout names)."""
    probe = Image.new("RGB", (1, 1), rgb(colour))
    return to_p(probe).getpixel((0, 0))  # type: ignore[return-value]


@lru_cache(maxsize=8192)
def text_sprite(content: str, face: str, size: int, ink: str, bg: str,
                anchor: Anchor) -> tuple[Image.Image, int, int]:
    """A text on its background as a "P" sprite, and its offset from the anchor point."""
    font = tx.font(face, size)
    left, top, right, bottom = font.getbbox(content, anchor=anchor)
    left, top = left - 1, top - 1
    img = Image.new("RGB", (max(1, right - left + 1), max(1, bottom - top + 1)), rgb(bg))
    ImageDraw.Draw(img).text((-left, -top), content, font=font, fill=rgb(ink), anchor=anchor)
    return to_p(img), left, top


def fitted(text: object, face: str, size: int, max_width: float | None,
           min_size: int) -> tuple[str, str, int, float]:
    if max_width is None:
        shown = tx.drawable(str(text), face)
        return shown, face, size, tx.width(shown, face, size)
    got = tx.fit(str(text), face, max_width, size, min(size, min_size))
    return got.text, got.face, got.size, got.width


class Canvas:
    """A "P" picture being drawn; coordinates in pixels."""

    def __init__(self, base: Image.Image, min_size: int = 15) -> None:
        self.image = base.copy()
        self.min_size = min_size
        # (what, box) of every text and piece placed, so tests can check that nothing
        # overlaps and nothing leaves its panel
        self.placed: list[tuple[str, tuple[int, int, int, int]]] = []

    def fill(self, box: tuple[float, float, float, float], colour: str) -> None:
        x0, y0, x1, y1 = (round(v) for v in box)
        if x1 > x0 and y1 > y0:
            self.image.paste(index_of(colour), (x0, y0, x1, y1))

    def frame(self, box: tuple[float, float, float, float], colour: str, width: int = 2) -> None:
        x0, y0, x1, y1 = (round(v) for v in box)
        self.fill((x0, y0, x1, y0 + width), colour)
        self.fill((x0, y1 - width, x1, y1), colour)
        self.fill((x0, y0, x0 + width, y1), colour)
        self.fill((x1 - width, y0, x1, y1), colour)

    def paste(self, sprite: Image.Image, x: float, y: float, what: str = "piece") -> None:
        x0, y0 = round(x), round(y)
        self.image.paste(sprite, (x0, y0))
        self.placed.append((what, (x0, y0, x0 + sprite.width, y0 + sprite.height)))

    def text(self, xy: tuple[float, float], text: object, size: int, ink: str, bg: str,
             bold: bool = False, anchor: Anchor = "la", max_width: float | None = None,
             min_size: int | None = None, face: str | None = None) -> float:
        """Draw ``text`` on the flat colour ``bg``; fitted to ``max_width`` when given.
        Returns the width drawn."""
        face = face or tx.face_of(bold)
        content, face, size, drawn = fitted(text, face, size, max_width,
                                            min_size or self.min_size)
        if not content:
            return 0.0
        tx.note_drawn(content, face, size, drawn, max_width)
        sprite, dx, dy = text_sprite(content, face, size, ink, bg, anchor)
        self.paste(sprite, xy[0] + dx, xy[1] + dy, f"text:{content}")
        return drawn
