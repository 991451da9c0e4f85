"""The Navegador picture as a new player reads it: every text in the shipped font with its
accents and never a missing glyph, nothing clipped, stones clear of the rondel labels,
phase badges above the arrows, colony owners on the map, and every turn since the last
human decision drawn."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image, ImageChops

from render import render_board, text
from render.navegador import draw_navegador, turns_since
from render.navegador import static as static_module
from render.navegador.demo import demo_scenes
from render.navegador.geometry import (
    boxes_meet,
    mark_box,
    rondel_labels,
    stone_places,
    tile_box,
)
from render.navegador.layout import load_layout
from render.navegador.panels import turn_label
from render.navegador.seats import seat_styles
from render.navegador.static import gates
from render.palette import PALETTE
from rules import get_game
from rules.fuzz import random_game
from rules.navegador.state import LastTurn

GAME = get_game("navegador")
HARD_NAMES = ["Αλέξανδρος Παπαδόπουλος", "Святослав Игоревич (computer)",
              "Maximiliano Alejandro de los Santos y Guzmán", "山田太郎 🏴‍☠️", "Zoë 🚢"]


@pytest.fixture(scope="module")
def scenes():
    return demo_scenes(5, 1)


def _drawn_everything(view, names, since=None) -> list[text.Drawn]:
    """Every text drawn for one picture, the static layer included (built afresh)."""
    static_module._build.cache_clear()
    with text.recording() as seen:
        draw_navegador(view, names, since=since)
    return seen


def _missing_mask(face: str, size: int) -> bytes:
    return _mask("\ue000", face, size)


def _mask(ch: str, face: str, size: int) -> bytes:
    f = text.font(face, size)
    img = Image.new("L", (size * 2, size * 2), 0)
    from PIL import ImageDraw

    ImageDraw.Draw(img).text((size // 2, size // 2), ch, font=f, fill=255)
    return img.tobytes()


def test_every_character_drawn_is_in_the_font_and_none_is_the_missing_glyph(scenes):
    view, since = scenes["phase3"]
    seen = _drawn_everything(view, HARD_NAMES, since)
    assert seen
    checked: set[tuple[str, str, int]] = set()
    for drawn in seen:
        for ch in drawn.text:
            assert ord(ch) in text.charset(drawn.face), (ch, drawn)
            key = (ch, drawn.face, drawn.size)
            if ch.isspace() or key in checked:
                continue
            checked.add(key)
            assert _mask(ch, drawn.face, drawn.size) != _missing_mask(drawn.face, drawn.size)
    everything = " ".join(d.text for d in seen)
    for name in ("Guiné", "Moçambique", "Ceilão", "Índia", "Αλέξανδρος", "Святослав"):
        assert name in everything
    assert "Guine " not in everything and "Ceilao" not in everything
    assert "山" not in everything and "Seat 4" in everything        # the CJK name's label


def test_no_text_is_wider_than_its_box(scenes):
    for moment in ("start", "phase3", "final"):
        view, since = scenes[moment]
        for drawn in _drawn_everything(view, HARD_NAMES, since):
            if drawn.max_width is not None:
                assert drawn.width <= drawn.max_width + 0.01, drawn
                assert drawn.size >= 10, drawn


def test_long_names_are_fitted_and_a_computer_is_marked_not_cut(scenes):
    view, since = scenes["phase2"]
    seen = _drawn_everything(view, HARD_NAMES, since)
    texts = [d.text for d in seen]
    assert not any("(comput" in t for t in texts)
    assert "cpu" in texts
    assert "Святослав Игоревич" in texts
    cut = [t for t in texts if t.startswith("Maximiliano") and t.endswith("…")]
    assert cut, "a name too long for the scoreboard ends with an ellipsis"
    assert not any(t.endswith("..") for t in texts)


def test_computer_seats_and_unreadable_names_get_clear_labels():
    layout = load_layout()
    styles = seat_styles(4, ["Henrique (computer)", "山田太郎", "Αλέξανδρος", "Émile 🚢"],
                         layout)
    assert [s.name for s in styles] == ["Henrique", "Seat 2", "Αλέξανδρος", "Émile"]
    assert [s.computer for s in styles] == [True, False, False, False]
    assert [s.letter for s in styles] == ["A", "B", "C", "D"]   # Greek A would look like A


def test_rondel_stones_never_cover_a_space_name_or_the_deadline_ship():
    layout = load_layout()
    keys = [s for s in GAME.view(GAME.setup(2, 1)).rondel]
    n = len(keys)
    labels = rondel_labels(layout, keys)
    assert len({label.size for label in labels}) == 1, "one size for every space name"
    assert min(label.size for label in labels) >= layout.fonts.min
    for space, label in enumerate(labels):
        assert " ".join(label.lines) == layout.rondel.labels[keys[space]]
        for other in range(n):
            assert not boxes_meet(label.box, mark_box(layout, other, n)), (space, other)
        for count in range(1, 6):
            places = stone_places(layout, space, n, count)
            for (x, y), r in places:
                assert not boxes_meet(label.box, (x - r, y - r, x + r, y + r)), (space, count)
            for i, (p, r1) in enumerate(places):
                for q, r2 in places[i + 1:]:
                    assert math.dist(p, q) >= r1 + r2, (space, count)


def test_phase_badges_stay_visible_above_arrows():
    """A route that crosses a red phase line leaves its numbered badge intact."""
    layout = load_layout()
    view = GAME.view(GAME.setup(3, 1))
    red = [e for e in view.edges if e.red][0]
    sailed = LastTurn(seat=0, turn=5, action="sail", legs=[f"{red.a}>{red.b} x2"])
    view = view.model_copy(update={"turns": [sailed], "last": sailed, "turn": 6})
    image = draw_navegador(view)
    plain = draw_navegador(GAME.view(GAME.setup(3, 1)))
    for centre, _ in gates(layout, [(r.id, r.phase_trigger) for r in view.regions],
                           [(e.a, e.b, e.red) for e in view.edges]):
        x, y = round(centre[0]), round(centre[1])
        box = (x - 11, y - 11, x + 11, y + 11)     # inside the round badge
        diff = ImageChops.difference(image.crop(box), plain.crop(box))
        assert max(hi for _, hi in diff.getextrema()) <= 3     # anti-aliased rim at most
    assert image.tobytes() != plain.tobytes()                   # the arrow is there


def test_colony_owners_show_on_the_map_in_their_colour():
    states = [s for s, *_ in random_game(GAME, 3, 2, policy="explorer")]
    view = GAME.view(states[-1])
    layout = load_layout()
    image = draw_navegador(view, ["Ana", "Bruno", "Carla"])
    owned = [r for r in view.regions if r.colonists]
    assert owned
    colours = {s.seat: s.color for s in seat_styles(3, ["Ana", "Bruno", "Carla"], layout)}
    for region in owned:
        x0, y0, x1, _ = tile_box(layout, region.id)
        row_y = y0 + layout.map.strip + 19
        strip = image.crop((x0 + 4, row_y - 12, x1 - 4, row_y + 12))
        present = {"#{:02x}{:02x}{:02x}".format(*c) for _, c in strip.getcolors(1 << 16)}
        for seat in set(region.colonists):
            assert colours[seat] in present, (region.id, seat)


def test_every_turn_since_the_last_human_decision_is_drawn(scenes):
    view, since = scenes["phase3"]
    shown = turns_since(view, since)
    assert len(shown) >= 2
    assert shown[0].turn == since.turn and shown[-1] == view.last
    assert turns_since(view, None) == [view.last]
    with_since = render_board(view, since=since)
    assert with_since != render_board(view)
    assert with_since == render_board(view, since=since)             # deterministic
    seen = [d for d in _drawn_everything(view, None, since) if d.text.startswith("Turn ")]
    bold = {d.text for d in seen if d.face.endswith("bold")}
    for record in shown:
        assert f"Turn {record.turn}" in bold


def test_the_header_uses_the_same_turn_and_round_as_the_summary():
    states = [s for s, *_ in random_game(GAME, 4, 3)]
    state = states[len(states) // 2]
    view = GAME.view(state)
    label = turn_label(view)
    assert label == f"Turn {view.turn} · Round {view.round}"
    assert f"turn {view.turn} (round {view.round})" in GAME.summary(state)
    static_module._build.cache_clear()
    with text.recording() as seen:
        draw_navegador(view)
    assert label in [d.text for d in seen]


def test_seat_colours_come_from_the_shared_palette():
    layout = load_layout()
    styles = seat_styles(5, None, layout)
    assert [s.color for s in styles] == [PALETTE[n] for n in layout.colors.seats]
    png = render_board(GAME.view(GAME.setup(5, 2)), colours=list(PALETTE)[3:8])
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"


def test_three_digit_scores_and_their_ranks_do_not_overlap(monkeypatch):
    """Final scores often pass 100 VP: the number and its "1st"/"2nd" stay apart in the
    scoreboard's VP column."""
    from render.navegador import panels
    from render.navegador.geometry import score_columns

    drawn: list[tuple[float, float, str]] = []
    original = panels.Pen.text

    def spy(self, xy, content, size, fill, anchor="la", *args, **kwargs):
        width = original(self, xy, content, size, fill, anchor, *args, **kwargs)
        x = xy[0]
        left = {"m": x - width / 2, "r": x - width}.get(anchor[0], x)
        drawn.append((left, left + width, str(content)))
        return width

    monkeypatch.setattr(panels.Pen, "text", spy)
    state = GAME.setup(5, 1)
    for seat, cash in enumerate([38000, 36000, 3000, 1400, 0]):   # 204, 194, ... VP
        state.sheets[seat].cash = cash
    view = GAME.view(state)
    scores = {str(p.score) for p in view.sheets}
    assert any(len(s) == 3 for s in scores)
    draw_navegador(view)
    x0, x1 = score_columns(load_layout())["score"]
    medals = {"1st", "2nd", "3rd", "4th", "5th"}
    cells = [d for d in drawn if x0 <= (d[0] + d[1]) / 2 <= x1 and
             (d[2] in scores or d[2] in medals)]
    numbers = [d for d in cells if d[2] in scores]
    ranks_ = [d for d in cells if d[2] in medals]
    assert len(numbers) == len(ranks_) == 5
    for number, rank in zip(numbers, ranks_, strict=True):
        assert x0 <= number[0] and rank[1] <= x1, (number, rank)
        assert number[1] + 2 <= rank[0], f"VP {number[2]} runs into its rank {rank[2]}"


@pytest.mark.parametrize(("variant", "says"), [
    (None, "Ends when Nagasaki is explored or a row is empty"),
    ("all-rows", "Ends when Nagasaki is explored or every row is empty"),
])
def test_the_status_box_states_the_end_rule_of_this_game(variant, says):
    state = GAME.setup(3, 1, GAME.options_for(variant))
    seen = _drawn_everything(GAME.view(state), None)
    assert says in [d.text for d in seen]


def test_while_kings_are_placed_the_header_names_everyone_and_no_zero_turns_are_counted():
    state = GAME.setup(3, 1)
    state.step = "king"
    state.end_triggered, state.end_reason, state.final_turns_left = \
        True, "Nagasaki has been explored", 0
    view = GAME.view(state)
    assert view.to_act == [0, 1, 2]
    seen = _drawn_everything(view, ["alice", "bob", "carol"])
    texts = [d.text for d in seen]
    doing = texts.index("place the King's privilege")
    header_names = [d for d in seen[doing - 3:doing]]
    assert [d.text for d in header_names] == ["alice", "bob", "carol"]
    assert all(d.size >= 22 for d in header_names), header_names   # not squeezed to 17 px
    assert not any("0 turns left" in t for t in texts)


def test_when_five_must_place_the_king_the_header_cuts_no_name():
    state = GAME.setup(5, 1)
    state.step = "king"
    state.end_triggered, state.final_turns_left = True, 0
    names = ["alice", "bob", "carol", "Maximiliano", "Henrique (computer)"]
    seen = [d.text for d in _drawn_everything(GAME.view(state), names)]
    header = seen[seen.index("NAVEGADOR") + 3:seen.index("place the King's privilege")]
    whole = {"alice", "bob", "carol", "Maximiliano", "Henrique", "cpu",
             "A", "B", "C", "M", "H"}                   # (the stones' letters)
    assert all(t in whole for t in header), f"cut or squeezed names in the header: {header}"


def test_a_tied_final_score_says_how_the_tie_was_broken():
    """Three players on 16 VP: the picture says why the first of them won."""
    state = GAME.setup(3, 1)
    state.step = "king"
    state.end_triggered, state.final_turns_left = True, 0
    for seat in range(3):
        state, _ = GAME.apply(state, seat, GAME.parse(state, seat, "king church"))
    view = GAME.view(state)
    assert view.result is not None and len(set(view.result.scores)) == 1
    drawn = [d.text for d in _drawn_everything(view, ["alice", "bob", "carol"])]
    texts = " ".join(drawn)
    assert "tie broken by the Navegador card" in texts
    # and the scoreboard places them as the tie-break did, not "1st" three times
    assert sorted(t for t in drawn if t in ("1st", "2nd", "3rd")) == ["1st", "2nd", "3rd"]
    state.sheets[view.result.ranking[1]].cash += 400                  # no tie now
    plain = " ".join(d.text for d in _drawn_everything(GAME.view(state), None))
    assert "tie broken" not in plain


def test_the_scoreboard_privilege_columns_are_titled_privileges():
    """'Col … Chu' next to 'Yards' and 'Church' read as more counts of buildings unless
    the group says they are privileges, as 'Colonies' and 'Factories' do for theirs."""
    view, since = demo_scenes(3, 1)["start"]
    texts = [d.text for d in _drawn_everything(view, None, since)]
    assert texts.count("Privileges") == 2          # the gallery and the scoreboard group
    for short in ("Col", "Fac", "Exp", "Yrd", "Chu"):
        assert short in texts


def test_the_gallery_says_whom_the_limit_of_three_is_for():
    view, since = demo_scenes(3, 1)["start"]
    texts = [d.text for d in _drawn_everything(view, None, since)]
    assert "at most 3 of a kind per player" in texts


@pytest.mark.parametrize(("variant", "says"), [
    (None, "Navegador card: bob"),
    ("card-anytime", "Navegador card (any turn): bob"),
])
def test_the_status_box_says_when_the_card_may_be_played(variant, says):
    """`card-anytime`: the holder may sail at the start of anyone's turn; the picture's
    status box says so beside the holder (it read the same as the default)."""
    state = GAME.setup(3, 1, GAME.options_for(variant))
    state.card.holder = 1
    seen = [d.text for d in _drawn_everything(GAME.view(state), ["alice", "bob", "carol"])]
    assert any(t.startswith(says) for t in seen), [t for t in seen if "card" in t]
