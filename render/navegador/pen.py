"""Drawing helpers: a pen that takes picture coordinates at any drawing scale, fonts, text.

Pillow's bundled font covers ASCII only, so every text goes through ``plain`` first
("Guiné" -> "Guine"). Fonts are kept per thread: FreeType faces must not be shared
between threads that draw at the same time.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

_LOCAL = threading.local()

Anchor = str  # Pillow text anchor, e.g. "la" (left, ascender), "mm" (middle, middle)


def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's own font at ``size`` px, cached for this thread."""
    cache: dict[int, ImageFont.FreeTypeFont] | None = getattr(_LOCAL, "fonts", None)
    if cache is None:
        cache = _LOCAL.fonts = {}
    if size not in cache:
        loaded = ImageFont.load_default(size=size)
        assert isinstance(loaded, ImageFont.FreeTypeFont), "Pillow needs FreeType support"
        cache[size] = loaded
    return cache[size]


def plain(text: object) -> str:
    """ASCII text the bundled font can draw: accents dropped, other symbols replaced."""
    text = unicodedata.normalize("NFKD", str(text))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = text.replace("→", ">").replace("×", "x").replace("—", "-").replace("–", "-")
    return "".join(ch if 32 <= ord(ch) < 127 else "?" for ch in text)


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> int:
    f = font(size)
    return int(f.getlength(plain(text))) + (2 * _stroke(size) if bold else 0)


@lru_cache(maxsize=512)
def rgb(color: str) -> tuple[int, int, int]:
    """'#rrggbb' -> (r, g, b), parsed once."""
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


@lru_cache(maxsize=1024)
def rounded(w: int, h: int, fill: str | None, outline: str | None, width: int,
            radius: float) -> Image.Image:
    """A rounded rectangle as an RGBA sprite, drawn once and pasted afterwards."""
    img = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, w, h), radius, fill=fill, outline=outline,
                                          width=width if outline else 0)
    return img


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` shortened with '..' so that it fits ``width`` px."""
    text = plain(text)
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "..", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + ".."


def _stroke(size: int) -> int:
    return max(1, round(size / 22))


@lru_cache(maxsize=4096)
def text_mask(text: str, size: int, bold: bool, anchor: Anchor) -> tuple[Image.Image, int, int]:
    """The coverage mask of a text and its offset from the anchor point.

    Board texts repeat from turn to turn (numbers, names, labels), so each is rasterised
    once and then only pasted: several times faster than drawing it again.
    """
    f = font(size)
    stroke = _stroke(size) if bold else 0
    left, top, right, bottom = f.getbbox(text, anchor=anchor, stroke_width=stroke)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor,
                              stroke_width=stroke, stroke_fill=255 if bold else None)
    return mask, left, top


class Pen:
    """Draws on ``image`` with coordinates given at picture scale, multiplied by ``scale``."""

    def __init__(self, image: Image.Image, scale: int = 1) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.k = scale

    def _p(self, xy: Sequence[float]) -> list[float]:
        return [v * self.k for v in xy]

    def rect(self, box: Sequence[float], fill: str | None = None, outline: str | None = None,
             width: int = 1, radius: float = 0) -> None:
        b = self._p(box)
        if radius and self.k == 1:
            x0, y0 = round(b[0]), round(b[1])
            sprite = rounded(round(b[2]) - x0, round(b[3]) - y0, fill, outline, width, radius)
            self.image.paste(sprite, (x0, y0), sprite)
        elif radius:
            self.draw.rounded_rectangle(b, radius * self.k, fill=fill, outline=outline,
                                        width=width * self.k if outline else 0)
        else:
            self.draw.rectangle(b, fill=fill, outline=outline,
                                width=width * self.k if outline else 0)

    def circle(self, xy: Sequence[float], r: float, fill: str | None = None,
               outline: str | None = None, width: int = 1) -> None:
        x, y = xy
        self.draw.ellipse(self._p((x - r, y - r, x + r, y + r)), fill=fill, outline=outline,
                          width=width * self.k if outline else 0)

    def line(self, points: Sequence[Sequence[float]], fill: str, width: int = 1) -> None:
        self.draw.line([tuple(self._p(p)) for p in points], fill=fill, width=width * self.k,
                       joint="curve")

    def polygon(self, points: Sequence[Sequence[float]], fill: str | None = None,
                outline: str | None = None, width: int = 1) -> None:
        self.draw.polygon([tuple(self._p(p)) for p in points], fill=fill, outline=outline,
                          width=width * self.k if outline else 0)

    def pieslice(self, xy: Sequence[float], r: float, start: float, end: float, fill: str,
                 outline: str | None = None, width: int = 1) -> None:
        x, y = xy
        self.draw.pieslice(self._p((x - r, y - r, x + r, y + r)), start, end, fill=fill,
                           outline=outline, width=width * self.k if outline else 0)

    def text(self, xy: Sequence[float], text: object, size: int, fill: str,
             anchor: Anchor = "la", bold: bool = False) -> None:
        if self.k == 1:
            mask, dx, dy = text_mask(plain(text), size, bold, anchor)
            x, y = round(xy[0]) + dx, round(xy[1]) + dy
            self.image.paste(rgb(fill), (x, y, x + mask.width, y + mask.height), mask)
            return
        stroke = _stroke(size) * self.k if bold else 0
        self.draw.text(tuple(self._p(xy)), plain(text), font=font(size * self.k), fill=fill,
                       anchor=anchor, stroke_width=stroke, stroke_fill=fill if bold else None)
