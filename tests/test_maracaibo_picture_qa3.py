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
