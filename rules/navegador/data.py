"""Navegador's static data, read from ``data/navegador/game.toml`` and validated.

Every number of the game lives in that file; values the public sources do not give are
marked [A] there, so a player holding the physical board can correct them without
touching code. Validation fails loudly (pydantic) on a wrong shape or inconsistent data.
"""

from __future__ import annotations

import tomllib
from functools import cache, cached_property
from pathlib import Path

from pydantic import BaseModel, Field, model_validator

GOODS = ("sugar", "gold", "spice")
ROMAN = {1: "I", 2: "II", 3: "III"}   # how phases are written
ACTIONS = ("workers", "ships", "market", "sail", "colony", "build", "privilege")
DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "navegador"


class Phases(BaseModel):
    extra_unit_price: list[int] = Field(min_length=3, max_length=3)
    sail_range: list[int] = Field(min_length=3, max_length=3)
    gallery_level: dict[int, list[int]]


class RondelSpace(BaseModel):
    key: str
    action: str

    @model_validator(mode="after")
    def _known_action(self) -> RondelSpace:
        if self.action not in ACTIONS:
            raise ValueError(f"unknown rondel action {self.action!r}")
        return self


class RondelRules(BaseModel):
    free_steps: int
    ships_per_extra_step: int


class RegionData(BaseModel):
    id: str
    name: str
    aliases: list[str] = Field(default_factory=list)
    good: str = ""
    stack: int = 0
    explorer: bool = True
    phase_trigger: int | None = None
    double_loss_max_players: int = 0
    ends_game: bool = False


class Edge(BaseModel):
    a: str
    b: str
    red: bool = False


class MapData(BaseModel):
    edges: list[Edge]


class Exploration(BaseModel):
    min_extra_ships: int
    normal_loss: int
    double_loss: int


class Colonies(BaseModel):
    sugar: list[int]
    gold: list[int]
    spice: list[int]
    removed_per_good: int
    workers_per_colony: int
    ships_per_colony: int

    def values(self, good: str) -> list[int]:
        return list(getattr(self, good))


class Market(BaseModel):
    start_row: int
    sell: dict[str, list[int]]
    process: list[int]
    all_dedicated_factories_process: bool = True

    @property
    def rows(self) -> int:
        return len(self.process)


class BuildingRow(BaseModel):
    key: str
    kind: str
    good: str = ""
    costs: list[int]
    workers: int
    pieces: int
    per_player_start: int = 0

    def on_board(self, players: int) -> int:
        """Pieces laid out at setup: the rest went to the players' sheets."""
        return min(len(self.costs), self.pieces - self.per_player_start * players)


class StartSheet(BaseModel):
    orange_factories: int


class PrivilegeColumn(BaseModel):
    key: str
    figure: str
    base_vp: int
    token_vp: int
    king_vp: int
    cash: list[int]


class PrivilegeRules(BaseModel):
    supply_per_type: int
    slots_per_column: int
    workers_paid: int


class CardRules(BaseModel):
    lap: int
    anytime: bool = False


class Scoring(BaseModel):
    cash_per_vp: int
    vp_per_worker: int
    vp_per_ship_on_board: int


class NotationLimits(BaseModel):
    """Bounds on what a typed move may say, checked before anything is built from it."""

    max_input: int = Field(gt=0)
    max_units: int = Field(gt=0)


class EndRules(BaseModel):
    any_row_empty: bool = True


class NavegadorData(BaseModel):
    min_players: int
    max_players: int
    start_cash: int
    worker_min: int
    worker_max: int
    worker_start: int
    ship_pieces: int
    ships_start_on_board: int
    overflow_sell_price: int
    cheap_unit_price: int
    start_region: str
    start_phase: int
    phases: Phases
    rondel: list[RondelSpace]
    rondel_rules: RondelRules
    regions: list[RegionData]
    map: MapData
    exploration: Exploration
    colonies: Colonies
    market: Market
    buildings: list[BuildingRow]
    start_sheet: StartSheet
    privileges: list[PrivilegeColumn]
    privilege_rules: PrivilegeRules
    navegador_card: CardRules
    scoring: Scoring
    notation: NotationLimits
    end: EndRules

    @model_validator(mode="after")
    def _consistent(self) -> NavegadorData:
        ids = {r.id for r in self.regions}
        if len(ids) != len(self.regions):
            raise ValueError("region ids must be unique")
        if self.start_region not in ids:
            raise ValueError(f"start_region {self.start_region!r} is not a region")
        for edge in self.map.edges:
            if edge.a not in ids or edge.b not in ids:
                raise ValueError(f"edge {edge.a}-{edge.b} names an unknown region")
        for region in self.regions:
            if region.good and region.good not in GOODS:
                raise ValueError(f"{region.id}: unknown good {region.good!r}")
            if region.stack and not region.good:
                raise ValueError(f"{region.id}: a colony stack needs a good")
        for good in GOODS:
            stacked = sum(r.stack for r in self.regions if r.good == good)
            in_play = len(self.colonies.values(good)) - self.colonies.removed_per_good
            if stacked != in_play:
                raise ValueError(
                    f"{good}: stacks hold {stacked} tokens but {in_play} are in play"
                )
        if set(self.market.sell) != set(GOODS):
            raise ValueError("market.sell needs a column per good")
        if any(len(col) != self.market.rows for col in self.market.sell.values()):
            raise ValueError("every market column needs as many rows as market.process")
        if not 1 <= self.market.start_row <= self.market.rows:
            raise ValueError("market.start_row is off the ladder")
        keys = [s.key for s in self.rondel]
        if len(set(keys)) != len(keys):
            raise ValueError("rondel keys must be unique")
        if {s.action for s in self.rondel} != set(ACTIONS):
            raise ValueError("the rondel must offer every action")
        for row in self.buildings:
            if row.kind == "factory" and row.good not in GOODS:
                raise ValueError(f"factory row {row.key} needs a good")
        for n in range(self.min_players, self.max_players + 1):
            if n not in self.phases.gallery_level:
                raise ValueError(f"phases.gallery_level has no row for {n} players")
        for col in self.privileges:
            if len(col.cash) != self.privilege_rules.slots_per_column:
                raise ValueError(f"privilege {col.key}: one cash value per slot")
        return self

    # Lookups used all over the engine -------------------------------------------

    def region(self, region_id: str) -> RegionData:
        return self._by_id[region_id]

    @cached_property
    def _by_id(self) -> dict[str, RegionData]:
        return {r.id: r for r in self.regions}

    def row(self, key: str) -> BuildingRow:
        return next(r for r in self.buildings if r.key == key)

    def column(self, key: str) -> PrivilegeColumn:
        return next(c for c in self.privileges if c.key == key)


@cache
def load_data(path: str | None = None) -> NavegadorData:
    file = Path(path) if path else DATA_DIR / "game.toml"
    with file.open("rb") as handle:
        return NavegadorData.model_validate(tomllib.load(handle))
