"""The whole state of a Neptun table, as pydantic models that round-trip through JSON.

Hidden information lives here and only here: the order of the three decks, the face-down
contract columns, every oar hand and every oar card chosen but not yet revealed. The
public view (``view.py``) shows them as counts and backs.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

# draft: phase 1 · choose: secret oar choice · sail: one player sails and delivers ·
# ask: asking in turn order who takes extra turn 5-I / 5-II · extra: an extra turn · over
Phase = Literal["draft", "choose", "sail", "ask", "extra", "over"]
# Within a player's sailing turn: play a card (extra turns only), sail, then deliver.
Stage = Literal["card", "sail", "deliver"]
SlotStatus = Literal["open", "done", "failed"]


class OarCard(BaseModel):
    """An oar card: ``power`` (bottom number) rows, ``forecast`` (top number) moves the wind.
    ``start`` marks a player's starting card, which leaves the game once used."""

    model_config = {"frozen": True}

    power: int
    forecast: int
    start: bool = False

    @property
    def value(self) -> str:
        """"6/-1", "3/+1", "5/0": what players type and read."""
        sign = f"+{self.forecast}" if self.forecast > 0 else str(self.forecast)
        return f"{self.power}/{sign}"

    @property
    def label(self) -> str:
        return self.value + (" (starting card)" if self.start else "")

    @property
    def shown(self) -> str:
        """"5/0 start": a card as everyone sees it once it is turned over (a starting card
        is printed in its player's colour)."""
        return self.value + (" start" if self.start else "")

    def sort_key(self) -> tuple[int, int, int]:
        return (int(self.start), self.power, self.forecast)


class Column(BaseModel):
    """One contract in the display: a city card, a goods card and an oar card."""

    city: str                        # city card id, e.g. "ATH-1"
    goods: str                       # kind of goods, e.g. "wine"
    oar: OarCard
    face_up: bool = False
    gold: int = 0                    # gold lying on its city card
    refused_by: list[int] = Field(default_factory=list)   # seats that turned it down


class Slot(BaseModel):
    """A contract loaded on a chart: city card + goods card, never moved again."""

    city: str
    goods: str
    status: SlotStatus = "open"


class Tile(BaseModel):
    temple: str                      # temple key, or "gold"
    round: int
    value: int
    place: int                       # 1 = first place


class Player(BaseModel):
    gold: int
    ship: str                        # city code
    hand: list[OarCard]              # secret: only the owner sees it
    choice: OarCard | None = None    # secret until every player has chosen
    played: list[OarCard] = Field(default_factory=list)   # this round, face down
    chart: list[Slot | None]
    tiles: list[Tile] = Field(default_factory=list)
    bonus: int = 0                   # bonus tiles (all five contracts of a round)
    extra_turns: int = 0             # extra turns taken in the whole game


class TempleTrack(BaseModel):
    """Positions on one temple; ``order`` lists seats by when they arrived where they are:
    of two tokens on one space, the one earlier in ``order`` lies lower in the stack."""

    pos: list[int]                   # per seat
    order: list[int]                 # seats, bottom of any stack first
    tiles: list[int] = Field(default_factory=list)   # point tiles on it this round


class Decks(BaseModel):
    city: list[str] = Field(default_factory=list)
    goods: list[str] = Field(default_factory=list)
    oar: list[OarCard] = Field(default_factory=list)


class SailRecord(BaseModel):
    """A voyage of this sailing turn, for the picture's arrows."""

    seat: int
    route: list[str]
    paid: int = 0
    extra: int = 0                   # 0 = a normal turn, 1/2 = extra turn 5-I/5-II


class NeptunState(BaseModel):
    game: Literal["neptun"] = "neptun"
    seed: int
    players: int
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    round: int = 1
    phase: Phase = "draft"
    draft_turn: int = 1
    sail_turn: int = 0
    extra: int = 0                   # 1 / 2 while extra turn 5-I / 5-II is asked or played
    order: list[int]                 # turn order, first to act first
    actor: int = 0                   # index into ``order`` (or ``queue``) of who acts
    queue: list[int] = Field(default_factory=list)    # seats asked / taking an extra turn
    said_yes: list[int] = Field(default_factory=list)
    stage: Stage = "sail"
    delivered: int = 0               # contracts fulfilled in the current player's stop
    revealing: int | None = None     # display column the drafting player just turned over
    oar_track: dict[int, list[int]] = Field(default_factory=dict)   # power -> seats, top last
    wind: int
    forecast: int | None = None
    miles: dict[str, int]            # "CRE-ATH" -> the distance marker on that link
    decks: Decks
    discards: Decks = Field(default_factory=Decks)
    removed_start: int = 0           # starting cards used and put back in the box
    display: list[Column | None] = Field(default_factory=list)
    seats: list[Player]
    temples: dict[str, TempleTrack]
    gold_tiles: list[int] = Field(default_factory=list)
    revealed: list[OarCard | None] = Field(default_factory=list)   # this sailing turn's cards
    voyages: list[SailRecord] = Field(default_factory=list)        # this sailing turn's sails
    log: list[str] = Field(default_factory=list)                   # recent public events


def copy_state(state: NeptunState) -> NeptunState:
    """A deep copy to change: dump + validate is several times faster than deepcopy."""
    return NeptunState.model_validate(state.model_dump())
