"""A table as loaded for one command: the game row, its seats and (once started) state."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from bot.store import GameRow, SeatRow
from rules import Game


@dataclass
class Table:
    row: GameRow
    seats: list[SeatRow]
    game: Game
    state: BaseModel | None = None
    ply: int = 0                      # moves in the log so far

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    @property
    def start_command(self) -> str:
        return f"`/{self.game.name} start`"
