"""Helpers for the Maracaibo tests: a table past its secret setup choices, and ways to put
pieces where a seed rule's "given" wants them (the state is a plain pydantic model)."""

from __future__ import annotations

from typing import Any

from rules import get_game
from rules.maracaibo.data import load_data
from rules.maracaibo.state import MaracaiboState, TurnState

g = get_game("maracaibo")
DATA = load_data()


def play(state: MaracaiboState, seat: int, text: str) -> tuple[MaracaiboState, list]:
    """Parse and apply ``text`` for ``seat`` (what a chat command does)."""
    return g.play(state, seat, text)


def texts(events: list) -> str:
    return " | ".join(e.text for e in events)


def ready(players: int = 3, seed: int = 1, options: dict[str, Any] | None = None,
          careers: list[str] | None = None) -> MaracaiboState:
    """A table whose setup choices are made: every seat plans its first dealt card, keeps
    the next four and takes its first career (or the one asked for)."""
    state = g.setup(players, seed, options)
    for seat in range(players):
        p = state.seats[seat]
        dealt = list(p.dealt)
        if careers:
            p.careers_dealt = [careers[seat], *(c for c in p.careers_dealt
                                               if c != careers[seat])][:2]
        state, _ = play(state, seat, f"plan {dealt[0]}")
        state, _ = play(state, seat, "keep " + " ".join(dealt[1:5]))
        state, _ = play(state, seat, f"career {state.seats[seat].careers_dealt[0]}")
    assert state.step == "sail"
    return state


def at(state: MaracaiboState, seat: int, loc: str, mp: int = 1,
       step: str = "main") -> MaracaiboState:
    """``seat`` is on turn, its ship on ``loc`` after spending ``mp`` movement points."""
    new = state.model_copy(deep=True)
    new.current = seat
    new.step = step  # type: ignore[assignment]
    new.t = TurnState(mp=mp, path=[loc], start="0")
    new.seats[seat].ship = loc
    if loc not in new.seats[seat].reached:
        new.seats[seat].reached.append(loc)
    return new


def hand(state: MaracaiboState, seat: int, cards: list[str]) -> None:
    """Put these cards in the seat's hand (taken from wherever they lie)."""
    take(state, cards)
    state.seats[seat].hand = list(cards)


def take(state: MaracaiboState, cards: list[str]) -> None:
    zones = [state.deck, state.discard, state.display, state.box]
    for p in state.seats:
        zones += [p.hand, p.planned, p.bought, p.dealt, p.kept]
    for card in cards:
        for zone in zones:
            if card in zone:
                zone.remove(card)
                break


def place(state: MaracaiboState, seat: int, zone: str, cards: list[str]) -> None:
    take(state, cards)
    getattr(state.seats[seat], zone).extend(cards)


def unlock(state: MaracaiboState, seat: int, *spaces: str) -> None:
    ids = [s.id for s in DATA.ship.spaces]
    for space in spaces:
        state.seats[seat].discs[ids.index(space)] = 0
