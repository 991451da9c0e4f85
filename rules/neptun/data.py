"""Neptun's numbers, read from ``data/neptun/game.toml`` and validated.

Every value the sources do not give is tagged [A] (assumed by the spec) or [D] (designed
here) in that file, so a player with the physical game can correct it without touching
code. Validation fails loudly on a wrong shape or numbers that do not fit together.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache, cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, model_validator

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "neptun"
_REWARD = re.compile(r"^([GT])([1-9][0-9]?)(?:@([a-z]+))?$")


class Wind(BaseModel):
    base: int
    min: int
    max: int
    forecast_min: int
    forecast_max: int
    turn5: Literal["ignore", "apply_before_extra", "apply_after_extra"]
    reset_each_round: bool


class Draft(BaseModel):
    leftover_gold: int = Field(ge=0)
    leftover_gold_adds_up: bool
    refusal_closes: Literal["choice", "round"]
    keep_leftover_between_rounds: bool


class Fulfil(BaseModel):
    max_per_turn: int = Field(ge=1, le=5)
    donation_gold: int = Field(ge=1)
    donation_steps: int = Field(ge=1)


class Scoring(BaseModel):
    bonus_vp: int = Field(ge=0)
    zero_scores: bool


class Extra(BaseModel):
    ask_only_useful: bool


class Temple(BaseModel):
    key: str
    region: str
    god: str
    colour: str
    tiles: list[list[int]]           # per round: the tile values, 1st place first


class GoldTemple(BaseModel):
    name: str
    tiles: list[list[int]]


class City(BaseModel):
    code: str = Field(pattern=r"^[A-Z]{3}$")
    name: str
    aliases: list[str] = Field(default_factory=list)
    temple: str                      # "" for Crete


class LinkSet(BaseModel):
    links: list[str]
    markers: list[int]

    def pairs(self) -> list[tuple[str, str]]:
        return [tuple(link.split("-", 1)) for link in self.links]  # type: ignore[misc]


class Goods(BaseModel):
    kinds: list[str]
    copies: int = Field(ge=1)


class Reward(BaseModel):
    model_config = {"frozen": True}

    kind: Literal["G", "T"]          # gold, or temple steps
    n: int
    temple: str = ""                 # the temple a T reward moves on (and donations go to)

    @property
    def label(self) -> str:
        return f"{self.kind}{self.n}"


class CityCard(BaseModel):
    id: str
    rewards: list[str]

    @property
    def city(self) -> str:
        return self.id.split("-", 1)[0]


class OarRow(BaseModel):
    power: int = Field(ge=1, le=12)
    forecasts: list[int]


class StartCard(BaseModel):
    power: int = Field(ge=1, le=12)
    forecast: int


class Oars(BaseModel):
    deck: list[OarRow]
    start: list[StartCard]


class NeptunData(BaseModel):
    min_players: int
    max_players: int
    rounds: int = Field(ge=1, le=3)
    draft_turns: int = Field(ge=1)
    sail_turns: int = Field(ge=1)
    extra_turns: int = Field(ge=0, le=2)
    chart_slots: int = Field(ge=1, le=9)
    start_gold: int = Field(ge=0)
    start_city: str
    wind_start: int
    wind: Wind
    draft: Draft
    fulfil: Fulfil
    scoring: Scoring
    extra: Extra
    temples: list[Temple]
    gold_temple: GoldTemple
    cities: list[City]
    sea: LinkSet
    deep: LinkSet
    goods: Goods
    city_cards: list[CityCard]
    oars: Oars

    @model_validator(mode="after")
    def _consistent(self) -> NeptunData:
        codes = [c.code for c in self.cities]
        if len(set(codes)) != len(codes):
            raise ValueError("city codes must be unique")
        if self.start_city not in codes:
            raise ValueError(f"start_city {self.start_city!r} is not a city")
        keys = {t.key for t in self.temples}
        if len(keys) != len(self.temples):
            raise ValueError("temple keys must be unique")
        for city in self.cities:
            if city.temple and city.temple not in keys:
                raise ValueError(f"{city.code}: unknown temple {city.temple!r}")
        for tiles in [t.tiles for t in self.temples] + [self.gold_temple.tiles]:
            if len(tiles) < self.rounds or any(len(r) != i + 1 for i, r in enumerate(tiles)):
                raise ValueError("point tiles: 1 tile in round 1, 2 in round 2, 3 in round 3")
            if any(r != sorted(r, reverse=True) or min(r) < 0 for r in tiles):
                raise ValueError("point tiles of a round must be listed highest first")
        seen: set[frozenset[str]] = set()
        for name, links in (("sea", self.sea), ("deep", self.deep)):
            if len(links.links) != len(links.markers):
                raise ValueError(f"{name}: {len(links.markers)} markers for "
                                 f"{len(links.links)} links (one marker per link)")
            if any(m < 1 for m in links.markers):
                raise ValueError(f"{name}: distance markers must be positive")
            for a, b in links.pairs():
                if a not in codes or b not in codes or a == b:
                    raise ValueError(f"{name} link {a}-{b} names an unknown city")
                if frozenset((a, b)) in seen:
                    raise ValueError(f"link {a}-{b} is listed twice")
                seen.add(frozenset((a, b)))
        self._check_connected(codes, seen)
        if len(self.goods.kinds) != len(set(self.goods.kinds)):
            raise ValueError("goods kinds must be unique")
        ids = [c.id for c in self.city_cards]
        if len(set(ids)) != len(ids):
            raise ValueError("city card ids must be unique")
        for card in self.city_cards:
            city = self._cities.get(card.city)
            if city is None or not city.temple:
                raise ValueError(f"city card {card.id}: {card.city} is not a port with a temple")
            if len(card.rewards) != len(self.goods.kinds):
                raise ValueError(f"city card {card.id}: one reward per kind of goods")
            for text in card.rewards:
                m = _REWARD.match(text)
                if not m or (m.group(3) and m.group(3) not in keys):
                    raise ValueError(f"city card {card.id}: bad reward {text!r} "
                                     "(G4, T3 or T3@temple)")
        powers = [r.power for r in self.oars.deck]
        if len(set(powers)) != len(powers):
            raise ValueError("oars.deck: one row per power")
        cards = sum(len(r.forecasts) for r in self.oars.deck)
        # Deck check (spec §1.3): a hand never holds more than the starting cards between
        # rounds, so at most max_players * starting cards are out at a round's start.
        need = (self.max_players + 1) + (self.draft_turns - 1) * self.max_players
        if cards - self.max_players * len(self.oars.start) < need:
            raise ValueError(f"oars.deck: {cards} cards are too few for {self.max_players} "
                             f"players ({need} drawn per round)")
        if len(self.city_cards) < need or len(self.goods.kinds) * self.goods.copies < need:
            raise ValueError(f"city and goods decks need at least {need} cards")
        return self

    def _check_connected(self, codes: list[str], links: set[frozenset[str]]) -> None:
        reach = {self.start_city}
        frontier = [self.start_city]
        while frontier:
            here = frontier.pop()
            for link in links:
                if here in link:
                    (other,) = link - {here}
                    if other not in reach:
                        reach.add(other)
                        frontier.append(other)
        if reach != set(codes):
            raise ValueError(f"not every city can be reached from {self.start_city}: "
                             f"{sorted(set(codes) - reach)}")

    # Lookups -------------------------------------------------------------------------

    @cached_property
    def _cities(self) -> dict[str, City]:
        return {c.code: c for c in self.cities}

    def city(self, code: str) -> City:
        return self._cities[code]

    def temple(self, key: str) -> Temple:
        return next(t for t in self.temples if t.key == key)

    @cached_property
    def temple_keys(self) -> tuple[str, ...]:
        return tuple(t.key for t in self.temples)

    @cached_property
    def _cards(self) -> dict[str, CityCard]:
        return {c.id: c for c in self.city_cards}

    def city_card(self, card_id: str) -> CityCard:
        return self._cards[card_id]

    @cached_property
    def _rewards(self) -> dict[tuple[str, str], Reward]:
        out = {}
        for card in self.city_cards:
            for good, text in zip(self.goods.kinds, card.rewards, strict=True):
                m = _REWARD.match(text)
                assert m is not None
                temple = m.group(3) or self.city(card.city).temple
                out[(card.id, good)] = Reward(kind=m.group(1), n=int(m.group(2)),  # type: ignore[arg-type]
                                              temple=temple)
        return out

    def reward(self, card_id: str, good: str) -> Reward:
        """What delivering ``good`` to the city of ``card_id`` earns."""
        return self._rewards[(card_id, good)]

    @cached_property
    def links(self) -> list[tuple[str, str, str]]:
        """(a, b, kind) for every link, sea links first, in the data file's order."""
        return ([(a, b, "sea") for a, b in self.sea.pairs()]
                + [(a, b, "deep") for a, b in self.deep.pairs()])

    def tiles(self, temple: str, round_no: int) -> list[int]:
        """The point tiles a temple (or "gold") holds in round ``round_no`` (1-based)."""
        rows = self.gold_temple.tiles if temple == "gold" else self.temple(temple).tiles
        return list(rows[round_no - 1])


@cache
def load_data(path: str | None = None) -> NeptunData:
    file = Path(path) if path else DATA_DIR / "game.toml"
    with file.open("rb") as handle:
        return NeptunData.model_validate(tomllib.load(handle))
