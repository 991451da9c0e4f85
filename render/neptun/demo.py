"""Neptun's demo moments: the start, contracts being drafted, oar cards being chosen in
secret, ships sailing, an extra turn, and the final score.

The game is played by the rules engine's own random player with its ``explorer`` policy
(which fulfils contracts and takes extra turns), so the pictures show every part of a
round. Seat 0 plays the human: each moment also comes with the view just before that
seat's last decision, which is what the bot passes as ``since``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules import get_game
from rules.fuzz import random_game

MOMENTS = ("start", "contracts", "choosing", "sailing", "extra", "final")

Test = Callable[[Any], bool]
WANTED: dict[str, Test] = {
    "contracts": lambda s: s.phase == "draft" and s.round == 2 and s.draft_turn == 3
    and s.revealing is not None,
    "choosing": lambda s: s.phase == "choose" and s.round == 2 and s.sail_turn == 3
    and 0 < sum(p.choice is not None for p in s.seats) < s.players,
    "sailing": lambda s: s.phase == "sail" and s.round == 2 and s.sail_turn == 3
    and len([v for v in s.voyages if len(v.route) > 1]) >= 2,
    "extra": lambda s: s.phase == "extra" and s.stage == "sail",
}


def demo_scenes(players: int, seed: int, human: int = 0) -> dict[str, tuple[Any, Any]]:
    """moment -> (public view, the public view just before ``human``'s last decision, or
    None before their first). Moments the game never reached are missing."""
    game = get_game("neptun")
    scenes: dict[str, tuple[Any, Any]] = {}
    state = before = since = None
    for state, seat, _, _ in random_game(game, players, seed, policy="explorer"):
        if seat == human and before is not None:
            since = before
        back = game.view(since) if since is not None else None
        if "start" not in scenes:
            scenes["start"] = (game.view(state), None)
        for moment, wanted in WANTED.items():
            if moment not in scenes and wanted(state):
                scenes[moment] = (game.view(state), back)
        before = state
    if state is not None:
        scenes["final"] = (game.view(state), game.view(since) if since is not None else None)
    return scenes
