"""Per-turn text: the header, the last turn, the game status box and the scoreboard."""

from __future__ import annotations

from PIL import Image

from render.navegador.geometry import GOOD_ORDER, score_columns, score_row
from render.navegador.layout import Layout
from render.navegador.pen import Pen, fit, text_width
from render.navegador.seats import SeatStyle
from render.navegador.sprites import card, paste, stone
from rules.navegador.data import ROMAN
from rules.navegador.view import NavegadorView

STEP_TEXT = {"start": "to move", "card_sail": "card sail", "sail": "sailing",
             "king": "place the King's privilege"}
ACTION_TEXT = {"workers": "Workers", "ships": "Ships", "market": "Market", "sail": "Sail",
               "colony": "Colony", "build": "Build", "privilege": "Privilege"}


def ranks(scores: list[int]) -> list[int]:
    """1 = best; equal scores share a rank."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]


def draw_header(image: Image.Image, pen: Pen, layout: Layout, view: NavegadorView,
                seats: list[SeatStyle]) -> None:
    c = layout.colors
    x0, y0, x1, y1 = layout.header.box
    mid = (y0 + y1) / 2
    pen.text((x0 + 16, mid), "NAVEGADOR", 32, c.header_ink, anchor="lm", bold=True)
    pen.rect((x0 + 236, mid - 20, x0 + 366, mid + 20), fill=c.highlight, radius=8)
    pen.text((x0 + 301, mid + 1), f"Phase {ROMAN.get(view.phase, view.phase)}", 24, c.ink,
             anchor="mm", bold=True)
    pen.text((x0 + 384, mid + 1), f"Turn {view.turn}", 24, c.header_ink, anchor="lm",
             bold=True)
    x = x0 + 540
    if view.result is not None:
        win = view.result.ranking[0]
        style = seats[win]
        paste(image, stone(style.color, style.ink, style.letter), (x + 18, mid))
        text = f"{style.name} wins with {view.result.scores[win]} VP"
        pen.text((x + 44, mid + 1), fit(text, 24, x1 - x - 60, True), 24, c.highlight,
                 anchor="lm", bold=True)
        return
    for seat in view.to_act[:5]:
        style = seats[seat]
        paste(image, stone(style.color, style.ink, style.letter), (x + 18, mid))
        label = fit(style.name, 24, 260, True)
        pen.text((x + 44, mid + 1), label, 24, c.header_ink, anchor="lm", bold=True)
        x += 44 + text_width(label, 24, True) + 16
    doing = STEP_TEXT.get(view.step, "")
    if view.step == "action" and view.action:
        doing = ACTION_TEXT.get(view.action, view.action)
    if doing:
        pen.text((x, mid + 1), doing, 24, c.highlight, anchor="lm", bold=True)
    if view.end_triggered:
        left = view.final_turns_left
        note = "last turns" if left is None else f"{left} turn{'s' if left != 1 else ''} left"
        if view.step == "king" or left == 0:
            note = "final scoring"
        pen.text((x1 - 16, mid + 1), f"GAME END: {note}", 24, c.highlight, anchor="rm",
                 bold=True)


def in_progress(view: NavegadorView) -> bool:
    """The last turn is the one being played now."""
    last = view.last
    return view.result is None and last.turn == view.turn and last.seat == view.current


def last_turn_text(view: NavegadorView) -> str:
    last = view.last
    legs = ", ".join(last.legs)
    card = ", ".join(last.card_legs)
    busy = in_progress(view)
    explored = " — explored " + ", ".join(last.explored) if last.explored else ""
    if last.action is None:
        return (f"Navegador card sail {card}" if card else "Navegador card sail") + explored
    if last.action == "sail":
        what = f"Sail {legs}" if legs else ("Sail ..." if busy else "Sail (no ships moved)")
    else:
        what = ACTION_TEXT.get(last.action, last.action)
        if last.action == "build":
            what += " " + (" + ".join(last.built) or ("..." if busy else "(nothing)"))
        elif last.action == "colony":
            what += " " + (", ".join(last.regions) or ("..." if busy else "(none)"))
        elif last.detail:
            what += ": " + last.detail
        elif not busy:
            what += " (skipped)"
    what += explored
    if card:
        what = f"Navegador card sail {card}, then {what}"
    return what


def draw_last(image: Image.Image, pen: Pen, layout: Layout, view: NavegadorView,
              seats: list[SeatStyle]) -> None:
    c = layout.colors
    x0, y0, x1, y1 = layout.header.last_box
    mid = (y0 + y1) / 2
    last = view.last
    if last.seat is None or last.seat >= len(seats):
        pen.text((x0 + 16, mid), "First turn: put your stone on any rondel space for free.",
                 20, c.ink, anchor="lm")
        return
    style = seats[last.seat]
    label = "This turn" if in_progress(view) else "Last turn"
    label = f"{label} {last.turn}:"
    pen.text((x0 + 16, mid), label, 20, c.muted, anchor="lm")
    x = x0 + 16 + text_width(label, 20) + 22
    paste(image, stone(style.color, style.ink, style.letter, 14), (x, mid))
    x += 22
    name = fit(style.name, 20, 240, True)
    pen.text((x, mid), name, 20, c.ink, anchor="lm", bold=True)
    x += text_width(name, 20, True) + 12
    pen.text((x, mid), fit(last_turn_text(view), 20, x1 - x - 16), 20, c.ink, anchor="lm")


def draw_status(image: Image.Image, pen: Pen, layout: Layout, view: NavegadorView,
                seats: list[SeatStyle]) -> None:
    c = layout.colors
    x0, y0, x1, _ = layout.status.box
    x, y = x0 + 16, y0 + 50
    if view.result is not None:
        pen.text((x, y), "Final scores", 20, c.ink, bold=True)
        for i, seat in enumerate(view.result.ranking):
            style = seats[seat]
            cy = y + 40 + 32 * i
            paste(image, stone(style.color, style.ink, style.letter, 13), (x + 14, cy))
            pen.text((x + 36, cy), f"{i + 1}. {fit(style.name, 20, 300)}", 20, c.ink,
                     anchor="lm", bold=i == 0)
            pen.text((x1 - 20, cy), f"{view.result.scores[seat]} VP", 20, c.ink, anchor="rm",
                     bold=True)
        return
    lines = [
        (f"Phase {ROMAN.get(view.phase, view.phase)}: ships sail {view.sail_range} "
         f"border{'s' if view.sail_range > 1 else ''}", True),
        (f"Extra workers/ships cost {view.extra_unit_price} each", False),
    ]
    if view.pending_phase:
        lines.append((f"Phase {ROMAN.get(view.pending_phase)} starts next turn", True))
    holder = seats[view.card.holder] if 0 <= view.card.holder < len(seats) else None
    if holder is not None:
        until = "" if view.card.mark is None else \
            f", lapses at {layout.rondel.labels.get(view.rondel[view.card.mark], '?')}"
        lines.append((f"Navegador card: {holder.name}{until}", False))
    start = seats[view.start_player] if 0 <= view.start_player < len(seats) else None
    if start is not None:
        lines.append((f"Start player: {start.name}", False))
    if view.end_triggered:
        left = view.final_turns_left
        lines.append((f"End: {view.end_reason}", True))
        if left is not None:
            lines.append((f"{left} turn{'s' if left != 1 else ''} left, then scoring", True))
    else:
        lines.append(("Ends when Nagasaki is explored or a row is empty", False))
    lines.append(("Rondel: 1-3 steps free, then 1 ship per step", False))
    for i, (text, bold) in enumerate(lines[:6]):
        pen.text((x, y + 32 * i), fit(text, 20, x1 - x - 14, bold), 20, c.ink, bold=bold)


def draw_scoreboard(image: Image.Image, pen: Pen, layout: Layout, view: NavegadorView,
                    seats: list[SeatStyle]) -> None:
    c, s = layout.colors, layout.scoreboard
    cols = score_columns(layout)
    rank = ranks([p.score for p in view.sheets])
    acting = set(view.to_act)
    for p in view.sheets:
        style = seats[p.seat]
        top, bottom = score_row(layout, p.seat)
        mid = (top + bottom) / 2
        if view.result is not None and p.seat == view.result.ranking[0]:
            pen.rect((s.box[0] + 4, top + 2, s.box[2] - 4, bottom - 2), fill="#fff1b8",
                     outline=c.highlight, width=3, radius=6)
        if p.seat in acting:
            pen.rect((s.box[0] + 4, top + 2, s.box[2] - 4, bottom - 2), fill=style.tint,
                     outline=style.color, width=3, radius=6)
            left = s.box[0] + 10
            pen.polygon([(left, mid - 10), (left + 12, mid), (left, mid + 10)], fill=style.color)
        px0, px1 = cols["player"]
        paste(image, stone(style.color, style.ink, style.letter), (px0 + 40, mid))
        pen.text((px0 + 64, mid), fit(style.name, 20, px1 - px0 - 70, True), 20, c.ink,
                 anchor="lm", bold=True)
        _cell(pen, cols, "score", mid, str(p.score), c.ink, 26)
        sx1 = cols["score"][1]
        medal = {1: "1st", 2: "2nd", 3: "3rd"}.get(rank[p.seat], f"{rank[p.seat]}th")
        pen.text((sx1 - 6, mid + 2), medal, 18, c.muted, anchor="rm")
        _cell(pen, cols, "cash", mid, str(p.cash), c.ink, 22)
        _cell(pen, cols, "workers", mid, str(p.workers), c.ink, 22)
        _cell(pen, cols, "ships", mid, f"{p.ships_on_board} + {p.supply}", c.ink, 22)
        _chips(pen, layout, cols["colonies"], mid,
               [(c.goods[g], c.goods_ink[g], p.colonies.get(g, 0)) for g in GOOD_ORDER])
        _chips(pen, layout, cols["factories"], mid,
               [(c.goods[g], c.goods_ink[g], p.factories.get(g, 0)) for g in GOOD_ORDER]
               + [(c.navegador, "#1d1d1d", p.orange)])
        _cell(pen, cols, "shipyards", mid, str(p.shipyards), c.ink, 22)
        _cell(pen, cols, "churches", mid, str(p.churches), c.ink, 22)
        _cell(pen, cols, "explorers", mid, str(p.explorers), c.ink, 22)
        qx0, qx1 = cols["privileges"]
        step = (qx1 - qx0) / max(1, len(view.gallery))
        for i, g in enumerate(view.gallery):
            n = p.privileges.get(g.key, 0)
            text = str(n) if n else "-"
            if p.king == g.key:
                text = f"{n}+K" if n else "K"
            pen.text((qx0 + step * (i + 0.5), mid), text, 22 if n else 20,
                     c.ink if n or p.king == g.key else c.panel_line, anchor="mm", bold=bool(n))
        fx0, _ = cols["flags"]
        if view.card.holder == p.seat:
            paste(image, card(c.navegador, style.letter), (fx0 + 24, mid))
        if view.start_player == p.seat:
            pen.text((fx0 + 44, mid), "start", 18, c.muted, anchor="lm")


def _cell(pen: Pen, cols: dict[str, tuple[int, int]], key: str, mid: float, text: str,
          ink: str, size: int) -> None:
    x0, x1 = cols[key]
    pen.text(((x0 + x1) / 2, mid), text, size, ink, anchor="mm", bold=True)


def _chips(pen: Pen, layout: Layout, span: tuple[int, int], mid: float,
           chips: list[tuple[str, str, int]]) -> None:
    x0, x1 = span
    step = (x1 - x0) / len(chips)
    for i, (fill, ink, n) in enumerate(chips):
        cx = x0 + step * (i + 0.5)
        pen.rect((cx - 17, mid - 14, cx + 17, mid + 14), fill=fill if n else None,
                 outline="#3b3b3b" if n else layout.colors.panel_line, width=1, radius=5)
        pen.text((cx, mid + 1), n, 20, ink if n else layout.colors.panel_line, anchor="mm",
                 bold=bool(n))
