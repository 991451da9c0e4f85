"""Navegador's demo moments: start, the first turns of phases II and III, the final.

The game is played by the rules engine's own random player with its ``explorer`` policy
(see ``rules.fuzz``), which sails east, so the pictures show every phase. Seat 0 plays the
human: each moment also comes with the view just before that seat's last decision, which
is what the bot passes as ``since`` so the picture shows every turn played after it.
"""

from __future__ import annotations

from typing import Any

from rules import get_game
from rules.fuzz import random_game

MOMENTS = ("start", "phase2", "phase3", "final")


def demo_scenes(players: int, seed: int, human: int = 0) -> dict[str, tuple[Any, Any]]:
    """moment -> (public view, the public view just before ``human``'s last decision, or
    None before their first). Moments the game never reached are missing."""
    game = get_game("navegador")
    scenes: dict[str, tuple[Any, Any]] = {}
    state = before = since = None
    for state, seat, _, _ in random_game(game, players, seed, policy="explorer"):
        if seat == human and before is not None:
            since = before
        view = game.view(state)
        if "start" not in scenes:
            scenes["start"] = (view, None)
        key = f"phase{state.phase}"
        if state.phase > 1 and key not in scenes and state.step == "start":
            scenes[key] = (view, game.view(since) if since is not None else None)
        before = state
    if state is not None:
        scenes["final"] = (game.view(state), game.view(since) if since is not None else None)
    return scenes
