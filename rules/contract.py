"""The rules contract every game implements.

A game is a stateless object; all state lives in a pydantic model that serialises to
JSON and back unchanged. Flow, for every game:

    state = game.setup(players, seed, options)
    while (seats := game.to_act(state)):
        move = game.parse(state, seat, text)          # or pick from game.legal_moves
        state, events = game.apply(state, seat, move)
    game.result(state)

A turn that has too many combinations to list (a fleet spreading over a map) is split
into small decisions, each enumerable by ``legal_moves``. ``parse`` still accepts a whole
turn in one text; such a move is a sequence of steps applied atomically.

Several seats may act at once (simultaneous secret choices, a card played out of turn,
end-of-game placements): ``to_act`` lists them all. How the four games fit:

- Navegador: a turn is [card sail] -> rondel -> action; the card's extra sail is a decision
  before the turn (or, under the CN reading, before anyone's turn: the holder is in
  ``to_act`` too); long rondel moves are paid with ships named in the move.
- Vasco da Gama: launching a ship at any moment is a move any seat may make; ``to_act``
  lists every seat that may launch besides whoever has the regular decision.
- Neptun: everyone picks an oar card at once; ``to_act`` lists all who have not picked,
  ``view(state, seat)`` shows only that seat's hand and ``public_text`` hides the choice.
- Maracaibo: free actions before, during and after the main action are steps of their own;
  ``legal_moves`` lists them beside the main action and a ``done`` step ends the turn.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, Field

from rules.errors import NotYourTurnError

StateT = TypeVar("StateT", bound=BaseModel)


class Move(BaseModel):
    """A parsed move. ``str(move)`` is its canonical notation, which ``parse`` reads back."""

    model_config = {"frozen": True}

    def __str__(self) -> str:  # pragma: no cover - every game overrides it
        raise NotImplementedError


class Event(BaseModel):
    """Something that happened, for the turn summary ("Red explored Guiné, lost 1 ship")."""

    kind: str
    text: str
    seat: int | None = None
    # True when hidden information came to light or chance decided something: the chat
    # layer must not allow undo past such an event.
    reveals: bool = False
    data: dict[str, Any] = Field(default_factory=dict)


class GameResult(BaseModel):
    """Final scores. ``ranking`` lists seats best first, ties already broken."""

    scores: list[int]
    ranking: list[int]
    breakdown: list[dict[str, int]]
    tie_break: str = ""

    @property
    def winner(self) -> int:
        return self.ranking[0]


class Game(ABC, Generic[StateT]):
    """One game's rules. Subclasses are pure: no I/O, no clock, seeded randomness only."""

    name: str
    title: str
    min_players: int
    max_players: int
    state_type: type[StateT]

    @abstractmethod
    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> StateT:
        """A new game. Seats are 0..players-1 in turn order."""

    @abstractmethod
    def to_act(self, state: StateT) -> list[int]:
        """Seats that may act now; empty when the game is over."""

    @abstractmethod
    def legal_moves(self, state: StateT, seat: int) -> list[Move]:
        """Every legal single decision for this seat right now."""

    @abstractmethod
    def parse(self, state: StateT, seat: int, text: str) -> Move:
        """Read what a player typed. Raises InvalidMoveError / AmbiguousMoveError."""

    @abstractmethod
    def apply(self, state: StateT, seat: int, move: Move) -> tuple[StateT, list[Event]]:
        """The state after the move. Never mutates ``state``; raises a RulesError if illegal."""

    @abstractmethod
    def view(self, state: StateT, seat: int | None = None) -> BaseModel:
        """What ``seat`` (or a spectator, for None) may see. Hidden things never appear."""

    @abstractmethod
    def result(self, state: StateT) -> GameResult | None:
        """Final scores once the game is over, else None."""

    @abstractmethod
    def describe(self, state: StateT, seat: int, move: Move) -> str:
        """One line on a move's cost or effect, for autocomplete ("2 workers — 100 Cr")."""

    @abstractmethod
    def summary(self, state: StateT, seat: int | None = None) -> str:
        """A short text status of the table (whose turn, scores, what is pending)."""

    def public_text(self, state: StateT, seat: int, move: Move) -> str:
        """How a move shows in the public log. Secret choices (Neptun's oar cards) return a
        placeholder such as "chose an oar card" until the game reveals them; the store keeps
        the real notation for replay either way."""
        return str(move)

    def weight(self, state: StateT, seat: int, move: Move) -> float:
        """Relative weight of a legal move for the 'explorer' random policy and computer
        seats. Uniform by default; a game may prefer moves that drive it forward."""
        return 1.0

    # Shared helpers -------------------------------------------------------------

    def format(self, move: Move) -> str:
        return str(move)

    def is_over(self, state: StateT) -> bool:
        return not self.to_act(state)

    def play(self, state: StateT, seat: int, text: str) -> tuple[StateT, list[Event]]:
        """Parse and apply in one go: what a chat command does."""
        self.check_may_act(state, seat)
        return self.apply(state, seat, self.parse(state, seat, text))

    def check_may_act(self, state: StateT, seat: int) -> None:
        seats = self.to_act(state)
        if not seats:
            raise NotYourTurnError("The game is over; no more moves can be made.")
        if seat not in seats:
            raise NotYourTurnError(self.waiting_for(state))

    def waiting_for(self, state: StateT) -> str:
        seats = self.to_act(state)
        names = ", ".join(self.seat_label(state, s) for s in seats)
        return f"It is not your turn: waiting for {names}."

    def seat_label(self, state: StateT, seat: int) -> str:
        return f"seat {seat + 1}"

    def dump(self, state: StateT) -> str:
        return state.model_dump_json()

    def load(self, text: str) -> StateT:
        return self.state_type.model_validate_json(text)

    def replay(
        self, players: int, seed: int, moves: list[tuple[int, str]],
        options: dict[str, Any] | None = None,
    ) -> StateT:
        """Rebuild a state from its seed and move log of (seat, notation) pairs."""
        state = self.setup(players, seed, options)
        for seat, text in moves:
            state, _ = self.play(state, seat, text)
        return state
