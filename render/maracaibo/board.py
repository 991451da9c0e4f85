"""The pieces on the board: ships, assistants, ownership markers, quests and deliveries on
the route; explorers, quests and line crossings on the explorer track; influence markers
and ownership stocks on the influence tracks."""

from __future__ import annotations

from render import text as tx
from render.maracaibo import geometry as geo
from render.maracaibo import sprites
from render.maracaibo.ink import Canvas
from render.maracaibo.layout import Frame, load_layout
from render.maracaibo.seats import Seats
from rules.maracaibo.data import NATIONS, load_data
from rules.maracaibo.view import MaracaiboView


def node_fill(loc_id: str) -> str:
    c = load_layout().colors
    kind = load_data().loc[loc_id].kind
    return {"village": c.village, "city": c.city, "homeward": c.home}.get(kind, c.panel)


def draw_route(cv: Canvas, f: Frame, view: MaracaiboView, seats: Seats,
               moved: list[tuple[int, list[str]]]) -> None:
    lay = load_layout()
    c = lay.colors
    fs = lay.fonts
    data = load_data()
    # the way each ship went since the last look: its stops framed in its colour; where
    # several ships went, they share the frame side by side, earliest turn on the left
    # (each framed it whole over the one before: an earlier way was hidden)
    went: dict[str, list[int]] = {}
    for seat, path in moved:
        for loc in path[1:]:
            if seat not in went.setdefault(loc, []):
                went[loc].append(seat)
    for loc, who in went.items():
        x0, y0, x1, y1 = _grow(f.node(loc), 3)
        if len(who) == 1:
            cv.outline((x0, y0, x1, y1), seats.fill(who[0]), 3)
            continue
        for i, seat in enumerate(who):
            a = x0 + (x1 - x0) * i // len(who)
            b = x0 + (x1 - x0) * (i + 1) // len(who)
            ink = seats.fill(seat)
            cv.fill((a, y0, b, y0 + 3), ink)
            cv.fill((a, y1 - 3, b, y1), ink)
            if i == 0:
                cv.fill((x0, y0, x0 + 3, y1), ink)
            if i == len(who) - 1:
                cv.fill((x1 - 3, y0, x1, y1), ink)
    for loc in data.route:
        box = f.node(loc.id)
        fill = node_fill(loc.id)
        if loc.action == "tile" and loc.id in view.city_tiles:
            from render.maracaibo.static import city_action_words

            cv.text((box[0] + 8, box[1] + geo.ACTION_Y), city_action_words(
                loc.id, view.city_tiles), fs.tiny, c.muted, fill, width=box[2] - box[0] - 16,
                min_size=12)
        x = box[0] + 8
        owner = view.owners.get(loc.id)
        if owner:
            y = box[1] + geo.INFO_Y - 1
            cv.paste(sprites.rounded(34, 21, c.nations[owner], c.ink, fill, 4, 1), x, y)
            ink = c.ink if owner == "ES" else c.white
            cv.text((x + 17, y + 10), owner, fs.tiny, ink, c.nations[owner], bold=True,
                    anchor="mm", min_size=12)
            x += 40
        for quest in view.quests_at.get(loc.id, []):
            x += _tag(cv, x, box[1] + geo.INFO_Y, quest) + 4
        for i, who in enumerate(view.market.get(loc.id, [])):
            if who >= 0:
                mb = geo.market_box(box, i)
                good = loc.market[i].good
                inner = (mb[0] + 1, mb[1] + 1, mb[2] - 1, mb[3] - 1)
                cv.fill(inner, seats.fill(who))
                cv.text((mb[0] + 4, mb[1] + 2), good.lower(), fs.tiny, seats.ink(who),
                        seats.fill(who), width=mb[2] - mb[0] - 8, min_size=12)
                cv.text((mb[0] + 4, mb[1] + 19), f"by {seats.letter(who)}", fs.tiny,
                        seats.ink(who), seats.fill(who), bold=True,
                        width=mb[2] - mb[0] - 8, min_size=11)
        px = box[0] + 6
        py = box[1] + geo.PIECES_Y
        for seat in range(view.players):
            if view.seats[seat].ship == loc.id:
                cv.paste(sprites.ship(32, 28, seats.fill(seat), c.ink, fill), px, py)
                cv.text((px + 16, py + 19), seats.letter(seat), fs.tiny, seats.ink(seat),
                        seats.fill(seat), bold=True, anchor="mm", min_size=12)
                px += 34
        px += 4
        for seat in range(view.players):
            for fig in view.seats[seat].figures:
                if fig.loc == loc.id and px < box[2] - 18:
                    cv.paste(sprites.pawn(18, 26, seats.fill(seat), c.ink, fill), px, py)
                    cv.text((px + 9, py + 10), seats.letter(seat), 12, seats.ink(seat),
                            seats.fill(seat), bold=True, anchor="ma", min_size=11)
                    px += 20


def _grow(box: tuple[int, int, int, int], n: int) -> tuple[int, int, int, int]:
    return box[0] - n, box[1] - n, box[2] + n, box[3] + n


def _tag(cv: Canvas, x: int, y: int, quest: str, bg: str | None = None) -> int:
    """A quest tile tag ("Q4"); returns its width."""
    c = load_layout().colors
    w = 34 if len(quest) <= 2 else 42
    cv.fill((x, y, x + w, y + 20), c.highlight)
    cv.outline((x, y, x + w, y + 20), c.ink)
    cv.text((x + w // 2, y + 2), quest, load_layout().fonts.tiny, c.ink, c.highlight,
            bold=True, anchor="ma", min_size=12)
    return w


def _token(cv: Canvas, x: int, y: int, d: int, seats: Seats, seat: int, bg: str) -> None:
    c = load_layout().colors
    cv.paste(sprites.disc(d, seats.fill(seat), c.ink, bg), x, y)
    cv.text((x + d // 2, y + d // 2), seats.letter(seat), max(11, d - 9), seats.ink(seat),
            seats.fill(seat), bold=True, anchor="mm", min_size=11)


def draw_explorer(cv: Canvas, f: Frame, view: MaracaiboView, seats: Seats) -> None:
    lay = load_layout()
    c = lay.colors
    data = load_data()
    final = data.explorer.final
    for node in data.explorer.nodes:
        box = geo.explorer_box(f, node.id)
        fill = c.city if node.quest_slot else c.village
        for quest in view.quests_at.get(node.id, []):
            _tag(cv, box[0] + 20, box[1] - 22, quest)
        if node.id in view.slots_taken:
            cv.fill((box[0] + 3, box[3] - 21, box[2] - 3, box[3] - 3), fill)
            cv.text((box[0] + 5, box[3] - 20), "(taken)", lay.fonts.tiny, c.muted, fill,
                    min_size=12)
        here = [s for s in range(view.players) if view.seats[s].explorer == node.id]
        if node.id == final:
            here.sort(key=lambda s: view.arrivals.index(s) if s in view.arrivals else 99)
        if len(here) <= 2:
            for i, seat in enumerate(here):
                _token(cv, box[2] - 23 - i * 21, box[1] + 3, 20, seats, seat, fill)
        else:
            # more than the box holds beside its name (the start, the end): a row just
            # above it, in order from the left (3-4 ran over "E0" and out of the box)
            for i, seat in enumerate(here):
                _token(cv, box[2] - 21 * (len(here) - i) - 1, box[1] - 22, 20, seats, seat,
                       c.panel)
    for line in data.explorer.lines:
        x = geo.line_x(f, line.after)
        for i, seat in enumerate(view.crossed.get(line.colour, [])):
            _token(cv, x + 7 + i * 19, f.explorer[3] - 26, 18, seats, seat, c.panel)


def draw_influence(cv: Canvas, f: Frame, view: MaracaiboView, seats: Seats,
                   multipliers: dict[str, int]) -> None:
    lay = load_layout()
    c = lay.colors
    fs = lay.fonts
    data = load_data()
    bands = dict(data.influence.bands)
    for row, nation in enumerate(NATIONS):
        label = geo.influence_label(f, row)
        fill = c.nations[nation]
        ink = c.ink if nation == "ES" else c.white
        on_board = sum(1 for v in view.owners.values() if v == nation)
        cv.text((label[0] + 8, label[1] + 4), data.nation_name(nation), fs.normal, ink, fill,
                bold=True, width=label[2] - label[0] - 16)
        cv.text((label[0] + 8, label[1] + 28),
                f"{on_board} on board · ×{multipliers[nation]}", fs.tiny, ink, fill,
                width=label[2] - label[0] - 16, min_size=12)
        stock = view.stock[nation]
        for pos in range(data.influence.track_max + 1):
            cell = geo.influence_cell(f, row, pos)
            bg = c.slot if pos < len(stock) else (c.home if pos in bands else c.village)
            if pos < len(stock) and stock[pos]:
                # the ownership markers still on this stock space
                badge_box = (cell[2] - 15, cell[3] - 19, cell[2] - 2, cell[3] - 2)
                cv.fill(badge_box, fill)
                cv.text(((badge_box[0] + badge_box[2]) // 2, badge_box[1] + 1), str(stock[pos]),
                        14, ink, fill, bold=True, anchor="ma", min_size=12)
            at = [s for s in range(view.players) if view.seats[s].influence[nation] == pos]
            for i, seat in enumerate(at):
                _token(cv, cell[0] + 2 + (i % 2) * 17, cell[1] + 17 + (i // 2) * 17, 16, seats,
                       seat, bg)


def quest_words(quest: str) -> str:
    from render.maracaibo.static import short_reward

    q = load_data().quest[quest]
    cost = [g.lower() if g != "ANY" else "any" for g in (*q.cost.goods, *q.cost.objects)]
    if q.cost.dbl:
        cost.append(f"{q.cost.dbl} dbl")
    if q.cost.cp:
        cost.append(f"{q.cost.cp} CP")
    return f"{quest}: {'+'.join(cost)} → {short_reward(q.reward)}"


def draw_quest_legend(cv: Canvas, f: Frame, view: MaracaiboView) -> None:
    from render.maracaibo.layout import legend_box

    lay = load_layout()
    c = lay.colors
    x0, y0, x1, y1 = legend_box(f)
    shown = sorted({q for qs in view.quests_at.values() for q in qs},
                   key=lambda q: int(q[1:]))
    y = y0 + 30
    room = x1 - x0 - 14
    for quest in shown:
        words = quest_words(quest)
        lines = [words]
        fitted = tx.fit(words, "regular", room, lay.fonts.tiny, lay.fonts.tiny)
        if fitted.text.endswith("…"):
            # too long for one line: the cost, then what it pays on a second line
            head, _, tail = words.partition(" → ")
            lines = [head + " →", tail]
        if y + 18 * len(lines) > y1 - 4:
            break
        for i, line in enumerate(lines):
            indent = 14 if i else 0
            cv.text((x0 + 8 + indent, y), line, lay.fonts.tiny, c.ink, c.panel,
                    width=room - indent, min_size=lay.fonts.tiny)
            y += 18
        y += 2
