"""The picture's geometry and colours, read from data/navegador/layout.toml and validated."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from pydantic import field_validator, model_validator

from render.layout import Box, Canvas, Fonts, Strict
from render.palette import PALETTE

LAYOUT_FILE = Path(__file__).resolve().parents[2] / "data" / "navegador" / "layout.toml"

Point = tuple[int, int]


def _check_box(box: Box) -> Box:
    if box[2] <= box[0] or box[3] <= box[1]:
        raise ValueError(f"box {box} has no area")
    return box


class Colors(Strict):
    background: str
    ink: str
    muted: str
    panel: str
    panel_line: str
    header: str
    header_ink: str
    lastline: str
    sea: str
    sea_line: str
    edge: str
    red_line: str
    explored: str
    unexplored: str
    explorer_disk: str
    double_loss: str
    navegador: str
    highlight: str
    halo: str
    seats: list[str]
    goods: dict[str, str]
    goods_ink: dict[str, str]
    buildings: dict[str, str]
    rondel: dict[str, str]

    @model_validator(mode="after")
    def _five_seats(self) -> Colors:
        if len(self.seats) < 5 or len(set(self.seats)) != len(self.seats):
            raise ValueError("colors.seats needs five different seat colours")
        unknown = [n for n in self.seats if n not in PALETTE]
        if unknown:
            raise ValueError(f"colors.seats: {', '.join(unknown)} not in render/palette.py "
                             f"({', '.join(PALETTE)})")
        return self


class Header(Strict):
    box: Box
    log_box: Box
    log_lines: int

    @field_validator("box", "log_box")
    @classmethod
    def _area(cls, box: Box) -> Box:
        return _check_box(box)


class Zone(Strict):
    label: str
    xy: Point


class MapLayout(Strict):
    box: Box
    tile: Point
    strip: int
    chip: Point
    legend: Point
    regions: dict[str, Point]
    names: dict[str, str] = {}
    zones: list[Zone]

    @field_validator("box")
    @classmethod
    def _area(cls, box: Box) -> Box:
        return _check_box(box)


class RondelLayout(Strict):
    box: Box
    center: Point
    radius: int
    hub: int
    label_ring: tuple[int, int]
    mark_radius: int
    mark_angle: float
    stones: dict[int, list[tuple[float, float, int]]]
    labels: dict[str, str]

    @model_validator(mode="after")
    def _stones(self) -> RondelLayout:
        for n in range(1, 6):
            if len(self.stones.get(n, [])) != n:
                raise ValueError(f"rondel.stones.{n} needs {n} places")
        inner, outer = self.label_ring
        if not self.hub < inner < outer <= self.radius:
            raise ValueError("rondel.label_ring must lie between the hub and the rim")
        for n, places in self.stones.items():
            for r, _, size in places:
                if r - size < self.hub or r + size > inner:
                    raise ValueError(f"a stone of rondel.stones.{n} leaves the stone ring")
        return self


class MarketLayout(Strict):
    box: Box
    title_h: int
    cell: Point
    ladder_x: int
    summary_x: int


class BuildingsLayout(Strict):
    box: Box
    title_h: int
    row_h: int
    label_w: int
    slot_w: int
    info_x: int


class GalleryLayout(Strict):
    box: Box
    title_h: int


class StatusLayout(Strict):
    box: Box


class Column(Strict):
    key: str
    title: str
    width: int


class ScoreboardLayout(Strict):
    box: Box
    head_h: int
    row_h: int
    columns: list[Column]

    @model_validator(mode="after")
    def _fits(self) -> ScoreboardLayout:
        if sum(c.width for c in self.columns) > self.box[2] - self.box[0]:
            raise ValueError("scoreboard columns are wider than the scoreboard")
        if self.head_h + 5 * self.row_h > self.box[3] - self.box[1]:
            raise ValueError("scoreboard too short for 5 players")
        return self





class Layout(Strict):
    canvas: Canvas
    fonts: Fonts
    colors: Colors
    header: Header
    map: MapLayout
    rondel: RondelLayout
    market: MarketLayout
    buildings: BuildingsLayout
    gallery: GalleryLayout
    status: StatusLayout
    scoreboard: ScoreboardLayout

    @model_validator(mode="after")
    def _log(self) -> Layout:
        if self.header.log_lines < 5:
            raise ValueError("header.log_lines must hold a round of the most players (5)")
        return self

    @model_validator(mode="after")
    def _inside(self) -> Layout:
        w, h = self.canvas.width, self.canvas.height
        for name in ("header", "map", "rondel", "market", "buildings", "gallery", "status",
                     "scoreboard"):
            box = getattr(self, name).box
            if box[0] < 0 or box[1] < 0 or box[2] > w or box[3] > h:
                raise ValueError(f"{name}.box {box} lies outside the {w}x{h} canvas")
        return self


def parse_layout(text: str) -> Layout:
    return Layout.model_validate(tomllib.loads(text))


@cache
def load_layout() -> Layout:
    """The layout, loaded and validated once per process."""
    return parse_layout(LAYOUT_FILE.read_text(encoding="utf-8"))
