"""The whole table as one pydantic model: it serialises to JSON and back unchanged.

Hidden values live only here, never in a view: the order of the face-down project stacks,
the merchant stack below a face-down top, the face-down Vasco da Gama tiles, and the bag's
draw seed (the bag's contents by colour can be counted by anyone; what comes out next
cannot). Seats are 0-based; seat 0 is the first start player.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Phase = Literal["setup", "place", "act", "navigate", "over"]
ExtraDisc = Literal["board", "hand", "slot"]   # where a player's extra action disc is


class Disc(BaseModel):
    """An action disc with its sequence number on an action slot."""

    seat: int
    number: int


class Ship(BaseModel):
    """A ship on the navigation board: a launched project (with its owner's captain) or a
    merchant ship (owner None, no captain)."""

    tile: str
    owner: int | None = None
    strength: int


class Player(BaseModel):
    coins: int
    vp: int = 0
    discs: int = 0                       # regular action discs not yet placed this round
    extra: ExtraDisc = "board"
    extra_declined: bool = False         # the Manuel holder chose not to place it this round
    sailors: dict[str, int]              # colour -> pieces in the personal supply
    missionaries: int = 0
    captains: int = 0                    # idle captains in the personal supply
    projects: list[str] = Field(default_factory=list)   # bought, not yet launched
    ships: list[str] = Field(default_factory=list)      # launched, not yet sent


class LogLine(BaseModel):
    """One line of what happened, for the picture (the bot has its own log)."""

    seq: int
    round: int
    seat: int | None = None
    text: str


class FinalScore(BaseModel):
    """What the end of the game added, per seat (filled in once the game is over)."""

    coins_vp: int = 0
    ships_vp: int = 0
    launched: list[str] = Field(default_factory=list)


class VascoState(BaseModel):
    game: Literal["vasco"] = "vasco"
    players: int
    options: dict[str, bool] = Field(default_factory=dict)
    round: int = 1
    phase: Phase = "setup"
    start: int = 0                       # start player of this round
    placer: int = 0                      # whose placement it is (phase 1)
    called: int = 0                      # the number being called (phase 2)
    expedition: str | None = None        # landing of an expedition under way
    free: int = 0                        # the free-action marker
    coin_spaces: list[int] = Field(default_factory=list)
    numbers: list[int] = Field(default_factory=list)          # left in the number zone
    manuel_numbers: list[int] = Field(default_factory=list)   # 21/22 on the Manuel space
    slots: dict[str, list[Disc | None]] = Field(default_factory=dict)   # area -> slots
    blocked: dict[str, int] = Field(default_factory=dict)     # character -> seat this round
    holders: dict[str, int | None] = Field(default_factory=dict)
    vdg_stack: list[str] = Field(default_factory=list)        # face down (hidden order)
    vdg_next: str | None = None                               # face up on top of the stack
    vdg_current: str | None = None                            # this round's tile
    bag: dict[str, int] = Field(default_factory=dict)         # colour -> sailors in the bag
    bag_seed: int = 0                                         # hidden: what comes out next
    draws: int = 0
    sections: list[list[str]] = Field(default_factory=list)   # [0] = section 1 (rightmost)
    captain_supply: list[int] = Field(default_factory=list)   # per seat, under section 2
    stacks: dict[str, list[str]] = Field(default_factory=dict)   # hidden order, top first
    display: list[str | None] = Field(default_factory=list)
    san_gabriel: str | None = None
    merchants: list[str] = Field(default_factory=list)        # stack, top first
    merchant_up: bool = False                                 # is the top face up?
    missionaries: int = 0                                     # on the Francisco space
    landings: dict[str, list[Ship | None]] = Field(default_factory=dict)
    removed: list[str] = Field(default_factory=list)          # tiles out of the game
    seats: list[Player] = Field(default_factory=list)
    log: list[LogLine] = Field(default_factory=list)
    seq: int = 0
    final: list[FinalScore] | None = None
