"""What a seat or a spectator may see: everything but the values in face-down stacks.

The board picture and the chat summaries are drawn from this view only.
"""

from __future__ import annotations

from pydantic import BaseModel

from rules.contract import GameResult
from rules.navegador import actions
from rules.navegador.data import GOODS, load_data
from rules.navegador.options import switch
from rules.navegador.scoring import achievements, breakdown, final_result
from rules.navegador.sea import exploration_loss
from rules.navegador.state import LastTurn, NavegadorState
from rules.navegador.turn import current_action, to_act


class RegionView(BaseModel):
    id: str
    name: str
    good: str                       # "" for Portugal
    explored: bool                  # explorer disk gone
    stack: int                      # colony tokens still in the region
    tokens: list[int] | None        # their values once face up; None while face down
    loss: int                       # ships lost when exploring it (1 or 2)
    phase_trigger: int | None
    ships: dict[int, int]           # seat -> ships there
    colonists: list[int] = []       # seat that founded each colony here, in order


class EdgeView(BaseModel):
    a: str
    b: str
    red: bool


class PlayerView(BaseModel):
    seat: int
    cash: int
    workers: int
    ships: dict[str, int]
    ships_on_board: int
    supply: int
    factories: dict[str, int]
    orange: int
    shipyards: int
    churches: int
    colonies: dict[str, int]        # good -> colonies owned
    explorers: int
    privileges: dict[str, int]      # column -> tokens
    king: str | None
    king_done: bool
    stone: int | None
    score: int                      # VP if the game ended now (King's privilege unplaced)
    breakdown: dict[str, int]
    achievements: dict[str, int]


class MarketView(BaseModel):
    good: str
    row: int                        # 1 = top
    sell: int                       # Cr per colony sold now
    process: int                    # Cr per factory processed now


class RowView(BaseModel):
    key: str
    kind: str
    good: str
    costs: list[int]                # every slot, left to right
    on_board: int                   # pieces laid out at setup
    left: int
    next_cost: int | None
    workers: int


class ColumnView(BaseModel):
    key: str
    figure: str
    in_gallery: int
    supply: int
    base_vp: int
    token_vp: int
    cash: list[int]


class CardView(BaseModel):
    holder: int
    mark: int | None                # rondel space of the orange deadline ship
    steps: int
    lap: int
    anytime: bool = False           # `card-anytime`: played at the start of any turn


class NavegadorView(BaseModel):
    game: str = "navegador"
    players: int
    seat: int | None                # whose view (None = public)
    phase: int
    pending_phase: int | None
    turn: int                       # the game's turn number: one per player turn, from 1
    round: int                      # rounds begun: turns 1..players are round 1
    current: int
    to_act: list[int]
    step: str
    action: str | None              # action on the current player's stone, while pending
    sail_range: int
    extra_unit_price: int
    rondel: list[str]               # space keys clockwise
    rondel_actions: list[str]
    regions: list[RegionView]
    edges: list[EdgeView]
    market: list[MarketView]
    market_rows: int
    sell_ladder: dict[str, list[int]]
    process_ladder: list[int]
    rows: list[RowView]
    gallery: list[ColumnView]
    sheets: list[PlayerView]
    card: CardView
    start_player: int
    end_triggered: bool
    end_reason: str
    final_turns_left: int | None
    end_any_row_empty: bool = True  # buildings end the game when one row is empty (else all)
    last: LastTurn                  # the turn being played or just played (= turns[-1])
    turns: list[LastTurn] = []      # recent turn records, oldest first: at most one round
    sailing: list[str]              # legs sailed so far in a sail in progress
    result: GameResult | None


def round_of(turn: int, players: int) -> int:
    """The round a turn belongs to: each round is one turn per player."""
    return (max(1, turn) - 1) // max(1, players) + 1


def build_view(state: NavegadorState, seat: int | None = None) -> NavegadorView:
    data = load_data()
    regions = []
    for info in data.regions:
        sea = state.regions[info.id]
        ships = {s: sheet.ships.get(info.id, 0) for s, sheet in enumerate(state.sheets)
                 if sheet.ships.get(info.id, 0)}
        regions.append(RegionView(
            id=info.id, name=info.name, good=info.good, explored=not sea.explorer,
            stack=len(sea.tokens), tokens=sorted(sea.tokens) if sea.revealed else None,
            loss=exploration_loss(state, info.id) if info.explorer else 0,
            phase_trigger=info.phase_trigger, ships=ships, colonists=list(sea.colonists),
        ))
    sheets = []
    for s, sheet in enumerate(state.sheets):
        parts = breakdown(sheet)
        sheets.append(PlayerView(
            seat=s, cash=sheet.cash, workers=sheet.workers, ships=dict(sheet.ships),
            ships_on_board=sheet.ships_on_board, supply=sheet.supply,
            factories=dict(sheet.factories), orange=sheet.orange, shipyards=sheet.shipyards,
            churches=sheet.churches, colonies={g: sheet.colony_count(g) for g in GOODS},
            explorers=sheet.explorers, privileges=dict(sheet.privileges), king=sheet.king,
            king_done=sheet.king_done, stone=sheet.stone, score=parts["total"],
            breakdown=parts,
            achievements={c.key: achievements(sheet, c.key) for c in data.privileges},
        ))
    rows = []
    for row in data.buildings:
        left = actions.pieces_left(state, row.key)
        rows.append(RowView(
            key=row.key, kind=row.kind, good=row.good, costs=list(row.costs),
            on_board=row.on_board(state.players), left=left,
            next_cost=row.costs[state.bought[row.key]] if left > 0 else None,
            workers=row.workers,
        ))
    return NavegadorView(
        players=state.players, seat=seat, phase=state.phase, pending_phase=state.pending_phase,
        turn=state.turn, round=round_of(state.turn, state.players), current=state.current,
        to_act=to_act(state), step=state.step,
        action=current_action(state),
        sail_range=data.phases.sail_range[state.phase - 1],
        extra_unit_price=data.phases.extra_unit_price[state.phase - 1],
        rondel=[s.key for s in data.rondel], rondel_actions=[s.action for s in data.rondel],
        regions=regions,
        edges=[EdgeView(a=e.a, b=e.b, red=e.red) for e in data.map.edges],
        market=[MarketView(good=g, row=state.market[g], sell=actions.sell_price(state, g),
                           process=actions.process_price(state, g)) for g in GOODS],
        market_rows=data.market.rows,
        sell_ladder={g: list(v) for g, v in data.market.sell.items()},
        process_ladder=list(data.market.process),
        rows=rows,
        gallery=[ColumnView(key=c.key, figure=c.figure, in_gallery=state.gallery[c.key],
                            supply=state.privilege_supply[c.key], base_vp=c.base_vp,
                            token_vp=c.token_vp, cash=list(c.cash)) for c in data.privileges],
        sheets=sheets,
        card=CardView(holder=state.card.holder, mark=state.card.mark, steps=state.card.steps,
                      lap=data.navegador_card.lap,
                      anytime=switch(state, "navegador_card_anytime")),
        start_player=state.start_player,
        end_triggered=state.end_triggered, end_reason=state.end_reason,
        final_turns_left=state.final_turns_left,
        end_any_row_empty=switch(state, "end_any_row_empty"), last=state.last,
        turns=[*state.recent, state.last] if state.last.seat is not None else list(state.recent),
        sailing=list(state.sail.moved) if state.sail else [],
        result=final_result(state) if state.step == "over" else None,
    )
