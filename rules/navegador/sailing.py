"""The Sail action and exploration (spec §7.7).

A sail is given as legs. Each ship may cross up to R borders in the whole sail (R by
phase); ``SailOrders.reach`` remembers what each ship has left. Entering an unexplored
region is an exploration: at least loss + 1 ships enter together, the loss returns to the
supply, the explorer disk is taken, the stack is turned face up and the lowest value paid.
At most one exploration per sail, and one ship must stay in the region just explored.
"""

from __future__ import annotations

from rules.contract import Event
from rules.errors import IllegalMoveError
from rules.navegador.actions import cr, plural
from rules.navegador.data import ROMAN, load_data
from rules.navegador.ending import trigger_end
from rules.navegador.moves import Leg
from rules.navegador.sea import exploration_loss, region_name, route_length
from rules.navegador.state import NavegadorState, SailOrders


def start_sail(state: NavegadorState, seat: int, card: bool) -> SailOrders:
    reach = load_data().phases.sail_range[state.phase - 1]
    ships = state.sheets[seat].ships
    return SailOrders(
        card=card, sailor=seat,
        reach={region: [reach] * n for region, n in ships.items() if n > 0},
    )


def _take(pool: list[int], count: int, need: int) -> list[int]:
    """Pick ``count`` ships with at least ``need`` borders left, using the least-ranged
    that suffice so the farther-ranged stay free for later legs. Mutates ``pool``."""
    fit = sorted(r for r in pool if r >= need)
    chosen = fit[:count]
    for r in chosen:
        pool.remove(r)
    return chosen


def check_leg(state: NavegadorState, orders: SailOrders, leg: Leg) -> tuple[str, bool, int]:
    """Validate a leg; returns (destination, is_exploration, ships entering)."""
    if not leg.paths:
        raise IllegalMoveError("Give a route such as `POR>GUI x2`.")
    dests = {p.dest for p in leg.paths}
    if len(dests) != 1:
        raise IllegalMoveError(
            "Sail each route as its own order, separated by commas; join routes with `+` "
            "only when they enter the same unexplored region together."
        )
    dest = dests.pop()
    exploring = state.regions[dest].explorer
    pools = {r: list(v) for r, v in orders.reach.items()}
    entering = 0
    for path in leg.paths:
        if path.count < 1:
            raise IllegalMoveError("Each route needs at least one ship.")
        if path.origin == path.dest:
            raise IllegalMoveError(f"Your ships are already in {region_name(path.dest)}.")
        length = route_length(state, path.origin, path.dest)
        if length is None:
            raise IllegalMoveError(
                f"No open route from {region_name(path.origin)} to {region_name(path.dest)}: "
                "ships may not pass through unexplored water."
            )
        pool = pools.get(path.origin, [])
        if not pool:
            raise IllegalMoveError(f"You have no ship in {region_name(path.origin)} that can sail.")
        ready = [r for r in pool if r >= length]
        if len(ready) < path.count:
            rng = load_data().phases.sail_range[state.phase - 1]
            raise IllegalMoveError(
                f"{region_name(path.origin)} to {region_name(path.dest)} is "
                f"{plural(length, 'border')}; "
                f"you have {plural(len(ready), 'ship')} there able to go that far "
                f"(each ship crosses up to {rng} per Sail in phase {ROMAN[state.phase]})."
            )
        _take(pool, path.count, length)
        entering += path.count
    if exploring:
        if orders.explored:
            raise IllegalMoveError(
                f"You already explored {region_name(orders.explored)} in this sail; "
                "only one region may be explored per Sail action."
            )
        need = exploration_loss(state, dest) + load_data().exploration.min_extra_ships
        if entering < need:
            raise IllegalMoveError(
                f"{region_name(dest)} is unexplored: at least {need} of your ships must enter it "
                f"together ({plural(exploration_loss(state, dest), 'ship')} will be lost)."
            )
    elif len(leg.paths) > 1:
        raise IllegalMoveError("Join routes with `+` only to explore a region together.")
    return dest, exploring, entering


def sail_leg(state: NavegadorState, seat: int, leg: Leg) -> list[Event]:
    orders = state.sail
    assert orders is not None
    dest, exploring, _ = check_leg(state, orders, leg)
    sheet = state.sheets[seat]
    arriving: list[int] = []
    for path in leg.paths:
        length = route_length(state, path.origin, path.dest)
        assert length is not None
        moved = _take(orders.reach[path.origin], path.count, length)
        if not orders.reach[path.origin]:
            del orders.reach[path.origin]
        sheet.ships[path.origin] -= path.count
        if not sheet.ships[path.origin]:
            del sheet.ships[path.origin]
        arriving += [r - length for r in moved]
    # The stay-to-map rule: ships may leave the region explored this sail only if one stays.
    if orders.explored and orders.explored in {p.origin for p in leg.paths} and \
            sheet.ships.get(orders.explored, 0) < 1:
        raise IllegalMoveError(
            f"At least one ship must stay in {region_name(orders.explored)} to map it."
        )
    events: list[Event] = []
    if exploring:
        loss = exploration_loss(state, dest)
        arriving.sort()
        arriving = arriving[loss:]             # the least-ranged ships are the ones lost
        sheet.supply += loss
        events += explore(state, seat, dest, loss)
        orders.explored = dest
    if arriving:
        sheet.ships[dest] = sheet.ships.get(dest, 0) + len(arriving)
        orders.reach[dest] = sorted(orders.reach.get(dest, []) + arriving, reverse=True)
    orders.moved.append(str(leg))
    for path in leg.paths:
        events.insert(0, Event(kind="sail", seat=seat,
                               text=f"sailed {plural(path.count, 'ship')} "
                                    f"{region_name(path.origin)} → {region_name(path.dest)}",
                               data={"from": path.origin, "to": path.dest, "count": path.count}))
    return events


def explore(state: NavegadorState, seat: int, region: str, loss: int) -> list[Event]:
    data = load_data()
    info = data.region(region)
    sea = state.regions[region]
    sheet = state.sheets[seat]
    sea.explorer = False
    sea.revealed = True
    sheet.explorers += 1
    reward = min(sea.tokens) if sea.tokens else 0
    sheet.cash += reward
    values = "/".join(str(v) for v in sorted(sea.tokens))
    text = (f"explored {info.name}: lost {plural(loss, 'ship')}, took the explorer disk, "
            f"revealed {info.good} colonies {values} and received {cr(reward)}")
    if info.phase_trigger and info.phase_trigger > state.phase:
        state.pending_phase = max(state.pending_phase or 0, info.phase_trigger)
    events = [Event(kind="explore", seat=seat, text=text, reveals=True,
                    data={"region": region, "loss": loss, "reward": reward,
                          "tokens": sorted(sea.tokens)})]
    if info.ends_game:
        events += trigger_end(state, seat, f"{info.name} has been explored")
    return events
