"""Board picture review (qa3): what a new player reads on the Maracaibo picture."""

from __future__ import annotations

from render import text
from render.demo import demo_scenes
from render.maracaibo import draw_maracaibo

NAMES = ["Ana", "Bruno", "Carla", "Duarte"]


def _scene(players: int, seed: int, moment: str):
    return demo_scenes("maracaibo", players, seed)[1][moment]


def test_the_header_says_phase_c_not_a_bare_letter_a_player_also_wears():
    # seed 1, 4 players, late: Duarte draws cards; "(C)" read as Carla's letter
    view, since = _scene(4, 1, "late")
    assert view.step == "draw"
    with text.recording() as seen:
        draw_maracaibo(view, NAMES, since=since)
    drawn = [d.text for d in seen]
    assert "Duarte: draws cards (phase C)" in drawn, [t for t in drawn if "Duarte" in t]
    assert not any(t.endswith("(C)") or t.endswith("(B)") for t in drawn)


def test_a_display_card_reads_its_whole_effect_when_the_card_has_room():
    # B16a Fort Commander's effect wraps to 4 lines; the 4th ("nation)") was dropped,
    # leaving "+1 influence (any" with room to spare below
    view, since = _scene(4, 1, "final")
    assert "B16a" in view.display
    with text.recording() as seen:
        draw_maracaibo(view, NAMES, since=since)
    drawn = [d.text for d in seen]
    start = drawn.index("Fort Commander")
    assert drawn[start + 1: start + 5] == ["assistant at 15", "Portobelo: +3 CP,",
                                           "+1 influence (any", "nation)"], drawn[start:start + 6]


def test_every_ship_that_sailed_since_the_last_look_shows_its_way_on_the_route():
    # seed 1, 4 players, late: Ana, Bruno and Carla all sailed through 7-9, each frame
    # drawn over the one before: Ana's way (to 10) showed nowhere, Bruno's only at 10-12
    from render.maracaibo import moved_since
    from render.maracaibo.ink import index
    from render.maracaibo.layout import frame
    from render.maracaibo.seats import seat_styles

    view, since = _scene(4, 1, "late")
    image = draw_maracaibo(view, NAMES, since=since)
    f = frame(view.players)
    seats = seat_styles(view.players, NAMES, None)
    _, moved = moved_since(view, since)
    assert len({s for s, _ in moved}) == 4
    for seat, path in moved:
        for loc in path[1:]:
            x0, y0, x1, y1 = f.node(loc)
            ring = image.crop((x0 - 3, y0 - 3, x1 + 3, y0))       # the frame's top edge
            assert index(seats.fill(seat)) in {i for _, i in ring.getcolors()}, (seat, loc)


def test_four_explorers_at_the_start_cover_neither_the_space_name_nor_the_panel_edge():
    # 4 players at the start: the 4 tokens ran right to left from the box's right edge,
    # over "E0" and out past the box's left edge
    from render.maracaibo import geometry as geo
    from render.maracaibo.ink import index
    from render.maracaibo.layout import frame
    from render.maracaibo.seats import seat_styles

    view, since = _scene(4, 1, "start")
    assert all(s.explorer == "E0" for s in view.seats)
    image = draw_maracaibo(view, NAMES, since=since)
    f = frame(view.players)
    seats = seat_styles(view.players, NAMES, None)
    x0, y0, x1, y1 = geo.explorer_box(f, "E0")
    label = {i for _, i in image.crop((f.explorer[0], y0, x0 + 26, y1)).getcolors()}
    near = {i for _, i in image.crop((f.explorer[0], y0 - 26, x1 + 24, y1)).getcolors()}
    for seat in range(4):
        assert index(seats.fill(seat)) not in label, seat
        assert index(seats.fill(seat)) in near, seat


def test_the_route_title_says_what_a_frame_in_a_players_colour_means():
    # the frames of the latest sailings were explained nowhere; Bruno's orange ones read
    # as the red "stop every ship" frames of the title
    from PIL import Image

    from render.maracaibo.ink import Canvas
    from render.maracaibo.layout import frame
    from render.maracaibo.static import _labels

    f = frame(4)
    with text.recording() as seen:
        _labels(Canvas(Image.new("P", (f.width, f.height))), f, 4)
    title = next(d for d in seen if d.text.startswith("The route from Havana"))
    assert "red frames stop every ship" in title.text
    assert "player's colour" in title.text and "just sailed" in title.text, title.text
    assert "…" not in title.text
