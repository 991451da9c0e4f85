"""What a seat or a spectator may see: everything but the decks' order, the face-down
contracts, the oar hands and the oar cards chosen but not yet revealed.

The board picture and the chat summaries are drawn from the public view only; a seat's
own view adds its hand and its secret choice (for /hand).
"""

from __future__ import annotations

from pydantic import BaseModel

from rules.contract import GameResult
from rules.neptun import sailing, scoring
from rules.neptun.cards import GOOD_NAMES, city_name, city_of, reward
from rules.neptun.chat import progress
from rules.neptun.data import load_data
from rules.neptun.options import switch
from rules.neptun.state import NeptunState, SailRecord, Slot, Tile
from rules.neptun.turn import to_act


class CityView(BaseModel):
    code: str
    name: str
    temple: str                      # "" for Crete
    ships: list[int]                 # seats whose ship is there


class LinkView(BaseModel):
    a: str
    b: str
    kind: str                        # "sea" or "deep"
    miles: int


class ContractView(BaseModel):
    city: str                        # port code
    city_name: str
    card: str                        # city card id, e.g. "ATH-1"
    goods: str
    goods_name: str
    reward: str                      # "G4" or "T3"
    temple: str                      # the temple a T reward (or a donation) moves on


class ColumnView(BaseModel):
    column: int                      # 1-based
    face_up: bool
    contract: ContractView | None    # None while face down
    oar: str | None                  # "6/-1" once face up
    gold: int


class SlotView(BaseModel):
    slot: int
    contract: ContractView
    status: str                      # open / done / failed


class TempleView(BaseModel):
    key: str
    god: str
    region: str
    colour: str
    tiles: list[int]                 # point tiles on it this round, 1st place first
    stacks: list[tuple[int, list[int]]]   # (space, seats bottom -> top), highest space first
    ranking: list[int]               # who would take its tiles now


class PlayerView(BaseModel):
    seat: int
    gold: int
    ship: str
    hand: int                        # how many oar cards (not which)
    chosen: bool                     # has chosen this turn's card in secret
    played: int                      # oar cards played this round (face down)
    revealed: str | None             # this turn's card once revealed ("5/0 start")
    chart: list[SlotView | None]
    vp: int
    bonus: int
    tiles: list[Tile]
    turn_position: int               # 1 = first in turn order
    extra_turns: int


class NeptunView(BaseModel):
    game: str = "neptun"
    progress: str                    # the one numbering every message uses
    players: int
    seat: int | None                 # whose view (None = public)
    round: int
    rounds: int
    phase: str
    stage: str
    draft_turn: int
    sail_turn: int
    extra: int                       # 1 / 2 during extra turn 5-I / 5-II
    queue: list[int]                 # asked / taking the extra turn, in turn order
    said_yes: list[int]              # asked about the extra turn and taking it
    to_act: list[int]
    current: int | None              # the one seat acting alone, if any
    revealing: int | None            # column the drafting player just turned over (1-based)
    wind: int
    forecast: int | None
    wind_next: int | None
    order: list[int]
    oar_track: dict[int, list[int]]  # power -> seats, bottom first
    display: list[ColumnView | None]
    decks: dict[str, int]            # cards left in each deck
    cities: list[CityView]
    links: list[LinkView]
    temples: list[TempleView]
    gold_tiles: list[int]
    gold_ranking: list[int]
    sheets: list[PlayerView]
    voyages: list[SailRecord]
    log: list[str]
    result: GameResult | None
    hand: list[str] | None = None    # only in the seat's own view
    choice: str | None = None        # only in the seat's own view


def contract_view(card: str, goods: str) -> ContractView:
    r = reward(card, goods)
    code = city_of(card)
    temple = r.temple if r.kind == "T" else load_data().city(code).temple
    return ContractView(city=code, city_name=city_name(code), card=card, goods=goods,
                        goods_name=GOOD_NAMES.get(goods, goods), reward=r.label,
                        temple=temple)


def _slot(i: int, slot: Slot | None) -> SlotView | None:
    if slot is None:
        return None
    return SlotView(slot=i + 1, contract=contract_view(slot.city, slot.goods),
                    status=slot.status)


def _stacks(state: NeptunState, key: str) -> list[tuple[int, list[int]]]:
    track = state.temples[key]
    spaces = sorted(set(track.pos), reverse=True)
    return [(space, [s for s in track.order if track.pos[s] == space]) for space in spaces]


def _wind_next(state: NeptunState) -> int | None:
    """The wind the forecast on the scale will bring; None when it brings none: turn 5's
    forecast moves no wind unless a variant says so (spec A5, `turn5` in game.toml)."""
    if state.forecast is None:
        return None
    if state.sail_turn >= load_data().sail_turns and switch(state, "turn5") == "ignore":
        return None
    return sailing.wind_after(state.forecast)


def build_view(state: NeptunState, seat: int | None = None) -> NeptunView:
    data = load_data()
    acting = to_act(state)
    current = None
    if len(acting) == 1 and state.phase != "choose":
        current = acting[0]
    display = []
    for i, column in enumerate(state.display):
        if column is None:
            display.append(None)
            continue
        up = column.face_up
        display.append(ColumnView(
            column=i + 1, face_up=up,
            contract=contract_view(column.city, column.goods) if up else None,
            oar=column.oar.value if up else None, gold=column.gold))
    points = scoring.scores(state)
    sheets = []
    for s, player in enumerate(state.seats):
        card = state.revealed[s] if s < len(state.revealed) else None
        sheets.append(PlayerView(
            seat=s, gold=player.gold, ship=player.ship, hand=len(player.hand),
            chosen=player.choice is not None, played=len(player.played),
            revealed=card.shown if card else None,
            chart=[_slot(i, slot) for i, slot in enumerate(player.chart)],
            vp=points[s], bonus=player.bonus, tiles=list(player.tiles),
            turn_position=state.order.index(s) + 1, extra_turns=player.extra_turns))
    temples = [TempleView(key=t.key, god=t.god, region=t.region, colour=t.colour,
                          tiles=list(state.temples[t.key].tiles),
                          stacks=_stacks(state, t.key),
                          ranking=scoring.temple_ranking(state, t.key))
               for t in data.temples]
    over = state.phase == "over"
    own = state.seats[seat] if seat is not None and 0 <= seat < state.players else None
    return NeptunView(
        progress=progress(state), players=state.players, seat=seat, round=state.round,
        rounds=data.rounds,
        phase=state.phase, stage=state.stage, draft_turn=state.draft_turn,
        sail_turn=state.sail_turn, extra=state.extra, queue=list(state.queue),
        said_yes=list(state.said_yes) if state.phase == "ask" else [],
        to_act=acting, current=current,
        revealing=state.revealing + 1 if state.revealing is not None else None,
        wind=state.wind, forecast=state.forecast,
        wind_next=_wind_next(state),
        order=list(state.order),
        oar_track={k: list(v) for k, v in sorted(state.oar_track.items())},
        display=display,
        decks={"city": len(state.decks.city), "goods": len(state.decks.goods),
               "oar": len(state.decks.oar)},
        cities=[CityView(code=c.code, name=c.name, temple=c.temple,
                         ships=[s for s, p in enumerate(state.seats) if p.ship == c.code])
                for c in data.cities],
        links=[LinkView(a=a, b=b, kind=kind, miles=state.miles[f"{a}-{b}"])
               for a, b, kind in data.links],
        temples=temples, gold_tiles=list(state.gold_tiles),
        gold_ranking=scoring.gold_ranking(state), sheets=sheets,
        voyages=list(state.voyages), log=list(state.log),
        result=scoring.result(state) if over else None,
        hand=[c.label for c in own.hand] if own else None,
        choice=own.choice.label if own and own.choice else None,
    )

