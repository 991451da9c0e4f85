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
