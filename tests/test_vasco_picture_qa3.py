"""What a new player's look at Vasco da Gama's board pictures found: each test is a thing the
picture drew that a player would have misread, as given/when/then."""

from __future__ import annotations

from render import text
from render.vasco import draw_vasco
from render.vasco.demo import demo_scenes


def _drawn(view, names) -> list[str]:
    with text.recording() as seen:
        draw_vasco(view, names)
    return [d.text for d in seen]


def test_a_player_with_one_real_reads_1_real_as_the_summary_says():
    # given a player with exactly 1 Real (the summary says "1 Real")
    view, _ = demo_scenes(3, 1)["middle"]
    seats = [p.model_copy(deep=True) for p in view.seats]
    seats[1].coins = 1
    seats[1].captains = 1
    drawn = _drawn(view.model_copy(update={"seats": seats}), ["A", "B", "C"])
    # then the panel reads "1 Real", not "1 Reales"
    assert any(t.startswith("1 Real · 1 captain") for t in drawn), drawn
    assert not any(t.startswith("1 Reales") for t in drawn)


def test_the_navigation_board_says_what_a_slot_number_and_the_white_arrow_mean():
    from render.vasco import geometry as geo
    from render.vasco.static import static_texts
    from rules.vasco.data import load_data

    # given the slots' numbers (13, 11, 9, …) and '3 ▲4+' next to the action slots'
    # '3+ players': a new player could not tell a slot's need and VP, or read ▲4+ as players
    arrow = f"▲{load_data().arrow_min}+"
    for players in (2, 3, 4):
        texts = static_texts(players)
        # then a key in the Calicut row (right of its one slot) says both
        calicut = dict(geo.landing_rows())["calicut"]
        key = [t[5:] for t, (x0, y0, x1, y1) in texts
               if x0 > geo.landing_slot(calicut, 1)[2] and y0 >= calicut[1]
               and y1 <= calicut[3] and x1 <= calicut[2]]
        assert any("strength" in t and "VP" in t for t in key), key
        assert any(t.startswith(arrow) and "strength" in t for t in key), key
        assert not any("…" in t for t in key)


def test_a_player_panel_says_its_ships_are_those_in_hand_with_their_strength():
    from rules.vasco.data import load_data

    # given a player whose ships are all out on the navigation board (none in hand) and one
    # whose launched ship I-01 waits in hand: the panel read "Ships: —" beside the player's
    # own ships on the board, and "I-01 3/2" (a crew number that no longer matters)
    view, _ = demo_scenes(3, 1)["middle"]
    seats = [p.model_copy(deep=True) for p in view.seats]
    seats[0].ships, seats[1].ships = [], ["I-01"]
    drawn = _drawn(view.model_copy(update={"seats": seats}), ["A", "B", "C"])
    # then the label says "in hand", as the summary does, and the chip gives the strength
    assert drawn.count("Ships in hand:") == 3 and "Ships:" not in drawn
    strength = load_data().tiles["I-01"].strength
    assert f"I-01 str {strength}" in drawn
    assert not any(t.startswith("I-01 ") and "/" in t for t in drawn)
    # and every ship chip fits its 100 px chip, for every tile
    for tile, t in load_data().tiles.items():
        assert text.width(f"{tile} str {t.strength}", "regular", 16) <= 100 - 8
