"""How seats look on every board (render/seats.py and each game's defaults)."""

from __future__ import annotations

from render import palette
from render.maracaibo.seats import seat_styles as maracaibo_seats
from render.navegador.layout import load_layout as navegador_layout
from render.navegador.seats import seat_styles as navegador_seats
from render.neptun.seats import seat_styles as neptun_seats
from render.seats import seat_styles, tint_of
from render.vasco.layout import load_layout as vasco_layout
from render.vasco.seats import seat_styles as vasco_seats

DEFAULTS = ["#111111", "#222222", "#333333"]


def test_the_computer_tag_leaves_the_name_and_marks_the_seat() -> None:
    styles = seat_styles(2, ["Ana", "Henrique (computer)"], None, DEFAULTS, "AB", 0.8)
    assert [s.name for s in styles] == ["Ana", "Henrique"]
    assert [s.computer for s in styles] == [False, True]


def test_initials_are_letters_only_when_all_differ_and_are_plain() -> None:
    def letters(names: list[str]) -> list[str]:
        return [s.letter for s in seat_styles(len(names), names, None, DEFAULTS, "XYZ", 0.8)]

    assert letters(["Émile", "bruno"]) == ["E", "B"]          # accents off, upper case
    assert letters(["Ana", "Alba"]) == ["X", "Y"]             # the same initial twice
    assert letters(["Ana", "Αλέξης"]) == ["X", "Y"]           # a Greek Alpha looks like A


def test_missing_or_undrawable_names_become_seat_numbers() -> None:
    styles = seat_styles(3, ["", "\u0378"], None, DEFAULTS, "ABC", 0.8)
    assert [s.name for s in styles] == ["Seat 1", "Seat 2", "Seat 3"]


def test_colours_by_name_or_hex_replace_the_defaults_and_bad_ones_keep_them() -> None:
    orange = palette.colour("orange")
    assert orange is not None
    styles = seat_styles(3, None, ["orange", "#ABCDEF", "mauve-ish"], DEFAULTS, "ABC", 0.8)
    assert [s.color for s in styles] == [orange.hex, "#abcdef", "#333333"]
    assert all(s.ink == palette.ink_for(s.color) for s in styles)


def test_each_board_keeps_its_own_defaults_and_tint() -> None:
    nav = navegador_seats(2, None, navegador_layout())
    assert [s.color for s in nav] == [palette.PALETTE[n]
                                      for n in navegador_layout().colors.seats[:2]]
    assert nav[0].tint == tint_of(nav[0].color, 0.78)
    vas = vasco_seats(2, None, vasco_layout())
    assert [s.color for s in vas] == [palette.PALETTE[n] for n in vasco_layout().colors.seats[:2]]
    assert vas[0].tint == tint_of(vas[0].color, 0.8)
    nep = neptun_seats(8, None)
    assert [s.color for s in nep] == [c.hex for c in palette.SEAT_COLOURS[:8]]
    assert [s.letter for s in nep] == list("ABCDEFGH")


def test_maracaibo_letters_are_initials_too() -> None:
    # a player called bob should not find "B" on someone else's pieces
    seats = maracaibo_seats(3, ["Isabela (computer)", "alice", "bob"])
    assert [seats.letter(s) for s in range(3)] == ["I", "A", "B"]
    assert seats.name(0) == "Isabela (computer)"
    same = maracaibo_seats(2, ["Ana", "Alba"])
    assert [same.letter(s) for s in range(2)] == ["A", "B"]
