"""Views of one seeded game at the moments worth a look, for the demo pictures.

A game may name its own moments in ``render/<game>/demo.py`` (``MOMENTS`` and
``demo_scenes(players, seed)``); otherwise a game played by its ``explorer`` random policy
is shown at its start, middle, late game and final position. Seat 0 plays the human:
each moment comes with the public view just before that seat's last decision, which is
what the bot passes as ``since``.
"""

from __future__ import annotations

import importlib
from typing import Any

from rules import get_game
from rules.fuzz import random_game

MOMENTS = ("start", "middle", "late", "final")
Scene = tuple[Any, Any]     # (public view, public view before the human's last decision)


def demo_scenes(game_name: str, players: int, seed: int,
                human: int = 0) -> tuple[tuple[str, ...], dict[str, Scene]]:
    """(moment names in order, moment -> scene)."""
    try:
        own = importlib.import_module(f"render.{game_name}.demo")
    except ModuleNotFoundError:
        own = None
    if own is not None and hasattr(own, "demo_scenes"):
        return tuple(own.MOMENTS), own.demo_scenes(players, seed)
    game = get_game(game_name)
    states: list[tuple[Any, Any]] = []
    before = since = None
    for state, seat, _, _ in random_game(game, players, seed, policy="explorer"):
        if seat == human and before is not None:
            since = before
        states.append((state, since))
        before = state
    picks = {"start": 0, "middle": len(states) // 2, "late": len(states) * 85 // 100,
             "final": len(states) - 1}
    scenes = {moment: (game.view(states[i][0]),
                       game.view(states[i][1]) if states[i][1] is not None else None)
              for moment, i in picks.items()}
    return MOMENTS, scenes
