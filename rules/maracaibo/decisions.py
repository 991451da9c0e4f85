"""Answers to what an effect asks (``state.decision``): a nation for influence, a ship-board
space for a disc, how far to explore, a synergy token, a card to buy, whether to pay, where
to put a free ownership marker, whether to fulfil the quest the explorer stopped on."""

from __future__ import annotations

from rules.contract import Event, Move
from rules.maracaibo import combat, explorer
from rules.maracaibo.actions import (
    buy_problem,
    check_quest,
    do_buy,
    do_quest,
    fail,
    main_open,
)
from rules.maracaibo.data import NATIONS, load_data
from rules.maracaibo.effects import add_influence, gain_symbol, push, take_disc
from rules.maracaibo.moves import (
    AnnexFree,
    Buy,
    Disc,
    Explore,
    Nation,
    Pay,
    QuestMove,
    Skip,
    Synergy,
)
from rules.maracaibo.state import Decision, MaracaiboState

ASKS = {
    "nation": "choose a nation for {n} influence: `/move nation spain`, `france` or `england`",
    "disc": "choose the ship-board space to take a disc from, e.g. `/move disc S4`",
    "explore": "move your explorer 1 to {n} steps, e.g. `/explore {n}`",
    "quest_offer": "fulfil the quest your explorer stopped on (`/quest`) or `/move skip`",
    "synergy": "choose a synergy token, e.g. `/move synergy navy`",
    "buy": "buy a card from your hand or planning area (`/buy` and the card) or `/buy skip`",
    "pay": "pay {n} doubloons for the rest of the effect (`/move pay`) or `/move skip`",
    "annex_free": "place a free ownership marker, e.g. `/move annex 12 spain`",
}


def ask_text(d: Decision, state: MaracaiboState | None = None) -> str:
    """What the decision asks; with the state, its example is one that may be chosen
    (a space with a disc left, a token not yet held, an empty flag) — all public."""
    text = ASKS[d.kind].format(n=d.n)
    example = _example(d, state) if state is not None else ""
    return text.replace(EXAMPLES[d.kind], example) if example else text


EXAMPLES = {"disc": "disc S4", "synergy": "synergy navy", "annex_free": "annex 12 spain"}


def _example(d: Decision, state: MaracaiboState) -> str:
    data = load_data()
    p = state.seats[d.seat]
    if d.kind == "disc":
        spaces = [sp.id for sp, left in zip(data.ship.spaces, p.discs, strict=True) if left]
        return f"disc {spaces[0]}" if spaces else ""
    if d.kind == "synergy":
        free = [s for s in data.symbols.synergy if s not in p.synergy]
        return f"synergy {free[0].lower()}" if free else ""
    if d.kind == "annex_free":
        options = combat.free_annex_options(state)
        if options:
            loc, nation = options[0]
            return f"annex {loc} {data.nation_name(nation).lower()}"
    return ""


def expect(state: MaracaiboState, seat: int, *kinds: str) -> Decision:
    d = state.decision
    if d is None or d.seat != seat or d.kind not in kinds:
        if d is not None and d.seat == seat:
            fail(f"First {ask_text(d, state)}.")
        fail("Nothing asks you for that now.")
    assert d is not None
    return d


def explore_budget(state: MaracaiboState, seat: int) -> tuple[int, str]:
    """(steps allowed, why) for an explore move now: a pending effect, else the main
    action at Caracas (10) or space 20."""
    from rules.maracaibo.effects import perm_sum

    d = state.decision
    if d is not None:
        expect(state, seat, "explore")
        return d.n, "effect"
    main_open(state, seat)
    data = load_data()
    p = state.seats[seat]
    loc = data.loc[p.ship]
    t = state.t
    if loc.action == "explore":
        if t.main not in ("", "city") or t.city_done:
            fail("You have already taken your main action this turn.")
    elif loc.action == "combat_or_explore":
        if t.main:
            fail("You have already taken your main action this turn.")
    else:
        fail(f"{loc.name} has no explore action; explore moves come from Caracas, space 20, "
             "cards, quests and flags.")
    return loc.explore + perm_sum(p, "explore_bonus"), loc.action


def check_explore(state: MaracaiboState, seat: int, move: Explore) -> None:
    budget, _ = explore_budget(state, seat)
    if not 1 <= move.steps <= budget:
        fail(f"Move your explorer 1 to {budget} counted steps, not {move.steps}.")
    if explorer.find(state, seat, budget, move.steps, move.branch) is None:
        routes = explorer.destinations(state, seat, budget)
        if explorer.needs_branch(routes, move.steps) and not move.branch:
            fail(f"The track forks: `explore {move.steps} upper` or `explore {move.steps} lower`.")
        most = max((r.steps for r in routes), default=0)
        fail(f"Your explorer can move at most {most} counted steps now.")


def do_explore(state: MaracaiboState, seat: int, move: Explore, events: list[Event]) -> None:
    budget, why = explore_budget(state, seat)
    route = explorer.find(state, seat, budget, move.steps, move.branch)
    assert route is not None
    if why == "effect":
        state.decision = None
    else:
        t = state.t
        t.main = "city" if why == "explore" else "explore"
        t.city_done = why == "explore"
        t.main_done = True
    explorer.move(state, seat, route, events)


def check(state: MaracaiboState, seat: int, move: Move) -> None:
    """Legality of a decision answer (Explore and QuestMove may also be main actions)."""
    if isinstance(move, Explore):
        check_explore(state, seat, move)
    elif isinstance(move, QuestMove):
        check_quest(state, seat, move)
    elif isinstance(move, Nation):
        expect(state, seat, "nation")
        if move.nation not in NATIONS:
            fail("Choose Spain, France or England.")
    elif isinstance(move, Disc):
        expect(state, seat, "disc")
        data = load_data()
        if move.space not in data.space:
            fail(f"The ship board has spaces S1 to S{len(data.ship.spaces)}.")
        i = [s.id for s in data.ship.spaces].index(move.space)
        if state.seats[seat].discs[i] == 0:
            fail(f"Space {move.space} has no disc left.")
    elif isinstance(move, Synergy):
        expect(state, seat, "synergy")
        if move.symbol not in load_data().symbols.synergy:
            fail("The synergy tokens are " + ", ".join(
                s.lower() for s in load_data().symbols.synergy) + ".")
        if move.symbol in state.seats[seat].synergy:
            fail(f"You already hold the {move.symbol.lower()} token.")
    elif isinstance(move, Buy):
        d = expect(state, seat, "buy")
        problem = buy_problem(state, seat, move.card, d.n)
        if problem:
            fail(problem)
    elif isinstance(move, Skip):
        expect(state, seat, "quest_offer", "buy", "pay")
    elif isinstance(move, Pay):
        d = expect(state, seat, "pay")
        if state.seats[seat].dbl < d.n:
            fail(f"You need {d.n} doubloons to pay.")
    elif isinstance(move, AnnexFree):
        expect(state, seat, "annex_free")
        if (move.loc, move.nation) not in combat.free_annex_options(state):
            fail(f"A free marker goes on an empty flag location for a nation with stock; "
                 f"not {move.loc}.")
    else:  # pragma: no cover - turn.py routes only these here
        fail("Nothing asks you for that now.")


def do(state: MaracaiboState, seat: int, move: Move, events: list[Event]) -> None:
    if isinstance(move, Explore):
        do_explore(state, seat, move, events)
        return
    if isinstance(move, QuestMove):
        do_quest(state, seat, move, events)
        return
    d = state.decision
    assert d is not None
    state.decision = None
    data = load_data()
    p = state.seats[seat]
    if isinstance(move, Nation):
        add_influence(p, move.nation, d.n)
        events.append(Event(kind="influence", seat=seat,
                            text=f"gains +{d.n} influence with {data.nation_name(move.nation)}"))
    elif isinstance(move, Disc):
        take_disc(state, seat, move.space, events)
    elif isinstance(move, Synergy):
        gain_symbol(state, seat, move.symbol, events)
    elif isinstance(move, Buy):
        do_buy(state, seat, move.card, d.n, events)
    elif isinstance(move, Skip):
        events.append(Event(kind="skip", seat=seat, text="declines"))
    elif isinstance(move, Pay):
        p.dbl -= d.n
        events.append(Event(kind="pay", seat=seat, text=f"pays {d.n} doubloons"))
        push(state, seat, d.then, d.source)
    elif isinstance(move, AnnexFree):
        combat.place_marker(state, seat, move.loc, move.nation, events)
