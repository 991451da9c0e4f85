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
from render.pen import ScaledPen

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

    min_size = MIN_SIZE
    halo_share = 6

    def drew_text(self, text: str, box: tuple[int, int, int, int]) -> None:
        _note_box(text, box, self.image.size)

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


def width_of(text: str, size: int, bold: bool = False) -> float:
    face = tx.face_of(bold)
    return tx.width(tx.drawable(text, face), face, size)
