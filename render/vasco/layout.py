"""The picture's geometry and colours, read from data/vasco/layout.toml and validated."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from pydantic import field_validator, model_validator

from render.layout import Box, Canvas, Fonts, Strict
from render.palette import PALETTE

LAYOUT_FILE = Path(__file__).resolve().parents[2] / "data" / "vasco" / "layout.toml"
HEX = re.compile(r"#[0-9a-fA-F]{6}")


class Colors(Strict):
    background: str
    panel: str
    panel_line: str
    ink: str
    muted: str
    header: str
    header_ink: str
    sea: str
    sea_line: str
    slot: str
    slot_line: str
    closed: str
    closed_ink: str
    highlight: str
    marker: str
    since: str
    merchant: str
    merchant_ink: str
    tile: str
    ship_side: str
    arrow: str
    seats: list[str]
    crew: dict[str, str]

    @field_validator("seats")
    @classmethod
    def _known_seats(cls, value: list[str]) -> list[str]:
        for name in value:
            if name not in PALETTE:
                raise ValueError(f"seat colour {name!r} is not in render/palette.py")
        return value

    @model_validator(mode="after")
    def _hex(self) -> Colors:
        for key, value in self.model_dump().items():
            values = value.values() if isinstance(value, dict) else (
                [] if isinstance(value, list) else [value])
            for v in values:
                if not HEX.fullmatch(v):
                    raise ValueError(f"colors.{key}: {v!r} is not #rrggbb")
        return self


class Boxes(Strict):
    header: Box
    navigation: Box
    numbers: Box
    areas: Box
    characters: Box
    recruit: Box
    projects: Box
    players: Box
    log: Box


class Layout(Strict):
    canvas: Canvas
    fonts: Fonts
    colors: Colors
    boxes: Boxes

    @model_validator(mode="after")
    def _inside(self) -> Layout:
        for name, box in self.boxes.model_dump().items():
            x0, y0, x1, y1 = box
            if not (0 <= x0 < x1 <= self.canvas.width and 0 <= y0 < y1 <= self.canvas.height):
                raise ValueError(f"boxes.{name} {box} lies outside the canvas")
        return self


def parse_layout(text: str) -> Layout:
    return Layout.model_validate(tomllib.loads(text))


@cache
def load_layout() -> Layout:
    return parse_layout(LAYOUT_FILE.read_text(encoding="utf-8"))
