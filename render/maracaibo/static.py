"""The static layer: everything that does not change during one game, drawn once per
process and table shape (player count, the city tiles dealt, the 2-player tile).

Shapes are drawn large and smooth in RGB, reduced, and mapped onto the fixed palette once;
the labels are then drawn on it like every other text (``ink.Canvas``).
"""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.maracaibo import geometry as geo
from render.maracaibo.ink import Canvas, to_palette
from render.maracaibo.layout import Box, Frame, frame, legend_box, load_layout
from rules.maracaibo.data import NATIONS, load_data

_LOCK = threading.Lock()
GOOD_WORD = {"SUGAR": "sugar", "TOBACCO": "tobacco", "COCOA": "cocoa", "COFFEE": "coffee"}
SPACE_WORDS = {
    "hand_limit": "hand +{v}", "village_table": "village 2/5", "village_bonus": "+1 village",
    "combat_actions": "3rd fight act", "discard_hand": "better discard",
    "explore_bonus": "explore +1",
    "max_mp": "{v} moves",
}


def signature(view: Any) -> tuple:
    """What the layer depends on: the player count (market spaces, the 2-player tile,
    the player panels). The city tiles dealt are drawn with the pieces."""
    return (view.players,)


def static_for(view: Any) -> Image.Image:
    with _LOCK:
        return _build(signature(view))


def compact_atom(a: Any) -> str:
    """An effect in as few letters as the picture's small boxes allow."""
    kind = a.kind
    n = getattr(a, kind)
    if kind == "inf":
        return f"+{a.inf.n} " + ("inf" if a.inf.nation == "ANY" else a.inf.nation)
    if kind == "syn":
        return "token" if a.syn == "ANY" else f"{a.syn.lower()} token"
    if kind == "buy":
        return "buy" + (f" -{a.buy.discount}" if a.buy.discount else "")
    if kind == "annex_free":
        return "free flag"
    if kind == "optional_pay":
        return f"pay {a.optional_pay.dbl}: " + short_reward(a.optional_pay.then)
    words = {"dbl": "+{n} dbl", "vp": "+{n} VP", "cp": "+{n} CP", "fig": "+{n} fig",
             "inc_d": "+{n} income", "inc_v": "+{n} VP inc", "explore": "explore {n}",
             "disc": "disc" if n == 1 else "{n} discs"}
    return words[kind].format(n=n)


def short_reward(atoms: tuple) -> str:
    return ", ".join(compact_atom(a) for a in atoms)


def space_label(space_id: str) -> str:
    info = load_data().space[space_id]
    if info.perm is not None:
        for key, value in info.perm:
            if value not in (0, ()):
                return SPACE_WORDS.get(key, key).format(v=value)
    return short_reward(info.once)


def city_action_words(loc_id: str, tiles: dict[str, str]) -> str:
    data = load_data()
    loc = data.loc[loc_id]
    if loc.kind == "village":
        return "village: 1-3 actions"
    if loc.kind == "start":
        return "every ship starts here"
    if loc.action == "tile":
        tile = data.tile[tiles[loc_id]]
        return f"{tile.name}: {short_reward(tile.effect)}"
    if loc.action == "combat":
        return "Fight (combat)"
    if loc.action == "explore":
        return f"Explore {loc.explore}"
    if loc.action == "effect":
        return f"{loc.action_name}: {short_reward(loc.effect)}"
    if loc.action == "combat_or_explore":
        return f"fight or explore {loc.explore}"
    if loc.ends == "final":
        return f"{short_reward(loc.arrive)} · final scoring"
    rounds = "rounds " + "-".join(str(r) for r in (loc.rounds[0], loc.rounds[-1])) \
        if len(loc.rounds) > 1 else f"round {loc.rounds[0]}"
    if loc.ends:
        return f"{short_reward(loc.arrive)}; {rounds} end here"
    return f"{short_reward(loc.arrive)} ({rounds})"


@lru_cache(maxsize=16)
def _build(sig: tuple) -> Image.Image:
    (players,) = sig
    lay = load_layout()
    c = lay.colors
    f = frame(players)
    k = lay.canvas.static_scale
    big = Image.new("RGB", (f.width * k, f.height * k), c.background)
    d = ImageDraw.Draw(big)

    def R(box: Box, fill: str, outline: str | None = None, width: int = 2,
          radius: int = 8) -> None:
        d.rounded_rectangle(tuple(v * k for v in box), radius=radius * k, fill=fill,
                            outline=outline, width=width * k if outline else 0)

    d.rectangle((0, 0, f.width * k, f.header[3] * k), fill=c.header)
    R(f.log, c.panel, c.panel_line)
    R(f.route, c.sea, c.sea_line)
    _arrows(d, f, k)
    for loc in load_data().route:
        box = f.node(loc.id)
        fill = {"village": c.village, "city": c.city, "homeward": c.home}.get(loc.kind,
                                                                              c.panel)
        R(box, fill, c.red_hand if loc.red_hand else c.ink, 3 if loc.red_hand else 2)
        for i in range(_spaces(players, loc.id)):
            good = loc.market[i].good
            R(geo.market_box(box, i), c.goods[good], c.ink, 1, 4)
    R(legend_box(f), c.panel, c.panel_line, 1, 6)
    for part in (f.explorer, f.influence, f.cards):
        R(part, c.panel, c.panel_line)
    _explorer_shapes(d, f, k)
    _influence_shapes(d, f, k)
    for i in range(4):
        R(geo.card_box(f, "display", i), c.card, c.panel_line, 2, 6)
        R(geo.card_box(f, "prestige", i), c.card, c.panel_line, 2, 6)
    for i in range(3):
        R(geo.card_box(f, "pile", i), c.slot, c.panel_line, 1, 6)
    for box in f.players:
        R(box, c.panel, c.panel_line)
        for i in range(len(load_data().ship.spaces)):
            R(geo.ship_cell(box, i), c.slot, c.panel_line, 1, 5)
    small = big.reduce(k) if k > 1 else big
    image = to_palette(small)
    _labels(Canvas(image), f, players)
    return image


def _spaces(players: int, loc: str) -> int:
    from rules.maracaibo.setup import market_spaces

    return market_spaces(players, loc)


def _arrows(d: ImageDraw.ImageDraw, f: Frame, k: int) -> None:
    c = load_layout().colors
    for loc in load_data().route:
        a = f.node(loc.id)
        for nxt in loc.next:
            b = f.node(nxt)
            p, q = _edge_points(a, b)
            d.line([(p[0] * k, p[1] * k), (q[0] * k, q[1] * k)], fill=c.arrow, width=5 * k)
            _head(d, p, q, k, c.arrow)


def _edge_points(a: Box, b: Box) -> tuple[tuple[float, float], tuple[float, float]]:
    """From the side of box a facing b to the side of b facing a."""
    ax, ay = (a[0] + a[2]) / 2, (a[1] + a[3]) / 2
    bx, by = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    if abs(bx - ax) > abs(by - ay) * 1.2:
        sx = 1 if bx > ax else -1
        p = (a[2] if sx > 0 else a[0], ay + (by - ay) * 0.25)
        q = (b[0] if sx > 0 else b[2], by - (by - ay) * 0.25)
    else:
        sy = 1 if by > ay else -1
        p = (ax + (bx - ax) * 0.25, a[3] if sy > 0 else a[1])
        q = (bx - (bx - ax) * 0.25, b[1] if sy > 0 else b[3])
    return p, q


def _head(d: ImageDraw.ImageDraw, p: tuple[float, float], q: tuple[float, float], k: int,
          color: str) -> None:
    import math

    ang = math.atan2(q[1] - p[1], q[0] - p[0])
    size = 16
    left = (q[0] - size * math.cos(ang - 0.45), q[1] - size * math.sin(ang - 0.45))
    right = (q[0] - size * math.cos(ang + 0.45), q[1] - size * math.sin(ang + 0.45))
    d.polygon([(q[0] * k, q[1] * k), (left[0] * k, left[1] * k), (right[0] * k, right[1] * k)],
              fill=color)


def _explorer_shapes(d: ImageDraw.ImageDraw, f: Frame, k: int) -> None:
    c = load_layout().colors
    data = load_data()
    for a, nexts in data.explorer.edges.items():
        for b in nexts:
            ba, bb = geo.explorer_box(f, a), geo.explorer_box(f, b)
            p = (ba[2], (ba[1] + ba[3]) / 2)
            q = (bb[0], (bb[1] + bb[3]) / 2)
            d.line([(p[0] * k, p[1] * k), (q[0] * k, q[1] * k)], fill=c.arrow, width=3 * k)
    for node in data.explorer.nodes:
        box = geo.explorer_box(f, node.id)
        fill = c.city if node.quest_slot else c.village
        d.rounded_rectangle(tuple(v * k for v in box), radius=6 * k, fill=fill,
                            outline=c.ink, width=2 * k)
    for line in data.explorer.lines:
        x = geo.line_x(f, line.after)
        colour = {"red": c.line_red, "blue": c.line_blue, "green": c.line_green}[line.colour]
        d.rectangle(((x - 4) * k, (f.explorer[1] + 40) * k, (x + 4) * k,
                     (f.explorer[3] - 6) * k), fill=colour)


def _influence_shapes(d: ImageDraw.ImageDraw, f: Frame, k: int) -> None:
    c = load_layout().colors
    data = load_data()
    bands = dict(data.influence.bands)
    for row, nation in enumerate(NATIONS):
        box = geo.influence_label(f, row)
        d.rounded_rectangle(tuple(v * k for v in box), radius=6 * k, fill=c.nations[nation])
        for pos in range(data.influence.track_max + 1):
            cell = geo.influence_cell(f, row, pos)
            fill = c.home if pos in bands else c.village
            if pos < len(data.influence.stock):
                fill = c.slot
            d.rectangle(tuple(v * k for v in cell), fill=fill,
                        outline=c.red_hand if pos in bands else c.panel_line, width=k)


def _labels(cv: Canvas, f: Frame, players: int) -> None:
    lay = load_layout()
    c = lay.colors
    fs = lay.fonts
    data = load_data()
    x0, y0, x1, _ = f.route
    cv.text((x0 + 12, y0 + 8), "The route from Havana — one-way arrows; red frames stop "
            "every ship; a frame in a player's colour: where their ship just sailed",
            fs.normal, c.ink, c.sea, bold=True, width=x1 - x0 - 24)
    for loc in data.route:
        box = f.node(loc.id)
        fill = {"village": c.village, "city": c.city, "homeward": c.home}.get(loc.kind,
                                                                              c.panel)
        title = f"{loc.id} {loc.name}"
        cv.text((box[0] + 8, box[1] + geo.TITLE_Y), title, fs.normal, c.ink, fill, bold=True,
                width=box[2] - box[0] - 16)
        if loc.action != "tile":            # a tile city's action comes with its tile
            words = city_action_words(loc.id, {})
            cv.text((box[0] + 8, box[1] + geo.ACTION_Y), words, fs.tiny, c.muted, fill,
                    width=box[2] - box[0] - 16, min_size=12)
        for i in range(_spaces(players, loc.id)):
            m = loc.market[i]
            mb = geo.market_box(box, i)
            ink = c.white if m.good in ("COFFEE", "COCOA") else c.ink
            cv.text((mb[0] + 4, mb[1] + 2), GOOD_WORD[m.good], fs.tiny, ink, c.goods[m.good],
                    width=mb[2] - mb[0] - 8, min_size=12)
            cv.text((mb[0] + 4, mb[1] + 19), short_reward(m.reward), fs.tiny, ink,
                    c.goods[m.good], width=mb[2] - mb[0] - 8, min_size=12)
        if loc.flag:
            cv.text((box[2] - 8, box[1] + geo.INFO_Y), "flag " + short_reward(loc.flag),
                    fs.tiny, c.muted, fill, anchor="ra", width=120, min_size=12)
    lb = legend_box(f)
    cv.text((lb[0] + 8, lb[1] + 6), "Quests here", fs.small, c.ink, c.panel, bold=True)
    x0, y0, x1, _ = f.explorer
    cv.text((x0 + 10, y0 + 8), "Explorer track — one explorer per space (others are hopped "
            "over); the stop pays", fs.normal, c.ink, c.panel, bold=True, width=x1 - x0 - 20)
    for node in data.explorer.nodes:
        box = geo.explorer_box(f, node.id)
        fill = c.city if node.quest_slot else c.village
        cv.text((box[0] + 5, box[1] + 3), node.id, fs.tiny, c.muted, fill, min_size=12,
                width=box[2] - box[0] - 10)
        words = short_reward(node.bonus) if node.bonus else (
            "end: " + "/".join(str(v) for v in data.explorer.final_vp)
            if node.id == data.explorer.final else "start")
        cv.text((box[0] + 5, box[3] - 20), words, fs.tiny, c.ink, fill,
                width=box[2] - box[0] - 10, min_size=11)
    for line in data.explorer.lines:
        x = geo.line_x(f, line.after)
        words = f"+{line.influence} infl." if line.influence else "/".join(map(str, line.vp))
        colour = {"red": c.line_red, "blue": c.line_blue, "green": c.line_green}[line.colour]
        cv.text((x, y0 + 36), words, fs.tiny, colour, c.panel, anchor="ma", width=90,
                min_size=12)
    x0, y0, x1, _ = f.influence
    cv.text((x0 + 10, y0 + 8), "Influence — red frames are the noble bands (class 1-6); "
            "the first 7 spaces hold each nation's ownership stock", fs.normal, c.ink,
            c.panel, bold=True, width=x1 - x0 - 20)
    bands = dict(data.influence.bands)
    for row in range(len(NATIONS)):
        for pos in range(data.influence.track_max + 1):
            cell = geo.influence_cell(f, row, pos)
            fill = c.home if pos in bands else c.village
            if pos < len(data.influence.stock):
                fill = c.slot
            cv.text((cell[0] + 3, cell[1] + 2), str(pos), fs.tiny, c.muted, fill, min_size=12)
            if pos in bands:
                cv.text((cell[2] - 3, cell[1] + 2), f"c{bands[pos]}", fs.tiny, c.red_hand,
                        fill, anchor="ra", min_size=12)
    x0, y0, x1, _ = f.cards
    cv.text((x0 + 10, y0 + 8), "Display", fs.normal, c.ink, c.panel, bold=True)
    pb = geo.card_box(f, "prestige", 0)
    cv.text((pb[0], y0 + 8), "Prestige buildings (I-IV; face up = open)", fs.normal, c.ink,
            c.panel, bold=True, width=x1 - pb[0] - 10)
    for box in f.players:
        for i, space in enumerate(data.ship.spaces):
            cell = geo.ship_cell(box, i)
            cv.text((cell[0] + 4, cell[1] + 2), space.id, fs.tiny, c.muted, c.slot,
                    min_size=12)
            cv.text((cell[0] + 4, cell[1] + 17), space_label(space.id), fs.tiny, c.ink, c.slot,
                    width=cell[2] - cell[0] - 8, min_size=11)
