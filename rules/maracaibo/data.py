"""Maracaibo's static data, read from ``data/maracaibo/*.toml`` and validated.

Every number lives in those files, tagged [S]/[A]/[D] so that someone holding the physical
game can correct it without touching code. Card, tile, quest, career and ship-board effects
are written in a small effect language (``Atom``, ``Perm``) that ``effects.py`` interprets:
a new card needs no code unless it brings a new kind of effect.
"""

from __future__ import annotations

import tomllib
from functools import cache, cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "maracaibo"
NATIONS = ("ES", "FR", "EN")
LINE_COLOURS = ("red", "blue", "green")


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# The effect language -----------------------------------------------------------------


class Inf(Frozen):
    nation: str          # ES | FR | EN | ANY
    n: int = Field(ge=1)


class BuyFx(Frozen):
    discount: int = Field(default=0, ge=0)


class OptionalPay(Frozen):
    dbl: int = Field(ge=1)
    then: tuple[Atom, ...]


class Atom(Frozen):
    """One immediate effect: exactly one field is set."""

    dbl: int | None = None
    vp: int | None = None
    cp: int | None = None
    inf: Inf | None = None
    explore: int | None = None
    disc: int | None = None
    fig: int | None = None
    inc_d: int | None = None
    inc_v: int | None = None
    syn: str | None = None
    buy: BuyFx | None = None
    annex_free: int | None = None
    optional_pay: OptionalPay | None = None

    @model_validator(mode="after")
    def _one(self) -> Atom:
        # runs on every Atom *passed* to a model too (a queued effect): kept cheap
        set_ = [k for k, v in self.__dict__.items() if v is not None]
        if len(set_) != 1:
            raise ValueError(f"an effect atom needs exactly one kind, got {set_ or 'none'}")
        return self

    @property
    def kind(self) -> str:
        return next(k for k, v in self.__dict__.items() if v is not None)


OptionalPay.model_rebuild()


class Perm(Frozen):
    """Permanent abilities (bought cards and unlocked ship spaces)."""

    card_discount: int = 0
    prestige_discount: int = 0
    village_bonus: int = 0
    hand_limit: int = 0
    explore_bonus: int = 0
    combat_cp: int = 0
    annex_discount: int = 0
    combat_actions: int = 0                     # the most combat actions (0 = the rule's)
    max_mp: int = 0                             # movement points (0 = the rule's)
    village_table: tuple[tuple[int, int], ...] = ()
    discard_hand: tuple[Atom, ...] = ()         # replaces village action A's 2 doubloons
    deliver_reward: tuple[Atom, ...] = ()
    quest_reward: tuple[Atom, ...] = ()
    scoring_reward: tuple[Atom, ...] = ()


# Cards --------------------------------------------------------------------------------


class Copy(Frozen):
    good: str
    object: str


class Assistant(Frozen):
    loc: str
    action: tuple[Atom, ...]


class SynBonus(Frozen):
    symbol: str
    reward: tuple[Atom, ...]


class EndVP(Frozen):
    per: str
    vp: int


class ClassReq(Frozen):
    nation: str
    min: int


class Requirement(Frozen):
    class_: ClassReq | None = Field(default=None, alias="class")
    quests: int | None = None
    ship_spaces: int | None = None


class Card(Frozen):
    id: str
    name: str
    cost: int = Field(ge=0)
    vp: int = 0
    synergy: str = ""
    effect: tuple[Atom, ...] = ()
    perm: Perm | None = None
    asst: Assistant | None = None
    syn_bonus: SynBonus | None = None
    end: EndVP | None = None
    req: Requirement | None = None
    copies: tuple[Copy, ...] = Field(min_length=1, max_length=26)

    @property
    def deck(self) -> str:
        return self.id[0]


# Route, tiles, ship, explorer ------------------------------------------------------


class MarketSpace(Frozen):
    good: str
    reward: tuple[Atom, ...]


class Location(Frozen):
    id: str
    name: str
    kind: Literal["start", "village", "city", "homeward"]
    next: tuple[str, ...] = ()
    flag: tuple[Atom, ...] = ()
    action: str = ""               # tile | explore | combat | effect | combat_or_explore
    action_name: str = ""
    explore: int = 0
    effect: tuple[Atom, ...] = ()
    market: tuple[MarketSpace, ...] = ()
    red_hand: bool = False
    rounds: tuple[int, ...] = ()   # the rounds it is in play (empty: always)
    arrive: tuple[Atom, ...] = ()
    ends: str = ""                 # interim | final


class CityTile(Frozen):
    id: str
    name: str
    wheel: bool = False
    players: tuple[int, ...]
    effect: tuple[Atom, ...]


class ShipSpace(Frozen):
    id: str
    perm: Perm | None = None
    once: tuple[Atom, ...] = ()


class Ship(Frozen):
    discs_per_space: int = Field(ge=1)
    spaces: tuple[ShipSpace, ...]


class ExplorerNode(Frozen):
    id: str
    bonus: tuple[Atom, ...] = ()
    quest_slot: bool = False
    branch: str = ""


class Line(Frozen):
    colour: str
    after: str
    influence: int = 0
    vp: tuple[int, ...] = ()


class Explorer(Frozen):
    start: str
    final: str
    final_vp: tuple[int, ...]
    nodes: tuple[ExplorerNode, ...]
    edges: dict[str, tuple[str, ...]]
    lines: tuple[Line, ...]


class TokenEntry(Frozen):
    cp: int = 0
    vp: int = 0
    dbl: int = 0
    pay: int = 0
    object: str = ""
    figure: int = 0


class CombatToken(Frozen):
    ES: TokenEntry | None = None
    FR: TokenEntry | None = None
    EN: TokenEntry | None = None

    def entry(self, nation: str) -> TokenEntry | None:
        return getattr(self, nation)


class Rules(Frozen):
    start_doubloons: tuple[int, ...]
    start_cp: int
    cp_max: int
    movement_points: int
    hand_limit: int
    planning_slots: int
    display_size: int
    deal_a: int
    keep: int
    plan_at_setup: int
    b_cards_used: int
    figures_per_colour: int
    figures_at_start: int
    figures_after_career: int
    careers_dealt: int
    combat_piles: int
    rounds: int
    story_tiles: int
    legacy_tiles: int
    synergy_tokens_per_symbol: int
    village_table: tuple[tuple[int, int], ...]
    discard_hand_doubloons: int
    take_doubloons: int
    village_coin_requires_discard: bool
    influence_buys: tuple[tuple[int, int], ...]
    annex_cost: int
    expel_cost: int
    annex_min_cost: int
    combat_actions: int
    figure_cp: int
    figures_for_cp_from: Literal["supply", "board"]
    quest_bonus_at: int
    quest_bonus_first: int
    quest_bonus_more: int
    explorer_quests_count: bool
    assistant_vp: int
    interim_pass_vp: int
    most_influence_vp: int
    most_influence_needs_some: bool
    dominance_bonus: tuple[int, ...]
    dominance_dense: bool
    dominance_needs_markers: bool
    multiplier_reading: Literal["influence", "ownership"]
    red_line_mode: Literal["crossing_player", "all_players_on_each_cross"]
    tie_break: Literal["doubloons", "shared"]


class Influence(Frozen):
    track_max: int
    bands: tuple[tuple[int, int], ...]
    stock: tuple[int, ...]


class Income(Frozen):
    doubloons: tuple[tuple[int, int], ...]
    vp: tuple[int, ...]


class Symbols(Frozen):
    goods: tuple[str, ...]
    objects: tuple[str, ...]
    synergy: tuple[str, ...]


class TwoPlayerTile(Frozen):
    location: str
    market_spaces: int


class CityTileSetup(Frozen):
    spots: tuple[str, ...]
    wheel: int
    random: int


class Markets(Frozen):
    spaces: dict[int, int]


class Schedule(Frozen):
    setup: dict[int, tuple[str, ...]]
    interim1: dict[int, tuple[str, ...]]
    interim2: dict[int, tuple[str, ...]]
    interim3: dict[int, tuple[str, ...]]

    def at(self, moment: str, players: int) -> tuple[str, ...]:
        return getattr(self, moment).get(players, ())


# Content ------------------------------------------------------------------------------


class QuestCost(Frozen):
    goods: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()
    dbl: int = 0
    cp: int = 0


class Quest(Frozen):
    id: str
    copies: int = Field(ge=1)
    cost: QuestCost
    reward: tuple[Atom, ...]


class Condition(Frozen):
    kind: str
    n: int = 0
    line: str = ""


class Task(Frozen):
    either: tuple[Condition, ...] = Field(min_length=1, max_length=2)
    reward: tuple[Atom, ...]


class Career(Frozen):
    id: str
    name: str
    final: tuple[Atom, ...]
    tasks: tuple[Task, ...] = Field(min_length=1, max_length=9)


class PlusVP(Frozen):
    per: str
    each: int


class PrestigeVP(Frozen):
    fixed: int = 0
    per: str = ""
    each: int = 0
    cap: int | None = None
    plus: PlusVP | None = None
    by_explorer: dict[str, int] | None = None


class Prestige(Frozen):
    id: str
    name: str
    cost: int
    vp: PrestigeVP


COUNTS = {"quest", "syn_distinct", "ship_space", "figure_on_board", "card_bought",
          "noble_class_max", "deliveries"}
CONDITIONS = {"cp_at_least", "annexes", "noble_class_any", "combats", "deliveries",
              "dbl_at_least", "inc_d_steps", "ship_spaces", "explorer_past", "explorer_steps",
              "quests", "cards_bought", "synergy_tokens", "prestige_invested",
              "figures_on_board", "figures_in_supply", "assistant_actions", "discs_removed"}


class MaracaiboData(Frozen):
    min_players: int
    max_players: int
    rules: Rules
    nations: dict[str, tuple[str, ...]]
    influence: Influence
    income: Income
    symbols: Symbols
    route: tuple[Location, ...]
    markets: Markets
    two_player_tile: TwoPlayerTile
    city_tile_setup: CityTileSetup
    city_tiles: tuple[CityTile, ...]
    ship: Ship
    explorer: Explorer
    combat_tokens: tuple[CombatToken, ...]
    quest_schedule: Schedule
    cards: tuple[Card, ...]
    quests: tuple[Quest, ...]
    careers: tuple[Career, ...]
    prestige: tuple[Prestige, ...]

    # Lookups ---------------------------------------------------------------------

    @cached_property
    def loc(self) -> dict[str, Location]:
        return {loc.id: loc for loc in self.route}

    @cached_property
    def card(self) -> dict[str, Card]:
        return {c.id: c for c in self.cards}

    @cached_property
    def tile(self) -> dict[str, CityTile]:
        return {t.id: t for t in self.city_tiles}

    @cached_property
    def quest(self) -> dict[str, Quest]:
        return {q.id: q for q in self.quests}

    @cached_property
    def career(self) -> dict[str, Career]:
        return {c.id: c for c in self.careers}

    @cached_property
    def building(self) -> dict[str, Prestige]:
        return {p.id: p for p in self.prestige}

    @cached_property
    def space(self) -> dict[str, ShipSpace]:
        return {s.id: s for s in self.ship.spaces}

    @cached_property
    def node(self) -> dict[str, ExplorerNode]:
        return {n.id: n for n in self.explorer.nodes}

    @cached_property
    def nation_words(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for key, (name, *words) in self.nations.items():
            for word in (key.lower(), name.lower(), *words):
                out[word] = key
        return out

    def nation_name(self, key: str) -> str:
        return self.nations[key][0]

    @cached_property
    def explorer_order(self) -> dict[str, int]:
        """Nodes in the order listed (start first): how far along the track a node is."""
        return {n.id: i for i, n in enumerate(self.explorer.nodes)}

    @cached_property
    def stock_total(self) -> int:
        return sum(self.influence.stock)

    # Validation ---------------------------------------------------------------------

    @model_validator(mode="after")
    def _consistent(self) -> MaracaiboData:
        problems: list[str] = []
        ids = [loc.id for loc in self.route]
        if len(set(ids)) != len(ids):
            problems.append("route ids must be unique")
        for loc in self.route:
            problems += [f"route {loc.id}: arrow to unknown {n}" for n in loc.next
                         if n not in ids]
            problems += [f"route {loc.id}: market good {m.good}" for m in loc.market
                         if m.good not in self.symbols.goods]
            if loc.kind == "city" and loc.action not in ("tile", "explore", "combat", "effect"):
                problems.append(f"route {loc.id}: unknown city action {loc.action!r}")
        if set(self.nations) != set(NATIONS):
            problems.append(f"nations must be {NATIONS}")
        for spot in self.city_tile_setup.spots:
            if spot not in ids or self.loc[spot].action != "tile":
                problems.append(f"city tile spot {spot} is not a tile city")
        for n in range(self.min_players, self.max_players + 1):
            pool = [t for t in self.city_tiles if n in t.players]
            if sum(t.wheel for t in pool) != self.city_tile_setup.wheel:
                problems.append(f"{n} players: need {self.city_tile_setup.wheel} wheel tiles")
            if sum(not t.wheel for t in pool) < self.city_tile_setup.random:
                problems.append(f"{n} players: too few city tiles")
            if n not in self.markets.spaces:
                problems.append(f"markets.spaces has no entry for {n} players")
            if len(self.rules.start_doubloons) < n:
                problems.append(f"start_doubloons has no value for seat {n}")
            a_cards = sum(len(c.copies) for c in self.cards if c.deck == "A")
            if a_cards < n * self.rules.deal_a:
                problems.append(f"{n} players need {n * self.rules.deal_a} A cards")
        if sum(len(c.copies) for c in self.cards if c.deck == "B") < self.rules.b_cards_used:
            problems.append("too few B cards")
        if self.rules.keep + self.rules.plan_at_setup > self.rules.deal_a:
            problems.append("keep + plan exceed the cards dealt")
        for card in self.cards:
            for copy in card.copies:
                if copy.good not in self.symbols.goods or copy.object not in self.symbols.objects:
                    problems.append(f"card {card.id}: unknown good/object {copy}")
            if card.synergy and card.synergy not in self.symbols.synergy:
                problems.append(f"card {card.id}: unknown synergy {card.synergy}")
            if card.asst and card.asst.loc not in ids:
                problems.append(f"card {card.id}: assistant on unknown location")
            if card.end and card.end.per.split(":")[0] not in COUNTS | {"syn_cards"}:
                problems.append(f"card {card.id}: unknown end count {card.end.per}")
            problems += self._atoms(card.effect, f"card {card.id}")
        for career in self.careers:
            for task in career.tasks:
                problems += [f"career {career.id}: unknown condition {c.kind}"
                             for c in task.either if c.kind not in CONDITIONS]
        for b in self.prestige:
            for per in (b.vp.per, b.vp.plus.per if b.vp.plus else ""):
                if per and per.split(":")[0] not in COUNTS | {"syn_cards"}:
                    problems.append(f"prestige {b.id}: unknown count {per}")
        nodes = {n.id for n in self.explorer.nodes}
        for a, bs in self.explorer.edges.items():
            problems += [f"explorer edge {a}->{b}" for b in (a, *bs) if b not in nodes]
        for line in self.explorer.lines:
            if line.after not in nodes or line.colour not in LINE_COLOURS:
                problems.append(f"explorer line {line.colour} after {line.after}")
        if len(self.combat_tokens) < 2:
            problems.append("too few combat tokens")
        for moment in ("setup", "interim1", "interim2", "interim3"):
            for n, slots in getattr(self.quest_schedule, moment).items():
                problems += [f"quest slot {s} ({moment}, {n}p)" for s in slots
                             if s not in ids and s not in nodes]
        if len(self.income.doubloons) < 1 or len(self.income.vp) < 1:
            problems.append("empty income track")
        if problems:
            raise ValueError("; ".join(problems[:10]))
        return self

    def _atoms(self, atoms: tuple[Atom, ...], where: str) -> list[str]:
        out = []
        for a in atoms:
            if a.inf and a.inf.nation not in (*NATIONS, "ANY"):
                out.append(f"{where}: unknown nation {a.inf.nation}")
            if a.syn and a.syn not in (*self.symbols.synergy, "ANY"):
                out.append(f"{where}: unknown synergy {a.syn}")
        return out


@cache
def load_data(root: str | None = None) -> MaracaiboData:
    folder = Path(root) if root else DATA_DIR
    merged: dict = {}
    for name in ("game.toml", "cards.toml", "content.toml"):
        with (folder / name).open("rb") as handle:
            merged.update(tomllib.load(handle))
    return MaracaiboData.model_validate(merged)


class LeafWeights(Frozen):
    """The strong computer's leaf evaluation (``data/maracaibo/evaluation.toml``): a weight
    for each part of the evaluation at each of a few numbers of rounds left (``knots``,
    rising), linear in between."""
    knots: tuple[float, ...]
    weights: dict[str, tuple[float, ...]]

    @model_validator(mode="after")
    def _shapes(self) -> LeafWeights:
        if list(self.knots) != sorted(set(self.knots)):
            raise ValueError("knots must rise")
        for term, ws in self.weights.items():
            if len(ws) != len(self.knots):
                raise ValueError(f"{term}: {len(ws)} weights for {len(self.knots)} knots")
        return self


@cache
def load_leaf_weights(root: str | None = None) -> LeafWeights:
    folder = Path(root) if root else DATA_DIR
    with (folder / "evaluation.toml").open("rb") as handle:
        return LeafWeights.model_validate(tomllib.load(handle))
