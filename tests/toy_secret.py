"""A toy game with hidden hands and simultaneous secret choices, to prove that panels never
leak: "High card" for 2–3 players — each holds 3 cards dealt from 1–9 (hidden); every
round all play one card at once (face down), then the highest scores a point. Three rounds.

``SecretCards`` declares its choices private (``choices_private``); ``QuietCards`` does
not, so the bot must find out by itself that the choices differ between two states a
spectator cannot tell apart.
"""

from __future__ import annotations

import io
import random
from typing import Any, Literal

from PIL import Image, ImageDraw
from pydantic import BaseModel

from render import registry as pictures
from rules import Event, Game, GameResult, IllegalMoveError, InvalidMoveError, Move, registry
from rules.chat import GameTexts, Verb


class CardsState(BaseModel):
    game: Literal["cards"] = "cards"
    players: int
    hands: list[list[int]]              # hidden
    played: list[int | None]            # this round, face down (hidden)
    round: int = 1
    rounds: int = 3
    scores: list[int]
    shown: list[list[int]] = []         # cards of finished rounds, face up


class CardsView(BaseModel):
    round: int
    scores: list[int]
    has_played: list[bool]
    shown: list[list[int]]
    hand: list[int] | None = None


class Play(Move):
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


TEXTS = GameTexts(
    title="High card", examples="e.g. `/play 7`", rules="Play your highest card wisely.",
    help="`/play 7`", computer_names=["Dealer"],
    verbs=[Verb(name="play", word="play", description="High card: play a card face down",
                option="card", option_description="A card in your hand")])


class SecretCards(Game[CardsState]):
    name = "cards"
    title = "High card"
    min_players = 2
    max_players = 3
    state_type = CardsState
    declares_private = True

    @property
    def texts(self) -> GameTexts:
        return TEXTS

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None
              ) -> CardsState:
        deck = list(range(1, 10))
        random.Random(seed).shuffle(deck)
        hands = [sorted(deck[3 * s:3 * s + 3]) for s in range(players)]
        return CardsState(players=players, hands=hands, played=[None] * players,
                          scores=[0] * players)

    def to_act(self, state: CardsState) -> list[int]:
        if state.round > state.rounds:
            return []
        return [s for s in range(state.players) if state.played[s] is None]

    def legal_moves(self, state: CardsState, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        return [Play(card=c) for c in state.hands[seat]]

    def parse(self, state: CardsState, seat: int, text: str) -> Move:
        word, _, card = text.strip().lower().partition(" ")
        if word != "play" or not card.isascii() or not card.isdigit() or len(card) > 2:
            raise InvalidMoveError("Type `play` and a card of your hand, e.g. `play 7`.")
        return Play(card=int(card))

    def apply(self, state: CardsState, seat: int, move: Move) -> tuple[CardsState, list[Event]]:
        assert isinstance(move, Play)
        if seat not in self.to_act(state):
            raise IllegalMoveError("You have played this round.")
        if move.card not in state.hands[seat]:
            raise IllegalMoveError("That card is not in your hand.")
        new = state.model_copy(deep=True)
        new.hands[seat].remove(move.card)
        new.played[seat] = move.card
        events = [Event(kind="play", seat=seat, text="played a card face down"),
                  Event(kind="mine", seat=seat, text=f"you played {move.card}", private=True)]
        if all(p is not None for p in new.played):
            cards = [p or 0 for p in new.played]
            best = max(range(new.players), key=lambda s: cards[s])
            new.scores[best] += 1
            new.shown.append(cards)
            new.played = [None] * new.players
            new.round += 1
            events.append(Event(kind="reveal", seat=best, reveals=True,
                                text=f"cards {cards}: seat {best + 1} scores"))
        return new, events

    def view(self, state: CardsState, seat: int | None = None) -> CardsView:
        return CardsView(round=state.round, scores=state.scores, shown=state.shown,
                         has_played=[p is not None for p in state.played],
                         hand=None if seat is None else state.hands[seat])

    def result(self, state: CardsState) -> GameResult | None:
        if state.round <= state.rounds:
            return None
        ranking = sorted(range(state.players), key=lambda s: -state.scores[s])
        return GameResult(scores=state.scores, ranking=ranking,
                          breakdown=[{"rounds": x} for x in state.scores])

    def describe(self, state: CardsState, seat: int, move: Move) -> str:
        return str(move)

    def summary(self, state: CardsState, seat: int | None = None) -> str:
        return f"High card: round {state.round}; scores {state.scores}."

    def public_text(self, state: CardsState, seat: int, move: Move) -> str:
        return "play a card"

    def choices_private(self, state: CardsState, seat: int) -> bool:
        return self.declares_private

    def determinize(self, state: CardsState, seat: int | None, rng: random.Random
                    ) -> CardsState:
        """Every card ``seat`` cannot see dealt again from those not yet shown."""
        mine = state.hands[seat] + [state.played[seat] or 0] if seat is not None else []
        pool = [c for c in range(1, 10)
                if c not in mine and all(c not in r for r in state.shown)]
        rng.shuffle(pool)
        new = state.model_copy(deep=True)
        for s in range(state.players):
            if s == seat:
                continue
            size = len(state.hands[s])
            new.hands[s], pool = sorted(pool[:size]), pool[size:]
            if state.played[s] is not None:
                new.played[s], pool = pool[0], pool[1:]
        return new


class QuietCards(SecretCards):
    """The same game, without saying its choices are private."""

    name = "quietcards"
    declares_private = False


def draw(view: Any, names: list[str] | None = None, colours: list[str] | None = None,
         since: Any = None) -> bytes:
    image = Image.new("RGB", (160, 30), "white")
    ImageDraw.Draw(image).text((5, 8), f"round {view.round} {view.scores}", fill="black")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def install() -> None:
    for cls in (SecretCards, QuietCards):
        registry.register(cls.name, cls)
        pictures.register(cls.name, draw)


def uninstall() -> None:
    for cls in (SecretCards, QuietCards):
        registry.unregister(cls.name)
        pictures.unregister(cls.name)
