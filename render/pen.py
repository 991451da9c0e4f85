"""What the boards' pens share: colours parsed once, texts rasterised once, and shapes
drawn from picture coordinates at any drawing scale (a static layer is drawn at ``k``
times the picture's scale and reduced afterwards, so its edges come out smooth).

Every text goes through ``render.text``: the shipped DejaVu fonts, a legible replacement
for anything the font lacks, and fitting (given a ``max_width`` a text shrinks, trying the
condensed face, and only then is cut with "…"). Each game's pen (``render/<game>/pen.py``
or its static layer) adds its own pieces on top of ``ScaledPen``.
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

    min_size = 15        # how far a fitted text may shrink, unless a call says otherwise
    halo_share = 7       # a halo's ring is the text's size / this (at least 2 px)

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

    def text(self, xy: Sequence[float], text: object, size: int, fill: str,
             anchor: Anchor = "la", bold: bool = False, max_width: float | None = None,
             min_size: int | None = None, halo: str | None = None, face: str | None = None
             ) -> float:
        """Draw ``text``; with ``max_width`` it is fitted to that many px first. ``halo``
        outlines it in that colour (legible over lines and arrows). Returns the width
        drawn. At picture scale the text is a cached mask, pasted."""
        face = face or tx.face_of(bold)
        if max_width is not None:
            floor = self.min_size if min_size is None else min_size
            got = tx.fit(str(text), face, max_width, size, min(size, floor))
            content, face, size, drawn = got.text, got.face, got.size, got.width
        else:
            content = tx.drawable(str(text), face)
            drawn = tx.width(content, face, size)
        if not content:
            return 0.0
        tx.note_drawn(content, face, size, drawn, max_width)
        ring = max(2, round(size / self.halo_share)) if halo else 0
        if self.k == 1:
            x, y = round(xy[0]), round(xy[1] - self.top)
            if halo:
                mask, dx, dy = text_mask(content, face, size, anchor, ring)
                self.image.paste(rgb(halo), (x + dx, y + dy, x + dx + mask.width,
                                             y + dy + mask.height), mask)
            mask, dx, dy = text_mask(content, face, size, anchor)
            box = (x + dx, y + dy, x + dx + mask.width, y + dy + mask.height)
            self.drew_text(content, box)
            self.image.paste(rgb(fill), box, mask)
            return drawn
        f = tx.font(face, size * self.k)
        at = tuple(self._p(xy))
        left, top, right, bottom = f.getbbox(content, anchor=anchor)
        self.drew_text(content, (round(at[0] + left), round(at[1] + top),
                                 round(at[0] + right), round(at[1] + bottom)))
        if halo:
            self.draw.text(at, content, font=f, fill=halo, anchor=anchor,
                           stroke_width=ring * self.k, stroke_fill=halo)
        self.draw.text(at, content, font=f, fill=fill, anchor=anchor)
        return drawn

    def drew_text(self, text: str, box: tuple[int, int, int, int]) -> None:
        """Called with each text and the box it covers in this image's pixels (for a pen
        that records them); does nothing here."""
