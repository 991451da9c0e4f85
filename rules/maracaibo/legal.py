"""Every legal single decision for a seat right now (the tests check that each applies and
that what applies is listed)."""

from __future__ import annotations

from itertools import combinations

from rules.contract import Move
from rules.maracaibo import combat, explorer, sailing
from rules.maracaibo.actions import (
    buyable_cards,
    free_space,
    invest_problem,
    payments,
    village_left,
)
from rules.maracaibo.cards import good, obj
from rules.maracaibo.careers import claimable
from rules.maracaibo.data import NATIONS, load_data
from rules.maracaibo.decisions import explore_budget
from rules.maracaibo.effects import combat_actions
from rules.maracaibo.moves import (
    AnnexFree,
    Assist,
    Buy,
    ChooseCareer,
    City,
    Deliver,
    Disc,
    Done,
    Draw,
    Explore,
    FightAnnex,
    FightDone,
    FightFigures,
    FightInfluence,
    FightNation,
    FightPile,
    Invest,
    Keep,
    Nation,
    Pass,
    Pay,
    Plan,
    QuestMove,
    Sail,
    Skip,
    Synergy,
    Village,
)
from rules.maracaibo.options import switch
from rules.maracaibo.state import Decision, MaracaiboState
from rules.maracaibo.turn import draw_needed, to_act


def legal_moves(state: MaracaiboState, seat: int) -> list[Move]:
    if seat not in to_act(state):
        return []
    if state.decision is not None:
        return decision_moves(state, seat, state.decision)
    if state.step == "setup":
        return setup_moves(state, seat)
    if state.step == "scoring":
        return scoring_moves(state, seat)
    if state.step == "draw":
        return draw_moves(state)
    if state.step == "sail":
        moves: list[Move] = [Sail(dest=d, via=v) for d, v in sailing.routes(state, seat)]
        return moves + free_moves(state, seat)
    if state.combat is not None:
        return fight_moves(state, seat) + free_moves(state, seat)
    return main_moves(state, seat) + free_moves(state, seat) + [Done()]


def setup_moves(state: MaracaiboState, seat: int) -> list[Move]:
    rules = load_data().rules
    p = state.seats[seat]
    out: list[Move] = []
    if not p.career:
        out += [ChooseCareer(career=c) for c in p.careers_dealt]
    if not p.plan_pick:
        out += [Plan(card=c) for c in p.dealt]
    if not p.kept:
        spare = 0 if p.plan_pick else rules.plan_at_setup
        if len(p.dealt) - rules.keep >= spare:
            out += [Keep(cards=c) for c in combinations(sorted(p.dealt), rules.keep)]
    return out


def scoring_moves(state: MaracaiboState, seat: int) -> list[Move]:
    out: list[Move] = [Buy(card=c) for c in buyable_cards(state, seat)]
    out += [Invest(building=b) for b in state.prestige[: state.prestige_open]
            if invest_problem(state, seat, b) is None]
    return [*out, Pass()]


def draw_moves(state: MaracaiboState) -> list[Move]:
    if draw_needed(state) <= 0:  # pragma: no cover - the turn ends at once then
        return []
    out: list[Move] = [Draw(source="deck")] if state.deck or state.discard else []
    return out + [Draw(source=c) for c in state.display]


def free_moves(state: MaracaiboState, seat: int) -> list[Move]:
    p = state.seats[seat]
    out: list[Move] = []
    if len(p.planned) < load_data().rules.planning_slots:
        out += [Plan(card=c) for c in p.hand]
    return out + list(claimable(state, seat))


def main_moves(state: MaracaiboState, seat: int) -> list[Move]:
    data = load_data()
    p = state.seats[seat]
    t = state.t
    loc = data.loc[p.ship]
    out: list[Move] = []
    if loc.kind == "village" and t.main in ("", "village") and village_left(state, seat) > 0:
        out += village_moves(state, seat)
    city_open = t.main in ("", "city") and not t.city_done
    if loc.kind == "city" and city_open:
        if state.market.get(loc.id) and not t.delivered and any(p.discs):
            seen = set()
            for c in sorted(p.hand):
                g = good(c)
                if free_space(state, loc.id, g) is not None and c not in seen:
                    seen.add(c)
                    out.append(Deliver(good=g, card=c))
        if loc.action in ("tile", "effect"):
            out.append(City())
    fight = combat.fight_here(state, seat)
    if fight == "city" and city_open or fight == "homeward" and not t.main:
        sizes = combat.piles_after_reshuffle(state)
        out += [FightPile(pile=i + 1) for i, n in enumerate(sizes) if n]
    if (loc.action == "explore" and city_open) or (
            loc.action == "combat_or_explore" and not t.main):
        budget, _ = explore_budget(state, seat)
        out += explore_moves(state, seat, budget)
    if not t.main:
        for q in sorted(set(state.quests_at.get(loc.id, []))):
            out += [QuestMove(quest=q, pay=pay) for pay in payments(p, data.quest[q])]
        cards = sorted({f.card for f in p.figures if f.loc == loc.id})
        out += [Assist(card=c) for c in cards]
    return out


def village_moves(state: MaracaiboState, seat: int) -> list[Move]:
    p = state.seats[seat]
    out: list[Move] = []
    if p.hand:
        out.append(Village(action="discard"))
    if switch(state, "village_coin_requires_discard"):
        out += [Village(action="take", target=c) for c in sorted(p.hand)]
    else:
        out.append(Village(action="take"))
    out += [Village(action="buy", target=c) for c in buyable_cards(state, seat)]
    out += [Village(action="invest", target=b) for b in state.prestige[: state.prestige_open]
            if invest_problem(state, seat, b) is None]
    return out


def explore_moves(state: MaracaiboState, seat: int, budget: int) -> list[Move]:
    routes = explorer.destinations(state, seat, budget)
    out: list[Move] = []
    for r in routes:
        move = Explore(steps=r.steps,
                       branch=r.branch if explorer.needs_branch(routes, r.steps) else "")
        if move not in out:
            out.append(move)
    return out


def fight_moves(state: MaracaiboState, seat: int) -> list[Move]:
    data = load_data()
    rules = data.rules
    fight = state.combat
    assert fight is not None
    p = state.seats[seat]
    out: list[Move] = []
    if not fight.nation:
        token = data.combat_tokens[fight.token]
        for n in NATIONS:
            e = token.entry(n)
            if e is None or p.dbl < e.pay or p.supply < e.figure:
                continue
            if e.object:
                cards = sorted({c for c in p.hand if obj(c) == e.object})
                out += [FightNation(nation=n, card=c) for c in cards]
            else:
                out.append(FightNation(nation=n))
    else:
        most = combat_actions(p)
        used = fight.influence + fight.annex
        per_type = max(1, most - 1)
        if used < most and fight.influence < per_type:
            out += [FightInfluence(steps=s) for s, cost in rules.influence_buys if p.cp >= cost]
        if used < most and fight.annex < per_type and any(state.stock[fight.nation]):
            for loc in data.route:
                if not loc.flag or state.owners.get(loc.id) == fight.nation:
                    continue
                if p.cp >= combat.annex_cost(state, seat, loc.id):
                    out.append(FightAnnex(loc=loc.id))
    have = p.supply if switch(state, "figures_for_cp_from") == "supply" else len(p.figures)
    out += [FightFigures(n=n) for n in range(1, have + 1)]
    if fight.nation or not combat.choosable_nations(state, seat):
        out.append(FightDone())
    return out


def decision_moves(state: MaracaiboState, seat: int, d: Decision) -> list[Move]:
    data = load_data()
    p = state.seats[seat]
    if d.kind == "nation":
        return [Nation(nation=n) for n in NATIONS]
    if d.kind == "disc":
        return [Disc(space=s.id) for s, n in zip(data.ship.spaces, p.discs, strict=True) if n]
    if d.kind == "explore":
        return explore_moves(state, seat, d.n)
    if d.kind == "quest_offer":
        out: list[Move] = []
        for q in sorted(set(state.quests_at.get(d.slot, []))):
            out += [QuestMove(quest=q, pay=pay) for pay in payments(p, data.quest[q])]
        return [*out, Skip()]
    if d.kind == "synergy":
        return [Synergy(symbol=s) for s in data.symbols.synergy if s not in p.synergy]
    if d.kind == "buy":
        return [*(Buy(card=c) for c in buyable_cards(state, seat, d.n)), Skip()]
    if d.kind == "pay":
        return [Pay(), Skip()]
    return [AnnexFree(loc=loc, nation=n) for loc, n in combat.free_annex_options(state)]
