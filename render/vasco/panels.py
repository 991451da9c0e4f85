"""The header (progress and who is next), one panel per player, and the log."""

from __future__ import annotations

import re

from render.vasco import geometry as geo
from render.vasco import sprites
from render.vasco.canvas import Canvas
from render.vasco.layout import Layout
from render.vasco.seats import SeatStyle
from rules.vasco.board import plural, reales
from rules.vasco.data import MISSIONARY, load_data
from rules.vasco.view import VascoView

CHARACTER_SHORT = {"manuel": "Manuel I", "bartolomeu": "Bartolomeu", "francisco": "Francisco",
                   "sernigi": "Sernigi"}


def draw_header(cv: Canvas, layout: Layout, view: VascoView, seats: list[SeatStyle]) -> None:
    c, f = layout.colors, layout.fonts
    x0, y0, x1, y1 = layout.boxes.header
    mid = (y0 + y1) / 2 + 1
    cv.text((x0 + 16, mid), "Vasco da Gama", f.title, c.header_ink, c.header, bold=True,
            anchor="lm")
    cv.text((x0 + 300, mid), view.progress, f.large, c.header_ink, c.header, anchor="lm",
            max_width=560)
    if view.phase == "over":
        won = view.standings.winners
        names = " & ".join(seats[s].name for s in won)
        right = (f"{'Shared win' if len(won) > 1 else 'Winner'}: {names} with "
                 f"{view.standings.scores[won[0]]} VP")
    elif view.actor is not None:
        right = f"Next: {seats[view.actor].name}"
    else:
        right = ""
    if right:
        cv.text((x1 - 16, mid), right, f.large, c.marker, c.header, bold=True, anchor="rm",
                max_width=x1 - 16 - 880)


def _crew(cv: Canvas, layout: Layout, x: float, y: float, colour: str, n: int,
          bg: str) -> float:
    c = layout.colors
    sprite = sprites.dot(c.crew[colour], 26, bg)
    cv.paste(sprite, x, y)
    cv.text((x + 31, y + 14), str(n), layout.fonts.normal, c.ink if n else c.muted, bg,
            bold=True, anchor="lm")
    return 70


def draw_players(cv: Canvas, layout: Layout, view: VascoView, seats: list[SeatStyle]) -> None:
    c, f = layout.colors, layout.fonts
    data = load_data()
    for s, box in zip(seats, geo.player_panels(view.players), strict=True):
        p = view.seats[s.seat]
        x0, y0, x1, y1 = box
        w = x1 - x0 - 20
        cv.fill((x0 + 2, y0 + 2, x1 - 2, y0 + 50), s.color)
        if view.actor == s.seat:
            cv.frame((x0, y0, x1, y1), c.highlight, 4)
        disc = sprites.disc(s.tint, c.ink, s.letter, 36, s.color, "", 20)
        sprites.note(cv, s.letter, True, 20)
        cv.paste(disc, x0 + 8, y0 + 6)
        vp_w = cv.text((x1 - 12, y0 + 27), f"{p.vp} VP", 26, s.ink, s.color, bold=True,
                       anchor="rm")
        name = s.name + (" (cpu)" if s.computer else "")
        cv.text((x0 + 54, y0 + 27), name, f.large, s.ink, s.color, bold=True, anchor="lm",
                max_width=w - vp_w - 48)
        y = y0 + 60
        line = f"{reales(p.coins)} · {plural(p.captains, 'captain')}"
        extra = (view.phase == "place" and p.extra == "hand" and not p.extra_declined
                 and view.holders.get("manuel") == s.seat)
        if p.discs and view.phase == "place":
            line += f" · {p.discs} disc{'s' if p.discs != 1 else ''}" + \
                (" + extra" if extra else "")
        elif extra:
            line += " · the extra disc"
        cv.text((x0 + 10, y), line, f.normal, c.ink, c.panel, bold=True, max_width=w)
        y += 32
        x = x0 + 10
        for colour in data.sailor_colours:
            x += _crew(cv, layout, x, y, colour, p.sailors.get(colour, 0), c.panel)
        _crew(cv, layout, x, y, MISSIONARY, p.missionaries, c.panel)
        y += 38
        y = _tiles(cv, layout, x0 + 10, y, w, "Projects", p.projects, c.tile)
        y = _tiles(cv, layout, x0 + 10, y, w, "Ships in hand", p.ships, c.ship_side)
        chars = [CHARACTER_SHORT[k] for k in data.characters.order if view.holders.get(k)
                 == s.seat]
        cv.text((x0 + 10, y), "Holds: " + (", ".join(chars) or "—"), f.small, c.ink, c.panel,
                max_width=w)
        total = view.standings.scores[s.seat]
        end = "Final score" if view.phase == "over" else "If the game ended now"
        cv.text((x0 + 10, y1 - 30), f"{end}: {total} VP", f.small, c.muted, c.panel,
                bold=view.phase == "over", max_width=w)


def _tiles(cv: Canvas, layout: Layout, x: int, y: int, w: int, label: str, tiles: list[str],
           fill: str) -> int:
    """A label and one chip per tile, on up to two lines: a project 'I-04 4/3'
    (strength/crew), a launched ship 'I-04 str 4' (its crew no longer matters)."""
    c = layout.colors
    data = load_data()
    drawn = cv.text((x, y + 4), f"{label}:", layout.fonts.small, c.ink, c.panel, bold=True)
    if not tiles:
        cv.text((x + drawn + 8, y + 4), "—", layout.fonts.small, c.muted, c.panel)
        return y + 34
    chip_w, chip_h, gap = 100, 28, 4
    cx, cy = x + drawn + 8, y
    lines = 1
    for i, tile in enumerate(tiles):
        left = len(tiles) - i
        if cx + chip_w > x + w:
            if lines == 2:
                break
            cx, cy, lines = x, cy + chip_h + gap, 2
        if lines == 2 and left > 1 and cx + 2 * chip_w + gap > x + w:
            cv.text((cx + 4, cy + 4), f"+{left} more", layout.fonts.small, c.muted, c.panel)
            break
        t = data.tiles[tile]
        text = (f"{tile} {t.strength}/{t.crew}" if fill != c.ship_side
                else f"{tile} str {t.strength}")
        chip = sprites.chip(fill, c.ink, text, chip_w, chip_h, c.panel, 16, bold=False)
        sprites.note(cv, text, False, 16)
        cv.paste(chip, cx, cy)
        cx += chip_w + gap
    return cy + chip_h + 8


_SEAT = re.compile(r"\b[Ss]eat (\d+)\b")


def _named(text: str, seats: list[SeatStyle]) -> str:
    """The engine's 'seat N' as the player's name (as the bot writes it)."""
    def sub(m: re.Match[str]) -> str:
        i = int(m.group(1)) - 1
        return seats[i].name if 0 <= i < len(seats) else m.group(0)

    return _SEAT.sub(sub, text)


def draw_log(cv: Canvas, layout: Layout, view: VascoView, seats: list[SeatStyle],
             since: VascoView | None) -> None:
    c = layout.colors
    slots = geo.log_lines()
    lines = view.log[-len(slots):]
    last_seen = since.seq if since is not None else (lines[-1].seq - 1 if lines else 0)
    x_end = layout.boxes.log[2] - 16
    for (x, y), line in zip(slots, lines, strict=False):
        new = line.seq > last_seen
        bg = c.since if new else c.panel
        if new:
            cv.fill((x - 4, y - 1, x_end + 8, y + geo.LOG_LINE - 1), c.since)
        who = f"{seats[line.seat].name} " if line.seat is not None else ""
        text = f"R{line.round} · {who}{_named(line.text, seats)}"
        cv.text((x, y + 1), text, 16, c.ink, bg, bold=new, max_width=x_end - x, min_size=14)
