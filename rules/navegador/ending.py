"""The end of the game: its trigger and the final round (spec §8.3)."""

from __future__ import annotations

from rules.contract import Event
from rules.navegador.state import NavegadorState


def trigger_end(state: NavegadorState, seat: int, reason: str) -> list[Event]:
    """After the turn in progress, every player takes one more turn and whoever triggered
    the end plays last. A second trigger changes nothing."""
    if state.end_triggered:
        return []
    state.end_triggered = True
    state.end_reason = reason
    # Turn-ends still to come: the turn in progress, one more for everybody, and (only when
    # the card was played in someone else's turn, the CN reading) on to the trigger player.
    catch_up = (seat - state.current) % state.players
    state.final_turns_left = 1 + state.players + catch_up
    return [Event(kind="end", text=f"The end is triggered: {reason}. "
                                   "Every player takes one more turn.")]
