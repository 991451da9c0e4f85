"""Small pieces (ships, stones, cubes, disks) drawn once at 4x, reduced, and reused.

Each sprite is an RGBA image; ``paste(image, sprite, centre)`` puts it on the board.
Sprites are cached per colour and letter; they are never drawn on after creation, so
worker threads can share them.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.navegador.pen import Pen

SS = 4  # supersampling factor
OUTLINE = "#1d1d1d"


def _finish(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    return img.resize(size, Image.Resampling.LANCZOS)


def _canvas(w: int, h: int) -> tuple[Image.Image, Pen]:
    img = Image.new("RGBA", (w * SS, h * SS), (0, 0, 0, 0))
    return img, Pen(img, SS)


@lru_cache(maxsize=64)
def ship(color: str, ink: str, letter: str, w: int = 40, h: int = 30) -> Image.Image:
    """A player's ship: a hull with a mast and pennant, the letter on the hull."""
    img, pen = _canvas(w, h)
    mid = w / 2
    pen.line([(mid, 1), (mid, h * 0.4)], fill=OUTLINE, width=2)
    pen.polygon([(mid, 1), (mid + w * 0.3, h * 0.13), (mid, h * 0.26)], fill=color,
                outline=OUTLINE)
    hull = [(1, h * 0.36), (w - 1, h * 0.36), (w - 6, h - 1), (6, h - 1)]
    pen.polygon(hull, fill=color, outline=OUTLINE, width=2)
    pen.text((mid, h * 0.69), letter, 18, ink, anchor="mm", bold=True, max_width=w * 0.55,
             min_size=12)
    return _finish(img, (w, h))


@lru_cache(maxsize=64)
def stone(color: str, ink: str, letter: str, r: int = 17) -> Image.Image:
    """A rondel stone: an octagon with the player's letter."""
    d = 2 * r + 2
    img, pen = _canvas(d, d)
    c = d / 2
    k = r * 0.414
    pts = [(c - k, c - r), (c + k, c - r), (c + r, c - k), (c + r, c + k), (c + k, c + r),
           (c - k, c + r), (c - r, c + k), (c - r, c - k)]
    pen.polygon(pts, fill=color, outline=OUTLINE, width=2)
    pen.text((c, c + 1), letter, min(20, round(r * 1.2)), ink, anchor="mm", bold=True,
             max_width=r * 1.3, min_size=10)
    return _finish(img, (d, d))


@lru_cache(maxsize=64)
def colony_chip(color: str, ink: str, letter: str, w: int = 37, h: int = 26) -> Image.Image:
    """A colony token turned to its owner: the seat's colour and letter, with a flag."""
    img, pen = _canvas(w, h)
    pen.rect((1, 1, w - 1, h - 1), fill=color, outline=OUTLINE, width=2, radius=5)
    pen.line([(7, 5), (7, h - 5)], fill=ink, width=2)
    pen.polygon([(8, 5), (15, 8), (8, 11)], fill=ink)
    pen.text((w / 2 + 5, h / 2 + 1), letter, 18, ink, anchor="mm", bold=True,
             max_width=w - 18, min_size=12)
    return _finish(img, (w, h))


@lru_cache(maxsize=16)
def cube(color: str, size: int = 30) -> Image.Image:
    """A price cube seen slightly from above."""
    img, pen = _canvas(size, size)
    t = size * 0.22
    front = (1, t, size - t, size - 1)
    pen.polygon([(1, t), (t, 1), (size - 1, 1), (size - t, t)], fill=shade(color, 1.12),
                outline=OUTLINE)
    pen.polygon([(size - t, t), (size - 1, 1), (size - 1, size - t), (size - t, size - 1)],
                fill=shade(color, 0.8), outline=OUTLINE)
    pen.rect(front, fill=color, outline=OUTLINE, width=1)
    return _finish(img, (size, size))


@lru_cache(maxsize=8)
def disk(color: str, r: int = 13, ring: str = "#ffffff") -> Image.Image:
    """An explorer disk."""
    d = 2 * r + 2
    img, pen = _canvas(d, d)
    pen.circle((d / 2, d / 2), r, fill=color, outline=OUTLINE, width=1)
    pen.circle((d / 2, d / 2), r * 0.55, fill=None, outline=ring, width=2)
    return _finish(img, (d, d))


@lru_cache(maxsize=8)
def card(color: str, letter: str, w: int = 34, h: int = 44) -> Image.Image:
    """The Navegador card, with its holder's letter."""
    img, pen = _canvas(w, h)
    pen.rect((1, 1, w - 1, h - 1), fill="#fff6dc", outline=OUTLINE, width=2, radius=4)
    pen.rect((4, 4, w - 4, 14), fill=color, radius=2)
    pen.text((w / 2, h * 0.62), letter, 20, OUTLINE, anchor="mm", bold=True,
             max_width=w - 8, min_size=12)
    return _finish(img, (w, h))


@lru_cache(maxsize=8)
def gate(color: str, numeral: str, r: int = 17) -> Image.Image:
    """The badge on a red phase line: the phase that entering across it starts."""
    d = 2 * r + 2
    img, pen = _canvas(d, d)
    pen.circle((d / 2, d / 2), r, fill=color, outline="#ffffff", width=2)
    pen.text((d / 2, d / 2 + 0.5), numeral, 18, "#ffffff", anchor="mm", bold=True)
    return _finish(img, (d, d))


def outline(image: Image.Image, points: list[tuple[float, float]], color: str, width: int,
            ss: int = 3) -> None:
    """A closed, anti-aliased outline through ``points`` (drawn in a small overlay)."""
    overlay, corner = ring_overlay(tuple(points), color, width, ss)
    image.paste(overlay, corner, overlay)


@lru_cache(maxsize=64)
def ring_overlay(points: tuple[tuple[float, float], ...], color: str, width: int,
                 ss: int) -> tuple[Image.Image, tuple[int, int]]:
    """The outline's overlay and where its corner goes. Cached: drawing it supersampled
    and reducing it took ~5 ms, a quarter of a picture, and the rondel ring (the one
    outline a board has) takes one of a few shapes per space and seat colour."""
    pad = width + 2
    bx = int(min(p[0] for p in points)) - pad
    by = int(min(p[1] for p in points)) - pad
    bw = int(max(p[0] for p in points)) + pad - bx
    bh = int(max(p[1] for p in points)) + pad - by
    over = Image.new("RGBA", (bw * ss, bh * ss), (0, 0, 0, 0))
    pts = [((x - bx) * ss, (y - by) * ss) for x, y in points]
    ImageDraw.Draw(over).line(pts + pts[:2], fill=color, width=width * ss, joint="curve")
    return over.resize((bw, bh), Image.Resampling.LANCZOS), (bx, by)


def paste(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Put ``sprite`` on ``image`` centred on ``centre`` (picture pixels)."""
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    image.paste(sprite, (x, y), sprite)


def shade(color: str, factor: float) -> str:
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = (max(0, min(255, round(v * factor))) for v in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"
