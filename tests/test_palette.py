"""render/palette.py: seat colours everyone can tell apart, with readable letters."""

from __future__ import annotations

import pytest

from render.palette import (
    ALIASES,
    PALETTE,
    SEAT_COLOURS,
    VISIONS,
    ciede2000,
    closest_pair,
    colour,
    contrast,
    distance,
    ink_for,
    min_distance,
    simulate,
)

# The floor every pair of seat colours keeps, for each kind of vision (CIEDE2000).
MIN_DELTA_E = 20.0


def test_there_are_at_least_seven_named_colours_with_plain_english_names():
    assert len(SEAT_COLOURS) >= 7
    names = [c.name for c in SEAT_COLOURS]
    assert len(set(names)) == len(names)
    assert all(n.isalpha() and n.islower() for n in names)
    assert {"orange", "blue", "green", "yellow", "red", "purple"} <= set(names)
    assert "sky blue" not in names
    assert list(PALETTE) == names


@pytest.mark.parametrize("vision", VISIONS)
def test_every_pair_of_seat_colours_is_far_apart(vision):
    d, a, b = closest_pair([c.hex for c in SEAT_COLOURS], vision)
    assert d >= MIN_DELTA_E, f"{a} and {b} are only {d:.1f} apart for {vision}"


def test_the_old_okabe_ito_seats_fail_the_same_floor():
    """What the test guards against: 'blue' and 'sky blue' or orange/yellow under CVD."""
    old = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"]
    assert min_distance(old) < MIN_DELTA_E


def test_ciede2000_matches_sharmas_reference_pairs():
    pairs = [((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
             ((50, 2.5, 0), (73, 25, -18), 27.1492),
             ((50, 2.49, -0.001), (50, -2.49, 0.0009), 7.1792),
             ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644)]
    for lab1, lab2, expected in pairs:
        assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)


def test_dichromat_simulation_merges_red_and_green_but_keeps_grey():
    red, green = "#ff0000", "#00a000"
    assert distance(red, green, "normal") > 2 * distance(red, green, "deuteranopia")
    grey = (0.5, 0.5, 0.5)
    for vision in VISIONS:
        assert simulate(grey, vision) == pytest.approx(simulate(grey, "normal"), abs=0.01)


def test_every_letter_reads_on_its_colour():
    for c in SEAT_COLOURS:
        assert contrast(c.hex, c.ink) >= 4.5 - 0.05, c    # bold letters: large text needs 3
        other = "#ffffff" if c.ink != "#ffffff" else "#1d1d1d"
        assert contrast(c.hex, c.ink) >= contrast(c.hex, other), c
        assert ink_for(c.hex) == c.ink
    assert ink_for("#000080") == "#ffffff" and ink_for("#ffff99") == "#1d1d1d"


def test_players_may_type_a_colour_loosely():
    assert colour("Orange").name == "orange"
    assert colour(" DARK-blue ").name == "blue"
    assert colour("grey").name == "black"
    assert colour("sky blue") is None
    assert all(colour(alias) is not None for alias in ALIASES)
