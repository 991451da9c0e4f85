"""The Neptun picture: every state of a whole game draws, the same view gives the same
bytes, no hidden value can change it, every text is in the shipped font (accents,
Cyrillic, fallbacks for scripts it lacks) and nothing falls off its panel."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from neptun_helpers import GAME, sailing_state
from PIL import Image

from render import render_board, text
from render.demo import demo_scenes
from render.neptun import draw_indexed, forget_drawn, render
from render.neptun.layout import bands, load_layout
from render.neptun.pen import recording_boxes
from render.neptun.static import _build
from rules.fuzz import random_game
from rules.neptun.view import NeptunView

PNG = b"\x89PNG\r\n\x1a\n"
HARD_NAMES = ["Анастасия Владимировна", "Maximiliano Alejandro de los Santos y Guzmán",
              "山田太郎 🏴‍☠️", "Zoë (computer)", "Ørjan Æsøy"]


@pytest.fixture(scope="module")
def scenes():
    moments, found = demo_scenes("neptun", 5, 1)
    return found


def open_png(data: bytes) -> Image.Image:
    assert data.startswith(PNG)
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_states_of_a_whole_game_draw_and_pictures_are_pngs_of_the_right_size():
    # Every state of a 4-player game is drawn by tests/test_neptun_service.py (a picture at
    # every step); here a 2-player game at every third step and its end.
    states = [s for s, *_ in random_game(GAME, 2, 5, policy="explorer")]
    width = load_layout().canvas.width
    for i, state in enumerate([*states[::3], states[-1]]):
        image = draw_indexed(GAME.view(state), ["Ana", "Bruno"])
        assert image.size == (width, bands(2).height)
        if i % 20 == 0:
            png = open_png(render(GAME.view(state), ["Ana", "Bruno"]))
            assert png.size == image.size and png.mode == "P"
    assert GAME.view(states[-1]).result is not None


def test_demo_moments_are_all_reached(scenes):
    assert set(scenes) == {"start", "contracts", "choosing", "sailing", "extra", "final"}


def test_the_same_view_gives_the_same_bytes_drawn_afresh_or_kept(scenes):
    view, since = scenes["sailing"]
    again = NeptunView.model_validate_json(view.model_dump_json())
    first = render_board(view, HARD_NAMES, since=since)
    forget_drawn()
    assert render_board(again, HARD_NAMES, since=since) == first
    assert render_board(view, HARD_NAMES, since=since) == first


def test_renders_in_worker_threads_match_renders_in_sequence(scenes):
    views = [v for v, _ in scenes.values()]
    alone = [render(v, HARD_NAMES) for v in views]
    forget_drawn()
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda v: render(v, HARD_NAMES), views * 2))
    assert together == alone * 2


def test_no_hidden_value_can_change_the_picture():
    """Decks, face-down contracts, hands and secret choices dealt afresh: the same bytes."""
    import random

    rng = random.Random(2)
    states = [s for s, *_ in random_game(GAME, 3, 9)]
    for state in [sailing_state(4), states[len(states) // 3]]:
        twin = GAME.determinize(state, None, rng)
        assert GAME.dump(twin) != GAME.dump(state) or state.phase == "over"
        assert render(GAME.view(twin)) == render(GAME.view(state))


def test_the_picture_takes_only_the_public_view():
    state = sailing_state(4)
    with pytest.raises(TypeError, match="public view"):
        render(state)                                       # type: ignore[arg-type]
    own = GAME.view(state, 0)
    assert own.hand and render(own) == render(GAME.view(state, None))


def _drawn(view: NeptunView, names: list[str], since: NeptunView | None = None,
           static: bool = True):
    """Every text drawn for a picture (with ``static``, the static layer's too)."""
    if static:
        _build.cache_clear()
    forget_drawn()
    with text.recording() as seen, recording_boxes() as boxes:
        draw_indexed(view, names, since=since)
    return seen, boxes


def test_every_character_drawn_is_in_the_font_and_names_fall_back(scenes):
    view, since = scenes["extra"]
    seen, _ = _drawn(view, HARD_NAMES, since)
    for drawn in seen:
        for ch in drawn.text:
            assert ord(ch) in text.charset(drawn.face), (ch, drawn.text)
    everything = " ".join(d.text for d in seen)
    for word in ("Анастасия", "Ørjan", "Seat 3", "Zoë", "Carthago Nova", "Minerva"):
        assert word in everything
    assert "山田" not in everything and "🏴" not in everything


def test_nothing_is_clipped(scenes):
    for i, (moment, (view, since)) in enumerate(scenes.items()):
        seen, boxes = _drawn(view, HARD_NAMES, since, static=i == 0)
        for drawn in seen:
            if drawn.max_width is not None:
                assert drawn.width <= drawn.max_width + 0.5, (moment, drawn)
        for content, (x0, y0, x1, y1), (w, h) in boxes:
            assert x0 >= 0 and x1 <= w and y0 >= 0 and y1 <= h, (moment, content)


def test_every_port_and_marker_label_is_drawn(scenes):
    view, _ = scenes["start"]
    seen, _ = _drawn(view, HARD_NAMES)
    texts = {d.text for d in seen}
    for city in view.cities:
        assert f"{city.code} {city.name}" in texts
    assert {str(link.miles) for link in view.links} <= texts


def test_two_player_pictures():
    moments, found = demo_scenes("neptun", 2, 3)
    for moment in ("start", "sailing", "final"):
        view, since = found[moment]
        image = open_png(render(view, ["Ana", "Bruno"], since=since))
        assert image.size == (load_layout().canvas.width, bands(2).height)


def test_bands_kept_from_earlier_pictures_are_never_stale():
    """Pictures drawn one after another (bands kept when what they show is unchanged) equal
    the same pictures drawn from scratch."""
    views = [GAME.view(s) for s, *_ in random_game(GAME, 3, 4, policy="explorer")]
    names = ["Ana", "Bruno", "Carla"]
    forget_drawn()
    kept = [render(v, names) for v in views[60:96]]
    for i in range(0, 36, 9):
        forget_drawn()
        assert render(views[60 + i], names) == kept[i], i
