"""Drawing helpers: a pen taking picture coordinates at any drawing scale, and text.

Every text goes through ``render.text``: the shipped DejaVu fonts, a legible replacement
for anything the font lacks, and fitting — given a ``max_width`` a text shrinks (down to
``min_size``, trying the condensed face), and only then is cut with "…". Texts drawn at
picture scale are rasterised once and pasted afterwards (board texts repeat every turn).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache

from PIL import Image, ImageDraw

from render import text as tx
from render.pen import ScaledPen, rgb, text_mask

MIN_SIZE = 14
_LOCAL = threading.local()


@contextmanager
def recording_boxes() -> Iterator[list[tuple[str, tuple[int, int, int, int], tuple[int, int]]]]:
    """Collect (text, box drawn in the image's pixels, image size) for every text drawn in
    this thread while the block runs — tests check that nothing falls off its band."""
    seen: list[tuple[str, tuple[int, int, int, int], tuple[int, int]]] = []
    previous = getattr(_LOCAL, "boxes", None)
    _LOCAL.boxes = seen
    try:
        yield seen
    finally:
        _LOCAL.boxes = previous


def _note_box(text: str, box: tuple[int, int, int, int], size: tuple[int, int]) -> None:
    boxes = getattr(_LOCAL, "boxes", None)
    if boxes is not None:
        boxes.append((text, box, size))


@lru_cache(maxsize=2048)
def disc_sprite(radius: int, fill: str, outline: str, letter: str, ink: str,
                size: int) -> Image.Image:
    """A round piece with a letter, anti-aliased (drawn 4x, then shrunk), RGBA."""
    k = 4
    d = radius * 2 + 2
    big = Image.new("RGBA", (d * k, d * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.ellipse((k, k, (d - 1) * k, (d - 1) * k), fill=fill, outline=outline, width=2 * k)
    if letter:
        f = tx.font("bold", size * k)
        draw.text((d * k / 2, d * k / 2 + k / 2), letter, font=f, fill=ink, anchor="mm")
    return big.resize((d, d), Image.Resampling.LANCZOS)


class Pen(ScaledPen):
    """Draws on ``image`` with coordinates given at picture scale, times ``scale``; with
    ``top``, the image is a band of the picture starting that many px down."""

    def disc(self, xy: Sequence[float], radius: int, fill: str, outline: str, letter: str = "",
             ink: str = "#000000", size: int = 16) -> None:
        """A piece at picture scale (only on a scale-1 pen)."""
        letter = tx.drawable(letter, "bold")
        if letter:
            tx.note_drawn(letter, "bold", size, tx.width(letter, "bold", size), radius * 2)
        sprite = disc_sprite(radius, fill, outline, letter, ink, size)
        x = round(xy[0] - sprite.width / 2)
        y = round(xy[1] - self.top - sprite.height / 2)
        self.image.paste(sprite, (x, y), sprite)

    def text(self, xy: Sequence[float], text: object, size: int, fill: str,
             anchor: str = "la", bold: bool = False, max_width: float | None = None,
             min_size: int = MIN_SIZE, halo: str | None = None) -> float:
        """Draw ``text`` (fitted into ``max_width`` if given; outlined in ``halo`` for
        legibility over lines); returns the width drawn."""
        face = "bold" if bold else "regular"
        if max_width is not None:
            got = tx.fit(str(text), face, max_width, size, min(size, min_size))
            content, face, size, drawn = got.text, got.face, got.size, got.width
        else:
            content = tx.drawable(str(text), face)
            drawn = tx.width(content, face, size)
        if not content:
            return 0.0
        tx.note_drawn(content, face, size, drawn, max_width)
        ring = max(2, round(size / 6)) if halo else 0
        if self.k == 1:
            x, y = round(xy[0]), round(xy[1] - self.top)
            if halo:
                mask, dx, dy = text_mask(content, face, size, anchor, ring)
                self.image.paste(rgb(halo), (x + dx, y + dy, x + dx + mask.width,
                                             y + dy + mask.height), mask)
            mask, dx, dy = text_mask(content, face, size, anchor)
            box = (x + dx, y + dy, x + dx + mask.width, y + dy + mask.height)
            _note_box(content, box, self.image.size)
            self.image.paste(rgb(fill), box, mask)
            return drawn
        f = tx.font(face, size * self.k)
        at = tuple(self._p(xy))
        left, top, right, bottom = f.getbbox(content, anchor=anchor)
        _note_box(content, (round(at[0] + left), round(at[1] + top), round(at[0] + right),
                            round(at[1] + bottom)), self.image.size)
        if halo:
            self.draw.text(at, content, font=f, fill=halo, anchor=anchor,
                           stroke_width=ring * self.k, stroke_fill=halo)
        self.draw.text(at, content, font=f, fill=fill, anchor=anchor)
        return drawn


def width_of(text: str, size: int, bold: bool = False) -> float:
    face = "bold" if bold else "regular"
    return tx.width(tx.drawable(text, face), face, size)
