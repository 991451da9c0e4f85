"""Phase B: the main action where the ship stopped — village actions, delivery and the city
action, a quest, the assistant action — and buying cards and investing in prestige
buildings, which several of them (and the scorings) share (spec §4-§7, seed 4-8).

Each action is a ``check_*`` (raises an IllegalMoveError with a sentence, changes
nothing) and a ``do_*`` (changes the state; called only after its check passed).
"""

from __future__ import annotations

from itertools import combinations, permutations

from rules.contract import Event
from rules.errors import IllegalMoveError
from rules.maracaibo.cards import design, good, label, obj, short
from rules.maracaibo.data import Atom, Quest, load_data
from rules.maracaibo.effects import (
    discs_removed,  # noqa: F401 (re-exported for careers)
    noble_class,
    perm_atoms,
    perm_sum,
    plural,
    push,
    ship_spaces,
    village_actions,
)
from rules.maracaibo.moves import Assist, City, Deliver, QuestMove, Village
from rules.maracaibo.options import switch
from rules.maracaibo.state import Figure, MaracaiboState, Player


def fail(text: str) -> None:
    raise IllegalMoveError(text)


def here(state: MaracaiboState, seat: int) -> str:
    return state.seats[seat].ship


def main_open(state: MaracaiboState, seat: int) -> None:
    """Phase B with nothing else pending: a main action (or part of one) may be taken."""
    if state.step == "sail":
        fail("Sail first (phase A): e.g. `sail 4`.")
    if state.step != "main" or seat != state.current:
        fail("That is a phase B action, and it is not your phase B now.")
    if state.decision is not None:
        fail("First answer what the last effect asks (see the prompt).")
    if state.combat is not None:
        fail("Finish the fight first (`fight done` ends it).")


# Buying cards and investing ------------------------------------------------------------


def card_cost(p: Player, cid: str, discount: int = 0) -> int:
    return max(0, design(cid).cost - perm_sum(p, "card_discount") - discount)


def buy_problem(state: MaracaiboState, seat: int, cid: str, discount: int = 0) -> str | None:
    """Why ``seat`` cannot buy ``cid`` now (None: it can)."""
    p = state.seats[seat]
    if cid not in p.hand and cid not in p.planned:
        return f"{cid} is neither in your hand nor in your planning area."
    card = design(cid)
    req = card.req
    if req is not None:
        if req.class_ is not None:
            data = load_data()
            have = noble_class(p.influence[req.class_.nation])
            if have < req.class_.min:
                return (f"{short(cid)} needs noble class {req.class_.min} in "
                        f"{data.nation_name(req.class_.nation)}; you have {have}.")
        if req.quests is not None and len(p.quests) < req.quests:
            return f"{short(cid)} needs {plural(req.quests, 'completed quest')}."
        if req.ship_spaces is not None and ship_spaces(p) < req.ship_spaces:
            return f"{short(cid)} needs {plural(req.ship_spaces, 'unlocked ship space')}."
    if card.asst is not None and p.supply < 1:
        return f"{short(cid)} places a figure, and you have none in your supply."
    cost = card_cost(p, cid, discount)
    if p.dbl < cost:
        return f"{short(cid)} costs {cost} doubloons; you have {p.dbl}."
    return None


def buyable_cards(state: MaracaiboState, seat: int, discount: int = 0) -> list[str]:
    p = state.seats[seat]
    return [c for c in [*p.hand, *p.planned] if buy_problem(state, seat, c, discount) is None]


# A hand card the table now sees (bought, planned, delivered, paid, discarded): undo must
# stop there, though a typed turn may read on — the mover knew the card all along.
SHOWN = {"own_cards": True}


def do_buy(state: MaracaiboState, seat: int, cid: str, discount: int,
           events: list[Event]) -> None:
    p = state.seats[seat]
    cost = card_cost(p, cid, discount)
    from_hand = cid in p.hand
    (p.hand if from_hand else p.planned).remove(cid)
    p.dbl -= cost
    p.bought.append(cid)
    card = design(cid)
    events.append(Event(kind="buy", seat=seat, reveals=from_hand,
                        data=SHOWN if from_hand else {},
                        text=f"buys {short(cid)} for {plural(cost, 'doubloon')}"))
    atoms = list(card.effect)
    if card.asst is not None:
        p.supply -= 1
        # a figure placed where the ship stands or cannot go any more this round (behind
        # it, or on the branch of a fork it left) pays nothing this round (spec §6 [A])
        p.figures.append(Figure(loc=card.asst.loc, card=cid,
                                settled=card.asst.loc not in ahead(state, p.ship)))
        events.append(Event(kind="assistant", seat=seat,
                            text=f"places a figure on {load_data().loc[card.asst.loc].name}"))
    if card.syn_bonus is not None:
        if card.syn_bonus.symbol in p.synergy:
            atoms += card.syn_bonus.reward      # the bonus is due at once
        else:
            p.syn_waiting.append(cid)           # due when the symbol comes
    push(state, seat, atoms, cid)


def ahead(state: MaracaiboState, loc: str) -> set[str]:
    """The route locations a ship on ``loc`` can still reach this round."""
    data = load_data()
    out: set[str] = set()
    todo = [loc]
    while todo:
        for nxt in data.loc[todo.pop()].next:
            rounds = data.loc[nxt].rounds
            if nxt not in out and (not rounds or state.round in rounds):
                out.add(nxt)
                todo.append(nxt)
    return out


def invest_cost(p: Player, building: str) -> int:
    return max(0, load_data().building[building].cost - perm_sum(p, "prestige_discount"))


def invest_problem(state: MaracaiboState, seat: int, building: str) -> str | None:
    p = state.seats[seat]
    if building not in state.prestige:
        open_ = ", ".join(state.prestige[: state.prestige_open])
        return (f"{building} is not one of this game's prestige buildings (open now: "
                f"{open_}).")
    if state.prestige.index(building) >= state.prestige_open:
        return f"{building} is still face down; only open buildings take investments."
    if building in p.invested:
        return f"You have already invested in {building}."
    cost = invest_cost(p, building)
    if p.dbl < cost:
        return f"Investing in {building} costs {cost} doubloons; you have {p.dbl}."
    return None


def do_invest(state: MaracaiboState, seat: int, building: str, events: list[Event]) -> None:
    p = state.seats[seat]
    cost = invest_cost(p, building)
    p.dbl -= cost
    p.invested.append(building)
    name = load_data().building[building].name
    events.append(Event(kind="invest", seat=seat,
                        text=f"invests {cost} doubloons in {building} {name}"))


# Village -----------------------------------------------------------------------------


def village_left(state: MaracaiboState, seat: int) -> int:
    t = state.t
    if t.main == "village":
        return t.village_left
    return village_actions(state.seats[seat], t.mp)


def check_village(state: MaracaiboState, seat: int, move: Village) -> None:
    main_open(state, seat)
    data = load_data()
    p = state.seats[seat]
    loc = data.loc[p.ship]
    if loc.kind != "village":
        fail(f"{loc.name} is not a village (villages have no action scroll).")
    if state.t.main not in ("", "village"):
        fail("You have already taken another main action this turn.")
    if village_left(state, seat) <= 0:
        # say how many the turn had, so a refused list of several actions explains itself
        mp = state.t.mp
        fail(f"You have no village actions left this turn (sailing {plural(mp, 'step')} "
             f"gave you {plural(village_actions(p, mp), 'village action')}).")
    if move.action == "discard":
        if move.target:
            fail("Discarding your hand takes every card: type `village discard`.")
        if not p.hand:
            fail("Your hand is empty: there is nothing to discard.")
    elif move.action == "take":
        if switch(state, "village_coin_requires_discard"):
            if move.target not in p.hand:
                fail("Taking a doubloon costs a hand card here: `village take 1` and the card.")
        elif move.target:
            fail("Taking a doubloon costs no card: type `village take 1`.")
    elif move.action == "buy":
        problem = buy_problem(state, seat, move.target)
        if problem:
            fail(problem)
    elif move.action == "invest":
        problem = invest_problem(state, seat, move.target)
        if problem:
            fail(problem)


def do_village(state: MaracaiboState, seat: int, move: Village, events: list[Event]) -> None:
    rules = load_data().rules
    p = state.seats[seat]
    t = state.t
    if t.main == "":
        t.main = "village"
        t.village_left = village_actions(p, t.mp)
    t.village_left -= 1
    if move.action == "discard":
        n = len(p.hand)
        state.discard += p.hand
        p.hand = []
        bonus = perm_atoms(p, "discard_hand") or [Atom(dbl=rules.discard_hand_doubloons)]
        events.append(Event(kind="village", seat=seat, reveals=True, data=SHOWN,
                            text=f"discards their hand ({plural(n, 'card')})"))
        push(state, seat, bonus, "discard hand")
    elif move.action == "take":
        if move.target:
            p.hand.remove(move.target)
            state.discard.append(move.target)
        p.dbl += rules.take_doubloons
        events.append(Event(kind="village", seat=seat, reveals=bool(move.target),
                            data=SHOWN if move.target else {},
                            text=f"takes {plural(rules.take_doubloons, 'doubloon')}"
                                 + (f" ({move.target})" if move.target else "")))
    elif move.action == "buy":
        do_buy(state, seat, move.target, 0, events)
    else:
        do_invest(state, seat, move.target, events)
    if t.village_left == 0:
        t.main_done = True


# Cities ---------------------------------------------------------------------------------


def free_space(state: MaracaiboState, loc: str, good_: str) -> int | None:
    spaces = state.market.get(loc, [])
    market = load_data().loc[loc].market
    return next((i for i, owner in enumerate(spaces) if owner < 0 and market[i].good == good_),
                None)


def check_deliver(state: MaracaiboState, seat: int, move: Deliver) -> None:
    main_open(state, seat)
    data = load_data()
    p = state.seats[seat]
    loc = data.loc[p.ship]
    if loc.kind != "city" or not state.market.get(loc.id):
        fail(f"There is no market at {loc.name}.")
    if state.t.main not in ("", "city") or state.t.delivered or state.t.city_done:
        fail("A delivery comes first in a city, once: before its action, never after.")
    if move.card not in p.hand:
        fail(f"{move.card} is not in your hand (planned cards cannot be delivered).")
    if not any(p.discs):
        fail("A delivery puts a disc from your ship board on the market, and your ship "
             "board has none left.")
    if good(move.card) != move.good:
        fail(f"{move.card} shows {good(move.card).lower()}, not {move.good.lower()}.")
    if free_space(state, loc.id, move.good) is None:
        wanted = [m.good.lower() for i, m in enumerate(loc.market[: len(state.market[loc.id])])
                  if state.market[loc.id][i] < 0]
        fail(f"{loc.name} takes no {move.good.lower()} now"
             + (f" (free: {', '.join(wanted)})." if wanted else " (its market is full)."))


def do_deliver(state: MaracaiboState, seat: int, move: Deliver, events: list[Event]) -> None:
    data = load_data()
    p = state.seats[seat]
    loc = data.loc[p.ship]
    i = free_space(state, loc.id, move.good)
    assert i is not None
    p.hand.remove(move.card)
    state.discard.append(move.card)
    state.market[loc.id][i] = seat
    state.t.main = "city"
    state.t.delivered = True
    p.deliveries += 1
    events.append(Event(kind="deliver", seat=seat, reveals=True, data=SHOWN,
                        text=f"delivers {move.good.lower()} to {loc.name} ({move.card})"))
    push(state, seat, [Atom(disc=1), *loc.market[i].reward, *perm_atoms(p, "deliver_reward")],
         "delivery")


def city_effect(state: MaracaiboState, loc_id: str) -> tuple[str, tuple[Atom, ...]]:
    """(name, atoms) of the city action at a tile city or a fixed 'effect' city."""
    data = load_data()
    loc = data.loc[loc_id]
    if loc.action == "tile":
        tile = data.tile[state.city_tiles[loc_id]]
        return tile.name, tile.effect
    return loc.action_name or loc.name, loc.effect


def check_city(state: MaracaiboState, seat: int, move: City) -> None:
    main_open(state, seat)
    loc = load_data().loc[here(state, seat)]
    if loc.kind != "city":
        fail(f"{loc.name} is not a city.")
    if state.t.main_done or state.t.city_done:
        fail("You have already taken your main action this turn.")
    if loc.action == "combat":
        fail(f"{loc.name}'s action is a fight: `fight 1` or `fight 2` (the pile to draw from).")
    if loc.action == "explore":
        fail(f"{loc.name}'s action moves your explorer: `explore {loc.explore}` (or fewer).")
    if state.t.main not in ("", "city"):
        fail("You have already taken your main action this turn.")


def do_city(state: MaracaiboState, seat: int, move: City, events: list[Event]) -> None:
    loc = here(state, seat)
    name, atoms = city_effect(state, loc)
    state.t.main = "city"
    state.t.city_done = True
    state.t.main_done = True
    events.append(Event(kind="city", seat=seat, text=f"takes the city action {name}"))
    push(state, seat, atoms, name)


# Quests ---------------------------------------------------------------------------------


def card_needs(quest: Quest) -> list[tuple[str, str]]:
    """The cards a quest asks for, as (kind, symbol): ('good', 'SUGAR'), ('good', 'ANY')."""
    return [("good", g) for g in quest.cost.goods] + [("object", o) for o in quest.cost.objects]


def pays(cards: tuple[str, ...], needs: list[tuple[str, str]]) -> bool:
    """Can these cards, one each, cover these needs?"""
    if len(cards) != len(needs):
        return False
    for order in permutations(cards):
        if all(sym == "ANY" or (good(c) if kind == "good" else obj(c)) == sym
               for c, (kind, sym) in zip(order, needs, strict=True)):
            return True
    return False


def payments(p: Player, quest: Quest) -> list[tuple[str, ...]]:
    """Every set of hand cards that pays ``quest`` (empty tuple if it needs none)."""
    if p.dbl < quest.cost.dbl or p.cp < quest.cost.cp:
        return []
    needs = card_needs(quest)
    if not needs:
        return [()]
    out = []
    for combo in combinations(sorted(p.hand), len(needs)):
        if pays(combo, needs):
            out.append(combo)
    return out


def check_payment(p: Player, quest: Quest, pay: tuple[str, ...]) -> None:
    cost = quest.cost
    if p.dbl < cost.dbl:
        fail(f"Quest {quest.id} costs {cost.dbl} doubloons; you have {p.dbl}.")
    if p.cp < cost.cp:
        fail(f"Quest {quest.id} costs {cost.cp} combat points; you have {p.cp}.")
    needs = card_needs(quest)
    if len(set(pay)) != len(pay) or any(c not in p.hand for c in pay):
        fail("Pay a quest with different cards from your hand (planned cards cannot pay).")
    if not pays(tuple(pay), needs):
        wanted = ", ".join(sym.lower() if sym != "ANY" else f"any {kind}" for kind, sym in needs)
        fail(f"Quest {quest.id} needs cards showing {wanted or 'nothing'}, one card each.")


def quest_slot(state: MaracaiboState, seat: int, move: QuestMove) -> str:
    """Where the quest is taken: the explorer space offered, else the ship's location."""
    d = state.decision
    if d is not None and d.kind == "quest_offer" and d.seat == seat:
        return d.slot
    return here(state, seat)


def check_quest(state: MaracaiboState, seat: int, move: QuestMove) -> None:
    data = load_data()
    d = state.decision
    offered = d is not None and d.kind == "quest_offer" and d.seat == seat
    if not offered:
        main_open(state, seat)
        if state.t.main:
            fail("You have already taken your main action this turn.")
    slot = quest_slot(state, seat, move)
    if move.quest not in state.quests_at.get(slot, []):
        where = data.loc[slot].name if slot in data.loc else slot
        fail(f"There is no quest {move.quest} at {where}.")
    check_payment(state.seats[seat], data.quest[move.quest], move.pay)


def do_quest(state: MaracaiboState, seat: int, move: QuestMove, events: list[Event]) -> None:
    data = load_data()
    rules = data.rules
    p = state.seats[seat]
    quest = data.quest[move.quest]
    slot = quest_slot(state, seat, move)
    explorer = slot in data.node
    state.quests_at[slot].remove(move.quest)
    if not state.quests_at[slot]:
        del state.quests_at[slot]
    if explorer:
        state.slots_taken.append(slot)
        p.explorer_quests += 1
        state.decision = None
    else:
        state.t.main = "quest"
        state.t.main_done = True
    for cid in move.pay:
        p.hand.remove(cid)
        state.discard.append(cid)
    p.dbl -= quest.cost.dbl
    p.cp -= quest.cost.cp
    p.quests.append(move.quest)
    paid = f" (paying {', '.join(move.pay)})" if move.pay else ""
    events.append(Event(kind="quest", seat=seat, reveals=bool(move.pay),
                        data=SHOWN if move.pay else {},
                        text=f"completes quest {move.quest}{paid}"))
    everywhere = switch(state, "explorer_quests_count")
    counts = everywhere or not explorer
    count = len(p.quests) - (0 if everywhere else p.explorer_quests)
    bonus = []
    if counts and count == rules.quest_bonus_at:
        bonus = [Atom(vp=rules.quest_bonus_first)]
    elif counts and count > rules.quest_bonus_at:
        bonus = [Atom(vp=rules.quest_bonus_more)]
    push(state, seat, [*quest.reward, *bonus, *perm_atoms(p, "quest_reward")], move.quest)


# Assistants -------------------------------------------------------------------------


def check_assist(state: MaracaiboState, seat: int, move: Assist) -> None:
    main_open(state, seat)
    p = state.seats[seat]
    if state.t.main:
        fail("You have already taken your main action this turn.")
    if not any(f.loc == p.ship and f.card == move.card for f in p.figures):
        name = load_data().loc[p.ship].name
        fail(f"You have no assistant of {move.card} at {name}.")


def do_assist(state: MaracaiboState, seat: int, move: Assist, events: list[Event]) -> None:
    p = state.seats[seat]
    state.t.main = "assistant"
    state.t.main_done = True
    p.assists += 1
    used = next(f for f in p.figures if f.loc == p.ship and f.card == move.card)
    used.settled = True
    events.append(Event(kind="assistant", seat=seat,
                        text=f"takes the assistant action of {short(move.card)}"))
    settle_figures(state, seat, p.ship, events, "another assistant here")
    card = design(move.card)
    assert card.asst is not None
    push(state, seat, card.asst.action, move.card)


def settle_figures(state: MaracaiboState, seat: int, loc: str, events: list[Event],
                   why: str) -> None:
    """Each of the seat's figures on ``loc`` not yet settled this round pays 2 VP."""
    rules = load_data().rules
    p = state.seats[seat]
    n = 0
    for f in p.figures:
        if f.loc == loc and not f.settled:
            f.settled = True
            n += 1
    if n:
        p.vp += n * rules.assistant_vp
        name = load_data().loc[loc].name
        events.append(Event(kind="assistant", seat=seat,
                            text=f"gains {n * rules.assistant_vp} VP for "
                                 f"{plural(n, 'assistant')} at {name} ({why})"))


def take_words(state: MaracaiboState) -> str:
    """How the village action 'take 1 doubloon' is typed: with the hand card it costs
    under `coin-for-a-card` (village_coin_requires_discard)."""
    return "take 1 <card>" if switch(state, "village_coin_requires_discard") else "take 1"


def main_options_label(state: MaracaiboState, seat: int) -> str:
    """What the ship's location offers, in a few words (prompts)."""
    data = load_data()
    p = state.seats[seat]
    loc = data.loc[p.ship]
    quest = state.quests_at.get(loc.id)
    also = f"; or the quest here: `/quest {quest[0]}`" if quest else ""
    if loc.kind == "village":
        return (f"village: {plural(village_left(state, seat), 'action')} "
                f"(`/village {take_words(state)}`, `buy`, `invest`, `discard`){also}")
    if loc.kind == "city":
        name, atoms = city_effect(state, loc.id) if loc.action in ("tile", "effect") else (
            loc.action, ())
        act = {"combat": "`/fight 1` or `/fight 2`",
               "explore": f"`/explore {loc.explore}`"}.get(loc.action, "`/city`")
        # a delivery comes first or never: say so while one is open (all public: the
        # market's free spaces and the discs left, never the hand)
        taken = state.market.get(loc.id, [])
        free = [m.good.lower() for m, by in zip(loc.market, taken, strict=False) if by < 0]
        first = ""
        if free and any(p.discs) and not state.t.delivered:
            first = (f"`/deliver {free[0]}` first if you like (wanted: {', '.join(free)}), "
                     "then ")
        return f"city {loc.name} ({name}): {first}{act}{also}"
    if loc.action == "combat_or_explore":
        return f"{loc.name}: `/fight 1` or `/explore {loc.explore}`{also}"
    return loc.name


__all__ = ["label"]
