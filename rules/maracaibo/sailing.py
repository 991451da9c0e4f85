"""Phase A (spec §2, §3; seed 4-①): 7 movement points, at least one location, along the
one-way arrows, choosing at forks; a red hand ends the move at once. Passing one of your
own assistants pays 2 VP."""

from __future__ import annotations

from rules.contract import Event
from rules.maracaibo.actions import fail, settle_figures
from rules.maracaibo.data import load_data
from rules.maracaibo.effects import movement_points, plural, push
from rules.maracaibo.moves import Sail
from rules.maracaibo.state import MaracaiboState

Key = tuple[str, str]


def in_play(state: MaracaiboState, loc: str) -> bool:
    rounds = load_data().loc[loc].rounds
    return not rounds or state.round in rounds


def paths(state: MaracaiboState, seat: int) -> dict[str, list[tuple[str, ...]]]:
    """destination -> every path there within the movement points (the stop last)."""
    data = load_data()
    p = state.seats[seat]
    budget = movement_points(p)
    out: dict[str, list[tuple[str, ...]]] = {}
    stack: list[tuple[str, tuple[str, ...]]] = [(p.ship, ())]
    while stack:
        node, path = stack.pop()
        for nxt in data.loc[node].next:
            if not in_play(state, nxt):
                continue
            step = (*path, nxt)
            out.setdefault(nxt, []).append(step)
            if not data.loc[nxt].red_hand and len(step) < budget:
                stack.append((nxt, step))
    return out


def via_of(path: tuple[str, ...], others: list[tuple[str, ...]]) -> str:
    """The first location where this path parts from the other paths to the same place."""
    for i, loc in enumerate(path):
        if any(len(o) <= i or o[i] != loc for o in others if o != path):
            return loc
    return path[0]


def routes(state: MaracaiboState, seat: int) -> dict[Key, tuple[str, ...]]:
    """(destination, via) -> path; ``via`` is '' unless two paths lead there."""
    out: dict[Key, tuple[str, ...]] = {}
    for dest, found in paths(state, seat).items():
        if len(found) == 1:
            out[(dest, "")] = found[0]
        else:
            for path in found:
                out[(dest, via_of(path, found))] = path
    return out


def check_sail(state: MaracaiboState, seat: int, move: Sail) -> None:
    data = load_data()
    if state.step != "sail" or seat != state.current:
        fail("You sail at the start of your turn (phase A), once.")
    if state.decision is not None:
        fail("First answer what the last effect asks (see the prompt).")
    if move.dest not in data.loc:
        fail(f"There is no location {move.dest!r} on the route (0-19, 20, 21a, 21b, 22).")
    found = routes(state, seat)
    if (move.dest, move.via) in found:
        return
    p = state.seats[seat]
    here = data.loc[p.ship].name
    vias = [v for d, v in found if d == move.dest]
    if vias:
        fail(f"Two ways lead to {move.dest}: say which, e.g. `sail {move.dest} via {vias[0]}`.")
    reach = sorted({d for d, _ in found}, key=lambda d: list(data.loc).index(d))
    fail(f"From {here} your ship can reach {', '.join(reach)} this turn "
         f"({movement_points(p)} movement points, arrows only, red hands stop you); "
         f"not {data.loc[move.dest].name}.")


def do_sail(state: MaracaiboState, seat: int, move: Sail, events: list[Event]) -> None:
    data = load_data()
    p = state.seats[seat]
    path = routes(state, seat)[(move.dest, move.via)]
    t = state.t
    t.start, t.path, t.mp = p.ship, list(path), len(path)
    start = data.loc[p.ship].name
    p.ship = move.dest
    for loc in path:
        if loc not in p.reached:
            p.reached.append(loc)
    dest = data.loc[move.dest]
    events.append(Event(kind="sail", seat=seat,
                        text=f"sails from {start} to {dest.name} ({plural(len(path), 'step')})"))
    for loc in path[:-1]:
        settle_figures(state, seat, loc, events, "passed")
    if dest.arrive:
        t.main = "homeward"
        t.main_done = True
        push(state, seat, dest.arrive, dest.name)
    state.step = "main"
