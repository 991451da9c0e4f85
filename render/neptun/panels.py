"""The panels under the map: the header, the wind and forecast, the contracts on offer with
the oar track (or this turn's oar cards), the temples, each player's row, and the log.

All drawn from the public view: a face-down contract is a card back, a hand is a count,
a secret choice is a tick.
"""

from __future__ import annotations

from render.neptun.layout import LOG_LINE, LOG_LINES, ROW, Bands, Layout
from render.neptun.pen import Pen, width_of
from render.neptun.seats import SeatStyle
from rules.neptun.view import ColumnView, ContractView, NeptunView, SlotView

MARGIN = 16
TEMPLE_GODS = {"gold": "Gold temple"}


def _names(view: NeptunView) -> dict[str, tuple[str, str]]:
    """temple key -> (god, colour)."""
    return {t.key: (t.god, t.colour) for t in view.temples}


def reward_words(view: NeptunView, contract: ContractView) -> str:
    n = contract.reward[1:]
    if contract.reward.startswith("G"):
        return f"{n} gold"
    god = _names(view).get(contract.temple, (contract.temple, ""))[0]
    return f"{n} {'step' if n == '1' else 'steps'} {god}"


def status_line(view: NeptunView, seats: list[SeatStyle]) -> str:
    """Who acts now and what they do, in words from the public view."""
    if view.result is not None:
        won = view.result.winners
        rest = view.result.ranking[len(won):]
        others = " · ".join(f"{seats[s].name} {view.result.scores[s]}" for s in rest)
        names = " & ".join(seats[s].name for s in won)
        verb = "share the win" if len(won) > 1 else "wins"
        return (f"Game over — {names} {verb} with {view.result.scores[won[0]]} VP"
                + (f" · {others}" if others else ""))
    if view.phase == "choose":
        waiting = ", ".join(seats[s].name for s in view.to_act)
        return f"Choosing oar cards in secret: {waiting}"
    if view.current is None:
        return ""
    who = seats[view.current].name
    extra = {1: "5-I", 2: "5-II"}.get(view.extra, "")
    if view.phase == "draft":
        if view.revealing is not None:
            if not any(c is not None and not c.face_up for c in view.display):
                return f"{who} must take contract {view.revealing}, the last one turned over"
            return f"{who}: take contract {view.revealing} or turn over the next"
        return f"{who} takes a contract"
    if view.phase == "ask":
        return f"{who}: take extra turn {extra}?"
    if view.stage == "card":
        return f"{who} plays an oar card for extra turn {extra}"
    sheet = view.sheets[view.current]
    if view.stage == "deliver":
        port = next(c.name for c in view.cities if c.code == sheet.ship)
        return f"{who} may fulfil a contract in {port}"
    power = int(sheet.revealed.split("/")[0]) if sheet.revealed else 0
    return f"{who} sails: wind {view.wind} + power {power} = {view.wind + power} miles"


def draw_header(pen: Pen, layout: Layout, view: NeptunView, seats: list[SeatStyle],
                progress: str) -> None:
    c = layout.colors
    w = layout.canvas.width
    pen.rect((0, 0, w, layout.map.top), fill=c.header)
    pen.text((MARGIN, 8), "NEPTUN", 24, c.header_ink, bold=True)
    pen.text((140, 11), progress, 19, c.header_ink, max_width=w - 140 - MARGIN)
    pen.text((MARGIN, 38), status_line(view, seats), 18, "#f6d36b", bold=True,
             max_width=w - 2 * MARGIN)


def draw_wind(pen: Pen, layout: Layout, view: NeptunView, b: Bands) -> None:
    c = layout.colors
    top, bottom = b.wind
    pen.rect((0, top + 4, layout.canvas.width, bottom), fill=c.panel)
    y = top + 14
    pen.text((MARGIN, y + 6), "Wind", 18, c.ink, bold=True)
    x0, box = 72, 34
    for v in range(0, 11):
        x = x0 + v * box
        on = v == view.wind
        nxt = view.wind_next is not None and v == view.wind_next and not on
        pen.rect((x, y, x + box - 4, y + 30), fill=c.wind if on else "#ffffff",
                 outline=c.highlight if nxt else c.panel_line, width=3 if nxt else 1, radius=5)
        pen.text((x + (box - 4) / 2, y + 15), v, 16, "#ffffff" if on else c.ink, anchor="mm",
                 bold=on)
    x1 = x0 + 11 * box + 24
    pen.text((x1, y + 6), "Forecast", 18, c.ink, bold=True)
    fx = x1 + 96
    for i, v in enumerate(range(-4, 6)):
        x = fx + i * 32
        on = view.forecast == v
        pen.rect((x, y, x + 28, y + 30), fill=c.highlight if on else "#ffffff",
                 outline=c.panel_line, radius=5)
        pen.text((x + 14, y + 15), f"{v:+d}" if v else "0", 14, "#ffffff" if on else c.muted,
                 anchor="mm", bold=on)
    if view.wind_next is not None:
        note = f"→ wind {view.wind_next} next turn" if view.sail_turn < 5 or view.phase == \
            "sail" else f"→ wind {view.wind_next}"
    elif view.forecast is not None:         # turn 5's forecast, which moves no wind
        note = f"after turn 5 the wind stays at {view.wind}"
    else:
        note = {"draft": "no forecast while contracts are taken",
                "choose": "the forecast comes with the oar cards",
                "ask": "no forecast in the extra turns: the wind stays",
                "extra": "no forecast in the extra turns: the wind stays",
                "over": "the game is over"}.get(view.phase, "")
    pen.text((MARGIN, y + 38), note, 15, c.muted)
    decks = view.decks
    pen.text((layout.canvas.width - MARGIN, y + 38),
             f"decks: {decks['city']} city · {decks['goods']} goods · {decks['oar']} oar cards",
             15, c.muted, anchor="ra")


# Contracts ---------------------------------------------------------------------------

COL_W, COL_H, GAP = 186, 172, 8


def draw_display(pen: Pen, layout: Layout, view: NeptunView, seats: list[SeatStyle],
                 b: Bands) -> None:
    c = layout.colors
    top, bottom = b.display
    w = layout.canvas.width
    pen.rect((0, top, w, bottom), fill=c.background)
    title = ("Contracts on offer — column 1 lies next to the decks" if view.phase == "draft"
             else "Contract left over")
    pen.text((MARGIN, top + 8), title, 18, c.ink, bold=True)
    n = len(view.display)
    x0 = max(MARGIN, (w - n * COL_W - (n - 1) * GAP) // 2)
    y = top + 36
    for i, column in enumerate(view.display):
        x = x0 + i * (COL_W + GAP)
        _column(pen, layout, view, x, y, i + 1, column)
    _track_row(pen, layout, view, seats, bottom - 40)


def _column(pen: Pen, layout: Layout, view: NeptunView, x: int, y: int, number: int,
            column: ColumnView | None) -> None:
    c = layout.colors
    pen.text((x + 6, y + 2), str(number), 15, c.muted, bold=True)
    y += 20
    box = (x, y, x + COL_W, y + COL_H)
    if column is None:
        pen.rect(box, fill=c.background, outline=c.panel_line, width=2, radius=8)
        pen.text((x + COL_W / 2, y + COL_H / 2), "taken", 16, c.muted, anchor="mm")
        return
    if not column.face_up or column.contract is None:
        pen.rect(box, fill=c.card_back, outline=c.ink, width=2, radius=8)
        pen.rect((x + 10, y + 10, x + COL_W - 10, y + COL_H - 10), outline=c.card_back_ink,
                 width=1, radius=6)
        pen.text((x + COL_W / 2, y + COL_H / 2 - 10), "NEPTUN", 20, c.card_back_ink,
                 anchor="mm", bold=True)
        pen.text((x + COL_W / 2, y + COL_H / 2 + 16), "face down", 15, c.card_back_ink,
                 anchor="mm")
        return
    revealing = view.revealing == number
    _contract_card(pen, layout, view, (x, y, x + COL_W, y + 108), column.contract)
    oy = y + 114
    pen.rect((x, oy, x + COL_W, y + COL_H), fill="#ffffff", outline=c.ink, width=1, radius=8)
    power, forecast = (column.oar or "0/0").split("/")
    pen.text((x + 12, oy + 8), f"oar {power}", 20, c.ink, bold=True)
    pen.text((x + 12, oy + 34), f"forecast {forecast}", 15, c.muted)
    if column.gold:
        pen.disc((x + COL_W - 24, oy + 28), 17, c.gold, c.gold_ink, str(column.gold),
                 c.gold_ink, 16)
    if revealing:
        pen.rect((x - 4, y - 4, x + COL_W + 4, y + COL_H + 4), outline=c.highlight, width=4,
                 radius=10)


def _contract_card(pen: Pen, layout: Layout, view: NeptunView, box: tuple[int, ...],
                   contract: ContractView, compact: bool = False) -> None:
    c = layout.colors
    x0, y0, x1, y1 = box
    colour = _names(view).get(_region_of(view, contract.city), ("", c.muted))[1]
    pen.rect(box, fill="#ffffff", outline=c.ink, width=1, radius=8)
    pen.rect((x0, y0, x1, y0 + 30), fill=colour, radius=8)
    pen.rect((x0, y0 + 20, x1, y0 + 30), fill=colour)
    pen.text((x0 + 8, y0 + 15), f"{contract.city} {contract.city_name}", 17, "#ffffff",
             anchor="lm", bold=True, max_width=x1 - x0 - 14)
    pen.text((x0 + 8, y0 + 38), contract.goods_name, 17, c.ink, bold=True)
    pen.text((x0 + 8, y0 + 64), "→ " + reward_words(view, contract), 16, c.ink,
             max_width=x1 - x0 - 14)


def _region_of(view: NeptunView, code: str) -> str:
    return next((city.temple for city in view.cities if city.code == code), "")


def _track_row(pen: Pen, layout: Layout, view: NeptunView, seats: list[SeatStyle],
               y: int) -> None:
    c = layout.colors
    if view.phase == "draft":
        caption = "Oar track (next turn order, left first):"
        pen.text((MARGIN, y + 8), caption, 16, c.ink, bold=True)
        x = MARGIN + round(width_of(caption, 16, bold=True)) + 12
        for power in range(1, 9):
            stack = view.oar_track.get(power, [])
            width = 34 + 26 * max(0, len(stack) - 1)
            pen.rect((x, y, x + width + 22, y + 32), fill="#ffffff", outline=c.panel_line,
                     radius=5)
            pen.text((x + 6, y + 16), power, 15, c.muted, anchor="lm", bold=True)
            for k, seat in enumerate(reversed(stack)):     # the top (acting first) leftmost
                s = seats[seat]
                pen.disc((x + 34 + 26 * k, y + 16), 12, s.color, c.ink, s.letter, s.ink, 13)
            x += width + 30
        return
    title = {"choose": "Oar cards (secret):", "ask": "Extra turn:", "extra": "Extra turn:"}
    pen.text((MARGIN, y + 8), title.get(view.phase, "Oar cards this turn:"), 16, c.ink,
             bold=True)
    x = 200
    for seat in view.order:
        s, sheet = seats[seat], view.sheets[seat]
        pen.disc((x + 12, y + 16), 12, s.color, c.ink, s.letter, s.ink, 13)
        if view.phase == "choose":
            text, ink = ("chosen ✓", c.muted) if sheet.chosen else ("choosing…", c.highlight)
        elif view.phase == "ask":
            text, ink = _answer(view, seat), c.muted
            if seat == view.current:
                ink = c.highlight
        elif sheet.revealed:
            text, ink = sheet.revealed, c.ink
        elif view.phase == "extra" and seat in view.queue:
            text, ink = _extra_turn_place(view, seat), c.highlight
        elif view.phase in ("ask", "extra"):
            text, ink = "no extra turn" if view.phase == "extra" else "—", c.muted
        else:
            text, ink = "—", c.muted
        pen.text((x + 30, y + 16), text, 16, ink, anchor="lm", bold=bool(sheet.revealed),
                 max_width=150)
        x += 190


def _extra_turn_place(view: NeptunView, seat: int) -> str:
    """When a seat taking the extra turn, with no card played yet, plays it."""
    if view.current not in view.queue:
        return "plays next"
    ahead = view.queue.index(seat) - view.queue.index(view.current)
    return {0: "playing now", 1: "plays next"}.get(ahead, "plays later")


def _answer(view: NeptunView, seat: int) -> str:
    """Where a seat stands while players are asked about an extra turn."""
    if seat not in view.queue:
        return "not asked"
    if seat == view.current:
        return "deciding…"
    if view.current is not None and view.queue.index(seat) > view.queue.index(view.current):
        return "asked next"
    return "takes it" if seat in view.said_yes else "declines"


# Temples -----------------------------------------------------------------------------

TEMPLE_W = 192


def draw_temples(pen: Pen, layout: Layout, view: NeptunView, seats: list[SeatStyle],
                 b: Bands) -> None:
    c = layout.colors
    top, bottom = b.temples
    pen.rect((0, top, layout.canvas.width, bottom), fill=c.panel)
    pen.text((MARGIN, top + 6), f"Temples — point tiles of round {view.round}, "
             "1st place first; on one space the left token ranks higher", 16, c.ink,
             bold=True, max_width=layout.canvas.width - 2 * MARGIN)
    y = top + 30
    for i, t in enumerate(view.temples):
        x = MARGIN + i * (TEMPLE_W + 4)
        rows = [(str(space), stack) for space, stack in t.stacks]
        _temple_box(pen, layout, (x, y, x + TEMPLE_W, bottom - 6), t.god, t.region,
                    t.colour, t.tiles, rows, seats)
    x = MARGIN + 5 * (TEMPLE_W + 4)
    rows = [(f"{view.sheets[s].gold} g", [s]) for s in view.gold_ranking]
    rows += [("0 g", [s]) for s in view.order if s not in view.gold_ranking]
    _temple_box(pen, layout, (x, y, layout.canvas.width - MARGIN, bottom - 6), "Gold temple",
                "most gold", c.gold, view.gold_tiles, rows, seats)


def _temple_box(pen: Pen, layout: Layout, box: tuple[int, int, int, int], god: str,
                region: str, colour: str, tiles: list[int], rows: list[tuple[str, list[int]]],
                seats: list[SeatStyle]) -> None:
    c = layout.colors
    x0, y0, x1, y1 = box
    pen.rect(box, fill="#ffffff", outline=c.panel_line, width=1, radius=8)
    pen.rect((x0, y0, x1, y0 + 30), fill=colour, radius=8)
    pen.rect((x0, y0 + 20, x1, y0 + 30), fill=colour)
    pen.text((x0 + 8, y0 + 15), f"{god} · {region}", 16, "#ffffff", anchor="lm", bold=True,
             max_width=x1 - x0 - 14)
    ty = y0 + 36
    pen.text((x0 + 8, ty + 13), "tiles", 14, c.muted, anchor="lm")
    for k, value in enumerate(tiles):
        tx = x0 + 50 + k * 40
        pen.rect((tx, ty, tx + 34, ty + 26), fill=c.panel, outline=colour, width=2, radius=4)
        pen.text((tx + 17, ty + 13), value, 15, c.ink, anchor="mm", bold=True)
    if not tiles:
        pen.text((x0 + 50, ty + 13), "none", 14, c.muted, anchor="lm")
    ry = ty + 34
    room = max(1, (y1 - ry - 4) // 24)
    for label, stack in rows[:room]:
        pen.text((x0 + 44, ry + 11), label, 15, c.ink, anchor="rm", bold=True)
        for k, seat in enumerate(stack):
            s = seats[seat]
            pen.disc((x0 + 62 + 24 * k, ry + 11), 11, s.color, c.ink, s.letter, s.ink, 12)
        ry += 24


# Players -----------------------------------------------------------------------------

SLOT_W = 176
CHART_X = 290


def draw_players_title(pen: Pen, layout: Layout, b: Bands) -> None:
    c = layout.colors
    top, _ = b.players
    w = layout.canvas.width
    pen.text((MARGIN, top + 8), "Players in turn order — contract charts, slots 1-5 left to "
             "right (fulfilling one turns down the open ones left of it)", 16, c.ink,
             bold=True, max_width=w - 2 * MARGIN)


def draw_players(pen: Pen, layout: Layout, view: NeptunView, seats: list[SeatStyle],
                 b: Bands) -> None:
    draw_players_title(pen, layout, b)
    for i, seat in enumerate(view.order):
        player_row(pen, layout, view, seats[seat], seat, b.players[0] + 34 + i * ROW)


def player_row(pen: Pen, layout: Layout, view: NeptunView, s: SeatStyle, seat: int,
               y: int) -> None:
    """One player's row, ``ROW`` px tall from ``y``."""
    c = layout.colors
    sheet = view.sheets[seat]
    acting = seat in view.to_act and view.result is None
    pen.rect((MARGIN, y, layout.canvas.width - MARGIN, y + ROW - 6), fill=s.tint,
             outline=c.highlight if acting else c.panel_line, width=3 if acting else 1,
             radius=8)
    pen.disc((MARGIN + 24, y + 24), 16, s.color, c.ink, s.letter, s.ink, 16)
    name = s.name + (" (computer)" if s.computer else "")
    pen.text((MARGIN + 48, y + 24), name, 19, c.ink, anchor="lm", bold=True, max_width=214)
    pen.text((MARGIN + 10, y + 52), f"{sheet.vp} VP · {sheet.gold} gold · ship {sheet.ship}",
             16, c.ink, max_width=CHART_X - MARGIN - 16)
    if view.phase == "choose":
        doing = " · chose ✓" if sheet.chosen else " · choosing…"
    elif sheet.revealed and view.phase != "draft":
        doing = f" · playing {sheet.revealed}"
    else:
        doing = ""
    cards = "1 oar card" if sheet.hand == 1 else f"{sheet.hand} oar cards"
    pen.text((MARGIN + 10, y + 76), f"{_nth(sheet.turn_position)} in turn · {cards}{doing}",
             14, c.muted, max_width=CHART_X - MARGIN - 16)
    for k, slot in enumerate(sheet.chart):
        x = CHART_X + k * (SLOT_W + 4)
        _slot(pen, layout, view, (x, y + 6, x + SLOT_W, y + ROW - 12), k + 1, slot)


def _nth(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _slot(pen: Pen, layout: Layout, view: NeptunView, box: tuple[int, int, int, int],
          number: int, slot: SlotView | None) -> None:
    c = layout.colors
    x0, y0, x1, y1 = box
    if slot is None:
        pen.rect(box, fill=c.panel, outline=c.panel_line, width=1, radius=6)
        pen.text((x0 + 8, y0 + 6), f"{number}", 14, c.muted, bold=True)
        pen.text(((x0 + x1) / 2, (y0 + y1) / 2), "empty", 14, c.muted, anchor="mm")
        return
    contract = slot.contract
    colour = _names(view).get(_region_of(view, contract.city), ("", c.muted))[1]
    fill = {"open": "#ffffff", "done": c.done, "failed": c.failed}[slot.status]
    pen.rect(box, fill=fill, outline=colour, width=3, radius=6)
    pen.text((x0 + 8, y0 + 6), f"{number}", 14, c.muted, bold=True)
    pen.text((x0 + 24, y0 + 5), f"{contract.city} {contract.city_name}", 15, c.ink, bold=True,
             max_width=x1 - x0 - 30)
    pen.text((x0 + 8, y0 + 27), contract.goods_name, 15, c.ink, max_width=x1 - x0 - 14)
    mark = {"open": "→ " + reward_words(view, contract), "done": "✓ fulfilled",
            "failed": "✗ turned down"}[slot.status]
    ink = {"open": c.ink, "done": "#2f7a32", "failed": c.muted}[slot.status]
    pen.text((x0 + 8, y0 + 50), mark, 15, ink, bold=slot.status != "open",
             max_width=x1 - x0 - 14)


# Log ---------------------------------------------------------------------------------


def draw_log_frame(pen: Pen, layout: Layout, view: NeptunView, b: Bands) -> None:
    c = layout.colors
    top, bottom = b.log
    pen.rect((0, top, layout.canvas.width, bottom), fill=c.panel)
    pen.text((MARGIN, top + 8), "Latest", 16, c.ink, bold=True)
    if not view.log:
        pen.text((MARGIN, top + 34), "Nothing has happened yet.", 15, c.muted)


def log_lines(view: NeptunView, seats: list[SeatStyle], new: int) -> list[tuple[str, bool]]:
    """The latest events in words, each with whether it came after ``since``."""
    lines = view.log[-LOG_LINES:]
    first_new = len(lines) - new
    return [(name_seats(line, seats), i >= first_new) for i, line in enumerate(lines)]


def log_line(pen: Pen, layout: Layout, text: str, fresh: bool, y: int) -> None:
    """One line of the log, ``LOG_LINE`` px tall from ``y``."""
    c = layout.colors
    pen.text((MARGIN, y), ("• " if fresh else "  ") + text, 15, c.ink if fresh else c.muted,
             bold=fresh, max_width=layout.canvas.width - 2 * MARGIN)


def draw_log(pen: Pen, layout: Layout, view: NeptunView, seats: list[SeatStyle], b: Bands,
             new: int) -> None:
    draw_log_frame(pen, layout, view, b)
    for i, (text, fresh) in enumerate(log_lines(view, seats, new)):
        log_line(pen, layout, text, fresh, b.log[0] + 34 + i * LOG_LINE)


def name_seats(text: str, seats: list[SeatStyle]) -> str:
    """'seat 2 took …' -> 'Bruno took …'."""
    import re

    def sub(m: re.Match[str]) -> str:
        i = int(m.group(1)) - 1
        return seats[i].name if 0 <= i < len(seats) else m.group(0)

    return re.sub(r"\b[Ss]eat (\d+)\b", sub, text)
