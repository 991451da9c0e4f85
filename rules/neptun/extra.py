"""Extra turns 5-I and 5-II (spec §3.3).

After turn 5, if anyone still has an open contract, each player is asked in turn order
whether they take extra turn 5-I; those who do then play, in turn order, any oar card of
their hand openly (no secret choice, no forecast), sail and may fulfil. Then the same for
5-II (which may be taken without 5-I). A player without oar cards cannot take one; with
five cards drafted and five turns a round, only the two starting cards make extra turns,
so there are at most two in the whole game.
"""

from __future__ import annotations

from rules.contract import Event
from rules.errors import IllegalMoveError
from rules.neptun.data import load_data
from rules.neptun.moves import Extra, Oar
from rules.neptun.sailing import hand_card
from rules.neptun.state import NeptunState, OarCard

NAMES = {1: "5-I", 2: "5-II"}


def has_open(state: NeptunState, seat: int) -> bool:
    return any(s and s.status == "open" for s in state.seats[seat].chart)


def eligible(state: NeptunState) -> list[int]:
    """Who is asked, in turn order."""
    useful = load_data().extra.ask_only_useful
    return [s for s in state.order if state.seats[s].hand and (has_open(state, s) or not useful)]


def ask(state: NeptunState, which: int) -> list[Event]:
    """Start asking for extra turn ``which``; phase "ask" unless nobody can take it."""
    state.extra = which
    state.queue = eligible(state)
    state.said_yes = []
    state.actor = 0
    state.revealed = [None] * state.players     # no card is played in it yet
    if not state.queue:
        return []
    state.phase = "ask"
    asked = ", ".join(f"seat {s + 1}" for s in state.queue)
    return [Event(kind="extra-ask", text=f"Extra turn {NAMES[which]}: asking {asked} in turn "
                                         "order.")]


def answer(state: NeptunState, seat: int, move: Extra) -> tuple[list[Event], bool]:
    """Record one answer; returns whether everyone has answered."""
    if move.yes:
        if not state.seats[seat].hand:
            raise IllegalMoveError("You have no oar card left, so you cannot take an extra "
                                   "turn.")
        state.said_yes.append(seat)
    state.actor += 1
    word = "will take" if move.yes else "declines"
    events = [Event(kind="extra", seat=seat, text=f"{word} extra turn {NAMES[state.extra]}")]
    return events, state.actor >= len(state.queue)


def begin(state: NeptunState) -> list[Event]:
    """Everyone has answered: the extra turn is played by those who said yes."""
    state.queue = [s for s in state.order if s in state.said_yes]
    state.actor = 0
    state.phase = "extra"
    state.stage = "card"
    state.revealed = [None] * state.players
    state.voyages = []
    return []


def play_card(state: NeptunState, seat: int, move: Oar) -> list[Event]:
    card: OarCard = hand_card(state, seat, move)
    player = state.seats[seat]
    player.hand.remove(card)
    player.played.append(card)
    player.extra_turns += 1
    state.revealed[seat] = card
    state.stage = "sail"
    state.delivered = 0
    reach = state.wind + card.power
    return [Event(kind="extra-card", seat=seat, reveals=True,
                  text=f"played oar card {card.label} for extra turn {NAMES[state.extra]}: "
                       f"wind {state.wind} + power {card.power} = {reach} miles")]
