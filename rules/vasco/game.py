"""Vasco da Gama behind the shared rules contract."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError

from rules.chat import Verb
from rules.contract import Choice, Event, Game, GameResult, Move
from rules.errors import IllegalMoveError, InvalidMoveError, RulesError
from rules.policy import Policy
from rules.vasco import chat, computer, hidden, legal, notation, setup, turn
from rules.vasco.data import load_data
from rules.vasco.describe import describe_move
from rules.vasco.moves import Turn
from rules.vasco.policy import SensibleRandom, explorer_weight
from rules.vasco.scoring import result
from rules.vasco.state import VascoState
from rules.vasco.view import VascoView, build_view


class VascoDaGama(Game[VascoState]):
    name = "vasco"
    title = "Vasco da Gama"
    moves_public = True     # hidden: stack and bag orders, never what may be played
    state_type = VascoState

    def __init__(self) -> None:
        data = load_data()
        self.min_players = data.min_players
        self.max_players = data.max_players

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None
              ) -> VascoState:
        return setup.setup(players, seed, options)

    def start_player(self, state: VascoState) -> int:
        # the Sernigi holder may place the setup merchant first; the round starts here
        return state.start

    def to_act(self, state: VascoState) -> list[int]:
        return turn.to_act(state)

    def legal_moves(self, state: VascoState, seat: int) -> list[Move]:
        return list(legal.legal_moves(state, seat))

    def parse(self, state: VascoState, seat: int, text: str) -> Move:
        try:
            return notation.parse(state, seat, text)
        except ValidationError as exc:    # a value pydantic refuses, e.g. a huge number
            raise InvalidMoveError(f"I can't read '{notation.short(text)}' as a move.") from exc

    def apply(self, state: VascoState, seat: int, move: Move) -> tuple[VascoState, list[Event]]:
        if not 0 <= seat < state.players:
            raise IllegalMoveError(f"There is no seat {seat + 1} in this game.")
        steps = move.steps if isinstance(move, Turn) else (move,)
        # A fresh copy to change: dump + validate is faster than a deep copy.
        new = VascoState.model_validate(state.model_dump())
        events: list[Event] = []
        for step in steps:
            events += turn.apply_step(new, seat, step)
        return new, events

    def view(self, state: VascoState, seat: int | None = None) -> VascoView:
        return build_view(state, seat)

    def result(self, state: VascoState) -> GameResult | None:
        return result(state) if state.phase == "over" else None

    def weight(self, state: VascoState, seat: int, move: Move) -> float:
        return explorer_weight(state, seat, move)

    # Words for players -------------------------------------------------------------

    def describe(self, state: VascoState, seat: int, move: Move) -> str:
        try:
            return describe_move(state, seat, move)
        except (RulesError, KeyError, IndexError, ValueError):
            return str(move)

    def summary(self, state: VascoState, seat: int | None = None) -> str:
        from rules.vasco.describe import summary

        return summary(state)

    # At the chat table -------------------------------------------------------------

    def prompt(self, state: VascoState, seat: int | None = None) -> str:
        return chat.prompt(state, seat)

    def progress(self, state: VascoState) -> str:
        return chat.progress(state)

    def waiting_on(self, state: VascoState) -> list[int]:
        return chat.waiting_on(state)

    def idle_reason(self, state: VascoState, seat: int) -> str:
        return chat.idle_reason(state, seat)

    def waiting_for(self, state: VascoState) -> str:
        """Names only the seat with the regular decision, not those who may launch."""
        seats = chat.waiting_on(state)
        if not seats:
            return "The game is over; no more moves can be made."
        return f"It is not your turn: waiting for seat {seats[0] + 1}."

    def complete(self, state: VascoState, seat: int, verb: Verb | None, text: str) -> str:
        return chat.complete(state, seat, verb, text)

    def suggestions(self, state: VascoState, seat: int, verb: Verb | None) -> Iterator[Move]:
        return chat.suggestions(state, seat, verb)

    def choices(self, state: VascoState, seat: int) -> list[Choice]:
        from rules.vasco.choices import choices

        return choices(state, seat)

    def steps(self, move: Move) -> list[Move]:
        return list(move.steps) if isinstance(move, Turn) else [move]

    def private_text(self, state: VascoState, seat: int) -> str:
        return chat.private_text(state, seat)

    def standings(self, state: VascoState) -> GameResult:
        return chat.standings(state)

    # Computer players (rules/vasco/computer.py) --------------------------------------

    # simulated moves per CPU second through simulate + candidates + evaluate, as the
    # arena measured the strong computer at 6,400/s (think 0.3, 2 cores under load)
    sim_rate = 6000.0

    def policy(self, level: str = "easy") -> Policy:
        return SensibleRandom() if level == "easy" else super().policy(level)

    def evaluate(self, state: VascoState, seat: int) -> float:
        return computer.evaluate(state, seat)

    def candidates(self, state: VascoState, seat: int) -> list[Move]:
        return computer.candidates(state, seat, self.legal_moves(state, seat))

    def simulate(self, state: VascoState, seat: int, move: Move) -> VascoState:
        return computer.simulate(state, seat, move)

    def turn_continues(self, state: VascoState, seat: int) -> bool:
        return computer.turn_continues(state, seat)

    def determinize(self, state: VascoState, seat: int | None,
                    rng: random.Random) -> VascoState:
        return hidden.determinize(state, rng)
