"""The Maracaibo picture's layout (``data/maracaibo/layout.toml``), validated, and the
geometry derived from it: where every route location, track and panel goes."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pydantic import ConfigDict, model_validator

from render.layout import Box, Strict

PATH = Path(__file__).resolve().parents[2] / "data" / "maracaibo" / "layout.toml"


class Canvas(Strict):
    width: int
    margin: int
    static_scale: int


class Fonts(Strict):
    title: int
    large: int
    normal: int
    small: int
    tiny: int
    min: int


class Sizes(Strict):
    header: int
    log_line: int
    section_title: int
    node_w: int
    node_h: int
    stack: int
    row_h: int
    row_gap: int
    explorer_h: int
    influence_h: int
    cards_h: int
    player_h: int


class Colors(Strict):
    model_config = ConfigDict(frozen=True, extra="allow")
    goods: dict[str, str]
    nations: dict[str, str]

    def __getattr__(self, name: str) -> str:
        extra = self.__pydantic_extra__ or {}
        if name in extra:
            return extra[name]
        raise AttributeError(name)

    def named(self) -> dict[str, str]:
        return dict(self.__pydantic_extra__ or {})


class Layout(Strict):
    canvas: Canvas
    fonts: Fonts
    sizes: Sizes
    colors: Colors
    route: dict[str, tuple[int, int, int]]

    @model_validator(mode="after")
    def _check(self) -> Layout:
        from rules.maracaibo.data import load_data

        missing = [loc.id for loc in load_data().route if loc.id not in self.route]
        if missing:
            raise ValueError(f"layout.route has no place for {missing}")
        for key in ("background", "ink", "muted", "panel", "sea", "header"):
            if key not in self.colors.named():
                raise ValueError(f"layout.colors needs {key}")
        return self


@cache
def load_layout(path: str | None = None) -> Layout:
    with Path(path or PATH).open("rb") as handle:
        return Layout.model_validate(tomllib.load(handle))


@dataclass(frozen=True)
class Frame:
    """Where each part of the picture goes for a player count."""

    width: int
    height: int
    header: Box
    log: Box
    route: Box
    explorer: Box
    influence: Box
    cards: Box
    players: tuple[Box, ...]

    def node(self, loc: str) -> Box:
        lay = load_layout()
        s = lay.sizes
        col, row, slot = lay.route[loc]
        x0, y0, x1, _ = self.route
        width = x1 - x0 - 2 * 12
        step = width / 7
        left = round(x0 + 12 + col * step + (step - s.node_w) / 2)
        top = y0 + 40 + row * (s.row_h + s.row_gap)
        top += 0 if slot == 0 else s.stack if slot == 1 else s.stack // 2
        return left, top, left + s.node_w, top + s.node_h


def legend_box(f: Frame) -> Box:
    """The free corner of the route (right of the final port): the quests' legend."""
    lay = load_layout()
    s = lay.sizes
    x0, y0, x1, y1 = f.route
    width = x1 - x0 - 2 * 12
    step = width / 7
    left = round(x0 + 12 + 6 * step + (step - s.node_w) / 2)
    top = y0 + 40 + 2 * (s.row_h + s.row_gap)
    return left - 6, top, x1 - 10, y1 - 10


@cache
def frame(players: int) -> Frame:
    lay = load_layout()
    s = lay.sizes
    m = lay.canvas.margin
    w = lay.canvas.width
    y = 0
    header = (0, 0, w, s.header)
    y = s.header + 6
    log = (m, y, w - m, y + s.log_line * players + 8)
    y = log[3] + 10
    route_h = 40 + 2 * (s.row_h + s.row_gap) + s.stack + s.node_h + 12
    route = (m, y, w - m, y + route_h)
    y = route[3] + 10
    explorer = (m, y, w - m, y + s.explorer_h)
    y = explorer[3] + 10
    influence = (m, y, w - m, y + s.influence_h)
    y = influence[3] + 10
    cards = (m, y, w - m, y + s.cards_h)
    y = cards[3] + 10
    half = (w - 3 * m) // 2
    boxes = []
    for i in range(players):
        col, row = i % 2, i // 2
        x0 = m + col * (half + m)
        y0 = y + row * (s.player_h + 10)
        boxes.append((x0, y0, x0 + half, y0 + s.player_h))
    height = boxes[-1][3] + m
    return Frame(w, height, header, log, route, explorer, influence, cards, tuple(boxes))
