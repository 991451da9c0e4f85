"""How each seat looks: name, letter, colours, and whether a computer plays it."""

from __future__ import annotations

import re
import string
import unicodedata
from dataclasses import dataclass

from render import palette
from render.navegador.layout import Layout
from render.text import drawable

LETTERS = "ABCDE"
ASCII_LETTERS = set(string.ascii_uppercase)
HEX = re.compile(r"#[0-9a-fA-F]{6}")
# The bot marks a computer seat's name with this suffix; the picture shows a small "cpu" tag
# instead, so a long name is never cut to "Henrique (comput…".
COMPUTER_SUFFIX = re.compile(r"\s*\((computer|cpu|bot)\)\s*$", re.IGNORECASE)


def _base_letter(name: str) -> str:
    """The name's first letter without accents, upper case ("Émile" -> "E"). Initials are
    used as piece letters only when they are plain A-Z letters, all different: a Greek
    Alpha or a Cyrillic Es would look like another seat's A or C."""
    first = unicodedata.normalize("NFKD", name[:1])[:1].upper()
    return first


def tint_of(color: str) -> str:
    """A pale version of ``color`` for the background of that seat's scoreboard row."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = (round(v + (255 - v) * 0.78) for v in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


@dataclass(frozen=True)
class SeatStyle:
    seat: int
    name: str          # drawable with the shipped font; never empty
    letter: str
    color: str
    ink: str
    tint: str
    computer: bool = False


def all_seat_colours(layout: Layout) -> list[str]:
    """Every colour a seat may have (the shared palette), the layout's defaults first."""
    first = [palette.PALETTE[n] for n in layout.colors.seats]
    return first + [c.hex for c in palette.SEAT_COLOURS if c.hex not in first]


def _colour(wanted: str | None) -> str | None:
    """A seat colour given as "#rrggbb" or as a palette name ("orange")."""
    if not wanted:
        return None
    if HEX.fullmatch(wanted):
        return wanted.lower()
    named = palette.colour(wanted)
    return named.hex if named else None


def seat_styles(players: int, names: list[str] | None, layout: Layout,
                colours: list[str] | None = None) -> list[SeatStyle]:
    """Display names (default "Seat 1".."Seat n"; a name the font cannot draw at all also
    becomes "Seat n") and letters: the players' initials when they are all different
    letters, otherwise A, B, C, D, E. ``colours`` ("#rrggbb" or a palette name per seat)
    replace the layout's default seat colours; a missing or malformed one keeps the
    default."""
    given = list(names or [])
    shown, computer = [], []
    for seat in range(players):
        raw = given[seat] if seat < len(given) and given[seat] else ""
        bot = bool(COMPUTER_SUFFIX.search(raw))
        raw = COMPUTER_SUFFIX.sub("", raw)
        fallback = f"Seat {seat + 1}"
        shown.append(drawable(raw, "bold", fallback) or fallback)
        computer.append(bot)
    initials = [_base_letter(n) for n in shown]
    unique = len(set(initials)) == players and all(i in ASCII_LETTERS for i in initials)
    defaults = [palette.PALETTE[n] for n in layout.colors.seats]
    styles = []
    for s in range(players):
        letter = initials[s] if unique else LETTERS[s]
        color = _colour(colours[s] if colours and s < len(colours) else None)
        color = color or defaults[s % len(defaults)]
        styles.append(SeatStyle(s, shown[s], letter, color, palette.ink_for(color),
                                tint_of(color), computer[s]))
    return styles
