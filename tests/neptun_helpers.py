"""Helpers for the Neptun tests: tables set up the way a test case describes them.

Seats are 0-based in code and "P1".."P5" (seat + 1) in the test names, as in the spec.
"""

from __future__ import annotations

import random
from typing import Any

from rules import RulesError, get_game
from rules.neptun.game import Neptun
from rules.neptun.moves import Flip, Oar, Take
from rules.neptun.sea import link_key
from rules.neptun.state import Column, NeptunState, OarCard, Slot

GAME: Neptun = get_game("neptun")  # type: ignore[assignment]


def new(players: int = 4, seed: int = 1, **options: Any) -> NeptunState:
    return GAME.setup(players, seed, options or None)


def play(state: NeptunState, seat: int, text: str) -> NeptunState:
    return GAME.play(state, seat, text)[0]


def apply(state: NeptunState, seat: int, move: Any) -> NeptunState:
    return GAME.apply(state, seat, move)[0]


def refused(state: NeptunState, seat: int, text: str) -> str:
    """The sentence a refused move gets (fails the test if it is accepted)."""
    try:
        GAME.play(state, seat, text)
    except RulesError as exc:
        return str(exc)
    raise AssertionError(f"{text!r} was accepted")


def oar(power: int, forecast: int = 0, start: bool = False) -> OarCard:
    return OarCard(power=power, forecast=forecast, start=start)


def column(city: str = "ATH-1", goods: str = "wine", card: OarCard | None = None,
           up: bool = False, gold: int = 0) -> Column:
    return Column(city=city, goods=goods, oar=card or oar(4), face_up=up, gold=gold)


def finish_draft(state: NeptunState, rng: random.Random | None = None) -> NeptunState:
    """Play phase 1 to its end: each player takes the leftmost face-up contract (or turns
    one over) into the leftmost free slot."""
    rng = rng or random.Random(0)
    while state.phase == "draft":
        seat = GAME.to_act(state)[0]
        moves = GAME.legal_moves(state, seat)
        takes = [m for m in moves if isinstance(m, Take)]
        move = min(takes, key=lambda m: (m.slot, m.column)) if takes else Flip()
        state = apply(state, seat, move)
    return state


def choose_all(state: NeptunState, picks: dict[int, int] | None = None) -> NeptunState:
    """Everyone still choosing picks a card (by place in hand, default the first)."""
    for seat in list(GAME.to_act(state)):
        state = apply(state, seat, Oar(index=(picks or {}).get(seat, 1)))
    return state


def set_miles(state: NeptunState, **miles: int) -> NeptunState:
    """set_miles(state, CRE_ATH=5) puts a 5 marker on the Crete-Athenae link."""
    for name, value in miles.items():
        a, b = name.split("_")
        key = link_key(a, b)
        assert key is not None, name
        state.miles[key] = value
    return state


def sailing_state(players: int = 4, seed: int = 1) -> NeptunState:
    """Phase 2, turn 1, right after the reveal: ``order[0]`` is about to sail."""
    state = finish_draft(new(players, seed))
    return choose_all(state)


def chart(state: NeptunState, seat: int, *slots: tuple[str, str, str] | None) -> None:
    """Replace a seat's chart: (city card, goods, status) per slot, None = empty."""
    state.seats[seat].chart = [Slot(city=s[0], goods=s[1], status=s[2]) if s else None
                               for s in slots]


def acting(state: NeptunState) -> int:
    seats = GAME.to_act(state)
    assert len(seats) == 1, seats
    return seats[0]


def order_to(state: NeptunState, order: list[int]) -> NeptunState:
    state.order = list(order)
    return state


def at_athenae_state(gold: int = 0, *slots: tuple[str, str, str] | None
                     ) -> tuple[NeptunState, int]:
    """The seat to sail is in Athenae, has stayed there and may now fulfil (by default an
    open ATH-1 oil contract in slot 1)."""
    state = sailing_state(4)
    seat = acting(state)
    state.seats[seat].ship = "ATH"
    state.seats[seat].gold = gold
    chart(state, seat, *(slots or (("ATH-1", "oil", "open"), None, None, None, None)))
    state = play(state, seat, "stay")
    return state, seat
