"""The Maracaibo picture: every state of a whole game draws; the same view gives the same
bytes; hidden values never reach it; every text has its glyphs and fits its box; long,
accented and Cyrillic names; the demo writes its moments."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from render import text as tx
from render.maracaibo import draw_maracaibo, render
from render.maracaibo.layout import frame
from rules import get_game
from rules.fuzz import random_game

g = get_game("maracaibo")
NAMES = ["Жанна Д'Арк-Пономарёва", "José María de la Santísima Trinidad y Ñúñez",
         "山田太郎", "Zoë 🏴‍☠️ O'Brien"]


def test_every_state_of_a_whole_game_draws():
    drawn = 0
    since = None
    for state, seat, _, _ in random_game(g, 2, 31, policy="explorer"):
        view = g.view(state)
        image = draw_maracaibo(view, ["Ana", "Bruno"], since=since)
        assert image.mode == "P" and image.size == (1600, frame(2).height)
        if seat == 0:
            since = view
        drawn += 1
    assert drawn > 150


def test_same_view_same_bytes_and_a_round_trip_view_too():
    states = [s for s, *_ in random_game(g, 4, 8)]
    view = g.view(states[len(states) // 2])
    again = type(view).model_validate_json(view.model_dump_json())
    one = render(view, NAMES)
    assert one == render(view, NAMES) == render(again, NAMES)
    assert one.startswith(b"\x89PNG") and len(one) < 300 * 1024
    image = Image.open(io.BytesIO(one))
    assert image.size == (1600, frame(4).height)


def test_hidden_values_never_reach_the_picture():
    rng = random.Random(3)
    for state, *_ in list(random_game(g, 3, 12))[::60]:
        twin = g.determinize(state, None, rng)
        assert render(g.view(state)) == render(g.view(twin))
    with pytest.raises(ValueError, match="public view"):
        render(g.view(state, 0))


def test_every_text_has_its_glyphs_and_fits_its_box():
    states = [s for s, *_ in random_game(g, 4, 9, policy="explorer")]
    for state in (states[0], states[len(states) // 2], states[-1]):
        with tx.recording() as drawn:
            draw_maracaibo(g.view(state), NAMES, ["#4266f1", "orange", "#5ebd8e", "purple"])
        assert drawn
        for d in drawn:
            assert all(tx.can_draw(ch, d.face) or ch == " " for ch in d.text), d.text
            if d.max_width is not None:
                assert d.width <= d.max_width + 0.5, (d.text, d.width, d.max_width)
        texts = " ".join(d.text for d in drawn)
        assert "Жанна" in texts and "José" in texts and "Seat 3" not in texts


def test_names_and_colours_of_every_shape():
    view = g.view(g.setup(2, 4))
    short = render(view, ["A", "B"])
    long = render(view, [NAMES[0], NAMES[1]], ["#ffd422", "#1a1919"])
    odd = render(view, None, ["#123456", "not-a-colour-name"])
    assert short != long and odd.startswith(b"\x89PNG") and odd != render(view)


def test_the_demo_writes_four_moments(tmp_path, capsys):
    from render.__main__ import main

    assert main(["maracaibo", "--demo", str(tmp_path), "--players", "3"]) == 0
    assert "maracaibo-3p" in capsys.readouterr().out
    pictures = sorted(tmp_path.glob("maracaibo-3p-*.png"))
    assert len(pictures) >= 4
    assert {p.stem.rsplit("-", 1)[-1] for p in pictures} >= {"start", "middle", "late",
                                                             "final"}


def drawn_texts(view, names) -> str:
    with tx.recording() as drawn:
        draw_maracaibo(view, names)
    return " | ".join(d.text for d in drawn)


def test_a_prestige_building_names_its_investors_by_the_letters_on_their_pieces():
    from maracaibo_helpers import ready

    state = ready(3)
    state.seats[2].invested = [state.prestige[0]]
    # Zoe, Yann and Xena wear Z, Y and X on their pieces and panels: the third seat's
    # investment reads X, not the seat order's C
    texts = drawn_texts(g.view(state), ["Zoe", "Yann", "Xena"])
    assert "invested: X" in texts
    assert "invested: C" not in texts


def test_the_final_picture_names_the_winner_of_a_tie_on_vp_broken_by_doubloons():
    final = [s for s, *_ in random_game(g, 3, 5)][-1]
    assert final.step == "over"
    view = g.view(final)
    # seats 0 and 1 tie on VP; seat 1 kept more doubloons, so the final ranking puts it first
    for s in (0, 1):
        view.seats[s].vp = 80
    view.seats[2].vp = 50
    view.ranks = [2, 1, 3]
    texts = drawn_texts(view, ["Ana", "Bruno", "Carla"])
    assert "Bruno wins" in texts and "Ana wins" not in texts


def test_a_three_digit_score_does_not_run_into_the_rank_beside_it(monkeypatch):
    from render.maracaibo.ink import Canvas

    final = [s for s, *_ in random_game(g, 2, 5)][-1]
    view = g.view(final)
    view.seats[0].vp = 135
    boxes: dict[str, tuple[float, float]] = {}
    original = Canvas.text

    def text(self, xy, text, *args, **kwargs):
        drawn = original(self, xy, text, *args, **kwargs)
        right = kwargs.get("anchor", "la")[0] == "r"
        boxes.setdefault(str(text), (xy[0] - drawn, xy[0]) if right else (xy[0], xy[0] + drawn))
        return drawn

    monkeypatch.setattr(Canvas, "text", text)
    draw_maracaibo(view, ["Ana", "Bruno"])
    rank = next(k for k in boxes if k.startswith(f"#{view.ranks[0]} · final"))
    assert boxes[rank][1] <= boxes["135 VP"][0] - 4


def test_the_final_picture_names_both_winners_of_a_shared_win():
    final = [s for s, *_ in random_game(g, 3, 5)][-1]
    state = final.model_copy(deep=True)
    # seats 0 and 1 tie on VP and doubloons: the default rules let them share the win
    state.seats[0].vp = state.seats[1].vp = 80
    state.seats[2].vp = 50
    state.seats[0].dbl = state.seats[1].dbl = 6
    view = g.view(state)
    assert view.ranks == [1, 1, 3]
    texts = drawn_texts(view, ["Ana", "Bruno", "Carla"])
    assert "Ana & Bruno share the win" in texts
    assert "Ana wins" not in texts and "Bruno wins" not in texts
