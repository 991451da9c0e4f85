"""What the boards' pens share: colours parsed once, texts rasterised once, and shapes
drawn from picture coordinates at any drawing scale (a static layer is drawn at ``k``
times the picture's scale and reduced afterwards, so its edges come out smooth).

Each game's pen (``render/<game>/pen.py`` or its static layer) adds its own text and
pieces on top of ``ScaledPen``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render import text as tx

Anchor = str  # Pillow text anchor, e.g. "la" (left, ascender), "mm" (middle, middle)


@lru_cache(maxsize=512)
def rgb(color: str) -> tuple[int, int, int]:
    """'#rrggbb' -> (r, g, b), parsed once."""
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


@lru_cache(maxsize=8192)
def text_mask(text: str, face: str, size: int, anchor: Anchor,
              halo: int = 0) -> tuple[Image.Image, int, int]:
    """The coverage mask of a text (with a ``halo`` px outline) and its offset from the
    anchor point. Board texts repeat from turn to turn (numbers, names, labels), so each is
    rasterised once and then only pasted: several times faster than drawing it again."""
    f = tx.font(face, size)
    left, top, right, bottom = f.getbbox(text, anchor=anchor, stroke_width=halo)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor,
                              stroke_width=halo, stroke_fill=255 if halo else None)
    return mask, left, top


class ScaledPen:
    """Draws on ``image`` with coordinates given at picture scale, times ``scale``; with
    ``top``, the image is a band of the picture starting that many px down."""

    def __init__(self, image: Image.Image, scale: int = 1, top: int = 0) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.k = scale
        self.top = top

    def _p(self, xy: Sequence[float]) -> list[float]:
        """Picture coordinates (x, y, x, y, …) -> this image's pixels."""
        if not self.top:
            return [v * self.k for v in xy]
        return [(v - (self.top if i % 2 else 0)) * self.k for i, v in enumerate(xy)]

    def rect(self, box: Sequence[float], fill: str | None = None, outline: str | None = None,
             width: int = 1, radius: float = 0) -> None:
        b = self._p(box)
        if radius:
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
