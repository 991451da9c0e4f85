"""Boxes inside the parts of the picture: a route location's rows, the explorer track's
spaces, the influence tracks' cells, the cards, a player's panel. Shared by the static
layer and the pieces drawn on it, so both always agree."""

from __future__ import annotations

from functools import cache

from render.maracaibo.layout import Box, Frame, frame
from rules.maracaibo.data import load_data

# Inside a route location (offsets from its top-left corner).
TITLE_Y = 4
ACTION_Y = 27
MARKET_Y = 48
MARKET_H = 38
MARKET_W = 61
INFO_Y = 89
PIECES_Y = 110


def market_box(node: Box, i: int) -> Box:
    x = node[0] + 8 + i * (MARKET_W + 3)
    return x, node[1] + MARKET_Y, x + MARKET_W, node[1] + MARKET_Y + MARKET_H


# Explorer track --------------------------------------------------------------------------

EXP_W = 74
EXP_H = 52


@cache
def explorer_columns() -> dict[str, tuple[int, int]]:
    """node -> (column, lane): the column is the node's distance from the start, the lane 0
    on the main line, -1 on the upper branch, +1 on the lower one."""
    data = load_data()
    depth = {data.explorer.start: 0}
    order = [data.explorer.start]
    for node in order:
        for nxt in data.explorer.edges.get(node, ()):
            if depth.get(nxt, -1) < depth[node] + 1:
                depth[nxt] = depth[node] + 1
                order.append(nxt)
    lanes = {"upper": -1, "lower": 1}
    return {n: (depth[n], lanes.get(data.node[n].branch, 0)) for n in depth}


def explorer_box(f: Frame, node: str) -> Box:
    cols = explorer_columns()
    n = max(c for c, _ in cols.values()) + 1
    x0, y0, x1, y1 = f.explorer
    step = (x1 - x0 - 24) / n
    col, lane = cols[node]
    cx = x0 + 12 + step * col + step / 2
    mid = y0 + 40 + (y1 - y0 - 40) // 2 + 4
    cy = mid + lane * (EXP_H // 2 + 8)
    w = EXP_W if node != load_data().explorer.final else int(step) - 6
    return round(cx - w / 2), round(cy - EXP_H / 2), round(cx + w / 2), round(cy + EXP_H / 2)


def line_x(f: Frame, after: str) -> int:
    """Where the explorer line after ``after`` is drawn (between two columns)."""
    box = explorer_box(f, after)
    nxt = load_data().explorer.edges[after][0]
    return (box[2] + explorer_box(f, nxt)[0]) // 2


# Influence tracks --------------------------------------------------------------------------

INF_LABEL = 196
INF_ROW = 56


def influence_cell(f: Frame, row: int, pos: int) -> Box:
    x0, y0, x1, _ = f.influence
    n = load_data().influence.track_max + 1
    step = (x1 - x0 - INF_LABEL - 16) / n
    left = x0 + INF_LABEL + 8 + step * pos
    top = y0 + 34 + row * INF_ROW
    return round(left), top, round(left + step) - 2, top + INF_ROW - 4


def influence_label(f: Frame, row: int) -> Box:
    x0, y0, _, _ = f.influence
    top = y0 + 34 + row * INF_ROW
    return x0 + 8, top, x0 + INF_LABEL, top + INF_ROW - 4


# Cards row ------------------------------------------------------------------------------

CARD_W = 160
CARD_H = 214


def card_box(f: Frame, kind: str, i: int) -> Box:
    """kind: 'display' (0-3), 'pile' (0: deck, 1: discard, 2: combat), 'prestige' (0-3)."""
    x0, y0, x1, _ = f.cards
    top = y0 + 36
    if kind == "display":
        left = x0 + 10 + i * (CARD_W + 6)
        return left, top, left + CARD_W, top + CARD_H
    if kind == "prestige":
        left = x1 - 10 - (4 - i) * (CARD_W + 6) + 6
        return left, top, left + CARD_W, top + CARD_H
    start = x0 + 10 + 4 * (CARD_W + 6) + 4
    end = x1 - 10 - 4 * (CARD_W + 6)
    w = end - start - 4
    h = (CARD_H - 8) // 3
    return start, top + i * (h + 4), start + w, top + i * (h + 4) + h


# Player panels ----------------------------------------------------------------------------

SHIP_COLS = 6
SHIP_W = 124
SHIP_H = 34


def ship_cell(panel: Box, i: int) -> Box:
    x = panel[0] + 10 + (i % SHIP_COLS) * (SHIP_W + 4)
    y = panel[1] + 128 + (i // SHIP_COLS) * (SHIP_H + 4)
    return x, y, x + SHIP_W, y + SHIP_H


__all__ = ["frame"]
