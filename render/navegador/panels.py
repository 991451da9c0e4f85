"""Per-turn text: the header, the last turn, the game status box and the scoreboard."""

from __future__ import annotations

from PIL import Image

from render.navegador.geometry import GOOD_ORDER, score_columns, score_row
from render.navegador.layout import Layout
from render.navegador.pen import Pen, text_width
from render.navegador.seats import SeatStyle
from render.navegador.sprites import card, paste, stone
from rules.navegador.data import ROMAN
from rules.navegador.state import LastTurn
from rules.navegador.view import NavegadorView

CPU_TAG = "cpu"
BUSY = "(under way)"   # a turn still being played; "…" would read as a cut text

STEP_TEXT = {"start": "to move", "card_sail": "card sail", "sail": "sailing",
             "king": "place the King's privilege"}
ACTION_TEXT = {"workers": "Workers", "ships": "Ships", "market": "Market", "sail": "Sail",
               "colony": "Colony", "build": "Build", "privilege": "Privilege"}


def ranks(scores: list[int]) -> list[int]:
    """1 = best; equal scores share a rank."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]


def draw_name(image: Image.Image, pen: Pen, xy: tuple[float, float], style: SeatStyle,
              size: int, max_width: float, fill: str, bold: bool = True,
              min_size: int = 15) -> float:
    """A seat's name fitted to ``max_width`` (anchored left-middle), followed by a small
    "cpu" tag for a computer seat; returns the width used."""
    x, mid = xy
    tag_w = text_width(CPU_TAG, 14, True) + 10 if style.computer else 0
    used = pen.text((x, mid), style.name, size, fill, anchor="lm", bold=bold,
                    max_width=max(10, max_width - (tag_w + 6 if tag_w else 0)),
                    min_size=min_size)
    if tag_w:
        tx0 = x + used + 6
        pen.rect((tx0, mid - 10, tx0 + tag_w, mid + 10), fill="#ffffff", outline="#6b6357",
                 width=1, radius=6)
        pen.text((tx0 + tag_w / 2, mid + 1), CPU_TAG, 14, "#6b6357", anchor="mm", bold=True)
        used += 6 + tag_w
    return used


def name_widths(styles: list[SeatStyle], room: float, cap: float = 300) -> list[float]:
    """Room for each name in a row of names (the header, when several must act): a short
    name takes only what it needs, and what it leaves goes to the longer ones."""
    tag = text_width(CPU_TAG, 14, True) + 16
    need = [min(cap, text_width(st.name, 24, True) + (tag if st.computer else 0))
            for st in styles]
    out = [0.0] * len(styles)
    left = max(0.0, room)
    for n, i in enumerate(sorted(range(len(styles)), key=lambda i: need[i])):
        out[i] = min(need[i], left / (len(styles) - n))
        left -= out[i]
    return out


def turn_label(view: NavegadorView) -> str:
    """The one turn numbering players see: "Turn 18 · Round 4" (the summary says
    "turn 18 (round 4)")."""
    return f"Turn {view.turn} · Round {view.round}"


def draw_header(image: Image.Image, pen: Pen, layout: Layout, view: NavegadorView,
                seats: list[SeatStyle]) -> None:
    c = layout.colors
    x0, y0, x1, y1 = layout.header.box
    mid = (y0 + y1) / 2
    x = x0 + 16
    x += pen.text((x, mid), "NAVEGADOR", 30, c.header_ink, anchor="lm", bold=True) + 18
    phase = f"Phase {ROMAN.get(view.phase, view.phase)}"
    pw = text_width(phase, 24, True) + 28
    pen.rect((x, mid - 20, x + pw, mid + 20), fill=c.highlight, radius=8)
    pen.text((x + pw / 2, mid + 1), phase, 24, c.ink, anchor="mm", bold=True)
    x += pw + 16
    x += pen.text((x, mid + 1), turn_label(view), 24, c.header_ink, anchor="lm",
                  bold=True) + 28
    right = x1 - 16
    if view.end_triggered and view.result is None and view.step != "king":
        # (while the King's privileges are placed, the header says so instead, and the
        # room goes to the names of everyone who still has to place one)
        left = view.final_turns_left
        note = "last turns" if left is None else f"{left} turn{'s' if left != 1 else ''} left"
        if left == 0:
            note = "final scoring"
        right -= pen.text((right, mid + 1), f"GAME END: {note}", 22, c.highlight,
                          anchor="rm", bold=True, max_width=300) + 20
    if view.result is not None:
        win = view.result.ranking[0]
        style = seats[win]
        paste(image, stone(style.color, style.ink, style.letter), (x + 18, mid))
        x += 44
        x += draw_name(image, pen, (x, mid + 1), style, 24, right - x - 200, c.highlight,
                       min_size=layout.fonts.min)
        pen.text((x + 10, mid + 1), f"wins with {view.result.scores[win]} VP", 24,
                 c.highlight, anchor="lm", bold=True, max_width=right - x - 10)
        return
    doing = STEP_TEXT.get(view.step, "")
    if view.step == "action" and view.action:
        doing = ACTION_TEXT.get(view.action, view.action)
    doing_w = text_width(doing, 24, True) if doing else 0
    acting = [seats[s] for s in view.to_act[:5] if s < len(seats)]
    widths = name_widths(acting, right - x - doing_w - 60 * len(acting))
    # several to act (the King's privileges) and their names do not all fit: their
    # lettered stones alone, as on the board and the scoreboard, rather than cut names
    names = len(acting) == 1 or all(w >= need for w, need in
                                    zip(widths, name_widths(acting, 1e9), strict=True))
    for style, width in zip(acting, widths, strict=True):
        paste(image, stone(style.color, style.ink, style.letter), (x + 18, mid))
        x += 44
        if names:
            x += draw_name(image, pen, (x, mid + 1), style, 24, width,
                           c.header_ink, min_size=layout.fonts.min)
        x += 16
    if doing:
        pen.text((x, mid + 1), doing, 24, c.highlight, anchor="lm", bold=True,
                 max_width=right - x)


def in_progress(view: NavegadorView, record: LastTurn | None = None) -> bool:
    """The turn of ``record`` (default: the last one) is the one being played now."""
    last = record or view.last
    return view.result is None and last.turn == view.turn and last.seat == view.current \
        and view.step != "king"


def turn_text(view: NavegadorView, record: LastTurn | None = None) -> str:
    """What a turn did, in words: "Sail POR>GUI x2, GUI>ANG — explored Angola (lost 1
    ship)"."""
    last = record or view.last
    legs = ", ".join(last.legs)
    card = ", ".join(last.card_legs)
    busy = in_progress(view, last)
    names = {r.id: r.name for r in view.regions}
    explored = (" — explored " + ", ".join(_explored(view, r, names) for r in last.explored)
                if last.explored else "")
    if last.action is None:
        text = f"Navegador card sail {card}" if card else "Navegador card sail"
        return text + explored + (f" {BUSY}" if busy else "")
    if last.action == "sail":
        what = f"Sail {legs}" if legs else (f"Sail {BUSY}" if busy else "Sail (no ships moved)")
    else:
        what = ACTION_TEXT.get(last.action, last.action)
        if last.action == "build":
            what += " " + (" + ".join(last.built) or (BUSY if busy else "(skipped)"))
        elif last.action == "colony":
            what += " " + (", ".join(names.get(r, r) for r in last.regions)
                           or (BUSY if busy else "(skipped)"))
        elif last.detail:
            what += ": " + last.detail
        elif busy:
            what += f" {BUSY}"
        else:
            what += " (skipped)"
    what += explored
    if card:
        what = f"Navegador card sail {card}, then {what}"
    return what


def _explored(view: NavegadorView, rid: str, names: dict[str, str]) -> str:
    """"Angola (lost 1 ship)": the ships an exploration cost, as the chat says; without
    it a "×2" arrow into a region holding one ship of that player is a puzzle."""
    loss = next((r.loss for r in view.regions if r.id == rid), 0)
    name = names.get(rid, rid)
    return f"{name} (lost {loss} ship{'s' if loss != 1 else ''})" if loss else name


last_turn_text = turn_text


def draw_log(image: Image.Image, pen: Pen, layout: Layout, view: NavegadorView,
             seats: list[SeatStyle], shown: list[LastTurn]) -> None:
    """One line per recent turn, oldest first; the turns drawn on the map stand out."""
    c = layout.colors
    x0, y0, x1, y1 = layout.header.log_box
    lines = layout.header.log_lines
    line_h = (y1 - y0 - 8) / lines
    records = [t for t in view.turns if t.seat is not None and t.seat < len(seats)]
    if not records and view.last.seat is not None and view.last.seat < len(seats):
        records = [view.last]
    records = records[-lines:]
    if not records:
        pen.text((x0 + 16, y0 + 4 + line_h / 2), "First turn: put your stone on any rondel "
                 "space for free.", 20, c.ink, anchor="lm", max_width=x1 - x0 - 32)
        return
    fresh = {(t.turn, t.seat) for t in shown}
    number_w = max(text_width(f"Turn {t.turn}", 20, True) for t in records)
    name_x = x0 + 44 + number_w + 14
    text_x = name_x + 250
    for i, record in enumerate(records):
        style = seats[record.seat]  # type: ignore[index]
        top = y0 + 4 + i * line_h
        mid = top + line_h / 2
        new = (record.turn, record.seat) in fresh
        ink = c.ink if new else c.muted
        if new:
            pen.rect((x0 + 6, top + 1, x1 - 6, top + line_h - 1), fill="#fbf7ee",
                     outline=style.color, width=2, radius=8)
        paste(image, stone(style.color, style.ink, style.letter, 12), (x0 + 26, mid))
        pen.text((x0 + 44, mid), f"Turn {record.turn}", 20, ink, anchor="lm", bold=new)
        draw_name(image, pen, (name_x, mid), style, 20, text_x - name_x - 12, ink,
                  min_size=layout.fonts.min)
        pen.text((text_x, mid), turn_text(view, record), 20, ink, anchor="lm",
                 max_width=x1 - 16 - text_x, min_size=layout.fonts.min)


def draw_status(image: Image.Image, pen: Pen, layout: Layout, view: NavegadorView,
                seats: list[SeatStyle]) -> None:
    c = layout.colors
    x0, y0, x1, _ = layout.status.box
    x, y = x0 + 16, y0 + 50
    if view.result is not None:
        tied = bool(view.result.tie_break)      # set only when first place was tied
        pen.text((x, y), "Final scores" + (" · tie broken by the Navegador card" if tied
                                           else ""), 20, c.ink, bold=True,
                 max_width=x1 - x - 16, min_size=layout.fonts.min)
        for i, seat in enumerate(view.result.ranking):
            style = seats[seat]
            cy = y + 40 + 32 * i
            paste(image, stone(style.color, style.ink, style.letter, 13), (x + 14, cy))
            place = f"{i + 1}."
            pen.text((x + 36, cy), place, 20, c.ink, anchor="lm", bold=i == 0)
            score_w = pen.text((x1 - 20, cy), f"{view.result.scores[seat]} VP", 20, c.ink,
                               anchor="rm", bold=True)
            name_x = x + 36 + text_width("8.", 20, True) + 8
            draw_name(image, pen, (name_x, cy), style, 20, x1 - 40 - score_w - name_x, c.ink,
                      bold=i == 0, min_size=layout.fonts.min)
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
        card = "Navegador card (any turn)" if view.card.anytime else "Navegador card"
        lines.append((f"{card}: {holder.name}{until}", False))
    start = seats[view.start_player] if 0 <= view.start_player < len(seats) else None
    if start is not None:
        lines.append((f"Start player: {start.name}", False))
    if view.end_triggered:
        left = view.final_turns_left
        lines.append((f"End: {view.end_reason}", True))
        if view.step == "king" or left == 0:
            lines.append(("Now the King's privileges, then scoring", True))
        elif left is not None:
            lines.append((f"{left} turn{'s' if left != 1 else ''} left, then scoring", True))
    else:
        rows = "a row is" if view.end_any_row_empty else "every row is"
        lines.append((f"Ends when Nagasaki is explored or {rows} empty", False))
    lines.append(("Rondel: 1-3 steps free, then 1 ship per step", False))
    for i, (text, bold) in enumerate(lines[:6]):
        pen.text((x, y + 32 * i), text, 20, c.ink, bold=bold, max_width=x1 - x - 14,
                 min_size=layout.fonts.min)


def draw_scoreboard(image: Image.Image, pen: Pen, layout: Layout, view: NavegadorView,
                    seats: list[SeatStyle]) -> None:
    c, s = layout.colors, layout.scoreboard
    cols = score_columns(layout)
    rank = ranks([p.score for p in view.sheets])
    if view.result is not None:      # the game is over: the places as the tie-break decided
        rank = [view.result.ranking.index(p.seat) + 1 for p in view.sheets]
    acting = set(view.to_act)
    if any(p.king for p in view.sheets):
        _king_key(pen, layout, cols["privileges"])
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
        draw_name(image, pen, (px0 + 64, mid), style, 20, px1 - px0 - 70, c.ink,
                  min_size=layout.fonts.min)
        # the rank sits at the right of the VP column; the VP number is centred in what is
        # left, so a three-digit score never runs into its "2nd"
        sx0, sx1 = cols["score"]
        medal = {1: "1st", 2: "2nd", 3: "3rd"}.get(rank[p.seat], f"{rank[p.seat]}th")
        medal_w = pen.text((sx1 - 6, mid + 2), medal, 16, c.muted, anchor="rm", max_width=36)
        number_x1 = sx1 - 6 - medal_w - 4
        pen.text(((sx0 + 4 + number_x1) / 2, mid), str(p.score), 26, c.ink, anchor="mm",
                 bold=True, max_width=number_x1 - sx0 - 4)
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
            pen.text((fx0 + 44, mid), "start", 18, c.muted, anchor="lm", max_width=44,
                     min_size=14)


def _king_key(pen: Pen, layout: Layout, span: tuple[int, int]) -> None:
    """Once a King's privilege is placed (a "K" in the privilege columns), the columns'
    title says what K is: "Privileges · K = King's", over the static "Privileges"."""
    c, x0, x1 = layout.colors, *span
    mid = layout.scoreboard.box[1] + layout.scoreboard.head_h / 2 + 2 - 11
    pen.rect((x0 + 2, mid - 12, x1 - 2, mid + 11), fill=c.panel)
    title, key, gap = "Privileges ·", "K = King's", 7
    w = text_width(title, 18, True) + gap + text_width(key, 18)
    x = (x0 + x1 - w) / 2
    x += pen.text((x, mid), title, 18, c.ink, anchor="lm", bold=True) + gap
    pen.text((x, mid), key, 18, c.muted, anchor="lm", max_width=x1 - 2 - x)


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
