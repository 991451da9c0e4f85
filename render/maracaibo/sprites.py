"""Pieces as small smooth sprites: drawn four times larger, reduced, mapped to the palette,
cached per shape, colour and background. Letters go on top as text (``Canvas.text``)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.maracaibo.ink import to_palette

K = 4   # drawing scale


def _finish(img: Image.Image, w: int, h: int) -> Image.Image:
    return to_palette(img.resize((w, h), Image.Resampling.LANCZOS))


@lru_cache(maxsize=1024)
def disc(d: int, fill: str, outline: str, bg: str) -> Image.Image:
    """A round piece (figure, disc, explorer, influence marker)."""
    img = Image.new("RGB", (d * K, d * K), bg)
    ImageDraw.Draw(img).ellipse((K, K, d * K - K, d * K - K), fill=fill, outline=outline,
                                width=2 * K)
    return _finish(img, d, d)


@lru_cache(maxsize=1024)
def ship(w: int, h: int, fill: str, outline: str, bg: str) -> Image.Image:
    """A ship: a mast and pennant over a broad hull (the letter goes on the hull)."""
    img = Image.new("RGB", (w * K, h * K), bg)
    d = ImageDraw.Draw(img)
    W, H = w * K, h * K
    d.rectangle((W * 0.47, K, W * 0.55, H * 0.4), fill=outline)
    d.polygon([(W * 0.55, K), (W * 0.85, H * 0.14), (W * 0.55, H * 0.28)], fill=fill,
              outline=outline)
    hull = [(K, H * 0.36), (W - K, H * 0.36), (W * 0.82, H - K), (W * 0.18, H - K)]
    d.polygon(hull, fill=fill, outline=outline, width=2 * K)
    return _finish(img, w, h)


@lru_cache(maxsize=1024)
def pawn(w: int, h: int, fill: str, outline: str, bg: str) -> Image.Image:
    """A figure (assistant): a head and a body."""
    img = Image.new("RGB", (w * K, h * K), bg)
    d = ImageDraw.Draw(img)
    W, H = w * K, h * K
    d.ellipse((W * 0.28, K, W * 0.72, H * 0.42), fill=fill, outline=outline, width=2 * K)
    d.rounded_rectangle((K, H * 0.36, W - K, H - K), radius=5 * K, fill=fill, outline=outline,
                        width=2 * K)
    return _finish(img, w, h)


@lru_cache(maxsize=256)
def flag(w: int, h: int, fill: str, outline: str, bg: str) -> Image.Image:
    """An ownership marker: a pennant on a pole."""
    img = Image.new("RGB", (w * K, h * K), bg)
    d = ImageDraw.Draw(img)
    W, H = w * K, h * K
    d.rectangle((K, K, 3 * K, H - K), fill=outline)
    d.rectangle((3 * K, K, W - K, H * 0.7), fill=fill, outline=outline, width=2 * K)
    return _finish(img, w, h)


@lru_cache(maxsize=256)
def rounded(w: int, h: int, fill: str, outline: str, bg: str, radius: int = 6,
            width: int = 2) -> Image.Image:
    img = Image.new("RGB", (w * K, h * K), bg)
    ImageDraw.Draw(img).rounded_rectangle((0, 0, w * K - 1, h * K - 1), radius=radius * K,
                                          fill=fill, outline=outline, width=width * K)
    return _finish(img, w, h)
