"""How each seat looks: name, letter, colours, and whether a computer plays it."""

from __future__ import annotations

import re
import string
import unicodedata
from dataclasses import dataclass

from render import palette
from render.text import drawable
from render.vasco.layout import Layout

LETTERS = "ABCD"
ASCII_LETTERS = set(string.ascii_uppercase)
HEX = re.compile(r"#[0-9a-fA-F]{6}")
# The bot marks a computer seat's name with this suffix; the picture shows "(cpu)" briefly.
COMPUTER_SUFFIX = re.compile(r"\s*\((computer|cpu|bot)\)\s*$", re.IGNORECASE)


def tint_of(colour: str) -> str:
    """A pale version of ``colour`` for the background of that seat's panel."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = (round(v + (255 - v) * 0.8) for v in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


@dataclass(frozen=True)
class SeatStyle:
    seat: int
    name: str          # drawable with the shipped font; never empty
    letter: str
    colour: str
    ink: str
    tint: str
    computer: bool = False


def _colour(wanted: str | None) -> str | None:
    if not wanted:
        return None
    if HEX.fullmatch(wanted):
        return wanted.lower()
    named = palette.colour(wanted)
    return named.hex if named else None


def seat_styles(players: int, names: list[str] | None, layout: Layout,
                colours: list[str] | None = None) -> list[SeatStyle]:
    """Display names (default "Seat n"; a name the font cannot draw becomes "Seat n") and
    letters: the players' initials when they are all different plain letters (a Greek
    Alpha would look like an A), else A, B, C, D."""
    given = list(names or [])
    shown, computer = [], []
    for seat in range(players):
        raw = given[seat] if seat < len(given) and given[seat] else ""
        computer.append(bool(COMPUTER_SUFFIX.search(raw)))
        raw = COMPUTER_SUFFIX.sub("", raw)
        fallback = f"Seat {seat + 1}"
        shown.append(drawable(raw, "bold", fallback) or fallback)
    initials = [unicodedata.normalize("NFKD", n[:1])[:1].upper() for n in shown]
    unique = len(set(initials)) == players and all(i in ASCII_LETTERS for i in initials)
    defaults = [palette.PALETTE[n] for n in layout.colors.seats]
    out = []
    for s in range(players):
        colour = _colour(colours[s] if colours and s < len(colours) else None)
        colour = colour or defaults[s % len(defaults)]
        out.append(SeatStyle(s, shown[s], initials[s] if unique else LETTERS[s], colour,
                             palette.ink_for(colour), tint_of(colour), computer[s]))
    return out


def all_seat_colours(layout: Layout) -> list[str]:
    first = [palette.PALETTE[n] for n in layout.colors.seats]
    return first + [c.hex for c in palette.SEAT_COLOURS if c.hex not in first]
