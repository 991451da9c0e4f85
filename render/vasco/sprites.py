"""Pieces as cached "P" sprites: discs with a number or letter, ships, crew dots, chips.

Each is drawn once, three times larger, reduced (smooth edges) on the flat background it
will sit on, and mapped onto the fixed palette; afterwards it is only pasted.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render import text as tx
from render.pen import rgb
from render.vasco.canvas import SUPER, Canvas, to_p


def _finish(big: Image.Image, w: int, h: int) -> Image.Image:
    return to_p(big.resize((w, h), Image.Resampling.LANCZOS))


def _label(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
           ink: str, bold: bool = True) -> None:
    face = tx.face_of(bold)
    draw.text(xy, tx.drawable(text, face), font=tx.font(face, size * SUPER), fill=rgb(ink),
              anchor="mm")


@lru_cache(maxsize=2048)
def disc(fill: str, ink: str, label: str, d: int, bg: str, ring: str = "",
         size: int = 0) -> Image.Image:
    """A round disc (action disc, sequence number, seat letter) with a centred label."""
    k = SUPER
    pad = 3 if ring else 1
    w = d + 2 * pad
    big = Image.new("RGB", (w * k, w * k), rgb(bg))
    draw = ImageDraw.Draw(big)
    if ring:
        draw.ellipse((0, 0, w * k - 1, w * k - 1), fill=rgb(ring))
    o = pad * k
    draw.ellipse((o, o, o + d * k - 1, o + d * k - 1), fill=rgb(fill),
                 outline=rgb("#3a3a3a"), width=k)
    if label:
        _label(draw, (w * k / 2, w * k / 2 + k), label, size or max(10, d // 2), ink)
    return _finish(big, w, w)


@lru_cache(maxsize=2048)
def pill(fill: str, ink: str, number: int, letter: str, bg: str, ring: str = "",
         w: int = 58, h: int = 34) -> Image.Image:
    """An action disc with its sequence number: the number large, the owner's letter
    small beside it (a letter on every piece)."""
    k = SUPER
    pad = 3 if ring else 1
    big = Image.new("RGB", ((w + 2 * pad) * k, (h + 2 * pad) * k), rgb(bg))
    draw = ImageDraw.Draw(big)
    if ring:
        draw.rounded_rectangle((0, 0, big.width - 1, big.height - 1), radius=(h // 2 + pad) * k,
                               fill=rgb(ring))
    o = pad * k
    draw.rounded_rectangle((o, o, o + w * k - 1, o + h * k - 1), radius=h // 2 * k,
                           fill=rgb(fill), outline=rgb("#3a3a3a"), width=k)
    _label(draw, (o + w * k * 0.40, o + h * k / 2 + k), str(number), 19, ink)
    _label(draw, (o + w * k * 0.80, o + h * k / 2 + k), letter, 14, ink, bold=False)
    return _finish(big, w + 2 * pad, h + 2 * pad)


@lru_cache(maxsize=2048)
def dot(fill: str, d: int, bg: str, outline: str = "#3a3a3a") -> Image.Image:
    k = SUPER
    big = Image.new("RGB", (d * k, d * k), rgb(bg))
    ImageDraw.Draw(big).ellipse((0, 0, d * k - 1, d * k - 1), fill=rgb(fill),
                                outline=rgb(outline), width=max(1, k))
    return _finish(big, d, d)


@lru_cache(maxsize=2048)
def ship(fill: str, ink: str, letter: str, strength: int, tile: str, w: int, h: int, bg: str,
         income: str = "") -> Image.Image:
    """A ship on the navigation board: owner colour, owner letter, strength, tile id."""
    k = SUPER
    big = Image.new("RGB", (w * k, h * k), rgb(bg))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle((k, k, (w - 1) * k, (h - 1) * k), radius=8 * k, fill=rgb(fill),
                           outline=rgb("#2b2b2b"), width=2 * k)
    _label(draw, (w * k / 2, h * k * 0.42), str(strength), 26, ink)
    _label(draw, (w * k / 2, h * k * 0.80), f"{letter} {tile}".strip(), 15, ink, bold=False)
    return _finish(big, w, h)


@lru_cache(maxsize=1024)
def chip(fill: str, ink: str, text: str, w: int, h: int, bg: str, size: int,
         outline: str = "#3a3a3a", bold: bool = True) -> Image.Image:
    """A small rounded label (a project in a player's supply, a closed slot)."""
    k = SUPER
    big = Image.new("RGB", (w * k, h * k), rgb(bg))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle((0, 0, w * k - 1, h * k - 1), radius=6 * k, fill=rgb(fill),
                           outline=rgb(outline), width=k)
    _label(draw, (w * k / 2, h * k / 2 + k), text, size, ink, bold)
    return _finish(big, w, h)


def note(canvas: Canvas, text: str, bold: bool, size: int) -> None:
    """Report a sprite's label to the text recorder (tests check every glyph)."""
    if text:
        tx.note_drawn(text, tx.face_of(bold), size,
                      tx.width(text, tx.face_of(bold), size))
