"""How each seat looks: display name, the letter on its pieces, fill and ink colours."""

from __future__ import annotations

import re
import string
import unicodedata
from dataclasses import dataclass

from render import palette
from render.text import drawable

LETTERS = "ABCDEFGH"
HEX = re.compile(r"#[0-9a-fA-F]{6}")
# The bot marks a computer seat's name with this suffix; the picture shows a small tag.
COMPUTER = re.compile(r"\s*\((computer|cpu|bot)\)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class SeatStyle:
    seat: int
    name: str          # drawable with the shipped font; never empty
    letter: str
    color: str
    ink: str
    tint: str
    computer: bool = False


def tint_of(color: str) -> str:
    """A pale version of ``color`` for the background of that seat's row."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = (round(v + (255 - v) * 0.8) for v in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


def _colour(wanted: str | None) -> str | None:
    if not wanted:
        return None
    if HEX.fullmatch(wanted):
        return wanted.lower()
    named = palette.colour(wanted)
    return named.hex if named else None


def seat_styles(players: int, names: list[str] | None,
                colours: list[str] | None = None) -> list[SeatStyle]:
    """Names (default "Seat n"; a name the font cannot draw at all becomes "Seat n"),
    letters (initials when all are different A-Z letters, else A, B, C ...) and colours
    ("#rrggbb" or a palette name per seat, else the palette's order)."""
    given = list(names or [])
    shown, computer = [], []
    for seat in range(players):
        raw = given[seat] if seat < len(given) and given[seat] else ""
        computer.append(bool(COMPUTER.search(raw)))
        raw = COMPUTER.sub("", raw)
        fallback = f"Seat {seat + 1}"
        shown.append(drawable(raw, "bold", fallback) or fallback)
    initials = [unicodedata.normalize("NFKD", n[:1])[:1].upper() for n in shown]
    unique = len(set(initials)) == players and all(i in string.ascii_uppercase
                                                   for i in initials)
    defaults = [c.hex for c in palette.SEAT_COLOURS]
    styles = []
    for s in range(players):
        color = _colour(colours[s] if colours and s < len(colours) else None)
        color = color or defaults[s % len(defaults)]
        styles.append(SeatStyle(s, shown[s], initials[s] if unique else LETTERS[s], color,
                                palette.ink_for(color), tint_of(color), computer[s]))
    return styles
