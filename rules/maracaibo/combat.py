"""Combat (Maracaibo and space 20): draw a token from either pile, fight for one of its
nations, then gain influence (2 CP -> +1, 5 CP -> +2) and/or annex (4 CP) or expel (6 CP)
at a flag — each type once, a third action with ship space S5 — returning figures for CP
at any moment (spec §9, seed 5-①).
"""

from __future__ import annotations

import random

from rules.contract import Event
from rules.maracaibo.actions import fail, main_open
from rules.maracaibo.cards import obj
from rules.maracaibo.data import load_data
from rules.maracaibo.effects import (
    add_influence,
    combat_actions,
    perm_sum,
    plural,
    push,
)
from rules.maracaibo.moves import (
    FightAnnex,
    FightDone,
    FightFigures,
    FightInfluence,
    FightNation,
    FightPile,
)
from rules.maracaibo.options import switch
from rules.maracaibo.state import Combat, MaracaiboState


def describe_entry(nation: str, token: int) -> str:
    data = load_data()
    e = data.combat_tokens[token].entry(nation)
    if e is None:
        return "—"
    parts = [f"+{e.cp} CP"]
    if e.vp:
        parts.append(f"+{e.vp} VP")
    if e.dbl:
        parts.append(f"+{e.dbl} dbl")
    if e.pay:
        parts.append(f"pay {e.pay} dbl")
    if e.object:
        parts.append(f"discard a {e.object.lower()}")
    if e.figure:
        parts.append(f"return {plural(e.figure, 'figure')}")
    return " ".join(parts)


def describe_token(token: int) -> str:
    data = load_data()
    return " / ".join(f"{data.nation_name(n)} {describe_entry(n, token)}"
                      for n in ("ES", "FR", "EN")
                      if data.combat_tokens[token].entry(n) is not None)


def fight_here(state: MaracaiboState, seat: int) -> str | None:
    """'city' at Maracaibo, 'homeward' at space 20, None where there is no fight."""
    loc = load_data().loc[state.seats[seat].ship]
    if loc.action == "combat":
        return "city"
    if loc.action == "combat_or_explore":
        return "homeward"
    return None


def piles_after_reshuffle(state: MaracaiboState) -> list[int]:
    """Sizes of the piles a fight would draw from (reshuffled when both are empty)."""
    sizes = [len(p) for p in state.tokens]
    if any(sizes):
        return sizes
    n = len(state.tokens_used)
    return [(n + 1) // 2, n // 2]


def reshuffle_tokens(state: MaracaiboState) -> None:
    rng = random.Random(f"maracaibo:{state.seed}:tokens:{state.shuffles}")
    state.shuffles += 1
    used = list(state.tokens_used)
    rng.shuffle(used)
    half = (len(used) + 1) // 2
    state.tokens = [used[:half], used[half:]]
    state.tokens_used = []


def check_pile(state: MaracaiboState, seat: int, move: FightPile) -> None:
    main_open(state, seat)
    where = fight_here(state, seat)
    t = state.t
    if where is None:
        name = load_data().loc[state.seats[seat].ship].name
        fail(f"There is no fight at {name}: only at Maracaibo and on space 20.")
    if where == "city" and (t.main not in ("", "city") or t.city_done):
        fail("You have already taken your main action this turn.")
    if where == "homeward" and t.main:
        fail("You have already taken your main action this turn.")
    sizes = piles_after_reshuffle(state)
    if not 1 <= move.pile <= len(sizes):
        fail(f"Draw from pile 1 or pile 2, not {move.pile}.")
    if sizes[move.pile - 1] == 0:
        fail(f"Combat pile {move.pile} is empty: draw from the other one.")


def do_pile(state: MaracaiboState, seat: int, move: FightPile, events: list[Event]) -> None:
    p = state.seats[seat]
    if not any(state.tokens):
        reshuffle_tokens(state)
        events.append(Event(kind="combat", text="the combat tokens are reshuffled into two "
                                                "piles", reveals=True))
    token = state.tokens[move.pile - 1].pop()
    where = fight_here(state, seat)
    state.t.main = where or "combat"
    if where == "city":
        state.t.city_done = True
    state.combat = Combat(token=token)
    p.combats += 1
    extra = perm_sum(p, "combat_cp")
    if extra:
        p.cp = min(load_data().rules.cp_max, p.cp + extra)
    events.append(Event(kind="combat", seat=seat, reveals=True,
                        text=f"fights: draws token {token + 1} from pile {move.pile} — "
                             f"{describe_token(token)}"
                             + (f" (+{extra} CP from their cards)" if extra else "")))


def in_fight(state: MaracaiboState, seat: int) -> Combat:
    if state.combat is None or state.step != "main" or seat != state.current:
        if state.step == "main" and seat == state.current and fight_here(state, seat):
            fail("Draw a combat token first: `fight 1` or `fight 2` (the pile), then the "
                 "nation and your combat actions.")
        fail("You are not in a fight now.")
    if state.decision is not None:
        fail("First answer what the last effect asks (see the prompt).")
    assert state.combat is not None
    return state.combat


def check_nation(state: MaracaiboState, seat: int, move: FightNation) -> None:
    combat = in_fight(state, seat)
    data = load_data()
    p = state.seats[seat]
    if combat.nation:
        fail(f"You already fight for {data.nation_name(combat.nation)}.")
    entry = data.combat_tokens[combat.token].entry(move.nation)
    if entry is None:
        fail(f"{data.nation_name(move.nation)} is not on this combat token.")
    assert entry is not None
    if p.dbl < entry.pay:
        fail(f"Fighting for {data.nation_name(move.nation)} costs {entry.pay} doubloons; "
             f"you have {p.dbl}.")
    if entry.figure and p.supply < entry.figure:
        fail(f"Fighting for {data.nation_name(move.nation)} returns a figure from your "
             "supply, and you have none.")
    if entry.object:
        if not move.card:
            fail(f"Fighting for {data.nation_name(move.nation)} costs a hand card showing a "
                 f"{entry.object.lower()}: add `with <card>`.")
        if move.card not in p.hand or obj(move.card) != entry.object:
            fail(f"{move.card} is not a hand card showing a {entry.object.lower()}.")
    elif move.card:
        fail(f"Fighting for {data.nation_name(move.nation)} costs no card.")


def do_nation(state: MaracaiboState, seat: int, move: FightNation, events: list[Event]) -> None:
    data = load_data()
    combat = state.combat
    assert combat is not None
    p = state.seats[seat]
    entry = data.combat_tokens[combat.token].entry(move.nation)
    assert entry is not None
    combat.nation = move.nation
    p.dbl += entry.dbl - entry.pay
    p.vp += entry.vp
    p.cp = min(data.rules.cp_max, p.cp + entry.cp)
    if entry.figure:
        p.supply -= entry.figure
        p.stock += entry.figure
    if move.card:
        p.hand.remove(move.card)
        state.discard.append(move.card)
    events.append(Event(kind="combat", seat=seat, reveals=bool(move.card),
                        data={"own_cards": True} if move.card else {},
                        text=f"fights for {data.nation_name(move.nation)}: "
                             f"{describe_entry(move.nation, combat.token)}"
                             + (f" ({move.card})" if move.card else "")))


def action_allowed(state: MaracaiboState, seat: int, kind: str) -> None:
    combat = state.combat
    assert combat is not None
    if not combat.nation:
        fail("Choose the nation you fight for first, e.g. `fight spain`.")
    most = combat_actions(state.seats[seat])
    used = combat.influence + combat.annex
    if used >= most:
        fail(f"You have taken your {most} combat actions: `fight done`.")
    per_type = max(1, most - 1)
    if getattr(combat, kind) >= per_type:
        what = "gained influence" if kind == "influence" else "annexed or expelled"
        fail(f"You have already {what} in this fight; the other action is still open.")


def check_influence(state: MaracaiboState, seat: int, move: FightInfluence) -> None:
    in_fight(state, seat)
    action_allowed(state, seat, "influence")
    prices = dict(load_data().rules.influence_buys)
    if move.steps not in prices:
        fail("Gain influence +1 (2 CP) or +2 (5 CP) per action: `fight influence 1` or `2`.")
    p = state.seats[seat]
    if p.cp < prices[move.steps]:
        fail(f"+{move.steps} influence costs {prices[move.steps]} combat points; "
             f"you have {p.cp}.")


def do_influence(state: MaracaiboState, seat: int, move: FightInfluence,
                 events: list[Event]) -> None:
    data = load_data()
    combat = state.combat
    assert combat is not None
    p = state.seats[seat]
    p.cp -= dict(data.rules.influence_buys)[move.steps]
    add_influence(p, combat.nation, move.steps)
    combat.influence += 1
    events.append(Event(kind="combat", seat=seat,
                        text=f"gains +{move.steps} influence with "
                             f"{data.nation_name(combat.nation)}"))


def annex_cost(state: MaracaiboState, seat: int, loc: str) -> int:
    rules = load_data().rules
    base = rules.expel_cost if loc in state.owners else rules.annex_cost
    discount = perm_sum(state.seats[seat], "annex_discount")
    return max(rules.annex_min_cost, base - discount)


def check_annex(state: MaracaiboState, seat: int, move: FightAnnex) -> None:
    in_fight(state, seat)
    action_allowed(state, seat, "annex")
    data = load_data()
    combat = state.combat
    assert combat is not None
    if move.loc not in data.loc or not data.loc[move.loc].flag:
        fail(f"Location {move.loc} has no flag to annex.")
    owner = state.owners.get(move.loc)
    name = data.loc[move.loc].name
    if owner == combat.nation:
        fail(f"{name} already belongs to {data.nation_name(owner)}.")
    if not any(state.stock[combat.nation]):
        fail(f"{data.nation_name(combat.nation)} has no ownership marker left.")
    cost = annex_cost(state, seat, move.loc)
    p = state.seats[seat]
    if p.cp < cost:
        what = "Expelling" if owner else "Annexing"
        fail(f"{what} at {name} costs {cost} combat points; you have {p.cp}.")


def do_annex(state: MaracaiboState, seat: int, move: FightAnnex, events: list[Event]) -> None:
    combat = state.combat
    assert combat is not None
    state.seats[seat].cp -= annex_cost(state, seat, move.loc)
    combat.annex += 1
    place_marker(state, seat, move.loc, combat.nation, events)


def place_marker(state: MaracaiboState, seat: int, loc: str, nation: str,
                 events: list[Event]) -> None:
    """An ownership marker from the leftmost non-empty stock space onto ``loc`` (an
    expelled marker leaves the game), +1 influence with that nation, the flag's bonus."""
    data = load_data()
    stock = state.stock[nation]
    i = next(i for i, n in enumerate(stock) if n > 0)
    stock[i] -= 1
    old = state.owners.get(loc)
    if old is not None:
        state.expelled[old] += 1
    state.owners[loc] = nation
    p = state.seats[seat]
    add_influence(p, nation, 1)
    p.annexes += 1
    name = data.loc[loc].name
    verb = f"expels {data.nation_name(old)} from" if old else "annexes"
    events.append(Event(kind="annex", seat=seat,
                        text=f"{verb} {name} for {data.nation_name(nation)} "
                             f"(+1 influence, flag bonus)"))
    push(state, seat, data.loc[loc].flag, f"flag {loc}")


def check_figures(state: MaracaiboState, seat: int, move: FightFigures) -> None:
    in_fight(state, seat)
    p = state.seats[seat]
    have = p.supply if switch(state, "figures_for_cp_from") == "supply" else len(p.figures)
    if move.n < 1:
        fail("Return at least one figure.")
    if move.n > have:
        fail(f"You have {plural(have, 'figure')} to return.")


def do_figures(state: MaracaiboState, seat: int, move: FightFigures,
               events: list[Event]) -> None:
    rules = load_data().rules
    p = state.seats[seat]
    if switch(state, "figures_for_cp_from") == "supply":
        p.supply -= move.n
    else:
        del p.figures[: move.n]
    p.stock += move.n
    p.cp = min(rules.cp_max, p.cp + move.n * rules.figure_cp)
    events.append(Event(kind="combat", seat=seat,
                        text=f"returns {plural(move.n, 'figure')} for "
                             f"+{move.n * rules.figure_cp} CP"))


def choosable_nations(state: MaracaiboState, seat: int) -> list[str]:
    """The nations on the drawn token the fighter can fight for (pay what it asks)."""
    combat = state.combat
    assert combat is not None
    p = state.seats[seat]
    token = load_data().combat_tokens[combat.token]
    out = []
    for n in ("ES", "FR", "EN"):
        e = token.entry(n)
        if e is None or p.dbl < e.pay or p.supply < e.figure:
            continue
        if e.object and not any(obj(c) == e.object for c in p.hand):
            continue
        out.append(n)
    return out


def check_done(state: MaracaiboState, seat: int, move: FightDone) -> None:
    combat = in_fight(state, seat)
    # seed 5-①: the drawn token's nation is chosen at once (pay or gain what it shows)
    if not combat.nation and choosable_nations(state, seat):
        fail("Choose the nation you fight for first (the token is drawn), e.g. "
             "`fight spain`; then `fight done`.")


def do_done(state: MaracaiboState, seat: int, move: FightDone, events: list[Event]) -> None:
    combat = state.combat
    assert combat is not None
    state.tokens_used.append(combat.token)
    state.combat = None
    state.t.main_done = True
    events.append(Event(kind="combat", seat=seat, text="ends the fight"))


def free_annex_options(state: MaracaiboState) -> list[tuple[str, str]]:
    """(location, nation) for a free ownership marker: an empty flag, a nation with stock."""
    data = load_data()
    nations = [n for n in ("ES", "FR", "EN") if any(state.stock[n])]
    return [(loc.id, n) for loc in data.route if loc.flag and loc.id not in state.owners
            for n in nations]
