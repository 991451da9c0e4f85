"""Checks that hold after every move of every Maracaibo game (used by random play)."""

from __future__ import annotations

from collections import Counter
from functools import cache

from rules.fuzz import InvariantError
from rules.maracaibo.cards import all_instances
from rules.maracaibo.data import NATIONS, load_data
from rules.maracaibo.state import MaracaiboState
from rules.maracaibo.turn import to_act


@cache
def every_card() -> frozenset[str]:
    return frozenset(all_instances("A") + all_instances("B"))


def check(state: MaracaiboState) -> None:  # type: ignore[override]
    data = load_data()
    rules = data.rules
    problems: list[str] = []
    cards: list[str] = [*state.deck, *state.discard, *state.display, *state.box]
    for seat, p in enumerate(state.seats):
        who = f"seat {seat + 1}"
        cards += [*p.hand, *p.planned, *p.bought, *p.dealt, *p.kept]
        cards += [p.plan_pick] if p.plan_pick else []
        if p.dbl < 0 or p.vp < 0 or not 0 <= p.cp <= rules.cp_max:
            problems.append(f"{who}: {p.dbl} dbl, {p.vp} VP, {p.cp} CP")
        if p.supply < 0 or p.stock < 0 or \
                p.supply + p.stock + len(p.figures) != rules.figures_per_colour:
            problems.append(f"{who} figures: {p.supply} + {p.stock} + {len(p.figures)}")
        if any(not 0 <= d <= data.ship.discs_per_space for d in p.discs):
            problems.append(f"{who} discs {p.discs}")
        if len(p.planned) > rules.planning_slots:
            problems.append(f"{who} plans {len(p.planned)} cards")
        if any(not 0 <= v <= data.influence.track_max for v in p.influence.values()):
            problems.append(f"{who} influence {p.influence}")
        if len(set(p.synergy)) != len(p.synergy):
            problems.append(f"{who} holds a synergy token twice")
        if p.ship not in data.loc:
            problems.append(f"{who} ship on {p.ship}")
    everything = every_card()
    if len(cards) != len(everything) or set(cards) != everything:
        extra = (Counter(cards) - Counter(everything)) + (Counter(everything) - Counter(cards))
        problems.append(f"cards not conserved: {sorted(extra)[:5]}")
    held = [t for pile in state.tokens for t in pile] + state.tokens_used
    held += [state.combat.token] if state.combat else []
    if sorted(held) != list(range(len(data.combat_tokens))):
        problems.append("combat tokens not conserved")
    for n in NATIONS:
        on = sum(1 for v in state.owners.values() if v == n)
        if sum(state.stock[n]) + on + state.expelled[n] != data.stock_total:
            problems.append(f"{n} ownership markers not conserved")
    quests = len(state.quest_pile) + sum(len(v) for v in state.quests_at.values())
    quests += sum(len(p.quests) for p in state.seats)
    if quests != sum(q.copies for q in data.quests):
        problems.append(f"quest tiles: {quests}")
    if state.step != "over" and not to_act(state):
        problems.append(f"nobody may act at step {state.step}")
    if state.step == "over" and (state.queue or state.decision):
        problems.append("the game ended with effects pending")
    if state.step in ("sail", "draw", "setup") and state.combat is not None:
        problems.append(f"a fight outside phase B ({state.step})")
    if not 1 <= state.round <= rules.rounds:
        problems.append(f"round {state.round}")
    if problems:
        raise InvariantError("; ".join(problems))
