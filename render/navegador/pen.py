"""Drawing helpers: a pen that takes picture coordinates at any drawing scale, and text.

Every text goes through ``render.text``: the shipped DejaVu fonts (accents, Greek,
Cyrillic), a legible replacement for anything the font lacks, and fitting: given a
``max_width`` a text shrinks (down to the layout's ``fonts.min``, trying the condensed
face), and only then is cut with "…". Nothing is ever clipped by its box.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render import text as tx
from render.pen import ScaledPen

MIN_SIZE = 15   # default shrink floor; the layout's fonts.min is passed where it matters


def shown(text: object, bold: bool = False) -> str:
    """The text as it will be drawn (characters the font lacks replaced)."""
    return tx.drawable(str(text), tx.face_of(bold))


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """Width in px of ``text`` drawn unfitted at ``size``."""
    return round(tx.width(shown(text, bold), tx.face_of(bold), size) + 0.49)


def fitted(text: object, size: int, width: float, bold: bool = False,
           min_size: int = MIN_SIZE) -> tx.Fitted:
    """``text`` fitted into ``width`` px (shrunk, condensed, then ellipsized)."""
    return tx.fit(str(text), tx.face_of(bold), width, size, min(size, min_size))


@lru_cache(maxsize=1024)
def rounded(w: int, h: int, fill: str | None, outline: str | None, width: int,
            radius: float) -> Image.Image:
    """A rounded rectangle as an RGBA sprite, drawn once and pasted afterwards."""
    img = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, w, h), radius, fill=fill, outline=outline,
                                          width=width if outline else 0)
    return img


class Pen(ScaledPen):
    """Draws on ``image`` with coordinates given at picture scale, multiplied by ``scale``."""

    min_size = MIN_SIZE

    def rect(self, box: Sequence[float], fill: str | None = None, outline: str | None = None,
             width: int = 1, radius: float = 0) -> None:
        if radius and self.k == 1:
            # at picture scale a rounded box is a sprite, drawn once for its size
            b = self._p(box)
            x0, y0 = round(b[0]), round(b[1])
            sprite = rounded(round(b[2]) - x0, round(b[3]) - y0, fill, outline, width, radius)
            self.image.paste(sprite, (x0, y0), sprite)
            return
        super().rect(box, fill, outline, width, radius)
