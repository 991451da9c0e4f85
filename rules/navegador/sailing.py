"""The Sail action and exploration (spec §7.7).

A sail is given as legs. Each ship may cross up to R borders in the whole sail (R by
phase); ``SailOrders.reach`` remembers what each ship has left. Entering an unexplored
region is an exploration: at least loss + 1 ships enter together, the loss returns to the
supply, the explorer disk is taken, the stack is turned face up and the lowest value paid.
At most one exploration per sail, and one ship must stay in the region just explored.

The stay rule is judged when the sail ends (``check_end``), not leg by leg, so the order
of the legs does not matter. So that a sail given leg by leg can always end legally, a leg
is refused if afterwards no ship could get back to an empty explored region
(``check_leg``); a sail that ends with a ship there never breaks that, whatever the order.
"""

from __future__ import annotations

from rules.contract import Event
from rules.errors import IllegalMoveError
from rules.navegador.actions import cr, plural
from rules.navegador.data import ROMAN, load_data
from rules.navegador.ending import trigger_end
from rules.navegador.moves import Leg, Path
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
    """Validate a leg; returns (destination, is_exploration, ships entering). Only reads."""
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
        _move(pools, path, length)
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
    if not exploring and orders.explored and not _can_map(state, orders.explored, pools):
        raise IllegalMoveError(
            f"At least one ship must stay in {region_name(orders.explored)} to map it, and "
            "after this order none of your ships could sail back there this Sail."
        )
    return dest, exploring, entering


def _move(pools: dict[str, list[int]], path: Path, length: int) -> None:
    """Move ``path.count`` ships' remaining ranges from origin to destination in ``pools``."""
    moved = _take(pools.setdefault(path.origin, []), path.count, length)
    pools.setdefault(path.dest, []).extend(r - length for r in moved)


def keeps_mapping(state: NavegadorState, orders: SailOrders, leg: Leg) -> bool:
    """After this (otherwise legal, non-exploring) leg, the explored region can still be
    mapped. What ``check_leg`` asks, cheaply, for listing legal legs."""
    if orders.explored is None:
        return True
    pools = {r: list(v) for r, v in orders.reach.items()}
    for path in leg.paths:
        length = route_length(state, path.origin, path.dest)
        if length is None:
            return True          # refused for another reason; not this rule's business
        _move(pools, path, length)
    return _can_map(state, orders.explored, pools)


def _can_map(state: NavegadorState, region: str, pools: dict[str, list[int]]) -> bool:
    """A ship is in ``region``, or one still has the range to sail there."""
    return _rescuer(state, region, pools) is not None


def _rescuer(state: NavegadorState, region: str, pools: dict[str, list[int]]) -> str | None:
    """Where the nearest ship able to end the sail in ``region`` is (``region`` itself when
    one is already there); None when there is none."""
    if pools.get(region):
        return region
    for origin, reach in sorted(pools.items()):
        dist = route_length(state, origin, region)
        if reach and dist is not None and max(reach) >= dist:
            return origin
    return None


def check_end(state: NavegadorState, orders: SailOrders) -> None:
    """The stay-to-map rule, judged when the sail ends: one ship is in the explored region."""
    region = orders.explored
    if region is None or orders.reach.get(region):
        return
    origin = _rescuer(state, region, orders.reach)
    hint = f" Sail one there before the sail ends, e.g. `{origin}>{region}`." if origin else ""
    raise IllegalMoveError(
        f"At least one ship must stay in {region_name(region)} to map it.{hint}"
    )


def can_end(state: NavegadorState, orders: SailOrders) -> bool:
    return orders.explored is None or bool(orders.reach.get(orders.explored))


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
