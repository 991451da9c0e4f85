"""Checks that hold after every move of every Vasco da Gama game (random play runs them)."""

from __future__ import annotations

from collections import Counter

from rules.fuzz import InvariantError
from rules.vasco.board import switch
from rules.vasco.data import load_data
from rules.vasco.ships import slot_allows
from rules.vasco.state import VascoState


def check(state: VascoState) -> None:  # noqa: C901 - a flat list of checks reads best
    data = load_data()
    problems: list[str] = []
    for seat, p in enumerate(state.seats):
        who = f"seat {seat + 1}"
        if p.coins < 0:
            problems.append(f"{who} has {p.coins} coins")
        if p.vp < 0:
            problems.append(f"{who} has {p.vp} VP")
        if any(n < 0 for n in p.sailors.values()) or p.missionaries < 0 or p.captains < 0:
            problems.append(f"{who} has a negative supply")
        if not 0 <= p.discs <= data.action_discs:
            problems.append(f"{who} has {p.discs} discs")
        on_board = sum(1 for slots in state.landings.values() for s in slots
                       if s is not None and s.owner == seat)
        captains = p.captains + state.captain_supply[seat] + on_board
        if captains != data.captains_per_player:
            problems.append(f"{who} captains: {captains} accounted for")
    # sailors: bag + sections + supplies
    for colour in data.sailor_colours:
        total = state.bag.get(colour, 0) + sum(s.count(colour) for s in state.sections) + \
            sum(p.sailors[colour] for p in state.seats)
        if total != data.sailors_per_colour or state.bag.get(colour, 0) < 0:
            problems.append(f"{colour} sailors: {total} accounted for")
    missionaries = state.missionaries + sum(p.missionaries for p in state.seats)
    if missionaries != data.missionaries:
        problems.append(f"missionaries: {missionaries} accounted for")
    for i, section in enumerate(state.sections):
        if len(section) > data.recruit.section_size or (i >= state.players and section):
            problems.append(f"section {i + 1} holds {len(section)} sailors")
    # every tile exactly once
    seen = Counter[str]()
    for stack in state.stacks.values():
        seen.update(stack)
    seen.update(t for t in state.display if t)
    if state.san_gabriel:
        seen[state.san_gabriel] += 1
    for p in state.seats:
        seen.update(p.projects)
        seen.update(p.ships)
    seen.update(s.tile for slots in state.landings.values() for s in slots if s)
    seen.update(state.removed)
    seen.update(state.merchants)
    expected = Counter([t.id for t in data.projects.tiles] + data.merchant_ids)
    if seen != expected:
        problems.append(f"tiles out of step: {sorted((seen - expected) + (expected - seen))}")
    # the navigation board
    arrows = switch(state, "arrow_rule_on_advance")
    for info in data.landings:
        for i, ship in enumerate(state.landings[info.key]):
            if ship is not None and not slot_allows(info, i + 1, ship.strength,
                                                    ship.owner is None, arrows):
                problems.append(f"{ship.tile} may not be on {info.key}-{i + 1}")
    # discs and numbers
    numbers = [d.number for slots in state.slots.values() for d in slots if d]
    if len(numbers) != len(set(numbers)):
        problems.append(f"a number is on two discs: {sorted(numbers)}")
    for area in data.areas:
        for i, disc in enumerate(state.slots[area.key]):
            if disc is not None and area.slots[i] > state.players:
                problems.append(f"a disc on {area.key}-{i + 1}, closed for {state.players}")
    if state.phase == "place" and set(numbers) & set(state.numbers):
        problems.append("a placed number is also in the number zone")
    if not data.numbers.free_min <= state.free <= data.numbers.free_max and \
            state.phase != "setup":
        problems.append(f"free-action marker at {state.free}")
    if state.round > data.rounds:
        problems.append(f"round {state.round}")
    if problems:
        raise InvariantError("; ".join(problems))
