"""Neptun behind the shared rules contract."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError

from rules.chat import Verb
from rules.contract import Choice, Event, Game, GameResult, Move
from rules.errors import IllegalMoveError, InvalidMoveError, NotYourTurnError, RulesError
from rules.neptun import chat, computer, hidden, notation, scoring, setup, turn
from rules.neptun.data import load_data
from rules.neptun.moves import Turn
from rules.neptun.policy import SensibleRandom, explorer_weight
from rules.neptun.state import NeptunState, copy_state
from rules.neptun.view import NeptunView, build_view
from rules.policy import Policy


class Neptun(Game[NeptunState]):
    name = "neptun"
    title = "Neptun"
    state_type = NeptunState

    def __init__(self) -> None:
        data = load_data()
        self.min_players = data.min_players
        self.max_players = data.max_players

    def setup(self, players: int, seed: int,
              options: dict[str, Any] | None = None) -> NeptunState:
        return setup.setup(players, seed, options)

    def to_act(self, state: NeptunState) -> list[int]:
        return turn.to_act(state)

    def legal_moves(self, state: NeptunState, seat: int) -> list[Move]:
        return list(turn.legal_steps(state, seat))

    def parse(self, state: NeptunState, seat: int, text: str) -> Move:
        try:
            return notation.parse(state, seat, text)
        except ValidationError as exc:
            raise InvalidMoveError("I can't read that as a Neptun move.") from exc

    def apply(self, state: NeptunState, seat: int,
              move: Move) -> tuple[NeptunState, list[Event]]:
        steps = move.steps if isinstance(move, Turn) else (move,)
        if steps and seat not in turn.to_act(state):
            turn.apply_step(state, seat, steps[0])    # refuses before anything is copied
        # A fresh copy to change: dump + validate is faster than a deep copy.
        new = copy_state(state)
        events: list[Event] = []
        for i, step in enumerate(steps):
            if i and seat not in turn.to_act(new):
                raise IllegalMoveError(f"Your turn ends before `{step}`, so that command "
                                       "cannot be played as a whole; nothing was changed.")
            events += turn.apply_step(new, seat, step)  # type: ignore[arg-type]
        turn.remember(new, events)
        return new, events

    def view(self, state: NeptunState, seat: int | None = None) -> NeptunView:
        return build_view(state, seat)

    def result(self, state: NeptunState) -> GameResult | None:
        return scoring.result(state) if state.phase == "over" else None

    def weight(self, state: NeptunState, seat: int, move: Move) -> float:
        return explorer_weight(state, seat, move)

    def check_may_act(self, state: NeptunState, seat: int) -> None:
        if seat not in turn.to_act(state):
            raise NotYourTurnError(chat.idle_reason(state, seat))

    # Words for players -----------------------------------------------------------

    def describe(self, state: NeptunState, seat: int, move: Move) -> str:
        try:
            return chat.describe(state, seat, move)
        except (RulesError, KeyError, IndexError):
            return str(move)

    def summary(self, state: NeptunState, seat: int | None = None) -> str:
        return chat.summary(state)

    def prompt(self, state: NeptunState, seat: int | None = None) -> str:
        return chat.prompt(state, seat)

    def progress(self, state: NeptunState) -> str:
        return chat.progress(state)

    def waiting_on(self, state: NeptunState) -> list[int]:
        return chat.waiting_on(state)

    def idle_reason(self, state: NeptunState, seat: int) -> str:
        return chat.idle_reason(state, seat)

    def complete(self, state: NeptunState, seat: int, verb: Verb | None, text: str) -> str:
        return chat.complete(state, verb, text)

    def suggestions(self, state: NeptunState, seat: int, verb: Verb | None) -> Iterator[Move]:
        return chat.suggestions(state, seat, verb)

    def steps(self, move: Move) -> list[Move]:
        return list(move.steps) if isinstance(move, Turn) else [move]

    def public_text(self, state: NeptunState, seat: int, move: Move) -> str:
        return chat.public_text(state, seat, move)

    def private_text(self, state: NeptunState, seat: int) -> str:
        return chat.private_text(state, seat)

    def standings(self, state: NeptunState) -> GameResult:
        return chat.standings(state)

    def choices(self, state: NeptunState, seat: int) -> list[Choice]:
        return chat.choices(state, seat)

    def choices_private(self, state: NeptunState, seat: int) -> bool:
        return chat.choices_private(state, seat)

    # Computer players (rules/neptun/computer.py) ------------------------------------

    # measured: 7,700 simulated moves per CPU second at strong in the arena (2 players,
    # 2-core machine under load), via simulate + candidates + evaluate
    sim_rate = 7000.0

    def policy(self, level: str = "easy") -> Policy:
        return SensibleRandom() if level == "easy" else super().policy(level)

    def evaluate(self, state: NeptunState, seat: int) -> float:
        return computer.evaluate(state, seat)

    def candidates(self, state: NeptunState, seat: int) -> list[Move]:
        return computer.candidates(state, seat, self.legal_moves(state, seat))

    def simulate(self, state: NeptunState, seat: int, move: Move) -> NeptunState:
        return computer.simulate(state, seat, move)

    def turn_continues(self, state: NeptunState, seat: int) -> bool:
        return computer.turn_continues(state, seat)

    def determinize(self, state: NeptunState, seat: int | None,
                    rng: random.Random) -> NeptunState:
        return hidden.determinize(state, seat, rng)
