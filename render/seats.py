"""How a seat looks on a board: its name (the bot's computer tag taken off, so a long
name is never cut to "Henrique (comput…"; the picture shows a small tag instead), the
letter on its pieces (so colour is never the only cue), its colour as the table chose it,
the ink that reads on that colour, and a pale tint of it for the seat's panel."""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from render import palette
from render.text import drawable

HEX = re.compile(r"#[0-9a-fA-F]{6}")
ASCII_LETTERS = frozenset(string.ascii_uppercase)
# The bot marks a computer seat's name with this suffix.
COMPUTER_SUFFIX = re.compile(r"\s*\((computer|cpu|bot)\)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class SeatStyle:
    seat: int
    name: str          # drawable with the shipped font; never empty
    letter: str
    color: str
    ink: str
    tint: str
    computer: bool = False


def tint_of(color: str, share: float) -> str:
    """``color`` mixed with ``share`` of white: a pale background for that seat."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = (round(v + (255 - v) * share) for v in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


def wanted_colour(wanted: str | None) -> str | None:
    """A seat colour given as "#rrggbb" or as a palette name ("orange"); None if neither."""
    if not wanted:
        return None
    if HEX.fullmatch(wanted):
        return wanted.lower()
    named = palette.colour(wanted)
    return named.hex if named else None


def base_letter(name: str) -> str:
    """The name's first letter without accents, upper case ("Émile" -> "E")."""
    return unicodedata.normalize("NFKD", name[:1])[:1].upper()


def display_names(players: int, names: list[str] | None) -> tuple[list[str], list[bool]]:
    """Each seat's name as drawn (default "Seat n"; a name the font cannot draw at all
    also becomes "Seat n"), without the computer tag, and whether it had one."""
    given = list(names or [])
    shown, computer = [], []
    for seat in range(players):
        raw = given[seat] if seat < len(given) and given[seat] else ""
        computer.append(bool(COMPUTER_SUFFIX.search(raw)))
        raw = COMPUTER_SUFFIX.sub("", raw)
        fallback = f"Seat {seat + 1}"
        shown.append(drawable(raw, "bold", fallback) or fallback)
    return shown, computer


def piece_letters(shown: list[str], letters: str) -> list[str]:
    """The players' initials when they are all different plain letters A-Z (a Greek Alpha
    or a Cyrillic Es would look like another seat's A or C), otherwise ``letters`` in seat
    order."""
    initials = [base_letter(n) for n in shown]
    if len(set(initials)) == len(shown) and all(i in ASCII_LETTERS for i in initials):
        return initials
    return list(letters[:len(shown)])


def seat_styles(players: int, names: list[str] | None, colours: list[str] | None,
                defaults: Sequence[str], letters: str, tint: float) -> list[SeatStyle]:
    """Names (``display_names``), letters (``piece_letters``) and colours: ``colours``
    ("#rrggbb" or a palette name per seat) replace the ``defaults``; a missing or
    malformed one keeps the default."""
    shown, computer = display_names(players, names)
    marks = piece_letters(shown, letters)
    styles = []
    for s in range(players):
        color = wanted_colour(colours[s] if colours and s < len(colours) else None)
        color = color or defaults[s % len(defaults)]
        styles.append(SeatStyle(s, shown[s], marks[s], color, palette.ink_for(color),
                                tint_of(color, tint), computer[s]))
    return styles


def all_seat_colours(defaults: Sequence[str]) -> list[str]:
    """Every colour a seat may have (the shared palette), ``defaults`` first."""
    first = list(defaults)
    return first + [c.hex for c in palette.SEAT_COLOURS if c.hex not in first]
