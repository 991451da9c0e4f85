"""The board picture: every state of random games renders to a valid PNG of the documented
size, deterministically, from the public view only."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from render import render_board
from render.navegador import board_size
from render.navegador.demo import demo_scenes
from render.navegador.layout import LAYOUT_FILE, load_layout, parse_layout
from render.navegador.pieces import legs_of
from render.navegador.seats import seat_styles
from render.palette import PALETTE
from rules import get_game
from rules.fuzz import random_game
from rules.navegador.view import NavegadorView

GAME = get_game("navegador")


def demo_moments(players: int, seed: int) -> dict:
    return {moment: view for moment, (view, _) in demo_scenes(players, seed).items()}
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
SAMPLES_PER_GAME = 24


def open_png(data: bytes) -> Image.Image:
    assert data.startswith(PNG_MAGIC)
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def sampled_views(players: int, seed: int, policy: str) -> list[NavegadorView]:
    states = [state for state, *_ in random_game(GAME, players, seed, policy=policy)]
    step = max(1, len(states) // SAMPLES_PER_GAME)
    picked = states[::step] + [states[-1]]
    return [GAME.view(state) for state in picked]


@pytest.mark.parametrize(("players", "seed", "policy"), [
    (2, 11, "uniform"), (3, 2, "explorer"), (5, 1, "explorer"),
])
def test_states_of_random_games_render_to_pngs_of_the_board_size(players, seed, policy):
    views = sampled_views(players, seed, policy)
    assert views[-1].result is not None, "the sample ends with the final scoring"
    for view in views:
        image = open_png(render_board(view))
        assert image.format == "PNG"
        assert image.size == board_size() == (1600, 1814)


def test_the_same_view_gives_the_same_bytes_even_after_a_json_round_trip():
    view = demo_moments(4, 1)["phase2"]
    again = NavegadorView.model_validate_json(view.model_dump_json())
    assert render_board(view) == render_board(view) == render_board(again)


def test_renders_in_worker_threads_match_renders_in_sequence():
    views = list(demo_moments(5, 1).values())
    alone = [render_board(v, ["Ana", "Bruno", "Carla", "Duarte", "Eva"]) for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(
            lambda v: render_board(v, ["Ana", "Bruno", "Carla", "Duarte", "Eva"]), views * 2))
    assert together == alone * 2


def test_hidden_colony_values_cannot_change_the_picture():
    """Two tables that differ only in the values of a face-down stack look the same."""
    state = GAME.setup(3, seed=5)
    other = state.model_copy(deep=True)
    hidden = [rid for rid, region in other.regions.items() if region.tokens and
              not region.revealed]
    for rid in hidden:
        other.regions[rid].tokens = [900 + i * 10 for i in range(len(other.regions[rid].tokens))]
    assert other.regions[hidden[0]].tokens != state.regions[hidden[0]].tokens
    assert render_board(GAME.view(state)) == render_board(GAME.view(other))


def test_only_a_view_is_accepted_never_the_state():
    state = GAME.setup(3, seed=5)
    with pytest.raises(TypeError):
        render_board(state)


def test_unknown_games_are_refused():
    view = GAME.view(GAME.setup(2, seed=1)).model_copy(update={"game": "chess"})
    with pytest.raises(ValueError, match="chess"):
        render_board(view)


def test_names_change_the_picture_and_initials_become_letters():
    view = GAME.view(GAME.setup(3, seed=5))
    plain = render_board(view)
    named = render_board(view, ["Ana", "Bruno", "Carla"])
    assert plain != named
    open_png(named)
    layout = load_layout()
    assert [s.letter for s in seat_styles(3, ["Ana", "Bruno", "Carla"], layout)] == \
        ["A", "B", "C"]
    assert [s.letter for s in seat_styles(3, ["Ana", "Alba", "Carla"], layout)] == \
        ["A", "B", "C"]
    styles = seat_styles(3, ["Zoë", "Émile 🚢"], layout)
    assert [s.name for s in styles] == ["Zoë", "Émile", "Seat 3"]
    assert [s.letter for s in styles] == ["Z", "E", "S"]
    assert [s.name for s in seat_styles(2, None, layout)] == ["Seat 1", "Seat 2"]
    open_png(render_board(view, ["Zoë", "Émile 🚢"]))


def test_sailing_legs_are_read_from_the_notation():
    moves = legs_of(["POR>GUI x2", "GUI>ANG x2 + POR>ANG", "POR>GUI"])
    assert moves == {("POR", "GUI"): 3, ("GUI", "ANG"): 2, ("POR", "ANG"): 1}


def test_the_layout_file_is_validated():
    text = LAYOUT_FILE.read_text(encoding="utf-8")
    parse_layout(text)
    with pytest.raises(ValueError, match="18 px"):
        parse_layout(text.replace("small = 18", "small = 12"))
    with pytest.raises(ValueError, match="outside"):
        parse_layout(text.replace("box = [8, 1522, 1592, 1806]", "box = [8, 1522, 1592, 1900]"))
    every_region = {r.id for r in GAME.view(GAME.setup(2, seed=1)).regions}
    assert every_region <= set(load_layout().map.regions)


def test_seat_colours_from_the_table_replace_the_default_ones():
    view = GAME.view(GAME.setup(3, seed=5))
    coloured = render_board(view, ["Ana", "Bruno", "Carla"], ["#E69F00", "#56B4E9", "#F0E442"])
    assert coloured != render_board(view, ["Ana", "Bruno", "Carla"])
    open_png(coloured)
    layout = load_layout()
    styles = seat_styles(3, None, layout, ["#E69F00", "not a colour", "Purple"])
    assert styles[0].color == "#e69f00" and styles[0].ink == "#1d1d1d"
    assert styles[1].color == PALETTE[layout.colors.seats[1]]
    assert styles[2].color == PALETTE["purple"] and styles[2].ink == "#ffffff"


def test_every_state_of_a_whole_game_renders():
    """Not a sample: each state after each move of one complete 2-player game."""
    count = 0
    for state, *_ in random_game(GAME, 2, 6):
        image = open_png(render_board(GAME.view(state)))
        assert image.size == board_size()
        count += 1
    assert count > 100 and GAME.result(state) is not None
