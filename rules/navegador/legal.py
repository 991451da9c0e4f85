"""Every legal decision right now, one step at a time.

A Sail is listed leg by leg and a rondel move separately from its action, so each list
stays small even with a fleet spread over the map.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement, product

from rules.navegador import actions
from rules.navegador.data import GOODS, load_data
from rules.navegador.moves import (
    Build,
    CardSail,
    Colony,
    Done,
    King,
    Leg,
    Market,
    Path,
    Privilege,
    Process,
    Rondel,
    Skip,
    Step,
    Units,
)
from rules.navegador.sailing import can_end, keeps_mapping
from rules.navegador.scoring import free_slots
from rules.navegador.sea import neighbours, open_distances, ships_needed_to_explore
from rules.navegador.state import NavegadorState
from rules.navegador.turn import card_usable, current_action, rondel_cost, to_act


def legal_steps(state: NavegadorState, seat: int) -> list[Step]:
    if seat not in to_act(state):
        return []
    if state.step == "king":
        sheet = state.sheets[seat]
        return [King(column=c.key) for c in load_data().privileges if free_slots(sheet, c.key) > 0]
    if state.step == "start":
        moves: list[Step] = [CardSail()] if card_usable(state, seat) else []
        if seat == state.current:
            moves += rondel_moves(state, seat)
        return moves
    if state.step in ("sail", "card_sail"):
        assert state.sail is not None
        return [*sail_legs(state, seat), *([Done()] if can_end(state, state.sail) else [])]
    return [*action_moves(state, seat, current_action(state) or ""), Skip()]


def rondel_moves(state: NavegadorState, seat: int) -> list[Step]:
    data = load_data()
    sheet = state.sheets[seat]
    regions = sorted(r for r, n in sheet.ships.items() if n)
    moves: list[Step] = []
    for space, info in enumerate(data.rondel):
        cost = rondel_cost(sheet.stone, space)
        if cost > sheet.ships_on_board:
            continue
        for pay in combinations_with_replacement(regions, cost):
            if all(pay.count(r) <= sheet.ships[r] for r in set(pay)):
                moves.append(Rondel(space=space, key=info.key, pay=pay))
    return moves


def action_moves(state: NavegadorState, seat: int, action: str) -> list[Step]:
    return {
        "workers": lambda: unit_moves(state, seat, "workers"),
        "ships": lambda: unit_moves(state, seat, "ships"),
        "colony": lambda: colony_moves(state, seat),
        "build": lambda: build_moves(state, seat),
        "market": lambda: market_moves(state, seat),
        "privilege": lambda: privilege_moves(state, seat),
    }.get(action, list)()


def unit_moves(state: NavegadorState, seat: int, what: str) -> list[Step]:
    sheet = state.sheets[seat]
    moves: list[Step] = []
    count = 1
    while actions.unit_cost(state, sheet, what, count) <= sheet.cash:
        moves.append(Units(what=what, count=count))  # type: ignore[arg-type]
        count += 1
    return moves


def colony_moves(state: NavegadorState, seat: int) -> list[Step]:
    data = load_data()
    sheet = state.sheets[seat]
    limit = sheet.workers // data.colonies.workers_per_colony
    options = []
    for region, sea in sorted(state.regions.items()):
        if sea.revealed and sea.tokens and sheet.ships.get(region, 0):
            most = min(len(sea.tokens), sheet.ships[region] // data.colonies.ships_per_colony)
            options.append((region, most))
    moves: list[Step] = []
    _grow_colonies(state, sheet.cash, limit, options, 0, (), moves)
    return moves


def _grow_colonies(state: NavegadorState, cash: int, limit: int,
                   options: list[tuple[str, int]], i: int, chosen: tuple[str, ...],
                   moves: list[Step]) -> None:
    """Every affordable choice of colonies from ``options[i:]`` (region, most there) added
    to ``chosen``. (A function of its own, not a closure calling itself: such a closure is
    a reference cycle that kept the state alive until the garbage collector came by.)"""
    if i == len(options):
        if chosen and actions.colony_cost(state, chosen) <= cash:
            moves.append(Colony(regions=chosen))
        return
    region, most = options[i]
    for n in range(0, most + 1):
        picked = chosen + (region,) * n
        if len(picked) > limit or actions.colony_cost(state, picked) > cash:
            break
        _grow_colonies(state, cash, limit, options, i + 1, picked, moves)


def build_moves(state: NavegadorState, seat: int) -> list[Step]:
    data = load_data()
    sheet = state.sheets[seat]
    keys = [row.key for row in data.buildings]
    cheapest = min(row.workers for row in data.buildings)
    moves: list[Step] = []
    for size in range(1, sheet.workers // cheapest + 1):
        for rows in combinations_with_replacement(keys, size):
            if sum(data.row(k).workers for k in rows) > sheet.workers:
                continue
            if any(actions.pieces_left(state, k) < rows.count(k) for k in set(rows)):
                continue
            if actions.build_cost(state, rows) <= sheet.cash:
                moves.append(Build(rows=rows))
    return moves


def market_moves(state: NavegadorState, seat: int) -> list[Step]:
    sheet = state.sheets[seat]
    return list(_market_moves(tuple(bool(sheet.colony_count(good)) for good in GOODS),
                              tuple(sheet.factories[good] for good in GOODS), sheet.orange))


@lru_cache(maxsize=1024)
def _market_moves(colonies: tuple[bool, ...], factories: tuple[int, ...],
                  orange: int) -> tuple[Step, ...]:
    """Every market action a sheet allows — what it sells (goods it has colonies of) and
    processes (goods it has factories for, oranges spread as it can) — which depends on
    nothing else: worked out once per kind of sheet, for every turn panel and every
    position a computer looks at. The moves are frozen, so sharing them is safe."""
    per_good: list[list[tuple[str, int] | None]] = []
    for has_colony, factory in zip(colonies, factories, strict=True):
        choices: list[tuple[str, int] | None] = [None]
        if has_colony:
            choices.append(("sell", 0))
        for extra in range(0, orange + 1):
            if factory + extra > 0:
                choices.append(("process", extra))
        per_good.append(choices)
    moves: list[Step] = []
    for combo in product(*per_good):
        if all(c is None for c in combo):
            continue
        if sum(c[1] for c in combo if c and c[0] == "process") > orange:
            continue
        sell = tuple(g for g, c in zip(GOODS, combo, strict=True) if c and c[0] == "sell")
        process = tuple(Process(good=g, orange=c[1])
                        for g, c in zip(GOODS, combo, strict=True) if c and c[0] == "process")
        moves.append(Market(sell=sell, process=process))
    return tuple(moves)


def privilege_moves(state: NavegadorState, seat: int) -> list[Step]:
    moves: list[Step] = []
    for col in load_data().privileges:
        try:
            actions.check_privilege(state, seat, Privilege(column=col.key))
        except ValueError:
            continue
        moves.append(Privilege(column=col.key))
    return moves


def sail_legs(state: NavegadorState, seat: int) -> list[Step]:
    orders = state.sail
    assert orders is not None
    adj = neighbours()
    legs: list[Step] = []
    explore_from: dict[str, dict[str, int]] = {}   # unexplored dest -> origin -> ships able
    for origin, reach in sorted(orders.reach.items()):
        if not reach or max(reach) < 1:
            continue
        dist = open_distances(state, origin)
        for dest, d in sorted(dist.items()):
            if d == 0:
                continue
            able = sum(1 for r in reach if r >= d)
            for c in range(1, able + 1):
                leg = Leg(paths=(Path(origin=origin, dest=dest, count=c),))
                if keeps_mapping(state, orders, leg):
                    legs.append(leg)
        if orders.explored:
            continue
        for here, d in dist.items():
            for there in adj[here]:
                if state.regions[there].explorer:
                    able = sum(1 for r in reach if r >= d + 1)
                    if able:
                        best = explore_from.setdefault(there, {})
                        best[origin] = max(best.get(origin, 0), able)
    for dest, origins in sorted(explore_from.items()):
        need = ships_needed_to_explore(state, dest)
        names = sorted(origins)
        for counts in product(*(range(0, origins[o] + 1) for o in names)):
            if sum(counts) < need:
                continue
            paths = tuple(Path(origin=o, dest=dest, count=c)
                          for o, c in zip(names, counts, strict=True) if c)
            legs.append(Leg(paths=paths))
    return legs
