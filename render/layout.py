"""What every board's layout file (``data/<game>/layout.toml``) shares: strict models (a
misspelt key is an error, not a silent default), boxes, the canvas and the font sizes."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, model_validator

Box = tuple[int, int, int, int]


class Strict(BaseModel):
    """A layout section: unknown keys are refused and the values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Canvas(Strict):
    width: int
    height: int
    static_scale: int = 2       # the static layer is drawn this many times larger, then reduced


class Fonts(Strict):
    """Pixel sizes of the texts; ``min`` is what a text that does not fit shrinks to."""

    title: int
    large: int
    normal: int
    small: int
    min: int = 15

    @model_validator(mode="after")
    def _legible(self) -> Fonts:
        if self.small < 18:
            raise ValueError("fonts must be at least 18 px to stay legible on a phone")
        if not 14 <= self.min <= self.small:
            raise ValueError("fonts.min (the size texts shrink to) must be 14..small px")
        return self
