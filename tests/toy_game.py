"""A toy game in a few lines, to prove that a game plugs into the bot with no change in
``bot/``: Nim for 2–3 players — take 1 to 3 stones from a pile of 10; whoever takes the
last stone wins. Its words come from a GameTexts built here (a real game keeps them in
``data/<game>/texts.toml``), its picture from a renderer registered with ``render``.
"""

from __future__ import annotations

import io
from typing import Any, Literal

from PIL import Image, ImageDraw
from pydantic import BaseModel

from render import registry as pictures
from rules import Event, Game, GameResult, IllegalMoveError, InvalidMoveError, Move, registry
from rules.chat import GameTexts, Verb


class NimState(BaseModel):
    game: Literal["nim"] = "nim"
    players: int
    pile: int = 10
    current: int = 0
    taken: list[int]
    winner: int | None = None


class Take(Move):
    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


TEXTS = GameTexts(
    title="Nim", examples="e.g. `/take 2`", rules="Take 1–3 stones; the last stone wins.",
    help="`/take 1`…`/take 3`", computer_names=["Marvin"],
    verbs=[Verb(name="take", word="take", description="Nim: take 1 to 3 stones",
                option="stones", option_description="1, 2 or 3")])


class Nim(Game[NimState]):
    name = "nim"
    title = "Nim"
    min_players = 2
    max_players = 3
    state_type = NimState

    @property
    def texts(self) -> GameTexts:
        return TEXTS

    def setup(self, players: int, seed: int, options: dict[str, Any] | None = None) -> NimState:
        return NimState(players=players, current=seed % players, taken=[0] * players)

    def to_act(self, state: NimState) -> list[int]:
        return [] if state.winner is not None else [state.current]

    def legal_moves(self, state: NimState, seat: int) -> list[Move]:
        return [Take(count=n) for n in range(1, min(3, state.pile) + 1)]

    def parse(self, state: NimState, seat: int, text: str) -> Move:
        word, _, count = text.strip().lower().partition(" ")
        if word != "take" or not count.isascii() or not count.isdigit():
            raise InvalidMoveError("Type `take 1`, `take 2` or `take 3`.")
        return Take(count=int(count[:3]))

    def apply(self, state: NimState, seat: int, move: Move) -> tuple[NimState, list[Event]]:
        assert isinstance(move, Take)
        if not 1 <= move.count <= min(3, state.pile):
            raise IllegalMoveError(f"Take 1 to {min(3, state.pile)} stones.")
        new = state.model_copy(deep=True)
        new.pile -= move.count
        new.taken[seat] += move.count
        if new.pile == 0:
            new.winner = seat
        new.current = (seat + 1) % state.players
        return new, [Event(kind="take", seat=seat, text=f"took {move.count}")]

    def view(self, state: NimState, seat: int | None = None) -> NimState:
        return state

    def result(self, state: NimState) -> GameResult | None:
        if state.winner is None:
            return None
        order = [state.winner] + [s for s in range(state.players) if s != state.winner]
        return GameResult(scores=[int(s == state.winner) for s in range(state.players)],
                          ranking=order, breakdown=[{"stones": t} for t in state.taken])

    def describe(self, state: NimState, seat: int, move: Move) -> str:
        return f"{move} — {state.pile - move.count} left"  # type: ignore[attr-defined]

    def summary(self, state: NimState, seat: int | None = None) -> str:
        return f"Nim: {state.pile} stones left; seat {state.current + 1} to take."

    def progress(self, state: NimState) -> str:
        return f"{state.pile} stones left"


def draw_nim(view: Any, names: list[str] | None = None, colours: list[str] | None = None,
             since: Any = None) -> bytes:
    image = Image.new("RGB", (120, 40), "white")
    ImageDraw.Draw(image).text((5, 12), "o" * view.pile, fill="black")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def install() -> None:
    registry.register("nim", Nim)
    pictures.register("nim", draw_nim)


def uninstall() -> None:
    registry.unregister("nim")
    pictures.unregister("nim")
