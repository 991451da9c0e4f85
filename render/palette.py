"""Seat colours for every game's picture: named, told apart by everyone, each with the ink
for the letter drawn on top.

Players choose a colour by its plain English name (``/join orange``). Colour is never the
only cue: every piece also carries its seat's letter. The colours are still chosen to be
far apart for everyone: ``min_distance()`` measures the smallest CIEDE2000 difference
between any two of them as seen with normal vision and as simulated for protanopia,
deuteranopia and tritanopia (Machado, Oliveira & Fernandes 2009, severity 1.0), and the
tests hold it above a floor. ``python -m render.palette`` prints the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class SeatColour:
    name: str       # what players type: /join <name>
    hex: str        # "#rrggbb", the piece's fill
    ink: str        # the letter on top of it


# Order = the order seats get colours by default.
SEAT_COLOURS: tuple[SeatColour, ...] = (
    SeatColour("blue", "#4266f1", "#ffffff"),
    SeatColour("orange", "#d95f00", "#1d1d1d"),
    SeatColour("green", "#5ebd8e", "#1d1d1d"),
    SeatColour("purple", "#5a1973", "#ffffff"),
    SeatColour("yellow", "#ffd422", "#1d1d1d"),
    SeatColour("red", "#9a0001", "#ffffff"),
    SeatColour("black", "#1a1919", "#ffffff"),
    SeatColour("white", "#fafafa", "#1d1d1d"),
)

# Other words players may type for the same colours.
ALIASES: dict[str, str] = {
    "navy": "blue", "dark blue": "blue", "amber": "orange", "gold": "yellow",
    "violet": "purple", "lilac": "purple", "crimson": "red", "scarlet": "red",
    "grey": "black", "gray": "black", "dark": "black", "silver": "white",
}

PALETTE: dict[str, str] = {c.name: c.hex for c in SEAT_COLOURS}
"""name -> "#rrggbb", in default seat order (the shape bot/lobby.py's PALETTE has)."""


def colour(name: str) -> SeatColour | None:
    """The seat colour a player means by ``name`` (case, spaces and aliases forgiven)."""
    key = " ".join(name.lower().replace("-", " ").replace("_", " ").split())
    key = ALIASES.get(key, key)
    return next((c for c in SEAT_COLOURS if c.name == key), None)


def ink_for(hex_colour: str) -> str:
    """The letter colour for any fill: the palette's own, else black or white by contrast."""
    for c in SEAT_COLOURS:
        if c.hex.lower() == hex_colour.lower():
            return c.ink
    dark, light = "#1d1d1d", "#ffffff"
    return dark if contrast(hex_colour, dark) >= contrast(hex_colour, light) else light


# Colour science ------------------------------------------------------------------------

RGB = tuple[float, float, float]

# Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB.
CVD_MATRICES: dict[str, tuple[RGB, RGB, RGB]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *CVD_MATRICES)


def rgb(hex_colour: str) -> RGB:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255


def to_linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def relative_luminance(srgb: RGB) -> float:
    r, g, b = (to_linear(v) for v in srgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def simulate(srgb: RGB, vision: str) -> RGB:
    """Linear RGB of ``srgb`` as seen with ``vision`` ("normal" or a CVD_MATRICES key)."""
    lin = tuple(to_linear(v) for v in srgb)
    if vision == "normal":
        return lin  # type: ignore[return-value]
    m = CVD_MATRICES[vision]
    return tuple(min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3))))
                 for i in range(3))  # type: ignore[return-value]


def lab(linear: RGB) -> RGB:
    """CIELAB (D65) of a linear-RGB colour."""
    r, g, b = linear
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: RGB, lab2: RGB) -> float:
    """The CIEDE2000 colour difference (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cbar7 = ((c1 + c2) / 2) ** 7
    g = 0.5 * (1 - math.sqrt(cbar7 / (cbar7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lbar = (l1 + l2) / 2
    cbar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hbar = (h1p + h2p + 360) / 2
    else:
        hbar = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbar - 30)) + 0.24 * math.cos(math.radians(2 * hbar))
         + 0.32 * math.cos(math.radians(3 * hbar + 6))
         - 0.20 * math.cos(math.radians(4 * hbar - 63)))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc = 1 + 0.045 * cbar
    sh = 1 + 0.015 * cbar * t
    cbar7p = cbar ** 7
    rt = (-2 * math.sqrt(cbar7p / (cbar7p + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((hbar - 275) / 25) ** 2)))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2
                     + rt * (dc / sc) * (dhh / sh))


@lru_cache(maxsize=1024)
def distance(hex1: str, hex2: str, vision: str = "normal") -> float:
    """CIEDE2000 between two colours as seen with ``vision``."""
    return ciede2000(lab(simulate(rgb(hex1), vision)), lab(simulate(rgb(hex2), vision)))


def closest_pair(colours: list[str], vision: str = "normal") -> tuple[float, str, str]:
    best = (math.inf, "", "")
    for i, a in enumerate(colours):
        for b in colours[i + 1:]:
            best = min(best, (distance(a, b, vision), a, b))
    return best


def min_distance(colours: list[str] | None = None,
                 visions: tuple[str, ...] = VISIONS) -> float:
    """The smallest pairwise CIEDE2000 among ``colours`` (default: the seat colours) over
    the given kinds of vision."""
    hexes = colours if colours is not None else [c.hex for c in SEAT_COLOURS]
    return min(closest_pair(hexes, v)[0] for v in visions)


def contrast(hex1: str, hex2: str) -> float:
    """WCAG contrast ratio between two colours (1..21)."""
    a, b = relative_luminance(rgb(hex1)), relative_luminance(rgb(hex2))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def report() -> str:
    lines = ["name     hex      ink      letter contrast"]
    for c in SEAT_COLOURS:
        lines.append(f"{c.name:8} {c.hex}  {c.ink}  {contrast(c.hex, c.ink):5.1f}")
    hexes = [c.hex for c in SEAT_COLOURS]
    names = {c.hex: c.name for c in SEAT_COLOURS}
    for vision in VISIONS:
        d, a, b = closest_pair(hexes, vision)
        lines.append(f"{vision:13} min CIEDE2000 {d:5.1f}  ({names[a]} / {names[b]})")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report())
