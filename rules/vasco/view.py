"""What a seat (or a spectator) may see: everything on the table and in the open player
supplies, but never the order of a face-down stack or what the bag gives next.

Nothing in Vasco da Gama is private to one player, so every seat's view is the public one.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from rules.contract import GameResult
from rules.vasco.state import Disc, FinalScore, LogLine, Phase, Player, Ship, VascoState


class VascoView(BaseModel):
    game: Literal["vasco"] = "vasco"
    players: int
    round: int
    rounds: int
    phase: Phase
    progress: str
    actor: int | None
    start: int
    called: int
    expedition: str | None
    free: int
    coin_spaces: list[int]
    numbers: list[int]
    manuel_numbers: list[int]
    slots: dict[str, list[Disc | None]]
    blocked: dict[str, int]
    holders: dict[str, int | None]
    vdg_current: str | None
    vdg_next: str | None
    vdg_left: int                         # face-down VdG tiles
    bag: dict[str, int]                   # can be counted by anyone; the next draw cannot
    sections: list[list[str]]
    captain_supply: list[int]
    stacks: dict[str, int]                # face-down project tiles left per stack
    display: list[str | None]
    san_gabriel: str | None
    merchant_top: str | None              # the top merchant ship, if face up
    merchants_left: int
    missionaries: int
    landings: dict[str, list[Ship | None]]
    seats: list[Player]
    log: list[LogLine]
    seq: int
    final: list[FinalScore] | None
    standings: GameResult


def build_view(state: VascoState, seat: int | None = None) -> VascoView:
    from rules.vasco.chat import progress
    from rules.vasco.data import load_data
    from rules.vasco.scoring import result
    from rules.vasco.turn import actor

    return VascoView(
        players=state.players, round=state.round, rounds=load_data().rounds,
        phase=state.phase, progress=progress(state), actor=actor(state), start=state.start,
        called=state.called, expedition=state.expedition, free=state.free,
        coin_spaces=list(state.coin_spaces), numbers=list(state.numbers),
        manuel_numbers=list(state.manuel_numbers),
        slots={k: list(v) for k, v in state.slots.items()}, blocked=dict(state.blocked),
        holders=dict(state.holders), vdg_current=state.vdg_current, vdg_next=state.vdg_next,
        vdg_left=len(state.vdg_stack), bag=dict(state.bag),
        sections=[list(s) for s in state.sections], captain_supply=list(state.captain_supply),
        stacks={k: len(v) for k, v in state.stacks.items()}, display=list(state.display),
        san_gabriel=state.san_gabriel,
        merchant_top=state.merchants[0] if state.merchants and state.merchant_up else None,
        merchants_left=len(state.merchants), missionaries=state.missionaries,
        landings={k: list(v) for k, v in state.landings.items()},
        seats=[p.model_copy(deep=True) for p in state.seats], log=list(state.log),
        seq=state.seq, final=state.final, standings=result(state),
    )
