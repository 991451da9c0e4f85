"""Views of one seeded game at the moments worth a look, for the demo pictures.

The game is played by the rules engine's own random player with its ``explorer`` policy
(see ``rules.fuzz``), which sails east, so the pictures show every phase.
"""

from __future__ import annotations

from typing import Any

from rules import get_game
from rules.fuzz import random_game

MOMENTS = ("start", "phase2", "phase3", "final")


def demo_moments(players: int, seed: int) -> dict[str, Any]:
    """Public views at the start, at the first turn played under phases II and III, and at
    the final scoring. Moments the game never reached are missing."""
    game = get_game("navegador")
    views: dict[str, Any] = {}
    state = None
    for state, _, _, _ in random_game(game, players, seed, policy="explorer"):
        if "start" not in views:
            views["start"] = game.view(state)
        key = f"phase{state.phase}"
        if state.phase > 1 and key not in views and state.step == "start":
            views[key] = game.view(state)
    if state is not None:
        views["final"] = game.view(state)
    return views
