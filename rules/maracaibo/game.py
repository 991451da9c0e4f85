"""Maracaibo behind the shared rules contract."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError

from rules.chat import Verb
from rules.contract import Choice, Event, Game, GameResult, Move
from rules.errors import InvalidMoveError
from rules.maracaibo import chat, computer, hidden, notation, setup, turn
from rules.maracaibo.data import load_data
from rules.maracaibo.legal import legal_moves
from rules.maracaibo.moves import Turn
from rules.maracaibo.policy import SensibleRandom, explorer_weight
from rules.maracaibo.scoring import final_result, standings
from rules.maracaibo.state import MaracaiboState
from rules.maracaibo.summary import summary
from rules.maracaibo.view import MaracaiboView, build_view
from rules.policy import Policy


class Maracaibo(Game[MaracaiboState]):
    name = "maracaibo"
    title = "Maracaibo"
    state_type = MaracaiboState

    def __init__(self) -> None:
        data = load_data()
        self.min_players = data.min_players
        self.max_players = data.max_players

    def setup(self, players: int, seed: int,
              options: dict[str, Any] | None = None) -> MaracaiboState:
        return setup.setup(players, seed, options)

    def to_act(self, state: MaracaiboState) -> list[int]:
        return turn.to_act(state)

    def legal_moves(self, state: MaracaiboState, seat: int) -> list[Move]:
        return legal_moves(state, seat)

    def parse(self, state: MaracaiboState, seat: int, text: str) -> Move:
        try:
            return notation.parse(state, seat, text)
        except ValidationError as exc:
            raise InvalidMoveError(
                f"I can't read {notation.excerpt(text)!r} as a Maracaibo move.") from exc

    def apply(self, state: MaracaiboState, seat: int,
              move: Move) -> tuple[MaracaiboState, list[Event]]:
        steps = move.steps if isinstance(move, Turn) else (move,)
        # a fresh copy to change: dump + validate is much faster than a deep copy
        new = MaracaiboState.model_validate(state.model_dump())
        events: list[Event] = []
        for step in steps:
            turn.apply_step(new, seat, step, events)
        return new, events

    def view(self, state: MaracaiboState, seat: int | None = None) -> MaracaiboView:
        return build_view(state, seat)

    def result(self, state: MaracaiboState) -> GameResult | None:
        return final_result(state)

    def describe(self, state: MaracaiboState, seat: int, move: Move) -> str:
        return chat.describe(state, seat, move)

    def summary(self, state: MaracaiboState, seat: int | None = None) -> str:
        return summary(state, seat)

    def weight(self, state: MaracaiboState, seat: int, move: Move) -> float:
        return explorer_weight(state, seat, move)

    # At the chat table ------------------------------------------------------------

    def prompt(self, state: MaracaiboState, seat: int | None = None) -> str:
        return chat.prompt(state, seat)

    def progress(self, state: MaracaiboState) -> str:
        return chat.progress(state)

    def waiting_on(self, state: MaracaiboState) -> list[int]:
        return chat.waiting_on(state)

    def start_player(self, state: MaracaiboState) -> int:
        # everyone makes the setup choices at once; the first turn is the drawn start
        # player's (seed ⑭: 8 doubloons, then 9, 10, 11 clockwise)
        return state.start_player

    def idle_reason(self, state: MaracaiboState, seat: int) -> str:
        return chat.idle_reason(state, seat)

    def complete(self, state: MaracaiboState, seat: int, verb: Verb | None, text: str) -> str:
        return chat.complete(verb, text)

    def suggestions(self, state: MaracaiboState, seat: int,
                    verb: Verb | None) -> Iterator[Move]:
        return chat.suggestions(state, seat, verb)

    def steps(self, move: Move) -> list[Move]:
        return list(move.steps) if isinstance(move, Turn) else [move]

    def public_text(self, state: MaracaiboState, seat: int, move: Move) -> str:
        return chat.public_text(state, seat, move)

    def choices(self, state: MaracaiboState, seat: int) -> list[Choice]:
        return chat.choices(state, seat)

    def private_text(self, state: MaracaiboState, seat: int) -> str:
        return chat.private_text(state, seat)

    def standings(self, state: MaracaiboState) -> GameResult:
        return standings(state)

    def choices_private(self, state: MaracaiboState, seat: int) -> bool:
        p = state.seats[seat]
        secret_career = bool(p.career) and not p.career_shown
        return bool(p.hand or p.dealt or p.kept or p.plan_pick or secret_career
                    or state.step == "setup")

    # Computer players (rules/maracaibo/computer.py) ----------------------------------

    # measured: strong's search over seeded 2-player positions, 8,400 simulated moves per
    # CPU second (simulate + candidates + evaluate) on this machine under load
    sim_rate = 8000.0

    def policy(self, level: str = "easy") -> Policy:
        if level == "easy":
            return SensibleRandom()
        if level == "strong":
            return computer.strong()
        return super().policy(level)

    def evaluate(self, state: MaracaiboState, seat: int) -> float:
        return computer.evaluate(state, seat)

    def candidates(self, state: MaracaiboState, seat: int) -> list[Move]:
        return computer.candidates(state, seat, self.legal_moves(state, seat))

    def simulate(self, state: MaracaiboState, seat: int, move: Move) -> MaracaiboState:
        return computer.simulate(state, seat, move)

    def turn_continues(self, state: MaracaiboState, seat: int) -> bool:
        return computer.turn_continues(state, seat)

    def determinize(self, state: MaracaiboState, seat: int | None,
                    rng: random.Random) -> MaracaiboState:
        return hidden.determinize(state, seat, rng)
