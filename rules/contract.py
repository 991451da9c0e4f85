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

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from pydantic import BaseModel, Field

from rules.chat import GameTexts, Verb, load_texts
from rules.errors import InvalidMoveError, NotYourTurnError

if TYPE_CHECKING:
    from rules.policy import Policy

StateT = TypeVar("StateT", bound=BaseModel)


def fresh_seed(rng: random.Random) -> int:
    """A seed for a ``determinize`` twin: a game's seed decides its later shuffles, so it is
    hidden from everyone and the twin gets its own. Read off ``rng``'s state without drawing
    from it, so the rest of a computer's search draws as before."""
    return hash(rng.getstate()[1]) & ((1 << 63) - 1)


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
    # True when only ``seat`` may read it (the card it drew): the chat layer sends it to
    # that player privately and never posts it.
    private: bool = False
    data: dict[str, Any] = Field(default_factory=dict)


class Choice(NamedTuple):
    """One thing a click panel offers: ``path``, short labels from the broadest choice to
    the narrowest (``("sail", "Portugal", "→ Guiné", "×2")``), and the ``move`` a press on
    the whole path plays, exactly as if ``str(move)`` had been typed."""

    path: tuple[str, ...]
    move: Move


def notation_path(move: Move) -> tuple[str, ...]:
    """The default path of a move: the words of its notation (``take 2`` -> take › 2)."""
    text = str(move)
    return tuple(text.split()) or (text,)


class GameResult(BaseModel):
    """Final scores. ``ranking`` lists seats best first, ties already broken as far as the
    rules break them; the first ``shared`` seats share the win when the rules leave a tie."""

    scores: list[int]
    ranking: list[int]
    breakdown: list[dict[str, int]]
    tie_break: str = ""
    shared: int = Field(default=1, ge=1)

    @property
    def winner(self) -> int:
        return self.ranking[0]

    @property
    def winners(self) -> list[int]:
        """Everyone who wins: one seat, or those sharing the win."""
        return self.ranking[: self.shared]

    @property
    def places(self) -> list[int]:
        """Each ranked seat's place, 1 = best, in ``ranking`` order: those sharing the win
        all place 1st, and the next one then places after all of them (1, 1, 3)."""
        return [1 if i < self.shared else i + 1 for i in range(len(self.ranking))]


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

    # What the chat layer needs ---------------------------------------------------
    # Everything below has a default, so a small game need not write any of it; the bot
    # knows a game only through these methods and ``texts`` (see ``rules.chat``).

    @property
    def texts(self) -> GameTexts:
        """Rules summary, help, verbs, variants, computer names: ``data/<game>/texts.toml``."""
        return load_texts(self.name)

    def verb(self, name: str | None) -> Verb | None:
        """This game's slash verb called ``name`` (None for ``/move`` or an unknown one)."""
        return self.texts.verb(name)

    def options_for(self, variant: str | None) -> dict[str, Any]:
        """The setup options of a variant named at the lobby (``{}`` for none)."""
        if not variant:
            return {}
        key = variant.strip().lower()
        for v in self.texts.variants:
            if v.key == key:
                return {"variant": v.key, **v.options}
        known = ", ".join(f"`{v.key}`" for v in self.texts.variants) or "none"
        raise InvalidMoveError(f"{self.title} has no variant {variant[:40]!r}; "
                               f"its variants: {known}.")

    def player_range(self, options: dict[str, Any] | None = None) -> tuple[int, int]:
        """How many players a game with these options takes (a variant may allow more)."""
        key = (options or {}).get("variant")
        for v in self.texts.variants:
            if v.key == key and v.players:
                return v.players
        return self.min_players, self.max_players

    def waiting_on(self, state: StateT) -> list[int]:
        """Seats the table is waiting for: they are pinged and reminded. A subset of
        ``to_act``: someone who *may* act out of turn is not waited for."""
        return self.to_act(state)

    def start_player(self, state: StateT) -> int:
        """The seat that starts, for the start message's turn order (after ``setup``).
        Default: the first seat the game waits for; a game where someone else acts first
        (a setup placement) names its real start player."""
        return (self.waiting_on(state) or [0])[0]

    def idle_reason(self, state: StateT, seat: int) -> str:
        """Why ``seat`` cannot act now, in a sentence ('seat N' for players)."""
        return self.waiting_for(state)

    def prompt(self, state: StateT, seat: int | None = None) -> str:
        """What the seat to act should do now, in a few words ("choose a rondel action")."""
        return "your move"

    def progress(self, state: StateT) -> str:
        """Where the game stands, in the one numbering used everywhere ("Turn 18 · phase
        II"): the picture, /status, /board and /log all say the same."""
        return ""

    def complete(self, state: StateT, seat: int, verb: Verb | None, text: str) -> str:
        """What a slash verb's parameter means as notation: ``/hire 2`` -> ``workers 2``.
        Text that already starts with one of the verb's words is left alone."""
        text = text.strip()
        if verb is None:
            return text
        first = text.split(" ", 1)[0].lower() if text else ""
        if first in (verb.word, *verb.also):
            return text
        return f"{verb.word} {text}".strip()

    def suggestions(self, state: StateT, seat: int, verb: Verb | None) -> Iterable[Move]:
        """Autocomplete candidates for a verb, best first. The bot keeps only those the
        verb then accepts (``complete`` + ``parse``), so a game may be generous here; it
        should compose whole turns where a turn is several decisions."""
        return self.legal_moves(state, seat)

    def steps(self, move: Move) -> list[Move]:
        """A compound move (a whole turn typed at once) as its single decisions, in order.
        Applying them one by one gives the same state as applying ``move``. The bot uses
        this to commit the steps up to a reveal when a later step is refused, so that a
        refusal never talks about hidden information the move itself turned over."""
        return [move]

    def private_text(self, state: StateT, seat: int) -> str:
        """What only ``seat`` may see, in words, for ``/hand`` ('seat N' for players)."""
        return "Nothing in this game is hidden: everything you have is on the board."

    def standings(self, state: StateT) -> GameResult | None:
        """Scores as they stand (the final result once the game is over); ``tie_break``
        may carry a note such as "before the King's privilege"."""
        return self.result(state)

    def choices_private(self, state: StateT, seat: int) -> bool:
        """True when ``seat``'s legal moves reveal something hidden (cards in a hand), so
        that they may only be offered privately."""
        return False

    # True when no seat's legal moves ever depend on what the channel cannot see (the
    # face-down colony values change scores, never what may be played). The bot then
    # trusts ``choices_private`` alone and skips its runtime safety net — comparing the
    # legal moves of a few twin states, ~0.7 ms of every move — and the test suite checks
    # the promise on sampled positions of every game that makes it.
    moves_public: bool = False

    def choices(self, state: StateT, seat: int) -> list[Choice]:
        """What a click panel offers ``seat`` now, in reading order (e.g. spaces by position,
        counts ascending). The panel shows few choices flat and narrows many by their first
        labels (from where -> to where -> how many), so choices sharing a first label belong
        together; paths are distinct. A game may offer whole turns (one move of several
        steps) where a turn reads better so, and may leave out moves that are never wise,
        as long as every decision the game needs stays reachable. Default: every legal move,
        its path the words of its notation."""
        return [Choice(notation_path(m), m) for m in self.legal_moves(state, seat)]

    # What computer players need (``rules/policy.py``, ``rules/greedy.py``,
    # ``rules/search.py``); a game gets all three levels from the defaults, and plays
    # them well once it overrides ``evaluate`` (and, for speed, ``simulate``).

    def policy(self, level: str = "easy") -> Policy:
        """The computer player for a level ('easy', 'normal', 'strong'): weighted random,
        greedy over ``evaluate`` through a whole turn, and a search that plays the greedy
        player forward over several determinisations. A game overrides this only to bring
        its own player for a level (Navegador's 'easy' is a sensible random one)."""
        from rules.policy import standard_policy

        return standard_policy(level)

    def evaluate(self, state: StateT, seat: int) -> float:
        """How good ``state`` is for ``seat``, in points: its expected final score minus the
        best other seat's. Computers maximise it; it must read only what ``seat`` may see
        (the policies hand it a determinised state). The default is the margin of
        ``standings``; a game overrides it with a real judgement of the position (points
        now, points to come, money, tempo)."""
        standing = self.standings(state)
        if standing is None or not standing.scores:
            return 0.0
        scores = standing.scores
        others = [v for s, v in enumerate(scores) if s != seat]
        return float(scores[seat] - (max(others) if others else 0))

    def candidates(self, state: StateT, seat: int) -> list[Move]:
        """The legal moves a computer considers: ``legal_moves`` without the pointless
        ones (buying only to sell straight back, sailing out and back). Never empty when
        ``legal_moves`` is not. Default: every legal move."""
        return self.legal_moves(state, seat)

    def simulate(self, state: StateT, seat: int, move: Move) -> StateT:
        """The state after a legal ``move``, for search: must equal ``apply(...)[0]`` (a
        property test checks it) but may be faster (no events, a cheaper copy). It may
        assume ``move`` is legal."""
        return self.apply(state, seat, move)[0]

    def turn_continues(self, state: StateT, seat: int) -> bool:
        """After one of ``seat``'s decisions, is the same turn still going (a rondel step
        then its action, sail legs until `done`)? Computers judge a turn by where it ends,
        not by its half-steps. Default: ``seat`` is the only one to act."""
        return self.to_act(state) == [seat]

    # Simulated moves per second of one core through ``simulate`` + ``candidates``: the
    # strong computer's budget is its think time times this, counted in simulated moves
    # rather than measured on the clock, so a decision depends only on its rng.
    sim_rate: float = 4000.0

    def determinize(self, state: StateT, seat: int | None, rng: random.Random) -> StateT:
        """A state ``seat`` (or, for None, a spectator) cannot tell from ``state``: every
        value hidden from it resampled consistently with what it can see. Games without
        hidden information return the state itself. Tests use it to build two states that
        differ only in hidden values; computers use it to search without peeking."""
        return state

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
        seats = self.waiting_on(state)
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
