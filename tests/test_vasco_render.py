"""The Vasco da Gama picture as a new player reads it: every state of a whole game draws,
the same view gives the same bytes, hidden values never change it, every character drawn
is in the shipped font and never the missing glyph, no text is cut or overlaps another,
and names, letters and seat colours come from the table."""

from __future__ import annotations

import io
import random
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations

import pytest
from PIL import Image
from vasco_helpers import DATA, G

from render import render_board, text
from render.vasco import board_size, draw_vasco
from render.vasco import canvas as cv_module
from render.vasco.board import SHIP_W
from render.vasco.demo import MOMENTS, demo_scenes
from render.vasco.layout import LAYOUT_FILE, load_layout, parse_layout
from render.vasco.seats import seat_styles
from render.vasco.static import exact_colours, static_texts
from rules.fuzz import random_game
from rules.vasco.view import VascoView

PNG = b"\x89PNG\r\n\x1a\n"
HARD_NAMES = ["Αλέξανδρος Παπαδόπουλος", "Святослав Игоревич (computer)",
              "Maximiliano Alejandro de los Santos y Guzmán", "山田太郎 🏴‍☠️"]


def open_png(data: bytes) -> Image.Image:
    assert data.startswith(PNG)
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.fixture(scope="module")
def scenes():
    return demo_scenes(4, 1)


def test_every_state_of_a_whole_game_draws():
    """Not a sample: every state after every move of one complete 2-player game (drawn;
    one in ten also encoded and decoded)."""
    count = 0
    for state, *_ in random_game(G, 2, 6):
        image = draw_vasco(G.view(state), ["Ana", "Bruno"])
        assert image.size == board_size() and image.mode == "P"
        if count % 10 == 0:
            assert open_png(render_board(G.view(state))).size == board_size()
        count += 1
    assert count > 80 and G.result(state) is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_demo_moments_render_for_every_player_count(players):
    found = demo_scenes(players, 2)
    assert set(found) == set(MOMENTS)
    for view, since in found.values():
        png = render_board(view, ["Ana", "Bruno", "Carla", "Duarte"][:players], since=since)
        assert len(png) <= 300 * 1024
        assert open_png(png).size == board_size()


def test_the_same_view_gives_the_same_bytes_even_after_json_and_in_threads(scenes):
    view, since = scenes["late"]
    again = VascoView.model_validate_json(view.model_dump_json())
    names = ["Ana", "Bruno", "Carla", "Duarte"]
    alone = render_board(view, names, since=since)
    assert alone == render_board(again, names, since=since)
    views = [v for v, _ in scenes.values()]
    one = [render_board(v, names) for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda v: render_board(v, names), views * 2))
    assert together == one * 2


def test_hidden_values_never_change_the_picture():
    rng = random.Random(3)
    states = [s for s, *_ in random_game(G, 3, 9, policy="explorer")][::25]
    for state in states:
        twin = G.determinize(state, None, rng)
        assert render_board(G.view(state)) == render_board(G.view(twin))
        with text.recording() as seen:
            draw_vasco(G.view(state))
        drawn = " ".join(d.text for d in seen)
        face_down = [t for stack in state.stacks.values() for t in stack]
        assert not any(f" {t} " in f" {drawn} " for t in face_down)


def _drawn_everything(view, names, since=None) -> list[text.Drawn]:
    with text.recording() as seen:
        draw_vasco(view, names, since=since)
    return seen


def _mask(ch: str, face: str, size: int) -> bytes:
    from PIL import ImageDraw

    font = text.font(face, size)
    img = Image.new("L", (size * 2, size * 2), 0)
    ImageDraw.Draw(img).text((size // 2, size // 2), ch, font=font, fill=255)
    return img.tobytes()


def test_every_character_is_in_the_font_and_none_is_the_missing_glyph(scenes):
    view, since = scenes["late"]
    seen = _drawn_everything(view, HARD_NAMES, since)
    assert seen
    checked: set[tuple[str, str, int]] = set()
    for drawn in seen:
        for ch in drawn.text:
            assert ord(ch) in text.charset(drawn.face), (ch, drawn)
            key = (ch, drawn.face, drawn.size or 16)
            if ch.isspace() or key in checked:
                continue
            checked.add(key)
            assert _mask(ch, drawn.face, key[2]) != _mask("\ue000", drawn.face, key[2])
    everything = " ".join(d.text for d in seen)
    for name in ("Αλέξανδρος", "Святослав", "Guzmán"[:3], "Seat 4"):
        assert name in everything


def test_no_text_is_cut_beyond_its_box_and_nothing_overlaps(scenes):
    layout = load_layout()
    w, h = board_size()
    for moment, (view, since) in scenes.items():
        for names in (HARD_NAMES, ["A", "B", "C", "D"], None):
            with text.recording() as seen:
                cv = _canvas(view, names, since)
            for drawn in seen:
                if drawn.max_width is not None:
                    assert drawn.width <= drawn.max_width + 0.5, (moment, drawn)
            boxes = static_texts(view.players) + cv.placed
            for what, (x0, y0, x1, y1) in boxes:
                assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h, (what, moment)
            for (a, ba), (b, bb) in combinations(boxes, 2):
                overlap = min(ba[2], bb[2]) - max(ba[0], bb[0]), \
                    min(ba[3], bb[3]) - max(ba[1], bb[1])
                assert overlap[0] <= 1 or overlap[1] <= 1, (moment, a, ba, b, bb)
    assert layout.fonts.small >= 18


def _canvas(view, names, since):
    """The canvas of one picture, with the boxes of everything placed on it."""
    from render.vasco import board as b
    from render.vasco import market, panels
    from render.vasco.canvas import Canvas
    from render.vasco.static import static_layer

    layout = load_layout()
    seats = seat_styles(view.players, names, layout)
    cv = Canvas(static_layer(view.players), layout.fonts.min)
    panels.draw_header(cv, layout, view, seats)
    b.draw_navigation(cv, layout, view, seats)
    b.draw_numbers(cv, layout, view)
    b.draw_areas(cv, layout, view, seats)
    b.draw_characters(cv, layout, view, seats)
    market.draw_recruit(cv, layout, view, seats)
    market.draw_projects(cv, layout, view)
    panels.draw_players(cv, layout, view, seats)
    panels.draw_log(cv, layout, view, seats, since)
    return cv


def test_labels_inside_pieces_fit_them():
    for tile in DATA.tiles:
        assert text.width(f"D {tile}", "regular", 15) <= SHIP_W - 6
        t = DATA.tiles[tile]
        assert text.width(f"{tile} {t.strength}/{t.crew}", "regular", 16) <= 100 - 8
        assert text.width(str(t.strength), "bold", 26) <= SHIP_W - 6
    for n in range(1, 23):
        assert text.width(str(n), "bold", 17) <= 36 - 8


def test_names_become_letters_and_computer_tags():
    layout = load_layout()
    styles = seat_styles(4, ["Ana", "Bruno", "Carla", "Duarte"], layout)
    assert [s.letter for s in styles] == ["A", "B", "C", "D"]
    styles = seat_styles(3, ["Ana", "Alba", "Zoë 🚢"], layout)
    assert [s.letter for s in styles] == ["A", "B", "C"]
    styles = seat_styles(2, ["山田太郎", "Bot (computer)"], layout)
    assert styles[0].name == "Seat 1" and styles[1].computer and styles[1].name == "Bot"


def test_seat_colours_from_the_table_replace_the_defaults():
    view = G.view(G.setup(3, 5))
    plain = render_board(view, ["Ana", "Bruno", "Carla"])
    coloured = render_board(view, ["Ana", "Bruno", "Carla"], ["red", "#5ebd8e", "yellow"])
    assert plain != coloured
    open_png(coloured)


def test_the_palette_holds_every_named_colour():
    """Exactly, but for colours that share one of Pillow's 4-unit lookup cells (white and
    the seat colour 'white' #fafafa): they may meet within a few units."""
    palette = cv_module.palette().getpalette()
    for colour in exact_colours(load_layout()):
        index = cv_module.index_of(colour)
        got = palette[3 * index: 3 * index + 3]
        assert max(abs(a - b) for a, b in zip(got, cv_module.rgb(colour), strict=True)) <= 6


def test_only_a_view_is_accepted():
    with pytest.raises(TypeError):
        render_board(G.setup(2, 1))        # the state has no "game" picture... or a view
    with pytest.raises(TypeError):
        draw_vasco(G.setup(2, 1))  # type: ignore[arg-type]


def test_the_layout_file_is_validated():
    source = LAYOUT_FILE.read_text(encoding="utf-8")
    parse_layout(source)
    with pytest.raises(ValueError, match="18 px"):
        parse_layout(source.replace("small = 18", "small = 12"))
    with pytest.raises(ValueError, match="outside"):
        parse_layout(source.replace("log = [12, 1248, 1588, 1458]", "log = [12, 1248, 1588, 1500]"))
    with pytest.raises(ValueError, match="palette"):
        parse_layout(source.replace('"purple"]', '"mauve"]'))


def test_python_m_render_writes_four_demo_pictures(tmp_path):
    from render.__main__ import main

    assert main(["vasco", "--demo", str(tmp_path), "--players", "3"]) == 0
    pictures = sorted(tmp_path.glob("vasco-3p-*.png"))
    assert len(pictures) == 4
    for path in pictures:
        assert open_png(path.read_bytes()).size == board_size()
