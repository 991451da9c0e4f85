"""The boards' PNG writer (render/png.py): any PNG reader gets back exactly the pixels and
the palette that were drawn, in every game."""

from __future__ import annotations

import io
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from render import render_board
from render.demo import demo_scenes
from render.png import encode_png, filtered_rows, image_rows
from rules import game_names, get_game

NAMES = ["Ana", "Bruno", "Carla", "Duarte", "Eva"]


def decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


CHANNELS = {"L": 1, "RGB": 3, "RGBA": 4, "P": 1}


@st.composite
def pictures(draw: st.DrawFn) -> Image.Image:
    """A small picture in any mode the writer takes, of random pixels (and palette)."""
    mode = draw(st.sampled_from(sorted(CHANNELS)))
    width, height = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    size = width * height * CHANNELS[mode]
    image = Image.frombytes(mode, (width, height),
                            draw(st.binary(min_size=size, max_size=size)))
    if mode == "P":
        image.putpalette(draw(st.binary(min_size=768, max_size=768)))
    return image


@settings(max_examples=60, deadline=None)
@given(image=pictures())
def test_any_picture_reads_back_exactly(image: Image.Image) -> None:
    mode = image.mode
    back = decoded(encode_png(image))
    assert back.mode == mode and back.size == image.size
    assert back.tobytes() == image.tobytes()
    if mode == "P":
        assert back.getpalette() == image.getpalette()


@settings(max_examples=40, deadline=None)
@given(image=pictures())
def test_the_fast_rows_are_the_rows_png_wants(image: Image.Image) -> None:
    # the one-byte pictures take a short cut (a zero column pasted in front); it must
    # give exactly "each row preceded by filter type 0", as the plain join does
    stride = image.width * CHANNELS[image.mode]
    assert image_rows(image) == filtered_rows(image.tobytes(), stride)


def test_a_short_palette_is_written_as_it_is() -> None:
    image = Image.new("P", (3, 1))
    image.putpalette([255, 0, 0, 0, 255, 0, 0, 0, 255])
    image.putdata([0, 1, 2])
    back = decoded(encode_png(image))
    assert back.convert("RGB").getpixel((2, 0)) == (0, 0, 255)
    assert back.getpalette()[:9] == [255, 0, 0, 0, 255, 0, 0, 0, 255]


def test_pictures_it_cannot_write_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="CMYK"):
        encode_png(Image.new("CMYK", (2, 2)))
    rgba_palette = Image.new("P", (2, 2))
    rgba_palette.putpalette([0, 0, 0, 0] * 4, rawmode="RGBA")
    with pytest.raises(ValueError, match="RGB palette"):
        encode_png(rgba_palette)
    image = Image.new("P", (2, 2))
    image.info["transparency"] = 0
    with pytest.raises(ValueError, match="transparency"):
        encode_png(image)


@pytest.mark.parametrize("name", game_names())
def test_every_games_board_is_a_lossless_png_of_what_was_drawn(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game(name)
    players = game.max_players
    moments, scenes = demo_scenes(name, players, 1)
    view, since = scenes[moments[-2]]
    drawn: list[Image.Image] = []

    def spy(image: Image.Image) -> bytes:
        drawn.append(image.copy())
        return encode_png(image)

    render_board(view, NAMES[:players], since=since)      # imports the game's renderer
    users = [m for m_name, m in list(sys.modules.items())
             if m_name.startswith(f"render.{name}") and getattr(m, "encode_png", None)]
    assert users, f"render.{name} does not encode with render.png"
    for module in users:
        monkeypatch.setattr(module, "encode_png", spy)
    png = render_board(view, NAMES[:players], since=since)
    assert len(drawn) == 1 and png.startswith(b"\x89PNG\r\n\x1a\n")
    image = decoded(png)
    assert (image.mode, image.size) == (drawn[0].mode, drawn[0].size)
    assert image.tobytes() == drawn[0].tobytes()
    if image.mode == "P":
        assert image.getpalette() == drawn[0].getpalette()
    monkeypatch.undo()
    assert render_board(view, NAMES[:players], since=since) == png
