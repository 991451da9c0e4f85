"""The whole state of a Navegador table, as pydantic models that round-trip through JSON.

Hidden information (the values in face-down colony stacks) lives here and only here; the
public view (``view.py``) shows a face-down stack as a count.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Step = Literal["start", "card_sail", "action", "sail", "king", "over"]


class SeaRegion(BaseModel):
    id: str
    explorer: bool                      # the explorer disk is still there: unexplored
    tokens: list[int] = Field(default_factory=list)  # colony token values still in the region
    revealed: bool = False              # the stack has been turned face up
    colonists: list[int] = Field(default_factory=list)  # seat of each colony founded here


class PlayerSheet(BaseModel):
    cash: int
    workers: int
    ships: dict[str, int]               # region id -> ships of this player there
    supply: int                          # ships in the personal supply
    factories: dict[str, int]            # good -> dedicated factories
    orange: int                          # universal factories
    shipyards: int
    churches: int
    colonies: dict[str, list[int]]       # good -> values of the colony tokens owned
    explorers: int = 0                   # explorer disks taken
    privileges: dict[str, int]           # column -> privilege tokens on the sheet
    king: str | None = None              # column where the King's privilege was placed
    king_done: bool = False              # placed (or lost for lack of a free slot)
    stone: int | None = None             # rondel space; None = still in the centre

    @property
    def ships_on_board(self) -> int:
        return sum(self.ships.values())

    def colony_count(self, good: str | None = None) -> int:
        if good is None:
            return sum(len(v) for v in self.colonies.values())
        return len(self.colonies.get(good, []))

    @property
    def factory_count(self) -> int:
        return sum(self.factories.values()) + self.orange


class NavegadorCard(BaseModel):
    holder: int
    mark: int | None = None              # rondel space of the orange deadline ship
    steps: int = 0                       # spaces the holder's stone moved since receiving it


class SailOrders(BaseModel):
    """A Sail action (or the card's extra sail) in progress."""

    card: bool = False                   # the Navegador card's extra sail
    sailor: int
    # region -> remaining borders of each of the sailor's ships there (sorted, highest first)
    reach: dict[str, list[int]]
    explored: str | None = None          # region explored during this sail (at most one)
    moved: list[str] = Field(default_factory=list)  # legs sailed, in notation, for the picture


class LastTurn(BaseModel):
    """What one turn did, so the picture can draw it and the log can tell it."""

    seat: int | None = None
    turn: int = 0
    action: str | None = None
    legs: list[str] = Field(default_factory=list)        # the Sail action's orders
    card_legs: list[str] = Field(default_factory=list)   # the Navegador card's extra sail
    explored: list[str] = Field(default_factory=list)    # regions explored this turn
    detail: str = ""                                     # what the action did, in words
    built: list[str] = Field(default_factory=list)
    regions: list[str] = Field(default_factory=list)


class NavegadorState(BaseModel):
    game: Literal["navegador"] = "navegador"
    seed: int
    players: int
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    phase: int
    pending_phase: int | None = None      # reached, takes effect from the next turn
    current: int                          # seat whose turn it is
    turn: int = 1                         # turns begun, counting from 1
    step: Step = "start"
    card_used_this_turn: bool = False
    sail: SailOrders | None = None
    regions: dict[str, SeaRegion]
    market: dict[str, int]                # good -> ladder row (1 = top)
    bought: dict[str, int]                # building row -> pieces bought from the board
    gallery: dict[str, int]               # privilege column -> tokens in its arch
    privilege_supply: dict[str, int]      # tokens not yet put in the gallery
    sheets: list[PlayerSheet]
    card: NavegadorCard
    start_player: int
    first_turn_done: list[bool]
    end_triggered: bool = False
    end_reason: str = ""
    final_turns_left: int | None = None   # turns still to play once the end is triggered
    last: LastTurn = Field(default_factory=LastTurn)     # the turn being played or just played
    # the turns before ``last``, oldest first: at most players - 1, so with ``last`` one round
    recent: list[LastTurn] = Field(default_factory=list)
