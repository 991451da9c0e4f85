"""What a seat — or, for None, anyone watching — may see of a Maracaibo table.

The public view holds no hand, no card dealt at setup, no secret choice not yet revealed,
no unrevealed career, no deck order, no face-down combat token or prestige building, no
quest tile under the top of the pile: those appear as counts. ``view(state, seat)`` adds
that seat's own hand, dealt cards and career.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from rules.maracaibo.data import load_data
from rules.maracaibo.effects import hand_limit, noble_class, ship_spaces
from rules.maracaibo.state import MaracaiboState, TurnRecord


class FigureView(BaseModel):
    loc: str
    card: str


class SeatView(BaseModel):
    seat: int
    dbl: int
    vp: int
    cp: int
    inc_d: int
    inc_v: int
    income_dbl: int                 # doubloons at each scoring
    income_vp: int                  # VP at each scoring
    influence: dict[str, int]
    classes: dict[str, int]
    discs: list[int]
    unlocked: int
    hand_size: int
    hand_limit: int
    planned: list[str]
    bought: list[str]
    invested: list[str]
    quests: list[str]
    synergy: list[str]
    supply: int
    stock: int
    figures: list[FigureView]
    career: str = ""                # shown once its first task was claimed
    tasks: list[int] = Field(default_factory=list)
    career_done: bool = False
    ship: str
    explorer: str
    lines: list[str]
    ready: bool = False             # setup choices made
    # only in the seat's own view
    hand: list[str] | None = None
    dealt: list[str] | None = None
    kept: list[str] | None = None
    plan_pick: str | None = None
    careers_dealt: list[str] | None = None
    own_career: str | None = None


class CombatView(BaseModel):
    token: int
    nation: str
    influence: int
    annex: int


class DecisionView(BaseModel):
    kind: str
    seat: int
    n: int
    slot: str


class MaracaiboView(BaseModel):
    game: Literal["maracaibo"] = "maracaibo"
    players: int
    round: int
    rounds: int
    turn: int
    step: str
    current: int
    start_player: int
    to_act: list[int]
    progress: str
    trigger: int | None
    mp: int
    path: list[str]
    main: str
    village_left: int
    decision: DecisionView | None
    combat: CombatView | None
    scoring: str = ""               # interim | final
    scoring_seat: int | None = None
    deck: int
    discard: int
    discard_top: str
    display: list[str]
    prestige: list[str]             # "" for a face-down slot
    prestige_open: int
    city_tiles: dict[str, str]
    two_player_tile: bool
    quest_top: str
    quest_pile: int
    quests_at: dict[str, list[str]]
    slots_taken: list[str]
    owners: dict[str, str]
    stock: dict[str, list[int]]
    expelled: dict[str, int]
    market: dict[str, list[int]]
    crossed: dict[str, list[int]]
    arrivals: list[int]
    tokens: list[int]               # sizes of the face-down piles
    tokens_used: list[int]
    seats: list[SeatView]
    records: list[TurnRecord]
    final: list[dict[str, int]]
    multipliers: dict[str, int]     # each nation's multiplier if the game ended now
    provisional: list[int]          # each seat's score if the game ended now
    ranks: list[int]                # 1 = best, by ``provisional`` (ties by doubloons,
                                    # then shared: all who share the lead rank 1)
    viewer: int | None = None


def build_view(state: MaracaiboState, seat: int | None = None) -> MaracaiboView:
    from rules.maracaibo.chat import progress
    from rules.maracaibo.scoring import multipliers, standings
    from rules.maracaibo.turn import to_act

    data = load_data()
    seats = []
    for i, p in enumerate(state.seats):
        own = seat == i
        v = SeatView(
            seat=i, dbl=p.dbl, vp=p.vp, cp=p.cp, inc_d=p.inc_d, inc_v=p.inc_v,
            income_dbl=data.income.doubloons[p.inc_d][0], income_vp=data.income.vp[p.inc_v],
            influence=dict(p.influence),
            classes={n: noble_class(x) for n, x in p.influence.items()},
            discs=list(p.discs), unlocked=ship_spaces(p),
            hand_size=len(p.hand),
            hand_limit=hand_limit(p), planned=list(p.planned), bought=list(p.bought),
            invested=list(p.invested), quests=list(p.quests), synergy=list(p.synergy),
            supply=p.supply, stock=p.stock,
            figures=[FigureView(loc=f.loc, card=f.card) for f in p.figures],
            career=p.career if p.career_shown else "", tasks=list(p.tasks),
            career_done=p.career_done, ship=p.ship, explorer=p.explorer,
            lines=list(p.lines), ready=p.setup_done() if state.step == "setup" else True)
        if own:
            v.hand = list(p.hand)
            v.dealt = list(p.dealt)
            v.kept = list(p.kept)
            v.plan_pick = p.plan_pick
            v.careers_dealt = list(p.careers_dealt)
            v.own_career = p.career
        seats.append(v)
    d = state.decision
    c = state.combat
    result = standings(state)
    ranks = [0] * state.players
    for s, place in zip(result.ranking, result.places, strict=True):
        ranks[s] = place                # those sharing the lead all rank 1
    return MaracaiboView(
        players=state.players, round=state.round, rounds=data.rules.rounds, turn=state.turn,
        step=state.step, current=state.current, start_player=state.start_player,
        to_act=to_act(state), progress=progress(state), trigger=state.trigger,
        mp=state.t.mp, path=list(state.t.path), main=state.t.main,
        village_left=state.t.village_left,
        decision=DecisionView(kind=d.kind, seat=d.seat, n=d.n, slot=d.slot) if d else None,
        combat=CombatView(token=c.token, nation=c.nation, influence=c.influence,
                          annex=c.annex) if c else None,
        scoring=state.scoring.kind if state.scoring else "",
        scoring_seat=state.scoring.order[state.scoring.index]
        if state.scoring and state.scoring.index < len(state.scoring.order) else None,
        deck=len(state.deck), discard=len(state.discard),
        discard_top=state.discard[-1] if state.discard and state.step != "setup" else "",
        display=list(state.display),
        prestige=[b if i < state.prestige_open else "" for i, b in enumerate(state.prestige)],
        prestige_open=state.prestige_open, city_tiles=dict(state.city_tiles),
        two_player_tile=state.two_player_tile,
        quest_top=state.quest_pile[-1] if state.quest_pile else "",
        quest_pile=len(state.quest_pile),
        quests_at={k: list(v) for k, v in state.quests_at.items()},
        slots_taken=list(state.slots_taken), owners=dict(state.owners),
        stock={k: list(v) for k, v in state.stock.items()}, expelled=dict(state.expelled),
        market={k: list(v) for k, v in state.market.items()},
        crossed={k: list(v) for k, v in state.crossed.items()}, arrivals=list(state.arrivals),
        tokens=[len(p) for p in state.tokens], tokens_used=list(state.tokens_used),
        seats=seats, records=[r.model_copy(deep=True) for r in state.records],
        final=[dict(x) for x in state.final], multipliers=multipliers(state),
        provisional=list(result.scores), ranks=ranks, viewer=seat)
