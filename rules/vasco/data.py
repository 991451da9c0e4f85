"""Vasco da Gama's static data, read from ``data/vasco/game.toml`` and validated.

Every number of the game lives in that file, tagged [C] (confirmed), [A] (assumed) or
[D] (a reading the bot chose), so someone holding the physical game can correct it
without touching code. Validation fails loudly on a wrong shape or inconsistent data.
"""

from __future__ import annotations

import tomllib
from functools import cache, cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "vasco"
CHARACTERS = ("manuel", "bartolomeu", "francisco", "sernigi")
MISSIONARY = "missionary"


class PassIncome(BaseModel):
    upto: int
    coins: int = Field(ge=0)


class Numbers(BaseModel):
    regular: tuple[int, int]
    extra: tuple[int, int]
    free_min: int
    free_max: int
    pass_income: list[PassIncome] = Field(min_length=1)

    @property
    def regular_range(self) -> list[int]:
        return list(range(self.regular[0], self.regular[1] + 1))

    @property
    def extra_range(self) -> list[int]:
        return list(range(self.extra[0], self.extra[1] + 1))

    @model_validator(mode="after")
    def _brackets(self) -> Numbers:
        if self.extra[0] <= self.regular[1]:
            raise ValueError("extra numbers must come after the regular ones")
        if self.pass_income[-1].upto < self.extra[1]:
            raise ValueError("pass_income must cover every number")
        return self


class Recruit(BaseModel):
    sections: int = Field(ge=1, le=9)
    section_size: int = Field(ge=1)
    initial_per_section: int = Field(ge=0)
    refill_per_section: int = Field(ge=0)
    colour_cost: list[int]
    captain_cost_per_sailor: int = Field(ge=0)
    captains_per_action: int = Field(ge=0)
    captain_section: int
    refill_right_to_left: bool = True


class Area(BaseModel):
    key: str
    name: str
    slots: list[int] = Field(min_length=1, max_length=9)


class Tile(BaseModel):
    id: str
    strength: int = Field(ge=1)
    crew: int = Field(ge=1)
    vp: int = Field(default=0, ge=0)
    coins: int = Field(default=0, ge=0)

    @property
    def stack(self) -> str:
        return self.id.split("-")[0]


class Projects(BaseModel):
    display: int = Field(ge=1, le=9)
    price: list[int]
    stack_order: list[str]
    tiles: list[Tile]


class Characters(BaseModel):
    order: list[str]
    bartolomeu_vp: int
    francisco_missionaries: int
    coin_spaces: int = Field(ge=1, le=3)
    names: dict[str, str]
    setup: dict[int, dict[str, int]]


class Switches(BaseModel):
    round5_character_upkeep: bool = True
    bonus_per_ship: bool = True
    arrow_rule_on_advance: bool = True
    final_launch_needs_captain: bool = True
    manuel_extra_from_hand: bool = True


class VdgTile(BaseModel):
    id: str
    initial: int
    variation: int = Field(ge=-3, le=3)
    coins: list[int] = Field(min_length=1)


class Landing(BaseModel):
    key: str
    name: str
    slots: list[int] = Field(min_length=1, max_length=9)
    arrows: list[int] = Field(default_factory=list)
    complete_vp: int = Field(ge=0)
    bonus: Literal["project", "sailor", "captain", "coins", "none"]
    bonus_coins: int = 0


class GameData(BaseModel):
    min_players: int
    max_players: int
    rounds: int = Field(ge=1)
    start_coins: int
    action_discs: int = Field(ge=1)
    start_player_vp: int
    captains_per_player: int
    start_captains: int
    missionaries: int
    sailor_colours: list[str] = Field(min_length=1)
    sailors_per_colour: int
    coins_per_vp: int = Field(ge=1)
    vp_per_ship_in_hand: int
    recruit: Recruit
    numbers: Numbers
    areas: list[Area]
    projects: Projects
    characters: Characters
    switches: Switches
    vdg: list[VdgTile]
    merchant_strengths: list[int]
    arrow_min: int
    landings: list[Landing]

    @model_validator(mode="after")
    def _consistent(self) -> GameData:
        if not 1 <= self.min_players <= self.max_players <= self.recruit.sections:
            raise ValueError("player counts must fit the recruiting sections")
        if len(self.recruit.colour_cost) != len(self.sailor_colours) + 1:
            raise ValueError("colour_cost needs one price per number of colours (0..all)")
        if MISSIONARY in self.sailor_colours:
            raise ValueError("'missionary' is the fifth crew colour, not a sailor colour")
        ids = [t.id for t in self.projects.tiles]
        if len(ids) != len(set(ids)):
            raise ValueError("a project tile id is used twice")
        if any(t.stack not in self.projects.stack_order for t in self.projects.tiles):
            raise ValueError("a project tile names an unknown stack")
        if any(t.crew > len(self.sailor_colours) + 1 for t in self.projects.tiles):
            raise ValueError("a project needs more crew colours than exist")
        if len(self.projects.price) < 3:
            raise ValueError("projects.price lists the price of 0, 1 and 2 tiles")
        if set(self.characters.order) != set(CHARACTERS):
            raise ValueError(f"characters.order must be {CHARACTERS}")
        for players in range(self.min_players, self.max_players + 1):
            given = self.characters.setup.get(players)
            if given is None or "bartolomeu" not in given or "sernigi" not in given:
                raise ValueError(f"characters.setup for {players} players needs Bartolomeu "
                                 "and Sernigi")
            if any(k not in CHARACTERS or not 1 <= v <= players for k, v in given.items()):
                raise ValueError(f"characters.setup for {players} players is wrong")
        keys = [a.key for a in self.areas] + [x.key for x in self.landings]
        if len(keys) != len(set(keys)):
            raise ValueError("area and landing keys must all differ")
        for area in self.areas:
            if any(not 2 <= m <= self.max_players for m in area.slots):
                raise ValueError(f"area {area.key}: a slot's player count is out of range")
        for landing in self.landings:
            if any(not 1 <= a <= len(landing.slots) for a in landing.arrows):
                raise ValueError(f"landing {landing.key}: an arrow points at no slot")
        free = self.numbers
        for tile in self.vdg:
            if not free.free_min <= tile.initial <= free.free_max:
                raise ValueError(f"VdG tile {tile.id}: initial number out of range")
            if len(tile.coins) != self.characters.coin_spaces:
                raise ValueError(f"VdG tile {tile.id}: one coin amount per coin space")
        if len(self.vdg) < self.rounds + 1:
            raise ValueError("too few VdG tiles for the rounds")
        discs = self.action_discs * self.max_players + 1
        for players in range(self.min_players, self.max_players + 1):
            open_slots = sum(1 for a in self.areas for m in a.slots if m <= players)
            if open_slots < self.action_discs * players + 2:
                raise ValueError(f"too few action slots for {players} players")
        if len(self.numbers.regular_range) < discs - 1:
            raise ValueError("too few sequence numbers for every disc")
        return self

    # Lookups ---------------------------------------------------------------------

    @cached_property
    def tiles(self) -> dict[str, Tile]:
        return {t.id: t for t in self.projects.tiles}

    @cached_property
    def vdg_tiles(self) -> dict[str, VdgTile]:
        return {t.id: t for t in self.vdg}

    @cached_property
    def landing_of(self) -> dict[str, Landing]:
        return {x.key: x for x in self.landings}

    @cached_property
    def area_of(self) -> dict[str, Area]:
        return {a.key: a for a in self.areas}

    @cached_property
    def merchant_ids(self) -> list[str]:
        return [f"M{i + 1}" for i in range(len(self.merchant_strengths))]

    def strength(self, tile: str) -> int:
        if tile.startswith("M"):
            return self.merchant_strengths[int(tile[1:]) - 1]
        return self.tiles[tile].strength

    @property
    def crew_colours(self) -> list[str]:
        """Sailor colours and the missionary, the fifth crew colour."""
        return [*self.sailor_colours, MISSIONARY]

    def pass_coins(self, number: int) -> int:
        for bracket in self.numbers.pass_income:
            if number <= bracket.upto:
                return bracket.coins
        return 0

    def open_slots(self, area: str, players: int) -> list[int]:
        """1-based slots of ``area`` usable with this many players."""
        return [i + 1 for i, m in enumerate(self.area_of[area].slots) if m <= players]


@cache
def load_data(path: str | None = None) -> GameData:
    file = Path(path) if path else DATA_DIR / "game.toml"
    with file.open("rb") as handle:
        return GameData.model_validate(tomllib.load(handle))
