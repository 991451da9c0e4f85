"""Static parts of the rondel, market, gallery, building rows, status box and scoreboard."""

from __future__ import annotations

from typing import Any

from render.navegador.geometry import (
    GOOD_ORDER,
    building_slot,
    gallery_column,
    market_cell,
    rondel_labels,
    score_columns,
    score_row,
    space_angle,
)
from render.navegador.layout import Box, Layout
from render.navegador.pen import Pen, text_width
from render.navegador.sprites import shade

PRIVILEGE_SHORT = {"colony": "Col", "factory": "Fac", "explorer": "Exp", "shipyard": "Yrd",
                   "church": "Chu"}
ROW_LABELS = {"sugar": "Sugar factory", "gold": "Gold factory", "spice": "Spice factory",
              "shipyard": "Shipyard", "church": "Church"}


def draw_all(pen: Pen, layout: Layout, facts: dict[str, Any]) -> None:
    c = layout.colors
    pen.rect(layout.header.box, fill=c.header)
    pen.rect(layout.header.log_box, fill=c.lastline)
    draw_rondel(pen, layout, facts)
    draw_market(pen, layout, facts)
    draw_gallery(pen, layout, facts)
    draw_buildings(pen, layout, facts)
    panel(pen, layout, layout.status.box, "Game")
    draw_scoreboard(pen, layout, facts)


def panel(pen: Pen, layout: Layout, box: Box, title: str) -> None:
    c = layout.colors
    pen.rect(box, fill=c.panel, outline=c.panel_line, width=2, radius=12)
    pen.text((box[0] + 14, box[1] + 10), title, 24, c.ink, bold=True)


def draw_rondel(pen: Pen, layout: Layout, facts: dict[str, Any]) -> None:
    c, r = layout.colors, layout.rondel
    panel(pen, layout, r.box, "Rondel")
    n = len(facts["rondel"])
    half = 180 / n
    pen.circle(r.center, r.radius + 4, fill="#5a4f3c")
    labels = rondel_labels(layout, list(facts["rondel"]))
    for i, (label, action) in enumerate(zip(labels, facts["rondel_actions"], strict=True)):
        a = space_angle(i, n)
        pen.pieslice(r.center, r.radius, a - half, a + half,
                     fill=c.rondel.get(action, "#eeeeee"), outline="#5a4f3c", width=2)
        top = label.centre[1] - label.line_h * (len(label.lines) - 1) / 2
        for j, line in enumerate(label.lines):
            pen.text((label.centre[0], top + j * label.line_h), line, label.size, c.ink,
                     anchor="mm", face=label.face)
    pen.circle(r.center, r.hub, fill=c.panel, outline="#5a4f3c", width=2)
    pen.text((r.box[2] - 34, r.box[1] + 66), "card", 18, c.muted, anchor="ma")


def draw_market(pen: Pen, layout: Layout, facts: dict[str, Any]) -> None:
    c, m = layout.colors, layout.market
    panel(pen, layout, m.box, "Market")
    titles = [g.capitalize() for g in GOOD_ORDER] + ["Factory"]
    for col, title in enumerate(titles):
        x0, y0, x1, _ = market_cell(layout, col, 0)
        pen.text(((x0 + x1) / 2, y0 - 6), title, 18, c.ink, anchor="md", bold=True,
                 max_width=x1 - x0 + 6, min_size=layout.fonts.min)
    ladders = [facts["sell_ladder"][g] for g in GOOD_ORDER] + [facts["process_ladder"]]
    tints = [shade(c.goods[g], 1.0) for g in GOOD_ORDER] + [c.navegador]
    for col, ladder in enumerate(ladders):
        for row, price in enumerate(ladder):
            box = market_cell(layout, col, row)
            fill = pale(tints[col], 0.75 if row % 2 else 0.65)
            pen.rect(box, fill=fill, outline=c.panel_line, width=1)
            pen.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), price, 18, c.muted,
                     anchor="mm")
    x = m.box[0] + m.summary_x
    y = m.box[1] + m.title_h
    pen.rect((x, y, m.box[2] - 14, y + 262), fill="#ffffff", outline=c.panel_line, width=1,
             radius=8)
    pen.text((x + 118, y + 14), "sell", 18, c.ink, anchor="ma", bold=True, max_width=60)
    pen.text((x + 184, y + 14), "process", 18, c.ink, anchor="ma", bold=True, max_width=72)
    for i, good in enumerate(GOOD_ORDER):
        pen.text((x + 44, y + 66 + 62 * i), good.capitalize(), 18, c.ink, anchor="lm",
                 max_width=44, min_size=layout.fonts.min)
    bottom = m.box[3]
    lines = wrap("Selling moves the cube down, processing moves it up. Price per unit.",
                 18, m.box[2] - x - 14)
    for i, line in enumerate(lines[-4:]):
        pen.text((x + 4, bottom - 22 * (len(lines[-4:]) - i) - 12), line, 18, c.muted,
                 max_width=m.box[2] - x - 14)


def wrap(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """Words of ``text`` in lines no wider than ``width`` px (a too-long word is fitted)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(lines[-1] + " " + word, size, bold) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def pale(color: str, amount: float) -> str:
    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    r, g, b = (round(v + (255 - v) * amount) for v in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"




def draw_gallery(pen: Pen, layout: Layout, facts: dict[str, Any]) -> None:
    c, g = layout.colors, layout.gallery
    panel(pen, layout, g.box, "Privileges")
    pen.text((g.box[2] - 14, g.box[1] + 14), "at most 3 of a kind per player", 18, c.muted,
             anchor="ra", max_width=g.box[2] - g.box[0] - 190)
    cols = facts["gallery"]
    for i, col in enumerate(cols):
        x0, y0, x1, y1 = gallery_column(layout, i, len(cols))
        mid = (x0 + x1) / 2
        pen.rect((x0, y0, x1, y1), fill="#ffffff", outline=c.panel_line, width=1, radius=8)
        pen.text((mid, y0 + 8), col["key"].capitalize(), 18, c.ink, anchor="ma", bold=True,
                 max_width=x1 - x0 - 8, min_size=layout.fonts.min)
        for j, line in enumerate(_two_lines(col["figure"], x1 - x0 - 8)):
            pen.text((mid, y0 + 32 + 21 * j), line, 18, c.muted, anchor="ma",
                     max_width=x1 - x0 - 8, min_size=layout.fonts.min)
        arch = (x0 + 10, y0 + 84, x1 - 10, y0 + 196)
        pen.draw.rounded_rectangle([v * pen.k for v in arch], 30 * pen.k,
                                   fill="#efe6d2", outline=c.panel_line, width=pen.k,
                                   corners=(True, True, False, False))
        pen.text((mid, y0 + 254), f"VP {col['base_vp']}", 18, c.ink, anchor="ma", bold=True,
                 max_width=x1 - x0 - 8)
        room = x1 - x0 - 8
        pen.text((mid, y0 + 276), f"+{col['token_vp']} per token", 18, c.ink, anchor="ma",
                 max_width=room, min_size=layout.fonts.min)
        pen.text((mid, y0 + 304), "Cr per item:", 18, c.muted, anchor="ma", max_width=room,
                 min_size=layout.fonts.min)
        pen.text((mid, y0 + 326), " / ".join(str(v) for v in col["cash"]), 18, c.ink,
                 anchor="ma", max_width=room, min_size=layout.fonts.min)


def _two_lines(text: str, width: float) -> list[str]:
    if text_width(text, 18) <= width or " " not in text:
        return [text]
    head, _, tail = text.rpartition(" ")
    return [head, tail]


def draw_buildings(pen: Pen, layout: Layout, facts: dict[str, Any]) -> None:
    c, b = layout.colors, layout.buildings
    panel(pen, layout, b.box, "Buildings")
    pen.text((b.box[0] + 12 + b.label_w + 4, b.box[1] + 14),
             "bought from the left; the framed one is next", 18, c.muted,
             max_width=b.info_x - b.label_w - 28)
    info = b.box[0] + b.info_x
    pen.text((info, b.box[1] + 14), "next", 18, c.ink, bold=True, max_width=50)
    pen.text((info + 70, b.box[1] + 14), "left", 18, c.ink, anchor="ma", bold=True,
             max_width=44)
    pen.text((info + 120, b.box[1] + 14), "needs", 18, c.ink, bold=True,
             max_width=b.box[2] - info - 130)
    for i, row in enumerate(facts["rows"]):
        fill = c.goods.get(row["good"]) or c.buildings.get(row["kind"], "#dddddd")
        ink = c.goods_ink.get(row["good"], c.ink)
        top = b.box[1] + b.title_h + i * b.row_h
        mid = top + b.row_h / 2
        pen.text((b.box[0] + 16, mid), ROW_LABELS.get(row["key"], row["key"]), 20, c.ink,
                 anchor="lm", bold=True, max_width=b.label_w - 8, min_size=layout.fonts.min)
        for j, cost in enumerate(row["costs"]):
            box = building_slot(layout, i, j)
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            if j < row["on_board"]:
                pen.rect(box, fill=fill, outline="#3b3b3b", width=1, radius=6)
                pen.text(centre, cost, 20, ink, anchor="mm", bold=True)
            else:
                pen.rect(box, fill=None, outline=c.panel_line, width=1, radius=6)
                pen.text(centre, "-", 18, c.panel_line, anchor="mm")
        pen.text((info + 120, mid), f"{row['workers']} workers", 18, c.muted, anchor="lm",
                 max_width=b.box[2] - info - 130)


def draw_scoreboard(pen: Pen, layout: Layout, facts: dict[str, Any]) -> None:
    c, s = layout.colors, layout.scoreboard
    pen.rect(s.box, fill=c.panel, outline=c.panel_line, width=2, radius=12)
    cols = score_columns(layout)
    head_mid = s.box[1] + s.head_h / 2 + 2
    subs = {"colonies": ["Sug", "Gold", "Spc"], "factories": ["Sug", "Gold", "Spc", "Any"]}
    for col in s.columns:
        x0, x1 = cols[col.key]
        if col.key in subs:
            pen.text(((x0 + x1) / 2, head_mid - 11), col.title, 18, c.ink, anchor="mm",
                     bold=True, max_width=x1 - x0 - 4)
            step = (x1 - x0) / len(subs[col.key])
            for i, sub in enumerate(subs[col.key]):
                pen.text((x0 + step * (i + 0.5), head_mid + 11), sub, 18, c.muted, anchor="mm",
                         max_width=step - 2)
        elif col.key == "privileges":
            # a group title like Colonies / Factories: "Yrd" beside "Yards" is a privilege
            pen.text(((x0 + x1) / 2, head_mid - 11), col.title, 18, c.ink, anchor="mm",
                     bold=True, max_width=x1 - x0 - 4)
            step = (x1 - x0) / 5
            for i, g in enumerate(facts["gallery"]):
                pen.text((x0 + step * (i + 0.5), head_mid + 11),
                         PRIVILEGE_SHORT.get(g["key"], "?"), 18, c.muted, anchor="mm",
                         max_width=step - 2)
        elif col.key == "player":
            pen.text((x0 + 8, head_mid), col.title, 18, c.ink, anchor="lm", bold=True,
                     max_width=x1 - x0 - 12)
        else:
            pen.text(((x0 + x1) / 2, head_mid), col.title, 18, c.ink, anchor="mm", bold=True,
                     max_width=x1 - x0 - 6)
    for seat in range(facts["players"]):
        top, bottom = score_row(layout, seat)
        pen.line([(s.box[0] + 6, top), (s.box[2] - 6, top)], c.panel_line, 1)
    for col in s.columns[1:]:
        x0, _ = cols[col.key]
        pen.line([(x0, s.box[1] + 6), (x0, score_row(layout, facts["players"] - 1)[1])],
                 "#e3d9c4", 1)
