"""Neptun's board picture as a new player reads it (third quality pass): every player is
in every temple box, the extra-turn row says who plays next, and the temples' caption
matches how a stack is drawn."""

from __future__ import annotations

import math
from collections import Counter

from PIL import Image

from render import text
from render.neptun.demo import demo_scenes
from render.neptun.layout import bands, load_layout
from render.neptun.panels import _track_row, draw_temples
from render.neptun.pen import Pen, recording_boxes
from render.neptun.seats import seat_styles
from render.neptun.ships import voyage_lines

NAMES = ["Ana", "Bruno", "Carla", "Duarte", "Eva"]


def _drawn(draw) -> list[str]:
    layout = load_layout()
    image = Image.new("RGB", (layout.canvas.width, 2000), "#ffffff")
    with text.recording() as seen:
        draw(Pen(image), layout)
    return [d.text for d in seen]


def test_every_player_shows_in_every_temple_box_with_five_players_all_apart():
    view, _ = demo_scenes(5, 1)["final"]
    gold = [7, 5, 3, 2, 1]                    # five different amounts: five rows
    sheets = [s.model_copy(update={"gold": gold[s.seat]}) for s in view.sheets]
    view = view.model_copy(update={"sheets": sheets, "gold_ranking": [0, 1, 2, 3, 4]})
    seats = seat_styles(5, NAMES)
    b = bands(5)
    seen = _drawn(lambda pen, layout: draw_temples(pen, layout, view, seats, b))
    letters = Counter(t for t in seen if t in "ABCDE" and t)
    assert letters == {s.letter: 6 for s in seats}      # 5 temples and the Gold temple
    for amount in gold:
        assert f"{amount} g" in seen


def test_the_extra_turn_row_names_one_seat_next_and_the_one_playing_now():
    view, _ = demo_scenes(3, 2)["extra"]
    assert view.phase == "extra" and len(view.queue) == 3
    current = view.queue[0]
    sheets = [s.model_copy(update={"revealed": None}) for s in view.sheets]
    view = view.model_copy(update={"sheets": sheets, "current": current, "stage": "card"})
    seats = seat_styles(3, NAMES)
    seen = _drawn(lambda pen, layout: _track_row(pen, layout, view, seats, 100))
    assert seen.count("plays next") == 1
    assert "playing now" in seen and "plays later" in seen


def test_the_temples_caption_says_which_token_of_a_stack_ranks_higher_as_drawn():
    view, _ = demo_scenes(3, 1)["final"]
    seats = seat_styles(3, NAMES)
    seen = _drawn(lambda pen, layout: draw_temples(pen, layout, view, seats, bands(3)))
    caption = next(t for t in seen if t.startswith("Temples"))
    assert "left" in caption and "lowest" not in caption


def test_the_oar_track_draws_each_stack_in_next_turn_order_clear_of_its_caption():
    view, _ = demo_scenes(3, 1)["contracts"]
    view = view.model_copy(update={"phase": "draft", "oar_track": {7: [0, 2], 5: [1]}})
    seats = seat_styles(3, NAMES)
    with recording_boxes() as boxes:
        seen = _drawn(lambda pen, layout: _track_row(pen, layout, view, seats, 100))
    # the top of a stack (the later arrival) acts first: drawn first, left of the one below
    assert [t for t in seen if t in ("A", "B", "C")] == ["B", "C", "A"]
    caption = next(t for t in seen if t.startswith("Oar track"))
    assert "left first" in caption
    right = next(box[2] for t, box, _ in boxes if t.startswith("Oar track"))
    first_space = min(box[0] for t, box, _ in boxes if t == "1")
    assert right + 8 <= first_space


def test_two_voyages_along_the_same_link_are_drawn_side_by_side_not_one_over_the_other():
    view, _ = demo_scenes(2, 7)["choosing"]
    routes = [v.route for v in view.voyages]
    assert ["THE", "BYZ"] in [r[-2:] for r in routes if len(r) > 2] and ["THE", "BYZ"] in routes
    lines = voyage_lines(load_layout(), view)
    assert len(lines) == 2
    (_, first), (_, second) = lines
    end_a, end_b = first[-1], second[-1]           # both end in Byzantium, in two lanes
    assert math.dist(end_a, end_b) >= 6
    assert render_same_twice(view)


def render_same_twice(view) -> bool:
    from render.neptun import forget_drawn, render
    forget_drawn()
    once = render(view, NAMES[:2])
    forget_drawn()
    return render(view, NAMES[:2]) == once
