"""What a new player's look at Navegador's board picture found: each test is something
the picture showed that a player would have misread, as given/when/then."""

from __future__ import annotations

from render import text
from render.navegador import render
from render.navegador.demo import demo_scenes

NAMES = ["Ana", "Bruno", "Carla", "Duarte", "Eva"]


def drawn(view, since=None) -> list[str]:
    with text.recording() as seen:
        render(view, NAMES[:view.players], since=since)
    return [d.text for d in seen]


def test_the_log_says_how_many_ships_an_exploration_cost():
    # given 4 players, seed 1: Carla sailed 2 ships Rio > Cabo and explored it (1 is lost
    # there), so the arrow says "C×2" and only 1 of her ships stands in Cabo
    view, since = demo_scenes(4, 1)["phase2"]
    cab = next(r for r in view.regions if r.id == "CAB")
    assert cab.ships == {2: 1} and cab.loss == 1
    assert view.turns[-1].explored == ["CAB"] and view.turns[-1].legs == ["RIO>CAB x2"]
    # then her log line says where the other ship went
    line = next(t for t in drawn(view, since) if t.startswith("Sail RIO>CAB x2"))
    assert line == "Sail RIO>CAB x2 — explored Cabo da Boa Esperança (lost 1 ship)", line


def test_the_scoreboard_says_what_the_k_of_a_kings_privilege_is():
    # given a 5-player game over, where players placed their King's privilege: the
    # scoreboard's privilege columns read "2+K", "1+K", "K"
    view, since = demo_scenes(5, 1)["final"]
    assert any(p.king for p in view.sheets)
    seen = drawn(view, since)
    assert any(t.endswith("+K") for t in seen)
    # then the privileges' header says what K is
    assert "K = King's" in seen, [t for t in seen if "Privilege" in t or "K" in t]
    # and before anyone has placed one, it does not (there is no K to explain)
    start, _ = demo_scenes(5, 1)["start"]
    assert "K = King's" not in drawn(start)
