"""Where each piece of the picture goes, derived from the layout's boxes, so the static
layer and the pieces drawn on it always agree."""

from __future__ import annotations

from render.vasco.layout import Box, load_layout
from rules.vasco.data import load_data

TITLE = 34          # the title strip of every panel
SLOT_W, SLOT_H, SLOT_GAP = 90, 82, 6
STRIP = 22          # the strip of a landing slot that shows its number
LABEL_W = 206       # a landing's name block
NUMBER_D = 36       # sequence-number discs
AREA_LABEL = 150
CARD_GAP = 6


def inner(box: Box, pad: int = 8) -> Box:
    x0, y0, x1, y1 = box
    return x0 + pad, y0 + TITLE + 4, x1 - pad, y1 - pad


# Navigation ------------------------------------------------------------------------------


def landing_rows() -> list[tuple[str, Box]]:
    """(landing key, row box), Calicut at the top."""
    x0, y0, x1, y1 = inner(load_layout().boxes.navigation, 4)
    landings = list(reversed(load_data().landings))
    h = (y1 - y0) // len(landings)
    return [(x.key, (x0, y0 + i * h, x1, y0 + (i + 1) * h)) for i, x in enumerate(landings)]


def landing_slot(row: Box, slot: int) -> Box:
    """The 1-based slot's box inside a landing row."""
    x0, y0, _, y1 = row
    sx = x0 + LABEL_W + (slot - 1) * (SLOT_W + SLOT_GAP)
    sy = y0 + (y1 - y0 - SLOT_H) // 2
    return sx, sy, sx + SLOT_W, sy + SLOT_H


def ship_box(slot: Box) -> Box:
    x0, y0, x1, y1 = slot
    return x0 + 3, y0 + STRIP + 2, x1 - 3, y1 - 3


# Numbers ---------------------------------------------------------------------------------


def number_cells() -> dict[int, tuple[int, int]]:
    """Centre of each sequence number (1-11 on the first row, 12-22 on the second)."""
    x0, y0, _, _ = inner(load_layout().boxes.numbers)
    cell = 47
    out = {}
    for n in range(1, 23):
        row, col = divmod(n - 1, 11)
        out[n] = (x0 + 4 + col * cell + cell // 2, y0 + 24 + row * 50)
    return out


def vdg_box() -> Box:
    x0, y0, x1, y1 = inner(load_layout().boxes.numbers)
    return x0 + 11 * 47 + 16, y0, x1, y1


def marker_line() -> tuple[int, int]:
    x0, _, _, y1 = inner(load_layout().boxes.numbers)
    return x0 + 4, y1 - 20


# Action areas ----------------------------------------------------------------------------


def area_rows() -> list[tuple[str, Box]]:
    x0, y0, x1, y1 = inner(load_layout().boxes.areas)
    areas = load_data().areas
    h = (y1 - y0) // len(areas)
    return [(a.key, (x0, y0 + i * h, x1, y0 + (i + 1) * h)) for i, a in enumerate(areas)]


def area_slot(row: Box, slot: int) -> Box:
    x0, y0, x1, y1 = row
    n = 5
    w = (x1 - x0 - AREA_LABEL) // n
    sx = x0 + AREA_LABEL + (slot - 1) * w
    return sx + 2, y0 + 2, sx + w - 2, y1 - 2


# Characters ------------------------------------------------------------------------------


def character_cards() -> list[tuple[str, Box]]:
    x0, y0, x1, y1 = inner(load_layout().boxes.characters)
    order = load_data().characters.order
    w = 152
    return [(key, (x0 + i * (w + CARD_GAP), y0, x0 + i * (w + CARD_GAP) + w, y1))
            for i, key in enumerate(order)]


def coin_spaces() -> list[Box]:
    x0, y0, x1, y1 = inner(load_layout().boxes.characters)
    left = x0 + 4 * (152 + CARD_GAP)
    n = load_data().characters.coin_spaces
    h = (y1 - y0 - (n - 1) * CARD_GAP) // n
    return [(left, y0 + i * (h + CARD_GAP), x1, y0 + i * (h + CARD_GAP) + h) for i in range(n)]


# Recruiting and projects -----------------------------------------------------------------


def sections() -> list[Box]:
    x0, y0, x1, _ = inner(load_layout().boxes.recruit)
    n = load_data().recruit.sections
    w = (x1 - x0 - (n - 1) * 8) // n
    return [(x0 + i * (w + 8), y0, x0 + i * (w + 8) + w, y0 + 84) for i in range(n)]


def sailor_spots(section: Box) -> list[tuple[int, int]]:
    x0, y0, x1, _ = section
    size = load_data().recruit.section_size
    step = (x1 - x0 - 16) // size
    return [(x0 + 8 + i * step + step // 2, y0 + 56) for i in range(size)]


def recruit_lines() -> tuple[int, int, int]:
    """(x, y of the captain supply line, y of the bag line)."""
    x0, y0, _, y1 = inner(load_layout().boxes.recruit)
    return x0, y0 + 96, y0 + 134


def display_tiles() -> list[Box]:
    x0, y0, _, y1 = inner(load_layout().boxes.projects)
    n = load_data().projects.display
    w = 96
    return [(x0 + i * (w + 6), y0, x0 + i * (w + 6) + w, y1 - 30) for i in range(n)]


def san_gabriel_box() -> Box:
    x0, y0, x1, y1 = inner(load_layout().boxes.projects)
    left = x0 + load_data().projects.display * 102 + 8
    return left, y0, x1, y1 - 30


def stacks_line() -> tuple[int, int]:
    x0, _, _, y1 = inner(load_layout().boxes.projects)
    return x0, y1 - 24


# Players and the log ---------------------------------------------------------------------


def player_panels(players: int) -> list[Box]:
    x0, y0, x1, y1 = load_layout().boxes.players
    gap = 10
    w = (x1 - x0 - gap * (players - 1)) // players
    return [(x0 + i * (w + gap), y0, x0 + i * (w + gap) + w, y1) for i in range(players)]


LOG_LINE = 21


def log_lines() -> list[tuple[int, int]]:
    x0, y0, _, y1 = inner(load_layout().boxes.log)
    n = (y1 - y0) // LOG_LINE
    return [(x0 + 4, y0 + i * LOG_LINE) for i in range(n)]
