"""The demo's moments for Vasco da Gama: discs going out in round 1, numbers being called
in round 3, a crowded navigation board in round 5, and the final score. Seat 1 plays the
human; each picture shows the log since that seat's last decision, as the bot does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules import get_game
from rules.fuzz import random_game
from rules.vasco.state import VascoState

MOMENTS = ("start", "middle", "late", "final")


def _ships(state: VascoState) -> int:
    return sum(1 for slots in state.landings.values() for s in slots if s is not None)


def demo_scenes(players: int, seed: int, human: int = 0) -> dict[str, tuple[Any, Any]]:
    game = get_game("vasco")
    tests: dict[str, Callable[[VascoState], bool]] = {
        "start": lambda s: s.phase == "place" and s.round == 1 and sum(
            1 for slots in s.slots.values() for d in slots if d) >= players,
        "middle": lambda s: s.phase == "act" and s.round == 3 and s.called >= 8,
        "late": lambda s: s.phase == "act" and s.round == 5 and s.called >= 10,
    }
    found: dict[str, tuple[Any, Any]] = {}
    before = since = None
    last: VascoState | None = None
    for state, seat, _, _ in random_game(game, players, seed, policy="explorer"):
        if seat == human and before is not None:
            since = before
        for moment, test in tests.items():
            if moment not in found and test(state):
                found[moment] = (game.view(state), game.view(since) if since else None)
        before = last = state
    assert last is not None
    found["final"] = (game.view(last), game.view(since) if since else None)
    return found
