"""How each seat looks: name, letter and colours."""

from __future__ import annotations

import re
from dataclasses import dataclass

from render.navegador.layout import Layout
from render.navegador.pen import plain

LETTERS = "ABCDE"
HEX = re.compile(r"#[0-9a-fA-F]{6}")


def ink_on(color: str) -> str:
    """Black or white, whichever reads better on ``color``."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return "#1d1d1d" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def tint_of(color: str) -> str:
    """A pale version of ``color`` for the background of that seat's scoreboard row."""
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = (round(v + (255 - v) * 0.78) for v in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


@dataclass(frozen=True)
class SeatStyle:
    seat: int
    name: str
    letter: str
    color: str
    ink: str
    tint: str


def seat_styles(players: int, names: list[str] | None, layout: Layout,
                colours: list[str] | None = None) -> list[SeatStyle]:
    """Display names (default "Seat 1".."Seat n") and letters: the players' initials when
    they are all different, otherwise A, B, C, D, E. ``colours`` ("#rrggbb" per seat)
    replace the layout's seat colours; a missing or malformed one keeps the default."""
    given = list(names or [])
    shown = []
    for seat in range(players):
        name = plain(given[seat]).strip() if seat < len(given) and given[seat] else ""
        shown.append(name or f"Seat {seat + 1}")
    initials = [n[0].upper() for n in shown]
    unique = len(set(initials)) == players and all(i.isalpha() for i in initials)
    c = layout.colors
    styles = []
    for s in range(players):
        letter = initials[s] if unique else LETTERS[s]
        wanted = colours[s] if colours and s < len(colours) else None
        if wanted and HEX.fullmatch(wanted) and wanted.lower() != c.players[s].lower():
            styles.append(SeatStyle(s, shown[s], letter, wanted, ink_on(wanted),
                                    tint_of(wanted)))
        else:
            styles.append(SeatStyle(s, shown[s], letter, c.players[s], c.player_ink[s],
                                    c.player_tint[s]))
    return styles
