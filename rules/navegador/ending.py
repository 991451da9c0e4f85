"""The end of the game: its trigger and the final round (spec §8.3)."""

from __future__ import annotations

from rules.contract import Event
from rules.navegador.state import NavegadorState


def trigger_end(state: NavegadorState, reason: str) -> list[Event]:
    """After the turn in progress, every player takes exactly one more turn; whoever
    triggered the end plays last. A second trigger changes nothing."""
    if state.end_triggered:
        return []
    state.end_triggered = True
    state.end_reason = reason
    # The turn in progress counts as one: it ends, then each player plays once more.
    state.final_turns_left = state.players + 1
    return [Event(kind="end", text=f"The end is triggered: {reason}. "
                                   "Every player takes one more turn.")]
