"""The picture's layout: canvas, map projection, port positions, coastline and colours,
read from ``data/neptun/layout.toml`` (validated), plus the vertical bands of the picture."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from render.layout import Strict

LAYOUT_FILE = Path(__file__).resolve().parents[2] / "data" / "neptun" / "layout.toml"


class Canvas(Strict):
    width: int
    static_scale: int


class Projection(Strict):
    x0: float
    lon0: float
    kx: float
    y0: float
    lat0: float
    ky: float


class MapBox(Strict):
    top: int
    height: int


class Port(Strict):
    x: int
    y: int
    label: str


class Colors(Strict):
    background: str
    sea: str
    deep_sea: str
    land: str
    coast: str
    sea_link: str
    deep_link: str
    ink: str
    muted: str
    panel: str
    panel_line: str
    header: str
    header_ink: str
    highlight: str
    gold: str
    gold_ink: str
    done: str
    failed: str
    card_back: str
    card_back_ink: str
    wind: str


class Spot(Strict):
    x: int
    y: int


class Coast(Strict):
    sea: list[tuple[float, float]]
    black_sea: list[tuple[float, float]]
    islands: list[list[tuple[float, float]]]


class Layout(Strict):
    canvas: Canvas
    projection: Projection
    map: MapBox
    colors: Colors
    ports: dict[str, Port]
    bends: dict[str, float]
    regions: dict[str, Spot]
    coast: Coast

    def project(self, lon: float, lat: float) -> tuple[float, float]:
        p = self.projection
        return p.x0 + (lon - p.lon0) * p.kx, self.map.top + p.y0 + (p.lat0 - lat) * p.ky

    def port(self, code: str) -> tuple[int, int]:
        spot = self.ports[code]
        return spot.x, self.map.top + spot.y


@cache
def load_layout() -> Layout:
    with LAYOUT_FILE.open("rb") as handle:
        return Layout.model_validate(tomllib.load(handle))


@dataclass(frozen=True)
class Bands:
    """Vertical bands of a picture for ``players`` seats (top, bottom)."""

    header: tuple[int, int]
    map: tuple[int, int]
    wind: tuple[int, int]
    display: tuple[int, int]
    temples: tuple[int, int]
    players: tuple[int, int]
    log: tuple[int, int]

    @property
    def height(self) -> int:
        return self.log[1]


ROW = 104            # one player's row
LOG_LINES = 6
LOG_LINE = 25


@cache
def bands(players: int) -> Bands:
    layout = load_layout()
    top = layout.map.top
    map_end = top + layout.map.height
    wind = (map_end, map_end + 78)
    display = (wind[1], wind[1] + 282)
    # room for a row per seat in each temple box (five seats may stand on five spaces)
    temples = (display[1], display[1] + 118 + 24 * max(4, players))
    rows = (temples[1], temples[1] + 34 + ROW * players)
    log = (rows[1], rows[1] + 40 + LOG_LINE * LOG_LINES)
    return Bands((0, top), (top, map_end), wind, display, temples, rows, log)
