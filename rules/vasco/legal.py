"""Every legal single decision, enumerated (``Game.legal_moves``).

The big choices are split so that every list stays small: an expedition is one ship at a
time (then more ships or ``done``), each with its landing bonus; a hire is one section's
sailors (at most 5, so at most 32 colour mixes) with or without a captain.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, product

from rules.vasco import actions
from rules.vasco.board import action_cost, crew_available, empty_open_slots
from rules.vasco.data import load_data
from rules.vasco.flow import can_place
from rules.vasco.moves import (
    Bonus,
    Buy,
    Character,
    Coins,
    Done,
    Hire,
    Launch,
    Merchant,
    Pass,
    Place,
    Send,
    Step,
)
from rules.vasco.placement import may_decline
from rules.vasco.ships import bonus_options, bonus_paid, free_slots, merchant_slots
from rules.vasco.state import VascoState
from rules.vasco.turn import actor, called_area


def legal_moves(state: VascoState, seat: int) -> list[Step]:
    if state.phase == "over":
        return []
    moves: list[Step] = []
    if actor(state) == seat:
        moves += main_moves(state, seat)
    moves += launches(state, seat)
    return moves


def main_moves(state: VascoState, seat: int) -> list[Step]:
    if state.phase in ("setup", "navigate"):
        return merchants(state)
    if state.phase == "place":
        return placements(state, seat)
    if state.expedition is not None:
        return [*sends(state, seat, state.expedition), Done()]
    moves: list[Step] = [Pass()]
    if action_cost(state, state.called) > state.seats[seat].coins:
        return moves
    area = called_area(state)
    if area == "recruit":
        moves += hires(state, seat)
    elif area == "project":
        moves += buys(state, seat)
    elif area == "character":
        moves += characters(state, seat)
    else:
        for landing in load_data().landings:
            moves += sends(state, seat, landing.key)
    return moves


def _with_bonus(state: VascoState, landing: str, paid: bool = True) -> list[Bonus | None]:
    options = bonus_options(state, landing) if paid else []
    return list(options) or [None]


def merchants(state: VascoState) -> list[Step]:
    return [Merchant(landing=landing, slot=slot, bonus=b)
            for landing, slot in merchant_slots(state) for b in _with_bonus(state, landing)]


def placements(state: VascoState, seat: int) -> list[Step]:
    if not can_place(state, seat):
        return []
    data = load_data()
    player = state.seats[seat]
    slots = empty_open_slots(state)
    numbers = list(state.numbers) if player.discs > 0 else []
    if player.extra == "hand" and not player.extra_declined and \
            state.holders.get("manuel") == seat:
        numbers += [n for n in state.manuel_numbers if n in data.numbers.extra_range]
    moves: list[Step] = [_place(n, a, s) for n in numbers for a, s in slots]
    if may_decline(state, seat):
        moves.append(Pass())
    return moves


@cache
def _place(number: int, area: str, slot: int) -> Place:
    """Placements are listed often and by the hundred: each is built once (moves are
    frozen, so sharing them is safe)."""
    return Place(number=number, area=area, slot=slot)


def sends(state: VascoState, seat: int, landing: str) -> list[Step]:
    data = load_data()
    player = state.seats[seat]
    if player.captains <= 0:
        return []
    paid = bonus_paid(state)
    out: list[Step] = []
    for tile in player.ships:
        for slot in free_slots(state, landing, data.strength(tile), merchant=False):
            out += [Send(ship=tile, landing=landing, slot=slot, bonus=b)
                    for b in _with_bonus(state, landing, paid)]
    return out


def hires(state: VascoState, seat: int) -> list[Step]:
    coins = state.seats[seat].coins - action_cost(state, state.called)
    colours = load_data().sailor_colours
    captain_options = [False, True] if state.captain_supply[seat] > 0 else [False]
    out: list[Step] = [Hire(captain=True)] if True in captain_options else []
    out.append(Hire())
    for s in range(state.players):
        here = Counter(state.sections[s])
        ranges = [range(here[c] + 1) for c in colours]
        for counts in product(*ranges):
            if not any(counts):
                continue
            sailors = tuple(c for c, n in zip(colours, counts, strict=True) for _ in range(n))
            for captain in captain_options:
                move = Hire(section=s + 1, sailors=sailors, captain=captain)
                if actions.hire_price(move) <= coins:
                    out.append(move)
    return out


def buys(state: VascoState, seat: int) -> list[Step]:
    coins = state.seats[seat].coins - action_cost(state, state.called)
    price = load_data().projects.price
    shown = [i + 1 for i, t in enumerate(state.display) if t is not None]
    out: list[Step] = []
    if price[1] <= coins:
        out += [Buy(tiles=(p,)) for p in shown]
    if price[2] <= coins:
        out += [Buy(tiles=pair) for pair in combinations(shown, 2)]
    if state.san_gabriel and load_data().tiles[state.san_gabriel].crew <= coins:
        out.append(Buy(san_gabriel=True))
    return out


def characters(state: VascoState, seat: int) -> list[Step]:
    out: list[Step] = [Coins(space=i + 1) for i, c in enumerate(state.coin_spaces) if c > 0]
    for who in load_data().characters.order:
        if who in state.blocked:
            continue
        if who == "manuel" and actions.manuel_places(state, seat):
            out += [Character(who="manuel", number=n, area=a, slot=s)
                    for n in state.manuel_numbers for a, s in empty_open_slots(state)]
        elif who == "sernigi" and actions.sernigi_ship(state):
            out.append(Character(who="sernigi", later=True))
            out += [Character(who="sernigi", landing=landing, slot=slot, bonus=b)
                    for landing, slot in merchant_slots(state)
                    for b in _with_bonus(state, landing)]
        else:
            out.append(Character(who=who))  # type: ignore[arg-type]
    return out


def launches(state: VascoState, seat: int) -> list[Step]:
    player = state.seats[seat]
    if not player.projects:
        return []
    have = crew_available(player)
    tiles = load_data().tiles
    out: list[Step] = []
    for tile in player.projects:
        need = tiles[tile].crew
        if need <= len(have):
            out += [Launch(tile=tile, colours=combo) for combo in combinations(have, need)]
    return out
